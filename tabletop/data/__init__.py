"""L2 data layer: safe YAML with positions, schema checks, model <-> dict, atomic save.

Imports only the standard library, ``yaml``, :mod:`tabletop.hexgrid` and
:mod:`tabletop.model`. Every loader collects all problems (``FILE:LINE:COLUMN: message``)
and raises :class:`DataError`; :func:`validate_file` returns them instead.
"""

from __future__ import annotations

from tabletop.data.chart import chart_from_dict, chart_to_dict
from tabletop.data.counters import CounterFile, counters_to_dict
from tabletop.data.files import (
    PendingCheck,
    counters_text,
    dumps_chart,
    dumps_counters,
    dumps_game,
    dumps_map,
    game_text,
    game_to_dict,
    load_chart,
    load_counters,
    load_document,
    load_document_deferred,
    load_document_warnings,
    load_game,
    load_map,
    load_scenario,
    map_file_dict,
    map_json_pieces,
    rewrite_ref,
    save_counters,
    save_game,
    save_map,
    save_scenario,
    scenario_text,
    scenario_to_dict,
    validate_file,
)
from tabletop.data.maps import map_to_dict
from tabletop.data.yamlsafe import DataError, Problem, parse_text

__all__ = [
    "CounterFile",
    "DataError",
    "PendingCheck",
    "Problem",
    "chart_from_dict",
    "chart_to_dict",
    "counters_text",
    "counters_to_dict",
    "dumps_chart",
    "dumps_counters",
    "dumps_game",
    "dumps_map",
    "game_text",
    "game_to_dict",
    "load_chart",
    "load_counters",
    "load_document",
    "load_document_deferred",
    "load_document_warnings",
    "load_game",
    "load_map",
    "load_scenario",
    "map_file_dict",
    "map_json_pieces",
    "map_to_dict",
    "parse_text",
    "rewrite_ref",
    "save_counters",
    "save_game",
    "save_map",
    "save_scenario",
    "scenario_text",
    "scenario_to_dict",
    "validate_file",
]
