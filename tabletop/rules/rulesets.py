"""The one table of rulesets: a scenario's ``ruleset:`` name -> the module holding its
ruleset object (the module's ``RULESET``, a ``tabletop.rules.engine.Ruleset``).

Everything else of a ruleset is reached through that object: its actions and their checks,
its options (``probes``, ``listed_units``, ``reach``), its odds (``forecast``,
``support_choices``, ``odds``), its close combats over a hex (``fights``, ``fight_at``,
``pairing_forecast``) and its victory hooks (``scoring``). No module outside a ruleset's
own package imports that package; this table names it as a string, and the module is
imported only when a game of that ruleset is played.

``register(name, module_path)`` adds a ruleset defined elsewhere (the toy ruleset of the
tests registers itself this way); ``tabletop.rules.engine.ruleset_for`` is the public entry.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["load", "names", "register", "unregister"]

_TABLE: dict[str, str] = {
    "platoon": "tabletop.rules.platoon",
    "squad": "tabletop.rules.squad",
}


def register(name: str, module_path: str) -> None:
    """Add (or replace) the ruleset ``name``: ``module_path`` is imported on first use and
    its ``RULESET`` is the ruleset object."""
    _TABLE[name] = module_path


def unregister(name: str) -> None:
    """Forget the ruleset ``name`` (a test's own ruleset, after the test)."""
    _TABLE.pop(name, None)


def names() -> tuple[str, ...]:
    """The known rulesets' names, in the table's order."""
    return tuple(_TABLE)


def load(name: str) -> Any:
    """The ruleset object of ``name`` (``ValueError`` with the known names when unknown)."""
    try:
        path = _TABLE[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(_TABLE)}") from None
    try:
        module = importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name is None or not path.startswith(exc.name):
            raise  # a module the ruleset imports is missing: a bug, not an unknown name
        raise ValueError(f"the {name} ruleset is not available ({exc.name})") from None
    return module.RULESET
