"""A scanned board under the grid: loading it, its opacity, and calibrating the grid on it.

Calibration by dragging: drag the centre of a hex of the grid onto the centre of the same
hex on the image; the image moves under it. Do it again with a hex far away and the
image's scale (across and down) fits both. Every step is one undo step, and the result is
the map's ``background:`` key (the image pixel of the first hex's centre and the hex size
in image pixels), saved with the map.

:class:`BackgroundControls` is the editor's background part (the editor holds one and
hands it its opacity slider and Remove action): loading, removing, the opacity, and keeping
those controls in step with the map.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSlider

from tabletop.commands import SetBackground
from tabletop.commands.mapedit import Point, calibrate, first_centre, scene_to_image
from tabletop.data.files import image_ref
from tabletop.hexgrid import Hex
from tabletop.model import Background
from tabletop.ui.editor.host import EditorHost
from tabletop.ui.editor.imageread import read_image
from tabletop.ui.editor.tools import EditorTool
from tabletop.ui.tools import ToolEvent

DEFAULT_OPACITY = 0.5


class CalibrateTool(EditorTool):
    name = "calibrate"
    cursor = Qt.CursorShape.SizeAllCursor
    hint = (
        "Calibrate: drag a hex's centre onto the same hex's centre on the image, then do "
        "the same with a hex far away; the grid's origin and hex size fit both."
    )

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.pairs: list[tuple[Point, Hex]] = []
        self.start: Hex | None = None
        self.image: str | None = None

    def press(self, event: ToolEvent) -> bool:
        bg = self.editor.document.map.background
        if event.button != Qt.MouseButton.LeftButton or event.hex is None or bg is None:
            if bg is None:
                self.editor.hint_label.setText("Load a background image first (Map menu).")
            return False
        if bg.image != self.image:  # another image: start the calibration afresh
            self.pairs, self.image = [], bg.image
        self.start = event.hex
        self.move(event)
        return True

    def move(self, event: ToolEvent) -> None:
        if self.start is not None:
            self.editor.scene.preview_line(
                self.editor.scene.hex_center(self.start), event.scene_pos
            )

    def release(self, event: ToolEvent) -> None:
        start, self.start = self.start, None
        self.editor.scene.clear_preview()
        hexmap = self.editor.document.map
        bg = hexmap.background
        if start is None or bg is None:
            return
        pos = event.scene_pos
        pixel = scene_to_image(hexmap, bg, self.editor.scene.layout, (pos.x(), pos.y()))
        pairs = [*[p for p in self.pairs if p[1] != start][:1], (pixel, start)]
        try:
            fitted = calibrate(hexmap, bg, self.editor.scene.layout, pairs)
        except ValueError as exc:
            self.editor.hint_label.setText(f"Calibration: {exc}.")
            return
        self.pairs = pairs
        step = "the image moved" if len(pairs) == 1 else "origin and hex size fitted"
        self.editor.document.push(SetBackground(hexmap, fitted, "Calibrate background"))
        self.editor.hint_label.setText(
            f"Calibration with {len(pairs)} hex{'es' if len(pairs) > 1 else ''}: {step}. "
            + ("Now drag a hex far away onto its place." if len(pairs) == 1 else "")
        )

    def cancel(self) -> None:
        self.start = None
        self.editor.scene.clear_preview()

    def deactivate(self) -> None:
        self.cancel()


class BackgroundControls:
    """The editor's background commands and controls: every change is one undo step on
    the editor's document (one slider drag is one step)."""

    def __init__(self, editor: EditorHost, slider: QSlider, remove: QAction) -> None:
        self.editor = editor
        self.slider = slider
        self.remove_action = remove
        self._opacity_key = 0

    def load_background(self, path: str | Path) -> bool:
        """Put the image at ``path`` under the grid, scaled to the map's width; False (and
        the reason in the status bar) if it cannot be read."""
        editor = self.editor
        image, problem = read_image(path)
        if image.isNull():
            editor.hint_label.setText(f"Cannot use {path} as an image: {problem}")
            return False
        hexmap = editor.document.map
        bounds = editor.scene.map_rect()
        scale = bounds.width() / image.width()
        cx, cy = first_centre(hexmap, editor.scene.layout)
        size = hexmap.grid.hex_size / scale
        origin = ((cx - bounds.left()) / scale, (cy - bounds.top()) / scale)
        absolute = os.path.abspath(path)
        ref = image_ref(absolute, None, hexmap.path) if hexmap.path is not None else absolute
        bg = Background(ref, DEFAULT_OPACITY, origin, (size, size))
        self.set_background(bg, f"Load background {Path(path).name}")
        return True

    def set_background(self, bg: Background | None, text: str = "") -> None:
        document = self.editor.document
        hexmap = document.map
        if bg == hexmap.background:
            return
        text = text or ("Remove background" if bg is None else "Change background")
        document.push(SetBackground(hexmap, bg, text))

    def set_opacity(self, opacity: float) -> None:
        """Set the image's opacity (0..1); one slider drag is one undo step."""
        document = self.editor.document
        bg = document.map.background
        if bg is None or abs(bg.opacity - opacity) < 1e-9:
            return
        key = self._opacity_key if self.slider.isSliderDown() else document.new_stroke()
        command = SetBackground(document.map, replace(bg, opacity=opacity),
                                "Background opacity", merge_key=key)  # fmt: skip
        document.push(command, merge=True)

    def opacity_drag(self) -> None:
        """The slider is pressed: the drag that follows is one undo step."""
        self._opacity_key = self.editor.document.new_stroke()

    def sync(self) -> None:
        """The slider and Remove action as the map's background is now."""
        bg = self.editor.document.map.background
        self.slider.setEnabled(bg is not None)
        self.remove_action.setEnabled(bg is not None)
        self.slider.blockSignals(True)
        self.slider.setValue(round((bg.opacity if bg else DEFAULT_OPACITY) * 100))
        self.slider.blockSignals(False)
        problem = self.editor.scene.background_item.problem
        if bg is not None and problem:
            self.editor.hint_label.setText(f"Background: {problem}.")
