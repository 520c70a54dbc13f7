"""The counter editor mode of the main window: a counters file as a list of unit types, a
form for the selected one, and a live preview of both faces through the one counter
painter, at a large size and at the sizes that print.

:func:`edit_counters` puts a window into the editor on a
:class:`~tabletop.documents.CountersDocument` (the window's ``document`` becomes it, and
``window.editor`` the :class:`CounterEditor`, with the map editor's save interface);
the window's ``close_editor()`` takes it away again. Every edit is an
:class:`~tabletop.commands.EditCounters` on the document's history (typing in one field of
one type is one undo step). Saving writes ``tabletop/counters@1`` only if the file it
writes validates; the problems otherwise go to the problems dock. Games open in other
windows that use this counters file show each edit on their map at once.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tabletop import data
from tabletop.commands import EditCounters
from tabletop.commands.counteredit import (
    RenameType,
    duplicate,
    free_id,
    inserted,
    moved,
    removed,
    renamed_support_weapon,
    replaced,
)
from tabletop.data.machine import dumps
from tabletop.data.yamlsafe import atomic_write
from tabletop.documents import (
    CountersDocument,
    CountersEvent,
    OrderChanged,
    TypesChanged,
)
from tabletop.model import Kind, PlatoonUnitType, UnitType
from tabletop.render.sheet import COUNTER_SIZES, MM_PER_INCH, Cell, Page, paint_page
from tabletop.rules.engine import ruleset_for
from tabletop.ui.bridge import bridge_for
from tabletop.ui.counters.form import PlatoonForm
from tabletop.ui.counters.games import in_use, show_edits, users_of
from tabletop.ui.counters.squadform import SquadForm
from tabletop.ui.editor.checks import MapProblem
from tabletop.ui.editor.problems import ROLE, ProblemsDock
from tabletop.ui.shell.recovery import Autosaver

PREVIEW_PX = 150
COUNTERS_FILTER = "Tabletop counters (*.yaml *.yml);;All files (*)"


def face_image(unit_type: UnitType, side_px: float, back: bool, dpr: float = 1.0) -> QImage:
    """One face as the sheet prints it (the one counter painter), ``side_px`` wide."""
    px = max(1, round(side_px * dpr))
    image = QImage(px, px, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    image.fill(QColor(0, 0, 0, 0))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.scale(side_px, side_px)  # a one-millimetre counter, scaled to the pixels
    paint_page(p, Page((Cell(0.0, 0.0, 1.0, unit_type, back=back),), ()), cut_lines=False)
    p.end()
    return image


class CounterProblems(ProblemsDock):
    """The map editor's problems dock; a click on a problem selects the type it names."""

    def _clicked(self, item: QListWidgetItem) -> None:
        index = item.data(ROLE)
        if index is not None:
            where = self.problems[int(index)].where
            self.editor.select_type(where)


def counters_snapshot(editor: CounterEditor) -> Callable[[Path], Callable[[], str]]:
    """The counter editor's autosave snapshot (:class:`~tabletop.ui.shell.recovery.Autosaver`):
    the counters file as it stands (its types are frozen values), written on the worker."""

    def take(_target: Path) -> Callable[[], str]:
        cf = editor.counter_file()
        return lambda: dumps(data.counters_to_dict(cf))

    return take


class Preview(QWidget):
    """Front and back at a large size, then the front at each size that prints."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("counter-preview")
        grid = QGridLayout(self)
        self.front = QLabel(objectName="preview-front")
        self.back = QLabel(objectName="preview-back")
        grid.addWidget(QLabel("Front"), 0, 0)
        grid.addWidget(QLabel("Back"), 0, 1)
        grid.addWidget(self.front, 1, 0)
        grid.addWidget(self.back, 1, 1)
        grid.addWidget(QLabel("At print size (on this screen):"), 2, 0, 1, 2)
        self.sizes: dict[str, QLabel] = {}
        row = QHBoxLayout()
        for key in COUNTER_SIZES:
            label = QLabel(objectName=f"preview-{key.replace('/', '-')}")
            label.setToolTip(key)
            self.sizes[key] = label
            row.addWidget(label)
        row.addStretch(1)
        grid.addLayout(row, 3, 0, 1, 2)
        grid.setRowStretch(4, 1)
        self.unit_type: UnitType | None = None

    def show_type(self, unit_type: UnitType | None) -> None:
        self.unit_type = unit_type
        labels = [self.front, self.back, *self.sizes.values()]
        if unit_type is None:
            for label in labels:
                label.clear()
            return
        dpr = self.devicePixelRatioF()
        self.front.setPixmap(QPixmap.fromImage(face_image(unit_type, PREVIEW_PX, False, dpr)))
        self.back.setPixmap(QPixmap.fromImage(face_image(unit_type, PREVIEW_PX, True, dpr)))
        screen = QGuiApplication.primaryScreen()
        dpi = screen.physicalDotsPerInch() if screen is not None else 96.0
        for key, label in self.sizes.items():
            px = COUNTER_SIZES[key] / MM_PER_INCH * dpi
            label.setPixmap(QPixmap.fromImage(face_image(unit_type, px, False, dpr)))


class CounterEditor(QObject):
    """The editor on one counters document inside a main window."""

    mode_name = "counters"
    """The window's mode while this editor is on (its own saved layout)."""

    def map_for_new_scenario(self) -> None:
        """New Scenario proposes no map from here (only the map editor's map)."""
        return None

    def hover_document(self) -> None:
        """No map: nothing for the window's hover line."""
        return None

    def __init__(self, window, document: CountersDocument) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.autosave = Autosaver(self, window.files.store, document, "counters",
                                  counters_snapshot(self))  # fmt: skip
        self.widget = self._build()
        self._unsubscribe = bridge_for(document).subscribe(self._on_event)
        self.fill_list()
        self.select(0)

    # --- construction ---------------------------------------------------------------------
    def _build(self) -> QWidget:
        root = QSplitter(Qt.Orientation.Horizontal)
        root.setObjectName("counter-editor")
        left = QWidget()
        column = QVBoxLayout(left)
        self.list = QListWidget(objectName="counter-list")
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)  # long names: "...", a tip
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.currentRowChanged.connect(self._on_row)
        column.addWidget(self.list, 1)
        buttons = QGridLayout()
        for i, (name, text, slot) in enumerate((
            ("add", "Add", self.add_type), ("duplicate", "Duplicate", self.duplicate_type),
            ("delete", "Delete", self.delete_type), ("up", "Move Up", lambda: self.move_type(-1)),
            ("down", "Move Down", lambda: self.move_type(1)),
        )):  # fmt: skip
            button = QPushButton(text, objectName=f"counter-{name}")
            button.clicked.connect(slot)
            buttons.addWidget(button, i // 2, i % 2)
        column.addLayout(buttons)
        self.hint = QLabel(objectName="counter-hint", wordWrap=True)
        column.addWidget(self.hint)
        if ruleset_for(self.document.counters.ruleset).unit_type is PlatoonUnitType:
            self.form: PlatoonForm | SquadForm = PlatoonForm(self._sw_ids)
        else:
            self.form = SquadForm()
        self.form.edited.connect(self.apply_form)
        self.form.to_nation.clicked.connect(self.art_to_nation)
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        self.preview = Preview()
        root.addWidget(left)
        root.addWidget(scroll)
        root.addWidget(self.preview)
        root.setSizes([260, 620, 360])
        return root

    def _sw_ids(self) -> list[str]:
        return [t.id for t in self.document.counters.types
                if isinstance(t, PlatoonUnitType) and t.kind is Kind.SW]  # fmt: skip

    def install(self) -> None:
        w = self.window
        self.view = w.takeCentralWidget()
        w.setCentralWidget(self.widget)
        self.problems = CounterProblems(self, w)
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.problems)
        self.problems.hide()
        self.autosave.start()

    def uninstall(self) -> None:
        w = self.window
        self.autosave.stop()
        self._unsubscribe()
        w.removeDockWidget(self.problems)
        self.problems.deleteLater()
        w.takeCentralWidget()
        self.widget.deleteLater()
        w.setCentralWidget(self.view)

    # --- the list -------------------------------------------------------------------------
    @property
    def types(self) -> list[UnitType]:
        return self.document.counters.types

    @property
    def index(self) -> int:
        return self.list.currentRow()

    @property
    def current(self) -> UnitType | None:
        i = self.index
        return self.types[i] if 0 <= i < len(self.types) else None

    def fill_list(self) -> None:
        row = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.clear()
        for t in self.types:
            self.list.addItem(f"{t.id}  {t.name}")
            self.list.item(self.list.count() - 1).setToolTip(f"{t.id}: {t.name}")
        self.list.blockSignals(False)
        self.select(min(max(row, 0), len(self.types) - 1))

    def select(self, index: int) -> None:
        self.list.setCurrentRow(index)
        self._on_row(index)

    def select_type(self, type_id: str) -> None:
        i = self.document.counters.index_of(type_id)
        if i >= 0:
            self.select(i)

    def _on_row(self, index: int) -> None:
        t = self.current
        if t is not None:
            self.form.load(t)
        self.form.setEnabled(t is not None)
        self.preview.show_type(t)

    # --- edits ----------------------------------------------------------------------------
    def _push(self, new: list[UnitType], text: str, key: str | None = None) -> None:
        self.document.push(EditCounters(self.types, new, text, key), merge=key is not None)

    def apply_form(self, key: str) -> None:
        """The form changed ``key``: the type it shows becomes the form's value."""
        i, t = self.index, self.current
        if t is None:
            return
        try:
            new = self.form.build()
        except ValueError as exc:
            self.hint.setText(str(exc))
            return
        if new.id != t.id:
            self.rename(t, new)
            return
        self.hint.setText("")
        if key == "nation":
            self.form.show_swatch(new.nation)
        if new == t:
            return
        # typing into one field is one step; a button ("!figures") is a step of its own
        merge = None if key.startswith("!") else f"{t.id}:{key}"
        what = key.lstrip("!").split(".")[-1]
        self._push(replaced(self.types, i, new), f"Edit {t.id} {what}", merge)

    def rename(self, t: UnitType, new: UnitType) -> bool:
        """``t`` becomes ``new`` under another id, in one step: the file's support weapon
        references follow, and so do the units of open games and scenarios that use the
        file. Refused (the reason in the hint) when the id is taken."""
        users = users_of(self.document.path)
        taken = [u.title for u in users if new.id in u.scenario.unit_types]
        if self.document.counters.by_id(new.id) is not None or taken:
            where = f" in {', '.join(taken)} (another counters file)" if taken else ""
            self.hint.setText(f"another type already has the id {new.id}{where}")
            self.form.load(t)
            return False
        i = self.index
        types = renamed_support_weapon(replaced(self.types, i, new), t.id, new.id)
        text = f"Rename {t.id} to {new.id}"
        holders = [h for u in users for h in u.holders]
        self.document.push(RenameType(self.types, types, text, t.id, new.id, holders))
        moved_units = in_use(users, new.id)
        if moved_units:
            self.hint.setText(
                f"Renamed {t.id} to {new.id} in {', '.join(moved_units)} too; save this file, "
                "then them, to keep it."
            )
        return True

    def art_to_nation(self) -> None:
        """Every type of the selected type's nation gets its art (colours and symbol):
        one step."""
        t = self.current
        if t is None or not t.nation:
            self.hint.setText("Give the type a nation first: its colours go to that nation.")
            return
        art = {k: v for k, v in t.art.items() if k in ("background", "text")}
        new = [
            dataclasses.replace(u, art={**{k: v for k, v in u.art.items() if k == "symbol"},
                                        **art})
            if u.nation == t.nation else u
            for u in self.types
        ]  # fmt: skip
        count = sum(1 for u in self.types if u.nation == t.nation)
        if new == self.types:
            self.hint.setText(f"Every {t.nation} type already has these colours.")
            return
        self._push(new, f"Colours of {t.id} for {t.nation}")
        self.hint.setText(f"{count} {t.nation} types now have the colours of {t.id}.")

    def add_type(self) -> None:
        template = self.current or (self.types[0] if self.types else None)
        if template is None:
            self.hint.setText("An empty file: open a counters file of the ruleset to add to.")
            return
        new = dataclasses.replace(template, id=free_id(self.types, "NEW_TYPE"), name="New type",
                                  short="", source="")  # fmt: skip
        at = self.index + 1
        self._push(inserted(self.types, at, new), f"Add {new.id}")
        self.select(at)

    def duplicate_type(self) -> None:
        if self.current is None:
            return
        at = self.index + 1
        copy = duplicate(self.types, self.index)
        self._push(inserted(self.types, at, copy), f"Duplicate {self.types[at - 1].id}")
        self.select(at)

    def delete_type(self) -> None:
        t = self.current
        if t is None or len(self.types) == 1:
            self.hint.setText("A counters file keeps at least one type.")
            return
        users = in_use(users_of(self.document.path), t.id)
        carriers = [u.id for u in self.types
                    if isinstance(u, PlatoonUnitType) and u.support_weapon == t.id]  # fmt: skip
        if users or carriers:
            where = users + ([f"the support weapon of {', '.join(carriers)}"] if carriers else [])
            self.hint.setText(
                f"{t.id} is not deleted: it is {'; '.join(where)} (open now). Remove or retype "
                "those first, or rename the type instead."
            )
            return
        i = self.index
        self._push(removed(self.types, i), f"Delete {t.id}")
        self.select(min(i, len(self.types) - 1))

    def move_type(self, step: int) -> None:
        i, t = self.index, self.current
        if t is None or not 0 <= i + step < len(self.types):
            return
        self._push(moved(self.types, i, i + step), f"Move {t.id}")
        self.select(i + step)

    def _on_event(self, event: CountersEvent) -> None:
        if isinstance(event, OrderChanged):
            self.fill_list()
        elif isinstance(event, TypesChanged):
            row = self.index
            if 0 <= row < len(self.types):
                t = self.types[row]
                item = self.list.item(row)
                if item is not None:
                    item.setText(f"{t.id}  {t.name}")
                    item.setToolTip(f"{t.id}: {t.name}")
                if t.id in event.ids:
                    self.form.load(t)
                    self.preview.show_type(t)
            self.update_games(event.ids)

    # --- games in other windows -------------------------------------------------------------
    def update_games(self, ids: frozenset[str]) -> list[str]:
        """Show the edited types on the maps of open games and scenarios that use this
        counters file (:mod:`tabletop.ui.counters.games`); the ids of the units redrawn."""
        users = users_of(self.document.path)
        return show_edits(users, self.document.counters.units, ids)

    # --- files ------------------------------------------------------------------------------
    def counter_file(self) -> data.CounterFile:
        c = self.document.counters
        return data.CounterFile(c.ruleset, dict(c.units), self.document.path, c.name, c.notes)

    def problems_of(self, text: str, target: Path) -> list[MapProblem]:
        """Validate ``text`` as the file ``target`` would be (same folder)."""
        fd, name = tempfile.mkstemp(suffix=".yaml", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            errors, _ = data.validate_file(name)
        finally:
            os.unlink(name)
        problems = []
        for problem in errors:
            where = next((t.id for t in self.types if f"{t.id}" in problem.message), "")
            problems.append(MapProblem(f"line {problem.line}: {problem.message}", None, where))
        return problems

    def save(self, path: str | Path | None = None) -> bool:
        target = Path(path) if path is not None else self.document.path
        if target is None:
            return self.save_as_dialog()
        text = data.counters_text(self.counter_file(), target)
        try:
            problems = self.problems_of(text, target)
            if problems:
                self.problems.show_problems(problems)
                self.problems.show()
                self.hint.setText(f"Not saved: {len(problems)} problem(s), see Problems.")
                return False
            atomic_write(target, text)
        except OSError as exc:
            self.hint.setText(f"Could not save {target}: {exc.strerror or exc}")
            return False
        self.document.mark_saved(target)
        self.autosave.discard()
        self.hint.setText(f"Saved {target}")
        return True

    def save_as(self, path: str | Path) -> bool:
        return self.save(path)

    def save_as_dialog(self) -> bool:
        start = str(self.document.path or Path.cwd() / "counters.yaml")
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Save Counters As", start, COUNTERS_FILTER
        )
        return self.save(path) if path else False

    def set_brush(self, name: str) -> None:
        raise ValueError("set_brush needs a map open in the map editor, not a counters file")


def edit_counters(window, document: CountersDocument) -> CounterEditor:
    """Put ``window`` into the counter editor on ``document`` (through the window's host
    API); play's docks have nothing to show for a counters file (the counters layout
    hides them)."""
    window.take_document(document)
    editor = CounterEditor(window, document)
    window.show_editor(editor)
    editor.install()
    window.refresh_title()
    window.refresh_actions()
    count = len(document.counters.types)
    window.show_status(
        f"Counter editor \u00b7 {count} types", f"{document.title} ({document.counters.ruleset})"
    )
    return editor
