"""``tabletop los FILE FROM (TO|--all) [--as SIDE] [--json]`` (interfaces.md section 3).

FILE is a map, a scenario or a saved game. FROM and TO are hex labels or unit ids (a unit
stands for its hex; a helicopter in flying or NOE mode sees from its table level, rules 4.4).
A scenario or game supplies its Smoke/Wreck hex markers and its options (range count, LOS
model). Bad input prints one message per problem on stderr and exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys

from tabletop.model import GameState, HexMap, HexMarker, Options, Scenario
from tabletop.rules.los import LosResult, Viewpoint, viewpoint_of


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="map, scenario or saved game")
    parser.add_argument("source", metavar="FROM", help="hex label or unit id")
    parser.add_argument("target", metavar="TO", nargs="?", help="hex label or unit id")
    parser.add_argument("--all", action="store_true", help="every hex FROM sees")
    parser.add_argument("--as", dest="side", metavar="SIDE", help="show this side's view")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


class _BadInput(ValueError):
    pass


def _context(doc: object) -> tuple[HexMap, GameState | None, list[HexMarker], Options]:
    if isinstance(doc, HexMap):
        return doc, None, [], Options()
    if isinstance(doc, GameState):
        return doc.scenario.map, doc, list(doc.hex_markers), doc.scenario.options
    if isinstance(doc, Scenario):
        game = doc.new_game()
        return doc.map, game, list(doc.hex_markers), doc.options
    raise _BadInput("FILE must be a map, a scenario or a saved game")


def _viewpoint(text: str, hex_map: HexMap, game: GameState | None) -> Viewpoint:
    if game is not None and text in game.units:
        unit = game.units[text]
        if unit.hex is None:
            raise _BadInput(f"unit {text} is not on the map")
        return viewpoint_of(game, unit)
    try:
        return Viewpoint(hex_map.parse(text))
    except ValueError as exc:
        what = "a hex label or a unit id" if game is not None else "a hex label"
        raise _BadInput(f"{text!r} is not {what}: {exc}") from None


def _sentence(result: LosResult, hex_map: HexMap, a: str, b: str) -> str:
    head = f"{a} -> {b}: range {result.range}, "
    if result.clear:
        text = head + "line of sight clear"
    else:
        text = head + f"no line of sight: {result.reason}"
    if result.hindrances:
        text += "; hindrances: " + ", ".join(hex_map.label(h) for h in result.hindrances)
    if result.grazed:
        sides = [f"{hex_map.label(s.a)}/{hex_map.label(s.b)}" for s in result.grazed]
        text += "; runs along " + ", ".join(sides)
    return text


def _run(args: argparse.Namespace) -> int:
    from tabletop.data import load_document
    from tabletop.geometry import LosEngine, explain_json

    if (args.target is None) == (not args.all):
        raise _BadInput("give either TO or --all")
    hex_map, game, markers, options = _context(load_document(args.file))
    if args.side is not None and game is not None and args.side not in game.scenario.sides:
        known = ", ".join(sorted(game.scenario.sides))
        raise _BadInput(f"unknown side {args.side!r} (sides: {known})")
    engine = LosEngine(hex_map, options)
    a = _viewpoint(args.source, hex_map, game)
    if args.all:
        labels = sorted(hex_map.label(h) for h in engine.visible_from(a, markers))
        if args.json:
            print(json.dumps({"from": hex_map.label(a.hex), "visible": labels}))
        else:
            print(f"{hex_map.label(a.hex)} sees {len(labels)} hexes: {' '.join(labels)}")
        return 0
    b = _viewpoint(args.target, hex_map, game)
    result = engine.check(a, b, markers)
    if args.json:
        print(json.dumps(explain_json(result, hex_map)))
    else:
        print(_sentence(result, hex_map, hex_map.label(a.hex), hex_map.label(b.hex)))
    return 0


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        return 0
    except OSError as exc:
        print(f"tabletop los: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
    except ValueError as exc:  # DataError (one problem a line), unknown hex or unit
        print(str(exc) if str(exc) else "tabletop los: bad input", file=sys.stderr)
    return 1
