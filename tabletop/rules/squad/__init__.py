"""The squad ruleset (rules-spec section 3): units made of figures with wounds.

``RULESET`` dispatches every action through ``HANDLERS``; to add an action, write its
handler (``check`` with reasons, reading no dice; ``perform``) and add one line here. What
to reuse: ``figures`` (wounds, falling, medics), ``fire`` (dice groups, the attack, armor
and save rolls), ``cover`` (the save of rules 3.4), ``movement`` (costs, paths, bunkers),
``sequence`` (phases, with hook registries for each phase's edges), ``odds``,
``common.units_in`` (who takes part in a hex: everyone but cargo, ``transport``).
"""

from __future__ import annotations

from tabletop.rules.squad import fights, forecast, oddsreport, options, scoring
from tabletop.rules.squad.closecombat import CloseCombat
from tabletop.rules.squad.entrench import DigIn
from tabletop.rules.squad.fire import Fire
from tabletop.rules.squad.mines import ClearMines, LayMines
from tabletop.rules.squad.morale import MoraleTest
from tabletop.rules.squad.movement import Move, Run
from tabletop.rules.squad.registry import Handler, SquadRuleset
from tabletop.rules.squad.sequence import EndPhase, EndTurn
from tabletop.rules.squad.support import AirStrike, Suppress
from tabletop.rules.squad.transport import Load, Unload

HANDLERS: dict[str, Handler] = {
    "end-phase": EndPhase(),
    "end-turn": EndTurn(),
    "move": Move(),
    "run": Run(),
    "fire": Fire(),
    "dig-in": DigIn(),
    "close-combat": CloseCombat(),
    "morale-test": MoraleTest(),
    "lay-mines": LayMines(),
    "clear-mines": ClearMines(),
    "suppress": Suppress(),
    "air-strike": AirStrike(),
    "load": Load(),
    "unload": Unload(),
}

RULESET = SquadRuleset(
    HANDLERS, options=options, scoring=scoring, forecast=forecast, odds=oddsreport, fights=fights
)

__all__ = ["HANDLERS", "RULESET", "Handler", "SquadRuleset"]
