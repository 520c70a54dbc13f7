"""How good a position is for one side, in victory points (rules-spec 6).

The opponent's one currency is VP, the game's own: ``worth(view, side)`` is the side's VP
lead now (objectives held and the losses it has scored, ``rules.victory.count_vp``), plus
two smaller terms that foresee VP the count does not hold yet:

- pressure: every objective the side does not hold pulls its nearest unit that can take
  it (a unit on the map, not a support weapon, not eliminated) by ``PULL`` of its VP per
  hex of distance less than ``REACH``;
- condition: a Disrupted or Suppressed unit has lost ``SHAKEN`` of its worth for now
  (the side's own count against it, the enemy's for it);
- mines: a unit standing in a minefield of the enemy's that the side knows of loses
  ``MINED`` of its worth (the minefield's attack to come);
- exposure: every unit of the side seen by enemy units loses ``EXPOSED`` of its own worth
  for each enemy that sees it (a unit in an entrenchment or a bunker half as much): the
  expected price of the enemy's reply fire, which the opponent's next action cannot
  avoid once it stands there.

``Sight`` holds what the enemy sees, computed once per decision (one ``visible_from`` per
enemy unit), since the side's own action does not move the enemy. ``Worths`` gives the VP
the enemy scores for a unit's elimination, from the scenario's losses table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Status, UnitState
from tabletop.rules import LineOfSight, victory, viewpoint_of

PULL = 0.08
"""VP of an objective's worth per hex nearer to it (within ``REACH`` hexes)."""
REACH = 12
EXPOSED = 0.06
"""Share of a unit's worth lost for each enemy unit that sees it."""
SHAKEN = 0.3
"""Share of a unit's worth a Disrupted or Suppressed unit has lost for now (it may not
fire or move at its best): a loss for its side, a gain for the enemy."""
MINED = 0.3
"""Share of a unit's worth lost for standing in a known enemy minefield (its attack)."""
DUG_IN = ("entrenched", "bunker")
SHAKEN_STATUSES = (Status.DISRUPTED, Status.SUPPRESSED)
"""Markers that halve a unit's exposure."""


def lead(vp: dict[str, int], side: str) -> float:
    """The side's VP less the best of the others'."""
    others = [v for s, v in vp.items() if s != side]
    return float(vp.get(side, 0) - (max(others) if others else 0))


class Sight:
    """Where the enemies of ``side`` see, as the view stands (their units do not move while
    the side acts): how many enemy units see each hex."""

    def __init__(self, view: GameState, side: str, los: LineOfSight) -> None:
        self.side = side
        self.seen: dict[Hex, int] = {}
        markers = view.visible_markers(side)
        for enemy in view.enemies_of(side):
            if enemy.sw_of is not None or enemy.status != Status.GOOD_ORDER:
                continue  # a support weapon fires with its platoon; a shaken unit hardly
            for h in los.visible_from(viewpoint_of(view, enemy), markers):
                self.seen[h] = self.seen.get(h, 0) + 1

    def watchers(self, h: Hex | None) -> int:
        return 0 if h is None else self.seen.get(h, 0)


class Worths:
    """What each unit's elimination scores for its enemies, in VP (the scenario's losses
    table through the ruleset's own count, ``rules.victory.loss_vp``), asked once a unit."""

    def __init__(self, view: GameState) -> None:
        self.view = view
        self.known: dict[str, float] = {}
        self._base = victory.loss_vp(view)

    def __call__(self, unit: UnitState) -> float:
        found = self.known.get(unit.id)
        if found is None:
            unit = self.view.units[unit.id]  # (asked of a copy's unit: count it in the view)
            was = unit.status
            unit.status = Status.ELIMINATED
            try:
                after = victory.loss_vp(self.view)
            finally:
                unit.status = was
            gains = [after[s] - self._base[s] for s in after if s != unit.side]
            found = self.known[unit.id] = float(max(max(gains, default=0), 1))
        return found


def _movers(view: GameState, side: str) -> Iterable[UnitState]:
    for unit in view.units.values():
        if unit.side == side and unit.hex is not None and unit.alive and unit.sw_of is None:
            yield unit


def worth(view: GameState, side: str, sight: Sight, worths: Worths) -> float:
    """The side's prospects in VP (see the module docstring)."""
    return prospects(view, side, sight, worths)[0]


def prospects(view: GameState, side: str, sight: Sight, worths: Worths) -> tuple[float, float]:
    """The side's prospects in VP and, of them, its VP lead now (one count)."""
    control = victory.controls(view)
    now = lead(victory.count_vp(view, control), side)
    return now + position(view, side, sight, worths, control), now


def position(
    view: GameState,
    side: str,
    sight: Sight,
    worths: Worths,
    control: Mapping[str, str | None],
    at: tuple[str, Hex] | None = None,
) -> float:
    """The prospects beyond the VP count: pressure, mines and exposure (see the module
    docstring); ``at``: as if that unit stood in that hex (a move weighed before it is
    tried)."""
    moved, there = at if at is not None else (None, None)

    def hex_of(unit: UnitState) -> Hex | None:
        return there if unit.id == moved else unit.hex

    score = 0.0
    movers = list(_movers(view, side))
    for o in victory.objectives(view.scenario):
        if control.get(o.label) == side or not movers:
            continue
        near = min(o.hex.distance(h) for u in movers if (h := hex_of(u)) is not None)
        score += PULL * o.vp * max(0, REACH - near)
    for unit in view.units.values():
        if unit.hex is not None and unit.status in SHAKEN_STATUSES:
            score += SHAKEN * worths(unit) * (-1.0 if unit.side == side else 1.0)
    mined = mined_hexes(view, side)
    for unit in movers:
        h = hex_of(unit)
        if h in mined:
            score -= MINED * worths(unit)
        seen = sight.watchers(h)
        if seen:
            dug = any(m in unit.markers for m in DUG_IN) and unit.id != moved
            score -= EXPOSED * seen * worths(unit) * (0.5 if dug else 1.0)
    return score


def mined_hexes(view: GameState, side: str) -> frozenset[Hex]:
    """The hexes of the enemy's minefields the side knows of."""
    return frozenset(
        m.hex for m in view.hex_markers if m.kind.startswith("minefield") and m.side != side
    )
