"""A round's result slips and wall list as a workbook to print from a spreadsheet (`forsxl print -o slips.xlsx`,
issue 38): the Calc menu opens it in LibreOffice and prints it through LibreOffice's own print dialog, no browser.

The same slips as the HTML page (publish/slips.py), four to an A4 page with a dashed line to cut along, then
everyone by name on a sheet of its own; app/printing.py says them as plain text, this module lays them out.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book.sheets import BOLD
from forsxl.engine.errors import ForsxlError

SLIPS_PER_PAGE = 4
ROWS = (22, 26, 26, 20, 24, 30, 22, 20)
"""The heights of a slip's rows in points, 190 in all: four slips fill an A4 page inside 10 mm margins."""
WIDTHS = (14, 40, 12, 20)
"""Columns A to D in characters: a label, a name, the start number, the rank."""
CUT = Border(bottom=Side(style="dashed", color="FF777777"))
FONT = "Calibri"


@dataclass(frozen=True)
class SlipPlayer:
    """One colour of a slip: its word, the player's name, start number and rank, as printed."""

    colour: str
    name: str
    number: str
    rank: str


@dataclass(frozen=True)
class SlipText:
    """One board's slip as printed: the line at its top, the board, both players, the handicap line, the boxes to
    tick and the places to sign."""

    top: str
    board: str
    black: SlipPlayer
    white: SlipPlayer
    handicap: str
    boxes: str
    signatures: tuple[str, str]


def _font(size: float, bold: bool = False) -> Font:
    return Font(name=FONT, size=size, family=2, bold=bold)


def _slip(sheet: Worksheet, first: int, slip: SlipText) -> None:
    for offset, height in enumerate(ROWS):
        sheet.row_dimensions[first + offset].height = height
    sheet.merge_cells(start_row=first, start_column=1, end_row=first, end_column=3)
    sheet.cell(first, 1, slip.top).font = _font(9)
    board = sheet.cell(first, 4, slip.board)
    board.font, board.alignment = _font(16, True), Alignment(horizontal="right")
    for row, side in ((first + 1, slip.black), (first + 2, slip.white)):
        sheet.cell(row, 1, side.colour).font = BOLD
        sheet.cell(row, 2, side.name).font = _font(13, True)
        sheet.cell(row, 3, side.number).font = _font(10)
        sheet.cell(row, 4, side.rank).font = _font(10)
    for row, text, size in ((first + 3, slip.handicap, 10.5), (first + 4, slip.boxes, 11)):
        sheet.merge_cells(start_row=row, start_column=1, end_row=row, end_column=4)
        sheet.cell(row, 1, text).font = _font(size)
    sign = first + 6
    sheet.merge_cells(start_row=sign, start_column=1, end_row=sign, end_column=2)
    sheet.merge_cells(start_row=sign, start_column=3, end_row=sign, end_column=4)
    sheet.cell(sign, 1, slip.signatures[0] + " ______________").font = _font(9.5)
    sheet.cell(sign, 3, slip.signatures[1] + " ______________").font = _font(9.5)
    for column in range(1, 5):
        sheet.cell(first + len(ROWS) - 1, column).border = CUT


def _a4(sheet: Worksheet, title_rows: str | None) -> None:
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.orientation = sheet.ORIENTATION_PORTRAIT
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
    sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    sheet.page_margins.top = sheet.page_margins.bottom = 0.4
    sheet.page_margins.left = sheet.page_margins.right = 0.4
    sheet.page_margins.header = sheet.page_margins.footer = 0.2
    if title_rows:
        sheet.print_title_rows = title_rows


def write_slips(target: Path, names: tuple[str, str], slips: Sequence[SlipText], wall_heading: Sequence[str],
                wall: Sequence[Sequence[str]]) -> None:
    """The slips on sheet `names[0]`, four to a page, and the wall list (`wall_heading`, then a row per player) on
    sheet `names[1]`, written to `target` through a temporary file renamed over it."""
    workbook = Workbook()
    sheet = workbook.active
    assert isinstance(sheet, Worksheet)
    sheet.title = names[0]
    for column, width in enumerate(WIDTHS, start=1):
        sheet.column_dimensions[chr(ord("A") + column - 1)].width = width
    for index, slip in enumerate(slips):
        first = index * len(ROWS) + 1
        _slip(sheet, first, slip)
        if (index + 1) % SLIPS_PER_PAGE == 0 and index + 1 < len(slips):
            sheet.row_breaks.append(Break(id=first + len(ROWS) - 1))
    _a4(sheet, None)
    listed = workbook.create_sheet(names[1])
    listed.append(list(wall_heading))
    for cell in listed[1]:
        cell.font = BOLD
    for row in wall:
        listed.append(list(row))
    for column, width in enumerate((30, 8, 10, 30, 16), start=1):  # the handicap: `3, 3,5 чёрным`
        listed.column_dimensions[chr(ord("A") + column - 1)].width = width
    _a4(listed, "1:1")
    partial = target.with_name(f".{target.name}.tmp")
    try:
        workbook.save(partial)
        os.replace(partial, target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise ForsxlError("", "write_failed", path=target, why=error.strerror or type(error).__name__) from None

