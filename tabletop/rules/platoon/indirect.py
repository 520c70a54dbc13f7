"""Indirect fire (rules 2.11, module ``indirect_fire``): ``fire --unit MORTAR --hex HEX``.

A mortar fires its HE rating at a hex that a friendly HQ or recon unit sees, without a
line of sight of its own, and attacks every enemy unit there that HE may attack: one
attack per unit, in unit-id order, each its own to-hit roll, then that unit's save and
the hit ladder (``combat.resolve_attack``). The ``fire`` handler sends here every request
that names ``--hex``; ``area_plan`` reads no dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, Kind, UnitState, Weapon
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight, Viewpoint, counted_range, viewpoint_of
from tabletop.rules.platoon.combat import (
    HitNumber,
    Outcome,
    los_markers,
    resolve_attack,
    roll_to_hit,
)
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    begin_action,
    find_unit,
    hex_of,
    label,
    place_marker,
    pside,
    ptype,
)
from tabletop.rules.platoon.eligibility import (
    depletion_reason,
    firer_reasons,
    hit_number,
    may_attack,
    range_check,
)
from tabletop.rules.query import remembered

MODULE_OFF = "the indirect_fire module is off: mortars need their own line of sight"


@dataclass(frozen=True, slots=True)
class AreaPlan:
    """A legal area attack: who fires, at which hex, with which hit number, at whom."""

    firer: str
    hex: Hex
    range: int
    extended: bool
    hit: HitNumber
    spotter: str
    targets: tuple[str, ...]


def _request_reasons(request: ActionRequest) -> list[str]:
    reasons: list[str] = []
    if request.sw_target is not None or request.sw_weapon is not None:
        reasons.append("a support weapon does not join fire at a hex (--hex)")
    if len(request.units) > 1:
        reasons.append(f"fire takes one unit, not {len(request.units)}")
    if request.weapon not in (None, Weapon.HE.value):
        reasons.append(f"fire at a hex uses the he rating, not {request.weapon}")
    return reasons


def _firer(
    state: GameState, request: ActionRequest, acting: bool
) -> tuple[UnitState | None, list[str]]:
    """The mortar, or why the request may not be an area attack at all (``acting``: with
    the reasons it may not act now, its impulse and Ops Complete)."""
    if request.target is not None:
        return None, ["give --target or --hex, not both: fire at a unit or at a hex"]
    if not state.scenario.module("indirect_fire"):
        return None, [MODULE_OFF]
    firer, why = find_unit(state, request.unit, "unit")
    if firer is None:
        return None, [why]
    if ptype(state, firer).kind is not Kind.MORTAR:
        return None, [f"{firer.id} is not a mortar: only mortars fire at a hex (--hex)"]
    reasons = actor_reasons(state, firer, request.side) if acting else []
    return firer, reasons + firer_reasons(firer) + _request_reasons(request)


FEW_SPOTTERS = 8
"""Up to this many spotters, their sight lines are asked one by one; more, the ground
spotters' lines from the hex in passes of the engine (a check's ``_nearest_seeing``, the
named spotter's ``_first_seer``)."""
NEAR_PASS = 64
"""More, a check asks the lines of this many spotters nearest the hex in one pass of the
engine first (``_nearest_seeing``), the others' only when none of these sees it."""
UNSPOTTED = "no friendly HQ or recon unit sees the hex"
"""What ``spotter_of(..., explain=False)`` says of a hex nobody spots (no sight line's
reason is worked out: ``IndirectFire.allows`` needs only whether it is spotted)."""


def spotter_of(
    state: GameState, side: str, h: Hex, los: LineOfSight, *, first: bool = True,
    explain: bool = True,
) -> tuple[str | None, str]:  # fmt: skip
    """The first friendly HQ or recon unit (unit-id order) that sees ``h``, or why none does.
    READING 2.11: a Disrupted (or Ops Complete) spotter still sees; a carried one does not
    spot, nor does an SW. Adjacent hexes and its own hex are always seen (rules 2.2).

    ``first=False`` (a check, which needs only whether some unit spots): the ground
    candidates are decided at once, by one pass of the engine over the lines from ``h`` to
    their hexes (LOS is reciprocal, rules 4.1), helicopters line by line; the unit returned
    is then one that sees ``h``, not necessarily the first. With ``first`` and more than
    :data:`FEW_SPOTTERS` candidates, the first is found from one such pass over every ground
    spotter (``_first_seer``): the same unit. The refusal is the same either way;
    ``explain=False`` leaves its sight lines' reasons out (``UNSPOTTED``). Each answer is
    remembered for the question (``rules.query``)."""
    key = ("spotter" if first else "spotted", side, h, explain)
    found: tuple[str | None, str] = remembered(
        state, key, lambda: _find_spotter(state, side, h, los, first, explain)
    )
    return found


def _find_spotter(
    state: GameState, side: str, h: Hex, los: LineOfSight, first: bool, explain: bool
) -> tuple[str | None, str]:
    from tabletop.rules.query import clear_sight

    candidates = _spotters(state, side)
    markers = los_markers(state)
    where = label(state, h)
    if not first:
        target = Viewpoint(h)
        by_hex, ground = _spotter_hexes(state, side)
        near = [k for n in (h, *h.neighbors()) for k in by_hex.get(n, ())]
        if near:
            return candidates[min(near)][0].id, ""
        seeing = _nearest_seeing(los, h, ground, markers)
        if seeing is not None:
            k = min(k for k in by_hex[seeing] if candidates[k][1].helicopter_mode is None)
            return candidates[k][0].id, ""
        for unit, view in candidates:
            if view.helicopter_mode is not None and clear_sight(los, view, target, markers):
                return unit.id, ""
        if not explain:
            return None, UNSPOTTED if candidates else _NOBODY.format(where=where)
    elif len(candidates) > FEW_SPOTTERS:  # (not asked again when a check found nobody)
        seer = _first_seer(state, side, h, los, markers, candidates)
        if seer is not None:
            return seer, ""
    blocked: list[str] = []
    for unit, view in candidates:  # (few, or none sees: each line, for its reason)
        if view.hex.distance(h) <= 1:
            return unit.id, ""
        seen_line = los.check(view, Viewpoint(h), markers)
        if seen_line.clear:
            return unit.id, ""
        blocked.append(f"{unit.id}: {seen_line.reason}")
    if not blocked:
        return None, _NOBODY.format(where=where)
    return None, f"no friendly HQ or recon unit sees {where} ({'; '.join(blocked)})"


_NOBODY = "no friendly HQ or recon unit is on the map to spot {where}"


def _first_seer(
    state: GameState, side: str, h: Hex, los: LineOfSight, markers: Sequence[HexMarker],
    candidates: Sequence[tuple[UnitState, Viewpoint]],
) -> str | None:  # fmt: skip
    """The first candidate (unit-id order) that sees ``h``, or None when none does: the
    ground spotters' lines from ``h`` in one pass of the engine (LOS is reciprocal, rules
    4.1), a helicopter's line by line, in order. Many spotters' lines one by one cost a new
    ray each on a big map (a mortar's hover asked 397 of them, 0.45 ms each)."""
    from tabletop.rules.query import clear_sight, visible_among

    seen = visible_among(los, Viewpoint(h), _spotter_hexes(state, side)[1], markers)
    target = Viewpoint(h)
    for unit, view in candidates:
        if view.hex.distance(h) <= 1:
            return unit.id
        if view.helicopter_mode is None:
            if view.hex in seen:
                return unit.id
        elif clear_sight(los, view, target, markers):
            return unit.id
    return None


def _nearest_seeing(
    los: LineOfSight, h: Hex, ground: list[Hex], markers: Sequence[HexMarker]
) -> Hex | None:
    """A hex of ``ground`` (the ground spotters') from which ``h`` is seen, nearest first, or
    None when none is. Up to :data:`FEW_SPOTTERS` of them, line by line; more, in two
    passes of the engine: over the lines of the :data:`NEAR_PASS` nearest, then, when none
    of them sees ``h``, over the others'. A hex some spotter near it sees (most hexes a
    crowded map's mortar may fire at) costs that first pass, not a line for every spotter
    of the side."""
    from tabletop.rules.query import clear_sight, visible_among

    target = Viewpoint(h)
    order = sorted(ground, key=lambda g: (g.distance(h), g.q, g.r))
    if len(order) <= FEW_SPOTTERS:  # (a few lines cost less than a pass of the engine)
        return next((g for g in order if clear_sight(los, Viewpoint(g), target, markers)), None)
    for part in (order[:NEAR_PASS], order[NEAR_PASS:]):
        seen = visible_among(los, target, part, markers) if part else frozenset()
        found = next((g for g in part if g in seen), None)
        if found is not None:
            return found
    return None


def _spotter_hexes(state: GameState, side: str) -> tuple[dict[Hex, list[int]], list[Hex]]:
    """Where the spotters stand (hex: their positions in ``_spotters``), and the hexes of
    the ground ones: once per question."""

    def find() -> tuple[dict[Hex, list[int]], list[Hex]]:
        by_hex: dict[Hex, list[int]] = {}
        for k, (_, view) in enumerate(_spotters(state, side)):
            by_hex.setdefault(view.hex, []).append(k)
        ground = sorted({view.hex for _, view in _spotters(state, side)
                         if view.helicopter_mode is None})  # fmt: skip
        return by_hex, ground

    found: tuple[dict[Hex, list[int]], list[Hex]] = remembered(state, ("spotted from", side), find)
    return found


def _may_spot(state: GameState, unit: UnitState) -> bool:
    utype = ptype(state, unit)
    return utype.kind is Kind.HQ or utype.is_recon


def _spotters(state: GameState, side: str) -> list[tuple[UnitState, Viewpoint]]:
    """The units of ``side`` that may spot (HQ or recon, on the map, not carried), in
    unit-id order, with their viewpoints: read once per question."""

    def find() -> list[tuple[UnitState, Viewpoint]]:
        units = sorted(
            (u for u in state.units.values() if u.on_map and u.side == side
             and u.carrier is None and _may_spot(state, u)),
            key=lambda u: u.id,
        )  # fmt: skip
        return [(u, viewpoint_of(state, u)) for u in units]

    found: list[tuple[UnitState, Viewpoint]] = remembered(state, ("spotters", side), find)
    return found


def is_area_target(state: GameState, unit: UnitState) -> bool:
    """May an area attack's HE fall on this enemy unit (rules 2.3, 2.2)? Never an SW
    (never a target by itself) nor cargo (it suffers through its carrier, 2.11).
    READING 2.11: indirect fire falls on the ground, so a helicopter is attacked only
    when Landed; flying and NOE helicopters are skipped."""
    if unit.sw_of is not None or unit.carrier is not None:
        return False
    utype = ptype(state, unit)
    if utype.is_helicopter and (unit.mode or "flying") != "landed":
        return False
    return not may_attack(Weapon.HE, state, unit)


def _hex_reasons(state: GameState, firer: UnitState, h: Hex) -> tuple[list[str], list[str]]:
    """(targets, reasons) for the units in the hex."""
    here = state.units_at(h)
    where = label(state, h)
    friends = [u.id for u in here if u.side == firer.side]
    if friends:
        # HOUSE DEFAULT 2.11: no indirect fire into a hex that holds a friendly unit.
        return [], [f"{where} holds friendly {', '.join(friends)}: no fire into a hex with "
                    "friendly units (HOUSE DEFAULT)"]  # fmt: skip
    if not here:
        return [], [f"{where} holds no enemy unit"]
    targets = [u.id for u in here if is_area_target(state, u)]
    if not targets:
        return [], [f"{where} holds no enemy unit that he may attack"]
    return targets, []


def area_plan(
    state: GameState, request: ActionRequest, los: LineOfSight, *, acting: bool = True,
    first_spotter: bool = True, explain: bool = True,
) -> tuple[AreaPlan | None, list[str]]:  # fmt: skip
    """Is ``fire --unit MORTAR --hex HEX`` legal now? The plan, or every reason why not.
    ``acting=False`` (the odds): as if it were the mortar's impulse and it had not acted.
    ``first_spotter=False`` (a check): the plan's spotter is some unit that sees the hex
    (``spotter_of``), the reasons are the same; ``explain=False`` (``allows``): an
    unspotted hex's reason names no sight line (``UNSPOTTED``)."""
    firer, reasons = _firer(state, request, acting)
    if firer is None:
        return None, reasons
    assert request.hex is not None
    try:
        h = state.scenario.map.parse(request.hex)
    except ValueError as exc:
        return None, [*reasons, str(exc)]
    rating = pside(state, firer).rating(Weapon.HE)
    if rating is None:
        return None, [*reasons, f"{firer.id} has no he rating"]
    start = hex_of(firer)
    extended, why = range_check(state, start, h, rating, label(state, h))
    reasons += [r for r in (why, depletion_reason(state, firer, Weapon.HE, rating)) if r]
    hit, why = hit_number(state, firer, rating, moving=False, extended=extended)
    spotter, why_s = spotter_of(state, firer.side, h, los, first=first_spotter, explain=explain)
    targets, why_t = _hex_reasons(state, firer, h)
    reasons += [r for r in (why, why_s) if r] + why_t
    if reasons or hit is None or spotter is None:
        return None, reasons
    r = counted_range(start, h, state.scenario.options)
    return AreaPlan(firer.id, h, r, extended, hit, spotter, tuple(targets)), []


def fire_area(
    state: GameState, plan: AreaPlan, dice: DiceSource, result: ActionResult, los: LineOfSight
) -> dict[str, Outcome]:
    """Each target in unit-id order: the mortar's to-hit roll, then the target's save
    (concealment and bonus dice as for direct fire), the ladder and its cargo's rolls
    (interfaces.md 3, --dice order). ``result.net_hits`` is the sum over the targets."""
    outcomes: dict[str, Outcome] = {}
    for tid in plan.targets:
        roll = roll_to_hit(dice, result, plan.firer, plan.hit)
        target = state.unit(tid)
        outcomes[tid] = resolve_attack(state, dice, result, target, roll.successes, los)
    return outcomes


class IndirectFire:
    """``fire --unit MORTAR --hex HEX [--weapon he]`` (rules 2.11, module indirect_fire)."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return area_plan(state, request, los, first_spotter=False)[1]

    def allows(self, state: GameState, request: ActionRequest, los: LineOfSight) -> bool:
        """``not check(...)``, without working out the reasons of an unspotted hex."""
        return not area_plan(state, request, los, first_spotter=False, explain=False)[1]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        plan, _ = area_plan(state, request, los)
        assert plan is not None
        begin_action(state)
        result = ActionResult(request.action)
        fire_area(state, plan, dice, result, los)
        # The mortar alone is Ops Complete: it carries no SW, and mortars have no missile
        # rating, so no Depleted Ammo either (rules 2.8).
        place_marker(result, state.unit(plan.firer), OPS_COMPLETE)
        return result
