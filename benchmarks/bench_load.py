"""How fast does a large map load? ``python benchmarks/bench_load.py``

Generates a 200 x 200 map in the ``rows:``/``levels:`` form with 10,000 hexside features
into a temporary folder, then times :func:`tabletop.data.load_map` against a plain baseline
measured in the same run: ``yaml.load(text, Loader=yaml.CSafeLoader)`` of the same file
(parsing only, no checks, no model). Prints seconds, the ratio, and whether the 0.5 s
target is met. Best of several runs, so a busy machine does not decide the answer.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.data import load_map
from tabletop.hexgrid import HexSide, OffsetScheme

SIZE = 200
SIDES = 10_000
TARGET = 0.5
CODES = ".crwtubs~="
FEATURES = ("road", "river", "wall", "fence", "embankment")


def generate(path: Path, seed: int = 1) -> None:
    rng = random.Random(seed)
    scheme = OffsetScheme.for_size(SIZE, SIZE)
    rows = ["".join(rng.choice(CODES) for _ in range(SIZE)) for _ in range(SIZE)]
    levels = ["".join(rng.choice("0000123") for _ in range(SIZE)) for _ in range(SIZE)]
    seen: set[tuple[HexSide, str]] = set()
    lines = []
    while len(seen) < SIDES:
        col, row = rng.randint(1, SIZE), rng.randint(1, SIZE)
        h = scheme.from_colrow(col, row)
        n = h.neighbors()[rng.randrange(6)]
        ncol, nrow = scheme.to_colrow(n)
        if not (1 <= ncol <= SIZE and 1 <= nrow <= SIZE):
            continue
        feature = rng.choice(FEATURES)
        key = (HexSide.between(h, n), feature)
        if key in seen:
            continue
        seen.add(key)
        lines.append(f'  - {{side: "{scheme.label(h)}/{scheme.label(n)}", feature: {feature}}}')
    text = [
        "format: tabletop/map@1",
        "name: Benchmark",
        "terrain: standard",
        f"grid: {{columns: {SIZE}, rows: {SIZE}}}",
        "rows:",
        *(f'  - "{r}"' for r in rows),
        "levels:",
        *(f'  - "{r}"' for r in levels),
        "hexsides:",
        *lines,
    ]
    path.write_text("\n".join(text) + "\n", encoding="utf-8")


def best_of(fn: Callable[[], object], runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.yaml"
        generate(path)
        text = path.read_text(encoding="utf-8")
        hexmap = load_map(path)
        assert len(hexmap.cells) == SIZE * SIZE
        assert sum(len(f) for f in hexmap.hexsides.values()) == SIDES
        baseline = best_of(lambda: yaml.load(text, Loader=yaml.CSafeLoader))
        ours = best_of(lambda: load_map(path))
    print(f"map: {SIZE} x {SIZE} hexes with levels, {SIDES} hexside features")
    print(f"baseline yaml.load(CSafeLoader): {baseline:.3f} s")
    print(f"tabletop.data.load_map:          {ours:.3f} s  ({ours / baseline:.2f} x baseline)")
    met = ours < TARGET
    print(f"target {TARGET} s: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
