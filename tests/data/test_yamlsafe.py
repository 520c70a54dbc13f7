"""The safe loader: positions, tags, duplicate keys, aliases, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.data import yamlsafe
from tabletop.data.atomic import atomic_write
from tabletop.data.yamlsafe import LocDict, LocList, Mark, parse_text


def test_positions_are_one_based() -> None:
    value, problems = parse_text("a: 1\nb:\n  - x\n  - {c: 0304}\n", "f.yaml")
    assert problems == []
    assert isinstance(value, LocDict)
    assert value.mark_of("a") == Mark(1, 4)
    assert value.key_mark("b") == Mark(2, 1)
    items = value["b"]
    assert isinstance(items, LocList)
    assert items.mark_of(1) == Mark(4, 5)
    assert items[1] == {"c": 196}  # YAML 1.1 octal; hex labels re-read the source text


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("a: 1\na: 2\n", "duplicate key 'a'", 2, 1),
        ("a: !!python/object:os.system x\n", "unsupported YAML tag", 1, 4),
        ("a: !custom 3\n", "unsupported YAML tag", 1, 4),
        ("a: !!set {x, y}\n", "unsupported YAML tag", 1, 4),
        ("a: &x [1, *x]\n", "an alias refers to the collection that contains it", 1, 4),
        ("<<: {a: 1}\n", "keys must be plain names", 1, 1),
        ("a: [1, 2\n", "not valid YAML", 2, 1),
    ],
)
def test_problems(text: str, message: str, line: int, column: int) -> None:
    _, problems = parse_text(text, "f.yaml")
    assert [(p.line, p.column) for p in problems if message in p.message] == [(line, column)]


def test_alias_bomb_is_refused() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    value, problems = parse_text("\n".join(lines) + "\n", "f.yaml")
    assert value is None
    assert "too large" in problems[0].message


def test_atomic_write_keeps_old_file_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.yaml"
    target.write_text("old\n", encoding="utf-8")

    def boom(data: object, *args: object, **kwargs: object) -> str:
        raise RuntimeError("dumper failed")

    monkeypatch.setattr(yamlsafe.yaml, "dump", boom)
    with pytest.raises(RuntimeError):
        atomic_write(target, yamlsafe.dump_text({"new": 1}))
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]


def test_atomic_write_cleans_up_when_replace_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "map.yaml"
    target.write_text("old\n", encoding="utf-8")

    def fail(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(yamlsafe.os, "replace", fail)
    with pytest.raises(OSError):
        atomic_write(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.yaml"]
