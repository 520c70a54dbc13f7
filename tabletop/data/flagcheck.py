"""A saved game's flags checked against the ruleset's declarations (:mod:`tabletop.model.flagspec`).

Every key of the game's ``flags:`` and of each unit's ``flags:`` must be one the ruleset
declares, and its value of the declared shape (a unit id of the game, a hex label of the
map, a side of the scenario, a count in its range, ...), whether or not the game's seal
matches: the rules code reads these values as written, so a wrong one would otherwise fail
deep inside an action. Each problem is a located error; iterative, so no nesting can
exhaust the stack (``free_form`` has already bounded the values' size and depth).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tabletop.data.schema import Checker, did_you_mean, shorten, type_name
from tabletop.model.flagspec import (
    Choice,
    Count,
    Flag,
    ListOf,
    MapOf,
    Maybe,
    Record,
    Ref,
    Spec,
)

__all__ = ["check_flags"]

Names = Callable[[str], Collection[str]]
"""Ref kind ("unit", "hex", "side") -> the names the game holds of that kind."""

_REF_WHAT = {"unit": "a unit of the game", "hex": "a hex of the map", "side": "a side"}


def check_flags(
    ck: Checker,
    container: Any,
    specs: dict[str, Spec],
    names: Names,
    what: str,
    unknown: bool = True,
) -> bool:
    """Check the mapping ``container`` (a game's or a unit's loaded ``flags:``) against
    ``specs``; report each problem located (an unknown key too, unless ``unknown`` is
    False: the caller's mapping check has said so); True when there was none."""
    before = len(ck.errors)
    if not isinstance(container, dict):
        return True  # (the caller's mapping check has reported it)
    for key, value in container.items():
        spec = specs.get(key) if isinstance(key, str) else None
        if spec is None:
            if not unknown:
                continue
            ck.key_error(
                container, key, f"unknown key {shorten(repr(key))} in {what}"
                f"{did_you_mean(key, specs)}",
            )  # fmt: skip
            continue
        _check(ck, container, key, value, spec, names, f"{what.removesuffix('s')} {key!r}")
    return len(ck.errors) == before


def _check(
    ck: Checker, where: Any, at: str | int, value: Any, spec: Spec, names: Names, what: str
) -> None:
    stack: list[tuple[Any, str | int, Any, Spec, str]] = [(where, at, value, spec, what)]
    while stack:
        where, at, v, s, w = stack.pop()
        if isinstance(s, Maybe):
            if v is not None:
                stack.append((where, at, v, s.spec, w))
        elif isinstance(s, Flag):
            if not isinstance(v, bool):
                ck.error(where, at, f"{w} must be true or false, not {type_name(v)}")
        elif isinstance(s, Count):
            if not isinstance(v, int) or isinstance(v, bool):
                ck.error(where, at, f"{w} must be a whole number, not {type_name(v)}")
            elif not s.lo <= v <= s.hi:
                ck.error(where, at, f"{w} must be between {s.lo} and {s.hi}, not {v}")
        elif isinstance(s, Choice):
            if not isinstance(v, str) or v not in s.words:
                shown = shorten(repr(v)) if isinstance(v, str) else type_name(v)
                ck.error(where, at, f"{w} must be one of {', '.join(s.words)}, not {shown}"
                         f"{did_you_mean(v, s.words) if isinstance(v, str) else ''}")  # fmt: skip
        elif isinstance(s, Ref):
            known = names(s.kind)
            if not isinstance(v, str):
                ck.error(where, at, f"{w} must name {_REF_WHAT[s.kind]}, not {type_name(v)}")
            elif v not in known:
                hint = did_you_mean(v, known) if s.kind == "side" else ""
                ck.error(where, at, f"{w}: {shorten(repr(v))} is not {_REF_WHAT[s.kind]}{hint}")
        elif isinstance(s, ListOf):
            if not isinstance(v, list):
                ck.error(where, at, f"{w} must be a list, not {type_name(v)}")
            elif len(v) > s.most:
                ck.error(where, at, f"{w} holds more than {s.most} items")
            else:
                stack.extend((v, i, item, s.item, f"{w} item {i + 1}") for i, item in enumerate(v))
        elif isinstance(s, MapOf):
            if not isinstance(v, dict):
                ck.error(where, at, f"{w} must be a mapping, not {type_name(v)}")
                continue
            for k, item in v.items():
                before = len(ck.errors)
                _check_key(ck, v, k, s.key, names, w)
                if len(ck.errors) == before:
                    stack.append((v, k, item, s.value, f"{w} {k!r}"))
        elif isinstance(s, Record):
            if not isinstance(v, dict):
                ck.error(where, at, f"{w} must be a mapping, not {type_name(v)}")
                continue
            for k, item in v.items():
                field = s.fields.get(k) if isinstance(k, str) else None
                if field is None:
                    ck.key_error(v, k, f"unknown key {shorten(repr(k))} in {w}"
                                 f"{did_you_mean(k, s.fields)}")  # fmt: skip
                else:
                    stack.append((v, k, item, field, f"{w} {k!r}"))
            for k in s.required:
                if k not in v:
                    ck.error(where, at, f"{w} is missing the key {k!r}")


def _check_key(ck: Checker, mapping: Any, key: Any, spec: Spec, names: Names, what: str) -> None:
    """A mapping's key against a ``Ref`` or ``Choice``."""
    if isinstance(spec, Ref):
        known = names(spec.kind)
        if not isinstance(key, str) or key not in known:
            hint = did_you_mean(key, known) if spec.kind == "side" else ""
            ck.key_error(mapping, key, f"{what}: the key {shorten(repr(key))} is not "
                         f"{_REF_WHAT[spec.kind]}{hint}")  # fmt: skip
    elif isinstance(spec, Choice) and key not in spec.words:
        ck.key_error(mapping, key, f"{what}: the key {shorten(repr(key))} must be one of "
                     f"{', '.join(spec.words)}")  # fmt: skip
