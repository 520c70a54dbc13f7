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

from tabletop.model import LogEntry
from tabletop.rules import phrases, rulesets
from tabletop.rules.actions import ActionResult
from tabletop.rules.declare import ActionSpec
from tabletop.rules.phrases import Words
from tests.toyruleset import answers
from tests.toyruleset.handlers import Fire, Move, ToyRuleset

NAME = "toy"


def head_shot(w: Words, entry: LogEntry, result: ActionResult | None) -> str:
    """How a log entry of the toy's fire reads: ``Pawn blue-1 takes a shot at Pawn red-1``."""
    units = [str(u) for u in entry.args.get("units", [])]
    return f"{w.units(units)} takes a shot at {w.unit(str(entry.args.get('target')))}"


DECLARED: tuple[ActionSpec, ...] = (
    ActionSpec("move", Move(), "Step", "M", "path", "Click the next hex", fields=("units", "to"),
               head=phrases.head_move),
    ActionSpec("fire", Fire(), "Shoot", "F", "target", "Click an enemy in range: 4+ eliminates",
               fields=("units", "target"), head=head_shot),
)  # fmt: skip
"""The toy's two actions, each declared once: the window's labels, ``act --help`` and the
log's wording read these."""

RULESET = ToyRuleset(DECLARED, options=answers.Options(), scoring=answers.Scoring(),
                     forecast=answers.Odds(), odds=answers.Odds())  # fmt: skip


def register() -> None:
    """Put the toy ruleset in the rulesets' table (``unregister`` takes it out)."""
    rulesets.register(NAME, __name__)


def unregister() -> None:
    rulesets.unregister(NAME)
