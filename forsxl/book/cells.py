"""A worksheet's cells read from its raw XML as openpyxl reads them, in the pass that measures it (issue 19).

`safety.check_sheets` streams every part once, before openpyxl builds anything. For a worksheet, `SheetCells` records
each cell on the way: its row and column, type (`t`), style (`s`), value (`<v>` or inline text) and formula. When the
sheet holds only what this reads exactly as openpyxl's reader would (`plain`), openpyxl is given the part without its
rows (book/package.py): it reads everything else of the sheet (column widths, panes, dropdowns, conditional formats,
print settings, tables, drawings) as ever, and `bind` then builds the cells openpyxl would have built, with the same
values, types and styles. Parsing the rows is most of openpyxl's reading of a workbook; this is a fraction of it.

A sheet is not plain when something in it binds to cells or needs openpyxl's own reading: merged cells, hyperlinks
and comments (they make or change cells), a shared, array or data-table formula (openpyxl translates or wraps it),
rich or phonetic inline text, a row that is not where openpyxl looks for one, a row number other than a whole number.
openpyxl reads such a sheet whole.
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils.datetime import from_excel, from_ISO8601
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.dimensions import RowDimension
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book.openpyxl_private import Styles, add_cell, append_after, styles
from forsxl.book.safety import RawCell, RawSheet


def value(cell: RawCell, strings: list[str], formats: Styles, epoch: Any, style: int) -> tuple[object, str]:
    """The value and data type openpyxl gives a cell of a plain sheet (its worksheet reader, not in read-only or
    data-only mode): a formula as `=` and its text, numbers as int or float (a date or time when the style's format
    is one), shared strings by index, booleans from `0` and `1`."""
    _, _, kind, _, text, formula = cell
    if formula is not None:
        return "=" + formula, "f"
    if kind == "inlineStr":
        return (None, kind) if text is None else (text, "s")
    if text is None:
        return None, kind
    if kind == "n":
        number = float(text) if "." in text or "E" in text or "e" in text else int(text)
        if style in formats.date_formats:
            try:
                return from_excel(number, epoch, timedelta=style in formats.timedelta_formats), "d"
            except (OverflowError, ValueError):
                return "#VALUE!", "e"
        return number, kind
    if kind == "s":
        return strings[int(text)], kind
    if kind == "b":
        return bool(int(text)), kind
    if kind == "str":
        return text, "s"
    if kind == "d":
        return from_ISO8601(text), kind  # type: ignore[no-untyped-call]
    return text, kind


def bind(sheet: Worksheet, recorded: RawSheet, strings: list[str]) -> None:
    """Build in `sheet` the cells and row dimensions openpyxl's reader builds of a plain sheet's rows."""
    workbook = sheet.parent
    assert workbook is not None  # a sheet openpyxl read
    formats = styles(workbook)
    cell_styles = formats.cell_styles
    for raw in recorded.cells:
        style = int(raw[3]) if raw[3] else 0
        add_cell(sheet, raw[0], raw[1], cell_styles[style], *value(raw, strings, formats, workbook.epoch, style))
    if recorded.cells:
        append_after(sheet, sheet.max_row)
    for number, attributes in recorded.rows.items():
        given: dict[str, Any] = dict(attributes)
        if "s" in given:
            given["s"] = cell_styles[int(given["s"])]
        sheet.row_dimensions[number] = RowDimension(sheet, **given)


def raw_values(raw: RawSheet, strings: list[str], workbook: Workbook) -> list[tuple[int, dict[int, object]]]:
    """Each row of a plain sheet that holds a value, in order: its number and its values by column, as `bind` would
    build them (book/package.py `values`)."""
    formats = styles(workbook)
    found: dict[tuple[int, int], object] = {}
    for cell in raw.cells:
        found[(cell[0], cell[1])] = value(cell, strings, formats, workbook.epoch, int(cell[3]) if cell[3] else 0)[0]
    rows: dict[int, dict[int, object]] = {}
    for (row, column), held in sorted(found.items()):
        if held is not None:
            rows.setdefault(row, {})[column] = held
    return list(rows.items())
