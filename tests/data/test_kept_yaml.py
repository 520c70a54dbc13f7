"""Hand-written YAML saved by an editor (data/roundtrip.py): only what changed changes in
the text, and the text always reads back to the document's data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tabletop.data.roundtrip import kept_text, new_text, patched
from tabletop.data.yamlsafe import parse_text

ORIGINAL = """\
# A scenario, by hand.
format: tabletop/scenario@1
name: Test   # the name

options: {medic_save: 4}   # the default, written out
flags: [yes, 'no']
units:
  # the defenders
  - {id: a, hex: "0304"}   # in the woods
  - id: b
    hex: "0305"
    markers: [entrenched]
zones:
  nato: [
    "0101", "0102",
    "0201"
  ]
odd: 0304
"""


def _data() -> dict:
    value, problems = parse_text(ORIGINAL, "f")
    assert not problems
    return json.loads(json.dumps(value))  # plain, as a writer's


def _diff(before: str, after: str) -> list[tuple[str, str]]:
    old, new = before.splitlines(), after.splitlines()
    return [(o, n) for o, n in zip(old, new, strict=False) if o != n]


def _reads(text: str) -> object:
    value, problems = parse_text(text, "f")
    assert not problems, problems
    return value


def test_nothing_changed_is_the_original_byte_for_byte() -> None:
    assert kept_text(_data(), ORIGINAL, "h") == ORIGINAL


def test_one_value_changes_one_line() -> None:
    data = _data()
    data["units"][1]["hex"] = "0306"
    text = kept_text(data, ORIGINAL, "h")
    assert _diff(ORIGINAL, text) == [('    hex: "0305"', '    hex: "0306"')]
    assert _reads(text) == data


def test_added_and_removed_items_and_keys() -> None:
    data = _data()
    data["units"].insert(1, {"id": "c", "hex": "0404"})
    del data["flags"]
    data["turns"] = 8
    data["zones"]["nato"].append("0202")
    text = kept_text(data, ORIGINAL, "h")
    assert _reads(text) == data
    assert '  - {id: c, hex: "0404"}\n' in text  # a one-line record among one-line records
    assert "# in the woods" in text and "# the defenders" in text and "flags" not in text
    assert text.index("turns: 8") > text.index("odd: 0304")


@pytest.mark.parametrize("value", ["yes", "0304", "1e5", "~", "a: b", "", 1.0e20, 0.5, None,
                                   True, 17, "plain"])  # fmt: skip
def test_a_new_value_reads_back_as_itself(value: object) -> None:
    data = _data()
    data["name"] = value
    assert _reads(kept_text(data, ORIGINAL, "h")) == data


def test_a_key_the_writer_leaves_out_stays_as_written() -> None:
    """The editor's writer leaves the default options out; the author wrote them."""
    before = _data()
    del before["options"]
    after = {**before, "name": "Renamed"}
    text = kept_text(after, ORIGINAL, "h", before)
    assert _diff(ORIGINAL, text) == [("name: Test   # the name", "name: Renamed # the name")]
    assert patched({"a": 1, "o": 2}, {"a": 1}, {"a": 3}) == {"a": 3, "o": 2}


def test_an_unreadable_or_machine_written_original_is_written_anew() -> None:
    data = {"format": "tabletop/map@1", "name": "M"}
    fresh = new_text(data, "A header.")
    assert fresh == "# A header.\nformat: tabletop/map@1\nname: M\n"
    assert kept_text(data, None, "A header.") == fresh
    assert kept_text(data, '{"format": "tabletop/map@1"}\n', "A header.") == fresh
    assert kept_text(data, "format: [unclosed\n", "A header.") == fresh


def test_a_big_file_keeps_its_comments_without_ruamel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_KEPT the text patch alone keeps the file; where it declines (a block
    scalar changed), the file is written anew rather than run through ruamel.yaml."""
    from tabletop.data import roundtrip

    monkeypatch.setattr(roundtrip, "MAX_KEPT", len(ORIGINAL) - 1)
    data = _data()
    data["name"] = "Renamed"
    assert _diff(ORIGINAL, kept_text(data, ORIGINAL, "h")) == [
        ("name: Test   # the name", "name: Renamed # the name")
    ]
    literal = ORIGINAL + "notes: |\n  one\n  two\n"
    data = _reads(literal)
    assert isinstance(data, dict)
    data = {**json.loads(json.dumps(data)), "notes": "three\n"}
    assert kept_text(data, literal, "h") == new_text(data, "h")


def test_what_the_text_patch_declines_ruamel_keeps() -> None:
    """A value in a block scalar: the text patch declines, ruamel.yaml's round trip and
    the line merge keep every comment of a file within MAX_KEPT."""
    literal = ORIGINAL + "notes: |\n  one\n  two\n"
    data = json.loads(json.dumps(_reads(literal)))
    data["notes"] = "one\nthree\n"
    text = kept_text(data, literal, "h")
    assert _reads(text) == data
    assert _diff(literal, text) == [("  two", "  three")]


def test_a_recovered_scenario_saved_over_its_file_keeps_the_files_comments(
    tmp_path: Path,
) -> None:
    """The recovery file (machine-written) holds the document after a crash; saved back
    over the author's file, that file keeps its comments."""
    from tabletop import data, paths
    from tabletop.data.files import refer_as
    from tabletop.data.machine import dumps
    from tabletop.rules import engine  # noqa: F401  (the rulesets' table)

    for folder, name in (("maps", "village.yaml"), ("counters", "squad.yaml"),
                         ("scenarios", "demo-squad.yaml")):  # fmt: skip
        (tmp_path / folder).mkdir()
        shutil.copy(paths.ROOT / folder / name, tmp_path / folder / name)
    path = tmp_path / "scenarios" / "demo-squad.yaml"
    before = path.read_text(encoding="utf-8")
    recovery = tmp_path / "recovery" / "autosave.yaml"
    recovery.parent.mkdir()
    refer_as(recovery, path)
    try:
        sc = data.load_scenario(path)
        recovery.write_text(dumps(data.scenario_to_dict(sc, recovery)), encoding="utf-8")
        restored = data.load_scenario(recovery)
        unit = next(u for u in restored.units if u.id == "sov-hmg-1")
        unit.hex = restored.map.parse("0907")
        data.save_scenario(restored, path)
    finally:
        refer_as(recovery, None)
    after = path.read_text(encoding="utf-8")
    assert _diff(before, after) == [
        ('  - {id: sov-hmg-1, type: HMG_TEAM, side: soviet, hex: "0906"}        # in the bunker',
         '  - {id: sov-hmg-1, type: HMG_TEAM, side: soviet, hex: "0907"}        # in the bunker')
    ]  # fmt: skip
