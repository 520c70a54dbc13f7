"""Colours and fonts shared by the painters: nation colours, badge colours, text contrast."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtGui import QColor, QFont

from tabletop.model import SideDef

__all__ = [
    "BADGES",
    "NATION_COLORS",
    "SIDE_COLORS",
    "contrast_text",
    "font",
    "nation_color",
    "side_color",
    "side_color_of",
]

NATION_COLORS: dict[str, str] = {
    # Cold War
    "FRG": "#a3ad8c", "BRD": "#a3ad8c", "WG": "#a3ad8c",
    "US": "#8d9c5a", "USA": "#8d9c5a",
    "UK": "#c8ad74", "GB": "#c8ad74", "BR": "#c8ad74",
    "FR": "#7d9cc9", "FRA": "#7d9cc9",
    "NL": "#e0a15c", "BE": "#c9b458", "CAN": "#c98f74", "CA": "#c98f74",
    "USSR": "#c9674f", "SU": "#c9674f", "SOV": "#c9674f", "RU": "#c9674f",
    "GDR": "#cf8f62", "DDR": "#cf8f62", "EG": "#cf8f62",
    "POL": "#d98b8b", "PL": "#d98b8b", "CS": "#b9a27a", "CSSR": "#b9a27a",
    # Second World War
    "GER": "#8f9ea8", "DE": "#8f9ea8", "WEHRMACHT": "#8f9ea8",
    "IT": "#a9b38a", "JP": "#d6c27a", "FIN": "#dde3ea",
    # Sides, when a unit type names no nation
    "NATO": "#7f9bc0", "PACT": "#c9674f",
}  # fmt: skip
"""Counter backgrounds by nation code (upper case), close to the classic boxed games."""

SIDE_COLORS: tuple[str, ...] = ("#7f9bc0", "#c9674f", "#8fae6a", "#d1aa55", "#a58cc4")
"""Backgrounds by side order when the nation is unknown."""

SIDE_MARKS: tuple[str, ...] = ("#0072b2", "#e69f00", "#1a1a1a", "#cc79a7", "#009e73")
"""The colour that stands for a side (the corner flag of its counters, its log rows), by
side order, from Okabe and Ito's palette for colour vision deficiency. Blue against orange,
the first two, stay apart for protan, deutan and tritan vision alike and differ in
lightness, so they read apart in grey too; the third, near black, is apart from both."""

BADGES: dict[str, tuple[str, str]] = {
    # name: (text, background)
    "disrupted": ("DISR", "#d42a20"),
    "suppressed": ("SUPP", "#ef7d14"),
    "surrendered": ("SURR", "#555555"),
    "ops_complete": ("OPS", "#2d2d2d"),
    "depleted_ammo_2": ("AMMO 2", "#e8c21c"),
    "depleted_ammo_1": ("AMMO 1", "#f08a16"),
    "entrenched": ("DUG IN", "#7a5530"),
    "entrenching": ("DIG", "#a57a4a"),
    "laying_mines": ("MINES", "#6b6b20"),
    "clearing_mines": ("CLEAR", "#3c6e6e"),
    "noe": ("NOE", "#2f5d8a"),
    "landed": ("LAND", "#2f5d8a"),
    "maneuver": ("MNV", "#4d4d9e"),
}  # fmt: skip
"""Marker badges: short readable text on a colour, as on a printed marker counter."""


def nation_color(nation: str, side_index: int = 0) -> QColor:
    """The counter background for a nation code; by side order when the code is unknown."""
    code = nation.strip().upper()
    if code in NATION_COLORS:
        return QColor(NATION_COLORS[code])
    return QColor(SIDE_COLORS[side_index % len(SIDE_COLORS)])


def side_color(side_index: int) -> QColor:
    """The colour of a side (its order in the scenario), told apart by colour-blind players."""
    return QColor(SIDE_MARKS[side_index % len(SIDE_MARKS)])


def side_color_of(sides: Mapping[str, SideDef], side: str) -> QColor:
    """The colour of ``side`` of a scenario: its own ``color``, else by its order."""
    entry = sides.get(side)
    if entry is not None and entry.color:
        return QColor(entry.color)
    return side_color(list(sides).index(side) if side in sides else 0)


def contrast_text(background: QColor) -> QColor:
    """Black on light colours, white on dark ones (perceived luminance)."""
    lum = 0.299 * background.redF() + 0.587 * background.greenF() + 0.114 * background.blueF()
    return QColor("#111111") if lum > 0.5 else QColor("#fafafa")


_FAMILIES = ["DejaVu Sans", "Nimbus Sans", "Arial", "Helvetica", "sans-serif"]
_CONDENSED = ["DejaVu Sans Condensed", "Nimbus Sans Narrow", "Arial Narrow", *_FAMILIES]


def font(pixel_size: int, *, bold: bool = False, condensed: bool = False) -> QFont:
    """A sans font of an exact pixel size, in the painter's current (logical) units."""
    f = QFont()
    f.setFamilies(_CONDENSED if condensed else _FAMILIES)
    f.setPixelSize(max(1, pixel_size))
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f
