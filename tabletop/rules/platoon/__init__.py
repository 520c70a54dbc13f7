"""The platoon ruleset (rules-spec section 2): World at War style platoon counters.

``RULESET`` dispatches every action it declares (``actions.DECLARED``); to add an action,
write its handler module (``check`` with reasons, reading no dice; ``perform``) and declare
it once in ``actions.py`` (docs/architecture.md, "How to add an action"). Fire resolution to
reuse lives in ``combat`` (to-hit, saves), ``eligibility`` (who may fire) and
``fire.fire_at``; what hits do (the ladder, cargo) in ``effects``, which imports no
handler; moving in ``movement``, the walk of a move in ``pause`` (``AFTER_WALK``: what an
action does once its move is over).
"""

from __future__ import annotations

from tabletop.rules.platoon import forecast, oddsreport, options, scoring
from tabletop.rules.platoon.actions import DECLARED
from tabletop.rules.platoon.registry import Handler, PlatoonRuleset

RULESET = PlatoonRuleset(
    DECLARED, options=options, scoring=scoring, forecast=forecast, odds=oddsreport
)

__all__ = ["DECLARED", "RULESET", "Handler", "PlatoonRuleset"]
