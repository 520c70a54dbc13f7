"""Values outside the format's types, alias chains and alias trees in free-form keys
(issue 22): located errors at load, never a save that chokes or swells later."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.hostile import SCENARIO, assert_located, run, validate


def _victory(tree: Path, body: str) -> None:
    """``victory:`` (which the scenario does not have) holding ``body``, at the end."""
    text = (tree / SCENARIO).read_text(encoding="utf-8")
    assert "\nvictory:" not in text
    (tree / SCENARIO).write_text(text + f"victory:\n{body}", encoding="utf-8")


@pytest.mark.parametrize(
    ("body", "word"),
    [
        ("!!binary aGVsbG8=", "binary"),
        ("2024-06-06", "date"),
        ("2024-06-06 10:00:00", "date"),
        ("[1, {when: 1944-06-06}]", "date"),
        (".nan", "finite"),
        ("100000000000000000000000000", "too large"),
    ],
)
def test_values_outside_the_formats_types(
    tree: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, word: str
) -> None:
    _victory(tree, f"  extra: {body}\n")
    validate(capsys, tree / SCENARIO, word)
    out = tmp_path / "out.yaml"
    code, output = run(capsys, "act", str(tree / SCENARIO), "draw", "--out", str(out))
    assert code == 1 and not out.exists()
    assert_located(output, tree / SCENARIO, word)


def test_a_chain_of_500_aliases(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chain = "".join(f"  a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, 500))
    _victory(tree, "  a0: &a0 [1]\n" + chain)
    validate(capsys, tree / SCENARIO, "levels deep")
    code, output = run(capsys, "act", str(tree / SCENARIO), "draw")
    assert code == 1
    assert_located(output, tree / SCENARIO, "levels deep")


def test_an_alias_tree_is_bounded_at_load(
    tree: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A small file whose aliases double 18 times: a save would write 2^18 lists."""
    levels = "".join(f"  l{i}: &l{i} [*l{i - 1}, *l{i - 1}]\n" for i in range(1, 19))
    _victory(tree, "  l0: &l0 [x]\n" + levels)
    assert (tree / SCENARIO).stat().st_size < 5000
    validate(capsys, tree / SCENARIO, "more than 10000 values")
    out = tmp_path / "out.yaml"
    code, _ = run(capsys, "act", str(tree / SCENARIO), "draw", "--out", str(out))
    assert code == 1 and not out.exists()


@pytest.mark.parametrize(("written", "read"), [("017", "15"), ("0x10", "16"), ("1_000", "1000")])
def test_an_id_yaml_reads_as_another_number_must_be_quoted(
    tree: Path, capsys: pytest.CaptureFixture[str], written: str, read: str
) -> None:
    text = (tree / SCENARIO).read_text(encoding="utf-8")
    assert "id: m48-1," in text
    (tree / SCENARIO).write_text(text.replace("id: m48-1,", f"id: {written},", 1), "utf-8")
    validate(capsys, tree / SCENARIO, f"read by YAML as the number {read}: quote it")


def test_an_id_written_as_a_plain_number_is_kept(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (tree / SCENARIO).read_text(encoding="utf-8")
    (tree / SCENARIO).write_text(text.replace("id: m48-1,", "id: 101,", 1), "utf-8")
    _, output = run(capsys, "validate", str(tree / SCENARIO))
    assert "read by YAML" not in output


@pytest.mark.parametrize("body", ["!!timestamp 2001-12-14 x", "!!float abc", "!!int 0x"])
def test_an_explicit_tag_on_a_bad_value(
    tree: Path, capsys: pytest.CaptureFixture[str], body: str
) -> None:
    """Found by the fuzzer: PyYAML's constructors fail on these with an AttributeError."""
    _victory(tree, f"  extra: {body}\n")
    validate(capsys, tree / SCENARIO, "bad value")
