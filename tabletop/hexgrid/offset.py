"""Printed hex numbering (offset coordinates) and hex labels such as ``"0304"``.

The default scheme is the usual wargame one: flat-topped hexes in vertical columns, labels
``CCRR`` (column then row, 1-based, two digits each), columns left to right, rows top to
bottom, odd columns (01, 03, ...) half a hex higher than even ones.

Axial mapping, with ``k = col - first`` and ``j = row - first`` (0-based indices):

* flat: ``q = k``; ``r = j - floor(k / 2)`` for ``stagger="odd"``, ``r = j - ceil(k / 2)``
  for ``"even"``;
* pointy: ``r = j``; ``q = k - floor(j / 2)`` (odd) or ``q = k - ceil(j / 2)`` (even).

So the first column and row is always ``Hex(0, 0)``, which the default
:class:`~tabletop.hexgrid.layout.Layout` draws at the origin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.hexgrid.coords import Hex

__all__ = ["OffsetScheme", "column_letters", "parse_column_letters"]

_ORIENTATIONS = ("flat", "pointy")
_STAGGERS = ("odd", "even")


def column_letters(n: int) -> str:
    """Bijective base 26: 1 -> ``"A"``, 26 -> ``"Z"``, 27 -> ``"AA"``."""
    if n < 1:
        raise ValueError(f"column number must be >= 1 to be written as letters, not {n}")
    out: list[str] = []
    while n:
        n, rem = divmod(n - 1, 26)
        out.append(chr(ord("A") + rem))
    return "".join(reversed(out))


def parse_column_letters(text: str) -> int:
    """The inverse of :func:`column_letters` (``"A"`` -> 1); letters must be A..Z."""
    if not text or not all("A" <= c <= "Z" for c in text):
        raise ValueError(f"column letters must be A..Z, not {text!r}")
    n = 0
    for c in text:
        n = n * 26 + (ord(c) - ord("A") + 1)
    return n


@dataclass(frozen=True, slots=True)
class OffsetScheme:
    """How a map prints its hex numbers, and the conversion to axial :class:`Hex`.

    ``orientation``: ``"flat"`` (columns of flat-topped hexes) or ``"pointy"`` (rows of
    pointy-topped hexes). ``stagger``: which columns (flat) / rows (pointy), counted from the
    first one as 1, sit half a hex higher (flat) / further left (pointy). ``first``: index of
    the first column and row (1 or 0). ``letters``: columns printed as letters (the first
    column is ``A``, then ``B`` .. ``Z``, ``AA`` ..), e.g. ``"C04"``. ``digits``: digits per
    number (rows, and columns unless ``letters``); 3 for maps wider or taller than 99.
    """

    orientation: str = "flat"
    stagger: str = "odd"
    first: int = 1
    letters: bool = False
    digits: int = 2

    def __post_init__(self) -> None:
        if self.orientation not in _ORIENTATIONS:
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.stagger not in _STAGGERS:
            raise ValueError(f"stagger must be 'odd' or 'even', not {self.stagger!r}")
        if self.first not in (0, 1):
            raise ValueError(f"first must be 0 or 1, not {self.first!r}")
        if self.digits < 1:
            raise ValueError(f"digits must be >= 1, not {self.digits!r}")

    @classmethod
    def for_size(
        cls,
        columns: int,
        rows: int,
        *,
        orientation: str = "flat",
        stagger: str = "odd",
        first: int = 1,
        letters: bool = False,
    ) -> OffsetScheme:
        """A scheme whose ``digits`` fit a map of ``columns`` x ``rows``.

        ``digits`` is 2 if both numbers are <= 99 and 3 otherwise (more beyond 999). With
        ``first=1`` they are the highest printed column and row; with ``first=0`` passing either
        the counts or the highest printed numbers is safe. Columns do not count with ``letters``.
        """
        if columns < 1 or rows < 1:
            raise ValueError(f"a map needs at least one column and row, not {columns} x {rows}")
        largest = rows if letters else max(columns, rows)
        digits = max(2, len(str(largest)))
        return cls(orientation, stagger, first, letters, digits)

    # --- offset <-> axial ------------------------------------------------------------
    def to_colrow(self, h: Hex) -> tuple[int, int]:
        """The printed column and row of a hex."""
        first = self.first
        if self.orientation == "flat":
            q = h.q
            shift = q >> 1 if self.stagger == "odd" else (q + 1) >> 1
            return q + first, h.r + shift + first
        r = h.r
        shift = r >> 1 if self.stagger == "odd" else (r + 1) >> 1
        return h.q + shift + first, r + first

    def from_colrow(self, col: int, row: int) -> Hex:
        """The hex at a printed column and row."""
        k = col - self.first
        j = row - self.first
        if self.orientation == "flat":
            shift = k >> 1 if self.stagger == "odd" else (k + 1) >> 1
            return Hex(k, j - shift)
        shift = j >> 1 if self.stagger == "odd" else (j + 1) >> 1
        return Hex(k - shift, j)

    # --- labels ------------------------------------------------------------------------
    def label(self, h: Hex) -> str:
        """The printed label, e.g. ``"0304"``; ValueError for a hex that has none.

        A hex has no label when its column or row is negative or needs more than ``digits``
        digits, or (with ``letters``) its column is left of the first one.
        """
        col, row = self.to_colrow(h)
        limit = 10**self.digits
        if not 0 <= row < limit:
            raise ValueError(f"{h!r} has row {row}, which {self._digits_text()} cannot print")
        if self.letters:
            if col < self.first:
                raise ValueError(f"{h!r} has column {col}, left of the first lettered column")
            col_text = column_letters(col - self.first + 1)
        else:
            if not 0 <= col < limit:
                raise ValueError(
                    f"{h!r} has column {col}, which {self._digits_text()} cannot print"
                )
            col_text = f"{col:0{self.digits}d}"
        return f"{col_text}{row:0{self.digits}d}"

    def parse(self, label: str) -> Hex:
        """The hex a label names; ValueError naming the label if it is malformed.

        Column letters may be given in either case.
        """
        d = self.digits
        if self.letters:
            m = re.fullmatch(rf"([A-Za-z]+)([0-9]{{{d}}})", label)
            if m is None:
                raise ValueError(
                    f"bad hex label {label!r}: expected column letters then a {d}-digit row, "
                    f"like {self._example()!r}"
                )
            col = parse_column_letters(m.group(1).upper()) - 1 + self.first
            row = int(m.group(2))
        elif len(label) == 2 * d and label.isascii() and label.isdigit():
            col = int(label[:d])  # the common case, without a regex: maps load faster
            row = int(label[d:])
        else:
            m = re.fullmatch(rf"([0-9]{{{d}}})([0-9]{{{d}}})", label)
            if m is None:
                raise ValueError(
                    f"bad hex label {label!r}: expected {2 * d} digits, a {d}-digit column "
                    f"then a {d}-digit row, like {self._example()!r}"
                )
            col = int(m.group(1))
            row = int(m.group(2))
        return self.from_colrow(col, row)

    def _digits_text(self) -> str:
        return f"{self.digits} digit{'s' if self.digits != 1 else ''}"

    def _example(self) -> str:
        col = "C" if self.letters else f"{3:0{self.digits}d}"
        return f"{col}{4:0{self.digits}d}"
