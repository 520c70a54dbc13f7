"""Exact odds of attacks on several units: a mortar's indirect fire at a hex (rules
2.11), for every unit there, and a platoon and its SW firing at two targets (2.2).

``indirect.fire_area`` attacks the targets one after another in unit-id order: the
mortar's to-hit roll, the target's save, the hit ladder, then its cargo's d6 rolls. So a
target's odds are not independent of the ones before it: the one way an earlier target's
fate reaches a later one's save is the hex's markers (a ground vehicle eliminated there
leaves a Wreck, and the Wreck's bonus die and concealment count for every unit attacked
after it). Nothing else a target's save reads (its own state, the terrain, the enemies
that see it, the options) is changed by the attack.

The odds therefore follow the attack as a chain over the hex's markers: for each branch
(the markers as they may stand when a target's turn comes, with its chance), the
target's save as ``combat.save_spec`` builds it in that branch, the convolution of
``odds.attack_odds``, and for each outcome the aftermath computed by the rules' own
``combat.take_hits`` on a copy of the target and its cargo (the Wreck it leaves, what its
cargo's even or odd d6 does to each cargo unit, rules 2.11). Branches with the same
markers merge, so the work is linear in the number of targets. ``exact=True`` gives
``Fraction``s (the tests compare them with every dice sequence the rules can read).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, Status, UnitState
from tabletop.model.state import clone_unit
from tabletop.rules.actions import ActionResult
from tabletop.rules.chance import Number
from tabletop.rules.dice import ScriptedDice
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import Outcome, SaveSpec, outcome_of, save_spec, take_hits
from tabletop.rules.platoon.common import ptype
from tabletop.rules.platoon.eligibility import FirePlan
from tabletop.rules.platoon.indirect import AreaPlan
from tabletop.rules.platoon.odds import hits_pmf, net_pmf, plan_odds

EVEN, ODD = 2, 1
"""A cargo unit's d6 is read only for its parity (rules 2.11): one face of each stands for
its three, so each has the chance 1/2."""


@dataclass(frozen=True)
class UnitOdds:
    """What the attack may do to one unit in the hex. A target has its ``hits`` and
    ``net_hits`` distributions and ``saves``: each save roll it may make, with the chance
    that it is that one (an earlier target's Wreck may add a die). A cargo unit
    (``carrier`` set) is not attacked: it suffers through its carrier."""

    unit: str
    outcomes: Mapping[Outcome, Number]
    carrier: str | None = None
    hits: tuple[Number, ...] = ()
    net_hits: tuple[Number, ...] = ()
    saves: tuple[tuple[SaveSpec, Number], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.carrier is not None:
            out["carrier"] = self.carrier
        else:
            out["hits"] = {str(k): float(p) for k, p in enumerate(self.hits)}
            out["net_hits"] = {str(k): float(p) for k, p in enumerate(self.net_hits)}
            out["saves"] = [save_json(spec) | {"chance": float(p)} for spec, p in self.saves]
        out["outcomes"] = {o.value: float(self.outcomes[o]) for o in Outcome}
        return out


@dataclass(frozen=True)
class AreaOdds:
    """Every unit the attack may touch, targets in unit-id order each followed by its
    cargo, and ``untouched``: the chance that no unit in the hex is affected at all."""

    plan: AreaPlan
    units: tuple[UnitOdds, ...]
    untouched: Number

    def unit(self, unit_id: str) -> UnitOdds:
        return next(u for u in self.units if u.unit == unit_id)


def save_json(spec: SaveSpec) -> dict[str, Any]:
    return {"dice": spec.dice, "need": f"{spec.need}+",
            "bonus": {b.source: b.dice for b in spec.bonus},
            "bonus_used": spec.bonus_used}  # fmt: skip


Markers = tuple[HexMarker, ...]
Branch = tuple[tuple[tuple[object, ...], ...], bool]
"""The hex's markers (as values) when a target's turn comes, and whether every unit so far
is untouched."""


def _key(markers: Markers, quiet: bool) -> Branch:
    return tuple((m.kind, m.side, m.revealed, m.turn) for m in markers), quiet


def area_odds(
    state: GameState, plan: AreaPlan, los: LineOfSight, *, exact: bool = False
) -> AreaOdds:
    """The odds of ``plan`` (``indirect.area_plan``), as the state stands now."""
    one: Number = Fraction(1) if exact else 1.0
    others = [m for m in state.hex_markers if m.hex != plan.hex]
    start = tuple(state.markers_at(plan.hex))
    branches: dict[Branch, tuple[Markers, Number]] = {_key(start, True): (start, one)}
    hits = hits_pmf([plan.hit], exact)
    units: list[UnitOdds] = []
    for tid in plan.targets:
        target = state.unit(tid)
        chain = _Target(target, _cargo(state, target), one * 0)
        after: dict[Branch, tuple[Markers, Number]] = {}
        for (_, quiet), (markers, p) in branches.items():
            view = replace(state, hex_markers=[*others, *markers])
            for outcome, markers_after, p_next in chain.follow(view, los, hits, p, exact):
                key = _key(markers_after, quiet and outcome is Outcome.NO_EFFECT)
                before = after.get(key, (markers_after, one * 0))[1]
                after[key] = (markers_after, before + p_next)
        branches = after
        units += chain.results(hits)
    untouched = sum((p for (_, quiet), (_, p) in branches.items() if quiet), one * 0)
    return AreaOdds(plan, tuple(units), untouched)


class _Target:
    """One target's accumulated odds over the branches, and its cargo's."""

    def __init__(self, target: UnitState, cargo: list[UnitState], zero: Number) -> None:
        self.target, self.cargo, self.zero = target, cargo, zero
        self.outcomes: dict[Outcome, Number] = dict.fromkeys(Outcome, zero)
        self.net: list[Number] = []
        self.saves: dict[SaveSpec, Number] = {}
        self.cargo_outcomes = {c.id: dict.fromkeys(Outcome, zero) for c in cargo}

    def follow(
        self, view: GameState, los: LineOfSight, hits: list[Number], p: Number, exact: bool
    ) -> Iterator[tuple[Outcome, Markers, Number]]:
        """The target's turn in one branch of chance ``p``: (outcome, the hex's markers
        after it, chance) for each outcome it may have."""
        target = self.target
        spec = save_spec(view, target, los)
        self.saves[spec] = self.saves.get(spec, self.zero) + p
        net = net_pmf(hits, spec.dice, spec.need, exact)
        self.net += [self.zero] * (len(net) - len(self.net))
        for k, pk in enumerate(net):
            self.net[k] += p * pk
        for outcome, k, chance in by_outcome(view, target, net):
            self.outcomes[outcome] += p * chance
            markers, cargo = aftermath(view, target, self.cargo, k)
            for cid, dist in cargo.items():
                for o, pc in dist.items():
                    self.cargo_outcomes[cid][o] += p * chance * pc
            yield outcome, markers, p * chance

    def results(self, hits: list[Number]) -> list[UnitOdds]:
        saves = tuple(self.saves.items())
        out = [UnitOdds(self.target.id, self.outcomes, None, tuple(hits), tuple(self.net), saves)]
        out += [UnitOdds(cid, dist, self.target.id) for cid, dist in self.cargo_outcomes.items()]
        return out


def by_outcome(
    state: GameState, target: UnitState, net: Sequence[Number]
) -> list[tuple[Outcome, int, Number]]:
    """(outcome, the fewest net hits that give it, its chance) for each outcome that net
    hits distributed as ``net`` may give the target (the ladder, rules 2.6)."""
    single = ptype(state, target).single_step
    disrupted = target.status is Status.DISRUPTED
    first: dict[Outcome, int] = {}
    chance: dict[Outcome, Number] = {}
    for k, pk in enumerate(net):
        outcome = outcome_of(target.step, disrupted, single, k)
        first.setdefault(outcome, k)
        chance[outcome] = chance.get(outcome, 0 * pk) + pk
    return [(o, first[o], chance[o]) for o in first]


def cargo_odds(state: GameState, target: UnitState, net: Sequence[Number]) -> list[UnitOdds]:
    """The odds of the target's cargo (rules 2.11) when net hits on the target are
    distributed as ``net``: what direct fire at a carrier does to what it carries."""
    cargo = _cargo(state, target)
    dist = {c.id: dict.fromkeys(Outcome, 0 * net[0]) for c in cargo}
    for _, k, chance in by_outcome(state, target, net) if cargo else ():
        for cid, fates in aftermath(state, target, cargo, k)[1].items():
            for o, pc in fates.items():
                dist[cid][o] += chance * pc
    return [UnitOdds(cid, d, target.id) for cid, d in dist.items()]


def _cargo(state: GameState, carrier: UnitState) -> list[UnitState]:
    return sorted((u for u in state.units.values() if u.alive and u.carrier == carrier.id),
                  key=lambda u: u.id)  # fmt: skip


def aftermath(
    state: GameState, target: UnitState, cargo: list[UnitState], net: int
) -> tuple[Markers, dict[str, dict[Outcome, Fraction]]]:
    """What ``net`` hits on ``target`` leave, by the rules' own ``take_hits`` on copies:
    the markers of its hex, and each cargo unit's outcome distribution over the parities
    of the cargo's d6 rolls (each sequence of parities has the chance 1/2**len(cargo))."""
    h = target.hex
    assert h is not None
    markers: Markers = ()
    cargo_dist = {c.id: dict.fromkeys(Outcome, Fraction(0)) for c in cargo}
    weight = Fraction(1, 2 ** len(cargo))
    for faces in product((EVEN, ODD), repeat=len(cargo)):
        mini, copy = _miniature(state, target, cargo, h)
        take_hits(mini, copy, net, ScriptedDice(faces), ActionResult("fire"))
        markers = tuple(mini.hex_markers)
        for c in cargo:
            cargo_dist[c.id][changed(c, mini.unit(c.id))] += weight
    return markers, cargo_dist


def _miniature(
    state: GameState, target: UnitState, cargo: list[UnitState], h: Hex
) -> tuple[GameState, UnitState]:
    """A game holding copies of the target and its cargo only, with the hex's markers:
    all that ``take_hits`` reads and changes."""
    units = {u.id: clone_unit(u) for u in (target, *cargo)}
    mini = replace(state, units=units, hex_markers=list(state.markers_at(h)), log=[])
    return mini, units[target.id]


def changed(before: UnitState, after: UnitState) -> Outcome:
    """The ladder's outcome word for what happened to a unit (its cargo's fate)."""
    if not after.alive:
        return Outcome.ELIMINATED
    if after.step != before.step:
        return Outcome.REDUCED
    if after.disrupted and not before.disrupted:
        return Outcome.DISRUPTED
    return Outcome.NO_EFFECT


# --- a platoon and its SW at two targets (rules 2.2) --------------------------------------
@dataclass(frozen=True)
class SplitOdds:
    """``fire --target A --sw-target B``: the platoon's attack on A and its SW's on B, each
    target saving against its own hits. ``units``: A, A's cargo, B, B's cargo."""

    plan: FirePlan
    sw: FirePlan
    units: tuple[UnitOdds, ...]
    untouched: Number

    def unit(self, unit_id: str) -> UnitOdds:
        return next(u for u in self.units if u.unit == unit_id)


def split_odds(
    state: GameState, plan: FirePlan, sw: FirePlan, los: LineOfSight, *, exact: bool = False
) -> SplitOdds:
    """The odds of the two attacks of one fire action at two targets. They are independent:
    ``combat.resolve_attacks`` rolls every target's save before the hits of any are
    applied, so neither target's fate (nor a Wreck it leaves) reaches the other's save."""
    units: list[UnitOdds] = []
    untouched: Number = Fraction(1) if exact else 1.0
    for p in (plan, sw):
        target = state.unit(p.target)
        odds, spec = plan_odds(state, [p], los, exact=exact)
        one = sum(odds.outcomes.values(), 0 * odds.hits[0])
        units.append(UnitOdds(target.id, odds.outcomes, None, odds.hits, odds.net_hits,
                              ((spec, one),)))  # fmt: skip
        units += cargo_odds(state, target, odds.net_hits)
        untouched *= odds.outcomes[Outcome.NO_EFFECT]
    return SplitOdds(plan, sw, tuple(units), untouched)
