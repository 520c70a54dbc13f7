"""The platoon ruleset (rules-spec section 2): World at War style platoon counters.

``RULESET`` dispatches every action through ``HANDLERS``; to add an action, write its
handler module (``check`` with reasons, reading no dice; ``perform``) and add one line
here. Fire resolution to reuse lives in ``combat`` (to-hit, saves, ladder),
``eligibility`` (who may fire) and ``fire.fire_at``; moving in ``movement``.
"""

from __future__ import annotations

from tabletop.rules.platoon.fire import Fire, MovingFire
from tabletop.rules.platoon.registry import Handler, PlatoonRuleset
from tabletop.rules.platoon.sequence import Draw, EndImpulse, EndTurn, Rally

HANDLERS: dict[str, Handler] = {
    "draw": Draw(),
    "end-impulse": EndImpulse(),
    "end-turn": EndTurn(),
    "rally": Rally(),
    "fire": Fire(),
    "moving-fire": MovingFire(),
}

RULESET = PlatoonRuleset(HANDLERS)

__all__ = ["HANDLERS", "RULESET", "Handler", "PlatoonRuleset"]
