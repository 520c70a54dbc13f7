"""Tests never touch the user's settings: each one writes into its own config folder."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings


def test_settings_and_config_home_are_the_tests_own(isolated_settings: Path) -> None:
    assert os.environ["XDG_CONFIG_HOME"] == str(isolated_settings)
    settings = QSettings("tabletop", "Tabletop")
    assert Path(settings.fileName()).is_relative_to(isolated_settings)
    settings.setValue("recent", ["/somewhere/game.yaml"])
    settings.sync()
    assert Path(settings.fileName()).is_file()


def test_a_second_test_starts_with_no_settings(isolated_settings: Path) -> None:
    assert QSettings("tabletop", "Tabletop").value("recent") is None
