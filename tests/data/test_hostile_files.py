"""Hostile and broken files (issue 16): each class gives ``FILE:LINE:COLUMN: message`` and
exit 1, never a traceback, an "internal error", a hang or another file's content.

Every case starts from copies of the bundled files in ``tmp_path`` and breaks one thing.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop import paths
from tests.helpers.hostile import COUNTERS, FIRE, MAP, SCENARIO, assert_located, edit, run, validate


def test_hexside_feature_as_a_list(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(tree / MAP, "feature: river}", "feature: [river]}")
    validate(capsys, tree / SCENARIO, where=tree / MAP)
    validate(capsys, tree / MAP, "hexside feature must be a name")
    code, output = run(capsys, "act", str(tree / SCENARIO), "draw")
    assert code == 1
    assert_located(output, tree / MAP)


def test_chart_without_the_maps_default_terrain(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chart = (tree / "maps/standard.yaml").read_text(encoding="utf-8")
    start = chart.index("  clear:\n")
    end = chart.index("\n  crops:")
    (tree / "maps/mychart.yaml").write_text(chart[:start] + chart[end + 1 :], encoding="utf-8")
    edit(tree / MAP, "terrain: standard", "terrain: mychart.yaml")
    validate(capsys, tree / MAP, "clear")
    code, output = run(capsys, "los", str(tree / MAP), "0304", "0810")
    assert code == 1
    assert_located(output, tree / MAP)


def test_counter_side_null(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's ``{name: Milan, kind: sw, target: unarmored, full: null}``."""
    edit(
        tree / COUNTERS,
        "    full:\n      ap: {firepower: 3, range: 13, hit: 4, missile: true}\n"
        "      movement: 0              # a support weapon moves with its platoon\n",
        "    full: null\n",
    )
    validate(capsys, tree / COUNTERS, "'full' side, not null")
    code, output = run(capsys, "odds", str(tree / SCENARIO), *FIRE)
    assert code == 1
    assert_located(output, tree / COUNTERS)


@pytest.mark.parametrize("firepower", ["2000", "10000000000000000000000"])
def test_huge_firepower(tree: Path, capsys: pytest.CaptureFixture[str], firepower: str) -> None:
    edit(tree / COUNTERS, "ap: {firepower: 3,", f"ap: {{firepower: {firepower},")
    validate(capsys, tree / COUNTERS, "firepower must be between 1 and 30")
    code, output = run(capsys, "odds", str(tree / SCENARIO), *FIRE)
    assert code == 1
    assert_located(output, tree / COUNTERS)


def test_superscript_level_digit(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = ["." * 4] * 3
    text = (
        "format: tabletop/map@1\nname: tiny\nterrain: standard\n"
        + "rows:\n"
        + "".join(f'  - "{r}"\n' for r in rows)
        + 'levels:\n  - "0000"\n  - "01\u00b20"\n  - "0000"\n'
    )
    path = tree / "maps/tiny.yaml"
    path.write_text(text, encoding="utf-8")
    validate(capsys, path, "unknown level digit")


def test_chart_path_too_long(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(tree / MAP, "terrain: standard", "terrain: " + "a" * 300 + ".yaml")
    validate(capsys, tree / MAP, "terrain chart")


@pytest.mark.parametrize(
    ("where", "old", "new", "word"),
    [
        (COUNTERS, "ap: {firepower: 3,", "ap: {firepower: 2000,", "firepower"),
        (COUNTERS, "movement: 8\n", "movement: 100000000\n", "movement"),
        (SCENARIO, "kampfgruppe: {chits: 2}", "kampfgruppe: {chits: 100000000}", "chits"),
        (SCENARIO, "kampfgruppe: {chits: 2}", "kampfgruppe: {chits: 5000000}", "chits"),
        (SCENARIO, "turns: 8", "turns: 100000000", "turns"),
        (SCENARIO, "recon_range: 4}", "recon_range: 100000000}", "recon_range"),
        (MAP, "grid: {columns: 20, rows: 15}", "grid: {columns: 999, rows: 999}", "too large"),
        (MAP, "grid: {columns: 20, rows: 15}", "grid: {columns: 400, rows: 400}", "too large"),
    ],
)
def test_bounds(
    tree: Path,
    capsys: pytest.CaptureFixture[str],
    where: str,
    old: str,
    new: str,
    word: str,
) -> None:
    edit(tree / where, old, new)
    validate(capsys, tree / SCENARIO, word, where=tree / where)


def test_squad_bounds(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    squad = tree / "counters/squad.yaml"
    text = squad.read_text(encoding="utf-8")
    count = re.search(r"count: (\d+)", text)
    assert count is not None
    squad.write_text(text.replace(count.group(0), "count: 1000000000", 1), encoding="utf-8")
    validate(capsys, squad, "count must be between 1 and 50")
    demo = tree / "scenarios/demo-squad.yaml"
    edit(demo, "options: {bunker_wounds: 5,", "options: {mine_attack: {dice: 100000000}, ")
    validate(capsys, demo, "dice must be between 1 and 30")


def test_many_unknown_keys_stay_linear(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keys = "".join(f"key{i}: {i}\n" for i in range(20_000))
    edit(tree / MAP, "name: ", keys + "name: ")
    code, output = run(capsys, "validate", str(tree / MAP))
    assert code == 1
    assert_located(output, tree / MAP, "unknown key 'key0'")
    assert "more problems" in output  # not 20,000 lines


# --- references and other files' content --------------------------------------------------

SECRET = "hunter2-the-secret-password"


@pytest.mark.parametrize(
    "ref",
    ["/etc/passwd", "../../../../../../../etc/hostname", "/dev/zero", "SECRET", "../../SECRET"],
)
@pytest.mark.parametrize("key", ["map", "counters"])
def test_references_outside_are_refused_unread(
    tree: Path, capsys: pytest.CaptureFixture[str], ref: str, key: str
) -> None:
    secret = tree.parent / f"{tree.name}-secret.yaml"
    secret.write_text(f"{SECRET}\n", encoding="utf-8")
    ref = ref.replace("SECRET", f"{tree.name}-secret.yaml")
    old = "map: ../maps/eisenbach-valley.yaml" if key == "map" else "counters: [../counters/"
    new = f"map: {ref}" if key == "map" else f"counters: [{ref}, ../counters/"
    edit(tree / SCENARIO, old, new)
    for argv in (
        ["validate", str(tree / SCENARIO)],
        ["act", str(tree / SCENARIO), "draw", "--json"],
        ["los", str(tree / SCENARIO), "0304", "0810"],
    ):
        code, output = run(capsys, *argv)
        assert code == 1
        assert SECRET not in output and "root:" not in output
        assert "Traceback" not in output


@pytest.mark.parametrize("content", [f"{SECRET}\n", f"- {SECRET}\n", f"{SECRET}: 1\n"])
def test_a_referenced_file_is_never_quoted(
    tree: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    (tree / "maps/notes.yaml").write_text(content, encoding="utf-8")
    edit(tree / SCENARIO, "map: ../maps/eisenbach-valley.yaml", "map: ../maps/notes.yaml")
    code, output = run(capsys, "validate", str(tree / SCENARIO))
    assert code == 1 and SECRET not in output
    assert "not a tabletop YAML file" in output or "format" in output


def test_references_inside_the_allowed_folders_work(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The sibling layout (``../maps/``), a file beside the scenario, the bundled files."""
    shutil.copy(tree / MAP, tree / "scenarios/valley.yaml")
    edit(tree / "scenarios/valley.yaml", "terrain: standard", "terrain: ../maps/standard.yaml")
    edit(tree / SCENARIO, "map: ../maps/eisenbach-valley.yaml", "map: valley.yaml")
    edit(tree / SCENARIO, "counters: [../counters/", f"counters: [{paths.COUNTERS}/")
    code, output = run(capsys, "validate", str(tree / SCENARIO))
    assert code == 0, output


def test_reference_must_be_yaml(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "maps/valley.txt").write_text("x", encoding="utf-8")
    edit(tree / SCENARIO, "map: ../maps/eisenbach-valley.yaml", "map: ../maps/valley.txt")
    validate(capsys, tree / SCENARIO, "must name a .yaml or .yml file")


Mutation = Callable[[dict[str, object]], None]


def test_a_chart_of_no_terrain_type(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22: a chart without clear (without any terrain type): located errors from
    validate and act, never an internal error or a KeyError."""
    chart = (tree / "maps/standard.yaml").read_text(encoding="utf-8")
    start, end = chart.index("\nterrain:\n"), chart.index("\nhexsides:")
    (tree / "maps/mychart.yaml").write_text(
        chart[:start] + "\nterrain: {}\n" + chart[end:], encoding="utf-8"
    )
    edit(tree / MAP, "terrain: standard", "terrain: mychart.yaml")
    validate(capsys, tree / "maps/mychart.yaml", "defines no terrain type")
    validate(capsys, tree / SCENARIO, "is not in its chart", where=tree / MAP)
    for argv in (["act", str(tree / SCENARIO), "draw"], ["los", str(tree / MAP), "0304", "0810"]):
        code, output = run(capsys, *argv)
        assert code == 1
        assert_located(output, tree / MAP)
