"""Pixel geometry: where a hex is drawn, and which hex a pixel is in.

Screen coordinates with y growing downward. With the flat orientation the hexes of a column
are stacked vertically and odd columns of the default :class:`OffsetScheme` draw half a hex
higher than even ones; ``Hex(0, 0)`` (label ``0101``) is drawn centred on the origin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.hexgrid.coords import FractionalHex, Hex
from tabletop.hexgrid.sides import HexSide

__all__ = ["Layout"]

_SQRT3 = math.sqrt(3.0)
_SQRT3_2 = _SQRT3 / 2.0
_SQRT3_3 = _SQRT3 / 3.0

# Unit corner offsets: flat corners at 0, 60, .. degrees, pointy at 30, 90, ...
_FLAT_CORNERS = tuple(
    (math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6)
)
_POINTY_CORNERS = tuple(
    (math.cos(math.radians(60 * i + 30)), math.sin(math.radians(60 * i + 30))) for i in range(6)
)


@dataclass(frozen=True, slots=True)
class Layout:
    """Maps hexes to pixels: orientation, hex size (centre to corner) and origin.

    ``size_x`` and ``size_y`` scale the two axes separately (a non-square layout).
    """

    orientation: str = "flat"
    size_x: float = 1.0
    size_y: float = 1.0
    origin_x: float = 0.0
    origin_y: float = 0.0

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if not (self.size_x and self.size_y):
            raise ValueError(f"hex size must be non-zero, not {self.size_x} x {self.size_y}")

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        """The centre of a hex."""
        q = h.q
        r = h.r
        if self.orientation == "flat":
            x = 1.5 * q
            y = _SQRT3_2 * q + _SQRT3 * r
        else:
            x = _SQRT3 * q + _SQRT3_2 * r
            y = 1.5 * r
        return (x * self.size_x + self.origin_x, y * self.size_y + self.origin_y)

    def pixel_to_hex(self, x: float, y: float) -> FractionalHex:
        """The (fractional) axial position of a pixel."""
        px = (x - self.origin_x) / self.size_x
        py = (y - self.origin_y) / self.size_y
        if self.orientation == "flat":
            return FractionalHex(2.0 / 3.0 * px, -1.0 / 3.0 * px + _SQRT3_3 * py)
        return FractionalHex(_SQRT3_3 * px - 1.0 / 3.0 * py, 2.0 / 3.0 * py)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing a pixel."""
        return self.pixel_to_hex(x, y).round()

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex, in order of increasing angle (clockwise on screen).

        Flat: corner 0 is the right-hand corner; pointy: corner 0 is right of the bottom one.
        """
        cx, cy = self.hex_to_pixel(h)
        sx = self.size_x
        sy = self.size_y
        unit = _FLAT_CORNERS if self.orientation == "flat" else _POINTY_CORNERS
        return [(cx + sx * ux, cy + sy * uy) for ux, uy in unit]

    def side_endpoints(self, side: HexSide) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners a hexside runs between (corners of ``side.a`` in increasing order)."""
        d = side.a.direction_to(side.b)
        # Direction d points at angle 30 - 60d degrees (flat) / -60d (pointy).
        first = (6 - d) % 6 if self.orientation == "flat" else (5 - d) % 6
        cx, cy = self.hex_to_pixel(side.a)
        unit = _FLAT_CORNERS if self.orientation == "flat" else _POINTY_CORNERS
        u0 = unit[first]
        u1 = unit[(first + 1) % 6]
        return (
            (cx + self.size_x * u0[0], cy + self.size_y * u0[1]),
            (cx + self.size_x * u1[0], cy + self.size_y * u1[1]),
        )
