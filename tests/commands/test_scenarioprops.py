"""The scenario-level edits: each computes a new value or refuses with a reason, the
command undoes and redoes exactly, the document reports what changed, and a scenario so
edited saves a file that validates and loads back the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import data
from tabletop.commands import EditScenarioProps
from tabletop.commands import scenarioprops as P
from tabletop.documents import ScenarioChanged, ScenarioDocument
from tabletop.model import (
    MODULE_INFO,
    MODULES,
    OPTION_INFO,
    MineAttack,
    Options,
    Reinforcement,
    UnitState,
    modules_of,
    options_of,
)
from tabletop.rules.engine import ruleset_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def platoon_file() -> Path:
    return ROOT / "scenarios" / "hold-the-crossroads.yaml"


@pytest.fixture
def doc(platoon_file: Path) -> ScenarioDocument:
    return ScenarioDocument(data.load_scenario(platoon_file))


@pytest.fixture(scope="module")
def squad_template() -> Path:
    return ROOT / "scenarios" / "demo-squad.yaml"


def push(doc: ScenarioDocument, text: str, **values: object) -> list[object]:
    events: list[object] = []
    unsubscribe = doc.subscribe(events.append)
    doc.push(EditScenarioProps(doc.scenario, text, **values))
    unsubscribe()
    return [e for e in events if isinstance(e, ScenarioChanged)]


def test_descriptions_cover_every_module_and_option() -> None:
    assert set(OPTION_INFO) == set(Options.names())
    assert {m.name for r in ("platoon", "squad") for m in modules_of(r)} == set(MODULE_INFO)
    for ruleset in ("platoon", "squad"):
        assert {m.name for m in modules_of(ruleset)} == MODULES[ruleset]
        assert options_of(ruleset) and ruleset_for(ruleset).description
    for info in [*MODULE_INFO.values(), *OPTION_INFO.values()]:
        assert info.text and info.rules and info.rulesets
    assert MODULES["squad"] >= {"cover_saves", "medics"} and "medics" not in MODULES["platoon"]


def test_turns_name_and_notes_undo_redo(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    events = push(doc, "Set turns", turns=P.checked_turns(sc, 12))
    assert sc.turns == 12 and events == [ScenarioChanged(frozenset({"turns"}))]
    doc.undo()
    assert sc.turns == 8
    doc.redo()
    assert sc.turns == 12
    with pytest.raises(ValueError, match="1 to 200"):
        P.checked_turns(sc, 0)


def test_sides_names_colours_and_formations(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    push(doc, "Rename", sides=P.renamed_side(sc, "nato", "Bundeswehr"))
    push(doc, "Colour", sides=P.recoloured_side(sc, "pact", "#aa2200"))
    assert sc.sides["nato"].name == "Bundeswehr" and sc.sides["pact"].color == "#aa2200"
    with pytest.raises(ValueError, match="looks like"):
        P.recoloured_side(sc, "pact", "red")
    push(doc, "Add", sides=P.with_formation(sc, "nato", "recon", 2))
    assert sc.sides["nato"].formations == {"kampfgruppe": 2, "recon": 2}
    assert sorted(sc.initial_cup()).count("recon") == 2
    with pytest.raises(ValueError, match="already a formation"):
        P.with_formation(sc, "pact", "recon")
    push(doc, "Rename formation", **P.renamed_formation(sc, "nato", "kampfgruppe", "kg_nord"))
    assert {u.formation for u in sc.units if u.side == "nato"} == {"kg_nord"}
    with pytest.raises(ValueError, match="belong to kg_nord"):
        P.without_formation(sc, "nato", "kg_nord")
    push(doc, "Remove", sides=P.without_formation(sc, "nato", "recon"))
    for _ in range(5):
        doc.undo()
    assert sc.sides["nato"].name == "NATO" and sc.sides["pact"].color is None
    assert {u.formation for u in sc.units if u.side == "nato"} == {"kampfgruppe"}


def test_side_added_and_removed_with_reasons(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    push(doc, "Add side", sides=P.with_side(sc, "neutral", "Neutral"))
    assert sc.sides["neutral"].formations == {"neutral_1": 1}
    with pytest.raises(ValueError, match="still has"):
        P.without_side(sc, "nato")
    push(doc, "Remove side", **P.without_side(sc, "neutral"))
    assert "neutral" not in sc.sides
    with pytest.raises(ValueError, match="one word"):
        P.with_side(sc, "two words", "x")


def test_modules_absent_means_all(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    assert sc.rules is not None and "extended_range" not in sc.rules
    push(doc, "Use", rules=P.with_module(sc, "extended_range", True))
    push(doc, "Use", rules=P.with_module(sc, "close_combat", True))
    push(doc, "Use", rules=P.with_module(sc, "entrenchment", True))
    push(doc, "Use", rules=P.with_module(sc, "indirect_fire", True))
    assert sc.rules is None  # every module on: no rules: key
    push(doc, "Leave out", rules=P.with_module(sc, "concealment", False))
    assert sc.rules == MODULES["platoon"] - {"concealment"} and not sc.module("concealment")
    with pytest.raises(ValueError, match="not a module of the platoon"):
        P.with_module(sc, "medics", True)


def test_options_checked(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    push(doc, "Set", options=P.with_option(sc, "opfire_per_hex", None))
    push(doc, "Set", options=P.with_option(sc, "mine_attack", MineAttack(4, 4)))
    assert sc.options.to_dict()["opfire_per_hex"] == "unlimited"
    assert sc.options.mine_attack == MineAttack(4, 4)
    for name, bad in [("stacking", 0), ("range_count", "far"), ("maneuver_fraction", 2.0),
                      ("medic_save", 7), ("mine_attack", MineAttack(3, 9))]:  # fmt: skip
        with pytest.raises(ValueError, match=name):
            P.with_option(sc, name, bad)


def test_victory_hexes_toggle(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    h = sc.map.parse("0505")
    push(doc, "Victory", victory=P.toggled_victory(sc, h))
    assert h in P.victory_hexes(sc) and sc.victory["hexes"][-1] == "0505"
    push(doc, "Victory", victory=P.toggled_victory(sc, h))
    assert h not in P.victory_hexes(sc)
    doc.undo()
    assert h in P.victory_hexes(sc)


def test_reinforcements_add_change_remove(squad_template: Path, tmp_path: Path) -> None:
    doc = ScenarioDocument(data.load_scenario(squad_template))
    sc = doc.scenario
    n = len(sc.reinforcements)
    h = sc.map.parse("0101")
    new, entry = P.with_reinforcement(sc, 3, "RIFLE_SQUAD", "german", h)
    push(doc, "Add", reinforcements=new)
    assert entry.unit.formation is None and entry.unit.id not in {u.id for u in sc.units}
    new2, entry2 = P.with_reinforcement(sc, 4, "RIFLE_SQUAD", "german", h)
    assert entry2.unit.id != entry.unit.id  # fresh ids count the reinforcements too
    push(doc, "Add", reinforcements=new2)
    changed = P.changed_reinforcements(sc, [n, n + 1], side="soviet", landed=True)
    push(doc, "Change", reinforcements=changed)
    assert [(r.unit.side, r.landed) for r in sc.reinforcements[n:]] == [("soviet", True)] * 2
    with pytest.raises(ValueError, match="taken"):
        P.changed_reinforcements(sc, [n + 1], id=sc.reinforcements[n].unit.id)
    with pytest.raises(ValueError, match="turns 1 to 8"):
        P.changed_reinforcements(sc, [n], turn=9)
    with pytest.raises(ValueError, match="would never reach"):
        P.checked_turns(sc, 3)
    push(doc, "Remove", reinforcements=P.without(sc.reinforcements, [n]))
    assert len(sc.reinforcements) == n + 1
    (tmp_path / "scenarios").mkdir()
    for folder in ("maps", "counters"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    out = tmp_path / "scenarios" / "edited.yaml"
    data.save_scenario(sc, out)
    assert data.validate_file(out)[0] == []
    last = data.load_scenario(out).reinforcements[-1]
    assert (last.turn, last.unit.side, last.unit.type_id, last.landed) == (
        4, "soviet", "RIFLE_SQUAD", True)  # fmt: skip
    doc.undo()
    doc.undo()
    assert [r.unit.side for r in sc.reinforcements[n:]] == ["german", "german"]


def test_a_platoon_scenario_takes_no_new_reinforcements(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    with pytest.raises(ValueError, match="platoon ruleset brings no reinforcements"):
        P.with_reinforcement(sc, 3, "M48", "nato", sc.map.parse("0101"))
    # one a file already has may still change: a new side brings its first formation
    sc.reinforcements.append(
        Reinforcement(3, UnitState("m48-9", "M48", "nato", None, "kampfgruppe"))
    )
    [r] = P.changed_reinforcements(sc, [0], side="pact")
    assert (r.unit.side, r.unit.formation) == ("pact", "1st_tank")


def test_air_strikes_squad_only(doc: ScenarioDocument, squad_template: Path) -> None:
    with pytest.raises(ValueError, match="squad rule"):
        P.with_air_strike(doc.scenario, 1, "nato", "M48", doc.scenario.map.parse("0101"))
    sq = ScenarioDocument(data.load_scenario(squad_template))
    sc = sq.scenario
    assert {"MEDIUM_BOMBER", "HEAVY_BOMBER"} <= set(P.aircraft_types(sc))
    assert "RIFLE_SQUAD" not in P.aircraft_types(sc)
    before = len(sc.air_strikes)
    push(sq, "Add", air_strikes=P.with_air_strike(sc, 5, "soviet", "HEAVY_BOMBER",
                                                  sc.map.parse("0303")))  # fmt: skip
    push(sq, "Target", air_strikes=P.changed_air_strikes(sc, [before], hex=sc.map.parse("0404")))
    assert sc.air_strikes[-1].hex == sc.map.parse("0404") and sc.air_strikes[-1].turn == 5
    with pytest.raises(ValueError, match="no aircraft"):
        P.changed_air_strikes(sc, [0], aircraft="RIFLE_SQUAD")
    push(sq, "First", first=P.checked_first(sc, "soviet"))
    assert sc.first == "soviet"


def test_edited_scenario_saves_valid_and_loads_back(doc: ScenarioDocument, tmp_path: Path) -> None:
    sc = doc.scenario
    push(doc, "Colour", sides=P.recoloured_side(sc, "nato", "#123456"))
    push(doc, "Turns", turns=10)
    push(doc, "Module", rules=P.with_module(sc, "concealment", False))
    push(doc, "Option", options=P.with_option(sc, "recon_range", 6))
    push(doc, "Victory", victory=P.toggled_victory(sc, sc.map.parse("0505")))
    (tmp_path / "scenarios").mkdir()
    for folder in ("maps", "counters"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    out = tmp_path / "scenarios" / "edited.yaml"
    data.save_scenario(sc, out)
    errors, _ = data.validate_file(out)
    assert errors == []
    back = data.load_scenario(out)
    assert back.sides["nato"].color == "#123456" and back.turns == 10
    assert not back.module("concealment") and back.options.recon_range == 6
    assert back.victory["hexes"][-1] == "0505"


def test_bad_side_colour_in_a_file_is_reported(tmp_path: Path, platoon_file: Path) -> None:
    text = platoon_file.read_text().replace("{name: NATO,", "{name: NATO, color: blue,")
    assert "color: blue" in text
    bad = tmp_path / "scenarios" / "bad.yaml"
    bad.parent.mkdir()
    for folder in ("maps", "counters"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    bad.write_text(text)
    errors, _ = data.validate_file(bad)
    assert any("color must look like '#0072b2'" in p.message for p in errors)


def test_formats_doc_lists_each_module_as_the_core_describes_it() -> None:
    """docs/formats.md's module table says what the editor shows (MODULE_INFO.off)."""
    text = (ROOT / "docs" / "formats.md").read_text()
    table = text.split("| module | ruleset | when off |", 1)[1].split("\n\n", 1)[0]
    rows: dict[str, tuple[str, str]] = {}
    for line in table.splitlines():  # the module table only (other tables name flags too)
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`") and cells[0].strip("`") in MODULE_INFO:
            rows[cells[0].strip("`")] = (cells[1], cells[2])
    assert set(rows) == set(MODULE_INFO)
    for name, info in MODULE_INFO.items():
        ruleset = "both" if len(info.rulesets) == 2 else info.rulesets[0]
        assert rows[name] == (ruleset, info.off), name


def test_a_reinforcement_enters_only_where_it_may_stand(
    tmp_path: Path, squad_template: Path
) -> None:
    text = squad_template.read_text()
    old = 'side: german, hex: "0111"}'
    assert old in text
    bad = tmp_path / "scenarios" / "pond.yaml"
    bad.parent.mkdir()
    for folder in ("maps", "counters"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    bad.write_text(text.replace(old, 'side: german, hex: "1801"}'))  # the village pond
    errors, _ = data.validate_file(bad)
    assert [p.message for p in errors] == [
        "ger-rifle-3 cannot enter in 1801: only amphibious units may be in water"
    ]
