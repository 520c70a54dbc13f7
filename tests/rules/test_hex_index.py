"""The hex index behind ``units_at``, ``enemies_of``, ``units_near`` and ``cargo_of``, and
the searches that read it (a reach, the opportunity firers of a move, a mortar's
spotters): by counting work -- table scans, units re-placed, ``plan_fire`` calls, sight
lines -- never clocks (benchmarks/bench_query.py times them on the 200 x 200 game)."""

from __future__ import annotations

import random

import pytest

from tabletop.data import load_scenario
from tabletop.geometry import LosEngine
from tabletop.geometry import table as ray_table
from tabletop.model import GameState, Memento, Status, UnitState, recording, where
from tabletop.paths import SCENARIOS
from tabletop.rules.los import Viewpoint, counted_range
from tabletop.rules.platoon import RULESET, indirect, pause
from tabletop.rules.platoon.common import OPS_COMPLETE, pside
from tabletop.rules.query import QueryState, SeenOnce, available_actions, reach
from tests.helpers.passes import count_unit_passes
from tests.helpers.platoon_world import CLEAR, BlockedPairs, act, hx, unit, world


def _scan_at(state: GameState, h: object) -> list[UnitState]:
    return sorted((u for u in state.units.values() if u.hex == h and u.alive), key=lambda u: u.id)


def _scan_near(state: GameState, h: object, radius: int) -> list[UnitState]:
    return sorted((u for u in state.units.values() if u.hex is not None and u.alive
                   and u.hex.distance(h) <= radius), key=lambda u: u.id)  # fmt: skip


def _same_as_a_scan(state: GameState) -> None:
    hexes = {u.hex for u in state.units.values() if u.hex is not None} | {hx("0101")}
    for h in hexes:
        assert state.units_at(h) == _scan_at(state, h)
        for radius in (0, 1, 3, 9, 20):
            assert state.units_near(h, radius) == _scan_near(state, h, radius)
    for side in ("blue", "red"):
        scan = sorted((u for u in state.units.values() if u.side != side and u.on_map),
                      key=lambda u: u.id)  # fmt: skip
        assert state.enemies_of(side) == scan
    for carrier in [*state.units, "nobody"]:
        aboard = sorted((u for u in state.units.values() if u.carrier == carrier and u.alive),
                        key=lambda u: u.id)  # fmt: skip
        assert state.cargo_of(carrier) == aboard
        armed = sorted((u for u in state.units.values() if u.sw_of == carrier and u.alive),
                       key=lambda u: u.id)  # fmt: skip
        assert state.weapons_of(carrier) == armed
    assert state.sides_on_map() == {u.side for u in state.units.values() if u.on_map}


def test_the_index_answers_as_a_scan_through_moves_losses_loads_and_undo() -> None:
    units = [unit(f"b{k}", "INF", "blue", f"{1 + k % 7:02d}{1 + k // 7:02d}") for k in range(30)]
    units += [unit(f"r{k}", "TANK", "red", f"{12 + k % 5:02d}{3 + k // 5:02d}") for k in range(20)]
    state = world(units)
    rng = random.Random(3)
    _same_as_a_scan(state)
    for step in range(70):
        u = state.units[rng.choice(sorted(state.units))]
        with recording(state) as journal:
            kind = step % 7
            if kind in (0, 1, 2):
                u.hex = hx(f"{rng.randint(1, 20):02d}{rng.randint(1, 20):02d}")
            elif kind == 3:
                u.status = rng.choice((Status.ELIMINATED, Status.GOOD_ORDER, Status.DISRUPTED))
            elif kind == 4:
                u.hex = None
            elif kind == 5:
                u.side = "red" if u.side == "blue" else "blue"
            elif step % 2:  # aboard another unit (anywhere: the index does not ask where)
                u.carrier = rng.choice((None, "r1", "r2", rng.choice(sorted(state.units))))
            else:  # the support weapon of another unit, or nobody's
                u.sw_of = rng.choice((None, "r1", "b3", rng.choice(sorted(state.units))))
        _same_as_a_scan(state)
        if step % 5 == 4:  # undo that write: the table gets copies of the originals
            Memento(journal.units, state.rest_copy()).restore(state)
            _same_as_a_scan(state)
    scratch = state.units["b1"].copy()  # a unit no table holds: its writes change nothing
    scratch.hex = hx("2020")
    _same_as_a_scan(state)
    del state.units["b2"]
    _same_as_a_scan(state)
    for u in list(state.units.values()):
        if u.side == "red":
            u.status = Status.ELIMINATED
    _same_as_a_scan(state)  # (one side left on the map)
    assert QueryState.of(state).units_at(hx("0101")) == _scan_at(state, hx("0101"))


def test_a_write_re_places_only_its_unit() -> None:
    state = world([unit(f"b{k}", "INF", "blue", f"{1 + k % 9:02d}{1 + k // 9:02d}")
                   for k in range(80)])  # fmt: skip
    state.units_at(hx("0101"))  # built
    where.stats.reset()
    state.units["b5"].hex = hx("1818")
    state.units["b6"].status = Status.ELIMINATED
    state.units["b7"].status = state.units["b7"].status  # the same value: no write
    assert [u.id for u in state.units_at(hx("1818"))] == ["b5"]
    assert (where.stats.rebuilds, where.stats.replaced) == (0, 2)


def test_a_reach_never_scans_the_unit_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step of the search asks who stands in the hex it enters: the index answers,
    not a pass over every unit (before: one pass per step, hundreds per reach)."""
    units = [unit("t1", "TANK", "blue", "1010")]
    units += [unit(f"r{k}", "INF", "red", f"{1 + k % 20:02d}{1 + k // 20 * 4:02d}")
              for k in range(60)]  # fmt: skip
    state = world(units)
    state.units_at(hx("0101"))
    passes = count_unit_passes(monkeypatch)
    report = reach(state, CLEAR, "t1")
    assert len(report.reach) > 100
    assert passes["values"] <= 2, passes  # the move's own check, not the search


def test_a_move_on_a_crowded_map_never_passes_over_the_unit_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move (its riders, the sides still on the map before and after it, its opportunity
    firers) reads the index: no pass over every unit (before: four per move, 40,000 units
    read per move on the big game)."""
    units = [unit("t1", "TANK", "blue", "1010")]
    units += [unit(f"b{k}", "INF", "blue", f"{1 + k % 20:02d}{1 + k // 20:02d}")
              for k in range(0, 200, 3)]  # fmt: skip
    units += [unit(f"r{k}", "INF", "red", f"{1 + k % 20:02d}{15 + k // 20:02d}")
              for k in range(60)]  # fmt: skip
    state = world(units)
    state.units_at(hx("0101"))
    passes = count_unit_passes(monkeypatch)
    act(state, "move", units=["t1"], to=["1110"])
    assert state.units["t1"].hex == hx("1110")
    assert passes["values"] == 0, passes


def _old_firers(state: GameState, mover: UnitState) -> list[str]:
    """The search as it was: every enemy, every rating."""
    out = []
    for enemy in state.enemies_of(mover.side):
        if enemy.sw_of or enemy.carrier or not enemy.good_order or enemy.has(OPS_COMPLETE):
            continue
        if any(pause.plan_fire(state, enemy, mover, w.value, CLEAR)[0] is not None
               for w in pside(state, enemy).ratings()):  # fmt: skip
            out.append(enemy.id)
    return out


def _count_planned(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The firers ``pause.plan_fire`` is asked of from now on, one entry a call."""
    asked: list[str] = []
    plain = pause.plan_fire

    def counting(state, firer, target, weapon, los, **kw):
        asked.append(firer.id)
        return plain(state, firer, target, weapon, los, **kw)

    monkeypatch.setattr(pause, "plan_fire", counting)
    return asked


def test_opportunity_firers_ask_only_enemies_whose_ratings_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Red infantry (HE range 4, 8 at extended range) and tanks (10, 20) at every
    distance from the mover: ``plan_fire`` is asked only of those in their own reach."""
    units = [unit("b1", "INF", "blue", "1010")]
    units += [unit(f"i{k}", "INF", "red", f"{1 + k:02d}03") for k in range(20)]
    units += [unit(f"t{k}", "TANK", "red", f"{1 + k:02d}18") for k in range(20)]
    state = world(units)
    mover = state.units["b1"]
    expected = _old_firers(state, mover)
    asked = _count_planned(monkeypatch)
    assert pause.opportunity_firers(state, mover, CLEAR) == expected
    here = mover.hex
    assert here is not None
    in_reach = {u.id for u in state.units.values() if u.side == "red" and u.hex is not None
                and counted_range(u.hex, here, state.scenario.options)
                <= (8 if u.type_id == "INF" else 20)}  # fmt: skip
    assert set(asked) == in_reach and len(in_reach) < 40
    assert len(asked) <= 2 * len(in_reach)  # (a tank asks its two ratings)


@pytest.fixture(scope="module")
def demo() -> tuple[GameState, LosEngine]:
    sc = load_scenario(SCENARIOS / "demo-platoon.yaml")
    return sc.new_game(), LosEngine(sc.map, sc.options)


@pytest.mark.parametrize("few", [0, 8])
def test_a_check_finds_spotters_as_the_first_in_unit_id_order_would(
    demo: tuple[GameState, LosEngine], few: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On every fifth hex of the demo for both sides: whether some unit spots and the refusal
    are those of asking each candidate's sight line in unit-id order (LOS is reciprocal,
    rules 4.1, so one pass over the lines from the hex decides every ground spotter; with
    ``few`` spotters or less, their lines one by one)."""
    state, los = demo
    monkeypatch.setattr(indirect, "FEW_SPOTTERS", few)
    for side in ("nato", "pact"):
        for h in sorted(state.scenario.map.cells)[few % 5 :: 5]:
            exact = indirect.spotter_of(state, side, h, los)
            fast = indirect.spotter_of(state, side, h, los, first=False)
            assert (fast[0] is None, fast[1]) == (exact[0] is None, exact[1]), h
            if fast[0] is not None:
                spotter = state.units[fast[0]]
                assert spotter.hex is not None
                view = Viewpoint(spotter.hex)
                assert spotter.hex.distance(h) <= 1 or los.check(view, Viewpoint(h)).clear
            brief = indirect.spotter_of(state, side, h, los, first=False, explain=False)
            assert brief[0] == fast[0] and bool(brief[1]) == bool(fast[1])


def _first_in_order(state: GameState, side: str, h, los: LosEngine) -> str | None:
    """The spotter as rules 2.11 name it: the first candidate in unit-id order that is
    adjacent or whose own sight line to the hex is clear (line by line)."""
    markers = indirect.los_markers(state)
    for spotter, view in indirect._spotters(state, side):
        if view.hex.distance(h) <= 1 or los.check(view, Viewpoint(h), markers).clear:
            return spotter.id
    return None


@pytest.mark.parametrize("few", [0, 8])
def test_the_named_spotter_is_the_first_in_unit_id_order_that_sees(
    demo: tuple[GameState, LosEngine], few: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The spotter a plan, the odds and the forecast name (``first=True``), on every third
    hex of the demo for both sides: that of asking each candidate's line in unit-id order,
    whether decided line by line (``few`` spotters or less) or from one pass of the engine
    over the ground spotters' lines from the hex (more), asking no line per spotter."""
    state, los = demo
    monkeypatch.setattr(indirect, "FEW_SPOTTERS", few)
    counting = CountingLos(state.scenario.map, state.scenario.options)
    for side in ("nato", "pact"):
        for h in sorted(state.scenario.map.cells)[::3]:
            want = _first_in_order(state, side, h, los)
            CountingLos.lines = 0
            got = indirect.spotter_of(state, side, h, counting)
            assert got[0] == want, (side, h)
            helicopters = sum(v.helicopter_mode is not None
                              for _, v in indirect._spotters(state, side))  # fmt: skip
            if few == 0 and want is not None:
                assert CountingLos.lines <= helicopters


class CountingLos(LosEngine):
    """The engine, counting its single sight lines and its passes over many."""

    lines = 0
    passes = 0
    among = 0

    def check(self, a, b, markers=()):
        CountingLos.lines += 1
        return super().check(a, b, markers)

    def visible_among(self, a, hexes, markers=()):
        CountingLos.passes += 1
        CountingLos.among += len(hexes)
        return super().visible_among(a, hexes, markers)


def test_a_mortars_fire_choices_ask_no_line_per_spotter_and_hex(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every hex a mortar may fire at: the spotters are decided nearest first, in passes
    of the engine over at most one line per spotter and hex (a hex a near spotter sees
    stops there), the reasons (every spotter's blocked line) only when the fire is refused
    outright; the choices are those of ``check``."""
    monkeypatch.setattr(indirect, "FEW_SPOTTERS", 0)  # (the demo has a few: the big map's way)
    sc = load_scenario(SCENARIOS / "demo-platoon.yaml")
    state = sc.new_game()
    los = CountingLos(sc.map, sc.options)
    mortar = state.units["sov-mortar-1"]
    act(state, "draw", formation=mortar.formation)
    option = available_actions(state, los, units=[mortar.id], lazy=True).unit(mortar.id)
    fire = option.option("fire")
    hexes = [r for r in fire._candidates if r.hex is not None]
    assert len(hexes) >= 3
    CountingLos.lines = CountingLos.passes = CountingLos.among = 0
    choices = fire.choices
    direct = len(fire._candidates) - len(hexes)
    spotters = len(indirect._spotter_hexes(QueryState.of(state), mortar.side)[1])
    assert CountingLos.lines <= direct and CountingLos.among <= len(hexes) * spotters
    assert choices == tuple(r for r in fire._candidates if not RULESET.check(state, r, los))


def test_an_aim_may_decide_only_the_hex_aimed_at() -> None:
    """``ActionOption.candidates``: every request of a deferred option, none decided; the
    one aimed at is decided alone (``plan_of``): one hex's spotter search, not every
    hex's."""
    sc = load_scenario(SCENARIOS / "demo-platoon.yaml")
    state = sc.new_game()
    los = CountingLos(sc.map, sc.options)
    mortar = state.units["sov-mortar-1"]
    act(state, "draw", formation=mortar.formation)
    fire = available_actions(state, los, units=[mortar.id], lazy=True).unit(mortar.id)
    option = fire.option("fire")
    CountingLos.lines = CountingLos.passes = CountingLos.among = 0
    candidates = option.candidates
    assert CountingLos.lines == CountingLos.passes == 0  # (nothing decided)
    hexes = [r for r in candidates if r.hex is not None]
    spotters = len(indirect._spotter_hexes(QueryState.of(state), mortar.side)[1])
    for aimed in hexes[:3]:
        legal = not RULESET.check(state, aimed, los)
        CountingLos.lines = CountingLos.among = 0
        plan = option.plan_of(aimed)
        assert (plan is not None) == legal
        assert CountingLos.lines + CountingLos.among <= spotters
    assert set(option.choices) <= set(candidates)
    refused = available_actions(state, los, units=[mortar.id]).unit(mortar.id).option("move")
    assert refused.candidates == refused.choices


def test_the_sight_line_memo_and_the_ray_table_keep_a_bounded_number(
    demo: tuple[GameState, LosEngine], monkeypatch: pytest.MonkeyPatch
) -> None:
    state, los = demo
    hexes = sorted(state.scenario.map.cells)
    monkeypatch.setattr(SeenOnce, "KEPT", 50)
    monkeypatch.setattr(ray_table, "LINE_PIECES_KEPT", 400)
    fresh = LosEngine(state.scenario.map, state.scenario.options)
    seen = SeenOnce(fresh, len(hexes))
    a = Viewpoint(hexes[0])
    answers = [seen.check(a, Viewpoint(h)).clear for h in hexes[1:400]]
    assert answers == [los.check(a, Viewpoint(h)).clear for h in hexes[1:400]]
    kept = fresh.table._lines
    assert len(seen._lines) <= 50 and 0 < len(kept) < 399
    assert fresh.table.line_pieces == sum(len(line.rel1) for line in kept.values()) <= 400


def test_the_sight_line_memo_keeps_a_bounded_number_of_fields_of_view(
    demo: tuple[GameState, LosEngine], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A field of view holds up to every hex of the map: the memo keeps a few of them (the
    oldest dropped, made again when asked: the same answers)."""
    state, los = demo
    hexes = sorted(state.scenario.map.cells)
    monkeypatch.setattr(SeenOnce, "FIELDS_KEPT", 2)
    seen = SeenOnce(los, len(hexes))
    seen.field_after = 3  # (a field after three lines from one hex)
    for a in [Viewpoint(h) for h in hexes[:5]] * 2:
        answers = [seen.clear(a, Viewpoint(h)) for h in hexes[100:120]]
        assert answers == [los.check(a, Viewpoint(h)).clear for h in hexes[100:120]]
        assert len(seen._fields) <= 2
    assert seen._fields  # (fields were read)


def test_opportunity_firers_plan_no_rating_of_an_enemy_that_cannot_see_the_mover(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An enemy in range but without a line of sight to the mover (and not adjacent) is
    refused by ``plan_fire``'s sight check whatever its rating: it is not planned at all;
    an adjacent one is, whatever the line (adjacent hexes see each other)."""
    los = BlockedPairs()
    los.block("0505", "0508", "0506 (town)")
    los.block("0505", "0506", "0506 (town)")
    red = [unit("far", "TANK", "red", "0508"), unit("near", "INF", "red", "0506"),
           unit("seen", "INF", "red", "0305")]  # fmt: skip
    state = world([unit("b1", "INF", "blue", "0505"), *red])
    mover = state.units["b1"]
    asked = _count_planned(monkeypatch)
    assert pause.opportunity_firers(state, mover, los) == ["near", "seen"]
    assert "far" not in asked and {"near", "seen"} <= set(asked)


def test_each_counter_type_works_out_its_longest_range_once() -> None:
    """``PlatoonUnitType.longest_range``: the longest printed range on any of its sides
    (infantry's HE 4, a tank's AP 10), kept on the (frozen) type; the scenario's is the
    largest of them (``pause._longest_range``)."""
    state = world([unit("i1", "INF", "red", "0303"), unit("t1", "TANK", "red", "0318")])
    types = state.scenario.unit_types
    assert (types["INF"].longest_range, types["TANK"].longest_range) == (4, 10)
    assert "longest_range" in vars(types["TANK"])  # (kept: asked at every hex a move enters)
    assert pause._longest_range(state) == max(
        t.longest_range for t in types.values() if hasattr(t, "longest_range")
    )
