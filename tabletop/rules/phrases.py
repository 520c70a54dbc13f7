"""How a log entry of each action reads: the words of a scenario, and the phrases a ruleset
declares for its actions (``ActionSpec.head`` and ``ActionSpec.short``).

A *head* says the action as the player asked it, for ``rules.narrate.narrate``'s line
(``M-48 m48-1 fires AP at T-64 t64-1``); a *short* phrase says it without dice for the Undo
and Redo menu items (``M-48 fires at T-64``). Both read only the log entry and, when
there is one, the action's result (where a move really went, which chit was drawn). An
action that declares neither reads as its own name (:func:`head` and :func:`short`).

This module imports no ruleset: the rulesets' action lists (``rules/<name>/actions.py``)
import it, and the narrator reads the phrases through those lists.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable

from tabletop.model import LogEntry, Scenario
from tabletop.rules.actions import ActionResult
from tabletop.rules.words import MARKER_NAMES, marker_name

__all__ = ["Phrase", "Words", "and_", "head", "path_of", "short"]

Phrase = Callable[["Words", LogEntry, "ActionResult | None"], str]
"""A phrase of one action: the scenario's words, the log entry, its result (or None)."""


class Words:
    """Names of sides, formations and units as a player says them, for one scenario."""

    def __init__(self, scenario: Scenario, entry: LogEntry, *, short: bool = False) -> None:
        self.scenario = scenario
        self.entry = entry
        self.short = short
        """Name a unit by its type alone (``T-72``), as the Undo menu does."""
        self.named: set[str] = set()

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
        type_id = type_of(self.scenario, unit_id)
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
        return and_(names)


_Shape = tuple[int, int]
"""``(len(scenario.units), len(scenario.reinforcements))``."""
_PLACES: list[tuple[weakref.ref[Scenario], dict[str, tuple[bool, int]], dict[str, _Shape]]] = []
"""The last scenarios narrated, each with where each unit id stands in it: (a
reinforcement?, its position in the list), and the ids found in neither list, each with
the lists' lengths then (:data:`_Shape`). A big game names a unit in every log row."""

MISSING_KEPT = 1 << 14
"""At most this many ids not in a scenario are kept (then forgotten all at once)."""


def type_of(scenario: Scenario, unit_id: str) -> str | None:
    """The counter type of the scenario's unit ``unit_id`` (at the start or arriving later),
    found through a kept index that is checked on every use (an editor may change the
    scenario's units: a position that no longer holds the id makes it again). An id in
    neither list (a support weapon, made by the game) is looked for once while the lists
    keep their lengths: the log names such ids in every other row, and each look is a
    walk of every unit (10,000 on the big game)."""
    for _ in range(2):
        kept = next((k for k in _PLACES if k[0]() is scenario), None)
        if kept is None:
            places = {u.id: (False, i) for i, u in enumerate(scenario.units)}
            for i, r in enumerate(scenario.reinforcements):
                places.setdefault(r.unit.id, (True, i))
            missing: dict[str, _Shape] = {}
            _PLACES[:] = [(weakref.ref(scenario), places, missing), *_PLACES[:3]]
        else:
            _, places, missing = kept
        place = places.get(unit_id)
        if place is not None:
            later, k = place
            if later and k < len(scenario.reinforcements):
                unit = scenario.reinforcements[k].unit
            elif not later and k < len(scenario.units):
                unit = scenario.units[k]
            else:
                unit = None
            if unit is not None and unit.id == unit_id:
                return unit.type_id
        else:
            shape = (len(scenario.units), len(scenario.reinforcements))
            if missing.get(unit_id) == shape:
                return None
            if not _stale(scenario, unit_id):
                if len(missing) >= MISSING_KEPT:
                    missing.clear()
                missing[unit_id] = shape
                return None
        _PLACES[:] = [k for k in _PLACES if k[0]() is not scenario]  # made again
    return None


def _stale(scenario: Scenario, unit_id: str) -> bool:
    """An id the kept index does not know: is it the scenario's after all (one added)?"""
    return any(u.id == unit_id for u in scenario.units) or any(
        r.unit.id == unit_id for r in scenario.reinforcements
    )


def and_(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def path_of(result: ActionResult | None, unit: str | None) -> list[str]:
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


# --- heads: the action as the player asked it (narrate's line) ---------------------------
class _Asked:
    """What every head starts from, named in this order (a unit is named in full once):
    the actors, then the target."""

    def __init__(self, w: Words, entry: LogEntry, result: ActionResult | None) -> None:
        a = self.args = entry.args
        self.units = [str(u) for u in a.get("units", [])]
        self.actor = w.units(self.units) if self.units else w.side(entry.side)
        self.weapon = f" {str(a['weapon']).upper()}" if a.get("weapon") else ""
        self.target = f" at {w.unit(str(a['target']))}" if a.get("target") else ""
        if a.get("hex") and not self.target:
            self.target = f" at {a['hex']}"
        first = self.units[0] if self.units else None
        path = path_of(result, first) or [str(h) for h in a.get("to", [])]
        self.route = " " + " \u2192 ".join(path) if path else ""
        self.where = f" in {a['hex']}" if a.get("hex") else ""


def head(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """An action that declares no head: ``t1 dig in at 0304`` (its name, in words)."""
    s = _Asked(w, entry, result)
    return f"{s.actor} {entry.action.replace('-', ' ')}{s.target}"


def head_fire(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    verb = "fires" if entry.action == "fire" else "fires (opportunity)"
    return f"{s.actor} {verb}{s.weapon}{s.target}"


def head_moving_fire(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    return f"{s.actor} moves{s.route} and fires{s.weapon}{s.target}"


def head_move(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``move`` and ``run``, and a paused move going on (``--continue``)."""
    s = _Asked(w, entry, result)
    verb = {"move": "moves", "run": "runs"}.get(entry.action, entry.action)
    if s.args.get("cont"):
        verb = "moves on" if entry.action == "move" else "runs on"
    return f"{s.actor} {verb}{s.route}" + (" (maneuver)" if s.args.get("maneuver") else "")


def head_load(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    cargo = f" {w.unit(str(s.args['target']))}" if s.args.get("target") else ""
    return f"{s.actor} takes{cargo} aboard" + (f" and moves{s.route}" if s.route else "")


def head_unload(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    cargo = f" {w.unit(str(s.args['target']))}" if s.args.get("target") else ""
    return f"{s.actor}" + (f" moves{s.route} and" if s.route else "") + f" unloads{cargo}"


def head_assault(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``assault`` and ``overrun``: ``a and b assault 0304 → 0305``."""
    s = _Asked(w, entry, result)
    return f"{s.actor} {entry.action}{'s' if len(s.units) == 1 else ''}{s.route}"


def head_draw(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Asked(w, entry, result)
    formation = entry.args.get("formation")
    drawn = _drawn(result)
    chit = w.formation(drawn or formation)
    side = w.side(_drawn_side(result) or entry.side)
    return f"{side} draws the {chit} chit" if drawn or formation else f"{side} draws"


def head_end_impulse(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Asked(w, entry, result)
    return f"{w.side(entry.side)} ends the impulse"


def head_end_phase(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Asked(w, entry, result)
    return f"{w.side(entry.side)} ends the phase"


def head_end_game_turn(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``end-turn`` where it ends the game turn for both sides (platoon)."""
    _Asked(w, entry, result)
    return f"end of turn {entry.turn}"


def head_end_player_turn(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``end-turn`` where it ends one side's player turn (squad)."""
    _Asked(w, entry, result)
    return f"{w.side(entry.side)} ends its player turn"


def head_close_combat(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    if result is not None and "round" in result.extra:
        return f"close combat in {entry.args.get('hex')}, round {result.extra['round']}"
    return f"close combat{s.where}"


def head_pass(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Asked(w, entry, result)
    mover = _event_unit(result, "passed")
    return f"{w.side(w.other_side(mover, entry.side))} lets {w.unit(mover)} pass"


def head_rally(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    return f"{_Asked(w, entry, result).actor} tries to rally"


def head_mode(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    return f"{s.actor} goes {str(s.args.get('mode', '')).upper()}"


def head_dig_in(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    return f"{_Asked(w, entry, result).actor} digs in"


def head_morale_test(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    return f"{_Asked(w, entry, result).actor} tests morale"


def head_mines(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``lay-mines`` and ``clear-mines``: ``sap-1 lays AT mines in 0304``."""
    s = _Asked(w, entry, result)
    kind = f" {str(s.args['kind']).upper()}" if s.args.get("kind") else ""
    verb = "lays" if entry.action == "lay-mines" else "clears"
    return f"{s.actor} {verb}{kind} mines{s.where}"


def head_suppress(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    return f"{s.actor} suppresses{s.where}"


def head_air_strike(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Asked(w, entry, result)
    return f"air strike{s.where}" + (f" by {s.actor}" if s.args.get("units") else "")


# --- short phrases: the Undo and Redo menu items ------------------------------------------
class _Short:
    """What every short phrase starts from: the actors (named by type), one verb for one
    unit and one for several, where a move ended."""

    def __init__(self, w: Words, entry: LogEntry, result: ActionResult | None,
                 one: str | None = None, many: str | None = None) -> None:  # fmt: skip
        a = self.args = entry.args
        self.units = [str(u) for u in a.get("units", [])]
        self.actor = w.units(self.units) if self.units else w.side(entry.side)
        words = entry.action.replace("-", " ")
        self.verb = (many or words) if len(self.units) > 1 else (one or words)
        first = self.units[0] if self.units else None
        self.path = path_of(result, first) or [str(h) for h in a.get("to", [])]
        self.to = f" to {self.path[-1]}" if self.path else ""
        self.where = f" in {a['hex']}" if a.get("hex") else ""


def short(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """An action that declares no short phrase: its name, in words, and its hex."""
    s = _Short(w, entry, result)
    return f"{s.actor} {s.verb}{s.where}"


def short_verb(one: str, many: str) -> Phrase:
    """The short phrase ``ACTOR VERB [in HEX]``, with its verb for one unit and for
    several (``tries to rally``, ``try to rally``)."""

    def phrase(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
        s = _Short(w, entry, result, one, many)
        return f"{s.actor} {s.verb}{s.where}"

    return phrase


def short_fire(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``fire``, ``opportunity-fire`` and ``moving-fire``."""
    s = _Short(w, entry, result, "fires", "fire")
    if s.args.get("target"):
        at = f" at {w.unit(str(s.args['target']))}"
    else:
        at = f" at {s.args['hex']}" if s.args.get("hex") else ""
    if entry.action == "moving-fire":
        return f"{s.actor} moves{s.to} and fires{at}"
    return f"{s.actor} {s.verb}{at}" + (
        " (opportunity fire)" if entry.action == "opportunity-fire" else ""
    )


def short_move(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``move`` and ``run``."""
    s = _Short(w, entry, result, *{"run": ("runs", "run")}.get(entry.action, ("moves", "move")))
    return f"{s.actor} {s.verb}{' on' if s.args.get('cont') else ''}{s.to}"


def short_assault(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``assault`` and ``overrun``: where the attack went in."""
    verbs = {"overrun": ("overruns", "overrun")}.get(entry.action, ("assaults", "assault"))
    s = _Short(w, entry, result, *verbs)
    where = next((e.hex for e in result.events if e.event == "assault"), None) if result else None
    if where is None and entry.action == "assault" and s.path:
        where = s.path[-1]
    if where is None:
        return f"{s.actor} {s.verb} along " + " \u2192 ".join(s.path)
    return f"{s.actor} {s.verb} {where}"


def short_load(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Short(w, entry, result)
    cargo = w.unit(str(s.args["target"])) if s.args.get("target") else ""
    return f"{s.actor} takes {cargo or 'cargo'} aboard"


def short_unload(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Short(w, entry, result)
    cargo = w.unit(str(s.args["target"])) if s.args.get("target") else ""
    return f"{s.actor} unloads" + (f" {cargo}" if cargo else "")


def short_close_combat(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Short(w, entry, result)
    round_no = result.extra.get("round") if result is not None else None
    return f"close combat in {entry.args.get('hex')}" + (f", round {round_no}" if round_no else "")


def short_mines(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``lay-mines`` and ``clear-mines``."""
    s = _Short(w, entry, result)
    kind = f"{str(s.args['kind']).upper()} " if s.args.get("kind") else ""
    verb = "lays" if entry.action == "lay-mines" else "clears"
    return f"{s.actor} {verb} {kind}mines{s.where}"


def short_air_strike(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Short(w, entry, result)
    hex_label = s.args.get("hex")
    return f"{s.actor} strikes {hex_label}" if s.units else f"air strike on {hex_label}"


_MODE_WORDS = {"flying": "flying", "noe": "NOE", "landed": "landed"}


def short_mode(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Short(w, entry, result)
    mode = str(s.args.get("mode"))
    return f"{s.actor} goes {_MODE_WORDS.get(mode, mode)}"


def short_pass(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Short(w, entry, result)
    mover = _event_unit(result, "passed")
    if mover is None:
        return "no opportunity fire"
    return f"{w.side(w.other_side(mover, entry.side))} lets {w.unit(mover)} pass"


def short_draw(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Short(w, entry, result)
    drawn = _drawn(result) or entry.args.get("formation")
    side = w.side(_drawn_side(result) or entry.side)
    return f"{side} draws the {w.formation(drawn)} chit" if drawn else f"{side} draws a chit"


def short_end_impulse(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Short(w, entry, result)
    return f"{w.side(entry.side)} ends its impulse"


def short_end_game_turn(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``end-turn`` where it ends the game turn for both sides (platoon)."""
    _Short(w, entry, result)
    return f"end of turn {entry.turn}"


def short_end_player_turn(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """``end-turn`` where it ends one side's player turn (squad)."""
    _Short(w, entry, result)
    return f"{w.side(entry.side)} ends its player turn"


def short_end_phase(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    _Short(w, entry, result)
    ended = next((e.data.get("phase") for e in (result.events if result else ())
                  if e.event == "phase_ended"), None)  # fmt: skip
    phase = f"the {str(ended).replace('_', ' ')} phase" if ended else "the phase"
    return f"{w.side(entry.side)} ends {phase}"


def short_suppress(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    s = _Short(w, entry, result, "lays suppressive fire on", "lay suppressive fire on")
    return f"{s.actor} {s.verb} {s.args.get('hex')}"
