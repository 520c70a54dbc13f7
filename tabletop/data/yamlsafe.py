"""Safe YAML that remembers where every value came from (FILE:LINE:COLUMN, 1-based).

Which path reads what, and why (:func:`parse_text` tries them in this order):

1. **JSON** (a document whose first character is ``{``): the machine-written files
   (saved games, autosaves, recovery files, generated benchmark files) are JSON, one record
   a line (:mod:`tabletop.data.machine`), and JSON is YAML. The standard ``json`` module
   reads them about fifty times faster than libyaml's loader; duplicate keys are refused,
   and every value is the one YAML 1.1 gives the same text (a float without a point, such
   as ``1e5``, is the string YAML reads; ``NaN`` is a string). Text that JSON and YAML
   could read differently (a tab, a raw C1 control or DEL, a surrogate escape) and
   anything that is not JSON go on to the next path.
2. **libyaml's events** (:mod:`tabletop.data.yamlfast`): hand-written YAML (maps,
   scenarios, counters, terrain charts, and the saved games of older builds) of plain,
   valid data, each value built straight from libyaml's event stream.
3. **The node graph, with positions** (``_parse_located``): anything the fast paths refuse
   (a problem to report, a tag, an alias, a duplicate key) is composed by libyaml into
   nodes, and each problem is reported at its line and column.

Every path is safe: no tag can make the loader run code. In the node graph, the only tags
accepted are YAML's safe core ones (null, bool, int, float, str, seq, map, timestamp,
binary); anything else (``!!python/object``, ``!custom``) is a :class:`Problem`. Duplicate
mapping keys are problems too. (Comments and layout of a hand-written file are kept when
an editor saves it by :mod:`tabletop.data.roundtrip`, not here.)

Mappings and sequences come back as :class:`LocDict` and :class:`LocList`: ordinary ``dict``
and ``list`` subclasses that find their node, and so their positions, only when a problem is
reported. A file read by a fast path (1, 2) holds no node: its containers remember only the
keys that lead to them, and the first position asked for reads the text again with nodes.
Nothing per value is stored while loading large files.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import weakref
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
import yaml.constructor

from tabletop.data import yamlfast
from tabletop.model.collector import collector_paused

Loader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_BaseDumper: type[Any] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class Dumper(_BaseDumper):  # type: ignore[misc]
    """The C safe dumper, quoting strings of digits (hex labels) so that no YAML reader
    (1.1 or 1.2) takes ``"0304"`` for a number."""


def _represent_str(dumper: Any, value: str) -> Any:
    style = '"' if value[:1].isdigit() else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


Dumper.add_representer(str, _represent_str)

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Files above this size are refused (a map of 1000 x 1000 hexes is well under it)."""
MAX_EXPANDED_NODES = 5_000_000
"""Aliases may share nodes; the expanded document may not exceed this many nodes."""

_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_SAFE_SCALARS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("null", "bool", "int", "float", "timestamp", "binary")
)


MAX_SHOWN = 100
"""Problems shown of one file; the rest are counted (``... and 49900 more problems``)."""
MAX_MESSAGE = 500
"""Characters of one message (a value quoted in it is cut short before that)."""


_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escaped(text: str) -> str:
    """``text`` with every control character written as an escape (``\\n``, ``\\x00``,
    ``\\u202e``): a name or value a file holds, quoted in a message, can neither break the
    message's line (and forge another) nor turn the text around."""
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub(lambda m: repr(m.group())[1:-1], text)


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One thing wrong with a file, at a 1-based line and column (0 when unknown)."""

    path: str
    line: int
    column: int
    message: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", escaped(self.path))
        message = escaped(self.message)
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 3] + "..."
        object.__setattr__(self, "message", message)

    def __str__(self) -> str:
        return f"{self._where()}: {self.message}"

    def as_warning(self) -> str:
        return f"{self._where()}: warning: {self.message}"

    def _where(self) -> str:
        """``FILE:LINE:COLUMN``, or ``FILE`` alone for a problem of the whole file (line 0:
        a file that cannot be read has no position an editor could show)."""
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{self.column}"


def shown_lines(problems: Sequence[Problem], warnings: Sequence[Problem] = ()) -> list[str]:
    """The lines to print for these problems: at most :data:`MAX_SHOWN` per file."""
    lines: list[str] = []
    per_file: dict[str, int] = {}
    hidden: dict[str, int] = {}
    for p, text in [(p, str(p)) for p in problems] + [(w, w.as_warning()) for w in warnings]:
        n = per_file[p.path] = per_file.get(p.path, 0) + 1
        if n <= MAX_SHOWN:
            lines.append(text)
        else:
            hidden[p.path] = hidden.get(p.path, 0) + 1
    lines += [f"{path}: ... and {n} more problems" for path, n in hidden.items()]
    return lines


class DataError(ValueError):
    """A file (or plain dict) failed to load; ``problems`` lists every reason found."""

    def __init__(self, problems: list[Problem], warnings: list[Problem] | None = None) -> None:
        self.problems = list(problems)
        self.warnings = list(warnings or [])
        super().__init__("\n".join(shown_lines(self.problems)))


@dataclass(frozen=True, slots=True)
class Mark:
    """A 1-based position in a file."""

    line: int
    column: int


NO_MARK = Mark(0, 0)


def _mark(node: yaml.Node | None) -> Mark:
    if node is None:
        return NO_MARK
    m = node.start_mark
    return Mark(m.line + 1, m.column + 1)


class _Source:
    """The text a fast-read document came from: read again, with positions, only when a
    position is asked for (a problem to report)."""

    __slots__ = ("_located", "path", "text")

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self._located: Any = None

    def located(self) -> Any:
        if self._located is None:
            self._located = _parse_located(self.text, self.path)[0]
        return self._located


Origin = tuple[_Source, tuple[Any, ...]]
"""Where a fast-read container sits: its source and the keys and indexes leading to it
from the document's root (no reference to its parent: a document holds no cycles)."""


class _Unplaced:
    """The origin of every container of a document read by the JSON path, until a position
    is first asked for: then one walk from the document's root (held weakly: no cycle)
    gives each container its keys from the root (:meth:`place`)."""

    __slots__ = ("placed", "root", "source")

    def __init__(self, source: _Source) -> None:
        self.source = source
        self.root: Any = None
        self.placed = False

    def place(self) -> None:
        if self.placed:
            return
        self.placed = True
        root = self.root() if self.root is not None else None
        if root is None:
            return
        source = self.source
        stack: list[tuple[Any, tuple[Any, ...]]] = [(root, ())]
        while stack:
            container, keys = stack.pop()
            container._origin = (source, keys)
            items = container.items() if type(container) is LocDict else enumerate(container)
            stack.extend(((v, (*keys, k)) for k, v in items if type(v) in _CONTAINERS))


def _twin_node(origin: Origin | _Unplaced | None) -> Any:
    """The node of the container at ``origin`` in the document read again with positions
    (None when it cannot be found)."""
    if origin is None or isinstance(origin, _Unplaced):
        return None
    source, keys = origin
    twin = source.located()
    try:
        for k in keys:
            twin = twin[k]
    except (KeyError, IndexError, TypeError):
        return None
    return twin.node if isinstance(twin, LocDict | LocList) else None


class LocDict(dict[str, Any]):
    """A mapping loaded from YAML; ``mark_of(key)`` says where the key's value is."""

    __slots__ = ("__weakref__", "_index", "_node", "_origin")

    def __init__(
        self, node: yaml.MappingNode | None = None, origin: Origin | _Unplaced | None = None
    ) -> None:
        # no ``super().__init__()``: the new mapping is empty already (a big file makes
        # tens of thousands of these, and the call was a third of their cost)
        self._node = node
        self._origin = origin
        self._index: dict[str, tuple[yaml.Node, yaml.Node]] | None = None

    @property
    def node(self) -> yaml.MappingNode | None:
        """The mapping's YAML node (for a fast-read file, found on the first question)."""
        if self._node is None and self._origin is not None:
            if type(self._origin) is _Unplaced:
                self._origin.place()
            self._node = _twin_node(self._origin)
        return self._node

    @property
    def mark(self) -> Mark:
        return _mark(self.node)

    def _pair(self, key: str) -> tuple[yaml.Node, yaml.Node] | None:
        node = self.node
        if node is None:
            return None
        if self._index is None:  # built on the first question: each later one is O(1)
            self._index = {}
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode):
                    self._index.setdefault(str(k.value), (k, v))
        return self._index.get(key)

    def mark_of(self, key: str) -> Mark:
        pair = self._pair(key)
        return _mark(pair[1]) if pair else self.mark

    def key_mark(self, key: str) -> Mark:
        pair = self._pair(key)
        return _mark(pair[0]) if pair else self.mark


class LocList(list[Any]):
    """A sequence loaded from YAML; ``mark_of(i)`` says where item ``i`` is."""

    __slots__ = ("_node", "_origin")

    def __init__(
        self, node: yaml.SequenceNode | None = None, origin: Origin | _Unplaced | None = None
    ) -> None:
        self._node = node  # empty already, as LocDict
        self._origin = origin

    @property
    def node(self) -> yaml.SequenceNode | None:
        """The sequence's YAML node (for a fast-read file, found on the first question)."""
        if self._node is None and self._origin is not None:
            if type(self._origin) is _Unplaced:
                self._origin.place()
            self._node = _twin_node(self._origin)
        return self._node

    @property
    def mark(self) -> Mark:
        return _mark(self.node)

    def mark_of(self, index: int) -> Mark:
        node = self.node
        if node is None or not 0 <= index < len(node.value):
            return self.mark
        return _mark(node.value[index])


_CONTAINERS = (LocDict, LocList)


def written_text(container: Any, key: str) -> str | None:
    """The text of ``container[key]`` as written in the file (a plain scalar's: ``017``
    for what YAML 1.1 reads as the number 15), or None when unknown."""
    if not isinstance(container, LocDict):
        return None
    pair = container._pair(key)
    if pair is None or not isinstance(pair[1], yaml.ScalarNode):
        return None
    return str(pair[1].value)


def mark_in(container: Any, key: str | int | None = None) -> Mark:
    """Where ``container[key]`` (or the container itself) is; ``NO_MARK`` for plain data."""
    if isinstance(container, LocDict):
        return container.mark if key is None else container.mark_of(str(key))
    if isinstance(container, LocList):
        return container.mark if not isinstance(key, int) else container.mark_of(key)
    return NO_MARK


class _Converter:
    """Turns a composed node graph into plain values, collecting problems."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self.constructor = yaml.constructor.SafeConstructor()
        self.done: dict[int, Any] = {}
        self.active: set[int] = set()

    def problem(self, node: yaml.Node, message: str) -> None:
        m = _mark(node)
        self.problems.append(Problem(self.path, m.line, m.column, message))

    def convert(self, node: yaml.Node) -> Any:
        key = id(node)
        if key in self.done:
            return self.done[key]
        if key in self.active:
            self.problem(node, "an alias refers to the collection that contains it")
            return None
        self.active.add(key)
        if isinstance(node, yaml.MappingNode):
            value: Any = self._mapping(node)
        elif isinstance(node, yaml.SequenceNode):
            value = self._sequence(node)
        else:
            value = self._scalar(node)
        self.active.discard(key)
        self.done[key] = value
        return value

    def _scalar(self, node: yaml.Node) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag in _SAFE_SCALARS:
            try:
                return self.constructor.construct_object(node, deep=True)
            except (yaml.YAMLError, ValueError, TypeError, AttributeError, OverflowError) as exc:
                # ``!!timestamp 2001-12-14 x`` fails inside PyYAML with an AttributeError
                self.problem(node, f"bad value {node.value!r}: {exc}")
                return None
        self.problem(node, f"unsupported YAML tag {tag!r}: only plain data is allowed")
        return None

    def _sequence(self, node: yaml.SequenceNode) -> LocList:
        out = LocList(node)
        if node.tag != _SEQ:
            self.problem(node, f"unsupported YAML tag {node.tag!r}: only plain data is allowed")
            return out
        convert = self.convert
        for item in node.value:
            tag = item.tag
            out.append(item.value if tag == _STR else convert(item))
        return out

    def _mapping(self, node: yaml.MappingNode) -> LocDict:
        out = LocDict(node)
        if node.tag != _MAP:
            self.problem(node, f"unsupported YAML tag {node.tag!r}: only plain data is allowed")
            return out
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
                self.problem(key_node, "keys must be plain names (no merge keys or collections)")
                continue
            if key_node.tag != _STR and key_node.tag not in _SAFE_SCALARS:
                self.problem(key_node, f"unsupported YAML tag {key_node.tag!r}")
                continue
            key = str(key_node.value)  # as written: an unquoted 0304 stays "0304"
            if key in out:
                self.problem(key_node, f"duplicate key {key!r}")
                continue
            out[key] = value_node.value if value_node.tag == _STR else self.convert(value_node)
        return out


def _expanded_size(node: yaml.Node, memo: dict[int, int]) -> int:
    key = id(node)
    if key in memo:
        return memo[key]
    memo[key] = 1  # guards against a node that contains itself
    size = 1
    if isinstance(node, yaml.SequenceNode):
        size += sum(_expanded_size(n, memo) for n in node.value)
    elif isinstance(node, yaml.MappingNode):
        size += sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
    memo[key] = size
    return size


def _has_aliases(text: str) -> bool:
    return "*" in text and "&" in text


def parse_text(text: str, path: str) -> tuple[Any, list[Problem]]:
    """Parse one YAML document; returns (value, problems). Value is None when it failed.

    Plain valid data takes a fast path, its containers finding their positions by reading
    the text again when one is asked for: JSON (a machine-written file) with the ``json``
    module, else libyaml's events (:mod:`tabletop.data.yamlfast`). Anything else is read
    with positions from the start, and its problems reported (see the module's
    docstring)."""
    with collector_paused():  # tens of thousands of containers, no cycle
        if text[:1] == "{":
            try:
                return parse_json(text, path), []
            except yamlfast.NotPlain:
                pass
        try:
            return yamlfast.parse_plain(text, Loader, *fast_factories(text, path)), []
        except yamlfast.NotPlain:
            pass
    return _parse_located(text, path)


_JSON_DIFFERS = re.compile("[\t\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|\\\\u[dD][89abAB]")
"""Where JSON and YAML may read one text differently: a tab (YAML's flow context does not
separate with it everywhere JSON does), a raw DEL or C1 control (refused by YAML, or a
line break: U+0085), a line or paragraph separator, a byte-order mark, a non-character, an
escaped surrogate (JSON pairs two; libyaml refuses them)."""
_YAML_FLOAT = re.compile(r"[^.]*\.[0-9]*(?:[eE][-+][0-9]+)?\Z")
"""A JSON number YAML 1.1 reads as a float too: with a point, any exponent signed."""


def _json_float(text: str) -> Any:
    """The value YAML 1.1 gives a JSON number that has a point or an exponent."""
    return float(text) if _YAML_FLOAT.match(text) else text


def _json_hook(unplaced: _Unplaced) -> Any:
    """The ``object_pairs_hook`` of one document: a :class:`LocDict` of the pairs (a
    duplicate key refused), each list in it made a :class:`LocList`, all unplaced."""

    def pairs_hook(pairs: list[tuple[str, Any]]) -> LocDict:
        out = LocDict(None, unplaced)
        out.update(pairs)
        if len(out) != len(pairs):
            raise yamlfast.NotPlain("a duplicate key")  # the located path says which, where
        if list in set(map(type, out.values())):
            for key, value in pairs:
                if type(value) is list:
                    out[key] = _json_list(value, unplaced)
        return out

    return pairs_hook


def _json_list(items: list[Any], unplaced: _Unplaced) -> LocList:
    seq = LocList(None, unplaced)
    seq.extend(items)
    if list in set(map(type, items)):  # lists in the list (a hexside's two hexes)
        for i, value in enumerate(items):
            if type(value) is list:
                seq[i] = _json_list(value, unplaced)
    return seq


def parse_json(text: str, path: str) -> Any:
    """A JSON document with YAML's values, as :class:`LocDict` and :class:`LocList` that
    find their positions on demand (the text read again with nodes); :class:`NotPlain`
    for anything else, or anything JSON and YAML could read differently."""
    if (not text.isascii() or "\t" in text or "\\u" in text) and _JSON_DIFFERS.search(text):
        raise yamlfast.NotPlain("text JSON and YAML may read differently")
    source = _Source(text, path)
    unplaced = _Unplaced(source)
    try:
        value = json.loads(
            text, object_pairs_hook=_json_hook(unplaced), parse_float=_json_float,
            parse_constant=str,
        )  # fmt: skip
    except (ValueError, RecursionError) as exc:  # not JSON (JSONDecodeError is a ValueError)
        raise yamlfast.NotPlain(str(exc)) from exc
    if type(value) is not LocDict:
        raise yamlfast.NotPlain("not a mapping")
    unplaced.root = weakref.ref(value)
    return value


def fast_factories(text: str, path: str) -> tuple[yamlfast.NewMap, yamlfast.NewSeq]:
    """The container factories of the fast paths for ``text``: each container remembers
    the keys leading to it, to find its node in ``text`` read again when asked."""
    source = _Source(text, path)
    root = (source, ())

    def new_map(parent: Any, key: Any) -> LocDict:
        if parent is None:
            return LocDict(None, root)
        return LocDict(None, (source, (*parent._origin[1], key)))

    def new_seq(parent: Any, key: Any) -> LocList:
        if parent is None:
            return LocList(None, root)
        return LocList(None, (source, (*parent._origin[1], key)))

    return new_map, new_seq


def _parse_located(text: str, path: str) -> tuple[Any, list[Problem]]:
    """Parse one document through its node graph: every container keeps its node."""
    try:
        node = yaml.compose(text, Loader=Loader)
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        line, col = (m.line + 1, m.column + 1) if m is not None else (0, 0)
        return None, [Problem(path, line, col, f"not valid YAML: {exc.problem or exc}")]
    except (yaml.YAMLError, ValueError) as exc:  # e.g. several documents, bad encoding
        return None, [Problem(path, 1, 1, f"not valid YAML: {exc}")]
    if node is None:
        return None, [Problem(path, 1, 1, "the file is empty")]
    if _has_aliases(text) and _expanded_size(node, {}) > MAX_EXPANDED_NODES:
        return None, [Problem(path, 1, 1, "the document is too large once aliases are expanded")]
    conv = _Converter(path)
    try:
        value = conv.convert(node)
    except RecursionError:
        return None, [Problem(path, 1, 1, "the document is nested too deeply")]
    return value, conv.problems


READS: ContextVar[dict[str, bytes] | None] = ContextVar("reads", default=None)
"""Set by a loader that wants the bytes of every file read (by path as given): a saved
game's seal covers the files its map and unit types were read from (:mod:`seal`)."""


def _opened_path(fd: int, path: Path) -> Path:
    """Where the file open as ``fd`` really is (Linux names it in /proc; elsewhere the
    resolved name, checked to be the same file as the one open)."""
    try:
        return Path(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        real = Path(os.path.realpath(path))
        st, there = os.fstat(fd), os.stat(real)
        if (st.st_dev, st.st_ino) != (there.st_dev, there.st_ino):
            raise FileNotFoundError(path) from None
        return real


def read_text(path: Path, roots: Sequence[Path] | None = None) -> tuple[str | None, Problem | None]:
    """A file's text, or the problem that stops it from being read.

    The file is opened once, by descriptor, without waiting (a FIFO or a device never
    blocks), and everything is asked of the open file. With ``roots`` (a reference,
    already resolved): no symbolic link is followed, and the open file must lie in one
    of the ``roots``, so nothing can change between the check and the read."""
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if roots is not None:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None, Problem(name, 0, 0, "no such file")
    except IsADirectoryError:
        return None, Problem(name, 0, 0, "is a directory, not a file")
    except OSError as exc:
        if exc.errno == errno.ELOOP and roots is not None:
            return None, Problem(name, 0, 0, "is a symbolic link (changed since it was checked)")
        return None, Problem(name, 0, 0, f"cannot read the file: {exc.strerror or exc}")
    except ValueError as exc:  # a NUL character in the name
        return None, Problem(name, 0, 0, f"cannot read the file: {exc}")
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            return None, Problem(name, 0, 0, "is a directory, not a file")
        if not stat.S_ISREG(st.st_mode):
            return None, Problem(name, 0, 0, "is not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            return None, Problem(name, 0, 0, f"the file is larger than {MAX_FILE_BYTES} bytes")
        if roots is not None:
            where = _opened_path(fd, path)
            if not any(where.is_relative_to(root) for root in roots):
                return None, Problem(name, 0, 0, "lies outside the folders a file may refer to")
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return None, Problem(name, 0, 0, f"cannot read the file: {exc.strerror or exc}")
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        return None, Problem(name, 0, 0, f"the file is larger than {MAX_FILE_BYTES} bytes")
    reads = READS.get()
    if reads is not None:
        reads[name] = raw
    try:
        return raw.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        return None, Problem(name, 1, 1, f"not a UTF-8 text file ({exc.reason})")


def load_path(path: Path, roots: Sequence[Path] | None = None) -> tuple[Any, list[Problem]]:
    """A file parsed (see :func:`read_text` for ``roots``)."""
    text, problem = read_text(path, roots)
    if problem is not None or text is None:
        return None, [problem] if problem else []
    return parse_text(text, str(path))


class _Root(dict[str, Any]):
    """A document's top-level mapping, always in block style."""


def _represent_root(dumper: Any, value: _Root) -> Any:
    return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=False)


Dumper.add_representer(_Root, _represent_root)


def dump_text(data: Any) -> str:
    """YAML text of plain data with the C dumper: block style, flow for leaf collections
    below the top level."""
    text: str = yaml.dump(
        _Root(data) if type(data) is dict else data,
        Dumper=Dumper,
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=100,
    )
    return text


def atomic_write(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """:func:`tabletop.data.atomic.atomic_write` (kept here for the callers that import it
    from this module)."""
    from tabletop.data.atomic import atomic_write as write

    return write(path, data)
