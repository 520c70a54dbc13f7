"""Play panels: the turn bar (whose move it is, the cup, draw and end buttons) and the
actions panel (what the selected unit may do now; greyed, with reasons, what it may not).

Every button is one of the window's QActions (``action-ACTION``), so the panel, the context
menu and the keyboard shortcuts are the same commands, enabled from the same answer.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QLabel,
    QMenu,
    QScrollArea,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.documents import GameDocument
from tabletop.rules import ACTIONS
from tabletop.rules.declare import ActionSpec
from tabletop.rules.engine import declared_actions
from tabletop.rules.query import ActionOption as Option

MAX_REASONS = 2
"""Reasons shown under a greyed action; the rest are in its tooltip."""


def declared(ruleset: str | None = None) -> dict[str, ActionSpec]:
    """Each action's declaration (``tabletop.rules.declare``), ``ruleset``'s own first: its
    label, shortcut, tip and what the window asks for it."""
    return declared_actions(ruleset)


GAME_ACTIONS = tuple(name for name, spec in declared().items() if spec.game)
"""The game's own actions (a draw, the end of an impulse, phase or turn, a pass): the turn
bar's buttons, in interfaces.md's order."""


def make_actions(parent: QWidget, trigger: Callable[[str], None]) -> dict[str, QAction]:
    """One QAction ``action-ACTION`` per game action of interfaces.md section 3 (and any
    other action a registered ruleset declares), labelled as declared."""
    actions: dict[str, QAction] = {}
    specs = declared()
    for name in [*ACTIONS, *(n for n in specs if n not in ACTIONS)]:
        action = QAction(parent)
        action.setObjectName(f"action-{name}")
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setEnabled(False)
        action.triggered.connect(lambda _checked=False, n=name: trigger(n))
        actions[name] = action
    show_declared(actions, specs)
    return actions


def show_declared(actions: dict[str, QAction], specs: dict[str, ActionSpec]) -> None:
    """Label each QAction, its shortcut and tip as ``specs`` declare it (the open game's
    ruleset's declarations, :func:`declared`); an action none declares keeps its name."""
    for name, action in actions.items():
        spec = specs.get(name)
        action.setText(spec.label if spec is not None else name.replace("-", " ").title())
        shortcut = spec.shortcut if spec is not None else ""
        action.setShortcut(QKeySequence(shortcut) if shortcut else QKeySequence())
        action.setStatusTip(spec.tip if spec is not None else "")


def apply_options(actions: dict[str, QAction], options: list[Option], names) -> None:
    """Enable each of ``names`` by its option (absent: the ruleset has no such action, or
    nothing is selected), with the reasons as its tooltip."""
    by_name = {o.action: o for o in options}
    for name in names:
        action = actions[name]
        option = by_name.get(name)
        action.setEnabled(option is not None and option.legal)
        tip = action.statusTip()  # (the declared tip)
        if option is not None and not option.legal:
            tip = "\n".join(option.reasons)
        action.setToolTip(f"{action.text()}: {tip}" if tip else action.text())


def turn_text(document: GameDocument | None) -> str:
    """``Turn 2/10 · impulse · NATO · kampfgruppe``; empty for a bare map (no sides)."""
    if document is None or not document.scenario.sides:
        return ""
    state = document.state
    scenario = document.scenario
    if state.finished:
        return f"Game over after turn {min(state.turn, scenario.turns)}/{scenario.turns}"
    parts = [f"Turn {state.turn}/{scenario.turns}", f"{state.phase.replace('_', ' ')} phase"]
    if state.active_side:
        side = scenario.sides.get(state.active_side)
        parts.append(side.name if side else state.active_side)
    if state.active_formation:
        parts.append(formation_name(state.active_formation))
    return "   \u00b7   ".join(parts)


def formation_name(name: str) -> str:
    """``1st_tank`` -> ``1st tank``: a formation as the log names it (its id as written)."""
    return name.replace("_", " ")


def _chits(n: int) -> str:
    return f"{n} chit" if n == 1 else f"{n} chits"


def cup_by_side(document: GameDocument) -> dict[str, dict[str, int]]:
    """The chits left in the cup: side id -> formation -> chits, in the scenario's order
    (a chit no side's formations name is filed under its own name)."""
    counts: dict[str, int] = {}
    for chit in document.state.cup:
        counts[chit] = counts.get(chit, 0) + 1
    out: dict[str, dict[str, int]] = {}
    for side, definition in document.scenario.sides.items():
        for formation in definition.formations:
            if counts.get(formation):
                out.setdefault(side, {})[formation] = counts.pop(formation)
    for chit, n in counts.items():
        out.setdefault(chit, {})[chit] = n
    return out


def _side_name(document: GameDocument, side: str) -> str:
    found = document.scenario.sides.get(side)
    return found.name if found is not None else formation_name(side)


def cup_text(document: GameDocument | None) -> str:
    """The chits left in the cup, by side: ``In the cup: NATO 3 chits, Warsaw Pact 1 chit``
    (each formation's in :func:`cup_tip`); empty for a bare map."""
    if document is None or not document.scenario.sides:
        return ""
    by_side = cup_by_side(document)
    if not by_side:
        return "The cup is empty"
    return "In the cup: " + ", ".join(
        f"{_side_name(document, side)} {_chits(sum(f.values()))}" for side, f in by_side.items()
    )


def cup_tip(document: GameDocument | None) -> str:
    """Each side's chits in the cup by formation, one line a side."""
    if document is None:
        return ""
    lines = [
        f"{_side_name(document, side)}: "
        + ", ".join(f"{formation_name(f)} {_chits(n)}" for f, n in formations.items())
        for side, formations in cup_by_side(document).items()
    ]
    return "Chits in the cup\n" + "\n".join(lines) if lines else "No chit is left in the cup"


class TurnBar(QToolBar):
    """Always on top of the map: turn, phase, side, formation, the cup, and the buttons."""

    def __init__(self, actions: dict[str, QAction], parent: QWidget | None = None, *,
                 fight: QAction | None = None) -> None:  # fmt: skip
        super().__init__("Turn", parent)
        self.setObjectName("turn-bar")
        self.setMovable(False)
        self.label = QLabel("")
        self.label.setObjectName("turn-bar-label")
        self.label.setStyleSheet("font-weight: bold; padding: 0 10px;")
        self.cup = QLabel("")
        self.cup.setObjectName("cup-label")
        self.cup.setStyleSheet("padding: 0 10px;")  # the window's text colour: readable
        self.vp = QLabel("")
        self.vp.setObjectName("turn-bar-vp")  # the running VP, at the end the result
        self.vp.setTextFormat(Qt.TextFormat.RichText)
        self.vp.setStyleSheet("padding: 0 10px;")
        self.actions_by_name = actions
        for name in GAME_ACTIONS:  # first, so a narrow window never hides them
            self.addAction(actions[name])
        if fight is not None:  # shown while a close combat is pending (squad)
            self.addAction(fight)
        self.addSeparator()
        self.addWidget(self.label)
        self.addWidget(self.cup)
        self.addWidget(self.vp)

    def refresh(self, document: GameDocument | None) -> None:
        self.label.setText(turn_text(document))
        cup = document is not None and any(s.formations for s in document.scenario.sides.values())
        self.cup.setText(cup_text(document) if cup else "")  # the squad game has no cup
        self.cup.setToolTip(cup_tip(document) if cup else "")
        from tabletop.rules.victory import standing
        from tabletop.ui.play.victoryui import vp_html, vp_tip

        s = None
        if document is not None and document.scenario.sides:
            state, log = document.state, document.state.log
            last = log[-1] if log else None  # the game moves on by its log (undo too)
            memo = getattr(self, "_vp_memo", None)
            if memo is not None and memo[0] is state and memo[1] == len(log) and memo[2] is last:
                s = memo[3]  # a refresh that is no action: no new count of every unit
            else:
                s = standing(state, document.losses)  # (only what an action touched again)
                self._vp_memo = (state, len(log), last, s)
        self.vp.setText(vp_html(document, s))  # one count for both (a big game's units)
        self.vp.setToolTip(vp_tip(document, s))

    def cup_menu(self, fill: Callable[[QMenu], None]) -> QMenu:
        """A menu on the Draw Chit button, filled by ``fill`` each time it opens."""
        menu = QMenu(self)
        menu.setObjectName("cup-menu")
        menu.aboutToShow.connect(lambda: fill(menu))
        button = self.widgetForAction(self.actions_by_name["draw"])
        if isinstance(button, QToolButton):
            button.setMenu(menu)
            button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        return menu

    def show_only(self, names: set[str]) -> None:
        """Show the buttons of the game actions the ruleset has (a squad game has no chits
        to draw, no impulses)."""
        for name in GAME_ACTIONS:
            self.actions_by_name[name].setVisible(name in names)


class ActionsPanel(QDockWidget):
    """The selected unit and its actions: one button per action the ruleset has, enabled
    when legal now; under a greyed one, why not."""

    def __init__(self, actions: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__("Actions", parent)
        self.setObjectName("actions-panel")
        self.actions_by_name = actions
        body = QWidget()
        self.layout_ = QVBoxLayout(body)
        self.layout_.setContentsMargins(8, 6, 8, 6)
        self.layout_.setSpacing(3)
        self.header = QLabel("")
        self.header.setObjectName("actions-header")
        self.header.setWordWrap(True)
        self.banner = QLabel("")
        self.banner.setObjectName("actions-banner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(
            "background: #5a2a12; color: #ffe9c7; border-radius: 4px; padding: 6px;"
        )
        self.banner.hide()
        self.layout_.addWidget(self.banner)
        self.pass_button = QToolButton()
        self.pass_button.setObjectName("banner-pass")
        self.pass_button.setDefaultAction(actions["pass"])
        self.pass_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.pass_button.hide()
        self.layout_.addWidget(self.pass_button)
        self.layout_.addWidget(self.header)
        self.rows = QVBoxLayout()
        self.rows.setSpacing(2)
        self.layout_.addLayout(self.rows)
        self.layout_.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.buttons: dict[str, QToolButton] = {}
        self.reason_labels: dict[str, QLabel] = {}
        """The buttons and reason labels shown now, by action."""
        self._kept_buttons: dict[str, QToolButton] = {}
        self._kept_reasons: dict[str, QLabel] = {}
        self._rows: list[QWidget] = []
        """The widgets of the rows, in the layout's order."""
        self.show_options("Select a unit to see what it may do.", [])

    def set_banner(self, text: str, *, offer_pass: bool = False) -> None:
        """A decision the game waits for (opportunity fire: with a Pass button)."""
        self.banner.setText(text)
        self.banner.setVisible(bool(text))
        self.pass_button.setVisible(offer_pass)

    def show_options(self, header: str, options: list[Option]) -> None:
        """The header and one row per option, legal ones first. Each action's button and
        reason label are made once and kept; the rows are put in order again only when
        the actions shown or their order changed, and a widget is shown or hidden only
        when it comes or goes, so a refresh after every click and action that shows the
        same rows touches no widget but the texts that changed (a shown or hidden widget
        makes Qt lay the whole dock out again)."""
        if self.header.text() != header:
            self.header.setText(header)
        ordered = sorted(options, key=lambda o: not o.legal)
        rows: list[QWidget] = []
        buttons: dict[str, QToolButton] = {}
        reasons: dict[str, QLabel] = {}
        for option in ordered:
            button = self._button(option.action)
            rows.append(button)
            buttons[option.action] = button
            if not option.legal:
                reason = self._reason(option.action)
                self._say(reason, option)
                rows.append(reason)
                reasons[option.action] = reason
        self.buttons, self.reason_labels = buttons, reasons
        if rows == self._rows:
            return
        shown = set(map(id, rows))
        for widget in self._rows:  # (gone from the rows: hidden, kept for later)
            if id(widget) not in shown:
                widget.hide()
        while self.rows.count():  # (the rows leave the layout; their widgets are kept)
            self.rows.takeAt(0)
        for widget in rows:
            self.rows.addWidget(widget)
            if widget.isHidden():
                widget.show()
        self._rows = rows

    def _button(self, action: str) -> QToolButton:
        button = self._kept_buttons.get(action)
        if button is None:
            button = QToolButton()
            button.setDefaultAction(self.actions_by_name[action])
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(button.sizePolicy().horizontalPolicy().Expanding,
                                 button.sizePolicy().verticalPolicy())  # fmt: skip
            button.setObjectName(f"panel-{action}")
            self._kept_buttons[action] = button
        return button

    def _reason(self, action: str) -> QLabel:
        reason = self._kept_reasons.get(action)
        if reason is None:
            reason = QLabel()
            reason.setObjectName(f"reason-{action}")
            reason.setWordWrap(True)
            reason.setStyleSheet("color: palette(mid); font-size: 11px; padding: 0 0 4px 10px;")
            self._kept_reasons[action] = reason
        return reason

    @staticmethod
    def _say(reason: QLabel, option: Option) -> None:
        """Why ``option`` may not be taken, under its button (its texts set only when
        they changed)."""
        shown = list(option.reasons[:MAX_REASONS])
        if len(option.reasons) > MAX_REASONS:
            shown.append(f"(and {len(option.reasons) - MAX_REASONS} more: see the tooltip)")
        text, tip = "\n".join(shown), "\n".join(option.reasons)
        if reason.text() != text:
            reason.setText(text)
        if reason.toolTip() != tip:
            reason.setToolTip(tip)
