"""Cells and sheets as forsxl writes them: text stays text, owned sheets are replaced in place (WORKBOOK.md), and
every cell written is noted, so that saving rewrites only those in a person's sheets (book/package.py)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell, MergedCell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.header_footer import HeaderFooterItem
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book import layout
from forsxl.book.openpyxl_private import cells, style_key
from forsxl.engine.values import Lang
from forsxl.i18n import format_date

BOLD = Font(name="Calibri", size=11, family=2, bold=True)
"""A heading: bold in the workbook's own font (a font without a name prints in Calc's serif, wider than measured)."""

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


WIDEST = 40
"""The widest column `fit_columns` makes, in characters: longer text wraps in its cell (a Log row's changes)."""
_WRAP = Alignment(wrap_text=True, vertical="top")


def _shown(value: object) -> str:
    """A value as a spreadsheet shows it, near enough to measure: `6.5`, a long fraction as Calc rounds it."""
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def fit_columns(sheet: Worksheet, widest: int = WIDEST) -> None:
    """Each column of the table at the top of `sheet` (its rows down to the first blank one) as wide as what forsxl
    wrote there, a heading by its longest word: headings wrap, and so does text wider than `widest`, so that Calc and
    Excel print no value cut ('Очки чёрн', a Log time '2026-12-0'). Characters count a fifth more for Cyrillic and
    bold, a cell's margins two."""
    widths: dict[int, int] = {}
    rows = list(itertools.takewhile(lambda row: any(c.value is not None for c in row), sheet.iter_rows()))
    for number, row in enumerate(rows):
        for cell in row:
            if cell.value is None:
                continue
            text = _shown(cell.value)
            need = max(map(len, text.split() or [""])) if number == 0 else len(text)
            if number == 0 or need > widest:
                cell.alignment = _WRAP
            widths[cell.column] = max(widths.get(cell.column, 0), min(need, widest))
    for column, chars in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = round(chars * 1.2 + 2, 1)
    # Calc keeps a row's height as saved: the header row is made as tall as its most wrapped heading
    headings = [c for c in rows[0] if c.value is not None] if rows else []
    lines = max((_lines(str(c.value), widths[c.column]) for c in headings), default=1)
    if lines > 1:
        sheet.row_dimensions[1].height = 15 * lines


def _lines(text: str, width: int) -> int:
    """How many lines `text` takes in a column `width` characters wide, wrapped at its spaces."""
    lines, used = 1, 0
    for word in text.split():
        if used and used + 1 + len(word) > width:
            lines, used = lines + 1, len(word)
        else:
            used += (1 if used else 0) + len(word)
    return lines


def print_title(name: str, sheet: str, day: str, lang: Lang) -> str:
    """The title printed at the top of each page: tournament, sheet and Config `date` written out as the pages write
    it (`28 ноября 2026`), whichever are there."""
    return " · ".join(x for x in (name, sheet, format_date(day, lang)[0]) if x)


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
    """The sheet of a kind (`config`, `players`, ...) under any of its names, in any case; None when absent (a chart
    sheet of that name is no such sheet: book/read.py `chart_sheet_problems` names it)."""
    names = {n.casefold(): n for n in workbook.sheetnames}
    for candidate in layout.SHEETS[kind]:
        if candidate.casefold() in names:
            sheet = workbook[names[candidate.casefold()]]
            return sheet if isinstance(sheet, Worksheet) else None
    return None


def data_rows(sheet: Worksheet) -> list[int]:
    """Data rows below the header, in order; rows with no value at all are skipped."""
    return sorted({row for (row, _), cell in cells(sheet).items() if row > 1 and cell.value not in (None, "")})


def header_row(sheet: Worksheet) -> list[object]:
    """The values of the header row."""
    return [cell.value for cell in next(sheet.iter_rows(min_row=1, max_row=1), ())]
