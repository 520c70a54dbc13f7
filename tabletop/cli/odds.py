"""``tabletop odds GAME --unit ID (--target ID | --hex HEX) [--weapon ap|he|aa] [--moving]
[--sw-target ID --sw-weapon W] [--as SIDE] [--json]``: the exact probabilities of an
attack's outcomes, before rolling (docs/headless.md).

The scenario's ruleset plans the attack and works out its odds (``rules.forecast.odds``, the
ruleset object's ``odds``): its JSON object and text, or the reasons the attack is not legal
(exit 2). What each ruleset reads in the arguments (the platoon's ratings, Moving Fire, SW
and a mortar's fire at a hex; the squad's close-combat rounds and bunkers) is its own; this
command checks only the arguments' form and prints the answer.
"""

from __future__ import annotations

import argparse

from tabletop.cli.common import (
    EXIT_DONE,
    EXIT_ILLEGAL,
    BadInput,
    check_side,
    check_units,
    emit,
    fail,
    load_play,
    make_los,
)
from tabletop.rules.forecast import OddsQuery, OddsRequestError, odds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a scenario or saved game file")
    parser.add_argument("--unit", required=True, help="the firer")
    parser.add_argument("--target", help="the unit fired at")
    parser.add_argument("--hex", help="instead of --target: a mortar's indirect fire at this hex "
                        "(platoon), fire at the bunker there (squad)")  # fmt: skip
    parser.add_argument("--weapon", choices=("ap", "he", "aa"))
    parser.add_argument("--moving", action="store_true", help="as Moving Fire (rules 2.7)")
    parser.add_argument("--sw-target", help="the platoon's SW fires too, at this same target")
    parser.add_argument("--sw-weapon", choices=("ap", "he", "aa"), help="the SW's rating")
    parser.add_argument("--as", dest="as_side", metavar="SIDE", help="this side's view")
    parser.add_argument("--json", action="store_true", help="print the odds as JSON")


def run(args: argparse.Namespace) -> int:
    query = OddsQuery(unit=args.unit, target=args.target, hex=args.hex, weapon=args.weapon,
                      moving=args.moving, sw_target=args.sw_target, sw_weapon=args.sw_weapon,
                      side=args.as_side)  # fmt: skip
    try:
        state = load_play(args.game)
        check_side(state, args.as_side)
        check_units(state, args.unit, args.target, args.sw_target)
        _check_form(args)
        los = make_los(state)
    except (BadInput, ValueError) as exc:
        return fail(str(exc), args.json)
    try:
        answer = odds(state, query, los)
    except OddsRequestError as exc:  # arguments this ruleset has no use for
        return fail(str(exc), args.json)
    if answer.data is None:
        emit({"legal": False, "reasons": list(answer.reasons)}, args.json,
             "\n".join(f"illegal: {r}" for r in answer.reasons))  # fmt: skip
        return EXIT_ILLEGAL
    emit(answer.data, args.json, answer.text)
    return EXIT_DONE


def _check_form(args: argparse.Namespace) -> None:
    """One of --target and --hex; --hex takes no SW and no Moving Fire."""
    if (args.target is None) == (args.hex is None):
        raise BadInput("give --target ID (fire at a unit) or --hex HEX (a mortar's fire at a "
                       "hex), one of the two")  # fmt: skip
    if args.hex is not None and (args.sw_target or args.sw_weapon or args.moving):
        raise BadInput("--hex: a mortar's fire at a hex takes no --sw-target, --sw-weapon or "
                       "--moving")  # fmt: skip
