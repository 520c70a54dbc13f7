"""The reach search both rulesets share (``tabletop.rules.reach``), on a few hexes with rules
given as plain tables: costs, stops, stacking, the two ways of breaking ties, the blocked
hexes and their reasons, and the report."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.hexgrid import Hex
from tabletop.rules.reach import (
    BlockedHex,
    Reach,
    ReachHex,
    blocked_hexes,
    by_cost,
    cheapest_paths,
    reach_report,
)

S = Hex(0, 0)


class Cells:
    """A map of these cells only (what the search asks of a ``HexMap``)."""

    def __init__(self, cells: Iterable[Hex]) -> None:
        self.cells = set(cells)

    def neighbors(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbors() if n in self.cells]


class Table:
    """``MoveRules`` from tables: the cost of entering each hex (1 if not named), walls
    (never entered), hexes a move stops in and full hexes."""

    def __init__(
        self,
        cost: dict[Hex, int] | None = None,
        walls: Iterable[Hex] = (),
        stops: Iterable[Hex] = (),
        full: Iterable[Hex] = (),
    ) -> None:
        self.cost = cost or {}
        self.walls, self.stop_in, self.full = set(walls), set(stops), set(full)
        self.asked_stops: list[Hex] = []

    def step(self, frm: Hex, to: Hex) -> tuple[int | None, list[str]]:
        if to in self.walls:
            return None, [f"wall at {name(to)}"]
        return self.cost.get(to, 1), []

    def stops(self, h: Hex) -> bool:
        self.asked_stops.append(h)
        return h in self.stop_in

    def stacking(self, h: Hex) -> list[str]:
        return [f"{name(h)} is full"] if h in self.full else []


def name(h: Hex) -> str:
    return f"{h.q},{h.r}"


def test_the_least_cost_of_every_hex_within_the_budget() -> None:
    grid = Cells(S.within(3))
    paths = cheapest_paths(grid, S, 2, Table(cost={Hex(1, 0): 2}))
    assert S not in paths
    assert set(paths) == set(S.within(2)) - {S, Hex(2, 0)}  # (2, 0): 3 MP every way
    assert paths[Hex(1, 0)] == Reach(2, (Hex(1, 0),))  # entered straight, at its own cost
    assert cheapest_paths(grid, S, 3, Table(cost={Hex(1, 0): 2}))[Hex(2, 0)].cost == 3
    for h, r in paths.items():
        assert r.path[-1] == h and r.path[0].is_adjacent(S)
        assert all(a.is_adjacent(b) for a, b in zip(r.path, r.path[1:], strict=False))


def test_a_wall_is_gone_round_and_a_stop_is_not_passed() -> None:
    grid = Cells(S.within(2))
    rules = Table(walls=[Hex(1, 0)], stops=[Hex(0, 1)])
    paths = cheapest_paths(grid, S, 2, rules)
    assert Hex(1, 0) not in paths
    assert paths[Hex(0, 1)] == Reach(1, (Hex(0, 1),))
    assert all(Hex(0, 1) not in r.path[:-1] for r in paths.values())  # no further from it
    assert S not in rules.asked_stops  # the start is never asked


def test_a_full_hex_is_passed_through_but_no_move_ends_there() -> None:
    grid = Cells([S, Hex(1, 0), Hex(2, 0)])
    paths = cheapest_paths(grid, S, 2, Table(full=[Hex(1, 0)]))
    assert paths == {Hex(2, 0): Reach(2, (Hex(1, 0), Hex(2, 0)))}


def test_ties_by_hex_or_by_path() -> None:
    """Two paths of cost 4 to (2, 0): through (1, 0) costing 2, or through (0, 1) and (1, 1)
    costing 1 each. Taken in hex order, (1, 0) comes before (1, 1) among the hexes of cost 2;
    in path order, ((0, 1), (1, 1)) comes before ((1, 0),)."""
    grid = Cells([S, Hex(1, 0), Hex(0, 1), Hex(1, 1), Hex(2, 0)])
    rules = Table(cost={Hex(1, 0): 2, Hex(2, 0): 2})
    by_hex = cheapest_paths(grid, S, 4, rules)
    by_path = cheapest_paths(grid, S, 4, rules, least_path_first=True)
    assert by_hex[Hex(2, 0)] == Reach(4, (Hex(1, 0), Hex(2, 0)))
    assert by_path[Hex(2, 0)] == Reach(4, (Hex(0, 1), Hex(1, 1), Hex(2, 0)))
    assert {h: r.cost for h, r in by_hex.items()} == {h: r.cost for h, r in by_path.items()}


def test_blocked_hexes_say_why_from_the_cheapest_neighbour_that_goes_on() -> None:
    grid = Cells([S, Hex(1, 0), Hex(2, 0), Hex(0, 1), Hex(-1, 0), Hex(-2, 0), Hex(3, -1)])
    rules = Table(cost={Hex(2, 0): 3}, walls=[Hex(0, 1)], stops=[Hex(-1, 0)], full=[Hex(3, -1)])
    paths = cheapest_paths(grid, S, 2, rules)
    costs = {S: 0, **{h: r.cost for h, r in paths.items()}}
    assert set(paths) == {Hex(1, 0), Hex(-1, 0)}
    blocked = blocked_hexes(grid, S, costs, 2, rules, name)
    assert blocked == (
        BlockedHex("0,1", ("wall at 0,1",)),  # the step's own reasons
        BlockedHex("2,0", ("2,0 costs 3 MP from 1,0, where 1 of 2 are left",)),
    )  # not (-2, 0): its one reached neighbour is (-1, 0), where a move stops
    wider = {S: 0, Hex(1, 0): 1, Hex(2, 0): 2}
    assert blocked_hexes(grid, S, wider, 3, rules, name)[-1] == BlockedHex(
        "3,-1", ("3,-1 is full",)
    )


def test_the_report_lists_the_cheapest_first_with_labels() -> None:
    grid = Cells([S, Hex(1, 0), Hex(2, 0), Hex(0, 1)])
    paths = cheapest_paths(grid, S, 2, Table())
    assert [h for h, _ in by_cost(paths)] == [Hex(0, 1), Hex(1, 0), Hex(2, 0)]
    report = reach_report("u1", S, 2, False, paths, (), ["why not"], name)
    assert report.hex == "0,0" and report.mp == 2 and report.reasons == ("why not",)
    assert report.reach == (
        ReachHex("0,1", 1, ("0,1",)),
        ReachHex("1,0", 1, ("1,0",)),
        ReachHex("2,0", 2, ("1,0", "2,0")),
    )
    gone = reach_report("u1", None, 2, True, {}, (), [], name)
    assert gone.hex is None and gone.reach == () and gone.maneuver
