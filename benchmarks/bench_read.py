"""Reading and writing the big files: the readers, validate, load, the writers.

    python benchmarks/bench_read.py [--rounds N] [--game PATH]

Writes the 200 x 200 map and the 10,000-unit scenario of :mod:`bigmap` into a temporary
folder (machine-written: JSON, one record a line) and measures, side by side in this one
process, against a floor run alternately with them: ``yaml.load(text,
Loader=yaml.CSafeLoader)`` of the same two files (libyaml's parser and PyYAML's safe
constructor: no positions, no checks, no model).

- reading the two files: the fast path (``parse_text``: the JSON path here) and the
  position-carrying loader (the node graph, kept for files with problems); the same data
  written as hand-written YAML, read by the libyaml-events path;
- ``validate_file`` and ``load_scenario`` of the scenario (map and counters included);
- ``tabletop validate`` as a whole process (interpreter start and imports included), the
  target being under 1 s;
- the map serializer: ``map_to_dict`` of the big map, and the longest single step of the
  autosave's text made in pieces (``map_json_pieces``), which the GUI thread runs between
  frames;
- the saved game of the big scenario after 500 actions (``--game PATH`` loads one, else
  ``bigmap.play_500`` plays it here, about a minute), saved by this build: its reading
  (``parse_text``) beside CSafeLoader's, the target being under 0.15 s; its writing (the
  text of its file form, ``machine.dumps``) beside CSafeDumper's, the target being under
  0.1 s; and ``load_game`` of the save and of the app's recovery file of the same game,
  the target being that the recovery file loads as fast as the save;
- the big map as an author writes it (``bigmap.hand_written``: 572 KB, 509 comment lines)
  saved after one hex is painted, comments kept (``map_text``: the text patch of
  ``data/textpatch.py``), beside CSafeDumper's dump of the same data, the target being a
  diff of that one line and every comment kept.

Times are process CPU time, best of ``--rounds`` (default 5) runs (the libyaml floors of
the saved game, seconds each, of two): on a shared machine a wall clock mostly measures
the other processes. The whole process is timed by its user plus system time. Ratios to
the floor are the fair comparison between machines.
"""

from __future__ import annotations

import difflib
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bigmap

from tabletop.data import (
    game_text,
    game_to_dict,
    load_game,
    load_map,
    load_scenario,
    machine,
    map_file_dict,
    map_json_pieces,
    map_to_dict,
    save_game,
    validate_file,
    yamlfast,
)
from tabletop.data.files import map_text, refer_as
from tabletop.data.yamlsafe import Loader, _parse_located, dump_text, fast_factories, parse_text
from tabletop.model.collector import collector_paused
from tabletop.rules import engine  # noqa: F401  (the rulesets' table: model.setup)

ROOT = Path(__file__).resolve().parent.parent


def cpu(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def side_by_side(parts: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Each part's best CPU time, the parts run in turn each round."""
    best = dict.fromkeys(parts, float("inf"))
    for _ in range(rounds):
        for name, fn in parts.items():
            best[name] = min(best[name], cpu(fn))
    return best


def whole_validate(scenario: Path, rounds: int) -> float:
    """User + system time of ``python -m tabletop validate SCENARIO``, best of ``rounds``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    best = float("inf")
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        command = [sys.executable, "-m", "tabletop", "validate", str(scenario)]
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT,
                              check=False)  # fmt: skip
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"tabletop validate failed:\n{done.stdout}{done.stderr}")
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = min(best, used)
    return best


def longest_piece(hexmap: object, target: Path) -> tuple[float, int]:
    """The longest CPU time of one ``next()`` of the autosave's pieces, and their number."""
    pieces = map_json_pieces(hexmap, target)
    longest, count = 0.0, 0
    while True:
        start = time.process_time()
        try:
            next(pieces)
        except StopIteration:
            return longest, count
        longest = max(longest, time.process_time() - start)
        count += 1


def big_game(scenario: Path) -> object:
    """The game of ``--game``, or the big scenario after 500 actions played here."""
    if "--game" in sys.argv:
        return load_game(sys.argv[sys.argv.index("--game") + 1])
    return bigmap.play_500(scenario)


def events_path(text: str) -> object:
    """Hand-written YAML's fast path (libyaml's events), as ``parse_text`` runs it."""
    with collector_paused():
        return yamlfast.parse_plain(text, Loader, *fast_factories(text, "f"))


def saved_game(folder: Path, scenario: Path, rounds: int) -> bool:
    """Measure and print the saved game's rows; whether the three targets are met."""
    game = big_game(scenario)
    save = folder / "big-game.yaml"
    save_game(game, save)
    recovery = folder / "recovery" / "autosave.yaml"  # as the app writes it: a copy of the
    recovery.parent.mkdir()  # save, whose references are the save's (files.refer_as)
    refer_as(recovery, save)
    recovery.write_text(game_text(game, recovery)[0], encoding="utf-8")
    text = save.read_text(encoding="utf-8")
    data = game_to_dict(game, save)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    assert parse_text(text, "f")[0] == yaml.load(text, Loader=yaml.CSafeLoader)
    floors = side_by_side({
        "read": lambda: yaml.load(text, Loader=yaml.CSafeLoader),
        "write": lambda: yaml.dump(data, Dumper=dumper, sort_keys=False),
    }, min(rounds, 2))  # fmt: skip
    best = side_by_side({
        "read": lambda: parse_text(text, "f"),
        "write": lambda: machine.dumps(data),
        "save": lambda: load_game(save),
        "recovery": lambda: load_game(recovery),
    }, rounds)  # fmt: skip
    size = len(text.encode("utf-8")) / 1e6
    print(f"  the saved game after {len(game.log)} actions ({size:.2f} MB), "
          "machine-written (JSON, one record a line):")  # fmt: skip
    read_ok, write_ok = best["read"] < 0.15, best["write"] < 0.1
    print(f"    {'read: parse_text (the JSON path)':46} {best['read'] * 1000:8.1f} ms   "
          f"CSafeLoader {floors['read'] * 1000:8.1f} ms   {floors['read'] / best['read']:5.1f}x "
          f"faster  (< 0.15 s: {'met' if read_ok else 'NOT MET'})")  # fmt: skip
    print(f"    {'write: machine.dumps of its file form':46} {best['write'] * 1000:8.1f} ms   "
          f"CSafeDumper {floors['write'] * 1000:8.1f} ms   "
          f"{floors['write'] / best['write']:5.1f}x faster  "
          f"(< 0.1 s: {'met' if write_ok else 'NOT MET'})")  # fmt: skip
    ratio = best["recovery"] / best["save"]
    same = ratio < 1.15
    print(f"    {'load_game of the save':46} {best['save'] * 1000:8.1f} ms")
    print(f"    {'load_game of its recovery file':46} {best['recovery'] * 1000:8.1f} ms   "
          f"{ratio:5.2f}x the save  (as fast: {'met' if same else 'NOT MET'})")  # fmt: skip
    return read_ok and write_ok and same


def kept_save(folder: Path, rounds: int) -> bool:
    """Measure and print the kept-comment save of the big map written by hand
    (``bigmap.hand_written``) after one hex painted, beside a plain CSafeDumper dump of the
    same data; whether the save changed that one line only and kept every comment."""
    path = folder / "big-hand-map.yaml"
    original = bigmap.hand_written(bigmap.build_map()[0])
    path.write_text(original, encoding="utf-8")
    hexmap = load_map(path)
    h = hexmap.parse(hexmap.label(next(iter(hexmap.cells))))
    cell = hexmap.cells[h]
    hexmap.cells[h] = replace(cell, terrain="town" if cell.terrain != "town" else "woods")
    data = map_file_dict(hexmap, path, "rows")[0]
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text = map_text(hexmap, path)[0]
    best = side_by_side({
        "save": lambda: map_text(hexmap, path),
        "dump": lambda: yaml.dump(data, Dumper=dumper, sort_keys=False),
    }, min(rounds, 3))  # fmt: skip
    old, new = original.splitlines(), text.splitlines()
    changed = sum(1 for line in difflib.unified_diff(old, new, lineterm="", n=0)
                  if line[:1] in "+-" and line[:3] not in ("+++", "---"))  # fmt: skip
    comments = [line[line.index("#") :] for line in old if "#" in line]
    kept = comments == [line[line.index("#") :] for line in new if "#" in line]
    ok = changed == 2 and kept
    print(f"  the big map written by hand ({len(original) / 1e3:.0f} KB, {len(comments)} comment "
          "lines), one hex painted and saved:")  # fmt: skip
    print(f"    {'kept-comment save (map_text: the text patch)':46} "
          f"{best['save'] * 1000:8.1f} ms   "
          f"CSafeDumper {best['dump'] * 1000:8.1f} ms   {best['save'] / best['dump']:5.2f}x the "
          f"dump;  diff {changed} lines (-1 +1), comments kept: {kept}  "
          f"({'met' if ok else 'NOT MET'})")  # fmt: skip
    return ok


def main() -> int:
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
    print(f"bench_read: load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"CPU times, best of {rounds}")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        map_path, scenario = bigmap.write(Path(folder))
        texts = [p.read_text(encoding="utf-8") for p in (map_path, scenario)]
        yamls = [dump_text(yaml.load(t, Loader=yaml.CSafeLoader)) for t in texts]
        errors, _ = validate_file(scenario)
        assert not errors, errors[:3]
        hexmap = load_map(map_path)
        target = Path(folder) / "recovery" / "autosave.yaml"
        parts: dict[str, Callable[[], object]] = {
            "floor": lambda: [yaml.load(t, Loader=yaml.CSafeLoader) for t in texts],
            "read, fast path": lambda: [parse_text(t, "f") for t in texts],
            "read, with positions": lambda: [_parse_located(t, "f") for t in texts],
            "read, as hand-written YAML (libyaml events)": lambda: [events_path(t) for t in yamls],
            "validate_file": lambda: validate_file(scenario),
            "load_scenario": lambda: load_scenario(scenario),
            "map_to_dict": lambda: map_to_dict(hexmap),
            "autosave text, all pieces": lambda: "".join(map_json_pieces(hexmap, target)),
        }
        best = side_by_side(parts, rounds)
        process = whole_validate(scenario, min(rounds, 3))
        piece, count = longest_piece(hexmap, target)
        same = "".join(map_json_pieces(hexmap, target)) == machine.dumps(
            map_file_dict(hexmap, target)[0]
        )
        floor = best.pop("floor")
        _print_files(floor, best, process, piece, count, same)
        game = saved_game(Path(folder), scenario, rounds)
        kept = kept_save(Path(folder), rounds)
    return 0 if process < 1.0 and same and game and kept else 1


def _print_files(
    floor: float, best: dict[str, float], process: float, piece: float, count: int, same: bool
) -> None:
    print(f"  {'floor: yaml.load(CSafeLoader) of map + scenario':50} {floor * 1000:8.1f} ms")
    for name, value in best.items():
        print(f"  {name:50} {value * 1000:8.1f} ms  {value / floor:5.2f}x floor")
    verdict = "met" if process < 1.0 else "NOT MET"
    print(f"  {'tabletop validate, whole process (user+sys)':50} {process * 1000:8.1f} ms  "
          f"{process / floor:5.2f}x floor  (< 1 s: {verdict})")  # fmt: skip
    print(
        f"  autosave text: {count} pieces, the longest {piece * 1000:.2f} ms of CPU "
        f"(the GUI thread spends at most 4 ms a turn on them); equal to machine.dumps: {same}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
