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
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import repeat
from typing import Any

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

    # --- many at once (loading a big map) ----------------------------------------------
    def rectangle(self, columns: int, rows: int) -> list[list[Hex]]:
        """The hexes of the first ``columns`` printed columns and ``rows`` rows, column by
        column, each column's row by row: ``rectangle(c, r)[k][j]`` equals
        ``from_colrow(first + k, first + j)``. Made without a Python call per hex (a
        200 x 200 map has 40,000): each column's hexes are allocated and their fields set
        by C loops over the slots' own setters, as a frozen Hex's ``__init__`` sets them."""
        odd = self.stagger == "odd"
        out: list[list[Hex]] = []
        if self.orientation == "flat":
            for k in range(columns):
                shift = k >> 1 if odd else (k + 1) >> 1
                out.append(_hexes(repeat(k, rows), range(-shift, rows - shift), rows))
        else:
            qs = [-(j >> 1 if odd else (j + 1) >> 1) for j in range(rows)]
            for k in range(columns):
                out.append(_hexes([k + q for q in qs], range(rows), rows))
        return out

    def rectangle_labels(self, columns: int, rows: int) -> list[list[str]]:
        """The labels of :meth:`rectangle`'s hexes, in its order; the empty string for a
        hex that has none (its column or row cannot be printed)."""
        first = self.first
        row_texts = [
            f"{row:0{self.digits}d}" if 0 <= row < 10**self.digits else ""
            for row in range(first, first + rows)
        ]
        out: list[list[str]] = []
        for k in range(columns):
            ct = self._column_text(first + k)
            out.append([ct + rt if ct and rt else "" for rt in row_texts])
        return out

    def label_table(self, hexes: Iterable[Hex]) -> dict[str, Hex]:
        """``{label(h): h}`` for every hex of ``hexes`` that has a label (the others are
        left out, as :meth:`label` refuses them). Each column's and row's text is printed
        once, so a big map's table costs a string and a dictionary entry per hex;
        ``parse(label)`` of each label gives its hex back."""
        flat, odd, first = self.orientation == "flat", self.stagger == "odd", self.first
        col_texts: dict[int, str] = {}
        row_texts: dict[int, str] = {}
        out: dict[str, Hex] = {}
        for h in hexes:
            q, r = h.q, h.r
            if flat:
                col, row = q + first, r + (q >> 1 if odd else (q + 1) >> 1) + first
            else:
                col, row = q + (r >> 1 if odd else (r + 1) >> 1) + first, r + first
            ct = col_texts.get(col)
            if ct is None:
                ct = col_texts[col] = self._column_text(col)
            rt = row_texts.get(row)
            if rt is None:
                rt = row_texts[row] = f"{row:0{self.digits}d}" if 0 <= row < 10**self.digits else ""
            if ct and rt:
                out[ct + rt] = h
        return out

    def _column_text(self, col: int) -> str:
        """A column's part of a label, or the empty string if it cannot be printed."""
        if self.letters:
            return column_letters(col - self.first + 1) if col >= self.first else ""
        return f"{col:0{self.digits}d}" if 0 <= col < 10**self.digits else ""

    def _digits_text(self) -> str:
        return f"{self.digits} digit{'s' if self.digits != 1 else ''}"

    def _example(self) -> str:
        col = "C" if self.letters else f"{3:0{self.digits}d}"
        return f"{col}{4:0{self.digits}d}"


_SET_Q: Any = Hex.__dict__["q"].__set__  # the slots' own setters: a frozen Hex's fields
_SET_R: Any = Hex.__dict__["r"].__set__  # are set once, as its __init__ would


def _hexes(qs: Iterable[int], rs: Iterable[int], n: int) -> list[Hex]:
    """``[Hex(q, r) for q, r in zip(qs, rs)]`` of ``n`` hexes, in C loops."""
    made: list[Hex] = list(map(object.__new__, repeat(Hex, n)))
    deque(map(_SET_Q, made, qs), maxlen=0)
    deque(map(_SET_R, made, rs), maxlen=0)
    return made
