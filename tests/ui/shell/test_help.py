"""The Help menu (issue 21): the user guide in a window of its own (pages, links between
them, pictures loaded), the quick start, the shortcuts read off the window's own actions,
and About saying the version, the licence and where the bundled files are."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QTextCursor
from PySide6.QtWidgets import QMenu, QTableWidget

from tabletop import paths
from tabletop.ui.shell.help import HelpBrowser, guide_pages, shortcut_rows


def _guide(tmp_path: Path) -> Path:
    """Two pages linking to each other, a picture, a section further down."""
    folder = tmp_path / "docs"
    (folder / "images").mkdir(parents=True)
    image = QImage(300, 120, QImage.Format.Format_RGB32)
    image.fill(QColor("#3366aa"))
    image.save(str(folder / "images" / "shot.png"))
    (folder / "quickstart.md").write_text(
        "# Quick start\n\nOpen the [window guide](app.md#far-down) or [a section](#steps).\n\n"
        "![A picture](images/shot.png)\n\n" + "Filler line.\n\n" * 60 + "## Steps\n\nDone.\n"
    )
    (folder / "app.md").write_text(
        "# The desktop app\n\nBack to the [quick start](quickstart.md); a [missing page]"
        "(gone.md).\n\n" + "Filler.\n\n" * 80 + "## Far down\n\nHere.\n"
    )
    return folder


def _click_link(qtbot, browser: HelpBrowser, href: str) -> None:
    """A real left click on the first link to ``href`` on the page shown."""
    text = browser.text
    block = text.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(text.document())
                cursor.setPosition(fragment.position() + 1)
                text.setTextCursor(cursor)
                text.ensureCursorVisible()
                rect = text.cursorRect(cursor)
                qtbot.mouseClick(text.viewport(), Qt.MouseButton.LeftButton,
                                 pos=rect.center() + QPoint(0, 0))  # fmt: skip
                return
            it += 1
        block = block.next()
    raise AssertionError(f"no link to {href}")


def test_user_guide_opens_on_the_quick_start_with_its_pictures(
    qtbot, window, tmp_path, monkeypatch
) -> None:
    folder = _guide(tmp_path)
    monkeypatch.setattr(paths, "DOCS", folder)
    window.findChild(QAction, "action-user-guide").trigger()
    browser = window.help_browser
    assert browser.isVisible() and browser.page == folder / "quickstart.md"
    assert [browser.pages.item(i).text() for i in range(browser.pages.count())] == [
        "Quick start", "The desktop app"]  # fmt: skip
    ((name, image),) = browser.images()
    assert name == "images/shot.png" and not image.isNull() and image.width() == 300
    # a link to another page opens it at its section; Back returns
    _click_link(qtbot, browser, "app.md#far-down")
    assert browser.page == folder / "app.md"
    assert browser.text.verticalScrollBar().value() > 0
    assert browser.pages.currentItem().text() == "The desktop app"
    browser.back_action.trigger()
    assert browser.page == folder / "quickstart.md"
    # a section of the same page; a link to a page that is not there says so
    _click_link(qtbot, browser, "#steps")
    assert browser.text.verticalScrollBar().value() > 0
    browser.show_page("app.md")
    _click_link(qtbot, browser, "gone.md")
    assert browser.page == folder / "app.md" and "gone.md" in browser.notice.text()
    # the page list opens a page
    item = browser.pages.item(0)
    qtbot.mouseClick(browser.pages.viewport(), Qt.MouseButton.LeftButton,
                     pos=browser.pages.visualItemRect(item).center())  # fmt: skip
    assert browser.page == folder / "quickstart.md"
    # Help > Quick Start, from anywhere in the guide
    browser.show_page("app.md")
    window.findChild(QAction, "action-quick-start").trigger()
    assert browser.page == folder / "quickstart.md" and window.help_browser is browser


def test_a_missing_quick_start_or_guide_is_said_plainly(window, tmp_path, monkeypatch) -> None:
    folder = _guide(tmp_path)
    (folder / "quickstart.md").unlink()
    monkeypatch.setattr(paths, "DOCS", folder)
    browser = window.show_quick_start()
    assert browser.notice.isVisible()
    assert "quickstart.md is not in this copy" in browser.notice.text()
    assert str(folder) in browser.notice.text()
    window.help_browser = None
    monkeypatch.setattr(paths, "DOCS", tmp_path / "nowhere")
    empty = window.show_guide()
    assert "No user guide is installed" in empty.notice.text()
    assert "nowhere" in empty.text.toPlainText()


def test_every_page_of_the_shipped_guide_shows_its_pictures(qtbot) -> None:
    browser = HelpBrowser()
    qtbot.addWidget(browser)
    pages = guide_pages()
    assert {p.name for p in pages} >= {"app.md", "editor.md", "rules.md"}
    assert pages[0].name == "quickstart.md"
    pictures = 0
    for page in pages:
        assert browser.show_page(page)
        broken = [name for name, image in browser.images() if image.isNull()]
        assert not broken, (page.name, broken)
        pictures += len(browser.images())
    assert pictures > 10


SHORTCUTS = ("L", "Shift+L", "Ctrl+R", "Ctrl+J", "Ctrl+L", "Ctrl+1", "Ctrl+P", "F1", "Esc")


def test_the_shortcut_list_is_read_off_the_actions(window) -> None:
    window.findChild(QAction, "action-shortcuts").trigger()
    table = window.shortcuts_window.findChild(QTableWidget, "shortcuts-table")
    listed = {table.item(r, 2).text() for r in range(table.rowCount())}
    native = {QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in SHORTCUTS}
    assert native <= listed, native - listed
    # every action of every menu with a shortcut is there, so none can be left behind
    for action in window.findChildren(QAction):
        if action.shortcut().isEmpty() or not action.isVisible():
            continue
        if any(action in m.actions() for m in _menus(window)):
            key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            assert any(key in keys.split(", ") for keys in listed), action.text()
    # a new action is listed as soon as it is in a menu
    extra = QAction("Brand New Command", window)
    extra.setShortcut(QKeySequence("Ctrl+Alt+N"))
    window.view_menu.addAction(extra)
    rows = shortcut_rows(window)
    assert ("View", "Brand New Command", QKeySequence("Ctrl+Alt+N").toString(
        QKeySequence.SequenceFormat.NativeText)) in rows  # fmt: skip


def _menus(window):
    return window.menuBar().findChildren(QMenu) + window.findChildren(QMenu)


def test_about_says_the_version_licence_and_where_the_files_are(window) -> None:
    from tabletop import __version__

    window.findChild(QAction, "action-about").trigger()
    box = window.about_window
    assert box.isVisible()
    text = box.text()
    assert f"Tabletop {__version__}" in text and "MIT" in text
    assert str(paths.ROOT) in text and str(paths.DOCS) in text
    assert window.settings.fileName() in text


def test_the_help_menu(window) -> None:
    (help_menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"]
    items = [a.text().replace("&", "") for a in help_menu.actions() if not a.isSeparator()]
    assert items == ["User Guide", "Quick Start", "Keyboard Shortcuts", "About Tabletop"]
