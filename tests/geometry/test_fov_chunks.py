"""A field of view too big for the kept lines is evaluated a bounded chunk at a time, from
the canonical walks, keeping nothing: the same answers, bounded memory (counted in pieces)."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop.geometry import LosEngine, table
from tabletop.geometry.table import RayTable, SharedRays
from tabletop.model import Options
from tabletop.rules.los import Viewpoint
from tests.helpers.maps import LEVELS, SLOPE, SMOKE, make_map


def _engine(hexes, model):
    engine = LosEngine(make_map(hexes), Options(los_model=model))
    engine.table = RayTable(engine.field.stride, SharedRays())
    return engine


@pytest.mark.parametrize(
    ("hexes", "model", "markers"),
    [(LEVELS, "waw", []), (LEVELS, "waw", SMOKE), (SLOPE, "slope", [])],
    ids=["levels", "levels-smoke", "slope"],
)
def test_streamed_chunks_give_the_kept_lines_answers(hexes, model, markers, monkeypatch) -> None:
    kept = _engine(hexes, model)
    streamed = _engine(hexes, model)
    sizes: list[int] = []
    chunks = RayTable.chunks

    def counted(self, dq, dr, with_num=False):
        for part, g in chunks(self, dq, dr, with_num):
            sizes.append(len(g.rel1))
            yield part, g

    for a in sorted(kept.hex_map.cells):
        want = kept.visible_mask(Viewpoint(a), markers)
        with monkeypatch.context() as m:
            m.setattr(table, "CACHE_PIECES", 0)
            m.setattr(table, "CHUNK_PIECES", 40)
            m.setattr(RayTable, "chunks", counted)
            got = streamed.visible_mask(Viewpoint(a), markers)
        assert np.array_equal(got, want), a
    assert streamed.table.shared.size == 0  # nothing kept
    assert kept.table.shared.size > 0
    longest = 2 * max(kept.hex_map.grid.columns, kept.hex_map.grid.rows) + 2
    assert len(sizes) > len(kept.hex_map.cells)  # several chunks per field of view
    assert max(sizes) <= 40 + longest


def test_lines_within_the_budget_are_kept_and_reused() -> None:
    engine = _engine(LEVELS, "waw")
    engine.FIELDS_BYTES = 0  # (no field of view remembered: the lines are read again)
    a = Viewpoint(engine.hex_map.parse("0505"))
    engine.visible_mask(a)
    size = engine.table.shared.size
    assert size > 0
    engine.visible_mask(a)
    assert engine.table.shared.size == size


def test_fields_of_view_are_remembered_within_their_byte_budget() -> None:
    """The same viewpoint and markers give the remembered field (read-only, not computed
    again); other markers another; the oldest go first past ``FIELDS_BYTES``; an edit of
    the map forgets them all."""
    engine = _engine(LEVELS, "waw")
    cells = sorted(engine.hex_map.cells)
    a = Viewpoint(engine.hex_map.parse("0505"))
    first = engine.visible_mask(a)
    assert engine.visible_mask(a) is first
    assert not first.flags.writeable
    smoked = engine.visible_mask(a, SMOKE)
    assert smoked is not first
    assert np.array_equal(smoked, _engine(LEVELS, "waw").visible_mask(a, SMOKE))
    engine.FIELDS_BYTES = 5 * first.nbytes
    for h in cells:
        engine.visible_mask(Viewpoint(h))
    assert len(engine._fields) * first.nbytes <= engine.FIELDS_BYTES
    assert len(engine._fields) == 5
    assert (Viewpoint(cells[-1]), ()) in engine._fields  # (the newest kept)
    engine.update_hex(cells[0])
    assert not engine._fields
