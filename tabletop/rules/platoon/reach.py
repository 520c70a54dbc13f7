"""Movement one hex at a time (rules 2.5, 2.6, 2.7, 2.11): what entering a hex costs, why
it may be refused, and every hex a unit could reach with its cost (for the app to
highlight).

Costs come from the terrain chart (foot or vehicle column), a road or bridge hexside
replaces the hex's cost, a river blocks unless the unit is amphibious or a bridge crosses
it, and with the minefields module a minefield the mover's side knows of costs +1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, Kind, UnitState
from tabletop.rules.los import LineOfSight, Viewpoint, viewpoint_of
from tabletop.rules.minefields import known_minefield
from tabletop.rules.platoon.combat import los_markers
from tabletop.rules.platoon.common import hex_of, label, pside, ptype
from tabletop.rules.platoon.movement import enter_cost, enter_tables, ground_of, price
from tabletop.rules.reach import Reach as Reach
from tabletop.rules.reach import cheapest_paths

HELICOPTER_FIRE_HEXES = 12
"""A helicopter may move up to 12 hexes and still fire (rules 2.7)."""
MINEFIELDS = ("minefield_at", "minefield_ap")


@dataclass(frozen=True, slots=True)
class StepCost:
    """Entering one hex: its MP cost, or the reasons it may not be entered."""

    to: Hex
    cost: int
    reasons: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.reasons


# --- who is where ---------------------------------------------------------------------------
def is_airborne(state: GameState, unit: UnitState) -> bool:
    """A helicopter in Flying or NOE mode: above the ground, not a ground occupant."""
    return ptype(state, unit).is_helicopter and (unit.mode or "flying") != "landed"


def ground_units(state: GameState, h: Hex, side: str | None = None) -> list[UnitState]:
    """Units standing in a hex (unit-id order), not counting SWs, cargo and airborne
    helicopters. HOUSE DEFAULT: Flying and NOE helicopters neither stack with, block nor
    defend a hex; Landed ones are ground units."""
    return [
        u
        for u in state.units_at(h)
        if u.sw_of is None
        and u.carrier is None
        and not is_airborne(state, u)
        and (side is None or u.side == side)
    ]


def enemy_ground_units(state: GameState, h: Hex, side: str) -> list[UnitState]:
    return [u for u in ground_units(state, h) if u.side != side]


def minefield_at(state: GameState, h: Hex) -> str | None:
    return next((m.kind for m in state.markers_at(h) if m.kind in MINEFIELDS), None)


def minefield_kinds(state: GameState) -> dict[Hex, str]:
    """``minefield_at`` of every hex that has a minefield, in one pass over the markers
    (once per question of ``rules.query``)."""
    from tabletop.rules.query import remembered

    def build() -> dict[Hex, str]:
        kinds: dict[Hex, str] = {}
        for m in state.hex_markers:
            if m.kind in MINEFIELDS and m.hex not in kinds:
                kinds[m.hex] = m.kind
        return kinds

    found: dict[Hex, str] = remembered(state, ("minefield kinds",), build)
    return found


def mine_stops(state: GameState, unit: UnitState, kind: str) -> bool:
    """Does a minefield of ``kind`` attack this unit (HOUSE DEFAULT 3.8: AT against
    vehicles, AP against every other ground unit; airborne helicopters fly over)?"""
    if is_airborne(state, unit):
        return False
    return ptype(state, unit).is_vehicle == (kind == "minefield_at")


# --- allowance ------------------------------------------------------------------------------
def allowance(state: GameState, unit: UnitState) -> int:
    """Movement points of the side in use; a helicopter's are its Flying side's hexes."""
    utype = ptype(state, unit)
    if utype.is_helicopter:
        return utype.sides["flying"].movement
    return pside(state, unit).movement


def half_allowance(state: GameState, unit: UnitState) -> int:
    """Moving Fire's move: half the movement points, rounded down (HOUSE DEFAULT 2.7);
    a helicopter's is 12 hexes (rules 2.7)."""
    if ptype(state, unit).is_helicopter:
        return min(HELICOPTER_FIRE_HEXES, allowance(state, unit))
    return allowance(state, unit) // 2


def maneuver_allowance(state: GameState, unit: UnitState) -> int:
    """A move in maneuver mode uses at most this fraction of the movement (HOUSE DEFAULT
    3.8, option ``maneuver_fraction``), rounded down."""
    return int(allowance(state, unit) * state.scenario.options.maneuver_fraction)


# --- one step -------------------------------------------------------------------------------
def step_cost(
    state: GameState,
    unit: UnitState,
    frm: Hex,
    to: Hex,
    los: LineOfSight,
    *,
    into_enemy: bool = False,
) -> StepCost:
    """Cost and legality of entering ``to`` from the adjacent ``frm`` in a move: the
    chart's cost by ``movement.enter_cost`` (roads, rivers, bridges, known minefields),
    enemy-held hexes (only an assault or overrun enters them) and the Disrupted limits."""
    if to not in state.scenario.map:
        return StepCost(to, 0, (f"{unit.id} may not leave the map",))
    if not frm.is_adjacent(to):
        return StepCost(to, 0, (f"{label(state, to)} is not adjacent to {label(state, frm)}",))
    cost, why = enter_cost(state, unit, frm, to)
    reasons = [why] if cost is None else []
    enemies = enemy_ground_units(state, to, unit.side)
    if enemies and not into_enemy and not is_airborne(state, unit):
        reasons.append(enemy_hex_reason(state, unit, to, enemies))
    if unit.disrupted:
        reasons += disrupted_reasons(state, unit, frm, to, los)
    return StepCost(to, cost or 0, tuple(reasons))


def enemy_hex_reason(state: GameState, unit: UnitState, to: Hex, enemies: list[UnitState]) -> str:
    """Why a move may not end in the enemy-held ``to``, and what would enter it as this
    scenario and this unit stand (rules 2.10): an assault, or an overrun for a vehicle
    against infantry in clear terrain; nothing when the close_combat module is off or the
    unit may not assault now."""
    where = f"{label(state, to)} holds enemy units ({', '.join(u.id for u in enemies)})"
    if not state.scenario.module("close_combat"):
        return f"{where} and close combat is switched off: no unit may enter it"
    if ptype(state, unit).is_helicopter:
        return f"{where}: helicopters do not assault (HOUSE DEFAULT)"
    if unit.disrupted:
        return f"{where}: only a Good Order unit may assault it, and {unit.id} is Disrupted"
    if unit.flags.get("moving_fire"):
        return f"{where}: {unit.id} used Moving Fire this impulse and may not assault it"
    if ptype(state, unit).is_vehicle and overrun_ground(state, unit.side, to):
        return f"{where}: overrun it"
    return f"{where}: assault it"


def stacking_reasons(state: GameState, unit: UnitState, to: Hex) -> list[str]:
    """At most ``stacking`` units per side per hex (HOUSE DEFAULT 2.11); an SW does not
    count, nor does cargo (HOUSE DEFAULT: it rides inside its carrier), nor an airborne
    helicopter (which does not stack either)."""
    if is_airborne(state, unit):
        return []
    limit = state.scenario.options.stacking
    there = [u for u in ground_units(state, to, unit.side) if u.id != unit.id]
    if len(there) >= limit:
        return [f"{label(state, to)} already holds {len(there)} {unit.side} units "
                f"(stacking limit {limit})"]  # fmt: skip
    return []


def sees(state: GameState, enemy: UnitState, unit: UnitState, h: Hex, los: LineOfSight) -> bool:
    """Would ``enemy`` have ``unit`` in LOS if it stood in ``h``? Adjacent always sees."""
    e_hex = hex_of(enemy)
    if e_hex.distance(h) <= 1:
        return True
    from tabletop.rules.query import clear_sight

    mover = viewpoint_of(state, unit)
    return clear_sight(los, viewpoint_of(state, enemy), Viewpoint(h, mover.helicopter_mode),
                       los_markers(state))  # fmt: skip


@dataclass(slots=True)
class _Watch:
    """What a Disrupted unit's steps ask of the enemies' sight (rules 2.6), worked out once
    per question of ``rules.query`` (a reach asks it for every step of every path): the
    enemies that count, in unit-id order, with their hexes and viewpoints; the markers a
    sight line is affected by; and each answer of "does that enemy see the unit there"."""

    enemies: list[tuple[UnitState, Hex, Viewpoint]]
    mover_mode: str | None
    markers: list[HexMarker]
    seen: dict[tuple[str, Hex], bool]

    def sees(self, enemy: UnitState, e_hex: Hex, e_view: Viewpoint, h: Hex,
             los: LineOfSight) -> bool:  # fmt: skip
        """``sees(state, enemy, unit, h, los)``, each (enemy, hex) asked once."""
        key = (enemy.id, h)
        found = self.seen.get(key)
        if found is None:
            from tabletop.rules.query import clear_sight

            found = self.seen[key] = e_hex.distance(h) <= 1 or clear_sight(
                los, e_view, Viewpoint(h, self.mover_mode), self.markers
            )
        return found


def _watch(state: GameState, unit: UnitState) -> _Watch:
    def build() -> _Watch:
        enemies = [
            (e, hex_of(e), viewpoint_of(state, e))
            for e in state.enemies_of(unit.side)
            if e.sw_of is None and e.carrier is None
        ]
        mode = viewpoint_of(state, unit).helicopter_mode
        return _Watch(enemies, mode, los_markers(state), {})

    from tabletop.rules.query import remembered

    watch: _Watch = remembered(state, ("disrupted watch", unit.id, unit.mode), build)
    return watch


def disrupted_reasons(
    state: GameState, unit: UnitState, frm: Hex, to: Hex, los: LineOfSight
) -> list[str]:
    """Rules 2.6: a Disrupted unit may not enter a hex closer to, or adjacent to, an enemy
    unit that has it in LOS; one that starts adjacent may move away.

    READING: "has it in LOS" holds when the enemy sees the unit in the hex it leaves or in
    the hex it enters; any living enemy on the map counts, whatever its status."""
    out: list[str] = []
    watch = _watch(state, unit)
    tq, tr, fq, fr = to.q, to.r, frm.q, frm.r
    for enemy, e_hex, e_view in watch.enemies:
        q, r = e_hex.q - tq, e_hex.r - tr  # Hex.distance, inline: asked for every enemy
        d_to = (abs(q) + abs(r) + abs(q + r)) // 2  # at every step of every path
        adjacent = d_to == 1
        if not adjacent:
            q, r = e_hex.q - fq, e_hex.r - fr
            if d_to >= (abs(q) + abs(r) + abs(q + r)) // 2:  # neither adjacent nor closer
                continue
        if not (watch.sees(enemy, e_hex, e_view, frm, los)
                or watch.sees(enemy, e_hex, e_view, to, los)):  # fmt: skip
            continue
        how = "adjacent to" if adjacent else "closer to"
        out.append(f"a Disrupted unit may not move {how} {enemy.id}, which sees it "
                   f"({unit.id} to {label(state, to)})")  # fmt: skip
    return out


def can_move_reasons(state: GameState, unit: UnitState) -> list[str]:
    """Reasons a unit may not move at all, whatever the path (helicopter modes, digging)."""
    utype = ptype(state, unit)
    if utype.is_helicopter and (unit.mode or "flying") != "flying":
        return [f"{unit.id} is in {unit.mode} mode: a helicopter moves only in Flying mode"]
    if not utype.is_helicopter and allowance(state, unit) <= 0:
        return [f"{unit.id} has no movement points"]
    return []


# --- every reachable hex --------------------------------------------------------------------
def reachable(
    state: GameState, unit_id: str, los: LineOfSight, *, mp: int | None = None
) -> dict[Hex, int]:
    """Every hex ``unit_id`` could end a plain move in, with the least MP it costs (for the
    app to highlight); see ``reach_paths``."""
    return {h: r.cost for h, r in reach_paths(state, unit_id, los, mp=mp).items()}


def reach_paths(
    state: GameState, unit_id: str, los: LineOfSight, *, mp: int | None = None
) -> dict[Hex, Reach]:
    """Every hex ``unit_id`` could end a plain move in, with the least MP and a path of
    that cost (the ``--to`` of ``move``).

    ``rules.reach.cheapest_paths`` over legal steps; a hex where a known minefield would
    attack the unit ends the move there. The start hex is not included. ``mp`` overrides
    the allowance. READING (movement.plan_path): stacking counts where the move ends, so a
    full hex may be passed through but is not a destination."""
    unit = state.unit(unit_id)
    if not unit.on_map or unit.carrier is not None or unit.sw_of is not None:
        return {}
    if can_move_reasons(state, unit):
        return {}
    budget = allowance(state, unit) if mp is None else mp
    move = PlatoonMove(state, unit, los, search=True)
    return cheapest_paths(state.scenario.map, hex_of(unit), budget, move)


class PlatoonMove:
    """``rules.reach.MoveRules`` for one platoon unit's plain move (``step_cost``, a known
    minefield that ends the move, ``stacking_reasons``). For a ``search`` (``reach_paths``:
    no reason is read) a step is ``step_cost``'s answer without its words: the chart lets
    the unit in (``movement.enter_cost``, from the question's tables), the hex holds no
    enemy ground unit (an airborne helicopter passes over them; asked once per hex) and,
    Disrupted, rules 2.6 let it closer (``last``: after the budget, the dearest)."""

    __slots__ = ("airborne", "frm", "frm_sided", "hexes", "los", "mined", "search", "start",
                 "state", "tables", "unit")  # fmt: skip

    def __init__(
        self, state: GameState, unit: UnitState, los: LineOfSight, *, search: bool = False
    ) -> None:
        self.state, self.unit, self.los, self.search = state, unit, los, search
        self.start = hex_of(unit)
        self.hexes: dict[Hex, list[Any]] = {}
        """Per hex entered (asked once each): whether a hexside feature is on one of its
        sides, whether enemy ground units hold it, what entering it costs across a plain
        side (None until asked)."""
        self.frm: Hex | None = None
        self.frm_sided = False
        if search:
            self.tables = enter_tables(state, unit, search=True)
            self.mined = ground_of(state, unit).mined  # (where a known minefield lies)
            self.airborne = is_airborne(state, unit)

    def step(self, frm: Hex, to: Hex) -> tuple[int | None, tuple[str, ...]]:
        if not self.search:
            step = step_cost(self.state, self.unit, frm, to, self.los)
            return (step.cost if step.legal else None), step.reasons
        state, unit, tables = self.state, self.unit, self.tables
        sided = tables.sided or frozenset()
        if frm is not self.frm:  # (the search asks the steps from one hex in a row)
            self.frm, self.frm_sided = frm, frm in sided
        known = self.hexes.get(to)
        if known is None:
            enemy = not self.airborne and bool(enemy_ground_units(state, to, unit.side))
            known = self.hexes[to] = [to in sided, enemy, None]
        if known[1]:
            return None, ()  # (an enemy-held hex: only an assault or overrun enters it)
        if self.frm_sided and known[0]:
            cost = price(tables, state, unit, frm, to)[0]
        else:
            plain = known[2]
            if plain is None:
                plain = known[2] = price(tables, state, unit, frm, to)
            cost = plain[0]
        return cost, ()  # (rules 2.6 for a Disrupted unit: ``last``)

    def last(self, frm: Hex, to: Hex) -> bool:
        """Rules 2.6 let a Disrupted unit make the step (asked by the search only of a step
        within the budget that improves on the best cost so far)."""
        return not (self.unit.disrupted and disrupted_reasons(self.state, self.unit, frm, to,
                                                              self.los))  # fmt: skip

    def stops(self, h: Hex) -> bool:
        if self.search and h not in self.mined:
            return False  # (a move ends early only in a minefield its side knows of)
        return _move_ends_in(self.state, self.unit, h, self.start)

    def stacking(self, h: Hex) -> list[str]:
        return stacking_reasons(self.state, self.unit, h)


def _move_ends_in(state: GameState, unit: UnitState, h: Hex, start: Hex) -> bool:
    if h == start or not state.scenario.module("minefields"):
        return False
    kind = minefield_at(state, h)
    return (
        kind is not None and known_minefield(state, h, unit.side) and mine_stops(state, unit, kind)
    )


OVERRUN_TARGETS = frozenset({Kind.INFANTRY, Kind.MORTAR, Kind.SW})


def overrun_ground(state: GameState, side: str, h: Hex) -> bool:
    """A hex a vehicle entering it must overrun: clear, and its only enemies infantry,
    mortars or SWs (rules 2.10)."""
    defenders = enemy_ground_units(state, h, side)
    return state.scenario.map.terrain(h).name == "clear" and all(
        ptype(state, d).kind in OVERRUN_TARGETS for d in defenders
    )
