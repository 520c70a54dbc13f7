"""The platoon ruleset on the shared handler registry (``tabletop.rules.registry``).

Its one refusal of its own, before any handler's: a paused move (rules 2.2) lets only its
answers through. Adding an action is one new module plus its declaration in
``tabletop/rules/platoon/actions.py``.
"""

from __future__ import annotations

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.platoon.setup import PlatoonSetup
from tabletop.rules.registry import Handler, HandlerRuleset

__all__ = ["Handler", "PlatoonRuleset"]


class PlatoonRuleset(PlatoonSetup, HandlerRuleset):
    """``tabletop.rules.engine.Ruleset`` for the platoon game (rules-spec section 2); its
    setup questions are ``setup.PlatoonSetup``'s."""

    name = "platoon"
    not_yet = "{action} is not implemented yet in the {name} ruleset"
    cup = True

    def more_reasons(self, state: GameState, request: ActionRequest) -> list[str]:
        from tabletop.rules.platoon.pause import pending_reasons  # a paused move (2.2)

        return pending_reasons(state, request.action)
