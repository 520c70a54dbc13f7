"""load -> save -> load gives equal models: maps, counters, scenarios, saved games."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import data
from tabletop.data import yamlsafe
from tabletop.hexgrid import HexSide
from tabletop.model import Figure, GameState, HexCell, HexMap, LogEntry, Pending, Scenario, Status
from tabletop.paths import ROOT
from tests.helpers.datafiles import COUNTERS, MAP, SCENARIO, Write

CHART = data.load_chart("standard")
TERRAIN = [t for t in CHART.terrain if t != "bunker"]
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip


@st.composite
def hexmaps(draw: st.DrawFn) -> HexMap:
    from tabletop.model import Grid

    grid = Grid(draw(st.integers(1, 12)), draw(st.integers(1, 12)))
    hexmap = HexMap("Random", CHART, grid, draw(st.sampled_from(TERRAIN)), chart_ref="standard")
    hexes = list(hexmap.all_hexes())
    for h in draw(st.lists(st.sampled_from(hexes), max_size=30)):
        hexmap.cells[h] = HexCell(draw(st.sampled_from(TERRAIN)), draw(st.integers(0, 12)))
    for h in draw(st.lists(st.sampled_from(hexes), max_size=20)):
        neighbors = hexmap.neighbors(h)
        if neighbors:
            side = HexSide.between(h, draw(st.sampled_from(neighbors)))
            feature = draw(st.sampled_from(sorted(CHART.hexsides)))
            have = hexmap.hexsides.get(side, ())
            if feature not in have:
                hexmap.hexsides[side] = (*have, feature)
    return hexmap


@SETTINGS
@given(hexmap=hexmaps(), form=st.sampled_from(["hexes", "rows"]))
def test_map_round_trip(tmp_path: Path, hexmap: HexMap, form: str) -> None:
    path = tmp_path / "map.yaml"
    data.save_map(hexmap, path, form=form)
    loaded = data.load_map(path)
    assert loaded == hexmap
    data.save_map(loaded, path, form="hexes" if form == "rows" else "rows")
    assert data.load_map(path) == hexmap


def test_rows_and_hexes_forms_load_equal(write: Write) -> None:
    a = write("a.yaml", """\
        format: tabletop/map@1
        terrain: standard
        grid: {columns: 3, rows: 2}
        rows: [".w~", "t.."]
        levels: ["010", "002"]
        hexes: {"0102": {terrain: town, level: 3}}
        """)  # fmt: skip
    b = write("b.yaml", """\
        format: tabletop/map@1
        terrain: standard
        grid: {columns: 3, rows: 2}
        hexes:
          "0201": {terrain: woods, level: 1}
          "0301": water
          "0102": {terrain: town, level: 3}
          "0302": {terrain: clear, level: 2}
        """)  # fmt: skip
    assert data.load_map(a) == data.load_map(b)
    assert data.load_map(a) == data.load_map(a)
    assert data.load_map(a).cell(data.load_map(a).parse("0102")) == HexCell("town", 3)


def test_bundled_maps_both_forms(tmp_path: Path) -> None:
    for path in sorted((ROOT / "maps").glob("*.yaml")):
        if path.name == "standard.yaml":
            continue
        hexmap = data.load_map(path)
        for form in ("rows", "hexes"):
            data.save_map(hexmap, tmp_path / f"{form}.yaml", form=form)
            assert data.load_map(tmp_path / f"{form}.yaml") == hexmap


def test_unquoted_labels_read_as_written(write: Write) -> None:
    path = write("m.yaml", """\
        format: tabletop/map@1
        grid: {columns: 10, rows: 10}
        hexes: {0304: woods, 0909: town}
        hexsides: [{between: [0304, 0305], feature: river}]
        """)  # fmt: skip
    hexmap = data.load_map(path)
    assert hexmap.terrain(hexmap.parse("0304")).name == "woods"
    assert hexmap.terrain(hexmap.parse("0909")).name == "town"


ratings = st.one_of(st.none(), st.builds(
    lambda f, r, h, m: {"firepower": f, "range": r, "hit": h, "missile": m},
    st.integers(1, 6), st.integers(0, 20), st.integers(1, 6), st.booleans()))  # fmt: skip
sides = st.fixed_dictionaries(
    {"movement": st.integers(0, 12), "morale": st.integers(2, 12)},
    optional={"ap": ratings, "he": ratings, "armor": st.integers(0, 4), "save": st.integers(1, 6),
              "assault": st.builds(lambda f, h: {"factor": f, "hit": h},
                                   st.integers(0, 4), st.integers(1, 6))},
)  # fmt: skip
platoon_types = st.fixed_dictionaries(
    {"kind": st.sampled_from(["tank", "infantry", "apc", "recon"]),
     "target": st.sampled_from(["armored", "light_armored", "unarmored"]), "full": sides},
    optional={"reduced": sides, "moving_fire": st.booleans(), "amphibious": st.booleans(),
              "capacity": st.integers(0, 3), "nation": st.sampled_from(["US", "FRG"]),
              "tec_column": st.sampled_from(["troops", "vehicles"])},
)  # fmt: skip
squad_types = st.fixed_dictionaries(
    {"figures": st.integers(1, 10), "model": st.sampled_from(["soldier", "cavalry", "hmg"])},
    optional={"fire": st.builds(lambda d, r, h: {"dice": d, "range": r, "hit": h},
                                st.integers(1, 4), st.integers(1, 12), st.integers(1, 6)),
              "steadiness": st.one_of(st.none(), st.integers(2, 12)),
              "save_class": st.sampled_from(["normal", "elite", "conspicuous"]),
              "accuracy": st.lists(st.integers(1, 6), min_size=1, max_size=3),
              "ammo": st.integers(0, 20), "sapper": st.booleans()},
)  # fmt: skip


@SETTINGS
@given(
    ruleset=st.sampled_from(["platoon", "squad"]),
    entries=st.data(),
)
def test_counters_round_trip(tmp_path: Path, ruleset: str, entries: st.DataObject) -> None:
    strategy = platoon_types if ruleset == "platoon" else squad_types
    units = entries.draw(st.dictionaries(st.from_regex(r"[A-Z][A-Z0-9_]{0,6}", fullmatch=True),
                                         strategy, min_size=1, max_size=4))  # fmt: skip
    src = tmp_path / "src.yaml"
    src.write_text(yamlsafe.dump_text({"format": "tabletop/counters@1", "ruleset": ruleset,
                                       "units": units}))  # fmt: skip
    cf = data.load_counters(src)
    data.save_counters(cf, tmp_path / "out.yaml")
    assert data.load_counters(tmp_path / "out.yaml") == cf


def _same_scenario(a: Scenario, b: Scenario) -> bool:
    def strip(s: Scenario) -> Scenario:
        return dataclasses.replace(s, path=None, map_ref="", counter_refs=[])

    return strip(a) == strip(b)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml")))
def test_bundled_scenario_round_trip_to_another_folder(tmp_path: Path, name: str) -> None:
    sc = data.load_scenario(ROOT / "scenarios" / name)
    out = tmp_path / "elsewhere" / "deeper" / name
    out.parent.mkdir(parents=True)
    data.save_scenario(sc, out)
    again = data.load_scenario(out)
    assert _same_scenario(again, data.load_scenario(ROOT / "scenarios" / name))
    assert (
        again.map.path is not None
        and again.map.path.resolve() == (ROOT / "maps" / Path(again.map_ref).name).resolve()
    )


def test_scenario_refs_kept_as_written_in_same_folder(scenario_files: Path) -> None:
    sc = data.load_scenario(scenario_files)
    assert (sc.map_ref, sc.counter_refs) == ("map.yaml", ["counters.yaml"])
    data.save_scenario(sc, scenario_files.parent / "copy.yaml")
    text = (scenario_files.parent / "copy.yaml").read_text()
    assert "map: map.yaml" in text and "counters: [counters.yaml]" in text


def test_support_weapon_units(scenario_files: Path) -> None:
    sc = data.load_scenario(scenario_files)
    inf = next(u for u in sc.units if u.id == "i-1")
    sw = next(u for u in sc.units if u.id == "i-1-sw")
    assert inf.sw == "i-1-sw"
    assert (sw.type_id, sw.side, sw.formation, sw.hex, sw.sw_of) == (
        "MILAN", "blue", "alpha", inf.hex, "i-1")  # fmt: skip


def _play(game: GameState, moves: list[tuple[str, str, int]]) -> None:
    """Change the state the way play would, without the rules."""
    hexmap = game.scenario.map
    for i, (uid, label, face) in enumerate(moves):
        unit = game.units[uid]
        unit.hex = hexmap.parse(label)
        unit.status = Status.DISRUPTED if face < 3 else unit.status
        if face == 6:
            unit.add_marker("ops_complete")
        unit.flags["hexes_moved"] = i
        game.log.append(LogEntry("move", {"units": [uid], "to": [label]}, [face, 7 - face],
                                 game.turn, unit.side, f"{uid} moves to {label}"))  # fmt: skip
    game.turn += 1
    game.cup = game.cup[1:]
    game.active_formation = "alpha"
    game.pending = Pending(
        "opportunity_fire",
        "t-1",
        "0303",
        firers=("i-1",),
        path_left=("0304",),
        mp_left=3,
        hexes=1,
        shots=1,
        request={"units": ["t-1"]},
    )
    game.flags["rallied"] = ["t-1"]  # (a flag the ruleset declares: tabletop.model.flagspec)
    game.flags["action_taken"] = True


@SETTINGS
@given(
    moves=st.lists(
        st.tuples(st.sampled_from(["t-1", "i-1", "t-2", "i-1-sw"]),
                  st.sampled_from(["0101", "0202", "0405", "1008"]), st.integers(1, 6)),
        max_size=6,
    ),
)  # fmt: skip
def test_game_round_trip(tmp_path: Path, moves: list[tuple[str, str, int]]) -> None:
    (tmp_path / "map.yaml").write_text(MAP)
    (tmp_path / "counters.yaml").write_text(COUNTERS)
    (tmp_path / "scenario.yaml").write_text(SCENARIO)
    game = data.load_scenario(tmp_path / "scenario.yaml").new_game()
    _play(game, moves)
    data.save_game(game, tmp_path / "game.yaml")
    loaded = data.load_game(tmp_path / "game.yaml")
    assert loaded.same_as(game)
    assert _same_scenario(loaded.scenario, game.scenario)
    assert data.load_document(tmp_path / "game.yaml").same_as(game)


def test_squad_game_keeps_figures(tmp_path: Path) -> None:
    game = data.load_scenario(ROOT / "scenarios" / "demo-squad.yaml").new_game()
    unit = next(u for u in game.units.values() if u.figures)
    unit.figures[0] = Figure(unit.figures[0].model, 1, True)
    unit.ammo = 3
    data.save_game(game, tmp_path / "g.yaml")
    assert data.load_game(tmp_path / "g.yaml").same_as(game)


def test_save_keeps_old_file_when_dump_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(ROOT / "maps" / "village.yaml", tmp_path / "village.yaml")
    hexmap = data.load_map(tmp_path / "village.yaml")
    hexmap.path = None  # a map of no file: written anew by the dumper (no text to keep)
    before = (tmp_path / "village.yaml").read_bytes()

    def boom(*args: object, **kwargs: object) -> str:
        raise RuntimeError("dumper failed")

    monkeypatch.setattr(yamlsafe.yaml, "dump", boom)
    with pytest.raises(RuntimeError):
        data.save_map(hexmap, tmp_path / "village.yaml")
    assert (tmp_path / "village.yaml").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["village.yaml"]
