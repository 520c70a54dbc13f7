"""What the pages of the scenario editor's **Scenario** and **Events** docks share: the
``Page`` base (``load`` shows the scenario, edits go through its owner), a grey
description label, a combo filled without flicker, and the item data role.

Its own module so that ``properties`` (the docks' controller) and ``events`` (the
Events dock's pages and map tools) both build on it without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from tabletop.model import Scenario

__all__ = ["ROLE", "Owner", "Page", "describe", "set_items"]

ROLE = Qt.ItemDataRole.UserRole


def describe(text: str) -> QLabel:
    """A short grey description under a property."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet("color: #555; font-size: 90%;")
    return label


def set_items(combo: QComboBox, items: list[tuple[str, Any]], current: Any) -> None:
    """Fill ``combo`` with ``(text, data)`` items, only if they changed (a combo is never
    emptied under its own signal), and select ``current`` (else the first)."""
    have = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
    if have != items:
        combo.clear()
        for text, data in items:
            combo.addItem(text, data)
    combo.setCurrentIndex(max(0, combo.findData(current)))


class Owner(Protocol):
    """What a page asks of its owner (``properties.ScenarioProperties``)."""

    @property
    def scenario(self) -> Scenario: ...

    def edit(
        self, text: str, make: Callable[[], dict[str, Any]], merge: str | None = None
    ) -> object: ...


class Page(QWidget):
    """A page of properties: ``load`` shows the scenario; edits call ``owner.edit``."""

    def __init__(self, owner: Owner) -> None:
        super().__init__()
        self.owner = owner
        self.loading = False

    @property
    def scenario(self) -> Scenario:
        return self.owner.scenario

    def edit(self, text: str, make: Callable[[], dict[str, Any]], merge: str | None = None) -> None:
        if not self.loading:
            self.owner.edit(text, make, merge)

    def load(self) -> None:
        self.loading = True
        try:
            self.show_scenario()
        finally:
            self.loading = False

    def show_scenario(self) -> None:
        raise NotImplementedError
