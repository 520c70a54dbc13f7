"""Saved games that cannot lie (issue 16 item 6): ``validate`` replays the log from the
scenario and reports, located, where the stored state disagrees; ``act`` and ``odds``
refuse such a game; the app opens it only after a warning (tests/ui)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop import paths
from tabletop.cli import main
from tabletop.commands.replaycheck import replay_differences
from tabletop.data import load_game

SCENARIO = str(paths.SCENARIOS / "hold-the-crossroads.yaml")
FIRE = ["fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A game after a draw and the worked example's fire (two log entries)."""
    game = tmp_path_factory.mktemp("played") / "game.yaml"
    assert main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", str(game)]) == 0
    assert main(["act", str(game), *FIRE, "--dice", "4,5,6,1,3,4,6", "--out", str(game)]) == 0
    return game.read_text(encoding="utf-8")


def test_an_honest_game_validates(
    played: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(played, encoding="utf-8")
    code, output = run(capsys, "validate", str(path))
    assert code == 0, output


def _line_of(played: str, old: str, new: str, at: str) -> int:
    """The line of ``at`` within ``new``, written where ``old`` stood in ``played``."""
    return played[: played.index(old)].count("\n") + new[: new.index(at)].count("\n") + 1


M48_STATE = '"m48-1": {"type": "M48", "side": "nato", "formation": "kampfgruppe", "hex": "0304"'
"""The start of m48-1's line under ``"state": {"units":`` (a saved game writes one line a
unit, as JSON)."""
TAMPERED = [
    # (what the issue lists, old text, new text, text at the located line, words)
    ("turn 99 of 8", '  "turn": 1,\n  "phase":', '  "turn": 99,\n  "phase":', '"turn": 99', "turn"),
    ("phase bogus", '"phase": "impulse"', '"phase": "bogus"', '"phase": "bogus"', "unknown phase"),
    (
        "state edited",
        f"{M48_STATE}, ",
        M48_STATE.replace("0304", "0305") + ", ",
        '"hex": "0305"',
        "m48-1's hex",
    ),
    ("step edited", '"step": "reduced"', '"step": "full"', None, "'s step"),
    (
        "unknown action",
        '{"action": "fire"',
        '{"action": "teleport"',
        '"action": "teleport"',
        "teleport",
    ),
    (
        "too few dice",
        '"dice": [4, 5, 6, 1, 3, 4, 6]',
        '"dice": [4, 5, 6]',
        '"dice": [4, 5, 6]',
        "dice",
    ),
    (
        "too many dice",
        '"dice": [4, 5, 6, 1, 3, 4, 6]',
        '"dice": [4, 5, 6, 1, 3, 4, 6, 6]',
        None,
        "dice",
    ),
    (
        "illegal action",
        '"target": "t64-1", "weapon"',
        '"target": "m48-1", "weapon"',
        None,
        "illegal",
    ),
    ("wrong type", '"m48-1": {"type": "M48",', '"m48-1": {"type": "T64",', '"type": "T64"', "type"),
    ("wrong side", '"M48", "side": "nato",', '"M48", "side": "pact",', '"side": "pact"', "side"),
    (
        "unknown type",
        '"m48-1": {"type": "M48",',
        '"m48-1": {"type": "ZEPPELIN",',
        '"type": "ZEPPELIN"',
        "type",
    ),
    (
        "pending string",
        '"pending": null',
        '"pending": "move it"',
        '"pending": "move it"',
        "pending",
    ),
    (
        "pending of no known kind",
        '"pending": null',
        '"pending": {"kind": "wait", "unit": "m48-1", "hex": "0304"}',
        '"pending": {"kind": "wait"',
        "unknown pending kind 'wait'",
    ),
    (
        "pending with a key no paused move has",
        '"pending": null',
        '"pending": {"kind": "move_paused", "unit": "m48-1", "hex": "0304", "mp": 3}',
        '"pending": {"kind": "move_paused"',
        "mp",
    ),
]


@pytest.mark.parametrize(
    ("case", "old", "new", "at", "word"), TAMPERED, ids=[t[0] for t in TAMPERED]
)
def test_a_tampered_game_is_refused_located(
    played: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    case: str,
    old: str,
    new: str,
    at: str | None,
    word: str,
) -> None:
    assert old in played, case
    text = played.replace(old, new, 1)
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    code, output = run(capsys, "validate", str(path))
    assert code == 1, output
    assert "Traceback" not in output and "internal error" not in output
    found = re.findall(rf"{re.escape(str(path))}:(\d+):(\d+): (.*)", output)
    assert found and any(word in m for _, _, m in found), output
    if at is not None:
        assert _line_of(played, old, new, at) in {int(line) for line, _, _ in found}, output
    code, output = run(capsys, "act", str(path), "end-impulse")
    assert code == 1 and "Traceback" not in output, output
    code, output = run(capsys, "odds", str(path), "--unit", "m48-1", "--target", "t64-2")
    assert code == 1 and "Traceback" not in output, output


def test_paused_move_with_a_bad_hex(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.yaml"
    assert main(["act", SCENARIO, "draw", "--formation", "1st_tank", "--out", str(game)]) == 0
    assert main(["act", str(game), "move", "--unit", "t64-1", "--to", "0710,0709",
                 "--out", str(game)]) == 0  # fmt: skip
    capsys.readouterr()
    text = game.read_text(encoding="utf-8")
    old = '"path_left": ["0709"]'
    assert text.count(old) == 1, text
    game.write_text(text.replace(old, '"path_left": ["9999"]'), "utf-8")
    code, output = run(capsys, "validate", str(game))
    assert code == 1 and "Traceback" not in output
    assert "9999" in output and re.search(rf"{re.escape(str(game))}:[1-9]\d*:\d+: ", output)
    code, output = run(capsys, "act", str(game), "pass")
    assert code == 1 and "Traceback" not in output


def test_replay_differences_name_their_places(played: str, tmp_path: Path) -> None:
    from tabletop.geometry import LosEngine

    path = tmp_path / "game.yaml"
    path.write_text(played.replace(M48_STATE, M48_STATE.replace("0304", "0305"), 1), "utf-8")
    game = load_game(path)
    los = LosEngine(game.scenario.map, game.scenario.options)
    assert replay_differences(game, los) == [
        (
            ("state", "units", "m48-1", "hex"),
            "m48-1's hex is '0305', but the log replayed from the scenario gives '0304'",
        )
    ]


def test_a_log_past_the_bound_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: a log of 880,000 entries (66 MB, under the file limit) kept validate busy
    past 60 s; past 100,000 entries the log is a located error before any replay."""
    import time

    from tabletop.data import games

    monkeypatch.setattr(games, "MAX_LOG_ENTRIES", 2000)  # the mechanism, at a cheap size
    MAX_LOG_ENTRIES = games.MAX_LOG_ENTRIES
    game = tmp_path / "game.yaml"
    scenario = str(paths.SCENARIOS / "hold-the-crossroads.yaml")
    assert main(["act", scenario, "draw", "--formation", "kampfgruppe", "--out", str(game)]) == 0
    text = game.read_text(encoding="utf-8")
    head, log = text.split('\n "log": [\n', 1)
    entry = log.splitlines(keepends=True)[0].removesuffix("],\n")
    assert entry.lstrip().startswith('{"action": "draw"'), entry
    entries = ",\n".join([entry.rstrip()] * (MAX_LOG_ENTRIES + 1))
    game.write_text(head + '\n "log": [\n' + entries + "]}\n", encoding="utf-8")
    capsys.readouterr()
    start = time.monotonic()
    code = main(["validate", str(game)])
    out = capsys.readouterr().out
    assert code == 1 and time.monotonic() - start < 30
    assert f"more than the {MAX_LOG_ENTRIES}" in out and "internal error" not in out
