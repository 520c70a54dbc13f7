"""The modes use the main window through its public host API (issue 26).

The checks are issue 26's: ``grep -rn "window\\._\\|host\\._" tabletop/ui`` finds nothing
outside the shell (``tabletop/ui/shell``); no ``getattr``/``hasattr`` probes a window
anywhere in ``tabletop/ui``; and at most two ``isinstance`` checks of a document's kind,
both in the shell's mode switch (the main window): every other behaviour that depends on
the kind of document lives on the mode (play, or the editor on, ``window.editor``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "tabletop" / "ui"
SHELL = UI / "shell"
MODE_SWITCH = SHELL / "mainwindow.py"
PRIVATE = re.compile(r"window\._|host\._")
WINDOW = re.compile(r"^(self\.|user\.)?_?(window|host|win)$")
"""What names a window: ``window``, ``self.window``, ``self._window``, ``host``..."""
DOCUMENT_KINDS = {"GameDocument", "MapDocument", "ScenarioDocument", "CountersDocument"}


def _files() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(UI.parent.parent)}:{getattr(node, 'lineno', 0)}"


def private_calls(path: Path, text: str) -> list[str]:
    return [
        f"{path.relative_to(UI.parent.parent)}:{n}: {line.strip()}"
        for n, line in enumerate(text.splitlines(), 1)
        if PRIVATE.search(line)
    ]


def window_probes(path: Path, tree: ast.AST) -> list[str]:
    """``getattr(window, ...)``/``hasattr(window, ...)``, also nested in another getattr."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and node.args
            and WINDOW.match(ast.unparse(node.args[0]))
        ):
            found.append(f"{_where(path, node)}: {ast.unparse(node)}")
    return found


def kind_checks(path: Path, tree: ast.AST) -> list[str]:
    """``isinstance`` of a document (by its name: ``doc``, ``document``, ``self.document``)
    or against a document class."""
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "isinstance"
            and len(node.args) == 2
        ):
            continue
        subject, kinds = (ast.unparse(a) for a in node.args)
        if re.search(r"\bdoc(ument)?\b", subject) or any(k in kinds for k in DOCUMENT_KINDS):
            found.append(f"{_where(path, node)}: {ast.unparse(node)}")
    return found


def test_the_finders_find_what_they_look_for() -> None:
    sample = Path(UI / "sample.py")
    code = (
        "window._update_title()\n"
        "x = getattr(window, 'play', None)\n"
        "y = getattr(getattr(self.window, 'editor', None), 'tray', None)\n"
        "if hasattr(host, 'view'): pass\n"
        "if isinstance(document, MapDocument): pass\n"
        "if isinstance(self.document, GameDocument | ScenarioDocument): pass\n"
        "if isinstance(item, CounterItem): pass\n"
        "z = getattr(exc, 'strerror', None)\n"
    )
    tree = ast.parse(code)
    assert len(private_calls(sample, code)) == 1
    assert len(window_probes(sample, tree)) == 3
    assert len(kind_checks(sample, tree)) == 2


def test_no_mode_calls_a_private_of_the_window() -> None:
    found = [
        hit
        for path in _files()
        if SHELL not in path.parents
        for hit in private_calls(path, path.read_text(encoding="utf-8"))
    ]
    assert not found, "use the window's public host API:\n" + "\n".join(found)


def test_no_probe_of_the_window() -> None:
    found = [
        hit
        for path in _files()
        for hit in window_probes(path, ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not found, "the window has these attributes; use them:\n" + "\n".join(found)


def test_the_kind_of_document_is_asked_only_in_the_mode_switch() -> None:
    found = {
        path: hits
        for path in _files()
        if (hits := kind_checks(path, ast.parse(path.read_text(encoding="utf-8"))))
    }
    elsewhere = [hit for path, hits in found.items() if path != MODE_SWITCH for hit in hits]
    assert not elsewhere, "ask the mode (window.editor) instead:\n" + "\n".join(elsewhere)
    assert len(found.get(MODE_SWITCH, [])) <= 2, "\n".join(found[MODE_SWITCH])


CHANNEL = UI / "bridge.py"


def direct_subscriptions(path: Path, tree: ast.AST) -> list[str]:
    """``x.subscribe(...)`` where ``x`` is not a document's channel (``bridge_for(doc)``,
    ``bridge``, ``self.bridge``): a document or a history heard past the channel."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "subscribe"
        ):
            subject = ast.unparse(node.func.value)
            if not re.match(r"^(bridge_for\(.*\)|(self\.)?_?bridge)$", subject):
                found.append(f"{_where(path, node)}: {ast.unparse(node)}")
    return found


def test_the_channel_finder_finds_what_it_looks_for() -> None:
    code = (
        "a = document.subscribe(f)\n"
        "b = self.document.history.subscribe(f)\n"
        "c = bridge_for(document).subscribe(f)\n"
        "d = self.bridge.subscribe(f)\n"
    )
    assert len(direct_subscriptions(UI / "sample.py", ast.parse(code))) == 2


def test_the_ui_hears_a_document_only_through_its_channel() -> None:
    found = [
        hit
        for path in _files()
        if path != CHANNEL
        for hit in direct_subscriptions(path, ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not found, "subscribe through bridge_for(document):\n" + "\n".join(found)
