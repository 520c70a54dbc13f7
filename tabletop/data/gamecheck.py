"""Where in a saved game a disagreement with its replayed log lies (issue 16 item 6).

The replay itself happens above this layer (:mod:`tabletop.commands.replaycheck`, which
knows the rules); it names each disagreement by its place in the saved game, such as
``("state", "units", "t64-1", "hex")`` or ``("log", 3, "dice")``. :func:`report` finds
that place in the loaded document and records a located problem there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.data.schema import Checker
from tabletop.model import GameState

Place = tuple[str | int, ...]
Difference = tuple[Place, str]
GameCheck = Callable[[GameState], Sequence[Difference]]
"""What a loader may be given to check a saved game: its differences from its replay."""


def locate(doc: Any, place: Place) -> tuple[Any, str | int | None]:
    """(container, key) of the deepest step of ``place`` that ``doc`` holds."""
    container: Any = doc
    key: str | int | None = None
    for step in place:
        here = container if key is None else _get(container, key)
        if here is None or _get(here, step) is None:
            break
        container, key = here, step
    return container, key


def _get(container: Any, key: str | int) -> Any:
    if isinstance(container, dict) and isinstance(key, str):
        return container.get(key)
    if isinstance(container, list) and isinstance(key, int) and 0 <= key < len(container):
        return container[key]
    return None


def report(
    ck: Checker, doc: dict[str, Any], differences: Sequence[Difference], as_warnings: bool
) -> None:
    """Record each difference at its place: as errors, or as warnings the player may accept."""
    for place, message in differences:
        container, key = locate(doc, place)
        if as_warnings:
            ck.warn(container, key, message)
        else:
            ck.error(container, key, message)
