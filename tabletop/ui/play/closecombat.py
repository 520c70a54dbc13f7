"""The close-combat chooser: one round of the close combat in a hex, its targets and who
leaves chosen in the window, with each attack's odds (rules 3.6).

The dialog asks ``tabletop.rules.fights`` about the hex: every unit that fights the next
round, the enemies it may declare, the target the rules give it unless its owner declares
another (the first legal enemy in unit-id order; each defending infantry unit first takes
a different attacking infantry unit), what is known of its dice before the round, and
where it may leave to. The defender's units are listed first (they declare first). A
choice changes only the declared targets (``--targets``) and the leaving units (``--leave``,
``--to``); the other units' targets are asked again, so the dialog always shows what the
round will do. *Fight Round* builds the request with ``fights.round_request`` (the very
``close-combat --hex HEX --targets ... --leave ... --to ...`` of ``tabletop act``) and
plays it through the window's ``PlayController.perform``: the same command, dice, undo
and log as every other action. The odds of each attack are those of ``tabletop odds
--unit U --target T`` (``fights.pairing_forecast``), in the dialog and as bars in the
*Odds* dock. The dialog stays open round after round until it is closed.

With hot seat on and something hidden from a side (``tabletop.ui.play.hotseat``), each round's
declarations are taken side by side: after the hand-over screen names the defender, the
chooser shows the defender's rows only, with *Confirm Declarations* (``cc-confirm``); then
the screen names the attacker, whose rows are shown under the defender's, fixed (read-only:
the attacker knows them, rules 3.6). *Fight Round* then sends the same request as without
hot seat. While the hand-over screen is up the chooser is hidden.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.rules import ActionRequest
from tabletop.rules.fights import Fight, Fighter, fight_at, pairing_forecast, round_request
from tabletop.rules.forecast import Forecast, UnitForecast

NO_TARGET = "\u2014"


SHOWN = 0.0005
"""Outcomes less likely than this are left out of the words (0.0% when printed), except
Eliminated, which is always said."""


def odds_words(forecast: Forecast) -> str:
    """``figures lost 0: 19.8% · 1: 39.5% · ... · eliminated: 1.2%``: the figures the attack
    may cost its target (the outcomes of ``pairing_forecast``)."""
    if forecast.reasons:
        return "; ".join(forecast.reasons)
    parts = []
    for k, (name, p) in enumerate(forecast.outcomes):
        if name == "Eliminated":
            parts.append(f"eliminated: {p * 100:.1f}%")
        elif p >= SHOWN:
            parts.append(f"{k}: {p * 100:.1f}%")
    return "figures lost " + " \u00b7 ".join(parts)


def shown(outcomes: tuple[tuple[str, float], ...]) -> tuple[tuple[str, float], ...]:
    """The bars worth drawing: every outcome of at least ``SHOWN``, and Eliminated."""
    return tuple((n, p) for n, p in outcomes if p >= SHOWN or n == "Eliminated")


class CloseCombatDialog(QDialog):
    """``close-combat-dialog``: the next round of the close combat in ``hex_label``."""

    def __init__(self, play, hex_label: str) -> None:
        super().__init__(play.window)
        self.play = play
        self.hex = hex_label
        self.setObjectName("close-combat-dialog")
        self.setWindowTitle(f"Close Combat in {hex_label}")
        self.declared: dict[str, str] = {}
        self.leaving: dict[str, str | None] = {}
        self.fight: Fight | None = None
        self.request: ActionRequest | None = None
        self._shape: object = None
        self.stage: str | None = None
        """Hot seat's step of the round: "defender" (its rows only), "attacker" (all rows,
        the defender's fixed), or None (no hot seat: every row at once)."""
        self._round_key: object = None
        self.targets: dict[str, QComboBox] = {}
        self.leave_boxes: dict[str, QCheckBox] = {}
        self.exits: dict[str, QComboBox] = {}
        self.notes: dict[str, QLabel] = {}
        self.odds_labels: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        self.title = self._label("cc-title", bold=True)
        self.pairing = self._label("cc-pairing", small=True)
        self.surrender = self._label("cc-surrender", small=True)
        layout.addWidget(self.title)
        layout.addWidget(self.pairing)
        layout.addWidget(self.surrender)
        self.form = QWidget()
        self.grid = QGridLayout(self.form)
        self.grid.setContentsMargins(0, 4, 0, 4)
        layout.addWidget(self.form)
        self.reasons = self._label("cc-reasons", small=True)
        self.reasons.setStyleSheet("color: #c0282d;")
        self.last = self._label("cc-last", small=True)
        layout.addWidget(self.reasons)
        layout.addWidget(self.last)
        buttons = QHBoxLayout()
        self.reset = QPushButton("Rules' Defaults")
        self.reset.setObjectName("cc-reset")
        self.reset.setToolTip("Every unit fights the target the rules give it; no one leaves")
        self.reset.clicked.connect(self._reset)
        self.fight_button = QPushButton("Fight Round")
        self.fight_button.setObjectName("cc-fight")
        self.fight_button.setDefault(True)
        self.fight_button.clicked.connect(self.fight_round)
        self.confirm_button = QPushButton("Confirm Declarations")
        self.confirm_button.setObjectName("cc-confirm")
        self.confirm_button.clicked.connect(self.confirm)
        self.confirm_button.hide()
        self.close_button = QPushButton("Close")
        self.close_button.setObjectName("cc-close")
        self.close_button.clicked.connect(self.close)
        buttons.addWidget(self.reset)
        buttons.addStretch(1)
        buttons.addWidget(self.confirm_button)
        buttons.addWidget(self.fight_button)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self.setMinimumWidth(560)
        self.finished.connect(lambda _r: self.play.dialog_closed(self))  # Esc hides it
        hotseat = self.play.window.hotseat
        hotseat.taken_over.connect(self._taken_over)
        hotseat.action.toggled.connect(self._hot_seat_toggled)
        self.refresh()

    def _label(self, name: str, *, bold: bool = False, small: bool = False) -> QLabel:
        label = QLabel("")
        label.setObjectName(name)
        label.setWordWrap(True)
        if bold:
            label.setStyleSheet("font-weight: bold;")
        if small:
            label.setStyleSheet("font-size: 11px;")
        return label

    # --- the state ---------------------------------------------------------------------------
    @property
    def document(self):
        return self.play.controller.document

    def _ask(self) -> Fight | None:
        doc = self.document
        if doc is None:
            return None
        return fight_at(doc.state, self.play.controller.los, self.hex, declared=self.declared,
                        leave=list(self.leaving))  # fmt: skip

    def refresh(self) -> None:
        """Ask the rules again (after a choice, a round, an undo) and show the answer."""
        fight = self._ask()
        if fight is not None:
            self._prune(fight)
            fight = self._ask()
        self.fight = fight
        if fight is None:
            self.stage = None
            self._over()
            return
        self._follow_stage(fight)
        side = self._side_name
        self.title.setText(f"Close combat in {fight.hex}: round {fight.round} of {fight.rounds}, "
                           f"{side(fight.attacker)} attacking")  # fmt: skip
        self.pairing.setText(
            f"{side(fight.defender)} declares first. A unit left on the rules' choice fights "
            "the first legal enemy in unit-id order"
            + (f"; {fight.pairing}." if fight.pairing else ".")
        )
        self.surrender.setText(
            f"Surrender at the start of the round: {', '.join(fight.surrendering)}"
            if fight.surrendering else ""
        )  # fmt: skip
        self.surrender.setVisible(bool(fight.surrendering))
        shape = (self.stage, fight.round, fight.rounds_left, tuple(
            (f.unit, f.targets, f.exits, f.stay_reasons) for f in fight.fighters))  # fmt: skip
        if shape != self._shape:
            self._shape = shape
            self._build(fight)
        self._show_values(fight)
        self._show_odds(fight)
        self._check(fight)
        self._hand_over()

    # --- hot seat ----------------------------------------------------------------------------
    @property
    def asking(self) -> str | None:
        """The side whose declarations the chooser takes now under hot seat, else None."""
        fight = self.fight
        if fight is None or self.stage is None:
            return None
        return fight.defender if self.stage == "defender" else fight.attacker

    def _follow_stage(self, fight: Fight) -> None:
        """Hot seat's step: each new round (or an undo) starts with the defender."""
        if not self.play.window.hotseat.guarding():
            self.stage = None
            self._round_key = None
            return
        key = (fight.hex, fight.round, len(self.document.state.log))
        if self.stage is None or key != self._round_key:
            self.stage = "defender"
            self._round_key = key

    def _editable(self, f: Fighter) -> bool:
        """May this unit's owner change its declaration now? (Under hot seat only the side
        asked, and the defender's are fixed once confirmed.)"""
        if self.stage is None:
            return True
        return f.attacking == (self.stage == "attacker")

    def _hand_over(self) -> None:
        """Under hot seat: let the hot seat hand over to the side asked, and keep the chooser
        hidden while its screen is up."""
        if self.stage is None or self.play.cc_dialog is not self:
            return
        hotseat = self.play.window.hotseat
        hotseat.follow()
        if hotseat.showing() and self.isVisible():
            self.hide()

    def _taken_over(self, side: str) -> None:
        if self.stage is not None and self.play.cc_dialog is self and side == self.asking:
            self.show()
            self.raise_()
            self.activateWindow()

    def _hot_seat_toggled(self, _on: bool) -> None:
        if self.play.cc_dialog is not self:
            return
        self.refresh()
        if not self.play.window.hotseat.showing():
            self.show()

    def confirm(self) -> None:
        """The defender's declarations are made: hand over to the attacker."""
        if self.stage != "defender" or self.fight is None:
            return
        self.stage = "attacker"
        self.refresh()

    def _side_name(self, side: str) -> str:
        sides = self.document.scenario.sides
        return sides[side].name if side in sides else side

    def _prune(self, fight: Fight) -> None:
        """Choices that no longer apply (a unit fell or left, a round was undone) go."""
        units = {f.unit: f for f in fight.fighters}
        self.declared = {u: e for u, e in self.declared.items()
                         if u in units and e in units[u].targets}  # fmt: skip
        still = {u: to for u, to in self.leaving.items() if u in units and units[u].may_leave}
        self.leaving = {u: (to if to in units[u].exits else None) for u, to in still.items()}

    def _over(self) -> None:
        self.title.setText(f"The close combat in {self.hex} is over.")
        for w in (self.pairing, self.surrender, self.form):
            w.hide()
        self.reasons.setText("")
        self.request = None
        self.fight_button.setEnabled(False)
        self.reset.setEnabled(False)
        self.play.odds.clear("The close combat is over.")

    # --- the rows --------------------------------------------------------------------------
    def _build(self, fight: Fight) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.hide()
                widget.setObjectName("")  # gone: never found by its name again
                widget.deleteLater()
        self.targets.clear()
        self.leave_boxes.clear()
        self.exits.clear()
        self.notes.clear()
        self.odds_labels.clear()
        self.form.show()
        self.pairing.show()
        row = 0
        sides = (False,) if self.stage == "defender" else (False, True)
        for attacking in sides:
            side = fight.attacker if attacking else fight.defender
            role = "attacking" if attacking else "defending: declares first"
            if self.stage == "attacker" and not attacking:
                role = "defending: declared"
            head = QLabel(f"<b>{self._side_name(side)}</b> ({role})")
            self.grid.addWidget(head, row, 0, 1, 4)
            head.show()
            row += 1
            for f in (f for f in fight.fighters if f.attacking == attacking):
                row = self._add_row(f, row)
        self.grid.setColumnStretch(1, 1)

    def _add_row(self, f: Fighter, row: int) -> int:
        unit = self.document.state.units[f.unit]
        name = QLabel(f"{f.unit} ({len(unit.standing())} fig.)")
        name.setToolTip(unit.type_id)
        combo = QComboBox()
        combo.setObjectName(f"cc-target-{f.unit}")
        combo.setToolTip(f"The enemy {f.unit} attacks this round")
        units = self.document.state.units
        for enemy in f.targets:
            combo.addItem(f"{enemy} ({len(units[enemy].standing())} fig.)", enemy)
        combo.activated.connect(lambda _i, u=f.unit: self._on_target(u))
        leave = QCheckBox("Leave to")
        leave.setObjectName(f"cc-leave-{f.unit}")
        leave.setEnabled(f.may_leave)
        leave.setToolTip("\n".join(f.stay_reasons) if f.stay_reasons else
                         f"{f.unit} rolls no dice this round and leaves at its end")  # fmt: skip
        leave.toggled.connect(lambda on, u=f.unit: self._on_leave(u, on))
        to = QComboBox()
        to.setObjectName(f"cc-to-{f.unit}")
        to.setToolTip("The adjacent hex it goes to (the first one is the rules' default)")
        for h in f.exits:
            to.addItem(h, h)
        to.activated.connect(lambda _i, u=f.unit: self._on_exit(u))
        notes = QLabel("")
        notes.setObjectName(f"cc-notes-{f.unit}")
        notes.setWordWrap(True)
        notes.setStyleSheet("color: palette(mid); font-size: 11px;")
        odds = QLabel("")
        odds.setObjectName(f"cc-odds-{f.unit}")
        odds.setWordWrap(True)
        odds.setStyleSheet("font-size: 11px;")
        self.grid.addWidget(name, row, 0)
        self.grid.addWidget(combo, row, 1)
        self.grid.addWidget(leave, row, 2)
        self.grid.addWidget(to, row, 3)
        self.grid.addWidget(odds, row + 1, 1, 1, 3)
        self.grid.addWidget(notes, row + 2, 1, 1, 3)
        for w in (name, combo, leave):  # at once (a layout shows new widgets queued)
            w.show()
        self.targets[f.unit] = combo
        self.leave_boxes[f.unit] = leave
        self.exits[f.unit] = to
        self.notes[f.unit] = notes
        self.odds_labels[f.unit] = odds
        return row + 3

    def _show_values(self, fight: Fight) -> None:
        for f in fight.fighters:
            if f.unit not in self.targets:  # hot seat: the other side's row is not shown
                continue
            combo, leave, to = self.targets[f.unit], self.leave_boxes[f.unit], self.exits[f.unit]
            for w in (combo, leave, to):
                w.blockSignals(True)
            leaving = f.unit in self.leaving
            editable = self._editable(f)
            combo.setEnabled(editable and not leaving and len(f.targets) > 1)
            leave.setEnabled(editable and f.may_leave)
            combo.setCurrentIndex(f.targets.index(f.target) if f.target in f.targets else -1)
            declared = f.unit in self.declared
            combo.setStyleSheet("font-weight: bold;" if declared else "")
            leave.setChecked(leaving)
            to.setVisible(f.may_leave)
            to.setEnabled(editable and leaving)
            chosen = self.leaving.get(f.unit)
            to.setCurrentIndex(f.exits.index(chosen) if chosen in f.exits else 0)
            for w in (combo, leave, to):
                w.blockSignals(False)
            words = list(f.notes)
            if not f.targets:
                words.append("no enemy it may attack")
            self.notes[f.unit].setText("; ".join(words))
            self.notes[f.unit].setVisible(bool(words))

    def _show_odds(self, fight: Fight) -> None:
        if not fight.rounds_left:  # fought out: no round's odds to show
            self.play.odds.clear(f"The close combat in {fight.hex} has fought its "
                                 f"{fight.rounds} rounds.")  # fmt: skip
            return
        state = self.document.state
        sections: list[UnitForecast] = []
        pools: list[str] = []
        for f in fight.fighters:
            label = self.odds_labels.get(f.unit)
            if label is None:  # hot seat: the other side's row is not shown
                continue
            if f.target is None:
                label.setText("")
                label.hide()
                continue
            forecast = pairing_forecast(state, f.unit, f.target)
            silent = any("rolls no dice" in n for n in f.notes)
            label.setText(f"\u2192 {f.target}: " + odds_words(forecast))
            label.show()
            if not forecast.reasons and not silent:
                title = f"{f.unit} \u2192 {f.target}"
                sections.append(UnitForecast(title, shown(forecast.outcomes)))
                pools += forecast.pools
        title = f"Close combat in {fight.hex}, round {fight.round}: each attack's odds"
        if sections:
            self.play.odds.show_forecast(title, Forecast(sections[0].outcomes, tuple(pools),
                                                          units=tuple(sections)))  # fmt: skip
        else:
            self.play.odds.clear(f"{title}: no unit rolls dice")

    def _check(self, fight: Fight) -> None:
        request, why = round_request(fight, self.declared, self.leaving)
        if request is not None and fight.pending:
            why = self.play.controller.reasons(request)
        elif request is not None:
            why = list(fight.reasons)
        self.request = request if not why else None
        self.reasons.setText("\n".join(why))
        self.reasons.setVisible(bool(why))
        self.fight_button.setEnabled(self.request is not None)
        self.fight_button.setText(f"Fight Round {fight.round}")
        self.fight_button.setVisible(self.stage != "defender")
        self.confirm_button.setVisible(self.stage == "defender")
        self.confirm_button.setEnabled(self.request is not None)
        self.confirm_button.setText(f"Confirm {self._side_name(fight.defender)}'s Declarations")
        self.confirm_button.setDefault(self.stage == "defender")
        self.fight_button.setDefault(self.stage != "defender")
        self.reset.setEnabled(any(u in self.targets and self._editable(fight.fighter(u))
                                  for u in (*self.declared, *self.leaving)))  # fmt: skip

    # --- choices -----------------------------------------------------------------------------
    def _on_target(self, unit: str) -> None:
        enemy = self.targets[unit].currentData()
        if enemy is not None:
            self.declared[unit] = str(enemy)
        self.refresh()

    def _on_leave(self, unit: str, on: bool) -> None:
        if on:
            self.leaving[unit] = None
            self.declared.pop(unit, None)
        else:
            self.leaving.pop(unit, None)
        self.refresh()

    def _on_exit(self, unit: str) -> None:

        if unit in self.leaving:
            self.leaving[unit] = str(self.exits[unit].currentData())
        self.refresh()

    def _reset(self) -> None:
        fight = self.fight
        mine = {f.unit for f in fight.fighters if self._editable(f)} if fight else set()
        self.declared = {u: e for u, e in self.declared.items() if u not in mine}
        self.leaving = {u: to for u, to in self.leaving.items() if u not in mine}
        self.refresh()

    def choose(self, unit: str, enemy: str) -> None:
        """Declare ``enemy`` as ``unit``'s target, as a pick in its list does."""
        combo = self.targets[unit]
        combo.setCurrentIndex(combo.findData(enemy))
        self._on_target(unit)

    # --- fighting ----------------------------------------------------------------------------
    def fight_round(self) -> None:
        fight = self.fight
        if fight is None or self.request is None:
            return
        before = dict(self.declared)
        result = self.play.controller.perform(self.request)
        if result is None:
            return
        doc = self.document  # (the log dock's narration of the round: narrated once)
        self.last.setText(f"Round {fight.round}: " + self.play.narration(doc.state.log[-1],
                                                                         result))  # fmt: skip
        self.leaving.clear()
        self.declared = before
        self.refresh()
        if self.fight is not None and self.request is None and self.declared:
            self.declared.clear()  # last round's targets break the pairing now
            self.refresh()

    def closeEvent(self, event) -> None:
        self.play.dialog_closed(self)
        super().closeEvent(event)
