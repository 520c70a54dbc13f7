"""The squad fuzzer's player (legal actions at random for both sides, through ``PlayAction`` on
a ``History`` with undo and redo), the bundled squad demo as ``load_demo()`` (cut to
``TABLETOP_FUZZ_SQUAD_TURNS`` game turns when set), and ``check_game``: played to the end,
replayed from its log, saved and validated. Shared by tests/rules/squad/test_fuzz.py and
tests/rules/test_narrate_words.py."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from tabletop.commands import History
from tabletop.data import load_scenario, save_game, validate_file
from tabletop.geometry import LosEngine
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import GameState, HexMarker, Scenario, UnitState
from tabletop.rules import ActionRequest, RandomDice, engine
from tabletop.rules.los import LineOfSight
from tests.helpers.fuzzplay import play_checked
from tests.helpers.platoon_player import CachedLos

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scenarios" / "demo-squad.yaml"
TURNS = int(os.environ.get("TABLETOP_FUZZ_SQUAD_TURNS", "0"))  # 0: every game turn
ACTIONS_PER_PHASE = 3
TRIES = 6


class SquadLos(CachedLos):
    """The platoon fuzzer's cache, with the visible share of rules 3.4 cached too."""

    def visible_share(
        self, a: Hex, b: Hex, markers: Sequence[HexMarker] = (), ignore: Sequence[HexSide] = ()
    ) -> float:
        key = ("share", a, b, tuple((m.hex, m.kind) for m in markers), tuple(ignore))
        hit = self.shares.get(key)
        if hit is None:
            hit = self.shares[key] = self.inner.visible_share(a, b, markers, ignore)
        return hit

    def __init__(self, inner: LineOfSight) -> None:
        super().__init__(inner)
        self.shares: dict[object, float] = {}


UNIT_ACTIONS = {
    "movement": ("move",) * 6
    + ("lay-mines", "clear-mines", "morale-test", "load", "load", "load", "unload"),
    "shooting": ("fire", "fire", "run", "dig-in", "suppress", "suppress", "air-strike"),
}


class Player:
    """Picks random actions; the rules decide legality (``ruleset.check``)."""

    def __init__(self, state: GameState, los: LineOfSight, seed: int) -> None:
        self.history = History(limit=32)
        self.state = state
        self.los = los
        self.rng = random.Random(seed)
        self.dice = RandomDice(seed * 7919 + 3)
        self.ruleset = engine.ruleset_for("squad")
        self.done = 0
        self.phase = (state.turn, state.active_side, state.phase)

    def legal(self, request: ActionRequest) -> bool:
        return not self.ruleset.check(self.state, request, self.los)

    def play(self, request: ActionRequest) -> None:
        play_checked(self.history, self.state, request, self.los, self.dice, self.rng)

    def step(self) -> None:
        s = self.state
        now = (s.turn, s.active_side, s.phase)
        if now != self.phase:
            self.phase, self.done = now, 0
        if s.phase == "close_combat" and self.close_combat():
            return
        if s.phase == "shooting" and self.rng.random() < 0.3:
            strike = self.air_strike()
            if strike is not None:
                self.play(strike)
                return
        if self.done < ACTIONS_PER_PHASE and s.phase in UNIT_ACTIONS and self.act():
            self.done += 1
            return
        self.play(ActionRequest("end-phase"))

    def close_combat(self) -> bool:
        from tabletop.rules.squad.closecombat import ROUNDS, combat_hexes, rounds_done

        s = self.state
        hexes = [h for h in combat_hexes(s) if rounds_done(s, h) < ROUNDS]
        if not hexes:
            return False
        h = self.rng.choice(hexes)
        where = s.scenario.map.label(h)
        units = [u.id for u in s.units_at(h)]
        if self.rng.random() < 0.15:
            req = ActionRequest("close-combat", hex=where, leave=(self.rng.choice(units),))
            if self.legal(req):
                self.play(req)
                return True
        self.play(ActionRequest("close-combat", hex=where))
        return True

    def air_strike(self) -> ActionRequest | None:
        s = self.state
        for strike in s.scenario.air_strikes:
            req = ActionRequest("air-strike", hex=s.scenario.map.label(strike.hex))
            if self.legal(req):
                return req
        return None

    def act(self) -> bool:
        s = self.state
        units = sorted((u for u in s.units.values() if u.on_map and u.side == s.active_side),
                       key=lambda u: u.id)  # fmt: skip
        for _ in range(TRIES):
            if not units:
                return False
            req = self.propose(self.rng.choice(units))
            if req is not None and self.legal(req):
                self.play(req)
                return True
        return False

    def propose(self, unit: UnitState) -> ActionRequest | None:
        kind = self.rng.choice(UNIT_ACTIONS[self.state.phase])
        uid = (unit.id,)
        hex_map = self.state.scenario.map
        assert unit.hex is not None
        if kind in ("move", "run"):
            most = 4 if kind == "move" else 2
            return ActionRequest(kind, units=uid, to=self.path(unit, most),
                                 maneuver=kind == "move" and self.rng.random() < 0.15)  # fmt: skip
        if kind == "fire":
            enemy = self.enemy(unit)
            return None if enemy is None else ActionRequest("fire", units=uid, target=enemy.id)
        if kind in ("suppress", "air-strike"):
            enemy = self.enemy(unit)
            if enemy is None or enemy.hex is None:
                return None
            return ActionRequest(kind, units=uid, hex=hex_map.label(enemy.hex))
        if kind == "load":
            return self.load(unit)
        if kind == "unload":
            to = self.path(unit, 3) if self.rng.random() < 0.5 else ()
            return ActionRequest(kind, units=uid, to=to)
        if kind == "lay-mines":
            return ActionRequest("lay-mines", units=uid, kind=self.rng.choice(("at", "ap")))
        if kind == "clear-mines":
            near = [unit.hex, *hex_map.neighbors(unit.hex)]
            return ActionRequest("clear-mines", units=uid, hex=hex_map.label(self.rng.choice(near)))
        return ActionRequest(kind, units=uid)

    def load(self, unit: UnitState) -> ActionRequest | None:
        """A transport of the side (``unit`` itself or another) takes a friend in its hex
        aboard, sometimes with its cargo's friend walking to it first: loads are rare
        otherwise, as both must stand in one hex with the cargo not yet moved."""
        s = self.state
        carriers = [u for u in s.units.values() if u.on_map and u.side == unit.side
                    and s.scenario.squad_type(u.type_id).capacity > 0]  # fmt: skip
        if not carriers:
            return None
        carrier = unit if unit in carriers else self.rng.choice(carriers)
        assert carrier.hex is not None
        friends = [u.id for u in s.units_at(carrier.hex)
                   if u.side == carrier.side and u.id != carrier.id]  # fmt: skip
        if not friends:
            return None
        to = self.path(carrier, 3) if self.rng.random() < 0.5 else ()
        return ActionRequest("load", units=(carrier.id,), target=self.rng.choice(friends), to=to)

    def path(self, unit: UnitState, most: int) -> tuple[str, ...]:
        """A random walk, often toward the nearest enemy (to start close combats)."""
        here = unit.hex
        assert here is not None
        hex_map = self.state.scenario.map
        foes = [u.hex for u in self.state.units.values()
                if u.on_map and u.side != unit.side and u.hex is not None]  # fmt: skip
        goal = min(foes, key=here.distance) if foes and self.rng.random() < 0.6 else None
        out: list[Hex] = []
        for _ in range(self.rng.randint(1, most)):
            options = [n for n in hex_map.neighbors(here) if n not in out and n != unit.hex]
            if not options:
                break
            here = min(options, key=goal.distance) if goal else self.rng.choice(options)
            out.append(here)
            if goal is not None and here == goal:
                break
        return tuple(hex_map.label(h) for h in out)

    def enemy(self, unit: UnitState) -> UnitState | None:
        foes = [u for u in self.state.units.values()
                if u.on_map and u.side != unit.side and u.hex is not None]  # fmt: skip
        return self.rng.choice(foes) if foes else None


def play_game(scenario: Scenario, los: LineOfSight, seed: int, *, limit: int = 3000) -> GameState:
    state = scenario.new_game()
    player = Player(state, los, seed)
    for _ in range(limit):
        if state.finished:
            return state
        player.step()
    raise AssertionError(f"seed {seed}: the game did not end in {limit} actions")


def load_demo() -> tuple[Scenario, LineOfSight]:
    scenario = load_scenario(DEMO)
    if TURNS:
        scenario = replace(scenario, turns=min(TURNS, scenario.turns))
    return scenario, SquadLos(LosEngine(scenario.map, scenario.options))


def check_game(demo: tuple[Scenario, LineOfSight], seed: int, tmp_path: Path) -> None:
    scenario, los = demo
    state = play_game(scenario, los, seed)
    assert state.finished and state.turn == scenario.turns, f"seed {seed}: not played out"
    again = engine.replay(scenario, state.log, los)
    assert again.same_as(state), f"seed {seed}: the replay differs"
    path = tmp_path / f"squad-{seed}.yaml"
    save_game(state, path)
    errors = validate_file(path)[0]
    assert not errors, f"seed {seed}: {errors[:3]}"
    path.unlink()
