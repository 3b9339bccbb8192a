"""Reading an OpenDocument (.ods) workbook, as LibreOffice saves it, into an openpyxl workbook (issue 9).

forsxl writes .xlsx only: the values of every sheet are read with calamine (a fast Rust reader), kept as they were
typed (text stays text), and the command then saves `name.xlsx` beside `name.ods`. A formula arrives as the value
LibreOffice computed; the formatting and dropdowns of the .ods are not carried over, forsxl's own are written anew.
"""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook

from forsxl.book.safety import MAX_COLUMNS, MAX_ROWS, MAX_SHEETS, XmlBudget, check_archive, check_reach, refuse
from forsxl.i18n import Later


def xlsx_beside(path: Path) -> Path:
    """Where the workbook read from `club.ods` is saved: `club.xlsx` in the same folder."""
    return path.with_suffix(".xlsx")


_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_CELLS = (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell")


class _Tables:
    """The tables of content.xml as calamine and `read_ods` will build them, measured as the XML streams past.

    Twenty bytes of `table:number-rows-repeated` can ask for a million rows: LibreOffice writes such repeats for the
    empty rest of a sheet, which cost nothing, so only the last row and column holding a value count. `read_ods`
    builds each table whole from A1 to that corner, so the corners' rectangles are what MAX_CELLS bounds.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tables = 0
        self.walked = 0
        """The rectangles of the tables before this one."""
        self.title = ""
        self.far = (0, 0)
        self.row = (0, 1, 0)
        """The rows before this one, its repeats, and its last column holding a value."""
        self.column = 0
        self.cell: tuple[int, bool] | None = None
        """The column the cell being read ends at, and whether it holds a value, text or a note."""

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if self.cell is not None:
            self.cell = (self.cell[0], True)
        elif name == f"{_TABLE}table":
            self.tables += 1
            if self.tables > MAX_SHEETS:
                raise refuse("file_sheets_too_many", self.path, limit=MAX_SHEETS)
            self.walked += self.far[0] * self.far[1]
            self.title, self.far, self.row = attributes.get(f"{_TABLE}name", ""), (0, 0), (0, 1, 0)
        elif name == f"{_TABLE}table-row":
            self.row = (self.row[0], _repeats(attributes.get(f"{_TABLE}number-rows-repeated")), 0)
            self.column = 0
        elif name in _CELLS:
            self.column += _repeats(attributes.get(f"{_TABLE}number-columns-repeated"))
            self.cell = (self.column, f"{_OFFICE}value-type" in attributes)

    def end(self, name: str) -> None:
        if name in _CELLS and self.cell is not None:
            if self.cell[1]:
                self.row = (self.row[0], self.row[1], self.cell[0])
            self.cell = None
        elif name == f"{_TABLE}table-row":
            done, repeats, filled = self.row
            if filled:
                self.far = (done + repeats, max(self.far[1], filled))
                corner = f"{get_column_letter(min(self.far[1], 16384))}{self.far[0]}"
                check_reach(self.title, self.far, self.walked + self.far[0] * self.far[1], corner)
            self.row = (done + repeats, 1, 0)


def _repeats(text: str | None) -> int:
    """A repeat count as written; one past any limit when it is no plain number calamine would take."""
    if text is None:
        return 1
    return int(text) if text.isdigit() and len(text) < 10 else 10**9


def _cell(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)  # calamine reads every ODS number as a float; 1915.0 was typed 1915
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value


def read_ods(path: Path) -> Workbook:
    """Every sheet of the .ods as values in a new openpyxl workbook; a refused file raises WorkbookErrors."""
    # calamine is imported by the first .ods read, never by forsxl's import: the web page loads it only then
    from python_calamine import CalamineError, CalamineWorkbook

    check_archive(path, "content.xml")
    try:
        tables = _Tables(path)
        with zipfile.ZipFile(path) as archive:
            budget = XmlBudget(path)
            budget.require_utf8(archive, "content.xml")  # calamine reads UTF-8 whatever the part declares
            budget.stream(archive, "content.xml", tables.start, tables.end)
        source = CalamineWorkbook.from_path(str(path))
        sheets = [(name, source.get_sheet_by_name(name)) for name in source.sheet_names]
        workbook = Workbook()
        assert workbook.active is not None
        workbook.remove(workbook.active)
        for name, sheet in sheets:
            if sheet.height > MAX_ROWS or sheet.width > MAX_COLUMNS:
                why = Later("sheet {sheet} has {rows} rows and {columns} columns", sheet=name, rows=sheet.height,
                            columns=sheet.width)
                raise refuse("file_not_xlsx", path, why=why)
            target = workbook.create_sheet(name)
            for values in sheet.to_python(skip_empty_area=False):
                target.append([_cell(v) if v != "" else None for v in values])
            for row in target.iter_rows():
                for cell in row:
                    if isinstance(cell.value, str):
                        cell.data_type = "s"  # `=1+1` typed as text in LibreOffice stays text
    except (CalamineError, ValueError, OSError, zipfile.BadZipFile) as error:
        why = Later("an unreadable OpenDocument file: {error}", error=error)
        raise refuse("file_not_xlsx", path, why=why) from None
    return workbook
