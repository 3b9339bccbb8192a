"""Workbooks for import and export: players appended under the headers a Players sheet has, a whole
tournament brought in from another program, and a clean results-only workbook for a federation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book import layout
from forsxl.book.read import Book
from forsxl.book.safety import check_sheet_size
from forsxl.book.sheets import BOLD, put, write_row
from forsxl.book.write import new_workbook, type_players, type_results, write_round
from forsxl.engine.errors import WorkbookErrors
from forsxl.engine.model import Player, Tournament
from forsxl.engine.report import Report
from forsxl.engine.results import result_text
from forsxl.engine.values import Lang
from forsxl.messages import tiebreak_columns, tiebreak_heading

IMPORTED_COLUMNS = ("no", "name", "rating", "rank", "club", "country", "start", "absent", "left_after", "egd_pin")


def players_sheet(workbook: Workbook) -> Worksheet | None:
    names = {n.casefold(): n for n in workbook.sheetnames}
    found = next((names[c.casefold()] for c in layout.SHEETS["players"] if c.casefold() in names), None)
    return workbook[found] if found else None


def _columns(sheet: Worksheet, lang: Lang, rows: Iterable[dict[str, Any]]) -> dict[str, int]:
    """The Players column of each key `rows` give a value, a header added after the last for one the sheet lacks."""
    headers: list[object] = [c.value for c in sheet[1]]
    columns = layout.match_columns(headers, layout.PLAYER_COLUMNS)
    last = max([i for i, h in enumerate(headers, start=1) if h not in (None, "")] + [0])
    for key in dict.fromkeys(k for row in rows for k, v in row.items() if v not in (None, "")):
        if key not in columns:
            last += 1
            columns[key] = last
            cell = sheet.cell(1, last)
            put(cell, layout.PLAYER_COLUMNS[key][0 if lang == Lang.EN else 1])
            cell.font = BOLD
    return columns


def _sheet(workbook: Workbook) -> Worksheet:
    sheet = players_sheet(workbook)
    assert sheet is not None  # the workbook was loaded, so Players exists
    return sheet


def append_players(workbook: Workbook, lang: Lang, rows: Sequence[dict[str, Any]]) -> int:
    """Type `rows` (Players column -> value) below the last player, a column the sheet lacks given a header; the row
    of the first.

    Raises, with nothing typed, when the rows would reach past the rows forsxl reads (MAX_ROWS)."""
    sheet = _sheet(workbook)
    columns = _columns(sheet, lang, rows)
    top = max((r for r in range(2, sheet.max_row + 1)
               if any(sheet.cell(r, c).value not in (None, "") for c in columns.values())), default=1)
    too_far = check_sheet_size(sheet.title, top + len(rows), sheet.max_column)
    if too_far is not None:  # every later command would refuse the sheet
        raise WorkbookErrors([too_far], lang)
    for row, values in enumerate(rows, start=top + 1):
        for key, value in values.items():
            if value not in (None, ""):
                put(sheet.cell(row, columns[key]), value)
    return top + 1


def set_player_cells(workbook: Workbook, lang: Lang, rows: Mapping[int, dict[str, Any]]) -> None:
    """Write values (Players column -> value) into players' rows, by row number; a column the sheet lacks gets a
    header, the other cells of the row stay as typed."""
    sheet = _sheet(workbook)
    columns = _columns(sheet, lang, rows.values())
    for row, values in rows.items():
        for key, value in values.items():
            put(sheet.cell(row, columns[key]), value)


def player_row(player: Player, lang: Lang) -> dict[str, Any]:
    """A Player as the Players cells an organizer would type: the name as written, the declared rank beside the
    rating, the MMS correction."""
    return {"no": int(player.id), "name": player.written or player.name, "rating": player.rating, "club": player.club,
            "country": player.country, "egd_pin": player.egd_pin, "rank": player.rank and player.rank.label(lang),
            "correction": player.correction or None, "absent": ", ".join(map(str, sorted(player.absent)))}


def tournament_book(
    path: Path, t: Tournament, origins: dict[str, str], config_rows: Sequence[tuple[str, Any]]
) -> Book:
    """A new Book holding a tournament brought from another program: Config, Players, every Round-N."""
    lang = t.config.lang
    columns = IMPORTED_COLUMNS + (("correction",) if any(p.correction for p in t.players) else ())
    book = Book(path, new_workbook(config_rows, lang, columns), lang, t, origins, {})
    type_players(book.workbook, lang, [player_row(p, lang) for p in t.players])
    for rnd in t.rounds:
        write_round(book, rnd)
        type_results(book, rnd.number, {g.board: g.result for g in rnd.games if g.result is not None})
    return book


def results_workbook(t: Tournament, report: Report, lang: Lang) -> Workbook:
    """Results only, for a federation: the report's final table with PINs and round cells like `12+/w2`, and every
    game."""
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = layout.sheet_name("standings", lang)
    en = lang == Lang.EN
    shown = tiebreak_columns(t.config.tiebreaks)
    headings = [layout.header(layout.STANDINGS_COLUMNS, c, lang)
                for c in ("place", "shared", "no", "name", "rating", "rank", "club")]
    headings += ["Country" if en else "Страна", "EGD PIN", "RFG ID"]
    headings += [layout.ROUND_COLUMN[lang].format(n=r.number) for r in t.rounds if not r.superfinal]  # R7.8
    headings += ["Points" if en else "Очки", *[tiebreak_heading(c, lang) for c in shown]]
    write_row(sheet, 1, headings, bold=True)
    for row, s in enumerate(report.table, start=2):
        p = s.player
        rank = p.rank_by(t.config.ratings).label(lang)
        write_row(sheet, row, [s.place_number, s.shared_place or None, int(p.id), p.name, p.rating, rank, p.club,
                               p.country, p.egd_pin, p.rfg_id, *[c.text(lang) for c in s.cells], s.points,
                               *[s.values[c] for c in shown]])
    sheet.column_dimensions["D"].width = 28
    sheet.freeze_panes = "E2"
    games = workbook.create_sheet("Games" if en else "Партии")
    write_row(games, 1, [*[layout.ROUND_COLUMNS[c][0 if en else 1] for c in ("board", "black", "white", "stones",
                                                                         "komi", "result")], "Round" if en else "Тур"],
          bold=True)
    row = 2
    for rnd in t.rounds:
        for g in rnd.games:
            write_row(games, row, [g.board, t.player(g.black).name, t.player(g.white).name, g.stones, g.komi,
                               result_text(g.result, lang) if g.result else "", rnd.number])
            row += 1
    return workbook
