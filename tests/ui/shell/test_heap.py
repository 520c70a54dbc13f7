"""``heap.give_back``: glibc's ``malloc_trim`` where there is one (a real trim here), a
no-op elsewhere."""

from __future__ import annotations

import sys

from tabletop.ui.shell import heap


def test_the_free_heap_is_given_back_on_glibc_and_nothing_is_done_elsewhere(monkeypatch) -> None:
    before = heap.trims
    trimmed = heap.give_back()
    assert trimmed == (heap._malloc_trim() is not None)
    assert heap.trims == before + trimmed
    if sys.platform.startswith("linux"):
        assert trimmed  # (CI's Debian has glibc)
    monkeypatch.setattr(heap, "_malloc_trim", lambda: None)  # another C library
    assert not heap.give_back() and heap.trims == before + trimmed
