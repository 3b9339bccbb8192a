"""The Simulation sheet of `forsxl simulate`: what was assumed, then the report's tables one under another (R10)."""

from __future__ import annotations

from collections.abc import Sequence

from forsxl.book import layout
from forsxl.book.read import Book
from forsxl.book.sheets import BOLD, fresh_sheet, put, write_row

ReportTable = tuple[str, Sequence[str], Sequence[Sequence[object]]]
"""(title, headers, rows) of one table."""


def write_simulation(book: Book, settings: Sequence[tuple[str, object]], tables: Sequence[ReportTable]) -> None:
    """The Simulation sheet, rewritten whole (the only sheet the simulator owns)."""
    sheet = fresh_sheet(book.workbook, layout.sheet_name("simulation", book.lang), layout.SHEETS["log"])
    for row, (key, value) in enumerate(settings, start=1):
        write_row(sheet, row, [key, value])
        sheet.cell(row, 1).font = BOLD
    row = len(settings) + 2
    for title, headers, rows in tables:
        put(sheet.cell(row, 1), title)
        sheet.cell(row, 1).font = BOLD
        write_row(sheet, row + 1, list(headers), bold=True)
        for offset, values in enumerate(rows, start=2):
            write_row(sheet, row + offset, list(values))
        row += len(rows) + 3
    sheet.column_dimensions["A"].width = 24
    sheet.column_dimensions["B"].width = 28
