"""Rules 4.1-4.6 on small hand-made maps (vertical lines along column 02 unless said)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry import LosEngine, explain_json, helicopter_level
from tabletop.hexgrid import DIAGONALS, HexSide
from tabletop.model import HexMap, HexMarker, Options
from tabletop.model.hexmap import HexCell
from tabletop.rules.los import LosResult, Viewpoint
from tests.helpers.maps import make_map


def los(m: HexMap, a: str, b: str, model: str = "waw", **kw: object) -> LosResult:
    engine = LosEngine(m, Options(los_model=model))
    markers = [HexMarker(hex=m.parse(h), kind=k) for h, k in kw.get("markers", [])]
    va = Viewpoint(m.parse(a), kw.get("mode_a"))
    vb = Viewpoint(m.parse(b), kw.get("mode_b"))
    result = engine.check(va, vb, markers)
    back = engine.check(vb, va, markers)
    assert back.clear == result.clear  # reciprocity, everywhere
    return result


def labels(m: HexMap, r: LosResult) -> dict[str, object]:
    return explain_json(r, m)


def test_woods_between_blocks() -> None:
    m = make_map({"0205": "woods"})
    j = labels(m, los(m, "0203", "0207"))
    assert j == {"from": "0203", "to": "0207", "range": 4, "clear": False,
                 "blocked_by": ["0205"], "hindrances": [], "grazed": [],
                 "reason": "0205 (woods) blocks"}  # fmt: skip


def test_one_rough_hinders_two_block() -> None:
    m = make_map({"0205": "rough"})
    r = los(m, "0203", "0207")
    assert r.clear and labels(m, r)["hindrances"] == ["0205"]
    m = make_map({"0205": "rough", "0206": "rough"})
    r = los(m, "0203", "0207")
    assert not r.clear and r.blocked_by == ()
    assert r.reason == "two hindrances: 0205 (rough), 0206 (rough)"


def test_own_hexes_never_block() -> None:
    m = make_map({"0203": "woods", "0207": "town"})
    assert los(m, "0203", "0207").clear


@pytest.mark.parametrize("b", ["0204", "0303", "0304", "0104", "0103"])
def test_adjacent_hexes_always_see(b: str) -> None:
    m = make_map({"0203": ("woods", 1), b: "town", "0202": "woods"})
    assert los(m, "0203", b).clear
    assert los(m, "0203", b, markers=[(b, "smoke")]).clear


def _graze_line(m: HexMap) -> tuple[str, str, HexSide]:
    engine = LosEngine(m)
    a = m.parse("0305")
    b = a + DIAGONALS[0] + DIAGONALS[0]
    side = engine.check(Viewpoint(a), Viewpoint(b)).grazed[0]
    return m.label(a), m.label(b), side


def test_line_along_side_of_two_woods_is_blocked_of_one_is_clear() -> None:
    a, b, side = _graze_line(make_map())
    s1, s2 = (make_map().label(h) for h in side.hexes())
    both = make_map({s1: "woods", s2: "woods"})
    r = los(both, a, b)
    assert not r.clear and sorted(labels(both, r)["blocked_by"]) == sorted([s1, s2])
    assert labels(both, r)["grazed"][0] == f"{s1}/{s2}"
    assert r.reason.endswith(" block")
    one = make_map({s1: "woods"})
    r = los(one, a, b)
    assert r.clear and labels(one, r)["grazed"][0] == f"{s1}/{s2}"


def test_hill_between_two_ground_units() -> None:
    m = make_map({"0205": ("clear", 1)})
    assert los(m, "0203", "0207").reason == "0205 (clear, level 1) blocks"


def test_two_hill_units_see_over_ground_woods_not_wooded_hill() -> None:
    m = make_map({"0203": ("clear", 1), "0207": ("clear", 1), "0205": "woods"})
    assert los(m, "0203", "0207").clear
    m = make_map({"0203": ("clear", 1), "0207": ("clear", 1), "0205": ("woods", 1)})
    assert not los(m, "0203", "0207").clear


def test_crest_blocks_unless_it_borders_a_unit() -> None:
    m = make_map({"0203": ("clear", 1), "0204": ("clear", 1)})
    r = los(m, "0203", "0207")
    assert labels(m, r)["blocked_by"] == ["0204/0205"]
    assert r.reason == "crest 0204/0205 blocks"
    assert los(m, "0204", "0207").clear  # the same line from the crest's edge
    assert los(m, "0207", "0204").clear
    m2 = make_map({"0203": ("clear", 1), "0204": ("clear", 1), "0205": ("clear", 1)})
    assert los(m2, "0203", "0206").clear  # the crest borders the ground unit's hex


def test_woods_next_to_ground_target_blocks_hill_unit_away_does_not() -> None:
    m = make_map({"0203": ("clear", 1), "0206": "woods"})
    assert los(m, "0203", "0207").reason == "0206 (woods) blocks"
    m = make_map({"0203": ("clear", 1), "0205": "woods"})
    assert los(m, "0203", "0207").clear


def test_hindrances_count_at_the_lower_units_level() -> None:
    m = make_map({"0203": ("clear", 1), "0205": "rough", "0206": "rough"})
    assert not los(m, "0203", "0207").clear


def test_smoke_placed_and_removed() -> None:
    m = make_map()
    engine = LosEngine(m)
    a, b = Viewpoint(m.parse("0203")), Viewpoint(m.parse("0207"))
    smoke = [HexMarker(hex=m.parse("0205"), kind="smoke")]
    r = engine.check(a, b, smoke)
    assert not r.clear and r.reason == "0205 (smoke) blocks"
    assert m.parse("0207") not in engine.visible_from(a, smoke)
    assert engine.check(a, b).clear and m.parse("0207") in engine.visible_from(a)
    wreck = [HexMarker(hex=m.parse("0205"), kind="wreck")]
    assert engine.check(a, b, wreck).clear
    rubble = [
        HexMarker(hex=m.parse("0205"), kind="rubble"),
        HexMarker(m.parse("0206"), "burnt_woods"),
    ]
    assert engine.check(a, b, rubble).reason.startswith("two hindrances")


def test_update_hex_changes_only_that_hex() -> None:
    m = make_map()
    engine = LosEngine(m)
    a, b = Viewpoint(m.parse("0203")), Viewpoint(m.parse("0207"))
    assert engine.check(a, b).clear
    m.cells[m.parse("0205")] = HexCell("town")
    engine.update_hex(m.parse("0205"))
    assert engine.check(a, b).blocked_by == (m.parse("0205"),)
    assert m.parse("0207") not in engine.visible_from(a)


# Helicopter over 0203, target at 0209 (crossed: 0204..0208); rules 4.4.
HELI = [
    # (row, heli hex, mode, map hexes, target, expect clear)
    ("L1 t1 clear", "clear", "noe", {"0209": ("clear", 1)}, True),
    ("L1 t1 wooded hill", "clear", "noe", {"0209": ("clear", 1), "0205": ("woods", 1)}, False),
    ("L1 t1 rubble x2", "clear", "noe",
     {"0209": ("clear", 1), "0205": ("rough", 1), "0206": ("rough", 1)}, False),
    ("L1 t0 woods adj", "clear", "noe", {"0208": "woods"}, False),
    ("L1 t0 woods 2 away", "clear", "noe", {"0207": "woods"}, True),
    ("L1 t0 town 2 away", "clear", "noe", {"0207": "town"}, False),
    ("L1 t0 ruins 3 away", "clear", "noe", {"0206": "ruins"}, True),
    ("L1 t0 hill", "clear", "noe", {"0205": ("clear", 1)}, False),
    ("L2 t0 hill not connected", "clear", "flying", {"0205": ("clear", 1)}, False),
    ("L2 t0 hill connected", ("clear", 1), "noe", {"0204": ("clear", 1)}, True),
    ("L2 t0 woods adj", "woods", "noe", {"0208": "woods"}, False),
    ("L2 t0 town 3 away", "town", "noe", {"0206": "town"}, True),
    ("L2 t0 wooded hill", "clear", "flying", {"0205": ("woods", 1)}, False),
    ("L2 t1 hill", "clear", "flying", {"0209": ("clear", 1), "0205": ("clear", 1)}, True),
    ("L2 t1 wooded hill", "woods", "noe", {"0209": ("clear", 1), "0205": ("woods", 1)}, False),
    ("L3 wooded hill far", ("woods", 1), "noe", {"0205": ("woods", 1)}, True),
    ("L3 wooded hill adj", ("clear", 1), "flying", {"0208": ("woods", 1)}, False),
    ("L3 woods adj (flying over woods)", "woods", "flying", {"0208": "woods"}, True),
    ("L4 nothing blocks", ("town", 1), "flying", {"0208": ("woods", 1)}, True),
]  # fmt: skip


@pytest.mark.parametrize(("row", "under", "mode", "hexes", "clear"), HELI, ids=[h[0] for h in HELI])
def test_helicopter_table(row: str, under: object, mode: str, hexes: dict, clear: bool) -> None:
    m = make_map({"0203": under, **hexes})
    r = los(m, "0203", "0209", mode_a=mode)
    assert r.clear is clear, r.reason
    if not clear:
        assert "helicopter table: level" in r.reason
    assert los(m, "0203", "0209", mode_a=mode, markers=[("0206", "smoke")]).clear is False


@pytest.mark.parametrize(
    ("under", "mode", "level"),
    [("clear", "noe", 1), ("clear", "flying", 2), (("clear", 1), "noe", 2), ("woods", "noe", 2),
     ("town", "flying", 3), (("ruins", 1), "noe", 3), (("woods", 1), "flying", 4)],
)  # fmt: skip
def test_helicopter_levels(under: object, mode: str, level: int) -> None:
    m = make_map({"0203": under})
    assert helicopter_level(LosEngine(m).field, m.parse("0203"), mode) == level


def test_two_helicopters_blocked_only_by_smoke() -> None:
    m = make_map({"0205": ("woods", 1), "0206": "town"})
    assert los(m, "0203", "0209", mode_a="noe", mode_b="noe").clear
    assert not los(
        m, "0203", "0209", mode_a="noe", mode_b="flying", markers=[("0205", "smoke")]
    ).clear


def test_slope_model_three_levels() -> None:
    base = {"0203": ("clear", 2)}
    assert los(make_map({**base, "0205": ("clear", 1)}), "0203", "0209", "slope").clear
    r = los(make_map({**base, "0205": ("woods", 1)}), "0203", "0209", "slope")
    assert r.reason == "0205 (woods, level 1) blocks"
    assert not los(make_map({**base, "0208": ("clear", 1)}), "0203", "0209", "slope").clear
    assert los(make_map({**base, "0207": "rough", "0208": "rough"}), "0203", "0209", "slope").clear
    assert not los(make_map({"0205": "rough", "0206": "rough"}), "0203", "0209", "slope").clear


def test_visible_share() -> None:
    m = make_map({"0205": "woods"}, [("0306", "0307", "wall")])
    engine = LosEngine(m)
    p = m.parse
    assert engine.visible_share(p("0603"), p("0608")) == pytest.approx(1.0)
    assert engine.visible_share(p("0203"), p("0207")) == pytest.approx(0.0)
    assert 0.0 < engine.visible_share(p("0204"), p("0407")) < 1.0
    assert engine.visible_share(p("0305"), p("0307")) < 0.5  # behind the wall
    assert engine.visible_share(p("0306"), p("0308")) == pytest.approx(1.0)  # own wall


def test_line_segment_in_pixels() -> None:
    m = make_map()
    (x0, y0), (x1, y1) = LosEngine(m).line_segment(m.parse("0101"), m.parse("0102"))
    assert (x0, y0) == (0.0, 0.0) and x1 == 0.0 and y1 > 0


TERRAIN = st.sampled_from(["clear", "clear", "woods", "rough", "town", "crops"])


@settings(max_examples=40, deadline=None)
@given(
    cells=st.lists(st.tuples(TERRAIN, st.integers(0, 2)), min_size=36, max_size=36),
    model=st.sampled_from(["waw", "slope"]),
    mode=st.sampled_from([None, None, "noe", "flying"]),
    pair=st.tuples(st.integers(0, 35), st.integers(0, 35)),
)
def test_reciprocity_property(cells: list, model: str, mode: str | None, pair: tuple) -> None:
    m = make_map(columns=6, rows=6)
    hexes = sorted(m.cells)
    for h, (terrain, level) in zip(hexes, cells, strict=True):
        m.cells[h] = HexCell(terrain, level if model == "slope" else min(level, 1))
    engine = LosEngine(m, Options(los_model=model))
    a, b = Viewpoint(hexes[pair[0]], mode), Viewpoint(hexes[pair[1]])
    assert engine.check(a, b).clear == engine.check(b, a).clear
