"""L4: the computer opponent (Qt-free; the rules' public questions and the engine only).

It plays one side of either ruleset (or of any ruleset the table holds) at one of three
levels (``bot.levels``): it asks the core what its side may do
(``rules.query.available_actions``), what attacks' odds are (``rules.forecast``), what the
enemy sees (the line of sight) and what the VP count is (``rules.victory``), always of its
side's view of the game (``bot.view``: nothing hidden from that side), and its chosen
request is performed by the caller through the engine like any player's, so every action
it takes is logged (``by: bot`` and its ``why``), replayable and undoable.

``decide`` makes one choice; ``turn`` plays the side's actions until another side must act
(``rules.turns.waiting_on``), answering a paused move's opportunity fire when its side is
asked. Its choices depend only on the view, the level and the seed: with the same seed
the same game gets the same choices.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.bot.levels import CHOOSERS, LEVELS, Decision, legal_requests
from tabletop.bot.view import side_view
from tabletop.model import GameState
from tabletop.rules import ActionRequest, ActionResult, LineOfSight
from tabletop.rules.turns import waiting_on

__all__ = ["BY", "DEFAULT_BUDGET", "LEVELS", "BotAction", "Decision", "decide", "my_move",
           "turn"]  # fmt: skip

BY = "bot"
"""The log entries' ``by`` for the opponent's actions."""
DEFAULT_BUDGET = 2.0
"""Seconds a decision of the planner may take (interfaces 3: ``--budget``)."""
MAX_ACTIONS = 400
"""A safety stop for ``turn``: no side's turn holds this many actions."""


def _rng(seed: int | None, state: GameState, side: str) -> random.Random:
    """The decision's own generator: from the seed and where the game stands (its log's
    length and the side), never from anything the side cannot see."""
    return random.Random(f"{seed}|{side}|{len(state.log)}|{state.turn}")


def decide(
    state: GameState,
    los: LineOfSight,
    side: str,
    level: str = "planner",
    *,
    seed: int | None = None,
    budget: float = DEFAULT_BUDGET,
) -> Decision | None:
    """The opponent's next request for ``side``, with why; None when it has none."""
    if level not in CHOOSERS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if side not in state.scenario.sides:
        raise ValueError(f"there is no side {side!r} in this scenario")
    view = side_view(state, side)
    return CHOOSERS[level](view, los, side, _rng(seed, state, side), budget)


def my_move(state: GameState, los: LineOfSight, side: str) -> bool:
    """Is it ``side``'s decision now? Its side is asked (a paused move's opportunity fire
    included), or nobody's decision is due (a chit to draw) and it may take one."""
    if state.finished:
        return False
    asked = waiting_on(state)
    if asked is not None:
        return asked == side
    return bool(legal_requests(side_view(state, side), los, side))


@dataclass(frozen=True, slots=True)
class BotAction:
    """One action the opponent took: the request, its result, why, seconds of thought."""

    request: ActionRequest
    result: ActionResult
    why: str
    thinking: float


Perform = Callable[[ActionRequest, str], ActionResult]
"""Performs the chosen request with its why through the engine (the caller's dice and
history), returning the result."""


def turn(
    state: GameState,
    los: LineOfSight,
    side: str,
    perform: Perform,
    level: str = "planner",
    *,
    seed: int | None = None,
    budget: float = DEFAULT_BUDGET,
    one: bool = False,
) -> list[BotAction]:
    """Play ``side``'s actions until another side must act (``one``: a single action)."""
    done: list[BotAction] = []
    while len(done) < MAX_ACTIONS and my_move(state, los, side):
        start = time.perf_counter()
        decision = decide(state, los, side, level, seed=seed, budget=budget)
        thinking = time.perf_counter() - start
        if decision is None:
            break
        result = perform(decision.request, decision.why)
        done.append(BotAction(decision.request, result, decision.why, thinking))
        if one:
            break
    return done
