"""What the computer opponent may know: its side's view of the game (rules 1.7).

``side_view(state, side)`` is an independent copy of the game with every hex marker the
side may not see taken out (an unrevealed enemy minefield), exactly the markers
``tabletop show --as SIDE`` prints. Every question the opponent asks, and every move it
tries ahead, is asked of this copy, never of the game itself: so two games that differ
only in what the side cannot see give the opponent the very same view and the very same
choices (the fairness test in ``tests/bot``).
"""

from __future__ import annotations

from tabletop.model import GameState


def side_view(state: GameState, side: str) -> GameState:
    """A copy of ``state`` holding only what ``side`` knows."""
    view = state.snapshot()
    view.hex_markers = [m for m in view.hex_markers if m.revealed or m.side == side]
    return view
