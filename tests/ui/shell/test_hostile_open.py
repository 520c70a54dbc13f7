"""The app opens a saved game that disagrees with its replayed log read-only, and tells the
player where it differs once its log is checked (issue 16 item 6, issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from tabletop import paths
from tabletop.cli import main
from tabletop.commands import replaycheck

SCENARIO = str(paths.SCENARIOS / "hold-the-crossroads.yaml")


@pytest.fixture
def edited(tmp_path: Path) -> Path:
    """A saved game whose m48-1 was moved by hand after the fact."""
    game = tmp_path / "game.yaml"
    assert main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", str(game)]) == 0
    text = game.read_text(encoding="utf-8")
    m48 = '"m48-1": {"type": "M48", "side": "nato", "formation": "kampfgruppe", "hex": "0304"'
    assert m48 in text
    game.write_text(text.replace(m48, m48.replace("0304", "0305"), 1), encoding="utf-8")
    return game


@pytest.mark.parametrize(
    "answer", [QMessageBox.StandardButton.Open, QMessageBox.StandardButton.Close]
)
def test_an_edited_game_opens_read_only_and_says_where_it_differs(
    qtbot, window, document, edited: Path, monkeypatch: pytest.MonkeyPatch, answer
) -> None:
    asked: list[tuple[str, str]] = []

    def fake_exec(box: QMessageBox) -> int:
        asked.append((box.text(), box.detailedText()))
        return int(answer.value)

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    assert window.open_file(edited)  # shown at once, as it was saved, read-only
    assert window.document is not document and window.play.controller.frozen
    assert window.document.state.unit("m48-1").hex == window.document.scenario.map.parse("0305")
    qtbot.waitUntil(lambda: bool(asked))
    ((summary, details),) = asked
    assert "does not agree with its log" in summary
    assert f"{edited}:" in details and "m48-1's hex is '0305'" in details
    frozen = bool(window.play.controller.frozen)
    assert frozen == (answer == QMessageBox.StandardButton.Close)  # Open: play as saved


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the replay checks run while opening (the length of each game's log)."""
    calls: list[int] = []
    real = replaycheck.replay_differences

    def counting(game, los, progress=None):
        calls.append(len(game.log))
        return real(game, los, progress)

    monkeypatch.setattr(replaycheck, "replay_differences", counting)
    return calls


def test_an_honest_game_opens_without_a_question(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replays: list[int]
) -> None:
    game = tmp_path / "game.yaml"
    assert main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", str(game)]) == 0
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail(box.text()))
    assert window.open_file(game)
    assert replays == []  # sealed by act --out: opened without replaying its log
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('"seal": "sha256:', '"seal":  "sha256:'), "utf-8")  # a space
    assert window.open_file(game)  # the seal no longer matches: replayed, and it agrees
    qtbot.waitUntil(lambda: not window.log_check.running)
    assert replays == [1] and not window.play.controller.frozen


def test_a_game_opened_despite_differences_is_saved_without_a_seal(
    qtbot, window, edited: Path, monkeypatch: pytest.MonkeyPatch, replays: list[int]
) -> None:
    monkeypatch.setattr(QMessageBox, "exec", lambda box: int(QMessageBox.StandardButton.Open.value))
    assert window.open_file(edited)
    qtbot.waitUntil(lambda: not window.log_check.running and not window.play.controller.frozen)
    assert replays == [1]
    window.files.save(window.document, edited)
    assert '"seal"' not in edited.read_text(encoding="utf-8")
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox,
        "exec",
        lambda box: asked.append(box.text()) or int(QMessageBox.StandardButton.Close.value),
    )
    window.open_file(edited)
    qtbot.waitUntil(lambda: bool(asked))
    assert replays == [1, 1] and window.play.controller.frozen  # told again, after a replay


def test_the_app_saves_and_autosaves_sealed_games(
    window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replays: list[int]
) -> None:
    game = tmp_path / "game.yaml"
    assert main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", str(game)]) == 0
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail(box.text()))
    assert window.open_file(game)
    saved = tmp_path / "saved.yaml"
    window.files.save(window.document, saved)
    recovery = window.files.autosave(window.document)
    assert recovery is not None
    for path in (saved, recovery):
        assert window.open_file(path)
    assert replays == []
