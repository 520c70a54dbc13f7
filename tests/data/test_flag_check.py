"""A saved game's flags are checked on load against the ruleset's declarations
(``tabletop.model.flagspec``), whether or not the seal matches (issue 22): each game below
carries a recomputed seal, so the log's replay is skipped, and each loaded before and then
failed with a traceback deep in the rules (``rallied: 5`` in the platoon sequence, a
close-combat record of the wrong shape, a unit flag of the wrong type, a count out of
range). Now each is a located error at load."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop import paths
from tabletop.cli import main
from tabletop.data import DataError, load_game, load_scenario, save_game
from tabletop.data.flagcheck import check_flags
from tabletop.data.schema import Checker
from tabletop.model import GameState
from tabletop.model.flagspec import GAME_FLAGS, UNIT_FLAG_SPECS

LOCATED = re.compile(r"game\.yaml:(\d+):(\d+): ")


def _sealed(tmp_path: Path, scenario: str, change: Callable[[GameState], None]) -> Path:
    """A new game of ``scenario``, changed by ``change`` and saved with its seal recomputed
    (``save_game`` seals what it writes: the replay check is then skipped on load)."""
    sc = load_scenario(paths.SCENARIOS / scenario)
    game = sc.new_game()
    change(game)
    path = tmp_path / "game.yaml"
    save_game(game, path)
    assert '"seal": "sha256:' in path.read_text(encoding="utf-8")
    return path


def _refused(path: Path, *words: str) -> str:
    with pytest.raises(DataError) as caught:
        load_game(path)
    text = str(caught.value)
    assert LOCATED.search(text), text
    for word in words:
        assert word in text, text
    return text


def test_rallied_not_a_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _sealed(tmp_path, "hold-the-crossroads.yaml", lambda g: g.flags.update(rallied=5))
    _refused(path, "the game's flag 'rallied' must be a list, not a number (5)")
    # the command line says so too (it printed a TypeError traceback from the sequence)
    assert main(["actions", str(path)]) != 0
    assert "must be a list" in capsys.readouterr().err


def test_rallied_names_no_unit(tmp_path: Path) -> None:
    path = _sealed(tmp_path, "hold-the-crossroads.yaml", lambda g: g.flags.update(rallied=["x"]))
    _refused(path, "'rallied' item 1: 'x' is not a unit of the game")


def test_close_combat_record_of_the_wrong_shape(tmp_path: Path) -> None:
    def change(g: GameState) -> None:
        uid = next(iter(g.units))
        g.flags["close_combat"] = {"0304": {"round": 1, "joined": uid, "retests": []}}

    path = _sealed(tmp_path, "demo-squad.yaml", change)
    _refused(
        path, "'joined' must be a list, not a string", "'retests' must be a mapping, not a list"
    )


def test_close_combat_record_unknown_key(tmp_path: Path) -> None:
    path = _sealed(
        tmp_path, "demo-squad.yaml", lambda g: g.flags.update(close_combat={"0304": {"rounds": 1}})
    )
    _refused(path, "unknown key 'rounds'", "did you mean 'round'?")


def test_unknown_game_flag_suggests_the_known_one(tmp_path: Path) -> None:
    path = _sealed(tmp_path, "hold-the-crossroads.yaml", lambda g: g.flags.update(ralied=[]))
    _refused(path, "unknown key 'ralied' in the game's flags (did you mean 'rallied'?)")


def test_a_flag_of_the_other_ruleset(tmp_path: Path) -> None:
    path = _sealed(tmp_path, "hold-the-crossroads.yaml", lambda g: g.flags.update(close_combat={}))
    _refused(path, "unknown key 'close_combat'")


def test_unit_flag_of_the_wrong_type(tmp_path: Path) -> None:
    def change(g: GameState) -> None:
        next(iter(g.units.values())).flags["mp_used"] = "lots"

    path = _sealed(tmp_path, "hold-the-crossroads.yaml", change)
    _refused(path, "the unit's flag 'mp_used' must be a whole number, not a string ('lots')")


def test_unit_flag_out_of_its_words(tmp_path: Path) -> None:
    def change(g: GameState) -> None:
        next(iter(g.units.values())).flags["shooting"] = "danced"

    path = _sealed(tmp_path, "demo-squad.yaml", change)
    _refused(path, "the unit's flag 'shooting' must be one of fired, ran, dug_in, not 'danced'")


def test_value_out_of_range(tmp_path: Path) -> None:
    def change(g: GameState) -> None:
        uid = next(iter(g.units))
        hex_label = g.scenario.map.label(next(iter(g.scenario.map.cells)))
        g.flags["mines_laying"] = {uid: {"kind": "minefield_at", "hex": hex_label, "turns": 7}}

    path = _sealed(tmp_path, "demo-squad.yaml", change)
    _refused(path, "'turns' must be between 0 and 2, not 7")


def test_control_names_a_hex_off_the_map_and_no_side(tmp_path: Path) -> None:
    path = _sealed(
        tmp_path, "hold-the-crossroads.yaml", lambda g: g.flags.update(control={"9999": "reds"})
    )
    _refused(path, "the key '9999' is not a hex of the map")


def _problems(state: GameState) -> list[str]:
    """What the load check would say of ``state``'s flags (plain data: positions unknown)."""
    ck = Checker("<game>")
    hexes = {state.scenario.map.label(h) for h in state.scenario.map.cells}
    sides = set(state.scenario.sides)

    def names(kind: str) -> Any:
        return {"unit": state.units.keys(), "hex": hexes, "side": sides}[kind]

    check_flags(ck, state.flags, GAME_FLAGS[state.scenario.ruleset], names, "the game's flags")
    for u in state.units.values():
        check_flags(ck, u.flags, UNIT_FLAG_SPECS, names, f"unit {u.id}'s flags")
    return [p.message for p in ck.errors]


@pytest.mark.parametrize("ruleset", ["platoon", "squad"])
def test_every_flag_a_played_game_writes_passes(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random games of both demos, checked after every action: every flag a ruleset
    writes is one it declares, of the declared shape (so no real save is refused)."""
    fuzz = importlib.import_module(f"tests.helpers.{ruleset}_player")
    real = fuzz.play_checked
    seen: set[str] = set()

    def checked(history: Any, state: GameState, *rest: Any) -> None:
        real(history, state, *rest)
        problems = _problems(state)
        assert not problems, problems[:3]
        seen.update(state.flags)
        seen.update(k for u in state.units.values() for k in u.flags)

    monkeypatch.setattr(fuzz, "play_checked", checked)
    scenario, los = fuzz.load_demo()
    for seed in range(2):
        fuzz.play_game(scenario, los, seed)
    # the games wrote flags of both kinds (the check above saw real values)
    assert seen & GAME_FLAGS[ruleset].keys() and seen & UNIT_FLAG_SPECS.keys(), seen


def test_the_rules_keys_are_the_declared_ones() -> None:
    """Each key the rules name for ``GameState.flags`` is declared for its ruleset (a
    renamed key would otherwise be refused in every save that holds it)."""
    from tabletop.rules import minefields, victory
    from tabletop.rules.platoon import common as platoon
    from tabletop.rules.squad import closecombat, common, support

    both = {victory.CONTROL, victory.GAME_OVER, minefields.LAID, minefields.LAYING,
            minefields.CLEARING}  # fmt: skip
    squad = {closecombat.COMBATS, common.BUNKER_DAMAGE, support.FLOWN}
    assert both | squad == GAME_FLAGS["squad"].keys()
    assert both | {platoon.RALLIED, platoon.ACTION_TAKEN} == GAME_FLAGS["platoon"].keys()
