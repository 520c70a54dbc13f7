"""The counter editor's form for a squad type: every key of the squad counters format
(interfaces.md section 2) with the widget its value takes and the loader's ranges.

- figures: one row per entry (model, count, and a heavy weapon's own fire), as many rows
  as the type has, Add Figure for one more and the row's remove button for one less;
- fire, artillery (caliber, dice, range, hit, indirect) and bombs (dice, hit, carpet),
  each ticked when the type has it;
- close combat: defense, the class, and the accuracy faces (ticked: they override the
  class's faces);
- movement, capacity, steadiness, armor, side armor and ammunition (the optional ones
  ticked when present), save class, sapper, and the chassis an ``spg`` takes its wounds
  from.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.data import bounds as B
from tabletop.model import MODEL_WOUNDS, Artillery, Bombs, FigureSpec, Fire, SquadUnitType, UnitType
from tabletop.model.units import CC_ACCURACY
from tabletop.ui.counters.form import _Form, choice, spin

SAVE_CLASSES = ("normal", "elite", "conspicuous")
CC_CLASSES = ("regular", "special", "crew")
FACES = range(1, 7)
CHASSIS = [m for m in MODEL_WOUNDS if m != "spg"]
OPTIONAL = (
    ("steadiness", "Steadiness", 2, 12, 8),
    ("armor", "Armor", 0, B.RATING, 0),
    ("side_armor", "Side armor", 0, B.RATING, 0),
    ("ammo", "Ammunition", 0, B.AMMO, 10),
)
"""Keys a type may leave out (absent: never tests, unarmoured, ammunition not counted):
(key, label, lowest, highest, the value shown while absent)."""


def _label(model: str) -> str:
    return f"{model.replace('_', ' ')} ({MODEL_WOUNDS[model] or 'as chassis'})"


class SquadForm(_Form):
    """A squad type: its figures, weapons, close combat and the rest."""

    by_default = "by model"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("counter-form")
        outer = QVBoxLayout(self)
        general = QFormLayout()
        self._common(general)
        self._source(general)
        outer.addLayout(general)
        outer.addWidget(self._figures_box())
        outer.addWidget(self._weapons_box())
        outer.addWidget(self._combat_box())
        outer.addWidget(self._other_box())
        art = QFormLayout()
        self._art_box(art)
        outer.addLayout(art)
        outer.addStretch(1)

    # --- construction -------------------------------------------------------------------
    def _figures_box(self) -> QGroupBox:
        box = QGroupBox("Figures (a heavy weapon may have its own fire)")
        box.setObjectName("counter-figures")
        self.figure_grid = QGridLayout(box)
        for col, head in enumerate(("Model (wounds)", "Count", "", "Dice", "Range", "Hit", "", "")):
            self.figure_grid.addWidget(QLabel(head), 0, col)
        self.figure_rows = 0
        self.shown_figures = 0
        add = QPushButton("Add Figure", objectName="figure-add")
        add.setToolTip("one more figure entry (a soldier)")
        add.clicked.connect(self._add_figure)
        self._add_button = add
        self.figure_grid.addWidget(add, 1, 0)
        return box

    def _figure_row(self, i: int) -> None:
        """The widgets of figure row ``i`` (made once, shown while the type has the row)."""
        grid, r = self.figure_grid, i + 1
        models = choice(f"figure-{i}-model", [(_label(m), m) for m in MODEL_WOUNDS])
        grid.addWidget(self._watch(f"figure.{i}.model", models), r, 0)
        count = spin(f"figure-{i}-count", 1, B.FIGURES)
        grid.addWidget(self._watch(f"figure.{i}.count", count), r, 1)
        fire = QCheckBox("fire", objectName=f"figure-{i}-fire")
        fire.setToolTip("this figure has its own fire (a heavy weapon)")
        grid.addWidget(self._watch(f"figure.{i}.fire", fire), r, 2)
        for col, (k, lo, hi) in enumerate((("dice", 1, B.DICE), ("range", 0, B.RANGE),
                                            ("hit", 1, 6)), start=3):  # fmt: skip
            box = spin(f"figure-{i}-fire-{k}", lo, hi)
            grid.addWidget(self._watch(f"figure.{i}.fire.{k}", box), r, col)
        at = QCheckBox("AT", objectName=f"figure-{i}-fire-anti-tank")
        at.setToolTip("anti-tank: harms armored targets")
        grid.addWidget(self._watch(f"figure.{i}.fire.anti_tank", at), r, 6)
        remove = QPushButton("\u2715", objectName=f"figure-{i}-remove")
        remove.setToolTip("remove this figure entry")
        remove.setFixedWidth(28)
        remove.clicked.connect(lambda _=False, row=i: self._remove_figure(row))
        self.widgets[f"figure.{i}.remove"] = remove
        grid.addWidget(remove, r, 7)

    def _show_figure_rows(self, n: int) -> None:
        while self.figure_rows < n:
            self._figure_row(self.figure_rows)
            self.figure_rows += 1
        for i in range(self.figure_rows):
            for key in ("model", "count", "fire", "fire.dice", "fire.range", "fire.hit",
                        "fire.anti_tank", "remove"):  # fmt: skip
                self.widgets[f"figure.{i}.{key}"].setVisible(i < n)
        self.figure_grid.addWidget(self._add_button, n + 1, 0)
        self.shown_figures = n

    def _fire_row(self, prefix: str, title: str, numbers: tuple, flags: tuple) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(self._watch(prefix, QCheckBox(title, objectName=f"counter-{prefix}")))
        for key, lo, hi in numbers:
            row.addWidget(QLabel(key.replace("_mm", " mm")))
            box = spin(f"counter-{prefix}-{key.replace('_', '-')}", lo, hi)
            row.addWidget(self._watch(f"{prefix}.{key}", box))
        for key, text, tip in flags:
            flag = QCheckBox(text, objectName=f"counter-{prefix}-{key.replace('_', '-')}")
            flag.setToolTip(tip)
            row.addWidget(self._watch(f"{prefix}.{key}", flag))
        row.addStretch(1)
        return row

    def _weapons_box(self) -> QGroupBox:
        box = QGroupBox("Weapons (ticked: the type has it)")
        rows = QVBoxLayout(box)
        dice, rng, hit = ("dice", 1, B.DICE), ("range", 0, B.RANGE), ("hit", 1, 6)
        caliber = ("caliber_mm", 1, B.CALIBER_MM)
        at = ("anti_tank", "anti-tank", "needed to harm armored targets (3.3)")
        indirect = ("indirect", "indirect", "needs no sight line of its own, only a spotter")
        carpet = ("carpet", "carpet", "carpet bombing: destroys a minefield in the hex")
        rows.addLayout(self._fire_row("fire", "Fire", (dice, rng, hit), (at,)))
        artillery = (caliber, dice, rng, hit)
        rows.addLayout(self._fire_row("artillery", "Artillery", artillery, (indirect,)))
        rows.addLayout(self._fire_row("bombs", "Bombs", (dice, hit), (carpet,)))
        return box

    def _combat_box(self) -> QGroupBox:
        box = QGroupBox("Close combat")
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("Defense", self._watch("defense", spin("counter-defense", 0, B.RATING)))
        classes = [(f"{c} (hits {_faces(CC_ACCURACY[c])})", c) for c in CC_CLASSES]
        form.addRow("Class", self._watch("cc_class", choice("counter-cc-class", classes)))
        row = QHBoxLayout()
        own = QCheckBox("own faces:", objectName="counter-has-accuracy")
        own.setToolTip("accuracy: the faces that hit, instead of the class's")
        row.addWidget(self._watch("has-accuracy", own))
        for face in FACES:
            tick = QCheckBox(str(face), objectName=f"counter-accuracy-{face}")
            row.addWidget(self._watch(f"accuracy.{face}", tick))
        row.addStretch(1)
        form.addRow("Accuracy", row)
        return box

    def _other_box(self) -> QGroupBox:
        box = QGroupBox("Movement, morale, armour")
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("Movement", self._watch("movement", spin("counter-movement", 0, B.MOVEMENT)))
        form.addRow(
            "Capacity",
            self._watch("capacity", spin("counter-capacity", 0, B.RATING, "units it can carry")),
        )
        for key, text, lo, hi, _ in OPTIONAL:
            row = QHBoxLayout()
            has = QCheckBox("", objectName=f"counter-has-{key}")
            has.setToolTip("unticked: absent" + (" (never tests)" if key == "steadiness" else ""))
            row.addWidget(self._watch(f"has-{key}", has))
            row.addWidget(self._watch(key, spin(f"counter-{key}", lo, hi)))
            row.addStretch(1)
            form.addRow(text, row)
        saves = [(c, c) for c in SAVE_CLASSES]
        form.addRow("Save class", self._watch("save_class", choice("counter-save-class", saves)))
        chassis = [("none", None), *((_label(m), m) for m in CHASSIS)]
        form.addRow("Chassis", self._watch("chassis", choice("counter-chassis", chassis)))
        form.addRow("", self._watch("sapper", QCheckBox("Sapper", objectName="counter-sapper")))
        return box

    # --- figure rows ----------------------------------------------------------------------
    def _add_figure(self) -> None:
        self._show_figure_rows(self.shown_figures + 1)
        i = self.shown_figures - 1
        self._loading = True
        try:
            self._put_figure(i, FigureSpec("soldier"))
        finally:
            self._loading = False
        self.edited.emit("!figures")

    def _remove_figure(self, row: int) -> None:
        if self.shown_figures <= 1:  # a type keeps one figure (the button is greyed)
            return
        specs = self._figure_specs()
        del specs[row]
        self._loading = True
        try:
            self._show_figure_rows(len(specs))
            for i, spec in enumerate(specs):
                self._put_figure(i, spec)
        finally:
            self._loading = False
        self.edited.emit("!figures")

    def _put_figure(self, i: int, spec: FigureSpec) -> None:
        self.put(f"figure.{i}.model", spec.model)
        self.put(f"figure.{i}.count", spec.count)
        self.put(f"figure.{i}.fire", spec.fire is not None)
        fire = spec.fire or Fire(1, 0, 5)
        for key in ("dice", "range", "hit", "anti_tank"):
            self.put(f"figure.{i}.fire.{key}", getattr(fire, key))

    def _figure_specs(self) -> list[FigureSpec]:
        specs = []
        for i in range(self.shown_figures):
            fire = None
            if self.checked(f"figure.{i}.fire"):
                fire = self._fire(f"figure.{i}.fire")
            model = str(self.data(f"figure.{i}.model"))
            specs.append(FigureSpec(model, self.value(f"figure.{i}.count"), fire))
        return specs

    def _fire(self, prefix: str) -> Fire:
        return Fire(self.value(f"{prefix}.dice"), self.value(f"{prefix}.range"),
                    self.value(f"{prefix}.hit"), self.checked(f"{prefix}.anti_tank"))  # fmt: skip

    # --- load and build -------------------------------------------------------------------
    def _load(self, t: UnitType) -> None:
        assert isinstance(t, SquadUnitType)
        self._load_common(t)
        self._show_figure_rows(len(t.figures))
        for i, spec in enumerate(t.figures):
            self._put_figure(i, spec)
        self.put("fire", t.fire is not None)
        for key, value in dataclasses.asdict(t.fire or Fire(1, 0, 5)).items():
            self.put(f"fire.{key}", value)
        self.put("artillery", t.artillery is not None)
        for key, value in dataclasses.asdict(t.artillery or Artillery(81, 2, 20, 5)).items():
            self.put(f"artillery.{key}", value)
        self.put("bombs", t.bombs is not None)
        for key, value in dataclasses.asdict(t.bombs or Bombs(4, 4)).items():
            self.put(f"bombs.{key}", value)
        faces = t.cc_accuracy()
        self.put("has-accuracy", t.accuracy is not None)
        for face in FACES:
            self.put(f"accuracy.{face}", face in faces)
        for key in ("defense", "movement", "capacity", "save_class", "cc_class", "sapper"):
            self.put(key, getattr(t, key))
        self.put("chassis", t.chassis)
        for key, _, _, _, default in OPTIONAL:
            value = getattr(t, key)
            self.put(f"has-{key}", value is not None)
            self.put(key, default if value is None else value)
        self._sync_enabled()

    def _sync_enabled(self) -> None:
        """Values of an unticked (absent) key are greyed: they are not written."""
        for prefix, keys in (("fire", ("dice", "range", "hit", "anti_tank")),
                             ("artillery", ("caliber_mm", "dice", "range", "hit", "indirect")),
                             ("bombs", ("dice", "hit", "carpet"))):  # fmt: skip
            for key in keys:
                self.widgets[f"{prefix}.{key}"].setEnabled(self.checked(prefix))
        for face in FACES:
            self.widgets[f"accuracy.{face}"].setEnabled(self.checked("has-accuracy"))
        for key, *_ in OPTIONAL:
            self.widgets[key].setEnabled(self.checked(f"has-{key}"))
        for i in range(self.shown_figures):
            on = self.checked(f"figure.{i}.fire")
            for key in ("dice", "range", "hit", "anti_tank"):
                self.widgets[f"figure.{i}.fire.{key}"].setEnabled(on)
            self.widgets[f"figure.{i}.remove"].setEnabled(self.shown_figures > 1)

    def build(self) -> UnitType:
        t = self.original
        assert isinstance(t, SquadUnitType)
        self._sync_enabled()
        figures = self._figure_specs()
        if not figures:
            raise ValueError("a squad type needs at least one figure")
        if sum(f.count for f in figures) > B.FIGURES:
            raise ValueError(f"at most {B.FIGURES} figures in all")
        chassis = self.data("chassis")
        if chassis is None and any(f.model == "spg" for f in figures):
            raise ValueError("an spg takes the wounds of its chassis: choose the chassis")
        accuracy = None
        if self.checked("has-accuracy"):
            accuracy = tuple(f for f in FACES if self.checked(f"accuracy.{f}"))
            if not accuracy:
                raise ValueError("tick at least one accuracy face, or untick own faces")
        optional = {k: (self.value(k) if self.checked(f"has-{k}") else None)
                    for k, *_ in OPTIONAL}  # fmt: skip
        return dataclasses.replace(
            t, **self._checked_common(), figures=tuple(figures),
            fire=self._fire("fire") if self.checked("fire") else None,
            artillery=self._artillery(), bombs=self._bombs(), accuracy=accuracy,
            chassis=None if chassis is None else str(chassis),
            defense=self.value("defense"), movement=self.value("movement"),
            capacity=self.value("capacity"), save_class=str(self.data("save_class")),
            cc_class=str(self.data("cc_class")), sapper=self.checked("sapper"), **optional,
        )  # fmt: skip

    def _artillery(self) -> Artillery | None:
        if not self.checked("artillery"):
            return None
        v = {k: self.value(f"artillery.{k}") for k in ("caliber_mm", "dice", "range", "hit")}
        return Artillery(**v, indirect=self.checked("artillery.indirect"))

    def _bombs(self) -> Bombs | None:
        if not self.checked("bombs"):
            return None
        return Bombs(self.value("bombs.dice"), self.value("bombs.hit"),
                     self.checked("bombs.carpet"))  # fmt: skip


def _faces(faces: tuple[int, ...]) -> str:
    return f"{faces[0]}" if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
