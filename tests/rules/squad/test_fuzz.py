"""Random play of the squad demo: legal actions at random for both sides, through the same
path as ``tabletop act`` (``PlayAction`` on a ``History`` -> ``engine.perform``), with undo
and redo, to the game's end.

Every game must finish without a crash, replay exactly from its log, and save to a file
that validates. Three whole games run in the default suite. The big run (marked ``fuzz``,
``make fuzz``'s): ``GAMES`` (200) seeded games of the whole demo (all its game turns), in
``BLOCKS`` parametrized chunks so that ``pytest -n 2`` spreads them evenly;
``TABLETOP_FUZZ_SQUAD_GAMES`` plays more, ``TABLETOP_FUZZ_SQUAD_TURNS`` cuts the games
short (``make fuzz`` also plays 1000 games of 8 turns).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop.model import Scenario
from tabletop.rules.los import LineOfSight
from tests.helpers.squad_player import check_game, load_demo

GAMES = int(os.environ.get("TABLETOP_FUZZ_SQUAD_GAMES", "200"))


@pytest.fixture(scope="module")
def demo() -> tuple[Scenario, LineOfSight]:
    return load_demo()


FEW = 3
"""Whole games of the default suite (seeds 0-2, also the big run's first)."""


def test_a_few_random_squad_games(demo: tuple[Scenario, LineOfSight], tmp_path: Path) -> None:
    for seed in range(FEW):
        check_game(demo, seed, tmp_path)


BLOCKS = 8


@pytest.mark.fuzz
@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_squad_games(demo: tuple[Scenario, LineOfSight], tmp_path: Path, block: int) -> None:
    """``GAMES`` seeded games in ``BLOCKS`` chunks (xdist spreads them), each played to its
    end, replayed from its log, saved and validated."""
    per_block = -(-GAMES // BLOCKS)
    for seed in range(block * per_block, min(GAMES, (block + 1) * per_block)):
        check_game(demo, seed, tmp_path)
