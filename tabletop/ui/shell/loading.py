"""Opening files for the window: scenarios, saved games and bare maps, with friendly errors."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tabletop.data import PendingCheck
from tabletop.data.gamecheck import Difference
from tabletop.documents import CountersDocument, CounterSet, GameDocument, MapDocument
from tabletop.model import GameState, HexMap, Scenario


class LoadError(ValueError):
    """A file could not be opened: a one-line ``summary`` and the ``details`` (every problem
    as ``FILE:LINE:COLUMN: message``)."""

    def __init__(self, summary: str, details: str = "") -> None:
        super().__init__(summary if not details else f"{summary}\n{details}")
        self.summary = summary
        self.details = details


def map_scenario(hexmap: HexMap, path: Path) -> Scenario:
    """A map file shown on its own: a scenario with no units."""
    return Scenario(
        name=hexmap.name, ruleset="platoon", map=hexmap, unit_types={}, sides={}, units=[],
        path=path,
    )  # fmt: skip


def with_los(document: GameDocument) -> GameDocument:
    """Give ``document`` the geometry line-of-sight engine of its map (built on first use),
    unless it already has one."""
    if not document.has_los:
        from tabletop.geometry import LosEngine

        scenario = document.scenario
        document.use_los(lambda: LosEngine(scenario.map, scenario.options))
    return document


class Declined(LoadError):
    """The player chose not to open a saved game that disagrees with its log."""


Accept = Callable[[str, str], bool]
"""Asked (summary, details) whether to open a saved game whose state disagrees with its
log replayed from the scenario; True opens it as it was stored."""


def _log_check(found: list[object]) -> Callable[[GameState], list[Difference]]:
    def check(game: GameState) -> list[Difference]:
        from tabletop.commands.replaycheck import replay_differences
        from tabletop.geometry import LosEngine

        differences = replay_differences(game, LosEngine(game.scenario.map, game.scenario.options))
        found.extend(differences)
        return differences

    return check


@contextmanager
def _reading(p: Path) -> Iterator[None]:
    """What reading ``p`` may raise, as a :class:`LoadError` a user can read: the file's
    located problems, the system's reason it cannot be read, or what is wrong with it."""
    from tabletop import data

    try:
        yield
    except data.DataError as exc:
        problems = [str(problem) for problem in getattr(exc, "problems", ())] or [str(exc)]
        count = len(problems)
        raise LoadError(
            f"{p.name} has {count} problem{'s' if count != 1 else ''}", "\n".join(problems)
        ) from None
    except OSError as exc:
        raise LoadError(f"cannot read {p}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise LoadError(f"cannot open {p.name}", str(exc)) from None


def load_game_document(
    path: str | Path, accept: Accept | None = None
) -> GameDocument | MapDocument | CountersDocument:
    """A document for a scenario (a new game) or a saved game, or for a map in the map
    editor; LoadError otherwise. A saved game is replayed from its scenario; where it
    disagrees, ``accept`` decides (None: open it)."""
    p = Path(path)
    if not p.is_file():
        raise LoadError(f"{p} does not exist or is not a file")
    try:
        from tabletop import data
    except ImportError as exc:  # pragma: no cover - only while the data layer is missing
        raise LoadError("Tabletop cannot read files in this installation", str(exc)) from None
    found: list[object] = []
    with _reading(p):
        loaded, warnings = data.load_document_warnings(p, _log_check(found))
    if isinstance(loaded, GameState) and found and accept is not None:
        count = len(found)
        summary = (
            f"{p.name} does not agree with its log replayed from the scenario "
            f"({count} difference{'s' if count != 1 else ''}): it may have been edited. "
            "Open it as it was saved?"
        )
        if not accept(summary, "\n".join(w.as_warning() for w in warnings)):
            raise Declined(f"{p.name} was not opened")
    return _document(loaded, p)


def _document(loaded: object, p: Path) -> GameDocument | MapDocument | CountersDocument:
    from tabletop import data

    if isinstance(loaded, GameState):
        return with_los(GameDocument(loaded, p))
    if isinstance(loaded, Scenario):
        return with_los(GameDocument.from_scenario(loaded, p))
    if isinstance(loaded, HexMap):
        return MapDocument(loaded, p)
    if isinstance(loaded, data.CounterFile):
        counters = CounterSet(
            loaded.ruleset, list(loaded.units.values()), loaded.name, loaded.notes
        )
        return CountersDocument(counters, p)
    raise LoadError(
        f"{p.name} is not a scenario, saved game, map or counters file",
        "Terrain charts are read by the maps that name them.",
    )


def open_document(
    path: str | Path,
) -> tuple[GameDocument | MapDocument | CountersDocument, PendingCheck | None]:
    """Like :func:`load_game_document`, a saved game whose seal does not match opened at
    once without its replay check: (the document, the check still to make, or None). The
    window shows such a game read-only while :mod:`~tabletop.ui.shell.checking` runs it."""
    p = Path(path)
    if not p.is_file():
        raise LoadError(f"{p} does not exist or is not a file")
    from tabletop import data

    with _reading(p):
        loaded, _warnings, pending = data.load_document_deferred(p)
    return _document(loaded, p), pending
