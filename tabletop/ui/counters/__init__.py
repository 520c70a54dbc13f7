"""The counter editor: a counters file's unit types, a form per type and a live preview.

:func:`edit_counters` switches a main window into the editor on a
:class:`~tabletop.documents.CountersDocument`; see :mod:`tabletop.ui.counters.editor`.
"""

from tabletop.ui.counters.editor import CounterEditor, edit_counters

__all__ = ["CounterEditor", "edit_counters"]
