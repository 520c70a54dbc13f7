"""The one writer of machine-written files: JSON, one record a line.

Saved games, the app's autosaves and recovery files (of every document kind: game, map,
scenario, counters) and the benchmarks' generated files are written by Tabletop, for
Tabletop, and can be large (a saved game of 10,000 units holds 30,000 records). They are
written here as JSON, which is YAML: PyYAML's safe loader, libyaml and the data layer's
JSON path (:func:`tabletop.data.yamlsafe.parse_text`) all read such a file to the very same
data, with ``format:`` and every key as in a YAML file.

Layout, for a person who opens the file: the top-level mapping has a key a line; a value
of it that holds records (non-empty mappings or lists: the units, the log) and any
container too big for one line (more than :data:`ITEMS` items, or its JSON longer than
:data:`WIDTH` characters) has an item a line, one space deeper, its closing bracket on its
last item's line; everything else (a unit record, a log entry) is one line of JSON::

    {"format": "tabletop/game@1",
     "units": [
      {"id": "u1", "type": "LEO2", "side": "nato", "hex": "001001"},
      {"id": "u2", "type": "T64", "side": "pact", "hex": "002001"}],
     "state": {
      "turn": 1,
      "units": {
       "u1": {"type": "LEO2", "side": "nato", "hex": "001001", "markers": []}}}}

Where JSON and YAML 1.1 read the same text differently, the text is written so that they
agree: a float is written with a point (``1.0e+20``, which YAML reads as a float, not the
``1e+20`` it reads as a string); the characters YAML does not allow in a file or reads as
line breaks (DEL, the C1 controls, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF) are escaped; every
other character is written as itself (UTF-8). NaN and the infinities have no JSON form:
they are refused with a ValueError. A key that is not a string is written as JSON writes
it (``1`` as ``"1"``), and so read back as a string.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from itertools import repeat
from typing import Any

__all__ = ["CHUNK", "ITEMS", "WIDTH", "dumps", "element", "item", "pieces"]

WIDTH = 500
"""A container whose JSON is longer than this (in characters) gets a line per item."""
ITEMS = 64
"""So does a container of more items than this (without being turned into JSON first)."""
CHUNK = 500
"""Lines per piece of :func:`pieces` (a few milliseconds of work each)."""

_encoder: Any = getattr(json.encoder, "c_make_encoder", None)
_basestring: Any = getattr(json.encoder, "c_encode_basestring", None)
if _encoder is not None and _basestring is not None:
    _one = _encoder(None, None, _basestring, None, ": ", ", ", False, False, False)

    def _text(value: Any) -> str:
        return "".join(_one(value, 0))

    def _texts(values: list[Any]) -> list[str]:
        return list(map("".join, map(_one, values, repeat(0))))

    def _keys(keys: list[Any]) -> list[str]:
        try:
            return list(map(_basestring, keys))
        except TypeError:  # a key that is not a string
            return list(map(_key, keys))

    def _key(key: Any) -> str:
        return str(_basestring(key)) if type(key) is str else _text({key: 0})[1:-4]

else:  # an interpreter without the C accelerator: the same text, more slowly
    _slow = json.JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False)

    def _text(value: Any) -> str:
        return _slow.encode(value)

    def _texts(values: list[Any]) -> list[str]:
        return list(map(_slow.encode, values))

    def _keys(keys: list[Any]) -> list[str]:
        return list(map(_key, keys))

    def _key(key: Any) -> str:
        return _slow.encode(key) if type(key) is str else _slow.encode({key: 0})[1:-4]


_RAW = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")
"""Characters JSON writes as themselves that YAML refuses in a file, reads as a break or
may take for a byte-order mark."""
_EXPONENT = re.compile(r"\de[+-]\d")
"""Text that may hold a float written without a point (``1e+20``)."""
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![\w.])(-?\d+)(e[+-]\d+)')
"""A JSON string (skipped whole) or a float written without a point."""


def _yaml_safe(text: str) -> str:
    """``text`` (whole lines of JSON) with what YAML would read otherwise made to agree."""
    if not text.isascii() or "\x7f" in text:
        text = _RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    if ("e+" in text or "e-" in text) and _EXPONENT.search(text):
        text = _TOKEN.sub(lambda m: m.group() if m.group(1) is None else f"{m[1]}.0{m[2]}", text)
    return text


def _flat(values: list[Any]) -> list[str] | None:
    """The one-line JSON of each of ``values`` if every one fits on a line, else None.
    (The common case, a few hundred unit records, runs in C: no Python call per record.)"""
    for v in values:
        if isinstance(v, dict | list) and len(v) > ITEMS:
            return None
    texts = _texts(values)
    if texts and max(map(len, texts)) > WIDTH:
        return None
    return texts


def _broken(value: Any, top: bool = False) -> str | None:
    """The one-line JSON of ``value``, or None if it gets a line per item (``top``: a
    value of the top-level mapping, which gets a line per item if it holds a record)."""
    if isinstance(value, dict | list):
        if len(value) > ITEMS:
            return None
        inner = value.values() if isinstance(value, dict) else value
        if any(isinstance(v, dict | list) and ((top and v) or len(v) > WIDTH // 3) for v in inner):
            return None  # (a record of the top level; or its JSON is longer than WIDTH)
        text = _text(value)
        return text if len(text) <= WIDTH or not value else None
    return _text(value)


def pieces(data: Mapping[str, Any]) -> Iterator[str]:
    """The text of ``data`` (a mapping of plain values) in pieces of whole lines, each a
    short step (:data:`CHUNK` items at most), joining to :func:`dumps`: a caller on the
    GUI thread makes one between two frames."""
    if not data:
        yield "{}\n"
        return
    out: list[str] = ["{"]
    for piece in _mapping(data, " ", out, first=True):
        if piece:
            yield _yaml_safe(piece)
    yield "}\n"


def dumps(data: Mapping[str, Any]) -> str:
    """The text of a machine-written file holding ``data`` (a mapping of plain values:
    str, int, float, bool, None, lists and mappings with string keys)."""
    return "".join(pieces(data))


def item(key: Any, value: Any, depth: int = 1) -> str:
    """The text of one item of a mapping ``depth`` levels deep (1: the top-level mapping's),
    without the separator before it, as :func:`dumps` writes it. Every item of a mapping is
    written alone (a chunk of items on a line each is the same text as those items written
    one by one), so a caller may keep the texts of the parts that did not change and join
    them: ``"{" + ",\n ".join(top-level items) + "}\n"`` is :func:`dumps`, and a nested
    mapping that is broken up is ``"{\n" + pad + (",\n" + pad).join(its items) + "}"``."""
    out: list[str] = []
    parts = list(_item(value, _key(key) + ": ", " " * depth, out, depth == 1))
    return _yaml_safe("".join(parts) + "".join(out))


def element(value: Any, depth: int) -> str:
    """The text of one element of a list ``depth`` levels deep (as :func:`item`): a list
    broken up is ``"[\n" + pad + (",\n" + pad).join(its elements) + "]"``."""
    out: list[str] = []
    parts = list(_item(value, "", " " * depth, out))
    return _yaml_safe("".join(parts) + "".join(out))


def _mapping(data: Mapping[Any, Any], pad: str, out: list[str], first: bool = False) -> Any:
    """Append ``data``'s items, a line each, to ``out`` (the opening brace is there);
    yields the text so far (and empties ``out``) after every :data:`CHUNK` items (or
    fewer: a piece never holds more)."""
    sep = ",\n" + pad
    lead = "" if first else "\n" + pad
    items = list(data.items())
    for start in range(0, len(items), CHUNK):
        part = items[start : start + CHUNK]
        texts = None if first else _flat([v for _, v in part])
        if texts is not None:
            keys = _keys([k for k, _ in part])
            out.append(lead + sep.join(map(": ".join, zip(keys, texts, strict=True))))
        else:
            for i, (key, value) in enumerate(part):
                head = f"{lead if i == 0 else sep}{_key(key)}: "
                yield from _item(value, head, pad, out, first)
        lead = sep
        yield "".join(out)
        out.clear()


def _sequence(data: list[Any], pad: str, out: list[str]) -> Any:
    sep = ",\n" + pad
    lead = "\n" + pad
    for start in range(0, len(data), CHUNK):
        part = data[start : start + CHUNK]
        texts = _flat(part)
        if texts is not None:
            out.append(lead + sep.join(texts))
        else:
            for i, value in enumerate(part):
                yield from _item(value, lead if i == 0 else sep, pad, out)
        lead = sep
        yield "".join(out)
        out.clear()


def _item(value: Any, head: str, pad: str, out: list[str], top: bool = False) -> Any:
    """One item, after ``head`` (its separator and key): on its line, or broken up."""
    line = _broken(value, top)
    if line is not None:
        out.append(head + line)
    elif isinstance(value, dict):
        out.append(head + "{")
        yield from _mapping(value, pad + " ", out)
        out.append("}")
    else:
        out.append(head + "[")
        yield from _sequence(value, pad + " ", out)
        out.append("]")
