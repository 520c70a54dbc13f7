"""The mutation fuzzer (tests/helpers/fuzzing.py) over the bundled files: zero tracebacks,
internal errors, unlocated messages, hangs or quoted secrets. A few hundred cases here;
``make fuzz`` runs thousands (FUZZ_CASES, FUZZ_SEED)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.helpers.fuzzing import fuzz

CASES = int(os.environ.get("FUZZ_CASES", "300"))
SEED = int(os.environ.get("FUZZ_SEED", "0"))


def test_mutated_bundled_files_never_crash(tmp_path: Path) -> None:
    failures = fuzz(tmp_path / "tree", CASES, SEED)
    print(f"\nfuzz: {CASES} cases from seed {SEED}, {len(failures)} failures")
    assert not failures, "\n".join(str(f) for f in failures[:20])


def test_any_settings_file_is_survived(qapp, tmp_path: Path) -> None:
    """Seeded settings files of random values for every key the app reads: every read
    returns a usable value (issue 22)."""
    from tests.helpers.fuzzing import fuzz_settings

    failures = fuzz_settings(tmp_path, max(20, CASES // 10), SEED)
    print(f"\nsettings fuzz: {max(20, CASES // 10)} cases, {len(failures)} failures")
    assert not failures, "\n".join(failures[:20])


def test_any_background_file_is_bounded(qapp, tmp_path: Path) -> None:
    """Seeded background images (SVG with references, FIFOs, .svgz bombs, truncated and
    junk rasters): each read returns within the case limit, never a traceback."""
    from tests.helpers.fuzzing import fuzz_backgrounds

    failures = fuzz_backgrounds(tmp_path, max(20, CASES // 10), SEED)
    print(f"\nbackground fuzz: {max(20, CASES // 10)} cases, {len(failures)} failures")
    assert not failures, "\n".join(failures[:20])
