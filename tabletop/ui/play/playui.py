"""The play window's controls: the actions, panels and tools that turn clicks into game
actions. The main window builds one :class:`PlayUI` and hands it each document.

Every action goes: a QAction (button, context menu or shortcut) -> the tool that gathers
its path or target (asking the rules about every hex) -> ``PlayController.perform`` ->
``PlayAction`` on the document's history, exactly as ``tabletop act`` plays it.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from tabletop.hexgrid import Hex
from tabletop.rules import ActionRequest
from tabletop.rules.fights import Fight, fights
from tabletop.rules.forecast import forecast, support_choices
from tabletop.rules.query import ActionOption as Option
from tabletop.ui.play.aim import AimTool, PathTool
from tabletop.ui.play.closecombat import CloseCombatDialog
from tabletop.ui.play.oddschart import OddsPanel
from tabletop.ui.play.panels import (
    GAME_ACTIONS,
    ActionsPanel,
    TurnBar,
    apply_options,
    declared,
    make_actions,
    show_declared,
)
from tabletop.ui.play.play import WEAPONS, PlayController
from tabletop.ui.play.select import SelectTool
from tabletop.ui.play.victoryui import ObjectiveMarks, ResultDialog
from tabletop.ui.scene.overlays import PlayOverlay, StackFan
from tabletop.ui.scene.stackviewer import StackViewer

STATUS_MS = 8000
DEFER_AIM_ABOVE = 64
"""An action aimed at more candidates than this (a mortar on a big map: hundreds of hexes,
each needing a spotter found among hundreds of sight lines) shows them all as targets and
decides each hex when it is first hovered or clicked, not every one when F is pressed."""


class PlayUI(QObject):
    """Actions, panels, overlays and tools of play in ``window``."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.controller = PlayController(self)
        self.controller.forecaster = self.effect_chance
        self.actions = make_actions(window, self.trigger)
        self.specs = declared()
        """The declaration of each action (label, shortcut, what it asks for): the open
        game's ruleset's own first (:meth:`show_ruleset`)."""
        self.cancel_action = QAction("Cancel", window)
        self.cancel_action.setObjectName("action-cancel")
        self.cancel_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_action.triggered.connect(self.cancel)
        self.fight_action = QAction("Close Combat", window)
        self.fight_action.setObjectName("turn-bar-close-combat")
        self.fight_action.setVisible(False)
        self.fight_action.triggered.connect(lambda _c=False: self.close_combat(pending_only=True))
        self.turn_bar = TurnBar(self.actions, window, fight=self.fight_action)
        self.cup_menu = self.turn_bar.cup_menu(self._fill_cup_menu)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.turn_bar)
        self.panel = ActionsPanel(self.actions, window)
        self.odds = OddsPanel(window)
        self.odds.dice.narrator = self.narration  # (the log dock's words, narrated once)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        window.addDockWidget(right, self.panel)
        window.addDockWidget(right, self.odds)
        self.odds.chosen.connect(self._on_chosen)
        self.odds.confirmed.connect(self._confirm_aim)
        self.odds.swToggled.connect(lambda _on: self._show_aimed())
        self.odds.swChosen.connect(self._show_aimed)
        self._sw_cache: dict[object, tuple[ActionRequest, ...]] = {}
        self.select_tool = SelectTool(
            self.click_hex, self.context_menu, self.cancel, self.click_counter
        )
        self.stack_viewer = StackViewer(window.view)
        self.overlay: PlayOverlay | None = None
        self.fan: StackFan | None = None
        self.aim: AimTool | None = None
        self._aim_refusals: dict[Hex, list[str]] = {}
        """Why each hex a deferred aim dropped was refused (the rules' own reasons)."""
        self.aim_hex: Hex | None = None
        self.path_tool: PathTool | None = None
        self.pending_action: str | None = None
        self.choice_menu: QMenu | None = None
        """The last menu of choices (modes, minefield kinds, hexes fought over) an action
        opened."""
        self.hex: Hex | None = None
        """The hex clicked last (the selected unit's hex once it is selected)."""
        self.cc_dialog: CloseCombatDialog | None = None
        self.objectives: ObjectiveMarks | None = None
        self.result_dialog: ResultDialog | None = None
        """The result of the game, shown when an action ends it (rules-spec 6)."""
        self._fights: tuple[Fight, ...] = ()
        self._fights_key: object = None
        c = self.controller
        c.selectionChanged.connect(self._on_selection)
        c.performed.connect(self._on_performed)
        c.refused.connect(self._on_refused)
        c.opportunityFire.connect(lambda _p: self.refresh())

    @property
    def document(self):
        return self.controller.document

    @property
    def view(self):
        return self.window.view

    def show_ruleset(self, ruleset: str | None) -> None:
        """Label the actions as ``ruleset`` declares them (None: the first declaration of
        each action among the known rulesets)."""
        try:
            self.specs = declared(ruleset)
        except ValueError:  # (a ruleset this installation does not know)
            self.specs = declared()
        show_declared(self.actions, self.specs)

    def label(self, name: str) -> str:
        """An action's declared label (``Moving Fire``), or its name."""
        spec = self.specs.get(name)
        return spec.label if spec is not None else name

    def all_actions(self) -> list[QAction]:
        return [*self.actions.values(), self.fight_action, self.cancel_action]

    # --- documents --------------------------------------------------------------------------
    def set_document(self, document, scene) -> None:
        self.end_tool()
        self._close_dialog()
        self.hex = None
        if self.fan is not None:
            self.fan.close()
        self.controller.set_document(document)
        self.odds.dice.follow(document)
        self.overlay = PlayOverlay(scene)
        scene.addItem(self.overlay)
        self.objectives = ObjectiveMarks(scene)  # each objective in its controller's colour
        scene.addItem(self.objectives)
        self.fan = StackFan(scene)
        self.view.set_tool(self.select_tool if self.controller.playable else None)
        self.refresh()

    def _fill_cup_menu(self, menu: QMenu) -> None:
        """Draw Chit's menu: the chit drawn from a physical cup, one item per formation
        with a chit left (``draw --formation NAME``)."""
        menu.clear()
        option = self.option("draw")
        for request in option.choices if option is not None else ():
            if request.formation is None:
                continue
            item = menu.addAction(f"Drawn by Hand: {request.formation.replace('_', ' ')}")
            item.setObjectName(f"action-draw-{request.formation}")
            item.triggered.connect(lambda _c=False, r=request: self.controller.perform(r))

    def _on_selection(self, unit_id: str | None) -> None:
        self.window.sight.follow_unit(unit_id)
        self.refresh()

    def detach(self) -> None:
        """No game in the window (an editor took it): nothing to play, no turn shown."""
        self.end_tool()
        self._close_dialog()
        self.hex = None
        if self.fan is not None:
            self.fan.close()
        self.fan = None
        self.overlay = None
        self.objectives = None
        self.controller.set_document(None)
        self.odds.dice.follow(None)
        self.refresh()

    def refresh(self) -> None:
        """Buttons, panel, turn bar and fan-out from the state as it stands now."""
        c = self.controller
        doc = c.document
        self.stack_viewer.dismiss()  # the game changed: a hover shows it anew
        if self.objectives is not None and doc is not None:
            self.objectives.refresh()
        if self.result_dialog is not None and (doc is None or not doc.state.finished):
            self.result_dialog.close()  # the end was undone (or another game opened)
            self.result_dialog = None
        self.turn_bar.refresh(doc)
        self.turn_bar.setVisible(c.playable)
        options = c.options()
        game = c.game_options()
        apply_options(self.actions, options + game, list(self.actions))
        self.turn_bar.show_only({o.action for o in game})
        unit = c.unit()
        if unit is None and c.selected is not None:
            c.selected = None
        here = self._show_fights()
        if here is not None:  # the hex's close combat first: it is the hex's, not a unit's
            fight = self.actions["close-combat"]
            row = (Option("close-combat", None, (), here.reasons) if here.reasons
                   else Option("close-combat", None, (self._fight_request(here),)))  # fmt: skip
            options = [row, *options]
            fight.setEnabled(here.pending)
        header = self._header()
        if here is not None and unit is None:
            header = f"<b>Close combat in {here.hex}</b><br>round {here.round} of {here.rounds}"
        self.panel.show_options(header, options)
        pending = doc.state.pending if doc is not None else None
        waiting = pending is not None and pending.opportunity_fire
        self.panel.set_banner(self._banner(), offer_pass=waiting)
        scene = self.window.map_scene
        if doc is not None and scene is not None and getattr(scene, "document", None) is doc:
            self._follow(scene, unit)
        if self.fan is not None:
            self.fan.open(unit.hex if unit is not None else None, c.selected)
        if self.overlay is not None and self.aim is None and self.path_tool is None:
            fought = {doc.scenario.map.parse(f.hex) for f in self._fights if f.pending}
            self.overlay.show_targets(self._firer_hexes() or fought)
        if self.cc_dialog is not None:
            self.cc_dialog.refresh()
        if c.frozen:  # read-only (its log being checked): nothing may be played
            for action in self.all_actions():
                action.setEnabled(False)

    def _follow(self, scene, unit) -> None:
        """The map as the game stands: the outline and the Hex dock on the selected unit's
        hex (a move takes them along), the drawn formation's counters ringed while its
        impulse lasts (platoon chit draw)."""
        state = scene.document.state
        impulse = state.phase == "impulse" and state.active_formation is not None
        formation = state.active_formation if impulse else None
        scene.mark_formation(state.active_side, formation)
        if unit is not None and unit.hex is not None and scene.selected_hex not in (None, unit.hex):
            self.window.select_hex(unit.hex)

    def _header(self) -> str:
        c = self.controller
        unit = c.unit()
        if not c.playable:
            return "A map on its own: open a scenario or saved game to play."
        if c.unavailable:
            return c.unavailable
        if c.frozen:
            return c.frozen
        if unit is None:
            return "Select a unit to see what it may do."
        from tabletop.ui.scene.docks import unit_summary

        name, state = unit_summary(c.document, unit)
        return f"<b>{name}</b><br>{state}"

    def _banner(self) -> str:
        doc = self.document
        if doc is None or doc.state.pending is None:
            return "Game over." if doc is not None and doc.state.finished else ""
        pending = doc.state.pending
        if not pending.opportunity_fire:
            return ""
        side = self.controller.acting_side()
        name = doc.scenario.sides[side].name if side in doc.scenario.sides else side
        firers = ", ".join(pending.firers)
        return (f"{pending.unit} is moving into {pending.hex}: {name} may fire "
                f"({firers}). Select a firer and choose Opportunity Fire, or Pass.")  # fmt: skip

    def _firer_hexes(self) -> set[Hex]:
        doc = self.document
        pending = doc.state.pending if doc is not None else None
        if pending is None or not pending.opportunity_fire:
            return set()
        units = doc.state.units
        return {units[f].hex for f in pending.firers if f in units}

    # --- clicks -----------------------------------------------------------------------------
    def click_hex(self, h: Hex | None) -> None:
        self.hex = h
        before = self.controller.selected
        self.controller.click_hex(h)
        self.window.select_hex(h)
        if self.controller.selected == before:
            self.refresh()  # the hex alone may hold a close combat

    def click_counter(self, scene_pos: QPointF) -> bool:
        """A click on a counter of the fanned-out stack selects that counter's unit (and
        shows its hex); False when the click is not on one."""
        fan, scene = self.fan, self.window.map_scene
        if fan is None or fan.hex is None or scene is None or self.document is None:
            return False
        item = scene.counter_at(scene_pos)
        if item is None or item.hex != fan.hex:
            return False
        self.controller.select(item.unit_id)
        self.window.select_hex(item.hex)
        return True

    def context_menu(self, h: Hex | None, pos: QPoint) -> None:
        if h is not None:
            ids = [u.id for u in self.controller.stack(h)] if self.document else []
            if ids and self.controller.selected not in ids:
                self.click_hex(h)
            elif self.hex != h:
                self.hex = h
                self.refresh()
        menu = self.build_menu()
        menu.popup(self.view.viewport().mapToGlobal(pos))

    def build_menu(self) -> QMenu:
        """The selected unit's actions (legal ones first), then the game's."""
        menu = QMenu(self.window)
        menu.setObjectName("play-context-menu")
        if self._context_fight() is not None:  # the hex's close combat
            menu.addAction(self.actions["close-combat"])
            menu.addSeparator()
        options = sorted(self.controller.options(), key=lambda o: not o.legal)
        for option in options:
            menu.addAction(self.actions[option.action])
        menu.addSeparator()
        for name in GAME_ACTIONS:
            if self.actions[name].isEnabled():
                menu.addAction(self.actions[name])
        return menu

    def cancel(self) -> None:
        """Esc: the active tool's gesture (the LOS line...), the action in progress, or else
        the selection."""
        tool = self.view.tool
        if tool is not None and tool not in (self.select_tool, self.aim, self.path_tool):
            tool.cancel()
            return
        if self.aim is not None or self.path_tool is not None:
            self.end_tool()
            self.refresh()
            return
        self.controller.select(None)
        self.window.select_hex(None)

    # --- triggering actions -----------------------------------------------------------------
    def option(self, name: str) -> Option | None:
        c = self.controller
        options = c.game_options() if name in GAME_ACTIONS else c.options()
        return next((o for o in options if o.action == name), None)

    def trigger(self, name: str) -> None:
        spec = self.specs.get(name)
        asks = spec.asks if spec is not None else "none"
        if asks == "fight":  # (the fight of a hex, not of the selected unit)
            self.close_combat()
            return
        option = self.option(name)
        if option is None or not option.legal:
            reasons = list(option.reasons) if option is not None else ["select a unit first"]
            self._on_refused(name, reasons)
            return
        self.end_tool()
        if name in GAME_ACTIONS or asks == "none":
            self.controller.perform(option.choices[0])
        elif asks == "choice":
            self._choose(option)
        elif asks in ("path", "path+target"):
            self.start_path(name)
        elif len(option.candidates) > DEFER_AIM_ABOVE:  # (each hex decided when aimed at)
            self.start_aim(name, list(option.candidates), deferred=True)
        else:
            self.start_aim(name, list(option.choices))

    # --- close combat: an action of the hex fought over ----------------------------------
    def _all_fights(self) -> tuple[Fight, ...]:
        """``rules.fights.fights``, asked once per position."""
        doc = self.document
        if doc is None or not self.controller.playable:
            return ()
        state = doc.state
        key = (id(state), len(state.log), id(state.log[-1]) if state.log else None,
               repr(state.pending), state.phase, state.turn)  # fmt: skip
        if key != self._fights_key:
            self._fights = fights(state, self.controller.los)
            self._fights_key = key
        return self._fights

    def _context_fight(self) -> Fight | None:
        """The fight in the selected unit's hex, or else in the hex clicked last."""
        doc = self.document
        unit = self.controller.unit()
        h = unit.hex if unit is not None else self.hex
        if doc is None or h is None or h not in doc.scenario.map.cells:
            return None
        where = doc.scenario.map.label(h)
        return next((f for f in self._all_fights() if f.hex == where), None)

    @staticmethod
    def _fight_request(fight: Fight) -> ActionRequest:
        return ActionRequest("close-combat", hex=fight.hex)

    def _show_fights(self) -> Fight | None:
        """Close Combat's text, state and tooltip (the hex in context, or the one pending
        fight), and the turn bar's button while a fight is pending. Returns the fight in
        the context hex."""
        fights_now = self._all_fights()
        pending = [f for f in fights_now if f.pending]
        here = self._context_fight()
        action = self.actions["close-combat"]
        shown = here or (pending[0] if len(pending) == 1 else None)
        action.setText(f"Close Combat in {shown.hex}" if shown is not None else "Close Combat")
        action.setEnabled(here.pending if here is not None else bool(pending))
        if here is not None and here.reasons:
            tip = "\n".join(here.reasons)
        elif pending:
            tip = "Fight a round: " + ", ".join(f.hex for f in pending)
        elif fights_now:
            tip = "\n".join(fights_now[0].reasons)
        else:
            tip = "no hex holds units of both sides"
        action.setToolTip(f"{action.text()}: {tip}")
        self.fight_action.setVisible(bool(pending))
        if len(pending) == 1:
            f = pending[0]
            self.fight_action.setText(f"Close Combat in {f.hex} (round {f.round} of {f.rounds})")
        elif pending:
            self.fight_action.setText(f"Close Combat: {len(pending)} fights")
        self.fight_action.setToolTip("Fight the close combats of this phase: "
                                     + ", ".join(f.hex for f in pending))  # fmt: skip
        return here

    def close_combat(self, *, pending_only: bool = False) -> None:
        """Close Combat (C, the panel, the context menu, the turn bar): the chooser of the
        fight in the selected unit's or clicked hex, else of the one fight pending; with
        several pending, a menu of their hexes. ``pending_only`` (the turn bar's button,
        which names the pending fights): a fight in the context hex that may not be fought
        now is passed over."""
        self._fights_key = None
        fights_now = self._all_fights()
        pending = [f for f in fights_now if f.pending]
        here = self._context_fight()
        if pending_only and here is not None and not here.pending:
            here = None
        if here is not None and not here.pending:
            self._on_refused("close-combat", list(here.reasons))
        elif here is not None or len(pending) == 1:
            self.open_fight((here or pending[0]).hex)
        elif pending:
            menu = QMenu(self.window)
            menu.setObjectName("choice-menu")
            for f in pending:
                item = menu.addAction(f"Close Combat in {f.hex} (round {f.round} of {f.rounds})")
                item.setObjectName(f"choice-{f.hex}")
                item.triggered.connect(lambda _c=False, h=f.hex: self.open_fight(h))
            self.choice_menu = menu
            menu.popup(self.view.mapToGlobal(self.view.rect().center()))
        else:
            why = list(fights_now[0].reasons) if fights_now else []
            self._on_refused("close-combat", why or ["no hex holds units of both sides"])

    def open_fight(self, hex_label: str) -> CloseCombatDialog:
        """The close-combat chooser of ``hex_label`` (the one open, if it is that hex's)."""
        self.end_tool()
        dialog = self.cc_dialog
        if dialog is None or dialog.hex != hex_label:
            self._close_dialog()
            dialog = self.cc_dialog = CloseCombatDialog(self, hex_label)
        if dialog.asking is not None:  # hot seat: the defender declares first, alone
            self.window.hotseat.follow()
            if self.window.hotseat.showing():
                dialog.hide()  # shown once the side named clicks the hand-over screen
                return dialog
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def dialog_closed(self, dialog: CloseCombatDialog) -> None:
        dialog.setObjectName("")  # closed: never found by its name again
        dialog.deleteLater()
        if self.cc_dialog is dialog:
            self.cc_dialog = None
            self.odds.clear()
            if dialog.asking is not None:  # the declarations are no one's decision now
                self.window.hotseat.follow()

    def _close_dialog(self) -> None:
        dialog, self.cc_dialog = self.cc_dialog, None
        if dialog is not None:
            dialog.close()

    def _choose(self, option: Option) -> None:
        if len(option.choices) == 1:
            self.controller.perform(option.choices[0])
            return
        menu = QMenu(self.window)
        menu.setObjectName("choice-menu")
        for request in option.choices:
            words = request.mode or request.kind or request.target or request.hex or "all"
            item = menu.addAction(words.replace("_", " ").title() if request.mode else words)
            item.setObjectName(f"choice-{words}")
            item.triggered.connect(lambda _c=False, r=request: self.controller.perform(r))
        self.choice_menu = menu
        menu.popup(self.view.mapToGlobal(self.view.rect().center()))

    # --- paths ------------------------------------------------------------------------------
    def start_path(self, name: str) -> None:
        unit = self.controller.unit()
        if unit is None or unit.hex is None or self.overlay is None:
            return
        report = self.controller.reach()
        hexmap = self.document.scenario.map
        reach: dict[Hex, int] = {}
        routes: dict[Hex, list[Hex]] = {}
        for r in report.reach if report is not None else ():
            reach[hexmap.parse(r.hex)] = r.cost
            routes[hexmap.parse(r.hex)] = [hexmap.parse(p) for p in r.path]
        self.pending_action = name
        self.path_tool = PathTool(unit.hex, reach, self._check_path, self._on_path,
                                  self._confirm_path, self._refused_hex, self.cancel,
                                  routes=routes)  # fmt: skip
        self.overlay.show_reach(unit.hex, reach)
        self.overlay.show_targets(())
        self.view.set_tool(self.path_tool)
        self._status(f"{self.label(name)}: {PathTool.hint}")

    def _labels(self, path: list[Hex]) -> tuple[str, ...]:
        hexmap = self.document.scenario.map
        return tuple(hexmap.label(h) for h in path)

    def _path_request(self, name: str, path: list[Hex]) -> ActionRequest:
        unit = self.controller.selected
        return ActionRequest(name, units=(str(unit),), to=self._labels(path))

    def _check_path(self, path: list[Hex]) -> list[str]:
        """A path may grow while each step is a legal move (an assault's last step into the
        enemy hex is checked as the assault itself)."""
        name = self.pending_action or "move"
        spec = self.specs.get(name)
        if (
            spec is not None
            and spec.enters_enemy
            and not self.controller.reasons(self._path_request(name, path))
        ):
            return []
        walk = spec.walks if spec is not None and spec.walks else name
        return self.controller.reasons(self._path_request(walk, path))

    def _on_path(self, path: list[Hex]) -> None:
        if self.overlay is not None:
            self.overlay.show_path(path)

    def _confirm_path(self, path: list[Hex]) -> None:
        name = self.pending_action or "move"
        spec = self.specs.get(name)
        if spec is not None and spec.asks == "path+target":
            self._aim_after_moving(name, path)
            return
        self.end_tool()
        self.controller.perform(self._path_request(name, path))

    def _aim_after_moving(self, name: str, path: list[Hex]) -> None:
        """The targets of ``name`` (moving fire) from the end of ``path``."""
        unit = self.controller.unit()
        assert unit is not None
        labels = self._labels(path)
        candidates = [
            ActionRequest(name, units=(unit.id,), to=labels, target=e.id, weapon=w)
            for e in self.controller.enemies(unit)
            for w in WEAPONS
        ]
        legal, reasons = self.controller.legal(candidates)
        if not legal:
            self._on_refused(name, reasons)
            return
        path_overlay = list(path)
        self.start_aim(name, legal)
        if self.overlay is not None and unit.hex is not None:
            self.overlay.show_reach(unit.hex, {})
            self.overlay.start = unit.hex
            self.overlay.show_path(path_overlay)

    # --- aiming -----------------------------------------------------------------------------
    def start_aim(self, name: str, requests: list[ActionRequest], *,
                  deferred: bool = False) -> None:  # fmt: skip
        """Aim ``name`` at the hexes of ``requests`` (legal ones; ``deferred``: candidates,
        each hex's decided when it is first hovered or clicked)."""
        targets: dict[Hex, list[ActionRequest]] = {}
        for request in requests:
            h = self._aim_hex(request)
            if h is not None:
                targets.setdefault(h, []).append(request)
        if not deferred:
            for group in targets.values():
                group.sort(key=self.effect_chance, reverse=True)
        self.pending_action = name
        self._aim_refusals = {}
        self.aim = AimTool(
            targets, self._on_aim, self.confirm_request, self._refused_hex, self.cancel,
            decide=self._decide_aim if deferred else None,
            on_dropped=self._on_aim_dropped if deferred else None,
        )  # fmt: skip
        if self.overlay is not None:
            self.overlay.show_targets(targets)
        self.view.set_tool(self.aim)
        self.odds.clear(f"{self.label(name)}: hover a highlighted target")
        self._status(f"{self.label(name)}: {AimTool.hint}")

    def _decide_aim(self, requests) -> list[ActionRequest]:
        """A deferred aim's hex: its legal requests, the likeliest to work first (none: the
        rules' reasons are kept for the refusal)."""
        legal, why = self.controller.legal(requests)
        if not legal and requests:
            h = self._aim_hex(requests[0])
            if h is not None:
                self._aim_refusals[h] = why
        return sorted(legal, key=self.effect_chance, reverse=True)

    def _on_aim_dropped(self, h: Hex) -> None:
        if self.overlay is not None and self.aim is not None:
            self.overlay.show_targets(self.aim.targets, self.aim_hex)

    def _aim_hex(self, request: ActionRequest) -> Hex | None:
        doc = self.document
        if request.target is not None:
            unit = doc.state.units.get(request.target)
            return unit.hex if unit is not None else None
        if request.hex is not None:
            return doc.scenario.map.parse(request.hex)
        return None

    def _on_aim(self, h: Hex | None, requests, hovering: bool) -> None:
        if not hovering:
            self.aim_hex = h
            if self.overlay is not None:
                self.overlay.show_targets(self.aim.targets if self.aim else (), h)
        if h is None:
            self.odds.clear("Hover a highlighted target to see the odds.")
            return
        labels = [self._request_label(r) for r in requests]
        sw = bool(requests) and bool(self._sw_choices(requests[0]))
        self.odds.show_choices(list(requests), labels, aimed=not hovering, sw_possible=sw)
        self._show_forecast(requests[0] if requests else None)

    def _on_chosen(self, request: ActionRequest) -> None:
        if self.aim is not None:
            self.aim.choose(request)
        self._show_forecast(request)

    def _show_aimed(self) -> None:
        if self.aim is not None and self.aim.chosen is not None:
            self._show_forecast(self.aim.chosen)

    def _show_forecast(self, request: ActionRequest | None) -> None:
        if request is None or self.document is None:
            return
        choices = self._sw_choices(request)
        self.odds.show_sw_choices(list(choices), [_sw_label(request, c) for c in choices])
        if self.odds.sw.isChecked():
            request = self._with_sw(request) or request
        self.odds.show_forecast(self._title(request), self._forecast(request))

    def _forecast(self, request: ActionRequest):
        return forecast(self.document.state, request, self.controller.los)

    def effect_chance(self, request: ActionRequest) -> float:
        """The chance the attack has any effect (the solo policy and the default choice):
        on any unit, for an attack on several."""
        return self._forecast(request).effect

    def _title(self, r: ActionRequest) -> str:
        weapon = f" {r.weapon.upper()}" if r.weapon else ""
        if r.hex is not None:
            return f"{r.unit} fires{weapon or ' HE'} at hex {r.hex}"
        sw_weapon = f" {r.sw_weapon.upper()}" if r.sw_weapon else ""
        if r.sw_target is not None and r.sw_target != r.target:
            return f"{r.unit} fires{weapon} at {r.target}, its SW{sw_weapon} at {r.sw_target}"
        sw = f" with{sw_weapon} SW" if r.sw_target or r.sw_weapon else ""
        return f"{r.unit} fires{weapon}{sw} at {r.target}"

    @staticmethod
    def _request_label(r: ActionRequest) -> str:
        what = r.target or (f"hex {r.hex}" if r.hex else r.action)
        return f"{what} \u00b7 {r.weapon.upper()}" if r.weapon else what

    def _with_sw(self, request: ActionRequest) -> ActionRequest | None:
        """The request with the platoon's SW firing too, at the target and with the rating
        chosen in the odds dock (the first the rules allow, the same target first)."""
        choices = self._sw_choices(request)
        picked = self.odds.sw_request()
        return picked if picked in choices else (choices[0] if choices else None)

    def _sw_choices(self, request: ActionRequest) -> tuple[ActionRequest, ...]:
        """``rules.forecast.support_choices`` of the attack, once per attack and position."""
        state = self.document.state
        base = replace(request, sw_target=None, sw_weapon=None)
        key = (base, len(state.log), id(state.log[-1]) if state.log else None,
               repr(state.pending))  # fmt: skip
        if key not in self._sw_cache:
            if len(self._sw_cache) > 256:
                self._sw_cache.clear()
            self._sw_cache[key] = support_choices(state, base, self.controller.los)
        return self._sw_cache[key]

    def _confirm_aim(self) -> None:
        if self.aim is not None and self.aim.chosen is not None:
            self.confirm_request(self.aim.chosen)

    def confirm_request(self, request: ActionRequest) -> None:
        if self.odds.sw.isChecked():
            request = self._with_sw(request) or request
        self.end_tool()
        self.controller.perform(request)

    # --- ending, results, refusals ----------------------------------------------------------
    def end_tool(self) -> None:
        self.aim = None
        self.path_tool = None
        self.pending_action = None
        self.aim_hex = None
        if self.overlay is not None:
            self.overlay.clear()
        if self.controller.playable:
            self.view.set_tool(self.select_tool)
        self.odds.sw.setChecked(False)

    def _refused_hex(self, h: Hex, reasons: list[str] | None = None) -> None:
        if reasons is None:
            reasons = self._aim_refusals.get(h) or self._why_not_here(h)
        if self.overlay is not None:
            self.overlay.flash_refused(h)
        self._on_refused(self.pending_action or "", reasons)

    def _why_not_here(self, h: Hex) -> list[str]:
        """Why the action in progress may not aim at ``h``: the rules' own reasons for
        the first unit there, or that nothing there can be aimed at."""
        doc = self.document
        unit = self.controller.unit()
        label = doc.scenario.map.label(h)
        there = [u for u in doc.state.units_at(h) if unit is None or u.id != unit.id]
        name = self.pending_action or "fire"
        if unit is None or not there:
            return [f"{label} holds no target for {self.label(name).lower()}"]
        request = ActionRequest(name, units=(unit.id,), target=there[0].id)
        return self.controller.reasons(request) or [f"{there[0].id} may not be aimed at now"]

    def _on_refused(self, action: str, reasons: list[str]) -> None:
        label = self.label(action)
        text = f"{label} refused: " + "; ".join(reasons) if action else "; ".join(reasons)
        self.window.statusBar().showMessage(text, STATUS_MS)

    def _on_performed(self, command) -> None:
        result = command.result
        if result.rolls:  # (an action without dice leaves the last roll in view)
            self.odds.dice.show_action(command)
        self.odds.clear("Hover a target to see the odds.")
        self.end_tool()
        self.refresh()
        doc = self.document
        if doc.state.log:
            self._status(self.narration(doc.state.log[-1], result))
        self.window.after_action()
        if doc.state.finished and any(e.event == "game_over" for e in result.events):
            self.show_result()

    def narration(self, entry, result) -> str:
        """The action's narration: the log dock's, which narrated it as it came in."""
        book = self.window.log_dock.book
        if book is not None and book.document is self.document:
            text: str = book.narration(entry, result)
            return text
        from tabletop.rules.narrate import narrate

        return narrate(self.document.scenario, entry, result)

    def on_history(self) -> None:
        """The document's history changed (an action, an undo, a redo): refresh, but not
        in the middle of an action (``performed`` refreshes once it is done)."""
        if not self.controller.acting:
            self.refresh()

    def show_result(self) -> None:
        """The result dialog (not modal: the map and the log stay usable behind it)."""
        if self.result_dialog is not None:
            self.result_dialog.close()
        review = self.window.review
        self.result_dialog = ResultDialog(self.document, lambda: review.set_on(True), self.window)
        self.result_dialog.show()

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, STATUS_MS)


def _sw_label(request: ActionRequest, choice: ActionRequest) -> str:
    same = " (same target)" if choice.sw_target == request.target else ""
    return f"SW at {choice.sw_target} \u00b7 {str(choice.sw_weapon).upper()}{same}"
