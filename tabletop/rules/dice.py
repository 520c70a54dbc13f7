"""Dice sources (rules 1.1): the core never calls a global random source."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class DiceError(ValueError):
    """Scripted dice ran out, were left over, or held a face that is not 1-6."""


class DiceSource(Protocol):
    def roll(self, n: int) -> list[int]:
        """Roll ``n`` d6 and return their faces in order."""
        ...


class RandomDice:
    """A seeded (or system-seeded) generator of d6 faces."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, n: int) -> list[int]:
        return [self._rng.randint(1, 6) for _ in range(n)]


class ScriptedDice:
    """Faces given in advance (tests, ``--dice``, replaying a log)."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        for face in self._faces:
            if not 1 <= face <= 6:
                raise DiceError(f"a d6 face must be 1 to 6, not {face}")
        self._next = 0

    def roll(self, n: int) -> list[int]:
        if self._next + n > len(self._faces):
            raise DiceError(
                f"not enough dice: this action needs more than the {len(self._faces)} given"
            )
        out = self._faces[self._next : self._next + n]
        self._next += n
        return out

    @property
    def used(self) -> int:
        return self._next

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._next

    def check_all_used(self) -> None:
        if self.remaining:
            raise DiceError(
                f"too many dice: this action used {self._next} of the {len(self._faces)} given"
            )


class RecordingDice:
    """Wraps a source and keeps every face it rolled, for the log and for replay."""

    def __init__(self, inner: DiceSource) -> None:
        self._inner = inner
        self.faces: list[int] = []

    def roll(self, n: int) -> list[int]:
        out = self._inner.roll(n)
        self.faces.extend(out)
        return out
