"""The app starts with any settings file (issue 22): every setting read survives any value;
a value it cannot use is ignored and said once on standard error."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from tabletop import paths

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("does not support propagateSizeHints")]

GARBAGE = [
    "xyz", "", "0", "-1", "1e308", "nan", "inf", "@ByteArray(\\x1\\x2)", "@Variant(\\0\\0)",
    "a, b, c", "\\0", "@Invalid()", "\u202e\n",
]  # fmt: skip
KEYS = [
    "recovery/kind", "recovery/source", "recovery/save_path", "window/geometry",
    "window/state", "view/zoom", "play/opfire_policy", "recent",
]  # fmt: skip


def _start(qtbot, settings: QSettings, monkeypatch):
    from tabletop.ui.app import create_window
    from tabletop.ui.shell.mainwindow import MainWindow

    errors: list[str] = []
    monkeypatch.setattr(MainWindow, "show_load_error", lambda self, exc: errors.append(exc))

    win = create_window(None, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.show()
    win.restore_zoom()
    win.offer_recovery()
    win.recent_files()
    return win


@pytest.mark.parametrize("value", GARBAGE)
def test_any_value_of_every_setting_starts(
    qtbot, tmp_path: Path, monkeypatch, value: str, capsys
) -> None:
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes)
    )
    ini = tmp_path / "settings.ini"
    lines = ["[General]", f"recent={value}"]
    sections: dict[str, list[str]] = {}
    for key in KEYS:
        if "/" in key:
            group, name = key.split("/")
            sections.setdefault(group, []).append(f"{name}={value}")
    for group, entries in sections.items():
        lines += [f"[{group}]", *entries]
    ini.write_text("\n".join(lines) + "\n", encoding="utf-8")
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    recovery = tmp_path / "recovery" / "autosave.yaml"  # a copy left, to be offered
    recovery.parent.mkdir()
    recovery.write_text(
        paths.DEMO_SCENARIO.read_text(encoding="utf-8").replace("../", f"{paths.ROOT}/"),
        encoding="utf-8",
    )
    win = _start(qtbot, settings, monkeypatch)
    assert win.document is not None
    win.close()


def test_a_mistyped_recovery_kind_is_said_once(qtbot, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.No)
    )
    ini = tmp_path / "settings.ini"
    ini.write_text("[recovery]\nkind=gmae\n", encoding="utf-8")
    recovery = tmp_path / "recovery" / "autosave.yaml"
    recovery.parent.mkdir()
    recovery.write_text(paths.DEMO_SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    _start(qtbot, settings, monkeypatch).close()
    _start(qtbot, settings, monkeypatch).close()
    err = capsys.readouterr().err
    assert err.count("recovery/kind") == 1, err
    assert "'gmae'" in err and "ignored" in err
