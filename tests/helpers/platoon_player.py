"""The platoon fuzzer's player (legal actions at random for both sides, through the same path
as ``tabletop act``), the bundled platoon demo as ``load_demo()``, and ``check_game``:
played to the end, replayed from its log, saved and validated. Shared by
tests/rules/platoon/test_fuzz.py and tests/rules/test_narrate_words.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from tabletop.commands import History
from tabletop.data import load_scenario, save_game, validate_file
from tabletop.geometry import LosEngine
from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, Kind, Pending, Scenario, UnitState
from tabletop.rules import ActionRequest, LosResult, RandomDice, Viewpoint, engine
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.common import pside, ptype
from tests.helpers.fuzzplay import play_checked

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scenarios" / "demo-platoon.yaml"
ACTIONS_PER_IMPULSE = 4
TRIES = 8


class CachedLos:
    """The real LOS engine behind a cache keyed by both viewpoints and the hex markers
    that affect sight: the same answers, asked once (random play asks the same lines
    thousands of times)."""

    def __init__(self, inner: LineOfSight) -> None:
        self.inner = inner
        self.cache: dict[object, LosResult] = {}

    def check(self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()) -> LosResult:
        key = (a, b, tuple((m.hex, m.kind) for m in markers))
        hit = self.cache.get(key)
        if hit is None:
            hit = self.cache[key] = self.inner.check(a, b, markers)
        return hit

    def visible_from(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> frozenset[Hex]:
        return self.inner.visible_from(a, markers)

    def visible_share(self, a: Hex, b: Hex, markers: Sequence[HexMarker] = ()) -> float:
        return self.inner.visible_share(a, b, markers)


class Player:
    """Picks random legal actions; the rules decide legality (``ruleset.check``)."""

    def __init__(self, state: GameState, los: LineOfSight, seed: int) -> None:
        self.history = History(limit=64)
        self.state = state
        self.los = los
        self.rng = random.Random(seed)
        self.dice = RandomDice(seed * 7919 + 1)
        self.ruleset = engine.ruleset_for("platoon")
        self.done_in_impulse = 0

    def legal(self, request: ActionRequest) -> bool:
        return not self.ruleset.check(self.state, request, self.los)

    def play(self, request: ActionRequest) -> None:
        """As ``tabletop act`` does: a ``PlayAction`` (its redo is ``engine.perform``) on
        a ``History``; every few actions one is undone and redone, which must give the
        same state (the memento and the recorded dice)."""
        play_checked(self.history, self.state, request, self.los, self.dice, self.rng)

    def step(self) -> None:
        s = self.state
        pending = s.pending
        if pending is not None:
            self.play(self.answer(pending))
        elif s.phase != "impulse":
            self.play(ActionRequest("draw") if s.cup else ActionRequest("end-turn"))
            self.done_in_impulse = 0
        elif self.done_in_impulse >= ACTIONS_PER_IMPULSE or not self.act():
            self.play(ActionRequest("end-impulse"))

    def answer(self, pending: Pending) -> ActionRequest:
        if pending.kind == "move_paused":
            return ActionRequest("move", units=(pending.unit,), cont=True)
        firers = list(pending.firers)
        if firers and self.rng.random() < 0.6:
            firer = self.rng.choice(firers)
            for w in ("ap", "he", "aa"):
                req = ActionRequest("opportunity-fire", units=(firer,),
                                    target=pending.unit, weapon=w)  # fmt: skip
                if self.legal(req):
                    return req
        return ActionRequest("pass")

    def act(self) -> bool:
        """One random legal action of the active formation; False if none was found."""
        s = self.state
        units = [
            u for u in s.units.values()
            if u.on_map and u.formation == s.active_formation and u.sw_of is None
            and u.carrier is None and not u.has("ops_complete")
        ]  # fmt: skip
        for _ in range(TRIES):
            if not units:
                return False
            unit = self.rng.choice(sorted(units, key=lambda u: u.id))
            req = self.propose(unit)
            if req is not None and self.legal(req):
                self.play(req)
                self.done_in_impulse += 1
                return True
        return False

    def propose(self, unit: UnitState) -> ActionRequest | None:
        if self.rng.random() < 0.5:  # next to an enemy, often try the assault (2.10)
            assault = self.assault(unit)
            if assault is not None:
                return assault
        return self.propose_any(unit)

    def propose_any(self, unit: UnitState) -> ActionRequest | None:
        kind = self.rng.choice(("move", "move", "fire", "fire", "moving-fire", "assault",
                                "mode", "load", "unload", "dig-in", "mines", "rally"))  # fmt: skip
        uid = (unit.id,)
        if kind == "rally":
            return ActionRequest("rally", units=uid)
        if kind == "move":
            return ActionRequest("move", units=uid, to=self.path(unit, 6),
                                 maneuver=self.rng.random() < 0.1)  # fmt: skip
        if kind in ("fire", "moving-fire"):
            enemy = self.enemy(unit)
            if enemy is None:
                return None
            if kind == "fire" and ptype(self.state, unit).kind is Kind.MORTAR:
                # indirect fire (2.11) at the enemy's hex, spotted by a friendly HQ or recon
                assert enemy.hex is not None
                return ActionRequest(
                    "fire", units=uid, hex=self.state.scenario.map.label(enemy.hex)
                )
            weapon = self.rng.choice([w.value for w in pside(self.state, unit).ratings()] or ["he"])
            to = self.path(unit, 3) if kind == "moving-fire" else ()
            return ActionRequest(kind, units=uid, target=enemy.id, weapon=weapon, to=to)
        if kind == "assault":
            return self.assault(unit)
        if kind == "mode":
            return ActionRequest("mode", units=uid,
                                 mode=self.rng.choice(("flying", "noe", "landed")))  # fmt: skip
        if kind in ("load", "unload"):
            here = [u.id for u in self.state.units_at(unit.hex) if u.id != unit.id]
            target = self.rng.choice(here) if here and kind == "load" else None
            return ActionRequest(kind, units=uid, target=target, to=self.path(unit, 2))
        if kind == "dig-in":
            return ActionRequest("dig-in", units=uid)
        if self.rng.random() < 0.5:
            return ActionRequest("lay-mines", units=uid, kind=self.rng.choice(("at", "ap")))
        h = self.state.scenario.map.label(unit.hex)
        return ActionRequest("clear-mines", units=uid, hex=h)

    def path(self, unit: UnitState, most: int) -> tuple[str, ...]:
        here = unit.hex
        assert here is not None
        hex_map = self.state.scenario.map
        out: list[Hex] = []
        for _ in range(self.rng.randint(1, most)):
            options = [n for n in hex_map.neighbors(here) if n not in out]
            if not options:
                break
            here = self.rng.choice(options)
            out.append(here)
        return tuple(hex_map.label(h) for h in out)

    def enemy(self, unit: UnitState) -> UnitState | None:
        foes = [u for u in self.state.enemies_of(unit.side)
                if u.sw_of is None and u.carrier is None and u.hex is not None
                and unit.hex is not None and u.hex.distance(unit.hex) <= 12]  # fmt: skip
        return self.rng.choice(foes) if foes else None

    def assault(self, unit: UnitState) -> ActionRequest | None:
        """An assault or overrun (2.10) on an enemy within 3 hexes, moving along the
        straight line of hexes into its hex (and, for an overrun, out to one beyond)."""
        assert unit.hex is not None
        near = [
            u
            for u in self.state.enemies_of(unit.side)
            if u.hex is not None and u.sw_of is None and u.hex.distance(unit.hex) <= 3
        ]
        if not near:
            return None
        foe = self.rng.choice(near)
        assert foe.hex is not None
        hex_map = self.state.scenario.map
        path = [h for h in unit.hex.line_to(foe.hex)[1:] if h in hex_map]
        to = [hex_map.label(h) for h in path]
        if ptype(self.state, unit).is_vehicle and self.rng.random() < 0.5:
            exits = [n for n in hex_map.neighbors(foe.hex) if n not in (unit.hex, *path)]
            if exits:
                to.append(hex_map.label(self.rng.choice(exits)))
                return ActionRequest("overrun", units=(unit.id,), to=tuple(to))
        return ActionRequest("assault", units=(unit.id,), to=tuple(to))


def play_game(scenario: Scenario, los: LineOfSight, seed: int, *, limit: int = 5000) -> GameState:
    state = scenario.new_game()
    player = Player(state, los, seed)
    for _ in range(limit):
        if state.finished:
            return state
        player.step()
    raise AssertionError(f"seed {seed}: the game did not end in {limit} actions")


def load_demo() -> tuple[Scenario, LineOfSight]:
    scenario = load_scenario(DEMO)
    return scenario, CachedLos(LosEngine(scenario.map, scenario.options))


def check_game(
    demo: tuple[Scenario, LineOfSight], seed: int, tmp_path: Path, *, validate: bool = True
) -> None:
    scenario, los = demo
    state = play_game(scenario, los, seed)
    assert state.finished and state.pending is None
    again = engine.replay(scenario, state.log, los)
    assert again.same_as(state), f"seed {seed}: the replay differs"
    if not validate:
        return
    path = tmp_path / f"game-{seed}.yaml"
    save_game(state, path)
    errors = validate_file(path)[0]
    assert not errors, f"seed {seed}: {errors[:3]}"
