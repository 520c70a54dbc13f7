"""``tabletop validate`` and validate_file: every problem with FILE:LINE:COLUMN."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.data import validate_file
from tests.helpers.datafiles import COUNTERS, MAP, SCENARIO, Write


def run(capsys: pytest.CaptureFixture[str], *files: str | Path) -> tuple[int, list[str]]:
    code = main(["validate", *map(str, files)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out.splitlines()


def messages(path: Path) -> list[str]:
    errors, _ = validate_file(path)
    return [str(p) for p in errors]


def test_valid_scenario_exits_0(capsys: pytest.CaptureFixture[str], scenario_files: Path) -> None:
    code, lines = run(capsys, scenario_files)
    assert code == 0
    assert lines == ["1 file valid (0 warnings)"]


def test_three_problems_in_two_files(capsys: pytest.CaptureFixture[str], write: Write) -> None:
    write("map.yaml", MAP.replace('"0304": woods', '"0304": wods'))
    write("counters.yaml", COUNTERS)
    scenario = write(
        "scenario.yaml",
        SCENARIO.replace('hex: "0908"', 'hex: "2020"').replace("turns: 6", "turns: six"),
    )
    code, lines = run(capsys, scenario)
    assert code == 1
    map_path, sc_path = str(scenario.parent / "map.yaml"), str(scenario)
    assert f"{map_path}:7:11: unknown terrain 'wods' (did you mean 'woods'?)" in lines
    assert f"{sc_path}:13:61: hex 2020 is outside the map (10 x 8)" in lines
    assert f"{sc_path}:9:8: turns must be a whole number, not a string ('six')" in lines
    assert lines[-1].startswith("1 of 1 file invalid: 3 errors")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("type: TANK, side: blue", "type: TANKK, side: blue", "unknown unit type 'TANKK' (did you mean 'TANK'?)"),  # noqa: E501
        ("side: red,", "side: redd,", "unknown side 'redd' (did you mean 'red'?)"),
        ("formation: bravo", "formation: brav", "unknown formation 'brav' (did you mean 'bravo'?)"),
        ("marker: wreck", "marker: wreak", "unknown hex marker 'wreak' (did you mean 'wreck'?)"),
        ("turns: 6", "turns: 6\nrules: [minefield]", "unknown module 'minefield' (did you mean 'minefields'?)"),  # noqa: E501
        ("turns: 6", "turns: 6\noptions: {stacknig: 2}", "unknown key 'stacknig' in options (did you mean 'stacking'?)"),  # noqa: E501
        ("turns: 6", "turns: 6\nturn: 5", "unknown key 'turn' in the scenario (did you mean 'turns'?)"),  # noqa: E501
        ("id: i-1", "id: t-1", "duplicate unit id 't-1'"),
        ('hex: "0101"', 'hex: "01x1"', "bad hex label '01x1'"),
        ("map: map.yaml", "map: nomap.yaml", "map file 'nomap.yaml' not found (tried"),
        ("turns: 6", "turns: 0", "turns must be between 1 and 200, not 0"),
        ("format: tabletop/scenario@1", "format: tabletop/scenario@7", "is newer than this version"),  # noqa: E501
        ("format: tabletop/scenario@1", "format: tabletop/scenaro@1", "unknown format"),
        ("formations: {bravo: {chits: 1}}", "formations: {}", "unknown formation 'bravo'"),
        ('hex: "0101"', 'hex: "0707"', "t-1 cannot be in 0707: vehicles may not enter building"),
        ('hex: "0102"', 'hex: "0808"', "i-1 cannot be in 0808: only amphibious units may be in water"),  # noqa: E501
    ],
)  # fmt: skip
def test_scenario_problem(write: Write, old: str, new: str, expected: str) -> None:
    write("map.yaml", MAP)
    write("counters.yaml", COUNTERS)
    assert old in SCENARIO
    path = write("scenario.yaml", SCENARIO.replace(old, new, 1))
    found = messages(path)
    assert any(expected in m and m.startswith(f"{path}:") for m in found), found


def test_every_message_has_a_position(write: Write) -> None:
    write("map.yaml", MAP)
    write("counters.yaml", COUNTERS)
    path = write("scenario.yaml", SCENARIO.replace("id: i-1", "id: t-1").replace("blue,", "bleu,"))
    problems = validate_file(path)[0]
    assert len(problems) >= 2, problems  # the duplicate id and the unknown side at least
    for problem in problems:
        assert problem.line >= 1 and problem.column >= 1, problem


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("format: tabletop/counters@1\nruleset: platoon\nunits:\n  X: {name: X, kind: tank, "
         "target: armord, full: {movement: 3}}\n", "unknown target 'armord'"),
        ("format: tabletop/counters@1\nruleset: platoon\nunits:\n  X: {kind: tank, target: armored, "  # noqa: E501
         "full: {ap: {firepower: 3, range: 5, hit: 7}}}\n", "hit must be between 1 and 6, not 7"),
        ("format: tabletop/counters@1\nruleset: platoon\nunits:\n  X: {kind: tank, target: armored, "  # noqa: E501
         "morale: 7, full: {movement: 3}}\n", "morale sits on each side"),
        ("format: tabletop/counters@1\nruleset: squad\nunits:\n  X: {figures: 3, model: soldeir}\n",
         "unknown model 'soldeir' (did you mean 'soldier'?)"),
        ("format: tabletop/counters@1\nruleset: squad\nunits:\n  X: {figures: -2, model: soldier}\n",  # noqa: E501
         "figures must be between 1 and 50, not -2"),
        ("format: tabletop/counters@1\nruleset: squad\nunits:\n  X: {figures: 3, model: soldier, "
         "accuracy: [0, 2]}\n", "an accuracy face must be between 1 and 6, not 0"),
        ("format: tabletop/map@1\ngrid: {columns: 3, rows: 2}\nhexsides:\n  - {side: \"0101/0202\", "  # noqa: E501
         "feature: river}\n", "no hexside between 0101 and 0202"),
        ("format: tabletop/map@1\ngrid: {columns: 3, rows: 2}\nhexsides:\n  - {side: \"0101/0102\", "  # noqa: E501
         "feature: rivr}\n", "unknown hexside feature 'rivr' (did you mean 'river'?)"),
        ("format: tabletop/map@1\ngrid: {columns: 3, rows: 2}\nrows: [\"..w\", \".x.\"]\n",
         "unknown terrain code 'x' in rows row 2"),
        ("format: tabletop/map@1\ngrid: {columns: 3, rows: 2}\nrows: [\"..w\", \"....\"]\n",
         "rows row 2 has 4 characters but the map has 3 columns"),
        ("format: tabletop/map@1\ngrid: {columns: 3, rows: 2}\nhexes: {\"0104\": woods}\n",
         "hex 0104 is outside the map (3 x 2)"),
        ("format: tabletop/map@1\ngrid: {columns: 3, rows: 2}\nterrain: other.yaml\n",
         "terrain chart 'other.yaml' not found (tried"),
        ("format: tabletop/map@1\nname: a\nname: b\ngrid: {columns: 3, rows: 2}\n",
         "duplicate key 'name'"),
        ("name: x\n", "the file has no 'format:' key"),
        ("format: tabletop/map@1\ngrid: {columns: 3, rows: 2}\nhexes: {\"0101\": !!python/object:os.system x}\n",  # noqa: E501
         "unsupported YAML tag"),
    ],
)  # fmt: skip
def test_file_problem(write: Write, text: str, expected: str) -> None:
    path = write("file.yaml", text)
    found = messages(path)
    assert any(expected in m for m in found), found
    assert all(p.startswith(f"{path}:") for p in found)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        ("", "the file is empty"),
        ("key: [unclosed", "not valid YAML"),
        ("\x00\x01binary", "not valid YAML"),
        ("- just\n- a list\n", "must hold a mapping"),
        ("a: 1\n---\nb: 2\n", "not valid YAML"),
    ],
)
def test_unreadable_input_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None, expected: str
) -> None:
    path = tmp_path / "input.yaml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, lines = run(capsys, path)
    assert code == 1
    assert any(expected in line for line in lines), lines


def test_directory_and_non_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(b"name: caf\xe9\n")
    code, lines = run(capsys, tmp_path, bad)
    assert code == 1
    assert any("is a directory" in line for line in lines)
    assert any("not a UTF-8 text file" in line for line in lines)
    assert lines[-1].startswith("2 of 2 files invalid")


def test_python_tag_runs_nothing(write: Write, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    path = write(
        "evil.yaml",
        f"format: tabletop/map@1\n"
        f"name: !!python/object/apply:os.system ['touch {marker}']\n"
        f"grid: {{columns: 3, rows: 2}}\n",
    )
    errors, _ = validate_file(path)
    assert not marker.exists()
    assert [(p.line, p.column) for p in errors if "unsupported YAML tag" in p.message] == [(2, 7)]


@pytest.mark.parametrize("ref", ["/etc/passwd", "../../../../../../etc/hostname", "/dev/zero"])
def test_hostile_map_path_only_reads(write: Write, tmp_path: Path, ref: str) -> None:
    write("counters.yaml", COUNTERS)
    path = write("scenario.yaml", SCENARIO.replace("map: map.yaml", f"map: {ref}"))
    before = {p: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    errors, _ = validate_file(path)
    assert errors  # not a map
    assert {p: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == before


def test_error_in_counters_names_that_file(write: Write) -> None:
    write("map.yaml", MAP)
    counters = write("counters.yaml", COUNTERS.replace("kind: tank", "kind: tnak", 1))
    path = write("scenario.yaml", SCENARIO)
    found = messages(path)
    assert f"{counters}:6:11: unknown kind 'tnak' (did you mean 'tank'?); expected one of " in (
        found[0][: found[0].index("of ") + 3] if found else ""
    )


def test_minefields_and_stacking(write: Write) -> None:
    write("map.yaml", MAP)
    write("counters.yaml", COUNTERS)
    extra = (
        '  - {hex: "0505", marker: minefield_at, side: red}\n'
        '  - {hex: "0606", marker: minefield_ap, side: red}\n'
    )
    stack = "".join(
        f'  - {{id: x-{i}, type: INF, side: red, formation: bravo, hex: "0606"}}\n'
        for i in range(4)
    )
    text = SCENARIO.replace("hex_markers:\n", stack + "hex_markers:\n") + extra
    path = write("scenario.yaml", text)
    found = messages(path)
    assert any("no minefield may lie in 0505: town forbids minefields" in m for m in found)
    assert any("4 units of red in 0606" in m and "stacking allows 3" in m for m in found)
    assert not any("0606: " in m and "minefield" in m for m in found)  # clear hill allows them
    path = write("scenario.yaml", text.replace("turns: 6", "turns: 6\nrules: [moving_fire]"))
    assert any("minefields module is off" in m for m in messages(path))


def test_support_weapon_does_not_stack(write: Write) -> None:
    write("map.yaml", MAP)
    write("counters.yaml", COUNTERS)
    stack = "".join(
        f'  - {{id: y-{i}, type: INF, side: red, formation: bravo, hex: "0606"}}\n'
        for i in range(3)
    )
    path = write("scenario.yaml", SCENARIO.replace("hex_markers:\n", stack + "hex_markers:\n"))
    assert messages(path) == []


def test_platoon_map_with_bunker(write: Write) -> None:
    write(
        "map.yaml",
        MAP.replace('"0203": swamp', '"0203": {terrain: bunker, entrances: ["0203/0204"]}'),
    )
    write("counters.yaml", COUNTERS)
    path = write("scenario.yaml", SCENARIO)
    found = messages(path)
    assert any(m.startswith(f"{path}:4:6: a platoon scenario's map may not use squad-only "
                            "terrain: 0203 (bunker)") for m in found), found  # fmt: skip


def test_a_saved_game_over_the_stacking_limit_is_rejected(
    capsys: pytest.CaptureFixture[str], write: Write
) -> None:
    """A saved game's current position is held to stacking (rules 2.11) as a scenario is:
    the four red units stand apart at the start and together in ``state:``."""
    write("map.yaml", MAP)
    write("counters.yaml", COUNTERS)
    apart = "".join(
        f'  - {{id: x-{i}, type: TANK, side: red, formation: bravo, hex: "020{i + 4}"}}\n'
        for i in range(4)
    )
    game = SCENARIO.replace("tabletop/scenario@1", "tabletop/game@1").replace(
        "hex_markers:\n", apart + "hex_markers:\n"
    )
    state = "state:\n  turn: 1\n  phase: draw\n  units:\n" + "".join(
        f'    x-{i}: {{hex: "0606"}}\n' for i in range(4)
    )
    x3 = 'x-3: {hex: "0606"}'
    assert messages(write("game.yaml", game + state.replace(x3, "x-3: {}"))) == []
    path = write("game.yaml", game + state)
    line = (game + state).splitlines().index(f"    {x3}") + 1
    assert messages(path) == [
        f"{path}:{line}:10: 4 units of red in 0606 (x-0, x-1, x-2, x-3): stacking allows 3"
    ]
    code, lines = run(capsys, path)  # ``tabletop validate``
    assert code == 1 and lines[-1].startswith("1 of 1 file invalid: 1 error")


def test_a_platoon_scenario_on_a_map_with_a_bunker_is_refused(write: Write) -> None:
    write("map.yaml", MAP.replace('"0606": hill', '"0606": bunker'))
    write("counters.yaml", COUNTERS)
    errors, _ = validate_file(write("scenario.yaml", SCENARIO))
    assert [e.message for e in errors if "squad-only" in e.message] == [
        "a platoon scenario's map may not use squad-only terrain: 0606 (bunker)"
    ]
