"""Hand-written files saved by an editor stay their author's: comments, blank lines, key
order, flow or block style and quoting are kept wherever the content did not change.

Maps, scenarios, counters and terrain charts are YAML written by people, who annotate them
(the bundled squad demo has 43 comment lines). When an editor saves such a file, the text
it was read from is first patched in place (:mod:`textpatch`: only the spans of the values
that changed rewritten, in time linear in the file, so a 570 KB hand-written 200 x 200 map
keeps its comments in well under a second); when that patch declines or does not read back
to the document's data, and the file is at most :data:`MAX_KEPT` characters, it is loaded
by ``ruamel.yaml``'s round-trip mode, which keeps comments and
styles in its tree; the document's current data is applied to that tree as a minimal
update, driven by what the editor changed (:func:`_update`: a changed value replaced, a
key added after its neighbour or removed, list items added or removed where a sequence
comparison puts them; everything equal is left as it was read); the tree is dumped.

ruamel re-renders what it keeps (a flow list spread over several lines becomes one line, a
comment's column moves). So the dumped update is merged line by line into the original
text (:func:`merge`, a three-way merge with ruamel's rendering of the unchanged tree as the
base): a line ruamel merely re-rendered keeps the original's bytes, a line the update
changed comes from the update. The result must read, with the data layer's own loader, to
exactly the document's data; otherwise the update as ruamel dumped it is taken, and if even
that does not read back so (or the original cannot be read), the file is written anew.

A file written anew (no original, a machine-written one, one of more than
:data:`MAX_KEPT` characters that the text patch cannot keep, or the fallback) is tidy
block YAML (PyYAML's safe dumper, flow for leaf collections) under a header comment.

Values are compared as the data layer reads them (PyYAML's YAML 1.1: ``yes`` is true,
``0304`` unquoted is octal), not as ruamel reads them (YAML 1.2); a new string that YAML
1.1 would read as something else is written quoted, a new number as the safe dumper writes
it. Reading stays safe: ruamel only ever sees a text the data layer has read safely first,
and builds plain values (no tag is honoured).
"""

from __future__ import annotations

import difflib
import io
import itertools
import json
import re
from typing import Any

import yaml
import yaml.representer
import yaml.resolver
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError as RuamelError
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from tabletop.data.textpatch import patched_text, same
from tabletop.data.yamlsafe import dump_text, parse_text

__all__ = ["kept_text", "merge", "new_text", "patched", "same"]

MAX_KEPT = 64 * 1024
"""Characters of the largest file given to ruamel.yaml when the text patch declines.
ruamel.yaml is pure Python and linear but slow (a 570 KB map: 2.5 s to load, 1.5 s for
each of its two dumps), so past this size only the text patch keeps a file. (The line
merge after it was quadratic too: 7.5 s on a 530 KB map with thousands of equal lines,
0.13 s since :func:`_matches` matches the equal ends first; its character comparison,
before MAX_PATCHED, took minutes.)"""
MAX_PATCHED = 20_000
"""Characters of the largest run of lines changed by characters (:func:`_patched_lines`)."""

_STR = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
_FLOATS = yaml.representer.SafeRepresenter()


def new_text(data: dict[str, Any], header: str) -> str:
    """A file written anew: ``header`` (a comment line, ``#`` added) and tidy block YAML."""
    lines = "".join(f"# {line}".rstrip() + "\n" for line in header.splitlines())
    return lines + dump_text(data)


def kept_text(data: dict[str, Any], original: str | None, header: str, before: Any = None) -> str:
    """The text of a hand-written file that holds ``data``: ``original`` (the text the
    document was read from) minimally updated, or a new file (see the module).

    ``before``: what the editor's writer makes of the file as it was read (its data as
    ``data`` is made, where the writer may leave out a default the author wrote out). The
    update is then ``data``'s changes from ``before``, applied to what the original holds
    (:func:`patched`): a key the writer leaves out but the editor did not change stays as
    the author wrote it."""
    if original is None or original.lstrip()[:1] in ("{", ""):
        return new_text(data, header)  # no file, or a machine-written one: nothing to keep
    old, problems = parse_text(original, "original")
    if problems or not isinstance(old, dict):
        return new_text(data, header)
    goal = data if before is None else patched(old, before, data)
    if same(old, goal):
        return original
    text = patched_text(original, old, goal)
    if text is not None and _reads_as(text, goal):
        return text
    if len(original) > MAX_KEPT:
        return new_text(data, header)
    try:
        rt = _yaml(original)
        tree = rt.load(original)
        if not isinstance(tree, CommentedMap):
            return new_text(data, header)
        base = _dump(rt, tree)
        _update_map(tree, old, goal)
        updated = _dump(rt, tree)
    except (RuamelError, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return new_text(data, header)
    for text in (merge(base, original, updated), updated):
        if _reads_as(text, goal):
            return text
    return new_text(data, header)


def patched(old: Any, before: Any, after: Any) -> Any:
    """``old`` with the changes from ``before`` to ``after`` (a three-way merge of data):
    what the author's file holds, changed as the editor changed the document."""
    if same(before, after):
        return old
    if isinstance(old, dict) and isinstance(before, dict) and isinstance(after, dict):
        out = {k: v for k, v in old.items() if not (k in before and k not in after)}
        for key, value in after.items():
            if key not in before:
                out[key] = value
            elif not same(before[key], value):
                out[key] = patched(old[key], before[key], value) if key in old else value
        return out
    if (
        isinstance(old, list)
        and isinstance(before, list)
        and isinstance(after, list)
        and len(old) == len(before)
    ):
        matcher = difflib.SequenceMatcher(
            None, [_fingerprint(v) for v in before], [_fingerprint(v) for v in after],
            autojunk=False,
        )  # fmt: skip
        items: list[Any] = []
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                items += old[i1:i2]
                continue
            common = min(i2 - i1, j2 - j1) if tag == "replace" else 0
            items += [patched(old[i1 + k], before[i1 + k], after[j1 + k]) for k in range(common)]
            items += after[j1 + common : j2]
        return items
    return after


def _reads_as(text: str, data: Any) -> bool:
    value, problems = parse_text(text, "kept")
    return not problems and same(value, data)


# --- ruamel ------------------------------------------------------------------------------


def _yaml(text: str) -> YAML:
    rt = YAML(typ="rt", pure=True)
    rt.preserve_quotes = True
    rt.width = 4096  # a long line stays one line: never folded where the author did not
    mapping, offset = _indents(text)
    rt.indent(mapping=mapping, sequence=offset + 2, offset=offset)
    return rt


_KEY_LINE = re.compile(r"( *)[^ #\-][^:#]*:\s*(?:#.*)?$")


def _indents(text: str) -> tuple[int, int]:
    """The file's indentation of a nested mapping and of a block sequence's dash under its
    key (2 and 2 unless the file shows otherwise)."""
    mapping = offset = None
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    for line, after in itertools.pairwise(lines):
        found = _KEY_LINE.match(line)
        if found is None:
            continue
        deeper = len(after) - len(after.lstrip(" ")) - len(found.group(1))
        if deeper < 0:
            continue
        if after.lstrip().startswith("- "):
            offset = deeper if offset is None else offset
        elif deeper > 0:
            mapping = deeper if mapping is None else mapping
        if mapping is not None and offset is not None:
            break
    return mapping or 2, offset if offset is not None else 2


def _dump(rt: YAML, tree: Any) -> str:
    out = io.StringIO()
    rt.dump(tree, out)
    return out.getvalue()


# --- the minimal update ------------------------------------------------------------------


def _update_map(tree: CommentedMap, old: dict[str, Any], new: dict[str, Any]) -> None:
    """Make ``tree`` (ruamel's map of the text ``old`` was read from) hold ``new``."""
    keys = dict(zip(old, list(tree), strict=True))  # our key -> ruamel's (0304 is 304 there)
    for key in old:
        if key not in new:
            del tree[keys[key]]
    previous: Any = None
    for key, value in new.items():
        if key in old:
            tkey = keys[key]
            if not same(old[key], value):
                tree[tkey] = _updated(tree[tkey], old[key], value)
            previous = tkey
            continue
        position = 0 if previous is None else list(tree).index(previous) + 1
        tree.insert(position, _new_key(key), _converted(value, _style_of(tree)))
        previous = _new_key(key)


def _updated(node: Any, old: Any, new: Any) -> Any:
    """``node`` (ruamel's value read where ``old`` was) made to hold ``new``."""
    if same(old, new):
        return node
    if isinstance(old, dict) and isinstance(new, dict) and isinstance(node, CommentedMap):
        _update_map(node, old, new)
        return node
    if isinstance(old, list) and isinstance(new, list) and isinstance(node, CommentedSeq):
        _update_seq(node, old, new)
        return node
    return _converted(new, flow=_flow(node), like=node)


def _update_seq(seq: CommentedSeq, old: list[Any], new: list[Any]) -> None:
    """Items added and removed where a sequence comparison of ``old`` and ``new`` puts
    them; a replaced run updated item by item (a unit's one changed ``hex:``)."""
    keys_old = [_fingerprint(v) for v in old]
    keys_new = [_fingerprint(v) for v in new]
    matcher = difflib.SequenceMatcher(None, keys_old, keys_new, autojunk=False)
    flow = _style_of(seq)
    shift = 0  # items inserted minus removed so far
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        common = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for k in range(common):
            at = i1 + k + shift
            if not same(old[i1 + k], new[j1 + k]):
                seq[at] = _updated(seq[at], old[i1 + k], new[j1 + k])
        for _ in range(i2 - i1 - common):  # removed
            del seq[i1 + common + shift]
            shift -= 1
        for k in range(j2 - j1 - common):  # added
            seq.insert(i2 + shift, _converted(new[j1 + common + k], flow))
            shift += 1


def _fingerprint(value: Any) -> str:
    return json.dumps(value, default=repr)


def _style_of(container: Any) -> bool:
    """Whether new containers in ``container`` are written in flow style: as its items
    that are containers are (a list of one-line unit records gets one more)."""
    items = container.values() if isinstance(container, dict) else container
    for item in items:
        if isinstance(item, CommentedMap | CommentedSeq) and item:
            return bool(item.fa.flow_style())
    return False


def _flow(node: Any) -> bool:
    return isinstance(node, CommentedMap | CommentedSeq) and bool(node.fa.flow_style())


def _new_key(key: str) -> Any:
    return key if _plain_is_str(key) else DoubleQuotedScalarString(key)


def _plain_is_str(text: str) -> bool:
    """Whether YAML 1.1 (the data layer's reader) reads ``text`` unquoted as that string."""
    return bool(_RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) == _STR)  # type: ignore[no-untyped-call]


def _converted(value: Any, flow: bool = False, like: Any = None) -> Any:
    """A new value for ruamel's tree, written so that YAML 1.1 reads it back as ``value``:
    a string quoted as the value it replaces was, or whenever it would read otherwise; a
    number, boolean or null as PyYAML's safe dumper writes it."""
    if isinstance(value, dict):
        out = CommentedMap()
        for k, v in value.items():
            out[_new_key(str(k))] = _converted(v, flow)
        if flow:
            out.fa.set_flow_style()
        return out
    if isinstance(value, list):
        seq = CommentedSeq(_converted(v, flow) for v in value)
        if flow:
            seq.fa.set_flow_style()
        return seq
    if isinstance(value, str):
        if isinstance(like, SingleQuotedScalarString):
            return SingleQuotedScalarString(value)
        if isinstance(like, DoubleQuotedScalarString) or not _plain_is_str(value):
            return DoubleQuotedScalarString(value)
        return value
    if value is None:
        return _Null("null")  # (ruamel would leave the value empty: the same, less plain)
    if isinstance(value, bool | int):
        return value  # true/false, digits: YAML 1.1 reads them back
    if isinstance(value, float):
        return _Float(_FLOATS.represent_float(value).value)
    raise TypeError(f"cannot write {type(value).__name__} {value!r}")


class _Float(str):
    """A new float, as its text in YAML 1.1 (``1.0e+20``: ruamel's ``1e+20`` would be
    read as a string)."""


class _Null(str):
    """A new null, written ``null`` as the data layer's writers write it."""


def _represent_float(representer: Any, value: _Float) -> Any:
    return representer.represent_scalar("tag:yaml.org,2002:float", str(value))


def _represent_null(representer: Any, value: _Null) -> Any:
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


RoundTripRepresenter.add_representer(_Null, _represent_null)
RoundTripRepresenter.add_representer(_Float, _represent_float)


# --- the merge -----------------------------------------------------------------------------


def merge(base: str, original: str, updated: str) -> str:
    """``original`` with the changes from ``base`` to ``updated``: a three-way merge of
    lines, ``base`` being ruamel's rendering of the tree as read, ``updated`` its rendering
    after the update. Where only ``original`` differs from ``base`` (ruamel re-rendered
    the author's lines), the original's lines are kept; where only ``updated`` does, its
    lines are taken; where both do (a changed value in lines ruamel re-rendered), each
    change of characters is made where its text is found in the original's lines, or
    the update's lines are taken (:func:`_patched_lines`)."""
    a, o, b = base.splitlines(True), original.splitlines(True), updated.splitlines(True)
    in_o = _matches(a, o)
    in_b = _matches(a, b)
    anchors = [(i, in_o[i], in_b[i]) for i in range(len(a)) if i in in_o and i in in_b]
    out: list[str] = []
    ia = io_ = ib = 0
    for i, j, k in [*anchors, (len(a), len(o), len(b))]:
        chunk_a, chunk_o, chunk_b = a[ia:i], o[io_:j], b[ib:k]
        if chunk_b == chunk_a:
            out += chunk_o
        elif chunk_o == chunk_a:
            out += chunk_b
        else:  # the update changed lines ruamel re-rendered: the change made in the original
            out += _patched_lines("".join(chunk_a), "".join(chunk_o), "".join(chunk_b))
        if i < len(a):
            out.append(o[j])
        ia, io_, ib = i + 1, j + 1, k + 1
    return "".join(out)


def _patched_lines(a: str, o: str, b: str) -> list[str]:
    """``o`` (the author's lines that ruamel rendered as ``a``) with the changes of
    characters from ``a`` to ``b``, each made where the changed text, with as little of
    its surroundings in ``a`` as makes it unique, is found once in ``o``; ``b`` itself if
    one cannot be placed so."""
    if len(a) + len(b) > MAX_PATCHED:
        return b.splitlines(True)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    edits: list[tuple[int, int, str]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        place = _place(a, i1, i2, o)
        if place is None:
            return b.splitlines(True)
        edits.append((place, place + i2 - i1, b[j1:j2]))
    for start, end, text in sorted(edits, reverse=True):
        o = o[:start] + text + o[end:]
    return o.splitlines(True)


def _place(a: str, i1: int, i2: int, o: str) -> int | None:
    """Where ``a[i1:i2]`` is in ``o``: found once with the fewest characters of its
    surroundings in ``a`` (on its line) beside it."""
    line_start = a.rfind("\n", 0, i1) + 1
    line_end = a.find("\n", i2)
    line_end = len(a) if line_end < 0 else line_end
    for width in range(0, 41):
        for left, right in ((width, 0), (0, width), (width, width)):
            lo, hi = max(line_start, i1 - left), min(line_end, i2 + right)
            probe = a[lo:hi]
            if not probe:
                continue
            at = o.find(probe)
            if at >= 0 and o.find(probe, at + 1) < 0:
                return at + (i1 - lo)
        if i1 - width <= line_start and i2 + width >= line_end:
            break
    return None


def _matches(a: list[str], b: list[str]) -> dict[int, int]:
    """Line ``i`` of ``a`` -> its line in ``b``, for the lines a sequence comparison
    matches. The equal lines at both ends are matched first: the comparison (quadratic in
    the lines it sees where many are equal, ``  feature: road``) sees only the middle."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    found = {i: i for i in range(head)}
    found.update((len(a) - 1 - n, len(b) - 1 - n) for n in range(tail))
    matcher = difflib.SequenceMatcher(
        None, a[head : len(a) - tail], b[head : len(b) - tail], autojunk=False
    )
    for block in matcher.get_matching_blocks():
        for n in range(block.size):
            found[head + block.a + n] = head + block.b + n
    return found
