"""The scenario editor: units from a tray onto the map, hex markers and minefields, the
units' properties, validation problems, saving, and Play this scenario.

See :mod:`tabletop.ui.scenario.editor`.
"""

from tabletop.ui.scenario.editor import (
    ScenarioEditor,
    edit_game_scenario,
    edit_scenario,
    new_scenario,
)

__all__ = ["ScenarioEditor", "edit_game_scenario", "edit_scenario", "new_scenario"]
