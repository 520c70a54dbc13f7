"""The dependency rule of architecture.md, checked mechanically.

hexgrid <- model <- {rules, geometry, data} <- commands <- bot <- documents <- render <- {cli, ui};
rules, geometry and data never import each other; third-party imports stay in their layer.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop"

# layer -> tabletop subpackages it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "hexgrid": set(),
    "model": {"hexgrid"},
    "rules": {"hexgrid", "model"},
    "geometry": {"hexgrid", "model", "rules"},  # rules.los only: the protocol's value types
    "data": {"hexgrid", "model", "paths"},
    "commands": {"hexgrid", "model", "rules"},
    "bot": {"hexgrid", "model", "rules", "commands"},
    "documents": {"hexgrid", "model", "rules", "commands", "bot"},
    "render": {"hexgrid", "model", "rules", "commands", "documents"},
    "cli": {"hexgrid", "model", "rules", "geometry", "data", "commands", "documents",
            "render", "paths", "cli", "bot"},
    "ui": {"hexgrid", "model", "rules", "geometry", "data", "commands", "documents",
           "render", "paths", "cli", "bot"},
}  # fmt: skip
# layer -> third-party top-level packages it may import
THIRD_PARTY: dict[str, set[str]] = {
    "geometry": {"shapely", "numpy"},
    "data": {"yaml"},
    "render": {"PySide6"},
    "ui": {"PySide6"},
}
RULESET_PACKAGES = ("tabletop.rules.platoon", "tabletop.rules.squad")
"""What the opponent never imports: it asks the core's public questions only."""
KNOWN_THIRD_PARTY = {"shapely", "numpy", "yaml", "PySide6"}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def _layer_files() -> list[tuple[str, Path]]:
    return [
        (path.relative_to(PACKAGE).parts[0], path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if len(path.relative_to(PACKAGE).parts) > 1
    ]


@pytest.mark.parametrize(("layer", "path"), _layer_files(), ids=lambda v: str(v))
def test_imports_point_downward(layer: str, path: Path) -> None:
    if layer not in ALLOWED:
        pytest.fail(f"{path}: package {layer!r} has no place in the layering table")
    problems = []
    for line, module in _imports(path):
        top = module.split(".")[0]
        if top == "tabletop":
            parts = module.split(".")
            target = parts[1] if len(parts) > 1 else "tabletop"
            if target not in ALLOWED[layer] | {layer, "tabletop"}:
                problems.append(f"{path}:{line}: {layer} imports {module}")
            if layer == "bot" and module.startswith(RULESET_PACKAGES):
                problems.append(f"{path}:{line}: the opponent asks the core, not a ruleset")
            if layer == "geometry" and target == "rules" and module != "tabletop.rules.los":
                problems.append(f"{path}:{line}: geometry may import only tabletop.rules.los")
        elif top in KNOWN_THIRD_PARTY and top not in THIRD_PARTY.get(layer, set()):
            problems.append(f"{path}:{line}: {layer} imports {top}")
        elif layer == "render" and module.startswith("PySide6.QtWidgets"):
            problems.append(f"{path}:{line}: render imports QtWidgets (ui only)")
    assert not problems, "\n".join(problems)


def test_rules_core_loads_no_heavy_library() -> None:
    code = (
        "import sys, tabletop.hexgrid, tabletop.model, tabletop.rules, tabletop.commands\n"
        "bad = [m for m in ('PySide6', 'shapely', 'yaml', 'numpy') if m in sys.modules]\n"
        "print(','.join(bad))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        cwd=PACKAGE.parent,
    ).stdout.strip()  # fmt: skip
    assert out == "", f"the rules core loaded {out}"
