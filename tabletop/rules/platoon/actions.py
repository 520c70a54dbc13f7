"""The platoon ruleset's actions (rules-spec section 2), each declared once: its handler,
the request fields it reads, what the window asks for, its label, shortcut and tip, and
how a log entry of it reads (``rules.declare.ActionSpec``). In interfaces.md's order."""

from __future__ import annotations

from tabletop.rules import phrases as p
from tabletop.rules.declare import ActionSpec
from tabletop.rules.platoon.assault import Assault
from tabletop.rules.platoon.entrench import DigIn
from tabletop.rules.platoon.fire import Fire, MovingFire
from tabletop.rules.platoon.helicopter import Mode
from tabletop.rules.platoon.mines import ClearMines, LayMines
from tabletop.rules.platoon.move import Move
from tabletop.rules.platoon.opfire import OpportunityFire, Pass
from tabletop.rules.platoon.sequence import Draw, EndImpulse, EndTurn, Rally
from tabletop.rules.platoon.transport import Load, Unload

FIRE_FIELDS = ("units", "target", "hex", "weapon", "sw_target", "sw_weapon")

DECLARED: tuple[ActionSpec, ...] = (
    ActionSpec("draw", Draw(), "Draw Chit", "D", tip="Draw a formation's chit from the cup",
               fields=("formation",), game=True, head=p.head_draw, short=p.short_draw),
    ActionSpec("end-impulse", EndImpulse(), "End Impulse", "E",
               tip="End the active formation's impulse", game=True, head=p.head_end_impulse,
               short=p.short_end_impulse),
    ActionSpec("end-turn", EndTurn(), "End Turn", "Ctrl+E",
               tip="Marker removal, then the next turn", game=True,
               head=p.head_end_game_turn, short=p.short_end_game_turn),
    ActionSpec("move", Move(), "Move", "M", "path", "Click hexes (or drag) to build a path",
               fields=("units", "to", "maneuver", "cont", "mode"), head=p.head_move,
               short=p.short_move),
    ActionSpec("fire", Fire(), "Fire", "F", "target", "Click a highlighted target",
               fields=FIRE_FIELDS, head=p.head_fire, short=p.short_fire),
    ActionSpec("moving-fire", MovingFire(), "Moving Fire", "Shift+F", "path+target",
               "Move, then fire", walks="move",
               fields=("units", "to", "target", "weapon", "sw_target", "sw_weapon"),
               head=p.head_moving_fire,
               short=p.short_fire),
    ActionSpec("opportunity-fire", OpportunityFire(), "Opportunity Fire", "O", "target",
               "Fire at the mover", fields=("units", "target", "weapon", "sw_target",
               "sw_weapon"), head=p.head_fire, short=p.short_fire),
    ActionSpec("pass", Pass(), "Pass", "P", tip="Let the paused mover go on", game=True,
               head=p.head_pass, short=p.short_pass),
    ActionSpec("assault", Assault(), "Assault", "A", "path",
               "Move into an enemy hex and attack", fields=("units", "to"), walks="move",
               enters_enemy=True,
               head=p.head_assault, short=p.short_assault),
    ActionSpec("overrun", Assault(), "Overrun", "Shift+A", "path",
               "Vehicles: move through and attack", fields=("units", "to"), walks="move",
               enters_enemy=True,
               head=p.head_assault, short=p.short_assault),
    ActionSpec("rally", Rally(), "Rally", "Y", tip="Try to recover from Disrupted",
               fields=("units",), head=p.head_rally,
               short=p.short_verb("tries to rally", "try to rally")),
    ActionSpec("mode", Mode(), "Change Mode", "H", "choice", "Helicopter: Flying, NOE or Landed",
               fields=("units", "mode"), head=p.head_mode, short=p.short_mode),
    ActionSpec("load", Load(), "Load", "Ctrl+Shift+L", "target", "Load a unit in the same hex",
               fields=("units", "target", "to"), head=p.head_load, short=p.short_load),
    ActionSpec("unload", Unload(), "Unload", "U", tip="Unload the units carried",
               fields=("units", "target", "to"), head=p.head_unload, short=p.short_unload),
    ActionSpec("dig-in", DigIn(), "Dig In", "I", tip="Start entrenching", fields=("units",),
               head=p.head_dig_in, short=p.short_verb("digs in", "dig in")),
    ActionSpec("lay-mines", LayMines(), "Lay Mines", "Ctrl+M", "choice",
               "Sappers: lay a minefield here", fields=("units", "kind"), head=p.head_mines,
               short=p.short_mines),
    ActionSpec("clear-mines", ClearMines(), "Clear Mines", "Ctrl+Shift+M", "hex",
               "Sappers: clear mines", fields=("units", "hex"), head=p.head_mines,
               short=p.short_mines),
)  # fmt: skip
