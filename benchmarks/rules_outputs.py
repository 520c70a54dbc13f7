"""What the rules answer, written out so that two trees can be compared: a speed-up must
not change a single answer.

    python benchmarks/rules_outputs.py OUT.jsonl [--big FOLDER] [--actions 60]
    diff <(python benchmarks/rules_outputs.py /dev/stdout) OTHER.jsonl

For each bundled demo (the platoon and squad demos, Hold the Crossroads) a seeded random
game of ``--actions`` actions: before each action, ``available_actions`` for every listed
unit (the JSON of ``tabletop actions``), the reach of each unit that may move, the odds
of up to four of the legal fire choices; each action's result (rolls and events); at the
end the replay check of the game and its units. With ``--big FOLDER`` (the files of
:mod:`bigmap`, made there when missing) the same on the 200 x 200 game for a mortar (its
actions and every legal Fire choice with its odds), a few units' reach and actions, and
60 seeded actions. Each line is one JSON object; run it on two trees and ``diff`` the
files (``bench_rules_big.py --against`` does it for the benchmark's tree).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

DEMOS = ("demo-platoon.yaml", "demo-squad.yaml", "hold-the-crossroads.yaml")


def _units_json(state: Any) -> list[Any]:
    return [repr(state.units[k]) for k in sorted(state.units)]


def _odds(state: Any, los: Any, request: Any) -> Any:
    from tabletop.rules import forecast

    f = forecast.forecast(state, request, los)
    return repr(f)


def _position(write: Any, name: str, step: int, state: Any, los: Any, rng: random.Random,
              units: list[str] | None = None) -> list[Any]:  # fmt: skip
    """Every answer at this position; the legal requests found (to pick the next one)."""
    from tabletop.rules.query import available_actions, prober_for, reach

    ruleset = prober_for(state)
    ids = units if units is not None else ruleset.listed_units(state, None)
    report = available_actions(state, los, units=ids)
    write({"game": name, "step": step, "actions": report.to_json()})
    legal = [c for o in report.game if o.legal for c in o.choices]
    for u in report.units:
        for o in u.options:
            if not o.legal:
                continue
            legal += list(o.choices)
            if o.action in ("move", "maneuver"):
                r = reach(state, los, u.unit, maneuver=o.action == "maneuver")
                write({"game": name, "step": step, "reach": u.unit, "report": r.to_json()})
            if "fire" in o.action:
                picked = sorted(o.choices, key=repr)
                for c in rng.sample(picked, min(4, len(picked))):
                    odds = _odds(state, los, c)
                    write({"game": name, "step": step, "odds": repr(c), "answer": odds})
    return legal


def play(write: Any, name: str, state: Any, los: Any, actions: int, seed: int,
         pick_units: Any = None) -> None:  # fmt: skip
    from tabletop.commands.replaycheck import replay_differences
    from tabletop.rules import RandomDice, engine

    rng = random.Random(seed)
    dice = RandomDice(seed)
    for step in range(actions):
        if state.finished:
            break
        units = pick_units(state, rng) if pick_units is not None else None
        legal = _position(write, name, step, state, los, rng, units)
        if not legal:
            break
        request = rng.choice(sorted(legal, key=repr))
        result = engine.perform(state, request, dice, los)
        write({"game": name, "step": step, "performed": repr(request),
               "rolls": [r.to_json() for r in result.rolls],
               "events": [e.to_json() for e in result.events]})  # fmt: skip
    write({"game": name, "replay": [list(map(str, d)) for d in replay_differences(state, los)]})
    write({"game": name, "units": _units_json(state)})


def demos(write: Any, actions: int) -> None:
    from tabletop import paths
    from tabletop.data import load_scenario
    from tabletop.geometry import LosEngine

    for file in DEMOS:
        sc = load_scenario(paths.SCENARIOS / file)
        play(write, file, sc.new_game(), LosEngine(sc.map, sc.options), actions, seed=29)


def mortar_of(state: Any) -> Any:
    """The first mortar (the scenario's order) of the active formation on the map, or None."""
    kinds = state.scenario.unit_types
    return next((u for u in state.units.values()
                 if u.on_map and u.sw_of is None and u.formation == state.active_formation
                 and getattr(getattr(kinds[u.type_id], "kind", None), "value", "") == "mortar"),
                None)  # fmt: skip


def to_mortar(state: Any, los: Any) -> Any:
    """Draws and ends of impulses until a formation with a mortar on the map acts."""
    from tabletop.rules import ActionRequest, RandomDice, engine

    dice = RandomDice(1)
    for _ in range(12):
        if state.phase == "impulse":
            unit = mortar_of(state)
            if unit is not None:
                return unit
            request = ActionRequest("end-impulse")
        else:
            request = ActionRequest("draw") if state.cup else ActionRequest("end-turn")
        engine.perform(state, request, dice, los)
    return None


def big(write: Any, folder: Path, actions: int) -> None:
    import bigmap

    from tabletop.data import load_scenario
    from tabletop.geometry import LosEngine
    from tabletop.rules.query import available_actions

    scenario = folder / "big-scenario.yaml"
    if not scenario.exists():
        bigmap.write(folder)
    sc = load_scenario(scenario)
    state, los = sc.new_game(), LosEngine(sc.map, sc.options)
    mortar = to_mortar(state, los)
    assert mortar is not None
    report = available_actions(state, los, units=[mortar.id])
    write({"game": "big", "mortar": mortar.id, "actions": report.to_json()})
    fire = next(o for o in report.unit(mortar.id).options if o.action == "fire")
    choices = sorted(fire.choices, key=repr)
    write({"game": "big", "mortar fire": [repr(c) for c in choices]})
    for c in choices[:: max(1, len(choices) // 12)]:
        write({"game": "big", "odds": repr(c), "answer": _odds(state, los, c)})

    def some_units(state: Any, rng: random.Random) -> list[str]:
        mine = sorted(u.id for u in state.units.values() if u.on_map and u.sw_of is None
                      and u.formation == state.active_formation)  # fmt: skip
        return rng.sample(mine, min(3, len(mine)))

    play(write, "big", state, los, actions, seed=29, pick_units=some_units)


def main() -> int:
    import tabletop.rules.engine  # noqa: F401  (installs the rulesets' table)

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", type=Path)
    p.add_argument("--big", type=Path, default=None, help="the big game's folder (made there)")
    p.add_argument("--actions", type=int, default=60)
    args = p.parse_args()
    with args.out.open("w", encoding="utf-8") as f:

        def write(obj: dict[str, Any]) -> None:
            f.write(json.dumps(obj, sort_keys=True, default=str) + "\n")

        demos(write, args.actions)
        if args.big is not None:
            big(write, args.big, args.actions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
