"""The rules tests run where PySide6 is not installed: a fresh interpreter whose imports of
PySide6 (and shiboken6) fail, as on a machine without them, runs a few rules test files with
pytest-qt switched off (it cannot start without a Qt binding). The root conftest, the helpers
in tests/helpers and the rules core import no Qt, so every test there passes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FILES = [
    "tests/rules/test_log_turn.py",
    "tests/rules/test_narrate.py",
    "tests/rules/platoon/test_fire.py",
    "tests/rules/squad/test_fire.py",
]

RUNNER = """
import importlib.abc
import sys

class NoQt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("PySide6", "shiboken6"):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None

sys.meta_path.insert(0, NoQt())
try:
    import PySide6.QtCore
except ModuleNotFoundError:
    pass
else:
    sys.exit("the blocker let PySide6 through")

import pytest

code = pytest.main(["-q", "-p", "no:xdist", "-p", "no:pytest-qt", *sys.argv[1:]])
if any(name.partition(".")[0] in ("PySide6", "shiboken6") for name in sys.modules):
    sys.exit("PySide6 was imported")
sys.exit(code)
"""


def test_the_rules_tests_pass_without_pyside6() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    run = subprocess.run(
        [sys.executable, "-c", RUNNER, *FILES],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout and "error" not in run.stdout.lower(), run.stdout[-3000:]
