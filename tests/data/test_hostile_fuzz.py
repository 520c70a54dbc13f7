"""The mutation fuzzer (tests/data/fuzzing.py) over the bundled files: zero tracebacks,
internal errors, unlocated messages, hangs or quoted secrets. A few hundred cases here;
``make fuzz`` runs thousands (FUZZ_CASES, FUZZ_SEED)."""

from __future__ import annotations

import os
from pathlib import Path

from .fuzzing import fuzz

CASES = int(os.environ.get("FUZZ_CASES", "300"))
SEED = int(os.environ.get("FUZZ_SEED", "0"))


def test_mutated_bundled_files_never_crash(tmp_path: Path) -> None:
    failures = fuzz(tmp_path / "tree", CASES, SEED)
    print(f"\nfuzz: {CASES} cases from seed {SEED}, {len(failures)} failures")
    assert not failures, "\n".join(str(f) for f in failures[:20])
