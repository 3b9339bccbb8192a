"""What the row of a cell holds, for a command pointed at a cell as Calc's forsxl menu points at the selected one
(`explain --player Итоги!D5`, `pair --recompute --board Тур-2!C5`, issue 28): the player of a row of Players,
Standings or a round sheet, the board of a row of a round sheet."""

from __future__ import annotations

import re

from openpyxl.utils.cell import column_index_from_string

from forsxl.book import layout
from forsxl.book.package import values
from forsxl.book.read import Book, RoundSheet
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Player, PlayerId

_CELL = re.compile(r"^\s*(?:'((?:[^']|'')+)'|([^!]+?))!\$?([A-Za-z]{1,3})\$?(\d{1,7})\s*$")


def cell_of(text: str) -> tuple[str, int, int] | None:
    """(sheet, row, column) of a cell written as forsxl's messages write it, `Тур-2!C5` or `'Round 2'!$C$5`; None
    when `text` is no cell."""
    found = _CELL.match(text)
    if found is None:
        return None
    sheet = found[1].replace("''", "'") if found[1] else found[2].strip()
    return sheet, int(found[4]), column_index_from_string(found[3].upper())


def _round_sheet(book: Book, text: str, sheet: str) -> RoundSheet | None:
    if sheet not in book.workbook.sheetnames:
        raise ForsxlError("", "cell_no_sheet", cell=text, sheet=sheet)
    return next((rs for rs in book.round_sheets.values() if rs.sheet.title == sheet), None)


def board_at(book: Book, text: str) -> tuple[int, int]:
    """The round and board of the row of the cell `text` on a round sheet."""
    sheet, row, _ = cell_of(text) or ("", 0, 0)
    rs = _round_sheet(book, text, sheet)
    game = next((entry for r, entry in rs.rows if r == row), None) if rs else None
    if not isinstance(game, Game) or rs is None:
        raise ForsxlError("R2", "cell_no_board", cell=text)
    return rs.number, game.board


def player_at(book: Book, text: str) -> Player:
    """The player of the row of the cell `text`: on Players or Standings the row's, on a round sheet the one whose
    column the cell is in (White's name or points, else Black), or the one with a bye or absence there."""
    sheet, row, column = cell_of(text) or ("", 0, 0)
    rs = _round_sheet(book, text, sheet)
    t = book.tournament
    found: PlayerId | None = None
    if rs is not None:
        entry = next((e for r, e in rs.rows if r == row), None)
        if isinstance(entry, Game):
            white = column in (rs.columns.get("white"), rs.columns.get("white_pts"))
            found = entry.white if white else entry.black
        elif entry is not None:
            found = entry[0]
    elif sheet in layout.SHEETS["standings"]:
        found = _standings_no(book, sheet, row)
    else:
        found = next((p.id for p in t.players if p.source and p.source.sheet == sheet and p.source.cell == f"A{row}"),
                     None)
    if found is None or found not in {p.id for p in t.players}:
        raise ForsxlError("R6", "cell_no_player", cell=text)
    return t.player(found)


def _standings_no(book: Book, sheet: str, row: int) -> PlayerId | None:
    """The start number in a row of Standings (forsxl's own sheet: its `No` column)."""
    rows = dict(values(book.workbook[sheet]))
    header = rows.get(1, {})
    columns = layout.match_columns([header.get(i) for i in range(1, max(header, default=0) + 1)],
                                   layout.STANDINGS_COLUMNS)
    no = rows.get(row, {}).get(columns.get("no", 0)) if row > 1 else None
    return PlayerId(no) if isinstance(no, int) else None
