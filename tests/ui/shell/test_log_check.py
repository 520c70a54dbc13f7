"""A saved game whose seal does not match opens at once, read-only, while its log is checked
on a thread (issue 29): playable once the check agrees (and only then sealed), read-only
with the located difference when it does not, and the check stopped when the window closes."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from tabletop import paths
from tabletop.cli import main
from tabletop.commands import replaycheck
from tabletop.rules import ActionRequest

SCENARIO = str(paths.SCENARIOS / "hold-the-crossroads.yaml")
FIRE = '"dice": [2, 5, 5, 2, 3, 5, 4]'


def _unseal(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    unsealed = re.sub(r',\n? "seal": "sha256:[0-9a-f]{64}"\}\n\Z', "}\n", text)
    assert unsealed != text
    path.write_text(unsealed, encoding="utf-8")
    return unsealed


@pytest.fixture
def unsealed(tmp_path: Path) -> Path:
    """A game of two actions (a draw, a fire with its dice) saved without its seal, as a
    game of another build or edited by hand is."""
    drawn, game = tmp_path / "drawn.yaml", tmp_path / "game.yaml"
    assert main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", str(drawn)]) == 0
    fire = ["act", str(drawn), "fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap"]
    assert main([*fire, "--dice", "2,5,5,2,3,5,4", "--out", str(game)]) == 0
    assert FIRE in _unseal(game)
    return game


class Gate:
    """Holds the check before each log entry until released (or stopped): the test sees
    the window while the check is under way. Counts the entries the check was told of."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.released = threading.Event()
        self.told: list[int] = []
        self.calls = 0
        real = replaycheck.replay_differences

        def gated(game, los, progress=None):
            self.calls += 1

            def held(done: int, total: int) -> bool:
                self.told.append(done)
                while not self.released.wait(0.005):
                    if progress is not None and not progress(done, total):
                        return False
                return progress is None or progress(done, total)

            return real(game, los, held)

        monkeypatch.setattr(replaycheck, "replay_differences", gated)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    return Gate(monkeypatch)


def _refused(window) -> list[str]:
    said: list[str] = []
    window.play.controller.refused.connect(lambda action, reasons: said.append(action))
    return said


def test_an_unsealed_game_is_shown_read_only_and_becomes_playable_after_the_check(
    qtbot, window, unsealed: Path, gate: Gate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail(box.text()))
    assert window.open_file(unsealed)
    doc = window.document
    assert doc.path == unsealed and len(doc.state.log) == 2  # shown as the file says, now
    controller = window.play.controller
    assert window.log_check.running and "Read-only" in controller.frozen
    assert window.log_check.label.isVisible() or not window.isVisible()
    assert doc.scenario.sources is None  # not sealed before the check agrees
    assert not window.play.actions["end-impulse"].isEnabled()
    refused = _refused(window)
    assert controller.perform(ActionRequest("end-impulse")) is None
    assert refused == ["end-impulse"] and len(doc.state.log) == 2
    gate.released.set()
    qtbot.waitUntil(lambda: not window.log_check.running)
    assert gate.calls == 1 and gate.told == [0, 1]
    assert controller.frozen == "" and window.play.actions["end-impulse"].isEnabled()
    assert doc.scenario.sources is not None  # agreed: sealed from now on
    window.files.save(doc, unsealed)
    assert '"seal": "sha256:' in unsealed.read_text(encoding="utf-8")
    assert controller.perform(ActionRequest("end-impulse")) is not None


def test_a_game_whose_dice_disagree_stays_read_only_with_the_place(
    qtbot, window, unsealed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = unsealed.read_text(encoding="utf-8")
    unsealed.write_text(text.replace(FIRE, '"dice": [2, 5, 5]'), encoding="utf-8")
    told: list[tuple[str, str]] = []

    def keep_read_only(box: QMessageBox) -> int:
        told.append((box.text(), box.detailedText()))
        return int(QMessageBox.StandardButton.Close.value)

    monkeypatch.setattr(QMessageBox, "exec", keep_read_only)
    assert window.open_file(unsealed)
    qtbot.waitUntil(lambda: bool(told))
    ((summary, details),) = told
    line = next(i for i, s in enumerate(text.splitlines(), 1) if FIRE in s)
    assert "does not agree with its log" in summary and "read-only" in summary
    assert f"{unsealed}:{line}:" in details and "log entry 2 (fire)" in details
    assert "dice" in details
    assert window.play.controller.frozen and not window.log_check.running
    assert window.document.scenario.sources is None
    refused = _refused(window)
    assert window.play.controller.perform(ActionRequest("end-impulse")) is None
    assert refused == ["end-impulse"] and not window.undo_action.isEnabled()


def test_playing_a_disagreeing_game_as_saved_saves_it_without_a_seal(
    qtbot, window, unsealed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = unsealed.read_text(encoding="utf-8")
    unsealed.write_text(text.replace(FIRE, '"dice": [2, 5, 5]'), encoding="utf-8")
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "exec",
        lambda box: asked.append(box.text()) or int(QMessageBox.StandardButton.Open.value),
    )  # fmt: skip
    assert window.open_file(unsealed)
    qtbot.waitUntil(lambda: bool(asked) and not window.play.controller.frozen)
    window.files.save(window.document, unsealed)
    assert '"seal"' not in unsealed.read_text(encoding="utf-8")


def test_closing_the_window_stops_the_check(
    qtbot, window, unsealed: Path, gate: Gate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail(box.text()))
    window.ask_before_closing = False
    assert window.open_file(unsealed)
    run = window.log_check.run
    assert run is not None
    qtbot.waitUntil(lambda: gate.told == [0])  # held before its first entry
    document = window.document
    window.close()
    assert not run.thread.is_alive() and run.differences is None  # stopped, no verdict
    assert gate.told == [0] and not window.log_check.running
    assert document.scenario.sources is None  # never sealed


def test_opening_another_file_stops_the_check(
    qtbot, window, unsealed: Path, gate: Gate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail(box.text()))
    assert window.open_file(unsealed)
    run = window.log_check.run
    assert run is not None
    window.document.mark_saved()  # (nothing to ask about)
    assert window.open_file(SCENARIO)
    assert not run.thread.is_alive() and run.differences is None
    assert window.play.controller.frozen == "" and not window.log_check.running
