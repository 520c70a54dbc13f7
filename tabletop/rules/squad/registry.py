"""The squad ruleset on the shared handler registry (``tabletop.rules.registry``).

Adding an action is one handler plus its declaration in
``tabletop/rules/squad/actions.py``.
"""

from __future__ import annotations

from tabletop.rules.registry import Handler, HandlerRuleset
from tabletop.rules.squad.setup import SquadSetup

__all__ = ["Handler", "SquadRuleset"]


class SquadRuleset(SquadSetup, HandlerRuleset):
    """``tabletop.rules.engine.Ruleset`` for the squad game (rules-spec section 3); its
    setup questions are ``setup.SquadSetup``'s."""

    name = "squad"
    not_yet = "{action} is not an action of the {name} ruleset yet"
