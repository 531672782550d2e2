"""Output folders that are complete or absent (docs/reliability.md).

Every command that writes a folder of results (``simulate --out``, ``meta --out``) goes through
this module:

* :func:`check_out_dir` — before any work: the folder can be written (its nearest existing parent
  is a writable folder, probed by creating and removing a temporary folder there), it is not the
  current folder or one of its parents, and it is absent, empty, a simcli report, or ``force``.
* :func:`write_out_dir` (or the context manager :func:`staged_out_dir`) — writes everything into a
  temporary folder beside the target (``.NAME.tmp-*``, same file system) and renames it into place
  only when complete; a previous report there is moved aside first and removed afterwards.  A
  failure, an exception or Ctrl-C while writing removes the temporary folder and leaves the target
  as it was; a kill leaves at most a hidden ``.NAME.tmp-*`` folder, never a half-written NAME.

A folder is a simcli report when it holds :data:`MARKER` (written last into every folder written
here) or, for reports written before the marker existed, a ``summary.json`` with an
``engine_version``.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from simcli.errors import UserError

MARKER = ".simcli-report"
T = TypeVar("T")


class OutDirError(UserError):
    """The output folder cannot be used; the message is one line naming it."""


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def is_report_dir(path: str | Path) -> bool:
    """True when ``path`` is a folder written by simcli (marker file, or a legacy summary.json)."""
    path = Path(path)
    if (path / MARKER).is_file():
        return True
    summary = path / "summary.json"
    try:
        if summary.is_file() and summary.stat().st_size < 1_000_000:
            return "engine_version" in json.loads(summary.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    return False


def _nearest_existing(path: Path) -> Path:
    p = path
    while not (p.exists() or p.is_symlink()) and p != p.parent:
        p = p.parent
    return p


def check_out_dir(target: str | Path, force: bool = False) -> Path:
    """Raise :class:`OutDirError` (one line) unless a report folder can be written at ``target``.

    Nothing is left behind: the probe folder is removed again.  Returns ``target`` as a Path.
    """
    target = Path(target)
    name = str(target)
    try:
        resolved = target.resolve()
        cwd = Path.cwd().resolve()
    except (OSError, RuntimeError) as exc:
        raise OutDirError(f"{name}: cannot use this folder: {exc}") from None
    if resolved == cwd or resolved in cwd.parents:
        raise OutDirError(f"{name}: is the current folder or one of its parents; choose a new folder for the report")
    if target.exists() or target.is_symlink():
        if not target.is_dir():
            raise OutDirError(f"{name}: exists and is not a folder")
        try:
            empty = next(os.scandir(target), None) is None
        except OSError as exc:
            raise OutDirError(f"{name}: cannot read the folder: {_why(exc)}") from None
        if not empty and not force and not is_report_dir(target):
            raise OutDirError(f"{name}: folder is not empty and not a simcli report; "
                              "choose another folder or use --force to replace it")
    parent = _nearest_existing(resolved.parent)
    if not parent.is_dir():
        raise OutDirError(f"{name}: cannot create the folder: {parent} is not a folder")
    try:
        probe = tempfile.mkdtemp(prefix=f".{resolved.name}.probe-", dir=parent)
        os.rmdir(probe)
    except OSError as exc:
        raise OutDirError(f"{name}: cannot write in {parent}: {_why(exc)}") from None
    return target


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync(path: Path) -> None:
    """fsync a file or folder (folders: where the platform allows opening them)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # a file system without fsync on folders
    finally:
        os.close(fd)


def _sync_tree(folder: Path) -> None:
    for root, _dirs, files in os.walk(folder):
        for name in files:
            _fsync(Path(root) / name)
        _fsync(Path(root))


def _replace(tmp: Path, target: Path) -> None:
    """Rename the complete folder ``tmp`` to ``target``, moving an existing ``target`` aside first."""
    if target.exists() or target.is_symlink():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        os.rmdir(old)
        os.rename(target, old)
        try:
            os.rename(tmp, target)
        except OSError:
            os.rename(old, target)
            raise
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)
    else:
        os.rename(tmp, target)


@contextmanager
def staged_out_dir(target: str | Path, force: bool = False, kind: str = "simulate") -> Iterator[Path]:
    """Yield a temporary folder beside ``target``; on a normal exit it becomes ``target``.

    Raises :class:`OutDirError` when the folder cannot be used or written (OSError while writing
    or renaming included): then nothing at ``target`` has changed.
    """
    target = Path(target)
    check_out_dir(target, force)
    target = target.resolve()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
        os.chmod(tmp, 0o777 & ~_umask())  # mkdtemp makes it private; the report gets the usual mode
    except OSError as exc:
        raise OutDirError(f"{target}: cannot create the folder: {_why(exc)}") from None
    try:
        yield tmp
        (tmp / MARKER).write_text(json.dumps({"kind": kind}) + "\n", encoding="utf-8")
        _sync_tree(tmp)  # on disk before the rename makes it visible (a crash cannot leave it half-written)
        _replace(tmp, target)
        _fsync(target.parent)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        raise OutDirError(f"{target}: cannot write the report: {_why(exc)}{where}") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def write_out_dir(target: str | Path, write: Callable[[Path], T], force: bool = False, kind: str = "simulate") -> T:
    """``write(tmp_folder)`` then rename the folder into place at ``target``; returns what ``write`` returned.

    Paths inside the returned value that point into the temporary folder are the caller's to map
    (``target / p.name``); :func:`simcli.report.write_report_dir` does this for report paths.
    """
    with staged_out_dir(target, force=force, kind=kind) as tmp:
        return write(tmp)
