"""The scenario editor's scenario-level properties: the **Scenario** dock (``scenario-properties``)
with the General, Sides and Rules pages, and the controller that also owns the **Events**
dock (victory hexes, reinforcements, air strikes: :mod:`tabletop.ui.scenario.events`).

Every widget edits through one :class:`~tabletop.commands.EditScenarioProps` pushed on the
scenario document's history, so each edit is one undo step; the pages redraw from the
scenario whenever the document reports a ``ScenarioChanged`` (an edit, an undo, a redo).
The two docks are tabs beside the editor's tool docks (right of the map). The descriptions
of the ruleset, modules and options come from the rules core
(:data:`~tabletop.model.MODULE_INFO`, :data:`~tabletop.model.OPTION_INFO`).

Object names: ``scenario-name``, ``scenario-ruleset``, ``scenario-turns``,
``scenario-first``, ``scenario-notes``; ``side-pick``, ``side-add``, ``side-remove``,
``side-mines``, ``side-name``, ``side-color``
(a colour chooser), ``side-color-code`` (``#rrggbb``), ``side-color-default``,
``formation-list``, ``formation-name``, ``formation-chits``, ``formation-add``,
``formation-remove``; ``module-NAME`` (a check box per module), ``option-NAME`` (the
option's widget; ``option-mine_attack-dice`` and ``-hit``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tabletop.commands import EditScenarioProps
from tabletop.commands import scenarioprops as P
from tabletop.documents import ScenarioChanged
from tabletop.model import MineAttack, Options, Scenario, modules_of, options_of
from tabletop.render.palette import side_color_of
from tabletop.rules.engine import ruleset_for
from tabletop.ui.bridge import bridge_for
from tabletop.ui.scenario.events import EntryTool, EventMarks, EventsDock, StrikeTool, VictoryTool
from tabletop.ui.scenario.pages import ROLE, Page, describe, set_items


class GeneralPage(Page):
    """Name, ruleset (with what it is), turns, the squad ruleset's first side, notes."""

    def __init__(self, owner: ScenarioProperties) -> None:
        super().__init__(owner)
        form = QFormLayout(self)
        self.name = QLineEdit(objectName="scenario-name")
        self.name.editingFinished.connect(
            lambda: self.edit("Rename scenario", lambda: {"name": self.name.text().strip()})
        )
        self.ruleset = QLabel(objectName="scenario-ruleset")
        self.ruleset.setWordWrap(True)
        self.turns = QSpinBox(objectName="scenario-turns")
        self.turns.setRange(1, P.MAX_TURNS)
        self.turns.setKeyboardTracking(False)
        self.turns.valueChanged.connect(self._turns)
        self.first = QComboBox(objectName="scenario-first")
        self.first.activated.connect(
            lambda _i: self.edit(
                "Set first side",
                lambda: {"first": P.checked_first(self.scenario, self.first.currentData())},
            )
        )
        self.first_label = QLabel("First side")
        self.notes = QPlainTextEdit(objectName="scenario-notes")
        self.notes.setPlaceholderText("Notes for the players: the situation, special rules")
        self.notes.setMaximumHeight(160)
        self.notes.textChanged.connect(
            lambda: self.edit(
                "Edit notes", lambda: {"notes": self.notes.toPlainText()}, merge="notes"
            )
        )
        form.addRow("Name", self.name)
        form.addRow("Ruleset", self.ruleset)
        form.addRow("Turns", self.turns)
        form.addRow(self.first_label, self.first)
        form.addRow(describe("Squad: the side whose player turn comes first (rules 3.2)."))
        self.first_note = form.itemAt(form.rowCount() - 1, QFormLayout.ItemRole.SpanningRole)
        form.addRow("Notes", self.notes)

    def _turns(self, value: int) -> None:
        self.edit(
            "Set turns", lambda: {"turns": P.checked_turns(self.scenario, value)}, merge="turns"
        )

    def show_scenario(self) -> None:
        sc = self.scenario
        if self.name.text() != sc.name:
            self.name.setText(sc.name)
        self.ruleset.setText(f"<b>{sc.ruleset}</b>: {ruleset_for(sc.ruleset).description}")
        self.turns.setValue(sc.turns)
        named = ruleset_for(sc.ruleset).has("first_side")
        for widget in (self.first, self.first_label, self.first_note.widget()):
            widget.setVisible(named)
        set_items(self.first, [(side.name, k) for k, side in sc.sides.items()], sc.first)
        if named and sc.first is None:
            self.first.setCurrentIndex(-1)
        if self.notes.toPlainText() != sc.notes:
            self.notes.setPlainText(sc.notes)


class SidesPage(Page):
    """A side's name and colour; a platoon side's formations and their chits."""

    def __init__(self, owner: ScenarioProperties) -> None:
        super().__init__(owner)
        column = QVBoxLayout(self)
        form = QFormLayout()
        self.pick = QComboBox(objectName="side-pick")
        self.pick.currentIndexChanged.connect(lambda _i: self.loading or self.load())
        self.name = QLineEdit(objectName="side-name")
        self.name.editingFinished.connect(
            lambda: self.edit(
                f"Rename {self.side}",
                lambda: {"sides": P.renamed_side(self.scenario, self.side, self.name.text())},
            )
        )
        colour_row = QHBoxLayout()
        self.color = QPushButton(objectName="side-color")
        self.color.setToolTip("Choose the side's colour")
        self.color.setFixedWidth(48)
        self.color.clicked.connect(self._choose_color)
        self.code = QLineEdit(objectName="side-color-code")
        self.code.setPlaceholderText("#rrggbb")
        self.code.setMaximumWidth(90)
        self.code.editingFinished.connect(lambda: self.set_color(self.code.text().strip()))
        self.default = QPushButton("By Order", objectName="side-color-default")
        self.default.setToolTip("The side's colour by its place among the sides")
        self.default.clicked.connect(lambda: self.set_color(None))
        for w in (self.color, self.code, self.default):
            colour_row.addWidget(w)
        colour_row.addStretch(1)
        sides_row = QHBoxLayout()
        self.add_side = QPushButton("Add Side", objectName="side-add")
        self.add_side.clicked.connect(self._add_side)
        self.remove_side = QPushButton("Remove Side", objectName="side-remove")
        self.remove_side.clicked.connect(self._remove_side)
        sides_row.addWidget(self.add_side)
        sides_row.addWidget(self.remove_side)
        sides_row.addStretch(1)
        self.mines = QSpinBox(objectName="side-mines")
        self.mines.setRange(0, P.MAX_MINES)
        self.mines.setSpecialValueText("none")
        self.mines.setKeyboardTracking(False)
        self.mines.valueChanged.connect(self._set_mines)
        form.addRow("Side", self.pick)
        form.addRow("", sides_row)
        form.addRow("Name", self.name)
        form.addRow("Colour", colour_row)
        form.addRow("Mines to lay", self.mines)
        column.addLayout(form)
        column.addWidget(describe("Mines to lay: the minefields the side's sappers may lay "
                                  "during the game (the minefields module)."))  # fmt: skip
        column.addWidget(describe("The colour marks the side's counters (the corner flag) "
                                  "and its rows in the log."))  # fmt: skip
        self.formations = QGroupBox("Formations and their chits (rules 2.1)")
        column.addWidget(self.formations)
        self._build_formations()
        column.addStretch(1)

    def _build_formations(self) -> None:
        box = QVBoxLayout(self.formations)
        self.list = QListWidget(objectName="formation-list")
        self.list.setMaximumHeight(110)
        self.list.currentRowChanged.connect(lambda _r: self.loading or self._show_formation())
        box.addWidget(self.list)
        form = QFormLayout()
        self.f_name = QLineEdit(objectName="formation-name")
        self.f_name.editingFinished.connect(self._rename_formation)
        self.chits = QSpinBox(objectName="formation-chits")
        self.chits.setRange(1, P.MAX_CHITS)
        self.chits.setKeyboardTracking(False)
        self.chits.valueChanged.connect(self._set_chits)
        form.addRow("Formation", self.f_name)
        form.addRow("Chits in the cup", self.chits)
        box.addLayout(form)
        row = QHBoxLayout()
        self.add = QPushButton("Add Formation", objectName="formation-add")
        self.add.clicked.connect(self._add_formation)
        self.remove = QPushButton("Remove", objectName="formation-remove")
        self.remove.clicked.connect(self._remove_formation)
        row.addWidget(self.add)
        row.addWidget(self.remove)
        box.addLayout(row)
        box.addWidget(describe("Each turn every formation puts its chits in the cup; a chit "
                               "drawn activates the formation's units."))  # fmt: skip

    @property
    def side(self) -> str:
        return str(self.pick.currentData() or next(iter(self.scenario.sides)))

    @property
    def formation(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(ROLE))

    def set_color(self, color: str | None) -> None:
        if color == "":
            color = None
        self.edit(
            f"Colour {self.side}",
            lambda: {"sides": P.recoloured_side(self.scenario, self.side, color)},
        )

    def _add_side(self) -> None:
        side = P.free_side(self.scenario)
        self.owner.keep_side = side
        self.edit(
            f"Add side {side}",
            lambda: {"sides": P.with_side(self.scenario, side, f"Side {side[4:]}")},
        )

    def _remove_side(self) -> None:
        side = self.side
        self.edit(f"Remove side {side}", lambda: P.without_side(self.scenario, side))

    def _set_mines(self, value: int) -> None:
        side = self.side
        self.edit(
            f"Mines of {side}",
            lambda: {"mines": P.with_mines(self.scenario, side, int(value))},
            merge=f"mines-{side}",
        )

    def _choose_color(self) -> None:
        current = side_color_of(self.scenario.sides, self.side)
        chosen = QColorDialog.getColor(current, self, f"Colour of {self.side}")
        if chosen.isValid():
            self.set_color(chosen.name())

    def _rename_formation(self) -> None:
        old, new = self.formation, self.f_name.text().strip()
        if old is None or new == old:
            return
        side = self.side
        self.owner.keep_formation = new
        self.edit(
            f"Rename formation {old}", lambda: P.renamed_formation(self.scenario, side, old, new)
        )

    def _set_chits(self, value: int) -> None:
        name = self.formation
        if name is not None:
            side = self.side
            self.edit(
                f"Set chits of {name}",
                lambda: {"sides": P.with_chits(self.scenario, side, name, value)},
                merge=f"chits-{name}",
            )

    def _add_formation(self) -> None:
        side = self.side
        name = P._free_formation(self.scenario, side)
        self.owner.keep_formation = name
        self.edit(
            f"Add formation {name}", lambda: {"sides": P.with_formation(self.scenario, side, name)}
        )

    def _remove_formation(self) -> None:
        name, side = self.formation, self.side
        if name is not None:
            self.edit(
                f"Remove formation {name}",
                lambda: {"sides": P.without_formation(self.scenario, side, name)},
            )

    def show_scenario(self) -> None:
        sc = self.scenario
        keep = self.owner.keep_side or self.pick.currentData()
        self.owner.keep_side = None
        set_items(self.pick, [(f"{s.name}  ({k})", k) for k, s in sc.sides.items()], keep)
        side = sc.sides[self.side]
        self.name.setText(side.name)
        colour = side_color_of(sc.sides, side.id)
        self.color.setStyleSheet(f"background: {colour.name()}; border: 1px solid #444;")
        self.code.setText(side.color or "")
        self.code.setPlaceholderText(f"{colour.name()} (by order)")
        self.mines.setValue(sc.mines.get(side.id, 0))
        self.remove_side.setEnabled(len(sc.sides) > 1)
        self.formations.setVisible(ruleset_for(sc.ruleset).has("formations"))
        kept = self.owner.keep_formation or self.formation
        self.owner.keep_formation = None
        self.list.clear()
        for name, chits in side.formations.items():
            self.list.addItem(f"{name}   ({chits} chit{'s' if chits != 1 else ''})")
            self.list.item(self.list.count() - 1).setData(ROLE, name)
        names = list(side.formations)
        self.list.setCurrentRow(names.index(kept) if kept in names else min(0, len(names) - 1))
        self._show_formation()

    def _show_formation(self) -> None:
        was, self.loading = self.loading, True
        try:
            name = self.formation
            side = self.scenario.sides.get(self.side)
            self.f_name.setEnabled(name is not None)
            self.chits.setEnabled(name is not None)
            self.remove.setEnabled(name is not None)
            self.f_name.setText(name or "")
            if name is not None and side is not None:
                self.chits.setValue(side.formations.get(name, 1))
        finally:
            self.loading = was


class RulesPage(Page):
    """The ruleset's modules (on or off) and valued options, each with its description."""

    def __init__(self, owner: ScenarioProperties) -> None:
        super().__init__(owner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        column = QVBoxLayout(body)
        ruleset = owner.scenario.ruleset
        modules = QGroupBox("Modules (a module off leaves its rules out)")
        mbox = QVBoxLayout(modules)
        self.modules: dict[str, QCheckBox] = {}
        for m in modules_of(ruleset):
            box = QCheckBox(f"{m.name.replace('_', ' ')}  (rules {m.rules})")
            box.setObjectName(f"module-{m.name}")
            box.setToolTip(f"On: {m.text}.\nOff: {m.off}.")
            box.toggled.connect(lambda on, n=m.name: self._module(n, on))
            self.modules[m.name] = box
            mbox.addWidget(box)
            mbox.addWidget(describe(f"{m.text[0].upper()}{m.text[1:]}. Off: {m.off}."))
        column.addWidget(modules)
        options = QGroupBox("Options (the rules' defaults unless changed)")
        form = QFormLayout(options)
        self.options: dict[str, Any] = {}
        default = Options()
        for o in options_of(ruleset):
            widget = self._option_widget(o)
            form.addRow(o.name.replace("_", " "), widget)
            shown = _shown(o.name, getattr(default, o.name))
            form.addRow(describe(f"{o.text[0].upper()}{o.text[1:]} (rules {o.rules}; "
                                 f"default {shown})."))  # fmt: skip
        column.addWidget(options)
        column.addStretch(1)

    def _option_widget(self, o) -> QWidget:
        name = o.name
        if o.kind == "choice":
            box = QComboBox(objectName=f"option-{name}")
            for choice in o.choices:
                box.addItem(choice, choice)
            box.activated.connect(lambda _i, b=box: self._option(name, b.currentData()))
            self.options[name] = box
            return box
        if o.kind == "number":
            spin = QDoubleSpinBox(objectName=f"option-{name}")
            spin.setRange(o.lo, o.hi)
            spin.setSingleStep(0.25)
            spin.setDecimals(2)
        elif o.kind == "dice_hit":
            return self._mine_attack(o)
        else:
            spin = QSpinBox(objectName=f"option-{name}")
            lo = 0 if o.kind == "count_or_unlimited" else int(o.lo)
            spin.setRange(lo, int(o.hi))
            if o.kind == "count_or_unlimited":
                spin.setSpecialValueText("unlimited")
        spin.setKeyboardTracking(False)
        spin.valueChanged.connect(lambda v, n=name, k=o.kind: self._option(n, _value(k, v)))
        self.options[name] = spin
        return spin

    def _mine_attack(self, o) -> QWidget:
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        dice = QSpinBox(objectName=f"option-{o.name}-dice")
        dice.setRange(1, int(o.hi))
        dice.setSuffix(" dice")
        hit = QSpinBox(objectName=f"option-{o.name}-hit")
        hit.setRange(1, 6)
        hit.setPrefix("hit on ")
        hit.setSuffix("+")
        for spin in (dice, hit):
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(
                lambda _v: self._option(o.name, MineAttack(dice.value(), hit.value()))
            )
            line.addWidget(spin)
        self.options[o.name] = (dice, hit)
        return row

    def _module(self, name: str, on: bool) -> None:
        self.edit(
            f"{'Use' if on else 'Leave out'} {name.replace('_', ' ')}",
            lambda: {"rules": P.with_module(self.scenario, name, on)},
        )

    def _option(self, name: str, value: Any) -> None:
        self.edit(
            f"Set {name.replace('_', ' ')}",
            lambda: {"options": P.with_option(self.scenario, name, value)},
            merge=f"option-{name}",
        )

    def show_scenario(self) -> None:
        sc = self.scenario
        for name, box in self.modules.items():
            box.setChecked(sc.module(name))
        for name, widget in self.options.items():
            value = getattr(sc.options, name)
            if isinstance(widget, tuple):
                widget[0].setValue(value.dice)
                widget[1].setValue(value.hit)
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value))
            else:
                widget.setValue(0 if value is None else value)


def _value(kind: str, v: Any) -> Any:
    if kind == "count_or_unlimited":
        return None if v == 0 else int(v)
    if kind == "number":
        return float(v)
    return int(v)


def _shown(name: str, value: Any) -> str:
    if isinstance(value, MineAttack):
        return f"{value.dice} dice hitting on {value.hit}+"
    if value is None:
        return "unlimited"
    return str(value)


class PropertiesDock(QDockWidget):
    """The **Scenario** dock: General, Sides and Rules pages."""

    def __init__(self, owner: ScenarioProperties, parent: QWidget | None = None) -> None:
        super().__init__("Scenario", parent)
        self.setObjectName("scenario-properties")
        self.setMinimumWidth(330)
        self.tabs = QTabWidget(objectName="scenario-tabs")
        self.general = GeneralPage(owner)
        self.sides = SidesPage(owner)
        self.rules = RulesPage(owner)
        self.tabs.addTab(self.general, "General")
        self.tabs.addTab(self.sides, "Sides")
        self.tabs.addTab(self.rules, "Rules")
        self.setWidget(self.tabs)
        self.pages: list[Page] = [self.general, self.sides, self.rules]


class ScenarioProperties(QObject):
    """The scenario-level properties of one scenario editor: docks, map tools, overlay."""

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.keep_formation: str | None = None
        self.keep_side: str | None = None
        self._side_ids: list[str] = []
        self.tools = {t.name: t for t in (VictoryTool(self), EntryTool(self), StrikeTool(self))}
        self._unsubscribe: Callable[[], None] | None = None

    @property
    def scenario(self) -> Scenario:
        return self.editor.document.scenario

    @property
    def window(self):
        return self.editor.window

    def install(self) -> None:
        w = self.window
        self.dock = PropertiesDock(self, w)
        self.events = EventsDock(self, w)
        # tabs beside the tool docks on the right (units, markers, zones), each page the
        # window's whole height; the tray stays in front
        beside = getattr(self.editor, "zone_dock", None) or self.editor.markers
        for dock in (self.dock, self.events):
            w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            w.tabifyDockWidget(beside, dock)
            beside = dock
        self.editor.tray.raise_()
        w.resizeDocks([self.editor.tray], [380], Qt.Orientation.Horizontal)  # five tabs' titles
        docks = getattr(self.editor, "tool_docks", None)  # a tool raises the dock it uses
        if docks is not None:
            docks.update({name: self.events for name in self.tools})
        self.marks = EventMarks(self.editor.scene, self.scenario)
        self.editor.scene.addItem(self.marks)
        self._unsubscribe = bridge_for(self.editor.document).subscribe(self._on_event)
        self.refresh()

    def uninstall(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for dock in (self.dock, self.events):
            self.window.removeDockWidget(dock)
            dock.deleteLater()

    @property
    def pages(self) -> list[Page]:
        return [*self.dock.pages, *self.events.pages]

    def refresh(self) -> None:
        self._side_ids = list(self.scenario.sides)
        for page in self.pages:
            page.load()
        self.marks.refresh()

    def _on_event(self, event: object) -> None:
        if isinstance(event, ScenarioChanged):
            if "sides" in event.names and list(self.scenario.sides) != self._side_ids:
                # a side added or taken away: the tray, the markers, the zones and the unit
                # dock have one entry per side, so the editor is built anew (after this
                # event: no widget goes while its own signal runs)
                QTimer.singleShot(0, self._rebuild)
                return
            self.refresh()
            if "sides" in event.names:
                self._sides_changed()

    def _rebuild(self) -> None:
        """The editor anew on the same document (its undo history kept), the view where it
        was and the Sides page in front."""
        window, editor = self.window, self.editor
        if window.editor is not editor:
            return
        view = window.view
        scale = view.scale_factor
        centre = view.mapToScene(view.viewport().rect().center())
        keep = self.keep_side or self.dock.sides.pick.currentData()
        new = editor.anew()
        view.set_scale(scale)
        view.centerOn(centre)
        new.props.keep_side = keep if keep in new.document.scenario.sides else None
        new.props.refresh()
        new.props.dock.raise_()
        new.props.dock.tabs.setCurrentWidget(new.props.dock.sides)
        new.autosave.write_soon()  # still unsaved: the recovery copy follows

    def _sides_changed(self) -> None:
        """Side names and colours: the tray's tabs, the minefield owners and the counters."""
        sc = self.scenario
        editor = self.editor
        tabs = editor.tray.tabs
        for i in range(tabs.count()):
            side = getattr(tabs.widget(i), "side", None)
            if side in sc.sides:
                tabs.setTabText(i, sc.sides[side].name)
        owner = editor.markers.owner
        for i in range(owner.count()):
            if owner.itemData(i) in sc.sides:
                owner.setItemText(i, sc.sides[owner.itemData(i)].name)
        editor.scene.refresh_sides()
        editor.scene.update()  # the zones' tints and the events' labels in the new colours

    def edit(self, text: str, make: Callable[[], dict[str, Any]], merge: str | None = None) -> bool:
        """Push one edit of the scenario's properties; a refused one shows why and the
        pages show the scenario as it is."""
        try:
            values = make()
            command = EditScenarioProps(self.scenario, text, merge, **values)
        except ValueError as exc:
            self.window.statusBar().showMessage(str(exc), 8000)
            self.refresh()
            return False
        if all(getattr(self.scenario, k) == v for k, v in values.items()):
            return False  # nothing changes: no undo step
        self.editor.document.push(command, merge=merge is not None)
        return True

    def set_tool(self, name: str) -> None:
        self.editor.set_tool(name)

    def show_reinforcement(self, unit_id: str) -> bool:
        """Select the reinforcement ``unit_id`` in the Events dock and show its entry hex;
        False if there is none of that id."""
        rows = [i for i, r in enumerate(self.scenario.reinforcements) if r.unit.id == unit_id]
        if not rows:
            return False
        page = self.events.reinforcements
        self.events.raise_()
        self.events.tabs.setCurrentWidget(page)
        page.table.selectRow(rows[0])
        h = self.scenario.reinforcements[rows[0]].unit.hex
        if h is not None:
            self.editor.select_hex(h)
        return True
