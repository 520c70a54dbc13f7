"""Counting the passes over every unit of a game (``UnitTable.values``): what the hex index
is there to spare."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.model.tracking import UnitTable


def count_unit_passes(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """From now on (for the test), ``["values"]`` counts the passes over a unit table."""
    passes = Counter[str]()
    plain = UnitTable.values

    def counting(self: UnitTable):
        passes["values"] += 1
        return plain(self)

    monkeypatch.setattr(UnitTable, "values", counting)
    return passes
