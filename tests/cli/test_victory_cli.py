"""``tabletop show`` and ``act`` tell the VP and the result (interfaces 3, rules-spec 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop import paths
from tabletop.cli import main


def one_turn(tmp_path: Path) -> Path:
    text = (paths.SCENARIOS / "demo-squad.yaml").read_text(encoding="utf-8")
    root = paths.SCENARIOS.parent
    text = text.replace("../maps/", f"{root}/maps/").replace("../counters/", f"{root}/counters/")
    path = tmp_path / "one-turn.yaml"
    path.write_text(text.replace("turns: 8", "turns: 1"), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_show_and_act_tell_the_vp_and_the_end(tmp_path: Path, capsys) -> None:
    scenario, game = one_turn(tmp_path), str(tmp_path / "game.yaml")
    code, out = run(capsys, "show", str(scenario), "--json")
    assert code == 0 and json.loads(out)["victory"] == {
        "vp": {"german": 0, "soviet": 7},
        "controls": {"0906": "soviet", "1205": "soviet", "1410": "soviet"},
        "over": False, "winner": None, "why": None,
    }  # fmt: skip
    code, out = run(capsys, "show", str(scenario))
    assert "VP: Wehrmacht 0, Red Army 7" in out.splitlines()
    assert "objectives: 0906 (2 VP) Red Army, 1205 (2 VP) Red Army, 1410 (3 VP) Red Army" in out
    assert run(capsys, "act", str(scenario), "end-turn", "--out", game)[0] == 0
    code, out = run(capsys, "act", game, "end-turn", "--out", game, "--json")
    assert code == 0
    over = [e for e in json.loads(out)["events"] if e["event"] == "game_over"]
    assert over == [{"event": "game_over", "turn": 1, "vp": {"german": 0, "soviet": 7},
                     "winner": "soviet", "why": "turns"}]  # fmt: skip
    code, out = run(capsys, "show", game)
    assert "result: Red Army wins (the last turn is over)" in out
    code, out = run(capsys, "show", game, "--json")
    assert json.loads(out)["victory"]["over"] is True
    code, out = run(capsys, "act", game, "end-phase", "--json")
    assert code != 0 and "the game is over" in out
