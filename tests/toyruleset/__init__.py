"""A third ruleset that lives only in the tests: the proof that a ruleset is a package.

Two sides take turns of one action each on a hex map: ``move --unit U --to HEX`` (to an
adjacent hex no enemy holds) or ``fire --unit U --target T`` (at an enemy within the
counter's AP range: one die, 4+ eliminates it). After the second side's action the turn
ends; after the scenario's last turn the game is over (victory counts 1 VP a loss).

Nothing outside this package knows it: ``register()`` puts it in the rulesets' table
(``tabletop.rules.rulesets``) under the name ``toy``, and from then on the scenario
``data/toy.yaml`` plays through the command line and the window like the others.
"""

from __future__ import annotations

from tabletop.rules import rulesets
from tabletop.rules.registry import Handler
from tests.toyruleset import answers
from tests.toyruleset.handlers import Fire, Move, ToyRuleset

NAME = "toy"

HANDLERS: dict[str, Handler] = {"move": Move(), "fire": Fire()}

RULESET = ToyRuleset(HANDLERS, options=answers.Options(), scoring=answers.Scoring(),
                     forecast=answers.Odds(), odds=answers.Odds())  # fmt: skip


def register() -> None:
    """Put the toy ruleset in the rulesets' table (``unregister`` takes it out)."""
    rulesets.register(NAME, __name__)


def unregister() -> None:
    rulesets.unregister(NAME)
