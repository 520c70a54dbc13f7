"""A map's background image read with bounds, so that no file can hang the app or eat its
memory: the file is opened once, without waiting (a FIFO or a device is refused, never
read), it is at most :data:`MAX_BYTES`; a compressed SVG (``.svgz``) is inflated to at most
:data:`MAX_SVG_BYTES`; an SVG that refers to anything outside itself (an ``<image>`` of
another file, an external entity or style sheet, a ``url()`` of a file) is refused, so no
other file is ever opened; the image is at most :data:`MAX_PIXELS` pixels, checked before
it is decoded; and decoding is refused past :data:`MAX_SECONDS` of reading (an SVG too
complex to draw in time)."""

from __future__ import annotations

import os
import re
import stat
import time
import zlib
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QImage, QImageReader, QPainter
from PySide6.QtSvg import QSvgRenderer

MAX_BYTES = 64 * 1024 * 1024
"""A background image file (a 600 dpi scan of a map sheet as PNG or JPEG is well under)."""
MAX_SVG_BYTES = 8 * 1024 * 1024
"""An SVG's text, once a ``.svgz`` is inflated."""
MAX_PIXELS = 64 * 1024 * 1024
"""Pixels of the image (8192 x 8192): 256 MB decoded."""
MAX_SECONDS = 10.0
"""Time to draw an SVG; a slower one is refused the next time (see :func:`read_image`)."""

_EXTERNAL = re.compile(
    rb"""(?:href\s*=\s*["']\s*(?!#|data:)[^"'\s]|<!ENTITY|<!DOCTYPE[^>]*\[|SYSTEM\s*["']|"""
    rb"""url\(\s*["']?\s*(?!#|data:)[^)"'\s]|@import|<\?xml-stylesheet|xi:include)""",
    re.IGNORECASE,
)


def _read_bytes(path: Path) -> tuple[bytes | None, str]:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:
        return None, f"cannot read the image {path}: {getattr(exc, 'strerror', None) or exc}"
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None, f"the image {path} is not a regular file"
        if st.st_size > MAX_BYTES:
            return None, f"the image {path} is larger than {MAX_BYTES // 2**20} MB"
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        return None, f"cannot read the image {path}: {exc.strerror or exc}"
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        return None, f"the image {path} is larger than {MAX_BYTES // 2**20} MB"
    return raw, ""


def _inflate(raw: bytes, path: Path) -> tuple[bytes | None, str]:
    """A gzip stream inflated to at most :data:`MAX_SVG_BYTES`."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(raw, MAX_SVG_BYTES + 1)
    except zlib.error as exc:
        return None, f"the image {path} is not a readable compressed SVG ({exc})"
    if len(out) > MAX_SVG_BYTES:
        return None, (f"the image {path} is larger than {MAX_SVG_BYTES // 2**20} MB "
                      "once decompressed")  # fmt: skip
    return out, ""


def _is_svg(raw: bytes) -> bool:
    head = raw[:4096].lstrip().lower()
    return head.startswith((b"<?xml", b"<svg", b"<!--", b"<!doctype")) and b"<svg" in raw[:65536]


def _svg(text: bytes, path: Path) -> tuple[QImage, str]:
    if _EXTERNAL.search(text):
        return QImage(), (f"the SVG image {path} refers to other files (an image, entity or "
                          "style sheet outside it): Tabletop never follows them")  # fmt: skip
    renderer = QSvgRenderer(QByteArray(text))
    if not renderer.isValid():
        return QImage(), f"cannot read the image {path} as an SVG"
    size = renderer.defaultSize()
    if size.isEmpty():
        size = QSize(1000, 1000)
    if size.width() * size.height() > MAX_PIXELS or max(size.width(), size.height()) > 32768:
        return QImage(), f"the image {path} is larger than {MAX_PIXELS // 2**20} megapixels"
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():
        return QImage(), f"not enough memory for the image {path}"
    image.fill(0)
    start = time.monotonic()
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    if time.monotonic() - start > MAX_SECONDS:
        return QImage(), f"the SVG image {path} takes longer than {MAX_SECONDS:g} s to draw"
    return image, ""


def read_image(path: str | Path) -> tuple[QImage, str]:
    """The image at ``path`` and "", or a null image and why it is not shown."""
    p = Path(path)
    raw, problem = _read_bytes(p)
    if raw is None:
        return QImage(), problem
    if raw[:2] == b"\x1f\x8b":  # gzip: a .svgz
        text, problem = _inflate(raw, p)
        if text is None:
            return QImage(), problem
        return _svg(text, p) if _is_svg(text) else (QImage(), f"cannot read the image {p}")
    if _is_svg(raw):
        return _svg(raw, p)
    data = QByteArray(raw)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAllocationLimit(MAX_PIXELS * 4 // 2**20 + 1)
    fmt = bytes(reader.format().data()).lower()
    if fmt in (b"svg", b"svgz"):  # only by the content checks above
        return QImage(), f"cannot read the image {p}"
    size = reader.size()
    if size.isValid() and size.width() * size.height() > MAX_PIXELS:
        return QImage(), f"the image {p} is larger than {MAX_PIXELS // 2**20} megapixels"
    image = reader.read()
    if image.isNull():
        return QImage(), f"cannot read the image {p} ({reader.errorString()})"
    return image, ""
