"""The line-level reader gives exactly what the libyaml-events path gives (values, types,
key order, container factory calls, refusals) and what ``yaml.SafeLoader`` reads, or hands
the file on: on generated documents of its subset, on random edits of them, on every
bundled file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.data import yamlfast, yamllines, yamlsafe
from tabletop.data.yamlfast import MAX_DEPTH, NotPlain
from tabletop.paths import ROOT


class _Calls:
    """Container factories that record each call as (kind, path from the root)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self._paths: dict[int, tuple[Any, ...]] = {}
        self._alive: list[Any] = []

    def _made(self, kind: str, parent: Any, key: Any, made: Any) -> Any:
        path = () if parent is None else (*self._paths[id(parent)], key)
        self._paths[id(made)] = path
        self._alive.append(made)
        self.calls.append((kind, path))
        return made

    def new_map(self, parent: Any, key: Any) -> dict[str, Any]:
        return self._made("map", parent, key, {})  # type: ignore[no-any-return]

    def new_seq(self, parent: Any, key: Any) -> list[Any]:
        return self._made("seq", parent, key, [])  # type: ignore[no-any-return]


def _read(reader: Any, text: str) -> tuple[Any, list[Any]]:
    calls = _Calls()
    return reader(text, yamlsafe.Loader, calls.new_map, calls.new_seq), calls.calls


class _TextKeys(yaml.SafeLoader):
    """``yaml.SafeLoader`` keeping scalar keys as written, as Tabletop's loaders do."""

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        self.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else id(key_node)
            out[key] = self.construct_object(value_node, deep=deep)
        return out


def _canon(value: Any) -> Any:
    """Values with their types and key order, comparable (``nan`` equals itself)."""
    if isinstance(value, dict):
        return ("map", [(k, _canon(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("seq", [_canon(v) for v in value])
    return (type(value).__name__, repr(value))


def _check(text: str, *, taken: bool = False) -> bool:
    """The line reader's answer for ``text`` is the events path's (calls included) and
    ``SafeLoader``'s, or a refusal; it refuses whatever the events path refuses. Whether
    it took the text; ``taken`` asserts that it did."""
    try:
        lines = _read(yamllines.parse_lines, text)
    except NotPlain:
        assert not taken, "the reader refused a document of its subset"
        return False
    events = _read(yamlfast.parse_plain, text)  # a refusal here fails the test
    assert _canon(lines[0]) == _canon(events[0])
    assert lines[1] == events[1]
    assert _canon(lines[0]) == _canon(yaml.load(text, Loader=_TextKeys))
    return True


# --- generated documents of the subset -------------------------------------------------

PLAIN_WORDS = [
    "yes", "No", "on", "OFF", "y", "n", "~", "null", "Null", "true", "False", "0304", "0o17",
    "0x1F", "0b101", "1_000", "-12", "+3", "1.5", "-1.5e+3", "1e3", ".inf", "-.Inf", ".NaN",
    "2001-12-14", "u1", "nato_f1",
    "LEO2", "a b", "Warsaw  Pact", "x-y", "-a", "-1", "a.b", "/work/main/x.yaml", "héllo",
    "日本語", "a!b", "a&b", "a*b", "a|b", "a>b", "a%b", "a@b", "a`b", "a\\b", "a-", "-.5",
    "C++", "$x", "(a)", "a=b", "<a>", "~x", "😀", ".", "..",
]  # fmt: skip
BLOCK_ONLY_WORDS = ["2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "190:20:30",
                    "1:30.5", "a:b", "12:30:00", "a?b", "it's", 'say "x"', "a, b", "x,y",
                    "http://x/y"]  # fmt: skip
KEY_WORDS = ["id", "hex", "yes", "0304", "null", "~", "1.5", "a b", "-k", "日本", "x.y", "K_2"]

_ESC = {"\0": "\\0", "\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v",
        "\f": "\\f", "\r": "\\r", "\x1b": "\\e", '"': '\\"', "\\": "\\\\", "\x85": "\\N",
        "\xa0": "\\_", "\u2028": "\\L", "\u2029": "\\P"}  # fmt: skip


def _printable(ch: str) -> bool:
    o = ord(ch)
    return (0x20 <= o <= 0x7E or 0xA0 <= o <= 0xD7FF or 0xE000 <= o <= 0xFFFD or o > 0xFFFF) and (
        ch not in "\u2028\u2029"  # line breaks in YAML
    )


def _double(text: str, draw: Any) -> str:
    out = []
    for ch in text:
        if ch in _ESC and (not _printable(ch) or ch in '"\\' or draw(st.booleans())):
            out.append(_ESC[ch])
        elif _printable(ch) and ch != "\ufeff" and draw(st.integers(0, 9)) != 0:
            out.append(ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return '"' + "".join(out) + '"'


@st.composite
def scalars(draw: Any, flow: bool) -> str:
    """A scalar's text, valid in a flow (``flow``) or a block context."""
    kind = draw(st.sampled_from(["plain", "plain", "single", "double"]))
    if kind == "plain":
        words = PLAIN_WORDS if flow else PLAIN_WORDS + BLOCK_ONLY_WORDS
        return str(draw(st.sampled_from(words)))
    text = draw(st.text(max_size=8) | st.sampled_from(PLAIN_WORDS + BLOCK_ONLY_WORDS))
    if kind == "single" and all(_printable(c) and c != "\ufeff" for c in text):
        return "'" + text.replace("'", "''") + "'"
    return _double(text, draw)


@st.composite
def keys(draw: Any, flow: bool) -> str:
    if draw(st.booleans()):
        return str(draw(st.sampled_from(KEY_WORDS)))
    text = draw(st.text(max_size=6))
    if draw(st.booleans()) and all(_printable(c) and c != "\ufeff" for c in text):
        return "'" + text.replace("'", "''") + "'"
    return _double(text, draw)


def _key_text(key: str) -> str:
    return str(yaml.safe_load(key + ": 0").popitem()[0]) if key[0] in "'\"" else key


@st.composite
def flows(draw: Any, depth: int = 0) -> str:
    """A flow collection on one line."""
    sep = draw(st.sampled_from([", ", ",", " , ", ",  "]))
    pad = draw(st.sampled_from(["", " "]))
    if depth < 2 and draw(st.booleans()):
        items = draw(st.lists(scalars(True) | flows(depth + 1), max_size=4))
    else:
        items = draw(st.lists(scalars(True), max_size=4))
    if draw(st.booleans()):
        return "[" + pad + sep.join(items) + pad + "]" if items else "[]"
    entries, seen = [], set()
    for value in items:
        key = draw(keys(True))
        if _key_text(key) not in seen:
            seen.add(_key_text(key))
            entries.append(f"{key}{draw(st.sampled_from([': ', ':  ']))}{value}")
    return "{" + pad + sep.join(entries) + pad + "}" if entries else "{}"


def _comment(draw: Any) -> str:
    return draw(st.sampled_from(["", "", "", "  # note", " #: x", " # {a: [b"]))


@st.composite
def blocks(draw: Any, indent: int, seq: bool, depth: int = 0) -> list[str]:
    """The lines of a block collection at column ``indent``."""
    lines: list[str] = []
    pad = " " * indent
    seen: set[str] = set()
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from(["", " " * draw(st.integers(0, 6)) + "# c"])))
        if seq:
            head = pad + "-" + " " * draw(st.integers(1, 3))
        else:
            key = draw(keys(False))
            if _key_text(key) in seen:
                continue
            seen.add(_key_text(key))
            head = f"{pad}{key}:" + " " * draw(st.integers(1, 2))
        choice = draw(st.integers(0, 5 if depth < 3 else 1))
        if choice == 0:
            lines.append(head + draw(scalars(False)) + _comment(draw))
        elif choice == 1:
            lines.append(head + draw(flows()) + _comment(draw))
        elif choice == 2 and seq:  # a compact mapping: ``- key: value`` and its keys
            inner = draw(blocks(len(head), False, depth + 1))
            at = next(i for i, line in enumerate(inner) if line.strip()[:1] not in ("", "#"))
            lines += [*inner[:at], head + inner[at][len(head) :], *inner[at + 1 :]]
        elif choice == 3 and not seq and draw(st.booleans()):  # a sequence at the key's column
            lines.append(head.rstrip() + _comment(draw))
            lines += draw(blocks(indent, True, depth + 1))
        elif choice in (2, 3, 4):
            lines.append(head.rstrip() + _comment(draw))
            step = draw(st.integers(1, 4))
            lines += draw(blocks(indent + step, draw(st.booleans()), depth + 1))
        else:
            lines.append(head.rstrip() + _comment(draw))  # null
    if not any(line.strip() and not line.strip().startswith("#") for line in lines):
        lines.append(pad + ("- x" if seq else "zz: x"))
    return lines


@st.composite
def documents(draw: Any) -> str:
    lines = draw(blocks(0, draw(st.booleans())))
    end = draw(st.sampled_from(["\n", "", "\n\n# end\n"]))
    newline = draw(st.sampled_from(["\n", "\n", "\r\n"]))
    return newline.join(lines) + end


@settings(max_examples=200, deadline=None)
@given(documents())
def test_documents_of_the_subset_read_as_safe_loader_reads_them(text: str) -> None:
    _check(text, taken=True)


EDIT_CHARS = [*":#&*!|>'\"{}[],-?%@` \t\n\r\\\x85\u2028\ufeff\x00", "\n  ", ": ", " #", "- "]


@settings(max_examples=300, deadline=None)
@given(documents(), st.lists(st.tuples(st.floats(0, 1), st.sampled_from(EDIT_CHARS),
                                       st.sampled_from(["insert", "replace", "delete"])),
                             min_size=1, max_size=3))  # fmt: skip
def test_edited_documents_read_right_or_are_handed_on(text: str, edits: list[Any]) -> None:
    for where, chars, how in edits:
        at = int(where * len(text))
        if how == "insert":
            text = text[:at] + chars + text[at:]
        elif how == "replace":
            text = text[:at] + chars + text[at + 1 :]
        else:
            text = text[:at] + text[at + 1 :]
    _check(text)


# --- the files Tabletop ships and writes -----------------------------------------------

BUNDLED = sorted(
    p for folder in ("maps", "counters", "scenarios") for p in (ROOT / folder).glob("*.yaml")
)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_files_read_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    taken = _check(text)  # folded notes (``>-``) and flows on several lines are handed on
    assert taken or path.parent.name != "counters"
    value, problems = yamlsafe.parse_text(text, str(path))
    located, _ = yamlsafe._parse_located(text, str(path))
    assert problems == [] and _canon(value) == _canon(located)


def test_the_written_big_file_layouts_are_taken() -> None:
    text = (
        'format: tabletop/game@1\ncounters:\n  - "/x/platoon.yaml"\nsides:\n'
        "  nato: {name: NATO, formations: {nato_f0: {chits: 2}}}\nunits:\n"
        + "".join(
            f'  - {{id: u{i}, type: LEO2, side: nato, hex: "{i:03}001"}}\n' for i in range(30)
        )
        + "state:\n  turn: 2\n  cup: [nato_f0, pact_f2]\n  units:\n"
        + "".join(
            f'    u{i}: {{type: T64, hex: "{i:03}001", markers: [], mode: null, flags: {{}}}}\n'
            for i in range(30)
        )
        + "hexsides:\n"
        + "".join(f'  - {{side: "{i:03}001/{i:03}002", feature: wall}}\n' for i in range(30))
        + 'log:\n  - {action: move, args: {units: [u1], to: ["187014"]}, dice: [5, 3]}\n'
    )
    assert _check(text, taken=True)


# --- chosen cases ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "a:\n- 1\n- 2\nb: 3\n",  # a sequence at its key's column
        "- a: 1\n  b:\n  - x\n- c\n",  # compact mappings
        "-\n  a: 1\n-\n- [a, {b: c}]\n",  # dashes without values
        "a:\n  # comment\n  b: 1   # trailing\n\n",
        "'a b': \"c\\td\"\n\"\": ''\n",  # quoted keys and values
        "a: {}\nb: []\nc: {x: [], y: {}}\n",
        "a: 0304\nb: '0304'\n0304: c\nd: 2001-12-14\ne: ~\nf:\n",
        "a: x #y\nb: x#y\n",  # the second falls back
        'r: "\\x41\\u00e9\\U0001F600\\N\\_\\L\\P\\e\\0"\n',
        "a: 1\r\nb: [1, 2]\r\n",
    ],
)
def test_chosen_documents(text: str) -> None:
    _check(text, taken="x#y" not in text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "# only a comment\n",
        "a: 1\na: 2\n",  # duplicate keys, block and flow
        "a: {b: 1, b: 2}\n",
        "a: {b: 1, 'b': 2}\n",
        "<<: {a: 1}\n",  # merge and value keys and values
        "a: =\n",
        "a: 2001-13-45\n",  # a timestamp that cannot be built
        "a: !!str x\n",
        "a: &x 1\nb: *x\n",
        "a: |\n  text\n",
        "a: >\n  text\n",
        "a: [1,\n  2]\n",  # a flow collection on two lines
        "a: b\n  c\n",  # a plain scalar on two lines
        "a: 'b\n  c'\n",
        "---\na: 1\n",
        "a: 1\n...\n",
        "%YAML 1.1\n---\na: 1\n",
        "? a\n: 1\n",
        "a:\tb\n",
        "a: b\rc: d\n",
        "a: b: c\n",
        "a: {b: c: d}\n",
        "a: [b:c]\n",  # PyYAML and libyaml disagree in flows
        "a: [b?c]\n",
        'a: "\\ud800"\n',
        'a: "\\q"\n',
        "a:\n  b: 1\n c: 2\n",  # odd indentation
        "  a: 1\n",
        "- - a\n",
        "scalar\n",
        "[a, b]\n",
        "a: [a, b,]\n",
        "a: {b}\n",
        "a: \x07\n",
        "a: \ufeffb\n",
        "a: \u2028\n",
        "k" * 1001 + ": 1\n",
    ],
)
def test_anything_outside_the_subset_is_handed_on(text: str) -> None:
    with pytest.raises(NotPlain):
        yamllines.parse_lines(text, yamlsafe.Loader, lambda p, k: {}, lambda p, k: [])


@pytest.mark.parametrize("depth", [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1])
def test_nesting_is_refused_where_the_events_path_refuses_it(depth: int) -> None:
    flow = "a: " + "[" * depth + "]" * depth + "\n"
    block = "".join(" " * i + "k:\n" for i in range(depth)) + " " * depth + "k: 1\n"
    mixed = "".join(" " * i + "k:\n" for i in range(depth - 3)) + " " * depth + "k: [[1]]\n"
    for text in (flow, block, mixed):
        try:
            expected = _read(yamlfast.parse_plain, text)
        except NotPlain:
            with pytest.raises(NotPlain):
                _read(yamllines.parse_lines, text)
        else:
            assert _read(yamllines.parse_lines, text) == expected


def test_parse_text_reads_with_the_line_reader_and_finds_positions_later() -> None:
    text = "format: x\nunits:\n  - {id: u1, hex: '0101'}\n  - {id: u2, hex: 7}\n"
    value, problems = yamlsafe.parse_text(text, "f.yaml")
    assert problems == []
    unit = value["units"][1]
    assert isinstance(unit, yamlsafe.LocDict) and unit._node is None
    assert unit.mark_of("hex") == yamlsafe.Mark(4, 19)
    assert value["units"].mark_of(0) == yamlsafe.Mark(3, 5)
