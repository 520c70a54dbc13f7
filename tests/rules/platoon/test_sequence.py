"""Sequence of play (rules 2.1), depletion across Marker Removal Phases (2.8), modules off
(section 5) and replay of the log."""

from __future__ import annotations

import pytest

from tabletop.model import GameState, HexMarker, Options, Status
from tabletop.rules import DiceError, ScriptedDice, engine
from tabletop.rules.actions import ActionResult
from tabletop.rules.platoon.sequence import draw_chit
from tests.helpers.platoon_world import CLEAR, act, events, hx, reasons, unit, world


def base(**kw: object) -> GameState:
    units = [unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0105"),
             unit("v1", "IFV", "blue", "0102"), unit("i1", "INF", "red", "0104")]  # fmt: skip
    return world(units, **kw)


# --- the cup ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cup", "faces", "chit"),
    [
        (["a", "b"], [1], "a"), (["a", "b"], [2], "b"), (["a", "b"], [6], "b"),
        (["a", "b", "c", "d"], [5, 6, 4], "d"),  # 5 and 6 rejected (limit 4)
        (["a"] * 7, [1, 1], "a"),  # seven chits: two dice
        ([f"c{i}" for i in range(7)], [6, 6, 1, 2], "c1"),  # 35 >= 35 rejected; 1 -> c1
    ],
)  # fmt: skip
def test_random_draw_is_rejection_sampling_on_d6(cup: list[str], faces: list[int],
                                                 chit: str) -> None:  # fmt: skip
    dice = ScriptedDice(faces)
    assert draw_chit(dice, cup, ActionResult("draw")) == chit
    dice.check_all_used()


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 11, 36, 37])
def test_random_draw_is_uniform(n: int) -> None:
    """Over every first roll, each chit is accepted equally often; the rest re-roll."""
    m = 1 if n <= 6 else (2 if n <= 36 else 3)
    counts: dict[str, int] = {}
    rejected = 0
    for v in range(6**m):
        faces = [v // 6 ** (m - 1 - i) % 6 + 1 for i in range(m)]
        try:
            chit = draw_chit(ScriptedDice(faces), [f"c{i:02}" for i in range(n)],
                             ActionResult("draw"))  # fmt: skip
        except DiceError:
            rejected += 1
            continue
        counts[chit] = counts.get(chit, 0) + 1
    assert len(counts) == n and len(set(counts.values())) == 1
    assert rejected == 6**m % n


def test_a_cup_of_one_chit_is_drawn_without_a_die() -> None:
    """docs/rules.md 2.1: m is the fewest with 6**m >= n, so 0 for one chit (a die would
    decide nothing)."""
    dice = ScriptedDice([])
    result = ActionResult("draw")
    assert draw_chit(dice, ["only"], result) == "only"
    dice.check_all_used()
    assert result.rolls == []
    state = base(active=None)
    act(state, "draw", formation="b1")
    act(state, "end-impulse")
    result = act(state, "draw")  # only r1 left; act() fails on any unused or missing die
    assert state.active_formation == "r1" and result.rolls == []


def test_draw_starts_the_impulse_and_removes_its_ops_complete() -> None:
    state = world([unit("t1", "TANK", "blue", "0101", markers=["ops_complete"]),
                   unit("e1", "TANK", "red", "0105", markers=["ops_complete"])],
                  active=None)  # fmt: skip
    result = act(state, "draw", [2], los=CLEAR)  # cup [b1, r1]: face 2 -> r1
    assert (state.phase, state.active_formation, state.active_side) == ("impulse", "r1", "red")
    assert events(result) == [
        {"event": "chit_drawn", "formation": "r1", "side": "red"},
        {"event": "marker_removed", "unit": "e1", "marker": "ops_complete"},
    ]
    assert state.unit("t1").has("ops_complete") and state.cup == ["b1"]


def test_recorded_draw_only_while_the_formation_has_a_chit() -> None:
    state = base()
    assert reasons(state, "draw", formation="r1") == ["the impulse of b1 is active: end it first"]
    act(state, "end-impulse")
    assert reasons(state, "draw", formation="b1") == ["b1 has no chit in the cup"]
    assert reasons(state, "draw", formation="zz") == ["no formation 'zz' in this scenario"]
    act(state, "draw", formation="r1")
    act(state, "end-impulse")
    assert reasons(state, "draw") == ["the cup is empty: end the turn"]


def test_end_turn_refused_while_chits_remain_or_an_impulse_is_active() -> None:
    state = base()
    assert reasons(state, "end-turn") == ["the impulse of b1 is active: end it first"]
    act(state, "end-impulse")
    assert reasons(state, "end-turn") == ["1 chit(s) remain in the cup (r1): draw them first"]


def test_one_action_per_unit_per_impulse() -> None:
    state = base()
    act(state, "fire", [1, 1, 1], unit="t1", target="e1", weapon="ap")
    assert reasons(state, "fire", unit="t1", target="e1", weapon="ap") == ["t1 is Ops Complete"]
    assert reasons(state, "fire", unit="v1", target="i1", weapon="he") == []


# --- rally (2.1 b) ----------------------------------------------------------------------------
def test_rally_passes_on_2d6_at_most_morale_and_is_not_an_action() -> None:
    state = world([unit("i1", "INF", "blue", "0101", status=Status.DISRUPTED),
                   unit("i2", "INF", "blue", "0102", status=Status.DISRUPTED, step="reduced"),
                   unit("e1", "INF", "red", "0105")])  # fmt: skip
    result = act(state, "rally", [3, 4], unit="i1")  # 7 <= 7
    assert result.rolls[0].to_json()["need"] == "<= 7"
    assert state.unit("i1").status is Status.GOOD_ORDER and not state.unit("i1").markers
    act(state, "rally", [3, 4], unit="i2")  # reduced side: Morale 6
    assert state.unit("i2").status is Status.DISRUPTED
    assert reasons(state, "rally", unit="i2") == ["i2 has already tried to rally this impulse"]


def test_rally_step_ends_with_the_first_action() -> None:
    state = world([unit("i1", "INF", "blue", "0101"),
                   unit("i2", "INF", "blue", "0102", status=Status.DISRUPTED),
                   unit("e1", "INF", "red", "0105")])  # fmt: skip
    act(state, "fire", [1, 1, 1], unit="i1", target="e1", weapon="he")
    assert reasons(state, "rally", unit="i2") == [
        "the rally step is over: a unit has already taken an action"
    ]
    assert "i1 is not Disrupted" in reasons(state, "rally", unit="i1")


# --- the Marker Removal Phase and depletion (2.1.3, 2.8) --------------------------------------
def end_turn(state: GameState) -> ActionResult:
    while state.phase == "impulse" or state.cup:
        if state.phase == "impulse":
            act(state, "end-impulse")
        else:
            act(state, "draw", formation=sorted(state.cup)[0])
    return act(state, "end-turn")


def test_depletion_across_two_marker_removal_phases() -> None:
    state = base()
    result = act(state, "fire", [1, 2], unit="v1", target="e1", weapon="ap")
    assert {"event": "marker_placed", "unit": "v1", "marker": "depleted_ammo_2"} in events(result)
    end_turn(state)
    act(state, "draw", formation="b1")
    assert state.unit("v1").markers == ["depleted_ammo_1"]
    missile = ["v1 has Depleted Ammo 1: its missile ap rating may not fire"]
    assert reasons(state, "fire", unit="v1", target="e1", weapon="ap") == missile
    assert reasons(state, "fire", unit="v1", target="i1", weapon="he") == []
    end_turn(state)
    assert state.unit("v1").markers == []
    act(state, "draw", formation="b1")
    assert reasons(state, "fire", unit="v1", target="e1", weapon="ap") == []


def test_depleted_missile_refused_in_the_same_turn_and_other_rating_allowed() -> None:
    state = base()
    act(state, "fire", [1, 1], unit="v1", target="e1", weapon="ap")
    end_turn(state)
    assert state.unit("v1").markers == ["depleted_ammo_1"]


def test_option_depletion_blocks_all_ratings() -> None:
    state = base(options=Options(depletion_blocks="all"))
    act(state, "fire", [1, 1], unit="v1", target="e1", weapon="ap")
    end_turn(state)
    act(state, "draw", formation="b1")
    assert reasons(state, "fire", unit="v1", target="i1", weapon="he") == [
        "v1 has Depleted Ammo 1: none of its ratings may fire"
    ]


def test_a_hit_by_a_missile_rating_does_not_deplete() -> None:
    state = base()
    act(state, "fire", [4, 1, 1, 1], unit="v1", target="e1", weapon="ap")
    assert not state.unit("v1").has("depleted_ammo_2")


def test_marker_removal_phase_order_and_smoke_of_earlier_turns() -> None:
    state = base(markers=[HexMarker(hx("0107"), "smoke", turn=0)])
    state.hex_markers.append(HexMarker(hx("0108"), "smoke", turn=1))  # placed this turn
    state.unit("t1").markers = ["depleted_ammo_1", "ops_complete"]
    state.unit("e1").markers = ["depleted_ammo_2"]
    result = end_turn(state)
    assert events(result) == [
        {"event": "marker_removed", "unit": "t1", "marker": "depleted_ammo_1"},
        {"event": "marker_removed", "unit": "e1", "marker": "depleted_ammo_2"},
        {"event": "marker_placed", "unit": "e1", "marker": "depleted_ammo_1"},
        {"event": "marker_removed", "unit": "t1", "marker": "ops_complete"},
        {"event": "marker_removed", "hex": "0107", "marker": "smoke"},
        {"event": "turn_started", "turn": 2},
    ]
    assert [m.hex for m in state.hex_markers if m.kind == "smoke"] == [hx("0108")]
    assert sorted(state.cup) == ["b1", "r1"]


def test_game_ends_after_the_last_turns_marker_removal_phase() -> None:
    state = base(turns=1)
    result = end_turn(state)
    over = events(result)[-1]
    assert over["event"] == "game_over" and over["turn"] == 1 and over["why"] == "turns"
    assert state.finished
    assert reasons(state, "draw")[0].startswith("the game is over (turn 1 of 1 ended)")


# --- modules off (section 5) -------------------------------------------------------------------
ALL = {"opportunity_fire", "moving_fire", "missile_depletion", "concealment",
       "extended_range", "entrenchment", "minefields", "close_combat", "indirect_fire"}  # fmt: skip


def test_missile_depletion_off() -> None:
    state = base(rules=ALL - {"missile_depletion"})
    act(state, "fire", [1, 1], unit="v1", target="e1", weapon="ap")
    assert not state.unit("v1").markers[:-1]  # only Ops Complete
    state.unit("v1").markers = ["depleted_ammo_2"]
    assert "v1" not in " ".join(reasons(state, "fire", unit="v1", target="i1", weapon="he"))


def test_concealment_off() -> None:
    from tabletop.rules.platoon.combat import save_spec

    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0105")],
                  terrain={"0105": "woods"}, rules=ALL - {"concealment"})  # fmt: skip
    assert save_spec(state, state.unit("e1"), CLEAR).dice == 1


def test_extended_range_off() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0112")],
                  rules=ALL - {"extended_range"})  # fmt: skip
    assert reasons(state, "fire", unit="t1", target="e1", weapon="ap") == [
        "e1 is out of range: 11 > 10"
    ]


def test_entrenchment_off_gives_no_die() -> None:
    from tabletop.rules.platoon.combat import save_spec

    units = [unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0102",
                                                       markers=["entrenched"])]  # fmt: skip
    assert save_spec(world(units), world(units).unit("e1"), CLEAR).dice == 1
    off = world(units, rules=ALL - {"entrenchment"})
    assert save_spec(off, off.unit("e1"), CLEAR).dice == 0


def test_moving_fire_off() -> None:
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0105")],
                  rules=ALL - {"moving_fire"})  # fmt: skip
    assert reasons(state, "moving-fire", unit="t1", to="0102", target="e1", weapon="ap") == [
        "the moving_fire module is off: no Moving Fire"
    ]


def test_unknown_and_unimplemented_actions_are_refused_plainly() -> None:
    state = base()
    assert reasons(state, "suppress", unit="t1") == [
        "suppress is not implemented yet in the platoon ruleset"
    ]
    assert reasons(state, "dance")[0].startswith("unknown action 'dance'; known: ")


# --- replay -----------------------------------------------------------------------------------
def test_replaying_the_log_reproduces_the_state() -> None:
    state = base(active=None)
    act(state, "draw", [1])  # cup [b1, r1]: face 1 -> b1
    act(state, "fire", [6, 6, 1, 1, 1], unit="t1", target="e1", weapon="ap")
    act(state, "moving-fire", [], unit="v1", to=("0103",), target="e1", weapon="ap")
    act(state, "pass")  # i1 could fire at v1 in 0103 (rules 2.2)
    act(state, "move", [1, 1], unit="v1", cont=True)  # the move is over: v1 fires
    act(state, "end-impulse")
    act(state, "draw")  # only r1 left: taken without a roll
    act(state, "end-impulse")
    act(state, "end-turn")
    again = engine.replay(state.scenario, state.log, CLEAR)
    assert again.same_as(state)
    assert again.turn == 2 and again.unit("e1").step == "reduced"


def test_scripted_dice_too_few_is_an_error() -> None:
    state = base()
    with pytest.raises(DiceError):
        act(state, "fire", [6, 6], unit="t1", target="e1", weapon="ap")
