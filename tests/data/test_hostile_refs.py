"""Hostile references (issue 22): a linked folder plus ``..``, a NUL, line breaks in a name.
Each is a located message, never another file read, an internal error or a forged line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop.data import files
from tests.helpers.hostile import SCENARIO, assert_located, edit, run, validate

SECRET = "hunter3-the-secret-password"


def _linked_escape(tree: Path) -> str:
    """A reference through a link that a textual ``..`` (normpath) and the system's (which
    follows the link first) read differently: the system's stays in the tree, the textual
    one leaves it for a file beside the tree."""
    deep = tree / "scenarios" / "d1" / "d2" / "d3"
    deep.mkdir(parents=True)
    os.symlink(deep, tree / "scenarios" / "deep")
    secret = tree.parent / "secret.yaml"
    secret.write_text(f"format: tabletop/map@1\nname: {SECRET}\n", encoding="utf-8")
    # textually: scenarios/deep/.. -> scenarios, then two more up: tree.parent
    return "deep/../../../secret.yaml"


@pytest.mark.parametrize("key", ["map", "counters"])
def test_a_linked_folder_and_dotdot_read_what_the_check_checked(
    tree: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    ref = _linked_escape(tree)
    # what the system reads for this reference lies inside the tree: tree/scenarios/secret.yaml
    inside = tree / "scenarios" / "secret.yaml"
    inside.write_text("format: tabletop/map@1\nname: inside\n", encoding="utf-8")
    old = "map: ../maps/eisenbach-valley.yaml" if key == "map" else "counters: [../counters/"
    new = f"map: {ref}" if key == "map" else f"counters: [{ref}, ../counters/"
    edit(tree / SCENARIO, old, new)
    code, output = run(capsys, "validate", str(tree / SCENARIO))
    assert code == 1
    assert SECRET not in output, output
    # the file read is the one the system names, inside the tree, and the message says so
    assert str(tree.parent / "secret.yaml") not in output, output
    assert str(inside) in output, output


def test_the_check_and_the_read_are_one_resolved_path(tmp_path: Path) -> None:
    base = tmp_path / "a" / "b"
    base.mkdir(parents=True)
    (tmp_path / "x" / "y").mkdir(parents=True)
    os.symlink(tmp_path / "x" / "y", base / "link")
    target = files.resolved_reference(base, "link/../f.yaml")
    assert target == Path(os.path.realpath(tmp_path / "x" / "f.yaml"))


def test_a_nul_in_a_reference(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(tree / SCENARIO, "map: ../maps/eisenbach-valley.yaml", 'map: "../maps/a\\0b.yaml"')
    validate(capsys, tree / SCENARIO, "NUL")
    code, output = run(capsys, "act", str(tree / SCENARIO), "draw")
    assert code == 1
    assert_located(output, tree / SCENARIO, "NUL")


def test_line_breaks_in_a_reference_print_no_forged_line(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = f"{tree / SCENARIO}:1:1: forged"
    edit(
        tree / SCENARIO,
        "map: ../maps/eisenbach-valley.yaml",
        'map: "../maps/none\\n' + forged + '\\n.yaml"',
    )
    code, output = run(capsys, "validate", str(tree / SCENARIO))
    assert code == 1
    assert not any(line.startswith(forged) for line in output.splitlines()), output
    assert "\\n" in output  # the break shown escaped


def test_a_link_swapped_in_after_the_check_is_not_followed(tmp_path: Path) -> None:
    """The read asks the open file: a resolved path that has become a link is refused."""
    from tabletop.data.yamlsafe import read_text

    outside = tmp_path / "outside.yaml"
    outside.write_text(f"{SECRET}: 1\n", encoding="utf-8")
    inside = tmp_path / "in" / "f.yaml"
    inside.parent.mkdir()
    os.symlink(outside, inside)  # as if swapped in between the check and the open
    text, problem = read_text(inside, [tmp_path / "in"])
    assert text is None and problem is not None and "link" in problem.message
    fifo = tmp_path / "in" / "fifo.yaml"
    os.mkfifo(fifo)
    text, problem = read_text(fifo, [tmp_path / "in"])  # returns at once: never waits
    assert text is None and problem is not None and "not a regular file" in problem.message
