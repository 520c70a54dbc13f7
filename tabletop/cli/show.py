"""``tabletop show GAME [--as SIDE] [--json]``: where the game stands (docs/headless.md).

Turn, phase, the side (and formation) to act, the chits left in the cup, a paused move or
close combat, every unit with its hex, step, status and markers (a squad unit's figures
too), and the hex markers; the game's id and the take-backs and notices of its log (play
by email: replay skips them). Under ``--as SIDE`` the hex markers are those that side knows
of (rules 1.7: another side's unrevealed minefield is left out); without it the referee
sees everything.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from tabletop.cli.common import EXIT_DONE, BadInput, check_side, emit, fail, load_play
from tabletop.model import GameState, HexMarker, Pending
from tabletop.rules.engine import ruleset_for
from tabletop.rules.narrate import marker_name
from tabletop.rules.unitjson import unit_json
from tabletop.rules.victory import objectives, standing


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a scenario or saved game file")
    parser.add_argument("--as", dest="as_side", metavar="SIDE", help="show this side's view")
    parser.add_argument("--json", action="store_true", help="print the game as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        state = load_play(args.game)
        check_side(state, args.as_side)
    except (BadInput, ValueError) as exc:
        return fail(str(exc), args.json)
    emit(show_json(state, args.as_side), args.json, show_text(state, args.as_side))
    return EXIT_DONE


def where(state: GameState) -> dict[str, Any]:
    """``turn``, ``phase``, ``active_side``, ``active_formation``: the fields every answer
    of ``act``, ``show`` and ``actions`` carries."""
    return {
        "turn": state.turn,
        "phase": state.phase,
        "active_side": state.active_side,
        "active_formation": state.active_formation,
    }


def markers(state: GameState, side: str | None) -> list[HexMarker]:
    return list(state.hex_markers) if side is None else state.visible_markers(side)


def show_json(state: GameState, side: str | None) -> dict[str, Any]:
    hex_map = state.scenario.map
    out: dict[str, Any] = {"scenario": state.scenario.name, "ruleset": state.scenario.ruleset}
    out.update(where(state))
    out["turns"] = state.scenario.turns
    out["finished"] = state.finished
    if ruleset_for(state.scenario.ruleset).cup:
        out["cup"] = dict(sorted(Counter(state.cup).items()))
    out["pending"] = state.pending.to_dict() if state.pending is not None else None
    out["victory"] = standing(state).to_json()
    out["units"] = {
        u.id: {"side": u.side, "type": u.type_id, "formation": u.formation, **unit_json(state, u)}
        | ({"carrier": u.carrier} if u.carrier else {})
        | ({"with": u.sw_of} if u.sw_of else {})
        for u in sorted(state.units.values(), key=lambda u: u.id)
    }
    out["hex_markers"] = [
        {"hex": hex_map.label(m.hex), "marker": m.kind}
        | ({"side": m.side} if m.side is not None else {})
        | ({} if m.revealed else {"revealed": False})
        for m in markers(state, side)
    ]
    record = state.record
    out["game"] = {"id": record.id, "record_take_backs": record.record_take_backs}
    out["take_backs"] = [
        {
            "after": a.after,
            "action": a.entry.action,
            "args": a.entry.args,
            "dice": list(a.entry.dice),
            "turn": a.entry.turn,
            "side": a.entry.side,
            "summary": a.text,
        }
        for a in record.asides
        if a.entry is not None
    ]
    out["notices"] = [
        {"after": a.after, "turn": a.turn, "side": a.side, "text": a.text}
        for a in record.asides
        if a.entry is None
    ]
    return out


def show_text(state: GameState, side: str | None) -> str:
    scenario = state.scenario
    lines = [f"{scenario.name}: turn {state.turn} of {scenario.turns}, {_stage(state)}"]
    if ruleset_for(scenario.ruleset).cup and not state.finished:
        cup = Counter(state.cup)
        chits = ", ".join(f"{f} {n}" for f, n in sorted(cup.items())) or "empty"
        lines.append(f"chits in the cup: {chits}")
    if state.pending is not None:
        lines.append(_pending(state.pending))
    lines.extend(victory_lines(state))
    lines.append("units:")
    for u in sorted(state.units.values(), key=lambda u: u.id):
        lines.append("  " + _unit_line(state, u.id))
    shown = markers(state, side)
    if shown:
        lines.append("hex markers:")
        for m in shown:
            owner = scenario.sides[m.side].name if m.side in scenario.sides else m.side
            note = f" ({owner}{', hidden' if not m.revealed else ''})" if owner else ""
            lines.append(f"  {scenario.map.label(m.hex)} {marker_name(m.kind)}{note}")
    asides = state.record.asides
    if asides:
        lines.append("taken back and noticed (replay skips these):")
        for a in asides:
            lines.append(f"  after action {a.after}: {a.text}")
    return "\n".join(lines)


def victory_lines(state: GameState) -> list[str]:
    """The running VP and who controls each objective, and at the end the result
    (rules-spec 6): ``VP: NATO 3, Warsaw Pact 1`` / ``objectives: 0707 (2 VP) NATO, ...`` /
    ``result: NATO wins (the last turn is over)``."""
    names = state.scenario.sides

    def name(side: str | None) -> str:
        return names[side].name if side is not None and side in names else str(side)

    s = standing(state)
    lines = ["VP: " + ", ".join(f"{name(k)} {v}" for k, v in s.vp.items())]
    if s.controls:
        worth = {o.label: o.vp for o in objectives(state.scenario)}
        held = ", ".join(
            f"{h} ({worth.get(h, 1)} VP) {name(c) if c else 'nobody'}"
            for h, c in s.controls.items()
        )
        lines.append(f"objectives: {held}")
    if s.over:
        why = {"turns": "the last turn is over", "annihilation": "a side has no units left",
               "sudden_death": "sudden death"}.get(s.why or "", s.why)  # fmt: skip
        verdict = f"{name(s.winner)} wins" if s.winner else "a draw"
        lines.append(f"result: {verdict} ({why})")
    return lines


def _stage(state: GameState) -> str:
    if state.finished:
        return "the game is over"
    side = state.scenario.sides.get(state.active_side or "")
    who = side.name if side is not None else state.active_side
    if state.active_formation is not None:
        return f"{state.phase} phase: {who} acts with {state.active_formation}"
    if who:
        return f"{state.phase} phase: {who} to act"
    return f"{state.phase} phase"


def _pending(pending: Pending) -> str:
    if pending.opportunity_fire:
        firers = ", ".join(pending.firers)
        return (f"{pending.unit}'s move is paused in {pending.hex}: "
                f"{firers} may fire at it (opportunity-fire or pass)")  # fmt: skip
    if pending.move_paused:
        return (f"{pending.unit}'s move is paused in {pending.hex}: "
                "move --continue goes on")  # fmt: skip
    return f"waiting: {pending.kind} in {pending.hex}"


def _unit_line(state: GameState, unit_id: str) -> str:
    u = state.unit(unit_id)
    j = unit_json(state, u)
    where_ = j["hex"] or "off the map"
    if u.carrier:
        where_ = f"{where_}, carried by {u.carrier}"
    elif u.sw_of:
        where_ = f"{where_}, with {u.sw_of}"
    squad = "figures" in j  # a squad unit has figures, not steps
    state_words = ([] if squad else [j["step"]]) + [j["status"].replace("_", " ")]
    if "mode" in j:
        state_words.append(j["mode"])
    if "figures" in j:
        state_words.append(f"{j['figures']} figures, {j['wounds']} wounds")
    marks = ", ".join(marker_name(m) for m in j["markers"])
    tail = f" [{marks}]" if marks else ""
    side = state.scenario.sides[u.side].name if u.side in state.scenario.sides else u.side
    who = ", ".join(w for w in (u.type_id, side, u.formation) if w)
    return f"{u.id} ({who}) in {where_}: {', '.join(state_words)}{tail}"
