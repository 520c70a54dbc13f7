"""``tabletop reach GAME --unit ID [--maneuver] [--as SIDE] [--json]``: the hexes the
unit's next move can end in, each with its cost and a path of that cost (the ``--to`` of
``act move``), and for each hex next to those that it cannot enter the reason
(docs/headless.md). The answer is ``tabletop.rules.query.reach``. Under ``--as SIDE`` only
that side's units may be asked about, and the answer uses only what that side knows.
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
)
from tabletop.cli.show import where
from tabletop.rules.query import ReachReport, reach


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a scenario or saved game file")
    parser.add_argument("--unit", required=True, help="the unit that moves")
    parser.add_argument("--maneuver", action="store_true", help="a move in maneuver mode")
    parser.add_argument("--as", dest="as_side", metavar="SIDE", help="this side's view")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        state = load_play(args.game)
        check_side(state, args.as_side)
        check_units(state, args.unit)
        report = reach(state, make_los(state), args.unit, maneuver=args.maneuver,
                       side=args.as_side)  # fmt: skip
    except (BadInput, ValueError) as exc:
        return fail(str(exc), args.json)
    emit(report.to_json() | where(state), args.json, reach_text(report))
    return EXIT_DONE


def reach_text(report: ReachReport) -> str:
    mode = " in maneuver mode" if report.maneuver else ""
    lines = [f"{report.unit} in {report.hex or 'no hex'}, {report.mp} MP{mode}:"]
    if report.reasons:
        lines.append("  it may not move now: " + "; ".join(report.reasons))
    if not report.reach:
        lines.append("  no hex in reach")
    by_cost: dict[int, list[str]] = {}
    for r in report.reach:
        by_cost.setdefault(r.cost, []).append(r.hex)
    for cost, hexes in sorted(by_cost.items()):
        lines.append(f"  {cost} MP: {' '.join(hexes)}")
    if report.blocked:
        lines.append("  cannot enter:")
        lines += [f"    {b.hex}: {'; '.join(b.reasons)}" for b in report.blocked]
    lines.append("  (--json gives a path of least cost to each hex, for act move --to)")
    return "\n".join(lines)
