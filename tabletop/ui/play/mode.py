"""Play mode: the game in the window's document slot, played (:class:`tabletop.ui.host.Mode`).

The window builds play's parts once (the controls of :mod:`~tabletop.ui.play.playui`, the
log and hex docks, sight lines, adjust and review, hot seat, play by e-mail, the computer
opponent: their actions sit in the window's menus from the start). :meth:`PlayMode.activate`
hands them the game the window holds, puts its scene in the view through the window's
public API (``show_scene``, ``show_status``) and connects them to the game's channel (the
bridge, :mod:`tabletop.ui.bridge`), each connection kept in :attr:`PlayMode.links`.
:meth:`PlayMode.deactivate` (an editor takes the window, or another game comes) takes the
game from them and disconnects every one of those connections. Review and adjust are modes
over play, turned on and off by the window's ``enter_mode`` and ``leave_mode``.
"""

from __future__ import annotations

from tabletop.ui.bridge import Links
from tabletop.ui.play.panels import turn_text
from tabletop.ui.scene.scene import MapScene


class PlayMode:
    """Play of the window's game; ``host`` is the main window while it is on."""

    name = "play"

    def __init__(self) -> None:
        self.host = None
        self.links = Links()
        """What :meth:`activate` connected to the game's channel; :meth:`deactivate` cuts it."""

    @property
    def active(self) -> bool:
        return self.host is not None

    def activate(self, host) -> None:
        """Play ``host.document`` (a game, on ``host.bridge``): its scene in the view, play's
        docks, turn bar, tools and menus following it."""
        self.host = host
        doc, bridge = host.document, host.bridge
        scene = MapScene(doc, host, host.image_cache_mb())
        scene.show_labels(host.labels_action.isChecked())
        scene.show_art(host.map_art_action.isChecked())
        host.show_scene(scene)
        self.links.add(bridge.unitsChanged, self._on_units_changed)
        self.links.add(bridge.markersChanged, self._on_markers_changed)
        self.links.add(bridge.turnChanged, self.show_turn)
        self.links.add(bridge.historyChanged, host.play.on_history)
        host.hex_dock.set_document(doc)
        host.log_dock.set_document(doc, scene)
        self.links.add(bridge.historyChanged, host.log_dock.refresh)
        host.play.set_document(doc, scene)
        self.show_ruleset_actions(doc.scenario.ruleset)
        host.sight.set_document(doc, scene)
        host.adjust.set_document(doc, scene)
        host.review.set_document(doc)
        self.links.add(bridge.unitsChanged, host.sight.refresh_fov)
        self.links.add(bridge.markersChanged, host.sight.refresh_fov)
        host.fill_viewer_menu(doc)
        host.pbem.set_document(doc)
        host.hotseat.set_document(doc)
        self.links.add(bridge.historyChanged, host.hotseat.follow)
        host.opponent.set_document(doc)
        self.links.add(bridge.historyChanged, host.opponent.follow)
        self.show_turn()
        hexmap = doc.scenario.map
        host.show_status(hex_line=f"{hexmap.name}: {hexmap.size_text()}")

    def deactivate(self) -> None:
        """The game leaves play: review or adjust off, nothing played, no one following it
        (hot seat, play by e-mail, the opponent), play's docks showing nothing (an editor's
        layout hides them: ``tabletop.ui.shell.layout``)."""
        host, self.host = self.host, None
        if host is None:
            return
        self.links.cut()
        host.leave_mode()
        host.hotseat.set_document(None)
        host.pbem.set_document(None)
        host.opponent.set_document(None)
        host.play.detach()
        host.hex_dock.set_document(None)
        host.log_dock.set_document(None)
        host.sight.set_document(None, None)

    # --- following the game -----------------------------------------------------------------
    def show_turn(self) -> None:
        """The turn in the status bar and the turn bar."""
        host = self.host
        if host is None:
            return
        host.show_status(turn=turn_text(host.document))
        host.play.turn_bar.refresh(host.document)

    def _on_units_changed(self, ids) -> None:
        self._on_change(lambda scene: scene.sync_units(ids))

    def _on_markers_changed(self, hexes) -> None:
        self._on_change(lambda scene: scene.refresh_markers(hexes))

    def _on_change(self, update) -> None:
        """The game changed: ``update(scene)`` on the map shown, then the hex panel."""
        host = self.host
        if host is None:
            return
        if host.map_scene is not None:
            update(host.map_scene)
        host.hex_dock.refresh()

    def show_ruleset_actions(self, ruleset: str) -> None:
        """The Play menu shows the open game's ruleset's actions only (the turn bar sets the
        game's own, Draw Chit to Pass, from the game's options); the solo opportunity-fire
        policy only where there is opportunity fire."""
        from tabletop.rules.engine import ruleset_actions
        from tabletop.ui.play.panels import GAME_ACTIONS

        host = self.host
        assert host is not None
        play = host.play
        try:
            has = set(ruleset_actions(ruleset))
        except ValueError:
            has = set(play.actions)
        play.show_ruleset(ruleset)  # labels, shortcuts and tips as it declares them
        for name, action in play.actions.items():
            if name not in GAME_ACTIONS:
                action.setVisible(name in has)
        host.solo_menu.menuAction().setVisible("opportunity-fire" in has)
