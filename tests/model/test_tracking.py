"""The play state records its own writes: every way a rule can change a unit is seen, once,
with the unit as it was; scratch copies and other games are not recorded."""

from __future__ import annotations

import copy

from tabletop.hexgrid import Hex
from tabletop.model import Figure, GameState, Memento, Status, UnitState, recording
from tabletop.model.scenario import Scenario


def _state() -> GameState:
    units = {
        "a": UnitState("a", "T", "x", Hex(0, 0), markers=["entrenched"], flags={"mp_used": 1}),
        "b": UnitState("b", "T", "y", Hex(1, 0), figures=[Figure("soldier"), Figure("hmg")]),
        "c": UnitState("c", "T", "y", Hex(2, 0)),
    }
    return GameState(scenario=Scenario.__new__(Scenario), units=units)


def _touch(state: GameState, change) -> dict[str, UnitState | None]:
    with recording(state) as journal:
        change(state)
    return journal.units


def test_each_kind_of_write_records_the_unit_as_it_was() -> None:
    writes = {
        "attribute": lambda s: setattr(s.units["a"], "hex", Hex(5, 5)),
        "status": lambda s: setattr(s.units["a"], "status", Status.DISRUPTED),
        "marker added": lambda s: s.units["a"].markers.append("ops_complete"),
        "marker removed": lambda s: s.units["a"].remove_marker("entrenched"),
        "markers sliced": lambda s: s.units["a"].markers.__setitem__(slice(None), []),
        "flag set": lambda s: s.units["a"].flags.__setitem__("moved_this_turn", True),
        "flag popped": lambda s: s.units["a"].flags.pop("mp_used", None),
        "flags merged": lambda s: s.units["a"].flags.update(mode_changed=True),
    }
    for name, change in writes.items():
        state = _state()
        original = copy.deepcopy(state.units["a"])
        touched = _touch(state, change)
        assert set(touched) == {"a"}, name
        assert touched["a"] == original, name
        assert touched["a"] is not state.units["a"], name


def test_figure_writes_record_their_unit_even_for_a_figure_added_later() -> None:
    state = _state()
    b = state.units["b"]
    touched = _touch(state, lambda s: setattr(s.units["b"].figures[0], "wounds", 1))
    assert set(touched) == {"b"} and touched["b"] is not None
    assert touched["b"].figures[0].wounds == 0
    b.figures.append(Figure("medic"))  # outside any journal
    touched = _touch(state, lambda s: setattr(s.units["b"].figures[-1], "fallen", True))
    assert set(touched) == {"b"} and touched["b"] is not None
    assert not touched["b"].figures[-1].fallen
    b.figures[:] = [Figure("gun")]
    touched = _touch(state, lambda s: setattr(s.units["b"].figures[0], "wounds", 2))
    assert set(touched) == {"b"}


def test_table_writes_record_additions_and_removals() -> None:
    state = _state()
    new = UnitState("d", "T", "x", Hex(3, 0))
    gone = copy.deepcopy(state.units["c"])
    touched = _touch(state, lambda s: (s.units.__setitem__("d", new), s.units.pop("c")))
    assert touched == {"d": None, "c": gone}
    state = _state()
    everyone = set(state.units)
    touched = _touch(state, lambda s: setattr(s, "units", {"z": new}))
    assert set(touched) == everyone | {"z"} and touched["z"] is None


def test_the_first_write_wins_and_reads_record_nothing() -> None:
    state = _state()

    def change(s: GameState) -> None:
        a = s.units["a"]
        _ = (a.hex, a.markers[0], a.flags.get("mp_used"), list(s.units.values()), a.has("x"))
        a.hex = Hex(1, 1)
        a.hex = Hex(2, 2)
        a.markers.clear()

    touched = _touch(state, change)
    assert set(touched) == {"a"} and touched["a"] is not None
    assert touched["a"].hex == Hex(0, 0) and touched["a"].markers == ["entrenched"]


def test_scratch_copies_and_other_games_are_not_recorded() -> None:
    state, other = _state(), _state()

    def change(s: GameState) -> None:
        scratch = s.units["a"].copy()
        scratch.hex = Hex(9, 9)
        scratch.markers.append("ops_complete")
        copy.deepcopy(s.units["b"]).figures[0].wounds = 1
        s.snapshot().units["c"].step = "reduced"
        other.units["a"].hex = Hex(9, 9)

    assert _touch(state, change) == {}


def test_journals_nest_and_a_memento_restores_only_what_was_touched() -> None:
    state = _state()
    before = state.snapshot()
    rest = state.rest_copy()
    with recording(state) as outer, recording(state) as inner:
        state.units["a"].hex = Hex(4, 4)
        state.units["b"].figures[1].fallen = True
        state.turn = 3
    assert set(outer.units) == set(inner.units) == {"a", "b"}
    untouched = state.units["c"]
    Memento(inner.units, rest).restore(state)
    assert state.same_as(before)
    assert state.units["c"] is untouched  # not copied back: it never changed
    # the memento stays as it was: restoring twice gives the same state
    state.units["a"].hex = Hex(7, 7)
    Memento(inner.units, rest).restore(state)
    assert state.same_as(before)


def test_copies_keep_tracking() -> None:
    for how in (UnitState.copy, copy.deepcopy):
        state = _state()
        unit = how(state.units["b"])
        assert unit == state.units["b"] and unit is not state.units["b"]
        state.units["b"] = unit
        touched = _touch(state, lambda s: setattr(s.units["b"].figures[0], "wounds", 1))
        assert set(touched) == {"b"}
        touched = _touch(state, lambda s: s.units["b"].flags.__setitem__("mp_used", 2))
        assert set(touched) == {"b"}
