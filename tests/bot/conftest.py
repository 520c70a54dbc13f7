"""Test set-up for the opponent: the rules' small games built in code."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for where in (str(HERE), str(HERE.parent / "rules")):
    if where not in sys.path:
        sys.path.insert(0, where)
