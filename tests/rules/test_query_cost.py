"""What ``rules.query.available_actions`` costs, by counting calls (never by the clock):
each sight line is computed once per question, each step's cost once, far enemies add no
candidate, the app's lazy answer checks no more candidates than it needs, and the indexed
``QueryState`` answers exactly as the game does (benchmarks/bench_actions.py times it)."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.model import GameState, HexMarker, Status
from tabletop.rules.platoon import RULESET, movement
from tabletop.rules.query import QueryState, available_actions
from tests.helpers.platoon_world import CLEAR, BlockedPairs, act, hx, unit, world


def field(extra: list[str] | None = None) -> GameState:
    """Blue t1 (AP and HE) and a Disrupted i1 near 0505 among four red units in range, a
    recon among them (its sight decides concealment), blue i2 (HE range 4) in 0202, and
    ``extra`` red units in the far corner (1515 to 2020)."""
    units = [unit("t1", "TANK", "blue", "0505"), unit("i2", "INF", "blue", "0202"),
             unit("i1", "INF", "blue", "0506", status=Status.DISRUPTED),
             unit("e1", "TANK", "red", "0508"), unit("e2", "INF", "red", "0503"),
             unit("e3", "INF", "red", "0705"), unit("rc", "RECON", "red", "0707")]  # fmt: skip
    units += [unit(uid, "INF", "red", f"{15 + k % 6:02d}{15 + k // 6:02d}")
              for k, uid in enumerate(extra or [])]  # fmt: skip
    return world(units, terrain={"0503": "crops", "0705": "woods"})


def test_each_sight_line_is_computed_once_per_question() -> None:
    """t1's AP and HE at each target, the concealment of each target by the recon, the
    Disrupted i1's every step next to enemies that may see it: each line once."""
    los = BlockedPairs({("0505", "0508"): "0507 (woods)"})
    report = available_actions(field(), los)
    assert report.unit("t1").option("fire").legal
    lines = Counter(los.calls)
    assert lines and max(lines.values()) == 1, lines.most_common(3)
    again = BlockedPairs({("0505", "0508"): "0507 (woods)"})
    for uid in ("t1", "i1"):  # what the window asks when each is selected
        available_actions(field(), again, units=[uid])
    assert len(again.calls) <= len(los.calls)


def test_each_steps_cost_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reach, Moving Fire's reach and the check of every move path share each step."""
    asked: Counter[tuple[str, object, object]] = Counter()
    plain = movement._enter_cost

    def counting(state, unit, a, b):
        asked[unit.id, a, b] += 1
        return plain(state, unit, a, b)

    monkeypatch.setattr(movement, "_enter_cost", counting)
    move = available_actions(field(), CLEAR, units=["t1"]).unit("t1").option("move")
    assert len(move.choices) > 50
    assert max(asked.values()) == 1


def _count_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The actions the ruleset decides (plans: ``check`` is its reasons) from now on, in
    order."""
    checked: list[str] = []
    plain = RULESET.plan

    def counting(state, request, los):
        checked.append(request.action)
        return plain(state, request, los)

    monkeypatch.setattr(RULESET, "plan", counting)
    return checked


def test_far_enemies_add_no_fire_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirty-six red units 13 hexes and more away from i2 (beyond twice its range of 4)
    are not tried; the checks made are those of the near field only."""
    checked = _count_checks(monkeypatch)
    near = available_actions(field(), CLEAR, units=["i2"])
    fire_near = checked.count("fire")
    checked.clear()
    far = available_actions(field([f"f{k}" for k in range(36)]), CLEAR, units=["i2"])
    assert checked.count("fire") == fire_near
    assert far.unit("i2").option("fire") == near.unit("i2").option("fire")


def test_a_lazy_answer_checks_only_what_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    checked = _count_checks(monkeypatch)
    state = field()
    lazy = available_actions(state, CLEAR, units=["t1"], lazy=True).unit("t1").option("move")
    assert lazy.legal and checked.count("move") == 1  # the cheapest path is legal
    eager = available_actions(state, CLEAR, units=["t1"]).unit("t1").option("move")
    assert lazy.choices == eager.choices and lazy == eager
    report = available_actions(state, CLEAR, units=["t1"], lazy=True)
    act(state, "fire", [1, 1], unit="t1", target="e2", weapon="he")  # HE 2 dice: misses
    with pytest.raises(RuntimeError, match="the game changed"):
        report.unit("t1").option("move").choices  # noqa: B018


def test_the_query_state_answers_as_the_game_does() -> None:
    state = field(["f1", "f2"])
    state.unit("e2").status = Status.ELIMINATED
    state.hex_markers += [HexMarker(hx("0508"), "wreck"), HexMarker(hx("0508"), "smoke")]
    view = QueryState.of(state)
    for h in {u.hex for u in state.units.values()} | {hx("0101")}:
        assert h is not None
        assert view.units_at(h) == state.units_at(h)
        assert view.markers_at(h) == state.markers_at(h)
        assert view.has_hex_marker(h, "wreck") == state.has_hex_marker(h, "wreck")
    for side in ("blue", "red"):
        assert view.enemies_of(side) == state.enemies_of(side)
    assert view.units is state.units and QueryState.of(view) is view


def test_many_lines_from_one_viewpoint_read_its_field_of_view() -> None:
    """After ``field_after`` lines from one ground viewpoint, ``clear`` answers from the
    field of view (one pass), with the very answers of the lines."""
    from tabletop.rules.los import Viewpoint
    from tabletop.rules.query import SeenOnce

    los = BlockedPairs({("0505", "0508"): "0507 (woods)", ("0505", "0909"): "0707 (town)"})
    seen = SeenOnce(los, hexes=400)
    assert seen.field_after == 16
    a = Viewpoint(hx("0505"))
    targets = [hx(f"{c:02d}{r:02d}") for c in range(1, 11) for r in range(6, 11)]
    answers = [seen.clear(a, Viewpoint(h)) for h in targets]
    assert answers == [los.check(a, Viewpoint(h)).clear for h in targets]
    assert len(los.calls) == 16 + len(targets)  # 16 lines, then only the comparison's
    assert not seen.clear(a, Viewpoint(hx("0508")))
