"""Morale (rules 3.7) with scripted dice: the test after ranged losses, steadiness and its
drop at half strength, units that never test, Suppressed and what it forbids, its removal
in the unit's own end phase, and ``morale-test``. (Close combat's tests, surrender and
re-tests: test_squad_close_combat.py.)"""

from __future__ import annotations

from dataclasses import replace

from tabletop.model import HexMarker, Status
from tests.helpers.squad_world import act, events, hx, reasons, rolls, types, unit, until, world


def test_a_unit_that_loses_a_figure_to_fire_tests_and_fails_into_suppressed() -> None:
    state = world(
        [unit("f", "HMG_TEAM", "german", "0102"), unit("t", "RIFLE_SQUAD", "soviet", "0505")],
        phase="shooting",
    )
    result = act(state, "fire", dice=[5, 1, 1, 1, 5, 4], unit="f", target="t")
    assert rolls(result)[-1] == ("t", "morale", "<= 8", [5, 4], 0)  # 9 of 10 standing: 8
    assert {"event": "suppressed", "unit": "t"} in events(result)
    # a miss is no loss: no test
    other = world(
        [unit("f", "HMG_TEAM", "german", "0102"), unit("t", "RIFLE_SQUAD", "soviet", "0505")],
        phase="shooting",
    )
    assert [r[1] for r in rolls(act(other, "fire", dice=[1, 1, 1, 1], unit="f", target="t"))] == [
        "to_hit"
    ]


def test_steadiness_drops_by_1_at_half_strength_for_the_loss_that_caused_it() -> None:
    state = world(
        [
            unit("f", "HMG_TEAM", "german", "0102"),
            unit("t", "RIFLE_SQUAD", "soviet", "0505", figures=6),
        ],
        phase="shooting",
    )
    result = act(state, "fire", dice=[5, 1, 1, 1, 4, 4], unit="f", target="t")
    assert rolls(result)[-1] == ("t", "morale", "<= 7", [4, 4], 0)  # 5 of 10 left: 8 - 1


def test_steadiness_null_never_tests_and_morale_off_no_test() -> None:
    brave = replace(types()["RIFLE_SQUAD"], id="BRAVE", steadiness=None)
    state = world(
        [
            unit("f", "HMG_TEAM", "german", "0102"),
            unit("t", "BRAVE", "soviet", "0505", utype=brave),
        ],
        phase="shooting",
        extra=[brave],
    )
    assert [r[1] for r in rolls(act(state, "fire", dice=[5, 1, 1, 1], unit="f", target="t"))] == [
        "to_hit"
    ]
    assert reasons(state, "morale-test", unit="t") == ["t never tests morale (steadiness: null)"]
    off = world(
        [unit("f", "HMG_TEAM", "german", "0102"), unit("t", "RIFLE_SQUAD", "soviet", "0505")],
        phase="shooting",
        rules=["medics"],
    )
    assert [r[1] for r in rolls(act(off, "fire", dice=[5, 1, 1, 1], unit="f", target="t"))] == [
        "to_hit"
    ]


def test_suppressed_does_not_move_shoot_run_or_dig_in_and_recovers_in_its_end_phase() -> None:
    state = world(
        [
            unit("g", "GER_RIFLE_SQUAD", "german", "0105", status=Status.SUPPRESSED),
            unit("s", "RIFLE_SQUAD", "soviet", "0505"),
        ]
    )
    assert "g is Suppressed: it does not move" in reasons(state, "move", unit="g", to="0205")
    act(state, "end-phase")
    assert "g is Suppressed" in reasons(state, "fire", unit="g", target="s")
    assert "g is Suppressed" in reasons(state, "run", unit="g", to="0205")
    assert "g is Suppressed" in reasons(state, "dig-in", unit="g")
    until(state, "german", "end")
    result = act(state, "end-phase")
    assert {"event": "suppression_removed", "unit": "g"} in events(result)
    assert state.unit("g").status is Status.GOOD_ORDER


def test_morale_test_action_rolls_2d6_against_steadiness() -> None:
    state = world([unit("s", "RIFLE_SQUAD", "soviet", "0505")])
    result = act(state, "morale-test", dice=[6, 3], unit="s")
    assert rolls(result) == [("s", "morale", "<= 8", [6, 3], 0)]
    assert state.unit("s").status is Status.SUPPRESSED
    assert reasons(state, "morale-test", unit="s") == ["s is Suppressed: it does not test again"]


# --- how long Suppressed lasts (rules 3.7: "through the end of its side's next player turn")
def _held_through_its_next_player_turn(state, uid: str) -> None:
    """``uid`` (german, Suppressed in the german player turn of turn 1) stays Suppressed at
    the end of that turn and all through the german player turn of turn 2, and recovers in
    that turn's end phase."""
    until(state, "german", "end", turn=1)
    ended = act(state, "end-phase")
    assert state.unit(uid).status is Status.SUPPRESSED
    assert {"event": "suppression_removed", "unit": uid} not in events(ended)
    until(state, "german", "movement", turn=2)
    assert f"{uid} is Suppressed: it does not move" in reasons(state, "move", unit=uid, to="0102")
    until(state, "german", "end", turn=2)
    ended = act(state, "end-phase")
    assert {"event": "suppression_removed", "unit": uid} in events(ended)
    assert state.unit(uid).status is Status.GOOD_ORDER


def test_suppressed_by_a_minefield_in_its_own_move_it_misses_its_next_player_turn() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=4)],
        markers=[HexMarker(hx("0605"), "minefield_ap", "soviet", False)],
    )
    result = act(state, "move", dice=[5, 1, 1, 6, 6], unit="g", to="0605")  # 1 hit, no save
    assert rolls(result)[-1] == ("g", "morale", "<= 7", [6, 6], 0)
    assert state.unit("g").status is Status.SUPPRESSED
    _held_through_its_next_player_turn(state, "g")


def test_suppressed_as_the_attacker_of_a_close_combat_it_misses_its_next_player_turn() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
         unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=1),
         unit("spare", "RIFLE_SQUAD", "soviet", "0909")],  # (keeps soviet in the game)
        phase="close_combat", rules=["close_combat", "morale"],
    )  # fmt: skip
    # the attacker's 3 dice (one hit: the lone rifleman falls), the defender's 1 (a hit),
    # then the attacker's test for its loss: 6 + 6 fails
    result = act(state, "close-combat", dice=[1, 5, 5, 2, 6, 6], hex="0505")
    assert rolls(result)[-1] == ("g", "morale", "<= 7", [6, 6], 0)
    assert state.unit("g").status is Status.SUPPRESSED and not state.unit("s").alive
    _held_through_its_next_player_turn(state, "g")


def test_suppressed_by_a_referees_test_in_its_own_turn_it_misses_its_next_player_turn() -> None:
    state = world([unit("g", "GER_RIFLE_SQUAD", "german", "0101")], phase="shooting")
    act(state, "morale-test", dice=[6, 5], unit="g")
    _held_through_its_next_player_turn(state, "g")


def test_suppressed_in_the_enemy_s_player_turn_it_recovers_at_the_end_of_its_own() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=4),
         unit("f", "HMG_TEAM", "soviet", "0102")],
        phase="shooting", side="soviet",
    )  # fmt: skip
    act(state, "fire", dice=[5, 1, 1, 1, 6, 6], unit="f", target="g")
    assert state.unit("g").status is Status.SUPPRESSED
    until(state, "german", "end", turn=2)
    ended = act(state, "end-phase")
    assert {"event": "suppression_removed", "unit": "g"} in events(ended)
    assert state.unit("g").status is Status.GOOD_ORDER
