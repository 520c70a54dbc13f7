"""``tabletop bundled`` and ``tabletop.paths``: the bundled files are found in a checkout
and in an installed package (``_bundled``), by name, from any folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import paths
from tabletop.cli import main


def test_bundled_lists_every_file_and_finds_one_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # any folder
    assert main(["bundled"]) == 0
    listed = capsys.readouterr().out.split()
    assert paths.DEMO_SCENARIO.as_posix() in listed
    assert {Path(p).parent.name for p in listed} == {"maps", "counters", "scenarios"}
    for name in ("hold-the-crossroads", "scenarios/hold-the-crossroads.yaml"):
        assert main(["bundled", name]) == 0
        assert capsys.readouterr().out.strip().endswith("scenarios/hold-the-crossroads.yaml")
    assert main(["bundled", "nowhere"]) == 1
    assert "no bundled file 'nowhere'; bundled: " in capsys.readouterr().err


def test_the_installed_copy_is_preferred_to_the_folder_around_the_package(
    tmp_path: Path,
) -> None:
    package = tmp_path / "site-packages" / "tabletop"
    package.mkdir(parents=True)
    assert paths.content_root(package) == tmp_path / "site-packages"  # a checkout's layout
    (package / "_bundled" / "maps").mkdir(parents=True)
    assert paths.content_root(package) == package / "_bundled"
