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
from tabletop.rules.actions import ActionResult, Event, Roll
from tabletop.rules.engine import ruleset_for
from tabletop.rules.words import MANUAL, MARKER_NAMES, marker_name

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


class _Words:
    """Names of sides, formations and units as a player says them, for one scenario."""

    def __init__(self, scenario: Scenario, entry: LogEntry, *, short: bool = False) -> None:
        self.scenario = scenario
        self.entry = entry
        self.short = short
        """Name a unit by its type alone (``T-72``), as the Undo menu does."""
        self.named: set[str] = set()

    @property
    def player_turns(self) -> bool:
        """The ruleset's own word: does ``end-turn`` end a player turn (squad)?"""
        return ruleset_for(self.scenario.ruleset).player_turns

    def side(self, side: str | None) -> str:
        if side is None:
            return "nobody"
        found = self.scenario.sides.get(side)
        return found.name if found is not None else side

    @staticmethod
    def formation(name: str | None) -> str:
        """A formation as the scenario names it: its id, with spaces for underscores (a
        scenario gives formations no other name; ``1st_tank`` is "1st tank", never
        title-cased)."""
        return name.replace("_", " ") if name else "a"

    def side_of(self, unit_id: str | None) -> str | None:
        for u in self.scenario.units:
            if u.id == unit_id:
                return u.side
        return next((r.unit.side for r in self.scenario.reinforcements if r.unit.id == unit_id),
                    None)  # fmt: skip

    def other_side(self, unit_id: str | None, default: str | None) -> str | None:
        """The side facing ``unit_id`` (who passes on opportunity fire at it), in a game of
        two sides; else ``default``."""
        own = self.side_of(unit_id)
        others = [s for s in self.scenario.sides if s != own]
        return others[0] if own is not None and len(others) == 1 else default

    def unit(self, unit_id: str | None) -> str:
        """``M-48 m48-1`` the first time a unit is named in the sentence, then ``m48-1``."""
        if unit_id is None:
            return "?"
        if unit_id in self.named:
            return unit_id
        self.named.add(unit_id)
        type_id = next((u.type_id for u in self.scenario.units if u.id == unit_id), None)
        if type_id is None:
            type_id = next(
                (r.unit.type_id for r in self.scenario.reinforcements if r.unit.id == unit_id),
                None,
            )
        unit_type = self.scenario.unit_types.get(type_id or "")
        if unit_type is None:
            return unit_id
        return unit_type.name if self.short else f"{unit_type.name} {unit_id}"

    def type_name(self, type_id: object) -> str:
        """A counter type as the counters name it (``He 111`` for ``MEDIUM_BOMBER``)."""
        found = self.scenario.unit_types.get(str(type_id))
        return found.name if found is not None else str(type_id)

    def roller(self, by: str) -> str:
        """Who rolled: a unit, a minefield (``AP minefield``) or a scenario's air strike
        (its aircraft, ``He 111``)."""
        if by in MARKER_NAMES:
            return marker_name(by)
        index = by.removeprefix("air-strike-")
        strikes = self.scenario.air_strikes
        if by.startswith("air-strike-") and index.isdigit() and 0 < int(index) <= len(strikes):
            return self.type_name(strikes[int(index) - 1].aircraft)
        return self.unit(by)

    def units(self, ids: Iterable[str]) -> str:
        names = [self.unit(i) for i in ids]
        if self.short:  # two units of one type: "2 T-72"
            counts = {n: names.count(n) for n in names}
            names = [n if k == 1 else f"{k} {n}" for n, k in counts.items()]
        return _and(names)


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _faces(dice: Iterable[int]) -> str:
    return " ".join(str(d) for d in dice)


# --- the head: the action as the player asked it ----------------------------------------------
def _head(w: _Words, entry: LogEntry, result: ActionResult | None) -> str:
    a = entry.args
    action = entry.action
    units = [str(u) for u in a.get("units", [])]
    actor = w.units(units) if units else w.side(entry.side)
    weapon = f" {str(a['weapon']).upper()}" if a.get("weapon") else ""
    target = f" at {w.unit(str(a['target']))}" if a.get("target") else ""
    if a.get("hex") and not target:
        target = f" at {a['hex']}"
    path = _path(result, units[0] if units else None) or [str(h) for h in a.get("to", [])]
    route = " " + " \u2192 ".join(path) if path else ""
    if action in ("fire", "opportunity-fire"):
        verb = "fires" if action == "fire" else "fires (opportunity)"
        return f"{actor} {verb}{weapon}{target}"
    if action == "moving-fire":
        return f"{actor} moves{route} and fires{weapon}{target}"
    if action in ("move", "run"):
        verb = {"move": "moves", "run": "runs"}[action]
        if a.get("cont"):
            verb = "moves on" if action == "move" else "runs on"
        return f"{actor} {verb}{route}" + (" (maneuver)" if a.get("maneuver") else "")
    if action in ("load", "unload"):
        cargo = f" {w.unit(str(a['target']))}" if a.get("target") else ""
        if action == "load":
            return f"{actor} takes{cargo} aboard" + (f" and moves{route}" if route else "")
        return f"{actor}" + (f" moves{route} and" if route else "") + f" unloads{cargo}"
    if action in ("assault", "overrun"):
        return f"{actor} {action}{'s' if len(units) == 1 else ''}{route}"
    if action == "draw":
        drawn = _drawn(result)
        chit = w.formation(drawn or a.get("formation"))
        side = w.side(_drawn_side(result) or entry.side)
        return f"{side} draws the {chit} chit" if drawn or a.get("formation") else f"{side} draws"
    if action == "end-impulse":
        return f"{w.side(entry.side)} ends the impulse"
    if action == "end-phase":
        return f"{w.side(entry.side)} ends the phase"
    if action == "end-turn" and w.player_turns:
        return f"{w.side(entry.side)} ends its player turn"
    if action == "end-turn":
        return f"end of turn {entry.turn}"
    if action == "close-combat" and result is not None and "round" in result.extra:
        return f"close combat in {a.get('hex')}, round {result.extra['round']}"
    if action == "pass":
        mover = _event_unit(result, "passed")
        return f"{w.side(w.other_side(mover, entry.side))} lets {w.unit(mover)} pass"
    return _other_head(w, action, a, actor, target)


def _other_head(w: _Words, action: str, a: dict[str, Any], actor: str, target: str) -> str:
    where = f" in {a['hex']}" if a.get("hex") else ""
    if action == "rally":
        return f"{actor} tries to rally"
    if action == "mode":
        return f"{actor} goes {str(a.get('mode', '')).upper()}"
    if action == "dig-in":
        return f"{actor} digs in"
    if action == "close-combat":
        return f"close combat{where}"
    if action == "morale-test":
        return f"{actor} tests morale"
    if action in ("lay-mines", "clear-mines"):
        kind = f" {str(a['kind']).upper()}" if a.get("kind") else ""
        verb = "lays" if action == "lay-mines" else "clears"
        return f"{actor} {verb}{kind} mines{where}"
    if action == "suppress":
        return f"{actor} suppresses{where}"
    if action == "air-strike":
        return f"air strike{where}" + (f" by {actor}" if a.get("units") else "")
    return f"{actor} {action.replace('-', ' ')}{target}"


def _path(result: ActionResult | None, unit: str | None) -> list[str]:
    """The hexes a unit moved through, from its ``moved`` events."""
    if result is None or unit is None:
        return []
    path: list[str] = []
    for e in result.events:
        if e.event == "moved" and e.unit == unit:
            if not path and "from" in e.data:
                path.append(str(e.data["from"]))
            if "to" in e.data:
                path.append(str(e.data["to"]))
    return path


def _drawn(result: ActionResult | None) -> str | None:
    for e in result.events if result is not None else ():
        if e.event == "chit_drawn":
            return str(e.data.get("formation"))
    return None


def _drawn_side(result: ActionResult | None) -> str | None:
    for e in result.events if result is not None else ():
        if e.event == "chit_drawn" and e.data.get("side"):
            return str(e.data["side"])
    return None


def _event_unit(result: ActionResult | None, name: str) -> str | None:
    for e in result.events if result is not None else ():
        if e.event == name and e.unit:
            return e.unit
    return None


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
_VERBS = {
    # action: (one unit, several units), each followed by what the action is done to
    "fire": ("fires", "fire"),
    "opportunity-fire": ("fires", "fire"),
    "move": ("moves", "move"),
    "run": ("runs", "run"),
    "assault": ("assaults", "assault"),
    "overrun": ("overruns", "overrun"),
    "rally": ("tries to rally", "try to rally"),
    "dig-in": ("digs in", "dig in"),
    "morale-test": ("tests morale", "test morale"),
    "suppress": ("lays suppressive fire on", "lay suppressive fire on"),
}


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
    a = entry.args
    action = entry.action
    units = [str(u) for u in a.get("units", [])]
    actor = w.units(units) if units else w.side(entry.side)
    one, many = _VERBS.get(action, (action.replace("-", " "), action.replace("-", " ")))
    verb = many if len(units) > 1 else one
    path = _path(result, units[0] if units else None) or [str(h) for h in a.get("to", [])]
    to = f" to {path[-1]}" if path else ""
    if action in ("fire", "opportunity-fire", "moving-fire"):
        if a.get("target"):
            at = f" at {w.unit(str(a['target']))}"
        else:
            at = f" at {a['hex']}" if a.get("hex") else ""
        said = (
            f"{actor} {verb}{at}" if action != "moving-fire" else f"{actor} moves{to} and fires{at}"
        )
        return said + (" (opportunity fire)" if action == "opportunity-fire" else "")
    if action in ("move", "run"):
        return f"{actor} {verb}{' on' if a.get('cont') else ''}{to}"
    if action in ("assault", "overrun"):
        where = (
            next((e.hex for e in result.events if e.event == "assault"), None) if result else None
        )
        if where is None and action == "assault" and path:
            where = path[-1]
        if where is None:
            return f"{actor} {verb} along " + " \u2192 ".join(path)
        return f"{actor} {verb} {where}"
    if action in ("load", "unload"):
        cargo = w.unit(str(a["target"])) if a.get("target") else ""
        if action == "load":
            return f"{actor} takes {cargo or 'cargo'} aboard"
        return f"{actor} unloads" + (f" {cargo}" if cargo else "")
    if action == "close-combat":
        round_no = result.extra.get("round") if result is not None else None
        return f"close combat in {a.get('hex')}" + (f", round {round_no}" if round_no else "")
    if action in ("lay-mines", "clear-mines"):
        kind = f"{str(a['kind']).upper()} " if a.get("kind") else ""
        verb = "lays" if action == "lay-mines" else "clears"
        return f"{actor} {verb} {kind}mines" + (f" in {a['hex']}" if a.get("hex") else "")
    if action == "air-strike":
        return f"{actor} strikes {a.get('hex')}" if units else f"air strike on {a.get('hex')}"
    if action == "mode":
        return f"{actor} goes {_MODE_WORDS.get(str(a.get('mode')), str(a.get('mode')))}"
    if action == "pass":
        mover = _event_unit(result, "passed")
        return f"{w.side(w.other_side(mover, entry.side))} lets {w.unit(mover)} pass" if mover \
            else "no opportunity fire"  # fmt: skip
    return _short_game(w, entry, result, actor, verb, a)


_MODE_WORDS = {"flying": "flying", "noe": "NOE", "landed": "landed"}


def _short_game(w: _Words, entry: LogEntry, result: ActionResult | None, actor: str, verb: str,
                a: dict[str, Any]) -> str:  # fmt: skip
    """The game's own actions (a chit, the end of an impulse, phase or turn), and the rest."""
    action = entry.action
    if action == "draw":
        drawn = _drawn(result) or a.get("formation")
        side = w.side(_drawn_side(result) or entry.side)
        return f"{side} draws the {w.formation(drawn)} chit" if drawn else f"{side} draws a chit"
    if action == "end-impulse":
        return f"{w.side(entry.side)} ends its impulse"
    if action == "end-phase":
        ended = next((e.data.get("phase") for e in (result.events if result else ())
                      if e.event == "phase_ended"), None)  # fmt: skip
        phase = f"the {str(ended).replace('_', ' ')} phase" if ended else "the phase"
        return f"{w.side(entry.side)} ends {phase}"
    if action == "end-turn" and w.player_turns:
        return f"{w.side(entry.side)} ends its player turn"
    if action == "end-turn":
        return f"end of turn {entry.turn}"
    if action == "suppress":
        return f"{actor} {verb} {a.get('hex')}"
    where = f" in {a['hex']}" if a.get("hex") else ""
    return f"{actor} {verb}{where}"
