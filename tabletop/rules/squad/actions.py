"""The squad ruleset's actions (rules-spec section 3), each declared once: its handler,
the request fields it reads, what the window asks for, its label, shortcut and tip, and
how a log entry of it reads (``rules.declare.ActionSpec``). In interfaces.md's order."""

from __future__ import annotations

from tabletop.rules import phrases as p
from tabletop.rules.declare import ActionSpec
from tabletop.rules.squad.closecombat import CloseCombat
from tabletop.rules.squad.entrench import DigIn
from tabletop.rules.squad.fire import Fire
from tabletop.rules.squad.mines import ClearMines, LayMines
from tabletop.rules.squad.morale import MoraleTest
from tabletop.rules.squad.movement import Move, Run
from tabletop.rules.squad.sequence import EndPhase, EndTurn
from tabletop.rules.squad.support import AirStrike, Suppress
from tabletop.rules.squad.transport import Load, Unload

DECLARED: tuple[ActionSpec, ...] = (
    ActionSpec("end-phase", EndPhase(), "End Phase", "Shift+E", tip="End the current phase",
               game=True, head=p.head_end_phase, short=p.short_end_phase),
    ActionSpec("end-turn", EndTurn(), "End Turn", "Ctrl+E",
               tip="The phases left, then the other side's player turn", game=True,
               head=p.head_end_player_turn, short=p.short_end_player_turn),
    ActionSpec("move", Move(), "Move", "M", "path", "Click hexes (or drag) to build a path",
               fields=("units", "to", "maneuver"), head=p.head_move, short=p.short_move),
    ActionSpec("run", Run(), "Run", "R", "path", "Run: a longer move", fields=("units", "to"),
               head=p.head_move, short=p.short_move),
    ActionSpec("fire", Fire(), "Fire", "F", "target", "Click a highlighted target",
               fields=("units", "target", "hex"), head=p.head_fire, short=p.short_fire),
    ActionSpec("load", Load(), "Load", "Ctrl+Shift+L", "target", "Load a unit in the same hex",
               fields=("units", "target", "to"), head=p.head_load, short=p.short_load),
    ActionSpec("unload", Unload(), "Unload", "U", tip="Unload the units carried",
               fields=("units", "target", "to"), head=p.head_unload, short=p.short_unload),
    ActionSpec("dig-in", DigIn(), "Dig In", "I", tip="Start entrenching", fields=("units",),
               head=p.head_dig_in, short=p.short_verb("digs in", "dig in")),
    ActionSpec("close-combat", CloseCombat(), "Close Combat", "C", "fight",
               "Fight a round in the hex", fields=("hex", "targets", "leave", "to"),
               head=p.head_close_combat, short=p.short_close_combat),
    ActionSpec("morale-test", MoraleTest(), "Morale Test", tip="A test a referee calls for",
               fields=("units",), head=p.head_morale_test,
               short=p.short_verb("tests morale", "test morale")),
    ActionSpec("lay-mines", LayMines(), "Lay Mines", "Ctrl+M", "choice",
               "Sappers: lay a minefield here", fields=("units", "kind"), head=p.head_mines,
               short=p.short_mines),
    ActionSpec("clear-mines", ClearMines(), "Clear Mines", "Ctrl+Shift+M", "hex",
               "Sappers: clear mines", fields=("units", "hex"), head=p.head_mines,
               short=p.short_mines),
    ActionSpec("suppress", Suppress(), "Suppress", "S", "hex", fields=("units", "hex"),
               head=p.head_suppress, short=p.short_suppress),
    ActionSpec("air-strike", AirStrike(), "Air Strike", "", "hex", fields=("hex", "units"),
               head=p.head_air_strike, short=p.short_air_strike),
)  # fmt: skip
