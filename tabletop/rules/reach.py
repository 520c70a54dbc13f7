"""Where a unit can go: the report of ``tabletop reach`` (``Ruleset.reach``).

Plain values, below the engine's ``Ruleset`` protocol and ``tabletop.rules.query`` that
both name them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["BlockedHex", "ReachHex", "ReachReport"]


@dataclass(frozen=True, slots=True)
class ReachHex:
    """A hex a move can end in: the least movement it costs and a path of that cost
    (the ``--to`` of ``move``)."""

    hex: str
    cost: int
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BlockedHex:
    """A hex next to the reach that the move cannot enter, with the reasons."""

    hex: str
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReachReport:
    """``tabletop reach``: where ``unit`` can move from ``hex`` with ``mp`` movement.

    ``reasons`` say why it may not move now at all (another formation's impulse, Ops
    Complete, ...); the hexes are still those of its next move, for planning."""

    unit: str
    hex: str | None
    mp: int
    maneuver: bool
    reach: tuple[ReachHex, ...]
    blocked: tuple[BlockedHex, ...]
    reasons: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "from": self.hex,
            "mp": self.mp,
            "maneuver": self.maneuver,
            "may_move": not self.reasons,
            "reasons": list(self.reasons),
            "reach": [{"hex": r.hex, "cost": r.cost, "path": list(r.path)} for r in self.reach],
            "blocked": [{"hex": b.hex, "reasons": list(b.reasons)} for b in self.blocked],
        }
