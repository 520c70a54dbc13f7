"""The text patch (data/textpatch.py): a hand-written file changed in the spans that changed
only, whatever its size; ruamel.yaml is not needed for what it can write."""

from __future__ import annotations

import difflib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import data
from tabletop.data import roundtrip, textpatch
from tabletop.data.textpatch import patched_text
from tabletop.data.yamlsafe import parse_text
from tabletop.hexgrid import OffsetScheme

TEXT = """\
# by hand
name: Test      # the name
grid: {columns: 3, rows: 2}
rows:
  - "..w"   # row 1
  # a note between rows
  - ".t."   # row 2
sides: [nato, 'pact']
units:
  - {id: a, hex: "0101"}   # first
  - id: b
    hex: "0102"
"""


def _old() -> Any:
    value, problems = parse_text(TEXT, "f")
    assert not problems
    return json.loads(json.dumps(value))


def _changed(before: str, after: str) -> list[str]:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return sorted(d for d in diff if d[:1] in "+-" and d[:3] not in ("+++", "---"))


def _patched(new: Any) -> str:
    text = patched_text(TEXT, _old(), new)
    assert text is not None
    value, problems = parse_text(text, "f")
    assert not problems and value == new
    return text


def test_a_changed_scalar_keeps_its_quotes_and_its_comments_column() -> None:
    new = _old()
    new["rows"][1] = "tt."
    new["name"] = "Renamed"
    new["sides"][1] = "warsaw"
    assert _changed(TEXT, _patched(new)) == sorted([
        "-name: Test      # the name", "+name: Renamed   # the name",
        '-  - ".t."   # row 2', '+  - "tt."   # row 2',
        "-sides: [nato, 'pact']", "+sides: [nato, 'warsaw']",
    ])  # fmt: skip


def test_items_and_keys_added_and_removed_touch_their_own_lines() -> None:
    new = _old()
    new["units"].insert(1, {"id": "c", "hex": "0202"})
    new["sides"].append("un")
    del new["grid"]
    new["turns"] = 8
    new["rows"].pop(0)
    assert _changed(TEXT, _patched(new)) == sorted([
        "-grid: {columns: 3, rows: 2}",
        '-  - "..w"   # row 1',
        "-sides: [nato, 'pact']", "+sides: [nato, 'pact', 'un']",  # quoted as its neighbour
        '+  - {id: c, hex: "0202"}',
        "+turns: 8",
    ])  # fmt: skip
    assert "# a note between rows" in _patched(new)


@pytest.mark.parametrize("value", ["yes", "0304", "1e5", "~", "a: b", "", 1.0e20, 0.5, None,
                                   True, 17, "plain", "it's", 'say "hi"'])  # fmt: skip
def test_a_new_value_reads_back_as_itself(value: object) -> None:
    for where in ("name", "sides"):
        new = _old()
        if where == "name":
            new["name"] = value
        else:
            new["sides"][1] = value
        _patched(new)


def test_what_it_cannot_write_safely_is_declined() -> None:
    literal = TEXT + "notes: |\n  one\n  two\n"
    old, _ = parse_text(literal, "f")
    assert patched_text(literal, old, {**json.loads(json.dumps(old)), "notes": "x"}) is None
    assert patched_text("- a\n", ["a"], ["b"]) is None  # not a mapping: the caller's way
    assert patched_text("a: [unclosed\n", {}, {"a": 1}) is None


def _hand_written_map(size: int) -> str:
    """A ``size`` x ``size`` map as an author writes it: comments on every row and between
    the blocks, hexsides one record a line."""
    scheme = OffsetScheme.for_size(size, size)
    codes = ".cwrt"
    grid = f"grid: {{columns: {size}, rows: {size}}}\n"
    out = ["# A big map, by hand.\n", "format: tabletop/map@1\n", "name: Big\n",
           "terrain: standard\n", grid, "rows:\n"]  # fmt: skip
    for r in range(size):
        row = "".join(codes[(r * 7 + c * 3) // 11 % len(codes)] for c in range(size))
        out.append(f'  - "{row}"   # row {r + 1:03}\n')
    out.append("levels:\n")
    out += [f'  - "{"0" * size}"   # row {r + 1:03}\n' for r in range(size)]
    out.append("hexsides:\n  # the road along the first column\n")
    for r in range(1, size):
        a, b = (scheme.label(scheme.from_colrow(1, row)) for row in (r, r + 1))
        out.append(f'  - {{side: "{a}/{b}", feature: road}}   # road {r}\n')
    return "".join(out)


def test_a_big_commented_file_saved_after_one_edit_changes_that_line_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A map of more than MAX_KEPT characters, one hex painted and saved: every comment
    kept, one line changed, made by one edit of characters and no ruamel.yaml at all."""
    path = tmp_path / "big.yaml"
    before = _hand_written_map(180)
    assert len(before) > roundtrip.MAX_KEPT
    path.write_text(before, encoding="utf-8")
    hexmap = data.load_map(path)
    h = hexmap.parse(hexmap.label(hexmap.scheme.from_colrow(5, 90)))
    hexmap.cells[h] = replace(
        hexmap.cells[h], terrain="woods" if hexmap.cells[h].terrain != "woods" else "town"
    )
    edits: list[tuple[int, int, str]] = []
    real_edit = textpatch._Patch.edit

    def counted(self: textpatch._Patch, start: int, end: int, text: str) -> None:
        edits.append((start, end, text))
        real_edit(self, start, end, text)

    def no_ruamel(text: str) -> Any:
        raise AssertionError("ruamel.yaml was used")

    monkeypatch.setattr(textpatch._Patch, "edit", counted)
    monkeypatch.setattr(roundtrip, "_yaml", no_ruamel)
    data.save_map(hexmap, path)
    after = path.read_text(encoding="utf-8")
    changed = _changed(before, after)
    assert len(changed) == 2 and all(c.endswith("# row 090") for c in changed), changed
    assert [ln for ln in before.splitlines() if "#" in ln and "row 090" not in ln] == [
        ln for ln in after.splitlines() if "#" in ln and "row 090" not in ln
    ]
    assert len(edits) == 1 and edits[0][1] - edits[0][0] == 182  # the one row, quotes included
    assert data.load_map(path).cells[h].terrain == hexmap.cells[h].terrain


BUNDLED = [Path(__file__).resolve().parents[2] / p for p in (
    "scenarios/demo-squad.yaml", "scenarios/demo-platoon.yaml", "maps/eisenbach-gap.yaml",
    "maps/village.yaml", "counters/squad.yaml",
)]  # fmt: skip


def _edit(value: Any, draw: st.DrawFn, depth: int = 0) -> Any:
    """``value`` with a few random edits of the kinds an editor makes: a scalar changed,
    a list item removed, copied in or changed, a key removed or added."""
    if isinstance(value, dict) and value:
        out = dict(value)
        key = draw(st.sampled_from(sorted(out)))
        action = draw(st.sampled_from(["deeper", "deeper", "remove", "add"]))
        if action == "remove" and depth > 0:
            del out[key]
        elif action == "add":
            out[f"new_{depth}"] = draw(st.sampled_from([1, "x y", "0304", None, [1, 2]]))
        else:
            out[key] = _edit(out[key], draw, depth + 1)
        return out
    if isinstance(value, list) and value:
        out_list = list(value)
        i = draw(st.integers(0, len(out_list) - 1))
        action = draw(st.sampled_from(["deeper", "remove", "copy"]))
        if action == "remove":
            out_list.pop(i)
        elif action == "copy":
            out_list.insert(draw(st.integers(0, len(out_list))), out_list[i])
        else:
            out_list[i] = _edit(out_list[i], draw, depth + 1)
        return out_list
    return draw(st.sampled_from(["renamed", "0907", 7, True, 0.5, "it's", None]))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_edits_of_a_bundled_file_are_patched_and_read_back(
    path: Path, data: st.DataObject
) -> None:
    text = path.read_text(encoding="utf-8")
    old = json.loads(json.dumps(parse_text(text, "f")[0]))
    new = _edit(old, data.draw)
    patched = patched_text(text, old, new)
    if patched is not None:  # declined: the caller's other way (checked in test_kept_yaml)
        value, problems = parse_text(patched, "f")
        assert not problems and value == new
        kept = [ln for ln in text.splitlines() if ln.lstrip().startswith("#")]
        assert set(kept) <= set(patched.splitlines())  # every comment line is kept
