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


def test_an_id_not_in_the_scenario_is_looked_for_once_while_its_lists_keep_their_lengths(
    platoon_demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``phrases.type_of``: a support weapon's id (made by the game, in no list of the
    scenario) is remembered as missing, so the log's narration walks the scenario's units
    for it once, not once per row; a unit added to the scenario is found all the same."""
    from dataclasses import replace

    from tabletop.rules import phrases

    scenario, _ = platoon_demo
    scenario = replace(scenario, units=list(scenario.units))  # (the test's own lists)
    walks: list[str] = []
    plain = phrases._stale

    def counting(sc: Scenario, unit_id: str) -> bool:
        walks.append(unit_id)
        return plain(sc, unit_id)

    monkeypatch.setattr(phrases, "_stale", counting)
    known = scenario.units[0]
    for _ in range(50):
        assert phrases.type_of(scenario, "nobody-sw") is None
        assert phrases.type_of(scenario, known.id) == known.type_id
    assert walks == ["nobody-sw"]
    scenario.units.append(replace(known, id="nobody-sw"))  # (the lists' lengths change)
    assert phrases.type_of(scenario, "nobody-sw") == known.type_id
    assert walks == ["nobody-sw", "nobody-sw"]
    monkeypatch.setattr(phrases, "MISSING_KEPT", 3)
    for k in range(10):
        assert phrases.type_of(scenario, f"gone-{k}") is None
    kept = next(k for k in phrases._PLACES if k[0]() is scenario)[2]
    assert len(kept) <= 3
