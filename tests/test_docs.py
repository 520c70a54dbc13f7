"""The documentation stands alone and its commands work as printed: no page points outside
the repository, every command of the README's command-line block runs, and
docs/headless.md's turn plays through, each from a fresh folder holding the bundled
content (as a clone does)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_no_page_points_outside_the_repository() -> None:
    for page in PAGES:
        text = page.read_text()
        for outside in ("shared/", "rules-spec", "interfaces.md"):
            assert outside not in text, f"{page.name} mentions {outside}"


UNSEEN = (
    "seed 0",
    "the seed",
    "seed's",
    "000's",
    "001's",
    "002's",
    "003's",
    "brief",
    "contract",
    "source is cut off",
    "rules-spec",
    "interfaces.md",
)
"""Words of the documents the program was built from, which a player never sees."""


def test_user_pages_and_bundled_files_speak_to_players() -> None:
    """The manual (README, docs/ outside docs/dev) and the bundled maps, counters and
    scenarios (their Source notes show in the counter editor) name no document a player
    never sees."""
    files = [
        *(p for p in _all_pages() if "dev" not in p.relative_to(ROOT).parts),
        *sorted(ROOT.glob("maps/*.yaml")),
        *sorted(ROOT.glob("counters/*.yaml")),
        *sorted(ROOT.glob("scenarios/*.yaml")),
    ]
    found = [
        f"{path.relative_to(ROOT)}: {word}"
        for path in files
        for word in UNSEEN
        if word in path.read_text().lower()
    ]
    assert not found, found


def _sh_blocks(page: Path) -> list[list[str]]:
    return [b.splitlines() for b in re.findall(r"```sh\n(.*?)```", page.read_text(), re.S)]


def _commands(lines: list[str]) -> list[str]:
    """The command of each line (comments dropped); ``for f in A B; do ... done`` expanded;
    ``$S`` set by ``S=...``."""
    out: list[str] = []
    variables: dict[str, str] = {}
    loop: tuple[str, list[str]] | None = None
    body: list[str] = []
    for raw in lines:
        line = raw.split("  #")[0].strip()
        if not line or line.startswith("#") or line.startswith("."):
            continue
        if m := re.fullmatch(r"(\w+)=(\S+)", line):
            variables[m[1]] = m[2]
            continue
        if m := re.fullmatch(r"for (\w+) in (.*); do", line):
            loop, body = (m[1], m[2].split()), []
            continue
        if line == "done" and loop is not None:
            name, values = loop
            out += [b.replace(f"${name}", v) for v in values for b in body]
            loop = None
            continue
        for name, value in variables.items():
            line = line.replace(f"${name}", value)
        (body if loop is not None else out).append(line)
    return out


@pytest.fixture
def clone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for folder in ("maps", "counters", "scenarios"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(command: str, clone: Path) -> int:
    args = shlex.split(command)
    assert args[0] == "tabletop", command
    expanded: list[str] = []
    for arg in args[1:]:  # the shell's globbing of maps/*.yaml
        expanded += (
            sorted(str(p.relative_to(clone)) for p in clone.glob(arg)) if "*" in arg else [arg]
        )
    return main(expanded)


def test_the_readme_commands_run_as_printed(
    clone: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    """(``qapp``: ``tabletop sheet`` paints with Qt, in the tests' QApplication.)"""
    block = next(b for b in _sh_blocks(ROOT / "README.md") if "tabletop validate" in "\n".join(b))
    commands = [c for c in _commands(block) if len(shlex.split(c)) > 2 or "bundled" in c]
    assert len(commands) >= 10
    for command in commands:
        assert _run(command, clone) == 0, command
        capsys.readouterr()
    assert (clone / "game.yaml").is_file() and (clone / "platoon.pdf").is_file()


BLOCK = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.M | re.S)


def _blocks(page: Path) -> list[tuple[str, str]]:
    """Each fenced block of ``page`` as (language, text), indented ones dedented."""
    out = []
    for m in BLOCK.finditer(page.read_text()):
        indent = len(m[1])
        out.append((m[2], "".join(line[indent:] for line in m[3].splitlines(True))))
    return out


def _pattern(shown: str) -> str:
    return ".*?".join(re.escape(part) for part in shown.split("..."))


def _rounded(value: object) -> object:
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


def _assert_shows(shown: str, kind: str, printed: str) -> None:
    """``printed`` is what the page shows: a ``...`` line stands for one or more lines, a
    ``...`` inside a line for the rest of the text there; a JSON answer is compared with its
    numbers rounded to four places and its line breaks as spaces."""
    if kind == "json":
        real = json.dumps(_rounded(json.loads(printed)))
        flat = " ".join(shown.split()).replace("{ ", "{").replace("[ ", "[")
        assert re.fullmatch(_pattern(flat), real), f"{flat}\n!=\n{real}"
        return
    pattern = "\n".join(
        ".+(?:\n.+)*?" if line.strip() == "..." else _pattern(line)
        for line in shown.rstrip("\n").splitlines()
    )
    assert re.fullmatch(pattern, printed.rstrip("\n")), f"{shown}\n!=\n{printed}"


def test_the_headless_turn_plays_through_as_shown(
    clone: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command of docs/headless.md, in order, from a fresh folder: each runs, and
    what it prints is the output block after it (where one follows)."""
    blocks = _blocks(ROOT / "docs" / "headless.md")
    commands = 0
    compared = 0
    assignments: list[str] = []
    for (kind, text), after in zip(blocks, [*blocks[1:], ("sh", "")], strict=True):
        if kind != "sh":
            continue
        lines = text.splitlines()
        assignments += [line for line in lines if re.match(r"\w+=\S+", line)]
        for command in _commands(assignments + lines):
            assert _run(command, clone) == 0, command
            commands += command.startswith("tabletop act")
        printed = capsys.readouterr().out
        if after[0] in ("", "json"):
            _assert_shows(after[1], after[0], printed)
            compared += 1
    assert commands >= 25 and compared >= 10
    assert main(["show", "game.yaml"]) == 0
    assert capsys.readouterr().out.startswith("Eisenbach Gap: turn 2 of 10, draw phase")


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _all_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_every_relative_link_resolves() -> None:
    """Every ``[text](target)`` and ``![alt](image)`` of the README and the docs (docs/dev
    too) that is not a web address names a file of the repository."""
    broken = []
    for page in _all_pages():
        for target in LINK.findall(page.read_text()):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            if not (page.parent / target.split("#")[0]).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken


QUICKSTART = ROOT / "docs" / "quickstart.md"


def test_the_quick_start_is_linked_and_shows_each_step() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "(docs/quickstart.md)" in readme[: readme.index("## What is in the box")]
    assert re.search(r"!\[[^\]]*\]\(docs/images/quickstart-[^)]+\.png\)", readme)
    images = re.findall(r"!\[[^\]]*\]\((images/[^)]+)\)", QUICKSTART.read_text())
    assert len(images) >= 10
    assert "<" not in QUICKSTART.read_text()  # plain Markdown: Qt's renderer shows it
    for image in images:
        assert (ROOT / "docs" / image).stat().st_size < 200_000, image


@pytest.mark.gui
def test_the_quick_start_plays_as_written(
    qtbot, clone: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/quickstart.md's steps through the window's gestures, with the dice its
    pictures rolled: each step ends as the page says, the odds it prints are the odds
    dock's, and the commands it prints run on the game it saves."""
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtGui import QAction

    from tabletop import paths
    from tabletop.rules import ScriptedDice
    from tabletop.ui.app import create_window
    from tabletop.ui.shell.mainwindow import MainWindow

    monkeypatch.setattr(MainWindow, "ask_before_closing", False)  # no dialog at the end
    text = " ".join(QUICKSTART.read_text().split())
    settings = QSettings(str(clone / "settings.ini"), QSettings.Format.IniFormat)
    win = create_window(paths.DEMO_SCENARIO, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1360, 860)
    win.show()
    qtbot.waitExposed(win)
    doc, play = win.document, win.play

    def act(name: str) -> QAction:
        found = win.findChild(QAction, f"action-{name}")
        assert found is not None, name
        return found

    def hand_over() -> None:
        """The hot seat's screen, as the page says: its button shows the side's view."""
        if win.hotseat.showing():
            assert "Pass the laptop to the" in text
            qtbot.mouseClick(win.hotseat.screen.button, Qt.MouseButton.LeftButton)

    def click(label: str) -> None:
        hand_over()
        pos = win.view.viewport_point(label)
        qtbot.mouseMove(win.view.viewport(), pos)
        qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)

    def press(name: str) -> None:
        hand_over()
        widget = play.turn_bar.widgetForAction(act(name))
        if widget is None or not widget.isVisible():
            widget = play.panel.buttons[name]
        assert widget.isEnabled(), act(name).toolTip()
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def odds_say(*rows: str) -> None:
        """The odds dock's bars read ``rows``, and the page prints them (a table's rows or
        in backquotes)."""
        qtbot.waitUntil(lambda: play.odds.chart.isVisible())
        assert [f"{name} {100 * p:.1f}%" for name, p in play.odds.chart.outcomes] == list(rows)
        for row in rows:
            name, chance = row.rsplit(" ", 1)
            assert f"| {name} | {chance} |" in text or f"`{row}`" in text, row

    assert "Turn 1/10" in play.turn_bar.label.text() and "`Turn 1/10`" in text
    # 2. the chit drawn by hand
    assert "**Drawn by Hand: 1st tank**" in text
    button = play.turn_bar.widgetForAction(act("draw"))
    button.menu().aboutToShow.emit()
    item = button.menu().findChild(QAction, "action-draw-1st_tank")
    assert item.text() == "Drawn by Hand: 1st tank"
    item.trigger()
    assert doc.state.active_formation == "1st_tank"
    # 3. select
    assert "**T-72 in 2010**" in text
    click("2010")
    assert play.controller.selected == "t72-1"
    assert (
        "no move is paused for opportunity fire"
        in play.panel.reason_labels["opportunity-fire"].text()
    )
    # 4. move: one hex, a second click goes; 5. it pauses, NATO's Leopard answers
    press("move")
    click("1910")
    click("1910")
    pending = doc.state.pending
    assert pending is not None and pending.hex == "1910" and "leo2-1" in pending.firers
    assert play.panel.banner.isVisible()
    assert "**Leopard II in 1211**" in text
    click("1211")
    assert play.controller.selected == "leo2-1"
    press("opportunity-fire")
    qtbot.mouseMove(win.view.viewport(), win.view.viewport_point("1910"))
    odds_say("No effect 16.0%", "Disrupted 27.2%", "Reduced 32.1%", "Eliminated 24.7%")
    details = play.odds.details.text()
    for pool in ("leo2-1 AP: 4 dice at 3+, range 7", "t72-1 save: 2 dice at 4+"):
        assert pool in details and f"`{pool}`" in text
    click("1910")
    assert "rolled `2 5 1 2`" in text and "with `2 3`" in text
    doc.dice = ScriptedDice([2, 5, 1, 2, 2, 3])
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    t72 = doc.state.units["t72-1"]
    assert t72.disrupted and t72.has("ops_complete")
    assert doc.state.units["leo2-1"].has("ops_complete") and doc.state.pending is None
    # 6. fire with the odds
    assert "**T-72 in 2111**" in text
    click("2111")
    assert play.controller.selected == "t72-3"
    press("fire")
    qtbot.mouseMove(win.view.viewport(), win.view.viewport_point("1211"))
    odds_say("No effect 65.6%", "Disrupted 23.4%", "Reduced 9.4%", "Eliminated 1.6%")
    details = play.odds.details.text()
    for pool in ("t72-3 AP: 3 dice at 4+, range 9", "leo2-1 save: 3 dice at 4+"):
        assert pool in details and f"`{pool}`" in text
    click("1211")
    assert "rolled `6 5 2`" in text and "with `1 4 3`" in text
    doc.dice = ScriptedDice([6, 5, 2, 1, 4, 3])
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert doc.state.units["leo2-1"].disrupted
    # 7. undo
    act("undo").trigger()
    assert not doc.state.units["leo2-1"].disrupted
    assert not doc.state.units["t72-3"].has("ops_complete")
    # 8. end the impulse
    press("end-impulse")
    assert "draw phase" in play.turn_bar.label.text()
    assert "Warsaw Pact 4 chits" in play.turn_bar.cup.text() and "(`Warsaw Pact 4 chits`)" in text
    # 9. save, then the page's commands on the saved game
    assert "`my-first-game.yaml`" in text
    assert win.save_as("my-first-game.yaml")
    assert "Saved my-first-game.yaml" in win.statusBar().currentMessage()
    assert [e.action for e in doc.state.log] == [
        "draw", "move", "opportunity-fire", "end-impulse"
    ]  # fmt: skip
    commands = _commands([line for b in _sh_blocks(QUICKSTART) for line in b])
    assert commands[0] == "tabletop my-first-game.yaml"  # the window: opened above
    assert len(commands) >= 3
    for command in commands[1:]:
        assert _run(command, clone) == 0, command
    assert "Eisenbach Gap: turn 1 of 10, draw phase" in capsys.readouterr().out
