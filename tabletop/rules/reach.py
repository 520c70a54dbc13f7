"""Where a unit can go, for both rulesets: the search and the report of ``tabletop reach``
(``Ruleset.reach``).

The report's plain values sit below the engine's ``Ruleset`` protocol and
``tabletop.rules.query`` that both name them. The search (:func:`cheapest_paths`, Dijkstra)
and the hexes next to the reach a move cannot enter (:func:`blocked_hexes`) ask the
ruleset the three questions of :class:`MoveRules` for the unit that moves: what one step
costs or why it may not be made, whether a move stops in a hex, and why a move may not end
in one. Each ruleset answers them in its own package (``platoon.reach.PlatoonMove``,
``squad.options.SquadMove``).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.hexgrid import Hex
from tabletop.model import HexMap

__all__ = [
    "BlockedHex", "MoveRules", "Reach", "ReachHex", "ReachReport", "blocked_hexes", "by_cost",
    "cheapest_paths", "reach_report",
]  # fmt: skip


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


# --- the search -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reach:
    """A hex a move can end in: the least MP it costs and a path of that cost."""

    cost: int
    path: tuple[Hex, ...]


class MoveRules(Protocol):
    """A ruleset's word on one unit's move, for :func:`cheapest_paths` and
    :func:`blocked_hexes` (each ruleset answers for its own unit)."""

    def step(self, frm: Hex, to: Hex) -> tuple[int | None, Sequence[str]]:
        """The MP entering the adjacent ``to`` from ``frm`` costs, or None and why not."""
        ...

    def stops(self, h: Hex) -> bool:
        """A move goes no further once it enters ``h`` (never asked of the start)."""
        ...

    def stacking(self, h: Hex) -> Sequence[str]:
        """Why no move may end in ``h`` (it may still pass through); empty when it may."""
        ...


# A ``MoveRules`` may also answer ``last(frm, to) -> bool``: the part of a step's legality
# that is dearer to decide than its cost (a Disrupted unit's sight lines); the search then
# asks it only of a step within the budget that would improve on the best cost so far, and
# ``step`` leaves it out (``blocked_hexes`` asks ``step`` alone, which must then include it).


def cheapest_paths(
    hex_map: HexMap, start: Hex, budget: int, rules: MoveRules, *, least_path_first: bool = False
) -> dict[Hex, Reach]:
    """Every hex a move from ``start`` of at most ``budget`` MP can end in, with the least
    MP and a path of that cost (the start not included): Dijkstra over the steps
    ``rules`` allow, going no further from a hex where the move stops, keeping only the
    hexes the stacking allows a move to end in. Of two paths of equal cost the one found
    first is kept; ``least_path_first`` takes the hexes of equal cost in the order of their
    paths (squad), else in hex order (platoon)."""
    best: dict[Hex, int] = {start: 0}
    came: dict[Hex, Hex] = {}  # (the paths by their last steps)
    paths: dict[Hex, tuple[Hex, ...]] = {start: ()}  # (whole, with least_path_first only)
    queue: list[tuple[int, tuple[Hex, ...] | tuple[int, int], Hex]] = [(0, (), start)]
    step, stops, neighbors = rules.step, rules.stops, hex_map.neighbors
    last: Callable[[Hex, Hex], bool] | None = getattr(rules, "last", None)
    while queue:
        spent, _, h = heapq.heappop(queue)
        if spent > best[h] or (h != start and stops(h)):
            continue
        for n in neighbors(h):
            cost, _ = step(h, n)
            if cost is None:
                continue
            total = spent + cost
            if total <= budget and total < best.get(n, budget + 1):
                if last is not None and not last(h, n):
                    continue
                best[n] = total
                if least_path_first:
                    path = paths[n] = (*paths[h], n)
                    heapq.heappush(queue, (total, path, n))
                else:  # (in hex order: its coordinates, compared without Hex.__lt__)
                    came[n] = h
                    heapq.heappush(queue, (total, (n.q, n.r), n))
    del best[start]
    if not least_path_first:
        for h in best:  # (each path its last step's path and one hex more)
            _path(came, paths, h)
    return {h: Reach(c, paths[h]) for h, c in best.items() if not rules.stacking(h)}


def _path(came: dict[Hex, Hex], paths: dict[Hex, tuple[Hex, ...]], end: Hex) -> tuple[Hex, ...]:
    """The path to ``end`` by its last steps (``came``), each path made once (``paths``,
    the start's empty one included)."""
    chain = []
    h = end
    while h not in paths:
        chain.append(h)
        h = came[h]
    found = paths[h]
    for step in reversed(chain):
        found = paths[step] = (*found, step)
    return found


def by_cost(paths: dict[Hex, Reach]) -> list[tuple[Hex, Reach]]:
    """The reached hexes cheapest first (of equal cost, by path)."""
    return sorted(paths.items(), key=lambda item: (item[1].cost, item[1].path))


def blocked_hexes(
    hex_map: HexMap,
    start: Hex,
    costs: dict[Hex, int],
    budget: int,
    rules: MoveRules,
    label: Callable[[Hex], str],
) -> tuple[BlockedHex, ...]:
    """Each hex of the map next to the start or a reached hex (``costs``, the start's 0
    included) that no move can end in, in label order, with why: from its cheapest
    neighbour the move does not stop in, the step's own reasons, the MP it would need, or
    the stacking where the move would end."""
    frontier = {n for h in costs for n in hex_map.neighbors(h) if n not in costs}
    out: list[BlockedHex] = []
    for n in sorted(frontier, key=label):
        sources = [
            h for h in hex_map.neighbors(n) if h in costs and (h == start or not rules.stops(h))
        ]
        if not sources:
            continue
        here = min(sources, key=costs.__getitem__)
        step, reasons = rules.step(here, n)
        why = list(reasons)
        if step is not None and costs[here] + step > budget:
            left = budget - costs[here]
            why = [f"{label(n)} costs {step} MP from {label(here)}, where {left} of {budget} "
                   "are left"]  # fmt: skip
        elif step is not None:
            why = list(rules.stacking(n))
        if why:
            out.append(BlockedHex(label(n), tuple(why)))
    return tuple(out)


def reach_report(
    unit: str,
    start: Hex | None,
    budget: int,
    maneuver: bool,
    paths: dict[Hex, Reach],
    blocked: tuple[BlockedHex, ...],
    reasons: Sequence[str],
    label: Callable[[Hex], str],
) -> ReachReport:
    """The report of ``tabletop reach`` from a search's paths (listed cheapest first)."""
    listed = tuple(
        ReachHex(label(h), r.cost, tuple(label(p) for p in r.path)) for h, r in by_cost(paths)
    )
    where = None if start is None else label(start)
    return ReachReport(unit, where, budget, maneuver, listed, blocked, tuple(reasons))
