"""The fast writer's text reads back as the very data, with any safe YAML loader."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.data.yamlsafe import Loader
from tabletop.data.yamlwrite import dump_fast

TRICKY = ["yes", "No", "ON", "off", "y", "N", "true", "False", "null", "~", "", " ", "-",
          "001001", "0x1F", "1e3", "1_000", "12:30", "2024-01-01", ".inf", ".NaN", "<<", "=",
          "a: b", "a #b", "- a", "[x]", "{y}", "'q'", '"dq"', "back\\slash", "tab\there",
          "line\nbreak", "Übung", "日本", "emoji \U0001f600", "t64-1", "good_order", "*ref",
          "&anchor", "!tag", "%dir", "@at", "`tick`", "|", ">", "?", ",", "a,b"]  # fmt: skip
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(TRICKY),
    st.text(max_size=12),
)  # fmt: skip
keys = st.one_of(st.sampled_from(TRICKY), st.text(min_size=1, max_size=8))
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(keys, inner, max_size=6),
    max_leaves=24,
)


@settings(max_examples=120, deadline=None)
@given(st.dictionaries(keys, values, max_size=8))
def test_reads_back_as_the_data(data) -> None:  # type: ignore[no-untyped-def]
    text = dump_fast(data)
    assert yaml.load(text, Loader=Loader) == data
    assert yaml.load(text, Loader=yaml.SafeLoader) == data


def test_small_records_are_one_line_each_and_big_containers_are_blocks() -> None:
    units = {
        f"u{i}": {"type": "t64", "hex": "001001", "markers": [], "flags": {}} for i in range(30)
    }
    text = dump_fast({"format": "tabletop/game@1", "state": {"turn": 1, "units": units}})
    assert len(text.splitlines()) == 4 + 30
    assert text.splitlines()[:7] == [
        "format: tabletop/game@1",
        "state:",
        "  turn: 1",
        "  units:",
        '    u0: {type: t64, hex: "001001", markers: [], flags: {}}',
        '    u1: {type: t64, hex: "001001", markers: [], flags: {}}',
        '    u2: {type: t64, hex: "001001", markers: [], flags: {}}',
    ]
