"""The platoon ruleset's candidates for ``tabletop.rules.query.available_actions``: for
each action, the requests worth trying now (every enemy and rating for fire, every hex in
reach for a move, ...). ``query`` decides each one with the ruleset's ``check``; this
module only proposes, and rules out early what the acting unit's own state forbids.

Candidates made here (the rest of each action's arguments stay unset):
- ``draw``: a random chit and each formation with a chit in the cup; ``end-impulse``,
  ``end-turn``, ``pass``: the bare request.
- ``fire``: every enemy within twice the unit's longest range (no rating fires farther),
  with each rating that may attack it; a mortar also fires at each hex that holds such
  enemy units. ``opportunity-fire``: the paused mover. ``moving-fire``: each enemy within
  that range of the hexes in reach (half the movement), after the cheapest move to the
  hex in reach nearest it. The support weapon's part (``--sw-target``) is the player's to add.
- ``move``: the cheapest path to each hex in reach; ``assault`` and ``overrun``: the
  cheapest path to a hex next to each enemy-held hex, then into it.
- ``mode``: each other mode; ``load``: each friendly unit in the carrier's hex;
  ``unload``: everything, then each unit carried; ``lay-mines``: ``at`` and ``ap``;
  ``clear-mines``: each known minefield in or next to the sapper's hex.
- ``rally``, ``dig-in``: the bare request.
An action with no candidate gets the reasons of its bare request (``--unit ID`` alone).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Kind, UnitState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.engine import ruleset_for
from tabletop.rules.los import LineOfSight
from tabletop.rules.minefields import known_minefield
from tabletop.rules.platoon.common import actor_reasons, label, pside, ptype
from tabletop.rules.platoon.eligibility import may_attack
from tabletop.rules.platoon.movement import moving_fire_budget
from tabletop.rules.platoon.reach import (
    PlatoonMove,
    Reach,
    allowance,
    can_move_reasons,
    enemy_ground_units,
    maneuver_allowance,
    reach_paths,
)
from tabletop.rules.platoon.transport import cargo_of
from tabletop.rules.query import Probe, ReachReport, remembered
from tabletop.rules.reach import blocked_hexes
from tabletop.rules.reach import reach_report as reach_report_of

GAME_ACTIONS = ("draw", "end-impulse", "end-turn", "pass")
UNIT_ACTIONS = (
    "move", "fire", "moving-fire", "opportunity-fire", "assault", "overrun", "rally",
    "mode", "load", "unload", "dig-in", "lay-mines", "clear-mines",
)  # fmt: skip
NO_TARGET_HEX = "no hex of --to holds enemy units"
NO_ENEMY_NEAR = "no hex that holds enemy units is within {unit}'s reach"
NO_ENEMY_IN_RANGE = "no enemy unit that {unit} may fire at is within range"
IN_OWN_IMPULSE = frozenset(UNIT_ACTIONS) - {"opportunity-fire", "rally"}
"""Actions a unit takes only in its formation's impulse, before it is Ops Complete."""


class _Mover:
    """One unit's plain-move reach, searched at most once for all its actions."""

    def __init__(self, state: GameState, unit: UnitState, los: LineOfSight) -> None:
        self.state, self.unit, self.los = state, unit, los

    @cached_property
    def reach(self) -> dict[Hex, Reach]:
        return reach_paths(self.state, self.unit.id, self.los)

    def within(self, mp: int) -> dict[Hex, Reach]:
        """The reach of a move of at most ``mp`` MP (Moving Fire's half): the hexes of the
        full reach that cost no more, when ``mp`` is not above the allowance (the least
        costs do not depend on the budget, which only cuts the search off)."""
        if mp > allowance(self.state, self.unit):
            return reach_paths(self.state, self.unit.id, self.los, mp=mp)
        return {h: r for h, r in self.reach.items() if r.cost <= mp}


def listed_units(state: GameState, side: str | None) -> list[str]:
    """Living units that act for themselves (not support weapons), of ``side`` if given."""
    return sorted(
        u.id
        for u in state.units.values()
        if u.alive and u.sw_of is None and (side is None or u.side == side)
    )


def probes(
    state: GameState, los: LineOfSight, unit_id: str | None, side: str | None
) -> list[Probe]:
    if unit_id is None:
        return [_game_probe(state, action) for action in GAME_ACTIONS]
    unit = state.unit(unit_id)
    early = actor_reasons(state, unit, side)
    mover = _Mover(state, unit, los)
    out: list[Probe] = []
    for action in UNIT_ACTIONS:
        if not unit.alive or unit.hex is None:
            out.append(Probe(action))  # the check says why (eliminated, carried, ...)
        elif early and action in IN_OWN_IMPULSE:
            out.append(Probe(action, reasons=tuple(early)))
        elif action == "opportunity-fire" and not _paused_for_fire(state):
            out.append(Probe(action, reasons=("no move is paused for opportunity fire",)))
        else:
            out.append(_unit_probe(mover, action, side))
    return out


def _unit_probe(mover: _Mover, action: str, side: str | None) -> Probe:
    state, unit, los = mover.state, mover.unit, mover.los
    bare = ActionRequest(action, units=(unit.id,), side=side)
    candidates = tuple(_candidates(mover, bare))
    if candidates:
        return Probe(action, candidates)
    # Nothing to try: the check of the bare request says why, without its requests for
    # the missing argument ("name the target with --target") when there is a real reason.
    ruleset = ruleset_for(state.scenario.ruleset)  # (this package's object, through the table)

    reasons = ruleset.check(state, bare, los) or [f"{unit.id} has nothing to {action} now"]
    if action in ("assault", "overrun"):  # no candidate: no enemy-held hex within reach
        reasons = [NO_ENEMY_NEAR.format(unit=unit.id) if r == NO_TARGET_HEX else r
                   for r in reasons]  # fmt: skip
    real = [r for r in reasons if not r.startswith("name the ")]
    if not real and action in ("fire", "moving-fire"):
        real = [NO_ENEMY_IN_RANGE.format(unit=unit.id)]
    return Probe(action, reasons=tuple(real or reasons))


def _game_probe(state: GameState, action: str) -> Probe:
    if action == "draw":
        chits = tuple(ActionRequest("draw", formation=f) for f in sorted(set(state.cup)))
        return Probe(action, (ActionRequest("draw"), *chits))
    return Probe(action)


def _candidates(mover: _Mover, bare: ActionRequest) -> Iterator[ActionRequest]:
    state, unit = mover.state, mover.unit
    action = bare.action
    if action in ("rally", "dig-in"):
        yield bare
    elif action == "fire":
        yield from _fire(state, unit, bare)
    elif action == "opportunity-fire":
        yield from _opportunity_fire(state, unit, bare)
    elif action == "moving-fire":
        yield from _moving_fire(mover, bare)
    elif action == "move":
        for r in _by_cost(mover.reach):
            yield _with(bare, to=_labels(state, r.path))
    elif action in ("assault", "overrun"):
        yield from _assaults(mover, bare)
    elif action == "mode":
        sides = ptype(state, unit).sides if ptype(state, unit).is_helicopter else {"flying"}
        yield from (_with(bare, mode=m) for m in sides if m != unit.mode)
    elif action in ("load", "unload"):
        yield from _cargo(state, unit, bare)
    elif action == "lay-mines":
        yield from (_with(bare, kind=kind) for kind in ("at", "ap"))
    elif action == "clear-mines":
        yield from _minefields_near(state, unit, bare)


def _with(bare: ActionRequest, **changes: Any) -> ActionRequest:
    """``bare`` (an action, its unit and side, nothing else) with ``changes``: made
    directly, not by ``dataclasses.replace`` (a move has hundreds of candidates)."""
    return ActionRequest(bare.action, units=bare.units, side=bare.side, **changes)


def _reach_of_fire(state: GameState, unit: UnitState) -> int:
    """No rating fires farther than twice its range (extended range, rules 1.4), and the
    range count in force never exceeds the hexes between (+1 for the exclusive count)."""
    ratings = pside(state, unit).ratings().values()
    return 2 * max((r.range for r in ratings), default=-1) + 1


def _near(state: GameState, unit: UnitState, far: int) -> list[UnitState]:
    """The enemies that may be targets (not SWs, not cargo) within ``far`` hexes of the
    unit, in unit-id order: the only ones worth a candidate, read from the hex index (a
    whole-map scan of every enemy and rating costs in proportion to the map, not to what
    the unit may do); once per question."""
    assert unit.hex is not None
    here, side = unit.hex, unit.side

    def find() -> list[UnitState]:
        return [e for e in state.units_near(here, far)
                if e.side != side and e.sw_of is None and e.carrier is None]  # fmt: skip

    found: list[UnitState] = remembered(state, ("near", unit.id, far), find)
    return list(found)


def _fire(state: GameState, unit: UnitState, bare: ActionRequest) -> Iterator[ActionRequest]:
    ratings = pside(state, unit).ratings()
    near = _near(state, unit, _reach_of_fire(state, unit))
    for enemy in near:
        for weapon in ratings:
            if not may_attack(weapon, state, enemy):
                yield _with(bare, target=enemy.id, weapon=weapon.value)
    if bare.action == "fire" and ptype(state, unit).kind is Kind.MORTAR:
        held = {e.hex for e in near if e.hex is not None}
        for h in sorted(held, key=lambda h: label(state, h)):
            yield _with(bare, hex=label(state, h))


def _moving_fire(mover: _Mover, bare: ActionRequest) -> Iterator[ActionRequest]:
    """For each enemy and rating, one move within the Moving Fire budget: the cheapest path
    to the hex in reach nearest that enemy (``check`` then decides range, sight and the
    rest). Other paths are the player's to choose (``reach`` lists the hexes)."""
    state, unit = mover.state, mover.unit
    reach = _by_cost(mover.within(moving_fire_budget(state, unit)))
    if not reach or unit.hex is None:
        return
    here = unit.hex
    spread = max(here.distance(r.path[-1]) for r in reach)
    for enemy in _near(state, unit, spread + _reach_of_fire(state, unit)):
        assert enemy.hex is not None
        e_hex = enemy.hex
        best = min(reach, key=lambda r: r.path[-1].distance(e_hex))  # stable: cheapest first
        for weapon in pside(state, unit).ratings():
            if not may_attack(weapon, state, enemy):
                yield _with(bare, to=_labels(state, best.path), target=enemy.id,
                            weapon=weapon.value)  # fmt: skip


def _paused_for_fire(state: GameState) -> bool:
    return state.pending is not None and state.pending.opportunity_fire


def _opportunity_fire(
    state: GameState, unit: UnitState, bare: ActionRequest
) -> Iterator[ActionRequest]:
    """The paused mover, with each rating that may attack it."""
    mover = state.units.get(state.pending.unit) if state.pending is not None else None
    if mover is None or not mover.alive:
        return
    for weapon in pside(state, unit).ratings():
        if not may_attack(weapon, state, mover):
            yield _with(bare, target=mover.id, weapon=weapon.value)


def _assaults(mover: _Mover, bare: ActionRequest) -> Iterator[ActionRequest]:
    state, unit = mover.state, mover.unit
    assert unit.hex is not None
    far = allowance(state, unit) + 1  # every step costs at least 1 MP
    held = sorted({e.hex for e in _near(state, unit, far) if e.hex is not None
                   and enemy_ground_units(state, e.hex, unit.side)},
                  key=lambda h: label(state, h))  # fmt: skip
    if not held:
        return
    reach = mover.reach
    for target in held:  # from the start or a hex in reach next to the target
        near: list[tuple[int, tuple[Hex, ...]]] = [(0, ())] if unit.hex.is_adjacent(target) else []
        near += [(reach[n].cost, reach[n].path) for n in target.neighbors() if n in reach]
        if near:
            _, path = min(near, key=lambda cp: (cp[0], _labels(state, cp[1])))
            yield _with(bare, to=(*_labels(state, path), label(state, target)))


def _cargo(state: GameState, unit: UnitState, bare: ActionRequest) -> Iterator[ActionRequest]:
    if bare.action == "load":
        for other in sorted(state.units_at(unit.hex) if unit.hex else [], key=lambda u: u.id):
            if other.id != unit.id and other.side == unit.side and other.sw_of is None:
                yield _with(bare, target=other.id)
        return
    carried = [u.id for u in cargo_of(state, unit)]
    yield bare  # unload everything (the check says why not when nothing is carried)
    yield from (_with(bare, target=c) for c in carried)


def _minefields_near(
    state: GameState, unit: UnitState, bare: ActionRequest
) -> Iterator[ActionRequest]:
    assert unit.hex is not None
    for h in (unit.hex, *unit.hex.neighbors()):
        if h in state.scenario.map and known_minefield(state, h, unit.side):
            yield _with(bare, hex=label(state, h))


def _by_cost(reach: dict[Hex, Reach]) -> list[Reach]:
    return sorted(reach.values(), key=lambda r: (r.cost, r.path))


def _labels(state: GameState, path: tuple[Hex, ...]) -> tuple[str, ...]:
    """The hexes' labels, each hex labelled once per question (the candidates' paths go
    through the same hexes again and again)."""
    known: dict[Hex, str] = remembered(state, ("labels",), dict)
    out = []
    for h in path:
        text = known.get(h)
        if text is None:
            text = known[h] = label(state, h)
        out.append(text)
    return tuple(out)


# --- tabletop reach -----------------------------------------------------------------------
def reach_report(
    state: GameState,
    los: LineOfSight,
    unit_id: str,
    *,
    maneuver: bool,
    side: str | None,
    explain: bool = True,
) -> ReachReport:
    """Where ``unit_id``'s next move can end (``reach.reach_paths``), and for each hex next
    to those that it cannot enter, why (``rules.reach.blocked_hexes``): the step's own
    reasons (terrain, river, enemy, Disrupted), the MP it would need, or the stacking limit
    where the move would end. A hidden enemy minefield is unknown to the mover
    (``rules.minefields.known_minefield``), so it shows nowhere in this answer. With
    ``explain=False``, the hexes only (no reasons, no blocked hexes)."""
    unit = state.unit(unit_id)
    budget = maneuver_allowance(state, unit) if maneuver else allowance(state, unit)
    reasons = _move_now_reasons(state, los, unit, maneuver, side) if explain else []

    def named(h: Hex) -> str:
        return label(state, h)

    if unit.hex is None or not unit.alive:
        return reach_report_of(unit_id, None, budget, maneuver, {}, (), reasons, named)
    paths = reach_paths(state, unit_id, los, mp=budget)
    start = unit.hex
    costs = {start: 0, **{h: r.cost for h, r in paths.items()}}
    blocked = () if not explain or can_move_reasons(state, unit) else blocked_hexes(
        state.scenario.map, start, costs, budget, PlatoonMove(state, unit, los), named)  # fmt: skip
    return reach_report_of(unit_id, start, budget, maneuver, paths, blocked, reasons, named)


def _move_now_reasons(
    state: GameState, los: LineOfSight, unit: UnitState, maneuver: bool, side: str | None
) -> list[str]:
    """Why the unit may not move now, whatever the path: the move's check without a path,
    less its request for one."""
    ruleset = ruleset_for(state.scenario.ruleset)  # (this package's object, through the table)

    bare = ActionRequest("move", units=(unit.id,), side=side, maneuver=maneuver)
    return [r for r in ruleset.check(state, bare, los) if not r.startswith("name the ")]
