"""Line-of-sight geometry (rules section 4): exact sight lines, fields of view, visible share.

Layer L2, beside the rules: imports shapely, numpy, ``tabletop.hexgrid``, ``tabletop.model``
and the protocol types of ``tabletop.rules.los``; never the rules' procedures, data,
commands or Qt.
"""

from __future__ import annotations

from tabletop.geometry.engine import LosEngine, explain_json
from tabletop.geometry.judge import helicopter_level

__all__ = ["LosEngine", "explain_json", "helicopter_level"]
