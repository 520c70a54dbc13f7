"""The squad ruleset's answers to ``tabletop.rules.query``: candidates for ``actions`` and
the app's action panel, and ``reach``. ``query`` decides every candidate with the ruleset's
own ``check``; this module only proposes.

Candidates: ``end-phase`` and ``end-turn`` (the bare request); ``close-combat``: each hex
fought over, as it is and with each of its units leaving to its default hex; ``move`` and
``run``: the cheapest path to each hex in reach (the movement left, or half the movement for a run);
``fire``: each enemy unit on the map, and ``--hex`` of each standing bunker that holds no
friend; ``dig-in``: the bare request; ``lay-mines``: ``--kind at`` and ``--kind ap``;
``clear-mines``: each minefield the unit's side knows of in or next to its hex;
``suppress``: each enemy-held hex; ``air-strike``: each hex of the scenario's strikes for
the side to act this game turn; ``load``: each friendly unit in the transport's hex;
``unload``: the bare request (all the cargo, where it stands) and, with more than one
unit aboard, each one alone. A move may
end in an adjacent enemy-held hex (close combat, 3.6), never pass through one. A unit's
action outside its phase or player turn is answered with those reasons without trying
candidates.
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.common import hex_of, label
from tabletop.rules.engine import ruleset_for
from tabletop.rules.los import LineOfSight
from tabletop.rules.query import Probe, ReachReport
from tabletop.rules.reach import Reach, blocked_hexes, by_cost, cheapest_paths
from tabletop.rules.reach import reach_report as reach_report_of
from tabletop.rules.squad import bunker, closecombat, transport
from tabletop.rules.squad.common import actor_reasons, is_bunker, stype, units_in
from tabletop.rules.squad.movement import (
    _enter_cost,
    allowance,
    assault_reasons,
    enter_cost,
    enter_costs,
    entry_costs,
    ground_of,
)

GAME_ACTIONS = ("end-phase", "end-turn")
UNIT_ACTIONS = {
    "move": "movement", "run": "shooting", "fire": "shooting", "dig-in": "shooting",
    "lay-mines": "movement", "clear-mines": "movement", "suppress": "shooting",
    "load": "movement", "unload": "movement",
}  # fmt: skip


def listed_units(state: GameState, side: str | None) -> list[str]:
    return sorted(u.id for u in state.units.values() if u.alive and side in (None, u.side))


def probes(
    state: GameState, los: LineOfSight, unit_id: str | None, side: str | None
) -> list[Probe]:
    if unit_id is None:
        return [*(Probe(action) for action in GAME_ACTIONS), _close_combat_probe(state, side),
                _air_strike_probe(state, side)]  # fmt: skip
    unit = state.unit(unit_id)
    out: list[Probe] = []
    for action, phase in UNIT_ACTIONS.items():
        early = actor_reasons(state, unit, side, phase) if unit.on_map else []
        if not unit.on_map or action == "dig-in":
            out.append(Probe(action))  # the bare request's check says why or allows it
        elif early:
            out.append(Probe(action, reasons=tuple(early)))
        else:
            out.append(_unit_probe(state, los, unit, action, side))
    return out


def _unit_probe(
    state: GameState, los: LineOfSight, unit: UnitState, action: str, side: str | None
) -> Probe:
    bare = ActionRequest(action, units=(unit.id,), side=side)
    if action == "fire":
        enemies = [u for u in state.units.values() if u.on_map and u.side != unit.side]
        found = [ActionRequest("fire", units=(unit.id,), target=u.id, side=side)
                 for u in sorted(enemies, key=lambda u: u.id)]  # fmt: skip
        found += [ActionRequest("fire", units=(unit.id,), hex=label(state, h), side=side)
                  for h in _bunkers(state) if unit.side not in
                  {u.side for u in units_in(state, h)}]  # fmt: skip
    elif action == "suppress":
        found = [ActionRequest(action, units=(unit.id,), hex=h, side=side)
                 for h in _enemy_hexes(state, unit)]  # fmt: skip
    elif action == "load":
        found = [ActionRequest(action, units=(unit.id,), target=u.id, side=side)
                 for u in units_in(state, hex_of(unit)) if u.id != unit.id
                 and u.side == unit.side]  # fmt: skip
    elif action == "unload":
        riders = transport.cargo_of(state, unit)  # all of them, or each one alone
        found = [bare] if riders else []
        if len(riders) > 1:
            found += [ActionRequest(action, units=(unit.id,), target=u.id, side=side)
                      for u in riders]  # fmt: skip
    elif action == "lay-mines":
        found = [ActionRequest(action, units=(unit.id,), kind=k, side=side) for k in ("at", "ap")]
    elif action == "clear-mines":
        near = [unit.hex, *state.scenario.map.neighbors(hex_of(unit))]
        fields = [m for m in state.visible_markers(unit.side)
                  if m.kind.startswith("minefield") and m.hex in near]  # fmt: skip
        found = [ActionRequest(action, units=(unit.id,), hex=label(state, m.hex), side=side)
                 for m in sorted(fields, key=lambda m: label(state, m.hex))]  # fmt: skip
    else:
        budget = _budget(state, unit, action)
        paths = reach_paths(state, unit, budget)
        found = [ActionRequest(action, units=(unit.id,), side=side,
                               to=tuple(label(state, h) for h in r.path))
                 for _, r in by_cost(paths)]  # fmt: skip
    if found:
        return Probe(action, tuple(found))
    ruleset = ruleset_for(state.scenario.ruleset)  # (this package's object, through the table)

    reasons = ruleset.check(state, bare, los) or [f"{unit.id} has nothing to {action} now"]
    real = [r for r in reasons if not r.startswith("name the ")]
    if not real and action == "load":
        real = [f"there is no friendly unit in {unit.id}'s hex to take aboard"]
    return Probe(action, reasons=tuple(real or reasons))


def _close_combat_probe(state: GameState, side: str | None) -> Probe:
    hexes = closecombat.combat_hexes(state)
    if not hexes:
        return Probe("close-combat", reasons=("no hex holds units of both sides",))
    found: list[ActionRequest] = []
    for h in hexes:
        where = label(state, h)
        found.append(ActionRequest("close-combat", hex=where, side=side))
        found += [ActionRequest("close-combat", hex=where, leave=(u.id,), side=side)
                  for u in units_in(state, h)]  # fmt: skip
    return Probe("close-combat", tuple(found))


def _air_strike_probe(state: GameState, side: str | None) -> Probe:
    hexes = sorted({label(state, s.hex) for s in state.scenario.air_strikes
                    if (s.turn, s.side) == (state.turn, state.active_side)})  # fmt: skip
    if not hexes:
        return Probe("air-strike", reasons=("the scenario holds no air strike for this player "
                                            "turn",))  # fmt: skip
    return Probe("air-strike", tuple(ActionRequest("air-strike", hex=h, side=side) for h in hexes))


def _enemy_hexes(state: GameState, unit: UnitState) -> list[str]:
    return sorted({label(state, u.hex) for u in state.units.values()
                   if u.on_map and u.hex is not None and u.side != unit.side})  # fmt: skip


def _bunkers(state: GameState) -> list[Hex]:
    hex_map = state.scenario.map
    cells = [h for h, c in hex_map.cells.items() if c.terrain == "bunker"]
    return sorted((h for h in cells if is_bunker(state, h)), key=lambda h: label(state, h))


def _budget(state: GameState, unit: UnitState, action: str) -> int:
    return stype(state, unit).movement // 2 if action == "run" else allowance(state, unit)


def _step(state: GameState, unit: UnitState, a: Hex, b: Hex) -> tuple[int | None, list[str]]:
    """One step's cost, or why it may not be made (bunkers, terrain, enemies)."""
    why = bunker.crossing_reasons(state, unit, a, b)
    if why:
        return None, why
    cost, reason = enter_cost(state, unit, a, b)
    if cost is None:
        return None, [reason]
    enemies = [u for u in units_in(state, b) if u.side != unit.side]
    if enemies:
        why = assault_reasons(state, unit, b, enemies, last=True)
        if why:
            return None, why
    return cost, []


def _stack_full(state: GameState, unit: UnitState, h: Hex) -> bool:
    friends = [u for u in units_in(state, h) if u.side == unit.side and u.id != unit.id]
    return len(friends) >= state.scenario.options.stacking


def reach_paths(state: GameState, unit: UnitState, budget: int) -> dict[Hex, Reach]:
    """The cheapest path to every hex a move of ``budget`` MP can end in
    (``rules.reach.cheapest_paths``; a move goes no further once it enters a bunker;
    stacking holds where it ends)."""
    start = unit.hex
    if start is None:
        return {}
    return cheapest_paths(state.scenario.map, start, budget, SquadMove(state, unit, search=True),
                          least_path_first=True)  # fmt: skip


class SquadMove:
    """``rules.reach.MoveRules`` for one squad unit's move (``_step``, ``_stops``, the
    stacking limit where it ends). For a ``search`` (``reach_paths``: no reason is read) a
    step's cost comes from the question's tables (``movement.enter_cost``), each hex's
    bunker and enemies are asked once, and no refusal is worded."""

    __slots__ = ("bunkers", "costs", "foes", "ground", "into", "search", "state", "unit")

    def __init__(self, state: GameState, unit: UnitState, *, search: bool = False) -> None:
        self.state, self.unit, self.search = state, unit, search
        self.bunkers: dict[Hex, bool] = {}
        self.foes: dict[Hex, list[UnitState]] = {}
        self.costs, self.into = enter_costs(state, unit), entry_costs(state, unit)
        self.ground = ground_of(state, unit)

    def _bunker(self, h: Hex) -> bool:
        found = self.bunkers.get(h)
        if found is None:
            found = self.bunkers[h] = is_bunker(self.state, h)
        return found

    def _foes(self, h: Hex) -> list[UnitState]:
        found = self.foes.get(h)
        if found is None:
            side = self.unit.side
            found = self.foes[h] = [u for u in units_in(self.state, h) if u.side != side]
        return found

    def step(self, frm: Hex, to: Hex) -> tuple[int | None, list[str]]:
        if not self.search:
            return _step(self.state, self.unit, frm, to)
        state, unit, ground = self.state, self.unit, self.ground
        if ground is not None and (frm not in ground.sided or to not in ground.sided):
            found = self.into.get(to)  # (across a plain side: what the hex entered costs)
            if found is None:
                found = self.into[to] = _enter_cost(state, unit, frm, to, ground)
        else:
            found = self.costs.get((frm, to))
            if found is None:
                found = self.costs[frm, to] = _enter_cost(state, unit, frm, to, ground)
        cost = found[0]
        if cost is None:
            return None, []
        if (self._bunker(frm) or self._bunker(to)) and bunker.crossing_reasons(
            state, unit, frm, to
        ):
            return None, []
        enemies = self._foes(to)
        if enemies and assault_reasons(state, unit, to, enemies, last=True):
            return None, []
        return cost, []

    def stops(self, h: Hex) -> bool:
        if self.search:
            return self._bunker(h) or bool(self._foes(h))
        return _stops(self.state, self.unit, h)

    def stacking(self, h: Hex) -> list[str]:
        state, unit = self.state, self.unit
        if not _stack_full(state, unit, h):
            return []
        return [f"{label(state, h)} already holds {state.scenario.options.stacking} units "
                f"of {unit.side}"]  # fmt: skip


def _stops(state: GameState, unit: UnitState, h: Hex) -> bool:
    """A move goes no further once it enters a bunker or an enemy-held hex."""
    return is_bunker(state, h) or any(u.side != unit.side for u in units_in(state, h))


def reach_report(
    state: GameState,
    los: LineOfSight,
    unit_id: str,
    *,
    maneuver: bool,
    side: str | None,
    explain: bool = True,
) -> ReachReport:
    """Where the unit's next move (a run in the shooting phase) can end, and for each hex
    next to those that it cannot enter, why (``rules.reach.blocked_hexes``; neither the
    reasons nor those with ``explain=False``)."""
    ruleset = ruleset_for(state.scenario.ruleset)  # (this package's object, through the table)

    unit = state.unit(unit_id)
    action = "run" if state.phase == "shooting" else "move"
    budget = _budget(state, unit, action)
    bare = ActionRequest(action, units=(unit.id,), side=side, maneuver=maneuver)
    checked = ruleset.check(state, bare, los) if explain else []
    reasons = tuple(r for r in checked if not r.startswith("name the "))

    def named(h: Hex) -> str:
        return label(state, h)

    if unit.hex is None or not unit.alive:
        return reach_report_of(unit_id, None, budget, maneuver, {}, (), reasons, named)
    paths = reach_paths(state, unit, budget)
    costs = {unit.hex: 0, **{h: r.cost for h, r in paths.items()}}
    blocked = () if not explain else blocked_hexes(
        state.scenario.map, unit.hex, costs, budget, SquadMove(state, unit), named)  # fmt: skip
    return reach_report_of(unit_id, unit.hex, budget, maneuver, paths, blocked, reasons, named)
