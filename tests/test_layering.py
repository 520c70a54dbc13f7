"""The dependency rule of architecture.md, checked mechanically.

hexgrid <- model <- {rules, geometry, data} <- commands <- bot <- documents <- render <- {cli, ui};
rules, geometry and data never import each other; third-party imports stay in their layer.
Within the package no import runs in a circle (an import inside a function or under
``TYPE_CHECKING`` counts as one), and only the launcher loads a UI module by name.
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
    "data": {"yaml", "ruamel"},  # ruamel: the editors keep the comments of the files they save
    "render": {"PySide6"},
    "ui": {"PySide6"},
}
RULESET_PACKAGES = ("tabletop.rules.platoon", "tabletop.rules.squad")
"""What the opponent never imports: it asks the core's public questions only."""
KNOWN_THIRD_PARTY = {"shapely", "numpy", "yaml", "ruamel", "PySide6"}


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


# --- no import circle ---------------------------------------------------------------------
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Module -> the tabletop modules it imports anywhere in its text (at the top, in a
    function, under ``TYPE_CHECKING``; relative imports resolved). ``from P import m`` of a
    submodule ``m`` is an import of ``P.m``; an import of a package is of its ``__init__``."""
    paths = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}

    def known(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: list[str] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets += [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names
                ]
        graph[name] = {
            t for t in (known(x) for x in targets if x.startswith("tabletop")) if t and t != name
        }
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _circle_text(graph: dict[str, set[str]], circle: list[str]) -> str:
    members = set(circle)
    edges = "; ".join(f"{m} -> {', '.join(sorted(graph[m] & members))}" for m in circle)
    return f"{len(circle)} modules import each other in a circle: {edges}"


def test_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(graph) == [["a", "b", "c"]]


def test_no_import_circle() -> None:
    graph = _import_graph()
    circles = _circles(graph)
    assert not circles, "\n".join(_circle_text(graph, c) for c in circles)


_LAUNCHER = PACKAGE / "cli" / "__init__.py"
"""The one module that loads the desktop app by name (``tabletop`` with no command)."""


def _docstrings(tree: ast.AST) -> set[int]:
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def test_only_the_launcher_loads_a_ui_module_by_name() -> None:
    """``importlib.import_module("tabletop.ui....")`` (or a table of such names fed to it)
    anywhere but the launcher would hide an upward import from the checks above."""
    problems = []
    for layer, path in _layer_files():
        if layer == "ui" or path == _LAUNCHER:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
                and (node.value == "tabletop.ui" or node.value.startswith("tabletop.ui."))
            ):
                problems.append(f"{path}:{node.lineno}: names the UI module {node.value!r}")
    assert not problems, "\n".join(problems)
