"""The ``tabletop`` entry point: usage, version, bad words, a closed pipe."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("validate", "los", "odds", "act", "sheet"):
        assert f"tabletop {command}" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("tabletop ")


def test_bad_option_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["los", "--no-such-option"]) == 1
    assert main(["--frobnicate"]) == 1


def test_closed_pipe_is_quiet() -> None:
    """``tabletop los ... --all | head -c 20``: the reader leaves early; no traceback."""
    with subprocess.Popen(
        [sys.executable, "-m", "tabletop", "los", "maps/eisenbach-gap.yaml", "1010", "--all"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ) as proc:  # fmt: skip
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(20)
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait(timeout=120)
    assert "Traceback" not in err
    assert proc.returncode in (0, -13)  # -13: SIGPIPE before Python saw it
