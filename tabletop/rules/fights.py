"""Close combats fought over a hex, for any ruleset: what the app's close-combat chooser asks
before it builds ``close-combat --hex HEX [--targets U:E,...] [--leave ID,...] [--to HEX]``
(interfaces.md 3), the very request ``tabletop act`` takes.

``fights(state, los)`` answers, for every hex where a close combat goes on, plain frozen
data: the round the next ``close-combat`` action fights, the rounds left in this phase, the
attacking side, the units that surrender at the round's start, and for each unit that
fights: the enemies it may declare as its target, the one it fights this round given the
declarations made so far (the rules' default for the undeclared: ``targets`` of
``fight_at``), what is known before the round about its dice (leaving, Suppressed, skipping
round 1, the tank-fear test ahead), and the adjacent hexes it may leave to (the default
first), or why it may not leave. ``reasons`` say why no round may be fought there now (the
bare request's own reasons from the ruleset's ``check``); empty: the fight is pending.

``round_request`` turns the choices into the request (``--targets`` of the declared units,
``--leave``, and ``--to`` when a leaving unit goes elsewhere than its default hex);
``pairing_forecast`` gives the odds of one unit's attack on its target in the round: the
numbers ``tabletop odds --unit U --target T`` prints. A ruleset whose close combat is not
fought over a hex (the platoon's assault is a unit's action) has no fights. No die is
read and the state is not changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.model import GameState
from tabletop.rules import rulesets
from tabletop.rules.actions import ActionRequest
from tabletop.rules.forecast import Forecast
from tabletop.rules.los import LineOfSight

ONE_DESTINATION = (
    "the leaving units go to one hex (--to) or each to its first free adjacent hex: "
    "choose the same hex for each of them"
)


@dataclass(frozen=True, slots=True)
class Fighter:
    """One unit of a fight, as its next round stands."""

    unit: str
    side: str
    attacking: bool
    targets: tuple[str, ...]
    """The enemies it may declare (in unit-id order); empty: it has none to fight."""
    target: str | None
    """The enemy it fights this round: its declared target, else the rules' default."""
    notes: tuple[str, ...]
    """What is known before the round: why it rolls no dice, a test it takes first."""
    exits: tuple[str, ...]
    """The adjacent hexes it may leave to, its default first; empty: it may not leave."""
    stay_reasons: tuple[str, ...]
    """Why it may not leave (empty when ``exits`` is not)."""

    @property
    def may_leave(self) -> bool:
        return bool(self.exits)


@dataclass(frozen=True, slots=True)
class Fight:
    """The close combat in one hex."""

    hex: str
    round: int
    """The round the next ``close-combat --hex`` fights (1 to ``rounds``)."""
    rounds: int
    rounds_left: int
    attacker: str
    defender: str
    fighters: tuple[Fighter, ...]
    """Defender's units first (they declare first), each side in unit-id order."""
    surrendering: tuple[str, ...]
    """Units that surrender at the start of the round (they do not fight it)."""
    reasons: tuple[str, ...]
    """Why no round may be fought here now; empty: the fight is pending."""
    pairing: str = ""
    """The rules' constraint on the defenders' choice, in words (empty: none)."""

    @property
    def pending(self) -> bool:
        return not self.reasons

    def fighter(self, unit: str) -> Fighter:
        for f in self.fighters:
            if f.unit == unit:
                return f
        raise KeyError(unit)


def fights(state: GameState, los: LineOfSight, *, side: str | None = None) -> tuple[Fight, ...]:
    """Every hex where a close combat goes on, in label order (pending or not)."""
    found: tuple[Fight, ...] = rulesets.load(state.scenario.ruleset).fights(state, los, side)
    return found


def fight_at(
    state: GameState,
    los: LineOfSight,
    hex_label: str,
    *,
    declared: Mapping[str, str] | None = None,
    leave: Sequence[str] = (),
    side: str | None = None,
) -> Fight | None:
    """The fight in ``hex_label`` with the targets ``declared`` so far and the units that
    ``leave`` (None: no close combat there)."""
    ruleset = rulesets.load(state.scenario.ruleset)
    found: Fight | None = ruleset.fight_at(state, los, hex_label, dict(declared or {}),
                                           tuple(leave), side)  # fmt: skip
    return found


def round_request(
    fight: Fight,
    declared: Mapping[str, str],
    leaving: Mapping[str, str | None],
    *,
    side: str | None = None,
) -> tuple[ActionRequest | None, list[str]]:
    """The ``close-combat`` request of the choices: ``declared`` unit -> target, ``leaving``
    unit -> the hex it goes to (None: its default). ``--to`` is one hex for every leaving
    unit (interfaces.md 3): choices that need two are answered with the reason."""
    dests: dict[str, str | None] = {}
    for u, chosen in leaving.items():
        exits = fight.fighter(u).exits
        dests[u] = chosen if chosen is not None else (exits[0] if exits else None)
    moved = [u for u, d in dests.items() if d is not None and fight.fighter(u).exits[:1] != (d,)]
    to: tuple[str, ...] = ()
    if moved:
        if len(set(dests.values())) > 1:
            return None, [ONE_DESTINATION]
        to = (str(dests[moved[0]]),)
    targets = tuple(sorted((u, e) for u, e in declared.items() if u not in leaving))
    request = ActionRequest("close-combat", hex=fight.hex, targets=targets,
                            leave=tuple(sorted(leaving)), to=to, side=side)  # fmt: skip
    return request, []


def pairing_forecast(state: GameState, unit: str, target: str) -> Forecast:
    """The odds of ``unit``'s attack on ``target`` in their next close-combat round (the
    numbers of ``tabletop odds --unit UNIT --target TARGET``), with its dice and the
    target's defense roll in words."""
    result: Forecast = rulesets.load(state.scenario.ruleset).pairing_forecast(state, unit, target)
    return result
