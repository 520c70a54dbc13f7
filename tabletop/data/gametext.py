"""A game's saved text kept ready, so that an autosave after every action costs what the
action changed, not the whole game.

:func:`~tabletop.data.files.game_text` turns the whole game into text: on the 200 x 200
game of 11,441 units after 500 actions that is about half a second of work, too much after
every action. :class:`GameText` keeps the text of each part of the file instead -- each
unit's record (``state: units:``), the scenario's part (the same for every save to one
place) and each line of the log -- and makes again only what it is told changed
(:meth:`GameText.forget`: the game document's ``UnitsChanged`` names exactly the units an
action, undo or redo changed) plus the small rest (turn, phase, cup, flags, pending, hex
markers, the game's record). The units' texts are kept in the table's order from one
snapshot to the next, so a snapshot puts in place only the texts of the units that
changed and hands the worker a copy of the list (about 0.6 ms on that game, where a look-up
of every unit's text took 3 ms); the log's lines likewise. Joining the parts, sealing and
writing the file is
:meth:`GameText.job`'s function, which needs nothing of the live game and may run on a
worker thread.

The text is the very text ``game_text`` writes (:func:`tabletop.data.machine.item`: every
item of a mapping is written alone), sealed the same way. A unit changed behind the game
document's back (a script mutating ``state``) must be told with :meth:`GameText.forget`, as
it must be to the document's hex index (``GameDocument.reindex``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from tabletop.data import gamerecord, games, machine, seal
from tabletop.data.files import game_sources, scenario_to_dict
from tabletop.model import GameState, where

__all__ = ["BATCH", "SHARE", "GameText"]

BATCH = 100
"""Units made per step of :meth:`GameText.steps` (about 2 ms of work)."""
SHARE = 2000
"""Units' texts joined at a time by :meth:`GameText.job`'s function, which lets other
threads run between two such joins (it runs on the autosave thread beside the GUI's)."""


class GameText:
    """The parts of ``game``'s saved text, each made once and kept until it changes."""

    def __init__(self, game: GameState) -> None:
        self.game = game
        self._units: dict[str, str] = {}
        self._head: tuple[tuple[Any, ...], list[str]] | None = None
        self._log: list[tuple[object, str]] = []
        self._log_texts: list[str] = []  # (the texts of ``_log``, in order)
        self._dirty: set[str] = set()  # (forgotten since: made again first)
        self._order: list[str] = []
        """The unit table's ids in its order, as :attr:`_texts` holds their texts."""
        self._texts: list[str] = []
        self._slot: dict[str, int] = {}
        """Each id's place in :attr:`_order`."""
        self._table: object = None
        """The unit table :attr:`_order` was taken from."""
        self._serial = -1
        """The hex index's feed of writes (:mod:`tabletop.model.where`) when it was."""

    # --- what changed -----------------------------------------------------------------------
    def forget(self, ids: Iterable[str] | None = None) -> None:
        """The units ``ids`` changed (None: anything may have; everything is made again)."""
        if ids is None:
            self._units.clear()
            self._head = None
            self._log.clear()
            self._log_texts.clear()
            self._order = []
            return
        units, dirty = self._units, self._dirty
        for uid in ids:
            units.pop(uid, None)
            dirty.add(uid)

    def missing(self) -> list[str]:
        """The units whose text is not kept (changed, or never made)."""
        units = self._units
        return [uid for uid in self.game.units if uid not in units]

    def cold(self, path: str | os.PathLike[str]) -> bool:
        """Is much still to be made for a save at ``path`` (the scenario's part, or more
        than a :data:`BATCH` of units)?"""
        head = self._head
        if head is None or head[0] != self._head_key(path):
            return True
        return len(self._units) + BATCH < len(self.game.units)  # (no scan of every unit)

    # --- making the parts -------------------------------------------------------------------
    def make_units(self, ids: Iterable[str]) -> None:
        """The texts of the units ``ids`` (of the game's table), made now."""
        game, units = self.game, self._units
        hexmap = game.scenario.map

        def label(h: Any) -> str | None:
            return None if h is None else hexmap.label(h)

        table = game.units
        for uid in ids:
            units[uid] = machine.item(uid, games.unit_state_dict(table[uid], label), 3)

    def _head_key(self, path: str | os.PathLike[str]) -> tuple[Any, ...]:
        sc = self.game.scenario
        return (id(sc), os.fspath(path), sc.path, sc.map_ref, tuple(sc.counter_refs),
                sc.map.path)  # fmt: skip

    def make_head(self, path: str | os.PathLike[str]) -> list[str]:
        """The scenario's part of a save at ``path`` (its references made from there)."""
        key = self._head_key(path)
        if self._head is None or self._head[0] != key:
            data = scenario_to_dict(self.game.scenario, path, games.FORMAT)
            self._head = (key, [machine.item(k, v) for k, v in data.items()])
        return self._head[1]

    def steps(self, path: str | os.PathLike[str]) -> Iterator[None]:
        """Make what is missing for a save at ``path`` a short step at a time (the
        scenario's part first, then the log's lines, then :data:`BATCH` units a step); a
        unit changed between two steps is made again by a later one (what :meth:`forget`
        drops is missing)."""
        self.make_head(path)
        yield None
        self._log_items()  # (each line's text kept from now on)
        yield None
        while True:
            missing = self.missing()
            if not missing:
                return
            self.make_units(missing[:BATCH])
            yield None

    def _log_items(self) -> list[str] | None:
        """Each log line's text (an entry never changes once appended: kept by identity),
        or None when take-backs or notices stand between them (written whole). A log
        that only grew is told by its last kept entry (an undo puts back the same entry
        objects, a new action appends new ones), not by a look at every entry."""
        game = self.game
        if game.record.asides:
            return None
        kept, log, texts = self._log, game.log, self._log_texts
        n = len(kept)
        if n and len(log) >= n and log[n - 1] is kept[-1][0] and log[0] is kept[0][0]:
            same = n
        else:
            same = 0
            for (entry, _), now in zip(kept, log, strict=False):
                if entry is not now:
                    break
                same += 1
            del kept[same:]
            del texts[same:]
        if len(log) > same:
            new = log[same:]
            lines = games.action_lines(new)
            made = [machine.element(line, 2) for line in lines]
            kept.extend(zip(new, made, strict=True))
            texts.extend(made)
        return texts

    def _ordered(self) -> list[str]:
        """Every unit's text in the table's order (made where missing), kept from one
        snapshot to the next: only the units forgotten since are put in place again. The
        table's ids and their order are compared (a copy and compare at C speed) only
        when some unit table had an entry set or removed since the last look (the hex
        index's feed of writes says so: an action moves units, it rarely adds one), and
        the whole list is made again only when they changed."""
        table, units = self.game.units, self._units
        serial = where.FEED.serial
        if table is not self._table or self._reshaped(serial):
            keys = list(table)
            if keys != self._order:
                self.make_units([uid for uid in keys if uid not in units])
                self._order = keys
                self._texts = list(map(units.__getitem__, keys))
                self._slot = {uid: i for i, uid in enumerate(keys)}
                self._dirty.clear()
            self._table = table
        self._serial = serial
        if self._dirty:
            stale = [uid for uid in self._dirty if uid in table]
            self.make_units([uid for uid in stale if uid not in units])
            texts, slot = self._texts, self._slot
            for uid in stale:
                texts[slot[uid]] = units[uid]
            self._dirty.clear()
        return self._texts

    def _reshaped(self, serial: int) -> bool:
        """Did some unit table have an entry set or removed since the last look (or is
        that no longer known)?"""
        if not self._order or serial == self._serial:
            return not self._order
        writes = where.FEED.since(self._serial)
        return writes is None or any(w is None for w in writes)

    # --- the text -----------------------------------------------------------------------
    def job(self, path: str | os.PathLike[str]) -> Callable[[], str]:
        """The parts of the game as it stands now, saved at ``path``, and the function that
        joins them into the file's text (sealed as ``game_text`` seals it): that function
        reads nothing of the game, so the game may change while it runs (on a worker)."""
        game = self.game
        head = list(self.make_head(path))
        hexmap = game.scenario.map

        def label(h: Any) -> str | None:
            return None if h is None else hexmap.label(h)

        record = machine.item("game", gamerecord.record_dict(game.record))
        if len(game.units) > machine.ITEMS:
            rest = games.state_dict(game, label, units=False)
            names = list(rest)
            unit_texts = list(self._ordered())  # (the worker's copy: this one goes on)
            state_items = [machine.item(k, v, 2) for k, v in rest.items()]
            at = names.index("units")
        else:  # a small game: its state written whole (it may fit on fewer lines)
            state_text = machine.item("state", games.state_dict(game, label))
            unit_texts, state_items, at = [], [], -1
        logged = self._log_items()
        logged = list(logged) if logged is not None else None  # (the worker's copy)
        log_text = machine.item("log", games.log_list(game)) if logged is None else None
        sources = game_sources(game)

        def text() -> str:
            if at >= 0:
                pad = "\n   "
                joined = []
                for start in range(0, len(unit_texts), SHARE):
                    joined.append(("," + pad).join(unit_texts[start : start + SHARE]))
                    time.sleep(0)  # (on a worker: the GUI thread may take the interpreter)
                state_items[at] = '"units": {' + pad + ("," + pad).join(joined) + "}"
                pad = "\n  "
                state = '"state": {' + pad + ("," + pad).join(state_items) + "}"
            else:
                state = state_text
            if logged is None:
                assert log_text is not None
                log = log_text
            elif logged:
                log = '"log": [\n  ' + ",\n  ".join(logged) + "]"
            else:
                log = '"log": []'
            body = "{" + ",\n ".join([*head, record, state, log]) + "}\n"
            return seal.sealed_json(body, sources)

        return text
