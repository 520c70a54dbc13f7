"""The game log as players read it: one narrated row per log entry, for the app's log dock.

Each row needs the entry's ``ActionResult`` (its rolls and events). An action played in this
session hands it over through the history (a command with ``entry`` and ``result``); the
entries of a game read from a file get theirs by replaying the log from the scenario once,
with each entry's own dice (``engine.replay_steps``). A log that stops replaying (a file
edited by hand) keeps the rest of its rows in the plain form ``narrate`` gives without a
result.

That replay costs the rules' time of the whole log (about 10 s for 500 actions on 11,441
units), so the app's log dock does not wait for it: it asks for rows with ``wait=False``
(an entry whose result is not known yet gets the plain form) and advances the replay a
slice at a time (:meth:`LogBook.replay_for`) between frames, showing the full rows when it
is done.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
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
        self._replaying: Iterator[None] | None = None
        """The replay in progress (:meth:`replay_for`), one step per entry."""
        document.history.subscribe(self._on_history)

    def _on_history(self, kind: str, command: Command | None) -> None:
        entry = getattr(command, "entry", None)
        result = getattr(command, "result", None)
        if kind in ("push", "redo") and isinstance(entry, LogEntry):
            self._results[id(entry)] = (entry, result if isinstance(result, ActionResult) else None)

    def _known(self, entry: LogEntry) -> bool:
        known = self._results.get(id(entry))
        return known is not None and known[0] is entry

    def result_of(self, entry: LogEntry, wait: bool = True) -> ActionResult | None:
        """The entry's result; one not known yet is replayed for (``wait=False``: None)."""
        if not self._known(entry):
            if not wait:
                return None
            self.replay_for(float("inf"))
            if not self._known(entry):  # an entry the replay did not reach
                self._replaying = self._replay_steps()
                self.replay_for(float("inf"))
        known = self._results.get(id(entry))
        return known[1] if known is not None and known[0] is entry else None

    def settled(self) -> bool:
        """Is every entry's result known (no replay left to do)?"""
        return all(self._known(entry) for entry in self.document.state.log)

    def replay_for(self, seconds: float) -> bool:
        """Go on replaying the log for the results not known yet, for about ``seconds``
        (at least one entry); True once every entry's result is known."""
        if self._replaying is None:
            if self.settled():
                return True
            self._replaying = self._replay_steps()
        end = time.perf_counter() + seconds
        for _ in self._replaying:
            if time.perf_counter() >= end:
                return False
        self._replaying = None
        return True

    def _replay_steps(self) -> Iterator[None]:
        """Results for every entry of the log as it is now, from one replay from the
        scenario, an entry a step (the rest of the log stays without results where the
        replay stops)."""
        log = list(self.document.state.log)
        state = self.document.scenario.new_game()
        yield
        i = 0
        try:
            for result in engine.replay_steps(state, log, self.document.los):
                entry = log[i]
                if not self._known(entry):
                    self._results[id(entry)] = (entry, result if state.log[i] == entry else None)
                i += 1
                yield
        except (IllegalAction, DiceError, ValueError, KeyError):
            pass
        for entry in log[i:]:
            if not self._known(entry):
                self._results[id(entry)] = (entry, None)

    def rows(self, viewer: str | None = None, wait: bool = True) -> list[LogRow]:
        """Every entry of the log, oldest first, as ``viewer`` may read it: the events that
        tell of another side's unrevealed minefield are left out (None: of any side's).
        ``wait=False``: an entry whose result is not known yet is not replayed for, and
        gets the plain row (see :meth:`replay_for`)."""
        state = self.document.state
        hidden = {m.hex for m in state.hex_markers if m not in state.visible_markers(viewer)}
        out = []
        for i, entry in enumerate(state.log):
            key = (id(entry), viewer)
            row = self._rows.get(key)
            if row is None or row.entry is not entry or row.index != i or hidden:
                row = self._row(i, entry, viewer, wait)
                if wait or self._known(entry):  # a plain row for now is made again later
                    self._rows[key] = row
            out.append(row)
        return out

    def _row(self, index: int, entry: LogEntry, viewer: str | None, wait: bool) -> LogRow:
        result = self.result_of(entry, wait)
        if result is not None:
            state = self.document.state
            shown = [e for e in result.events if not tells_hidden_minefield(state, viewer, e)]
            if len(shown) != len(result.events):
                result = dataclasses.replace(result, events=shown)
        text = narrate(self.document.scenario, entry, result)
        return LogRow(index, entry, text, involved(entry, result))
