"""A saved game's seal: proof that the file is, byte for byte, what Tabletop wrote.

Loading a saved game replays its log from the scenario and compares the result with the
stored state (:mod:`tabletop.commands.replaycheck`), so that a game edited by hand is
caught. That replay costs the rules' time of every logged action. A game Tabletop writes
ends with one more top-level key, ``seal: "sha256:..."``: a SHA-256 digest of

* a tag naming this scheme, Tabletop's version and a digest of its own source code below
  the user interface (the loader, the model and the rules: a change there could change
  what a log replays to),
* the digest of each file the game's map and unit types were read from, as the data layer
  read it: the map, its terrain chart, every counters file in order,
* every byte of the saved game's file before the seal.

On load the same digest is made of the files as they are read now. When it equals the
seal, the file and everything it refers to are what Tabletop wrote and played, so the
state follows from the log and the replay is skipped; otherwise (no seal, a byte changed
anywhere, another version of Tabletop) the replay check runs as it always did.

Tabletop writes a seal only for a game it knows to follow from its log: one started from a
scenario it read, or one whose seal matched or whose replay found no difference when it
was loaded, with its map and unit types still those it read (:class:`Sources`). A game
opened despite differences is saved without a seal.

The seal detects edits; it is not a signature. Anyone can compute it, just as anyone can
write a log with any dice that replays consistently: the replay check never protected
against a forger either.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tabletop.data.schema import Checker, type_name
from tabletop.model import HexMap, Scenario, UnitType

KEY = "seal"
SCHEME = b"tabletop-seal/1"
PATTERN = re.compile(r"sha256:[0-9a-f]{64}\Z")
"""The value of a seal: ``sha256:`` and 64 lowercase hexadecimal digits."""
_YAML_TAIL = re.compile(rb'\nseal: "(sha256:[0-9a-f]{64})"\n\Z')
"""The last line of a sealed game in YAML, as older builds wrote it (the newline before it
is sealed too)."""
_JSON_TAIL = re.compile(rb',\n? "seal": "(sha256:[0-9a-f]{64})"\}\n\Z')
"""The end of a sealed game in JSON: its last key, on a line of its own (as
:mod:`tabletop.data.machine` writes games) or at the end of the one line of older builds'
recovery files."""
_TAIL_BYTES = 100
"""Enough of a file's end to hold either tail."""
CODE_PACKAGES = ("hexgrid", "model", "rules", "geometry", "data", "commands")
"""The parts of Tabletop whose code decides what a saved game loads and replays to."""


@dataclass(frozen=True, eq=False)
class Sources:
    """What the data layer built a scenario's map and unit types from: the SHA-256 of each
    file's bytes (map, terrain chart, counters files in order), with the map and the unit
    types as built, to tell whether they are still the ones in play."""

    digests: tuple[str, ...]
    hexmap: HexMap
    unit_types: Mapping[str, UnitType] = field(repr=False)

    def current(self, scenario: Scenario) -> bool:
        """Are the scenario's map and unit types still those built from the files? (The
        counter editor may change a type of an open game: the game then no longer follows
        from the files, and is saved without a seal.)"""
        types = scenario.unit_types
        return (
            scenario.map is self.hexmap
            and len(types) == len(self.unit_types)
            and all(types.get(k) is v for k, v in self.unit_types.items())
        )


def check_key(ck: Checker, doc: Mapping[str, object]) -> None:
    """A saved game's ``seal:``, if it has one, must look like one (whether it matches is
    not a problem: a game without a matching seal is checked by replaying its log)."""
    value = doc.get(KEY)
    if KEY in doc and not (isinstance(value, str) and PATTERN.match(value)):
        ck.error(
            doc,
            KEY,
            f"seal must be 'sha256:' and 64 hexadecimal digits, as Tabletop writes it, not "
            f"{type_name(value)} (remove the line: the game is then checked by replaying its log)",
        )


def sources_of(scenario: Scenario, digests: Sequence[str]) -> Sources:
    return Sources(tuple(digests), scenario.map, dict(scenario.unit_types))


def file_digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


@cache
def code_digest() -> str:
    """SHA-256 of Tabletop's version and of the source of :data:`CODE_PACKAGES` (read once
    per process); only the version if the source cannot be read."""
    from tabletop import __version__

    h = hashlib.sha256(f"version {__version__}\n".encode())
    root = Path(__file__).resolve().parent.parent
    try:
        files = sorted(
            p for name in CODE_PACKAGES for p in (root / name).rglob("*.py") if p.is_file()
        )
        for p in files:
            raw = p.read_bytes()
            h.update(f"{p.relative_to(root).as_posix()} {len(raw)}\n".encode())
            h.update(raw)
    except OSError:
        return hashlib.sha256(f"version {__version__}\n".encode()).hexdigest()
    return h.hexdigest()


def seal_value(body: bytes, digests: Sequence[str]) -> str:
    """The seal of a saved game whose bytes before the seal are ``body``."""
    h = hashlib.sha256(SCHEME + b"\n")
    h.update(f"code {code_digest()}\n".encode())
    for digest in digests:
        h.update(f"source {digest}\n".encode())
    h.update(f"game {len(body)}\n".encode())
    h.update(body)
    return f"sha256:{h.hexdigest()}"


def sealed_json(text: str, sources: Sources | None) -> str:
    """A game's JSON text (:func:`tabletop.data.machine.dumps`: one mapping, ending in
    ``}`` and a newline) with its seal as the last key, on a line of its own; ``text``
    itself without sources. The seal covers every byte before its key's comma."""
    if sources is None:
        return text
    body = text[:-2]  # the closing brace and the newline
    value = seal_value(body.encode("utf-8"), sources.digests)
    return f'{body},\n "seal": "{value}"}}\n'


def seal_matches(raw: bytes, digests: Sequence[str]) -> bool:
    """Does the file whose bytes are ``raw`` end with a seal of those bytes and of the
    files with ``digests``? (False for a file without a seal.)"""
    tail = raw[-_TAIL_BYTES:]
    found = _YAML_TAIL.search(tail)
    if found is not None:
        body = raw[: len(raw) - len(tail) + found.start() + 1]  # the newline is sealed
    else:
        found = _JSON_TAIL.search(tail)
        if found is None:
            return False
        body = raw[: len(raw) - len(tail) + found.start()]
    return seal_value(body, digests) == found.group(1).decode("ascii")
