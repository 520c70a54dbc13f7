"""The game log as players read it: one narrated row per log entry, for the app's log dock.

Each row needs the entry's ``ActionResult`` (its rolls and events). An action played in this
session hands it over through the history (a command with ``entry`` and ``result``); the
entries of a game read from a file get theirs by replaying the log from the scenario once,
with each entry's own dice (``engine.replay_steps``). A log that stops replaying (a file
edited by hand) keeps the rest of its rows in the plain form ``narrate`` gives without a
result.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tabletop.commands import Command
from tabletop.documents.game import GameDocument
from tabletop.model import GameState, LogEntry
from tabletop.rules import ActionResult, DiceError, IllegalAction, engine
from tabletop.rules.actions import Event
from tabletop.rules.narrate import involved, narrate

__all__ = ["LogBook", "LogRow", "positions", "tells_hidden_minefield"]


def tells_hidden_minefield(state: GameState, viewer: str | None, event: Event) -> bool:
    """Does ``event`` tell of a minefield ``viewer`` may not know of (rules 1.7)? An event is
    about a minefield by its ``marker`` (``minefield_at``/``_ap``) or its own name
    (``minefield_laid``, ...); it stays hidden while its hex holds an unrevealed minefield of
    another side. ``viewer`` None is the neutral view, which knows no side's secrets."""
    if event.hex is None:
        return False
    about = str(event.data.get("marker", "")).startswith("minefield")
    if not (about or event.event.startswith("minefield")):
        return False
    h = state.scenario.map.parse(event.hex)
    known = state.visible_markers(viewer)
    return any(
        m.hex == h and m.kind.startswith("minefield") and m not in known for m in state.hex_markers
    )


@dataclass(frozen=True)
class LogRow:
    """One log entry as the log dock shows it."""

    index: int
    entry: LogEntry
    text: str
    units: tuple[str, ...]
    """The units the action is about (clicking the row selects them)."""


def positions(document: GameDocument) -> tuple[list[GameState], str | None]:
    """The game at its start and after each log entry, replayed from the scenario (review
    mode shows them), and why the replay stopped early (None if it did not)."""
    state = document.scenario.new_game()
    states = [state.snapshot()]
    try:
        for _result in engine.replay_steps(state, document.state.log, document.los):
            states.append(state.snapshot())
    except (IllegalAction, DiceError, ValueError, KeyError) as exc:
        return states, str(exc)
    return states, None


class LogBook:
    """Narrated rows of a document's game log, cached per entry."""

    def __init__(self, document: GameDocument) -> None:
        self.document = document
        self._results: dict[int, tuple[LogEntry, ActionResult | None]] = {}
        self._rows: dict[tuple[int, str | None], LogRow] = {}
        document.history.subscribe(self._on_history)

    def _on_history(self, kind: str, command: Command | None) -> None:
        entry = getattr(command, "entry", None)
        result = getattr(command, "result", None)
        if kind in ("push", "redo") and isinstance(entry, LogEntry):
            self._results[id(entry)] = (entry, result if isinstance(result, ActionResult) else None)

    def result_of(self, entry: LogEntry) -> ActionResult | None:
        known = self._results.get(id(entry))
        if known is None or known[0] is not entry:
            self._replay()
            known = self._results.get(id(entry))
        return known[1] if known is not None and known[0] is entry else None

    def _replay(self) -> None:
        """Results for every entry of the log, from one replay from the scenario."""
        log = self.document.state.log
        state = self.document.scenario.new_game()
        found: list[ActionResult] = []
        try:
            for result in engine.replay_steps(state, log, self.document.los):
                found.append(result)
        except (IllegalAction, DiceError, ValueError, KeyError):
            pass  # the rest of the log stays without results
        for i, entry in enumerate(log):
            if id(entry) in self._results and self._results[id(entry)][0] is entry:
                continue
            ok = i < len(found) and state.log[i] == entry
            self._results[id(entry)] = (entry, found[i] if ok else None)

    def rows(self, viewer: str | None = None) -> list[LogRow]:
        """Every entry of the log, oldest first, as ``viewer`` may read it: the events that
        tell of another side's unrevealed minefield are left out (None: of any side's)."""
        state = self.document.state
        hidden = {m.hex for m in state.hex_markers if m not in state.visible_markers(viewer)}
        out = []
        for i, entry in enumerate(state.log):
            key = (id(entry), viewer)
            row = self._rows.get(key)
            if row is None or row.entry is not entry or row.index != i or hidden:
                row = self._rows[key] = self._row(i, entry, viewer)
            out.append(row)
        return out

    def _row(self, index: int, entry: LogEntry, viewer: str | None) -> LogRow:
        result = self.result_of(entry)
        if result is not None:
            state = self.document.state
            shown = [e for e in result.events if not tells_hidden_minefield(state, viewer, e)]
            if len(shown) != len(result.events):
                result = dataclasses.replace(result, events=shown)
        text = narrate(self.document.scenario, entry, result)
        return LogRow(index, entry, text, involved(entry, result))
