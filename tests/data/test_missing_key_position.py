"""A key missing from a file's top-level mapping is reported at 1:1, where the file's other
whole-document problems are, not at a position 0:0 that no editor shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli import main


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("format: tabletop/counters@1\nruleset: platoon\n",
         "1:1: the counters file is missing the key 'units'"),
        ("format: tabletop/terrain@1\n", "1:1: the terrain chart is missing the key 'terrain'"),
        ("format: tabletop/game@1\n", "1:1: the scenario is missing the key 'ruleset'"),
    ],
)  # fmt: skip
def test_missing_top_level_key_is_at_1_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "file.yaml"
    path.write_text(text)
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    out = err.out + err.err
    assert f"{path}:{message}" in out
    assert ":0:0:" not in out


def test_an_unreadable_file_is_named_without_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "nowhere.yaml"]) == 1
    out = capsys.readouterr()
    assert "nowhere.yaml: no such file" in out.out + out.err
    assert "nowhere.yaml:0:0" not in out.out + out.err
