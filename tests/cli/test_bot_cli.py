"""``tabletop bot``: the computer opponent from the command line (interfaces.md 3)."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.cli import main
from tabletop.data import load_game

ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "scenarios" / "demo-squad.yaml")


def test_bot_plays_one_action_logs_it_with_why_and_repeats_with_its_seed(
    tmp_path: Path, capsys
) -> None:
    out = tmp_path / "game.yaml"
    args = [DEMO, "--side", "german", "--level", "greedy", "--seed", "3", "--one", "--json"]
    assert main(["bot", *args, "--out", str(out)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert len(first["actions"]) == 1 and len(first["thinking_s"]) == 1
    action = first["actions"][0]
    assert action["why"] and action["result"]["legal"] is True
    assert action["request"]["units"]
    game = load_game(str(out))
    assert [(e.by, e.why) for e in game.log] == [("bot", action["why"])]
    assert main(["bot", *args]) == 0  # the same seed: the same choice
    assert json.loads(capsys.readouterr().out)["actions"][0]["request"] == action["request"]
    assert main(["act", str(out), "end-phase", "--as", "german"]) == 0  # a player goes on


def test_bot_does_nothing_when_its_side_is_not_asked(capsys) -> None:
    assert main(["bot", DEMO, "--side", "soviet", "--level", "random"]) == 0
    assert "waits on german" in capsys.readouterr().out


def test_bot_refuses_an_unknown_side_or_level(capsys) -> None:
    assert main(["bot", DEMO, "--side", "martians"]) == 1
    assert "martians" in capsys.readouterr().err
    assert main(["bot", DEMO, "--side", "german", "--level", "genius"]) == 1


def test_the_commands_docs_opponent_md_prints_run_as_printed(capsys, monkeypatch) -> None:
    import re
    import shlex

    monkeypatch.chdir(ROOT)
    text = (ROOT / "docs" / "opponent.md").read_text(encoding="utf-8")
    commands = re.findall(r"`?(tabletop bot scenarios/[^`\n]+)`?", text)
    assert len(commands) >= 2
    for command in commands:
        assert main(shlex.split(command)[1:]) == 0, command
        assert capsys.readouterr().out.strip()
