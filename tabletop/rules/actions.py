"""What a player asks for (``ActionRequest``) and what the rules did (``ActionResult``).

Both are plain data that serialise to the JSON of interfaces.md section 3, so the command
line, the log, replay and the GUI all speak the same vocabulary.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop.model import Pending

ACTIONS = (
    "draw", "end-impulse", "end-phase", "end-turn", "move", "run", "fire", "moving-fire",
    "opportunity-fire", "pass", "assault", "overrun", "rally", "mode", "load", "unload",
    "dig-in", "close-combat", "morale-test", "lay-mines", "clear-mines", "suppress",
    "air-strike",
)  # fmt: skip


class IllegalAction(ValueError):
    """The action is not allowed now; ``reasons`` are plain sentences for the player."""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = reasons


@dataclass(frozen=True)
class ActionRequest:
    """One game action as the player states it. Hexes are labels, as typed or clicked."""

    action: str
    units: tuple[str, ...] = ()
    target: str | None = None
    to: tuple[str, ...] = ()
    weapon: str | None = None
    sw_target: str | None = None
    sw_weapon: str | None = None
    formation: str | None = None
    hex: str | None = None
    kind: str | None = None
    mode: str | None = None
    maneuver: bool = False
    cont: bool = False
    targets: tuple[tuple[str, str], ...] = ()
    leave: tuple[str, ...] = ()
    side: str | None = None

    @property
    def unit(self) -> str | None:
        return self.units[0] if self.units else None

    def to_dict(self) -> dict[str, Any]:
        """Only the fields that are set, with lists for tuples (the log's form)."""
        out: dict[str, Any] = {}
        for key, value in asdict(self).items():
            if key == "action" or value in (None, False, (), []):
                continue
            if key == "targets":
                value = [list(pair) for pair in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[key] = value
        return out

    @classmethod
    def from_dict(cls, action: str, args: dict[str, Any]) -> ActionRequest:
        kw: dict[str, Any] = {}
        for key, value in args.items():
            if key == "targets":
                kw[key] = tuple((str(a), str(b)) for a, b in value)
            elif isinstance(value, list):
                kw[key] = tuple(str(v) for v in value)
            else:
                kw[key] = value
        return cls(action=action, **kw)


@dataclass
class Roll:
    """One recorded roll: who rolled, for what, what it needed, the faces."""

    by: str
    purpose: str
    need: str
    dice: list[int]
    successes: int

    def to_json(self) -> dict[str, Any]:
        return {
            "by": self.by,
            "for": self.purpose,
            "need": self.need,
            "dice": list(self.dice),
            "successes": self.successes,
        }


@dataclass
class Event:
    """Something the rules did: ``disrupted``, ``reduced``, ``marker_placed``, ...

    ``unit`` or ``hex`` (a label) says what it is about; ``data`` holds the rest
    (``marker``, ``from``, ``to``, ...), flattened into the JSON object.
    """

    event: str
    unit: str | None = None
    hex: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    after_rolls: int | None = field(default=None, compare=False, repr=False)
    """How many of the result's rolls were made before it (``ActionResult.event`` sets it),
    so that the log tells the rolls and events in the order they happened (a morale test
    after the losses it follows); not part of the JSON."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.event}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.hex is not None:
            out["hex"] = self.hex
        out.update(self.data)
        return out


@dataclass
class ActionResult:
    action: str
    legal: bool = True
    reasons: list[str] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    net_hits: int | None = None
    touched: list[str] = field(default_factory=list)
    """Ids of every unit the action touched, in the order first touched."""
    pending: Pending | None = None
    """The decision the game waits for after the action (a paused move), if any."""
    extra: dict[str, Any] = field(default_factory=dict)

    def touch(self, unit_id: str) -> None:
        if unit_id not in self.touched:
            self.touched.append(unit_id)

    def event(self, name: str, *, unit: str | None = None, hex: str | None = None,
              **data: Any) -> Event:  # fmt: skip
        ev = Event(name, unit, hex, dict(data), after_rolls=len(self.rolls))
        self.events.append(ev)
        if unit is not None:
            self.touch(unit)
        return ev

    def dice_used(self) -> list[int]:
        return [face for roll in self.rolls for face in roll.dice]
