"""Commands and their history: the one way state changes, so undo can drive every change.

Modelled on Qt's QUndoStack (as Tiled uses it) but plain Python, so that the command line
and the tests drive the very same commands as the GUI; ``tabletop.ui`` mirrors a ``History``
into Qt signals.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Command(ABC):
    """One undoable change. ``redo`` applies it (also the first time), ``undo`` reverts."""

    merge_key: str | None = None
    """Commands with the same non-None key may fold into one undo step (drags, strokes)."""

    def __init__(self, text: str) -> None:
        self.text = text

    @abstractmethod
    def redo(self) -> None: ...

    @abstractmethod
    def undo(self) -> None: ...

    def merge_with(self, other: Command) -> bool:
        """Absorb ``other`` (already applied) into this one; True if merged."""
        return False

    def kept(self) -> list[object]:
        """What this command keeps to undo or redo itself (states, scenarios, mementos,
        values, child commands), for an edit that must reach every copy a history holds
        (a unit type's rename). By default its attributes; a command holding something
        such an edit must not touch says so by overriding this."""
        return list(vars(self).values())


class ChangeValue(Command, Generic[T]):
    """Set a value through a getter and setter; undo and redo swap old and new."""

    def __init__(
        self, text: str, get: Callable[[], T], set_: Callable[[T], None], value: T,
        merge_key: str | None = None,
    ) -> None:  # fmt: skip
        super().__init__(text)
        self._get = get
        self._set = set_
        self._value = value
        self.merge_key = merge_key

    def _swap(self) -> None:
        old = self._get()
        self._set(self._value)
        self._value = old

    def redo(self) -> None:
        self._swap()

    def undo(self) -> None:
        self._swap()

    def merge_with(self, other: Command) -> bool:
        # ``self._value`` keeps the original value; the model already holds other's value.
        return isinstance(other, ChangeValue) and other.merge_key == self.merge_key


class Composite(Command):
    """Several commands as one undo step (children redo in order, undo in reverse)."""

    def __init__(self, text: str, children: list[Command]) -> None:
        super().__init__(text)
        self.children = children

    def redo(self) -> None:
        for child in self.children:
            child.redo()

    def undo(self) -> None:
        for child in reversed(self.children):
            child.undo()


Listener = Callable[[str, Command | None], None]


class History:
    """The undo stack: push applies a command; undo and redo walk it; a clean mark."""

    def __init__(self, limit: int = 0) -> None:
        self._done: list[Command] = []
        self._undone: list[Command] = []
        self._clean: int | None = 0
        self._limit = limit
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        """``listener(kind, command)`` with kind ``push``, ``undo``, ``redo``, ``clean``."""
        self._listeners.append(listener)

    def _emit(self, kind: str, command: Command | None) -> None:
        for listener in list(self._listeners):
            listener(kind, command)

    def push(self, command: Command, *, merge: bool = False) -> None:
        command.redo()
        self._undone.clear()
        if self._clean is not None and self._clean > len(self._done):
            self._clean = None
        top = self._done[-1] if self._done else None
        if (
            merge
            and top is not None
            and command.merge_key is not None
            and top.merge_key == command.merge_key
            and len(self._done) != self._clean
            and top.merge_with(command)
        ):
            self._emit("push", top)
            return
        self._done.append(command)
        if self._limit and len(self._done) > self._limit:
            self._done.pop(0)
            self._clean = None if self._clean in (None, 0) else self._clean - 1
        self._emit("push", command)

    def undo(self) -> Command | None:
        if not self._done:
            return None
        command = self._done.pop()
        command.undo()
        self._undone.append(command)
        self._emit("undo", command)
        return command

    def redo(self) -> Command | None:
        if not self._undone:
            return None
        command = self._undone.pop()
        command.redo()
        self._done.append(command)
        self._emit("redo", command)
        return command

    @property
    def next_undo(self) -> Command | None:
        """The command :meth:`undo` would revert, or None."""
        return self._done[-1] if self._done else None

    @property
    def next_redo(self) -> Command | None:
        """The command :meth:`redo` would apply again, or None."""
        return self._undone[-1] if self._undone else None

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def undo_text(self) -> str:
        return self._done[-1].text if self._done else ""

    @property
    def redo_text(self) -> str:
        return self._undone[-1].text if self._undone else ""

    def __len__(self) -> int:
        return len(self._done)

    def commands(self) -> list[Command]:
        """Every command kept, oldest first: those that undo reverts, then those that redo
        applies again (the next redo last)."""
        return [*self._done, *reversed(self._undone)]

    def set_clean(self) -> None:
        self._clean = len(self._done)
        self._emit("clean", None)

    def forget_clean(self) -> None:
        """No step of the history matches the file any more (a recovered copy of it)."""
        self._clean = None
        self._emit("clean", None)

    @property
    def is_clean(self) -> bool:
        return self._clean == len(self._done)
