"""Saving without ever losing the previous workbook (WORKBOOK.md principle 4)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from openpyxl.workbook.workbook import Workbook

from forsxl.engine.errors import ForsxlError


def backup_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}.bak{path.suffix}")


def save(workbook: Workbook, path: Path) -> None:
    """Write to a temporary file beside `path`, keep the old file as `name.bak.xlsx`, then rename over it.

    A crash at any point leaves either the old workbook or the new one in place, never half of one. A workbook
    opened in Excel or LibreOffice since it was read is refused, and an OSError (permission denied, disk full)
    is a ForsxlError naming the file, with the workbook and its backup as they were.
    """
    for lock, app in ((f"~${path.name}", "Excel"), (f".~lock.{path.name}#", "LibreOffice")):
        if (path.parent / lock).exists():
            raise ForsxlError("R0", "file_locked", path=path, app=app)
    try:
        _save(workbook, path)
    except OSError as error:
        raise ForsxlError("R0", "save_failed", path=path, why=error.strerror or type(error).__name__) from None


def _save(workbook: Workbook, path: Path) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp.xlsx", dir=path.parent)
    os.close(handle)
    spare = f"{temporary}.bak"
    try:
        workbook.save(temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        if path.exists():
            shutil.copy2(path, spare)  # the backup too is renamed into place whole
            os.replace(spare, backup_path(path))
            shutil.copymode(path, temporary)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide a new workbook from its group
        os.replace(temporary, path)
    finally:
        for leftover in (temporary, spare):
            if os.path.exists(leftover):
                os.unlink(leftover)
