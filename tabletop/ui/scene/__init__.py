"""The map as drawn: the scene and its layers, items and marks, the view, overlays, the
hex panel, the stack viewer and the line-of-sight tool (shared by play and the editor)."""
