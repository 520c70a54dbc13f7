"""Tabletop: a desktop digital tabletop for hex-and-counter wargames."""

from __future__ import annotations

__version__ = "0.1.0"
