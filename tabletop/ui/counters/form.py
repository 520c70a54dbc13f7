"""The counter editor's form: one widget per key of the selected unit type (interfaces.md
section 2), the right kind for each value: spin boxes with the ranges the loader accepts
(``tabletop.data.bounds``), choices for the kind, target class, TEC column and classes,
ratings with their missile and moving-fire flags; the squad form is in
:mod:`tabletop.ui.counters.squadform`.

``form.load(unit_type)`` shows a type; every edit emits ``edited(key)``, and
``form.build()`` returns the edited type (a new frozen value, ``dataclasses.replace`` of
the one shown). Both forms share the keys of every type: id, names, nation, ``source:``
and the ``art:`` overrides (background and text colours, symbol).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QCompleter,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tabletop.data import bounds as B
from tabletop.model import (
    AssaultRating,
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    TargetClass,
    TecColumn,
    UnitType,
)
from tabletop.model.units import COUNTER_SYMBOLS
from tabletop.render.palette import NATION_COLORS, nation_color

HELI_SIDES = ("flying", "noe", "landed")
STEP_SIDES = ("full", "reduced")
WEAPONS = ("ap", "he", "aa")
OPTIONAL_SIDES = ("reduced", "noe", "landed")
RENAME_TO_HELI = {"full": "flying", "reduced": "noe"}
RENAME_FROM_HELI = {"flying": "full", "noe": "reduced"}


def spin(name: str, lo: int, hi: int, tip: str = "") -> QSpinBox:
    box = QSpinBox(objectName=name, minimum=lo, maximum=hi)
    box.setToolTip(tip or f"{lo} to {hi}")
    return box


def choice(name: str, values: list[tuple[str, object]]) -> QComboBox:
    box = QComboBox(objectName=name)
    for text, value in values:
        box.addItem(text, value)
    return box


def set_choice(box: QComboBox, value: object) -> None:
    box.setCurrentIndex(max(0, box.findData(value)))


class _Form(QWidget):
    """Widgets keyed by name; ``edited(key)`` on any change the user makes."""

    edited = Signal(str)
    by_default = "by kind"
    """What a type's symbol is without one of its own (a platoon counter's comes from its
    kind, a squad counter's from its figures' models)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.widgets: dict[str, QWidget] = {}
        self.original: UnitType | None = None
        self._loading = False

    def _watch(self, key: str, widget: QWidget) -> QWidget:
        self.widgets[key] = widget
        emit: Callable[..., None] = lambda *_: None if self._loading else self.edited.emit(key)  # noqa: E731
        if isinstance(widget, QSpinBox):
            widget.valueChanged.connect(emit)
        elif isinstance(widget, QCheckBox):
            widget.toggled.connect(emit)
        elif isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(emit)
        elif isinstance(widget, QLineEdit):
            if key == "id":
                widget.editingFinished.connect(emit)
            else:
                widget.textEdited.connect(emit)
        return widget

    def text(self, key: str) -> str:
        widget = self.widgets[key]
        assert isinstance(widget, QLineEdit)
        return widget.text().strip()

    def value(self, key: str) -> int:
        widget = self.widgets[key]
        assert isinstance(widget, QSpinBox)
        return widget.value()

    def checked(self, key: str) -> bool:
        widget = self.widgets[key]
        assert isinstance(widget, QCheckBox)
        return widget.isChecked()

    def data(self, key: str) -> object:
        widget = self.widgets[key]
        assert isinstance(widget, QComboBox)
        return widget.currentData()

    def put(self, key: str, value: object) -> None:
        widget = self.widgets[key]
        if isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            set_choice(widget, value)
        elif isinstance(widget, QLineEdit) and widget.text() != str(value):
            # the field being typed into keeps its cursor; any other shows its text's start
            widget.setText(str(value))
            if not widget.hasFocus():
                widget.setCursorPosition(0)

    def _common(self, layout: QFormLayout) -> None:
        for key, label, tip in (
            ("id", "Type id", "the key scenarios name the type by"),
            ("name", "Name", "the unit's full name"),
            ("short", "Short name", "printed where the name is too long"),
        ):
            edit = QLineEdit(objectName=f"counter-{key}")
            edit.setToolTip(tip)
            layout.addRow(label, self._watch(key, edit))
        nation = QLineEdit(objectName="counter-nation", placeholderText="none")
        nation.setToolTip("the nation's code (US, FRG, GER, USSR ...): the counter's colours")
        completer = QCompleter(sorted(NATION_COLORS), nation)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        nation.setCompleter(completer)
        self.swatch = QLabel(objectName="counter-nation-swatch")
        self.swatch.setToolTip("the nation's counter colour")
        row = QHBoxLayout()
        row.addWidget(self._watch("nation", nation), 1)
        row.addWidget(self.swatch)
        layout.addRow("Nation", row)

    def _art_box(self, layout: QFormLayout) -> None:
        art = QGroupBox("Art (this type only; empty: from the nation and the kind)")
        art.setObjectName("counter-art")
        grid = QGridLayout(art)
        for r, (key, label, tip) in enumerate((
            ("colour", "Background", "art: background, e.g. #7a8b4f or olive"),
            ("text", "Text and symbol", "art: text, the colour of the name, values and symbol"),
        )):  # fmt: skip
            edit = QLineEdit(objectName=f"counter-{key}", placeholderText="from the nation")
            edit.setToolTip(tip)
            pick = QPushButton("Pick...", objectName=f"counter-{key}-pick")
            pick.clicked.connect(lambda _=False, k=key: self._pick_colour(k))
            grid.addWidget(QLabel(label), r, 0)
            grid.addWidget(self._watch(key, edit), r, 1)
            grid.addWidget(pick, r, 2)
        symbols = [(self.by_default, None)]
        symbols += [(s.replace("_", " "), s) for s in COUNTER_SYMBOLS]
        grid.addWidget(QLabel("Symbol"), 2, 0)
        grid.addWidget(self._watch("symbol", choice("counter-symbol", symbols)), 2, 1)
        self.to_nation = QPushButton("Use for the Nation", objectName="counter-art-nation")
        self.to_nation.setToolTip(
            "give every type of this nation in the file the colours of this type"
        )
        grid.addWidget(self.to_nation, 3, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        layout.addRow(art)

    def _pick_colour(self, key: str) -> None:
        current = QColor(self.text(key) or "#808080")
        picked = QColorDialog.getColor(current, self, "Counter Colour")
        if picked.isValid():
            self.put(key, picked.name())
            self.edited.emit(key)

    def _source(self, layout: QFormLayout) -> None:
        edit = QLineEdit(objectName="counter-source")
        edit.setToolTip("source: where the values come from")
        layout.addRow("Source", self._watch("source", edit))

    def _load_common(self, t: UnitType) -> None:
        for key in ("id", "name", "short", "nation", "source"):
            self.put(key, getattr(t, key))
        self.put("colour", t.art.get("background", ""))
        self.put("text", t.art.get("text", ""))
        self.put("symbol", t.art.get("symbol"))
        self.show_swatch(t.nation)

    def show_swatch(self, nation: str) -> None:
        pixmap = QPixmap(18, 18)
        pixmap.fill(nation_color(nation))
        self.swatch.setPixmap(pixmap)
        known = nation.strip().upper() in NATION_COLORS
        self.swatch.setToolTip("the nation's colour" if known else "not a known nation: by side")

    def _art(self, t: UnitType) -> dict[str, str]:
        art = dict(t.art)
        for key, art_key in (("colour", "background"), ("text", "text")):
            colour = self.text(key)
            if colour and not QColor(colour).isValid():
                raise ValueError(f"colour {colour!r}: write a colour such as #7a8b4f or olive")
            if colour:
                art[art_key] = colour
            else:
                art.pop(art_key, None)
        symbol = self.data("symbol")
        if symbol:
            art["symbol"] = str(symbol)
        else:
            art.pop("symbol", None)
        return art

    def _checked_common(self) -> dict[str, object]:
        type_id, name = self.text("id"), self.text("name")
        if not type_id or any(c.isspace() for c in type_id):
            raise ValueError("the type id must be one word, e.g. M48")
        if not name:
            raise ValueError("every type needs a name")
        assert self.original is not None
        return {"id": type_id, "name": name, "short": self.text("short"),
                "nation": self.text("nation"), "source": self.text("source"),
                "art": self._art(self.original)}  # fmt: skip

    def load(self, unit_type: UnitType) -> None:
        self.original = unit_type
        self._loading = True
        try:
            self._load(unit_type)
        finally:
            self._loading = False

    def _load(self, unit_type: UnitType) -> None:
        raise NotImplementedError

    def build(self) -> UnitType:
        raise NotImplementedError


class SideForm(QGroupBox):
    """One printed side of a platoon type: ratings, armor, save, movement, morale,
    assault."""

    def __init__(self, form: _Form, side: str, optional: bool) -> None:
        super().__init__(f"{side} side" if not optional else f"{side} side (optional)")
        self.side = side
        self.setObjectName(f"side-{side}")
        grid = QGridLayout(self)
        self.key = lambda k: f"{side}.{k}"
        row = 0
        if optional:
            present = QCheckBox(f"Has a {side} side", objectName=f"side-{side}-present")
            grid.addWidget(form._watch(self.key("present"), present), row, 0, 1, 6)
            row += 1
        for col, head in enumerate(("", "Firepower", "Range", "Hit", "", "")):
            grid.addWidget(QLabel(head), row, col)
        row += 1
        for weapon in WEAPONS:
            w = f"{side}-{weapon}"
            on = QCheckBox(weapon.upper(), objectName=f"side-{w}")
            on.setToolTip(f"this side has an {weapon.upper()} rating")
            grid.addWidget(form._watch(self.key(weapon), on), row, 0)
            numbers = (("firepower", 1, B.DICE), ("range", 0, B.RANGE), ("hit", 1, 6))
            for col, (k, lo, hi) in enumerate(numbers, start=1):
                box = spin(f"side-{w}-{k}", lo, hi)
                grid.addWidget(form._watch(self.key(f"{weapon}.{k}"), box), row, col)
            flags = (("missile", "missile"), ("moving_fire", "moving fire"))
            for col, (k, text) in enumerate(flags, start=4):
                box = QCheckBox(text, objectName=f"side-{w}-{k}")
                grid.addWidget(form._watch(self.key(f"{weapon}.{k}"), box), row, col)
            row += 1
        for k, text, lo, hi in (("armor", "Armor", 0, B.RATING), ("save", "Save", 1, 6)):
            box = QCheckBox(text, objectName=f"side-{side}-has-{k}")
            box.setToolTip("absent for an unarmored unit")
            grid.addWidget(form._watch(self.key(f"has-{k}"), box), row, 0)
            grid.addWidget(form._watch(self.key(k), spin(f"side-{side}-{k}", lo, hi)), row, 1)
            row += 1
        for k, text, lo, hi in (("movement", "Movement", 0, B.MOVEMENT),
                                ("morale", "Morale", 2, 12),
                                ("assault.factor", "Assault factor", 0, B.DICE),
                                ("assault.hit", "Assault hit", 1, 6)):  # fmt: skip
            grid.addWidget(QLabel(text), row, 0)
            name = f"side-{side}-{k.replace('.', '-')}"
            grid.addWidget(form._watch(self.key(k), spin(name, lo, hi)), row, 1)
            row += 1
        grid.setRowStretch(row, 1)
        grid.setColumnStretch(6, 1)

    def load(self, form: _Form, side: PlatoonSide | None) -> None:
        if self.key("present") in form.widgets:
            form.put(self.key("present"), side is not None)
        s = side or PlatoonSide()
        for weapon in WEAPONS:
            r: Rating | None = getattr(s, weapon)
            form.put(self.key(weapon), r is not None)
            r = r or Rating(1, 0, 4)
            for k in ("firepower", "range", "hit", "missile", "moving_fire"):
                form.put(self.key(f"{weapon}.{k}"), getattr(r, k))
        for k, default in (("armor", 0), ("save", 5)):
            value = getattr(s, k)
            form.put(self.key(f"has-{k}"), value is not None)
            form.put(self.key(k), default if value is None else value)
        form.put(self.key("movement"), s.movement)
        form.put(self.key("morale"), s.morale)
        form.put(self.key("assault.factor"), s.assault.factor)
        form.put(self.key("assault.hit"), s.assault.hit)

    def sync_enabled(self, form: _Form) -> None:
        """The values of an unticked rating, armor or save are greyed: not written."""
        for weapon in WEAPONS:
            on = form.checked(self.key(weapon))
            for k in ("firepower", "range", "hit", "missile", "moving_fire"):
                form.widgets[self.key(f"{weapon}.{k}")].setEnabled(on)
        for k in ("armor", "save"):
            form.widgets[self.key(k)].setEnabled(form.checked(self.key(f"has-{k}")))

    def build(self, form: _Form) -> PlatoonSide | None:
        self.sync_enabled(form)
        if self.key("present") in form.widgets and not form.checked(self.key("present")):
            return None
        ratings: dict[str, Rating | None] = {}
        for weapon in WEAPONS:
            if not form.checked(self.key(weapon)):
                ratings[weapon] = None
                continue
            v = {k: form.value(self.key(f"{weapon}.{k}")) for k in ("firepower", "range", "hit")}
            flags = {k: form.checked(self.key(f"{weapon}.{k}")) for k in ("missile", "moving_fire")}
            ratings[weapon] = Rating(**v, **flags)
        return PlatoonSide(
            ap=ratings["ap"], he=ratings["he"], aa=ratings["aa"],
            armor=form.value(self.key("armor")) if form.checked(self.key("has-armor")) else None,
            save=form.value(self.key("save")) if form.checked(self.key("has-save")) else None,
            movement=form.value(self.key("movement")), morale=form.value(self.key("morale")),
            assault=AssaultRating(form.value(self.key("assault.factor")),
                                  form.value(self.key("assault.hit"))),
        )  # fmt: skip


class PlatoonForm(_Form):
    """A platoon type: general keys, then a tab per printed side."""

    def __init__(self, sw_ids: Callable[[], list[str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("counter-form")
        self.sw_ids = sw_ids
        outer = QVBoxLayout(self)
        general = QFormLayout()
        self._common(general)
        kinds = [(k.value, k) for k in Kind]
        general.addRow("Kind", self._watch("kind", choice("counter-kind", kinds)))
        targets = [(t.value.replace("_", " "), t) for t in TargetClass]
        general.addRow("Target class", self._watch("target", choice("counter-target", targets)))
        columns = [
            ("by kind", None),
            ("vehicles", TecColumn.VEHICLES),
            ("troops", TecColumn.INFANTRY),
        ]
        general.addRow(
            "TEC column", self._watch("tec_column", choice("counter-tec-column", columns))
        )
        flags = QHBoxLayout()
        for key, text in (("moving_fire", "Moving fire (all ratings)"), ("recon", "Recon"),
                          ("amphibious", "Amphibious"), ("sapper", "Sapper")):  # fmt: skip
            flags.addWidget(self._watch(key, QCheckBox(text, objectName=f"counter-{key}")))
        general.addRow("", flags)
        capacity = QHBoxLayout()
        box = spin("counter-capacity", 0, B.RATING, "units it can carry")
        capacity.addWidget(self._watch("capacity", box))
        capacity.addStretch(1)
        general.addRow("Capacity", capacity)
        general.addRow(
            "Support weapon",
            self._watch("support_weapon", QComboBox(objectName="counter-support-weapon")),
        )
        self._source(general)
        self._art_box(general)
        outer.addLayout(general)
        self.tabs = QTabWidget(objectName="counter-sides")
        self.sides: dict[str, SideForm] = {}
        for name in STEP_SIDES + HELI_SIDES:
            self.sides[name] = SideForm(self, name, optional=name in OPTIONAL_SIDES)
        outer.addWidget(self.tabs, 1)

    def _show_sides(self, helicopter: bool) -> None:
        wanted = HELI_SIDES if helicopter else STEP_SIDES
        current = [self.tabs.widget(i) for i in range(self.tabs.count())]
        if [getattr(w, "side", "") for w in current] == list(wanted):
            return
        self.tabs.clear()
        for name in wanted:
            self.tabs.addTab(self.sides[name], name)

    def _load(self, t: UnitType) -> None:
        assert isinstance(t, PlatoonUnitType)
        self._load_common(t)
        box = self.widgets["support_weapon"]
        assert isinstance(box, QComboBox)
        box.clear()
        box.addItem("none", None)
        for sw in self.sw_ids():
            box.addItem(sw, sw)
        for key in ("kind", "target", "tec_column", "support_weapon"):
            self.put(key, getattr(t, key))
        for key in ("moving_fire", "recon", "amphibious", "sapper", "capacity"):
            self.put(key, getattr(t, key))
        self._show_sides(t.is_helicopter)
        for name, side_form in self.sides.items():
            side_form.load(self, t.sides.get(name))
            side_form.sync_enabled(self)

    def build(self) -> UnitType:
        t = self.original
        assert isinstance(t, PlatoonUnitType)
        kind = self.data("kind")
        assert isinstance(kind, Kind)
        helicopter = kind is Kind.HELICOPTER
        if helicopter != t.is_helicopter:  # a change of kind renames the sides
            names = RENAME_TO_HELI if helicopter else RENAME_FROM_HELI
            sides = {names[k]: v for k, v in t.sides.items() if k in names}
        else:
            wanted = HELI_SIDES if helicopter else STEP_SIDES
            sides = {n: s for n in wanted if (s := self.sides[n].build(self)) is not None}
        first = "flying" if helicopter else "full"
        if first not in sides:
            raise ValueError(f"a {kind.value} needs a {first} side")
        return dataclasses.replace(
            t, **self._checked_common(), kind=kind, target=self.data("target"),
            tec_column=self.data("tec_column"), support_weapon=self.data("support_weapon"),
            moving_fire=self.checked("moving_fire"), recon=self.checked("recon"),
            amphibious=self.checked("amphibious"), sapper=self.checked("sapper"),
            capacity=self.value("capacity"), sides=sides,
        )  # fmt: skip
