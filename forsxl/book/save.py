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
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from forsxl.book.build import new_workbook_of
from forsxl.book.edits import Edits
from forsxl.book.kept import drop, keep, note, prune, versions_folder
from forsxl.book.package import Package
from forsxl.engine.errors import ForsxlError
from forsxl.i18n import Later

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
    or the record being kept in its versions folder), and no other."""
    ours = re.compile(re.escape(f".{target.name}.") + r"[0-9a-f]{8}\.tmp\.xlsx(\.bak)?")
    for folder, pattern in ((target.parent, ours), (versions_folder(target), re.compile(r"\.(\d+|undo\.json)\.tmp"))):
        with suppress(OSError):  # a folder that cannot be listed: nothing to clean, and the save will say why
            for leftover in folder.iterdir():
                if pattern.fullmatch(leftover.name):
                    leftover.unlink(missing_ok=True)


def save(edits: Edits, path: Path, read_as: Identity | None = None, package: Package | None = None) -> None:
    """Apply `edits` to the workbook at `path` as `replace` does: the .xlsx `package` it was read from with only
    forsxl's parts replaced (book/package.py), or a workbook made whole (`new` edits) as openpyxl writes it."""
    def write(temporary: str) -> None:
        if package is None:
            new_workbook_of(edits).save(temporary)
        else:
            package.write(edits, temporary)

    replace(path, write, read_as)


def keep_version(path: Path, copy: Path) -> None:
    """Keep `copy` as the newest version of the workbook at `path`, as a save of it keeps the workbook it replaces:
    the Calc menu's copy of the document before a command changes it in place (forsxl.api's `copy_of`). Where undo goes
    from the workbook Calc then saves, the record cannot tell (book/kept.py): it goes to the version kept before."""
    target = path.resolve()
    try:
        with writing(path):
            keep(target, copy)
            prune(target)
    except OSError as error:
        raise ForsxlError("", "save_failed", path=path, why=error.strerror or type(error).__name__) from None


def replace(path: Path, write: Callable[[str], None], read_as: Identity | None = None,
            put_back: str | None = None) -> None:
    """Have `write` fill a temporary file beside `path`, keep the old file as the newest of its versions and as
    `name.bak.xlsx`, then rename the temporary over it; `put_back` names the version an undo writes (book/kept.py).

    A crash at any point leaves either the old workbook or the new one in place, never half of one. A workbook
    opened in Excel or LibreOffice since it was read, changed on disk since it was read (`read_as`), or read-only,
    is refused, and an OSError (permission denied, disk full) is a ForsxlError naming the file, with the workbook,
    its versions and its backup as they were. A versions folder that cannot take the version is no fault of the
    workbook's: the workbook is saved, the one it replaced kept as `name.bak.xlsx`, and a note says so (`telling`).
    A symlinked workbook is written through the link, to its target.
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
            fault = _replace(write, target, path, read_as, put_back)
    except OSError as error:
        raise ForsxlError("", "save_failed", path=path, why=error.strerror or type(error).__name__) from None
    if fault is not None:
        _tell(ForsxlError("", "versions_unwritable", path=path, folder=versions_folder(path).name,
                          backup=backup_path(path).name, why=_why(fault, versions_folder(target))))


def _replace(write: Callable[[str], None], target: Path, path: Path, read_as: Identity | None,
             put_back: str | None) -> OSError | None:
    """`replace`'s work under the writer's lock; the versions folder's fault, when it could not take the version."""
    temporary = str(_temporary(target))
    spare = f"{temporary}.bak"
    kept: Path | None = None
    fault: OSError | None = None
    replaced = b""
    try:
        write(temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
            new = written.read()
        if read_as is not None and Identity.of(target) != read_as:  # the last look, just before the rename
            raise ForsxlError("", "file_changed", path=path)
        if target.exists():
            replaced = target.read_bytes()
            try:
                kept = keep(target)
            except OSError as error:  # the folder's, not the workbook's: the backup below keeps it all the same
                fault = error
            shutil.copy2(target, spare)  # the backup too is renamed into place whole
            os.replace(spare, backup_path(target))
            shutil.copymode(target, temporary)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide a new workbook from its group
        os.replace(temporary, target)
        saved, kept = kept, None  # saved: the version stays
        if fault is None and (saved is not None or versions_folder(target).is_dir()):
            try:
                note(target, saved, replaced, new, put_back)
                prune(target)
            except OSError as error:
                fault = error
    finally:
        for leftover in (temporary, spare):
            if os.path.exists(leftover):
                os.unlink(leftover)
        if kept is not None:  # not saved: the versions as they were
            drop(kept)
    return fault


def _why(fault: OSError, folder: Path) -> str:
    """What is wrong with a versions folder, as said beside its name."""
    if folder.exists() and not folder.is_dir():
        return Later("a file has its name")
    return fault.strerror or type(fault).__name__


_told: ContextVar[list[ForsxlError] | None] = ContextVar("told", default=None)


@contextmanager
def telling() -> Iterator[list[ForsxlError]]:
    """The notes saves make meanwhile, for the caller to say: what a save left undone without failing for it (a
    version its versions folder could not take)."""
    token = _told.set([])
    try:
        told = _told.get()
        assert told is not None
        yield told
    finally:
        _told.reset(token)


def _tell(note: ForsxlError) -> None:
    told = _told.get()
    if told is not None:
        told.append(note)
