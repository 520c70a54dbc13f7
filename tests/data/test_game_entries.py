"""A saved game's usual unit state entries are read by a short path: it must make exactly
the units the general reader makes, and leave every other entry to that reader."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop import data, paths
from tabletop.cli import main
from tabletop.data import games

SCENARIO = str(paths.SCENARIOS / "hold-the-crossroads.yaml")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A platoon game after a draw and a fire (markers, a reduced and disrupted unit)."""
    game = tmp_path_factory.mktemp("played") / "game.yaml"
    assert main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", str(game)]) == 0
    fire = ["fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap"]
    assert main(["act", str(game), *fire, "--dice", "4,5,6,1,3,4,6", "--out", str(game)]) == 0
    return game


def _both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object, list[object]]:
    calls: list[object] = []
    saved, common = games._saved_state, games._common_state

    def counted(short: Any) -> Any:
        def run(*args: object) -> object:
            made = short(*args)
            calls.append(made)
            return made

        return run

    monkeypatch.setattr(games, "_saved_state", counted(saved))
    monkeypatch.setattr(games, "_common_state", counted(common))
    fast = data.load_game(path)
    monkeypatch.setattr(games, "_saved_state", lambda *args: None)
    monkeypatch.setattr(games, "_common_state", lambda *args: None)
    general = data.load_game(path)
    return fast, general, calls


def test_the_short_path_makes_the_units_of_the_general_one(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, general, calls = _both(played, monkeypatch)
    assert fast.same_as(general)
    assert sum(made is not None for made in calls) == len(calls) >= 5  # every entry


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"status": "disrupted"', '"status": "shaken"'),
        ('"markers": ["ops_complete"]', '"markers": ["golden"]'),
        ('"step": "reduced"', '"step": 3'),
        ('"flags": {}}', '"flags": {"maneuver": true}}'),
        ('"ammo": null', '"ammo": 2'),
        ('"mode": null', '"mode": ["x"]'),
    ],
)
def test_other_entries_are_left_to_the_general_reader(
    played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> None:
    text = played.read_text(encoding="utf-8")
    state = text.index('"state": {')
    assert old in text[state:]
    path = tmp_path / "game.yaml"
    path.write_text(text[:state] + text[state:].replace(old, new, 1), encoding="utf-8")
    try:
        fast, general, calls = _both(path, monkeypatch)
    except data.DataError as exc:  # the general reader reports it, located
        assert f"{path}:" in str(exc)
        return
    assert fast.same_as(general)
    assert None in calls
