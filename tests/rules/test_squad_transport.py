"""Reinforcements and landing (rules 3.10): a reinforcement enters when its side's player
turn of its game turn starts; ``landed: true`` marks it "dismounted this turn", so it skips
round 1 of a close combat until the game turn ends."""

from __future__ import annotations

from dataclasses import replace

from squad_world import act, events, rolls, unit, until, world

from tabletop.model import Reinforcement


def test_a_landed_reinforcement_arrives_and_skips_round_1_this_game_turn() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=2)],
        rules=["close_combat"],
    )
    lorry = unit("s", "RIFLE_SQUAD", "soviet", "0604", figures=2)
    state.scenario = replace(state.scenario, reinforcements=[Reinforcement(1, lorry, True)])
    assert "s" not in state.units
    result = act(state, "end-turn")  # the Soviet player turn 1 starts: it arrives
    assert {"event": "reinforcement_arrived", "unit": "s", "at": "0604", "landed": True} in (
        events(result)
    )
    assert state.unit("s").flags["dismounted_this_turn"] is True
    act(state, "move", unit="s", to="0505")
    until(state, "soviet", "close_combat")
    result = act(state, "close-combat", dice=[6, 6], hex="0505")
    assert [r[0] for r in rolls(result)] == ["g"]  # s landed this game turn: it skips round 1
    r2 = act(state, "close-combat", dice=[6, 6, 6, 6], hex="0505")
    assert [r[0] for r in rolls(r2)] == ["s", "g"]  # round 2: s attacks (its player turn)
    act(state, "close-combat", dice=[6, 6, 6, 6], hex="0505")
    act(state, "end-turn")  # the game turn ends: German player turn 2
    assert "dismounted_this_turn" not in state.unit("s").flags
