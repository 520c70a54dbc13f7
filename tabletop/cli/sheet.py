"""``tabletop sheet COUNTERS [-o OUT.pdf] [--size ...] [--paper a4|letter] [--copies N]
[--backs]``: print a counter sheet (interfaces.md section 3; docs/sheets.md).

Counters at their exact physical size in a grid with light grey cut lines, grouped by
nation. The output type follows ``-o``'s extension: one PDF, or one SVG or PNG file per
page (``-2``, ``-3`` ... suffixes). ``--backs`` puts each front page's mirrored back page
right after it, for double-sided printing with a long-edge flip. Prints one summary line;
bad input goes to stderr as ``tabletop: ...`` lines and exits 1. Works headless: without a
display Qt runs on its offscreen platform.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.data import CounterFile


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of copies (1 or more)")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tabletop.render.sheet import COUNTER_SIZES, PAPERS

    parser.add_argument("counters", metavar="COUNTERS", help="a counters file (YAML)")
    parser.add_argument(
        "-o", "--out", metavar="OUT", help="OUT.pdf, OUT.svg or OUT.png (default: COUNTERS.pdf)"
    )
    parser.add_argument(
        "--size", choices=list(COUNTER_SIZES), default="5/8in", help="counter side (5/8in)"
    )
    parser.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper (a4)")
    parser.add_argument(
        "--copies", type=_positive, default=1, metavar="N", help="copies of each unit type (1)"
    )
    parser.add_argument(
        "--backs", action="store_true", help="add mirrored back pages for duplex printing"
    )
    parser.add_argument("--dpi", type=_positive, default=300, help="PNG resolution (300)")


def _output(args: argparse.Namespace) -> Path:
    from tabletop.render.sheet import FORMATS

    out = Path(args.out) if args.out else Path(Path(args.counters).stem + ".pdf")
    if out.suffix.lower() not in FORMATS:
        raise ValueError(f"{out}: the output must end in .pdf, .svg or .png")
    return out


def run(args: argparse.Namespace) -> int:
    from tabletop.data import DataError, load_counters
    from tabletop.render.sheet import SheetError, ensure_gui_app

    try:
        out = _output(args)
        counters = load_counters(args.counters)
        if not counters.units:
            raise ValueError(f"{args.counters}: there are no counters to print")
        ensure_gui_app()
        summary = _print(args, counters, out)
    except DataError as exc:
        for line in str(exc).splitlines():
            print(line, file=sys.stderr)
        return 1
    except (ValueError, SheetError) as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"tabletop: {exc.filename or args.counters}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(summary)
    return 0


def _print(args: argparse.Namespace, counters: CounterFile, out: Path) -> str:
    from tabletop.render.sheet import (
        COUNTER_SIZES,
        PAPERS,
        group_by_nation,
        layout_sheet,
        with_backs,
        write_sheet,
    )

    paper = PAPERS[args.paper]
    unnamed = counters.name or Path(args.counters).stem
    groups = group_by_nation(counters.units.values(), args.copies, unnamed)
    pages = layout_sheet(groups, paper, COUNTER_SIZES[args.size])
    if args.backs:
        pages = with_backs(pages, paper)
    title = counters.name or Path(args.counters).stem
    written = write_sheet(pages, paper, out, title=title, dpi=args.dpi)
    total = sum(len(units) for _, units in groups)
    names = ", ".join(str(p) for p in written)
    page_word = "page" if len(pages) == 1 else "pages"
    backs = ", with backs" if args.backs else ""
    return (
        f"wrote {names}: {total} counter{'s' * (total != 1)} on {len(pages)} {page_word} "
        f"({args.size}, {paper.name}{backs})"
    )
