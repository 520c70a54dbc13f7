"""The fast path of safe YAML reading: libyaml's events straight to plain Python values.

Composing a node graph and resolving every scalar's tag in Python dominated the reading of
big maps and scenarios (160,000 scalars). Here libyaml's event stream is read once and each
value is built directly: a quoted scalar is its text, a plain one is resolved by the same
implicit resolvers as :class:`yaml.SafeLoader` (YAML 1.1: ``yes``, ``0304`` octal, ...), each
distinct plain text resolved once per document. It reads hand-written files (maps,
scenarios, counters, terrain charts) and the YAML saved games of older builds; the
machine-written files (JSON) are read before it, by the ``json`` module (see
:mod:`tabletop.data.yamlsafe`).

This path accepts only plain data that the position-carrying loader (``yamlsafe``) would
accept without a single problem, and gives exactly its values and key order. On anything
else — a syntax error, an empty file, several documents, a tag, an anchor or alias, a
merge key, a collection or duplicate key, a value its tag cannot construct, nesting deeper
than :data:`MAX_DEPTH` — it raises :class:`NotPlain` and the caller reads the file with the
slow loader, which reports the problem at its line and column. Nothing here can run code:
no tag is ever honoured, and values are built only by the safe constructor's scalar
functions (null, bool, int, float, timestamp).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml
import yaml.constructor
from yaml import events

MAX_DEPTH = 100
"""Deeper documents take the slow path (which refuses those nested too deeply)."""

_SAFE_IMPLICIT = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "null", "bool", "int", "float", "timestamp")
)
_STR = "tag:yaml.org,2002:str"


class NotPlain(Exception):
    """The document needs the slow loader (it has a problem, or a feature this path skips)."""


NewMap = Callable[[Any, Any], dict[str, Any]]
NewSeq = Callable[[Any, Any], list[Any]]
"""Factories for containers: called with (parent container, key or index in it)."""


class _Scalars:
    """Plain scalar text -> value, as ``SafeLoader`` resolves and constructs it."""

    def __init__(self, loader: type[Any]) -> None:
        self.resolvers: dict[Any, list[tuple[str, Any]]] = loader.yaml_implicit_resolvers
        self.wildcard = self.resolvers.get(None, [])
        self.constructor = yaml.constructor.SafeConstructor()
        self.memo: dict[str, Any] = {}
        self.by_first: dict[str, list[tuple[str, Any]]] = {}

    def tag(self, text: str) -> str:
        first = text[:1]
        candidates = self.by_first.get(first)
        if candidates is None:  # those of the first character, then the wildcard's
            candidates = self.by_first[first] = self.resolvers.get(first, []) + self.wildcard
        for tag, regexp in candidates:
            if regexp.match(text):
                return str(tag)
        return _STR

    def value(self, text: str) -> Any:
        memo = self.memo
        if text in memo:
            return memo[text]
        tag = self.tag(text)
        if tag == _STR:
            value: Any = text
        elif tag not in _SAFE_IMPLICIT:  # merge ``<<``, value ``=``
            raise NotPlain(f"plain scalar {text!r} resolves to {tag}")
        else:
            try:
                value = self.constructor.construct_object(yaml.ScalarNode(tag, text), deep=True)
            except (yaml.YAMLError, ValueError, OverflowError) as exc:
                raise NotPlain(str(exc)) from exc
        memo[text] = value  # only immutable values: str, None, bool, int, float, datetime
        return value


def parse_plain(text: str, loader: type[Any], new_map: NewMap, new_seq: NewSeq) -> Any:
    """The single document of ``text`` as plain values; :class:`NotPlain` if it needs the
    slow loader. Mappings are made by ``new_map(parent, key)`` (keys are the source text of
    scalar keys, as the slow loader keeps them), sequences by ``new_seq(parent, index)``."""
    parser = loader(text)
    try:
        return _build(parser.get_event, _Scalars(loader), new_map, new_seq)
    except (yaml.YAMLError, ValueError) as exc:
        raise NotPlain(str(exc)) from exc
    finally:
        parser.dispose()


def _build(get: Callable[[], Any], scalars: _Scalars, new_map: NewMap, new_seq: NewSeq) -> Any:
    if type(get()) is not events.StreamStartEvent or type(get()) is not events.DocumentStartEvent:
        raise NotPlain("no document")
    scalar_t, map_t, seq_t = events.ScalarEvent, events.MappingStartEvent, events.SequenceStartEvent
    map_end, seq_end = events.MappingEndEvent, events.SequenceEndEvent
    value_of, memo, miss = scalars.value, scalars.memo, _MISS
    stack: list[tuple[Any, bool, str | None]] = []
    cur: Any = None  # the open container (None before the root)
    in_seq = False  # whether it is a sequence
    key: str | None = None  # in a mapping: the key read, waiting for its value
    while True:
        ev = get()
        kind = type(ev)
        if kind is scalar_t:  # most events: handled first, with the memo looked up here
            if ev.anchor is not None or ev.tag is not None:
                raise NotPlain("an anchor or a tag")
            text = ev.value
            value = text
            if ev.implicit[0]:  # plain: resolved (a plain key too: ``<<`` is refused)
                value = memo.get(text, miss)
                if value is miss:
                    value = value_of(text)
            if in_seq:
                cur.append(value)
            elif key is not None:
                cur[key] = value
                key = None
            elif cur is None:  # the whole document is one scalar
                cur = value
                break
            elif text in cur:
                raise NotPlain("a duplicate key")
            else:
                key = text  # keys are kept as written: an unquoted 0304 stays "0304"
            continue
        if kind is map_end or kind is seq_end:
            if not stack:
                break
            cur, in_seq, key = stack.pop()
            continue
        if (kind is not map_t and kind is not seq_t) or ev.anchor is not None or ev.tag is not None:
            raise NotPlain("an alias, an anchor or a tag")
        if cur is None:
            value = new_map(None, None) if kind is map_t else new_seq(None, None)
        else:
            if len(stack) >= MAX_DEPTH:
                raise NotPlain("nested deeply")
            if in_seq:
                value = new_map(cur, len(cur)) if kind is map_t else new_seq(cur, len(cur))
                cur.append(value)
            elif key is None:
                raise NotPlain("a collection as a mapping key")
            else:
                value = new_map(cur, key) if kind is map_t else new_seq(cur, key)
                cur[key] = value
            stack.append((cur, in_seq, None))
        cur, in_seq, key = value, kind is seq_t, None
    if type(get()) is not events.DocumentEndEvent or type(get()) is not events.StreamEndEvent:
        raise NotPlain("more than one document")
    return cur


_MISS: Any = object()
