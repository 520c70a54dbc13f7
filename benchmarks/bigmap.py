"""A 200 x 200 map with levels and about 10,000 hexside features, and a 10,000-unit scenario.

The map is drawn like the bundled demo (Eisenbach Gap) at a larger scale: woods masses,
crop fields, towns with their roads, villages, rough ground, swamps, rivers with bridges
where the roads cross, walls and fences around the towns, hills up to level 3. It is built
from smooth value noise with a fixed seed, so every run gets the same files.

    python benchmarks/bigmap.py OUT_DIR      # writes big-map.yaml and big-scenario.yaml
    python benchmarks/bigmap.py OUT_DIR 2000 # the same map, a scenario of 2,000 units
"""

from __future__ import annotations

import itertools
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import paths
from tabletop.hexgrid import Hex, HexSide, OffsetScheme

SIZE = 200
UNITS = 10_000
SIDES_TARGET = 10_000
NATO = ("ABRAMS", "LEO2", "LEO1", "M48", "BRADLEY", "MARDER", "M113", "US_INF", "BW_INF",
        "US_SCOUTS", "LUCHS", "US_MORTAR", "US_HQ")  # fmt: skip
PACT = ("T64", "T72", "BMP1", "BRDM", "SOV_INF", "SOV_SAPPER", "SOV_MORTAR")


class _Noise:
    """Smooth 2-D value noise: random values on a coarse lattice, cosine-interpolated."""

    def __init__(self, rng: random.Random, cell: float) -> None:
        self.cell = cell
        self.values: dict[tuple[int, int], float] = {}
        self.rng = rng

    def _at(self, i: int, j: int) -> float:
        key = (i, j)
        if key not in self.values:
            self.values[key] = self.rng.random()
        return self.values[key]

    def __call__(self, x: float, y: float) -> float:
        fx, fy = x / self.cell, y / self.cell
        i, j = math.floor(fx), math.floor(fy)
        tx = (1 - math.cos((fx - i) * math.pi)) / 2
        ty = (1 - math.cos((fy - j) * math.pi)) / 2
        top = self._at(i, j) * (1 - tx) + self._at(i + 1, j) * tx
        bottom = self._at(i, j + 1) * (1 - tx) + self._at(i + 1, j + 1) * tx
        return top * (1 - ty) + bottom * ty


def _terrain(rng: random.Random) -> tuple[list[list[str]], list[list[int]]]:
    woods, fields, rough, hills = (_Noise(rng, c) for c in (9.0, 7.0, 5.0, 14.0))
    codes = [["."] * SIZE for _ in range(SIZE)]
    levels = [[0] * SIZE for _ in range(SIZE)]
    for row in range(SIZE):
        for col in range(SIZE):
            h = hills(col, row) + 0.25 * rough(col * 1.7, row * 1.7)
            levels[row][col] = 3 if h > 1.12 else 2 if h > 1.04 else 1 if h > 0.93 else 0
            w, f, r = woods(col, row), fields(col, row), rough(col, row)
            if w > 0.68:
                codes[row][col] = "w"
            elif f > 0.72:
                codes[row][col] = "c"
            elif r > 0.82:
                codes[row][col] = "r"
            elif r < 0.08 and levels[row][col] == 0:
                codes[row][col] = "s"
    return codes, levels


def _walk(rng: random.Random, scheme: OffsetScheme, start: Hex, heading: int, length: int,
          wander: float) -> list[Hex]:  # fmt: skip
    """A wandering line of adjacent hexes, mostly keeping its heading."""
    path = [start]
    h = start
    for _ in range(length):
        if rng.random() < wander:
            heading = (heading + rng.choice((-1, 1))) % 6
        h = h.neighbors()[heading]
        col, row = scheme.to_colrow(h)
        if not (1 <= col <= SIZE and 1 <= row <= SIZE):
            break
        path.append(h)
    return path


def build_map(seed: int = 1) -> tuple[dict[str, Any], set[str]]:
    """The map file's text, and the labels of its water and swamp hexes (no units there)."""
    rng = random.Random(seed)
    scheme = OffsetScheme.for_size(SIZE, SIZE)
    codes, levels = _terrain(rng)
    sides: dict[HexSide, list[str]] = {}

    def put(a: Hex, b: Hex, feature: str) -> None:
        features = sides.setdefault(HexSide.between(a, b), [])
        if feature not in features:
            features.append(feature)

    def cell(h: Hex) -> tuple[int, int]:
        col, row = scheme.to_colrow(h)
        return row - 1, col - 1

    towns = [scheme.from_colrow(rng.randint(8, SIZE - 8), rng.randint(8, SIZE - 8))
             for _ in range(70)]  # fmt: skip
    for k, town in enumerate(towns):
        big = k < 20
        for h in [town, *town.neighbors(), *(n.neighbors()[k % 6] for n in town.neighbors())]:
            r, c = cell(h)
            if 0 <= r < SIZE and 0 <= c < SIZE:
                codes[r][c] = "t" if big or h == town else codes[r][c]
                if big and rng.random() < 0.15:
                    codes[r][c] = "u"
        ring = [town.neighbors()[d].neighbors()[d] for d in range(6)]
        for d, a in enumerate(ring):  # walls and fences round the towns
            put(a, a.neighbors()[(d + 2) % 6], "wall" if big else "fence")
    links = {tuple(sorted((a, min((t for t in towns if t != a), key=a.distance))))
             for a in towns}  # fmt: skip
    for k, (a, b) in enumerate(sorted(links)):  # a road from each town to its nearest
        path = [a]
        h = a
        while h != b and len(path) < 400:
            options = sorted(h.neighbors(), key=lambda n: (n.distance(b), rng.random()))
            h = options[0] if rng.random() < 0.8 else options[1]
            path.append(h)
        for x, y in itertools.pairwise(path):
            put(x, y, "road")
        if k % 3 == 0:  # a side road
            side_road = _walk(rng, scheme, a, rng.randrange(6), 25, 0.3)
            for x, y in itertools.pairwise(side_road):
                put(x, y, "road")
    for k in range(7):  # rivers north to south, along hexsides
        start = scheme.from_colrow(15 + k * 27, 1)
        river = _walk(rng, scheme, start, 4 if k % 2 else 5, 400, 0.35)
        for x, y in itertools.pairwise(river):
            # the river runs on the edge between x's east neighbour and x
            n = x.neighbors()[0]
            side = HexSide.between(x, n)
            features = sides.setdefault(side, [])
            if "river" not in features:
                features.append("river")
            if "road" in features and "bridge" not in features:
                features.append("bridge")
            r, c = cell(y)
            if rng.random() < 0.05 and 0 <= r < SIZE and 0 <= c < SIZE:
                codes[r][c] = "~"
    hedges = 0
    while len(sides) < SIDES_TARGET and hedges < 100_000:  # hedgerows and embankments
        hedges += 1
        h = scheme.from_colrow(rng.randint(2, SIZE - 1), rng.randint(2, SIZE - 1))
        r, c = cell(h)
        if codes[r][c] not in ("c", ".") or rng.random() < 0.5:
            continue
        line = _walk(rng, scheme, h, rng.randrange(6), rng.randint(2, 6), 0.5)
        for x in line:
            put(x, x.neighbors()[rng.randrange(6)], "fence" if codes[r][c] == "c" else "embankment")
    hexsides = []
    for side, features in sides.items():
        ca, cb = scheme.to_colrow(side.a), scheme.to_colrow(side.b)
        if not all(1 <= v <= SIZE for v in (*ca, *cb)):
            continue
        ref = f"{scheme.label(side.a)}/{scheme.label(side.b)}"
        hexsides.extend({"side": ref, "feature": f} for f in features)
    doc = {
        "format": "tabletop/map@1",
        "name": "Big benchmark map",
        "terrain": str(paths.MAPS / "standard.yaml"),
        "grid": {"columns": SIZE, "rows": SIZE},
        "default": "clear",
        "rows": ["".join(r) for r in codes],
        "levels": ["".join(str(v) for v in r) for r in levels],
        "hexsides": hexsides,
    }
    wet = {scheme.label(scheme.from_colrow(c + 1, r + 1)) for r in range(SIZE)
           for c in range(SIZE) if codes[r][c] in "s~"}  # fmt: skip
    return doc, wet


def build_scenario(
    map_name: str, wet: set[str], seed: int = 2, units: int = UNITS
) -> dict[str, Any]:
    """The scenario file's data: 10,000 units of the bundled platoon counters, NATO in
    the west half and the Pact in the east, one to three to a hex (``units`` of them: the
    first of the 10,000, the map's top rows filled first)."""
    rng = random.Random(seed)
    scheme = OffsetScheme.for_size(SIZE, SIZE)
    placed = []
    count = 0
    col, row = 1, 1
    while count < units:
        side = "nato" if col <= SIZE // 2 else "pact"
        types = NATO if side == "nato" else PACT
        label = scheme.label(scheme.from_colrow(col, row))
        stack = 0 if label in wet else min(rng.choice((1, 1, 2, 3)), units - count)
        for _ in range(stack):
            count += 1
            formation = f"{side}_f{count % 4}"
            placed.append({"id": f"u{count}", "type": rng.choice(types), "side": side,
                           "formation": formation, "hex": label})  # fmt: skip
        col += rng.choice((1, 2, 3))
        if col > SIZE:
            col, row = rng.randint(1, 2), row + rng.choice((2, 3, 4, 5))
    formations = {s: {f"{s}_f{i}": {"chits": 2} for i in range(4)} for s in ("nato", "pact")}
    return {
        "format": "tabletop/scenario@1",
        "name": "Big benchmark scenario",
        "ruleset": "platoon",
        "map": map_name,
        "counters": [str(paths.COUNTERS / "platoon.yaml")],
        "sides": {
            "nato": {"name": "NATO", "formations": formations["nato"]},
            "pact": {"name": "Warsaw Pact", "formations": formations["pact"]},
        },
        "turns": 10,
        "units": placed,
    }


def play_500(scenario_path: Path):
    """The big scenario after 500 actions (moves of one hex, draws, ends of impulses and
    turns), the game ``bench_bigmap.py`` and ``bench_track.py`` save and load."""
    from tabletop.data import load_scenario
    from tabletop.geometry import LosEngine
    from tabletop.rules import ActionRequest, RandomDice, engine

    sc = load_scenario(scenario_path)
    state = sc.new_game()
    los = LosEngine(sc.map, sc.options)
    ruleset = engine.ruleset_for("platoon")
    dice = RandomDice(5)
    order = sorted(state.units)
    k = 0
    for _ in range(500):
        if state.pending is not None:
            request = ActionRequest("pass")
            if state.pending.kind == "move_paused":
                request = ActionRequest("move", units=(state.pending.unit,), cont=True)
        elif state.phase != "impulse":
            request = ActionRequest("draw") if state.cup else ActionRequest("end-turn")
        else:
            request = ActionRequest("end-impulse")
            for _ in range(50):
                u = state.units[order[k % len(order)]]
                k += 1
                if u.on_map and u.formation == state.active_formation and u.hex is not None:
                    to = u.hex.neighbors()[k % 6]
                    if to in sc.map.cells:
                        r = ActionRequest("move", units=(u.id,), to=(sc.map.label(to),))
                        if not ruleset.check(state, r, los):
                            request = r
                            break
        engine.perform(state, request, dice, los)
    return state


def write(folder: Path, units: int = UNITS) -> tuple[Path, Path]:
    """Write ``big-map.yaml`` and ``big-scenario.yaml`` into ``folder``; their paths. They
    are machine-written files (:mod:`tabletop.data.machine`: JSON, one record a line)."""
    from tabletop.data.machine import dumps

    folder.mkdir(parents=True, exist_ok=True)
    map_path = folder / "big-map.yaml"
    scenario_path = folder / "big-scenario.yaml"
    doc, wet = build_map()
    map_path.write_text(dumps(doc), encoding="utf-8")
    scenario = build_scenario(map_path.name, wet, units=units)
    scenario_path.write_text(dumps(scenario), encoding="utf-8")
    return map_path, scenario_path


def hand_written(doc: dict[str, Any]) -> str:
    """The map ``doc`` (of :func:`build_map`) as an author writes it, annotated like the
    bundled Eisenbach Gap: a header comment, ``# row NNN`` after each quoted row, one-line
    ``{side, feature}`` hexside records under a comment every hundred, a note on each
    bridge (about 570 KB and 500 comment lines for the 200 x 200 map)."""
    q = json.dumps
    out = ["# The 200 x 200 benchmark map, as an author would write it by hand.\n",
           "# Terrain codes (maps/standard.yaml): . clear  c crops  r rough  w woods\n",
           "# t town  u ruins  s swamp  ~ water.  levels: 0 ground, 1 to 3 hills.\n",
           f"format: {doc['format']}\n", f"name: {doc['name']}\n", "terrain: standard\n",
           f"grid: {{columns: {doc['grid']['columns']}, rows: {doc['grid']['rows']}}}\n",
           f"default: {doc['default']}\n"]  # fmt: skip
    for key in ("rows", "levels"):
        out.append(f"{key}:\n")
        out += [f"  - {q(row)}   # row {i:03}\n" for i, row in enumerate(doc[key], 1)]
    out.append("hexsides:\n")
    for i, entry in enumerate(doc["hexsides"]):
        if i % 100 == 0:
            out.append(f"  # hexsides {i} to {i + 99}\n")
        note = "   # a bridge" if entry["feature"] == "bridge" else ""
        out.append(f"  - {{side: {q(entry['side'])}, feature: {entry['feature']}}}{note}\n")
    return "".join(out)


if __name__ == "__main__":
    count = int(sys.argv[2]) if len(sys.argv) > 2 else UNITS
    for p in write(Path(sys.argv[1] if len(sys.argv) > 1 else "."), count):
        print(p)
