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
is done. The replay (:class:`tabletop.documents.replay.Replay`) is the game's one: review
mode shows its positions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.documents.acting import acting_side
from tabletop.documents.game import ChangeEvent, GameDocument, HistoryChanged, Observer
from tabletop.documents.replay import Replay
from tabletop.model import Aside, GameState, LogEntry
from tabletop.rules import ActionResult
from tabletop.rules.actions import Event
from tabletop.rules.narrate import involved, narrate

__all__ = ["LogBook", "LogRow", "acting_side", "aside_line", "tells_hidden_minefield"]


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
    side: str | None = None
    """The side that took the action (:func:`acting_side`)."""
    asides: tuple[str, ...] = ()
    """The take-backs and notices that stand just before this action (their lines lead
    ``text``)."""


BY_WORDS = {"bot": "Computer"}
"""Who chose an action, in a log row, when not a player (``LogEntry.by``)."""
TAKE_BACK_MARK = "\u21b6 "
"""Leads a take-back's line in the log (an anticlockwise arrow: undone)."""
NOTICE_MARK = "\u26a0 "
"""Leads a notice's line."""


def aside_line(aside: Aside) -> str:
    return (TAKE_BACK_MARK if aside.taken_back else NOTICE_MARK) + aside.text


class LogBook:
    """Narrated rows of a document's game log, cached per entry."""

    def __init__(
        self,
        document: GameDocument,
        subscribe: Callable[[Observer], Callable[[], None]] | None = None,
    ) -> None:
        """The rows of ``document``'s log; ``subscribe`` is how it hears the document (the
        app's: the document's channel, ``tabletop.ui.bridge``; None: the document itself)."""
        self.document = document
        self._results: dict[int, tuple[LogEntry, ActionResult | None]] = {}
        self._rows: dict[tuple[int, str | None], LogRow] = {}
        self._said: dict[int, tuple[LogEntry, ActionResult | None, object, str]] = {}
        self.replay = Replay(document)
        """The game's one replay of its log (:meth:`replay_for`; review mode's too)."""
        self.unsubscribe = (subscribe or document.subscribe)(self._on_event)

    def _on_event(self, event: ChangeEvent) -> None:
        """An action played or redone in this session: its result, kept (no replay)."""
        if not isinstance(event, HistoryChanged) or event.kind not in ("push", "redo"):
            return
        entry = getattr(event.command, "entry", None)
        result = getattr(event.command, "result", None)
        if isinstance(entry, LogEntry):
            self._results[id(entry)] = (entry, result if isinstance(result, ActionResult) else None)

    def _known(self, entry: LogEntry) -> bool:
        known = self._results.get(id(entry))
        return known is not None and known[0] is entry

    def result_of(self, entry: LogEntry, wait: bool = True) -> ActionResult | None:
        """The entry's result; one not known yet is replayed for (``wait=False``: None)."""
        if not self._known(entry) and wait:
            self.replay_for(float("inf"))
        known = self._results.get(id(entry))
        return known[1] if known is not None and known[0] is entry else None

    def settled(self) -> bool:
        """Is every entry's result known (no replay left to do)?"""
        return all(self._known(entry) for entry in self.document.state.log)

    def replay_for(self, seconds: float) -> bool:
        """Go on replaying the log for the results not known yet, for about ``seconds``
        (at least one entry); True once every entry's result is known."""
        if self.settled():
            return True
        self.replay.run_for(seconds)
        self._harvest()
        return self.settled()

    def _harvest(self) -> None:
        """The results of the replayed entries not known yet (the replay's own: an entry
        that does not replay, and those after it, get None)."""
        replay = self.replay
        for step in replay.steps:
            if not self._known(step.entry):
                self._results[id(step.entry)] = (step.entry, step.result)
        if replay.done():
            for entry in self.document.state.log[len(replay.steps) :]:
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
        asides = state.record.asides
        if asides:
            lines: dict[int, list[str]] = {}
            for aside in asides:
                lines.setdefault(aside.after, []).append(aside_line(aside))
            for i, row in enumerate(out):
                if i in lines:
                    said = tuple(lines[i])
                    out[i] = dataclasses.replace(
                        row, text="\n".join((*said, row.text)), asides=said
                    )
        return out

    def narration(
        self, entry: LogEntry, result: ActionResult | None, shown: list[Event] | None = None
    ) -> str:
        """``narrate`` of ``entry`` with ``result``, telling only the events ``shown`` (None:
        all), narrated once per entry and events told: the log dock's row of an action and
        the window's status line after it are one narration."""
        if result is not None and shown is not None and len(shown) == len(result.events):
            shown = None
        told = tuple(map(id, shown)) if shown is not None else None
        known = self._said.get(id(entry))
        if known is not None and known[0] is entry and known[1] is result and known[2] == told:
            return known[3]
        said = result
        if result is not None and shown is not None:
            said = dataclasses.replace(result, events=shown)
        text = narrate(self.document.scenario, entry, said)
        self._said[id(entry)] = (entry, result, told, text)
        return text

    def trailing(self) -> list[str]:
        """The take-backs and notices after the last action standing (each a line of the
        log dock below the rows)."""
        state = self.document.state
        n = len(state.log)
        return [aside_line(a) for a in state.record.asides if a.after >= n]

    def _row(self, index: int, entry: LogEntry, viewer: str | None, wait: bool) -> LogRow:
        result = self.result_of(entry, wait)
        shown: list[Event] | None = None
        if result is not None:
            state = self.document.state
            shown = [e for e in result.events if not tells_hidden_minefield(state, viewer, e)]
        text = self.narration(entry, result, shown)
        if result is not None and shown is not None and len(shown) != len(result.events):
            result = dataclasses.replace(result, events=shown)
        if entry.by is not None and entry.why:  # the computer opponent says why
            text += f"\n    {BY_WORDS.get(entry.by, entry.by)}: {entry.why}"
        side = acting_side(self.document.state, entry, result)
        return LogRow(index, entry, text, involved(entry, result), side)
