"""Where the bundled content lives (maps, counters, scenarios shipped with Tabletop).

The repository keeps them at its top level (``maps/``, ``counters/``, ``scenarios/``); an
installed wheel carries them inside the package as ``tabletop/_bundled/...`` (setup.py),
with the user guide (``docs/``).
``content_root`` picks whichever this copy of the package has, so a checkout, an editable
install and an installed wheel all find them from any working directory. Every lookup of
bundled content (``terrain: standard``, the demo, the Open dialog's start folder) goes
through the names below.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
FOLDERS = ("maps", "counters", "scenarios")


def content_root(package: Path = PACKAGE) -> Path:
    """The folder holding ``maps/``, ``counters/`` and ``scenarios/``: the installed
    package's ``_bundled``, else the checkout the package sits in."""
    installed = package / "_bundled"
    return installed if (installed / "maps").is_dir() else package.parent


ROOT = content_root()
MAPS = ROOT / "maps"
COUNTERS = ROOT / "counters"
SCENARIOS = ROOT / "scenarios"
DOCS = ROOT / "docs"
"""The user guide's pages (Help > User Guide); an installed wheel carries them too."""
DEMO_SCENARIO = SCENARIOS / "demo-platoon.yaml"


def bundled_terrain_chart(name: str) -> Path:
    """The file of a bundled terrain chart named in a map (``terrain: standard``)."""
    return MAPS / f"{name}.yaml"


def bundled_files() -> list[Path]:
    """Every bundled file, folder by folder (maps, counters, scenarios), by name."""
    return [p for folder in FOLDERS for p in sorted((ROOT / folder).glob("*.yaml"))]


def bundled_file(name: str) -> Path | None:
    """A bundled file by its name, with or without folder and ``.yaml``
    (``hold-the-crossroads``, ``scenarios/hold-the-crossroads.yaml``); None if none."""
    wanted = name.removesuffix(".yaml")
    for path in bundled_files():
        if wanted in (path.stem, f"{path.parent.name}/{path.stem}"):
            return path
    return None
