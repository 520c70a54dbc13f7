"""Victory and the end of the game (rules-spec 6), as scripted-dice cases in both rulesets."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.model import GameState, Status
from tabletop.rules import engine, victory
from tabletop.rules.platoon.scoring import LOSSES as PLATOON_LOSSES
from tabletop.rules.squad.scoring import LOSSES as SQUAD_LOSSES
from tabletop.rules.victory import controls, count_vp, standing
from tests.helpers import squad_world as sq
from tests.helpers.passes import count_unit_passes
from tests.helpers.platoon_world import act, events, hx, reasons, unit, world

OFF = ()  # no optional modules: a move is never paused for opportunity fire


def with_victory(state: GameState, **victory_keys: Any) -> GameState:
    state.scenario.victory = dict(victory_keys)
    return state


def game_over(result: Any) -> dict[str, Any]:
    found = [e for e in events(result) if e["event"] == "game_over"]
    assert len(found) == 1, events(result)
    return found[0]


# --- control -------------------------------------------------------------------------------
def test_control_at_the_start_owner_then_the_side_alone_there_then_nobody() -> None:
    state = world(
        [unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "0909"),
         unit("r2", "INF", "red", "0707"), unit("b2", "INF", "blue", "0707")],
        rules=OFF,
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0505", "owner": "red"}, "0909", "0707", "1212"])
    assert controls(state) == {"0505": "blue", "0909": "red", "0707": None, "1212": None}
    # the owner holds an empty hex; blue standing in 0505 takes it as soon as it is counted
    assert standing(state).vp == {"blue": 1, "red": 1}


def test_control_changes_when_the_other_side_takes_it_and_persists_when_it_empties() -> None:
    state = world([unit("b", "INF", "blue", "0503"), unit("r", "INF", "red", "1515")], rules=OFF)
    with_victory(state, hexes=[{"hex": "0504", "vp": 3, "owner": "red"}])
    assert controls(state) == {"0504": "red"}
    act(state, "move", unit="b", to=("0504",))
    assert state.flags[victory.CONTROL] == {"0504": "blue"}
    act(state, "end-impulse")
    act(state, "draw", formation="r1")
    assert controls(state) == {"0504": "blue"}  # red has no unit there: still blue's
    assert count_vp(state) == {"blue": 3, "red": 0}


def test_an_empty_objective_keeps_its_controller_after_the_unit_leaves() -> None:
    state = world([unit("b", "INF", "blue", "0503"), unit("r", "INF", "red", "1515")], rules=OFF)
    with_victory(state, hexes=["0504"])
    act(state, "move", unit="b", to=("0504",))
    state.unit("b").flags.clear()
    state.unit("b").markers.clear()
    act(state, "move", unit="b", to=("0505",))
    assert state.unit("b").hex == hx("0505")
    assert controls(state) == {"0504": "blue"}


def test_a_flying_or_noe_helicopter_does_not_control_a_landed_one_does() -> None:
    state = world([unit("h", "HELI", "blue", "0505", mode="flying"),
                   unit("r", "INF", "red", "1515")], rules=OFF)  # fmt: skip
    with_victory(state, hexes=["0505"])
    assert controls(state) == {"0505": None}
    state.unit("h").mode = "noe"
    assert controls(state) == {"0505": None}
    state.unit("h").mode = "landed"
    assert controls(state) == {"0505": "blue"}


def test_a_flying_helicopter_over_an_enemy_held_objective_changes_nothing() -> None:
    state = world([unit("h", "HELI", "blue", "0505", mode="flying"),
                   unit("r", "INF", "red", "0505")], rules=OFF)  # fmt: skip
    with_victory(state, hexes=["0505"])
    assert controls(state) == {"0505": "red"}


def test_hidden_minefields_have_no_effect_on_control() -> None:
    from tabletop.model import HexMarker

    hidden = HexMarker(hx("0505"), "minefield_ap", "red", False)
    state = world([unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1515")],
                  rules=OFF, markers=[hidden])  # fmt: skip
    with_victory(state, hexes=["0505"])
    assert controls(state) == {"0505": "blue"}


def test_squad_a_unit_in_close_combat_does_not_control_the_winner_then_does() -> None:
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=1),
         sq.unit("s2", "RIFLE_SQUAD", "soviet", "0909")],
        phase="close_combat", rules=["close_combat"],
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0505", "owner": "soviet"}])
    assert victory.scoring("squad").in_close_combat(state, state.unit("g"))
    assert controls(state) == {"0505": "soviet"}  # fighting there: control does not change
    sq.act(state, "close-combat", dice=[6, 1, 1, 1], hex="0505")  # the rifleman falls
    assert not state.unit("s").alive
    assert controls(state) == {"0505": "german"}


# --- losses ----------------------------------------------------------------------------------
def test_platoon_default_losses_a_step_1_a_unit_2_instead_of_its_steps() -> None:
    assert PLATOON_LOSSES == {"step": 1, "unit": 2}
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0104"),
                   unit("e2", "TANK", "red", "0106")])  # fmt: skip
    act(state, "fire", [6, 6, 1, 1, 1, 1], unit="t1", target="e1", weapon="ap")  # 2 net: reduced
    assert state.unit("e1").step == "reduced"
    assert count_vp(state) == {"blue": 1, "red": 0}
    state.unit("t1").markers.clear()
    act(state, "fire", [6, 6, 6, 1, 1, 1], unit="t1", target="e1", weapon="ap")  # eliminated
    assert state.unit("e1").status is Status.ELIMINATED
    assert count_vp(state) == {"blue": 2, "red": 0}


def test_platoon_a_support_weapon_counts_as_a_unit_and_a_unit_reduced_at_start_no_step() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0104",
                   step="reduced"), unit("e2", "TANK", "red", "0106")])  # fmt: skip
    assert count_vp(state) == {"blue": 0, "red": 0}
    sw = unit("e2-sw", "INF", "red", "0106")
    state.units["e2-sw"] = sw
    sw.status = Status.ELIMINATED
    assert count_vp(state) == {"blue": 2, "red": 0}


def test_platoon_a_scenario_s_losses_table_absent_keys_score_nothing() -> None:
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0104"),
                   unit("e2", "TANK", "red", "0106")])  # fmt: skip
    with_victory(state, losses={"step": 3})
    state.unit("e1").step = "reduced"
    assert count_vp(state) == {"blue": 3, "red": 0}
    state.unit("e1").status = Status.ELIMINATED
    assert count_vp(state) == {"blue": 0, "red": 0}


def test_squad_default_losses_and_each_kind() -> None:
    assert SQUAD_LOSSES == {"figure": 0, "unit": 1, "vehicle": 2}
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505"),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "0909", figures=4),
         sq.unit("s2", "RIFLE_SQUAD", "soviet", "0101"),
         sq.unit("t", "LIGHT_TANK", "soviet", "0303")],
    )  # fmt: skip
    with_victory(state, losses={"figure": 1, "unit": 5, "vehicle": 7})
    state.unit("s").figures.pop()  # a figure removed
    assert count_vp(state) == {"german": 1, "soviet": 0}
    state.unit("s").figures[0].fallen = True  # fallen, a medic may yet save it: not removed
    assert count_vp(state) == {"german": 1, "soviet": 0}
    state.unit("s2").status = Status.SURRENDERED  # the unit, on top of its figures
    figures = len(state.unit("s2").figures)
    assert count_vp(state) == {"german": 1 + figures + 5, "soviet": 0}
    state.unit("t").status = Status.ELIMINATED  # a vehicle: instead of unit
    state.unit("t").figures.clear()
    assert count_vp(state) == {"german": 1 + figures + 5 + 1 + 7, "soviet": 0}


def test_squad_a_figure_shot_down_scores_its_figure_vp() -> None:
    state = sq.world(
        [sq.unit("g", "HMG_TEAM", "german", "0505"),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "0507", figures=4)],
        phase="shooting", rules=[],
    )  # fmt: skip
    with_victory(state, losses={"figure": 2})
    sq.act(state, "fire", dice=[6, 6, 6, 6, 6, 1], unit="g", target="s")
    lost = 4 - len(state.unit("s").figures)
    assert lost >= 1 and count_vp(state) == {"german": 2 * lost, "soviet": 0}


# --- the end of the game -----------------------------------------------------------------
def _to_the_end(state: GameState) -> Any:
    act(state, "end-impulse")
    act(state, "draw", formation="r1")
    act(state, "end-impulse")
    return act(state, "end-turn")


def test_the_game_ends_by_turns_with_the_vp_the_winner_and_why() -> None:
    state = world([unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1515")],
                  rules=OFF, turns=1)  # fmt: skip
    with_victory(state, hexes=[{"hex": "0505", "vp": 2}])
    over = game_over(_to_the_end(state))
    assert over == {"event": "game_over", "turn": 1, "vp": {"blue": 2, "red": 0},
                    "winner": "blue", "why": "turns"}  # fmt: skip
    assert standing(state).to_json() == {
        "vp": {"blue": 2, "red": 0}, "controls": {"0505": "blue"},
        "over": True, "winner": "blue", "why": "turns",
    }  # fmt: skip


def test_a_lead_under_the_margin_is_a_draw() -> None:
    state = world([unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1515")],
                  rules=OFF, turns=1)  # fmt: skip
    with_victory(state, hexes=["0505"], margin=2)
    over = game_over(_to_the_end(state))
    assert (over["vp"], over["winner"], over["why"]) == ({"blue": 1, "red": 0}, None, "turns")


def test_sudden_death_mid_turn_ends_the_game_at_once_and_no_action_is_legal() -> None:
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0104"),
                   unit("e2", "TANK", "red", "0106")])  # fmt: skip
    with_victory(state, sudden_death={"blue": 2})
    result = act(state, "fire", [6, 6, 6, 1, 1, 1], unit="t1", target="e1", weapon="ap")
    assert game_over(result)["why"] == "sudden_death"
    assert game_over(result)["winner"] == "blue" and game_over(result)["vp"] == {
        "blue": 2,
        "red": 0,
    }
    assert state.finished and state.phase == "finished"
    assert reasons(state, "end-impulse") == [
        "the game is over (a side reached its sudden-death total): Blue won, VP Blue 2, Red 0"
    ]


def test_sudden_death_not_reached_the_game_goes_on() -> None:
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0104"),
                   unit("e2", "TANK", "red", "0106")])  # fmt: skip
    with_victory(state, sudden_death={"blue": 3})
    result = act(state, "fire", [6, 6, 6, 1, 1, 1], unit="t1", target="e1", weapon="ap")
    assert all(e["event"] != "game_over" for e in events(result)) and not state.finished


def test_annihilation_wins_regardless_of_vp() -> None:
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0104")])
    with_victory(state, hexes=[{"hex": "1010", "vp": 9, "owner": "red"}])
    result = act(state, "fire", [6, 6, 6, 1, 1, 1], unit="t1", target="e1", weapon="ap")
    over = game_over(result)
    assert (over["winner"], over["why"], over["vp"]) == (
        "blue",
        "annihilation",
        {"blue": 2, "red": 9},
    )
    assert reasons(state, "end-impulse")[0].startswith(
        "the game is over (a side has no units left)"
    )


def test_squad_annihilation_by_close_combat_ends_the_game() -> None:
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=1)],
        phase="close_combat", rules=["close_combat"],
    )  # fmt: skip
    result = sq.act(state, "close-combat", dice=[6, 1, 1, 1], hex="0505")
    over = [e for e in sq.events(result) if e["event"] == "game_over"]
    assert over == [{"event": "game_over", "turn": 1, "vp": {"german": 1, "soviet": 0},
                     "winner": "german", "why": "annihilation"}]  # fmt: skip
    assert sq.reasons(state, "end-phase")[0].startswith("the game is over")


def test_a_side_with_reinforcements_to_come_is_not_annihilated() -> None:
    from tabletop.model import Reinforcement

    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=1)],
        phase="close_combat", rules=["close_combat"],
    )  # fmt: skip
    later = sq.unit("s9", "RIFLE_SQUAD", "soviet", "0101")
    state.scenario.reinforcements = [Reinforcement(2, later)]
    result = sq.act(state, "close-combat", dice=[6, 1, 1, 1], hex="0505")
    assert all(e["event"] != "game_over" for e in sq.events(result)) and not state.finished


def test_the_game_over_replays_exactly_and_undo_takes_it_back() -> None:
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0104")])
    with_victory(state, hexes=["0101"])
    before = state.snapshot()
    act(state, "fire", [6, 6, 6, 1, 1, 1], unit="t1", target="e1", weapon="ap")
    from tests.helpers.platoon_world import CLEAR

    again = engine.replay(state.scenario, state.log, CLEAR)
    assert again.same_as(state) and again.finished
    state.restore(before)
    assert not state.finished and victory.GAME_OVER not in state.flags


@pytest.mark.parametrize("missing", [victory.CONTROL, victory.GAME_OVER])
def test_a_game_saved_before_victory_was_counted_is_no_replay_difference(missing: str) -> None:
    from tabletop.commands.replaycheck import replay_differences
    from tests.helpers.platoon_world import CLEAR

    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0104")])
    with_victory(state, hexes=["0101"])
    act(state, "fire", [6, 6, 6, 1, 1, 1], unit="t1", target="e1", weapon="ap")
    assert replay_differences(state, CLEAR) == []
    del state.flags[missing]
    assert replay_differences(state, CLEAR) == []
    state.flags["other"] = 1
    assert replay_differences(state, CLEAR) != []


def test_the_sides_present_are_read_from_the_index_with_no_pass_over_the_units(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    units = [unit(f"b{k}", "TANK", "blue", "0101") for k in range(40)]
    state = world([*units, unit("r1", "TANK", "red", "0105")])
    state.units_at(hx("0101"))  # (the index, built)
    passes = count_unit_passes(monkeypatch)
    assert victory.present_sides(state) == {"blue", "red"}
    state.units["r1"].hex = None  # red has left the map
    assert victory.present_sides(state) == {"blue"} and passes["values"] == 0
