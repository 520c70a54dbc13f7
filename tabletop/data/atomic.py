"""Atomic saves: a file is either its old self or its complete new self, never half written.

:func:`atomic_write` writes a temporary file beside the target, flushes it to disk and
renames it over the target. What the target may be is decided first (:func:`save_target`):

* a new path in an existing folder, or an existing regular file that may be written;
* a symbolic link is followed to the file it names, which is the one replaced (the link
  stays a link);
* anything else is refused with a plain :class:`SaveRefused`: a folder, a path written
  with a trailing ``/``, a FIFO, a device, a socket, a read-only file.

A save that was killed leaves its temporary file (``.NAME.XXXXXXXX.tmp``) behind; the next
successful save of the same file removes such leftovers once they are older than
:data:`STALE_SECONDS` (younger ones may belong to a save still running elsewhere).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

STALE_SECONDS = 60.0
"""A temporary file of ours this old is a leftover of a killed save."""

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class SaveRefused(OSError):
    """The target of a save is not something a save may replace; ``str()`` says why."""

    def __init__(self, message: str, code: int = errno.EINVAL) -> None:
        super().__init__(code, message)

    def __str__(self) -> str:
        return str(self.strerror)


def _kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def save_target(path: str | os.PathLike[str]) -> Path:
    """The regular file a save of ``path`` replaces or creates, or :class:`SaveRefused`."""
    raw = os.fspath(path)
    if not raw:
        raise SaveRefused("cannot write: no file name given")
    if raw.endswith(("/", os.sep)):
        raise SaveRefused(f"cannot write {raw}: it names a folder (give a file name)")
    target = Path(os.path.realpath(raw)) if os.path.islink(raw) else Path(raw)
    shown = raw if str(target) == raw else f"{raw} (a link to {target})"
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise SaveRefused(f"cannot write {shown}: {exc.strerror or exc}", exc.errno or 0) from None
    except ValueError as exc:  # a NUL character in the name
        raise SaveRefused(f"cannot write {shown!r}: {exc}") from None
    if st is None:
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir():
            raise SaveRefused(f"cannot write {shown}: there is no folder {folder}", errno.ENOENT)
        return target
    if not stat.S_ISREG(st.st_mode):
        raise SaveRefused(f"cannot write {shown}: it is {_kind_of(st.st_mode)}, not a file")
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise SaveRefused(f"cannot write {shown}: the file is read-only", errno.EACCES)
    return target


def own_file_problem(path: Path) -> str | None:
    """Why the app's own file ``path`` (its recovery file) may not be written or read: it,
    or the folder it is in, is a symbolic link (which the app never follows for its own
    files: a link there would make an autosave overwrite the file it points to), or it is
    not a regular file. None: it may be."""
    for what, where in (("file", path), ("folder", path.parent)):
        try:
            st = os.lstat(where)
        except FileNotFoundError:
            continue
        except (OSError, ValueError) as exc:
            return f"its {what} {where} cannot be used: {getattr(exc, 'strerror', None) or exc}"
        if stat.S_ISLNK(st.st_mode):
            return (f"{where} is a symbolic link: Tabletop never writes its own files "
                    "through a link (remove the link)")  # fmt: skip
        if what == "file" and not stat.S_ISREG(st.st_mode):
            return f"{where} is {_kind_of(st.st_mode)}, not a file (remove it)"
    return None


def atomic_write(
    path: str | os.PathLike[str], data: str | bytes, *, own_file: bool = False
) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; the file written.

    Temp file in the target's folder, fsync, rename over the target, fsync the folder. On
    any failure (a full disk included) the temp file is removed and the target is as it was.
    ``own_file``: one of the app's own files, never written through a symbolic link
    (:func:`own_file_problem`; :class:`SaveRefused` says why).
    """
    if own_file:
        problem = own_file_problem(Path(path))
        if problem is not None:
            raise SaveRefused(f"cannot write {path}: {problem}")
    target = save_target(path)
    folder = target.parent if str(target.parent) else Path(".")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)
    remove_stale_temps(target)
    return target


def remove_stale_temps(target: Path, older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove our leftover temporary files of ``target`` (older than ``older_than`` s)."""
    folder = target.parent if str(target.parent) else Path(".")
    pattern = re.compile(rf"\.{re.escape(target.name)}\.[A-Za-z0-9_]{{8}}\.tmp")
    now = time.time()
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if not pattern.fullmatch(entry.name):
                continue
            with contextlib.suppress(OSError):
                st = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform lets a folder be opened)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _mode_for(path: Path) -> int:
    """The replaced file keeps its permissions; a new one gets the usual ones (0666 less
    the umask), not the private 0600 that a temporary file is created with."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask, read without changing it (``os.umask`` would, for every thread)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022
