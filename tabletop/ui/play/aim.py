"""Play tools that finish an action: aim at a target hex, or build a path.

Both only gather the player's choice and ask before accepting it: every hex they offer or
refuse is decided by callbacks into the rules (``check``), so an illegal click shows its
reason and changes nothing. Enter, or a second click on the same hex, confirms; Esc
cancels; the window performs the action.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt

from tabletop.hexgrid import Hex
from tabletop.rules import ActionRequest
from tabletop.ui.tools.base import Tool, ToolEvent

CONFIRM_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class AimTool(Tool):
    """Pick one of ``targets`` (hex -> the legal requests aimed there). Hover shows the
    odds (``on_aim(hex, requests)`` with ``hovering=True``); a click aims; a second click on
    the aimed hex or Enter confirms the chosen request.

    With ``decide``, ``targets`` are candidates, not decided yet (a big game's mortar has
    hundreds of hexes to fire at, each needing a spotter among hundreds of sight lines):
    the first hover or click on a hex asks ``decide(requests)`` for the legal ones (in the
    order to offer them); a hex with none is dropped (``on_dropped(hex)``) and refused."""

    name = "aim"
    cursor = Qt.CursorShape.CrossCursor
    hint = "Click a highlighted target, click it again (or Enter) to confirm, Esc to cancel"

    def __init__(
        self,
        targets: Mapping[Hex, Sequence[ActionRequest]],
        on_aim: Callable[[Hex | None, Sequence[ActionRequest], bool], None],
        on_confirm: Callable[[ActionRequest], None],
        on_refused: Callable[[Hex], None],
        on_cancel: Callable[[], None],
        *,
        decide: Callable[[Sequence[ActionRequest]], list[ActionRequest]] | None = None,
        on_dropped: Callable[[Hex], None] | None = None,
    ) -> None:
        super().__init__()
        self.targets = {h: list(r) for h, r in targets.items()}
        self.on_aim = on_aim
        self.on_confirm = on_confirm
        self.on_refused = on_refused
        self.on_cancel = on_cancel
        self.decide = decide
        self.on_dropped = on_dropped
        self.decided: set[Hex] = set()
        """The hexes whose candidates ``decide`` has sorted out (all of them without it)."""
        self.aimed: Hex | None = None
        self.chosen: ActionRequest | None = None
        self._hover: Hex | None = None

    def requests_at(self, h: Hex | None) -> list[ActionRequest]:
        """The legal requests aimed at ``h`` (decided now if need be); empty: none."""
        if h is None or h not in self.targets:
            return []
        if self.decide is not None and h not in self.decided:
            self.decided.add(h)
            legal = self.decide(self.targets[h])
            if not legal:
                del self.targets[h]
                if self.on_dropped is not None:
                    self.on_dropped(h)
                return []
            self.targets[h] = legal
        return self.targets[h]

    def choose(self, request: ActionRequest) -> None:
        """The odds panel picked another request (target or rating) for the aimed hex."""
        self.chosen = request

    def hover(self, event: ToolEvent) -> None:
        if event.hex == self._hover:
            return
        self._hover = event.hex
        if self.aimed is None:
            requests = self.requests_at(event.hex)
            self.on_aim(event.hex if requests else None, requests, True)

    def click(self, event: ToolEvent) -> bool:
        h = event.hex
        if h is None:
            return True
        requests = self.requests_at(h)
        if not requests:
            self.on_refused(h)
            return True
        if h == self.aimed and self.chosen is not None:
            self.on_confirm(self.chosen)
            return True
        self.aimed = h
        self.chosen = requests[0]
        self.on_aim(h, requests, False)
        return True

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key in CONFIRM_KEYS and self.chosen is not None:
            self.on_confirm(self.chosen)
            return True
        if key == Qt.Key.Key_Escape:
            self.on_cancel()
            return True
        return False

    def cancel(self) -> None:
        self.on_cancel()


class PathTool(Tool):
    """Build a path from ``start``: click hexes one by one (a first click further on follows
    the cheapest path the rules gave in ``routes``, a later one the fewest steps through
    ``reach``), or drag from the unit; a click on a hex already in the
    path backs up to it. ``check(path)`` gives the reasons a path is refused; Enter or a
    second click on the last hex confirms."""

    name = "path"
    cursor = Qt.CursorShape.CrossCursor
    hint = "Click or drag hexes to build the path; click the last hex again (or Enter) to go"

    def __init__(
        self,
        start: Hex,
        reach: Mapping[Hex, int],
        check: Callable[[list[Hex]], list[str]],
        on_path: Callable[[list[Hex]], None],
        on_confirm: Callable[[list[Hex]], None],
        on_refused: Callable[[Hex, list[str]], None],
        on_cancel: Callable[[], None],
        *,
        routes: Mapping[Hex, Sequence[Hex]] | None = None,
    ) -> None:
        super().__init__()
        self.start = start
        self.routes = {h: list(p) for h, p in (routes or {}).items()}
        """The cheapest path to each hex in reach (a first click far away follows it)."""
        self.reach = dict(reach)
        self.check = check
        self.on_path = on_path
        self.on_confirm = on_confirm
        self.on_refused = on_refused
        self.on_cancel = on_cancel
        self.path: list[Hex] = []
        self._dragging = False
        self._dragged = False

    @property
    def end(self) -> Hex:
        return self.path[-1] if self.path else self.start

    # --- building ---------------------------------------------------------------------------
    def route(self, h: Hex) -> list[Hex]:
        """Hexes from the path's end to ``h``: the hex itself when adjacent, else the
        fewest steps through hexes in reach (empty when there is none)."""
        if self.end.is_adjacent(h):
            return [h]
        if not self.path and h in self.routes:
            return list(self.routes[h])
        allowed = set(self.reach) | {h}
        came: dict[Hex, Hex] = {}
        seen = {self.end}
        queue = deque([self.end])
        while queue:
            here = queue.popleft()
            if here == h:
                out = [h]
                while out[-1] in came and came[out[-1]] != self.end:
                    out.append(came[out[-1]])
                return list(reversed(out))
            for n in here.neighbors():
                if n in allowed and n not in seen and n not in self.path and n != self.start:
                    seen.add(n)
                    came[n] = here
                    queue.append(n)
        return []

    def extend_to(self, h: Hex) -> bool:
        """Add the way to ``h``; refused (with the reason shown): nothing changes."""
        if h == self.start:
            self._set([])
            return True
        if h in self.path:
            self._set(self.path[: self.path.index(h) + 1])
            return True
        steps = self.route(h)
        candidate = self.path + (steps or [h])
        reasons = self.check(candidate)
        if reasons:
            self.on_refused(h, reasons)
            return False
        self._set(candidate)
        return True

    def _set(self, path: list[Hex]) -> None:
        self.path = path
        self.on_path(list(path))

    # --- gestures ---------------------------------------------------------------------------
    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex != self.end:
            return False
        self._dragging = True
        self._dragged = False
        return True

    def move(self, event: ToolEvent) -> None:
        h = event.hex
        if not self._dragging or h is None or h == self.end:
            return
        self._dragged = True
        if len(self.path) >= 1 and h == (self.path[-2] if len(self.path) > 1 else self.start):
            self._set(self.path[:-1])  # dragging back
        elif self.end.is_adjacent(h) and h not in self.path:
            self.extend_to(h)

    def release(self, event: ToolEvent) -> None:
        """The end of a drag; a press and release on the path's end without leaving it is
        a click there (it confirms)."""
        self._dragging = False
        if not self._dragged and event.hex is not None and event.hex == self.end:
            self.click(event)

    def click(self, event: ToolEvent) -> bool:
        h = event.hex
        if h is None:
            return True
        if self.path and h == self.path[-1]:
            self.on_confirm(list(self.path))
            return True
        self.extend_to(h)
        return True

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key in CONFIRM_KEYS and self.path:
            self.on_confirm(list(self.path))
            return True
        if key == Qt.Key.Key_Backspace and self.path:
            self._set(self.path[:-1])
            return True
        if key == Qt.Key.Key_Escape:
            self.on_cancel()
            return True
        return False

    def cancel(self) -> None:
        self.on_cancel()
