"""The fast reading path gives exactly the position-carrying loader's values, key order and
positions, and hands every file it does not take to that loader."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.data import yamlfast, yamlsafe
from tabletop.data.yamlsafe import LocDict, LocList, Mark, parse_text


def _fast(text: str) -> Any:
    return yamlfast.parse_plain(text, yamlsafe.Loader, lambda p, k: {}, lambda p, k: [])


def _marks(value: Any) -> list[tuple[Mark, Mark]]:
    """Every (key mark, value mark) of every container, depth first."""
    out: list[tuple[Mark, Mark]] = []
    if isinstance(value, LocDict):
        for k, v in value.items():
            out.append((value.key_mark(k), value.mark_of(k)))
            out += _marks(v)
    elif isinstance(value, LocList):
        for i, v in enumerate(value):
            out.append((value.mark, value.mark_of(i)))
            out += _marks(v)
    return out


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["0304", "yes", "No", "~", "1_000", "0x1F", "1e3", ".inf", "2001-12-14",
                     "2001-12-14t21:59:43.10-05:00", "-", "", " a", "u1", "#x", "a: b"]),
)  # fmt: skip
documents = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(documents, st.sampled_from([None, True, False]))
def test_fast_path_equals_the_located_loader(data: Any, flow: bool | None) -> None:
    text = yaml.dump(data, Dumper=yamlsafe.Dumper, default_flow_style=flow, sort_keys=False)
    slow, slow_problems = yamlsafe._parse_located(text, "f.yaml")
    if slow_problems:  # the fast path takes only what the slow one reads without problems
        with pytest.raises(yamlfast.NotPlain):
            _fast(text)
        return
    fast, problems = parse_text(text, "f.yaml")
    assert problems == []
    assert fast == slow
    assert [list(d) for d in _dicts(fast)] == [list(d) for d in _dicts(slow)]  # key order
    assert _marks(fast) == _marks(slow)


def _dicts(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        return [value] + [d for v in value.values() for d in _dicts(v)]
    if isinstance(value, list):
        return [d for v in value for d in _dicts(v)]
    return []


def test_plain_scalars_resolve_as_yaml_1_1() -> None:
    value = _fast("a: 0304\nb: yes\nc: ~\nd: 1_000\ne: '0304'\nf: 2001-12-14\n0305: x\n")
    assert value == {"a": 196, "b": True, "c": None, "d": 1000, "e": "0304",
                     "f": datetime.date(2001, 12, 14), "0305": "x"}  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "",  # empty: the slow loader says so
        "a: [1, 2\n",  # not valid YAML
        "a: 1\na: 2\n",  # duplicate key
        "a: !!str x\n",  # any tag, safe or not
        "a: !custom 3\n",
        "a: &x [1]\nb: *x\n",  # anchors and aliases
        "<<: {a: 1}\n",  # merge key
        "=: 1\n",  # the value tag
        "? [a]\n: 1\n",  # a collection as a key
        "a: 2001-13-45\n",  # matches the timestamp form, cannot be built
        "a: 1\n---\nb: 2\n",  # two documents
        "a: " + "[" * 150 + "]" * 150 + "\n",  # deeper than MAX_DEPTH
    ],
)
def test_anything_but_plain_data_takes_the_slow_path(text: str) -> None:
    with pytest.raises(yamlfast.NotPlain):
        _fast(text)


def test_a_fast_read_file_reports_positions_of_problems() -> None:
    text = "format: x\nunits:\n  - {id: u1, hex: '0101'}\n  - {id: u2, hex: 7}\n"
    value, problems = parse_text(text, "f.yaml")
    assert problems == []
    unit = value["units"][1]
    assert isinstance(unit, LocDict) and unit._node is None  # no nodes until asked
    assert unit.mark_of("hex") == Mark(4, 19)
    assert unit.key_mark("hex") == Mark(4, 14)
    assert value["units"].mark_of(0) == Mark(3, 5)
