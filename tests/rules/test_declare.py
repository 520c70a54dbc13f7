"""Each action declared once, in its ruleset (``rules.declare.ActionSpec``): the handler
table, ``act --help`` and the narrator read the declarations (the window's menus:
tests/ui/play/test_declared_actions.py)."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop.cli import main
from tabletop.model import LogEntry
from tabletop.rules import ACTIONS, rulesets
from tabletop.rules.declare import ASKS, ActionSpec, handlers_of
from tabletop.rules.engine import declared_actions, ruleset_for
from tabletop.rules.narrate import describe_action, narrate

RULESETS = ("platoon", "squad")


@pytest.mark.parametrize("name", RULESETS)
def test_every_action_of_a_ruleset_has_exactly_one_declaration(name: str) -> None:
    ruleset = ruleset_for(name)
    names = [spec.name for spec in ruleset.declared]
    assert len(names) == len(set(names)), "an action declared twice"
    assert set(names) == set(ruleset.handlers)
    for spec in ruleset.declared:
        assert ruleset.handlers[spec.name] is spec.handler
        assert spec.label and spec.asks in ASKS
    assert names == [a for a in ACTIONS if a in names], "declared in interfaces.md's order"


def test_actions_is_the_union_of_the_declarations_in_its_order() -> None:
    declared = {spec.name for name in RULESETS for spec in ruleset_for(name).declared}
    assert set(ACTIONS) == declared
    assert list(declared_actions()) == list(ACTIONS)


def test_one_action_reads_the_same_in_every_ruleset_that_has_it() -> None:
    """The window has one QAction per action (``action-NAME``, interfaces.md): the rulesets
    that both have it declare one label, shortcut and question for it."""
    seen: dict[str, ActionSpec] = {}
    for name in RULESETS:
        for spec in ruleset_for(name).declared:
            first = seen.setdefault(spec.name, spec)
            assert (spec.label, spec.shortcut, spec.asks, spec.game) == (
                first.label, first.shortcut, first.asks, first.game), spec.name  # fmt: skip


def test_a_declaration_is_checked_when_it_is_made() -> None:
    handler = ruleset_for("platoon").declared[0].handler
    with pytest.raises(ValueError, match="asks 'menu'"):
        ActionSpec("x", handler, "X", asks="menu")
    with pytest.raises(ValueError, match="colour is no field"):
        ActionSpec("x", handler, "X", fields=("units", "colour"))
    spec = ActionSpec("x", handler, "X", fields=("units", "cont", "sw_target"))
    assert spec.options == ("--unit", "--continue", "--sw-target")
    with pytest.raises(ValueError, match="'x' is declared twice"):
        handlers_of([spec, spec])


def test_act_help_lists_each_rulesets_declared_actions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["act", "--help"]) == 0
    text = capsys.readouterr().out
    tail = text[text.index("actions of each ruleset") :]
    for name in rulesets.names():
        block = tail[tail.index(f"  {name}:\n") :]
        for spec in ruleset_for(name).declared:
            line = next(ln for ln in block.splitlines() if ln.split()[:1] == [spec.name])
            assert spec.label in line and all(o in line for o in spec.options), line
    assert "    run               Run; --unit --to" in tail


def test_the_narrator_says_an_action_as_its_ruleset_declares_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tabletop.data import load_scenario
    from tabletop.paths import DEMO_SCENARIO

    scenario = load_scenario(DEMO_SCENARIO)
    entry = LogEntry("rally", {"units": ["t64-2"]}, [], 1, "pact")
    assert narrate(scenario, entry) == "T-64 t64-2 tries to rally"
    ruleset = ruleset_for("platoon")
    specs = tuple(
        dataclasses.replace(s, head=lambda w, e, r: f"{w.unit('t64-2')} pulls itself together",
                            short=lambda w, e, r: "a rally")
        if s.name == "rally" else s
        for s in ruleset.declared
    )  # fmt: skip
    monkeypatch.setattr(ruleset, "declared", specs)
    assert narrate(scenario, entry) == "T-64 t64-2 pulls itself together"
    assert describe_action(scenario, entry) == "A rally"


@pytest.fixture
def dancing(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """The toy ruleset's parts as a ruleset ``dancing`` that declares an action of a name
    no bundled ruleset has (``dance``: the toy's move, said its own way), and its scenario."""
    import sys
    import types
    from pathlib import Path

    import tests.toyruleset as toy
    from tests.toyruleset import answers
    from tests.toyruleset.handlers import Move, ToyRuleset

    class Dancing(ToyRuleset):
        name = "dancing"

    module = types.ModuleType("dancing_ruleset")

    def dances(w, e, r):
        return f"{w.units(e.args['units'])} dances to {e.args['to'][-1]}"

    module.RULESET = Dancing(
        [ActionSpec("move", Move(), "Move", "M", "path", fields=("units", "to")),
         ActionSpec("dance", Move(), "Dance", "Ctrl+Shift+D", "path", fields=("units", "to"),
                    head=dances)],
        options=answers.Options(), scoring=answers.Scoring(),
    )  # fmt: skip
    monkeypatch.setitem(sys.modules, "dancing_ruleset", module)
    data = Path(toy.__file__).parent / "data"
    for f in data.glob("*.yaml"):  # (the scenario and its counters name the ruleset)
        (tmp_path / f.name).write_text(f.read_text().replace("ruleset: toy", "ruleset: dancing"))
    scenario = tmp_path / "toy.yaml"
    rulesets.register("dancing", "dancing_ruleset")
    try:
        yield scenario
    finally:
        rulesets.unregister("dancing")


def test_a_ruleset_may_declare_an_action_of_its_own(dancing, capsys) -> None:
    from tabletop.rules.engine import ruleset_actions

    assert list(declared_actions())[-1] == "dance" and "dance" not in ACTIONS
    assert ruleset_actions("dancing") == ("move", "dance")
    assert main(["act", "--help"]) == 0
    assert "    dance             Dance; --unit --to" in capsys.readouterr().out
    code = main(["act", str(dancing), "dance", "--unit", "red-1", "--to", "0505"])
    out = capsys.readouterr().out
    assert code == 0 and out.splitlines()[0].endswith("red-1 dances to 0505"), out
