"""Building the model of the big files, stage by stage, beside a floor in the same run.

    python benchmarks/bench_model.py [--folder DIR] [--rounds N] [--profile FILE]

Builds (or, with ``--folder``, reuses) ``big-map.yaml``, ``big-scenario.yaml`` and
``big-game.yaml`` (the scenario after :func:`bigmap.play_500`'s 500 actions), parses each
file once, then measures, on the parsed documents, each stage of opening them:

- ``map``: the map document to a :class:`HexMap` (``files.map_at``: ``maps.map_from``);
- ``scenario``: the scenario document to a :class:`Scenario` and its checks
  (``files.scenario_parts``: ``scenario_from`` and ``check_scenario``; the map given, as
  the editor's maps in memory are, so that it is not built again);
- ``new game``: ``GameDocument.from_scenario`` (the game's 11,441 unit states);
- ``game state``: ``games.game_from`` of the saved game (its ``state:`` units and log);

and the whole ``load_scenario`` and ``load_game`` (reading included, no replay check),
against the floor of ``yaml.load(CSafeLoader)`` of the same map and scenario texts (no
positions, no checks, no model). Times are process CPU time, best of ``--rounds``
(default 5), the parts run in turn each round; on a shared machine compare the ratios.
``--profile FILE`` writes a cProfile of one round of the stages.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bigmap

from tabletop.data import files, load_game, load_scenario, save_game
from tabletop.data.schema import Checker
from tabletop.data.yamlsafe import load_path
from tabletop.documents.game import GameDocument
from tabletop.rules import engine  # noqa: F401  (the rulesets' table: model.setup)


def cpu(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def prepare(folder: Path) -> tuple[Path, Path, Path]:
    map_path, scenario = folder / "big-map.yaml", folder / "big-scenario.yaml"
    game = folder / "big-game.yaml"
    if not (map_path.is_file() and scenario.is_file()):
        map_path, scenario = bigmap.write(folder)
    if not game.is_file():
        print("  (playing the 500 actions of the saved game once)", flush=True)
        save_game(bigmap.play_500(scenario), game)
    return map_path, scenario, game


def stages(map_path: Path, scenario: Path, game: Path) -> dict[str, Callable[[], object]]:
    """The measured parts, each on documents parsed once here."""
    texts = [p.read_text(encoding="utf-8") for p in (map_path, scenario)]
    parsed_map, parsed_sc, parsed_game = load_path(map_path), load_path(scenario), load_path(game)
    hexmap = files.map_at(Checker(str(map_path)), map_path, parsed_map)
    assert hexmap is not None
    in_memory = {Path(os.path.abspath(map_path)): hexmap}
    files._MAPS_IN_MEMORY.set(in_memory)
    sc, _ = files.scenario_parts(Checker(str(scenario)), parsed_sc[0], scenario)
    assert sc is not None
    gck = Checker(str(game))
    game_sc, game_ctx = files.scenario_parts(gck, parsed_game[0], game)
    assert game_sc is not None and game_ctx is not None and not gck.errors, gck.errors[:3]

    def no_maps(fn: Callable[[], object]) -> Callable[[], object]:
        def run() -> object:
            token = files._MAPS_IN_MEMORY.set({})
            try:
                return fn()
            finally:
                files._MAPS_IN_MEMORY.reset(token)

        return run

    return {
        "floor": lambda: [yaml.load(t, Loader=yaml.CSafeLoader) for t in texts],
        "map": lambda: files.map_at(Checker(str(map_path)), map_path, parsed_map),
        "scenario": lambda: files.scenario_parts(Checker(str(scenario)), parsed_sc[0], scenario),
        "new game": lambda: GameDocument.from_scenario(sc),
        "game state": lambda: files.games.game_from(gck, game_ctx, parsed_game[0], game_sc),
        "load_scenario (whole)": no_maps(lambda: load_scenario(scenario)),
        "load_game (whole)": no_maps(lambda: load_game(game)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folder", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", type=Path)
    args = parser.parse_args()
    print(f"bench_model: load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"CPU times, best of {args.rounds}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.folder or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        parts = stages(*prepare(folder))
        if args.profile is not None:
            profile = cProfile.Profile()
            for name, fn in parts.items():
                if name != "floor" and "whole" not in name:
                    profile.runcall(fn)
            profile.dump_stats(str(args.profile))
        best = dict.fromkeys(parts, float("inf"))
        for _ in range(args.rounds):
            for name, fn in parts.items():
                best[name] = min(best[name], cpu(fn))
    floor = best.pop("floor")
    print(f"  {'floor: yaml.load(CSafeLoader) of map + scenario':48} {floor * 1000:8.1f} ms")
    for name, value in best.items():
        print(f"  {name:48} {value * 1000:8.1f} ms  {value / floor:5.2f}x floor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
