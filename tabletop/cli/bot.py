"""``tabletop bot GAME --side SIDE [--level random|greedy|planner] [--seed N]
[--budget SECONDS] [--one] [--out PATH] [--json]``: the computer opponent plays SIDE's
actions until another side must act (interfaces.md section 3, docs/opponent.md).

Each action goes through ``PlayAction`` and a ``History``, the very path of ``act`` and the
app: the same log (with ``by: bot`` and the opponent's ``why``), the same dice rules,
replayable. The game's dice are ``RandomDice(--seed)``; the opponent's own tries ahead use
a generator of its own from the same seed, so with ``--seed`` the whole run repeats.
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop import bot
from tabletop.cli.act import result_json
from tabletop.cli.common import (
    EXIT_DONE,
    BadInput,
    check_side,
    emit,
    fail,
    hidden_from,
    load_play,
    make_los,
    save,
)
from tabletop.commands import History, PlayAction
from tabletop.model import GameState
from tabletop.rules import ActionRequest, ActionResult, RandomDice
from tabletop.rules.narrate import narrate
from tabletop.rules.turns import waiting_on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a scenario or saved game file")
    parser.add_argument("--side", required=True, help="the side the computer plays")
    parser.add_argument("--level", choices=bot.LEVELS, default="planner")
    parser.add_argument("--seed", type=int, help="seed of the dice and of the opponent's tries")
    parser.add_argument("--budget", type=float, default=bot.DEFAULT_BUDGET, metavar="SECONDS",
                        help="thinking time a decision may take (planner)")  # fmt: skip
    parser.add_argument("--one", action="store_true", help="take a single action")
    parser.add_argument("--out", help="write the game with the opponent's actions here")
    parser.add_argument("--json", action="store_true", help="print the actions as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        state = load_play(args.game)
        check_side(state, args.side)
        if args.budget is not None and not 0 < args.budget <= 3600:
            raise BadInput("--budget: give the seconds a decision may take, 0 to 3600")
        los = make_los(state)
    except (BadInput, ValueError) as exc:
        return fail(str(exc), args.json)
    dice = RandomDice(args.seed)
    history = History()

    def perform(request: ActionRequest, why: str) -> ActionResult:
        command = PlayAction(state, request, los, dice, by=bot.BY, why=why)
        history.push(command)
        assert command.result is not None
        return command.result

    taken = bot.turn(state, los, args.side, perform, args.level, seed=args.seed,
                     budget=args.budget, one=args.one)  # fmt: skip
    if args.out and taken:
        try:
            save(state, args.out)
        except OSError as exc:
            return fail(f"--out: {exc.strerror or exc}", args.json)
        except ValueError as exc:
            return fail(f"--out: {exc}", args.json)
    payload: dict[str, Any] = {
        "actions": [
            {"request": {"action": a.request.action} | a.request.to_dict(),
             "result": result_json(state, a.result, args.side), "why": a.why}
            for a in taken
        ],
        "thinking_s": [round(a.thinking, 3) for a in taken],
    }  # fmt: skip
    emit(payload, args.json, _text(state, taken, args.side))
    return EXIT_DONE


def _text(state: GameState, taken: list[bot.BotAction], side: str) -> str:
    """Each action as the log narrates it (what ``side`` may see), then why it was chosen."""
    if not taken:
        if state.finished:
            return "nothing to do: the game is over"
        return f"nothing to do: the game waits on {waiting_on(state) or 'nobody'}, not {side}"
    lines = []
    entries = state.log[len(state.log) - len(taken) :]
    for entry, action in zip(entries, taken, strict=True):
        shown = ActionResult(
            action.result.action, rolls=action.result.rolls, net_hits=action.result.net_hits,
            touched=action.result.touched, pending=action.result.pending,
            events=[e for e in action.result.events if not hidden_from(state, side, e)],
            extra=action.result.extra,
        )  # fmt: skip
        lines.append(narrate(state.scenario, entry, shown))
        lines.append(f"  why: {action.why} (thought {action.thinking:.1f} s)")
    return "\n".join(lines)
