"""Does a saved game's state follow from its log? (issue 16 item 6)

:func:`replay_differences` plays the log from the scenario's start, entry by entry, with
each entry's recorded dice, through the same ``perform`` as play, and compares the result
with the state that was stored. Every disagreement is a :data:`Difference`: where it is in
the saved game (``("state", "units", "t64-1", "hex")``, ``("log", 3)``) and what is wrong.
The data layer turns those places into ``FILE:LINE:COLUMN`` (:mod:`tabletop.data.gamecheck`);
the CLI (``validate``, ``act``, ``odds``) rejects such a game, the app warns and asks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from tabletop.model import GameState, HexMarker, LogEntry, UnitState
from tabletop.rules import engine, victory
from tabletop.rules.actions import ActionRequest, IllegalAction
from tabletop.rules.adjust import MANUAL
from tabletop.rules.dice import DiceError
from tabletop.rules.los import LineOfSight

Place = tuple[str | int, ...]
Difference = tuple[Place, str]

STATE_FIELDS = ("turn", "phase", "active_side", "active_formation", "cup", "finished", "pending")
DERIVED_FLAGS = (victory.CONTROL, victory.GAME_OVER)
"""Flags a game saved before victory was counted (rules-spec 6) lacks: their absence is no
difference (the count then starts from the saved positions, ``rules.victory.controls``)."""
_STR_ARGS = (
    "target", "weapon", "sw_target", "sw_weapon", "formation", "hex", "kind", "mode", "side",
)  # fmt: skip
_LIST_ARGS = ("units", "to", "leave")
_BOOL_ARGS = ("maneuver", "cont")

Progress = Callable[[int, int], bool]
"""Told (entries replayed, entries in all) before each entry; False stops the check."""


class Cancelled(Exception):
    """The check was stopped before it ended (its ``progress`` said so): no verdict."""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def request_of(entry: LogEntry) -> tuple[ActionRequest | None, list[Difference]]:
    """The request a log entry records, or where its arguments are malformed."""
    wrong: list[Difference] = []
    args = entry.args if isinstance(entry.args, dict) else {}
    for key, value in args.items():
        if key in _STR_ARGS:
            ok = value is None or isinstance(value, str)
        elif key in _LIST_ARGS:
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        elif key in _BOOL_ARGS:
            ok = isinstance(value, bool)
        elif key == "targets":
            ok = isinstance(value, list) and all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
                for p in value
            )
        else:
            wrong.append((("args", key), f"unknown argument {_short(key)} of {entry.action}"))
            continue
        if not ok:
            wrong.append((("args", key), f"argument {key} of {entry.action} is {_short(value)}"))
    if wrong:
        return None, wrong
    return ActionRequest.from_dict(entry.action, args), []


def replay_differences(
    game: GameState, los: LineOfSight, progress: Progress | None = None
) -> list[Difference]:
    """Where ``game`` disagrees with its log replayed from its scenario (empty: it agrees).
    ``progress`` is told how far it is before each entry; Cancelled when it says stop."""
    state = game.scenario.new_game()
    total = len(game.log)
    for i, entry in enumerate(game.log):
        if progress is not None and not progress(i, total):
            raise Cancelled(f"stopped after {i} of {total} log entries")
        problem = _replay_entry(state, entry, los)
        if problem is not None:
            place, message = problem
            return [(("log", i, *place), f"log entry {i + 1} ({entry.action}): {message}")]
        done = state.log[-1]
        for key in ("turn", "side"):
            if getattr(done, key) != getattr(entry, key):
                message = (
                    f"log entry {i + 1} ({entry.action}) records {key} "
                    f"{_short(getattr(entry, key))}, but it was played in {key} "
                    f"{_short(getattr(done, key))}"
                )
                return [(("log", i, key), message)]
    return compare(game, state)


def _replay_entry(state: GameState, entry: LogEntry, los: LineOfSight) -> Difference | None:
    """Play one entry through the engine's replay (a manual change is made again as it
    was); where it fails, or None."""
    if entry.action != MANUAL:
        request, wrong = request_of(entry)
        if request is None:
            return wrong[0]
    try:
        for _ in engine.replay_steps(state, [entry], los):
            pass
    except IllegalAction as exc:
        return (), "illegal when the log is replayed from the scenario: " + "; ".join(exc.reasons)
    except DiceError as exc:
        return ("dice",), f"its recorded dice do not fit the action: {exc}"
    except ValueError as exc:  # an unknown ruleset, a malformed argument the rules refused
        return (), f"cannot be replayed: {exc}"
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        return (), f"cannot be replayed: the rules stopped on {type(exc).__name__} {exc}"
    return None


def compare(stored: GameState, replayed: GameState) -> list[Difference]:
    """Every difference between a stored state and the replayed one."""
    out: list[Difference] = []
    label = stored.scenario.map.label
    for key in STATE_FIELDS:
        have, want = getattr(stored, key), getattr(replayed, key)
        if have != want:
            out.append((("state", key), _says(f"state {key}", have, want)))
    want_flags = dict(replayed.flags)
    for key in DERIVED_FLAGS:  # a game saved before victory was counted has none of them
        if key not in stored.flags:
            want_flags.pop(key, None)
    if stored.flags != want_flags:
        out.append((("state", "flags"), _says("state flags", stored.flags, want_flags)))
    have_m = [_marker_text(m, label) for m in stored.hex_markers]
    want_m = [_marker_text(m, label) for m in replayed.hex_markers]
    if have_m != want_m:
        out.append((("state", "hex_markers"), _says("state hex_markers", have_m, want_m)))
    for uid in sorted(set(stored.units) | set(replayed.units)):
        out += _unit_differences(uid, stored.units.get(uid), replayed.units.get(uid), label)
    return out


def _says(what: str, have: Any, want: Any) -> str:
    return f"{what} is {_short(have)}, but the log replayed from the scenario gives {_short(want)}"


def _marker_text(m: HexMarker, label: Any) -> str:
    return f"{m.kind} {label(m.hex)} {m.side or ''} {'revealed' if m.revealed else 'hidden'}"


def _unit_differences(
    uid: str, have: UnitState | None, want: UnitState | None, label: Any
) -> list[Difference]:
    if want is None:
        return [(("state", "units", uid), f"{uid} is not in the game the log replays to")]
    if have is None:
        return [(("state", "units"), f"{uid} of the replayed game is missing from the state")]
    out: list[Difference] = []
    for f in fields(UnitState):
        a, b = getattr(have, f.name), getattr(want, f.name)
        if a == b:
            continue
        if f.name == "hex":
            a, b = (None if h is None else label(h) for h in (a, b))
        key = {"type_id": "type"}.get(f.name, f.name)
        out.append((("state", "units", uid, key), _says(f"{uid}'s {key}", a, b)))
    return out
