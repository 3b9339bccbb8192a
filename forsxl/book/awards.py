"""The Prizes sheet and the Norm column of Standings (R6: prize lists, rank norms), rewritten on every save."""

from __future__ import annotations

from collections.abc import Sequence

from forsxl.book import layout
from forsxl.book.read import Book
from forsxl.book.sheets import BOLD, fresh_sheet, put, write_row
from forsxl.engine.prizes import Award
from forsxl.engine.report import Report
from forsxl.i18n import N_, each, tr

PRIZE_COLUMNS = (N_("Place"), N_("No"), N_("Name"), N_("Rating"), N_("Club"))
WORDS = {
    "shared": N_("shared: tied on every criterion"),
    "nobody": N_("nobody qualifies"),
    "norm": N_("Norm"),
}


def write_prizes(book: Book, awards: Sequence[Award]) -> None:
    """The Prizes sheet: each list's title and what it ranks by, then its winners; a tie is marked shared."""
    lang = book.lang
    sheet = fresh_sheet(book.workbook, layout.sheet_name("prizes", lang), layout.SHEETS["log"])
    row = 1
    for award in awards:
        write_row(sheet, row, [award.spec.name, award.spec.text], bold=True)
        write_row(sheet, row + 1, [*each(lang, PRIZE_COLUMNS), *award.spec.criteria], bold=True)
        row += 2
        if not award.winners:
            write_row(sheet, row, [tr(lang, WORDS["nobody"])])
            row += 1
        for w in award.winners:
            p = w.player
            write_row(sheet, row, [w.place, int(p.id), p.name, p.rating, p.club, *w.values,
                                   tr(lang, WORDS["shared"]) if w.shared else None])
            row += 1
        row += 1
    sheet.column_dimensions["C"].width = 26


def write_norms(book: Book, report: Report) -> None:
    """A Norm column at the right of the Standings sheet, rows in the final table's order: `+1 (72%)` (R6)."""
    results = report.norms
    if not results:
        return
    sheet = book.workbook[layout.sheet_name("standings", book.lang)]
    column = max(len([c for c in sheet[1] if c.value is not None]), 1) + 1
    put(sheet.cell(1, column), tr(book.lang, WORDS["norm"]))
    sheet.cell(1, column).font = BOLD
    for row, s in enumerate(report.table, start=2):
        result = results.get(s.player.id)
        put(sheet.cell(row, column), result.label() if result else None)


def write_awards(book: Book, report: Report) -> None:
    """The report's prizes and norms, when Config asks for them."""
    if report.awards:
        write_prizes(book, report.awards)
    write_norms(book, report)
