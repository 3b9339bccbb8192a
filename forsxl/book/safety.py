"""Refusing hostile or broken files before anything parses them, quickly and with a clear message (issue 9).

A workbook arrives by email: it may be a zip bomb, carry XML entity bombs or external entities, hold macros, be
another kind of file with an .xlsx name, or have a sheet far larger than any tournament. Each is refused from the
zip's central directory and the first bytes of its XML, before openpyxl or calamine reads a cell.
Python's zipfile never inflates a member past the size its directory declares, so checking declared sizes is sound.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter

from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Source

MAX_UNPACKED = 200 * 2**20
"""A club tournament's workbook unpacks to a few megabytes; anything this large is refused unread."""
MAX_PART = 40 * 2**20
"""One sheet's XML: 40 MB is some 400 000 cells, a hundred times a big open tournament."""
MAX_RATIO = 100
"""Real sheets deflate 5 to 30 times; a large member that deflates more than this is a bomb."""
MAX_MEMBERS = 5000
MAX_ROWS = 10_000
MAX_COLUMNS = 200
"""The sheets forsxl reads are read cell by cell: a stray value in row 1 048 576 would take minutes."""
MACRO_SUFFIXES = (".xlsm", ".xltm", ".xlam", ".xlsb")
_PROLOG = 64 * 1024
_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def refuse(code: str, path: Path, **params: Any) -> WorkbookErrors:
    return WorkbookErrors([ForsxlError("R0", code, path=path, **params)])


def check_archive(path: Path, required: str) -> None:
    """Raise unless `path` is a plain zip with `required` in it, of sane size, without macros or DTDs."""
    if path.suffix.casefold() in MACRO_SUFFIXES:
        raise refuse("file_macros", path)
    if not zipfile.is_zipfile(path):
        raise refuse("file_not_xlsx", path, why="not a zip archive")
    try:
        with zipfile.ZipFile(path) as archive:
            _check_members(path, archive, required)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError) as error:
        raise refuse("file_not_xlsx", path, why=f"a broken zip archive: {error}") from None


def _check_members(path: Path, archive: zipfile.ZipFile, required: str) -> None:
    members = archive.infolist()
    names = {info.filename for info in members}
    if len(members) > MAX_MEMBERS:
        raise refuse("file_not_xlsx", path, why=f"{len(members)} parts in one archive")
    if required not in names:
        raise refuse("file_not_xlsx", path, why=f"no {required}")
    if "xl/vbaProject.bin" in names:
        raise refuse("file_macros", path)
    unpacked = sum(info.file_size for info in members)
    if unpacked > MAX_UNPACKED:
        raise refuse("file_too_big", path, size=unpacked // 2**20)
    for info in members:
        if info.file_size > MAX_PART or (info.file_size > 2**20 and info.file_size > MAX_RATIO * info.compress_size):
            raise refuse("file_part_too_big", path, part=info.filename, size=info.file_size // 2**20)
        if info.filename.endswith((".xml", ".rels")):
            with archive.open(info) as part:
                if _DTD.search(part.read(_PROLOG)):
                    raise refuse("file_unsafe_xml", path, part=info.filename)


def check_sheet_size(title: str, max_row: int, max_column: int) -> ForsxlError | None:
    """A sheet forsxl reads cell by cell that reaches too far, named at its far corner; None if it is fine."""
    if max_row <= MAX_ROWS and max_column <= MAX_COLUMNS:
        return None
    corner = Source(title, f"{get_column_letter(min(max_column, 16384))}{max_row}")
    return ForsxlError("R0", "sheet_too_big", corner, rows=max_row, columns=max_column,
                       max_rows=MAX_ROWS, max_columns=MAX_COLUMNS)
