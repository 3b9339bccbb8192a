"""Refusing hostile or broken files before anything parses them, quickly and with a clear message (issues 9, 19).

A workbook arrives by email: it may be a zip bomb, carry XML entity bombs or external entities, hold macros, be
another kind of file with an .xlsx name, or have a sheet far larger than any tournament. Each is refused from the
zip's central directory, the first bytes of its XML and one streaming pass over the XML (`XmlBudget`), before
openpyxl or calamine builds a cell. Python's zipfile never inflates a member past the size its directory declares,
so checking declared sizes is sound.
"""

from __future__ import annotations

import io
import pyexpat
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries
from openpyxl.workbook.child import INVALID_TITLE_REGEX

from forsxl.book.cells import CELL, RANGES, ROW, RawSheet, record_cells, reference
from forsxl.book.parts import NATIVE, Parts, UnsafeXml, encoding, head, parser, utf8
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Source
from forsxl.i18n import Later

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
MAX_PLAYERS = 2000
"""Players in one tournament, twice a European Go Congress: every command on this many takes a few seconds."""
MAX_CELLS = 200_000
"""Cells in all sheets together, each sheet counted as the rectangle up to its farthest cell (reading and merging walk
it cell by cell) and each merged or linked range cell by cell (openpyxl builds a cell for each): a 300-player,
10-round open tournament has some 60 000, and openpyxl reads 200 000 in about three seconds."""
MAX_ELEMENTS = 1_000_000
"""XML elements in all parts together: a workbook of MAX_CELLS cells has some 600 000."""
MAX_SHEETS = 250
"""Sheets (or .ods tables): a hundred rounds and the sheets around them."""
MACRO_SUFFIXES = (".xlsm", ".xltm", ".xlam", ".xlsb")
_PROLOG = 64 * 1024
_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_DRIVE = re.compile(r"^[A-Za-z]:")


def refuse(code: str, path: Path, **params: Any) -> WorkbookErrors:
    return WorkbookErrors([ForsxlError("", code, path=path, **params)])


def check_archive(path: Path, required: str, data: bytes | None = None) -> None:
    """Raise unless `path` (whose bytes are `data`, when read already) is a plain zip with `required` in it, of sane
    size, without macros or DTDs, each part in an encoding expat reads itself (parts.py NATIVE). Every reader of a
    workbook passes this first: `check`, every command, and the quick looks at a workbook's language."""
    if path.suffix.casefold() in MACRO_SUFFIXES:
        raise refuse("file_macros", path)
    source = path if data is None else io.BytesIO(data)
    if not zipfile.is_zipfile(source):
        raise refuse("file_not_xlsx", path, why=Later("not a zip archive"))
    try:
        with zipfile.ZipFile(source) as archive:
            _check_members(path, archive, required)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError) as error:
        raise refuse("file_not_xlsx", path, why=Later("a broken zip archive: {error}", error=error)) from None


def _check_members(path: Path, archive: zipfile.ZipFile, required: str) -> None:
    members = archive.infolist()
    names = {info.filename for info in members}
    if len(members) > MAX_MEMBERS:
        raise refuse("file_not_xlsx", path, why=Later("{count} parts in one archive", count=len(members)))
    seen: set[str] = set()
    for info in members:  # a save copies every part: none may land outside the workbook, or be there twice
        if not _part_name(info.orig_filename):
            raise refuse("file_part_name", path, part=info.orig_filename)
        if info.filename.casefold() in seen:
            raise refuse("file_part_twice", path, part=info.filename)
        seen.add(info.filename.casefold())
    if required not in names:
        raise refuse("file_not_xlsx", path, why=Later("no {part}", part=required))
    if "xl/vbaProject.bin" in names:
        raise refuse("file_macros", path)
    unpacked = sum(info.file_size for info in members)
    if unpacked > MAX_UNPACKED:
        raise refuse("file_too_big", path, size=unpacked // 2**20)
    for info in members:
        if info.file_size > MAX_PART or (info.file_size > 2**20 and info.file_size > MAX_RATIO * info.compress_size):
            raise refuse("file_part_too_big", path, part=info.filename, size=info.file_size // 2**20)
        xml = info.filename.endswith((".xml", ".rels"))
        with archive.open(info) as part:  # every part, whatever its name: openpyxl parses a .vml too
            first = head(part, _PROLOG if xml else 512)
        declared = encoding(first)
        if declared.upper() not in NATIVE:
            raise refuse("file_xml_encoding", path, part=info.filename, encoding=declared)
        if xml and _DTD.search(first):
            raise refuse("file_unsafe_xml", path, part=info.filename)


def _part_name(name: str) -> bool:
    """Whether a zip entry's name can be a part's (OPC): a relative path with `/` between its folders, none of them
    `..` or `.`, no drive, no NUL; a folder entry (`xl/`) is one too. Python's zipfile on Windows turns `\\` into `/`
    as it reads, so the name is judged as written."""
    if name.startswith("/") or "\\" in name or "\0" in name or _DRIVE.match(name):
        return False
    return all(segment not in ("", ".", "..") for segment in name.removesuffix("/").split("/"))


def check_sheet_size(title: str, max_row: int, max_column: int) -> ForsxlError | None:
    """A sheet forsxl reads cell by cell that reaches too far, named at its far corner; None if it is fine."""
    if max_row <= MAX_ROWS and max_column <= MAX_COLUMNS:
        return None
    corner = Source(title, f"{get_column_letter(min(max_column, 16384))}{max_row}")
    return ForsxlError("", "sheet_too_big", corner, rows=max_row, columns=max_column,
                       max_rows=MAX_ROWS, max_columns=MAX_COLUMNS)


class XmlBudget:
    """One streaming pass over a file's XML parts (book/parts.py `parser`), refusing a DTD or entity as defusedxml
    does, and more than MAX_ELEMENTS elements in all of them together; handlers see each element's name
    (`namespace}local`) and attributes as it starts, and its name as it ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.left = MAX_ELEMENTS
        self.titles: dict[str, str] = {}
        """The sheet each worksheet part is, by part: a refusal of the part names it."""

    def exceeded(self, part: str) -> NoReturn:
        raise refuse("file_part_too_many", self.path, part=part, limit=MAX_ELEMENTS)

    def stream(self, archive: zipfile.ZipFile, part: str, start: Callable[[str, dict[str, str]], None],
               end: Callable[[str], None] | None = None, expat: pyexpat.XMLParserType | None = None,
               chars: Callable[[str], None] | None = None) -> None:
        """Stream `part` to the handlers; with a parser of its own (`expat`), `start` counts each element itself
        (`left`, `exceeded`), and `chars` takes the character data."""
        counted = expat is not None
        expat = expat or parser()

        def element(name: str, attributes: dict[str, str]) -> None:
            self.left -= 1
            if self.left < 0:
                self.exceeded(part)
            start(name, attributes)

        expat.StartElementHandler = start if counted else element
        if end is not None:
            expat.EndElementHandler = end
        if chars is not None:
            expat.CharacterDataHandler = chars
        try:  # in an encoding expat reads itself: `check_archive` refused the others
            with archive.open(part) as data:  # in chunks: a part may be 40 MB
                while chunk := data.read(2**16):
                    expat.Parse(chunk, False)
            expat.Parse(b"", True)
        except UnsafeXml:
            raise self.refused("file_unsafe_xml", part) from None
        except pyexpat.ExpatError as error:
            why = Later("broken XML in {part}: {error}", part=part, error=error)
            raise self.refused("file_not_xlsx", part, why=why) from None

    def require_utf8(self, archive: zipfile.ZipFile, part: str) -> None:
        """Raise unless `part` is written in UTF-8 (parts.py `encoding`, `utf8`): one a save splices UTF-8 bytes
        into, or one a reader takes as UTF-8 whatever it declares."""
        with archive.open(part) as data:
            declared = encoding(head(data))
        if not utf8(declared):
            raise self.refused("file_xml_encoding", part, encoding=declared)

    def refused(self, code: str, part: str, **params: Any) -> WorkbookErrors:
        """The refusal of the file for one of its parts, with the sheet it is when it is a worksheet's."""
        title = self.titles.get(part)
        return WorkbookErrors([ForsxlError("", code, Source(title) if title else None, path=self.path, part=part,
                                           **params)])


_SHEET = "http://schemas.openxmlformats.org/spreadsheetml/2006/main}sheet"
_NEEDED = ("/worksheet", "/chartsheet", "/styles", "/sharedStrings")


class _Sheets:
    """The cells openpyxl will build for the worksheets, measured as their XML streams past (`check_sheets`)."""

    def __init__(self) -> None:
        self.built = 0
        """Cells, merged cells and linked cells of every sheet so far."""
        self.walked = 0
        """The rectangles of the sheets streamed before this one."""
        self.title = ""
        self.at = self.far = (0, 0)
        """The (row, column) of the last cell, for a row or cell without `r` (openpyxl counts on), and the far
        corner of the sheet so far."""

    def begin(self, title: str) -> None:
        self.walked += self.far[0] * self.far[1]
        self.title, self.at, self.far = title, (0, 0), (0, 0)

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if name == CELL:
            ref = attributes.get("r")
            self.at = reference(ref) if ref else (self.at[0], self.at[1] + 1)
            self.reach(*self.at, 1, ref)
        elif name == ROW:
            self.at = (_row_number(attributes.get("r"), self.at[0]), 0)
        elif name in RANGES:
            ref = attributes.get("ref", "")
            low_column, low_row, high_column, high_row = _range(ref)
            self.reach(high_row, high_column, (high_row - low_row + 1) * (high_column - low_column + 1), ref)

    def reach(self, row: int, column: int, cells: int, ref: str | None) -> None:
        """Count `cells` more, reaching (row, column); `ref` names them, None for a cell without a reference."""
        far = self.far
        if row > far[0] or column > far[1]:
            far = self.far = (max(far[0], min(row, 10**9)), max(far[1], min(column, 10**9)))
        self.built += cells
        total = max(self.built, self.walked + far[0] * far[1])
        if far[0] > MAX_ROWS or far[1] > MAX_COLUMNS or total > MAX_CELLS:  # checked once a limit is crossed: it
            # runs for every cell of every sheet, a fifth of reading a big workbook
            where = ref or f"{get_column_letter(min(column, 16384))}{row}"
            check_reach(self.title, far, total, where)


def check_reach(title: str, far: tuple[int, int], cells: int, ref: str) -> None:
    """Raise when a sheet's far corner (row, column) is past MAX_ROWS or MAX_COLUMNS, or the workbook's `cells` so far
    are past MAX_CELLS, naming the sheet and the cell or range `ref` that crossed it."""
    error = check_sheet_size(title, *far)
    if error is not None:
        raise WorkbookErrors([error])
    if cells > MAX_CELLS:
        raise WorkbookErrors([ForsxlError("", "cells_too_many", Source(title, ref), limit=MAX_CELLS)])


def _row_number(text: str | None, previous: int) -> int:
    """A `<row r>` as openpyxl reads it: a whole number, also written as a float (`1e6`); else the next row."""
    if text is None:
        return previous + 1
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return previous + 1  # openpyxl refuses the whole file on it
    return int(value) if value.is_integer() else previous + 1


def _range(ref: str) -> tuple[int, int, int, int]:
    """(min column, min row, max column, max row) of a range; a whole column or row reaches the sheet's edge."""
    try:
        low_column, low_row, high_column, high_row = range_boundaries(ref)
    except ValueError:
        return 1, 1, 1, 1  # openpyxl refuses the whole file on it
    return low_column or 1, low_row or 1, high_column or 16384, high_row or 1_048_576


def check_sheets(path: Path, data: bytes | None = None) -> dict[str, RawSheet]:
    """The cells of each worksheet of the .xlsx at `path` (whose bytes are `data`, when read already), by part,
    recorded as the check streams them (book/cells.py `record_cells`). Raise unless every worksheet stays within the
    limits: at most MAX_SHEETS sheets, none reaching past MAX_ROWS or MAX_COLUMNS, MAX_CELLS cells in all (merged and
    linked ranges counted cell by cell), MAX_ELEMENTS XML elements in all parts; the first to cross one is named by
    sheet and cell.

    Read from the raw XML, before openpyxl builds anything. A sheet's `<dimension>` is not trusted either way:
    openpyxl ignores it outside read-only mode, and programs write it loosely; the cells themselves are measured.
    Spans of `<col>` (a format for whole columns) cost one object each, whatever their width. The sheets are found
    through the relationships, as book/package.py finds them (book/parts.py `Parts`), and every part is measured.
    """
    budget, sheets = XmlBudget(path), _Sheets()
    recorded: dict[str, RawSheet] = {}
    with zipfile.ZipFile(path if data is None else io.BytesIO(data)) as archive:
        found, streamed = _parts(budget, archive)
        titles = budget.titles = {entry.part: entry.name for entry in found.sheets}
        _check_sheet_list(path, found)
        _check_needed_parts(path, found)
        _check_edited_in_utf8(budget, archive, found)
        worksheets = {entry.part for entry in found.sheets if entry.worksheet}
        for info in archive.infolist():  # every part: a worksheet openpyxl finds by a path spelt another way too
            part = info.filename
            if (part.endswith((".xml", ".rels")) or part in worksheets) and part not in streamed:
                sheets.begin(titles.get(part, part))
                if part not in worksheets:
                    budget.stream(archive, part, sheets.start)
                    continue
                expat = parser()
                recorded[part], (start, end, chars) = record_cells(sheets, budget, part, expat)
                budget.stream(archive, part, start, end, expat, chars)
    return recorded


def _check_sheet_list(path: Path, found: Parts) -> None:
    r"""Raise at the first sheet of the workbook's list that links to no relationship (openpyxl stops at it; one
    without a link it leaves out, its part too), whose name no spreadsheet allows (empty, or with one of `[]:*?/\`:
    openpyxl stops at it), that has the name of one before it, in any case (openpyxl would read it under another,
    and a save would mix the two up), or that is written in the part of one before it (a save writing the Log would
    write over the Config)."""
    names: set[str] = set()
    parts: dict[str, str] = {}
    for entry in found.sheets:
        if not entry.name or INVALID_TITLE_REGEX.search(entry.name):
            raise refuse("sheet_name_bad", path, name=entry.name)
        if entry.rid and not entry.kind:
            raise WorkbookErrors([ForsxlError("", "sheet_no_part", Source(entry.name), path=path, link=entry.rid)])
        if entry.name.casefold() in names:
            raise WorkbookErrors([ForsxlError("", "sheet_name_twice", Source(entry.name), path=path)])
        if entry.kind and entry.part in parts:
            raise WorkbookErrors([ForsxlError("", "sheet_part_twice", Source(entry.name), path=path,
                                              other=Source(parts[entry.part]))])
        names.add(entry.name.casefold())
        parts.setdefault(entry.part, entry.name)


def _check_needed_parts(path: Path, found: Parts) -> None:
    """Raise at the first part the workbook links to that openpyxl reads without looking whether it is there (a sheet,
    the styles, the shared strings) and that the package lacks: without its styles, every styled cell would be named
    as damaged."""
    for rel in found.rels(found.workbook_part):
        if not rel.external and rel.type.endswith(_NEEDED) and rel.target not in found.names:
            raise refuse("file_not_xlsx", path, why=_missing(rel.target))


def _check_edited_in_utf8(budget: XmlBudget, archive: zipfile.ZipFile, found: Parts) -> None:
    """Raise at the first part a save may edit in place (parts.py `Parts.edited`) that is not written in UTF-8, before
    the sheets are parsed: the UTF-8 bytes a save splices into it would break it. Any other part, such as a customXml
    item in UTF-16 as document systems write them, is copied as it is."""
    edited = found.edited()
    for info in archive.infolist():
        if info.filename in edited:
            budget.require_utf8(archive, info.filename)


def _missing(part: str) -> Later:
    return Later("its part {part} is missing", part=part)


def _parts(budget: XmlBudget, archive: zipfile.ZipFile) -> tuple[Parts, set[str]]:
    """The package's parts found as book/package.py finds them, and the parts read to find them, each measured as it
    is read like every other part: workbook.xml's sheets are counted against MAX_SHEETS as they stream."""
    streamed: set[str] = set()
    sheets = 0

    def sheet(name: str, _attributes: dict[str, str]) -> None:
        nonlocal sheets
        if name == _SHEET:
            sheets += 1
            if sheets > MAX_SHEETS:
                raise refuse("file_sheets_too_many", budget.path, limit=MAX_SHEETS)

    def read(part: str) -> bytes:
        budget.stream(archive, part, sheet)
        streamed.add(part)
        return archive.read(part)

    try:
        return Parts(read, set(archive.namelist())), streamed
    except (WorkbookErrors, SystemError):  # a SystemError is a bug in Python or forsxl, never the file's
        raise
    except Exception as error:  # a workbook.xml without <sheets>, a sheetId not a number, ...
        raise refuse("file_not_xlsx", budget.path, why=unreadable(error)) from None


_NO_PART = re.compile(r"There is no item named '(.+)' in the archive")


def unreadable(error: Exception) -> Later:
    """Why a package that passed every check here could not be read, in words, from what openpyxl, zipfile or
    book/parts.py raised at it (`error`; the parser's error is its cause)."""
    cause = error.__cause__ or error
    missing = _NO_PART.fullmatch(str(cause.args[0])) if isinstance(cause, KeyError) and cause.args else None
    if missing is not None:
        return _missing(missing[1])
    said = f"{type(cause).__name__}: {cause}"[:200]
    return Later("a part of it is not written as a spreadsheet writes it, and reading it stopped at {error}",
                 error=said)
