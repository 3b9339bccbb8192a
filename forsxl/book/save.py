"""Saving without ever losing the previous workbook (WORKBOOK.md principle 4)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from openpyxl.workbook.workbook import Workbook


def backup_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}.bak{path.suffix}")


def save(workbook: Workbook, path: Path) -> None:
    """Write to a temporary file beside `path`, keep the old file as `name.bak.xlsx`, then rename over it.

    A crash at any point leaves either the old workbook or the new one in place, never half of one.
    """
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp.xlsx", dir=path.parent)
    os.close(handle)
    try:
        workbook.save(temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        if path.exists():
            shutil.copy2(path, backup_path(path))
            shutil.copymode(path, temporary)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide a new workbook from its group
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
