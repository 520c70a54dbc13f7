"""The scenario editor's modules import one another one way only: every import counts,
inside functions and under ``TYPE_CHECKING`` too (``pages`` holds what ``properties`` and
``events`` share; ``zones`` knows its editor by a protocol; the Sides page rebuilds the
editor through ``ScenarioEditor.anew``)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[3] / "tabletop" / "ui" / "scenario"
PREFIX = "tabletop.ui.scenario."


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return {n.removeprefix(PREFIX) for n in names if n.startswith(PREFIX)}


def test_no_module_of_the_scenario_editor_imports_one_that_imports_it() -> None:
    modules = {p.stem for p in FOLDER.glob("*.py") if p.stem != "__init__"}
    graph = {m: _imports(FOLDER / f"{m}.py") & modules for m in modules}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        raise AssertionError(f"an import circle: {' -> '.join(exc.args[1])}") from None
    assert order.index("pages") < order.index("events") < order.index("properties")
    assert order.index("zones") < order.index("editor")
