"""Close combat (rules 3.6) with scripted dice: each pairing over three rounds, who skips
round 1, leaving, the defense cap, ammunition per close-combat turn and running out, the
combat going on in the next player turn, and the moves that start it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.model import Status
from tests.helpers.squad_world import (
    act,
    events,
    reasons,
    rolls,
    standing,
    types,
    unit,
    until,
    world,
)


def melee(*units: Any, **kw: Any):
    """Both sides in 0505, in the german close-combat phase (german attacking)."""
    return world(list(units), phase="close_combat", **kw)


def cc(state: Any, dice: list[int], **kw: Any):
    return act(state, "close-combat", dice=dice, hex="0505", **kw)


def test_infantry_against_infantry_three_rounds_no_defense() -> None:
    state = melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=3),
        rules=["close_combat", "medics"],  # morale off: no tests in this one
    )
    r1 = cc(state, [1, 3, 4, 2, 2, 6])
    assert r1.extra["round"] == 1
    assert rolls(r1) == [
        ("g", "close_combat", "{1,2}", [1, 3, 4], 1),  # the attacker first, a die a figure
        ("s", "close_combat", "{1,2}", [2, 2, 6], 2),  # then the defender, at once
    ]
    assert len(standing(state, "g")) == 1 and len(standing(state, "s")) == 2
    r2 = cc(state, [5, 6, 5])  # fewer figures, fewer dice: 1 + 2
    assert [r[3] for r in rolls(r2)] == [[5], [6, 5]] and r2.extra["round"] == 2
    assert reasons(state, "end-phase") == ["close combat in 0505 has 1 round(s) left"]
    cc(state, [3, 4, 4])
    assert reasons(state, "close-combat", hex="0505") == [
        "the close combat in 0505 has fought its 3 rounds this phase"
    ]
    act(state, "end-phase")  # three rounds fought: the phase may end


def test_combat_goes_on_in_the_next_player_turn_with_its_side_attacking() -> None:
    state = melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=2),
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2),
        rules=["close_combat"],
    )
    for _ in range(3):
        cc(state, [6, 6, 6, 6])
    until(state, "soviet", "close_combat")
    result = cc(state, [5, 1, 3, 4])
    assert rolls(result)[0][0] == "s"  # the soviet player turn: the soviets attack first
    assert result.extra["round"] == 1 and len(standing(state, "g")) == 1


def test_a_move_into_an_enemy_hex_starts_close_combat_and_ends_there() -> None:
    state = world(
        [
            unit("g", "GER_RIFLE_SQUAD", "german", "0405"),
            unit("s", "RIFLE_SQUAD", "soviet", "0505"),
            unit("t", "LIGHT_TANK", "soviet", "0705"),
        ]
    )
    assert reasons(state, "move", unit="g", to="0505,0605") == [
        "entering 0505, which holds enemy units (s), starts close combat and ends g's move"
    ]
    act(state, "move", unit="g", to="0505")
    assert reasons(state, "move", unit="g", to="0605")[-1].startswith("g is in close combat")
    # infantry may not start close combat against vehicles alone in the open
    assert reasons(state, "move", unit="g", to="0605") != []
    state2 = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0605"), unit("t", "LIGHT_TANK", "soviet", "0705")]
    )
    assert reasons(state2, "move", unit="g", to="0705") == [
        "infantry may not start close combat against vehicles in clear (0705)"
    ]
    state3 = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0605"), unit("t", "LIGHT_TANK", "soviet", "0705")],
        terrain={"0705": "town"},
    )
    assert reasons(state3, "move", unit="g", to="0705") == []


def test_infantry_against_a_tank_tank_fear_urban_face_side_armor_and_ammo() -> None:
    state = melee(
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2),
        unit("t", "LIGHT_TANK", "german", "0505"),
        terrain={"0505": "town"},
    )
    light = types()["LIGHT_TANK"]
    assert light.side_armor == 1 and light.fire is not None and light.fire.dice == 2
    result = cc(state, [3, 3, 1, 2, 3, 3, 3, 1, 5, 1, 4, 4])
    assert rolls(result) == [
        ("s", "tank_fear", "<= 7", [3, 3], 1),  # 2 of 10 figures: steadiness 8 - 1
        ("t", "close_combat", "{1,2,3}", [1, 2], 2),  # the tank: its fire dice on 1-3
        ("s", "close_combat", "{1,2,3}", [3, 3], 2),  # 1-2, and one face more in a town
        ("s", "defense", "<= 2", [3, 1], 1),  # defense 0 + town 2, against the tank
        ("t", "defense", "<= 1", [5, 1], 1),  # side armor 1, never modified by terrain
        ("s", "morale", "<= 7", [4, 4], 0),  # lost a figure: test, failed
    ]
    assert state.unit("t").figures[0].wounds == 1 and len(standing(state, "s")) == 1
    assert state.unit("t").ammo == light.ammo - 1  # 1 ammunition per close-combat turn
    assert {"event": "ammo_spent", "unit": "t", "ammo": light.ammo - 1} in events(result)
    r2 = cc(state, [])  # round 2: the Suppressed s, with no friend in the hex, surrenders
    assert events(r2)[:1] == [{"event": "surrendered", "unit": "s"}]
    assert state.unit("s").status is Status.SURRENDERED
    assert {"event": "close_combat_over", "hex": "0505"} in events(r2)


def test_infantry_rolls_no_dice_against_vehicles_in_the_open_and_tank_fear_skips_round_1() -> None:
    state = melee(
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=4),
        unit("t", "LIGHT_TANK", "german", "0505"),
    )
    result = cc(state, [6, 6, 1, 5, 3, 3])
    assert rolls(result) == [
        ("s", "tank_fear", "<= 7", [6, 6], 0),
        ("t", "close_combat", "{1,2,3}", [1, 5], 1),  # in the open the infantry rolls none
        ("s", "morale", "<= 7", [3, 3], 1),  # defense 0 + clear 0: no defense roll
    ]
    assert {"event": "tank_fear_failed", "unit": "s"} in events(result)
    assert state.unit("s").status is Status.GOOD_ORDER  # failing tank fear is not Suppressed
    r2 = cc(state, [1, 4, 2, 2])  # no second tank-fear test; the 1 loss: a morale test
    assert [(r[0], r[1]) for r in rolls(r2)] == [("t", "close_combat"), ("s", "morale")]


def test_at_gun_against_a_tank_both_fire_dice_both_spend_ammo() -> None:
    state = melee(
        unit("a", "AT_GUN", "soviet", "0505"),
        unit("t", "MEDIUM_TANK", "german", "0505"),
        terrain={"0505": "woods"},
        rules=["close_combat"],  # morale off: no tank-fear test
    )
    medium, gun = types()["MEDIUM_TANK"], types()["AT_GUN"]
    assert medium.side_armor == 2
    result = cc(state, [1, 4, 6, 1, 2, 1, 6, 1])
    assert rolls(result) == [
        ("t", "close_combat", "{1,2,3}", [1, 4, 6], 1),
        ("a", "close_combat", "{1,2,3}", [1, 2], 2),  # the AT gun: its fire dice
        ("a", "defense", "<= 1", [1], 1),  # the gun: defense 0 + woods 1
        ("t", "defense", "<= 2", [6, 1], 1),  # the tank: side armor 2
    ]
    assert state.unit("t").figures[0].wounds == 1
    assert state.unit("a").ammo == gun.ammo - 1 and state.unit("t").ammo == medium.ammo - 1
    cc(state, [6, 6, 6, 6, 6])  # round 2: no more ammunition spent in this turn
    assert state.unit("a").ammo == gun.ammo - 1 and state.unit("t").ammo == medium.ammo - 1


def test_vehicle_against_vehicle_uses_the_to_hit_then_side_armor() -> None:
    state = melee(
        unit("a", "MEDIUM_TANK", "german", "0505"),
        unit("b", "LIGHT_TANK", "soviet", "0505"),
        rules=["close_combat"],
    )
    result = cc(state, [4, 1, 5, 6, 3, 2, 1, 4])
    assert rolls(result) == [
        ("a", "to_hit", "4+", [4, 1, 5], 2),  # 3 dice at the fire's hit number
        ("b", "to_hit", "4+", [6, 3], 1),
        ("b", "defense", "<= 1", [2, 1], 1),  # side armor, in the order of the attacks
        ("a", "defense", "<= 2", [4], 0),
    ]
    assert state.unit("b").figures[0].wounds == 1 and state.unit("a").figures[0].wounds == 1


def test_defending_infantry_pairs_with_attacking_infantry_first_then_vehicles() -> None:
    state = melee(
        unit("d1", "RIFLE_SQUAD", "soviet", "0505", figures=1),
        unit("d2", "RIFLE_SQUAD", "soviet", "0505", figures=1),
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=1),
        unit("t", "LIGHT_TANK", "german", "0505"),
        terrain={"0505": "ruins"},
        rules=["close_combat"],
    )
    assert reasons(state, "close-combat", hex="0505", targets=(("d1", "t"), ("d2", "t"))) == [
        "each defending infantry unit pairs with a different attacking infantry unit first: "
        "0 of 1 pairs named"
    ]
    # once g is paired, the leftover d2 may take anyone, g too
    assert reasons(state, "close-combat", hex="0505", targets=(("d1", "g"), ("d2", "g"))) == []
    # g and t (attackers) may target any defender; d1 pairs with g, the leftover d2 the tank
    result = cc(state, [6, 6, 6, 3, 4], targets=(("t", "d2"), ("d1", "g"), ("d2", "t")))
    assert rolls(result) == [
        ("g", "close_combat", "{1,2}", [6], 0),  # g: its first legal enemy, d1
        ("t", "close_combat", "{1,2,3}", [6, 6], 0),
        ("d1", "close_combat", "{1,2}", [3], 0),  # infantry against infantry: 1-2
        ("d2", "close_combat", "{1,2,3}", [4], 0),  # against the tank in ruins: 1-3
    ]


def test_infantry_defense_counts_only_against_vehicles_and_is_capped_at_5() -> None:
    tough = replace(types()["RIFLE_SQUAD"], id="TOUGH", defense=4)
    state = melee(
        unit("s", "TOUGH", "soviet", "0505", figures=2, utype=tough),
        unit("t", "LIGHT_TANK", "german", "0505"),
        terrain={"0505": "town"},  # 4 + town 2 = 6, capped at 5: a 6 always hits
        rules=["close_combat"],
        extra=[tough],
    )
    result = cc(state, [1, 2, 6, 6, 5, 6])
    assert rolls(result) == [
        ("t", "close_combat", "{1,2,3}", [1, 2], 2),
        ("s", "close_combat", "{1,2,3}", [6, 6], 0),
        ("s", "defense", "<= 5", [5, 6], 1),
    ]
    assert len(standing(state, "s")) == 1


def test_a_dug_in_defender_rolls_defense_1_in_round_1_only_against_infantry() -> None:
    state = melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=2),
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2, markers=["entrenched"]),
        rules=["close_combat"],
    )
    r1 = cc(state, [1, 2, 6, 6, 1, 3])
    assert rolls(r1)[2] == ("s", "defense", "<= 1", [1, 3], 1)
    r2 = cc(state, [1, 6, 6])  # round 2: no defense roll at all
    assert [r[1] for r in rolls(r2)] == ["close_combat", "close_combat"]
    trench = melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=1),
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=1),
        terrain={"0505": "trench"},
        rules=["close_combat"],
    )
    assert rolls(cc(trench, [2, 6, 4]))[2] == ("s", "defense", "<= 1", [4], 0)


def test_who_skips_round_1_a_defender_that_fired_and_a_dismounted_unit() -> None:
    state = world(
        [
            unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2),
            unit("g", "GER_RIFLE_SQUAD", "german", "0305", figures=2),
            unit("p", "GER_PIONEER_SQUAD", "german", "0405", figures=1),
        ],
        rules=["close_combat"],
        side="soviet",
        phase="shooting",
    )
    act(state, "fire", dice=[1, 1], unit="s", target="g")
    until(state, "german", "movement")
    state.unit("p").flags["dismounted_this_turn"] = True  # as a unit unloaded this game turn
    act(state, "move", unit="g", to="0405,0505")
    act(state, "move", unit="p", to="0505")
    until(state, "german", "close_combat")
    result = cc(state, [6, 6])
    # s fired at the enemy in its last shooting phase and p dismounted this turn: neither rolls
    assert [r[0] for r in rolls(result)] == ["g"]
    r2 = cc(state, [6, 6, 6, 6, 6])
    assert [r[0] for r in rolls(r2)] == ["g", "p", "s"]


def test_leaving_rolls_no_dice_is_attacked_then_moves_to_an_adjacent_hex() -> None:
    state = melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=2),
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2, markers=["entrenched"]),
        unit("x", "RIFLE_SQUAD", "soviet", "0504"),
        rules=["close_combat"],
    )
    assert reasons(state, "close-combat", hex="0505", leave=("s",), to=("0707",)) == [
        "0707 is not adjacent to 0505"
    ]
    assert reasons(state, "close-combat", hex="0505", leave=("g",), to=("0504",)) == [
        "g cannot leave to 0504: it holds enemy units (x)"
    ]
    result = cc(state, [1, 5, 1], leave=("s",), to=("0506",))
    assert rolls(result) == [("g", "close_combat", "{1,2}", [1, 5], 1),
                             ("s", "defense", "<= 1", [1], 1)]  # fmt: skip
    assert state.unit("s").hex == state.scenario.map.parse("0506")
    assert "entrenched" not in state.unit("s").markers
    assert {"event": "left_close_combat", "unit": "s", "from": "0505", "to": "0506"} in events(
        result
    )
    assert {"event": "close_combat_over", "hex": "0505"} in events(result)
    # by default, the first adjacent hex without an enemy in label order
    other = melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=1),
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=1),
        unit("x", "RIFLE_SQUAD", "soviet", "0405"),
        rules=["close_combat"],
    )
    cc(other, [6], leave=("g",))
    assert other.unit("g").hex == other.scenario.map.parse("0404")


def test_ammunition_runs_out_no_attack_dice_but_still_defends() -> None:
    state = melee(
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2),
        unit("t", "LIGHT_TANK", "german", "0505", ammo=1),
        terrain={"0505": "town"},
        rules=["close_combat"],
    )
    cc(state, [6, 6, 6, 6])
    assert state.unit("t").ammo == 0
    for _ in range(2):
        cc(state, [6, 6, 6, 6])  # round 2 and 3 of this close-combat turn: it still rolls
    until(state, "soviet", "close_combat")
    result = cc(state, [3, 1, 6, 6])  # a new close-combat turn at 0: no dice, defense only
    assert rolls(result) == [
        ("s", "close_combat", "{1,2,3}", [3, 1], 2),
        ("t", "defense", "<= 1", [6, 6], 0),
    ]
    assert state.unit("t").figures[0].wounds == 2
    assert {"event": "out_of_ammo", "unit": "t"} in events(result)


def protected_melee():
    return melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=1),
        unit("s1", "RIFLE_SQUAD", "soviet", "0505", figures=3, status=Status.SUPPRESSED),
        unit("s2", "RIFLE_SQUAD", "soviet", "0505", figures=1),
    )


def test_a_protected_suppressed_unit_retests_after_round_1_and_2_and_fights_on() -> None:
    state = protected_melee()
    r1 = cc(state, [6, 6, 5, 5])  # g, s2 (s1 is Suppressed: no dice), then s1's re-test
    assert rolls(r1)[-1] == ("s1", "morale_retest", "<= 7", [5, 5], 0)
    assert state.unit("s1").status is Status.SUPPRESSED  # not surrendered: s2 protects it
    r2 = cc(state, [6, 6, 3, 3])
    assert rolls(r2)[-1] == ("s1", "morale_retest", "<= 7", [3, 3], 1)
    assert {"event": "suppression_removed", "unit": "s1"} in events(r2)
    r3 = cc(state, [6, 6, 6, 6, 6])  # s1 fights from the next round: 3 dice
    assert [r[0] for r in rolls(r3)] == ["g", "s1", "s2"]


def test_two_failed_retests_no_surrender_in_this_combat() -> None:
    state = protected_melee()
    cc(state, [6, 6, 6, 6])
    r2 = cc(state, [6, 6, 6, 6])
    assert {"event": "no_surrender", "unit": "s1"} in events(r2)
    r3 = cc(state, [6], leave=("s2",))  # the friend leaves, but s1 is past surrender now
    assert state.unit("s1").status is Status.SUPPRESSED
    assert [r[0] for r in rolls(r3)] == ["g"]


def test_surrender_at_once_when_the_protecting_friend_leaves() -> None:
    state = protected_melee()
    result = cc(state, [6, 6, 6], leave=("s2",))
    assert rolls(result) == [
        ("g", "close_combat", "{1,2}", [6], 0),
        ("s1", "morale_retest", "<= 7", [6, 6], 0),
    ]
    assert [e["event"] for e in events(result)[-3:]] == [
        "left_close_combat",
        "surrendered",
        "close_combat_over",
    ]
    assert state.unit("s1").status is Status.SURRENDERED


def test_a_unit_suppressed_when_the_combat_starts_surrenders_at_round_1_unprotected() -> None:
    state = melee(
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=1),
        unit("s", "RIFLE_SQUAD", "soviet", "0505", status=Status.SUPPRESSED),
        unit("spare", "RIFLE_SQUAD", "soviet", "0909"),  # (keeps soviet in the game, rules-spec 6)
    )
    result = cc(state, [])
    assert events(result) == [
        {"event": "surrendered", "unit": "s"},
        {"event": "close_combat_over", "hex": "0505"},
    ]
    assert result.extra["round"] == 1
    act(state, "end-phase")  # nothing left to fight


def test_the_round_in_words_and_in_the_act_json() -> None:
    from tabletop.cli.act import result_json
    from tabletop.model import LogEntry
    from tabletop.rules.narrate import narrate

    state = melee(
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=4),
        unit("t", "LIGHT_TANK", "german", "0505"),
    )
    result = cc(state, [6, 6, 1, 5, 3, 3])
    assert result_json(state, result, None)["round"] == 1
    entry = LogEntry("close-combat", {"hex": "0505"}, [], turn=1, side="german")
    text = narrate(state.scenario, entry, result)
    assert text.startswith("close combat in 0505, round 1")
    assert "tank-fear test 6 6 = 12 vs 7: failed" in text
    assert "fails its tank-fear test and skips round 1" in text


def test_odds_of_a_close_combat_round_exact_and_as_the_command_line_prints_them() -> None:
    from fractions import Fraction

    from tabletop.rules.forecast import OddsQuery
    from tabletop.rules.forecast import odds as odds_answer
    from tabletop.rules.squad.odds import close_combat_odds
    from tests.helpers.squad_world import los_of

    state = melee(
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2),
        unit("t", "LIGHT_TANK", "german", "0505"),
        terrain={"0505": "town"},
    )
    odds, why = close_combat_odds(state, "t", "s", exact=True)
    assert why == [] and odds is not None
    half, third = Fraction(1, 2), Fraction(1, 3)  # {1,2,3}; defense 2 cancels on 1-2
    assert odds.hits == (half * half, 2 * half * half, half * half)
    through = half * (1 - third)  # a die hits and is not cancelled: 1/3
    assert odds.figures_lost == ((1 - through) ** 2, 2 * through * (1 - through), through**2)
    assert odds.eliminated == through**2
    assert close_combat_odds(state, "s", "t")[1] == []  # 1-3 in a town against a vehicle
    data = odds_answer(state, OddsQuery(unit="t", target="s"), los_of(state)).data
    assert data is not None
    assert data["close_combat"] == {"unit": "t", "target": "s"}
    assert abs(sum(data["figures_lost"].values()) - 1) < 1e-9


def _rounds(state: Any, dice: list[list[int]]) -> list[list[tuple[str, str, int]]]:
    """Fight three rounds with these dice; each round's rolls as (by, for, dice rolled)."""
    out = []
    for faces in dice:
        out.append([(r[0], r[1], len(r[3])) for r in rolls(cc(state, faces))])
    assert reasons(state, "close-combat", hex="0505") == [
        "the close combat in 0505 has fought its 3 rounds this phase"
    ]
    return out


def test_infantry_against_a_tank_over_three_rounds() -> None:
    state = melee(
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2),
        unit("t", "LIGHT_TANK", "german", "0505"),
        terrain={"0505": "town"},
        rules=["close_combat"],  # morale off: no tank fear, no tests
    )
    got = _rounds(state, [[1, 6, 6, 6, 4], [6, 6, 1, 3], [6, 6, 6]])
    assert got == [
        [("t", "close_combat", 2), ("s", "close_combat", 2), ("s", "defense", 1)],
        [("t", "close_combat", 2), ("s", "close_combat", 1), ("t", "defense", 1)],  # 1 left
        [("t", "close_combat", 2), ("s", "close_combat", 1)],
    ]
    assert state.unit("t").figures[0].wounds == 1
    assert state.unit("t").ammo == types()["LIGHT_TANK"].ammo - 1  # once per close-combat turn


def test_an_at_gun_against_a_tank_over_three_rounds() -> None:
    state = melee(
        unit("a", "AT_GUN", "soviet", "0505"),
        unit("t", "MEDIUM_TANK", "german", "0505"),
        terrain={"0505": "woods"},
        rules=["close_combat"],
    )
    got = _rounds(state, [[6, 6, 6, 6, 6], [6, 6, 6, 1, 6, 5], [2, 6, 6, 6, 6, 3]])
    assert got == [
        [("t", "close_combat", 3), ("a", "close_combat", 2)],
        [("t", "close_combat", 3), ("a", "close_combat", 2), ("t", "defense", 1)],
        [("t", "close_combat", 3), ("a", "close_combat", 2), ("a", "defense", 1)],
    ]
    assert state.unit("t").figures[0].wounds == 1  # 5 > side armor 2
    assert len(state.unit("a").standing()) == 4  # 3 > defense 0 + woods 1: a crewman falls
    assert state.unit("a").ammo == types()["AT_GUN"].ammo - 1
    assert state.unit("t").ammo == types()["MEDIUM_TANK"].ammo - 1


def test_vehicle_against_vehicle_over_three_rounds() -> None:
    state = melee(
        unit("a", "MEDIUM_TANK", "german", "0505"),
        unit("b", "LIGHT_TANK", "soviet", "0505"),
        rules=["close_combat"],
    )
    misses = [1, 1, 1, 1, 1]  # to-hit 4+: every die misses
    got = _rounds(state, [misses, [4, 1, 1, 1, 1, 2], misses])
    assert got == [
        [("a", "to_hit", 3), ("b", "to_hit", 2)],
        [("a", "to_hit", 3), ("b", "to_hit", 2), ("b", "defense", 1)],
        [("a", "to_hit", 3), ("b", "to_hit", 2)],
    ]
    assert state.unit("b").figures[0].wounds == 1  # 2 > side armor 1
    assert state.unit("a").ammo == types()["MEDIUM_TANK"].ammo - 1


def test_the_combined_pairing_over_three_rounds() -> None:
    state = melee(
        unit("d1", "RIFLE_SQUAD", "soviet", "0505", figures=1),
        unit("d2", "RIFLE_SQUAD", "soviet", "0505", figures=1),
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=1),
        unit("t", "LIGHT_TANK", "german", "0505"),
        terrain={"0505": "ruins"},
        rules=["close_combat"],
    )
    targets = (("t", "d2"), ("d1", "g"), ("d2", "t"))
    for _ in range(3):
        result = cc(state, [6, 6, 6, 6, 6], targets=targets)
        assert [(r[0], r[2]) for r in rolls(result)] == [
            ("g", "{1,2}"), ("t", "{1,2,3}"), ("d1", "{1,2}"), ("d2", "{1,2,3}")
        ]  # fmt: skip
    assert reasons(state, "close-combat", hex="0505") == [
        "the close combat in 0505 has fought its 3 rounds this phase"
    ]


def test_surrender_at_once_when_the_protecting_friend_falls() -> None:
    state = melee(
        unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2, status=Status.SUPPRESSED),
        unit("f", "RIFLE_SQUAD", "soviet", "0505", figures=1),
        unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=2),
        rules=["close_combat", "morale"],
    )
    # round 1: the Suppressed s is protected by f and rolls nothing; g's 2 dice at f hit
    # once, f's one figure falls; f rolls a 6, a miss. s surrenders as the losses are
    # removed, so its re-test after round 1 is never rolled (READING of "at once")
    result = cc(state, [1, 6, 6], targets=(("g", "f"),))
    assert [r[0] for r in rolls(result)] == ["g", "f"]
    assert state.unit("f").status is Status.ELIMINATED
    assert {"event": "surrendered", "unit": "s"} in events(result)  # at once, round 1's end
    assert state.unit("s").status is Status.SURRENDERED
