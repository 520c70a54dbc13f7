"""Every narrated line is in a player's words: whole seeded games of both bundled demos
(played by the fuzzers' players) are replayed and each entry narrated, long form and the
Undo menu's short form; no line holds an identifier with an underscore (``minefield_ap``,
``MEDIUM_BOMBER``, ``us_task_force``)."""

from __future__ import annotations

import re

import pytest

from tabletop.model import Scenario
from tabletop.rules import LineOfSight, engine
from tabletop.rules.narrate import describe_action, narrate
from tests.helpers import platoon_player, squad_player

IDENTIFIER = re.compile(r"\w+_\w+")


def _lines(scenario: Scenario, los: LineOfSight, log: list) -> list[str]:
    state = scenario.new_game()
    lines: list[str] = []
    for entry, result in zip(log, engine.replay_steps(state, log, los), strict=True):
        lines += [narrate(scenario, entry, result), describe_action(scenario, entry, result)]
    return lines


@pytest.fixture(scope="module")
def platoon_demo() -> tuple[Scenario, LineOfSight]:
    return platoon_player.load_demo()


@pytest.fixture(scope="module")
def squad_demo() -> tuple[Scenario, LineOfSight]:
    return squad_player.load_demo()


def test_a_squad_game_is_narrated_without_raw_names(squad_demo) -> None:
    scenario, los = squad_demo
    for seed in (3, 11):
        lines = _lines(scenario, los, squad_player.play_game(scenario, los, seed).log)
        raw = [line for line in lines if IDENTIFIER.search(line)]
        assert not raw, raw[:5]


def test_a_platoon_game_is_narrated_without_raw_names(platoon_demo) -> None:
    scenario, los = platoon_demo
    lines = _lines(scenario, los, platoon_player.play_game(scenario, los, 5).log)
    raw = [line for line in lines if IDENTIFIER.search(line)]
    assert not raw, raw[:5]
