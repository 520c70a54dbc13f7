"""Test set-up for the renderer: makes ``pdfgeometry`` (a small reader of the PDFs the sheet
printer writes) importable by the render tests."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
