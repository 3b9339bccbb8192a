"""Every stage's sections under the Standings table (R7): a title row, then place, name and points per player."""

from __future__ import annotations

from collections.abc import Sequence

from forsxl.book import layout
from forsxl.book.read import Book
from forsxl.book.sheets import write_row
from forsxl.engine.stages import StageTable
from forsxl.i18n import N_, each, tr

TITLE = N_("Stage {stage}, {name} ({text}): rounds {first}-{last}")
COLUMNS = (N_("Place"), N_("Name"), N_("No"), N_("Start"), N_("Points"))
"""Name before No: book/recorded.py reads rows with a number in column B as the main table's."""


def write_stage_tables(book: Book, tables: Sequence[StageTable]) -> None:
    """Below the Standings table, one blank row apart, each section's own standings, stage by stage."""
    lang = book.lang
    sheet = book.workbook[layout.sheet_name("standings", lang)]
    row = sheet.max_row + 2
    for table in tables:
        title = tr(lang, TITLE, stage=table.stage, name=table.section.name, text=table.section.text,
                   first=table.first, last=table.last)
        write_row(sheet, row, [title], bold=True)
        write_row(sheet, row + 1, each(lang, COLUMNS), bold=True)
        row += 2
        for s in table.rows:
            write_row(sheet, row, [s.place, s.player.name, int(s.player.id), s.start, s.points])
            row += 1
        row += 1
