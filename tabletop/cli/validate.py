"""``tabletop validate FILE...``: check map, counter, scenario and game files.

Prints every problem as ``FILE:LINE:COLUMN: message`` (warnings as
``FILE:LINE:COLUMN: warning: message``) on stdout, then a summary line. Exit 0 when every
file is valid (warnings do not count), 1 otherwise. Never a traceback, whatever the input.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.model import GameState


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="YAML files to check")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only the summary")


def _check_game(game: GameState) -> list[tuple[tuple[str | int, ...], str]]:
    """The replay check of a saved game; the rules are imported only for a game (a map or
    scenario is checked without them: ``validate`` of a big scenario starts faster)."""
    from tabletop.cli.common import check_game

    return check_game(game)


def run(args: argparse.Namespace) -> int:
    from tabletop.data import validate_file
    from tabletop.data.yamlsafe import shown_lines

    failed = 0
    errors = warnings = 0
    printed: set[str] = set()  # a referenced file's problems are shown once
    for name in args.files:
        problems, notes = validate_file(name, game_check=_check_game)
        errors += len(problems)
        warnings += len(notes)
        failed += bool(problems)
        if not args.quiet:
            lines = shown_lines(sorted(problems), sorted(notes))
            for line in sorted(lines, key=_position):
                if line not in printed:
                    printed.add(line)
                    print(line)
    total = len(args.files)
    plural = "s" if total != 1 else ""
    if failed:
        print(
            f"{failed} of {total} file{plural} invalid: {errors} error{'s' * (errors != 1)}, "
            f"{warnings} warning{'s' * (warnings != 1)}"
        )
    else:
        print(f"{total} file{plural} valid ({warnings} warning{'s' * (warnings != 1)})")
    sys.stdout.flush()
    return 1 if failed else 0


def _position(line: str) -> tuple[str, int, int]:
    path, _, rest = line.partition(":")
    parts = rest.split(":", 2)
    try:
        return path, int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        return path, 0, 0
