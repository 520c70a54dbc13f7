"""Close combat (rules 3.6, 3.7): ``close-combat --hex HEX [--targets U:E,...] [--leave
ID,...] [--to HEX]``, one round per action, in the close-combat phase.

Every hex that holds units of both sides is fought three rounds in each close-combat phase,
the side whose player turn it is attacking (HOUSE DEFAULT: the mover in the phase after its
move, then whoever's turn it is while the units still share the hex). ``end-phase`` is
refused while a hex has rounds left. A round, in the ``--dice`` order:

1. the start: each Suppressed unit that no friend in the hex protects (a friend neither
   Suppressed nor out of ammunition) surrenders; in the phase's round 1, each unit (not a
   vehicle) facing enemy vehicles that has not yet tested in this combat takes the tank-fear
   test (2d6 <= steadiness), in unit-id order; failing it skips round 1 (HOUSE DEFAULT: not
   Suppressed);
2. targets: each unit names one enemy in the hex (``--targets``; otherwise the first legal
   enemy in unit-id order). Defending infantry is paired first: each with a different
   attacking infantry unit while any is unpaired; leftovers may attack vehicles;
3. the attack rolls, attacker's units in unit-id order, then the defender's; a unit rolls
   nothing when it leaves, is Suppressed, skips round 1 (fired at the enemy in its last
   shooting phase while defending, dismounted or landed this game turn in its first round
   of this combat, failed tank fear), has 0 ammunition at the start of this close-combat
   turn, or is infantry against vehicles in a clear or crops hex;
4. the defense rolls, in the same order, one d6 per hit, a face <= defense (capped at 5)
   cancelling it; infantry against infantry rolls none, except that in round 1 a defender in
   a trench hex or Entrenched rolls at defense 1;
5. the losses (wounds allocated per ``figures``), in unit-id order;
6. the morale tests of the units that lost a figure, in unit-id order, then the re-tests of
   protected Suppressed units after rounds 1 and 2; a pass removes Suppressed;
7. the leaving units move to ``--to`` (or the first adjacent hex with no enemy in label
   order); a Suppressed unit whose protector has gone surrenders at once.

Pairings and dice: infantry and crews roll one die per standing figure (medics and guns
none) on the counter's accuracy faces (``accuracy``, or by ``cc_class``), one face more
against vehicles in a town, ruins or building hex; vehicles and AT guns (a gun whose fire is
anti-tank, while the gun stands) roll their fire dice on {1,2,3}, vehicle against vehicle
uses the ranged to-hit (fire dice at the fire's hit number, anti-tank fire only against
armored targets). A vehicle defends with its side armor; infantry, crews and AT guns
against vehicles and AT guns with the counter's ``defense`` plus the chart's cc defense.
Vehicles and AT guns spend 1 ammunition per close-combat turn in which they roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Status, UnitState
from tabletop.model.units import GUN_MODELS
from tabletop.rules.actions import ActionRequest, ActionResult, Roll
from tabletop.rules.common import HitNumber, hex_of, label, remove_marker, roll_to_hit
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad import mines, morale, transport
from tabletop.rules.squad.common import (
    FIRED_LAST_SHOOTING,
    in_close_combat,
    phase_reasons,
    stype,
    units_in,
)
from tabletop.rules.squad.figures import apply_wounds

COMBATS = "close_combat"
"""``GameState.flags`` key: hex label -> the record of the combat there (see ``Record``)."""
ROUNDS = 3
DEFENSE_CAP = 5
OPEN_GROUND = frozenset({"clear", "crops"})
"""Infantry does not fight vehicles here (a bare hill is clear at level 1)."""
URBAN = frozenset({"town", "ruins", "building"})
MACHINE_FACES = (1, 2, 3)
DISMOUNTED = "dismounted_this_turn"


# --- the record of a combat, saved in GameState.flags -----------------------------------------
def record(state: GameState, h: Hex) -> dict[str, Any]:
    """The combat in ``h`` (created empty): ``round`` (rounds fought in this phase),
    ``joined`` (units that have fought a round), ``feared`` (took tank fear), ``skip``
    (skip this phase's round 1), ``spent`` (spent ammunition this close-combat turn),
    ``retests`` (re-tests failed per protected unit), ``safe`` (two re-tests failed)."""
    combats = state.flags.setdefault(COMBATS, {})
    rec: dict[str, Any] = combats.setdefault(label(state, h), {})
    for key in ("joined", "feared", "skip", "spent", "safe"):
        rec.setdefault(key, [])
    rec.setdefault("round", 0)
    rec.setdefault("retests", {})
    return rec


def combat_hexes(state: GameState) -> list[Hex]:
    sides: dict[Hex, set[str]] = {}
    for u in state.units.values():  # one pass over the units (asked after every action)
        if u.hex is not None and u.carrier is None and u.alive:
            sides.setdefault(u.hex, set()).add(u.side)
    return sorted((h for h, s in sides.items() if len(s) > 1), key=lambda h: label(state, h))


def rounds_done(state: GameState, h: Hex) -> int:
    return int(dict(state.flags.get(COMBATS, {})).get(label(state, h), {}).get("round", 0))


def blockers(state: GameState) -> list[str]:
    """``end-phase`` out of close combat waits for every hex's three rounds."""
    if not state.scenario.module("close_combat"):
        return []
    left = [(h, ROUNDS - rounds_done(state, h)) for h in combat_hexes(state)]
    return [f"close combat in {label(state, h)} has {n} round(s) left" for h, n in left if n > 0]


def on_phase_end(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """The close-combat phase ends: the next one counts its rounds afresh; records of hexes
    no longer fought are dropped."""
    combats = dict(state.flags.get(COMBATS, {}))
    live = {label(state, h) for h in combat_hexes(state)}
    kept = {k: dict(v, round=0, skip=[], spent=[]) for k, v in combats.items() if k in live}
    state.flags[COMBATS] = kept
    if not kept:
        state.flags.pop(COMBATS, None)


# --- kinds of unit -----------------------------------------------------------------------------
def is_vehicle(state: GameState, unit: UnitState) -> bool:
    return stype(state, unit).is_vehicle


def is_at_gun(state: GameState, unit: UnitState) -> bool:
    """A gun whose fire is anti-tank, while the gun itself stands."""
    utype = stype(state, unit)
    if utype.main_model not in GUN_MODELS or utype.fire is None or not utype.fire.anti_tank:
        return False
    return any(f.model == utype.main_model for f in unit.standing())


def is_foot(state: GameState, unit: UnitState) -> bool:
    """Infantry and crews (everything not a vehicle or aircraft)."""
    utype = stype(state, unit)
    return not utype.is_vehicle and not utype.is_aircraft


def machine(state: GameState, unit: UnitState) -> bool:
    """Rolls its fire dice in close combat: a vehicle, or an AT gun."""
    return is_vehicle(state, unit) or is_at_gun(state, unit)


def side_armor(state: GameState, unit: UnitState) -> int:
    utype = stype(state, unit)
    return utype.side_armor if utype.side_armor is not None else (utype.armor or 0)


def terrain_defense(state: GameState, unit: UnitState) -> int:
    """The counter's defense plus the chart's cc defense of the hex (rules 2.5)."""
    cc = state.scenario.map.terrain(hex_of(unit)).cc_defense
    return stype(state, unit).defense + (cc or 0)


@dataclass(frozen=True, slots=True)
class Attack:
    """One unit's attack in a round: ``faces`` (accuracy) or ``hit`` (vehicle on vehicle)."""

    unit: str
    target: str
    dice: int
    faces: tuple[int, ...] = ()
    hit: HitNumber | None = None
    defense: int = 0
    """The target's defense roll against each hit (0: none)."""


def _accuracy(state: GameState, unit: UnitState) -> tuple[int, ...]:
    utype = stype(state, unit)
    if utype.accuracy is not None:
        return utype.accuracy
    return MACHINE_FACES if machine(state, unit) else utype.cc_accuracy()


def foot_dice(unit: UnitState) -> int:
    return sum(1 for f in unit.standing() if f.model != "medic" and f.model not in GUN_MODELS)


def attack_of(state: GameState, unit: UnitState, target: UnitState, round_no: int,
              attacker_side: str) -> tuple[Attack | None, str]:  # fmt: skip
    """The attack ``unit`` makes on ``target`` (dice may be 0), or why it may not target it."""
    h = hex_of(unit)
    terrain = state.scenario.map.terrain(h).name
    utype = stype(state, unit)
    if not machine(state, unit):
        if is_vehicle(state, target) and terrain in OPEN_GROUND:
            return Attack(unit.id, target.id, 0), ""
        faces = _accuracy(state, unit)
        if is_vehicle(state, target) and terrain in URBAN and max(faces) < 6:
            faces = (*faces, max(faces) + 1)
        defense = _defense(state, unit, target, round_no, attacker_side)
        return Attack(unit.id, target.id, foot_dice(unit), faces, defense=defense), ""
    fire = utype.fire
    dice = fire.dice if fire is not None else 0
    armored = is_vehicle(state, target) and stype(state, target).is_armored
    if armored and (fire is None or not fire.anti_tank):
        return None, f"{target.id} is armored and {unit.id} has no anti-tank fire"
    if is_vehicle(state, unit) and is_vehicle(state, target):
        assert fire is not None
        hit = HitNumber.of(dice, fire.hit)
        return Attack(unit.id, target.id, hit.dice, hit=hit, defense=side_armor(state, target)), ""
    defense = _defense(state, unit, target, round_no, attacker_side)
    return Attack(unit.id, target.id, dice, _accuracy(state, unit), defense=defense), ""


def _defense(state: GameState, unit: UnitState, target: UnitState, round_no: int,
             attacker_side: str) -> int:  # fmt: skip
    """The target's defense against ``unit``'s hits (0: no defense roll)."""
    if is_vehicle(state, target):
        value = side_armor(state, target)
    elif machine(state, unit):
        value = terrain_defense(state, target)
    else:  # infantry against infantry: no defense, but a dug-in defender's first round
        dug_in = "entrenched" in target.markers or (
            state.scenario.map.terrain(hex_of(target)).name == "trench"
        )
        value = 1 if round_no == 1 and target.side != attacker_side and dug_in else 0
    return max(0, min(value, DEFENSE_CAP))


# --- the round -----------------------------------------------------------------------------------
def protected(state: GameState, unit: UnitState, leaving: frozenset[str] = frozenset()) -> bool:
    """A friend in the hex that is neither Suppressed nor out of ammunition (nor leaving)."""
    return any(
        u.id != unit.id and u.side == unit.side and u.id not in leaving
        and u.status is not Status.SUPPRESSED and not (u.ammo is not None and u.ammo <= 0)
        for u in units_in(state, hex_of(unit))
    )  # fmt: skip


def surrendering(state: GameState, h: Hex) -> list[UnitState]:
    """Suppressed units that surrender at the start of the next round (none with morale off)."""
    if not state.scenario.module("morale"):
        return []
    safe = record_view(state, h).get("safe", [])
    return [u for u in units_in(state, h) if u.status is Status.SUPPRESSED
            and u.id not in safe and not protected(state, u)]  # fmt: skip


def record_view(state: GameState, h: Hex) -> dict[str, Any]:
    """The record of the combat in ``h`` without creating it."""
    return dict(dict(state.flags.get(COMBATS, {})).get(label(state, h), {}))


@dataclass(frozen=True, slots=True)
class RoundPlan:
    hex: Hex
    round: int
    targets: tuple[tuple[str, str], ...]
    """Declared targets (the rest are chosen once the round starts)."""
    leave: tuple[tuple[str, Hex], ...]


def _parse_hex(state: GameState, text: str | None, what: str) -> tuple[Hex | None, str]:
    if text is None:
        return None, f"name the {what} with --hex"
    try:
        return state.scenario.map.parse(text), ""
    except ValueError as exc:
        return None, str(exc)


def exit_reasons(state: GameState, unit: UnitState, to: Hex) -> list[str]:
    """Why ``unit`` may not leave its close combat to the adjacent ``to``."""
    from tabletop.rules.squad import bunker, movement

    here = hex_of(unit)
    if here.distance(to) != 1:
        return [f"{label(state, to)} is not adjacent to {label(state, here)}"]
    enemies = [u.id for u in units_in(state, to) if u.side != unit.side]
    if enemies:
        return [f"{unit.id} cannot leave to {label(state, to)}: it holds enemy units "
                f"({', '.join(enemies)})"]  # fmt: skip
    why = bunker.crossing_reasons(state, unit, here, to)
    if why:
        return why
    cost, reason = movement.enter_cost(state, unit, here, to)
    return [reason] if cost is None else []


def default_exit(state: GameState, unit: UnitState) -> Hex | None:
    """The first adjacent hex in label order the unit may leave to."""
    near = sorted(state.scenario.map.neighbors(hex_of(unit)), key=lambda h: label(state, h))
    return next((h for h in near if not exit_reasons(state, unit, h)), None)


def plan_round(state: GameState, request: ActionRequest) -> tuple[RoundPlan | None, list[str]]:
    if not state.scenario.module("close_combat"):
        return None, ["close combat is switched off in this scenario (rules: close_combat)"]
    reasons = phase_reasons(state, "close_combat", request.side)
    h, why = _parse_hex(state, request.hex, "hex fought over")
    if h is None:
        return None, [*reasons, why]
    if not in_close_combat(state, h):
        return None, [*reasons, f"there is no close combat in {label(state, h)}"]
    done = rounds_done(state, h)
    if done >= ROUNDS:
        reasons.append(f"the close combat in {label(state, h)} has fought its {ROUNDS} "
                       "rounds this phase")  # fmt: skip
    round_no = done + 1
    here = {u.id: u for u in units_in(state, h)}
    gone = {u.id for u in surrendering(state, h)}
    leave, more = _leavers(state, request, here, gone)
    reasons += more
    for uid, eid in request.targets:
        reasons += _target_reasons(state, here, gone, uid, eid, round_no)
        if uid in dict(leave):
            reasons.append(f"{uid} leaves this round: it rolls no dice")
    reasons += _pairing_reasons(state, here, dict(request.targets))
    if reasons:
        return None, reasons
    return RoundPlan(h, round_no, request.targets, tuple(leave)), []


def _leavers(state: GameState, request: ActionRequest, here: dict[str, UnitState],
             gone: set[str]) -> tuple[list[tuple[str, Hex]], list[str]]:  # fmt: skip
    reasons: list[str] = []
    out: list[tuple[str, Hex]] = []
    to: Hex | None = None
    if request.to:
        if len(request.to) > 1:
            return [], ["--to takes the one hex the leaving units go to"]
        try:
            to = state.scenario.map.parse(request.to[0])
        except ValueError as exc:
            return [], [str(exc)]
        if not request.leave:
            reasons.append("--to names where a leaving unit goes: name it with --leave")
    for uid in request.leave:
        unit = here.get(uid)
        if unit is None:
            reasons.append(f"{uid} is not in this close combat")
            continue
        if uid in gone:
            reasons.append(f"{uid} surrenders at the start of this round")
            continue
        if unit.status is Status.SUPPRESSED:
            reasons.append(f"{uid} is Suppressed: it may not move")
            continue
        dest = to if to is not None else default_exit(state, unit)
        if dest is None:
            reasons.append(f"{uid} has no adjacent hex without an enemy to leave to")
            continue
        why = exit_reasons(state, unit, dest)
        reasons += why
        out.append((uid, dest))
    return out, reasons


def _target_reasons(state: GameState, here: dict[str, UnitState], gone: set[str], uid: str,
                    eid: str, round_no: int) -> list[str]:  # fmt: skip
    unit, enemy = here.get(uid), here.get(eid)
    if unit is None:
        return [f"{uid} is not in this close combat"]
    if enemy is None:
        return [f"{eid} is not in this close combat"]
    if enemy.side == unit.side:
        return [f"{eid} is a friendly unit of {uid}"]
    if eid in gone:
        return [f"{eid} surrenders at the start of this round"]
    _, why = attack_of(state, unit, enemy, round_no, str(state.active_side))
    return [why] if why else []


def _foot_sides(state: GameState, here: dict[str, UnitState]) -> tuple[list[str], list[str]]:
    """(defending infantry, attacking infantry) ids in the hex, in id order."""
    attacker = state.active_side
    foot = sorted(u.id for u in here.values() if not machine(state, u))
    return ([u for u in foot if here[u].side != attacker],
            [u for u in foot if here[u].side == attacker])  # fmt: skip


def _pairing_reasons(state: GameState, here: dict[str, UnitState],
                     declared: dict[str, str]) -> list[str]:  # fmt: skip
    """Defending infantry takes a different attacking infantry unit each while any is left
    unpaired; only the leftovers may attack vehicles or anyone (rules 3.6)."""
    defenders, foot_att = _foot_sides(state, here)
    distinct = {declared[d] for d in defenders if declared.get(d) in foot_att}
    undeclared = [d for d in defenders if d not in declared]
    need = min(len(defenders), len(foot_att))
    if len(distinct) + len(undeclared) >= need:
        return []
    return [f"each defending infantry unit pairs with a different attacking infantry unit "
            f"first: {len(distinct)} of {need} pairs named"]  # fmt: skip


def choose_targets(state: GameState, h: Hex, declared: dict[str, str], round_no: int,
                   present: list[UnitState]) -> dict[str, str]:  # fmt: skip
    """Declared targets, and for every other unit the first legal enemy in unit-id order
    (undeclared defending infantry first takes an attacking infantry unit no one pairs)."""
    here = {u.id: u for u in present}
    attacker = str(state.active_side)
    out = {u: e for u, e in declared.items() if u in here and e in here}
    defenders, foot_att = _foot_sides(state, here)
    unpaired = [f for f in foot_att if f not in {out.get(d) for d in defenders}]
    for d in defenders:
        if d not in out and unpaired:
            out[d] = unpaired.pop(0)
    for unit in present:
        if unit.id in out:
            continue
        for enemy in present:
            if enemy.side != unit.side and attack_of(state, unit, enemy, round_no, attacker)[0]:
                out[unit.id] = enemy.id
                break
    return out


def _silent(state: GameState, unit: UnitState, rec: dict[str, Any], round_no: int,
            leaving: frozenset[str]) -> bool:  # fmt: skip
    """Rolls no attack dice this round (see the module's text)."""
    if unit.id in leaving or unit.status is Status.SUPPRESSED:
        return True
    return round_no == 1 and unit.id in rec["skip"]


def _spend(unit: UnitState, rec: dict[str, Any], result: ActionResult) -> bool:
    """Ammunition per close-combat turn: False when the unit has none."""
    if unit.ammo is None or unit.id in rec["spent"]:
        return True
    if unit.ammo <= 0:
        return False
    unit.ammo -= 1
    rec["spent"].append(unit.id)
    result.event("ammo_spent", unit=unit.id, ammo=unit.ammo)
    return True


def _start(state: GameState, h: Hex, rec: dict[str, Any], round_no: int, dice: DiceSource,
           result: ActionResult) -> set[str]:  # fmt: skip
    """Surrenders; in round 1, who skips it and the tank-fear tests. Returns the units
    protected (Suppressed with a friend) at the round's start."""
    for unit in surrendering(state, h):
        morale.surrender(state, unit, result)
    units = units_in(state, h)
    for u in units:  # close combat cancels laying or clearing mines (rules 3.8)
        mines.cancel_work(state, u, result)
    if round_no == 1:
        for u in units:
            fired = u.side != state.active_side and u.flags.get(FIRED_LAST_SHOOTING)
            if (fired or (u.flags.get(DISMOUNTED) and u.id not in rec["joined"])) and (
                u.id not in rec["skip"]
            ):
                rec["skip"].append(u.id)
        for u in units:
            foes = [e for e in units if e.side != u.side and is_vehicle(state, e)]
            if not foes or not is_foot(state, u) or u.id in rec["feared"]:
                continue
            rec["feared"].append(u.id)
            if morale.tests(state, u) and not morale.roll_test(state, u, dice, result,
                                                               "tank_fear"):  # fmt: skip
                result.event("tank_fear_failed", unit=u.id)
                if u.id not in rec["skip"]:
                    rec["skip"].append(u.id)
    return {u.id for u in units_in(state, h)
            if u.status is Status.SUPPRESSED and u.id not in rec["safe"]}  # fmt: skip


def _roll_attack(attack: Attack, dice: DiceSource, result: ActionResult) -> int:
    if attack.hit is not None:
        return roll_to_hit(dice, result, attack.unit, attack.hit).successes
    faces = dice.roll(attack.dice)
    hits = sum(1 for f in faces if f in attack.faces)
    need = ",".join(str(f) for f in attack.faces)
    result.rolls.append(Roll(attack.unit, "close_combat", f"{{{need}}}", faces, hits))
    result.touch(attack.unit)
    return hits


def _defend(attack: Attack, hits: int, dice: DiceSource, result: ActionResult) -> int:
    """The defense roll: one d6 per hit, a face <= defense cancels it; returns the wounds."""
    if hits <= 0 or attack.defense <= 0:
        return max(0, hits)
    faces = dice.roll(hits)
    cancelled = sum(1 for f in faces if f <= attack.defense)
    result.rolls.append(Roll(attack.target, "defense", f"<= {attack.defense}", faces, cancelled))
    result.touch(attack.target)
    return hits - cancelled


def fight_round(state: GameState, plan: RoundPlan, dice: DiceSource, result: ActionResult) -> None:
    h, round_no = plan.hex, plan.round
    rec = record(state, h)
    was_protected = _start(state, h, rec, round_no, dice, result)
    leaving = frozenset(uid for uid, _ in plan.leave)
    present = units_in(state, h)
    targets = choose_targets(state, h, dict(plan.targets), round_no, present)
    attacker = str(state.active_side)
    order = [u for u in present if u.side == attacker] + [u for u in present if u.side != attacker]
    attacks: list[tuple[Attack, int]] = []
    for unit in order:
        tid = targets.get(unit.id)
        if tid is None or _silent(state, unit, rec, round_no, leaving):
            continue
        attack, _ = attack_of(state, unit, state.unit(tid), round_no, attacker)
        if attack is None or attack.dice <= 0:
            continue
        if not _spend(unit, rec, result):
            result.event("out_of_ammo", unit=unit.id)
            continue
        attacks.append((attack, _roll_attack(attack, dice, result)))
    wounds: dict[str, int] = {}
    for attack, hits in attacks:
        wounds[attack.target] = wounds.get(attack.target, 0) + _defend(attack, hits, dice, result)
    lost = [
        t for t in sorted(wounds) if apply_wounds(state, state.unit(t), wounds[t], result, dice)
    ]
    _friend_gone(state, h, was_protected, result)  # it fell: before the round's tests
    morale.loss_tests(state, lost, dice, result)
    _retests(state, rec, was_protected, round_no, dice, result)
    _leave(state, plan, result)
    _friend_gone(state, h, was_protected, result)  # it left at the round's end
    rec["round"] = round_no
    rec["joined"] = sorted(set(rec["joined"]) | {u.id for u in present})
    result.extra["round"] = round_no


def _friend_gone(state: GameState, h: Hex, was_protected: set[str], result: ActionResult) -> None:
    """A unit protected at the round's start whose friend fell or left surrenders at once
    (rules 3.7). READING: "at once" is when the round's losses are removed, before that
    round's morale tests and re-tests (a re-test cannot save it), or when the friend
    leaves at the round's end."""
    if not in_close_combat(state, h):
        return
    for unit in surrendering(state, h):
        if unit.id in was_protected:
            morale.surrender(state, unit, result)


def _retests(state: GameState, rec: dict[str, Any], was_protected: set[str], round_no: int,
             dice: DiceSource, result: ActionResult) -> None:  # fmt: skip
    """After rounds 1 and 2, each unit protected at the round's start re-tests: a pass
    removes Suppressed; the second failure makes it safe from surrender in this combat."""
    if round_no > 2 or not state.scenario.module("morale"):
        return
    for uid in sorted(was_protected):
        unit = state.unit(uid)
        if not unit.alive or unit.status is not Status.SUPPRESSED or uid in rec["safe"]:
            continue
        if morale.roll_test(state, unit, dice, result, "morale_retest"):
            morale.recover(unit, result)
            continue
        failed = int(rec["retests"].get(uid, 0)) + 1
        rec["retests"][uid] = failed
        if failed >= 2:
            rec["safe"].append(uid)
            result.event("no_surrender", unit=uid)


def _leave(state: GameState, plan: RoundPlan, result: ActionResult) -> None:
    for uid, dest in plan.leave:
        unit = state.unit(uid)
        if not unit.alive or unit.hex is None:
            continue
        remove_marker(result, unit, "entrenched")
        before = unit.hex
        unit.hex = dest
        transport.ride_along(state, unit, result)
        result.event("left_close_combat", unit=uid, **{"from": label(state, before),
                                                       "to": label(state, dest)})  # fmt: skip


class CloseCombat:
    """``close-combat --hex HEX [--targets U:E,...] [--leave ID,...] [--to HEX]``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return plan_round(state, request)[1]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        plan, _ = plan_round(state, request)
        assert plan is not None
        result = ActionResult(request.action)
        fight_round(state, plan, dice, result)
        if not in_close_combat(state, plan.hex):
            state.flags.get(COMBATS, {}).pop(label(state, plan.hex), None)
            result.event("close_combat_over", hex=label(state, plan.hex))
        return result
