"""Rules 4.1-4.4 for one sight line, with the explanation (rules 4.6).

A line is a sequence of *pieces* from the firer's hex to the target's: the hexes it crosses
and the hexsides it runs along (``table.Line``). A rule that says "a crossed hex X blocks when
P(X)" blocks a side piece when P holds for both hexes of the side: the line then runs inside
the union of the two (rules 4.2). Hindrances count crossed hexes only.

``fov.py`` evaluates the same rules for thousands of lines at once with numpy; the test suite
checks on every pair of several maps that both give the same answers.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.geometry.field import BLOCK, HINDER, KIND_NONE, KIND_WOODS, Cover, TerrainField
from tabletop.geometry.table import Line
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import Options
from tabletop.rules.los import LosResult, Viewpoint, counted_range

__all__ = ["Judge", "helicopter_level"]

_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
Pred = Callable[[int, int], bool]  # (cell, piece position) -> blocks / hinders


_Piece = tuple[int, int, int]  # (cell, other cell of a side or the same cell, projection)


def helicopter_level(field: TerrainField, h: Hex, mode: str) -> int:
    """Rules 4.4: NOE 1 over open ground, 2 over a hill or over woods/town/ruins, 3 over
    woods/town/ruins on a hill; Flying one higher."""
    i = field.index(h)
    hill = field.level[i] >= 1
    obstacle = field.kind[i] != KIND_NONE
    level = 3 if hill and obstacle else 2 if hill or obstacle else 1
    return level + 1 if mode == "flying" else level


class Judge:
    """Decides one line on a field with one marker set laid over."""

    def __init__(self, field: TerrainField, cover: Cover, options: Options) -> None:
        self.f = field
        self.cover = cover
        self.lvl = field.level_list
        self.code = cover.code_list
        self.smoke = cover.smoke_list
        self.on_map = field.on_map_list
        self.options = options

    # --- naming ---------------------------------------------------------------------------
    def hex_of(self, c: int) -> Hex:
        return self.f.hex_at(c)

    def label(self, c: int) -> str:
        return self.f.label(c)

    def describe(self, c: int) -> str:
        name = self.cover.names.get(c, "clear")
        level = self.lvl[c]
        return f"{self.label(c)} ({name}, level {level})" if level else f"{self.label(c)} ({name})"

    def blocks(self, c: int) -> bool:
        return bool(self.code[c] == BLOCK or self.smoke[c])

    # --- entry point ------------------------------------------------------------------------
    def judge(self, a: Viewpoint, b: Viewpoint, line: Line) -> LosResult:
        f = self.f
        ia, ib = f.index(a.hex), f.index(b.hex)
        if (
            not line.sides
            and self.options.los_model == "waw"
            and a.helicopter_mode is None
            and b.helicopter_mode is None
        ):
            la, lb = min(self.lvl[ia], 1), min(self.lvl[ib], 1)
            if la == lb:
                return self.same_level(a.hex, b.hex, ia, line, "hill" if la else "ground")
            return self.mixed_levels(a.hex, b.hex, ia, ib, line)
        pieces = list(
            zip(map(ia.__add__, line.rel1), map(ia.__add__, line.rel2), line.num, strict=True)
        )
        on_map = self.on_map
        grazed = tuple(
            HexSide(self.hex_of(c1), self.hex_of(c2))
            for c1, c2, _ in pieces
            # only sides between two map hexes: the map's edge borders nothing that could
            # block or hinder, and an off-map hex has no label a player could look up
            if c1 != c2 and on_map[c1] and on_map[c2]
        )
        base = LosResult(
            a.hex, b.hex, counted_range(a.hex, b.hex, self.options), True, grazed=grazed
        )
        if a.hex == b.hex or a.hex.is_adjacent(b.hex):
            return base
        if a.helicopter_mode and b.helicopter_mode:
            blocked, hinder, note = self.smoke_only(), None, "between two helicopters"
        elif a.helicopter_mode or b.helicopter_mode:
            blocked, hinder, note = self.helicopter(a, b, ib if a.helicopter_mode else ia)
        elif self.options.los_model == "slope":
            blocked, hinder, note = self.slope(ia, ib, line.den)
        else:
            blocked, hinder, note = self.waw(ia, ib, pieces)
        return self.explain(base, pieces, blocked, hinder, note)

    def same_level(self, a: Hex, b: Hex, ia: int, line: Line, case: str) -> LosResult:
        """``waw``, both ends at level 0 or both at level 1, no side run along: the rules are
        per-cell lists (``TerrainField.rule_lists``), read with two comprehensions."""
        rng = counted_range(a, b, self.options)
        if a == b or a.is_adjacent(b):
            return LosResult(a, b, rng, True)
        blocks, hinders = self.f.rule_lists(self.cover, case)
        cells = [ia + r for r in line.cells]
        blk = [c for c in cells if blocks[c]]
        hind = [c for c in cells if hinders[c]]
        hex_at = self.f.hex_at
        hexes = tuple(map(hex_at, hind))
        if blk:
            reason = f"{self.describe(blk[0])} blocks"
            return LosResult(a, b, rng, False, tuple(map(hex_at, blk)), hexes, (), reason)
        if len(hind) >= 2:
            listed = ", ".join(self.describe(c) for c in hind)
            word = _COUNT_WORDS.get(len(hind), str(len(hind)))
            return LosResult(a, b, rng, False, (), hexes, (), f"{word} hindrances: {listed}")
        return LosResult(a, b, rng, True, (), hexes, (), "clear")

    def mixed_levels(self, a: Hex, b: Hex, ia: int, ib: int, line: Line) -> LosResult:
        """``waw``, one end at level 1 and one at level 0, no side run along (rules 4.3):
        per-cell lists, the ground unit's neighbours, and crests between crossed hexes."""
        rng = counted_range(a, b, self.options)
        if a.is_adjacent(b):
            return LosResult(a, b, rng, True)
        blocks, hinders = self.f.rule_lists(self.cover, "mixed")
        code, lvl, f = self.code, self.lvl, self.f
        down = lvl[ia] >= 1  # walking from the firer, the line goes down the hill
        near = (ib if down else ia) + f.neighbour_steps  # the ground unit's neighbours
        near_blk = {c for c in near.tolist() if code[c] == BLOCK}
        cells = [ia + r for r in line.cells]
        # (position, what blocks, the blocking cell or the crest's reason)
        entries: list[tuple[float, Hex | HexSide, int | str]] = [
            (k, f.hex_at(c), c) for k, c in enumerate(cells) if blocks[c] or c in near_blk
        ]
        levels = [min(lvl[c], 1) for c in cells]
        for k in range(len(cells) - 1):
            hi, lo = (k, k + 1) if down else (k + 1, k)
            if levels[hi] >= 1 and levels[lo] == 0:
                side = HexSide(f.hex_at(cells[hi]), f.hex_at(cells[lo]))
                names = f"{f.label(f.index(side.a))}/{f.label(f.index(side.b))}"
                entries.append((k + 0.5, side, f"crest {names} blocks"))
        hind = [c for c in cells if hinders[c]]
        hexes = tuple(map(f.hex_at, hind))
        if entries:
            entries.sort(key=lambda e: e[0])
            blocked = tuple(e[1] for e in entries)
            why = entries[0][2]
            reason = why if isinstance(why, str) else f"{self.describe(why)} blocks"
            return LosResult(a, b, rng, False, blocked, hexes, (), reason)
        if len(hind) >= 2:
            listed = ", ".join(self.describe(c) for c in hind)
            word = _COUNT_WORDS.get(len(hind), str(len(hind)))
            return LosResult(a, b, rng, False, (), hexes, (), f"{word} hindrances: {listed}")
        return LosResult(a, b, rng, True, (), hexes, (), "clear")

    # --- models -------------------------------------------------------------------------------
    def smoke_only(self) -> Pred:
        smoke = self.smoke
        return lambda c, k: bool(smoke[c])

    def waw(self, ia: int, ib: int, pieces: list[_Piece]) -> tuple[Pred, Pred | None, str]:
        lvl = self.lvl
        code = self.code
        smoke = self.smoke
        la, lb = min(int(lvl[ia]), 1), min(int(lvl[ib]), 1)
        if la == lb == 0:
            return (
                lambda c, k: bool(code[c] == BLOCK or lvl[c] >= 1 or smoke[c]),
                lambda c, k: bool(code[c] == HINDER),
                "",
            )
        if la == lb == 1:
            return (
                lambda c, k: bool((code[c] == BLOCK and lvl[c] >= 1) or smoke[c]),
                lambda c, k: bool(code[c] == HINDER and lvl[c] >= 1),
                "",
            )
        low = self.hex_of(ia if la == 0 else ib)
        # HOUSE DEFAULT 4.3: blocking terrain on a level-0 hex blocks a hill-to-ground line
        # only next to the ground unit (the source is cut off).
        return (
            lambda c, k: bool(
                smoke[c]
                or (code[c] == BLOCK and (lvl[c] >= 1 or self.hex_of(c).distance(low) == 1))
            ),
            lambda c, k: bool(code[c] == HINDER and lvl[c] == 0),
            "crest",
        )

    def slope(self, ia: int, ib: int, den: int) -> tuple[Pred, Pred | None, str]:
        lvl = self.lvl
        code = self.code
        smoke = self.smoke
        za, zb = int(lvl[ia]), int(lvl[ib])

        def blocks(c: int, num: int) -> bool:
            top = int(lvl[c]) + (1 if code[c] == BLOCK else 0)
            return bool(smoke[c]) or (top - za) * den > (zb - za) * num

        def hinders(c: int, num: int) -> bool:
            return bool(code[c] == HINDER) and (int(lvl[c]) - za) * den >= (zb - za) * num

        return blocks, hinders, "slope"

    def helicopter(self, a: Viewpoint, b: Viewpoint, it: int) -> tuple[Pred, Pred | None, str]:
        heli = a if a.helicopter_mode else b
        mode = heli.helicopter_mode or "flying"
        level = helicopter_level(self.f, heli.hex, mode)
        lvl = self.lvl
        kind = self.f.kind_list
        code = self.code
        smoke = self.smoke
        lt = min(int(lvl[it]), 1)
        target = self.hex_of(it)
        parts = self.f.hill_parts()
        own_part = parts[self.f.index(heli.hex)]
        note = f"helicopter table: level {level} ({mode}), target at level {lt}"

        def dist(c: int) -> int:
            return self.hex_of(c).distance(target)

        def near_obstacle(c: int) -> bool:
            reach = 1 if kind[c] == KIND_WOODS else 2
            return bool(kind[c] != KIND_NONE and lvl[c] == 0 and dist(c) <= reach)

        def wooded_hill(c: int) -> bool:
            return bool(kind[c] != KIND_NONE and lvl[c] >= 1)

        rules: Callable[[int], bool]
        hinder: Pred | None = None
        if level >= 4:
            rules = lambda c: False  # noqa: E731
        elif level == 3:
            rules = lambda c: wooded_hill(c) and dist(c) <= 1  # noqa: E731
        elif level == 2 and lt == 1:
            rules = wooded_hill
        elif level == 2:
            rules = lambda c: (  # noqa: E731
                near_obstacle(c)
                or wooded_hill(c)
                or (lvl[c] >= 1 and (own_part < 0 or parts[c] != own_part))
            )
        elif lt == 1:
            rules = wooded_hill
            hinder = lambda c, k: bool(code[c] == HINDER and lvl[c] >= 1)  # noqa: E731
        else:
            rules = lambda c: near_obstacle(c) or bool(lvl[c] >= 1)  # noqa: E731
        return (lambda c, k: bool(smoke[c]) or rules(c)), hinder, note

    # --- explanation ---------------------------------------------------------------------------
    def explain(
        self, base: LosResult, pieces: list[_Piece], blocks: Pred, hinders: Pred | None, note: str
    ) -> LosResult:
        # (position from the firer, what blocks, cells naming the reason or a crest text)
        entries: list[tuple[float, tuple[Hex | HexSide, ...], tuple[int, ...] | str]] = []
        hind: list[int] = []
        on_map = self.on_map
        hex_of = self.f.hex_at
        for k in range(1, len(pieces) - 1):
            c1, c2, num = pieces[k]
            if c1 != c2:
                if blocks(c1, num) and blocks(c2, num):
                    entries.append((k, (hex_of(c1), hex_of(c2)), (c1, c2)))
            elif on_map[c1]:
                if blocks(c1, num):
                    entries.append((k, (hex_of(c1),), (c1,)))
                elif hinders is not None and hinders(c1, num):
                    hind.append(c1)
        if note == "crest":
            for k, side in self.crests(pieces):
                a, b = side.hexes()
                label = f"{self.f.label(self.f.index(a))}/{self.f.label(self.f.index(b))}"
                entries.append((k + 0.5, (side,), f"crest {label} blocks"))
        entries.sort(key=lambda e: e[0])
        hexes = tuple(self.hex_of(c) for c in hind)
        suffix = f" ({note})" if note.startswith("helicopter") else ""
        if entries:
            blocked = tuple(item for e in entries for item in e[1])
            return _replace(base, False, blocked, hexes, self.reason(entries[0][2]) + suffix)
        if len(hind) >= 2:
            listed = ", ".join(self.describe(c) for c in hind)
            word = _COUNT_WORDS.get(len(hind), str(len(hind)))
            return _replace(base, False, (), hexes, f"{word} hindrances: {listed}{suffix}")
        return _replace(base, True, (), hexes, "clear")

    def reason(self, why: tuple[int, ...] | str) -> str:
        if isinstance(why, str):
            return why
        if len(why) == 1:
            return f"{self.describe(why[0])} blocks"
        return f"{self.describe(why[0])} and {self.describe(why[1])} block"

    def crests(self, pieces: list[_Piece]) -> list[tuple[int, HexSide]]:
        """Rules 4.3: hexsides where the line, walked from the hill unit to the ground unit,
        passes from level 1 to level 0; crests bordering either unit's hex do not count."""
        lvl = self.lvl
        levels = [min(lvl[c1], lvl[c2], 1) for c1, c2, _ in pieces]
        n = len(pieces)
        down_forward = levels[0] >= 1
        found: list[tuple[int, HexSide]] = []
        for k in range(1, n - 2):
            hi, lo = (k, k + 1) if down_forward else (k + 1, k)
            if levels[hi] >= 1 and levels[lo] == 0:
                found.append((k, self.crest_side(pieces[hi], pieces[lo])))
        return found

    def crest_side(self, high: _Piece, low: _Piece) -> HexSide:
        lvl = self.lvl
        highs = [c for c in high[:2] if lvl[c] >= 1]
        lows = [c for c in low[:2] if lvl[c] == 0]
        steps = self.f.neighbour_set
        for h in highs:
            for g in lows:
                if h - g in steps:
                    return HexSide(self.hex_of(h), self.hex_of(g))
        return HexSide(self.hex_of(high[0]), self.hex_of(low[0]))  # pragma: no cover


def _replace(
    base: LosResult,
    clear: bool,
    blocked: tuple[Hex | HexSide, ...],
    hind: tuple[Hex, ...],
    reason: str,
) -> LosResult:
    return LosResult(
        base.from_hex, base.to_hex, base.range, clear, blocked, hind, base.grazed, reason
    )
