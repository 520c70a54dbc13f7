"""A small reader of the PDFs Qt writes, for tests: each page's MediaBox, the rectangles
stroked in a given grey and the straight segments stroked in a given colour, in PDF points
on the page (the content stream's own geometry:
``q``/``Q``/``cm`` followed, ``re`` transformed). Only what QPdfWriter emits is handled:
FlateDecode streams, direct /Contents references, one /Pages tree."""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from pathlib import Path

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_OBJ = re.compile(rb"(\d+) 0 obj(.*?)endobj", re.S)
_TOKEN = re.compile(rb"\[[^\]]*\]|/[^\s/\[\]()<>]+|[-+]?\d*\.?\d+|[A-Za-z*\"']+")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in PDF points, origin bottom-left of the page."""

    x: float
    y: float
    width: float
    height: float


Segment = tuple[float, float, float, float]
"""x0, y0, x1, y1 in PDF points, origin bottom-left of the page."""


@dataclass(frozen=True)
class PdfPage:
    media_box: tuple[float, float, float, float]
    stroked: list[tuple[tuple[float, float, float], Rect]]
    """Every stroked ``re`` rectangle with the stroke colour (r, g, b) it was drawn in."""
    segments: list[tuple[tuple[float, float, float], Segment]]
    """Every stroked straight segment (``m`` ... ``l`` of a path) with its stroke colour."""

    def rects_in(self, grey: float, tolerance: float = 0.004) -> list[Rect]:
        return [r for c, r in self.stroked if all(abs(v - grey) < tolerance for v in c)]

    def segments_in(
        self, rgb: tuple[float, float, float], tolerance: float = 0.004
    ) -> list[Segment]:
        return [
            s
            for c, s in self.segments
            if all(abs(v - w) < tolerance for v, w in zip(c, rgb, strict=True))
        ]


def _mul(a: Matrix, b: Matrix) -> Matrix:
    """a then b (PDF row-vector convention: the new CTM is cm x CTM)."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def _rect(m: Matrix, x: float, y: float, w: float, h: float) -> Rect:
    xs, ys = zip(_apply(m, x, y), _apply(m, x + w, y + h), strict=True)
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


Colour = tuple[float, float, float]


def _stroked(content: bytes) -> tuple[list[tuple[Colour, Rect]], list[tuple[Colour, Segment]]]:
    stack: list[tuple[Matrix, tuple[float, ...]]] = []
    ctm, colour = IDENTITY, (0.0, 0.0, 0.0)
    operands: list[float] = []
    pending: list[Rect] = []
    lines: list[Segment] = []
    at: tuple[float, float] | None = None
    found: list[tuple[tuple[float, float, float], Rect]] = []
    segments: list[tuple[tuple[float, float, float], Segment]] = []
    for token in _TOKEN.findall(content):
        if token[:1].isdigit() or token[:1] in b"-+.":
            operands.append(float(token))
            continue
        op = token.decode("latin-1")
        if op == "q":
            stack.append((ctm, colour))
        elif op == "Q" and stack:
            ctm, saved = stack.pop()
            colour = (saved[0], saved[1], saved[2])
        elif op == "cm" and len(operands) >= 6:
            ctm = _mul(tuple(operands[-6:]), ctm)
        elif op == "SCN" and len(operands) >= 3:
            colour = (operands[-3], operands[-2], operands[-1])
        elif op == "re" and len(operands) >= 4:
            pending.append(_rect(ctm, *operands[-4:]))
        elif op == "m" and len(operands) >= 2:
            at = _apply(ctm, operands[-2], operands[-1])
        elif op == "l" and len(operands) >= 2 and at is not None:
            to = _apply(ctm, operands[-2], operands[-1])
            lines.append((at[0], at[1], to[0], to[1]))
            at = to
        elif op in ("c", "v", "y", "h"):
            at = None  # a curve or a closed path: not a straight segment we follow
        elif op == "S":
            found.extend((colour, r) for r in pending)
            segments.extend((colour, seg) for seg in lines)
        if op in ("S", "f", "f*", "n", "B", "b", "s", "B*", "b*"):
            pending = []
            lines = []
            at = None
        if not op.startswith("/"):
            operands = []
    return found, segments


def read_pages(path: Path) -> list[PdfPage]:
    data = path.read_bytes()
    objects = {int(m.group(1)): m.group(2) for m in _OBJ.finditer(data)}
    kids = b""
    for body in objects.values():
        if re.search(rb"/Type\s*/Pages\b", body):
            kids = re.search(rb"/Kids\s*\[([^\]]*)\]", body).group(1)
    pages = []
    for number in re.findall(rb"(\d+) 0 R", kids):
        body = objects[int(number)]
        box = re.search(rb"/MediaBox\s*\[([^\]]*)\]", body).group(1)
        ref = int(re.search(rb"/Contents\s+(\d+) 0 R", body).group(1))
        raw = re.search(rb"stream\r?\n(.*?)\r?\nendstream", objects[ref], re.S)
        assert raw is not None, "a page without a content stream"
        content = raw.group(1)
        if b"FlateDecode" in objects[ref][: objects[ref].find(b"stream")]:
            content = zlib.decompress(content)
        x0, y0, x1, y1 = (float(v) for v in box.split())
        pages.append(PdfPage((x0, y0, x1, y1), *_stroked(content)))
    return pages
