"""Fast YAML text for big plain documents (saved games): block style for the large
containers, one flow line per small record, scalars written directly.

A saved game of 10,000 units holds 20,000 unit records; the C dumper spends seconds
building and resolving an event per scalar. This writer emits the same data as YAML text
in one pass: a record (a unit's state, a log entry, a scenario unit) of up to ``FLOW_NODES``
nodes becomes one flow line (``u1: {type: t64, side: nato, hex: "001001", ...}``), larger
containers become block mappings and sequences. Scalars: a string of plain words and
no YAML 1.1 keyword is written bare (``_PLAIN``); other printable-ASCII strings are written
double-quoted with JSON's escapes (a subset of YAML's); anything else (floats, strings
with other characters) goes through the safe dumper, one scalar at a time. Reading the
text with any safe YAML loader gives back the very data (``tests/data/test_yamlwrite.py``).
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["FLOW_NODES", "dump_fast"]

FLOW_NODES = 64
"""A container of at most this many nodes (below the top two levels) is one flow line."""

_PLAIN = re.compile(r"[A-Za-z_](?:[A-Za-z0-9_\-./@+()' ]*[A-Za-z0-9_\-./@+()'])?\Z")
"""Plain scalars safe in block and flow context: a letter first (no number, date or
indicator), no ``:``, ``#``, ``,``, brackets or quotes first, no space at either end."""
_KEYWORDS = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
_ASCII = re.compile(r"[ -~]*\Z")


def dump_fast(data: dict[str, Any]) -> str:
    """YAML text of a plain mapping (str, int, bool, None, float, list, dict)."""
    if not data:
        return "{}\n"
    lines: list[str] = []
    _block_map(data, 0, lines, 0)
    return "\n".join(lines) + "\n"


def _scalar(value: Any) -> str:
    kind = type(value)
    if kind is str:
        if _PLAIN.match(value) and value.lower() not in _KEYWORDS:
            return value  # type: ignore[no-any-return]
        if _ASCII.match(value):
            return json.dumps(value)
        return _dumped(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is int:
        return str(value)
    return _dumped(value)


def _dumped(value: Any) -> str:
    """One scalar through the safe dumper (floats, strings beyond printable ASCII)."""
    import yaml

    from tabletop.data.yamlsafe import Dumper

    style = '"' if type(value) is str else None  # (double quotes: safe in flow context)
    text: str = yaml.dump(
        value,
        Dumper=Dumper,
        default_flow_style=True,
        default_style=style,
        allow_unicode=True,
        width=1 << 30,
    )
    text = text.removesuffix("\n").removesuffix("\n...")
    if "\n" in text:  # (a long string the dumper folded: quote it on one line instead)
        text = json.dumps(value)
    return text


def _nodes(value: Any, budget: int) -> int:
    """Nodes of ``value``, counted until ``budget`` is exceeded."""
    kind = type(value)
    if kind is dict:
        used = 1
        for v in value.values():
            used += 1 + _nodes(v, budget - used)
            if used > budget:
                break
        return used
    if kind is list:
        used = 1
        for v in value:
            used += _nodes(v, budget - used)
            if used > budget:
                break
        return used
    return 1


def _flow(value: Any) -> str:
    kind = type(value)
    if kind is dict:
        return "{" + ", ".join(f"{_scalar(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if kind is list:
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return _scalar(value)


def _is_block(value: Any, depth: int) -> bool:
    if type(value) not in (dict, list) or not value:
        return False
    return depth < 2 or _nodes(value, FLOW_NODES) > FLOW_NODES


def _block_map(data: dict[Any, Any], indent: int, lines: list[str], depth: int) -> None:
    pad = " " * indent
    for key, value in data.items():
        if _is_block(value, depth + 1):
            lines.append(f"{pad}{_scalar(key)}:")
            _block(value, indent + 2, lines, depth + 1)
        else:
            lines.append(f"{pad}{_scalar(key)}: {_flow(value)}")


def _block(value: Any, indent: int, lines: list[str], depth: int) -> None:
    if type(value) is dict:
        _block_map(value, indent, lines, depth)
        return
    pad = " " * indent
    for item in value:
        if not _is_block(item, depth + 1):
            lines.append(f"{pad}- {_flow(item)}")
        elif type(item) is dict:
            first = len(lines)
            _block_map(item, indent + 2, lines, depth + 1)
            lines[first] = f"{pad}- {lines[first][indent + 2 :]}"
        else:
            lines.append(f"{pad}-")
            _block(item, indent + 2, lines, depth + 1)
