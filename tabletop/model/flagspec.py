"""The shape of every value a ruleset keeps in ``GameState.flags`` and ``UnitState.flags``.

The rulesets keep their bookkeeping in free-form flags (who rallied this turn, the close
combats in progress, the sappers' jobs, control of the objective hexes, the game's end).
A saved game carries them, and a saved game may come from anywhere: its seal can be
recomputed, or the user may open it anyway. So each ruleset declares here, once, the keys
it writes and the shape of each value, and the data layer checks every saved flag against
these declarations on load (``tabletop.data.games``), whether or not the seal matches.

A declaration is a small tree of :class:`Spec` values: ``Flag`` (true/false), ``Count``
(an integer in a range), ``Choice`` (one of some words), ``Ref`` (a unit id, a hex label of
the map or a side of the scenario), ``Maybe`` (a value or null), ``ListOf``, ``MapOf``
(keys and values of given shapes) and ``Record`` (named fields, each of its own shape).
Pure Python: this module imports nothing of the rules, the data layer or YAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.model.units import HELICOPTER_MODES

__all__ = [
    "GAME_FLAGS",
    "UNIT_FLAG_SPECS",
    "VICTORY_FLAGS",
    "Choice",
    "Count",
    "Flag",
    "ListOf",
    "MapOf",
    "Maybe",
    "Record",
    "Ref",
    "Spec",
]

BIG = 1_000_000
"""The bound of a count that has no natural one (movement points spent, re-tests failed)."""


class Spec:
    """One value's shape (see the module's docstring)."""


@dataclass(frozen=True)
class Flag(Spec):
    """``true`` or ``false``."""


@dataclass(frozen=True)
class Count(Spec):
    """An integer from ``lo`` to ``hi``."""

    lo: int = 0
    hi: int = BIG


@dataclass(frozen=True)
class Choice(Spec):
    """One of ``words``."""

    words: tuple[str, ...]


@dataclass(frozen=True)
class Ref(Spec):
    """The name of something the game holds: ``"unit"`` (a unit of the game), ``"hex"`` (a
    hex label of the map) or ``"side"`` (a side of the scenario)."""

    kind: str


@dataclass(frozen=True)
class Maybe(Spec):
    """``spec`` or null."""

    spec: Spec


@dataclass(frozen=True)
class ListOf(Spec):
    """A list whose items are each ``item``, at most ``most`` of them."""

    item: Spec
    most: int = BIG


@dataclass(frozen=True)
class MapOf(Spec):
    """A mapping of ``key`` (a ``Ref`` or ``Choice``) to ``value``."""

    key: Spec
    value: Spec


@dataclass(frozen=True)
class Record(Spec):
    """A mapping of named fields; each of ``required`` must be there."""

    fields: dict[str, Spec] = field(hash=False)
    required: tuple[str, ...] = ()


UNIT = Ref("unit")
HEX = Ref("hex")
SIDE = Ref("side")
MINE_KINDS = Choice(("minefield_at", "minefield_ap"))
UNITS = ListOf(UNIT)

# --- the flags every ruleset may write (rules/victory.py, rules/minefields.py) ---------------
VICTORY_FLAGS: dict[str, Spec] = {
    # label -> the side that controls it, or null (no one yet)
    "control": MapOf(HEX, Maybe(SIDE)),
    # written once, when the game ends
    "game_over": Record(
        {
            "vp": MapOf(SIDE, Count(-BIG, BIG)),
            "winner": Maybe(SIDE),
            "why": Choice(("annihilation", "sudden_death", "turns")),
        },
        required=("vp", "winner", "why"),
    ),
    "mines_laid": MapOf(SIDE, Count()),  # minefields each side has laid
    "mines_clearing": MapOf(UNIT, HEX),  # sapper -> the hex it clears
}

GAME_FLAGS: dict[str, dict[str, Spec]] = {
    # rules/squad: closecombat.py, bunker.py, support.py, mines.py
    "squad": {
        **VICTORY_FLAGS,
        "close_combat": MapOf(
            HEX,
            Record(
                {
                    "round": Count(0, 99),
                    "joined": UNITS,
                    "feared": UNITS,
                    "skip": UNITS,
                    "spent": UNITS,
                    "safe": UNITS,
                    "retests": MapOf(UNIT, Count()),
                }
            ),
        ),
        "bunker_damage": MapOf(HEX, Count()),  # label -> damage taken (rules 3.10)
        "air_strikes_flown": ListOf(Count(0, BIG)),  # indices of the scenario's air strikes
        "mines_laying": MapOf(
            UNIT,
            Record(
                {"kind": MINE_KINDS, "hex": HEX, "turns": Count(0, 2)},
                required=("kind", "hex", "turns"),
            ),
        ),
    },
    # rules/platoon: common.py, sequence.py, mines.py
    "platoon": {
        **VICTORY_FLAGS,
        "rallied": UNITS,  # the units that rallied this turn (one rally each, rules 2.9)
        "action_taken": Flag(),  # the active formation has taken an action this impulse
        "mines_laying": MapOf(
            UNIT,
            Record(
                {"kind": MINE_KINDS, "hex": HEX, "impulses": Count(1, 2)},
                required=("kind", "hex", "impulses"),
            ),
        ),
    },
}
"""Ruleset -> the keys it keeps in ``GameState.flags`` and the shape of each value."""

UNIT_FLAG_SPECS: dict[str, Spec] = {
    "mode": Choice(HELICOPTER_MODES),
    "maneuver": Flag(),
    "dismounted_this_turn": Flag(),
    "moved_this_turn": Flag(),
    "move_locked": Flag(),
    "hexes_moved": Count(),
    "fired_this_impulse": Flag(),
    "moving_fire": Flag(),
    "mp_used": Count(),
    "no_fire_this_turn": Flag(),
    "fired_last_shooting": Flag(),
    "mode_changed": Flag(),
    "laying_turns": Count(0, 2),
    "entrenched_turn": Count(1, BIG),
    "start_figures": Count(0, 99),
    "cc_skip_round1": Flag(),
    "shooting": Choice(("fired", "ran", "dug_in")),
    "ammo_spent": Flag(),
    "suppressed_own_turn": Count(1, BIG),
}
"""A unit's ``flags`` (the same names in both rulesets, ``state.UNIT_FLAGS``): their shapes."""
