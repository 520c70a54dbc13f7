"""The machine writer (JSON, one record a line): whatever it writes reads to the very same
data with PyYAML's safe loader, with libyaml, with the data layer's JSON path and with its
libyaml-events path; its pieces join to the whole; and the JSON path refuses what JSON and
YAML would read differently, leaving it to the YAML paths."""

from __future__ import annotations

import math
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.data import machine, yamlfast, yamlsafe
from tabletop.data.yamlsafe import LocDict, LocList, fast_factories, mark_in, parse_text


def same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (``1 == 1.0 == True`` is not enough)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    return type(a) is type(b) and a == b


scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([1e20, -1e-05, 1.5e-07, 0.0, -0.0, 1e300, 5e-324])
    | st.text(max_size=12)
    | st.sampled_from(["0304", "yes", "no", "~", "null", "1e5", "1_000", "0o17", ".inf",
                       "a: b", "#x", "- y", "", " ", "\x85", "\u2028", "\x7f", "\ufeff",
                       "\t", "\\", '"', "2001-12-14", "<<", "\U0001f600"])
)  # fmt: skip
keys = st.text(max_size=8) | st.sampled_from(["0304", "yes", "<<", "format", "seal"])
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=60,
)
documents = st.dictionaries(
    keys, values | st.lists(st.dictionaries(keys, scalars, max_size=6), max_size=80), max_size=8
)


def _events(text: str) -> Any:
    with yamlsafe.collector_paused():
        return yamlfast.parse_plain(text, yamlsafe.Loader, *fast_factories(text, "f"))


@settings(max_examples=150, deadline=None)
@given(documents)
def test_every_reader_reads_what_the_writer_wrote(data: dict[str, Any]) -> None:
    text = machine.dumps(data)
    assert text.startswith("{") and text.endswith("}\n")
    assert same(yaml.load(text, Loader=yaml.SafeLoader), data)  # PyYAML, pure Python
    assert same(yaml.load(text, Loader=yaml.CSafeLoader), data)  # libyaml
    assert same(yamlsafe.parse_json(text, "f"), data)  # the JSON path
    assert same(_events(text), data)  # the libyaml-events path of hand-written files
    value, problems = parse_text(text, "f")
    assert problems == [] and same(value, data)


@settings(max_examples=60, deadline=None)
@given(documents, st.integers(1, 7))
def test_the_pieces_join_to_the_whole(data: dict[str, Any], chunk: int) -> None:
    old = machine.CHUNK
    machine.CHUNK = chunk
    try:
        assert "".join(machine.pieces(data)) == machine.dumps(data)
    finally:
        machine.CHUNK = old


def test_the_layout_is_a_record_a_line() -> None:
    units = [{"id": f"u{i}", "hex": f"{i:04d}", "markers": []} for i in range(3)]
    data = {"format": "tabletop/game@1", "rules": ["a", "b"], "units": units,
            "state": {"turn": 1, "units": {u["id"]: {"hex": u["hex"]} for u in units}}}  # fmt: skip
    assert machine.dumps(data) == (
        '{"format": "tabletop/game@1",\n'
        ' "rules": ["a", "b"],\n'
        ' "units": [\n'
        '  {"id": "u0", "hex": "0000", "markers": []},\n'
        '  {"id": "u1", "hex": "0001", "markers": []},\n'
        '  {"id": "u2", "hex": "0002", "markers": []}],\n'
        ' "state": {\n'
        '  "turn": 1,\n'
        '  "units": {"u0": {"hex": "0000"}, "u1": {"hex": "0001"}, "u2": {"hex": "0002"}}}}\n'
    )
    many = {"rows": [f"{'c' * 200}"] * 3}  # too long for one line: a row a line
    assert machine.dumps(many).count("\n") == 4


def test_values_json_has_no_form_for_are_refused() -> None:
    with pytest.raises(ValueError):
        machine.dumps({"x": math.inf})
    assert machine.dumps({1: {2: None}}) == '{"1": {"2": null}}\n'  # keys as JSON writes


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2}',  # a duplicate key: the YAML path reports where
        '{"a": "x\x85y"}',  # NEL: JSON keeps it, YAML folds it into a space
        '{"a": "\\ud83d\\ude00"}',  # JSON pairs the surrogates, libyaml refuses them
        '{"a":\t1}',  # a tab
        '{"a": 1} # a comment',  # YAML, not JSON
        "{a: 1}",
        "[1, 2]",
    ],
)
def test_what_json_and_yaml_read_differently_is_left_to_yaml(text: str) -> None:
    with pytest.raises(yamlfast.NotPlain):
        yamlsafe.parse_json(text, "f")


def test_the_json_path_gives_yamls_values() -> None:
    text = '{"a": [1e5, 1.5e5, 1.5e+5, 1.0, -0, NaN, Infinity], "b": {"0304": true}}'
    value = yamlsafe.parse_json(text, "f")
    assert same(value, yaml.load(text, Loader=yaml.SafeLoader))
    assert value["a"][:3] == ["1e5", "1.5e5", 150000.0]


def test_the_json_path_finds_positions_on_demand() -> None:
    text = machine.dumps({"format": "x", "units": [{"id": "u1"}, {"id": "u2", "hex": [1, 2]}]})
    value = yamlsafe.parse_json(text, "f")
    assert type(value) is LocDict and type(value["units"]) is LocList
    assert type(value["units"][1]["hex"]) is LocList
    assert mark_in(value["units"][1], "hex").line == 4
    assert mark_in(value["units"], 1).line == 4
    assert mark_in(value, "format").line == 1
