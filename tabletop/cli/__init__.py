"""L7: the ``tabletop`` command line (interfaces.md section 3).

``tabletop [FILE]`` opens the desktop app; ``tabletop COMMAND ...`` runs a headless command.
Each command lives in its own module exposing ``add_arguments(parser)`` and
``run(args) -> int``; modules are imported only when their command runs, so that
``tabletop validate`` never loads Qt.
Exit codes: 0 done, 1 bad input, 2 illegal action (``act``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("tabletop.cli.validate", "check map, counter, scenario and game files"),
    "los": ("tabletop.cli.los", "line of sight between two hexes, or every hex one sees"),
    "odds": ("tabletop.cli.odds", "exact probabilities of an attack's outcomes"),
    "act": ("tabletop.cli.act", "perform one game action headlessly"),
    "show": ("tabletop.cli.show", "where a game stands: turn, phase, units, markers"),
    "actions": ("tabletop.cli.actions", "what each unit may do now, and why not"),
    "reach": ("tabletop.cli.reach", "the hexes a unit's move can reach, with their costs"),
    "bot": ("tabletop.cli.bot", "the computer opponent plays a side's actions"),
    "sheet": ("tabletop.cli.sheet", "print a counter sheet"),
    "print-map": ("tabletop.cli.printmap", "print the map at true scale on pages"),
    "bundled": ("tabletop.cli.bundled", "where the bundled maps, counters and scenarios are"),
}


def _build_parser(command: str, asks_help: bool = False) -> argparse.ArgumentParser:
    module_name, help_text = COMMANDS[command]
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=f"tabletop {command}", description=help_text)
    module.add_arguments(parser)
    epilog = getattr(module, "help_epilog", None)
    if asks_help and epilog is not None:  # (made only for --help: ``act`` lists the actions)
        parser.formatter_class = argparse.RawDescriptionHelpFormatter
        parser.epilog = epilog()
    return parser


def _usage() -> str:
    lines = ["usage: tabletop [FILE]            open the desktop app (default: demo scenario)"]
    lines += [f"       tabletop {name:<17} {text}" for name, (_, text) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # the rulesets' table, which the model and the data layer ask (``model.setup``)
    importlib.import_module("tabletop.rules.engine")
    if args and args[0] in ("-h", "--help"):
        print(_usage())
        return 0
    if args and args[0] in ("-V", "--version"):
        from tabletop import __version__

        print(f"tabletop {__version__}")
        return 0
    if args and args[0] in COMMANDS:
        command = args[0]
        parser = _build_parser(command, any(a in ("-h", "--help") for a in args[1:]))
        try:
            parsed = parser.parse_args(args[1:])
        except SystemExit as exc:  # argparse: bad options are bad input (exit 1)
            return 0 if exc.code == 0 else 1
        module = importlib.import_module(COMMANDS[command][0])
        try:
            code: int = module.run(parsed)
        except MemoryError:
            # the schema's bounds (docs/formats.md) keep files far below this; say it plainly
            print(
                f"tabletop {command}: out of memory: the input is too large for this machine",
                file=sys.stderr,
            )
            return 1
        except BrokenPipeError:
            # The reader went away (``tabletop los ... | head``): not an error of ours.
            # Point stdout at devnull so the interpreter's final flush stays quiet.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        return code
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(_usage(), file=sys.stderr)
        return 1
    app = importlib.import_module("tabletop.ui.app")
    code = app.main(args[0] if args else None)
    return int(code)
