"""``tabletop sheet``: PDF, SVG and PNG sheets of the bundled counters, the summary line,
and bad input (exit 1, the reasons on stderr, never a traceback)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
PLATOON = str(ROOT / "counters" / "platoon.yaml")
SQUAD = str(ROOT / "counters" / "squad.yaml")


@pytest.fixture(autouse=True)
def _in_tmp(qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", path.read_bytes()))


def test_default_output_is_the_counters_name_in_the_current_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sheet", PLATOON]) == 0
    out = tmp_path / "platoon.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert pdf_pages(out) == 1
    assert capsys.readouterr().out == "wrote platoon.pdf: 35 counters on 1 page (5/8in, A4)\n"


@pytest.mark.parametrize(
    ("args", "summary", "pages"),
    [
        (["--backs"], "35 counters on 2 pages (5/8in, A4, with backs)", 2),
        (["--copies", "6"], "210 counters on 2 pages (5/8in, A4)", 2),
        (["--copies", "6", "--backs"], "210 counters on 4 pages (5/8in, A4, with backs)", 4),
        (["--size", "3/4in", "--paper", "letter"], "35 counters on 1 page (3/4in, Letter)", 1),
        (["--size", "1/2in", "--copies", "3"], "105 counters on 1 page (1/2in, A4)", 1),
        (["--size", "16mm"], "35 counters on 1 page (16mm, A4)", 1),
    ],
)
def test_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], summary: str, pages: int
) -> None:
    assert main(["sheet", PLATOON, "-o", "out.pdf", *args]) == 0
    assert capsys.readouterr().out == f"wrote out.pdf: {summary}\n"
    assert pdf_pages(tmp_path / "out.pdf") == pages


def test_squad_counters_print(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", SQUAD, "--backs"]) == 0
    assert pdf_pages(tmp_path / "squad.pdf") == 2
    assert "50 counters on 2 pages" in capsys.readouterr().out  # either side's colours


def test_png_and_svg_write_one_file_per_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sheet", PLATOON, "-o", "p.png", "--backs", "--dpi", "60"]) == 0
    assert capsys.readouterr().out.startswith("wrote p.png, p-2.png: 35 counters on 2 pages")
    assert (tmp_path / "p-2.png").read_bytes().startswith(b"\x89PNG")
    assert main(["sheet", SQUAD, "-o", "s.svg"]) == 0
    assert capsys.readouterr().out.startswith("wrote s.svg: 50 counters on 1 page")
    assert "<svg" in (tmp_path / "s.svg").read_text()


def _bad(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["sheet", *args]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    return captured.err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert "nope.yaml" in _bad(capsys, "nope.yaml")


def test_invalid_counters_file_shows_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    units = "  X:\n    name: X\n    kind: tonk\n"
    bad.write_text(f"format: tabletop/counters@1\nruleset: platoon\nunits:\n{units}")
    lines = _bad(capsys, str(bad)).splitlines()
    assert len(lines) == 2
    assert all(re.match(rf"{re.escape(str(bad))}:\d+:\d+: ", line) for line in lines)
    assert "unknown kind 'tonk'" in lines[0]
    assert not (tmp_path / "bad.pdf").exists()


def test_not_a_counters_file(capsys: pytest.CaptureFixture[str]) -> None:
    err = _bad(capsys, str(ROOT / "maps" / "eisenbach-valley.yaml"))
    assert "expected a tabletop/counters file or a tabletop/scenario file" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "1in"], "invalid choice: '1in'"),
        (["--paper", "a3"], "invalid choice: 'a3'"),
        (["--copies", "0"], "'0' is not a number of copies (1 to 100)"),
        (["-o", "sheet.jpg"], "sheet.jpg: the output must end in .pdf, .svg or .png"),
        (["-o", "nowhere/sheet.pdf"], "there is no folder nowhere"),
    ],
)
def test_bad_options(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert message in _bad(capsys, PLATOON, *args)


def test_headless_without_a_display(tmp_path: Path) -> None:
    """No QGuiApplication, no DISPLAY, no QT_QPA_PLATFORM: the command picks offscreen."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    proc = subprocess.run(
        [sys.executable, "-m", "tabletop", "sheet", PLATOON, "-o", "h.pdf"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "wrote h.pdf: 35 counters on 1 page (5/8in, A4)\n"
    assert "Traceback" not in proc.stderr
    assert (tmp_path / "h.pdf").read_bytes().startswith(b"%PDF")
