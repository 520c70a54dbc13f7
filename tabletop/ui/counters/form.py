"""The counter editor's form: one widget per key of the selected unit type (interfaces.md
section 2), the right kind for each value: spin boxes with the ranges the loader accepts,
choices for the kind, target class, TEC column and classes, ratings with their missile and
moving-fire flags, figures for squad types.

``form.load(unit_type)`` shows a type; every edit emits ``edited(key)``, and
``form.build()`` returns the edited type (a new frozen value, ``dataclasses.replace`` of
the one shown: keys the form does not show, such as a squad type's artillery, are kept).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
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

from tabletop.model import (
    MODEL_WOUNDS,
    AssaultRating,
    FigureSpec,
    Fire,
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    SquadUnitType,
    TargetClass,
    TecColumn,
    UnitType,
)

HELI_SIDES = ("flying", "noe", "landed")
STEP_SIDES = ("full", "reduced")
WEAPONS = ("ap", "he", "aa")
SAVE_CLASSES = ("normal", "elite", "conspicuous")
CC_CLASSES = ("regular", "special", "crew")
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
            widget.setValue(int(value))  # type: ignore[call-overload]
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
            ("nation", "Nation", "gives the counter's colour when it has none of its own"),
        ):
            edit = QLineEdit(objectName=f"counter-{key}")
            edit.setToolTip(tip)
            layout.addRow(label, self._watch(key, edit))
        colour = QLineEdit(objectName="counter-colour", placeholderText="from the nation")
        colour.setToolTip("art: background colour of this type's counters, e.g. #7a8b4f")
        pick = QPushButton("Pick...", objectName="counter-colour-pick")
        pick.clicked.connect(self._pick_colour)
        row = QHBoxLayout()
        row.addWidget(self._watch("colour", colour), 1)
        row.addWidget(pick)
        layout.addRow("Colour", row)

    def _pick_colour(self) -> None:
        current = QColor(self.text("colour") or "#808080")
        picked = QColorDialog.getColor(current, self, "Counter Colour")
        if picked.isValid():
            self.put("colour", picked.name())
            self.edited.emit("colour")

    def _source(self, layout: QFormLayout) -> None:
        edit = QLineEdit(objectName="counter-source")
        edit.setToolTip("source: where the values come from")
        layout.addRow("Source", self._watch("source", edit))

    def _load_common(self, t: UnitType) -> None:
        for key in ("id", "name", "short", "nation", "source"):
            self.put(key, getattr(t, key))
        self.put("colour", t.art.get("background", ""))

    def _art(self, t: UnitType) -> dict[str, str]:
        art = dict(t.art)
        colour = self.text("colour")
        if colour:
            if not QColor(colour).isValid():
                raise ValueError(f"colour {colour!r}: write a colour such as #7a8b4f or olive")
            art["background"] = colour
        else:
            art.pop("background", None)
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
            numbers = (("firepower", 1, 30), ("range", 0, 60), ("hit", 1, 6))
            for col, (k, lo, hi) in enumerate(numbers, start=1):
                box = spin(f"side-{w}-{k}", lo, hi)
                grid.addWidget(form._watch(self.key(f"{weapon}.{k}"), box), row, col)
            flags = (("missile", "missile"), ("moving_fire", "moving fire"))
            for col, (k, text) in enumerate(flags, start=4):
                box = QCheckBox(text, objectName=f"side-{w}-{k}")
                grid.addWidget(form._watch(self.key(f"{weapon}.{k}"), box), row, col)
            row += 1
        for k, text, lo, hi in (("armor", "Armor", 0, 20), ("save", "Save", 1, 6)):
            box = QCheckBox(text, objectName=f"side-{side}-has-{k}")
            box.setToolTip("absent for an unarmored unit")
            grid.addWidget(form._watch(self.key(f"has-{k}"), box), row, 0)
            grid.addWidget(form._watch(self.key(k), spin(f"side-{side}-{k}", lo, hi)), row, 1)
            row += 1
        for k, text, lo, hi in (("movement", "Movement", 0, 40), ("morale", "Morale", 2, 12),
                                ("assault.factor", "Assault factor", 0, 9),
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

    def build(self, form: _Form) -> PlatoonSide | None:
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
        general.addRow(
            "Capacity",
            self._watch("capacity", spin("counter-capacity", 0, 12, "units it can carry")),
        )
        general.addRow(
            "Support weapon",
            self._watch("support_weapon", QComboBox(objectName="counter-support-weapon")),
        )
        self._source(general)
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
            t, **self._checked_common(), kind=kind, target=self.data("target"),  # type: ignore[arg-type]
            tec_column=self.data("tec_column"), support_weapon=self.data("support_weapon"),
            moving_fire=self.checked("moving_fire"), recon=self.checked("recon"),
            amphibious=self.checked("amphibious"), sapper=self.checked("sapper"),
            capacity=self.value("capacity"), sides=sides,
        )  # fmt: skip


class SquadForm(_Form):
    """A squad type: its figures, fire, defense, classes and the rest."""

    MAX_FIGURE_ROWS = 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("counter-form")
        general = QFormLayout(self)
        self._common(general)
        models = [(m.replace("_", " "), m) for m in MODEL_WOUNDS]
        figures = QGroupBox("Figures (model and count; an empty row is none)")
        grid = QGridLayout(figures)
        for i in range(self.MAX_FIGURE_ROWS):
            combo = choice(f"figure-{i}-model", [("(none)", None), *models])
            grid.addWidget(self._watch(f"figure.{i}.model", combo), i, 0)
            grid.addWidget(self._watch(f"figure.{i}.count", spin(f"figure-{i}-count", 1, 20)), i, 1)
        general.addRow(figures)
        fire = QHBoxLayout()
        fire.addWidget(self._watch("fire", QCheckBox("Fire", objectName="counter-fire")))
        for key, lo, hi in (("dice", 1, 20), ("range", 0, 60), ("hit", 1, 6)):
            fire.addWidget(QLabel(key))
            fire.addWidget(self._watch(f"fire.{key}", spin(f"counter-fire-{key}", lo, hi)))
        fire.addWidget(
            self._watch(
                "fire.anti_tank", QCheckBox("anti-tank", objectName="counter-fire-anti-tank")
            )
        )
        general.addRow("Fire", fire)
        for key, text, lo, hi in (("defense", "Defense", 0, 9), ("movement", "Movement", 0, 20),
                                  ("capacity", "Capacity", 0, 20)):  # fmt: skip
            general.addRow(text, self._watch(key, spin(f"counter-{key}", lo, hi)))
        optional = (("steadiness", "Steadiness", 2, 12), ("armor", "Armor", 0, 9),
                    ("side_armor", "Side armor", 0, 9), ("ammo", "Ammunition", 0, 99))  # fmt: skip
        for key, text, lo, hi in optional:
            row = QHBoxLayout()
            row.addWidget(self._watch(f"has-{key}", QCheckBox("", objectName=f"counter-has-{key}")))
            row.addWidget(self._watch(key, spin(f"counter-{key}", lo, hi)), 1)
            general.addRow(text, row)
        general.addRow(
            "Save class",
            self._watch("save_class", choice("counter-save-class", [(c, c) for c in SAVE_CLASSES])),
        )
        general.addRow(
            "Close combat",
            self._watch("cc_class", choice("counter-cc-class", [(c, c) for c in CC_CLASSES])),
        )
        general.addRow("", self._watch("sapper", QCheckBox("Sapper", objectName="counter-sapper")))
        self._source(general)

    def _load(self, t: UnitType) -> None:
        assert isinstance(t, SquadUnitType)
        self._load_common(t)
        for i in range(self.MAX_FIGURE_ROWS):
            spec = t.figures[i] if i < len(t.figures) else None
            self.put(f"figure.{i}.model", spec.model if spec else None)
            self.put(f"figure.{i}.count", spec.count if spec else 1)
        fire = t.fire or Fire(1, 0, 5)
        self.put("fire", t.fire is not None)
        for key in ("dice", "range", "hit", "anti_tank"):
            self.put(f"fire.{key}", getattr(fire, key))
        for key in ("defense", "movement", "capacity", "save_class", "cc_class", "sapper"):
            self.put(key, getattr(t, key))
        for key, default in (("steadiness", 8), ("armor", 0), ("side_armor", 0), ("ammo", 10)):
            value = getattr(t, key)
            self.put(f"has-{key}", value is not None)
            self.put(key, default if value is None else value)

    def build(self) -> UnitType:
        t = self.original
        assert isinstance(t, SquadUnitType)
        figures = []
        for i in range(self.MAX_FIGURE_ROWS):
            model = self.data(f"figure.{i}.model")
            if model is None:
                continue
            old = t.figures[i] if i < len(t.figures) and t.figures[i].model == model else None
            figures.append(
                FigureSpec(str(model), self.value(f"figure.{i}.count"), old.fire if old else None)
            )
        figures += t.figures[self.MAX_FIGURE_ROWS :]  # rows the form does not show: kept
        if not figures:
            raise ValueError("a squad type needs at least one figure")
        fire = None
        if self.checked("fire"):
            fire = Fire(self.value("fire.dice"), self.value("fire.range"), self.value("fire.hit"),
                        self.checked("fire.anti_tank"))  # fmt: skip
        optional = {k: (self.value(k) if self.checked(f"has-{k}") else None)
                    for k in ("steadiness", "armor", "side_armor", "ammo")}  # fmt: skip
        return dataclasses.replace(
            t, **self._checked_common(), figures=tuple(figures), fire=fire,  # type: ignore[arg-type]
            defense=self.value("defense"), movement=self.value("movement"),
            capacity=self.value("capacity"), save_class=str(self.data("save_class")),
            cc_class=str(self.data("cc_class")), sapper=self.checked("sapper"), **optional,
        )  # fmt: skip
