"""``tabletop print-map MAP|SCENARIO|GAME -o OUT.pdf [--hex 3/4in] [--paper a4|letter|a3]
[--overlap 10mm] [--units] [--dpi N]``: the map at true scale on as many pages as it needs
(interfaces.md section 3; docs/headless.md).

Hexes ``--hex`` across the flats (3/4in by default: 5/8 inch and 16 mm counters fit), tiles
that share ``--overlap`` of the map with their neighbours, registration crosses and cut
ticks in the overlaps, page labels "row 1 / col 2", painted with the screen's map art
(:mod:`tabletop.render.mapprint`). ``--units`` draws a scenario's or game's counters and
the hex markers both sides know of. The output type follows ``-o``'s extension: one PDF,
or one PNG per page (``-2``, ``-3`` ... suffixes). Prints one summary line; bad input goes
to stderr as ``tabletop: ...`` lines and exits 1. Works headless.
"""

from __future__ import annotations

import argparse
import errno
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.model import GameState, HexMap

DPI_RANGE = (50, 600)
"""PNG resolutions: an A3 page at 600 dpi is 280 MB in memory; more is no use for a map."""


def _hex(text: str) -> float:
    from tabletop.render.mapprint import parse_length

    try:
        return parse_length(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _overlap(text: str) -> float:
    from tabletop.render.mapprint import MAX_OVERLAP_MM

    try:
        value = float(text.strip().removesuffix("mm"))
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= MAX_OVERLAP_MM:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an overlap in millimetres (0 to {MAX_OVERLAP_MM:g}, e.g. 10mm)"
        )
    return value


def _dpi(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not DPI_RANGE[0] <= value <= DPI_RANGE[1]:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a resolution in dots per inch ({DPI_RANGE[0]} to {DPI_RANGE[1]})"
        )
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tabletop.render.mapprint import DEFAULT_HEX, DEFAULT_OVERLAP_MM, PAPERS

    parser.add_argument("source", metavar="MAP|SCENARIO|GAME", help="what to print the map of")
    parser.add_argument(
        "-o", "--out", metavar="OUT", help="OUT.pdf or OUT.png (default: the file's name .pdf)"
    )
    parser.add_argument(
        "--hex",
        type=_hex,
        default=DEFAULT_HEX,
        metavar="SIZE",
        help=f"hex size across the flats, e.g. 3/4in, 0.75in, 19mm ({DEFAULT_HEX})",
    )
    parser.add_argument(
        "--paper", type=str.lower, choices=list(PAPERS), default="a4", help="paper (a4)"
    )
    parser.add_argument(
        "--overlap",
        type=_overlap,
        default=DEFAULT_OVERLAP_MM,
        metavar="MM",
        help=f"map shared by neighbouring pages ({DEFAULT_OVERLAP_MM:g}mm)",
    )
    parser.add_argument(
        "--units", action="store_true", help="draw the scenario's or game's counters too"
    )
    parser.add_argument(
        "--dpi", type=_dpi, default=300, help=f"PNG resolution (300; {DPI_RANGE[0]} to "
        f"{DPI_RANGE[1]})"
    )  # fmt: skip


def _output(args: argparse.Namespace) -> Path:
    from tabletop.render.mapprint import FORMATS

    out = Path(args.out) if args.out else Path(Path(args.source).stem + ".pdf")
    if out.suffix.lower() not in FORMATS:
        raise ValueError(f"{out}: the output must end in .pdf or .png")
    return out


def map_source(path: str, units: bool) -> tuple[HexMap, GameState | None]:
    """The map of a map, scenario or game file, and with ``units`` the game whose
    counters to draw (a scenario at its start); DataError or ValueError otherwise."""
    from tabletop.cli.common import DOCUMENT_KINDS, check_game
    from tabletop.data import load_document
    from tabletop.model import GameState, HexMap, Scenario

    document = load_document(path, game_check=check_game)
    if isinstance(document, HexMap):
        if units:
            raise ValueError(f"{path}: a map has no units (--units needs a scenario or game)")
        return document, None
    if isinstance(document, Scenario):
        return document.map, document.new_game() if units else None
    if isinstance(document, GameState):
        return document.scenario.map, document if units else None
    kind = DOCUMENT_KINDS.get(type(document).__name__, "different kind of")
    raise ValueError(f"{path}: a {kind} file, not a map, scenario or saved game")


def run(args: argparse.Namespace) -> int:
    from tabletop.data import DataError
    from tabletop.data.atomic import save_target
    from tabletop.render.sheet import SheetError, ensure_gui_app

    try:
        out = _output(args)
        save_target(out)  # a FIFO, a folder, a read-only file: refused before any work
        hexmap, game = map_source(args.source, args.units)
        ensure_gui_app()
        summary = _print(args, hexmap, game, out)
    except DataError as exc:
        for line in str(exc).splitlines():
            print(line, file=sys.stderr)
        return 1
    except (ValueError, SheetError) as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        where = exc.filename or (out if exc.errno != errno.EINVAL else None)
        text = exc.strerror or str(exc)
        print(f"tabletop: {where}: {text}" if where else f"tabletop: {text}", file=sys.stderr)
        return 1
    print(summary)
    return 0


def _print(args: argparse.Namespace, hexmap: HexMap, game: GameState | None, out: Path) -> str:
    from tabletop.data.atomic import atomic_write
    from tabletop.render import MapPainter
    from tabletop.render.mapprint import PAPERS, game_contents, plan_print, write_map

    painter = MapPainter(hexmap)
    plan = plan_print(hexmap, PAPERS[args.paper], args.hex, args.overlap, painter=painter)
    contents = game_contents(game) if game is not None else None
    written = write_map(plan, painter, out, contents=contents, dpi=args.dpi, write=atomic_write)
    names = ", ".join(str(p) for p in written)
    extra = ""
    if contents is not None:
        n = sum(len(stack.counters) for stack in contents.stacks.values())
        extra = f", {n} counter{'s' * (n != 1)}"
    return f"wrote {names}: {plan.summary()}{extra}"
