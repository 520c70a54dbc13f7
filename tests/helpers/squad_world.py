"""Small squad games built in code, with the bundled standard chart, the bundled squad
counters (``counters/squad.yaml``, loaded once) and the real line-of-sight engine.

The map is 12 x 10 hexes (labels ``0101`` to ``1210``), clear unless a test says otherwise.
Two sides, ``german`` (first) and ``soviet``, as in the counters. ``world(...)`` opens the
game in the movement phase of ``side`` (default german) unless ``phase`` says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from tabletop.data import load_chart, load_counters
from tabletop.geometry import LosEngine
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import (
    Figure,
    GameState,
    Grid,
    HexCell,
    HexMap,
    HexMarker,
    Options,
    Scenario,
    SideDef,
    SquadUnitType,
    UnitState,
)
from tabletop.rules import ActionRequest, ActionResult, ScriptedDice, engine

ROOT = Path(__file__).resolve().parents[2]
GRID = Grid(12, 10)


@cache
def types() -> dict[str, SquadUnitType]:
    loaded = load_counters(ROOT / "counters" / "squad.yaml").units
    return {k: v for k, v in loaded.items() if isinstance(v, SquadUnitType)}


@cache
def chart() -> Any:
    return load_chart("standard")


def hx(label: str) -> Hex:
    return GRID.scheme().parse(label)


def unit(uid: str, type_id: str, side: str, at: str, **kw: Any) -> UnitState:
    """A unit at full strength unless ``figures`` is given (a list of Figure or a count)."""
    t = kw.pop("utype", None) or types()[type_id]
    full = [Figure(s.model) for s in t.figures for _ in range(s.count)]
    figures = kw.pop("figures", None)
    if isinstance(figures, int):
        figures = full[:figures]
    kw.setdefault("ammo", t.ammo)
    return UnitState(uid, type_id, side, hx(at), figures=figures or full, **kw)


def fig(model: str, wounds: int = 0, fallen: bool = False) -> Figure:
    return Figure(model, wounds, fallen)


def world(
    units: Sequence[UnitState],
    *,
    terrain: dict[str, str] | None = None,
    bunkers: dict[str, Sequence[str]] | None = None,
    hexsides: dict[tuple[str, str], tuple[str, ...]] | None = None,
    markers: Iterable[HexMarker] = (),
    rules: Iterable[str] | None = None,
    options: Options | None = None,
    turns: int = 3,
    phase: str = "movement",
    side: str = "german",
    extra: Iterable[SquadUnitType] = (),
) -> GameState:
    """A game with these units in ``side``'s ``phase`` of turn 1. ``bunkers`` maps a bunker
    hex to the neighbours across its entrances."""
    hex_map = HexMap("test", chart(), GRID)
    for label, name in (terrain or {}).items():
        hex_map.cells[hx(label)] = HexCell(name)
    for label, doors in (bunkers or {}).items():
        sides = tuple(HexSide.between(hx(label), hx(d)) for d in doors)
        hex_map.cells[hx(label)] = HexCell("bunker", entrances=sides)
    for (a, b), features in (hexsides or {}).items():
        hex_map.hexsides[HexSide.between(hx(a), hx(b))] = features
    scenario = Scenario(
        name="test", ruleset="squad", map=hex_map,
        unit_types=dict(types()) | {t.id: t for t in extra},
        sides={"german": SideDef("german", "Germans"), "soviet": SideDef("soviet", "Soviets")},
        units=list(units), turns=turns, first="german",
        rules=None if rules is None else frozenset(rules), options=options or Options(),
        hex_markers=list(markers),
    )  # fmt: skip
    state = scenario.new_game()
    state.phase = phase
    state.active_side = side
    return state


_ENGINES: dict[int, LosEngine] = {}


def los_of(state: GameState) -> LosEngine:
    key = id(state.scenario.map)
    if key not in _ENGINES:
        _ENGINES[key] = LosEngine(state.scenario.map, state.scenario.options)
    return _ENGINES[key]


def request(action: str, **kw: Any) -> ActionRequest:
    if isinstance(kw.get("to"), str):
        kw["to"] = tuple(kw["to"].split(","))
    if "unit" in kw:
        kw["units"] = (kw.pop("unit"),)
    return ActionRequest(action, **kw)


def act(state: GameState, action: str, dice: Sequence[int] = (), **kw: Any) -> ActionResult:
    """Perform an action with exactly these dice (too few or too many fail the test)."""
    scripted = ScriptedDice(dice)
    result = engine.perform(state, request(action, **kw), scripted, los_of(state))
    scripted.check_all_used()
    return result


def reasons(state: GameState, action: str, **kw: Any) -> list[str]:
    return engine.ruleset_for("squad").check(state, request(action, **kw), los_of(state))


def events(result: ActionResult) -> list[dict[str, Any]]:
    return [e.to_json() for e in result.events]


def rolls(result: ActionResult) -> list[tuple[str, str, str, list[int], int]]:
    return [(r.by, r.purpose, r.need, r.dice, r.successes) for r in result.rolls]


def standing(state: GameState, uid: str) -> list[tuple[str, int]]:
    """(model, wounds) of each standing figure."""
    return [(f.model, f.wounds) for f in state.unit(uid).standing()]


def fallen(state: GameState, uid: str) -> list[str]:
    return [f.model for f in state.unit(uid).figures if f.fallen]


def until(state: GameState, side: str, phase: str, turn: int | None = None) -> None:
    """``end-phase`` (no dice) until ``side``'s ``phase`` (of ``turn``) comes."""
    for _ in range(64):
        if (state.active_side, state.phase) == (side, phase) and turn in (None, state.turn):
            return
        act(state, "end-phase")
    raise AssertionError(f"{side}'s {phase} never came")
