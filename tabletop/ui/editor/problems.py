"""The problems dock: what "Check Map" found; clicking a problem selects its hex."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QListWidget, QListWidgetItem

from tabletop.ui.editor.checks import MapProblem

ROLE = Qt.ItemDataRole.UserRole


class ProblemsDock(QDockWidget):
    """One row per problem; a click selects and shows the hex it names."""

    def __init__(self, editor, parent=None) -> None:
        super().__init__("Problems", parent)
        self.setObjectName("problems-dock")
        self.editor = editor
        self.list = QListWidget()
        self.list.setObjectName("problems-list")
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._clicked)
        self.setWidget(self.list)
        self.problems: list[MapProblem] = []

    def show_problems(self, problems: list[MapProblem]) -> None:
        self.problems = list(problems)
        self.list.clear()
        if not problems:
            self.list.addItem("No problems found.")
            return
        for i, problem in enumerate(problems):
            item = QListWidgetItem(problem.message)
            item.setData(ROLE, i)
            if problem.where:
                item.setToolTip(problem.where)
            self.list.addItem(item)

    def _clicked(self, item: QListWidgetItem) -> None:
        index = item.data(ROLE)
        if index is None:
            return
        h = self.problems[int(index)].hex
        if h is not None:
            self.editor.select_hex(h)
            self.editor.window.view.centerOn(self.editor.scene.hex_center(h))
