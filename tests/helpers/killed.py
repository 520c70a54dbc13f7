"""A child Python process killed with SIGKILL (no clean exit, as a crash or a power cut)
once it has said it is ready: for the tests that what it wrote survives."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def said_then_killed(
    code: str, *args: str, env: dict[str, str] | None = None, then: Callable[[], object] = list
) -> tuple[str, str]:
    """Run ``code`` (``python -c``) with ``args`` from the repository, wait for the first
    line it prints, call ``then()`` (a pause, say), kill it; (that line, its stderr)."""
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        if line:
            then()
    finally:
        child.send_signal(signal.SIGKILL)
        _, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, err
    return line, err
