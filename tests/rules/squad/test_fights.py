"""``tabletop.rules.fights`` on the squad ruleset: each hex fought over with its round, its
units' legal targets and the targets the round will use (the rules' default and the
defenders' pairing), leaving and ``--to``, the request it builds (the one ``tabletop act``
takes, fighting the same round) and each pairing's odds (``tabletop odds``)."""

from __future__ import annotations

from fractions import Fraction

from tabletop.model import Status
from tabletop.rules import ActionRequest
from tabletop.rules.fights import ONE_DESTINATION, fight_at, fights, pairing_forecast, round_request
from tabletop.rules.squad.odds import close_combat_odds
from tests.helpers.squad_world import act, los_of, unit, world


def two_on_two():
    return world(
        [
            unit("g1", "GER_RIFLE_SQUAD", "german", "0505", figures=4),
            unit("g2", "GER_RIFLE_SQUAD", "german", "0505", figures=4),
            unit("s1", "RIFLE_SQUAD", "soviet", "0505", figures=4),
            unit("s2", "RIFLE_SQUAD", "soviet", "0505", figures=4),
            unit("t", "LIGHT_TANK", "soviet", "0705"),
        ],
        phase="close_combat",
        rules=["close_combat"],
    )


def test_a_fight_lists_its_round_targets_defaults_and_exits() -> None:
    state = two_on_two()
    (fight,) = fights(state, los_of(state))
    assert (fight.hex, fight.round, fight.rounds_left, fight.attacker) == ("0505", 1, 3, "german")
    assert fight.pending and fight.defender == "soviet"
    assert [f.unit for f in fight.fighters] == ["s1", "s2", "g1", "g2"]  # defenders first
    s1 = fight.fighter("s1")
    assert s1.targets == ("g1", "g2") and s1.target == "g1" and not s1.attacking
    assert fight.fighter("s2").target == "g2"  # a different attacking infantry unit
    assert fight.fighter("g1").target == "s1" and fight.fighter("g2").target == "s1"
    assert s1.exits[0] == "0404" and "0505" not in s1.exits and s1.may_leave
    assert "each defending infantry unit (s1, s2)" in fight.pairing
    # s1 takes g2: s2 is left the other one
    chosen = fight_at(state, los_of(state), "0505", declared={"s1": "g2"})
    assert chosen is not None and chosen.fighter("s2").target == "g1"


def test_the_request_is_the_one_act_takes_and_fights_the_same_round() -> None:
    state = two_on_two()
    fight = fight_at(state, los_of(state), "0505", declared={"s1": "g2", "g1": "s2"}, leave=["s2"])
    assert fight is not None and fight.fighter("s2").target is None
    assert "leaves at the round's end" in fight.fighter("s2").notes[0]
    request, why = round_request(fight, {"s1": "g2", "g1": "s2"}, {"s2": "0506"})
    assert why == [] and request == ActionRequest(
        "close-combat", hex="0505", targets=(("g1", "s2"), ("s1", "g2")), leave=("s2",),
        to=("0506",),
    )  # fmt: skip
    default, _ = round_request(fight, {}, {"s2": None})
    assert default is not None and default.to == ()  # its default hex: no --to
    both = fight_at(state, los_of(state), "0505", leave=["s1", "s2"])
    assert both is not None
    assert round_request(both, {}, {"s1": "0506", "s2": "0604"}) == (None, [ONE_DESTINATION])
    result = act(state, "close-combat", dice=[6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 6],
                 hex="0505", targets=request.targets, leave=("s2",), to=("0506",))  # fmt: skip
    assert [r.by for r in result.rolls] == ["g1", "g2", "s1"]  # s2 leaves: no dice
    assert state.unit("s2").hex == state.scenario.map.parse("0506")
    after = fights(state, los_of(state))[0]
    assert after.round == 2 and after.rounds_left == 2


def test_suppressed_and_fight_not_pending_outside_the_phase() -> None:
    state = two_on_two()
    state.unit("s1").status = Status.SUPPRESSED
    fight = fights(state, los_of(state))[0]
    s1 = fight.fighter("s1")  # protected by s2: it stays, rolls nothing, may not leave
    assert "Suppressed: rolls no dice" in s1.notes and not s1.may_leave
    state.phase = "shooting"
    assert not fights(state, los_of(state))[0].pending
    assert fights(state, los_of(state))[0].reasons[0].startswith("it is the shooting phase")


def test_a_pairings_odds_are_those_of_tabletop_odds() -> None:
    state = two_on_two()
    odds, _ = close_combat_odds(state, "g1", "s1")  # the floats ``tabletop odds`` prints
    exact, _ = close_combat_odds(state, "g1", "s1", exact=True)
    assert odds is not None and exact is not None
    forecast = pairing_forecast(state, "g1", "s1")
    assert [p for _, p in forecast.outcomes] == list(odds.figures_lost)
    assert forecast.outcomes[0][0] == "No figure lost" and forecast.outcomes[-1][0] == "Eliminated"
    assert forecast.pools == ("g1: 4 dice, hits on {1,2}", "s1 defense: none")
    assert exact.figures_lost[4] == Fraction(1, 3) ** 4


def test_what_is_known_before_the_round_tank_fear_the_open_and_surrender() -> None:
    state = world(
        [
            unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=4),
            unit("t", "LIGHT_TANK", "soviet", "0505"),
            unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2, status=Status.SUPPRESSED),
        ],
        phase="close_combat",
    )
    fight = fights(state, los_of(state))[0]
    assert fight.surrendering == ()  # s is protected by the tank
    g = fight.fighter("g")
    assert "takes the tank-fear test first: failing it skips round 1" in g.notes
    assert g.targets == ("s", "t") and g.target == "s"
    chosen = fight_at(state, los_of(state), "0505", declared={"g": "t"})
    assert chosen is not None
    assert (
        "rolls no dice against t (infantry against vehicles in clear)" in chosen.fighter("g").notes
    )
    state.unit("t").ammo = 0  # out of ammunition: no longer a protector
    fight = fights(state, los_of(state))[0]
    assert fight.surrendering == ("s",) and [f.unit for f in fight.fighters] == ["t", "g"]
    assert "out of ammunition: rolls no dice (still defends)" in fight.fighter("t").notes


def test_no_fight_in_a_platoon_game_or_a_hex_without_both_sides() -> None:
    from tabletop import paths
    from tabletop.cli.common import load_play

    state = two_on_two()
    assert fight_at(state, los_of(state), "0705") is None
    assert fight_at(state, los_of(state), "9999") is None
    platoon = load_play(str(paths.DEMO_SCENARIO))  # its close combat is a unit's assault
    assert fights(platoon, los_of(state)) == () and fight_at(platoon, los_of(state), "0505") is None
    assert pairing_forecast(platoon, "a", "b").reasons != ()


def test_a_unit_said_to_roll_no_dice_rolls_none_in_the_round() -> None:
    from tabletop.rules.squad.common import FIRED_LAST_SHOOTING

    state = two_on_two()
    state.unit("s1").flags[FIRED_LAST_SHOOTING] = True  # a defender that fired: skips round 1
    fight = fight_at(state, los_of(state), "0505", leave=["g2"])
    assert fight is not None
    silent = {f.unit for f in fight.fighters if any("rolls no dice" in n or "skips" in n
                                                      for n in f.notes)}  # fmt: skip
    assert silent == {"s1", "g2"}
    request, _ = round_request(fight, {}, {"g2": None})
    assert request is not None
    result = act(state, "close-combat", dice=[6] * 8, hex="0505", leave=("g2",))
    assert sorted({r.by for r in result.rolls}) == ["g1", "s2"]
