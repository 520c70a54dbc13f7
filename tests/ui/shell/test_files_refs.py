"""References written by the app's saves resolve when the file is opened again through the
same path (issue 16's leftovers): a game saved into a symbolically linked folder, or onto
a link to a file elsewhere, refers to its scenario's files from the real folder, which is
where reading looks; a map's background image follows the same rule on Save As, and is
kept absolute where a relative path would climb out of the folders a reference may name."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tabletop import data, paths
from tabletop.data.files import background_path
from tabletop.documents import GameDocument
from tabletop.ui.shell.files import write_game


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """tmp/content/{maps,counters,scenarios}: a copy of the documented example."""
    root = tmp_path / "content"
    for folder, name in (("maps", "eisenbach-valley.yaml"), ("counters", "eisenbach.yaml"),
                         ("scenarios", "hold-the-crossroads.yaml")):  # fmt: skip
        (root / folder).mkdir(parents=True)
        source = {"maps": paths.MAPS, "counters": paths.COUNTERS, "scenarios": paths.SCENARIOS}
        shutil.copy(source[folder] / name, root / folder / name)
    (root / "saves").mkdir()
    return root


@pytest.mark.parametrize("link", ["folder", "file"])
def test_a_game_saved_through_a_link_opens_again_through_it(
    tmp_path: Path, content: Path, link: str
) -> None:
    scenario = data.load_scenario(content / "scenarios" / "hold-the-crossroads.yaml")
    document = GameDocument.from_scenario(scenario)
    elsewhere = tmp_path / "a" / "b"
    elsewhere.mkdir(parents=True)
    if link == "folder":  # a/b/saves -> content/saves: two levels up is not content/
        (elsewhere / "saves").symlink_to(content / "saves", target_is_directory=True)
        path = elsewhere / "saves" / "game.yaml"
    else:  # a/b/game.yaml -> content/saves/game.yaml
        path = elsewhere / "game.yaml"
        path.symlink_to(content / "saves" / "game.yaml")
    write_game(document, path)
    assert (content / "saves" / "game.yaml").is_file()
    text = (content / "saves" / "game.yaml").read_text(encoding="utf-8")
    assert '\n "map": "../maps/eisenbach-valley.yaml",\n' in text
    errors, _ = data.validate_file(path)
    assert errors == []
    again = data.load_game(path)
    assert again.scenario.map.path is not None
    assert again.scenario.map.path.resolve() == (content / "maps" / "eisenbach-valley.yaml")
    if link == "file":
        assert path.is_symlink()


def test_an_autosave_through_a_linked_folder_resolves_too(tmp_path: Path, content: Path) -> None:
    scenario = data.load_scenario(content / "scenarios" / "hold-the-crossroads.yaml")
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "rec").symlink_to(content / "saves", target_is_directory=True)
    path = tmp_path / "x" / "rec" / "autosave.yaml"
    write_game(GameDocument.from_scenario(scenario), path)
    assert data.load_game(path).scenario.name == scenario.name


BG_MAP = """\
format: tabletop/map@1
terrain: standard
grid: {columns: 3, rows: 2}
background: {image: scans/board.png}
"""


@pytest.fixture
def bg_map(tmp_path: Path) -> Path:
    (tmp_path / "maps" / "scans").mkdir(parents=True)
    (tmp_path / "maps" / "scans" / "board.png").write_bytes(b"\x89PNG")
    path = tmp_path / "maps" / "m.yaml"
    path.write_text(BG_MAP, encoding="utf-8")
    return path


def _image(path: Path) -> str:
    hexmap = data.load_map(path)
    assert hexmap.background is not None
    return hexmap.background.image


def test_save_as_beside_rewrites_the_image_relative_to_the_new_map(
    tmp_path: Path, bg_map: Path
) -> None:
    out = tmp_path / "other" / "copy.yaml"
    out.parent.mkdir()
    data.save_map(data.load_map(bg_map), out)
    assert _image(out) == "../maps/scans/board.png"
    assert background_path(out, _image(out)).resolve() == (bg_map.parent / "scans/board.png")
    errors, warnings = data.validate_file(out)
    assert errors == [] and warnings == []


def test_save_as_far_away_keeps_the_image_absolute(tmp_path: Path, bg_map: Path) -> None:
    out = tmp_path / "deep" / "er" / "copy.yaml"
    out.parent.mkdir(parents=True)
    data.save_map(data.load_map(bg_map), out)
    image = _image(out)
    assert os.path.isabs(image)
    assert Path(image) == (bg_map.parent / "scans" / "board.png")
    assert data.validate_file(out)[1] == []


def test_the_image_of_a_map_in_a_linked_folder_is_read_from_the_real_folder(
    tmp_path: Path, bg_map: Path
) -> None:
    (tmp_path / "l" / "m").mkdir(parents=True)
    (tmp_path / "l" / "m" / "maps").symlink_to(bg_map.parent, target_is_directory=True)
    linked = tmp_path / "l" / "m" / "maps" / "m.yaml"
    assert data.validate_file(linked)[1] == []
    out = tmp_path / "l" / "m" / "maps" / "saved.yaml"  # Save As through the link
    data.save_map(data.load_map(linked), out)
    assert _image(out) == "scans/board.png"
    assert background_path(out, _image(out)).is_file()


def test_a_fifo_as_background_is_a_warning_not_a_hang(tmp_path: Path, bg_map: Path) -> None:
    fifo = tmp_path / "maps" / "scans" / "fifo.png"
    os.mkfifo(fifo)
    bg_map.write_text(BG_MAP.replace("board.png", "fifo.png"), encoding="utf-8")
    errors, warnings = data.validate_file(bg_map)
    assert errors == []
    assert any("not a file" in w.message for w in warnings)


def test_the_map_editor_opens_a_map_whose_background_is_a_fifo(
    qtbot, tmp_path: Path, bg_map: Path, settings
) -> None:
    from tabletop.ui.app import create_window

    os.mkfifo(tmp_path / "maps" / "scans" / "fifo.png")  # reading it would block forever
    bg_map.write_text(BG_MAP.replace("board.png", "fifo.png"), encoding="utf-8")
    win = create_window(bg_map, settings)
    assert win is not None
    qtbot.addWidget(win)
    item = win.editor.scene.background_item
    assert "fifo.png is not a regular file" in item.problem and not item.isVisible()
