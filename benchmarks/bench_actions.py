"""What may this unit do: the time of ``rules.query.available_actions`` for one unit (what
the window computes when a unit is selected, and ``tabletop actions --unit``), here and in
an older commit of the project, side by side in one run.

    python benchmarks/bench_actions.py                  # against 22deb68 (before issue 23)
    python benchmarks/bench_actions.py --against REV    # against another commit
    python benchmarks/bench_actions.py --here           # this tree only, with the big map

Both trees answer the same questions in their own subprocess (``PYTHONPATH`` set to the
tree, the measuring code below, which uses only what both trees have): on the demo
scenarios, for each unit of the formation (platoon: after the first chit is drawn) or side
to act, the whole answer (``tabletop actions --unit``) and the window's panel (each
action's ``legal`` and ``reasons`` of a lazy answer), best of a few repeats; the median
over the units is printed for both, with the older tree's time over this one's. The
older tree is checked out into a temporary ``git worktree`` and removed afterwards. The
machine may be shared: the two trees are measured turn about, twice, and each keeps its
best, so that a busy spell hurts both alike.

``--here`` times this tree alone, with the big map too (200 x 200, 10,000 units, built by
``benchmarks/bigmap.py`` into a temporary folder).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "22deb68"
"""The last commit before issue 23's work (plans, one ruleset object)."""
DEMOS = ("demo-platoon.yaml", "hold-the-crossroads.yaml", "demo-squad.yaml")
UNITS = 12
"""Units timed per scenario (of the formation or side to act, one of each type first)."""
REPEAT = 3
ROUNDS = 2
FRAME_MS = 16.7


# --- the measuring side (runs in either tree) ---------------------------------------------
def _ms(fn: Callable[[], object], repeat: int) -> float:
    """The best of ``repeat`` runs, in CPU time of this process (the machine may be shared:
    a wall clock would count the time other programs had the cores)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best * 1000


def _sample(state) -> list[str]:
    """Units of the formation (platoon) or side (squad) to act, one of each type first."""
    formation = state.active_formation
    acting = [u for u in sorted(state.units.values(), key=lambda u: u.id)
              if u.alive and u.sw_of is None and u.side == state.active_side
              and (formation is None or u.formation == formation)]  # fmt: skip
    first: dict[str, str] = {}
    for u in acting:
        first.setdefault(u.type_id, u.id)
    rest = [u.id for u in acting if u.id not in first.values()]
    return (list(first.values()) + rest)[:UNITS]


def measure(path: str, repeat: int) -> dict[str, object]:
    """Per unit, the best time of the whole answer and of the window's panel (ms)."""
    from tabletop.cli.common import load_play, make_los
    from tabletop.rules import ActionRequest, RandomDice, engine
    from tabletop.rules.query import available_actions

    state = load_play(path)
    los = make_los(state)
    if state.cup:  # a formation's impulse (platoon): its units may act
        formation = sorted(state.cup)[0]
        engine.perform(state, ActionRequest("draw", formation=formation), RandomDice(1), los)

    def panel(uid: str) -> None:
        report = available_actions(state, los, units=[uid], lazy=True)
        for option in (*report.game, *report.unit(uid).options):
            _ = option.legal, option.reasons

    units = _sample(state)
    full = [_ms(lambda u=u: available_actions(state, los, units=[u]), repeat) for u in units]
    lazy = [_ms(lambda u=u: panel(u), repeat) for u in units]
    return {"units": units, "full": full, "panel": lazy,
            "acting": state.active_formation or state.active_side}  # fmt: skip


def _measure_main(paths: list[str]) -> None:
    import tabletop

    out = {"tree": str(Path(tabletop.__file__).resolve().parent.parent),
           "runs": {p: measure(p, REPEAT) for p in paths}}  # fmt: skip
    print(json.dumps(out))


# --- the comparing side ---------------------------------------------------------------------
def _run(tree: Path, paths: list[str]) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, str(Path(__file__).resolve()), "--measure", *paths]
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"measuring in {tree} failed:\n{done.stderr}")
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    if Path(str(answer["tree"])) != tree.resolve():
        raise SystemExit(f"measured {answer['tree']}, not {tree}: check PYTHONPATH")
    return answer


def _best(runs: list[dict[str, object]], path: str, what: str) -> list[float]:
    per_run = [run["runs"][path][what] for run in runs]
    return [min(times) for times in zip(*per_run, strict=True)]


def compare(rev: str) -> None:
    paths = [str(ROOT / "scenarios" / name) for name in DEMOS]
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old),
                        rev], check=True)  # fmt: skip
        try:
            here_runs, old_runs = [], []
            for _ in range(ROUNDS):
                old_runs.append(_run(old, paths))
                here_runs.append(_run(ROOT, paths))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           check=False)  # fmt: skip
    print(f"available_actions for one unit, median over the units (ms): {rev} and this tree")
    worst = float("inf")
    for path, name in zip(paths, DEMOS, strict=True):
        units = here_runs[0]["runs"][path]["units"]
        acting = here_runs[0]["runs"][path]["acting"]
        print(f"{name}: {len(units)} units of {acting}")
        for what, label in (("full", "tabletop actions --unit"), ("panel", "the window's panel")):
            before = statistics.median(_best(old_runs, path, what))
            now = statistics.median(_best(here_runs, path, what))
            worst = min(worst, before / now)
            print(f"  {label:<26} {rev}: {before:8.2f}   here: {now:8.2f}   "
                  f"{before / now:5.2f}x faster")  # fmt: skip
    print(f"slowest gain: {worst:.2f}x")


def here_only() -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    paths = [str(ROOT / "scenarios" / name) for name in DEMOS]
    import bigmap

    with tempfile.TemporaryDirectory() as folder:
        _, scenario = bigmap.write(Path(folder))
        named = [*zip(DEMOS, paths, strict=True), ("big map (200 x 200, 10,000 units)",
                                                    str(scenario))]  # fmt: skip
        for name, path in named:
            run = measure(path, 1 if "big" in name else REPEAT)
            print(f"{name}: {len(run['units'])} units of {run['acting']}")
            for what, label in (("full", "tabletop actions --unit"),
                                ("panel", "the window's panel")):  # fmt: skip
                times: list[float] = run[what]
                median, worst = statistics.median(times), max(times)
                print(f"  {label:<26} median {median:8.2f} ms, worst {worst:8.2f} ms "
                      f"({worst / FRAME_MS:.2f} frames)")  # fmt: skip


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--measure":
        _measure_main(args[1:])
    elif "--here" in args:
        here_only()
    else:
        rev = args[args.index("--against") + 1] if "--against" in args else BASE
        compare(rev)


if __name__ == "__main__":
    main()
