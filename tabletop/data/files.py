"""Reading and writing files: references between them, format dispatch, atomic saves.

Every ``load_*`` collects all problems of the file and of the files it refers to (each
reported with its own path) and raises :class:`DataError` if there is any. A referenced
path is only ever read, never written, wherever it points.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from tabletop import paths
from tabletop.data import chart as chart_mod
from tabletop.data import (
    fields,
    gamecheck,
    gamerecord,
    games,
    machine,
    maps,
    roundtrip,
    scenarios,
    seal,
    semantics,
)
from tabletop.data.atomic import atomic_write, save_target
from tabletop.data.counters import CounterFile, counters_from, counters_to_dict
from tabletop.data.gamecheck import GameCheck
from tabletop.data.schema import Checker, did_you_mean, kind_name, type_name
from tabletop.data.yamlsafe import READS, DataError, Problem, dump_text, load_path, read_text
from tabletop.model import Background, GameState, HexMap, Scenario, TerrainChart, UnitType
from tabletop.model.setup import known

Document = TerrainChart | HexMap | CounterFile | Scenario | GameState
KINDS = (
    "tabletop/terrain",
    "tabletop/map",
    "tabletop/counters",
    "tabletop/scenario",
    "tabletop/game",
)


Parsed = tuple[Any, list[Problem]]
"""A file already parsed by :func:`load_path` (so that a file is parsed once per load)."""


def _read(
    ck: Checker, path: Path, kinds: tuple[str, ...], parsed: Parsed | None = None
) -> tuple[Any, str | None]:
    """Parse ``path`` into ``ck`` and check its ``format:``; (document, kind)."""
    doc, problems = parsed if parsed is not None else load_path(path)
    ck.errors.extend(problems)
    if doc is None:
        return None, None
    if not isinstance(doc, dict):
        # the file's content is never quoted: it may be any file the reference named
        ck.errors.append(
            Problem(
                str(path),
                1,
                1,
                "not a tabletop YAML file: it must hold a mapping of keys with "
                f"'format:', not {kind_name(doc)}",
            )
        )
        return None, None
    return doc, ck.check_format(doc, kinds)


def is_bundled_name(ref: str) -> bool:
    return "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml"))


def _resolve(base: Path, ref: str) -> Path:
    """The file ``ref`` (written in a file in ``base``) names, as the system finds it: every
    symbolic link followed before the ``..`` after it (``link/..`` is the link target's
    parent, not ``base``). The reference check and the read both use this one path."""
    return Path(os.path.realpath(base / ref))


def resolved_reference(base: Path, ref: str) -> Path:
    """:func:`_resolve` (public: the path a reference is checked at and read from)."""
    return _resolve(base, ref)


_REFERS_AS: dict[Path, Path] = {}
"""Copies whose references are those of another file, by real path: the app's recovery
file (see :func:`refer_as`)."""


def refer_as(copy: Path, original: Path | None) -> None:
    """From now on, the references of the file at ``copy`` are written and read (and
    checked) as those of ``original``: the app's recovery file holds a document that
    belongs to ``original`` and is recovered from where that file was, whatever folder
    it lies in. ``original`` None: ``copy`` is a file of its own again."""
    key = Path(os.path.realpath(copy))
    if original is None:
        _REFERS_AS.pop(key, None)
    else:
        _REFERS_AS[key] = Path(os.path.abspath(original))


def real_folder(path: Path) -> Path:
    """The folder references of ``path`` are read from: that of the file itself, a
    symbolic link followed (a save through a link writes them for the target's folder);
    for a copy (:func:`refer_as`), that of the file it is a copy of."""
    real = Path(os.path.realpath(path))
    original = _REFERS_AS.get(real)
    if original is not None and original != real:
        return Path(os.path.realpath(original)).parent
    return real.parent


REF_SUFFIXES = (".yaml", ".yml")
"""A reference names a YAML file: nothing else (``/etc/passwd``, a device) is ever read."""


def reference_roots(base: Path) -> list[Path]:
    """The folders a file in ``base`` may refer into (symbolic links resolved): its own
    folder and the one above it (the ``scenarios/``, ``maps/``, ``counters/`` siblings of
    the bundled layout, a ``saves/`` folder beside a scenario), the user's home folder (a
    game saved anywhere there, or autosaved by the app, refers back to its scenario's
    files) and the bundled content."""
    folder = Path(os.path.realpath(base))
    roots = [folder.parent, Path(os.path.realpath(Path.home()))]
    roots += [Path(os.path.realpath(p)) for p in (paths.MAPS, paths.COUNTERS, paths.SCENARIOS)]
    return roots


def reference_problem(base: Path, ref: str, what: str) -> str | None:
    """Why ``ref`` (written in a file in ``base``) may not be followed, or None."""
    shown = ref if len(ref) <= 80 else ref[:77] + "..."
    if "\x00" in ref:
        return f"{what} {shown!r} holds a NUL character, which no file name may hold"
    if not ref.lower().endswith(REF_SUFFIXES):
        return f"{what} {shown!r} must name a .yaml or .yml file"
    target = _resolve(base, ref)
    roots = reference_roots(base)
    if not any(target.is_relative_to(root) for root in roots):
        return (
            f"{what} {shown!r} lies outside the folders a file may refer to: {roots[0]} "
            f"(the file's folder and the one above it), {roots[1]} (the home folder) and "
            "Tabletop's bundled content"
        )
    return None


def _file_problem(target: Path) -> str | None:
    try:
        if target.is_file():
            return None
        return "is not a file" if target.exists() else "not found"
    except (OSError, ValueError) as exc:
        return f"cannot be read ({getattr(exc, 'strerror', None) or exc})"


def _referenced(
    ck: Checker, container: Any, key: Any, ref: Any, base: Path, what: str
) -> tuple[Path, Parsed] | None:
    """The path a reference names, if it is a string naming an allowed, existing file, and
    the file parsed: read from that one resolved path, by descriptor, with no link
    followed and the open file checked to lie in the allowed folders (so nothing can
    change between the check and the read)."""
    if not isinstance(ref, str) or not ref:
        ck.error(container, key, f"{what} must be a path, not {type_name(ref)}")
        return None
    problem = reference_problem(base, ref, what)
    if problem is not None:
        ck.error(container, key, problem)
        return None
    target = _resolve(base, ref)
    reason = _file_problem(target)
    if reason is not None:
        shown = ref if len(ref) <= 80 else ref[:77] + "..."
        ck.error(container, key, f"{what} {shown!r} {reason} (tried {target})"[:400])
        return None
    return target, load_path(target, reference_roots(base))


# --- per kind --------------------------------------------------------------------------


def chart_at(ck: Checker, path: Path, parsed: Parsed | None = None) -> TerrainChart | None:
    cck = ck.for_file(str(path))
    doc, kind = _read(cck, path, ("tabletop/terrain",), parsed)
    return chart_mod.chart_from(cck, doc) if kind else None


def _chart_for_map(ck: Checker, doc: dict[str, Any], base: Path) -> TerrainChart | None:
    ref = doc.get("terrain", "standard")
    key = "terrain" if "terrain" in doc else None
    if isinstance(ref, str) and is_bundled_name(ref):
        target = paths.bundled_terrain_chart(ref)
        if _file_problem(target) is not None:
            known = sorted(p.stem for p in paths.MAPS.glob("*.yaml") if _is_chart(p))
            shown = ref if len(ref) <= 40 else ref[:37] + "..."
            ck.error(
                doc,
                key,
                f"no bundled terrain chart {shown!r}{did_you_mean(ref, known)} "
                f"(bundled: {', '.join(known)}; or give a path to a .yaml file)",
            )
            return None
    else:
        found = _referenced(ck, doc, key, ref, base, "terrain chart")
        if found is None:
            return None
        return chart_at(ck, *found)
    return chart_at(ck, target)


def _is_chart(path: Path) -> bool:
    """A bundled file that is a terrain chart (its first lines say so)."""
    try:
        with open(path, encoding="utf-8") as f:
            return any(
                line.startswith("format: tabletop/terrain") for line in f.read(4096).splitlines()
            )
    except (OSError, UnicodeDecodeError):
        return False


def map_at(ck: Checker, path: Path, parsed: Parsed | None = None) -> HexMap | None:
    mck = ck.for_file(str(path))
    doc, kind = _read(mck, path, ("tabletop/map",), parsed)
    if not kind:
        return None
    hexmap = maps.map_from(mck, doc, _chart_for_map(mck, doc, real_folder(path)))
    if hexmap is not None:
        ref = doc.get("terrain", "standard")
        hexmap.chart_ref = ref if isinstance(ref, str) else "standard"
        hexmap.path = path
        bg = hexmap.background
        image = background_path(path, bg.image) if bg is not None else None
        if bg is not None and image is not None and not image.is_file():
            mck.warn(
                doc["background"], "image",
                f"background image {bg.image!r} not found or not a file (tried "
                f"{image}); the map is shown without it",
            )  # fmt: skip
    return hexmap


def counters_at(ck: Checker, path: Path, parsed: Parsed | None = None) -> CounterFile | None:
    cck = ck.for_file(str(path))
    doc, kind = _read(cck, path, ("tabletop/counters",), parsed)
    if not kind:
        return None
    cf = counters_from(cck, doc)
    cf.path = path
    return cf


def _counter_refs(
    ck: Checker, doc: dict[str, Any], base: Path, ruleset: str
) -> tuple[dict[str, UnitType], list[str]]:
    refs = doc.get("counters")
    if isinstance(refs, str):
        refs = [refs]
    seq = ck.sequence(doc, "counters", refs, "counters")
    if "counters" not in doc:
        ck.error(doc, None, "the scenario has no 'counters:' list")
    types: dict[str, UnitType] = {}
    for i, ref in enumerate(seq):
        container, key = (seq, i) if seq is doc.get("counters") else (doc, "counters")
        found = _referenced(ck, container, key, ref, base, "counters file")
        cf = counters_at(ck, *found) if found else None
        if cf is None:
            continue
        if cf.ruleset != ruleset:
            ck.error(
                container,
                key,
                f"{ref} holds {cf.ruleset} counters, but this is a {ruleset} scenario",
            )
        for type_id, t in cf.units.items():
            if type_id in types:
                ck.error(
                    container,
                    key,
                    f"unit type {type_id!r} of {ref} is already defined "
                    "by an earlier counters file",
                )
            types.setdefault(type_id, t)
    return types, [str(r) for r in seq]


_MAPS_IN_MEMORY: ContextVar[dict[Path, HexMap] | None] = ContextVar("maps_in_memory", default=None)
"""Maps being edited, by absolute file path, which :func:`validate_file` checks against."""


def _map_for(ck: Checker, found: tuple[Path, Parsed]) -> HexMap | None:
    """The map a scenario refers to: the one being edited, else the file."""
    edited = (_MAPS_IN_MEMORY.get() or {}).get(found[0])
    return edited if edited is not None else map_at(ck, *found)


def scenario_parts(
    ck: Checker, doc: dict[str, Any], path: Path
) -> tuple[Scenario | None, scenarios.Context | None]:
    is_game = str(doc.get("format", "")).startswith("tabletop/game")
    top = scenarios.TOP_KEYS + (("game", "state", "log", seal.KEY) if is_game else ())
    ck.mapping(None, None, doc, "the scenario", top, fields.SCENARIO.required)
    ruleset = str(
        fields.SCENARIO.read(ck, doc, "ruleset", "the scenario", fallback="platoon",
                             choices=tuple(known()))
    )  # fmt: skip
    base = real_folder(path)
    found = _referenced(ck, doc, "map", doc["map"], base, "map file") if "map" in doc else None
    hexmap = _map_for(ck, found) if found else None
    types, counter_refs = _counter_refs(ck, doc, base, ruleset)
    sc, ctx = scenarios.scenario_from(ck, doc, hexmap, types, ruleset)
    sc.path = path
    sc.map_ref = str(doc.get("map", ""))
    sc.counter_refs = counter_refs
    semantics.check_scenario(ck, ctx, doc, sc)
    if is_game:
        seal.check_key(ck, doc)
    return (sc if hexmap is not None else None), ctx


@contextmanager
def _reading() -> Iterator[dict[str, bytes]]:
    """The bytes of every file read inside (by path), for the seal; an outer load's."""
    reads = READS.get()
    if reads is not None:
        yield reads
        return
    reads = {}
    token = READS.set(reads)
    try:
        yield reads
    finally:
        READS.reset(token)


def _chart_path(hexmap: HexMap) -> Path | None:
    """The terrain chart file a map loaded from a file was read with."""
    ref = hexmap.chart_ref
    if is_bundled_name(ref):
        return paths.bundled_terrain_chart(ref)
    return None if hexmap.path is None else _resolve(real_folder(hexmap.path), ref)


def _source_digests(sc: Scenario, reads: Mapping[str, bytes]) -> list[str] | None:
    """The digests of the files the scenario's map and unit types were read from in this
    load (map, terrain chart, counters files); None if one was not read here (a map in
    memory, being edited)."""
    if sc.map.path is None or sc.path is None:
        return None
    base = real_folder(sc.path)
    targets = [sc.map.path, _chart_path(sc.map), *(_resolve(base, r) for r in sc.counter_refs)]
    raws = [None if t is None else reads.get(str(t)) for t in targets]
    if any(raw is None for raw in raws):
        return None
    return [seal.file_digest(raw) for raw in raws if raw is not None]


def _scenario_at(
    ck: Checker,
    path: Path,
    kinds: tuple[str, ...],
    parsed: Parsed | None = None,
    check: Check | None = None,
) -> Document | None:
    sck = ck.for_file(str(path))
    with _reading() as reads:
        doc, kind = _read(sck, path, kinds, parsed)
        if not kind:
            return None
        sc, ctx = scenario_parts(sck, doc, path)
    digests = None if sc is None or ck.errors else _source_digests(sc, reads)
    if kind == "tabletop/game" and sc is not None and ctx is not None:
        game = games.game_from(sck, ctx, doc, sc)
        if ck.errors:
            return game
        raw = reads.get(str(path))
        sealed = digests is not None and raw is not None and seal.seal_matches(raw, digests)
        agrees = sealed
        if check is not None and check.deferred is not None and not sealed:
            # checked later (the app's worker): sealed only once its log agrees
            sources = None if digests is None else seal.sources_of(sc, digests)
            check.deferred.append(PendingCheck(game, str(path), doc, sources))
            return game
        if check is not None and (check.thorough or not sealed):  # does its log agree?
            differences = [(gamerecord.file_place(game, p), m) for p, m in check.game_check(game)]
            gamecheck.report(sck, doc, differences, check.as_warnings)
            agrees = not differences
        if agrees and digests is not None:  # the game follows from its log: a save seals it
            sc.sources = seal.sources_of(sc, digests)
        return game
    if sc is not None and digests is not None:
        sc.sources = seal.sources_of(sc, digests)
    return sc


@dataclass(frozen=True)
class Check:
    """A saved game's replay check, given by a layer that knows the rules (see gamecheck).
    It runs unless the game's seal matches (:mod:`seal`); ``thorough``: always;
    ``deferred``: not during the load: a :class:`PendingCheck` is added to the list."""

    game_check: GameCheck
    as_warnings: bool = False
    thorough: bool = False
    deferred: list[PendingCheck] | None = None


@dataclass(eq=False)
class PendingCheck:
    """A saved game loaded without its replay check (its seal did not match: a game of
    another build, or edited by hand), to be checked later, off the loading thread: the
    game as the file says, not sealed. :meth:`finish` takes the check's differences
    (:data:`~tabletop.data.gamecheck.Difference`, by standing action) and seals the game
    only when there are none; each difference comes back located, ``FILE:LINE:COLUMN``."""

    game: GameState
    path: str
    doc: dict[str, Any] = field(repr=False)
    """The file's document as read (its places locate the differences)."""
    sources: seal.Sources | None
    """What the game is sealed with once its log agrees (None: it cannot be sealed)."""
    finished: bool = False

    def finish(self, differences: Sequence[gamecheck.Difference]) -> list[Problem]:
        """The check ended with ``differences``: none seals the game (a save writes its
        seal); each one is returned as a located warning. The document is let go."""
        ck = Checker(self.path)
        located = [(gamerecord.file_place(self.game, p), m) for p, m in differences]
        gamecheck.report(ck, self.doc, located, as_warnings=True)
        if not differences and self.sources is not None:
            self.game.scenario.sources = self.sources
        self.doc = {}
        self.finished = True
        return _unique(ck.warnings)


_BY_KIND: dict[str, Callable[[Checker, Path, Parsed | None], Document | None]] = {
    "tabletop/terrain": chart_at,
    "tabletop/map": map_at,
    "tabletop/counters": counters_at,
    "tabletop/scenario": lambda ck, p, parsed: _scenario_at(ck, p, ("tabletop/scenario",), parsed),
    "tabletop/game": lambda ck, p, parsed: _scenario_at(ck, p, ("tabletop/game",), parsed),
}


def _strict(
    fn: Callable[[Checker, Path, Parsed | None], Document | None], path: str | os.PathLike[str]
) -> Any:
    p = Path(path)
    ck = Checker(str(p))
    result = fn(ck, p, None)
    if ck.errors or result is None:
        raise DataError(ck.errors or [Problem(str(p), 0, 0, "could not be loaded")], ck.warnings)
    return result


# --- public loading ----------------------------------------------------------------------


def load_chart(path_or_name: str | os.PathLike[str]) -> TerrainChart:
    """A terrain chart file, or a bundled chart by name (``"standard"``)."""
    ref = os.fspath(path_or_name)
    if is_bundled_name(ref) and _file_problem(Path(ref)) is not None:
        ref = str(paths.bundled_terrain_chart(ref))
    chart: TerrainChart = _strict(chart_at, ref)
    return chart


def load_map(path: str | os.PathLike[str]) -> HexMap:
    hexmap: HexMap = _strict(map_at, path)
    return hexmap


def load_counters(path: str | os.PathLike[str]) -> CounterFile:
    cf: CounterFile = _strict(counters_at, path)
    return cf


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    sc: Scenario = _strict(_BY_KIND["tabletop/scenario"], path)
    return sc


def load_game(path: str | os.PathLike[str], game_check: GameCheck | None = None) -> GameState:
    """A saved game; with ``game_check``, one whose state disagrees with its log is refused."""
    check = None if game_check is None else Check(game_check)
    game: GameState = _strict(
        lambda ck, p, parsed: _scenario_at(ck, p, ("tabletop/game",), parsed, check), path
    )
    return game


def _any_kind(
    ck: Checker, path: Path, parsed: Parsed | None = None, check: Check | None = None
) -> Document | None:
    with _reading():
        parsed = parsed if parsed is not None else load_path(path)
        probe = Checker(str(path))
        _, kind = _read(probe, path, KINDS, parsed)
        if kind is None:
            ck.errors.extend(probe.errors)  # the reasons
            return None
        if kind == "tabletop/game":
            return _scenario_at(ck, path, (kind,), parsed, check)
        return _BY_KIND[kind](ck, path, parsed)


def load_document(path: str | os.PathLike[str], game_check: GameCheck | None = None) -> Document:
    """Whatever the file's ``format:`` says it is; a saved game is checked against its log
    with ``game_check`` (a disagreement is an error)."""
    check = None if game_check is None else Check(game_check)
    result: Document = _strict(partial(_any_kind, check=check), path)
    return result


def load_document_warnings(
    path: str | os.PathLike[str], game_check: GameCheck
) -> tuple[Document, list[Problem]]:
    """Like :func:`load_document`, a disagreement with the log being a warning: the
    document and the warnings (for the app, which lets the player decide)."""
    p = Path(path)
    ck = Checker(str(p))
    result = _any_kind(ck, p, None, Check(game_check, as_warnings=True))
    if ck.errors or result is None:
        raise DataError(ck.errors or [Problem(str(p), 0, 0, "could not be loaded")], ck.warnings)
    return result, _unique(ck.warnings)


def load_document_deferred(
    path: str | os.PathLike[str],
) -> tuple[Document, list[Problem], PendingCheck | None]:
    """Like :func:`load_document_warnings`, a saved game whose seal does not match loaded
    without its replay check: (the document, the warnings, the check still to make, or
    None). The game is not sealed until :meth:`PendingCheck.finish` finds no difference."""
    p = Path(path)
    ck = Checker(str(p))
    pending: list[PendingCheck] = []

    def never(game: GameState) -> list[gamecheck.Difference]:  # (deferred: never called)
        raise AssertionError("a deferred check runs later")

    result = _any_kind(ck, p, None, Check(never, as_warnings=True, deferred=pending))
    if ck.errors or result is None:
        raise DataError(ck.errors or [Problem(str(p), 0, 0, "could not be loaded")], ck.warnings)
    return result, _unique(ck.warnings), (pending[0] if pending else None)


def validate_file(
    path: str | os.PathLike[str],
    game_check: GameCheck | None = None,
    maps_in_memory: Mapping[Path, HexMap] | None = None,
) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) of one file and the files it refers to; never raises. With
    ``game_check`` a saved game's state is checked against its replayed log, sealed or
    not (``validate`` is the thorough check).
    ``maps_in_memory``: maps being edited, by file path; a scenario that refers to one of
    those files is checked against the map in memory instead of the file on disk."""
    p = Path(path)
    ck = Checker(str(p))
    token = _MAPS_IN_MEMORY.set(
        {Path(os.path.realpath(k)): v for k, v in (maps_in_memory or {}).items()}
    )
    try:
        _any_kind(ck, p, None, None if game_check is None else Check(game_check, thorough=True))
    except Exception as exc:  # validate reports, it never crashes
        ck.errors.append(Problem(str(p), 0, 0, f"internal error while checking: {exc!r}"))
    finally:
        _MAPS_IN_MEMORY.reset(token)
    return _unique(ck.errors), _unique(ck.warnings)


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


# --- saving ----------------------------------------------------------------------------


def rewrite_ref(ref: str, old_file: Path | None, new_file: Path) -> str:
    """A relative reference written beside ``old_file``, rewritten to work beside ``new_file``."""
    if not ref or os.path.isabs(ref) or old_file is None or is_bundled_name(ref):
        return ref
    old_dir = real_folder(old_file)  # where the reference was read from
    new_dir = real_folder(new_file)  # where it will be read from (a link followed)
    if old_dir == new_dir:
        return ref
    target = _resolve(old_dir, ref)
    return Path(os.path.relpath(target, new_dir)).as_posix()


def _ref_to(target: Path | None, new_file: Path, what: str) -> str:
    if target is None:
        raise ValueError(f"cannot save: the {what} has no file to refer to")
    return Path(os.path.relpath(os.path.abspath(target), real_folder(new_file))).as_posix()


def dumps_map(hexmap: HexMap, form: str = "auto") -> str:
    return dump_text(maps.map_to_dict(hexmap, form))


def map_file_dict(
    hexmap: HexMap, path: Path, form: str = "auto"
) -> tuple[dict[str, Any], str, Background | None]:
    """The file form of ``hexmap`` as written at ``path`` (the chart and background image
    references rewritten for that folder), with those two references; ``hexmap`` is not
    changed."""
    return maps.run_steps(map_file_steps(hexmap, path, form))


def map_file_steps(
    hexmap: HexMap, path: Path, form: str = "auto"
) -> maps.Steps[tuple[dict[str, Any], str, Background | None]]:
    """:func:`map_file_dict` a short step at a time (see :func:`maps.map_dict_steps`)."""
    ref = hexmap.chart_ref or hexmap.chart.name
    ref = ref if is_bundled_name(ref) else relative_ref(ref, hexmap.path, path)
    bg = hexmap.background
    if bg is not None:
        bg = replace(bg, image=image_ref(bg.image, hexmap.path, path))
    data = yield from maps.map_dict_steps(hexmap, form, chart_ref=ref)
    if bg is not None:
        data["background"] = maps.background_dict(bg)
    return data, ref, bg


def map_json_pieces(hexmap: HexMap, path: Path) -> Iterator[str]:
    """The text of a map's file as written at ``path``, machine-written (JSON, one record a
    line, which every YAML reader loads: the recovery file), in pieces: each ``next()`` is
    a short step (about a millisecond on a 200 x 200 map), so a caller may do them between
    frames."""
    steps = map_file_steps(hexmap, path)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            data = done.value[0]
            break
        yield ""
    yield from machine.pieces(data)


def save_map(hexmap: HexMap, path: str | os.PathLike[str], form: str = "auto") -> None:
    """Write a map atomically; a relative chart path is rewritten for the new folder. The
    file the map was read from keeps its comments and layout (:func:`kept_text`)."""
    p = save_target(path)
    text, ref, bg = map_text(hexmap, p, form)
    atomic_write(p, text)
    hexmap.chart_ref, hexmap.path, hexmap.background = ref, p, bg


def map_text(hexmap: HexMap, path: Path, form: str = "auto") -> tuple[str, str, Background | None]:
    """The text :func:`save_map` writes at ``path``, with the chart and background
    references it writes. ``form`` ``auto`` keeps the form of the file the map was read
    from (``rows:`` or ``hexes:``), else chooses by size."""
    original = _original(hexmap.path)
    if form == "auto" and original is not None and not original.lstrip().startswith("{"):
        form = "rows" if re.search(r"^rows:", original, re.MULTILINE) else "hexes"
    data, ref, bg = map_file_dict(hexmap, path, form)

    def form_of(file: Path) -> dict[str, Any]:
        return map_file_dict(load_map(file), path, form)[0]

    return kept_text(data, hexmap.path, original, path, HEADERS["map"], form_of), ref, bg


HEADERS = {
    "map": "A Tabletop map (docs/formats.md, section 3), written by the map editor.",
    "counters": "Tabletop counters (docs/formats.md, section 4), written by the counter editor.",
    "scenario": "A Tabletop scenario (docs/formats.md, section 5), written by the scenario editor.",
    "terrain": "A Tabletop terrain chart (docs/formats.md, section 2).",
}
"""The comment at the top of a hand-written file an editor writes anew."""


def _original(source: Path | None) -> str | None:
    """The text of the file a document was read from, if it can still be read."""
    if source is None:
        return None
    text, _ = read_text(Path(source))
    return text


def kept_text(
    data: dict[str, Any],
    source: Path | None,
    original: str | None,
    target: Path,
    header: str,
    form_of: Callable[[Path], dict[str, Any]],
) -> str:
    """The text of a hand-written file (map, scenario, counters) holding ``data`` (its
    writer's form), saved at ``target``: the file ``source`` the document was read from
    (its text ``original``), updated where the editor changed the document, every
    comment and line the change does not touch kept (:mod:`roundtrip`); else a new file.

    ``form_of(file)``: the writer's form of the document in ``file`` (loaded), as if saved
    at ``target``. The editor's changes are those from the form of ``source`` as it is on
    disk; and the kept text, loaded, must give exactly ``data`` again (else the new file is
    written). A document read from a machine-written file (the recovery file) saved over a
    hand-written one keeps that file's comments and layout instead."""
    if original is not None and original.lstrip()[:1] == "{" and Path(target).is_file():
        on_disk, _ = read_text(Path(target))
        if on_disk is not None and on_disk.lstrip()[:1] not in ("{", ""):
            original, source = on_disk, Path(target)
    if original is None or source is None or original.lstrip()[:1] in ("{", ""):
        return roundtrip.new_text(data, header)  # nothing to keep (see roundtrip.kept_text)
    try:
        before: Any = form_of(Path(source))
    except (DataError, OSError, ValueError, RuntimeError):
        before = None
    text = roundtrip.kept_text(data, original, header, before)
    if _reads_back(text, target, form_of, data):
        return text
    return roundtrip.new_text(data, header)


def _reads_back(
    text: str, target: Path, form_of: Callable[[Path], dict[str, Any]], data: dict[str, Any]
) -> bool:
    """Whether ``text``, loaded as a file beside ``target``, is the document of ``data``."""
    try:
        fd, name = tempfile.mkstemp(suffix=".yaml", dir=target.parent)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        return roundtrip.same(form_of(Path(name)), data)
    except (DataError, OSError, ValueError, RuntimeError):
        return False
    finally:
        os.unlink(name)


def relative_ref(ref: str, old_file: Path | None, new_file: Path) -> str:
    """A path written in ``old_file`` (a chart), as a file saved at ``new_file`` writes it:
    relative to that file's real folder, where it will be read from (an absolute path, as
    a newly chosen file has, becomes relative too)."""
    target = _ref_target(ref, old_file)
    if target is None:
        return ref
    try:
        return Path(os.path.relpath(target, real_folder(new_file))).as_posix()
    except ValueError:  # another drive on Windows: only an absolute path works
        return target.as_posix()


def image_ref(image: str, old_file: Path | None, new_file: Path) -> str:
    """A map's background image as the map saved at ``new_file`` writes it: relative to
    that file's real folder when the image lies in that folder or below the folder above
    it (the folders a reference may name), so the map and its scans move together;
    otherwise its absolute path (``/usr/share/scans/board.png`` from ``~/maps``), which
    keeps working wherever the map goes."""
    target = _ref_target(image, old_file)
    if target is None:
        return image
    new_dir = real_folder(new_file)
    if not Path(os.path.realpath(target)).is_relative_to(new_dir.parent):
        return Path(os.path.abspath(target)).as_posix()
    try:
        return Path(os.path.relpath(target, new_dir)).as_posix()
    except ValueError:  # another drive on Windows: only an absolute path works
        return target.as_posix()


def _ref_target(ref: str, old_file: Path | None) -> Path | None:
    """The file a path written in ``old_file`` names (read from its real folder), or None
    for a relative path of a file that has no folder yet."""
    if os.path.isabs(ref):
        return Path(os.path.normpath(ref))
    if old_file is None:
        return None
    return _resolve(real_folder(old_file), ref)


def background_path(hexmap_path: Path | None, image: str) -> Path:
    """Where a map's background image is: relative to the map file's real folder, as every
    reference of a file is (a symbolic link followed)."""
    if os.path.isabs(image) or hexmap_path is None:
        return Path(image)
    return _resolve(real_folder(hexmap_path), image)


def dumps_counters(cf: CounterFile) -> str:
    return dump_text(counters_to_dict(cf))


def counters_text(cf: CounterFile, path: str | os.PathLike[str]) -> str:
    """The text :func:`save_counters` writes at ``path``: the file the counters were read
    from keeps its comments and layout (:func:`kept_text`)."""
    p = Path(path)
    data = counters_to_dict(cf)

    def form_of(file: Path) -> dict[str, Any]:
        return counters_to_dict(load_counters(file))

    return kept_text(data, cf.path, _original(cf.path), p, HEADERS["counters"], form_of)


def save_counters(cf: CounterFile, path: str | os.PathLike[str]) -> None:
    cf.path = atomic_write(path, counters_text(cf, save_target(path)))


def dumps_chart(chart: TerrainChart) -> str:
    return dump_text(chart_mod.chart_to_dict(chart))


def scenario_to_dict(
    sc: Scenario, path: str | os.PathLike[str] | None = None, fmt: str = scenarios.FORMAT
) -> dict[str, Any]:
    """The file form of a scenario, with references made to work from ``path``."""
    new = Path(path) if path is not None else (sc.path or Path("scenario.yaml"))
    if sc.map_ref:
        map_ref = rewrite_ref(sc.map_ref, sc.path, new)
    else:
        map_ref = _ref_to(sc.map.path, new, "map")
    counter_refs = [rewrite_ref(r, sc.path, new) for r in sc.counter_refs]
    out = scenarios.scenario_head(sc, fmt, map_ref, counter_refs)
    out.update(scenarios.scenario_body(sc, _labeller(sc.map)))
    return out


def _labeller(hexmap: HexMap) -> Callable[[Any], str | None]:
    def label(h: Any) -> str | None:
        return None if h is None else hexmap.label(h)

    return label


def save_scenario(sc: Scenario, path: str | os.PathLike[str]) -> None:
    """Write a scenario atomically; the file it was read from keeps its comments and
    layout (:func:`kept_text`)."""
    p = save_target(path)
    text, data = scenario_text(sc, p)
    atomic_write(p, text)
    sc.map_ref, sc.counter_refs, sc.path = data["map"], list(data["counters"]), p


def scenario_text(sc: Scenario, path: Path) -> tuple[str, dict[str, Any]]:
    """The text :func:`save_scenario` writes at ``path``, and its file form."""
    data = scenario_to_dict(sc, path)

    def form_of(file: Path) -> dict[str, Any]:
        return scenario_to_dict(load_scenario(file), path)

    text = kept_text(data, sc.path, _original(sc.path), path, HEADERS["scenario"], form_of)
    return text, data


def game_to_dict(game: GameState, path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    out = scenario_to_dict(game.scenario, path, games.FORMAT)
    label = _labeller(game.scenario.map)
    out["game"] = gamerecord.record_dict(game.record)
    out["state"] = games.state_dict(game, label)
    out["log"] = games.log_list(game)
    return out


def game_text(
    game: GameState, path: str | os.PathLike[str] | None = None
) -> tuple[str, dict[str, Any]]:
    """A saved game's text as written at ``path`` (references made to work from there), and
    its file form; sealed when the game is known to follow from its log (:mod:`seal`).
    Machine-written (:mod:`~tabletop.data.machine`: JSON, one record a line, which every
    YAML reader loads), since a game of 10,000 units holds 30,000 records: the saves, the
    CLI's ``--out`` and the app's recovery file alike."""
    data = game_to_dict(game, path)
    return seal.sealed_json(machine.dumps(data), game_sources(game)), data


def game_sources(game: GameState) -> seal.Sources | None:
    """What a save of ``game`` seals it with: the files its map and unit types were read
    from, if they are still those in play and the game follows from its log."""
    sources = game.scenario.sources
    if isinstance(sources, seal.Sources) and sources.current(game.scenario):
        return sources
    return None


def dumps_game(game: GameState) -> str:
    """A saved game's text, its references as the scenario's (see :func:`game_text`)."""
    return game_text(game)[0]


def save_game(game: GameState, path: str | os.PathLike[str]) -> None:
    p = save_target(path)
    text, data = game_text(game, p)
    atomic_write(p, text)
    sc = game.scenario
    sc.map_ref, sc.counter_refs, sc.path = data["map"], list(data["counters"]), p
