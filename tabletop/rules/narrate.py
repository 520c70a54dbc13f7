"""The game log in a player's words: one sentence per action, its rolls and what they did.

``narrate`` is the one wording of an action for people: the app's log dock and the plain
text of ``tabletop act`` both print it. It reads only the log entry (the action as asked,
with its arguments) and the ``ActionResult`` (rolls and events), so it serves every ruleset;
an event it has no phrase for is still said, in its own name. Example::

    M-48 m48-1 fires AP at T-64 t64-1: 4 5 6 vs 4+, 3 hits; saves 1 3 4 6 vs 5+, 1 save;
    t64-1 Disrupted and Reduced

``describe_action`` is the short form, one phrase with no dice for the Undo and Redo menu
items: ``M-48 fires at T-64``, ``Pz IV moves to 0507``, ``Close combat in 0405, round 2``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tabletop.model import LogEntry, Scenario
from tabletop.rules import phrases
from tabletop.rules.actions import ActionResult, Event, Roll
from tabletop.rules.declare import ActionSpec
from tabletop.rules.engine import declared_actions, ruleset_for
from tabletop.rules.phrases import Words as _Words
from tabletop.rules.phrases import and_ as _and
from tabletop.rules.words import MANUAL, marker_name

__all__ = ["MANUAL", "describe_action", "involved", "marker_name", "narrate"]

STATUS_WORDS = {
    "disrupted": "Disrupted",
    "reduced": "Reduced",
    "eliminated": "Eliminated",
    "suppressed": "Suppressed",
    "surrendered": "Surrendered",
    "rallied": "rallies",
    "rally_failed": "fails to rally",
}
"""Events that say what became of one unit; those of a unit in a row are joined by "and"."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _faces(dice: Iterable[int]) -> str:
    return " ".join(str(d) for d in dice)


# --- the head: the action as the player asked it ----------------------------------------------
def _declared(scenario: Scenario, action: str) -> ActionSpec | None:
    """The declaration of ``action`` in the scenario's ruleset, else in the first other
    ruleset that declares it (a log entry of an action the game's ruleset does not have
    still reads as that action); None: no ruleset declares it."""
    try:
        own: tuple[ActionSpec, ...] = getattr(ruleset_for(scenario.ruleset), "declared", ())
    except ValueError:  # (a ruleset this installation does not know)
        own = ()
    spec = next((spec for spec in own if spec.name == action), None)
    return spec if spec is not None else declared_actions(scenario.ruleset).get(action)


def _head(w: _Words, entry: LogEntry, result: ActionResult | None) -> str:
    """The action as asked, in the words its ruleset declares (``ActionSpec.head``)."""
    spec = _declared(w.scenario, entry.action)
    say = spec.head if spec is not None and spec.head is not None else phrases.head
    return say(w, entry, result)


# --- rolls and events, in the order they happened -------------------------------------------
def _body(w: _Words, entry: LogEntry, result: ActionResult) -> list[str]:
    """The cup roll first (a draw), then every roll and event in the order the rules made
    them: an event follows the rolls made before it (``Event.after_rolls``; an event
    without one follows them all), so a morale test comes after the losses it tests."""
    actors = set(entry.args.get("units", []))
    target = entry.args.get("target")
    rolls = result.rolls
    out: list[str] = []
    draws = [r for r in rolls if r.purpose == "draw"]
    if draws:  # rejection sampling (sequence.draw_chit): a roll past the cup is rolled again
        out.append("; ".join(
            f"dice {_faces(r.dice)} " + ("pick it" if r.successes else "past the cup, rolled again")
            for r in draws
        ))  # fmt: skip
    said = 0

    def rolls_until(k: int) -> list[str]:
        """The rolls not yet said among the first ``k``."""
        nonlocal said
        texts = [_roll(w, r, r.by in actors, r.by == target)
                 for r in rolls[said:k] if r.purpose != "draw"]  # fmt: skip
        said = max(said, k)
        return texts

    _events(w, result.events, out, len(rolls), rolls_until)
    return out


def _roll(w: _Words, roll: Roll, by_actor: bool, by_target: bool) -> str:
    faces = _faces(roll.dice)
    n = roll.successes
    if roll.purpose in ("to_hit", "assault", "close_combat"):
        who = "" if by_actor else f"{w.roller(roll.by)} "
        return f"{who}{faces} vs {roll.need}, {_plural(n, 'hit')}"
    if roll.purpose == "save":
        who = "" if by_target else f"{w.roller(roll.by)} "
        return f"{who}saves {faces} vs {roll.need}, {_plural(n, 'save')}"
    if roll.purpose in ("morale", "tank_fear", "morale_retest"):
        limit = roll.need.replace("<=", "").strip()
        verdict = "passed" if n else "failed"
        test = {"morale": "morale test", "tank_fear": "tank-fear test",
                "morale_retest": "morale re-test"}[roll.purpose]  # fmt: skip
        return f"{w.roller(roll.by)} {test} {faces} = {sum(roll.dice)} vs {limit}: {verdict}"
    if roll.purpose == "defense":
        return f"{w.roller(roll.by)} defense {faces} vs {roll.need}, {n} cancelled"
    if roll.purpose in ("armor", "medic"):
        done = "cancelled" if roll.purpose == "armor" else "saved"
        return f"{w.roller(roll.by)} {roll.purpose} {faces} vs {roll.need}, {n} {done}"
    if roll.need == "even":
        what = roll.purpose.replace("_", " ")
        return f"{w.roller(roll.by)} {what} {faces}: {'even' if n else 'odd'}"
    what = roll.purpose.replace("_", " ")
    return f"{w.roller(roll.by)} {what} {faces} vs {roll.need}, {n}"


# --- events --------------------------------------------------------------------------------------
_QUIET = {"moved", "chit_drawn", "passed"}
"""Events the head already says."""


def _events(w: _Words, events: list[Event], out: list[str], n_rolls: int,
            rolls_until: Callable[[int], list[str]]) -> None:  # fmt: skip
    """Say ``events`` into ``out``, calling ``rolls_until`` to say the rolls made before
    each; a unit's statuses in a row are said together, markers taken off at the end."""
    statuses: list[str] = []
    status_unit: str | None = None
    removed: dict[str, list[str]] = {}

    def flush() -> None:
        nonlocal statuses, status_unit
        if statuses:
            out.append(f"{w.unit(status_unit)} {_and(statuses)}")
        statuses, status_unit = [], None

    for e in events:
        rolled = rolls_until(n_rolls if e.after_rolls is None else e.after_rolls)
        if rolled:
            flush()
            out += rolled
        if e.event in STATUS_WORDS and e.unit is not None:
            if status_unit not in (None, e.unit):
                flush()
            status_unit = e.unit
            statuses.append(STATUS_WORDS[e.event])
            continue
        flush()
        if e.event == "marker_removed":
            removed.setdefault(str(e.data.get("marker", "")), []).append(e.unit or e.hex or "")
        elif e.event not in _QUIET:
            out.append(_event(w, e))
    flush()
    out += rolls_until(n_rolls)
    for marker, where in removed.items():
        out.append(f"{marker_name(marker)} off {_and(where)}")


def _in(h: str | None) -> str:
    return f" in {h}" if h else ""


_WHY = {"turns": "the last turn is over", "annihilation": "a side has no units left",
        "sudden_death": "sudden death"}  # fmt: skip


def _game_over(w: _Words, d: dict[str, Any]) -> str:
    """``the game is over: Blue wins (sudden death), VP Blue 2, Red 0`` (rules-spec 6)."""
    vp = d.get("vp")
    if not isinstance(vp, dict):
        return "the game is over"
    winner = d.get("winner")
    verdict = f"{w.side(str(winner))} wins" if winner else "a draw"
    score = ", ".join(f"{w.side(str(k))} {v}" for k, v in vp.items())
    return f"the game is over: {verdict} ({_WHY.get(str(d.get('why')), d.get('why'))}), VP {score}"


def _event(w: _Words, e: Event) -> str:
    who = w.unit(e.unit) if e.unit else ""
    d = e.data
    marker = marker_name(str(d.get("marker", "")))
    phrases = {
        "marker_placed": f"{who} {marker}" if e.unit else f"{marker} in {e.hex}",
        "moved": f"{who} moves to {d.get('to')}",
        "move_ended": f"{who} stops{_in(e.hex)}" + (f" ({d['reason']})" if "reason" in d else ""),
        "retreated": f"{who} retreats to {e.hex}",
        "retreat_blocked": f"{who} cannot retreat from {e.hex} ({'; '.join(d.get('reasons', []))})",
        "overrun_exit": f"{who} leaves by {e.hex}, its exit {d.get('declared')} being closed",
        "mode_changed": f"{who} goes {str(d.get('mode', '')).upper()}",
        "loaded": f"{who} boards {w.unit(str(d.get('carrier')))}",
        "unloaded": f"{who} gets out of {w.unit(str(d.get('carrier')))}",
        "fire_lost": f"{who} has no target left to fire at",
        "impulse_ended": f"the {w.formation(d.get('formation'))} impulse ends",
        "turn_started": f"turn {d.get('turn')} begins",
        "game_over": _game_over(w, d),
        "assault": f"assault on {e.hex}",
        "assault_called_off": f"{who} calls the assault off",
        "minefield_attack": f"the minefield in {e.hex} attacks {who}",
        "minefield_revealed": f"a minefield is revealed in {e.hex}",
        "minefield_detected": f"{who} detects a minefield in {e.hex}",
        "minefield_laid": f"{who} lays a minefield in {e.hex}",
        "minefield_cleared": f"{who} clears the minefield in {e.hex}",
        "mines_cancelled": f"{who} stops its mine work",
        **_squad_phrases(w, e, who),
    }
    if e.event in phrases:
        return phrases[e.event].strip()
    extra = ", ".join(f"{k} {v}" for k, v in d.items())
    head = f"{e.event.replace('_', ' ')} {who or e.hex or ''}".strip()
    return f"{head} ({extra})" if extra else head


def _squad_phrases(w: _Words, e: Event, who: str) -> dict[str, str]:
    """The squad ruleset's events (rules 3.1 to 3.7)."""
    d = e.data
    model = str(d.get("model", "figure")).replace("_", " ")
    plane = w.type_name(d["aircraft"]) if d.get("aircraft") else "aircraft"
    return {
        "wounded": f"{who}: {model} wounded ({d.get('wounds')} taken)",
        "mount_lost": f"{who}: a mount is lost, its rider fights on foot",
        "figure_fell": f"{who}: a {model} falls",
        "figure_removed": f"{who}: a fallen {model} is lost",
        "figure_saved": f"{who}: a medic saves a {model}",
        "ammo_spent": f"{who} has {d.get('ammo')} ammunition left",
        "bunker_wounded": f"the bunker in {e.hex} has {d.get('wounds_left')} wounds left",
        "bunker_destroyed": f"the bunker in {e.hex} falls",
        "phase_ended": f"{str(d.get('phase', '')).replace('_', ' ')} phase over",
        "phase_started": f"{w.side(d.get('side'))}'s "
        f"{str(d.get('phase', '')).replace('_', ' ')} phase",
        "player_turn_started": f"{w.side(d.get('side'))}'s player turn {d.get('turn')}",
        "suppression_removed": f"{who} is no longer Suppressed",
        "tank_fear_failed": f"{who} fails its tank-fear test and skips round 1",
        "out_of_ammo": f"{who} is out of ammunition and rolls no dice",
        "left_close_combat": f"{who} leaves the close combat for {d.get('to')}",
        "close_combat_over": f"the close combat in {e.hex} is over",
        "no_surrender": f"{who} stays Suppressed but will not surrender in this combat",
        "reinforcement_arrived": f"{who} arrives in {d.get('at')}"
        + (" (landed: it skips round 1 of a close combat this turn)" if d.get("landed") else ""),
        "minefield_destroyed": f"the minefield in {e.hex} is destroyed by {d.get('by')}",
        "suppressive_fire": f"{who} lays suppressive fire on {d.get('to')}",
        "air_strike": f"{plane} strikes {e.hex}",
        "aa_fire": f"{who} fires at the {plane}: {d.get('hits')} hit(s)",
        "aircraft_shot_down": f"the {plane} is shot down before it bombs",
        "bombed": f"{who} is bombed: {d.get('hits')} hit(s), {d.get('wounds')} wound(s)",
    }


# --- the one function ------------------------------------------------------------------------
def narrate(scenario: Scenario, entry: LogEntry, result: ActionResult | None = None) -> str:
    """One line for a player: the action, every roll (faces, need, successes) and every
    event (status, markers, moves). Without ``result`` (a log read from a file and not
    replayed) it says the action and its dice."""
    w = _Words(scenario, entry)
    if entry.action == MANUAL:
        return _manual(w, entry, result)
    head = _head(w, entry, result)
    if result is None:
        return f"{head} (dice {_faces(entry.dice)})" if entry.dice else head
    parts = _body(w, entry, result)
    return f"{head}: " + "; ".join(parts) if parts else head


def _manual(w: _Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``manual change (NATO): Ops Complete taken off M-48 m48-1``."""
    a = entry.args
    by = f" ({w.side(entry.side)})" if entry.side else ""
    marker = marker_name(str(a.get("add") or a.get("remove") or ""))
    if a.get("unit"):
        unit = w.unit(str(a["unit"]))
        if a.get("to"):
            start = next(
                (
                    e.data.get("from")
                    for e in (result.events if result else ())
                    if e.event == "moved"
                ),
                None,
            )
            change = f"{unit} moved" + (f" from {start}" if start else "") + f" to {a['to']}"
        elif a.get("step") or a.get("status"):
            value = str(a.get("step") or a.get("status")).replace("_", " ")
            change = f"{unit} set to {value.title()}"
        elif a.get("add"):
            change = f"{marker} placed on {unit}"
        else:
            change = f"{marker} taken off {unit}"
    elif a.get("add"):
        owner = f" ({w.side(str(a['owner']))})" if a.get("owner") else ""
        change = f"{marker}{owner} placed in {a.get('hex')}"
    else:
        change = f"{marker} taken out of {a.get('hex')}"
    return f"manual change{by}: {change}"


def involved(entry: LogEntry, result: ActionResult | None = None) -> tuple[str, ...]:
    """The ids of the units an action is about: the actors, the target, then every unit
    the result touched, in that order and each once."""
    ids: list[str] = [str(u) for u in entry.args.get("units", [])]
    for key in ("target", "sw_target"):
        if entry.args.get(key):
            ids.append(str(entry.args[key]))
    if result is not None:
        ids += result.touched
        ids += [r.by for r in result.rolls if r.by != "cup"]
        ids += [e.unit for e in result.events if e.unit]
    return tuple(dict.fromkeys(ids))


# --- the short form: one phrase for the Undo/Redo menu ----------------------------------------
def describe_action(scenario: Scenario, entry: LogEntry, result: ActionResult | None = None) -> str:
    """The action of ``entry`` in one short phrase, for the Undo and Redo menu items:
    ``T-72 fires at Leopard 2``, ``Pz IV moves to 0507``, ``Close combat in 0405, round 2``.

    It says what was asked (the entry's action and arguments), naming units by their type
    as the scenario names them; with ``result`` (the action's outcome, which the play
    command keeps across undo) it says where a move really ended, which chit was drawn and
    a close combat's round. No dice, no outcome: that is ``narrate``'s long line."""
    w = _Words(scenario, entry, short=True)
    if entry.action == MANUAL:
        text = _manual(w, entry, result).split(": ", 1)[-1]
        return f"Manual change: {text}"
    text = _short(w, entry, result)
    return text[:1].upper() + text[1:]


def _short(w: _Words, entry: LogEntry, result: ActionResult | None) -> str:
    """The action in its ruleset's short words (``ActionSpec.short``)."""
    spec = _declared(w.scenario, entry.action)
    say = spec.short if spec is not None and spec.short is not None else phrases.short
    return say(w, entry, result)
