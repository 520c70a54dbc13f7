"""A hand-written file's text changed in place: only the spans of the values that changed are
rewritten, every other character kept (comments, blank lines, layout, quoting).

:func:`patched_text` reads the original text's node graph with libyaml (its positions, no
values constructed), walks it beside the data the text was read as (``old``) and the data
it must now hold (``new``), and makes one edit of characters per difference:

- a changed scalar is rewritten in its span, in the quoting it had (a trailing comment on
  its line keeps its column where the new text leaves room, as ruamel.yaml keeps it);
- a key added to a mapping goes after the key before it in ``new`` (a line of its own in a
  block mapping, ``, key: value`` in a flow one); a removed key's lines (its span in a flow
  mapping) go;
- list items added or removed where a sequence comparison puts them: a new item of a block
  list is a line written like its neighbour (a one-line ``{...}`` record among one-line
  records), a removed item's own lines go; in a flow list the item and its comma.

The work is linear in the file (libyaml's parse, one walk, the edits), unlike ruamel.yaml's
round trip (pure Python, seconds on a large map), which :mod:`roundtrip` keeps for what this
declines. Anything it is not sure to write right (a block scalar, a multi-line scalar, a
mapping's first key sharing its line with a dash, a comment inside a span it would remove)
makes it decline (``None``); the caller reads the result back and keeps it only when it
reads to exactly ``new``.
"""

from __future__ import annotations

import bisect
import difflib
import itertools
import json
import re
from typing import Any

import yaml
import yaml.representer
import yaml.resolver

from tabletop.data.yamlsafe import Loader, dump_text

__all__ = ["patched_text", "same"]

_STR = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
_FLOATS = yaml.representer.SafeRepresenter()
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ./()+-]*")
_TAIL = re.compile(r"[^#'\"\n]*?( +)#")
"""The rest of a line up to a comment (no quote between: the ``#`` is not in a string)."""


class _Declined(Exception):
    """The patch cannot be made safely: the caller takes another way."""


def patched_text(original: str, old: Any, new: Any) -> str | None:
    """``original`` (read as ``old``) with the edits that make it hold ``new``, or None
    where it declines (see the module). The caller checks that the result reads as ``new``."""
    try:
        root = yaml.compose(original, Loader=Loader)
    except yaml.YAMLError:
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    patch = _Patch(original)
    try:
        patch.node(root, old, new)
        return patch.applied()
    except _Declined:
        return None


def same(a: Any, b: Any) -> bool:
    """Equal as the data layer reads them: mappings by key (any order), lists in order,
    scalars of the same type (``1``, ``1.0`` and ``True`` differ)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return (
            isinstance(b, list)
            and len(a) == len(b)
            and all(same(x, y) for x, y in zip(a, b, strict=True))
        )
    return type(a) is type(b) and a == b


def _fingerprint(value: Any) -> str:
    return json.dumps(value, default=repr)


class _Patch:
    """The edits of one text: ``(start, end, text)`` in characters of the original."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.edits: list[tuple[int, int, int, str]] = []  # start, end, order, text

    # --- positions -----------------------------------------------------------------------

    def at(self, mark: Any) -> int:
        if mark.line >= len(self.starts):
            raise _Declined
        return int(self.starts[mark.line] + mark.column)

    def start(self, node: yaml.Node) -> int:
        return self.at(node.start_mark)

    def end(self, node: yaml.Node) -> int:
        """Where ``node``'s text ends: a block collection's at its last value's end (its
        own end mark is the next token's start, past comments and blank lines)."""
        while isinstance(node, yaml.CollectionNode) and not node.flow_style:
            if not node.value:
                raise _Declined
            last = node.value[-1]
            node = last[1] if isinstance(node, yaml.MappingNode) else last
        return self.at(node.end_mark)

    def line_start(self, offset: int) -> int:
        return self.starts[bisect.bisect_right(self.starts, offset) - 1]

    def line_end(self, offset: int) -> int:
        """The offset after the line break of ``offset``'s line (the text's end at most)."""
        at = self.text.find("\n", offset)
        return len(self.text) if at < 0 else at + 1

    def own_lines(self, start: int, end: int, lead: str) -> tuple[int, int]:
        """The lines ``start``..``end`` fill alone: before ``start`` only ``lead`` (spaces,
        a dash), after ``end`` only spaces or a comment."""
        head = self.text[self.line_start(start) : start]
        if not re.fullmatch(lead, head):
            raise _Declined
        tail_end = self.line_end(end)
        tail = self.text[end:tail_end]
        if not re.fullmatch(r"[ \t]*(#[^\n]*)?\n?", tail):
            raise _Declined
        return self.line_start(start), tail_end

    def edit(self, start: int, end: int, text: str) -> None:
        self.edits.append((start, end, len(self.edits), text))

    def applied(self) -> str:
        """The text with every edit made; a line's trailing comment keeps its column where
        the edits on the line leave room (one space at least)."""
        order = sorted(self.edits, key=lambda e: (e[0], e[1], e[2]))
        for (_, end, _, _), (start, _, _, _) in itertools.pairwise(order):
            if end > start:
                raise _Declined  # overlapping edits: a bug's safety net
        grown: dict[int, int] = {}
        for start, end, _, text in order:
            if "\n" not in text and "\n" not in self.text[start:end]:
                line = self.line_start(start)
                grown[line] = grown.get(line, 0) + len(text) - (end - start)
        extra: list[tuple[int, int, int, str]] = []
        for line, delta in grown.items():
            last = max(e[1] for e in order if self.line_start(e[0]) == line)
            found = _TAIL.match(self.text, last)
            if delta and found and found.end() <= self.line_end(line):
                pad = len(found.group(1))
                extra.append((found.start(1), found.end(1), -1, " " * max(1, pad - delta)))
        out = self.text
        for start, end, _, text in sorted(order + extra, key=lambda e: (e[0], e[1], e[2]),
                                          reverse=True):  # fmt: skip
            out = out[:start] + text + out[end:] if start != end or text else out
        return out

    # --- the walk ------------------------------------------------------------------------

    def node(self, node: yaml.Node, old: Any, new: Any) -> None:
        if same(old, new):
            return
        if isinstance(old, dict) and isinstance(new, dict) and isinstance(node, yaml.MappingNode):
            self.mapping(node, old, new)
        elif (
            isinstance(old, list) and isinstance(new, list) and isinstance(node, yaml.SequenceNode)
        ):
            self.sequence(node, old, new)
        else:
            self.replace(node, new)

    def replace(self, node: yaml.Node, new: Any) -> None:
        """``node``'s text replaced by ``new`` written on one line."""
        start, end = self.start(node), self.end(node)
        if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
            raise _Declined
        if isinstance(node, yaml.CollectionNode) and not node.flow_style:
            raise _Declined  # a block collection becoming a scalar: rare, ruamel's
        if "\n" in self.text[start:end] and "#" in self.text[start:end]:
            raise _Declined
        if node.start_mark.line != node.end_mark.line and isinstance(node, yaml.ScalarNode):
            raise _Declined  # a scalar over several lines
        self.edit(start, end, _inline(new, node))

    def mapping(self, node: yaml.MappingNode, old: dict[str, Any], new: dict[str, Any]) -> None:
        pairs = node.value
        if len(pairs) != len(old) or not all(isinstance(k, str) for k in new):
            raise _Declined
        by_key = dict(zip(old, pairs, strict=True))
        flow = bool(node.flow_style)
        spans = [(self.start(k), self.end(v)) for k, v in pairs]
        index = {key: i for i, key in enumerate(old)}
        gone = [index[key] for key in old if key not in new]
        if flow:
            self.flow_removed(spans, gone)
        else:
            for i in gone:
                key_node, value_node = pairs[i]
                self.edit(*self.own_lines(self.start(key_node), self.end(value_node), r" *"), "")
        previous: str | None = None
        added: dict[str | None, list[str]] = {}
        for key, value in new.items():
            if key in by_key:
                key_node, value_node = by_key[key]
                if not same(old[key], value):
                    self.node(value_node, old[key], value)
                previous = key
            else:
                added.setdefault(previous, []).append(key)
        for after, keys in added.items():
            k = -1 if after is None else index[after]
            if flow:
                texts = [f"{_key(key)}: {_inline(new[key], None)}" for key in keys]
                self.flow_added(node, spans, k, texts)
            else:
                self.block_pairs_added(pairs, k, [(key, new[key]) for key in keys])

    def block_pairs_added(self, pairs: list[Any], k: int, items: list[tuple[str, Any]]) -> None:
        first_key = pairs[0][0]
        indent = first_key.start_mark.column
        text = "".join(_block_entry(key, value, indent) for key, value in items)
        head = self.text[self.line_start(self.start(first_key)) : self.start(first_key)]
        if k < 0 and re.fullmatch(r" *", head):
            at = self.line_start(self.start(first_key))
            self.edit(at, at, text)
            return
        after = pairs[max(k, 0)][1]
        _, at = self.own_lines(self.start(after), self.end(after), r".*")
        if at == len(self.text) and not self.text.endswith("\n"):
            text = "\n" + text.rstrip("\n")
        self.edit(at, at, text)

    def sequence(self, node: yaml.SequenceNode, old: list[Any], new: list[Any]) -> None:
        items = node.value
        if len(items) != len(old):
            raise _Declined
        flow = bool(node.flow_style)
        spans = [(self.start(v), self.end(v)) for v in items]
        head = 0
        while head < min(len(old), len(new)) and same(old[head], new[head]):
            head += 1
        tail = 0
        while (tail < min(len(old), len(new)) - head
               and same(old[-1 - tail], new[-1 - tail])):  # fmt: skip
            tail += 1
        a = [_fingerprint(v) for v in old[head : len(old) - tail]]
        b = [_fingerprint(v) for v in new[head : len(new) - tail]]
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        gone: list[int] = []
        added: list[tuple[int, list[Any]]] = []
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            i1, i2, j1, j2 = i1 + head, i2 + head, j1 + head, j2 + head
            if tag == "equal":
                continue
            common = min(i2 - i1, j2 - j1) if tag == "replace" else 0
            for n in range(common):
                self.node(items[i1 + n], old[i1 + n], new[j1 + n])
            gone += range(i1 + common, i2)
            if j2 - j1 > common:
                added.append((i1 + common - 1, new[j1 + common : j2]))
        if flow:
            self.flow_removed(spans, gone)
        else:
            for i in gone:
                self.edit(*self.own_lines(spans[i][0], spans[i][1], r" *- +"), "")
        for k, values in added:
            like = items[k] if k >= 0 else items[0] if items else None
            if flow:
                self.flow_added(node, spans, k, [_inline(v, like) for v in values])
            else:
                self.block_items_added(items, spans, k, values, like)

    def block_items_added(self, items: list[Any], spans: list[tuple[int, int]], k: int,
                          values: list[Any], like: Any) -> None:  # fmt: skip
        first = spans[0][0]
        head = self.text[self.line_start(first) : first]
        found = re.fullmatch(r"( *)- +", head)
        if found is None:
            raise _Declined
        indent = len(found.group(1))
        one_line = (
            like is not None
            and like.start_mark.line == like.end_mark.line
            and (isinstance(like, yaml.ScalarNode) or like.flow_style)
        )
        text = ""
        for value in values:
            if one_line or not isinstance(value, dict | list) or not value:
                text += " " * indent + "- " + _inline(value, like) + "\n"
            else:
                text += _indented(dump_text([value]), indent)
        if k < 0:
            at = self.line_start(first)
        else:
            _, at = self.own_lines(spans[k][0], spans[k][1], r".*")
            if at == len(self.text) and not self.text.endswith("\n"):
                text = "\n" + text.rstrip("\n")
        self.edit(at, at, text)

    # --- flow collections ------------------------------------------------------------------

    def flow_removed(self, spans: list[tuple[int, int]], gone: list[int]) -> None:
        """Each run of removed items of a flow collection cut out with its comma."""
        runs: list[list[int]] = []
        for i in sorted(gone):
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
        for run in runs:
            i1, i2 = run[0], run[-1] + 1
            if i2 < len(spans):
                start, end = spans[i1][0], spans[i2][0]
            elif i1 > 0:
                start, end = spans[i1 - 1][1], spans[i2 - 1][1]
            else:
                start, end = spans[0][0], spans[-1][1]
            if "\n" in self.text[start:end] and "#" in self.text[start:end]:
                raise _Declined  # a comment between the items
            self.edit(start, end, "")

    def flow_added(self, node: yaml.Node, spans: list[tuple[int, int]], k: int,
                   texts: list[str]) -> None:  # fmt: skip
        joined = ", ".join(texts)
        if not spans:
            bracket = "{}" if isinstance(node, yaml.MappingNode) else "[]"
            self.edit(self.start(node), self.end(node), f"{bracket[0]}{joined}{bracket[1]}")
        elif k < 0:
            self.edit(spans[0][0], spans[0][0], joined + ", ")
        else:
            self.edit(spans[k][1], spans[k][1], ", " + joined)


# --- writing new values --------------------------------------------------------------------


def _plain_is_str(text: str) -> bool:
    """Whether YAML 1.1 (the data layer's reader) reads ``text`` unquoted as that string."""
    return bool(_RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) == _STR)  # type: ignore[no-untyped-call]


def _plain_ok(text: str) -> bool:
    return bool(
        _PLAIN.fullmatch(text)
        and not text.endswith(" ")
        and " #" not in text
        and _plain_is_str(text)
    )


def _key(key: str) -> str:
    return key if _plain_ok(key) else json.dumps(key, ensure_ascii=False)


def _scalar(value: Any, like: Any) -> str:
    """A scalar as YAML 1.1 reads it back, a string quoted as ``like`` (the scalar it
    replaces, or a neighbour's) was, or whenever it would read otherwise."""
    if isinstance(value, str):
        style = like.style if isinstance(like, yaml.ScalarNode) else None
        if style == "'" and "\n" not in value and value.isprintable():
            return "'" + value.replace("'", "''") + "'"
        if style != '"' and _plain_ok(value):
            return value
        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(_FLOATS.represent_float(value).value)
    raise _Declined


def _inline(value: Any, like: Any) -> str:
    """``value`` on one line: a scalar, or a flow collection whose scalars are quoted as
    ``like``'s (a neighbour of the same shape) are."""
    if isinstance(value, dict):
        likes: dict[str, Any] = {}
        if isinstance(like, yaml.MappingNode):
            likes = {k.value: v for k, v in like.value if isinstance(k, yaml.ScalarNode)}
        inner = ", ".join(f"{_key(str(k))}: {_inline(v, likes.get(k))}"
                          for k, v in value.items())  # fmt: skip
        return "{" + inner + "}"
    if isinstance(value, list):
        item = like.value[0] if isinstance(like, yaml.SequenceNode) and like.value else None
        return "[" + ", ".join(_inline(v, item) for v in value) + "]"
    return _scalar(value, like)


def _indented(text: str, indent: int) -> str:
    return "".join(" " * indent + line if line.strip() else line
                   for line in text.splitlines(True))  # fmt: skip


def _block_entry(key: str, value: Any, indent: int) -> str:
    """A new key of a block mapping, its lines at ``indent``."""
    if not isinstance(value, dict | list) or not value:
        return " " * indent + f"{_key(key)}: {_inline(value, None)}\n"
    return _indented(dump_text({key: value}), indent)
