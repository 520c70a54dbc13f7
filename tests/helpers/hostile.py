"""What the hostile-file tests share (tests/data/test_hostile_*.py): the bundled files they
break, a small edit of one, ``tabletop`` run in-process, and the located-message checks.
Their ``tree`` fixture (a copy of the bundled files) is tests/data/conftest.py's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.cli import main

SCENARIO = "scenarios/hold-the-crossroads.yaml"
MAP = "maps/eisenbach-valley.yaml"
COUNTERS = "counters/eisenbach.yaml"
FIRE = ["--unit", "m48-1", "--target", "t64-1"]


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def assert_located(output: str, path: Path, *words: str) -> None:
    """A located message about ``path`` (line > 0), and nothing of a crash."""
    assert "Traceback" not in output and "internal error" not in output, output
    found = re.findall(rf"{re.escape(str(path))}:(\d+):(\d+): (.*)", output)
    assert any(int(line) > 0 for line, _, _ in found), output
    for word in words:
        assert any(word in message for _, _, message in found), (word, output)


def validate(
    capsys: pytest.CaptureFixture[str], path: Path, *words: str, where: Path | None = None
) -> None:
    """``validate path`` fails with a located message in ``where`` (default: ``path``)."""
    code, output = run(capsys, "validate", str(path))
    assert code == 1, output
    assert_located(output, where or path, *words)
