"""What the selected unit may do now, for the actions panel and the context menu.

Every answer comes from the ruleset's own ``check`` through the ``Ruleset`` protocol
(``tabletop.rules.engine``), so the panel never offers what ``tabletop act`` would refuse and
greys the rest with the very reasons ``act`` prints. Nothing here knows a ruleset's
internals: the candidates tried (neighbouring hexes, enemy units, friendly units in the hex,
modes, minefield kinds) are the forms of interfaces.md section 3, and an action a ruleset
does not have simply never shows as available.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from tabletop.model import GameState, UnitState
from tabletop.rules import ActionRequest, LineOfSight
from tabletop.rules.engine import ruleset_for

WEAPONS = ("ap", "he", "aa")
MODES = ("flying", "noe", "landed")


@dataclass(frozen=True)
class Option:
    """One action of one unit (None: of the game): the legal requests found, or why not."""

    action: str
    unit: str | None
    choices: tuple[ActionRequest, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return bool(self.choices)


UNIT_ACTIONS = (
    "move", "fire", "moving-fire", "opportunity-fire", "assault", "overrun", "run", "rally",
    "mode", "load", "unload", "dig-in", "lay-mines", "clear-mines", "suppress",
)  # fmt: skip
GAME_ACTIONS = ("draw", "end-impulse", "end-phase", "end-turn", "pass")


class Chooser:
    """Asks the ruleset of ``state`` which candidate requests are legal."""

    def __init__(self, state: GameState, los: LineOfSight) -> None:
        self.state = state
        self.los = los
        self.ruleset = ruleset_for(state.scenario.ruleset)

    def reasons(self, request: ActionRequest) -> list[str]:
        return self.ruleset.check(self.state, request, self.los)

    def legal(
        self, requests: Iterable[ActionRequest], *, stop: bool = False
    ) -> tuple[list[ActionRequest], list[str]]:
        """The legal requests (``stop``: only the first one) and, when none is legal, the
        reasons every candidate shares, or the first candidate's."""
        legal: list[ActionRequest] = []
        common: list[str] | None = None
        first: list[str] = []
        for request in requests:
            why = self.reasons(request)
            if not why:
                legal.append(request)
                if stop:
                    break
                continue
            first = first or why
            common = why if common is None else [r for r in common if r in why]
        return legal, (common or first) if not legal else []

    # --- candidates -------------------------------------------------------------------------
    def neighbours(self, unit: UnitState) -> list[str]:
        hexmap = self.state.scenario.map
        if unit.hex is None:
            return []
        return [hexmap.label(n) for n in hexmap.neighbors(unit.hex)]

    def enemies(self, unit: UnitState) -> list[UnitState]:
        return [e for e in self.state.enemies_of(unit.side) if e.sw_of is None]

    def candidates(self, a: str, unit: UnitState) -> list[ActionRequest]:
        base = ActionRequest(a, units=(unit.id,))
        if a in ("move", "run"):
            return [replace(base, to=(n,)) for n in self.neighbours(unit)]
        if a == "opportunity-fire":
            pending = self.state.pending or {}
            mover = pending.get("unit")
            return [replace(base, target=str(mover), weapon=w) for w in WEAPONS] if mover else []
        if a == "fire":
            out = [replace(base, target=e.id, weapon=w) for e in self.enemies(unit)
                   for w in WEAPONS]  # fmt: skip
            enemy_hexes = sorted({self._label(e) for e in self.enemies(unit) if e.hex})
            return out + [replace(base, hex=h) for h in enemy_hexes]
        if a == "moving-fire":
            return [replace(base, to=(n,), target=e.id, weapon=w) for n in self.neighbours(unit)
                    for e in self.enemies(unit) for w in WEAPONS]  # fmt: skip
        if a in ("assault", "overrun"):
            held = {self._label(e) for e in self.enemies(unit) if e.hex is not None}
            return [replace(base, to=(n,)) for n in self.neighbours(unit) if n in held]
        if a == "mode":
            return [replace(base, mode=m) for m in MODES if m != unit.mode]
        if a == "load":
            here = self.state.units_at(unit.hex) if unit.hex is not None else []
            return [replace(base, target=u.id) for u in here if u.id != unit.id]
        if a == "lay-mines":
            return [replace(base, kind=k) for k in ("at", "ap")]
        if a in ("clear-mines", "suppress"):
            own = [self._label(unit)] if unit.hex is not None else []
            return [replace(base, hex=h) for h in own + self.neighbours(unit)]
        return [base]

    def _label(self, unit: UnitState) -> str:
        assert unit.hex is not None
        return self.state.scenario.map.label(unit.hex)

    # --- answers ----------------------------------------------------------------------------
    def options(self, unit_id: str, *, complete: bool = False) -> list[Option]:
        """Every action of the unit that the ruleset has, with its first legal request
        (``complete``: every one) among the candidates, or the reasons it is refused."""
        unit = self.state.units.get(unit_id)
        if unit is None:
            return []
        out: list[Option] = []
        for action in UNIT_ACTIONS:
            legal, why = self.legal(self.candidates(action, unit), stop=not complete)
            if not _not_in_ruleset(why):
                out.append(Option(action, unit_id, tuple(legal), tuple(why)))
        return out

    def game_options(self) -> list[Option]:
        """The actions of nobody in particular: draw (each formation in the cup), end an
        impulse, phase or turn, pass."""
        out: list[Option] = []
        for action in GAME_ACTIONS:
            if action == "draw":
                cands = [ActionRequest("draw")] + [
                    ActionRequest("draw", formation=f) for f in dict.fromkeys(self.state.cup)
                ]
            else:
                cands = [ActionRequest(action)]
            legal, why = self.legal(cands)
            if not _not_in_ruleset(why):
                out.append(Option(action, None, tuple(legal), tuple(why)))
        return out


def _not_in_ruleset(reasons: list[str]) -> bool:
    """The ruleset has no such action: the panel leaves it out rather than greying it."""
    return any("is not implemented" in r or r.startswith("unknown action") for r in reasons)
