"""No ``# type: ignore`` where mypy never looks: pyproject.toml's mypy checks the packages it
names minus what it excludes (tabletop/ui), so a comment in tabletop/ui, tests,
benchmarks or scripts silences nothing and only says something untrue about the code."""

from __future__ import annotations

import io
import re
import tokenize
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORE = re.compile(r"#\s*type:\s*ignore")


def unchecked_files() -> list[Path]:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    checked = [ROOT / p.replace(".", "/") for p in mypy["packages"]]
    excluded = [ROOT / p for p in mypy.get("exclude", [])]
    out = []
    for folder in ("tabletop", "tests", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            inside = any(path.is_relative_to(c) for c in checked)
            if not inside or any(path.is_relative_to(e) for e in excluded):
                out.append(path)
    return out


def test_code_mypy_never_checks_has_no_type_ignore() -> None:
    files = unchecked_files()
    assert any(p.is_relative_to(ROOT / "tabletop" / "ui") for p in files)
    assert any(p.is_relative_to(ROOT / "tests") for p in files)
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        if "type:" not in text:
            continue
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT and IGNORE.search(tok.string):
                found.append(f"{path.relative_to(ROOT)}:{tok.start[0]}")
    assert not found, (
        "mypy does not check these files, so a '# type: ignore' there silences nothing; "
        "remove it: " + ", ".join(found[:20])
    )
