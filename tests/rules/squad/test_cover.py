"""Saves and cover (rules 3.4), each threshold and cap with scripted dice, through the real
line-of-sight engine's visible share.

The firer is an HMG team: beyond 4 hexes only its HMG rolls, 4 dice at 5+, so the dice
``5, 5, 6, 6`` are 4 hits and the next 4 faces are the target's save roll. The games here
have the ``morale`` module off, so that no morale test follows a loss (rules 3.7 has its
own tests).
"""

from __future__ import annotations

from tabletop.hexgrid import HexSide
from tabletop.model import MODULES, HexMarker
from tabletop.rules.squad.cover import entry_sides, save_spec
from tests.helpers.squad_world import act, hx, los_of, rolls, standing, unit, world

HITS = [5, 5, 6, 6]
NO_MORALE = sorted(MODULES["squad"] - {"morale"})


def shoot(state, target: str, saves: list[int]) -> tuple[str, int]:
    """Fire ``f`` at ``target``; (the save's need, saves made). Within 4 hexes the team's two
    soldiers roll first (1 die each at 6+): they miss."""
    close = state.unit("f").hex.distance(state.unit(target).hex) <= 4
    result = act(state, "fire", dice=[1, 1] * close + HITS + saves, unit="f", target=target)
    save = [r for r in rolls(result) if r[1] == "save"]
    assert len(save) == 1, rolls(result)
    return save[0][2], save[0][4]


def firer(at: str = "0102") -> object:
    return unit("f", "HMG_TEAM", "german", at)


def game(target_type: str, at: str = "0505", fire_from: str = "0102", **kw):
    kw.setdefault("rules", NO_MORALE)
    return world([firer(fire_from), unit("t", target_type, "soviet", at)], phase="shooting", **kw)


def test_in_the_open_no_save_is_rolled() -> None:
    state = game("RIFLE_SQUAD")
    result = act(state, "fire", dice=HITS, unit="f", target="t")
    assert [r[1] for r in rolls(result)] == ["to_hit"]
    assert len(standing(state, "t")) == 6


def test_woods_save_on_6() -> None:
    state = game("RIFLE_SQUAD", terrain={"0505": "woods"})
    assert shoot(state, "t", [6, 5, 5, 1]) == ("6+", 1)
    assert len(standing(state, "t")) == 7  # 3 wounds: 3 soldiers fall


def test_only_a_small_part_visible_improves_woods_to_5() -> None:
    # 0403 and 0405 hide 56% of 0505 from 0102; the line of centres stays clear
    state = game("RIFLE_SQUAD", terrain={"0505": "woods", "0403": "town", "0405": "town"})
    assert los_of(state).visible_share(hx("0102"), hx("0505")) < 0.5
    spec = save_spec(state, state.unit("t"), hx("0102"), los_of(state))
    assert spec.steps == ("only a small part visible",)
    assert shoot(state, "t", [5, 5, 4, 1]) == ("5+", 2)


def test_small_part_visible_never_improves_none() -> None:
    state = game("RIFLE_SQUAD", terrain={"0403": "town", "0405": "town"})
    result = act(state, "fire", dice=HITS, unit="f", target="t")
    assert [r[1] for r in rolls(result)] == ["to_hit"]


def test_trench_saves_on_5_never_improved_even_for_elite_troops() -> None:
    state = game("ASSAULT_SQUAD", terrain={"0505": "trench", "0403": "town", "0405": "town"})
    spec = save_spec(state, state.unit("t"), hx("0102"), los_of(state))
    assert (spec.need, spec.base, spec.steps) == (5, "trench", ())
    assert shoot(state, "t", [5, 4, 4, 4]) == ("5+", 1)


def test_bunker_saves_on_4() -> None:
    state = game("HMG_TEAM", bunkers={"0505": ["0605"]})
    assert shoot(state, "t", [4, 3, 3, 3]) == ("4+", 1)


def test_elite_troops_save_on_6_in_the_open_and_one_better_in_cover_capped_at_5() -> None:
    state = game("SNIPERS")
    assert shoot(state, "t", [6, 6, 5, 5]) == ("6+", 2)
    state = game("ASSAULT_SQUAD", terrain={"0505": "woods"})
    assert shoot(state, "t", [5, 5, 4, 4]) == ("5+", 2)
    # woods 6+, elite -1, small part -1: 4+ is capped to 5+
    state = game("ASSAULT_SQUAD", terrain={"0505": "woods", "0403": "town", "0405": "town"})
    spec = save_spec(state, state.unit("t"), hx("0102"), los_of(state))
    assert (spec.need, spec.caps) == (5, ("never better than 5+",))


def test_sailors_never_better_than_6() -> None:
    state = game("NAVAL_INFANTRY", terrain={"0505": "woods", "0403": "town", "0405": "town"})
    spec = save_spec(state, state.unit("t"), hx("0102"), los_of(state))
    assert spec.caps == ("conspicuous troops never better than 6+",)
    assert shoot(state, "t", [6, 5, 5, 5]) == ("6+", 1)
    state = game("NAVAL_INFANTRY", terrain={"0505": "trench"})
    assert shoot(state, "t", [6, 5, 5, 5]) == ("6+", 1)


def test_a_wall_hexside_gives_6_and_does_not_also_screen() -> None:
    # from 0303 the line enters 0505 across 0404/0505; that wall hides 2/3 of the hex
    wall = {("0404", "0505"): ("wall",)}
    state = game("RIFLE_SQUAD", fire_from="0303", hexsides=wall)
    assert entry_sides(hx("0303"), hx("0505")) == (HexSide(hx("0404"), hx("0505")),)
    assert los_of(state).visible_share(hx("0303"), hx("0505")) < 0.5
    spec = save_spec(state, state.unit("t"), hx("0303"), los_of(state))
    assert (spec.need, spec.base, spec.steps) == (6, "wall 0404/0505", ())
    assert shoot(state, "t", [6, 5, 5, 5]) == ("6+", 1)


def test_woods_behind_a_wall_save_on_5() -> None:
    wall = {("0404", "0505"): ("wall",)}
    state = game("RIFLE_SQUAD", fire_from="0303", hexsides=wall, terrain={"0505": "woods"})
    spec = save_spec(state, state.unit("t"), hx("0303"), los_of(state))
    assert (spec.base, spec.steps) == ("woods", ("only a small part visible",))
    assert shoot(state, "t", [5, 5, 5, 1]) == ("5+", 3)


def test_a_wall_the_line_does_not_cross_gives_nothing() -> None:
    wall = {("0505", "0506"): ("wall",)}  # the far side of the target hex
    state = game("RIFLE_SQUAD", fire_from="0303", hexsides=wall)
    assert save_spec(state, state.unit("t"), hx("0303"), los_of(state)).need is None


def test_a_fence_and_an_embankment_give_6_too() -> None:
    for feature in ("fence", "embankment"):
        state = game("RIFLE_SQUAD", fire_from="0303", hexsides={("0404", "0505"): (feature,)})
        assert save_spec(state, state.unit("t"), hx("0303"), los_of(state)).need == 6


def test_a_wreck_gives_6() -> None:
    state = game("RIFLE_SQUAD", markers=[HexMarker(hx("0505"), "wreck")])
    assert shoot(state, "t", [6, 1, 1, 1]) == ("6+", 1)


def test_vehicles_have_no_trench_or_bunker_save_but_woods_yes() -> None:
    at = world(
        [unit("f", "AT_GUN", "german", "0102"), unit("t", "ARMORED_CAR", "soviet", "0505")],
        phase="shooting",
        terrain={"0505": "trench"},
    )
    assert save_spec(at, at.unit("t"), hx("0102"), los_of(at)).need is None
    at = world(
        [unit("f", "AT_GUN", "german", "0102"), unit("t", "ARMORED_CAR", "soviet", "0505")],
        phase="shooting",
        terrain={"0505": "woods"},
    )
    assert save_spec(at, at.unit("t"), hx("0102"), los_of(at)).need == 6


def test_entrenched_saves_on_6_improvable_to_5() -> None:
    dug = unit("t", "RIFLE_SQUAD", "soviet", "0505", markers=["entrenched"])
    state = world([firer(), dug], phase="shooting", rules=NO_MORALE)
    assert shoot(state, "t", [6, 5, 5, 5]) == ("6+", 1)
    dug = unit("t", "ASSAULT_SQUAD", "soviet", "0505", markers=["entrenched"])
    state = world([firer(), dug], phase="shooting", terrain={"0403": "town", "0405": "town"})
    spec = save_spec(state, state.unit("t"), hx("0102"), los_of(state))
    assert (spec.need, len(spec.steps)) == (5, 2)


def test_cover_saves_module_off_leaves_only_the_elite_6() -> None:
    off = ["entrenchment", "medics"]
    state = game("RIFLE_SQUAD", terrain={"0505": "woods"}, rules=off)
    assert save_spec(state, state.unit("t"), hx("0102"), los_of(state)).need is None
    state = game("SNIPERS", terrain={"0505": "woods"}, rules=off)
    spec = save_spec(state, state.unit("t"), hx("0102"), los_of(state))
    assert (spec.need, spec.steps) == (6, ())


def test_entry_sides_one_side_or_both_at_a_corner() -> None:
    one = entry_sides(hx("0303"), hx("0505"))
    two = entry_sides(hx("0105"), hx("0505"))  # along hexsides: through a corner
    assert len(one) == 1 and len(two) == 2
    for neighbour in hx("0505").neighbors():
        (side,) = entry_sides(neighbour, hx("0505"))
        assert set(side.hexes()) == {neighbour, hx("0505")}


def test_a_target_exactly_half_visible_counts_as_a_small_part() -> None:
    """ "At most half" holds at the boundary. From 0202 the line of centres to 0605 grazes a
    corner of the town 0304, so the town's shadow takes exactly the half of 0605 on its side
    of the line (any line through a hex's centre halves it); in floating point the share
    comes out a hair above one half."""
    state = game("RIFLE_SQUAD", at="0605", fire_from="0202",
                 terrain={"0605": "woods", "0304": "town"})  # fmt: skip
    layout = state.scenario.map.layout()
    (ax, ay), (bx, by) = layout.hex_to_pixel(hx("0202")), layout.hex_to_pixel(hx("0605"))
    sides = [(bx - ax) * (y - ay) - (by - ay) * (x - ax) for x, y in layout.corners(hx("0304"))]
    assert min(abs(v) for v in sides) < 1e-6 and min(sides) > -1e-6  # grazes one corner
    share = los_of(state).visible_share(hx("0202"), hx("0605"))
    assert abs(share - 0.5) < 1e-12
    spec = save_spec(state, state.unit("t"), hx("0202"), los_of(state))
    assert (spec.need, spec.steps) == (5, ("only a small part visible",))
    assert shoot(state, "t", [5, 5, 4, 1]) == ("5+", 2)


class _Share:
    """The real engine, with the visible share of every hex set to ``share``."""

    def __init__(self, los: object, share: float) -> None:
        self.los, self.share = los, share

    def __getattr__(self, name: str) -> object:
        return getattr(self.los, name)

    def visible_share(self, *args: object) -> float:
        return self.share


def test_the_tolerance_is_only_for_floating_point_noise() -> None:
    state = game("RIFLE_SQUAD", terrain={"0505": "woods"})
    t = state.unit("t")
    for share, steps in ((0.5 + 1e-12, ("only a small part visible",)), (0.5 + 1e-6, ())):
        spec = save_spec(state, t, hx("0102"), _Share(los_of(state), share))
        assert spec.steps == steps, share
