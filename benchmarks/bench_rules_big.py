"""The rules' own costs on the big game, headless: each row of issue 29 that lives in the
rules core and the model, beside its target and a plain baseline.

    python benchmarks/bench_rules_big.py [--rounds 5] [--against TREE] [--only mortar,...]

Builds the 200 x 200 map and the 10,000-unit scenario of :mod:`bigmap` in a temporary
folder and measures, in a fresh process, with the rules alone (no window, no Qt):

- ``mortar``: the first mortar of the first formation drawn that has one: the question
  the actions panel asks on selecting it (``available_actions`` for the unit, then each
  option's ``legal`` and ``reasons``) and Fire (F: the fire option's every legal choice,
  direct and at a hex, each hex's spotter found), the first time in the process (the
  engine's ray table cold) and again (a new question, the table warm); the resident
  memory after three more rounds of both beside the first (no growth);
- ``reach``: ``query.reach`` of 20 units of the active formation (M's reach tint) and a
  one-hex move of each (the opportunity-firer search of every hex entered), median and
  worst;
- ``actions``: the panel's question for 20 other units, median and worst;
- ``replay``: the replay check of the 500-action game (``replay_differences``: every
  action performed again from the scenario), and its time per action.

The plain baseline of each row is the same figure measured on another tree
(``--against /path/to/checkout``: its rules, the same files made by its own
:mod:`bigmap`, this very script), printed beside this tree's with their ratio; without it
a floor is printed instead: one pass over the 10,000 units and one sight line of the
engine, the two costs the rules' time is made of. Times are the best of ``--rounds``
(a busy machine slows runs, it cannot speed them); memory is the resident set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PARTS = ("mortar", "reach", "actions", "replay")


def _tree() -> None:
    """Import ``tabletop`` from the tree ``BENCH_TREE`` names (default: this one)."""
    tree = os.environ.get("BENCH_TREE", str(HERE.parent))
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, tree)
    import tabletop.rules.engine  # (before bigmap, which puts this tree first on the path)

    assert Path(tabletop.rules.engine.__file__).is_relative_to(tree), tree


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def _clock(fn: Any) -> tuple[float, Any]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


# --- the child: one tree's figures ----------------------------------------------------------


def _game(folder: Path) -> tuple[Any, Any, Any]:
    """The big game at the first impulse of a formation with a mortar on the map."""
    import bigmap

    import tabletop.rules.engine  # noqa: F401  (installs the rulesets' table)
    from tabletop.data import load_scenario
    from tabletop.geometry import LosEngine
    from tabletop.rules import ActionRequest, RandomDice, engine

    scenario = folder / "big-scenario.yaml"
    if not scenario.exists():
        bigmap.write(folder)
    sc = load_scenario(scenario)
    state, los = sc.new_game(), LosEngine(sc.map, sc.options)
    kinds = sc.unit_types
    dice = RandomDice(1)
    for _ in range(12):
        if state.phase == "impulse":
            mortar = next((u for u in state.units.values()
                           if u.on_map and u.sw_of is None
                           and u.formation == state.active_formation
                           and getattr(kinds[u.type_id].kind, "value", "") == "mortar"),
                          None)  # fmt: skip
            if mortar is not None:
                return state, los, mortar
            request = ActionRequest("end-impulse")
        else:
            request = ActionRequest("draw") if state.cup else ActionRequest("end-turn")
        engine.perform(state, request, dice, los)
    raise SystemExit("no formation with a mortar was drawn in 12 actions")


def _panel(state: Any, los: Any, uid: str) -> Any:
    """What the actions panel asks on selecting ``uid``: the report, then each option's
    ``legal`` and ``reasons``."""
    from tabletop.rules.query import available_actions

    report = available_actions(state, los, units=[uid], lazy=True)
    options = report.unit(uid).options
    for o in options:
        _ = (o.legal, o.reasons)
    return options


def _mortar(state: Any, los: Any, mortar: Any) -> dict[str, float]:
    out: dict[str, float] = {}
    base = rss_mb()
    for k in range(5):
        t_select, options = _clock(lambda: _panel(state, los, mortar.id))
        fire = next(o for o in options if o.action == "fire")
        t_fire, choices = _clock(lambda fire=fire: list(fire.choices))
        name = "cold" if k == 0 else "warm"
        out[f"mortar_select_{name}"] = min(out.get(f"mortar_select_{name}", 1e9), t_select)
        out[f"mortar_fire_{name}"] = min(out.get(f"mortar_fire_{name}", 1e9), t_fire)
        out["mortar_choices"] = len(choices)
        if k == 1:
            base = rss_mb()
    out["mortar_growth_mb"] = rss_mb() - base
    return out


def _units(state: Any, skip: str, count: int = 20) -> list[Any]:
    active = state.active_formation
    return [u for u in state.units.values() if u.on_map and u.sw_of is None
            and u.formation == active and u.id != skip][:count]  # fmt: skip


def _reach(state: Any, los: Any, mortar: Any) -> dict[str, Any]:
    from tabletop.rules import ActionRequest, RandomDice, engine
    from tabletop.rules.query import reach

    reaches, moves = [], []
    ruleset = engine.ruleset_for(state.scenario.ruleset)
    for u in _units(state, mortar.id):
        t, report = _clock(lambda u=u: reach(state, los, u.id, side=u.side))
        reaches.append(t)
        for r in report.reach:
            if len(r.path) == 1:
                request = ActionRequest("move", units=(u.id,), to=r.path)
                if not ruleset.check(state, request, los):
                    t, _ = _clock(lambda request=request: engine.perform(
                        state, request, RandomDice(2), los))  # fmt: skip
                    moves.append(t)
                    break
        if state.pending is not None:
            engine.perform(state, ActionRequest("pass"), RandomDice(3), los)
            if state.pending is not None:
                pending = state.pending.unit
                engine.perform(state, ActionRequest("move", units=(pending,), cont=True),
                               RandomDice(3), los)  # fmt: skip
    return {"reach": reaches, "move": moves}


def _actions(state: Any, los: Any, mortar: Any) -> dict[str, Any]:
    times = []
    for u in _units(state, mortar.id, 40)[20:]:
        times.append(_clock(lambda u=u: _panel(state, los, u.id))[0])
    return {"actions": times}


def _replay(folder: Path, rounds: int) -> dict[str, float]:
    import bigmap

    from tabletop.commands.replaycheck import replay_differences
    from tabletop.geometry import LosEngine

    game = bigmap.play_500(folder / "big-scenario.yaml")
    los = LosEngine(game.scenario.map, game.scenario.options)
    best = 1e9
    for _ in range(max(1, rounds // 2)):
        t, differences = _clock(lambda: replay_differences(game, los))
        assert not differences, differences[:1]
        best = min(best, t)
    return {"replay": best, "replay_per_action": best / len(game.log)}


def _floor(state: Any, los: Any, mortar: Any) -> dict[str, float]:
    """The two plain costs: one pass over every unit, and one sight line of the engine."""
    from tabletop.rules.los import Viewpoint

    units = list(state.units.values())
    scan = min(_clock(lambda: {u.side for u in units if u.hex is not None})[0] for _ in range(5))
    a = mortar.hex
    others = [u.hex for u in units if u.hex is not None and 8 <= u.hex.distance(a) <= 12][:50]
    t, _ = _clock(lambda: [los.check(Viewpoint(a), Viewpoint(b)) for b in others])
    return {"floor_scan": scan, "floor_line": t / max(1, len(others)), "units": len(units)}


def child(folder: Path, parts: tuple[str, ...], rounds: int) -> dict[str, Any]:
    _tree()
    state, los, mortar = _game(folder)
    out: dict[str, Any] = {"mortar": mortar.id}
    if "mortar" in parts:
        out.update(_mortar(state, los, mortar))
    out.update(_floor(state, los, mortar))
    if "actions" in parts:
        out.update(_actions(state, los, mortar))
    if "reach" in parts:
        out.update(_reach(state, los, mortar))
    if "replay" in parts:
        out.update(_replay(folder, rounds))
    out["memory_total"] = rss_mb()
    return out


# --- the parent: both trees, the table ------------------------------------------------------


def _run(tree: Path, folder: Path, parts: tuple[str, ...], rounds: int) -> dict[str, Any]:
    env = dict(os.environ, BENCH_TREE=str(tree), PYTHONPATH=str(tree))
    cmd = [sys.executable, __file__, "--child", str(folder), "--only", ",".join(parts),
           "--rounds", str(rounds)]  # fmt: skip
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the child for {tree} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _figure(values: Any) -> tuple[float, float]:
    """(median, worst) of a list, or the value twice."""
    if isinstance(values, list):
        return (statistics.median(values), max(values)) if values else (float("nan"),) * 2
    return float(values), float(values)


ROWS = (
    ("select a mortar (the panel's question), cold", "mortar_select_cold", 0.050, "s"),
    ("select a mortar, again", "mortar_select_warm", 0.050, "s"),
    ("Fire (F) with the mortar: every legal choice, cold", "mortar_fire_cold", 0.200, "s"),
    ("Fire (F), again", "mortar_fire_warm", 0.200, "s"),
    ("memory growth over 3 more select + F", "mortar_growth_mb", 1.0, "MB"),
    ("M: the reach of a unit", "reach", 0.100, "s"),
    ("a one-hex move (its opportunity-firer search)", "move", 0.100, "s"),
    ("select a unit: the actions query", "actions", 0.050, "s"),
    ("replay check of the 500-action game", "replay", 8.0, "s"),
    ("the rules' time per action (the replay's)", "replay_per_action", None, "s"),
)


def _show(value: float, unit: str) -> str:
    if value != value:
        return "-"
    return f"{value:.1f} MB" if unit == "MB" else f"{value * 1000:.1f} ms"


def table(new: dict[str, Any], old: dict[str, Any] | None) -> int:
    missed = 0
    head = "baseline tree" if old is not None else "floor"
    print(f"{'':52} {'this tree':>22} {head:>22} {'ratio':>7} {'target':>9}")
    for name, key, target, unit in ROWS:
        if key not in new:
            continue
        median, worst = _figure(new[key])
        ours = _show(median, unit) + (f" ({_show(worst, unit)})" if worst != median else "")
        other, ratio = "", ""
        if old is not None and key in old:
            o_median, o_worst = _figure(old[key])
            other = _show(o_median, unit) + (
                f" ({_show(o_worst, unit)})" if o_worst != o_median else ""
            )
            ratio = f"{o_median / median:.1f}x" if median > 0 and unit != "MB" else ""
        elif old is None:
            other = "" if unit == "MB" else f"{median / new['floor_line']:.0f} lines"
        verdict = ""
        if target is not None:
            ok = worst <= target
            missed += not ok
            verdict = f"{_show(target, unit)} {'met' if ok else 'NOT met'}"
        print(f"{name:52} {ours:>22} {other:>22} {ratio:>7} {verdict:>9}")
    print(f"(median (worst); floor: one pass over the {new['units']} units "
          f"{new['floor_scan'] * 1000:.2f} ms, one sight line {new['floor_line'] * 1000:.2f} ms;"
          f" mortar {new['mortar']}, {new.get('mortar_choices', '?')} Fire choices)")  # fmt: skip
    return missed


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--against", type=Path, default=None, help="the baseline tree's checkout")
    p.add_argument("--only", default=",".join(PARTS), help="parts: " + ",".join(PARTS))
    p.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    parts = tuple(x for x in args.only.split(",") if x)
    unknown = [x for x in parts if x not in PARTS]
    if unknown:
        p.error(f"unknown part {unknown[0]!r}: choose among {', '.join(PARTS)}")
    if args.child is not None:
        print(json.dumps(child(args.child, parts, args.rounds)))
        return 0
    if args.against is not None and not (args.against / "tabletop").is_dir():
        p.error(f"--against {args.against}: no tabletop package there")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        new = _run(HERE.parent, Path(tmp) / "this", parts, args.rounds)
        old = None
        if args.against is not None:
            old = _run(args.against.resolve(), Path(tmp) / "baseline", parts, args.rounds)
    missed = table(new, old)
    print(f"{missed} target(s) not met" if missed else "every target met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
