"""The installed package works on its own (README "Install"): a wheel built from the
repository carries the bundled maps, counters and scenarios and the user guide, and,
installed in a fresh venv and run from a folder outside the repository, ``tabletop
validate``, ``los``, ``act`` and ``odds`` work on its bundled scenario, the app opens its
demo (not an error box) and Help > User Guide shows the installed quick start with its
pictures loaded.

The wheel is built without build isolation and installed without dependencies, so the test
needs no network: the fresh venv borrows PySide6, shapely and PyYAML from the test's own
environment through a ``.pth`` file (only their folders; nothing of this checkout).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("tabletop", "maps", "counters", "scenarios", "docs", "setup.py", "pyproject.toml",
           "README.md", "LICENSE")  # fmt: skip
BUNDLED = ("maps", "counters", "scenarios")
FIRST_PAGE = "quickstart.md"
"""The page Help > User Guide opens on: the quick start (the guide's first page)."""

APP_CHECK = """
import sys
from tabletop.ui.app import application, create_window
app = application()
window = create_window(None)
assert window is not None, "the demo did not open"
doc = window.document
print(doc.path, doc.state.scenario.name, len(list(doc.state.scenario.map.all_hexes())))
window.show()
window.findChild(type(window.open_action), "action-user-guide").trigger()
guide = window.help_browser
app.processEvents()
images = guide.images()
print(guide.page, len(images), sum(image.isNull() for _, image in images))
print(" ".join(guide.text.toPlainText().split())[:200])
"""


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{args}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def _build_wheel(tmp: Path) -> Path:
    """The wheel of a copy of the repository (so no build/ is left in the checkout)."""
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        item = ROOT / name
        if item.is_dir():
            shutil.copytree(item, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(item, src / name)
    dist = tmp / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
          "-w", str(dist), str(src)], tmp, _clean_env())  # fmt: skip
    (wheel,) = dist.glob("tabletop-*.whl")
    return wheel


def _clean_env() -> dict[str, str]:
    """This environment without PYTHONPATH: pip and the venv must not see the checkout."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


def _venv(tmp: Path, wheel: Path) -> tuple[Path, dict[str, str]]:
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp, _clean_env())
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
          "--no-index", "-q", str(wheel)], tmp, _clean_env())  # fmt: skip
    import PySide6
    import shapely
    import yaml

    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                tmp, _clean_env()).stdout.strip()  # fmt: skip
    deps = {str(Path(m.__file__ or "").resolve().parent.parent) for m in (PySide6, shapely, yaml)}
    (Path(site) / "borrowed-deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    env = _clean_env() | {"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp / "config"),
            "HOME": str(tmp / "home")}  # fmt: skip
    return venv, env


@pytest.mark.slow
def test_the_wheel_carries_every_bundled_file(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in BUNDLED:
        for path in (ROOT / folder).iterdir():
            assert f"tabletop/_bundled/{folder}/{path.name}" in names, path
    assert any(n.endswith("dist-info/licenses/LICENSE") for n in names)
    metadata = (
        zipfile.ZipFile(wheel)
        .read(next(n for n in names if n.endswith("dist-info/METADATA")))
        .decode()
    )
    assert "License-Expression: MIT" in metadata and "Author-email: " in metadata
    # a bundled scenario names its map and counters relative to itself: they ship too
    assert "tabletop/_bundled/maps/standard.yaml" in names
    # the user guide: every page and picture of docs/, not the developers' docs/dev/
    guide = [p for p in (ROOT / "docs").glob("*.md")] + list((ROOT / "docs/images").iterdir())
    for path in guide:
        assert f"tabletop/_bundled/{path.relative_to(ROOT)}" in names, path
    assert not any(n.startswith("tabletop/_bundled/docs/dev/") for n in names)

    _installed_package_works_from_another_folder(tmp_path, wheel)


def _installed_package_works_from_another_folder(tmp: Path, wheel: Path) -> None:
    venv, env = _venv(tmp, wheel)
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    tabletop = str(venv / "bin" / "tabletop")
    files = _run([tabletop, "bundled"], elsewhere, env).stdout.split()
    assert files and all(f.startswith(str(venv)) for f in files)  # the installed copies
    _run([tabletop, "validate", *files], elsewhere, env)
    scenario = _run([tabletop, "bundled", "hold-the-crossroads"], elsewhere, env).stdout.strip()
    los = json.loads(_run([tabletop, "los", scenario, "0304", "0810", "--json"], elsewhere,
                          env).stdout)  # fmt: skip
    assert los["from"] == "0304" and los["to"] == "0810"
    game = str(elsewhere / "game.yaml")
    _run([tabletop, "act", scenario, "draw", "--formation", "kampfgruppe", "--out", game],
         elsewhere, env)  # fmt: skip
    odds = json.loads(_run([tabletop, "odds", game, "--unit", "m48-1", "--target", "t64-1",
                            "--weapon", "ap", "--json"], elsewhere, env).stdout)  # fmt: skip
    assert abs(sum(odds["outcomes"].values()) - 1) < 1e-9
    fired = _run([tabletop, "act", game, "fire", "--unit", "m48-1", "--target", "t64-1",
                  "--weapon", "ap", "--dice", "4,5,6,1,3,4,6"], elsewhere, env)  # fmt: skip
    assert "t64-1" in fired.stdout
    opened = _run([str(venv / "bin" / "python"), "-c", APP_CHECK], elsewhere, env).stdout
    game, guide, _text = opened.splitlines()[:3]
    path, *_ = game.split()
    assert path.startswith(str(venv)) and path.endswith("demo-platoon.yaml"), opened
    assert "Eisenbach Gap" in game
    page, images, broken = guide.split()
    assert page == str(_site(venv) / "tabletop/_bundled/docs" / FIRST_PAGE), opened
    quick_start = (ROOT / "docs" / FIRST_PAGE).read_text(encoding="utf-8")
    assert int(images) == quick_start.count("](images/") and int(broken) == 0, opened
    assert _text.split()[:3] == quick_start.splitlines()[0].lstrip("# ").split()[:3], opened


def _site(venv: Path) -> Path:
    (site,) = venv.glob("lib/python*/site-packages")
    return site.resolve()
