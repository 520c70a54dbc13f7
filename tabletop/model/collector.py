"""Python's cycle collector paused while a big model is built.

Opening a 200 x 200 map with 10,000 units makes a few hundred thousand small objects
(hexes, cells, hexsides, unit states and their tracked lists). None of them makes a cycle
that needs collecting, but every few hundred allocations the collector runs, and whenever
its oldest generation comes due it walks every object alive, the parsed documents and the
model built so far included: on the big files a third to a half of the building's time.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector off while the block (or the decorated function) runs; nested
    pauses and a collector already off are left as they were."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
