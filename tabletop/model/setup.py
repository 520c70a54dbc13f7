"""What a ruleset says about setting a scenario up, asked by the layers below the rules.

A scenario names its ruleset; the data loader, ``Scenario.new_game``, the editing
commands and the editors ask that ruleset the questions of :class:`Setup` (does a side
have formations? may a unit start aboard a transport? what is wrong with this setup?)
instead of branching on the ruleset's name. Each ruleset answers in its own package
(``tabletop/rules/<name>/setup.py``); its ruleset object (``tabletop.rules.engine.Ruleset``)
is its ``Setup``.

The model and the data layer sit below the rules and never import them: the rules' table
installs itself here (:func:`install`, done when ``tabletop.rules.engine`` is imported, as
the command line, the app and the tests' conftest do) and :func:`setup_for` asks it. This
is the one way down from the rules to these layers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from tabletop.model.flagspec import Spec
from tabletop.model.state import GameState, Scenario, UnitState, install_start
from tabletop.model.units import UnitType

__all__ = ["FEATURES", "Feature", "Setup", "SetupProblem", "install", "known", "setup_for"]

Feature = Literal[
    "formations", "first_side", "reinforcements", "air_strikes", "cargo", "support_weapons"
]  # fmt: skip
"""What a scenario of some rulesets has and of others not:

- ``formations``: each side's formations of chits, drawn from a cup; every unit names one;
- ``first_side``: the scenario may name the side that moves first;
- ``reinforcements``: units entering in a later turn;
- ``air_strikes``: aircraft striking a hex in a given turn;
- ``cargo``: a unit may start the scenario aboard a transport (its ``carrier``);
- ``support_weapons``: a unit may carry a support weapon counter (its ``sw``).
"""
FEATURES: tuple[Feature, ...] = (
    "formations", "first_side", "reinforcements", "air_strikes", "cargo", "support_weapons"
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SetupProblem:
    """Something wrong with a scenario's setup, for ``tabletop validate`` and the editor.

    ``unit``: the unit it is about (None: the scenario as a whole); ``key``: the key of
    that unit's entry (or of the scenario file) that is wrong, where the file shows it;
    ``warning``: the scenario still loads and plays."""

    message: str
    unit: str | None = None
    key: str | None = None
    warning: bool = False


class Setup(Protocol):
    """A ruleset's answers about a scenario's setup (``tabletop/rules/<name>/setup.py``)."""

    name: str
    description: str
    """What the ruleset is, in a sentence (the scenario editor shows it beside its name)."""
    unit_type: type[UnitType]
    """The kind of counter this ruleset plays with (a counters file's entries are read as
    this class, and the counter editor's form is the one for it)."""
    phases: tuple[str, ...]
    """The phases a game of this ruleset may be in (a saved game's ``phase:``), in play
    order, ``finished`` last."""
    game_flags: dict[str, Spec]
    """The shapes of the game flags this ruleset writes (``model.flagspec``): a saved game's
    flags are checked against them at load."""

    @property
    def loss_kinds(self) -> tuple[str, ...]:
        """What a scenario's ``victory: losses:`` may give VP for (rules-spec 6): the kinds
        of the ruleset's default losses table (a ``HandlerRuleset`` reads its scoring's)."""
        ...

    def has(self, feature: Feature) -> bool:
        """Whether this ruleset's scenarios have ``feature`` (see :data:`Feature`)."""
        ...

    def lacks(self, feature: Feature) -> str:
        """Why this ruleset's scenarios have no ``feature``, as a sentence without its
        full stop (empty when they have it)."""
        ...

    def start(self, state: GameState) -> None:
        """Set a new game (its units placed as in the scenario) at its first phase:
        ``Scenario.new_game`` asks this."""
        ...

    def carrier_problem(
        self, scenario: Scenario, unit: UnitState, carrier_id: str, *, count_room: bool = True
    ) -> str | None:
        """Why ``unit`` may not start aboard ``carrier_id``, or None; ``count_room=False``
        leaves out whether the transport is full (``setup_problems`` names the riders
        beyond its capacity itself)."""
        ...

    def setup_problems(self, scenario: Scenario) -> list[SetupProblem]:
        """What is wrong with the scenario's setup under this ruleset's rules (the checks
        of the file format, the map and the counters are the data layer's)."""
        ...


_finder: Callable[[str], Setup] | None = None
_names: Callable[[], tuple[str, ...]] | None = None


def install(finder: Callable[[str], Setup], names: Callable[[], tuple[str, ...]]) -> None:
    """The rules' table: ``finder(name)`` is the ruleset ``name`` (ValueError if none),
    ``names()`` the names it knows, in its order. ``Scenario.new_game`` asks the finder
    too, through ``model.state.install_start``."""
    global _finder, _names
    _finder, _names = finder, names

    def start(game: GameState) -> None:
        finder(game.scenario.ruleset).start(game)

    install_start(start)


def known() -> tuple[str, ...]:
    """The rulesets a file may name (``ruleset:``), in the table's order."""
    if _names is None:
        raise RuntimeError(_NOT_INSTALLED)
    return _names()


def setup_for(name: str) -> Setup:
    """The ruleset a scenario names, as its :class:`Setup`. ValueError for an unknown name."""
    if _finder is None:
        raise RuntimeError(_NOT_INSTALLED)
    return _finder(name)


_NOT_INSTALLED = (
    "no ruleset table is installed: import tabletop.rules.engine first (the command line, "
    "the app and the tests' conftest do)"
)
