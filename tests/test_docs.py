"""The documentation stands alone and its commands work as printed: no page points outside
the repository, every command of the README's command-line block runs, and
docs/headless.md's turn plays through, each from a fresh folder holding the bundled
content (as a clone does)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_no_page_points_outside_the_repository() -> None:
    for page in PAGES:
        text = page.read_text()
        for outside in ("shared/", "rules-spec", "interfaces.md"):
            assert outside not in text, f"{page.name} mentions {outside}"


def _sh_blocks(page: Path) -> list[list[str]]:
    return [b.splitlines() for b in re.findall(r"```sh\n(.*?)```", page.read_text(), re.S)]


def _commands(lines: list[str]) -> list[str]:
    """The command of each line (comments dropped); ``for f in A B; do ... done`` expanded;
    ``$S`` set by ``S=...``."""
    out: list[str] = []
    variables: dict[str, str] = {}
    loop: tuple[str, list[str]] | None = None
    body: list[str] = []
    for raw in lines:
        line = raw.split("  #")[0].strip()
        if not line or line.startswith("#") or line.startswith("."):
            continue
        if m := re.fullmatch(r"(\w+)=(\S+)", line):
            variables[m[1]] = m[2]
            continue
        if m := re.fullmatch(r"for (\w+) in (.*); do", line):
            loop, body = (m[1], m[2].split()), []
            continue
        if line == "done" and loop is not None:
            name, values = loop
            out += [b.replace(f"${name}", v) for v in values for b in body]
            loop = None
            continue
        for name, value in variables.items():
            line = line.replace(f"${name}", value)
        (body if loop is not None else out).append(line)
    return out


@pytest.fixture
def clone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for folder in ("maps", "counters", "scenarios"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(command: str, clone: Path) -> int:
    args = shlex.split(command)
    assert args[0] == "tabletop", command
    expanded: list[str] = []
    for arg in args[1:]:  # the shell's globbing of maps/*.yaml
        expanded += (
            sorted(str(p.relative_to(clone)) for p in clone.glob(arg)) if "*" in arg else [arg]
        )
    return main(expanded)


def test_the_readme_commands_run_as_printed(
    clone: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    """(``qapp``: ``tabletop sheet`` paints with Qt, in the tests' QApplication.)"""
    block = next(b for b in _sh_blocks(ROOT / "README.md") if "tabletop validate" in "\n".join(b))
    commands = [c for c in _commands(block) if len(shlex.split(c)) > 2 or "bundled" in c]
    assert len(commands) >= 10
    for command in commands:
        assert _run(command, clone) == 0, command
        capsys.readouterr()
    assert (clone / "game.yaml").is_file() and (clone / "platoon.pdf").is_file()


def test_the_headless_turn_plays_through(clone: Path, capsys: pytest.CaptureFixture[str]) -> None:
    commands = _commands([line for b in _sh_blocks(ROOT / "docs" / "headless.md") for line in b])
    assert sum(c.startswith("tabletop act") for c in commands) >= 25
    for command in commands:
        assert _run(command, clone) == 0, command
        capsys.readouterr()
    assert main(["show", "game.yaml"]) == 0
    assert capsys.readouterr().out.startswith("Eisenbach Gap: turn 2 of 10, draw phase")
