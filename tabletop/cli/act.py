"""``tabletop act GAME ACTION [options] [--as SIDE] [--json]``: one game action, headless
(interfaces.md section 3).

Legality is decided before any die is read (illegal: exit 2, whatever ``--dice`` holds);
the action is applied through ``PlayAction`` and a ``History``, the very path of the app;
``--dice`` must hold exactly the faces the action rolls (exit 1 otherwise, nothing
written); ``--out`` writes the game with the action and its dice in the log. A unit id the
game does not know is bad input (exit 1), as in every command.
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.cli.common import (
    EXIT_DONE,
    EXIT_ILLEGAL,
    BadInput,
    check_side,
    check_units,
    emit,
    fail,
    hidden_from,
    load_play,
    make_los,
    parse_dice,
    save,
    split_ids,
)
from tabletop.cli.show import where
from tabletop.commands import History, PlayAction
from tabletop.model import GameState
from tabletop.rules import (
    ACTIONS,
    ActionRequest,
    ActionResult,
    DiceError,
    DiceSource,
    IllegalAction,
    RandomDice,
    ScriptedDice,
    rulesets,
)
from tabletop.rules.engine import ruleset_for
from tabletop.rules.narrate import narrate
from tabletop.rules.unitjson import unit_json


def help_epilog() -> str:
    """The end of ``act --help``: each ruleset's actions as it declares them
    (``rules.declare``), name, label and the options the action reads (``--as SIDE`` is
    every action's). Only made when help is asked for: it loads every ruleset."""
    lines = ["actions of each ruleset (label; the options each reads, and --as):"]
    for name in rulesets.names():
        try:
            declared = ruleset_for(name).declared
        except (ValueError, AttributeError):  # (not loadable here, or declares nothing)
            continue
        lines.append(f"  {name}:")
        for spec in declared:
            options = " ".join(spec.options)
            lines.append(f"    {spec.name:<17} {spec.label}" + (f"; {options}" if options else ""))
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a scenario or saved game file")
    parser.add_argument("action", metavar="ACTION", help="one of: " + ", ".join(ACTIONS))
    parser.add_argument("--unit", help="the acting unit (several, comma-separated, to assault)")
    parser.add_argument("--target", help="the unit fired at")
    parser.add_argument("--to", help="the hexes to move through, comma-separated")
    parser.add_argument("--weapon", choices=("ap", "he", "aa"))
    parser.add_argument("--sw-target", help="the support weapon's target")
    parser.add_argument("--sw-weapon", choices=("ap", "he", "aa"))
    parser.add_argument("--formation", help="the chit drawn from a physical cup")
    parser.add_argument("--hex")
    parser.add_argument("--kind", choices=("at", "ap"))
    parser.add_argument("--mode", choices=("flying", "noe", "landed"))
    parser.add_argument("--maneuver", action="store_true")
    parser.add_argument("--continue", dest="cont", action="store_true")
    parser.add_argument("--targets", help="close combat targets: UNIT:ENEMY,...")
    parser.add_argument("--leave", help="units leaving close combat, comma-separated")
    parser.add_argument("--dice", help="the faces to roll, in the documented order")
    parser.add_argument("--seed", type=int, help="seed of the random dice")
    parser.add_argument("--out", help="write the new game here (atomically)")
    parser.add_argument("--as", dest="as_side", metavar="SIDE", help="show this side's view")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def build_request(args: argparse.Namespace) -> ActionRequest:
    targets: list[tuple[str, str]] = []
    for pair in split_ids(args.targets):
        unit, sep, enemy = pair.partition(":")
        if not sep or not unit or not enemy:
            raise BadInput(f"--targets: {pair!r} is not UNIT:ENEMY")
        targets.append((unit, enemy))
    return ActionRequest(
        action=args.action, units=split_ids(args.unit), target=args.target,
        to=split_ids(args.to), weapon=args.weapon, sw_target=args.sw_target,
        sw_weapon=args.sw_weapon, formation=args.formation, hex=args.hex, kind=args.kind,
        mode=args.mode, maneuver=args.maneuver, cont=args.cont, targets=tuple(targets),
        leave=split_ids(args.leave), side=args.as_side,
    )  # fmt: skip


def result_json(state: GameState, result: ActionResult, side: str | None) -> dict[str, Any]:
    """The ``--json`` answer of a legal action (interfaces.md section 3)."""
    out: dict[str, Any] = {
        "action": result.action,
        "legal": True,
        "reasons": [],
        "rolls": [r.to_json() for r in result.rolls],
    }
    if result.net_hits is not None:
        out["net_hits"] = result.net_hits
    out["events"] = [e.to_json() for e in result.events if not hidden_from(state, side, e)]
    out["units"] = {uid: unit_json(state, state.unit(uid)) for uid in result.touched}
    if result.pending is not None:
        out["pending"] = result.pending.to_dict()
    if "round" in result.extra:  # a close-combat round (squad)
        out["round"] = result.extra["round"]
    return out | where(state)


def result_text(state: GameState, result: ActionResult, side: str | None) -> str:
    """The plain-text answer: the action in a player's words (the app's log says the same,
    ``tabletop.rules.narrate``), with the events hidden from ``side`` left out."""
    shown = ActionResult(
        result.action, rolls=result.rolls, net_hits=result.net_hits, touched=result.touched,
        events=[e for e in result.events if not hidden_from(state, side, e)],
        pending=result.pending, extra=result.extra,
    )  # fmt: skip
    lines = [narrate(state.scenario, state.log[-1], shown)]
    if result.pending is not None and result.pending.opportunity_fire:
        firers = ", ".join(result.pending.firers)
        then = ", then move --continue" if result.pending.path_left else ""
        lines.append(
            f"  paused in {result.pending.hex}: {firers} may fire "
            f"(answer with opportunity-fire or pass{then})"
        )
    return "\n".join(lines)


def illegal(action: str, reasons: list[str], as_json: bool) -> int:
    payload = {"action": action, "legal": False, "reasons": reasons}
    emit(payload, as_json, "\n".join(f"illegal: {r}" for r in reasons))
    return EXIT_ILLEGAL


def run(args: argparse.Namespace) -> int:
    try:
        state = load_play(args.game)
        check_side(state, args.as_side)
        ruleset = ruleset_for(state.scenario.ruleset)
        own = {spec.name for spec in ruleset.declared}  # (a ruleset's actions beyond ACTIONS)
        if args.action not in ACTIONS and args.action not in own:
            raise BadInput(f"unknown action {args.action!r}; actions: {', '.join(ACTIONS)}")
        request = build_request(args)
        check_units(state, *request.units, request.target, request.sw_target,
                    *(u for pair in request.targets for u in pair), *request.leave)  # fmt: skip
        los = make_los(state)
        reasons = ruleset.check(state, request, los)
        if reasons:  # before any die is read
            return illegal(args.action, reasons, args.json)
        scripted = ScriptedDice(parse_dice(args.dice)) if args.dice is not None else None
    except (BadInput, ValueError) as exc:
        return fail(str(exc), args.json)
    dice: DiceSource = scripted if scripted is not None else RandomDice(args.seed)
    command = PlayAction(state, request, los, dice)
    try:
        History().push(command)
        if scripted is not None:
            scripted.check_all_used()
    except IllegalAction as exc:
        return illegal(args.action, exc.reasons, args.json)
    except DiceError as exc:
        return fail(f"--dice: {exc}", args.json)
    assert command.result is not None
    if args.out:
        try:
            save(state, args.out)
        except OSError as exc:
            return fail(f"--out: {exc.strerror or exc}", args.json)
        except ValueError as exc:
            return fail(f"--out: {exc}", args.json)
    text = result_text(state, command.result, args.as_side)
    emit(result_json(state, command.result, args.as_side), args.json, text)
    return EXIT_DONE
