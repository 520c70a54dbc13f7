"""What both rulesets share below them (rules-spec section 1): the to-hit roll with its
overflow rule, unit lookups and labels, markers and Wrecks, the hex markers a sight line
sees, and the hidden-information test of the command line and the app.

A ruleset package (``platoon``, ``squad``) builds on these and never reaches into the
other's package.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, UnitState
from tabletop.rules.actions import ActionResult, Event, Roll
from tabletop.rules.dice import DiceSource


@dataclass(frozen=True, slots=True)
class HitNumber:
    """A hit number after modifiers and the overflow rule (rules 1.3)."""

    hit: int
    dice: int
    modifier: int = 0

    @classmethod
    def of(cls, firepower: int, hit: int, modifier: int = 0) -> HitNumber:
        """Above 6: set to 6 and roll one die fewer per point of excess (never below 0)."""
        raw = hit + modifier
        excess = max(0, raw - 6)
        return cls(hit=min(raw, 6), dice=max(0, firepower - excess), modifier=modifier)


def roll_to_hit(dice: DiceSource, result: ActionResult, by: str, hit: HitNumber) -> Roll:
    """Roll ``hit.dice`` d6; each face >= the hit number is one hit (rules 1.2)."""
    faces = dice.roll(hit.dice)
    roll = Roll(by, "to_hit", f"{hit.hit}+", faces, sum(1 for f in faces if f >= hit.hit))
    result.rolls.append(roll)
    return roll


# --- lookups -------------------------------------------------------------------------------
def label(state: GameState, h: Hex) -> str:
    return state.scenario.map.label(h)


def hex_of(unit: UnitState) -> Hex:
    assert unit.hex is not None, f"{unit.id} is not on the map"
    return unit.hex


def find_unit(state: GameState, unit_id: str | None, role: str) -> tuple[UnitState | None, str]:
    """The unit a request names, or a reason why it cannot play that role."""
    if unit_id is None:
        return None, f"name the {role} with --{'unit' if role == 'unit' else 'target'}"
    unit = state.units.get(unit_id)
    if unit is None:
        return None, f"there is no unit {unit_id}"
    if not unit.alive:
        return None, f"{unit_id} is {unit.status.value.replace('_', ' ')}"
    if unit.hex is None:
        return None, f"{unit_id} is not on the map"
    return unit, ""


# --- markers -------------------------------------------------------------------------------
def place_marker(result: ActionResult, unit: UnitState, marker: str) -> None:
    if unit.add_marker(marker):
        result.event("marker_placed", unit=unit.id, marker=marker)


def remove_marker(result: ActionResult, unit: UnitState, marker: str) -> None:
    if unit.remove_marker(marker):
        result.event("marker_removed", unit=unit.id, marker=marker)


def place_wreck(state: GameState, target: UnitState, result: ActionResult) -> None:
    """An eliminated ground vehicle leaves a Wreck (rules 2.6, 3.1). READING: one Wreck
    marker per hex; a second wreck in the same hex adds nothing the first does not give."""
    h = hex_of(target)
    if state.has_hex_marker(h, "wreck"):
        return
    state.hex_markers.append(HexMarker(h, "wreck", turn=state.turn))
    result.event("marker_placed", hex=label(state, h), marker="wreck")


# --- line of sight and hidden information (rules 1.7, 4) ------------------------------------
def los_markers(state: GameState) -> list[HexMarker]:
    """Hex markers a sight line may be affected by (never minefields: rules 1.7)."""
    return [m for m in state.hex_markers if not m.kind.startswith("minefield")]


def event_hidden_from(state: GameState, side: str | None, event: Event) -> bool:
    """Is this event about a minefield the viewing side must not know of (rules 1.7)? An
    event names one by its ``marker`` (``minefield_at``/``_ap``) or by its own name
    (``minefield_laid``, ...); it is hidden while that hex holds an unrevealed minefield of
    another side."""
    if side is None or event.hex is None:
        return False
    if "secret_of" in event.data:  # about a hidden minefield that is gone (destroyed)
        return bool(event.data["secret_of"] != side)
    about_mines = str(event.data.get("marker", "")).startswith("minefield") or (
        event.event.startswith("minefield")
    )
    if not about_mines:
        return False
    h = state.scenario.map.parse(event.hex)
    known = state.visible_markers(side)
    return any(
        m.hex == h and m.kind.startswith("minefield") and m not in known for m in state.hex_markers
    )


def tally_losses(
    state: GameState,
    initial: Mapping[str, UnitState],
    score: Callable[[UnitState, UnitState | None, Counter[str]], None],
) -> dict[str, Counter[str]]:
    """Each side's losses so far by kind, for victory (rules-spec 6): ``score`` counts one
    unit's losses (as it stands, as it started or None for one that came later) into its
    side's counter; a unit already out of play at the start lost nothing in this game."""
    out: dict[str, Counter[str]] = {side: Counter() for side in state.scenario.sides}
    for unit in state.units.values():
        was = initial.get(unit.id)
        if was is None or was.alive:
            lost = out.get(unit.side)
            if lost is None:  # (no Counter made per unit: a big game has 10,000)
                lost = out[unit.side] = Counter()
            score(unit, was, lost)
    return out
