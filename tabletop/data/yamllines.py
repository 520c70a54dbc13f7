"""The fastest path of safe YAML reading: a line-level reader of a strict, common subset.

Big maps, scenarios and saved games are written one record a line (``- {id: u1, type:
LEO2, hex: "001001"}``, ``u1: {type: T64, markers: [], flags: {}}``). Reading them through
libyaml's events (:mod:`tabletop.data.yamlfast`) builds a Python event object and two marks
per token; here each line is matched by one compiled regular expression and each one-line
flow mapping of scalars is split by one ``findall``, so a record line costs a few
microseconds.

The subset, everything else raising :class:`~tabletop.data.yamlfast.NotPlain` so that the
caller tries the libyaml-events path (which itself hands problems to the position-carrying
loader):

- one document whose root is a block mapping or a block sequence at column 1; block
  mappings and block sequences nested by indentation (spaces only), including a sequence
  at its key's indentation and compact mappings in sequences (``- key: value``); blank
  lines and comments (a ``#`` at a line's start or after a space);
- flow mappings and flow sequences complete on their line, nested or not;
- plain scalars on one line, with no ``#`` inside, no ``: `` (block) and no ``:``, ``?``,
  quote or flow indicator (flow) inside; single- and double-quoted scalars on one line
  (the double-quoted ones with YAML's named, ``\\x``, ``\\u`` and ``\\U`` escapes).

Refused, so read by the next path: tabs, carriage returns not followed by a line feed,
characters YAML does not allow, ``---`` and ``...`` lines, directives, tags, anchors and
aliases, block scalars (``|``, ``>``), multi-line scalars or flow collections, complex keys
(``?``), empty flow entries, keys longer than 1000 characters, duplicate keys, odd
indentation, nesting deeper than :data:`~tabletop.data.yamlfast.MAX_DEPTH`.

It gives exactly the values, key order and container factory calls of
:func:`~tabletop.data.yamlfast.parse_plain`: keys are kept as written (an unquoted ``0304``
stays ``"0304"``), plain scalars are resolved by the same :class:`~tabletop.data.yamlfast.
_Scalars` (YAML 1.1's implicit resolvers, each distinct text once), containers are made in
document order by ``new_map(parent, key)`` and ``new_seq(parent, index)``. Nothing here can
run code: no tag is honoured, values are strings or built by the safe constructor's scalar
functions. Differential tests (``tests/data/test_yamllines.py``) compare it with
``yaml.SafeLoader`` and libyaml on generated and on randomly mutated documents.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import filterfalse
from typing import Any

from tabletop.data.yamlfast import MAX_DEPTH, NewMap, NewSeq, NotPlain, _Scalars

MAX_KEY = 1000
"""Longest key (as written) taken here: YAML limits a simple key to 1024 characters."""

# Plain scalars: the first character may not be an indicator (``-`` only before a
# content character); inside, no ``#``, and no ``:`` before a space (block) or at all
# (flow); spaces only between content characters.
_INDICATORS = r"""\-?:,\[\]{}#&*!|>'"%@`"""
_B_CH = r"""(?:[^ \n#:\[\]{}]|:(?=[^ \n#:\[\]{},]))"""  # block value
_K_CH = r"""[^ \n#:\[\]{},'"]"""  # block key
_F_CH = r"""[^ \n#:,\[\]{}?'"]"""  # flow key or value


def _plain(ch: str) -> str:
    first = rf"(?:[^ \n{_INDICATORS}]|-(?={ch}))"
    return rf"{first}{ch}*+(?: +{ch}++)*+"


_DQ = r'"(?:[^"\\\n]|\\.)*+"'
_SQ = r"'(?:[^'\n]|'')*+'"
_B_SCALAR = rf"{_plain(_B_CH)}|{_DQ}|{_SQ}"
_K_SCALAR = rf"{_plain(_K_CH)}|{_DQ}|{_SQ}"
_F_SCALAR = rf"{_plain(_F_CH)}|{_DQ}|{_SQ}"
_END = r"(?: +#.*| *)"  # what may follow a value on its line

_LINE = re.compile(
    r"(?!(?:---|\.\.\.)(?: |$))"  # not a document marker
    r"( *)(- +|-$)?"  # indentation, a sequence entry's dash
    rf"(?:({_K_SCALAR}):(?: +|$))?"  # a key
    rf"(?:({_B_SCALAR}){_END}$|([\[{{].*)|(?:#.*)?$)"  # a scalar, a flow collection, nothing
)
"""One line: (indentation, dash, key, scalar, flow collection with the rest of the line)."""

_F_TOKEN = re.compile(_F_SCALAR)
_K_TOKEN = re.compile(_K_SCALAR)
"""A flow scalar (key or value); a block key."""
_TOKEN = re.compile(rf"( +#.*)| *(?:([\[\]{{}},])|({_F_SCALAR})(: +)?|(.))")
"""Any flow collection, a token at a time: (comment, indicator, scalar, key colon, other)."""

_ESCAPE = re.compile(
    r"""\\(?:([0abtnvfre "/\\N_LP])|x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))"""
)
_NAMED = dict(
    zip('0abtnvfre "/\\N_LP', '\0\a\b\t\n\v\f\r\x1b "/\\\x85\xa0\u2028\u2029', strict=True)
)
_NOT_ALLOWED = re.compile(
    "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
_ASCII_ALLOWED = bytes(range(0x20, 0x7F)) + b"\n"
"""Characters outside YAML's printable set, or that it reads as line breaks or a BOM;
the ASCII characters allowed."""

_EMPTY_SEQ: Any = object()
_EMPTY_MAP: Any = object()
"""The values of ``[]`` and ``{}`` among flow scalars: made by the factories."""
_MISS: Any = object()


def parse_lines(text: str, loader: type[Any], new_map: NewMap, new_seq: NewSeq) -> Any:
    """The single document of ``text`` as plain values, as
    :func:`~tabletop.data.yamlfast.parse_plain` gives them; :class:`NotPlain` if it is not
    in this reader's subset (the caller then tries that path)."""
    return _Reader(_Scalars(loader), new_map, new_seq).document(_lines(text))


def _lines(text: str) -> list[str]:
    """The lines of ``text``, or :class:`NotPlain` for characters this reader leaves to
    libyaml (tabs, lone carriage returns, line breaks other than LF, non-printables)."""
    if "\t" in text:
        raise NotPlain("a tab")
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\r" in text:
            raise NotPlain("a carriage return")
    if text.isascii():  # only ASCII's controls to look for: a byte table does it fastest
        if text.encode("ascii").translate(None, _ASCII_ALLOWED):
            raise NotPlain("a control character")
    elif _NOT_ALLOWED.search(text):
        raise NotPlain("a character outside the printable set")
    return text.split("\n")


class _Reader:
    """One document's reading: the factories, and memos of scalars and keys as written."""

    def __init__(self, scalars: _Scalars, new_map: NewMap, new_seq: NewSeq) -> None:
        self.scalars = scalars
        self.new_map = new_map
        self.new_seq = new_seq
        self.values: dict[str, Any] = {}
        self.keys: dict[str, str] = {}
        self.flow_values: dict[str, Any] = {"[]": _EMPTY_SEQ, "{}": _EMPTY_MAP}
        self.flow_keys: dict[str, str] = {}
        self.entries: dict[str, tuple[str, Any]] = {}
        self.empty: dict[str, tuple[str, bool]] = {}
        """Block scalars and keys, flow scalars and keys, flow mapping entries (those
        whose value is ``[]`` or ``{}`` again: key, whether a sequence), as written: each
        memo holds only texts checked for its context (``a?b`` is plain in a block, not
        in a flow)."""

    def document(self, lines: list[str]) -> Any:
        """The document's root, read line by line with a stack of open block containers.

        ``cur`` is the innermost open container, ``ind`` the column of its keys or dashes,
        ``is_seq`` its kind, ``depth`` its nesting; ``pending`` says that its last key (or
        dash) had no value on its line: the next lines say whether a block collection
        follows or the value is null. One loop, with the common case first, as it runs
        once per line of files of 20,000 lines; a line of a flow mapping is followed by a
        run of the lines like it (:meth:`_item_run`, :meth:`_entry_run`)."""
        match, values, keys = _LINE.match, self.values, self.keys
        stack: list[tuple[Any, int, bool, int]] = []
        cur: Any = None
        ind, is_seq, depth = 0, False, 0
        pending, pkey = False, ""
        at, count = 0, len(lines)
        while at < count:
            line = lines[at]
            at += 1
            m = match(line)
            if m is None:
                raise NotPlain("a line outside the subset")
            sp, dash, key, scalar, flow = m.groups()
            if dash is None and key is None:
                if scalar is None and flow is None:
                    continue  # blank or a comment
                raise NotPlain("a scalar on a line of its own")
            i = len(sp)
            if cur is None:
                cur, ind, is_seq = self._root(i, dash), i, dash is not None
            elif pending:
                pending = False
                if i > ind or (i == ind and dash is not None and not is_seq):
                    if depth >= MAX_DEPTH:
                        raise NotPlain("nested deeply")
                    stack.append((cur, ind, is_seq, depth))
                    cur = self._block(cur, is_seq, pkey, dash is not None)
                    ind, is_seq, depth = i, dash is not None, depth + 1
                else:
                    self._null(cur, is_seq, pkey)
            if i != ind or is_seq is (dash is None):
                while i < ind or (i == ind and is_seq and dash is None):
                    if not stack:
                        raise NotPlain("a dedent past the root")
                    cur, ind, is_seq, depth = stack.pop()
                if i != ind or is_seq is (dash is None):
                    raise NotPlain("odd indentation")
            if dash is not None:
                if key is None:
                    if flow is not None:
                        cur.append(self._flow(flow, cur, len(cur), depth))
                        if flow[0] == "{" and line[-1] == "}":
                            at = self._item_run(lines, at, line[: -len(flow) + 1], cur, depth)
                    elif scalar is not None:
                        value = values.get(scalar, _MISS)
                        cur.append(self._scalar(scalar, values) if value is _MISS else value)
                    else:
                        pending = True
                    continue
                if depth >= MAX_DEPTH:
                    raise NotPlain("nested deeply")
                stack.append((cur, ind, True, depth))
                cur = self._block(cur, True, "", False)
                ind, is_seq, depth = i + len(dash), False, depth + 1
            k = keys.get(key)
            if k is None:
                k = self._key(key, keys)
            if k in cur:
                raise NotPlain("a duplicate key")
            if flow is not None:
                cur[k] = self._flow(flow, cur, k, depth)
                if flow[0] == "{" and line[-1] == "}":
                    at = self._entry_run(lines, at, ind, cur, depth)
            elif scalar is not None:
                value = values.get(scalar, _MISS)
                cur[k] = self._scalar(scalar, values) if value is _MISS else value
            else:
                pending, pkey = True, k
        if cur is None:
            raise NotPlain("no document")
        if pending:
            self._null(cur, is_seq, pkey)
        return stack[0][0] if stack else cur

    def _item_run(self, lines: list[str], at: int, prefix: str, seq: list[Any], depth: int) -> int:
        """Lines from ``at`` on that are entries ``prefix...}`` of ``seq`` like the line
        before them (``  - {``), each a flow mapping :meth:`_flat_map` takes, read without
        the line pattern; the index of the first other line."""
        if depth + 2 > MAX_DEPTH:
            return at
        start, count = len(prefix), len(lines)
        while at < count:
            line = lines[at]
            if line[-1:] != "}" or not line.startswith(prefix):
                break
            value = self._flat_map(line[start:-1], seq, len(seq))
            if value is None:
                break
            seq.append(value)
            at += 1
        return at

    def _entry_run(
        self, lines: list[str], at: int, indent: int, mapping: dict[str, Any], depth: int
    ) -> int:
        """Lines from ``at`` on that are entries ``key: {...}`` of ``mapping`` at column
        ``indent``, each value a flow mapping :meth:`_flat_map` takes; the index of the
        first other line."""
        if depth + 2 > MAX_DEPTH or not indent:  # column 1 may hold ``---``: see _LINE
            return at
        prefix, keys, count = " " * indent, self.keys, len(lines)
        while at < count:
            line = lines[at]
            if line[-1:] != "}" or not line.startswith(prefix) or line[indent] == " ":
                break
            raw_key, colon, rest = line[indent:].partition(": {")
            key = keys.get(raw_key)
            if key is None:
                if not colon:
                    break
                if raw_key.isidentifier() and len(raw_key) <= MAX_KEY:
                    key = keys[raw_key] = raw_key  # resolves to a string, null or a bool
                elif _K_TOKEN.fullmatch(raw_key) is not None:
                    key = self._key(raw_key, keys)
                else:
                    break
            if key in mapping:
                raise NotPlain("a duplicate key")
            value = self._flat_map(rest[:-1], mapping, key)
            if value is None:
                break
            mapping[key] = value
            at += 1
        return at

    def _null(self, container: Any, in_seq: bool, key: str) -> None:
        """A key or dash without a value, and no block collection after it: null."""
        if in_seq:
            container.append(self.scalars.value(""))
        else:
            container[key] = self.scalars.value("")

    def _root(self, indent: int, dash: str | None) -> Any:
        if indent:
            raise NotPlain("an indented root")
        return self.new_map(None, None) if dash is None else self.new_seq(None, None)

    def _block(self, parent: Any, in_seq: bool, key: str, seq: bool) -> Any:
        """A block collection opened in ``parent`` (at its end, or at ``key``)."""
        slot = len(parent) if in_seq else key
        child = self.new_seq(parent, slot) if seq else self.new_map(parent, slot)
        if in_seq:
            parent.append(child)
        else:
            parent[key] = child
        return child

    def _key(self, raw: str, memo: dict[str, str]) -> str:
        """A key's text as written (a plain one resolved too, for the refusal of ``<<``,
        ``=`` and values their tag cannot build, as ``parse_plain`` refuses them)."""
        if len(raw) > MAX_KEY:
            raise NotPlain("a long key")
        if raw[0] == '"':
            key = _unescape(raw[1:-1])
        elif raw[0] == "'":
            key = raw[1:-1].replace("''", "'")
        else:
            self.scalars.value(raw)
            key = raw
        memo[raw] = key
        return key

    def _scalar(self, raw: str, memo: dict[str, Any]) -> Any:
        """A scalar's value from its text as written (memoized: values are immutable)."""
        if raw[0] == '"':
            value: Any = _unescape(raw[1:-1])
        elif raw[0] == "'":
            value = raw[1:-1].replace("''", "'")
        else:
            value = self.scalars.value(raw)
        memo[raw] = value
        return value

    def _flow(self, rest: str, parent: Any, slot: Any, depth: int) -> Any:
        """The flow collection that starts ``rest`` (the rest of a line), made in
        ``parent`` at ``slot``; ``depth`` is the parent's nesting."""
        if depth + 2 <= MAX_DEPTH:
            first, last = rest[0], rest[-1]
            value: Any = None
            if first == "{" and last == "}":
                value = self._flat_map(rest[1:-1], parent, slot)
            elif first == "[" and last == "]":
                value = self._flat_seq(rest[1:-1], parent, slot)
            if value is not None:
                return value
        tokens = _TOKEN.findall(rest.rstrip(" "))
        try:
            end, value = self._node(tokens, 0, parent, slot, depth + 1)
        except IndexError:
            raise NotPlain("a flow collection not closed on its line") from None
        if end < len(tokens) and not (end == len(tokens) - 1 and tokens[end][0]):
            raise NotPlain("more after a flow collection")
        return value

    def _flat_map(self, body: str, parent: Any, slot: Any) -> dict[str, Any] | None:
        """The flow mapping ``{body}`` if it is ``key: value, ...`` exactly, each value a
        scalar or an empty collection (else None: the caller reads it token by token).

        Splitting at ``, `` and then at the first ``: `` is sound once every key and
        value is a whole flow scalar, as a plain one holds neither separator (nor a
        quote) and a quoted one that held ``, `` would have been cut. Each distinct
        entry text (``side: nato``) is checked once and remembered as (key, value)."""
        if not body:
            return self.new_map(parent, slot)
        pieces = body.split(", ")
        entries = self.entries
        pairs: list[Any] = list(map(entries.get, pieces))
        if None in pairs:
            if not self._entries(pieces):
                return None
            pairs = list(map(entries.__getitem__, pieces))
        out = self.new_map(parent, slot)
        out.update(pairs)
        if len(out) != len(pieces):
            raise NotPlain("a duplicate key")
        empty = self.empty
        if empty:  # made now, in order, after their mapping (as the events path makes them)
            for key, seq in list(map(empty.__getitem__, filter(empty.__contains__, pieces))):
                out[key] = self.new_seq(out, key) if seq else self.new_map(out, key)
        return out

    def _entries(self, pieces: list[str]) -> bool:
        """Whether every piece is ``key: value`` of flow scalars (remembered if so)."""
        values, keys, entries = self.flow_values, self.flow_keys, self.entries
        for piece in list(filterfalse(entries.__contains__, pieces)):
            raw_key, colon, raw = piece.partition(": ")
            if not colon:
                return False
            key = keys.get(raw_key)
            if key is None:
                if raw_key.isidentifier() and len(raw_key) <= MAX_KEY:
                    key = keys[raw_key] = raw_key  # resolves to a string, null or a bool
                elif _F_TOKEN.fullmatch(raw_key) is not None:
                    key = self._key(raw_key, keys)
                else:
                    return False
            value = values.get(raw, _MISS)
            if value is _MISS:
                if raw[:1] == '"' and raw.find('"', 1) == len(raw) - 1 and "\\" not in raw:
                    value = values[raw] = raw[1:-1]  # double-quoted, no escapes
                elif raw.isidentifier():
                    value = values[raw] = self.scalars.value(raw)
                elif _F_TOKEN.fullmatch(raw) is not None:
                    value = self._scalar(raw, values)
                else:
                    return False
            elif value is _EMPTY_SEQ or value is _EMPTY_MAP:
                self.empty[piece] = (key, value is _EMPTY_SEQ)
            entries[piece] = (key, value)
        return True

    def _flat_seq(self, body: str, parent: Any, slot: Any) -> list[Any] | None:
        """The flow sequence ``[body]`` if it is ``scalar, ...`` exactly (else None)."""
        if not body:
            return self.new_seq(parent, slot)
        items = body.split(", ")
        values = self.flow_values
        if not all(map(values.__contains__, items)) and not self._flow_scalars(items):
            return None
        if "[]" in items or "{}" in items:
            return None
        out = self.new_seq(parent, slot)
        out.extend(map(values.__getitem__, items))
        return out

    def _flow_scalars(self, texts: Iterable[str]) -> bool:
        """Whether every text is a whole flow scalar (its value remembered for next time)."""
        values = self.flow_values
        for text in texts:
            if text not in values:
                if _F_TOKEN.fullmatch(text) is None:
                    return False
                self._scalar(text, values)
        return True

    def _node(
        self, tokens: list[tuple[str, ...]], at: int, parent: Any, slot: Any, depth: int
    ) -> tuple[int, Any]:
        """The flow node at token ``at`` (at nesting ``depth``) and the token after it."""
        _, mark, scalar, colon, _ = tokens[at]
        if scalar and not colon:
            value = self.flow_values.get(scalar, _MISS)
            return at + 1, self._scalar(scalar, self.flow_values) if value is _MISS else value
        if mark not in ("[", "{"):
            raise NotPlain("not a flow node")
        if depth > MAX_DEPTH:
            raise NotPlain("nested deeply")
        if mark == "[":
            return self._flow_seq(tokens, at + 1, self.new_seq(parent, slot), depth)
        return self._flow_map(tokens, at + 1, self.new_map(parent, slot), depth)

    def _flow_seq(
        self, tokens: list[tuple[str, ...]], at: int, out: list[Any], depth: int
    ) -> tuple[int, Any]:
        if tokens[at][1] == "]":
            return at + 1, out
        while True:
            at, value = self._node(tokens, at, out, len(out), depth + 1)
            out.append(value)
            mark = tokens[at][1]
            if mark == "]":
                return at + 1, out
            if mark != ",":
                raise NotPlain("a flow sequence entry")
            at += 1

    def _flow_map(
        self, tokens: list[tuple[str, ...]], at: int, out: dict[str, Any], depth: int
    ) -> tuple[int, Any]:
        if tokens[at][1] == "}":
            return at + 1, out
        while True:
            _, _, raw_key, colon, _ = tokens[at]
            if not (raw_key and colon):
                raise NotPlain("a flow mapping entry")
            key = self.flow_keys.get(raw_key)
            if key is None:
                key = self._key(raw_key, self.flow_keys)
            if key in out:
                raise NotPlain("a duplicate key")
            at, out[key] = self._node(tokens, at + 1, out, key, depth + 1)
            mark = tokens[at][1]
            if mark == "}":
                return at + 1, out
            if mark != ",":
                raise NotPlain("a flow mapping entry")
            at += 1


def _unescape(body: str) -> str:
    """A double-quoted scalar's value; :class:`NotPlain` for an escape left to libyaml."""
    if "\\" not in body:
        return body
    if "\\" in _ESCAPE.sub("", body):
        raise NotPlain("an unusual escape")
    return _ESCAPE.sub(_escaped, body)


def _escaped(m: re.Match[str]) -> str:
    named, *codes = m.groups()
    if named is not None:
        return _NAMED[named]
    code = int(next(c for c in codes if c is not None), 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        raise NotPlain("an escape that is no character")
    return chr(code)
