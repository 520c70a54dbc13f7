"""The Help menu: the user guide (the documentation pages shipped with the package, read
in a window of their own), the keyboard shortcuts (read off the window's own actions, so
the list cannot fall behind them) and About.

The pages are the Markdown files of ``docs/`` (``tabletop.paths.DOCS``: in a checkout the
repository's folder, in an installed wheel the copy inside the package), shown by Qt's own
Markdown reader with their images; a link to another page opens it in the same window.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import (
    QAction,
    QDesktopServices,
    QGuiApplication,
    QImage,
    QKeySequence,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from tabletop import paths

QUICK_START = "quickstart.md"
ORDER = ("quickstart.md", "app.md", "editor.md", "rules.md", "los.md", "sheets.md",
         "headless.md", "formats.md")  # fmt: skip
"""The guide's pages in the order a new player reads them; others follow by name."""
IMAGE_MARGIN = 24


def guide_pages(folder: Path | None = None) -> list[Path]:
    """The user guide's pages: every Markdown file of the docs folder, in reading order."""
    folder = paths.DOCS if folder is None else folder
    found = sorted(folder.glob("*.md")) if folder.is_dir() else []
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(found, key=lambda p: (rank.get(p.name, len(ORDER)), p.name))


def page_title(path: Path) -> str:
    """A page's first heading (``# The desktop app``), else its file name."""
    try:
        with path.open(encoding="utf-8") as f:
            for line in f:
                if line.startswith("# "):
                    return line[2:].strip()
    except OSError:
        pass
    return path.stem


def slug(text: str) -> str:
    """The anchor a heading gets on the repository's web pages (``#review-mode``), which is
    how the pages link to each other's sections."""
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


class HelpBrowser(QMainWindow):
    """The user guide: the pages on the left, the page on the right, Back and Forward."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("help-browser")
        self.setWindowTitle("Tabletop User Guide")
        self.folder = paths.DOCS if folder is None else folder
        self.pages = QListWidget(objectName="help-pages")
        self.pages.setMinimumWidth(180)
        self.pages.setWordWrap(True)
        self.text = QTextBrowser(objectName="help-text")
        self.text.setOpenLinks(False)  # every link goes through _follow
        self.text.anchorClicked.connect(self._follow)
        self.text.sourceChanged.connect(self._on_source)
        self.notice = QLabel(objectName="help-notice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #8a4b00; padding: 4px;")
        self.notice.hide()
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.notice)
        column.addWidget(self.text)
        split = QSplitter()
        split.addWidget(self.pages)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.setSizes([290, 810])
        self.setCentralWidget(split)
        bar = QToolBar("Navigation", self)
        bar.setObjectName("help-toolbar")
        bar.setMovable(False)
        self.back_action = QAction("Back", self, objectName="help-back")
        self.back_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Back))
        self.back_action.triggered.connect(self.text.backward)
        self.forward_action = QAction("Forward", self, objectName="help-forward")
        self.forward_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Forward))
        self.forward_action.triggered.connect(self.text.forward)
        self.text.backwardAvailable.connect(self.back_action.setEnabled)
        self.text.forwardAvailable.connect(self.forward_action.setEnabled)
        self.back_action.setEnabled(False)
        self.forward_action.setEnabled(False)
        bar.addAction(self.back_action)
        bar.addAction(self.forward_action)
        self.addToolBar(bar)
        for path in guide_pages(self.folder):
            item = QListWidgetItem(page_title(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            item.setToolTip(path.name)
            self.pages.addItem(item)
        self.pages.itemClicked.connect(
            lambda item: self.show_page(Path(item.data(Qt.ItemDataRole.UserRole)))
        )
        self.resize(1100, 800)

    # --- pages --------------------------------------------------------------------------
    @property
    def page(self) -> Path | None:
        """The page shown (None: a message instead)."""
        url = self.text.source()
        return Path(url.toLocalFile()) if url.isLocalFile() else None

    def show_page(self, path: Path | str, anchor: str = "") -> bool:
        """Show the page ``path`` (a file name of the guide, or a path), at ``anchor``; a page
        that is not there gets a message saying so and where it was looked for."""
        path = Path(path)
        if not path.is_absolute():
            path = self.folder / path
        if not path.is_file():
            self.say(f"The page {path.name} is not in this copy of Tabletop's user guide "
                     f"(looked for {path}).")  # fmt: skip
            return False
        self.notice.hide()
        url = QUrl.fromLocalFile(str(path))
        if url != self.text.source():
            self.text.setSource(url, QTextDocument.ResourceType.MarkdownResource)
        self.go_to_anchor(anchor)
        return True

    def say(self, text: str) -> None:
        """A message above the page (a missing page or a link that leads nowhere)."""
        self.notice.setText(text)
        self.notice.show()
        if self.text.source().isEmpty():
            self.text.setPlainText(text)

    def go_to_anchor(self, anchor: str) -> bool:
        """Scroll to the heading whose anchor is ``anchor`` (the pages link to sections as
        ``page.md#section``); the top of the page for none."""
        if not anchor:
            self.text.moveCursor(QTextCursor.MoveOperation.Start)
            self.text.verticalScrollBar().setValue(0)
            return True
        block = self.text.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and slug(block.text()) == anchor:
                cursor = QTextCursor(block)
                self.text.setTextCursor(cursor)
                bar = self.text.verticalScrollBar()
                layout = self.text.document().documentLayout()
                bar.setValue(int(layout.blockBoundingRect(block).top()))
                return True
            block = block.next()
        return False

    def _on_source(self, url: QUrl) -> None:
        for row in range(self.pages.count()):
            item = self.pages.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == url.toLocalFile():
                self.pages.setCurrentItem(item)
        self.fit_images()

    def _follow(self, url: QUrl) -> None:
        """A click on a link: another page of the guide (and its section), a section of this
        page, a web page (the desktop's browser), else a notice that it is not here."""
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        if not url.path():
            self.go_to_anchor(url.fragment())
            return
        base = self.text.source()
        target = base.resolved(url) if base.isLocalFile() else QUrl.fromLocalFile(url.path())
        path = Path(target.toLocalFile())
        if path.suffix == ".md" and path.is_file():
            self.show_page(path, url.fragment())
        elif path.is_file():
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        else:
            self.say(f"{url.toString()} is not part of the user guide installed here.")

    # --- images -------------------------------------------------------------------------
    def _image_fragments(self):
        """Each image of the page: its fragment, its format and the picture the document
        holds for it (a null picture: it could not be loaded)."""
        doc = self.text.document()
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                fmt = fragment.charFormat()
                if fmt.isImageFormat():
                    image_format = fmt.toImageFormat()
                    picture = _as_image(doc.resource(QTextDocument.ResourceType.ImageResource,
                                                     QUrl(image_format.name())))  # fmt: skip
                    yield fragment, image_format, picture
                it += 1
            block = block.next()

    def images(self) -> list[tuple[str, QImage]]:
        """Every image of the page as the document holds it (name, picture; a null picture:
        it could not be loaded)."""
        return [(fmt.name(), picture) for _f, fmt, picture in self._image_fragments()]

    def fit_images(self) -> None:
        """Pictures wider than the page are drawn to its width (their proportions kept)."""
        room = max(200, self.text.viewport().width() - IMAGE_MARGIN)
        cursor = QTextCursor(self.text.document())
        for fragment, image_format, picture in list(self._image_fragments()):
            size = picture.size() if not picture.isNull() else QSize()
            if size.width() > 0:
                width = min(size.width(), room)
                image_format.setWidth(width)
                image_format.setHeight(size.height() * width / size.width())
                cursor.setPosition(fragment.position())
                cursor.setPosition(fragment.position() + fragment.length(),
                                   QTextCursor.MoveMode.KeepAnchor)  # fmt: skip
                cursor.setCharFormat(image_format)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_images()


def _as_image(resource: object) -> QImage:
    if isinstance(resource, QImage):
        return resource
    to_image = getattr(resource, "toImage", None)  # a QPixmap
    return to_image() if callable(to_image) else QImage()


def open_guide(window: QMainWindow, page: str = "") -> HelpBrowser:
    """Help > User Guide (``page`` empty: the quick start, else the first page) and Help >
    Quick Start: the window's one guide window, raised."""
    browser = window.help_browser
    if not isinstance(browser, HelpBrowser):
        browser = HelpBrowser(window)
        window.help_browser = browser
    pages = guide_pages(browser.folder)
    if not pages:
        browser.say(f"No user guide is installed with this copy of Tabletop (looked in "
                    f"{browser.folder}).")  # fmt: skip
    elif page:
        browser.show_page(page)
    elif browser.page is None:
        browser.show_page(pages[0])
    browser.show()
    if QGuiApplication.platformName() != "offscreen":  # which cannot raise a window
        browser.raise_()
        browser.activateWindow()
    return browser


# --- keyboard shortcuts -------------------------------------------------------------------
def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(where, command, keys) of every action of ``window`` that has a shortcut: the menus'
    (where: the menu, ``View > Zoom In``), then the toolbars' and the window's own, each
    once; hidden actions (the other ruleset's) are left out."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def add(action: QAction, where: str) -> None:
        if id(action) in seen or action.isSeparator() or not action.isVisible():
            return
        seen.add(id(action))
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                         for k in _keyboard(action.shortcuts()))  # fmt: skip
        if keys:
            rows.append((where, _plain(action.text()), keys))

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                if action.isVisible():
                    walk(sub, f"{where} > {_plain(sub.title())}")
            else:
                add(action, where)

    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.isVisible():
            walk(menu, _plain(menu.title()))
    for bar in window.findChildren(QToolBar):
        if bar.parent() is window and not bar.isHidden():
            for action in bar.actions():
                add(action, _plain(bar.windowTitle()) or "Toolbar")
    for action in window.actions():
        add(action, "Window")
    return rows


MEDIA_KEYS = 0x01000060
"""Qt's key codes from Key_Back on are a multimedia keyboard's (Redo, Back, Forward): the
platform adds them to the standard shortcuts, but a reader wants the keys to press."""


def _keyboard(keys: list[QKeySequence]) -> list[QKeySequence]:
    """``keys`` without the empty ones and, unless nothing else is left, the media keys."""
    keys = [k for k in keys if not k.isEmpty()]
    typed = [k for k in keys if k[0].key() < MEDIA_KEYS]
    return typed or keys


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


SHORTCUT_NOTES = (
    "Enter, or a second click on the same hex, confirms a path or a target; Backspace drops "
    "the path's last hex. In review mode Home, Left, Right and End step through the game."
)


def shortcuts_dialog(window: QMainWindow) -> QDialog:
    """Help > Keyboard Shortcuts (F1): a table of :func:`shortcut_rows`, shown (not modal)."""
    dialog = QDialog(window)
    dialog.setObjectName("shortcuts-dialog")
    dialog.setWindowTitle("Keyboard Shortcuts")
    rows = shortcut_rows(window)
    table = QTableWidget(len(rows), 3, dialog)
    table.setObjectName("shortcuts-table")
    table.setHorizontalHeaderLabels(["Menu", "Command", "Keys"])
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.setItem(r, c, QTableWidgetItem(text))
    header = table.horizontalHeader()
    for column in (0, 1):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    note = QLabel(SHORTCUT_NOTES)
    note.setWordWrap(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    column = QVBoxLayout(dialog)
    column.addWidget(table)
    column.addWidget(note)
    line = QHBoxLayout()
    line.addStretch(1)
    line.addWidget(buttons)
    column.addLayout(line)
    dialog.resize(560, 620)
    dialog.show()
    return dialog


# --- about ------------------------------------------------------------------------------
def about_text(window: QMainWindow) -> str:
    """About's text: the version and licence, and where this copy keeps its files."""
    from tabletop import __version__

    settings = window.settings
    where = [("Maps, counters and scenarios", str(paths.ROOT)), ("User guide", str(paths.DOCS))]
    if settings is not None:
        where.append(("Settings", settings.fileName()))
    rows = "".join(f"<tr><td>{k}</td><td><code>{v}</code></td></tr>" for k, v in where)
    return (
        f"<b>Tabletop {__version__}</b><p>A digital tabletop for hex-and-counter "
        "wargames: platoon and squad rulesets, exact odds, line of sight, editors.</p>"
        f"<p>Licence: {licence()} (the LICENSE file ships with the package).</p>"
        f"<table cellpadding='2'>{rows}</table>"
        "<p>Help &gt; User Guide has the whole manual; Help &gt; Keyboard Shortcuts (F1) "
        "every key.</p>"
    )


def licence() -> str:
    """The licence the installed package declares (the checkout's is MIT too)."""
    from importlib import metadata

    try:
        found = metadata.metadata("tabletop").get("License-Expression")
    except metadata.PackageNotFoundError:
        found = None
    return str(found or "MIT")


def about_box(window: QMainWindow) -> QMessageBox:
    """Help > About Tabletop, shown (not modal)."""
    box = QMessageBox(window)
    box.setObjectName("about-box")
    box.setWindowTitle("About Tabletop")
    box.setIcon(QMessageBox.Icon.Information)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_text(window))
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.open()
    return box
