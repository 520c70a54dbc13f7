"""Victory and the end of the game (rules-spec 6, both rulesets).

A scenario's ``victory:`` gives objective hexes (``hexes:``, each a label worth 1 or
``{hex, vp, owner}``), the VP a side scores for each loss it inflicts (``losses:``), the lead
that wins (``margin:``) and sudden-death totals (``sudden_death: {SIDE: VP}``). This module
counts them the same way for both rulesets; each ruleset supplies only what is its own
through its ruleset object's ``scoring`` (the platoon's and squad's are their ``scoring``
modules):

- ``LOSSES``: the default ``losses:`` table and so the loss kinds it knows;
- ``losses(state, initial)``: each side's losses so far by kind (``initial``: every unit as
  it started, by id);
- ``in_close_combat(state, unit)``: is the unit in a close combat in its hex.

Control (rules-spec 6): a side controls an objective while it has a ground unit there (not a
helicopter flying or in NOE, not an aircraft, not cargo: its carrier decides, not one in
close combat) and the enemy has no ground unit there. A hex keeps its controller when it
empties. The engine calls :func:`settle` after every action: it records control in
``GameState.flags["control"]`` (label -> side or None) and ends the game when the action
annihilated a side, reached a sudden-death total or ended the last turn (the ruleset sets
``finished``), with a ``game_over`` event and ``flags["game_over"]`` holding
``{vp, winner, why}``. After that every action is refused (``rules.registry``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Scenario, UnitState
from tabletop.rules import rulesets
from tabletop.rules.actions import ActionResult

__all__ = [
    "CONTROL",
    "GAME_OVER",
    "LossCount",
    "Objective",
    "Standing",
    "losses_table",
    "objectives",
    "present_sides",
    "settle",
    "standing",
]

CONTROL = "control"
"""``GameState.flags`` key: objective label -> the side controlling it (or None)."""
GAME_OVER = "game_over"
"""``GameState.flags`` key: ``{"vp": {SIDE: n}, "winner": SIDE or None, "why": ...}``, the
final count, once the game has ended."""
AIRBORNE = ("flying", "noe")
WHYS = ("turns", "annihilation", "sudden_death")


class Scoring(Protocol):
    """What a ruleset's ``scoring`` provides."""

    LOSSES: dict[str, int]

    def losses(
        self, state: GameState, initial: Mapping[str, UnitState]
    ) -> dict[str, Counter[str]]: ...

    def in_close_combat(self, state: GameState, unit: UnitState) -> bool: ...

    # optional: ``score_unit(state, unit, was, lost)``, one unit's losses into ``lost``
    # (``LossCount`` counts again only the units a change touched when it is there)

    def grounded(self, state: GameState, unit: UnitState) -> bool: ...


def scoring(ruleset: str) -> Scoring:
    """The ruleset's hooks (the ruleset object's ``scoring``, found in ``rules.rulesets``)."""
    hooks: Scoring = rulesets.load(ruleset).scoring
    return hooks


@dataclass(frozen=True, slots=True)
class Objective:
    hex: Hex
    label: str
    vp: int = 1
    owner: str | None = None


def objectives(scenario: Scenario) -> list[Objective]:
    """The scenario's objective hexes, in its order (a bare label is worth 1)."""
    out: list[Objective] = []
    hexmap = scenario.map
    for item in scenario.victory.get("hexes") or []:
        if isinstance(item, dict):
            text, vp, owner = str(item.get("hex")), int(item.get("vp", 1)), item.get("owner")
        else:
            text, vp, owner = str(item), 1, None
        h = hexmap.parse(text)
        out.append(Objective(h, hexmap.label(h), vp, None if owner is None else str(owner)))
    return out


def losses_table(scenario: Scenario) -> dict[str, int]:
    """VP per loss kind: the scenario's ``losses:`` (absent kinds 0), else the ruleset's
    defaults (rules-spec 6)."""
    defaults = scoring(scenario.ruleset).LOSSES
    given = scenario.victory.get("losses")
    if not isinstance(given, dict):
        return dict(defaults)
    return {kind: int(given.get(kind, 0)) for kind in defaults}


def margin(scenario: Scenario) -> int:
    return int(scenario.victory.get("margin", 1))


def sudden_death(scenario: Scenario) -> dict[str, int]:
    given = scenario.victory.get("sudden_death") or {}
    return {str(k): int(v) for k, v in given.items()} if isinstance(given, dict) else {}


def initial_units(scenario: Scenario) -> dict[str, UnitState]:
    """Every unit as it starts: the scenario's and its reinforcements'."""
    return {u.id: u for u in scenario.units} | {r.unit.id: r.unit for r in scenario.reinforcements}


# --- control -----------------------------------------------------------------------------
def _holder(state: GameState, units: list[UnitState], hook: Scoring) -> str | None:
    """The side that controls a hex holding ``units`` now, or None (nobody may)."""
    ground = [u for u in units if u.carrier is None and hook.grounded(state, u)]
    if len({u.side for u in ground}) != 1:
        return None
    holders = [u for u in ground if not hook.in_close_combat(state, u)]
    return holders[0].side if holders else None


def _by_hex(state: GameState, hexes: set[Hex]) -> dict[Hex, list[UnitState]]:
    here: dict[Hex, list[UnitState]] = {h: [] for h in hexes}
    for u in state.units.values():
        if u.hex is not None and u.hex in here and u.alive:
            here[u.hex].append(u)
    return here


def controls(state: GameState) -> dict[str, str | None]:
    """Who controls each objective now (label -> side or None), in the scenario's order."""
    objs = objectives(state.scenario)
    if not objs:
        return {}
    stored = state.flags.get(CONTROL)
    hook = scoring(state.scenario.ruleset)
    here = _by_hex(state, {o.hex for o in objs})
    out: dict[str, str | None] = {}
    for o in objs:
        now = _holder(state, here[o.hex], hook)
        if now is not None:
            out[o.label] = now
        elif isinstance(stored, dict) and o.label in stored:
            out[o.label] = stored[o.label]
        else:  # no record (a new game): the owner, or the side alone there at the start
            out[o.label] = o.owner if o.owner is not None else _start_holder(state, o, hook)
    return out


def _start_holder(state: GameState, o: Objective, hook: Scoring) -> str | None:
    start = [u for u in state.scenario.units if u.hex == o.hex and u.alive]
    return _holder(state, start, hook)


# --- VP ----------------------------------------------------------------------------------
class LossCount:
    """Each side's losses kept between changes of one game: a unit's are counted again only
    after a change names it (``forget``), so the app's turn bar pays, after an action on a
    10,000-unit game, for the units the action touched, not for all of them. It asks the
    ruleset's ``scoring.score_unit`` (one unit's losses); a scoring without it is asked
    ``losses`` of the whole game each time."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._hook = scoring(state.scenario.ruleset)
        self._initial = initial_units(state.scenario)
        self._by_unit: dict[str, tuple[str, Counter[str]]] = {}
        self._totals: dict[str, Counter[str]] = {}
        self._stale: set[str] | None = None  # None: every unit

    def forget(self, ids: Iterable[str]) -> None:
        """These units changed (or came, or went): count them again when next asked."""
        if self._stale is not None:
            self._stale.update(ids)

    def losses(self) -> dict[str, Counter[str]]:
        """Each side's losses so far by kind, as ``scoring.losses`` counts them."""
        one = getattr(self._hook, "score_unit", None)
        if one is None:
            return self._hook.losses(self.state, self._initial)
        units = self.state.units
        if self._stale is None:
            self._by_unit.clear()
            self._totals = {side: Counter() for side in self.state.scenario.sides}
            stale: Iterable[str] = list(units)
        else:
            stale = self._stale
        for uid in stale:
            old = self._by_unit.pop(uid, None)
            if old is not None:
                self._totals[old[0]].subtract(old[1])
            unit = units.get(uid)
            if unit is None:
                continue
            was = self._initial.get(uid)
            if was is not None and not was.alive:
                continue  # out of play at the start: it lost nothing in this game
            lost: Counter[str] = Counter()
            one(self.state, unit, was, lost)
            if lost:
                self._by_unit[uid] = (unit.side, lost)
                self._totals.setdefault(unit.side, Counter()).update(lost)
        self._stale = set()
        return {side: +kinds for side, kinds in self._totals.items()}


def loss_vp(state: GameState, kept: LossCount | None = None) -> dict[str, int]:
    """VP each side has scored for the losses of the others (a loss of one side scores for
    every other side); ``kept``: the game's own count, kept between changes."""
    table = losses_table(state.scenario)
    if kept is not None and kept.state is state:
        lost = kept.losses()
    else:
        lost = scoring(state.scenario.ruleset).losses(state, initial_units(state.scenario))
    sides = state.sides()
    vp = dict.fromkeys(sides, 0)
    for loser, kinds in lost.items():
        points = sum(table.get(kind, 0) * n for kind, n in kinds.items())
        for side in sides:
            if side != loser:
                vp[side] += points
    return vp


def count_vp(
    state: GameState,
    control: Mapping[str, str | None] | None = None,
    kept: LossCount | None = None,
) -> dict[str, int]:
    """Each side's VP now: its objectives' VP plus its loss VP."""
    vp = loss_vp(state, kept)
    control = controls(state) if control is None else control
    for o in objectives(state.scenario):
        side = control.get(o.label)
        if side in vp:
            vp[side] += o.vp
    return vp


def by_margin(scenario: Scenario, vp: Mapping[str, int]) -> str | None:
    """The side whose lead over every other is at least the margin, or None (a draw)."""
    if not vp:
        return None
    ranked = sorted(vp.items(), key=lambda kv: -kv[1])
    top, points = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    return top if points - second >= max(1, margin(scenario)) else None


@dataclass(frozen=True, slots=True)
class Standing:
    """The count as ``show --json`` carries it (interfaces 3)."""

    vp: dict[str, int]
    controls: dict[str, str | None]
    over: bool
    winner: str | None
    why: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "vp": dict(self.vp),
            "controls": dict(self.controls),
            "over": self.over,
            "winner": self.winner,
            "why": self.why,
        }


def standing(state: GameState, kept: LossCount | None = None) -> Standing:
    """The running count, or the final one once the game is over (``kept``: the game's
    losses kept between changes, :class:`LossCount`)."""
    control = controls(state)
    final = state.flags.get(GAME_OVER)
    if isinstance(final, dict):
        vp = {str(k): int(v) for k, v in dict(final.get("vp") or {}).items()}
        return Standing(vp, control, True, final.get("winner"), final.get("why"))
    vp = count_vp(state, control, kept)
    if state.finished:  # a game saved before victory was counted: it ended by turns
        return Standing(vp, control, True, by_margin(state.scenario, vp), "turns")
    return Standing(vp, control, False, None, None)


# --- the end of the game -----------------------------------------------------------------
def present_sides(state: GameState) -> set[str]:
    """The sides with a unit on the map or a reinforcement still to come (the sides on the
    map from the hex index's count per side: no walk of the units, 10,000 on the big game,
    even once a side has none left)."""
    here = state.sides_on_map()
    return here | {
        r.unit.side for r in state.scenario.reinforcements if r.unit.id not in state.units
    }


def settle(state: GameState, result: ActionResult, before: set[str]) -> None:
    """After an action: record control, and end the game if it is over (``before``: the
    sides present before the action, :func:`present_sides`)."""
    scenario = state.scenario
    control = controls(state) if scenario.victory.get("hexes") else {}
    if control and state.flags.get(CONTROL) != control:
        state.flags[CONTROL] = control
    if GAME_OVER in state.flags:
        return
    gone = before - present_sides(state)
    vp: dict[str, int] | None = None
    why: str | None = None
    winner: str | None = None
    if gone:
        why = "annihilation"
        left = [s for s in state.sides() if s in before and s not in gone]
        winner = left[0] if len(left) == 1 else None
    elif state.finished or sudden_death(scenario):
        vp = count_vp(state, control or None)
        limits = sudden_death(scenario)
        reached = [s for s, total in limits.items() if vp.get(s, 0) >= total]
        if reached:
            why = "sudden_death"
            best = max(vp[s] for s in reached)
            top = [s for s in reached if vp[s] == best]
            winner = top[0] if len(top) == 1 else None
        elif state.finished:
            why, winner = "turns", by_margin(scenario, vp)
    if why is None:
        return
    if vp is None:
        vp = count_vp(state, control or None)
    state.finished = True
    state.phase = "finished"
    state.pending = None
    state.flags[GAME_OVER] = {"vp": dict(vp), "winner": winner, "why": why}
    result.event("game_over", turn=state.turn, vp=dict(vp), winner=winner, why=why)


def over_reason(state: GameState) -> str:
    """Why no action is legal any more, in one sentence."""
    s = standing(state)
    names = state.scenario.sides
    score = ", ".join(f"{names[k].name if k in names else k} {v}" for k, v in s.vp.items())
    how = {
        "turns": f"turn {state.turn} of {state.scenario.turns} ended",
        "annihilation": "a side has no units left",
        "sudden_death": "a side reached its sudden-death total",
    }.get(s.why or "turns", "")
    who = names[s.winner].name if s.winner in names else s.winner
    verdict = f"{who} won" if s.winner else "a draw"
    return f"the game is over ({how}): {verdict}, VP {score}"
