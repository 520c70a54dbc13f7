"""Saved games written before machine-written files became JSON (``yaml_saves/``: YAML,
sealed and unsealed, and the one-line JSON recovery file of that build) still load, their
logs replay to their stored states, and a save of each loads to the same game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.cli.common import check_game
from tabletop.data import game_to_dict, load_game, save_game

SAVES = Path(__file__).resolve().parent / "yaml_saves"
GAMES = ["squad-sealed.yaml", "squad-recovery.yaml", "platoon-sealed.yaml",
         "platoon-unsealed.yaml"]  # fmt: skip


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    shutil.copytree(SAVES, folder)
    return folder


@pytest.mark.parametrize("name", GAMES)
def test_an_old_save_loads_replays_and_saves_again(saves: Path, name: str) -> None:
    path = saves / name
    game = load_game(path)
    assert game.log, name
    assert check_game(game) == []  # its log replays to the state it holds
    assert load_game(path, check_game).log == game.log  # the loader's own replay agrees
    again = saves / f"again-{name}"
    save_game(game, again)
    loaded = load_game(again, check_game)
    assert game_to_dict(loaded, again) == game_to_dict(game, again)
