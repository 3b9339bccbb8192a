"""Saving without ever losing the previous workbook (WORKBOOK.md principle 4), one writer at a time (issue 19)."""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from forsxl.book.build import new_workbook_of
from forsxl.book.edits import Edits
from forsxl.book.package import Package
from forsxl.engine.errors import ForsxlError

WAIT_SECONDS = 30.0
"""How long a command waits for another forsxl writing the same workbook before it gives up."""


def backup_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}.bak{path.suffix}")


@dataclass(frozen=True)
class Identity:
    """What a workbook was when it was read: a save refuses to replace a file that has changed since."""

    size: int
    mtime_ns: int
    digest: str

    @classmethod
    def of(cls, path: Path) -> Identity | None:
        try:
            return cls.read(path)[0]
        except OSError:
            return None

    @classmethod
    def read(cls, path: Path) -> tuple[Identity, bytes]:
        """The file's identity and its bytes, taken in one read (what is parsed is what is compared at the save)."""
        with open(path, "rb") as file:
            stat = os.fstat(file.fileno())
            data = file.read()
        return cls(stat.st_size, stat.st_mtime_ns, hashlib.sha256(data).hexdigest()), data


_held: dict[Path, int] = {}
"""The workbooks this process holds the writer's lock of: `save` inside `writing` must not wait for itself."""


def _lock_path(target: Path) -> Path:
    return target.with_name(f".{target.name}.forsxl-lock")


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _acquire(target: Path, waited: float) -> int:
    lock = _lock_path(target)
    deadline = time.monotonic() + waited
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        if _try_lock(fd):
            try:  # the holder before us may have removed the file we locked: lock the one now in place
                if os.stat(lock).st_ino == os.fstat(fd).st_ino:
                    return fd
            except FileNotFoundError:
                pass
        os.close(fd)
        if time.monotonic() > deadline:
            raise ForsxlError("", "file_busy", path=target)
        time.sleep(0.05)


@contextmanager
def writing(path: Path, waited: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold forsxl's own lock beside the workbook for a whole read-compute-write, so two commands started together
    run one after the other instead of one saving over the other's round."""
    target = path.resolve()
    if target in _held:
        yield
        return
    try:
        fd = _acquire(target, waited)
    except OSError as error:  # a read-only folder: no lock can be taken, and no save could happen either
        raise ForsxlError("", "save_failed", path=path, why=error.strerror or type(error).__name__) from None
    _held[target] = fd
    try:
        _clean_stale(target)  # nobody else writes it now: any temporary of ours beside it is a killed run's
        yield
    finally:
        del _held[target]
        if sys.platform != "win32":  # POSIX: removed while locked, so a waiting run locks a fresh file
            _lock_path(target).unlink(missing_ok=True)
        os.close(fd)


def _temporary(target: Path) -> Path:
    """A new temporary file beside `target`, `.club.xlsx.1f2e3d4c.tmp.xlsx`: the whole name and a fixed-length
    tail, so that no other workbook's temporary (`club.2.xlsx`'s) has a name `_clean_stale` takes for one of these."""
    while True:
        path = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp.xlsx")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        return path


def _clean_stale(target: Path) -> None:
    """Remove the temporaries a killed save of `target` left (`_temporary` and its `.bak` spare beside it, a version
    being kept in its versions folder), and no other."""
    ours = re.compile(re.escape(f".{target.name}.") + r"[0-9a-f]{8}\.tmp\.xlsx(\.bak)?")
    for folder, pattern in ((target.parent, ours), (versions_folder(target), re.compile(r"\.\d+\.tmp"))):
        with suppress(OSError):  # a folder that cannot be listed: nothing to clean, and the save will say why
            for leftover in folder.iterdir():
                if pattern.fullmatch(leftover.name):
                    leftover.unlink(missing_ok=True)


def save(edits: Edits, path: Path, read_as: Identity | None = None, package: Package | None = None) -> None:
    """Apply `edits` to the workbook at `path` as `replace` does: the .xlsx `package` it was read from with only
    forsxl's parts replaced (book/package.py), a workbook made whole (`new` edits) as openpyxl writes it, or the file
    the edits name in its place, byte for byte (`file`: a version put back)."""
    def write(temporary: str) -> None:
        if edits.workbook == "file":
            assert edits.file is not None
            shutil.copy2(edits.file, temporary)  # with its time: the workbook as it was saved then
        elif edits.workbook == "new":
            new_workbook_of(edits).save(temporary)
        else:
            assert package is not None
            package.write(edits, temporary)

    replace(path, write, read_as)


def replace(path: Path, write: Callable[[str], None], read_as: Identity | None = None) -> None:
    """Have `write` fill a temporary file beside `path`, keep the old file as the newest of its versions and as
    `name.bak.xlsx`, then rename the temporary over it.

    A crash at any point leaves either the old workbook or the new one in place, never half of one. A workbook
    opened in Excel or LibreOffice since it was read, changed on disk since it was read (`read_as`), or read-only,
    is refused, and an OSError (permission denied, disk full) is a ForsxlError naming the file, with the workbook,
    its versions and its backup as they were. A symlinked workbook is written through the link, to its target.
    """
    target = path.resolve()
    for folder, name in {(path.parent, path.name), (target.parent, target.name)}:
        for lock, app in ((f"~${name}", "Excel"), (f".~lock.{name}#", "LibreOffice")):
            if (folder / lock).exists():
                raise ForsxlError("", "file_locked", path=path, app=app)
    if target.exists() and not target.stat().st_mode & 0o222:  # the mode, not access(): root may write anything
        raise ForsxlError("", "file_read_only", path=path)
    try:
        with writing(path):
            _replace(write, target, path, read_as)
    except OSError as error:
        raise ForsxlError("", "save_failed", path=path, why=error.strerror or type(error).__name__) from None


def _replace(write: Callable[[str], None], target: Path, path: Path, read_as: Identity | None) -> None:
    temporary = str(_temporary(target))
    spare = f"{temporary}.bak"
    kept: Path | None = None
    try:
        write(temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        if read_as is not None and Identity.of(target) != read_as:  # the last look, just before the rename
            raise ForsxlError("", "file_changed", path=path)
        if target.exists():
            kept = _keep(target)
            shutil.copy2(target, spare)  # the backup too is renamed into place whole
            os.replace(spare, backup_path(target))
            shutil.copymode(target, temporary)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide a new workbook from its group
        os.replace(temporary, target)
        kept = None  # saved: the version stays
        _prune(target)
    finally:
        for leftover in (temporary, spare):
            if os.path.exists(leftover):
                os.unlink(leftover)
        if kept is not None:  # not saved: the versions as they were
            _drop(kept)


KEEP_VERSIONS, MORE_VERSIONS, VERSIONS_BYTES = 10, 30, 50 * 2**20
"""Every save keeps the workbook it replaces as a version (`forsxl history`, `forsxl undo`): always the newest 10,
and older ones up to 30 while all of them together stay within 50 MB (a club workbook is about 50 KB)."""
_VERSION = re.compile(r"\d+\.xlsx")


def versions_folder(path: Path) -> Path:
    """The folder of a workbook's versions, beside it: `.club.xlsx.versions`, after the whole file name, so that
    `club.2.xlsx` has its own."""
    return path.with_name(f".{path.name}.versions")


def kept_versions(path: Path) -> list[Path]:
    """The versions kept of the workbook at `path`, newest first: `0001.xlsx`, `0002.xlsx`, ... in the order kept."""
    try:
        kept = [p for p in versions_folder(path).iterdir() if _VERSION.fullmatch(p.name)]
    except OSError:  # none kept yet
        return []
    return sorted(kept, key=lambda p: int(p.stem), reverse=True)


def keep_version(path: Path, copy: Path) -> None:
    """Keep `copy` as the newest version of the workbook at `path`, as a save of it keeps the workbook it replaces:
    the Calc menu's copy of the document before a command changes it in place (forsxl.api `name`)."""
    target = path.resolve()
    try:
        with writing(path):
            _keep(target, copy)
            _prune(target)
    except OSError as error:
        raise ForsxlError("", "save_failed", path=path, why=error.strerror or type(error).__name__) from None


def _keep(target: Path, source: Path | None = None) -> Path:
    """Copy the workbook about to be replaced (or `source`, standing for it) into its versions folder, whole (a
    temporary renamed into place); the version."""
    kept = kept_versions(target)
    folder = versions_folder(target)
    folder.mkdir(exist_ok=True)
    version = folder / f"{int(kept[0].stem) + 1 if kept else 1:04d}.xlsx"
    partial = folder / f".{version.stem}.tmp"
    try:
        shutil.copy2(source or target, partial)  # with its time: when this version was saved
        os.replace(partial, version)
    except BaseException:
        _drop(partial)
        raise
    return version


def _drop(version: Path) -> None:
    """Remove a version a failed save made, and its folder if the save made that too (one with versions stays)."""
    version.unlink(missing_ok=True)
    with suppress(OSError):
        version.parent.rmdir()


def _prune(target: Path) -> None:
    """Remove the oldest versions beyond KEEP_VERSIONS and the bounds."""
    total = 0
    for age, version in enumerate(kept_versions(target)):
        total += version.stat().st_size
        if age >= KEEP_VERSIONS and (age >= MORE_VERSIONS or total > VERSIONS_BYTES):
            version.unlink()
