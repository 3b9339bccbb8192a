"""Refusing hostile or broken files before anything parses them, quickly and with a clear message (issues 9, 19).

A workbook arrives by email: it may be a zip bomb, carry XML entity bombs or external entities, hold macros, be
another kind of file with an .xlsx name, or have a sheet far larger than any tournament. Each is refused from the
zip's central directory, the first bytes of its XML and one streaming pass over the XML (`XmlBudget`), before
openpyxl or calamine builds a cell. Python's zipfile never inflates a member past the size its directory declares,
so checking declared sizes is sound.
"""

from __future__ import annotations

import io
import posixpath
import pyexpat
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_to_tuple, range_boundaries
from openpyxl.utils.exceptions import CellCoordinatesException

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


def refuse(code: str, path: Path, **params: Any) -> WorkbookErrors:
    return WorkbookErrors([ForsxlError("", code, path=path, **params)])


def check_archive(path: Path, required: str, data: bytes | None = None) -> None:
    """Raise unless `path` (whose bytes are `data`, when read already) is a plain zip with `required` in it, of sane
    size, without macros or DTDs."""
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
        if info.filename.endswith((".xml", ".rels")):
            with archive.open(info) as part:
                if _DTD.search(part.read(_PROLOG)):
                    raise refuse("file_unsafe_xml", path, part=info.filename)


def check_sheet_size(title: str, max_row: int, max_column: int) -> ForsxlError | None:
    """A sheet forsxl reads cell by cell that reaches too far, named at its far corner; None if it is fine."""
    if max_row <= MAX_ROWS and max_column <= MAX_COLUMNS:
        return None
    corner = Source(title, f"{get_column_letter(min(max_column, 16384))}{max_row}")
    return ForsxlError("", "sheet_too_big", corner, rows=max_row, columns=max_column,
                       max_rows=MAX_ROWS, max_columns=MAX_COLUMNS)


class XmlBudget:
    """One streaming pass over a file's XML parts with expat, refusing a DTD or entity as defusedxml does, and more
    than MAX_ELEMENTS elements in all of them together; handlers see each element's name (`namespace}local`) and
    attributes as it starts, and its name as it ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.left = MAX_ELEMENTS

    def parser(self) -> pyexpat.XMLParserType:
        """A parser for `stream`, one per part."""
        parser = pyexpat.ParserCreate(namespace_separator="}")
        parser.SetParamEntityParsing(pyexpat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.buffer_text = True  # a text in one call
        return parser

    def exceeded(self, part: str) -> None:
        raise refuse("file_part_too_many", self.path, part=part, limit=MAX_ELEMENTS)

    def stream(self, archive: zipfile.ZipFile, part: str, start: Callable[[str, dict[str, str]], None],
               end: Callable[[str], None] | None = None, parser: pyexpat.XMLParserType | None = None,
               chars: Callable[[str], None] | None = None) -> None:
        """Stream `part` to the handlers; with a `parser` made by `parser()`, `start` counts each element itself
        (`left`, `exceeded`), and `chars` takes the character data."""
        counted = parser is not None
        parser = parser or self.parser()

        def unsafe(*_: Any) -> int:
            raise refuse("file_unsafe_xml", self.path, part=part)

        def element(name: str, attributes: dict[str, str]) -> None:
            self.left -= 1
            if self.left < 0:
                self.exceeded(part)
            start(name, attributes)

        parser.StartDoctypeDeclHandler = unsafe
        parser.EntityDeclHandler = unsafe
        parser.ExternalEntityRefHandler = unsafe
        parser.StartElementHandler = start if counted else element
        if end is not None:
            parser.EndElementHandler = end
        if chars is not None:
            parser.CharacterDataHandler = chars
        try:
            with archive.open(part) as data:  # in chunks: a part may be 40 MB
                while chunk := data.read(2**16):
                    parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except pyexpat.ExpatError as error:
            why = Later("broken XML in {part}: {error}", part=part, error=error)
            raise refuse("file_not_xlsx", self.path, why=why) from None


_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_CELL, _ROW, _RANGES = _MAIN + "c", _MAIN + "row", (_MAIN + "mergeCell", _MAIN + "hyperlink")
_DATA, _VALUE, _FORMULA, _INLINE, _TEXT = (_MAIN + name for name in ("sheetData", "v", "f", "is", "t"))
_STRANGE = frozenset({_CELL, _ROW, *_RANGES, _MAIN + "mergeCells", _MAIN + "hyperlinks"})
"""Elements that make a worksheet not plain where `_Sheets.recorder` meets them: merged cells and links (openpyxl binds
them to cells), and a row or cell where no row or cell of sheetData can be."""
_DIGITS = "0123456789"
_RELATIONS = "http://schemas.openxmlformats.org/package/2006/relationships}"
_REL_ID = "http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"

RawCell = tuple[int, int, str, str, str | None, str | None]
"""A `<c>` as written: row, column, type (`t`, default `n`), style (`s`, `""` when absent), the text of its first
`<v>` (None when it has none or it is empty) or, for `inlineStr`, of its inline string (None without `<is>`), and the
text of its first `<f>` (None without one)."""
Handlers = tuple[Callable[[str, dict[str, str]], None], Callable[[str], None], Callable[[str], None]]
"""expat's start, end and character data handlers."""


@dataclass
class RawSheet:
    """The cells of a worksheet part as recorded by `check_sheets` (book/cells.py builds them)."""

    cells: list[RawCell] = field(default_factory=list)
    rows: dict[int, dict[str, str]] = field(default_factory=dict)
    """Each row's attributes (but namespaced ones) for a row with more than `r` and `spans`: openpyxl makes a
    RowDimension of it."""
    plain: bool = True
    """Whether openpyxl's reader finds in the part exactly these cells and row attributes, and nothing else that binds
    to cells (merged cells, links): see book/cells.py."""
    data: tuple[int, int] | None = None
    """The byte offsets of `<sheetData ...>` and of `</sheetData>` (equal for `<sheetData/>`)."""


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
        if name == _CELL:
            ref = attributes.get("r")
            self.at = _cell(ref) if ref else (self.at[0], self.at[1] + 1)
            self._reach(*self.at, 1, ref)
        elif name == _ROW:
            self.at = (_row_number(attributes.get("r"), self.at[0]), 0)
        elif name in _RANGES:
            ref = attributes.get("ref", "")
            low_column, low_row, high_column, high_row = _range(ref)
            self._reach(high_row, high_column, (high_row - low_row + 1) * (high_column - low_column + 1), ref)

    def _reach(self, row: int, column: int, cells: int, ref: str | None) -> None:
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

    def recorder(self, budget: XmlBudget, part: str, parser: pyexpat.XMLParserType) -> tuple[RawSheet, Handlers]:
        """The cells of a worksheet part as openpyxl's reader finds them (book/cells.py), and the expat handlers that
        record them as they measure the part as `start` does; the handlers count the elements against `budget`.

        Speed matters here: this runs for every element of every sheet, so it is one function a call, and the
        measuring of a cell in a row is `start`'s, inlined."""
        raw = RawSheet()
        cells, strange = raw.cells, _STRANGE
        depth, in_data, in_row, row, column = 0, False, False, 0, 0
        cell: list[Any] | None = None
        """The `<c>` being read: row, column, type, style, value, formula, inline text, whether a `<v>` was met."""
        child = ""
        """The element of the `<c>` being read (`<v>`, `<f>`, `<is>`)."""
        text: list[str] | None = None
        """The character data of the `<v>`, `<f>` or `<t>` being read."""

        def start(name: str, attributes: dict[str, str]) -> None:
            nonlocal depth, in_data, in_row, row, column, cell, child, text
            budget.left -= 1
            if budget.left < 0:
                budget.exceeded(part)
            depth += 1
            if cell is not None:  # inside a cell: openpyxl reads its first <v>, its first <f> and its <is>
                if name in strange:
                    self.start(name, attributes)
                if text is not None or name in strange:
                    raw.plain = False  # markup inside a text: openpyxl's tree reads the text without it
                elif depth == 5:
                    child = name
                    if name == _VALUE and not cell[7]:
                        cell[7], text = True, []
                    elif name == _FORMULA and cell[5] is None:
                        raw.plain = raw.plain and "t" not in attributes  # shared, array, data table: openpyxl's
                        text = []
                    elif name == _INLINE and cell[6] is None:
                        cell[6] = ""
                elif depth == 6 and child == _INLINE:
                    if name != _TEXT or cell[6]:
                        raw.plain = False  # rich text runs, a phonetic reading, two texts: openpyxl's own way
                    text = []
                return
            if depth == 4 and in_row and name == _CELL:
                ref, style = attributes.get("r"), attributes.get("s", "")
                if ref:
                    letters = ref.rstrip(_DIGITS)
                    try:  # coordinate_to_tuple without its scan for the first digit; it takes capitals only
                        if not letters.isupper():
                            raise ValueError(ref)
                        at = (int(ref[len(letters) :]), column_index_from_string(letters))
                    except ValueError:
                        at = _cell(ref)
                        raw.plain = raw.plain and at != (0, 0)  # openpyxl refuses the file on a bad reference
                    row_column = at
                else:
                    at, row_column = (self.at[0], self.at[1] + 1), (row, column + 1)
                self.at, column = at, row_column[1]
                self._reach(at[0], at[1], 1, ref)
                raw.plain = raw.plain and (style != "" or "s" not in attributes)
                cell = [*row_column, attributes.get("t", "n"), style, None, None, None, False]
                return
            self.start(name, attributes)
            if name == _ROW and depth == 3 and in_data:
                number = attributes.get("r")
                raw.plain = raw.plain and (number is None or number.isdigit())  # openpyxl reads `1e3` its own way
                row, column, in_row = (row + 1 if number is None or not number.isdigit() else int(number)), 0, True
                kept = {key: value for key, value in attributes.items() if "}" not in key}
                if kept.keys() - {"r", "spans"}:
                    raw.rows[row] = kept
            elif name == _DATA and depth == 2 and raw.data is None:
                raw.data, in_data = (parser.CurrentByteIndex, -1), True
            elif name in strange or name == _DATA or (in_data and depth in (3, 4)):
                raw.plain = False  # openpyxl finds rows, merged cells and links anywhere and takes a row's
                # every element for a cell

        def end(_name: str) -> None:
            nonlocal depth, in_data, in_row, cell, text
            depth -= 1
            if text is not None:
                if depth == 5:
                    assert cell is not None
                    cell[6] = "".join(text)
                elif child == _FORMULA:
                    assert cell is not None
                    cell[5] = "".join(text)
                elif cell is not None:
                    cell[4] = "".join(text) or None  # openpyxl: an empty `<v/>` is no value
                text = None
            elif cell is not None:
                if depth == 3:
                    cells.append((cell[0], cell[1], cell[2], cell[3], cell[6] if cell[2] == "inlineStr" else cell[4],
                                  cell[5]))
                    cell = None
            elif depth == 2 and in_row:
                in_row = False
            elif depth == 1 and in_data and raw.data is not None:
                in_data, raw.data = False, (raw.data[0], parser.CurrentByteIndex)

        def chars(data: str) -> None:
            if text is not None:
                text.append(data)

        return raw, (start, end, chars)


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


def _cell(ref: str) -> tuple[int, int]:
    try:
        row, column = coordinate_to_tuple(ref)
    except (ValueError, CellCoordinatesException):
        return 0, 0  # openpyxl refuses the whole file on it
    return row, column


def _range(ref: str) -> tuple[int, int, int, int]:
    """(min column, min row, max column, max row) of a range; a whole column or row reaches the sheet's edge."""
    try:
        low_column, low_row, high_column, high_row = range_boundaries(ref)
    except ValueError:
        return 1, 1, 1, 1  # openpyxl refuses the whole file on it
    return low_column or 1, low_row or 1, high_column or 16384, high_row or 1_048_576


def check_sheets(path: Path, data: bytes | None = None) -> dict[str, RawSheet]:
    """The cells of each worksheet of the .xlsx at `path` (whose bytes are `data`, when read already), by part,
    recorded as the check streams them (`_Sheets.recorder`). Raise unless every worksheet stays within the limits:
    at most MAX_SHEETS sheets, none reaching past MAX_ROWS or MAX_COLUMNS, MAX_CELLS cells in all (merged and linked
    ranges counted cell by cell), MAX_ELEMENTS XML elements in all parts; the first to cross one is named by sheet
    and cell.

    Read from the raw XML, before openpyxl builds anything. A sheet's `<dimension>` is not trusted either way:
    openpyxl ignores it outside read-only mode, and programs write it loosely; the cells themselves are measured.
    Spans of `<col>` (a format for whole columns) cost one object each, whatever their width. Every part is
    measured, as a worksheet is found through its relations however its path is spelt.
    """
    budget, sheets = XmlBudget(path), _Sheets()
    recorded: dict[str, RawSheet] = {}
    with zipfile.ZipFile(path if data is None else io.BytesIO(data)) as archive:
        titles = _sheet_titles(budget, archive)
        for info in archive.infolist():  # every part: a worksheet openpyxl finds by a path spelt another way too
            part = info.filename
            if part.endswith((".xml", ".rels")) and part not in _WORKBOOK_PARTS:
                sheets.begin(titles.get(part, part))
                if part not in titles:
                    budget.stream(archive, part, sheets.start)
                    continue
                parser = budget.parser()
                recorded[part], (start, end, chars) = sheets.recorder(budget, part, parser)
                budget.stream(archive, part, start, end, parser, chars)
    return recorded


_WORKBOOK_PARTS = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels")


def _sheet_titles(budget: XmlBudget, archive: zipfile.ZipFile) -> dict[str, str]:
    """Each worksheet part and its sheet's title, as openpyxl finds them: workbook.xml's sheets by their relations."""
    sheets: list[tuple[str, str]] = []
    targets: dict[str, str] = {}

    def sheet(name: str, attributes: dict[str, str]) -> None:
        if name == _MAIN + "sheet":
            sheets.append((attributes.get("name", ""), attributes.get(_REL_ID, "")))
            if len(sheets) > MAX_SHEETS:
                raise refuse("file_sheets_too_many", budget.path, limit=MAX_SHEETS)

    def relation(name: str, attributes: dict[str, str]) -> None:
        if name == _RELATIONS + "Relationship":
            target = attributes.get("Target", "")
            targets[attributes.get("Id", "")] = posixpath.normpath(posixpath.join("/xl", target)).lstrip("/")

    workbook, relations = _WORKBOOK_PARTS
    budget.stream(archive, workbook, sheet)
    if relations in archive.namelist():
        budget.stream(archive, relations, relation)
    return {targets[rid]: title for title, rid in sheets if rid in targets}
