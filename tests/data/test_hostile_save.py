"""Atomic saves never replace what they must not (issue 16 item 1): a symlink is saved
through to its target, a FIFO, a folder, ``dir/`` and a read-only file are refused and left
as they were, a full disk leaves the old file, stale temporary files of ours are removed."""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

import pytest

from tabletop import paths
from tabletop.cli import main
from tabletop.data import atomic
from tabletop.data.atomic import SaveRefused, atomic_write, remove_stale_temps, save_target

SCENARIO = str(paths.SCENARIOS / "hold-the-crossroads.yaml")


def act_out(capsys: pytest.CaptureFixture[str], out: str) -> tuple[int, str]:
    code = main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", out])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_symlink_is_saved_through_to_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "game.yaml"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    code, output = act_out(capsys, str(link))
    assert code == 0, output
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8").startswith('{"format": "tabletop/game@1"')
    code, output = main(["validate", str(link)]), capsys.readouterr().out
    assert code == 0, output  # its references were written for the target's folder


def test_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.yaml"
    link.symlink_to(tmp_path / "new.yaml")
    atomic_write(link, "x: 1\n")
    assert link.is_symlink() and (tmp_path / "new.yaml").read_text() == "x: 1\n"


@pytest.mark.parametrize("kind", ["fifo", "folder", "slash", "readonly", "nofolder"])
def test_refused_targets_are_left_as_they_were(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = tmp_path / "game.yaml"
    out = str(path)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "slash":
        out = str(tmp_path / "newdir") + "/"
    elif kind == "readonly":
        path.write_text("precious\n", encoding="utf-8")
        path.chmod(0o444)
    else:
        out = str(tmp_path / "missing" / "game.yaml")
    before = sorted((p.name, p.stat().st_mode) for p in tmp_path.iterdir())
    code, output = act_out(capsys, out)
    assert code == 1
    assert "Traceback" not in output and "--out: cannot write" in output
    assert sorted((p.name, p.stat().st_mode) for p in tmp_path.iterdir()) == before
    if kind == "readonly":
        assert path.read_text(encoding="utf-8") == "precious\n"
        assert "read-only" in output
    if kind == "fifo":
        assert stat.S_ISFIFO(path.stat().st_mode) and "FIFO" in output


def test_device_node_is_refused() -> None:
    with pytest.raises(SaveRefused, match="character device"):
        save_target(os.devnull)


def test_full_disk_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("old\n", encoding="utf-8")

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", no_space)
    with pytest.raises(OSError, match="No space"):
        atomic_write(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


def test_stale_temporary_files_of_ours_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    stale = tmp_path / ".game.yaml.abcd1234.tmp"
    fresh = tmp_path / ".game.yaml.efgh5678.tmp"
    other = tmp_path / ".other.yaml.abcd1234.tmp"
    theirs = tmp_path / "game.yaml.tmp"
    for p in (stale, fresh, other, theirs):
        p.write_text("half a save", encoding="utf-8")
    old = time.time() - 3600
    for p in (stale, other, theirs):
        os.utime(p, (old, old))
    atomic_write(path, "x: 1\n")
    assert not stale.exists()
    assert fresh.exists() and other.exists() and theirs.exists()  # running, or not ours
    assert remove_stale_temps(path, older_than=-1) == [fresh]


def test_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    atomic_write(path, b"x: 1\n")
    assert stat.S_IMODE(path.stat().st_mode) & 0o600 == 0o600
