"""History: do -> assert -> undo -> assert -> redo -> assert, merging, the clean mark."""

from __future__ import annotations

from tabletop.commands import ChangeValue, Composite, History


class Box:
    def __init__(self, value: int) -> None:
        self.value = value

    def get(self) -> int:
        return self.value

    def set(self, value: int) -> None:
        self.value = value


def change(box: Box, value: int, key: str | None = None) -> ChangeValue[int]:
    return ChangeValue(f"set {value}", box.get, box.set, value, merge_key=key)


def test_do_undo_redo() -> None:
    box, history = Box(1), History()
    history.push(change(box, 2))
    assert box.value == 2 and history.can_undo and not history.can_redo
    history.undo()
    assert box.value == 1 and history.can_redo and history.redo_text == "set 2"
    history.redo()
    assert box.value == 2 and history.undo_text == "set 2"


def test_push_after_undo_drops_redo() -> None:
    box, history = Box(1), History()
    history.push(change(box, 2))
    history.undo()
    history.push(change(box, 3))
    assert not history.can_redo and box.value == 3
    history.undo()
    assert box.value == 1


def test_merge_folds_a_drag_into_one_step() -> None:
    box, history = Box(0), History()
    for v in (1, 2, 3, 4):
        history.push(change(box, v, key="drag"), merge=True)
    assert box.value == 4 and len(history) == 1
    history.undo()
    assert box.value == 0


def test_merge_never_crosses_the_clean_mark() -> None:
    box, history = Box(0), History()
    history.push(change(box, 1, key="drag"), merge=True)
    history.set_clean()
    history.push(change(box, 2, key="drag"), merge=True)
    assert len(history) == 2 and not history.is_clean
    history.undo()
    assert box.value == 1 and history.is_clean


def test_composite_undoes_in_reverse() -> None:
    a, b = Box(0), Box(0)
    history = History()
    history.push(Composite("both", [change(a, 1), change(b, 2)]))
    assert (a.value, b.value) == (1, 2)
    history.undo()
    assert (a.value, b.value) == (0, 0)


def test_listeners_hear_every_change() -> None:
    box, history = Box(0), History()
    heard: list[str] = []
    history.subscribe(lambda kind, _cmd: heard.append(kind))
    history.push(change(box, 1))
    history.undo()
    history.redo()
    history.set_clean()
    assert heard == ["push", "undo", "redo", "clean"]


def test_limit_keeps_the_newest_steps() -> None:
    box, history = Box(0), History(limit=2)
    for v in (1, 2, 3):
        history.push(change(box, v))
    assert len(history) == 2
    history.undo()
    history.undo()
    assert box.value == 1 and not history.can_undo


def test_commands_lists_what_undo_and_redo_keep_oldest_first() -> None:
    box, history = Box(0), History()
    pushed = [ChangeValue(f"set {v}", lambda: box.value, box.set, v) for v in (1, 2, 3)]
    for command in pushed:
        history.push(command)
    history.undo()
    history.undo()
    assert history.commands() == pushed
    assert pushed[0].kept() == list(vars(pushed[0]).values())
