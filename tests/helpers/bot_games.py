"""Whole games of the opponent against itself, for tests/bot and ``make fuzz``."""

from __future__ import annotations

from tabletop import bot
from tabletop.model import GameState
from tabletop.rules import LineOfSight, RandomDice, engine


def play_out(
    state: GameState, los: LineOfSight, level: str, seed: int, *, budget: float, limit: int
) -> int:
    """Play both sides at ``level`` until the game ends or ``limit`` actions; every request
    goes through ``engine.perform``, which refuses (raises) an illegal one before any die.
    Returns the actions taken."""
    dice = RandomDice(seed)
    taken = 0
    while not state.finished and taken < limit:
        moved = False
        for side in state.scenario.sides:
            if not bot.my_move(state, los, side):
                continue
            decision = bot.decide(state, los, side, level, seed=seed, budget=budget)
            assert decision is not None, f"{side} may act but the bot found nothing"
            engine.perform(state, decision.request, dice, los, by=bot.BY, why=decision.why)
            taken += 1
            moved = True
            break
        assert moved, f"nobody may act in {state.phase}, turn {state.turn}"
    return taken
