"""The one table of rulesets (``tabletop.rules.rulesets``) and the parts of a ruleset object."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tabletop.rules import rulesets
from tabletop.rules.engine import ruleset_for

PACKAGE = Path(__file__).resolve().parents[2] / "tabletop"


def test_the_table_names_both_rulesets_and_refuses_an_unknown_one() -> None:
    assert rulesets.names()[:2] == ("platoon", "squad")
    with pytest.raises(ValueError, match=r"unknown ruleset 'chess'; known: platoon, squad"):
        ruleset_for("chess")


def test_a_ruleset_registered_by_module_path_is_found_and_forgotten() -> None:
    rulesets.register("again", "tabletop.rules.squad")
    try:
        assert ruleset_for("again") is ruleset_for("squad")
        assert "again" in rulesets.names()
    finally:
        rulesets.unregister("again")
    assert "again" not in rulesets.names()


def test_a_missing_module_is_a_clear_message() -> None:
    rulesets.register("gone", "tabletop.rules.no_such_ruleset")
    try:
        with pytest.raises(ValueError, match=r"the gone ruleset is not available"):
            ruleset_for("gone")
    finally:
        rulesets.unregister("gone")


@pytest.mark.parametrize("name", ["platoon", "squad"])
def test_every_part_is_reached_through_the_ruleset_object(name: str) -> None:
    ruleset = ruleset_for(name)
    assert ruleset.scoring.LOSSES
    for method in ("probes", "listed_units", "reach", "forecast", "odds", "support_choices",
                   "fights", "fight_at", "pairing_forecast"):  # fmt: skip
        assert callable(getattr(ruleset, method))


def test_no_module_outside_the_rulesets_imports_them() -> None:
    """Only ``tabletop/rules/platoon`` and ``tabletop/rules/squad`` import those packages;
    everything else reaches a ruleset through the table (``rules.rulesets``)."""
    inside = (PACKAGE / "rules" / "platoon", PACKAGE / "rules" / "squad")
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(path.is_relative_to(p) for p in inside):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for n in names:
                if n.startswith(("tabletop.rules.platoon", "tabletop.rules.squad")):
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {n}")
    assert found == []
