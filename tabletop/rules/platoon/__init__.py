"""The platoon ruleset (rules-spec section 2): World at War style platoon counters.

``RULESET`` dispatches every action through ``HANDLERS``; to add an action, write its
handler module (``check`` with reasons, reading no dice; ``perform``) and add one line
here. Fire resolution to reuse lives in ``combat`` (to-hit, saves, ladder),
``eligibility`` (who may fire) and ``fire.fire_at``; moving in ``movement``.
"""

from __future__ import annotations

from tabletop.rules.platoon import forecast, oddsreport, options, scoring
from tabletop.rules.platoon.assault import Assault
from tabletop.rules.platoon.entrench import DigIn
from tabletop.rules.platoon.fire import Fire, MovingFire
from tabletop.rules.platoon.helicopter import Mode
from tabletop.rules.platoon.mines import ClearMines, LayMines
from tabletop.rules.platoon.move import Move
from tabletop.rules.platoon.opfire import OpportunityFire, Pass
from tabletop.rules.platoon.registry import Handler, PlatoonRuleset
from tabletop.rules.platoon.sequence import Draw, EndImpulse, EndTurn, Rally
from tabletop.rules.platoon.transport import Load, Unload

HANDLERS: dict[str, Handler] = {
    "draw": Draw(),
    "end-impulse": EndImpulse(),
    "end-turn": EndTurn(),
    "rally": Rally(),
    "fire": Fire(),
    "moving-fire": MovingFire(),
    # maneuver (rules 2.2 opportunity fire, 2.5-2.7, 2.10, 2.11, 3.5, 3.8)
    "move": Move(),
    "opportunity-fire": OpportunityFire(),
    "pass": Pass(),
    "assault": Assault(),
    "overrun": Assault(),
    "mode": Mode(),
    "load": Load(),
    "unload": Unload(),
    "dig-in": DigIn(),
    "lay-mines": LayMines(),
    "clear-mines": ClearMines(),
}

RULESET = PlatoonRuleset(
    HANDLERS, options=options, scoring=scoring, forecast=forecast, odds=oddsreport
)

__all__ = ["HANDLERS", "RULESET", "Handler", "PlatoonRuleset"]
