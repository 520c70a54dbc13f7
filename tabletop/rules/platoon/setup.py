"""What the platoon ruleset says about a scenario's setup (``tabletop.model.setup.Setup``).

A platoon scenario's sides have formations of chits, drawn from a cup (rules 2.1): every
unit names its formation, and the game starts by drawing the first chit. A unit may carry
a support weapon counter. There is no first side, no reinforcement, no air strike, and no
cargo key: infantry stands beside its transport and loads with its first action (2.10).
The map may not use the squad game's own terrain (the bunker).
"""

from __future__ import annotations

from operator import attrgetter

from tabletop.model import GameState, PlatoonUnitType, Scenario, UnitState
from tabletop.model.flagspec import GAME_FLAGS
from tabletop.model.setup import Feature, SetupProblem

__all__ = ["PlatoonSetup"]

WITHOUT: dict[Feature, str] = {
    "first_side": "a platoon scenario draws chits: it has no 'first' side",
    "reinforcements": (
        "the platoon ruleset brings no reinforcements into play (their arrival, rules 3.10, "
        "is a squad rule): a platoon scenario places every unit at the start"
    ),
    "air_strikes": "air strikes are a squad rule (3.9): a platoon scenario has none",
    "cargo": "a platoon scenario puts its infantry beside its transport; it loads in play",
}
"""What a platoon scenario has not, and why (each feature of ``model.setup.Feature``)."""


class PlatoonSetup:
    """The setup questions of the platoon ruleset (its ruleset object inherits them)."""

    name = "platoon"
    description = (
        "Modern platoons (1980s): one counter a platoon with a full and a reduced side; "
        "formations activate by chits drawn from a cup (rules 2)."
    )
    unit_type = PlatoonUnitType
    phases = ("draw", "impulse", "marker_removal", "finished")
    game_flags = GAME_FLAGS["platoon"]

    def has(self, feature: Feature) -> bool:
        return feature not in WITHOUT

    def lacks(self, feature: Feature) -> str:
        return WITHOUT.get(feature, "")

    def start(self, state: GameState) -> None:
        state.cup = state.scenario.initial_cup()
        state.phase = "draw"

    def carrier_problem(
        self, scenario: Scenario, unit: UnitState, carrier_id: str, *, count_room: bool = True
    ) -> str | None:
        return WITHOUT["cargo"]

    def setup_problems(self, scenario: Scenario) -> list[SetupProblem]:
        hexmap = scenario.map
        squad_only = {name for name, t in hexmap.chart.terrain.items() if t.squad_only}
        if squad_only.isdisjoint(map(attrgetter("terrain"), hexmap.cells.values())):
            return []  # (the usual answer, found in C over the map's cells)
        bad = sorted(h for h, c in hexmap.cells.items() if c.terrain in squad_only)
        shown = ", ".join(f"{hexmap.label(h)} ({hexmap.cells[h].terrain})" for h in bad[:5])
        more = f" and {len(bad) - 5} more" if len(bad) > 5 else ""
        message = f"a platoon scenario's map may not use squad-only terrain: {shown}{more}"
        return [SetupProblem(message, key="map")]
