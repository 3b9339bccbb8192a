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
from xml.etree.ElementTree import ParseError

from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml.ElementTree import iterparse  # type: ignore[import-untyped]
from openpyxl.workbook.workbook import Workbook
from python_calamine import CalamineError, CalamineWorkbook

from forsxl.book.safety import MAX_COLUMNS, MAX_ROWS, check_archive, refuse


def xlsx_beside(path: Path) -> Path:
    """Where the workbook read from `club.ods` is saved: `club.xlsx` in the same folder."""
    return path.with_suffix(".xlsx")


_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"


def _check_extent(path: Path) -> None:
    """Refuse a sheet whose repeated rows or cells reach past the limits before calamine expands them.

    Twenty bytes of `table:number-rows-repeated` can ask for a million rows: LibreOffice writes such repeats for the
    empty rest of a sheet, which are harmless, so only the last row and column holding a value count.
    """
    with zipfile.ZipFile(path) as archive, archive.open("content.xml") as content:
        row_at, last_row, last_column, table = 0, 0, 0, ""
        for event, element in iterparse(content, events=("start", "end")):
            if event == "start":
                if element.tag == f"{_TABLE}table":
                    table, row_at, last_row, last_column = element.get(f"{_TABLE}name", ""), 0, 0, 0
                continue
            if element.tag != f"{_TABLE}table-row":
                continue
            column_at, filled = 0, 0
            for cell in element:
                column_at += int(cell.get(f"{_TABLE}number-columns-repeated", "1"))
                if cell.get(f"{_OFFICE}value-type") is not None or len(cell):
                    filled = column_at
            row_at += int(element.get(f"{_TABLE}number-rows-repeated", "1"))
            if filled:
                last_row, last_column = row_at, max(last_column, filled)
            if last_row > MAX_ROWS or last_column > MAX_COLUMNS:
                raise refuse("file_not_xlsx", path, why=f"sheet {table} reaches row {last_row}, column {last_column}")
            element.clear()


def _cell(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)  # calamine reads every ODS number as a float; 1915.0 was typed 1915
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value


def read_ods(path: Path) -> Workbook:
    """Every sheet of the .ods as values in a new openpyxl workbook; a refused file raises WorkbookErrors."""
    check_archive(path, "content.xml")
    try:
        _check_extent(path)
        source = CalamineWorkbook.from_path(str(path))
        sheets = [(name, source.get_sheet_by_name(name)) for name in source.sheet_names]
        workbook = Workbook()
        assert workbook.active is not None
        workbook.remove(workbook.active)
        for name, sheet in sheets:
            if sheet.height > MAX_ROWS or sheet.width > MAX_COLUMNS:
                why = f"sheet {name} has {sheet.height} rows and {sheet.width} columns"
                raise refuse("file_not_xlsx", path, why=why)
            target = workbook.create_sheet(name)
            for values in sheet.to_python(skip_empty_area=False):
                target.append([_cell(v) if v != "" else None for v in values])
            for row in target.iter_rows():
                for cell in row:
                    if isinstance(cell.value, str):
                        cell.data_type = "s"  # `=1+1` typed as text in LibreOffice stays text
    except (CalamineError, ValueError, OSError, ParseError, DefusedXmlException, zipfile.BadZipFile) as error:
        raise refuse("file_not_xlsx", path, why=f"an unreadable OpenDocument file: {error}") from None
    return workbook
