"""Hostile command lines (issue 16 item 7): a full disk, huge --copies and --dpi, a comma in
a unit id, an unquoted ``~`` row. Plain messages and exit 1, never a traceback."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest

from tabletop import paths
from tabletop.cli import main
from tabletop.data import atomic

COUNTERS = str(paths.COUNTERS / "eisenbach.yaml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_sheet_on_a_full_disk_keeps_the_old_file(
    qapp: object,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"the old sheet")

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", no_space)
    code, output = run(capsys, "sheet", COUNTERS, "-o", str(out))
    assert code == 1 and "wrote" not in output and "No space left on device" in output
    assert out.read_bytes() == b"the old sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--copies", "100000000"], "is not a number of copies (1 to 100)"),
        (["--dpi", "100000"], "is not a resolution in dots per inch (50 to 1200)"),
        (["--dpi", "0"], "is not a resolution"),
    ],
)
def test_sheet_bounds(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, output = run(capsys, "sheet", COUNTERS, "-o", str(tmp_path / "s.png"), *args)
    assert code == 1 and message in output
    assert list(tmp_path.iterdir()) == []


def test_sheet_refuses_a_fifo(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    fifo = tmp_path / "s.pdf"
    os.mkfifo(fifo)
    code, output = run(capsys, "sheet", COUNTERS, "-o", str(fifo))
    assert code == 1 and "FIFO" in output


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for folder in (paths.MAPS, paths.COUNTERS, paths.SCENARIOS):
        shutil.copytree(folder, tmp_path / folder.name)
    return tmp_path


@pytest.mark.parametrize("uid", ["inf,1", "inf:1", " inf-1"])
def test_unit_ids_the_command_line_cannot_name(
    tree: Path, capsys: pytest.CaptureFixture[str], uid: str
) -> None:
    scenario = tree / "scenarios/hold-the-crossroads.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("{id: inf-1,", f"{{id: {uid!r},", 1), encoding="utf-8")
    code, output = run(capsys, "validate", str(scenario))
    assert code == 1 and "may not be empty, contain a comma or a colon" in output


def test_an_unquoted_tilde_row_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "map.yaml"
    path.write_text(
        'format: tabletop/map@1\nname: t\nterrain: standard\nrows:\n  - "...."\n  - ~\n',
        encoding="utf-8",
    )
    code, output = run(capsys, "validate", str(path))
    assert code == 1 and f"{path}:6:5: rows row 2 is null" in output


def test_out_of_memory_is_said_plainly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop.cli import validate

    def exhausted(args: object) -> int:
        raise MemoryError

    monkeypatch.setattr(validate, "run", exhausted)
    code, output = run(capsys, "validate", COUNTERS)
    assert code == 1 and "tabletop validate: out of memory" in output


@pytest.mark.parametrize("face", ["\u00b3", "\u0663", "\uff13", "3\u0000", "\u00b9\u00b2"])
def test_dice_faces_are_ascii_digits(capsys: pytest.CaptureFixture[str], face: str) -> None:
    """``--dice ³`` (issue 22): a clear error, neither a crash nor a face of 3."""
    from tabletop.cli.common import BadInput, parse_dice

    with pytest.raises(BadInput, match="is not a d6 face"):
        parse_dice(f"4,{face}")
    code = main(["act", str(paths.SCENARIOS / "hold-the-crossroads.yaml"), "draw", "--dice", face])
    out = capsys.readouterr()
    assert code != 0 and "Traceback" not in out.err and "not a d6 face" in out.err
