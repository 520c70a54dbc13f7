"""The map editor: paint terrain, hexsides and levels, over a scanned board if you like.

:func:`edit_map` switches a main window into the editor on a
:class:`~tabletop.documents.MapDocument`; see :mod:`tabletop.ui.editor.editor`.
"""

from tabletop.ui.editor.editor import Brush, MapEditor, edit_game_map, edit_map

__all__ = ["Brush", "MapEditor", "edit_game_map", "edit_map"]
