"""Shared test set-up: Qt runs offscreen, every test has its own settings and config
folder (no test ever reads or writes the user's: Open Recent, window state), the bundled
content's paths, and the ``gui`` marker on every test that uses a Qt fixture.

Nothing here imports Qt: the rules, data and geometry tests run where PySide6 is not
installed (tests/test_without_qt.py proves it)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop.rules.engine  # noqa: F401  (installs the rulesets' table: model.setup)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent

QT_FIXTURES = frozenset({"qtbot", "qapp", "qapp_args", "qapp_cls", "qtlog", "qtmodeltester"})
"""pytest-qt's fixtures: a test that asks for one, itself or through another fixture (the GUI
tests' ``window``, their autouse ``no_windows_left_over``), is marked ``gui``."""


QT_INI_KEYS = ("qt_api", "qt_log_level_fail", "qt_log_ignore")
"""pytest-qt's keys in pyproject.toml's [tool.pytest.ini_options]."""


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """Where pytest-qt is not installed (nor PySide6: the rules tests need neither), its keys
    in pyproject.toml are declared here, unused, so that the configuration stays valid."""
    if not pluginmanager.has_plugin("pytest-qt"):
        for key in QT_INI_KEYS:
            parser.addini(key, "pytest-qt's (not installed here)", type="linelist")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if QT_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def isolated_settings(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """A fresh XDG_CONFIG_HOME, and, once Qt is imported, QSettings' user and system paths
    inside it (Qt reads XDG_CONFIG_HOME once per process, so the paths are set explicitly,
    test by test). Before Qt is imported there is nothing to set: the first QSettings of the
    process reads this test's XDG_CONFIG_HOME."""
    config = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    qtcore = sys.modules.get("PySide6.QtCore")
    if qtcore is not None:
        settings = qtcore.QSettings
        for fmt in (settings.Format.NativeFormat, settings.Format.IniFormat):
            for scope in (settings.Scope.UserScope, settings.Scope.SystemScope):
                settings.setPath(fmt, scope, str(config / scope.name))
    yield config


@pytest.fixture(autouse=True)
def collections_due() -> Iterator[None]:
    """Once a window has turned Python's automatic collection over to the GUI thread's
    event loop (tabletop.ui.scene.collector), a test that runs no event loop (the rules
    tests after a window test in the same worker) would collect nothing: the collection
    due runs after each test, as the loop's timer would have."""
    yield
    collector = sys.modules.get("tabletop.ui.scene.collector")
    if collector is not None:
        collector.collect_due()


@pytest.fixture
def repo_root() -> Path:
    return ROOT
