"""Free memory given back to the system after an autosave.

An action on the big game makes and drops tens of megabytes: a question's indexes over
10,000 units, the autosave's text of the whole game (made on the autosave thread, in that
thread's own heap arena). The C allocator keeps what is freed for its next allocations and
seldom returns it to the system, so the window's resident memory climbed while nothing
alive accounted for it: of 506 MB after 100 actions on the 200 x 200 game, 53 MB came
back at one ``malloc_trim`` (docs/dev/performance.md).

:func:`give_back` runs glibc's ``malloc_trim(0)``: every arena's free pages back to the
system, 1 to 4 ms on a 500 MB heap. The autosave thread calls it after each write, never
the GUI thread; the autosave waits for a quiet moment (``recovery.DELAY_MS``), so it runs
at most once a pause. Elsewhere than glibc it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections.abc import Callable
from functools import cache

trims = 0
"""Trims made (for tests)."""


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None (another system or C library): looked up once."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    trim: Callable[[int], int] | None = getattr(libc, "malloc_trim", None)  # (musl: none)
    return trim


def give_back() -> bool:
    """Return the heap's free pages to the system; True when this system can."""
    global trims
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    trims += 1
    return True
