"""A unit type's ``art:`` overrides: background and text colours and a symbol, each
checked where it is written; the counter painter draws them."""

from __future__ import annotations

import pytest

from tabletop import data
from tests.helpers.datafiles import Write

TYPE = """\
format: tabletop/counters@1
ruleset: squad
units:
  T:
    name: Tank
    figures: 1
    model: light_tank
    art: ART
"""


def test_art_loads_and_saves(write: Write) -> None:
    path = write("c.yaml", TYPE.replace("ART", "{background: '#335577', text: ivory, symbol: hq}"))
    cf = data.load_counters(path)
    assert cf.units["T"].art == {"background": "#335577", "text": "ivory", "symbol": "hq"}
    assert data.counters_to_dict(cf)["units"]["T"]["art"] == cf.units["T"].art


@pytest.mark.parametrize(
    ("art", "message", "at"),
    [
        ("{colour: red}", "unknown key 'colour' in art", "colour"),
        ("{symbol: tank}", "unknown symbol 'tank'", "tank"),
        ("{background: '#12'}", "art background must be a colour", "'#12'"),
        ("{text: 'red; x'}", "art text must be a colour", "'red"),
    ],
)
def test_bad_art_is_located(write: Write, art: str, message: str, at: str) -> None:
    path = write("c.yaml", TYPE.replace("ART", art))
    errors, _ = data.validate_file(path)
    column = f"    art: {art}".index(at) + 1
    assert [(e.line, e.column) for e in errors if message in e.message] == [(8, column)]


def test_the_painter_draws_the_art_symbol_and_text_colour() -> None:
    pytest.importorskip("PySide6")
    from tabletop.model import FigureSpec, SquadUnitType
    from tabletop.render.counters import counter_colors, symbol_for

    plain = SquadUnitType("T", "Tank", (FigureSpec("light_tank"),))
    art = SquadUnitType(
        "T", "Tank", (FigureSpec("light_tank"),), art={"symbol": "hq", "text": "#ff0000"}
    )
    assert symbol_for(plain) == "armor" and symbol_for(art) == "hq"
    assert counter_colors(art)[1].name() == "#ff0000"
    assert counter_colors(art)[0] == counter_colors(plain)[0]
