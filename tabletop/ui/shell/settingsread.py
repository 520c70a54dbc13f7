"""Reading the app's settings so that any value in the settings file is survived: a value
of the wrong type or out of range is ignored (the default is used) and said once, on
standard error, per setting and settings file. Every ``QSettings.value`` of the app goes
through here; a mistyped settings file never stops the app from starting."""

from __future__ import annotations

import math
import sys
from collections.abc import Collection
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

_SAID: set[tuple[str, str]] = set()


def ignored(settings: QSettings, key: str, value: Any, why: str) -> None:
    """Say once (per settings file and key) that ``value`` of ``key`` is ignored."""
    said = (settings.fileName(), key)
    if said in _SAID:
        return
    _SAID.add(said)
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    shown = shown.encode("unicode_escape").decode("ascii")
    print(f"tabletop: the setting {key} = {shown} in {settings.fileName()} is ignored: {why}",
          file=sys.stderr)  # fmt: skip


def _raw(settings: QSettings, key: str) -> Any:
    try:
        return settings.value(key)
    except Exception:  # a value PySide cannot convert: as if unset
        return None


def text(
    settings: QSettings, key: str, default: str, choices: Collection[str] | None = None
) -> str:
    """A string setting (one of ``choices`` if given)."""
    value = _raw(settings, key)
    if value is None or value == "":
        return default
    if not isinstance(value, str) or "\x00" in value:
        ignored(settings, key, value, "it is not a text")
        return default
    if choices is not None and value not in choices:
        ignored(settings, key, value, f"expected one of {', '.join(sorted(choices))}")
        return default
    return value


def flag(settings: QSettings, key: str, default: bool) -> bool:
    """An on/off setting (an INI file keeps it as ``true`` or ``false``)."""
    value = _raw(settings, key)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    ignored(settings, key, value, "expected true or false")
    return default


def path(settings: QSettings, key: str) -> Path | None:
    """A file path setting (None when unset or unusable)."""
    value = text(settings, key, "")
    if not value:
        return None
    if len(value) > 4096:
        ignored(settings, key, value, "it is too long to be a file name")
        return None
    return Path(value)


def number(settings: QSettings, key: str, low: float, high: float) -> float | None:
    """A finite number between ``low`` and ``high`` (None when unset or unusable)."""
    value = _raw(settings, key)
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        ignored(settings, key, value, "it is not a number")
        return None
    if not math.isfinite(number) or not low <= number <= high:
        ignored(settings, key, value, f"expected a number from {low:g} to {high:g}")
        return None
    return number


def blob(settings: QSettings, key: str) -> QByteArray | None:
    """Bytes Qt wrote (a window's geometry, its docks' state); None when unset or unusable."""
    value = _raw(settings, key)
    if value is None:
        return None
    if isinstance(value, QByteArray | bytes | bytearray):
        return QByteArray(value)
    ignored(settings, key, value, "it is not what Qt writes there")
    return None


def texts(settings: QSettings, key: str) -> list[str]:
    """A list of strings (a single string is a list of one); items not a string dropped."""
    value = _raw(settings, key)
    if value is None or value == "":
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple):
        ignored(settings, key, value, "it is not a list of file names")
        return []
    kept = [v for v in value if isinstance(v, str) and v and "\x00" not in v and len(v) <= 4096]
    if len(kept) != len(value):
        ignored(settings, key, value, "some items are not file names")
    return kept
