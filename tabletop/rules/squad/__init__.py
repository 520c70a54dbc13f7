"""The squad ruleset (rules-spec section 3): units made of figures with wounds.

``RULESET`` dispatches every action it declares (``actions.DECLARED``); to add an action,
write its handler (``check`` with reasons, reading no dice; ``perform``) and declare it once
in ``actions.py`` (docs/architecture.md, "How to add an action"). What to reuse: ``effects``
(elimination, Suppressed, surrender, a carrier's cargo and its fate; it imports no
handler), ``figures`` (wounds, falling, medics), ``fire`` (dice groups, the attack, armor
and save rolls), ``cover`` (the save of rules 3.4), ``movement`` (costs, paths, bunkers),
``sequence`` (phases, with hook registries for each phase's edges), ``odds``,
``common.units_in`` (who takes part in a hex: everyone but cargo, ``transport``).
"""

from __future__ import annotations

from tabletop.rules.squad import fights, forecast, oddsreport, options, scoring
from tabletop.rules.squad.actions import DECLARED
from tabletop.rules.squad.registry import Handler, SquadRuleset

RULESET = SquadRuleset(
    DECLARED, options=options, scoring=scoring, forecast=forecast, odds=oddsreport, fights=fights
)

__all__ = ["DECLARED", "RULESET", "Handler", "SquadRuleset"]
