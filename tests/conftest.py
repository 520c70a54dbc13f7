"""Shared test set-up: Qt runs offscreen, every test has its own settings and config
folder (no test ever reads or writes the user's: Open Recent, window state), and the
bundled content's paths."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop.rules.engine  # noqa: F401  (installs the rulesets' table: model.setup)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_settings(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """A fresh XDG_CONFIG_HOME, and QSettings' user and system paths inside it (Qt reads
    XDG_CONFIG_HOME once per process, so the paths are set explicitly, test by test)."""
    config = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    from PySide6.QtCore import QSettings

    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, str(config / scope.name))
    yield config


@pytest.fixture
def repo_root() -> Path:
    return ROOT
