"""Cells and sheets as forsxl writes them: text stays text, owned sheets are replaced in place (WORKBOOK.md), and
every cell written is noted, so that saving rewrites only those in a person's sheets (book/package.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell, MergedCell
from openpyxl.styles import Font
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.header_footer import HeaderFooterItem
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book import layout
from forsxl.book.openpyxl_private import cells, style_key

BOLD = Font(bold=True)

Written = tuple[object, str, bytes]
"""A cell as it was before forsxl first wrote it: value, data type and style."""
_NOTES = "_forsxl_written"
"""The attribute of a worksheet where `put` notes the cells it wrote; None on a sheet forsxl creates whole."""


def put(cell: Cell | MergedCell, value: Any) -> None:
    """Write a value; text always stays text, so a name like `=HYPERLINK(...)` is never a formula, and loses the
    control characters no .xlsx cell can hold (openpyxl would refuse the whole save)."""
    if isinstance(cell, MergedCell):
        return  # a person merged cells over a derived value; their layout wins, the value is shown elsewhere
    if isinstance(value, Fraction):
        value = int(value) if value.denominator == 1 else float(value)
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("", value)
    notes = vars(cell.parent).setdefault(_NOTES, {})
    if notes is not None and (cell.row, cell.column) not in notes:
        notes[(cell.row, cell.column)] = (cell.value, cell.data_type, style_key(cell))
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"


def written(sheet: Worksheet) -> Mapping[tuple[int, int], Written]:
    """The cells of `sheet` that `put` wrote, (row, column) -> the cell as it was before; a cell whose value or
    style is still what it was has not changed."""
    notes: dict[tuple[int, int], Written] | None = vars(sheet).get(_NOTES)
    return notes or {}


def write_row(sheet: Worksheet, row: int, values: Sequence[Any], bold: bool = False) -> None:
    """Values into a row from column A, each through `put`."""
    for column, value in enumerate(values, start=1):
        cell = sheet.cell(row, column)
        put(cell, value)
        if bold:
            cell.font = BOLD


def print_setup(sheet: Worksheet, title: str, landscape: bool = False, one_page: bool = False) -> None:
    """Print on A4 one page wide (`one_page`: one page at all), the header row on every page, gridlines, and
    `title` (tournament, round, date) at the top of each page, so the sheet prints as it is for the wall."""
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.orientation = sheet.ORIENTATION_LANDSCAPE if landscape else sheet.ORIENTATION_PORTRAIT
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 1 if one_page else 0
    sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    sheet.print_title_rows = "1:1"
    sheet.print_options.gridLines = True
    header = HeaderFooterItem()
    header.center.text = title.replace("&", "&&")  # `&` starts a header code (page number, date)
    header.center.size = 12
    sheet.HeaderFooter.oddHeader = header


def fresh_sheet(workbook: Workbook, title: str, before: Sequence[str]) -> Worksheet:
    """An empty sheet named `title`: in place of the one forsxl wrote before, else before the first of `before`."""
    index = None
    if title in workbook.sheetnames:
        index = workbook.sheetnames.index(title)
        del workbook[title]
    else:
        index = next((workbook.sheetnames.index(b) for b in before if b in workbook.sheetnames), None)
    sheet: Worksheet = workbook.create_sheet(title, index)
    vars(sheet)[_NOTES] = None  # saved whole: its cells need no notes
    return sheet


def find_sheet(workbook: Workbook, kind: str) -> Worksheet | None:
    """The sheet of a kind (`config`, `players`, ...) under any of its names, in any case; None when absent."""
    names = {n.casefold(): n for n in workbook.sheetnames}
    for candidate in layout.SHEETS[kind]:
        if candidate.casefold() in names:
            return workbook[names[candidate.casefold()]]
    return None


def data_rows(sheet: Worksheet) -> list[int]:
    """Data rows below the header, in order; rows with no value at all are skipped."""
    return sorted({row for (row, _), cell in cells(sheet).items() if row > 1 and cell.value not in (None, "")})


def header_row(sheet: Worksheet) -> list[object]:
    """The values of the header row."""
    return [cell.value for cell in next(sheet.iter_rows(min_row=1, max_row=1), ())]
