"""A saved game's identity and the lines of its log that replay skips (play by email).

``game: {id: UUID, record_take_backs: BOOL}`` names the game: the id is given at its first
save and kept by every later one, so that the app knows a game it saw before when it comes
back by email. In ``log:``, beside the actions, stand

* take-backs, ``{take_back: N, action, args, dice, turn, side, summary}``: an action that
  was played after the first N actions of the log and undone, with the dice it rolled;
* notices, ``{notice: N, turn, side, summary}``: something the players were told and
  that stays in the log (everything shown to both sides in hot seat, say).

``N`` is the number of standing actions before the line; it must agree with where the line
stands. Replay, validation and review read the standing actions only
(:attr:`GameState.log`); these lines are kept apart in :attr:`GameState.record`.
"""

from __future__ import annotations

import uuid
from typing import Any

from tabletop.data.schema import ANY_KEYS, Checker, free_form, plain
from tabletop.model import Aside, GameRecord, GameState, LogEntry

__all__ = [
    "ASIDE_KEYS",
    "GAME_KEYS",
    "file_place",
    "is_aside",
    "log_lines",
    "new_id",
    "read_aside",
    "record_dict",
    "record_from",
]

GAME_KEYS = ("id", "record_take_backs")
ASIDE_KEYS = ("take_back", "notice", "action", "args", "dice", "turn", "side", "summary")


def new_id() -> str:
    return str(uuid.uuid4())


def is_aside(item: Any) -> bool:
    """Is this item of ``log:`` a take-back or a notice (not an action)?"""
    return isinstance(item, dict) and ("take_back" in item or "notice" in item)


def read_aside(ck: Checker, seq: Any, i: int, item: Any, standing: int) -> Aside | None:
    """The take-back or notice at ``log[i]``, after ``standing`` actions of the log."""
    taken = "take_back" in item
    key = "take_back" if taken else "notice"
    required = ("take_back", "action", "turn") if taken else ("notice", "turn")
    d = ck.mapping(seq, i, item, "a take-back" if taken else "a notice", ASIDE_KEYS, required)
    if not d:
        return None
    if "take_back" in d and "notice" in d:
        ck.error(d, "notice", "a log line is a take-back or a notice, not both")
        return None
    after = ck.get_int(d, key, "", standing, lo=0)
    if after != standing:
        ck.error(
            d, key, f"{key} {after} stands after {standing} action{'s' if standing != 1 else ''}"
            " of the log: it must name the number of actions before it",
        )  # fmt: skip
        return None
    side = d.get("side")
    side_name = None if side is None else str(ck.get_str(d, "side", "", None))
    turn = ck.get_int(d, "turn", "", 1, lo=1)
    summary = str(ck.get_str(d, "summary", "", ""))
    entry = None
    if taken:
        args = ck.mapping(d, "args", d.get("args") or {}, "args", ANY_KEYS)
        dice = ck.sequence(d, "dice", d.get("dice"), "dice")
        faces = [ck.check_int(dice, j, f, "a die", 1, 1, 6) for j, f in enumerate(dice)]
        action = str(ck.get_str(d, "action", "a take-back", ""))
        args = free_form(ck, d, "args", args, "a take-back's args") or {}
        entry = LogEntry(action, args, faces, turn, side_name, summary)
    elif "action" in d or "dice" in d or "args" in d:
        ck.error(d, "action" if "action" in d else "dice", "a notice holds no action or dice")
    return Aside(after, entry, summary, turn, side_name)


def record_from(ck: Checker, doc: dict[str, Any], asides: list[Aside]) -> GameRecord:
    """The ``game:`` mapping of a saved game (absent: a game saved before it existed, or
    never saved), with the asides read from its log."""
    record = GameRecord(asides=asides)
    if "game" not in doc:
        return record
    d = ck.mapping(doc, "game", doc.get("game") or {}, "game", GAME_KEYS)
    if "id" in d:
        value = d["id"]
        try:
            record.id = str(uuid.UUID(str(value))) if isinstance(value, str) else None
        except ValueError:
            record.id = None
        if record.id is None:
            ck.error(d, "id", f"game id must be a UUID as Tabletop writes it, not {value!r:.60}")
    record.record_take_backs = ck.get_bool(d, "record_take_backs")
    return record


def record_dict(record: GameRecord) -> dict[str, Any]:
    """``game:`` as a save writes it (an id is given first if the game has none)."""
    if record.id is None:
        record.id = new_id()
    return {"id": record.id, "record_take_backs": record.record_take_backs}


def _aside_dict(aside: Aside) -> dict[str, Any]:
    e = aside.entry
    if e is None:
        return {"notice": aside.after, "turn": aside.turn, "side": aside.side,
                "summary": aside.text}  # fmt: skip
    return {"take_back": aside.after, "action": e.action, "args": plain(e.args),
            "dice": list(e.dice), "turn": e.turn, "side": e.side,
            "summary": aside.text}  # fmt: skip


def log_lines(game: GameState, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log:`` as a save writes it: the actions (``entries``, one a standing action) with
    the take-backs and notices each where it stands."""
    asides = game.record.asides
    if not asides:
        return entries
    by_after: dict[int, list[Aside]] = {}
    for aside in asides:
        by_after.setdefault(min(aside.after, len(entries)), []).append(aside)
    out: list[dict[str, Any]] = []
    for i in range(len(entries) + 1):
        out.extend(_aside_dict(a) for a in by_after.get(i, ()))
        if i < len(entries):
            out.append(entries[i])
    return out


def file_place(game: GameState, place: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """A place named by standing action (``("log", i, ...)``) as it is in the file, where
    take-backs and notices stand between the actions."""
    if len(place) < 2 or place[0] != "log" or not isinstance(place[1], int):
        return place
    i = place[1]
    before = sum(1 for a in game.record.asides if a.after <= i)
    return ("log", i + before, *place[2:])
