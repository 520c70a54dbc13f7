"""Random play of the platoon demo: legal actions at random for both sides, through the
same path as ``tabletop act`` (``PlayAction`` -> ``engine.perform``), to the game's end.

Every game must finish without a crash, save to a file that validates, and replay exactly
from its log. Three games run in the default suite; the big run (marked ``fuzz``) is
``make fuzz``'s.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop.model import Scenario
from tabletop.rules.los import LineOfSight
from tests.helpers.platoon_player import check_game, load_demo


@pytest.fixture(scope="module")
def demo() -> tuple[Scenario, LineOfSight]:
    return load_demo()


def test_a_few_random_games(demo: tuple[Scenario, LineOfSight], tmp_path: Path) -> None:
    for seed in range(3):
        check_game(demo, seed, tmp_path)


GAMES = int(os.environ.get("TABLETOP_FUZZ_GAMES", "32"))
"""Seeded games of the big run (``make fuzz``): 32 (about 90 s of one core; the first 200
seeds all passed when the fuzzer was written, so more seeds mostly repeat what these
cover). ``TABLETOP_FUZZ_GAMES=200 pytest -m fuzz tests/rules/platoon/test_fuzz.py`` plays
more."""
BLOCKS = 4


@pytest.mark.fuzz
@pytest.mark.parametrize("block", range(BLOCKS))
def test_many_random_games(demo: tuple[Scenario, LineOfSight], tmp_path: Path, block: int) -> None:
    """``GAMES`` seeded games in 4 blocks, so that xdist spreads them over the cores; one
    game in five is also saved and validated (the 3 games above all are)."""
    per_block = -(-GAMES // BLOCKS)
    for seed in range(100 + block * per_block, 100 + min(GAMES, (block + 1) * per_block)):
        check_game(demo, seed, tmp_path, validate=seed % 5 == 0)
