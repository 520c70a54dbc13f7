"""A saved game's seal (issue 11): a game Tabletop wrote loads without replaying its log;
any byte changed in the game or in a file it refers to, a game without a seal, or another
build of Tabletop, and the replay check runs exactly as before. ``validate`` always replays."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tabletop import paths
from tabletop.cli import main
from tabletop.commands import replaycheck
from tabletop.data import DataError, game_text, load_game, load_scenario, save_game, seal
from tabletop.model import GameState

FIRE = ["fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap"]
M48_STATE = '"m48-1": {"type": "M48", "side": "nato", "formation": "kampfgruppe", "hex": "0304"'
SEAL_LINE = re.compile(r',\n "seal": "sha256:[0-9a-f]{64}"\}\n\Z')
"""A saved game's last line: its seal, the last key of its JSON."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """content/{maps,counters,scenarios,saves}: a copy of the documented example, and
    saves/game.yaml after a draw and the worked example's fire, written by ``act --out``."""
    root = tmp_path_factory.mktemp("content")
    for folder, source, name in (
        ("maps", paths.MAPS, "eisenbach-valley.yaml"),
        ("counters", paths.COUNTERS, "eisenbach.yaml"),
        ("scenarios", paths.SCENARIOS, "hold-the-crossroads.yaml"),
    ):
        (root / folder).mkdir()
        shutil.copy(source / name, root / folder / name)
    (root / "saves").mkdir()
    game = root / "saves" / "game.yaml"
    scenario = root / "scenarios" / "hold-the-crossroads.yaml"
    draw = ["draw", "--formation", "kampfgruppe"]
    assert main(["act", str(scenario), *draw, "--out", str(game)]) == 0
    assert main(["act", str(game), *FIRE, "--dice", "4,5,6,1,3,4,6", "--out", str(game)]) == 0
    return root


@pytest.fixture
def content(played: Path, tmp_path: Path) -> Path:
    """A fresh copy of the played content, for a test to change."""
    root = tmp_path / "content"
    shutil.copytree(played, root)
    return root


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the replay checks run (every loader reaches the rules through this one)."""
    calls: list[int] = []
    real = replaycheck.replay_differences

    def counting(game: GameState, los: Any) -> list[replaycheck.Difference]:
        calls.append(len(game.log))
        return real(game, los)

    monkeypatch.setattr(replaycheck, "replay_differences", counting)
    return calls


def _check(game: GameState) -> list[replaycheck.Difference]:
    from tabletop.cli.common import check_game

    return check_game(game)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_act_out_writes_a_seal_and_the_game_reloads_without_a_replay(
    content: Path, replays: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    game = content / "saves" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert SEAL_LINE.search(text), text[-200:]
    assert list(yaml.safe_load(text))[-1] == "seal"
    loaded = load_game(game, _check)
    assert replays == [] and len(loaded.log) == 2
    code, output = cli(capsys, "act", str(game), "end-impulse", "--out", str(game))
    assert code == 0, output
    code, output = cli(capsys, "odds", str(game), "--unit", "m48-1", "--target", "t64-1")
    assert code == 0, output
    assert replays == []  # act read a sealed game and wrote a sealed one, odds read it
    assert SEAL_LINE.search(game.read_text(encoding="utf-8"))


def test_validate_always_replays(
    content: Path, replays: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = cli(capsys, "validate", str(content / "saves" / "game.yaml"))
    assert code == 0, output
    assert replays == [2]


def _line_of(text: str, old: str) -> int:
    return text[: text.index(old)].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('  "turn": 1,\n  "phase":', '  "turn": 2,\n  "phase":', "state turn is 2"),
        (M48_STATE, M48_STATE.replace("0304", "0305"), "m48-1's hex is '0305'"),
        (
            '6], "turn": 1, "side": "nato"',
            '6], "turn": 2, "side": "nato"',
            "log entry 2 (fire) records",
        ),
    ],
    ids=["state turn", "state unit", "log turn"],
)
def test_one_changed_byte_in_the_game_runs_the_replay_and_is_located(
    content: Path,
    replays: list[int],
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    message: str,
) -> None:
    game = content / "saves" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert text.count(old) == 1 and len(old) == len(new)
    assert sum(a != b for a, b in zip(old, new, strict=True)) == 1  # one byte
    game.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_game(game, _check)
    assert replays == [2]
    located = [p for p in caught.value.problems if message in p.message]
    assert located and located[0].line == _line_of(text, old), caught.value.problems
    code, output = cli(capsys, "act", str(game), "end-impulse")
    assert code == 1 and message in output, output
    assert replays == [2, 2]


@pytest.mark.parametrize(
    "changed",
    ["maps/eisenbach-valley.yaml", "counters/eisenbach.yaml"],
)
def test_a_changed_map_or_counters_file_runs_the_replay(
    content: Path, replays: list[int], changed: str
) -> None:
    target = content / changed
    target.write_bytes(target.read_bytes() + b"#\n")  # a comment: the same data
    loaded = load_game(content / "saves" / "game.yaml", _check)
    assert replays == [2] and len(loaded.log) == 2


def test_a_changed_counters_rating_is_caught_by_the_replay(
    content: Path, replays: list[int]
) -> None:
    counters = content / "counters" / "eisenbach.yaml"
    text = counters.read_text(encoding="utf-8")
    found = re.search(r"range: (\d+)", text)
    assert found is not None
    counters.write_text(text.replace(found.group(0), "range: 1", 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_game(content / "saves" / "game.yaml", _check)
    assert replays == [2]
    assert any("log entry" in p.message for p in caught.value.problems), caught.value.problems


def test_a_changed_terrain_chart_runs_the_replay(content: Path, replays: list[int]) -> None:
    chart = content / "maps" / "chart.yaml"
    shutil.copy(paths.MAPS / "standard.yaml", chart)
    hexmap = content / "maps" / "eisenbach-valley.yaml"
    text = hexmap.read_text(encoding="utf-8")
    assert re.search(r"^terrain: standard\b", text, re.MULTILINE), text[:300]
    hexmap.write_text(
        re.sub(r"^terrain: standard\b", "terrain: chart.yaml", text, flags=re.MULTILINE),
        encoding="utf-8",
    )
    game = content / "saves" / "game.yaml"
    save_game(load_game(game, _check), game)  # sealed over this map and its chart
    assert replays == [2]
    load_game(game, _check)
    assert replays == [2]
    chart.write_bytes(chart.read_bytes() + b"#\n")
    load_game(game, _check)
    assert replays == [2, 2]


def _without_seal(text: str) -> str:
    return SEAL_LINE.sub("}\n", text)


@pytest.mark.parametrize(
    "edit",
    [
        _without_seal,
        lambda t: t[:-4] + ("1" if t[-4] == "0" else "0") + '"}\n',  # the seal's last digit
        lambda t: "\ufeff" + t,  # a byte order mark: the same text, not the same bytes
        lambda t: t.replace("\n", "\r\n"),
    ],
    ids=["no seal (an old game)", "another digest", "byte order mark", "CRLF"],
)
def test_anything_but_the_bytes_written_runs_the_replay(
    content: Path, replays: list[int], edit: Callable[[str], str]
) -> None:
    game = content / "saves" / "game.yaml"
    game.write_bytes(edit(game.read_text(encoding="utf-8")).encode("utf-8"))
    assert len(load_game(game, _check).log) == 2
    assert replays == [2]


def test_another_build_of_tabletop_runs_the_replay(
    content: Path, replays: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seal, "code_digest", lambda: "0" * 64)
    load_game(content / "saves" / "game.yaml", _check)
    assert replays == [2]


@pytest.mark.parametrize(
    "value",
    ["12", "[sha256]", "null", '"sha256:' + "A" * 64 + '"', '"md5:0"', '"' + "x" * 100000 + '"'],
)
def test_a_malformed_seal_is_located(
    content: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    game = content / "saves" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(SEAL_LINE.sub(f',\n "seal": {value}}}\n', text), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_game(game, _check)
    (problem,) = caught.value.problems
    assert problem.line == text.count("\n") and "seal must be 'sha256:'" in problem.message
    assert len(problem.message) < 300  # a long value is not quoted back whole
    code, output = cli(capsys, "validate", str(game))
    assert code == 1 and "Traceback" not in output and "seal must be" in output


def test_a_seal_is_a_key_of_saved_games_only(content: Path) -> None:
    scenario = content / "scenarios" / "hold-the-crossroads.yaml"
    scenario.write_text(
        scenario.read_text(encoding="utf-8") + 'seal: "sha256:' + "0" * 64 + '"\n', "utf-8"
    )
    with pytest.raises(DataError) as caught:
        load_scenario(scenario)
    assert any("seal" in p.message for p in caught.value.problems), caught.value.problems


def test_a_yaml_round_trip_keeps_the_game(content: Path, replays: list[int]) -> None:
    game = content / "saves" / "game.yaml"
    data = yaml.safe_load(game.read_text(encoding="utf-8"))
    game.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    again = load_game(game, _check)  # the seal no longer matches the text: replayed, agrees
    assert replays == [2] and len(again.log) == 2
    assert again.unit("m48-1").hex == again.scenario.map.parse("0304")


def test_only_a_game_known_to_follow_from_its_log_is_sealed(content: Path) -> None:
    game = content / "saves" / "game.yaml"
    out = content / "saves" / "again.yaml"
    save_game(load_game(game), out)  # sealed and matching: known without the replay
    assert SEAL_LINE.search(out.read_text(encoding="utf-8"))
    game.write_text(_without_seal(game.read_text(encoding="utf-8")), encoding="utf-8")
    save_game(load_game(game), out)  # loaded without the replay: unknown
    assert not SEAL_LINE.search(out.read_text(encoding="utf-8"))
    save_game(load_game(game, _check), out)  # replayed, agrees
    assert SEAL_LINE.search(out.read_text(encoding="utf-8"))


def test_a_game_whose_unit_type_changed_in_memory_is_not_sealed(content: Path) -> None:
    import dataclasses

    loaded = load_game(content / "saves" / "game.yaml")
    types = loaded.scenario.unit_types
    types["M48"] = dataclasses.replace(types["M48"], name="M48 (edited)")
    text, _ = game_text(loaded, content / "saves" / "x.yaml")
    assert not SEAL_LINE.search(text) and "seal" not in yaml.safe_load(text)


def test_a_new_game_from_a_scenario_is_sealed(content: Path, replays: list[int]) -> None:
    scenario = load_scenario(content / "scenarios" / "hold-the-crossroads.yaml")
    path = content / "saves" / "recovery.yaml"
    text, _ = game_text(scenario.new_game(), path)
    assert SEAL_LINE.search(text), text[-100:]
    path.write_text(text, encoding="utf-8")
    assert load_game(path, _check).turn == 1 and replays == []
    path.write_text(text.replace('"turn": 1', '"turn": 2', 1), encoding="utf-8")
    with pytest.raises(DataError):
        load_game(path, _check)
    assert replays == [0]


@pytest.mark.parametrize("layout", ["yaml", "one line of json"])
def test_an_older_builds_seal_is_still_checked(
    content: Path, replays: list[int], layout: str
) -> None:
    """Older builds sealed their YAML saves with a last line ``seal: "sha256:..."`` and
    their recovery files (one line of JSON) with a last key ``, "seal": ...}``: such a
    seal, if it matches, still spares the replay, and a changed byte still runs it."""
    game = content / "saves" / "game.yaml"
    loaded = load_game(game, _check)
    digests = loaded.scenario.sources.digests
    data = yaml.safe_load(game.read_text(encoding="utf-8"))
    del data["seal"]
    if layout == "yaml":
        body = yaml.safe_dump(data, sort_keys=False)
        text = f'{body}seal: "{seal.seal_value(body.encode(), digests)}"\n'
    else:
        body = json.dumps(data)[:-1]
        text = f'{body}, "seal": "{seal.seal_value(body.encode(), digests)}"}}\n'
    game.write_text(text, encoding="utf-8")
    assert len(load_game(game, _check).log) == 2 and replays == []  # the seal matched
    digit = text.rindex('"') - 1  # the seal's last digit, changed: the replay runs
    changed = text[:digit] + ("1" if text[digit] == "0" else "0") + text[digit + 1 :]
    game.write_text(changed, encoding="utf-8")
    assert len(load_game(game, _check).log) == 2 and replays == [2]
