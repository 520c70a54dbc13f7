"""``rules.query.available_actions``: the answer of ``tabletop actions`` and the app's action
panel. Every listed choice is a request the ruleset's check accepts (and ``perform``
carries out); every other action carries the check's reasons."""

from __future__ import annotations

import pytest

from tabletop.model import GameState, HexMarker
from tabletop.rules import RandomDice, engine
from tabletop.rules.platoon.reach import reachable
from tabletop.rules.query import ActionsReport, available_actions
from tests.helpers.platoon_world import CLEAR, BlockedPairs, act, hx, reasons, unit, world


def base(**kw: object) -> GameState:
    units = [
        unit("t1", "TANK", "blue", "0505"),
        unit("i1", "INF", "blue", "0505"),
        unit("e1", "TANK", "red", "0508"),
        unit("e2", "INF", "red", "0503"),
    ]
    return world(units, **kw)


def ask(state: GameState, los: BlockedPairs = CLEAR, **kw: object) -> ActionsReport:
    return available_actions(state, los, **kw)


def test_every_choice_is_legal_and_every_refusal_has_reasons() -> None:
    state = base()
    report = ask(state)
    assert (report.turn, report.phase, report.active_side) == (1, "impulse", "blue")
    assert report.active_formation == "b1"
    assert [u.unit for u in report.units] == ["e1", "e2", "i1", "t1"]
    for options in report.units:
        for option in options.options:
            assert option.legal != bool(option.reasons), option
            for choice in option.choices:
                assert reasons(state, choice.action, **_kw(choice)) == []


def _kw(choice: object) -> dict[str, object]:
    from dataclasses import asdict

    return {k: v for k, v in asdict(choice).items() if k != "action"}


def test_fire_lists_targets_with_their_ratings_and_sight_blocks() -> None:
    los = BlockedPairs({("0505", "0508"): "0507 (woods)"})
    t1 = ask(base(), los).unit("t1")
    fire = t1.option("fire")
    assert fire.targets == ("e2",)  # e1 is behind the woods
    assert {(c.target, c.weapon) for c in fire.choices} == {("e2", "he")}
    # an action no target allows carries every target's reasons
    los.block("0505", "0503", "0504 (town)")
    fire = ask(base(), los).unit("t1").option("fire")
    assert not fire.legal
    assert "e1: no line of sight: 0507 (woods) blocks" in fire.reasons  # each names its target


def test_move_lists_every_reachable_hex_with_a_path_of_least_cost() -> None:
    state = base()
    move = ask(state).unit("t1").option("move")
    costs = reachable(state, "t1", CLEAR)
    assert {state.scenario.map.parse(h) for h in move.hexes} == set(costs)
    for choice in move.choices:
        assert len(choice.to) == costs[state.scenario.map.parse(choice.to[-1])]  # clear: 1 MP


def test_the_other_formation_is_told_why_and_the_game_actions_too() -> None:
    report = ask(base())
    e1 = report.unit("e1")
    assert not e1.legal
    assert e1.option("move").reasons == (
        "e1 is not of the active formation (b1): it acts only in its own impulse",
    )
    game = {o.action: o for o in report.game}
    assert game["end-impulse"].legal and not game["draw"].legal
    assert game["draw"].reasons == ("the impulse of b1 is active: end it first",)


def test_under_a_side_only_its_units_are_listed_and_checked_as_its_requests() -> None:
    state = base()
    report = ask(state, side="red")
    assert [u.unit for u in report.units] == ["e1", "e2"]
    assert not report.game[1].legal  # end-impulse: the impulse is blue's
    assert "the active impulse is blue's, not red's" in report.game[1].reasons


def test_draw_offers_a_random_chit_and_each_formation_in_the_cup() -> None:
    state = base(active=None)
    draw = next(o for o in ask(state).game if o.action == "draw")
    assert [c.formation for c in draw.choices] == [None, "b1", "r1"]
    fire = ask(state).units[0].option("fire")
    assert fire.reasons == ("no impulse is active: draw a chit first",)


def test_assault_goes_by_the_cheapest_path_into_each_enemy_hex() -> None:
    assault = ask(base()).unit("i1").option("assault")
    assert assault.legal
    assert [c.to for c in assault.choices] == [("0504", "0503"), ("0506", "0507", "0508")]


def test_opportunity_fire_is_offered_against_the_paused_mover_only() -> None:
    state = base(rules=["opportunity_fire"])
    act(state, "move", unit="t1", to=("0405",))
    assert state.pending is not None and state.pending.kind == "opportunity_fire"
    report = ask(state, side="red")
    opfire = report.unit("e1").option("opportunity-fire")
    assert opfire.targets == ("t1",)
    assert [o.action for o in report.game if o.legal] == ["pass"]


def test_a_hidden_enemy_minefield_shows_in_no_answer_of_the_other_side() -> None:
    mine = HexMarker(hx("0405"), "minefield_at", side="red", revealed=False)
    state = base(markers=[mine])
    blue = ask(state, side="blue")
    assert "0405" in blue.unit("t1").option("move").hexes  # blue does not know it is there
    text = repr(blue.to_json())
    assert "minefield" not in text


def test_the_answer_changes_nothing_and_reads_no_dice() -> None:
    state = base()
    before = state.snapshot()
    ask(state)
    assert state.same_as(before)
    # and a listed choice is carried out by perform
    choice = ask(state).unit("t1").option("fire").choices[0]
    result = engine.perform(state, choice, RandomDice(7), CLEAR)
    assert result.action == "fire" and state.unit("t1").has("ops_complete")


def test_json_names_choices_by_their_arguments() -> None:
    out = ask(base(), units=["t1"]).to_json()
    assert list(out["units"]) == ["t1"]
    fire = next(a for a in out["units"]["t1"]["actions"] if a["action"] == "fire")
    assert {"target": "e2", "weapon": "he"} in fire["choices"]
    rally = next(a for a in out["units"]["t1"]["actions"] if a["action"] == "rally")
    assert rally == {"action": "rally", "legal": False, "reasons": ["t1 is not Disrupted"]}


def test_an_unknown_unit_is_named() -> None:
    with pytest.raises(ValueError, match="nope"):
        ask(base(), units=["nope"])
