"""What forsxl needs of openpyxl beyond its documented API, in one place (issue 34).

forsxl builds the cells of a plain sheet from the raw XML as openpyxl's reader would (book/cells.py), writes the cells
and sheets it changed as openpyxl's writer would, and appends its cell styles to a package's styles.xml in openpyxl's
numbering (book/package.py). Each of these reaches into openpyxl's private parts: its reader and its cell and worksheet
writers, a workbook's numbered style lists, a sheet's cells, a cell's raw value and style. This module is the only
code that does. tests/test_openpyxl_private.py lists every private name used here and checks that the installed
openpyxl has each, so that moving to the next openpyxl (pyproject.toml pins `<3.2`) is this file and one test run;
tests/test_cells.py and tests/test_package.py then compare the results with openpyxl's own reading and writing.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import IO, Any, cast

from openpyxl.cell._writer import etree_write_cell
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.compat import safe_string
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles.cell_style import CellStyle, StyleArray
from openpyxl.styles.styleable import StyleableObject
from openpyxl.styles.stylesheet import write_stylesheet
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.xml.functions import Element, tostring

__all__ = ["StyleArray", "Styles", "add_cell", "append_after", "cell_records", "cell_xml", "cells", "new_cell",
           "number_text", "read", "serialised", "sheet_xml_without_rows", "style_array", "style_key", "style_xml",
           "styled_like", "styles", "stylesheet_xml"]


def read(source: IO[bytes], before_sheets: Callable[[list[str], Workbook], None]) -> tuple[Workbook, list[str]]:
    """The workbook openpyxl's reader makes of a package, and the shared strings it read (the texts of the cells
    book/cells.py builds itself); `before_sheets` is given those strings and the workbook with its styles before
    openpyxl reads a worksheet, to refuse a cell it would misread."""
    reader = _Reader(source)
    reader.before_sheets = before_sheets
    reader.read()
    return reader.wb, list(reader.shared_strings)


class _Reader(ExcelReader):
    """openpyxl's reader, calling `before_sheets` once it has read the shared strings and the styles."""

    before_sheets: Callable[[list[str], Workbook], None]

    def read_worksheets(self) -> None:
        self.before_sheets(list(self.shared_strings), self.wb)
        super().read_worksheets()


# ------------------------------------------------------------------------------------------------------ cells


def cells(sheet: Worksheet) -> MutableMapping[tuple[int, int], Cell]:
    """The cells a sheet holds, by (row, column); `sheet.cell` would add an empty cell for each one looked at."""
    return cast(MutableMapping[tuple[int, int], Cell], sheet._cells)


def style_key(cell: Cell | MergedCell) -> bytes:
    """The cell's style as openpyxl holds it (its font, fill, border and format by index); empty for the default."""
    style = cell._style  # type: ignore[union-attr]  # the stubs leave out the slot
    return bytes(style) if style is not None and any(style) else b""


def cell_records(sheet: Worksheet) -> Iterator[tuple[int, int, object, str, StyleArray | None, bool]]:
    """Each cell of a sheet in row and column order, as (row, column, value, data type, style, whether it has a
    comment or a link): a sheet's cells read at once (book/describe.py reads every cell of the sheets forsxl
    writes whole, a big workbook's Standings some 25,000)."""
    found: Any
    for (row, column), found in sorted(sheet._cells.items()):
        yield row, column, found._value, found.data_type, found._style, (
            found.comment is not None or found.hyperlink is not None)


def style_array(cell: Cell | MergedCell | StyleableObject) -> StyleArray | None:
    """The style of a cell (or a row or column) as openpyxl holds it (None: never styled)."""
    return cast(StyleArray | None, cell._style)  # type: ignore[union-attr]  # the stubs leave out the slot


def new_cell(sheet: Worksheet, row: int, column: int, style: StyleArray, value: object, data_type: str) -> Cell:
    """A cell of `sheet` with this value and data type as openpyxl's reader sets them, past the value setter's
    guessing of types (text stays text); not put into the sheet."""
    cell = Cell(sheet, row=row, column=column, style_array=style)
    cell._value, cell.data_type = value, data_type  # type: ignore[attr-defined]  # the stubs leave out the slot
    return cell


def add_cell(sheet: Worksheet, row: int, column: int, style: StyleArray, value: object, data_type: str) -> None:
    """Put into `sheet` a `new_cell`."""
    sheet._cells[(row, column)] = new_cell(sheet, row, column, style, value, data_type)


def append_after(sheet: Worksheet, row: int) -> None:
    """Let `sheet.append` go on below `row`, as openpyxl's reader leaves a sheet it read."""
    vars(sheet)["_current_row"] = row


@dataclass(frozen=True)
class Styles:
    """A workbook's numbered style lists, as openpyxl keeps them: a cell's style (an xf) by number, and the fonts,
    fills, borders, alignments, protections and custom number formats it points at by number; which cell styles
    format a date or a duration."""

    cell_styles: IndexedList[StyleArray]
    fonts: list[Any]
    fills: list[Any]
    borders: list[Any]
    alignments: list[Any]
    protections: list[Any]
    number_formats: IndexedList[str]
    """Custom formats, numbered from openpyxl.styles.numbers.BUILTIN_FORMATS_MAX_SIZE."""
    date_formats: Mapping[int, Any]
    timedelta_formats: Mapping[int, Any]


def styles(workbook: Workbook) -> Styles:
    """The workbook's style lists (private to openpyxl, left out of its stubs)."""
    book: Any = workbook
    return Styles(book._cell_styles, book._fonts, book._fills, book._borders, book._alignments, book._protections,
                  book._number_formats, book._date_formats, book._timedelta_formats)


def styled_like(workbook: Workbook) -> Workbook:
    """A new empty workbook with the styles of `workbook` numbered as there: its style lists are copies, so that what
    is added to them leaves those of `workbook` as they are."""
    copy, source = cast(Any, Workbook()), cast(Any, workbook)
    copy._fonts, copy._fills, copy._borders, copy._alignments, copy._protections, copy._number_formats, \
        copy._cell_styles = map(_copied, (source._fonts, source._fills, source._borders, source._alignments,
                                          source._protections, source._number_formats, source._cell_styles))
    copy._named_styles, copy._differential_styles, copy._table_styles, copy._colors = (
        source._named_styles, source._differential_styles, source._table_styles, source._colors)
    copy._date_formats, copy._timedelta_formats = source._date_formats, source._timedelta_formats
    copy.epoch = source.epoch
    return cast(Workbook, copy)


def _copied(listed: Any) -> IndexedList[Any]:
    """A copy of one of openpyxl's numbered lists that finds values as the list does, duplicates too."""
    copied: Any = IndexedList()
    list.extend(copied, listed)
    copied._dict, copied.clean = dict(listed._dict), listed.clean
    return cast(IndexedList[Any], copied)


# ---------------------------------------------------------------------------------------------------- writing


def serialised(element: Element) -> bytes:
    """An element as XML bytes, without a declaration."""
    return cast(bytes, tostring(element))  # openpyxl's tostring encodes to UTF-8


def number_text(value: int | float) -> bytes:
    """A number as openpyxl's writer puts it in a `<v>`."""
    return safe_string(value).encode()


def cell_xml(cell: Cell | MergedCell, styled: bool) -> bytes:
    """One `<c>`, as openpyxl's cell writer makes it; `styled`: with its `s`."""
    collector = _Collector()
    etree_write_cell(collector, cell.parent, cell, styled)
    return serialised(collector.element)


class _Collector:
    """Stands in for openpyxl's XML stream to take the one cell element it writes."""

    element: Element

    def write(self, element: Element) -> None:
        self.element = element


class _WithoutRows(WorksheetWriter):
    """openpyxl's writer of a sheet, but for its cells: an empty `<sheetData>` stands where they go."""

    def write_rows(self) -> None:
        self.xf.send(Element("sheetData"))


def sheet_xml_without_rows(sheet: Worksheet) -> bytes:
    """A worksheet part as openpyxl's writer makes it, with an empty `<sheetData/>` where its cells go."""
    writer = _WithoutRows(sheet, io.BytesIO())
    writer.write()
    xml: bytes = writer.read()
    return xml


def stylesheet_xml(workbook: Workbook) -> bytes:
    """The workbook's whole styles part, as openpyxl writes it."""
    return serialised(write_stylesheet(workbook))


def style_xml(style: StyleArray, font: int, fill: int, border: int, number_format: int, alignment: Any,
              protection: Any) -> bytes:
    """A cell style's `<xf>` pointing at the font, fill, border and number format of those numbers, with the
    alignment and protection given (None: none)."""
    xf = CellStyle.from_array(style)  # type: ignore[no-untyped-call]
    xf.fontId, xf.fillId, xf.borderId, xf.numFmtId = font, fill, border, number_format
    if alignment is not None:
        xf.alignment = alignment
    if protection is not None:
        xf.protection = protection
    return serialised(xf.to_tree())
