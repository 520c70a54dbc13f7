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
    """``tabletop odds ... | head -1``: the reader leaves early; exit 0 and no traceback.

    Run in a child process whose command raises BrokenPipeError, as print() does when the
    reader has gone (the handler points the child's stdout at devnull)."""
    code = (
        "import sys, tabletop.cli.los as los\n"
        "from tabletop.cli import main\n"
        "def run(args):\n"
        "    print('x' * 10)\n"
        "    raise BrokenPipeError(32, 'Broken pipe')\n"
        "los.run = run\n"
        "sys.exit(main(['los', 'maps/eisenbach-valley.yaml', '0304', '0305']))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 0


def test_out_to_a_missing_folder_names_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "missing" / "game.yaml"
    code = main(
        ["act", str(ROOT / "scenarios/hold-the-crossroads.yaml"), "draw", "--out", str(out)]
    )
    err = capsys.readouterr().err
    assert code == 1
    assert f"there is no folder {out.parent}" in err and ".tmp" not in err


def test_act_on_a_map_names_the_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["act", str(ROOT / "maps/eisenbach-valley.yaml"), "draw"]) == 1
    assert "a map file, not a scenario or saved game" in capsys.readouterr().err


def test_saved_games_get_ordinary_permissions(tmp_path: Path) -> None:
    """Atomic saves go through a private temporary file; the result is not private."""
    import os
    import stat

    out = tmp_path / "game.yaml"
    assert (
        main(["act", str(ROOT / "scenarios/hold-the-crossroads.yaml"), "draw", "--out", str(out)])
        == 0
    )
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask
    out.chmod(0o640)  # replacing keeps the file's own permissions
    assert main(["act", str(out), "end-impulse", "--out", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_plain_text_events_read_as_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["act", str(ROOT / "scenarios/hold-the-crossroads.yaml"), "draw",
                 "--formation", "kampfgruppe"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "NATO draws the kampfgruppe chit" in out and "{" not in out
