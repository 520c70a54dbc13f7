"""What may this unit do: the time of ``rules.query.available_actions`` for one unit (what
the window computes when a unit is selected, and ``tabletop actions --unit``), against a
plain baseline measured in the same run on the same units: one bare legality check
(``check`` of ``move --unit ID`` with no path, the cheapest real question the rules
answer). Prints, per scenario, the median and worst time over the units of the formation
to act, and their ratio to the baseline; the machine is shared, so judge by the ratios.

    python benchmarks/bench_actions.py            # the bundled scenarios and the big map
    python benchmarks/bench_actions.py --no-big   # the bundled scenarios only

The big map (200 x 200, 10,000 units) is built by ``benchmarks/bigmap.py`` into a
temporary folder.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import paths
from tabletop.cli.common import load_play, make_los
from tabletop.model import GameState
from tabletop.rules import ActionRequest, LineOfSight, RandomDice, engine
from tabletop.rules.query import available_actions

FRAME_MS = 16.7
UNITS = 12
"""Units timed per scenario (of the formation or side to act, one of each type first)."""


def _ms(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _sample(state: GameState) -> list[str]:
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


def _started(path: Path) -> tuple[GameState, LineOfSight]:
    state = load_play(str(path))
    los = make_los(state)
    if state.scenario.ruleset == "platoon":  # a formation's impulse: its units may act
        formation = sorted(state.cup)[0]
        engine.perform(state, ActionRequest("draw", formation=formation), RandomDice(1), los)
    return state, los


def panel(state: GameState, los: LineOfSight, uid: str) -> None:
    """What the window does when a unit is selected: every action's legal and reasons."""
    report = available_actions(state, los, units=[uid], lazy=True)
    for option in (*report.game, *report.unit(uid).options):
        _ = option.legal, option.reasons


def bench(name: str, path: Path, repeat: int) -> None:
    state, los = _started(path)
    ruleset = engine.ruleset_for(state.scenario.ruleset)
    units = _sample(state)
    base, full, lazy = [], [], []
    for uid in units:
        bare = ActionRequest("move", units=(uid,))
        base.append(_ms(lambda b=bare: ruleset.check(state, b, los), repeat * 5))
        full.append(_ms(lambda u=uid: available_actions(state, los, units=[u]), repeat))
        lazy.append(_ms(lambda u=uid: panel(state, los, u), repeat))
    b = statistics.median(base)
    print(f"{name}: {len(units)} units of {state.active_formation or state.active_side}")
    print(f"  baseline (one bare check):   median {b:8.3f} ms")
    for what, times in (("tabletop actions --unit", full), ("the window's panel", lazy)):
        f, worst = statistics.median(times), max(times)
        print(f"  {what:<26} median {f:8.2f} ms, worst {worst:8.2f} ms "
              f"({worst / FRAME_MS:.2f} frames); {f / b:6.0f}x and {worst / b:6.0f}x the "
              "baseline")  # fmt: skip


def main() -> None:
    for name in ("demo-platoon.yaml", "hold-the-crossroads.yaml", "demo-squad.yaml"):
        bench(name, paths.SCENARIOS / name, repeat=3)
    if "--no-big" in sys.argv:
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bigmap

    with tempfile.TemporaryDirectory() as folder:
        _, scenario = bigmap.write(Path(folder))
        bench("big map (200 x 200, 10,000 units)", scenario, repeat=1)


if __name__ == "__main__":
    main()
