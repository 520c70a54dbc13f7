"""The opponent's three levels: how each chooses one action for its side.

Every level chooses among the legal requests the core lists for the side
(``rules.query.available_actions`` under ``side``, asked of the side's view), so it can
never propose an action the engine refuses, and it reads no die of the game: what it
tries ahead it rolls with its own seeded generator, on copies of its view.

- ``random``: a uniformly random legal request (the baseline).
- ``greedy``: one action ahead. Each request is scored by the change it makes to the
  side's prospects in VP (``bot.value.worth``): an attack by its exact odds
  (``rules.forecast``: each outcome's chance times the share of the target's worth it
  takes, more when the target stands by an objective), everything else by trying it on
  a copy of the view (moves take objectives, walk into known minefields, stop in the
  enemy's sight), with the dice it needs sampled several times. Doing nothing (pass, end
  the impulse or phase) scores 0, so a unit with nothing good to do does not waste
  itself.
- ``planner``: greedy's ranking is its prior and its shortlist (the best requests, a few
  of each unit, and doing nothing); each is tried again and again on fresh copies of the
  view (the side's view: what it cannot see is not there), round by round with the same
  sampled dice for every request of a round, as the budget allows (anytime): a move
  paused for opportunity fire is played out as the game would (the enemy's shot with the
  most VP to expect from the exact odds, or a pass, then the move goes on: the chance
  node greedy's one try stops at), and each try is valued by the side's prospects with
  the enemy's sight seen again, less the enemy's most damaging reply fire and the VP of
  the held objectives the enemy's units can walk into next (``Threats``: where each can
  be after its next move, ``rules.query.reach`` asked of the view; nothing once the
  enemy acts no more before the game ends), plus a pull bringing up the second and third
  units nearest each objective (``SUPPORT``). Moves into a threatened held objective are
  shortlisted too. A request whose try rolled no die and met no fire is tried once, and
  is worth the mean of that try and greedy's score (``SETTLED``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from tabletop.bot.value import REACH, Sight, Worths, mined_hexes, position, prospects, worth
from tabletop.commands import PlayAction
from tabletop.hexgrid import Hex
from tabletop.model import GameState, Status
from tabletop.rules import (
    ActionRequest,
    DiceError,
    IllegalAction,
    LineOfSight,
    RandomDice,
    RecordingDice,
    engine,
    victory,
)
from tabletop.rules.forecast import Forecast, forecast
from tabletop.rules.plan import Plan
from tabletop.rules.query import available_actions, reach
from tabletop.rules.turns import waiting_on

LEVELS = ("random", "greedy", "planner")
ATTACKS = frozenset({"fire", "opportunity-fire", "moving-fire"})
"""Requests whose odds ``rules.forecast`` gives."""
IDLE = frozenset({"pass", "end-impulse", "end-phase", "end-turn"})
"""Doing nothing more: the yardstick every other request must beat."""
ACT_COST = 0.02
"""What any action but ``IDLE`` costs (the unit is spent for the impulse or phase)."""
DENY = 0.5
"""Share of an objective's VP an effect on a unit standing at or beside it is worth."""
MOVES = frozenset({"move", "run"})
"""Plain moves, which ``Scorer.weighed`` may score without trying them."""
TRIED_MOVES = 3
"""Of each unit's plain moves, how many of the best weighed are tried (the rest keep their
weighed score: a unit has hundreds of hexes in reach)."""
SAMPLES = 4
"""Tries of a request whose outcome depends on dice (a move into a known minefield)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice: the request, why (one plain sentence) and its score in VP."""

    request: ActionRequest
    why: str
    score: float


def legal_plans(view: GameState, los: LineOfSight, side: str) -> list[Plan]:
    """The plan of every legal request of ``side`` now, in the core's order (game actions
    first): each decided once, by the core, and tried or performed from its plan."""
    report = available_actions(view, los, side=side)
    options = [*report.game, *(o for u in report.units for o in u.options)]
    plans = [p for o in options for p in o.plans]
    pending = view.pending
    if not plans and pending is not None and pending.move_paused:
        # its move's opportunity fire was answered: the move goes on (the window does this
        # by itself; the actions listed do not offer it)
        plan = _ruleset(view).plan(view, _go_on(pending.unit, side), los)
        if plan.legal:
            plans.append(plan)
    return plans


def _go_on(unit: str, side: str) -> ActionRequest:
    """A paused move's continuation."""
    return ActionRequest("move", units=(unit,), cont=True, side=side)


def _ruleset(view: GameState) -> engine.Ruleset:
    return engine.ruleset_for(view.scenario.ruleset)


def legal_requests(view: GameState, los: LineOfSight, side: str) -> list[ActionRequest]:
    """Every legal request of ``side`` now, in the core's order (game actions first)."""
    return [p.request for p in legal_plans(view, los, side)]


def name_of(view: GameState, unit_id: str | None) -> str:
    if unit_id is None or unit_id not in view.units:
        return str(unit_id)
    utype = view.scenario.unit_types.get(view.units[unit_id].type_id)
    name = getattr(utype, "name", None) or unit_id
    return f"{name} ({unit_id})" if name != unit_id else unit_id


def wording(view: GameState, request: ActionRequest) -> str:
    """The request in a player's words: ``fire at T-72 (t72-1)``, ``move to 1310``."""
    words = request.action.replace("-", " ")
    if request.target:
        words += f" at {name_of(view, request.target)}"
    elif request.to:
        words += f" to {request.to[-1]}"
    elif request.hex:
        words += f" in {request.hex}"
    if request.units:
        words = f"{name_of(view, request.units[0])}: {words}"
    return words


# --- scoring ------------------------------------------------------------------------------
class Scorer:
    """Greedy's score of each request of ``side`` in ``view`` (see the module docstring)."""

    def __init__(self, view: GameState, los: LineOfSight, side: str, rng: random.Random) -> None:
        self.view, self.los, self.side, self.rng = view, los, side, rng
        self.sight = Sight(view, side, los)
        self.worths = Worths(view)
        self.base, self.base_lead = prospects(view, side, self.sight, self.worths)
        self.objectives = victory.objectives(view.scenario)
        self.control = victory.controls(view)
        self.base_position = position(view, side, self.sight, self.worths, self.control)
        self.mined = mined_hexes(view, side)
        self.near_objectives = frozenset(
            h for o in self.objectives for h in (o.hex, *o.hex.neighbors())
        )
        self.carriers = frozenset(u.carrier for u in view.units.values() if u.carrier)

    def weighed(self, plan: Plan) -> float | None:
        """A plain move's score without trying it (where the mover ends up changes only
        the pressure and exposure terms), or None when it must be tried: it may take or
        contest an objective, cross a known minefield, or carry others."""
        request = plan.request
        if request.action not in MOVES or not request.to or request.cont:
            return None
        if request.unit is None or request.unit in self.carriers:
            return None
        parse = self.view.scenario.map.parse
        path = [parse(label) for label in request.to]
        if any(h in self.mined or h in self.near_objectives for h in path):
            return None
        there = position(self.view, self.side, self.sight, self.worths, self.control,
                         (request.unit, path[-1]))  # fmt: skip
        return there - self.base_position - ACT_COST

    @contextmanager
    def tried(self, plan: Plan) -> Iterator[bool | None]:
        """The view with ``plan`` performed (sampled dice) while the block runs, then put
        back by the action's own undo (its memento: the units it touched); yields whether
        it rolled any dice (None: refused, nothing done)."""
        dice = RecordingDice(RandomDice(self.rng.getrandbits(32)))
        command = PlayAction(self.view, plan.moved_to(self.view), self.los, dice)
        try:
            command.redo()
        except (IllegalAction, DiceError):
            command.undo()
            yield None
            return
        try:
            yield bool(dice.faces)
        finally:
            command.undo()

    def attack_gain(self, request: ActionRequest, odds: Forecast) -> tuple[float, str]:
        """Expected VP an attack takes from the enemy, with its odds in words."""
        targets: list[tuple[str | None, tuple[tuple[str, float], ...]]]
        targets = [(u.unit, u.outcomes) for u in odds.units] or [(request.target, odds.outcomes)]
        gain, best = 0.0, (0.0, "")
        for unit_id, outcomes in targets:
            unit = self.view.units.get(str(unit_id))
            if unit is None or len(outcomes) < 2:
                continue
            top = len(outcomes) - 1
            share = sum(p * i / top for i, (_name, p) in enumerate(outcomes))
            effect = 1.0 - outcomes[0][1]
            value = share * self.worths(unit) + self._denial(unit.hex, unit.side) * effect
            gain += value
            if value >= best[0]:
                worst = outcomes[-1]
                best = (value, f"{effect:.0%} to hit {name_of(self.view, unit.id)}, "
                                f"{worst[1]:.0%} {worst[0].lower()}")  # fmt: skip
        return gain, best[1]

    def _denial(self, h: Hex | None, owner: str) -> float:
        """VP at stake by the unit's hex: the objectives at or next to it that its side
        does not hold (an effect on it may stop it taking them)."""
        if h is None:
            return 0.0
        control = victory.controls(self.view)
        near = [o for o in self.objectives if o.hex.distance(h) <= 1]
        at_stake = [o.vp for o in near if control.get(o.label) != owner]
        return DENY * float(sum(at_stake))

    def score(self, plan: Plan) -> tuple[float, str]:
        request = plan.request
        if request.action in IDLE:
            return 0.0, "nothing better to do"
        if request.action == "draw":  # a chit from the cup: chance, nobody's choice
            return 0.0, "the next formation is drawn from the cup"
        odds = forecast(self.view, request, self.los) if request.action in ATTACKS else None
        gain, odds_words = (0.0, "")
        if odds is not None and odds.outcomes and not odds.reasons:
            gain, odds_words = self.attack_gain(request, odds)
            if not request.to:  # a fire from where it stands: its position does not change
                return gain - ACT_COST, f"expected {gain:.2f} VP of enemy losses ({odds_words})"
        tries: list[float] = []
        vp_change = 0.0
        for _ in range(SAMPLES):
            with self.tried(plan) as rolled:
                if rolled is None:
                    return float("-inf"), "refused"
                value, now = prospects(self.view, self.side, self.sight, self.worths)
                if odds is None:
                    vp_change += now - self.base_lead
                tries.append(value - self.base)
            if not rolled:
                break
        n = len(tries)
        position = sum(tries) / n
        if odds is not None and odds.outcomes:  # moving fire: the move's, the fire's odds
            position -= vp_change / n
            position += gain
        total = position - ACT_COST
        return total, self._why(request, total, vp_change / n, odds_words)

    def _why(self, request: ActionRequest, total: float, vp: float, odds: str) -> str:
        if odds:
            return f"worth {total:+.2f} VP with the move ({odds})"
        if vp > 0.05:
            return f"gains {vp:.1f} VP now, {total:+.2f} VP in all"
        if vp < -0.05:
            return f"costs {-vp:.1f} VP (losses to expect), {total:+.2f} VP in all"
        return f"betters its position by {total:+.2f} VP (objectives nearer, enemy sight)"


# --- the levels -----------------------------------------------------------------------------
Chooser = Callable[[GameState, LineOfSight, str, random.Random, float], Decision | None]


def choose_random(
    view: GameState, los: LineOfSight, side: str, rng: random.Random, budget: float
) -> Decision | None:
    requests = legal_requests(view, los, side)
    if not requests:
        return None
    request = rng.choice(requests)
    return Decision(request, f"chose at random among {len(requests)} legal actions", 0.0)


class Ranked(NamedTuple):
    """One legal request scored: its score, its place in the core's order, its plan, why."""

    score: float
    order: int
    plan: Plan
    why: str

    @property
    def request(self) -> ActionRequest:
        return self.plan.request

    @property
    def idle(self) -> bool:
        return self.plan.request.action in IDLE


def _ranked(
    view: GameState, los: LineOfSight, side: str, rng: random.Random
) -> tuple[Scorer, list[Ranked]]:
    scorer = Scorer(view, los, side, rng)
    plans = legal_plans(view, los, side)
    weighed = {i: w for i, p in enumerate(plans) if (w := scorer.weighed(p)) is not None}
    by_mover: dict[tuple[str | None, str], list[tuple[float, int]]] = {}
    for i, w in weighed.items():
        by_mover.setdefault((plans[i].request.unit, plans[i].request.action), []).append((w, -i))
    tried = {i for i in range(len(plans)) if i not in weighed}
    for moves in by_mover.values():  # each mover's best few plain moves are tried after all
        tried.update(-i for _w, i in sorted(moves, reverse=True)[:TRIED_MOVES])
    ranked = []
    for i, plan in enumerate(plans):
        if i in tried:
            value, why = scorer.score(plan)
        else:
            value = weighed[i]
            why = f"betters its position by {value:+.2f} VP (objectives nearer, enemy sight)"
        ranked.append(Ranked(value, i, plan, why))
    # the best first; among equals the core's order (game actions, then unit ids)
    ranked.sort(key=lambda r: (-r.score, r.order))
    return scorer, ranked


def _decision(view: GameState, r: Ranked, why: str = "", score: float | None = None) -> Decision:
    return Decision(r.request, f"{wording(view, r.request)}: {why or r.why}",
                    r.score if score is None else score)  # fmt: skip


def choose_greedy(
    view: GameState, los: LineOfSight, side: str, rng: random.Random, budget: float
) -> Decision | None:
    _scorer, ranked = _ranked(view, los, side, rng)
    return _decision(view, _prefer_idle(ranked)) if ranked else None


def _prefer_idle(ranked: Sequence[Ranked]) -> Ranked:
    """The best, but doing nothing over an action that gains nothing."""
    best = ranked[0]
    if best.score <= 0.0:
        idle = next((r for r in ranked if r.idle), None)
        if idle is not None:
            return idle
    return best


def _reply_loss(state: GameState, los: LineOfSight, side: str, worths: Worths) -> float:
    """The VP the enemy's most damaging single fire at the side takes, in expectation."""
    best = 0.0
    for enemy in state.enemies_of(side):
        for unit in state.units.values():
            if unit.side != side or unit.hex is None or not unit.alive:
                continue
            if enemy.hex is None or enemy.hex.distance(unit.hex) > 12:
                continue
            request = ActionRequest("fire", units=(enemy.id,), target=unit.id)
            best = max(best, _expected_loss(state, request, los, worths))
    return best


def _expected_loss(
    state: GameState, request: ActionRequest, los: LineOfSight, worths: Worths
) -> float:
    """The VP an attack is expected to take from its target(s), by its exact odds."""
    odds = forecast(state, request, los)
    if odds.reasons or not odds.outcomes:
        return 0.0
    targets: list[tuple[str | None, tuple[tuple[str, float], ...]]]
    targets = [(u.unit, u.outcomes) for u in odds.units] or [(request.target, odds.outcomes)]
    loss = 0.0
    for unit_id, outcomes in targets:
        unit = state.units.get(str(unit_id))
        if unit is None or len(outcomes) < 2:
            continue
        top = len(outcomes) - 1
        loss += sum(p * i / top for i, (_n, p) in enumerate(outcomes)) * worths(unit)
    return loss


PRIOR = 3
"""Greedy's score (from the exact odds where it has them) counts as this many tries in
the planner's mean of a request whose tries chance can change."""
SETTLED = 1
"""The same weight for a request whose one try rolled no die and met no fire: the try
(its threat, reply and support terms) and greedy's score (its position terms) count
alike. (The try alone: 89.5% of the squad scenario's decided games against greedy, but
32% of the platoon one's; greedy's prior of 3 tries: 63% and 78%; this: 83% and 90%,
20 games each at 1 s.)"""
TRIES = 24
"""The planner's most tries of each shortlisted request (fewer when the budget runs out;
one for a request whose try rolled no die and met no opportunity fire)."""
SHORTLIST = 10
PER_UNIT = 3
"""Of each unit's requests, how many of greedy's best may be shortlisted."""
REPLY = 1.0
"""Weight of the enemy's most damaging reply fire in a try's value (its exposure term
already counts part of it)."""
CHANCE_STEPS = 12
"""Most answers and continuations a tried move's opportunity fire may take."""


THREAT = 0.6
"""Share of a held objective's VP at risk when an enemy unit can reach it and none of the
side's units stand in it (a defended one: less by each defender)."""
RUN = 1
"""Hexes an enemy unit may go beyond its next move's reach in the same turn (a run)."""


class Threats:
    """Where each enemy unit the side knows of can be after its next move (``rules.query
    .reach`` asked of the side's view, once a decision, and a run beyond): the objectives
    the side holds that the enemy can walk into next."""

    def __init__(self, view: GameState, los: LineOfSight, side: str) -> None:
        self.side = side
        self.objectives = victory.objectives(view.scenario)
        label = view.scenario.map.label
        # an objective is reached when the move can end within RUN hexes of it
        near = {o.hex: {label(h) for h in o.hex.spiral(RUN) if h in view.scenario.map.cells}
                for o in self.objectives}  # fmt: skip
        self.reach: dict[str, frozenset[Hex]] = {}
        for unit in view.units.values():
            if unit.side == side or unit.hex is None or not unit.alive or unit.sw_of:
                continue
            try:
                report = reach(view, los, unit.id, explain=False)
            except ValueError:
                continue
            ends = {label(unit.hex), *(r.hex for r in report.reach)}
            self.reach[unit.id] = frozenset(h for h, around in near.items()
                                            if not ends.isdisjoint(around))  # fmt: skip
        self.live = bool(self.reach) and _enemy_acts_again(view, los, side)

    def _exposed(self, state: GameState) -> list[victory.Objective]:
        """The side's objectives in ``state`` an enemy unit can walk into (none when the
        enemy acts no more)."""
        if not self.live:
            return []
        control = victory.controls(state)
        return [o for o in self.objectives if control.get(o.label) == self.side
                and any(o.hex in hexes for hexes in self.reach.values())]  # fmt: skip

    def at_risk(self, state: GameState) -> list[Hex]:
        """The hexes of the side's objectives in ``state`` an enemy unit can walk into."""
        return [o.hex for o in self._exposed(state)]

    def __call__(self, state: GameState) -> float:
        """The VP of the side's objectives in ``state`` the enemy's units (those still
        there and in good order) can take next; none when the enemy acts no more."""
        risk = 0.0
        for o in self._exposed(state):
            comers = sum(1 for uid, hexes in self.reach.items()
                         if o.hex in hexes and _able(state, uid))  # fmt: skip
            if not comers:
                continue
            held = sum(1 for u in state.units_at(o.hex)
                       if u.side == self.side and u.alive and u.sw_of is None)  # fmt: skip
            risk += THREAT * 2 * o.vp * comers / (comers + 2 * held)
        return risk


LOOKAHEAD = 60
"""Most phase ends tried to learn whether the enemy acts again before the game ends."""


def _enemy_acts_again(view: GameState, los: LineOfSight, side: str) -> bool:
    """Does an enemy side get to do anything (more than end its phases) before the game
    ends? Learnt by ending phase after phase on a copy of the view (the side's own
    remaining actions taken as passed). Before the last turn, yes: the next turn gives it
    its phases."""
    if view.turn < view.scenario.turns:
        return True
    sim = view.snapshot()
    dice = RandomDice(0)
    for _ in range(LOOKAHEAD):
        if sim.finished:
            return False
        who = waiting_on(sim)
        if who is None:
            return True  # (nobody to ask: take the threat as real)
        plans = legal_plans(sim, los, who)
        if who != side and any(p.request.action not in IDLE for p in plans):
            return True
        idle = next(
            (p for p in plans if p.request.action in IDLE or p.request.action == "draw"), None
        )
        if idle is None:
            return True
        try:
            engine.perform(sim, idle.moved_to(sim), dice, los)
        except (IllegalAction, DiceError):
            return True
    return True


def _able(state: GameState, unit_id: str) -> bool:
    unit = state.units.get(unit_id)
    return unit is not None and unit.hex is not None and unit.status is Status.GOOD_ORDER


def _play_out_pause(
    sim: GameState, los: LineOfSight, side: str, worths: Worths, dice: RandomDice
) -> bool:
    """A tried move paused for opportunity fire goes on as the game would: the enemy's
    answer (its shot with the most VP to expect, by the exact odds, or a pass when none
    hurts), the dice sampled, then the move's continuation; True when any fire was
    answered (the try is a chance node worth sampling again)."""
    chance = False
    for _ in range(CHANCE_STEPS):
        pending = sim.pending
        if pending is None or sim.finished:
            break
        who = waiting_on(sim)
        if who is None:
            break
        if who == side:  # the fire was answered: the move goes on
            pick = _ruleset(sim).plan(sim, _go_on(pending.unit, side), los)
            if not pick.legal:
                break
        else:
            # only the units that may fire at the mover are asked (and the game's pass)
            report = available_actions(sim, los, side=who, units=list(pending.firers))
            options = [*report.game, *(o for u in report.units for o in u.options)]
            plans = [p for o in options for p in o.plans]
            if not plans:
                break
            chance = True
            best, pick = 0.0, next((p for p in plans if p.request.action == "pass"), plans[0])
            for p in plans:
                if p.request.action in ATTACKS:
                    loss = _expected_loss(sim, p.request, los, worths)
                    if loss > best:
                        best, pick = loss, p
        try:
            engine.perform(sim, pick.moved_to(sim), dice, los)
        except (IllegalAction, DiceError):
            break
    return chance


def _shortlist(ranked: Sequence[Ranked]) -> list[Ranked]:
    """Greedy's best requests, at most ``PER_UNIT`` of one unit, and doing nothing."""
    chosen: list[Ranked] = []
    per_unit: dict[str | None, int] = {}
    for r in ranked:
        if r.score == float("-inf") or len(chosen) >= SHORTLIST:
            break
        unit = r.request.unit
        if per_unit.get(unit, 0) >= PER_UNIT and not r.idle:
            continue
        per_unit[unit] = per_unit.get(unit, 0) + 1
        chosen.append(r)
    idle = next((r for r in ranked if r.idle), None)
    if idle is not None and idle not in chosen:
        chosen.append(idle)
    return chosen


SUPPORT = 0.03
"""The planner's pull, in VP of an objective's worth per hex nearer (within
``value.REACH``), on the side's second and third units nearest to it (its nearest too
when the side holds it): greedy's pressure pulls only the nearest unit to an objective
not held, so nothing brings up a second unit to take it or to hold it."""
SUPPORTERS = 2


def _support(
    view: GameState,
    side: str,
    at: tuple[str, Hex] | None = None,
    control: dict[str, str | None] | None = None,
) -> float:
    """The planner's support term (``SUPPORT``); ``at``: as if that unit stood there;
    ``control``: ``victory.controls(view)`` when the caller has it already."""
    moved, there = at if at is not None else (None, None)
    spots = [there if u.id == moved else u.hex for u in view.units.values()
             if u.side == side and u.hex is not None and u.alive and u.sw_of is None]  # fmt: skip
    if control is None:
        control = victory.controls(view)
    score = 0.0
    for o in victory.objectives(view.scenario):
        near = sorted(o.hex.distance(h) for h in spots if h is not None)
        first = 0 if control.get(o.label) == side else 1
        for rank, d in enumerate(near[first : first + SUPPORTERS]):
            score += SUPPORT * o.vp * max(0, REACH - d) / (rank + 1)
    return score


def _with_support(view: GameState, side: str, ranked: Sequence[Ranked]) -> list[Ranked]:
    """Greedy's ranking with each plain move's change of the support term added (the
    planner's prior and shortlist), the best first again."""
    control = victory.controls(view)  # (a move's end alone takes no objective here)
    base = _support(view, side, control=control)
    parse = view.scenario.map.parse
    out = []
    for r in ranked:
        request = r.request
        if request.action in MOVES and request.to and request.unit and r.score > float("-inf"):
            there = parse(request.to[-1])
            pulled = _support(view, side, (request.unit, there), control)
            r = r._replace(score=r.score + pulled - base)
        out.append(r)
    out.sort(key=lambda r: (-r.score, r.order))
    return out


DEFENCES = 3
"""Most moves into the side's threatened objectives added to the planner's shortlist."""


def _defences(view: GameState, ranked: Sequence[Ranked], threat: Threats) -> list[Ranked]:
    """Greedy's best move of a unit into each objective the side holds that the enemy can
    walk into (greedy's one step sees no value in holding what is held already)."""
    at_risk = set(threat.at_risk(view))
    if not at_risk:
        return []
    parse = view.scenario.map.parse
    found: list[Ranked] = []
    seen: set[tuple[str | None, Hex]] = set()
    for r in ranked:
        request = r.request
        if r.score == float("-inf") or request.action not in MOVES or not request.to:
            continue
        end = parse(request.to[-1])
        if end not in at_risk or (request.unit, end) in seen:
            continue
        seen.add((request.unit, end))
        found.append(r)
        if len(found) >= DEFENCES:
            break
    return found


def choose_planner(
    view: GameState, los: LineOfSight, side: str, rng: random.Random, budget: float
) -> Decision | None:
    """Greedy's shortlist, each request tried on fresh copies of the view again and again
    (anytime, round by round within ``budget``): its dice sampled, a move's opportunity
    fire answered by the enemy's best shot from the exact odds and the move gone on (the
    chance nodes greedy's one try stops at), then the side's prospects less part of the
    enemy's most damaging reply fire."""
    start = time.perf_counter()
    scorer, ranked = _ranked(view, los, side, rng)
    if not ranked:
        return None
    ranked = _with_support(view, side, ranked)
    threat = Threats(view, los, side)
    shortlist = _shortlist(ranked)
    listed = {r.order for r in shortlist}
    shortlist += [r for r in _defences(view, ranked, threat) if r.order not in listed]
    if len(shortlist) <= 1:
        return _decision(view, _prefer_idle(ranked))
    sums = dict.fromkeys((r.order for r in shortlist), 0.0)
    tries = dict.fromkeys(sums, 0)
    settled: set[int] = set()  # tried once with no die and no fire: nothing to sample
    base_support = _support(view, side)
    base_reply = REPLY * _reply_loss(view, los, side, scorer.worths) + threat(view)

    def try_once(r: Ranked, seed: int) -> float | None:
        if r.idle:
            settled.add(r.order)
            return 0.0  # where everything stands: the yardstick
        sim = view.snapshot()
        dice = RecordingDice(RandomDice(seed))
        try:
            engine.perform(sim, r.plan.moved_to(sim), dice, los)
        except (IllegalAction, DiceError):
            return None
        chance = _play_out_pause(sim, los, side, scorer.worths, RandomDice(seed + 1))
        if not dice.faces and not chance:
            settled.add(r.order)
        # the enemy's sight again: a watcher hit, shaken or gone sees no more
        gained = worth(sim, side, Sight(sim, side, los), scorer.worths) - scorer.base - ACT_COST
        gained += _support(sim, side) - base_support
        at_risk = REPLY * _reply_loss(sim, los, side, scorer.worths) + threat(sim)
        return gained - at_risk + base_reply

    for _round in range(TRIES):
        seed = rng.getrandbits(31)  # the same dice for every request of a round
        for r in shortlist:
            if r.order in settled:
                continue
            value = try_once(r, seed)
            if value is None:
                settled.add(r.order)
                sums[r.order] = float("-inf")
                continue
            sums[r.order] += value
            tries[r.order] += 1
            if time.perf_counter() - start >= budget:
                break
        if time.perf_counter() - start >= budget or len(settled) == len(shortlist):
            break

    def mean(r: Ranked) -> float:
        n = tries[r.order]
        if r.order in settled and n:  # one try with nothing to chance: as much as greedy
            return (SETTLED * r.score + sums[r.order]) / (SETTLED + n)
        return (PRIOR * r.score + sums[r.order]) / (PRIOR + n)

    best = max(shortlist, key=lambda r: (mean(r), -r.order))
    if mean(best) <= 0.0:
        idle = next((r for r in shortlist if r.idle), None)
        if idle is not None:
            best = idle
    n = tries.get(best.order, 0)
    tried = "1 try" if n == 1 else f"{n} tries"
    said = (f"{best.why}; {tried} with the enemy's opportunity fire and reply: "
            f"{mean(best):+.2f} VP") if n and not best.idle else ""  # fmt: skip
    return _decision(view, best, said)


CHOOSERS: dict[str, Chooser] = {
    "random": choose_random,
    "greedy": choose_greedy,
    "planner": choose_planner,
}
