"""Helpers shared by the headless play commands (``act``, ``odds``): loading a scenario or
a saved game, the line-of-sight engine, one side's view, output and exit codes."""

from __future__ import annotations

import json
import sys
from typing import Any

from tabletop.model import GameState, Scenario
from tabletop.rules import LineOfSight
from tabletop.rules.actions import Event
from tabletop.rules.common import event_hidden_from

EXIT_DONE, EXIT_BAD_INPUT, EXIT_ILLEGAL = 0, 1, 2


class BadInput(ValueError):
    """A problem with the command line or its files (exit 1)."""


def load_play(path: str) -> GameState:
    """A scenario (at the start of turn 1) or a saved game; BadInput otherwise."""
    from tabletop.data import DataError, load_document

    try:
        document = load_document(path, game_check=check_game)
    except DataError as exc:
        raise BadInput(str(exc)) from None
    except OSError as exc:
        raise BadInput(f"{path}: {exc.strerror or exc}") from None
    if isinstance(document, Scenario):
        return document.new_game()
    if isinstance(document, GameState):
        return document
    kind = DOCUMENT_KINDS.get(type(document).__name__, "different kind of")
    raise BadInput(f"{path}: a {kind} file, not a scenario or saved game")


DOCUMENT_KINDS = {"HexMap": "map", "TerrainChart": "terrain chart", "CounterFile": "counters"}


def make_los(state: GameState) -> LineOfSight:
    from tabletop.geometry import LosEngine

    engine: LineOfSight = LosEngine(state.scenario.map, state.scenario.options)
    return engine


def check_game(game: GameState) -> list[tuple[tuple[str | int, ...], str]]:
    """Where a saved game disagrees with its log replayed from the scenario (the data
    layer locates each place): ``validate``, ``act`` and ``odds`` refuse such a game."""
    from tabletop.commands.replaycheck import replay_differences

    return replay_differences(game, make_los(game))


def save(state: GameState, path: str) -> None:
    from tabletop.data import save_game

    save_game(state, path)


def check_side(state: GameState, side: str | None) -> None:
    if side is not None and side not in state.scenario.sides:
        known = ", ".join(state.scenario.sides)
        raise BadInput(f"there is no side {side!r} in this scenario (sides: {known})")


def check_units(state: GameState, *ids: str | None) -> None:
    """Every unit id named on the command line must be a unit of the game as it stands:
    an unknown id is bad input (exit 1), the same for every command (docs/headless.md),
    and so is a reinforcement still to come. A unit of the game that may not do what is
    asked (eliminated, carried, of the other side) is the rules' to refuse (exit 2)."""
    for uid in ids:
        if uid is None or uid in state.units:
            continue
        coming = next((r for r in state.scenario.reinforcements if r.unit.id == uid), None)
        if coming is not None:
            raise BadInput(f"{uid} is not in the game yet: a reinforcement of turn {coming.turn}")
        raise BadInput(f"there is no unit {uid!r} in this game")


def split_ids(text: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip()) if text else ()


def parse_dice(text: str) -> list[int]:
    faces: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if part not in ("1", "2", "3", "4", "5", "6"):  # ASCII: "³".isdigit() too
            shown = ascii(part[:20])
            raise BadInput(f"--dice: {shown} is not a d6 face (the digits 1 to 6)")
        faces.append(int(part))
    return faces


def hidden_from(state: GameState, side: str | None, event: Event) -> bool:
    """Is this event about a minefield the viewing side must not know of (rules 1.7)?"""
    return event_hidden_from(state, side, event)


def emit(payload: dict[str, Any], as_json: bool, text: str) -> None:
    if as_json:
        print(json.dumps(payload))
    else:
        print(text)


def fail(message: str, as_json: bool) -> int:
    """Bad input: the message on stderr (and as JSON on stdout with --json); exit 1."""
    print(f"tabletop: {message}", file=sys.stderr)
    if as_json:
        print(json.dumps({"error": message}))
    return EXIT_BAD_INPUT
