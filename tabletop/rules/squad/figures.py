"""Figures and wounds (rules 3.1): hit allocation, falling, elimination, medics.

Each wound that gets through armor and saves goes to one figure, in the headless order of
interfaces.md: a standing figure that has already lost a wound takes the next until it
falls; otherwise soldiers (and cavalry) first, then medics, then heavy weapons, then the
rest (a gun after its crew, vehicles). A cavalry figure's mount takes its first 2 wounds;
the rider then fights on as a 1-wound soldier on foot (HOUSE DEFAULT). A figure that loses
its last wound falls; with the ``medics`` module it stays, fallen, until the start of its
side's next player turn (``medic_rolls``), otherwise it is removed at once. A unit with no
standing figure is eliminated at once (READING: its fallen figures are then beyond help),
and an eliminated vehicle leaves a Wreck (HOUSE DEFAULT, as rules 2.6).
"""

from __future__ import annotations

from tabletop.model import Figure, GameState, Status, UnitState
from tabletop.rules.actions import ActionResult, Roll
from tabletop.rules.common import hex_of
from tabletop.rules.dice import DiceSource
from tabletop.rules.squad.common import MOUNT_WOUNDS, RANK, stype
from tabletop.rules.squad.effects import eliminate as eliminate


def next_figure(unit: UnitState) -> Figure | None:
    """The figure that takes the next wound (see the module's order), or None."""
    standing = unit.standing()
    wounded = [f for f in standing if f.wounds > 0]
    if wounded:
        return wounded[0]
    if not standing:
        return None
    return min(standing, key=lambda f: RANK.get(f.model, 3))  # min keeps the first of a rank


def allocation(state: GameState, unit: UnitState, wounds: int) -> int:
    """How many figures ``wounds`` wounds would make fall (for the odds), without changing
    the unit."""
    figures = [Figure(f.model, f.wounds, f.fallen) for f in unit.figures]
    trial = UnitState(unit.id, unit.type_id, unit.side, unit.hex, figures=figures)
    utype = stype(state, unit)
    fell = 0
    for _ in range(wounds):
        fig = next_figure(trial)
        if fig is None:
            break
        fig.wounds += 1
        if fig.wounds >= utype.wounds_of(fig.model):
            fig.fallen = True
            fell += 1
    return fell


def apply_wounds(
    state: GameState, unit: UnitState, wounds: int, result: ActionResult,
    dice: DiceSource | None = None,
) -> int:  # fmt: skip
    """Give ``wounds`` wounds to the unit's figures one at a time; returns the figures that
    fell. Wounds left over once no figure stands are lost. ``dice`` rolls for the cargo of
    a transport eliminated here (``effects.carrier_lost``)."""
    utype = stype(state, unit)
    fell = 0
    if wounds > 0:
        result.touch(unit.id)
    for _ in range(wounds):
        fig = next_figure(unit)
        if fig is None:
            break
        fig.wounds += 1
        if fig.model == "cavalry" and fig.wounds == MOUNT_WOUNDS:
            result.event("mount_lost", unit=unit.id)
        if fig.wounds >= utype.wounds_of(fig.model):
            fall(state, unit, fig, result)
            fell += 1
        elif fig.model != "cavalry" or fig.wounds != MOUNT_WOUNDS:
            result.event("wounded", unit=unit.id, model=fig.model, wounds=fig.wounds)
    if unit.alive and not unit.standing():
        eliminate(state, unit, result, dice)
    return fell


def fall(state: GameState, unit: UnitState, fig: Figure, result: ActionResult) -> None:
    fig.fallen = True
    result.event("figure_fell", unit=unit.id, model=fig.model)
    if not state.scenario.module("medics"):  # rules 5: fallen figures are removed at once
        unit.figures.remove(fig)
        result.event("figure_removed", unit=unit.id, model=fig.model)


def remove_all(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """Everyone is lost at once, with no save and no medic (a bunker shot down, 3.4)."""
    for fig in unit.standing():
        fig.fallen = True
    unit.figures.clear()
    unit.status = Status.ELIMINATED
    result.event("eliminated", unit=unit.id)


# --- medics (rules 3.1) --------------------------------------------------------------------
def has_medic(unit: UnitState) -> bool:
    return any(f.model == "medic" for f in unit.standing())


def medic_for(state: GameState, unit: UnitState) -> bool:
    """A standing medic in the unit, or in a friendly unit sharing its hex."""
    if has_medic(unit):
        return True
    friends = [u for u in state.units_at(hex_of(unit)) if u.side == unit.side]
    return any(u.id != unit.id and has_medic(u) for u in friends)


def medic_rolls(state: GameState, side: str, dice: DiceSource, result: ActionResult) -> None:
    """The start of ``side``'s player turn: each fallen figure of a unit that has a medic
    (its own, or a friendly unit's in its hex) stands again with one wound left on a d6 of
    ``medic_save``+ (HOUSE DEFAULT 4); the others are removed. One roll per unit, one die per
    fallen figure in the unit's figure order, units in unit-id order (interfaces.md 3)."""
    need = state.scenario.options.medic_save
    units = sorted((u for u in state.units.values() if u.side == side and u.on_map),
                   key=lambda u: u.id)  # fmt: skip
    on = state.scenario.module("medics")
    helped = {u.id: on and medic_for(state, u) for u in units}  # before anyone stands up
    for unit in units:
        fallen = [f for f in unit.figures if f.fallen]
        if not fallen:
            continue
        result.touch(unit.id)
        if not helped[unit.id]:
            for fig in fallen:
                unit.figures.remove(fig)
                result.event("figure_removed", unit=unit.id, model=fig.model)
            continue
        faces = dice.roll(len(fallen))
        saved = [face >= need for face in faces]
        result.rolls.append(Roll(unit.id, "medic", f"{need}+", faces, sum(saved)))
        for fig, ok in zip(fallen, saved, strict=True):
            if ok:
                fig.fallen = False
                fig.wounds = stype(state, unit).wounds_of(fig.model) - 1
                result.event("figure_saved", unit=unit.id, model=fig.model)
            else:
                unit.figures.remove(fig)
                result.event("figure_removed", unit=unit.id, model=fig.model)
