"""The counters' face cache: faces per look and zoom level, within a budget of bytes."""

from __future__ import annotations

import pytest

from tabletop.hexgrid import Hex
from tabletop.model import Kind, PlatoonSide, PlatoonUnitType, Rating, TargetClass, UnitState
from tabletop.render import CounterOptions
from tabletop.render.faces import FaceCache

pytestmark = pytest.mark.gui

SIDE = PlatoonSide(ap=Rating(3, 10, 4), armor=2, save=5, movement=8)
TANK = PlatoonUnitType("X", "Leopard 2", Kind.TANK, TargetClass.ARMORED, {"full": SIDE}, "FRG")


def state(k: int) -> UnitState:
    return UnitState(f"u{k}", "X", "nato", Hex(0, 0), markers=["dug_in"] * (k % 2))


def test_faces_beyond_the_budget_go_least_recently_used_first(qapp) -> None:
    probe = FaceCache(60.0)
    one = probe.face(TANK, state(0), CounterOptions(), 4)  # a face at 1.25**4 = 2.4:1
    size = one.width() * one.height() * one.depth() // 8
    faces = FaceCache(60.0, budget_bytes=3 * size)
    looks = [faces.look(TANK, state(k), CounterOptions()) for k in range(2)]
    for level in (4, 3, 2, 1, 0, -1, -2):
        faces.face_of(looks[0], level)
        faces.face_of(looks[1], 4)  # used at every turn: it stays
        assert faces.bytes <= 3 * size
    assert faces.get(looks[1], 4) is not None and faces.get(looks[0], 4) is None
    assert faces.get(looks[0], -2) is not None  # the newest stay
    assert faces.bytes == sum(
        p.width() * p.height() * p.depth() // 8 for p in faces._faces.values()
    )
    assert faces.nearest(looks[0], 4) is faces.get(looks[0], faces_max_level(faces, looks[0]))


def faces_max_level(faces: FaceCache, look) -> float:
    return max(level for (i, level) in faces._faces if i == look.id)
