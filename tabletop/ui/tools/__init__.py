"""Map tools: one active at a time, each a class with its own cursor and status-bar hint.

The view turns mouse and key events into :class:`ToolEvent` values in hex terms and hands
them to the active tool (see :mod:`tabletop.ui.tools.base`). Play tools (select, aim, path,
line of sight) and editor tools (brush, fill, hexside, level, place) all build on it.
"""

from tabletop.ui.tools.base import Tool, ToolEvent

__all__ = ["Tool", "ToolEvent"]
