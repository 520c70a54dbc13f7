"""Schema checks that collect every problem instead of stopping at the first.

A :class:`Checker` belongs to one file. Readers take the container a value sits in and its
key, so a problem can name the value's line and column (see :func:`mark_in`); each reader
records what is wrong and returns a usable default, so checking goes on.
"""

from __future__ import annotations

import datetime
import difflib
import math
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import Any, TypeVar

import yaml

from tabletop.data.yamlsafe import LocDict, LocList, Problem, mark_in, written_text

T = TypeVar("T")
_MISSING: Any = object()

FORMAT_VERSIONS = {
    "tabletop/terrain": 1,
    "tabletop/map": 1,
    "tabletop/counters": 1,
    "tabletop/scenario": 1,
    "tabletop/game": 1,
}


class _AnyKeys:
    """Allowed keys of a free mapping (ids, labels): every key is allowed."""

    def __contains__(self, item: object) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


ANY_KEYS: Collection[str] = _AnyKeys()


def did_you_mean(name: object, choices: Iterable[str]) -> str:
    """`` (did you mean 'woods'?)`` for a close match, else the empty string."""
    if not isinstance(name, str):
        return ""
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


SHOWN_CHARS = 60
"""A value quoted in a message is cut to this many characters."""


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def kind_name(value: object) -> str:
    """What kind of value this is, without quoting any of it."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string" if "\n" not in value.strip() else "plain text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, datetime.date):
        return f"a date or time ({value})"
    if isinstance(value, bytes):
        return "binary data (!!binary)"
    return type(value).__name__


def type_name(value: object) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int | float):
        return f"a number ({shorten(str(value), 30)})"
    if isinstance(value, str):
        return f"a string ({shorten(repr(value))})"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, datetime.date):
        return f"a date or time ({value})"
    if isinstance(value, bytes):
        return "binary data (!!binary)"
    return type(value).__name__


class Checker:
    """Problems and warnings found in one file."""

    def __init__(
        self, path: str, errors: list[Problem] | None = None, warnings: list[Problem] | None = None
    ) -> None:
        self.path = path
        self.errors: list[Problem] = [] if errors is None else errors
        self.warnings: list[Problem] = [] if warnings is None else warnings

    def for_file(self, path: str) -> Checker:
        """A checker for a referenced file that reports into the same lists."""
        return Checker(path, self.errors, self.warnings)

    def error(self, container: Any, key: str | int | None, message: str) -> None:
        m = mark_in(container, key)
        self.errors.append(Problem(self.path, m.line, m.column, message))

    def warn(self, container: Any, key: str | int | None, message: str) -> None:
        m = mark_in(container, key)
        self.warnings.append(Problem(self.path, m.line, m.column, message))

    def key_error(self, container: Any, key: str, message: str) -> None:
        m = container.key_mark(key) if isinstance(container, LocDict) else mark_in(container)
        self.errors.append(Problem(self.path, m.line, m.column, message))

    # --- containers ------------------------------------------------------------------
    def mapping(
        self,
        parent: Any,
        key: str | int | None,
        value: Any,
        what: str,
        allowed: Collection[str],
        required: Collection[str] = (),
    ) -> dict[str, Any]:
        """Check ``value`` is a mapping with only ``allowed`` keys and every ``required`` key."""
        if not isinstance(value, dict):
            self.error(parent, key, f"{what} must be a mapping, not {type_name(value)}")
            return {}
        if allowed is not ANY_KEYS:  # (a free mapping, 11,441 unit ids: nothing to check)
            for k in value:
                if k not in allowed:
                    self.key_error(
                        value, k, f"unknown key {k!r} in {what}{did_you_mean(k, allowed)}"
                    )
        for k in required:
            if k not in value:
                # a top-level mapping has no parent: name the mapping itself (1:1), like
                # the file's other whole-document problems
                where, at = (parent, key) if parent is not None else (value, None)
                self.error(where, at, f"{what} is missing the key {k!r}")
        return value

    def sequence(self, parent: Any, key: str | int | None, value: Any, what: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.error(parent, key, f"{what} must be a list, not {type_name(value)}")
            return []
        return value

    def items(
        self, parent: Any, key: str, what: str
    ) -> Iterator[tuple[LocList | list[Any], int, Any]]:
        """(list, index, item) for each item of the list at ``parent[key]``."""
        seq = self.sequence(parent, key, parent.get(key), what)
        for i, item in enumerate(seq):
            yield seq, i, item

    # --- scalars ---------------------------------------------------------------------
    def get_str(
        self,
        d: dict[str, Any],
        key: str,
        what: str,
        default: Any = _MISSING,
        choices: Collection[str] | None = None,
    ) -> Any:
        value = d.get(key, default)
        if value is _MISSING:
            self.error(d, key, f"{what} is missing the key {key!r}")
            return ""
        if value is default and key not in d:
            return value
        if not isinstance(value, str):
            if isinstance(value, int | float) and not isinstance(value, bool) and not choices:
                written = written_text(d, key)  # a number where a name is expected: 101
                if written is not None and written != str(value):
                    self.error(d, key, f"{key} {shorten(repr(written))} is read by YAML as the "
                               f"number {shorten(str(value), 30)}: quote it ({key}: "
                               f"{shorten(repr(written))}) to keep it as written")  # fmt: skip
                return str(value)
            self.error(d, key, f"{key} must be a string, not {type_name(value)}")
            return default if default is not _MISSING else ""
        if choices is not None and value not in choices:
            self.error(
                d,
                key,
                f"unknown {key} {value!r}{did_you_mean(value, choices)}; "
                f"expected one of {', '.join(sorted(choices))}",
            )
            return default if default is not _MISSING else value
        return value

    def get_int(
        self,
        d: dict[str, Any],
        key: str,
        what: str,
        default: Any = _MISSING,
        lo: int | None = None,
        hi: int | None = None,
    ) -> Any:
        value = d.get(key, default)
        if value is _MISSING:
            self.error(d, key, f"{what} is missing the key {key!r}")
            return lo if lo is not None else 0
        if value is default and key not in d:
            return value
        return self.check_int(d, key, value, key, default, lo, hi)

    def check_int(
        self,
        container: Any,
        key: str | int | None,
        value: Any,
        what: str,
        default: Any = 0,
        lo: int | None = None,
        hi: int | None = None,
    ) -> Any:
        if value is None and default is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(container, key, f"{what} must be a whole number, not {type_name(value)}")
            return default if default is not _MISSING else (lo or 0)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            self.error(container, key, f"{what} must be {_range_text(lo, hi)}, not {value}")
            return default if default is not _MISSING else (lo or 0)
        return value

    def get_num(self, d: dict[str, Any], key: str, default: float, lo: float, hi: float) -> float:
        value = d.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.error(d, key, f"{key} must be a number, not {type_name(value)}")
            return default
        if not lo <= value <= hi:
            self.error(d, key, f"{key} must be between {lo} and {hi}, not {value}")
            return default
        return float(value)

    def get_bool(self, d: dict[str, Any], key: str, default: bool = False) -> bool:
        value = d.get(key, default)
        if not isinstance(value, bool):
            self.error(d, key, f"{key} must be true or false, not {type_name(value)}")
            return default
        return value

    def get_face(self, d: dict[str, Any], key: str, what: str, default: Any = _MISSING) -> Any:
        """A d6 face 1..6 (hit numbers, saves)."""
        return self.get_int(d, key, what, default, lo=1, hi=6)

    def name_in(
        self, container: Any, key: str | int | None, value: Any, kind: str, names: Collection[str]
    ) -> str | None:
        """``value`` must be one of ``names``; the problem says 'unknown KIND' + suggestion."""
        if not isinstance(value, str):
            if isinstance(value, int) and not isinstance(value, bool) and str(value) in names:
                return str(value)
            self.error(container, key, f"{kind} must be a name, not {type_name(value)}")
            return None
        if value not in names:
            self.error(container, key, f"unknown {kind} {value!r}{did_you_mean(value, names)}")
            return None
        return value

    def check_format(self, doc: dict[str, Any], kinds: Collection[str]) -> str | None:
        """The ``format:`` kind (e.g. ``tabletop/map``) if it is present, known and readable."""
        value = doc.get("format")
        if value is None:
            self.error(
                doc,
                None,
                f"the file has no 'format:' key (expected e.g. 'format: {sorted(kinds)[0]}@1')",
            )
            return None
        # the value is quoted only when it is a tabletop format: this may be any YAML file
        if not isinstance(value, str) or not value.startswith("tabletop/"):
            self.error(doc, "format", "not a tabletop file: format must look like 'tabletop/map@1'")
            return None
        kind, _, version = value.partition("@")
        if kind not in FORMAT_VERSIONS or not version.isdigit():
            self.error(
                doc,
                "format",
                f"unknown format {shorten(repr(value))}{did_you_mean(kind, FORMAT_VERSIONS)}",
            )
            return None
        if int(version) > FORMAT_VERSIONS[kind]:
            self.error(
                doc,
                "format",
                f"format {value!r} is newer than this version of "
                f"Tabletop reads ({kind}@{FORMAT_VERSIONS[kind]}); update Tabletop",
            )
            return None
        if kind not in kinds:
            self.error(
                doc, "format", f"expected a {' or '.join(sorted(kinds))} file, not {value!r}"
            )
            return None
        return kind


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"between {lo} and {hi}"
    if lo is not None:
        return "at least 1" if lo == 1 else f"at least {lo}"
    return f"at most {hi}"


def raw_scalar(container: Any, index: int) -> str | None:
    """The source text of a scalar item (``00110`` read as written, not as an int)."""
    if isinstance(container, LocList) and container.node is not None:
        node = container.node.value[index]
        if isinstance(node, yaml.ScalarNode):
            return str(node.value)
    return None


def plain(value: Any) -> Any:
    """Loaded data without the position bookkeeping (for free-form keys like ``victory``)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


FREE_FORM_NODES = 10_000
"""Values (each alias counted as what it expands to) a free-form key (``victory:``, a
game's ``flags:``, a log entry's ``args:``) may hold: a save writes every one of them."""
FREE_FORM_DEPTH = 20
"""How deeply a free-form key's lists and mappings may nest."""
FREE_FORM_INT = 2**53
"""The largest whole number of a free-form key (exact in every reader, JSON's too)."""


def free_form(ck: Checker, container: Any, key: str | int | None, value: Any, what: str) -> Any:
    """A free-form key's value as plain data, each value checked to be one of the format's
    types (text, a whole number, a finite number, true/false, null, a list, a mapping of
    names), with a located error for anything else (a date, ``!!binary``) and for a value
    that nests more than :data:`FREE_FORM_DEPTH` deep or holds more than
    :data:`FREE_FORM_NODES` values once its aliases are expanded; None after an error.
    Iterative: no alias chain can exhaust the stack."""
    count = 0
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any, int, Any, Any]] = [(value, root, 0, 0, container, key)]
    while stack:
        v, parent, slot, depth, where, at = stack.pop()
        count += 1
        if count > FREE_FORM_NODES:
            ck.error(container, key, f"{what} holds more than {FREE_FORM_NODES} values "
                     "(aliases counted as what they expand to)")  # fmt: skip
            return None
        if depth > FREE_FORM_DEPTH:
            ck.error(where, at, f"{what} nests more than {FREE_FORM_DEPTH} levels deep")
            return None
        if isinstance(v, dict):
            out: Any = {}
            for k, item in v.items():
                if not isinstance(k, str):
                    ck.error(v, None, f"{what}: keys must be names, not {type_name(k)}")
                    return None
                stack.append((item, out, k, depth + 1, v, k))
        elif isinstance(v, list):
            out = [None] * len(v)
            stack.extend((item, out, i, depth + 1, v, i) for i, item in enumerate(v))
        elif v is None or isinstance(v, bool | str):
            out = v
        elif isinstance(v, int):
            if abs(v) > FREE_FORM_INT:
                ck.error(where, at, f"{what}: a number is too large (at most 2^53)")
                return None
            out = v
        elif isinstance(v, float):
            if not math.isfinite(v):
                ck.error(where, at, f"{what}: {v} is not a finite number")
                return None
            out = v
        else:
            ck.error(where, at, f"{what}: {type_name(v)} is not a value a tabletop file holds "
                     "(text, numbers, true/false, null, lists and mappings): quote it")  # fmt: skip
            return None
        parent[slot] = out
    return root[0]


def strict(fn: Callable[[Checker], T], path: str = "<data>") -> T:
    """Run a converter over a fresh checker; raise DataError if it found problems."""
    from tabletop.data.yamlsafe import DataError

    ck = Checker(path)
    result = fn(ck)
    if ck.errors:
        raise DataError(ck.errors, ck.warnings)
    return result
