"""A seeded mutation fuzzer over the bundled files (issue 16): each case copies nothing but
rewrites one file of a copied tree with one to three mutations (delete lines, duplicate a
line, swap two values, change a value's type, truncate, insert junk), then runs
``validate`` on the scenario or saved game that reads it, and ``act`` when it validates.

A case fails on any exception out of the commands (a traceback), an "internal error"
message, an unlocated message, a case that runs past :data:`CASE_SECONDS`, or output that
quotes a secret planted in a file outside the tree. Used by tests/data/test_hostile_fuzz.py
(a few hundred cases) and ``make fuzz`` (thousands).
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import shutil
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import paths
from tabletop.cli import main

CASE_SECONDS = 10
SECRET = "fuzz-secret-3f9a"
TARGETS = {  # mutated file -> the file validated and acted on
    "maps/eisenbach-valley.yaml": "scenarios/hold-the-crossroads.yaml",
    "counters/eisenbach.yaml": "scenarios/hold-the-crossroads.yaml",
    "scenarios/hold-the-crossroads.yaml": "scenarios/hold-the-crossroads.yaml",
    "maps/standard.yaml": "maps/eisenbach-valley.yaml",
    "saves/game.yaml": "saves/game.yaml",
    "counters/squad.yaml": "scenarios/demo-squad.yaml",
    "scenarios/demo-squad.yaml": "scenarios/demo-squad.yaml",
    "maps/village.yaml": "scenarios/demo-squad.yaml",
}
VALUES = [
    "null", "~", "[]", "{}", "[1, 2]", "{a: 1}", "-1", "0", "2000", "100000000",
    "10000000000000000000000", "1e22", ".nan", "true", '"x"', "'\u00b2'", '"0304, 0305"',
    "/etc/passwd", "../../../../etc/hostname", "&a [*a]", "!!python/object:os.system",
    '"' + "a" * 300 + '"', "../../fuzz-secret.yaml", "\u00b9\u00b2",
]  # fmt: skip
ACTIONS = [
    ["end-impulse"], ["draw"], ["fire", "--unit", "m48-1", "--target", "t64-1"],
    ["move", "--unit", "inf-1", "--to", "0306"], ["end-phase"],
]  # fmt: skip
_VALUE = re.compile(r"(:\s+)([^\s{\[#][^,}\]#]*|\{[^}]*\}|\[[^\]]*\])")


@dataclass
class Failure:
    seed: int
    file: str
    mutations: list[str]
    why: str

    def __str__(self) -> str:
        return f"seed {self.seed}: {self.file} after {'; '.join(self.mutations)}: {self.why}"


def make_tree(root: Path) -> Path:
    """Copies of the bundled folders, a saved game in ``saves/`` and a secret beside."""
    for folder in (paths.MAPS, paths.COUNTERS, paths.SCENARIOS):
        shutil.copytree(folder, root / folder.name)
    (root / "saves").mkdir()
    game = root / "saves" / "game.yaml"
    scenario = str(root / "scenarios" / "hold-the-crossroads.yaml")
    with contextlib.redirect_stdout(io.StringIO()):
        assert (
            main(["act", scenario, "draw", "--formation", "kampfgruppe", "--out", str(game)]) == 0
        )
        fire = ["fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap"]
        assert main(["act", str(game), *fire, "--dice", "4,5,6,1,3,4,6", "--out", str(game)]) == 0
    (root.parent / "fuzz-secret.yaml").write_text(f"{SECRET}: {SECRET}\n", encoding="utf-8")
    return root


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One mutation of ``text``; (new text, what was done)."""
    lines = text.splitlines(keepends=True)
    kind = rng.choice(("delete", "duplicate", "swap", "type", "type", "type", "truncate", "junk"))
    i = rng.randrange(len(lines))
    if kind == "delete":
        n = rng.choice((1, 1, 2, 5))
        del lines[i : i + n]
        return "".join(lines), f"deleted {n} line(s) at {i + 1}"
    if kind == "duplicate":
        lines.insert(i, lines[i])
        return "".join(lines), f"duplicated line {i + 1}"
    if kind == "truncate":
        cut = rng.randrange(len(text))
        return text[:cut], f"truncated at {cut}"
    if kind == "junk":
        junk = rng.choice(("\t", ": :", "- -", "{", "]", "\x00", "\u202e", "%YAML 9", "&x *x"))
        lines[i] = lines[i][: len(lines[i]) // 2] + junk + lines[i][len(lines[i]) // 2 :]
        return "".join(lines), f"junk {junk!r} in line {i + 1}"
    spots = [(n, m) for n, line in enumerate(lines) for m in _VALUE.finditer(line)]
    if not spots:
        return text, "nothing to change"
    if kind == "swap" and len(spots) > 1:
        (a, ma), (b, mb) = rng.sample(spots, 2)
        va, vb = ma.group(2), mb.group(2)
        lines[a] = lines[a][: ma.start(2)] + vb + lines[a][ma.end(2) :]
        if a != b:
            lines[b] = lines[b][: mb.start(2)] + va + lines[b][mb.end(2) :]
        return "".join(lines), f"swapped values of lines {a + 1} and {b + 1}"
    n, m = rng.choice(spots)
    value = rng.choice(VALUES)
    lines[n] = lines[n][: m.start(2)] + value + lines[n][m.end(2) :]
    return "".join(lines), f"line {n + 1} value {m.group(2)[:30]!r} -> {value[:30]!r}"


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


def _check_output(code: int, output: str, tree: Path) -> str | None:
    if SECRET in output:
        return "another file's content quoted"
    if "internal error" in output or "Traceback" in output:
        return "internal error: " + output[-300:]
    for line in output.splitlines():  # every problem of a file at a line and column
        if line.startswith(str(tree)) and re.match(r"\S*:0:0: ", line):
            return "no located message: " + line[:200]
    return None


def run_case(tree: Path, seed: int, originals: dict[str, str]) -> Failure | None:
    rng = random.Random(seed)
    name = rng.choice(sorted(TARGETS))
    text = originals[name]
    done = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        text, what = mutate(text, rng)
        done.append(what)
        if not text:
            break
    path = tree / name
    path.write_text(text, encoding="utf-8")
    target = str(tree / TARGETS[name])
    try:
        with time_limit(CASE_SECONDS):
            code, output = _run("validate", target)
            why = _check_output(code, output, tree)
            if why is None and code == 0 and ("scenarios" in target or "saves" in target):
                code, output = _run("act", target, *rng.choice(ACTIONS), "--json")
                why = _check_output(code, output, tree)
    except BaseException as exc:  # a traceback, a hang, a crash of ours: the failure
        if isinstance(exc, KeyboardInterrupt):
            raise
        why = f"{type(exc).__name__}: {exc}"[:300]
    finally:
        path.write_text(originals[name], encoding="utf-8")
    return None if why is None else Failure(seed, name, done, why)


def fuzz(
    root: Path, cases: int, first_seed: int = 0, progress: Callable[[int], None] | None = None
) -> list[Failure]:
    """Run ``cases`` seeded cases in a tree made under ``root``; the failures."""
    tree = make_tree(root)
    originals = {name: (tree / name).read_text(encoding="utf-8") for name in TARGETS}
    failures = []
    for seed in range(first_seed, first_seed + cases):
        failure = run_case(tree, seed, originals)
        if failure is not None:
            failures.append(failure)
        if progress is not None:
            progress(seed)
    return failures
