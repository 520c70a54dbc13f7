"""What the squad ruleset says about a scenario's setup (``tabletop.model.setup.Setup``).

A squad scenario may name the side that moves first (else the first side listed does);
it brings reinforcements and air strikes in later turns; a unit may start aboard a
friendly transport in its own hex (rules 3.10). Its sides have no formations and its
units no support weapon counters (a heavy weapon is a figure of its squad).

Setup problems: a unit aboard a transport it may not ride in, or beyond the transport's
capacity (errors); with deployment zones, the fortifications of rules 3.4 (warnings).
READING: a trench or bunker's owner is the side of the units in it at the start (else the
side whose zone it lies in); it must lie in the neutral zone, or in or next to its owner's
zone; and with more than one fortification each trench must touch another trench or the
bunker.
"""

from __future__ import annotations

from collections import defaultdict

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Scenario, SquadUnitType, UnitState
from tabletop.model.flagspec import GAME_FLAGS
from tabletop.model.setup import Feature, SetupProblem
from tabletop.model.units import HEAVY_WEAPON_MODELS
from tabletop.rules.squad.common import PHASES

__all__ = ["FORTIFICATIONS", "RIDERS", "SquadSetup"]

RIDERS = frozenset({"soldier", "medic"}) | HEAVY_WEAPON_MODELS
"""The figures that ride in a transport: infantry with its heavy weapons (rules 3.10)."""
FORTIFICATIONS = ("trench", "bunker")
WITHOUT: dict[Feature, str] = {
    "formations": "a squad scenario has no formations",
    "support_weapons": (
        "a squad unit carries no support weapon counter: its heavy weapons are its figures"
    ),
}
"""What a squad scenario has not, and why (each feature of ``model.setup.Feature``)."""
CARGO_HINT = "place it beside the transport without `carrier:`, or name another"


class SquadSetup:
    """The setup questions of the squad ruleset (its ruleset object inherits them)."""

    name = "squad"
    description = (
        "Second World War squads: counters made of figures that take wounds; the sides "
        "take whole player turns, the first side first (rules 3)."
    )
    unit_type = SquadUnitType
    phases = (*PHASES, "finished")
    game_flags = GAME_FLAGS["squad"]

    def has(self, feature: Feature) -> bool:
        return feature not in WITHOUT

    def lacks(self, feature: Feature) -> str:
        return WITHOUT.get(feature, "")

    def start(self, state: GameState) -> None:
        state.active_side = state.scenario.first or next(iter(state.scenario.sides))
        state.phase = "movement"

    def carrier_problem(
        self, scenario: Scenario, unit: UnitState, carrier_id: str, *, count_room: bool = True
    ) -> str | None:
        """Who may start aboard a transport (rules 3.10), asked by the scenario editor when
        an author picks a unit's carrier and by ``tabletop validate`` for the file: a
        friendly unit in the rider's hex whose counter has a ``capacity``, riding in
        nothing itself, carrying infantry (soldiers, medics and their heavy weapons) and
        at most ``capacity`` units."""
        carrier = next((u for u in scenario.units if u.id == carrier_id), None)
        if carrier is None:
            return f"no unit {carrier_id!r} in the scenario"
        ct = scenario.unit_types.get(carrier.type_id)
        t = scenario.unit_types.get(unit.type_id)
        capacity = ct.capacity if ct is not None else 0
        if carrier.id == unit.id:
            return f"{unit.id} cannot carry itself"
        if carrier.side != unit.side:
            return f"{carrier.id} is not a unit of {unit.side}"
        if carrier.hex != unit.hex:
            return f"{carrier.id} is not in {unit.id}'s hex"
        if capacity <= 0:
            return f"{carrier.id} is not a transport (capacity 0)"
        if carrier.carrier is not None or any(u.carrier == unit.id for u in scenario.units):
            return "a transport does not ride in another"
        if not isinstance(t, SquadUnitType) or any(f.model not in RIDERS for f in unit.standing()):
            return f"{unit.id} does not ride in transports: only infantry does (rules 3.10)"
        aboard = [u for u in scenario.units if u.carrier == carrier.id and u.id != unit.id]
        if count_room and len(aboard) >= capacity:
            return f"{carrier.id} is full (capacity {capacity})"
        return None

    def setup_problems(self, scenario: Scenario) -> list[SetupProblem]:
        problems = self._cargo_problems(scenario)
        if scenario.zones:
            problems += _fortification_problems(scenario)
        return problems

    def _cargo_problems(self, scenario: Scenario) -> list[SetupProblem]:
        """Each unit starting aboard a transport: :meth:`carrier_problem` (the scenario
        editor's own check), then the riders beyond the transport's capacity, named in
        the scenario's order. A carrier that is no unit of the scenario is the data
        layer's error, not asked here."""
        ids = {u.id: u for u in scenario.units}
        riders: dict[str, int] = defaultdict(int)
        out = []
        for u in scenario.units:
            carrier = u.carrier
            if carrier is None or carrier not in ids:
                continue
            problem = self.carrier_problem(scenario, u, carrier, count_room=False)
            if problem is None:
                riders[carrier] += 1
                carrier_type = scenario.unit_types.get(ids[carrier].type_id)
                capacity = carrier_type.capacity if carrier_type is not None else 0
                if riders[carrier] > capacity:
                    problem = f"it is full (capacity {capacity})"
            if problem is not None:
                message = f"{u.id} cannot start aboard {carrier}: {problem}; {CARGO_HINT}"
                out.append(SetupProblem(message, unit=u.id, key="carrier"))
        return out


def _fortification_problems(scenario: Scenario) -> list[SetupProblem]:
    hexmap = scenario.map
    forts = {h for h, c in hexmap.cells.items() if c.terrain in FORTIFICATIONS}
    zone_of = {h: side for side, hexes in scenario.zones.items() for h in hexes}
    holders: dict[Hex, str] = {}
    for u in scenario.units:
        if u.hex in forts and u.hex is not None:
            holders.setdefault(u.hex, u.side)
    out = []
    for h in sorted(forts):
        name = f"{hexmap.cells[h].terrain} {hexmap.label(h)}"
        zone = zone_of.get(h)
        owner = holders.get(h, zone)
        near = {zone_of[n] for n in hexmap.neighbors(h) if n in zone_of}
        if zone is not None and owner != zone and owner not in near:
            message = (
                f"{name}, held by {owner}, lies in {zone}'s deployment zone "
                f"and does not touch {owner}'s (rules 3.4)"
            )
            out.append(SetupProblem(message, key="zones", warning=True))
        trench = hexmap.cells[h].terrain == "trench" and len(forts) > 1
        if trench and not any(n in forts for n in hexmap.neighbors(h)):
            message = f"{name} touches no other trench or bunker (rules 3.4)"
            out.append(SetupProblem(message, key="zones", warning=True))
    return out
