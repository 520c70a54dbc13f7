"""The squad ruleset's answers to ``tabletop.rules.fights``: each hex fought over (rules
3.6), its units' legal targets, the targets the next round will use, what is known of
their dice before the round, and where each may leave to. Everything is asked of
``closecombat`` itself (``choose_targets``, ``attack_of``, ``surrendering``,
``exit_reasons``) and of the ruleset's ``check``, so the answer is what the next
``close-combat`` action does; this module decides nothing of its own.
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Status, UnitState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.common import label
from tabletop.rules.engine import ruleset_for
from tabletop.rules.fights import Fight, Fighter
from tabletop.rules.forecast import Forecast
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad import closecombat as cc
from tabletop.rules.squad import morale
from tabletop.rules.squad.common import FIRED_LAST_SHOOTING, in_close_combat, units_in


def fights(state: GameState, los: LineOfSight, side: str | None) -> tuple[Fight, ...]:
    out = []
    for h in cc.combat_hexes(state):
        fight = _fight(state, los, h, {}, (), side)
        if fight is not None:
            out.append(fight)
    return tuple(out)


def fight_at(state: GameState, los: LineOfSight, hex_label: str, declared: dict[str, str],
             leave: tuple[str, ...], side: str | None) -> Fight | None:  # fmt: skip
    try:
        h = state.scenario.map.parse(hex_label)
    except ValueError:
        return None
    return _fight(state, los, h, declared, leave, side)


def _fight(state: GameState, los: LineOfSight, h: Hex, declared: dict[str, str],
           leave: tuple[str, ...], side: str | None) -> Fight | None:  # fmt: skip
    if not state.scenario.module("close_combat") or not in_close_combat(state, h):
        return None
    ruleset = ruleset_for(state.scenario.ruleset)  # (this package's object, through the table)

    where = label(state, h)
    done = cc.rounds_done(state, h)
    round_no = min(done + 1, cc.ROUNDS)
    attacker = str(state.active_side)
    gone = [u.id for u in cc.surrendering(state, h)]
    present = [u for u in units_in(state, h) if u.id not in gone]
    leaving = frozenset(leave)
    kept = {u: e for u, e in declared.items() if u not in leaving}
    resolved = cc.choose_targets(state, h, kept, round_no, present)
    rec = cc.record_view(state, h)
    defenders = [u for u in present if u.side != attacker]
    attackers = [u for u in present if u.side == attacker]
    fighters = tuple(
        _fighter(state, h, u, present, resolved, leaving, round_no, rec, attacker)
        for u in defenders + attackers
    )
    reasons = ruleset.check(state, ActionRequest("close-combat", hex=where, side=side), los)
    defender = next((u.side for u in defenders), next(
        (s for s in state.scenario.sides if s != attacker), ""))  # fmt: skip
    return Fight(where, round_no, cc.ROUNDS, max(0, cc.ROUNDS - done), attacker, defender,
                 fighters, tuple(gone), tuple(reasons),
                 _pairing(state, defenders, attackers))  # fmt: skip


def _fighter(state: GameState, h: Hex, unit: UnitState, present: list[UnitState],
             resolved: dict[str, str], leaving: frozenset[str], round_no: int,
             rec: dict[str, object], attacker: str) -> Fighter:  # fmt: skip
    enemies = [e for e in present if e.side != unit.side]
    targets = tuple(e.id for e in enemies if cc.attack_of(state, unit, e, round_no, attacker)[0])
    target = None if unit.id in leaving else resolved.get(unit.id)
    exits, stay = _exits(state, h, unit)
    notes = _notes(state, unit, present, target, leaving, round_no, rec, attacker)
    return Fighter(unit.id, unit.side, unit.side == attacker, targets, target, notes, exits,
                   stay)  # fmt: skip


def _exits(state: GameState, h: Hex, unit: UnitState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if unit.status is Status.SUPPRESSED:
        return (), (f"{unit.id} is Suppressed: it may not move",)
    near = sorted(state.scenario.map.neighbors(h), key=lambda n: label(state, n))
    exits = tuple(label(state, n) for n in near if not cc.exit_reasons(state, unit, n))
    if not exits:
        return (), (f"{unit.id} has no adjacent hex without an enemy to leave to",)
    return exits, ()


def _notes(state: GameState, unit: UnitState, present: list[UnitState], target: str | None,
           leaving: frozenset[str], round_no: int, rec: dict[str, object],
           attacker: str) -> tuple[str, ...]:  # fmt: skip
    """What is known of the unit's dice before the round (``closecombat._silent``,
    ``_start`` and ``_spend``), in words."""
    notes: list[str] = []

    def listed(key: str) -> list[str]:
        value = rec.get(key)
        return [str(v) for v in value] if isinstance(value, list) else []

    if unit.id in leaving:
        notes.append("leaves at the round's end: rolls no dice this round, attacked normally")
    if unit.status is Status.SUPPRESSED:
        notes.append("Suppressed: rolls no dice")
    if round_no == 1:
        if unit.id in listed("skip"):
            notes.append("skips round 1")
        elif unit.side != attacker and unit.flags.get(FIRED_LAST_SHOOTING):
            notes.append("fired at the enemy in its last shooting phase: skips round 1")
        elif unit.flags.get(cc.DISMOUNTED) and unit.id not in listed("joined"):
            notes.append("dismounted or landed this game turn: skips round 1")
        vehicles = any(e.side != unit.side and cc.is_vehicle(state, e) for e in present)
        if (vehicles and cc.is_foot(state, unit) and unit.id not in listed("feared")
                and morale.tests(state, unit)):  # fmt: skip
            notes.append("takes the tank-fear test first: failing it skips round 1")
    if unit.ammo is not None and unit.ammo <= 0 and unit.id not in listed("spent"):
        notes.append("out of ammunition: rolls no dice (still defends)")
    if target is not None:
        attack, _ = cc.attack_of(state, unit, state.unit(target), round_no, attacker)
        if attack is not None and attack.dice <= 0:
            ground = state.scenario.map.terrain(unit.hex).name if unit.hex else ""
            notes.append(
                f"rolls no dice against {target}"
                + (f" (infantry against vehicles in {ground})" if ground else "")
            )
    return tuple(notes)


def _pairing(state: GameState, defenders: list[UnitState], attackers: list[UnitState]) -> str:
    foot_def = [u.id for u in defenders if not cc.machine(state, u)]
    foot_att = [u.id for u in attackers if not cc.machine(state, u)]
    if not foot_def or not foot_att:
        return ""
    return (f"each defending infantry unit ({', '.join(foot_def)}) takes a different attacking "
            f"infantry unit ({', '.join(foot_att)}) while any is left; the others may attack "
            "any enemy")  # fmt: skip


def pairing_forecast(state: GameState, unit_id: str, target_id: str) -> Forecast:
    """``odds.close_combat_odds`` (``tabletop odds`` for two units in close combat)."""
    from tabletop.rules.squad.odds import close_combat_odds

    odds, reasons = close_combat_odds(state, unit_id, target_id)
    if odds is None:
        return Forecast(reasons=tuple(reasons))
    unit, target = state.unit(unit_id), state.unit(target_id)
    assert unit.hex is not None
    done = cc.rounds_done(state, unit.hex)
    round_no = done + 1 if done < cc.ROUNDS else 1
    attack, _ = cc.attack_of(state, unit, target, round_no, str(state.active_side))
    assert attack is not None
    standing = len(odds.figures_lost) - 1
    outcomes = tuple((_lost_words(k, standing), float(p)) for k, p in enumerate(odds.figures_lost))
    if attack.hit is not None:
        pool = f"{unit_id}: {attack.hit.dice} dice at {attack.hit.hit}+ (vehicle on vehicle)"
    else:
        faces = ",".join(str(f) for f in attack.faces)
        pool = f"{unit_id}: {attack.dice} dice, hits on {{{faces}}}"
    defense = (f"{target_id} defense: 1 die per hit, cancelled on <= {attack.defense}"
               if attack.defense > 0 else f"{target_id} defense: none")  # fmt: skip
    return Forecast(outcomes, (pool, defense))


def _lost_words(k: int, standing: int) -> str:
    if k == standing:
        return "Eliminated"
    if k == 0:
        return "No figure lost"
    return f"{k} figure{'s' if k > 1 else ''} lost"
