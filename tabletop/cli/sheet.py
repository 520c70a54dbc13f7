"""``tabletop sheet FILE [-o OUT.pdf] [--size ...] [--paper a4|letter] [--copies N]
[--backs] [--bleed MM] [--no-cut-lines]``: print a counter sheet (interfaces.md section 3;
docs/sheets.md).

FILE is a counters file (every unit type, grouped by nation) or a scenario (its order of
battle: every unit once, grouped by side and formation). Counters at their exact physical
size in a grid with light grey cut lines. The output type follows ``-o``'s extension: one
PDF, or one SVG or PNG file per page (``-2``, ``-3`` ... suffixes). ``--backs`` puts each
front page's mirrored back page right after it, for double-sided printing with a long-edge
flip. Prints one summary line; bad input goes to stderr as ``tabletop: ...`` lines and exits
1. Works headless: without a display Qt runs on its offscreen platform.
"""

from __future__ import annotations

import argparse
import errno
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.render.sheet import Group

MAX_BLEED_MM = 5.0


MAX_COPIES = 100
"""Copies of each unit type: a hundred sheets' worth at most (memory grows with them)."""
DPI_RANGE = (50, 1200)
"""PNG resolutions: a printer's 1200 dpi at most (an A4 page at 1200 dpi is 140 MB)."""


def _whole(text: str, what: str, lo: int, hi: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = lo - 1
    if not lo <= value <= hi:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what} ({lo} to {hi})")
    return value


def _bleed(text: str) -> float:
    try:
        value = float(text.removesuffix("mm"))
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= MAX_BLEED_MM:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a bleed in millimetres (0 to {MAX_BLEED_MM:g}, e.g. 1 or 1.5mm)"
        )
    return value


def _copies(text: str) -> int:
    return _whole(text, "a number of copies", 1, MAX_COPIES)


def _dpi(text: str) -> int:
    return _whole(text, "a resolution in dots per inch", *DPI_RANGE)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tabletop.render.sheet import COUNTER_SIZES, PAPERS

    parser.add_argument(
        "counters", metavar="FILE", help="a counters file, or a scenario for its order of battle"
    )
    parser.add_argument(
        "-o", "--out", metavar="OUT", help="OUT.pdf, OUT.svg or OUT.png (default: FILE.pdf)"
    )
    parser.add_argument(
        "--size", choices=list(COUNTER_SIZES), default="5/8in", help="counter side (5/8in)"
    )
    parser.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper (a4)")
    parser.add_argument(
        "--copies",
        type=_copies,
        default=1,
        metavar="N",
        help=f"copies of each counter (1; at most {MAX_COPIES})",
    )
    parser.add_argument(
        "--backs", action="store_true", help="add mirrored back pages for duplex printing"
    )
    parser.add_argument(
        "--bleed", type=_bleed, default=0.0, metavar="MM", help="colour past the cut line (0)"
    )
    parser.add_argument(
        "--no-cut-lines", dest="cut_lines", action="store_false", help="leave out the cut lines"
    )
    parser.add_argument(
        "--dpi",
        type=_dpi,
        default=300,
        help=f"PNG resolution (300; {DPI_RANGE[0]} to {DPI_RANGE[1]})",
    )


@dataclass(frozen=True)
class Contents:
    """What a sheet prints: groups of counters under their headings, and its title."""

    title: str
    groups: list[Group]


def _output(args: argparse.Namespace) -> Path:
    from tabletop.render.sheet import FORMATS

    out = Path(args.out) if args.out else Path(Path(args.counters).stem + ".pdf")
    if out.suffix.lower() not in FORMATS:
        raise ValueError(f"{out}: the output must end in .pdf, .svg or .png")
    return out


def sheet_contents(path: str, copies: int = 1) -> Contents:
    """A counters file's types by nation, or a scenario's order of battle; DataError or
    ValueError for anything else."""
    from tabletop.data import CounterFile, load_document
    from tabletop.model import Scenario
    from tabletop.render.sheet import group_by_nation, order_of_battle

    document = load_document(path)
    stem = Path(path).stem
    if isinstance(document, CounterFile):
        title = document.name or stem
        groups = group_by_nation(document.units.values(), copies, title)
    elif isinstance(document, Scenario):
        title = f"{document.name or stem}: order of battle"
        groups = order_of_battle(document, copies)
    else:
        raise ValueError(
            f"{path}: expected a tabletop/counters file or a tabletop/scenario file to print"
        )
    if not groups:
        raise ValueError(f"{path}: there are no counters to print")
    return Contents(title, groups)


def run(args: argparse.Namespace) -> int:
    from tabletop.data import DataError
    from tabletop.data.atomic import save_target
    from tabletop.render.sheet import SheetError, ensure_gui_app

    try:
        out = _output(args)
        save_target(out)  # a FIFO, a folder, a read-only file: refused before any work
        contents = sheet_contents(args.counters, args.copies)
        ensure_gui_app()
        summary = _print(args, contents, out)
    except DataError as exc:
        for line in str(exc).splitlines():
            print(line, file=sys.stderr)
        return 1
    except (ValueError, SheetError) as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # a refused target (its message names it), a full disk
        where = exc.filename or (out if exc.errno != errno.EINVAL else None)
        text = exc.strerror or str(exc)
        print(f"tabletop: {where}: {text}" if where else f"tabletop: {text}", file=sys.stderr)
        return 1
    print(summary)
    return 0


def _print(args: argparse.Namespace, contents: Contents, out: Path) -> str:
    from tabletop.data.atomic import atomic_write
    from tabletop.render.sheet import COUNTER_SIZES, PAPERS, layout_sheet, with_backs, write_sheet

    paper = PAPERS[args.paper]
    pages = layout_sheet(contents.groups, paper, COUNTER_SIZES[args.size], bleed_mm=args.bleed)
    if args.backs:
        pages = with_backs(pages, paper)
    written = write_sheet(
        pages,
        paper,
        out,
        title=contents.title,
        dpi=args.dpi,
        cut_lines=args.cut_lines,
        write=atomic_write,
    )
    total = sum(len(group.units) for group in contents.groups)
    names = ", ".join(str(p) for p in written)
    page_word = "page" if len(pages) == 1 else "pages"
    extras = ", with backs" if args.backs else ""
    extras += f", {args.bleed:g} mm bleed" if args.bleed else ""
    return (
        f"wrote {names}: {total} counter{'s' * (total != 1)} on {len(pages)} {page_word} "
        f"({args.size}, {paper.name}{extras})"
    )
