"""Small platoon games built in code, and ``BlockedPairs``, a line-of-sight test double.

The map is 20 x 20 hexes (labels ``0101`` to ``2020``), clear unless a test says otherwise,
with the standard chart's values (rules 2.5) for the terrain used here. Two sides: ``blue``
(formation ``b1``, one chit) and ``red`` (``r1``, one chit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import (
    Bonus,
    Conceals,
    GameState,
    Grid,
    HexCell,
    HexMap,
    HexMarker,
    HexMarkerType,
    HexsideFeatureType,
    Kind,
    LosEffect,
    Movement,
    Options,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    Scenario,
    SideDef,
    Status,
    TargetClass,
    TerrainChart,
    TerrainType,
    UnitState,
)
from tabletop.rules import ActionRequest, ActionResult, LosResult, ScriptedDice, Viewpoint, engine


def _terrain(
    name: str, code: str, inf: int | None, veh: int | None, conceals: str,
    los: str, foot: int | None, vehicle: int | None, **kw: Any,
) -> TerrainType:  # fmt: skip
    return TerrainType(
        name, code, bonus=Bonus(inf, veh), conceals=Conceals(conceals), los=LosEffect(los),
        movement=Movement(foot, vehicle), **kw,
    )  # fmt: skip


CHART = TerrainChart(
    name="test",
    terrain={
        t.name: t
        for t in (
            _terrain("clear", ".", 0, 0, "none", "clear", 1, 1),
            _terrain("crops", "c", 1, 0, "infantry", "clear", 1, 2),
            _terrain("rough", "r", 1, 1, "all", "hinder", 2, 3),
            _terrain("woods", "w", 1, 1, "all", "block", 1, 2),
            _terrain("town", "t", 2, 2, "all", "block", 1, 2),
            _terrain("ruins", "u", 2, 2, "all", "block", 2, 3),
            _terrain("swamp", "s", 0, 0, "none", "clear", 2, None),
            _terrain("water", "~", None, None, "none", "clear", 3, 3, amphibious_only=True),
        )
    },
    hexsides={
        "road": HexsideFeatureType("road", movement=1),
        "river": HexsideFeatureType("river", blocks_movement=True),
        "bridge": HexsideFeatureType("bridge", movement=1, cancels=("river",)),
    },
    markers={
        "wreck": HexMarkerType("wreck", Bonus(1, 1), Conceals.ALL, LosEffect.CLEAR),
        "smoke": HexMarkerType("smoke", Bonus(1, 1), Conceals.NONE, LosEffect.BLOCK),
        "rubble": HexMarkerType(
            "rubble", Bonus(2, 1), Conceals.ALL, LosEffect.HINDER, replaces_terrain=True
        ),
    },
)


def r(firepower: int, rng: int, hit: int, **kw: bool) -> Rating:
    return Rating(firepower, rng, hit, **kw)


def _type(tid: str, kind: Kind, target: TargetClass, full: PlatoonSide,
          reduced: PlatoonSide | None = None, **kw: Any) -> PlatoonUnitType:  # fmt: skip
    sides = {"full": full} if reduced is None else {"full": full, "reduced": reduced}
    return PlatoonUnitType(tid, tid, kind, target, sides, **kw)


TYPES: dict[str, PlatoonUnitType] = {
    t.id: t
    for t in (
        _type("TANK", Kind.TANK, TargetClass.ARMORED,
              PlatoonSide(ap=r(3, 10, 4), he=r(2, 10, 5), armor=2, save=5, movement=8),
              PlatoonSide(ap=r(2, 10, 4), he=r(1, 10, 5), armor=2, save=5, movement=8)),
        _type("MFTANK", Kind.TANK, TargetClass.ARMORED,
              PlatoonSide(ap=r(4, 10, 4), armor=3, save=5, movement=9),
              PlatoonSide(ap=r(3, 10, 4), armor=3, save=5, movement=9), moving_fire=True),
        _type("IFV", Kind.IFV, TargetClass.LIGHT_ARMORED,
              PlatoonSide(ap=r(2, 6, 4, missile=True, moving_fire=True), he=r(2, 6, 5),
                          armor=1, save=6, movement=10),
              PlatoonSide(ap=r(1, 6, 4, missile=True), he=r(1, 6, 5), armor=1, save=6,
                          movement=10)),
        _type("INF", Kind.INFANTRY, TargetClass.UNARMORED,
              PlatoonSide(he=r(3, 4, 5), movement=3, morale=7),
              PlatoonSide(he=r(2, 4, 5), movement=3, morale=6)),
        _type("RECON", Kind.RECON, TargetClass.UNARMORED,
              PlatoonSide(he=r(1, 3, 5), movement=12)),
        _type("TRUCK", Kind.TRUCK, TargetClass.UNARMORED, PlatoonSide(movement=12)),
        _type("HELI", Kind.HELICOPTER, TargetClass.UNARMORED,
              PlatoonSide(ap=r(4, 8, 4, missile=True), aa=r(2, 4, 5), movement=24),
              None),
    )
}  # fmt: skip
# A helicopter's sides are its modes (rules 2.7).
TYPES["HELI"] = PlatoonUnitType(
    "HELI", "HELI", Kind.HELICOPTER, TargetClass.UNARMORED,
    {"flying": PlatoonSide(ap=r(4, 8, 4, missile=True), aa=r(2, 4, 5), movement=24),
     "noe": PlatoonSide(ap=r(4, 8, 4, missile=True), aa=r(2, 4, 5), movement=0)},
)  # fmt: skip


def hx(label: str) -> Hex:
    return GRID.scheme().parse(label)


GRID = Grid(20, 20)


def unit(uid: str, type_id: str, side: str, at: str, **kw: Any) -> UnitState:
    formation = kw.pop("formation", "b1" if side == "blue" else "r1")
    return UnitState(uid, type_id, side, hx(at), formation=formation, **kw)


def world(
    units: Sequence[UnitState],
    *,
    terrain: dict[str, str] | None = None,
    hexsides: dict[tuple[str, str], tuple[str, ...]] | None = None,
    markers: Iterable[HexMarker] = (),
    rules: Iterable[str] | None = None,
    options: Options | None = None,
    turns: int = 3,
    active: str | None = "b1",
) -> GameState:
    """A game with these units; ``active`` formation's impulse drawn (None: turn start)."""
    hex_map = HexMap("test", CHART, GRID)
    for label, name in (terrain or {}).items():
        hex_map.cells[hx(label)] = HexCell(name)
    for (a, b), features in (hexsides or {}).items():
        hex_map.hexsides[HexSide.between(hx(a), hx(b))] = features
    scenario = Scenario(
        name="test", ruleset="platoon", map=hex_map, unit_types=dict(TYPES),
        sides={"blue": SideDef("blue", "Blue", {"b1": 1}), "red": SideDef("red", "Red", {"r1": 1})},
        units=list(units), turns=turns,
        rules=None if rules is None else frozenset(rules), options=options or Options(),
        hex_markers=list(markers),
    )  # fmt: skip
    state = scenario.new_game()
    if active is not None:
        act(state, "draw", formation=active)
    return state


class BlockedPairs:
    """A real ``LineOfSight`` whose blocked hex pairs (both ways) and reasons a test sets."""

    def __init__(self, blocked: dict[tuple[str, str], str] | None = None) -> None:
        self.blocked: dict[frozenset[Hex], tuple[str, str]] = {}
        for (a, b), reason in (blocked or {}).items():
            self.block(a, b, reason)
        self.calls: list[tuple[Hex, Hex]] = []

    def block(self, a: str, b: str, by: str, reason: str | None = None) -> None:
        """Block the line from a to b: ``by`` names the blocking hex (``"0505 (town)"``)."""
        self.blocked[frozenset({hx(a), hx(b)})] = (by, reason or f"{by} blocks")

    def check(self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()) -> LosResult:
        self.calls.append((a.hex, b.hex))
        hit = self.blocked.get(frozenset({a.hex, b.hex}))
        if hit is None:
            return LosResult(a.hex, b.hex, a.hex.distance(b.hex), True)
        blocker = hx(hit[0].split()[0])
        return LosResult(a.hex, b.hex, a.hex.distance(b.hex), False, (blocker,), reason=hit[1])

    def visible_from(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> frozenset[Hex]:
        return frozenset(h for h in GRID_HEXES if frozenset({a.hex, h}) not in self.blocked)

    def visible_share(self, a: Hex, b: Hex, markers: Sequence[HexMarker] = ()) -> float:
        return 0.0 if frozenset({a, b}) in self.blocked else 1.0


GRID_HEXES = tuple(HexMap("grid", CHART, GRID).all_hexes())
CLEAR = BlockedPairs()


def request(action: str, **kw: Any) -> ActionRequest:
    for key in ("units", "to"):
        if isinstance(kw.get(key), str):
            kw[key] = (kw[key],)
    if "unit" in kw:
        kw["units"] = (kw.pop("unit"),)
    return ActionRequest(action, **kw)


def act(state: GameState, action: str, dice: Sequence[int] = (),
        los: BlockedPairs = CLEAR, **kw: Any) -> ActionResult:  # fmt: skip
    """Perform an action with exactly these dice (too few or too many fail the test)."""
    scripted = ScriptedDice(dice)
    result = engine.perform(state, request(action, **kw), scripted, los)
    scripted.check_all_used()
    return result


def reasons(state: GameState, action: str, los: BlockedPairs = CLEAR, **kw: Any) -> list[str]:
    return engine.ruleset_for("platoon").check(state, request(action, **kw), los)


def status(state: GameState, uid: str) -> tuple[str, str, bool]:
    """(step, status, eliminated) of a unit."""
    u = state.unit(uid)
    return u.step, u.status.value, u.status is Status.ELIMINATED


def events(result: ActionResult) -> list[dict[str, Any]]:
    return [e.to_json() for e in result.events]
