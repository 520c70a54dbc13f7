"""What the map editor's tools and helpers ask of the editor they serve.

The tools (:mod:`~tabletop.ui.editor.tools`, :mod:`~tabletop.ui.editor.los`, the
calibration tool) and the helpers the editor is composed of (its background controls in
:mod:`~tabletop.ui.editor.background`, its file commands in
:mod:`~tabletop.ui.editor.files`) know the editor only through :class:`EditorHost`, so none
of them imports :mod:`~tabletop.ui.editor.editor`: the editor imports them, never the other
way round. :class:`Brush` is what the tools lay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel

    from tabletop.documents import MapDocument
    from tabletop.hexgrid import Hex
    from tabletop.ui.editor.scene import EditorScene


@dataclass
class Brush:
    """What the tools lay: a terrain, a hexside feature, a level mode, the brush size."""

    terrain: str
    feature: str = "road"
    level_mode: str = "raise"
    level_value: int = 1
    radius: int = 0

    def level_name(self) -> str:
        return self.level_mode if self.level_mode != "set" else f"level {self.level_value}"

    def level_text(self) -> str:
        if self.level_mode == "set":
            return f"Set level {self.level_value}"
        return "Raise level" if self.level_mode == "raise" else "Lower level"


class EditorHost(Protocol):
    """The editor a tool or helper works for: its document, scene, brush, status line and
    window, and selecting a hex."""

    @property
    def document(self) -> MapDocument: ...

    @property
    def scene(self) -> EditorScene: ...

    @property
    def brush(self) -> Brush: ...

    @property
    def hint_label(self) -> QLabel: ...

    @property
    def window(self) -> Any: ...

    def select_hex(self, h: Hex | None) -> None: ...
