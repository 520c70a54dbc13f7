"""Test set-up for the rules: makes ``platoon_world`` (scenarios built in code and a
line-of-sight double) importable by the rules' test modules."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
