"""``tabletop actions GAME [--unit ID] [--as SIDE] [--json]``: what each unit (or one) may
do now, with its targets or hexes, and for every action it may not take the reasons
(docs/headless.md). The answer is ``tabletop.rules.query.available_actions``, the one the
app's action panel shows; every choice it lists is a request ``tabletop act`` accepts.
"""

from __future__ import annotations

import argparse

from tabletop.cli.common import (
    EXIT_DONE,
    BadInput,
    check_side,
    check_units,
    emit,
    fail,
    load_play,
    make_los,
    split_ids,
)
from tabletop.cli.show import where
from tabletop.model import GameState
from tabletop.rules import ActionRequest
from tabletop.rules.query import ActionOption, ActionsReport, available_actions

SHOWN_CHOICES = 8
"""The text answer names at most this many choices of one action (the JSON holds all)."""
SHOWN_REASONS = 3
"""... and at most this many reasons for an action it may not take."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a scenario or saved game file")
    parser.add_argument("--unit", help="only these units (comma-separated)")
    parser.add_argument("--as", dest="as_side", metavar="SIDE", help="this side's units only")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        state = load_play(args.game)
        check_side(state, args.as_side)
        units = list(split_ids(args.unit)) or None
        check_units(state, *(units or ()))
        for uid in units or ():
            owner = state.unit(uid).side
            if args.as_side is not None and owner != args.as_side:
                raise BadInput(f"{uid} belongs to {owner}: --as {args.as_side} asks of its own")
        report = available_actions(state, make_los(state), side=args.as_side, units=units)
    except (BadInput, ValueError) as exc:
        return fail(str(exc), args.json)
    payload = report.to_json() | where(state)
    emit(payload, args.json, actions_text(state, report))
    return EXIT_DONE


def actions_text(state: GameState, report: ActionsReport) -> str:
    lines = [f"turn {report.turn}, {report.phase} phase" + _who(state, report)]
    game = [o for o in report.game if o.legal]
    lines.append("the game: " + (", ".join(_option(o) for o in game) if game else "nothing"))
    for u in report.units:
        head = f"{u.unit} in {u.hex}" if u.hex else u.unit
        lines.append(f"{head} may:" if u.legal else f"{head} may do nothing now:")
        lines += [f"  {_option(o)}" for o in u.legal]
        lines += [
            f"  not {', '.join(names)}: {_reasons(why)}" for why, names in _grouped(u.illegal)
        ]
    return "\n".join(lines)


def _reasons(reasons: tuple[str, ...]) -> str:
    """The first few reasons; the JSON has them all."""
    shown = "; ".join(reasons[:SHOWN_REASONS])
    more = len(reasons) - SHOWN_REASONS
    return shown + (f"; and {more} more (--json lists them)" if more > 0 else "")


def _grouped(options: tuple[ActionOption, ...]) -> list[tuple[tuple[str, ...], list[str]]]:
    """Actions refused for the same reasons, together, in the ruleset's order."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for o in options:
        groups.setdefault(o.reasons, []).append(o.action)
    return list(groups.items())


def _who(state: GameState, report: ActionsReport) -> str:
    side = state.scenario.sides.get(report.active_side or "")
    name = side.name if side is not None else report.active_side
    if report.active_formation:
        return f": {name} acts with {report.active_formation}"
    return f": {name} to act" if name else ""


def _option(option: ActionOption) -> str:
    """``fire at t64-1 (ap), brdm-1 (he)``, ``move to 23 hexes``, ``rally``."""
    choices = option.choices
    words = [_choice(c) for c in choices[:SHOWN_CHOICES]]
    if option.action == "move" and len(choices) > SHOWN_CHOICES:
        hexes = len(option.hexes)
        unit = option.unit or ""
        return f"{option.action} to any of {hexes} hexes (tabletop reach --unit {unit} lists them)"
    more = f", and {len(choices) - SHOWN_CHOICES} more" if len(choices) > SHOWN_CHOICES else ""
    listed = [w for w in words if w]
    return option.action + (" " + ", ".join(listed) + more if listed else "")


def _choice(request: ActionRequest) -> str:
    parts: list[str] = []
    if request.to:  # the path is in the JSON; the text names where the move ends
        parts.append(("into " if request.action in ("assault", "overrun") else "to ")
                     + request.to[-1])  # fmt: skip
    if request.target:
        parts.append(f"at {request.target}" + (f" ({request.weapon})" if request.weapon else ""))
    if request.hex:
        parts.append(f"at {request.hex}")
    for name in ("formation", "mode", "kind"):
        value = getattr(request, name)
        if value:
            parts.append(f"--{name} {value}")
    return " ".join(parts)
