"""Line of sight while editing: press on one hex, drag to another, see what blocks it.

The one line-of-sight tool of play (:class:`~tabletop.ui.scene.los.LosTool`) on the map
editor's scene, asking the map itself (:class:`~tabletop.ui.scene.los.MapSight`: the same
engine as play and the command line, ``tabletop.geometry.LosEngine``, kept up to date hex
by hex as the map is edited, so a wood painted across a sight line blocks it at once).
The line, its range and verdict and the reason beside the far end are drawn on the map,
the blocking hexes hatched, hindrances outlined; the status bar repeats it on one line.
The line stays after the release until the next drag, Esc or another tool; an undo or redo
while it is shown redraws it on the map as it now is.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.hexgrid import Hex, HexSide
from tabletop.ui.editor.host import EditorHost
from tabletop.ui.scene.los import LosTool as SightTool
from tabletop.ui.scene.los import MapSight


class LosTool(SightTool):
    """The map editor's ``los`` tool: the play tool asking the edited map."""

    hint = (
        "Line of sight: drag from one hex to another to see whether they see each other. "
        "Esc clears."
    )

    def __init__(self, editor: EditorHost) -> None:
        self.sight = MapSight(editor.document.map)
        super().__init__(self.sight, lambda: editor.scene)
        self.editor = editor
        self.hintChanged.connect(lambda text: editor.hint_label.setText(text))  # (made later)

    def map_changed(self, hexes: Iterable[Hex], sides: Iterable[HexSide]) -> None:
        """The map changed under the engine (an edit, an undo): the line shown follows."""
        self.sight.map_changed(hexes, sides)
        self.again()
