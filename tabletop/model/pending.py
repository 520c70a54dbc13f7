"""A decision the game waits for: a move paused for opportunity fire (rules 2.2).

``GameState.pending`` holds one :class:`Pending` (or None). It is frozen: a ruleset that
moves the decision on (a shot fired, a pass) puts a new value in its place
(``dataclasses.replace``), so a result that reported it keeps what it reported. Its kinds
are defined here, once:

- :data:`OPPORTUNITY_FIRE`: the mover waits in ``hex`` for ``opportunity-fire`` or
  ``pass`` by one of ``firers``;
- :data:`MOVE_PAUSED`: the fire was answered; the mover's side goes on with
  ``move --unit ID --continue`` along ``path_left``.

On disk (a saved game's ``pending:``) and in the JSON of ``act`` and ``show`` it is the
mapping of :meth:`Pending.to_dict`, keys in this order::

    {"kind": "opportunity_fire", "action": "move", "unit": ID, "hex": "0506",
     "firers": [...], "path_left": ["0507"], "mp_left": 3, "hexes": 2,
     "maneuver": false, "shots": 0, "request": {...the original request's arguments...}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["MOVE_PAUSED", "OPPORTUNITY_FIRE", "PENDING_KEYS", "PENDING_KINDS", "Pending"]

OPPORTUNITY_FIRE: Final = "opportunity_fire"
MOVE_PAUSED: Final = "move_paused"
PENDING_KINDS: Final = (OPPORTUNITY_FIRE, MOVE_PAUSED)
"""Every kind of decision a game may wait for."""


@dataclass(frozen=True)
class Pending:
    """A paused move: what it waits for (``kind``), whose (``unit``), where (``hex``), who
    may fire at it (``firers``, unit-id order), the path still to walk (``path_left``,
    hex labels), and what the walk keeps to go on: its ``action`` (``move``,
    ``moving-fire``, ``assault``, ...), the movement points left, hexes entered, whether
    it is a maneuver move, the opportunity attacks drawn in this hex (``shots``) and the
    arguments of the request that started it (``request``, the log's form; never changed
    in place)."""

    kind: str
    unit: str
    hex: str
    firers: tuple[str, ...] = ()
    path_left: tuple[str, ...] = ()
    action: str = "move"
    mp_left: int = 0
    hexes: int = 0
    maneuver: bool = False
    shots: int = 0
    request: Mapping[str, Any] = field(default_factory=dict)

    @property
    def opportunity_fire(self) -> bool:
        """The mover waits for opportunity fire or a pass."""
        return self.kind == OPPORTUNITY_FIRE

    @property
    def move_paused(self) -> bool:
        """The fire was answered: the move waits to be continued."""
        return self.kind == MOVE_PAUSED

    def to_dict(self) -> dict[str, Any]:
        """The saved game's and the JSON's form (lists for tuples, a copy of the request)."""
        return {
            "kind": self.kind,
            "action": self.action,
            "unit": self.unit,
            "hex": self.hex,
            "firers": list(self.firers),
            "path_left": list(self.path_left),
            "mp_left": self.mp_left,
            "hexes": self.hexes,
            "maneuver": self.maneuver,
            "shots": self.shots,
            "request": _plain(self.request),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Pending:
        """The inverse of :meth:`to_dict`; a key left out takes its default (the loader,
        ``tabletop.data.games``, has checked the values' types and references)."""
        return cls(
            kind=str(d["kind"]),
            unit=str(d["unit"]),
            hex=str(d["hex"]),
            firers=tuple(str(f) for f in d.get("firers") or ()),
            path_left=tuple(str(h) for h in d.get("path_left") or ()),
            action=str(d.get("action", "move")),
            mp_left=int(d.get("mp_left", 0)),
            hexes=int(d.get("hexes", 0)),
            maneuver=bool(d.get("maneuver", False)),
            shots=int(d.get("shots", 0)),
            request=_plain(d.get("request") or {}),
        )


PENDING_KEYS: Final = tuple(Pending.__dataclass_fields__)
"""The keys of a pending mapping (a saved game's ``pending:``)."""


def _plain(value: Any) -> Any:
    """A deep copy of JSON-like data (mappings to dicts, sequences to lists)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
