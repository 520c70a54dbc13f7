"""``tabletop bundled [NAME]``: where the maps, counters and scenarios shipped with Tabletop
are, so that an installed copy's files can be named from any folder::

    tabletop validate $(tabletop bundled)
    tabletop los "$(tabletop bundled hold-the-crossroads)" 0304 0810

Without NAME every bundled file's path, one a line; with NAME (``hold-the-crossroads``,
``scenarios/hold-the-crossroads.yaml``) that file's path, or exit 1 naming the known ones.
"""

from __future__ import annotations

import argparse
import sys

from tabletop import paths
from tabletop.cli.common import EXIT_BAD_INPUT, EXIT_DONE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", help="one bundled file, e.g. hold-the-crossroads")


def run(args: argparse.Namespace) -> int:
    if args.name is None:
        for path in paths.bundled_files():
            print(path)
        return EXIT_DONE
    found = paths.bundled_file(args.name)
    if found is None:
        known = ", ".join(p.stem for p in paths.bundled_files())
        print(f"tabletop: no bundled file {args.name!r}; bundled: {known}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(found)
    return EXIT_DONE
