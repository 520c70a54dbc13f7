"""A seeded mutation fuzzer over the bundled files (issue 16): each case copies nothing but
rewrites one file of a copied tree with one to three mutations (delete lines, duplicate a
line, swap two values, change a value's type, truncate, insert junk; and since issue 22: a
reference through a linked folder plus ``..``, a link out of the tree, a FIFO, a NUL or a
line break; dates, ``!!binary`` and numbers YAML reads otherwise in every key; an alias
tree or chain appended; a saved game's log multiplied), then runs
``validate`` on the scenario or saved game that reads it, and ``act`` when it validates.

A case fails on any exception out of the commands (a traceback), an "internal error"
message, an unlocated message, a case that runs past :data:`CASE_SECONDS`, or output that
quotes a secret planted in a file outside the tree. :func:`fuzz_settings` and
:func:`fuzz_backgrounds` do the same for the app's settings files and background images.
Used by tests/data/test_hostile_fuzz.py (a few hundred cases) and ``make fuzz`` (thousands).
"""

from __future__ import annotations

import contextlib
import io
import os
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
    # issue 22: values outside the format's types, ids YAML reads as other numbers
    "2024-06-06", "2024-06-06 10:00:00", "!!binary aGVsbG8=", "017", "0x10", "1_000",
    "!!timestamp 2001-12-14", ".inf", "-.nan", '"a\\nb"', '"\\0"',
]  # fmt: skip
REFS = [  # issue 22: links and ``..`` in references (see make_tree's links)
    "deep/../../../fuzz-secret.yaml", "deep/../../../../fuzz-secret.yaml",
    "out/fuzz-secret.yaml", "deep/../../maps/eisenbach-valley.yaml",
    "../scenarios/deep/../../../maps/standard.yaml", '"../maps/a\\0b.yaml"',
    '"../maps/x\\n/tmp/f:1:1: forged\\n.yaml"', "fifo.yaml", "deep",
]  # fmt: skip
_REF = re.compile(r"^(\s*(?:map|terrain|counters):\s*\[?)([^,\]\s#]+)", re.MULTILINE)
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
    for folder in ("scenarios", "maps", "saves"):  # links a reference may go through
        deep = root / folder / "d1" / "d2" / "d3"
        deep.mkdir(parents=True)
        os.symlink(deep, root / folder / "deep")
        os.symlink(root.parent, root / folder / "out")
        os.mkfifo(root / folder / "fifo.yaml")
    return root


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One mutation of ``text``; (new text, what was done)."""
    lines = text.splitlines(keepends=True)
    kind = rng.choice(("delete", "duplicate", "swap", "type", "type", "type", "truncate", "junk",
                       "ref", "aliases", "log"))  # fmt: skip
    if kind == "ref":
        refs = list(_REF.finditer(text))
        if refs:
            m = rng.choice(refs)
            ref = rng.choice(REFS)
            return text[: m.start(2)] + ref + text[m.end(2) :], f"reference -> {ref!r}"
        kind = "type"
    if kind == "aliases":
        return text + alias_tree(rng), "an alias tree or chain appended"
    if kind == "log":
        if "\nlog:\n" in text:
            head, log = text.split("\nlog:\n", 1)
            entries = [line for line in log.splitlines(keepends=True) if line.lstrip()[:2] == "- "]
            if entries:
                n = rng.choice((500, 3000))
                return head + "\nlog:\n" + "".join(entries) * (n // len(entries) + 1), f"log x{n}"
        kind = "type"
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


def alias_tree(rng: random.Random) -> str:
    """``victory:`` (or another key) holding a doubling alias tree or a long alias chain."""
    key = rng.choice(("victory", "victory", "flags", "zz_extra"))
    if rng.random() < 0.5:
        body = "  l0: &l0 [x]\n" + "".join(
            f"  l{i}: &l{i} [*l{i - 1}, *l{i - 1}]\n" for i in range(1, rng.choice((12, 20)))
        )
    else:
        body = "  a0: &a0 [1]\n" + "".join(
            f"  a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, rng.choice((50, 500)))
        )
    return f"\n{key}:\n{body}"


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


SETTING_VALUES = [
    "xyz", "", "0", "-1", "1e308", "nan", "inf", "-inf", "@ByteArray(\\x1\\x2)",
    "@Variant(\\0\\0)", "a, b, c", "\\0", "@Invalid()", "\u202e", "game", "map", "counters",
    "scenario", "/etc/passwd", "@Rect(0 0 10 10)", "@Size(-1 -1)", "true", "x" * 5000,
    "@ByteArray()", "1, 2", "/dev/zero",
]  # fmt: skip
SETTING_KEYS = [
    ("recovery", "kind"), ("recovery", "source"), ("recovery", "save_path"),
    ("window", "geometry"), ("window", "state"), ("view", "zoom"),
    ("play", "opfire_policy"), ("General", "recent"),
]  # fmt: skip


def fuzz_settings(root: Path, cases: int, first_seed: int = 0) -> list[str]:
    """Random settings files read as the app reads them (no window: the reads themselves,
    :mod:`tabletop.ui.shell.settingsread` and the recovery file's origin)."""
    from PySide6.QtCore import QSettings

    from tabletop.ui.shell import settingsread
    from tabletop.ui.shell.recovery import KIND_TEXT, RecoveryFile

    failures = []
    for seed in range(first_seed, first_seed + cases):
        rng = random.Random(seed)
        folder = root / f"s{seed}"
        folder.mkdir(parents=True)
        groups: dict[str, list[str]] = {}
        for group, key in SETTING_KEYS:
            if rng.random() < 0.8:
                groups.setdefault(group, []).append(f"{key}={rng.choice(SETTING_VALUES)}")
        text = "".join(f"[{g}]\n" + "".join(f"{e}\n" for e in es) for g, es in groups.items())
        ini = folder / "settings.ini"
        ini.write_text(text, encoding="utf-8")
        settings = QSettings(str(ini), QSettings.Format.IniFormat)
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                origin = RecoveryFile(settings).origin()
                assert origin.kind in KIND_TEXT
                RecoveryFile(settings).is_stale()
                settingsread.texts(settings, "recent")
                settingsread.blob(settings, "window/geometry")
                settingsread.blob(settings, "window/state")
                zoom = settingsread.number(settings, "view/zoom", 1e-6, 1e6)
                assert zoom is None or 1e-6 <= zoom <= 1e6
                settingsread.text(settings, "play/opfire_policy", "ask", ("ask", "best"))
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            failures.append(f"seed {seed}: {text!r}: {type(exc).__name__}: {exc}"[:300])
    return failures


def _background_case(folder: Path, rng: random.Random) -> Path:
    import gzip

    svg_head = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    kind = rng.choice(("svg-ref", "svg-entity", "svg-css", "svgz-bomb", "svg-huge", "fifo",
                       "png-junk", "png-truncated", "svg-ok", "dir"))  # fmt: skip
    path = folder / f"bg-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    elif kind == "svg-ref":
        os.mkfifo(folder / "fifo.png")
        href = rng.choice(("fifo.png", "/dev/zero", "file:///etc/passwd", " fifo.png"))
        path.write_text(f'{svg_head} width="50" height="50"><image xlink:href="{href}" '
                        'width="50" height="50"/></svg>')  # fmt: skip
    elif kind == "svg-entity":
        path.write_text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM '
                        f'"/dev/zero">]>{svg_head} width="5" height="5">&x;</svg>')  # fmt: skip
    elif kind == "svg-css":
        path.write_text(f'{svg_head} width="5" height="5"><style>@import url(/dev/zero);'
                        "</style></svg>")  # fmt: skip
    elif kind == "svgz-bomb":
        size = rng.choice((9, 64)) * 2**20
        raw = f'{svg_head} width="5" height="5"><!--'.encode() + b" " * size + b"--></svg>"
        path.write_bytes(gzip.compress(raw, 6))
    elif kind == "svg-huge":
        side = rng.choice((40000, 10**6, 10**9))
        path.write_text(f'{svg_head} width="{side}" height="{side}"/>')
    elif kind in ("png-junk", "png-truncated"):
        png = b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(200))
        path.write_bytes(png[: rng.randrange(1, len(png))] if kind == "png-truncated" else png)
    else:
        path.write_text(f'{svg_head} width="20" height="20"><rect width="20" height="20"/></svg>')
    return path


def fuzz_backgrounds(root: Path, cases: int, first_seed: int = 0) -> list[str]:
    """Random hostile background images through the app's bounded reader."""
    from tabletop.ui.editor.imageread import read_image

    failures = []
    for seed in range(first_seed, first_seed + cases):
        rng = random.Random(seed)
        folder = root / f"b{seed}"
        folder.mkdir(parents=True)
        path = _background_case(folder, rng)
        try:
            with time_limit(CASE_SECONDS):
                image, problem = read_image(path)
            if image.isNull() != bool(problem):
                failures.append(f"seed {seed}: {path.name}: null image without a reason")
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            failures.append(f"seed {seed}: {path.name}: {type(exc).__name__}: {exc}"[:300])
    return failures
