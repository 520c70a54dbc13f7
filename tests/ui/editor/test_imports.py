"""The map editor's modules import one another without a circle: the editor is composed of
its tools, background controls and file commands, which know it only through
``tabletop.ui.editor.host.EditorHost`` (an import inside a function or under
``TYPE_CHECKING`` counts as an import)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = "tabletop.ui.editor"


def _imports() -> dict[str, set[str]]:
    folder = ROOT / PACKAGE.replace(".", "/")
    modules = {
        PACKAGE if f.stem == "__init__" else f"{PACKAGE}.{f.stem}": f for f in folder.glob("*.py")
    }
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            edges[name] |= {t for t in targets if t in modules and t != name}
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, if there is one (depth-first search)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(edges[m]):
            if state.get(n) == 1:
                return [*path[path.index(n) :], n]
            if n not in state and (found := visit(n)):
                return found
        state[m] = 2
        path.pop()
        return None

    for m in sorted(edges):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_map_editor_has_no_import_circle() -> None:
    edges = _imports()
    assert f"{PACKAGE}.editor" in edges and f"{PACKAGE}.tools" in edges
    assert _cycle(edges) is None, " -> ".join(_cycle(edges) or [])


def test_the_circle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_editor_is_composed_not_mixed() -> None:
    from tabletop.ui.editor.editor import MapEditor

    bases = [c.__name__ for c in MapEditor.__mro__]
    assert bases == ["MapEditor", "QObject", "Object", "object"], bases
