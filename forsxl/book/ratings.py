"""The two sheets of `forsxl ratings`: Rating list, a federation's list for this tournament's players on its date,
and Rating changes, the ratings it has otherwise than Players, each to accept by a mark in its Accept cell.

Both are forsxl's, rewritten whole, except what the referee types in them: every row of another source, and every
Accept mark, are read back before a sheet is written again and kept (app/ratings.py decides which row each mark
belongs to)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book import layout
from forsxl.book.openpyxl_private import cells
from forsxl.book.read import Book
from forsxl.book.sheets import find_sheet, fit_columns, fresh_sheet, header_row, write_row
from forsxl.engine.model import Source
from forsxl.engine.values import Lang
from forsxl.i18n import tr

Row = dict[str, object]
"""A row of one of the sheets: its column (layout.RATING_LIST_COLUMNS, RATING_CHANGE_COLUMNS) -> value."""

_UNTICKED = frozenset({"", "0", "-", "–", "—", "no", "n", "нет", "н", "false", "ложь"})
"""What an Accept cell may hold and not tick its row: nothing, or a no (`нет`, `0`, FALSE of a check box)."""


def ticked(value: object) -> bool:
    """Whether an Accept cell ticks its row: any mark does (`x`, `да`, `✓`, `1`, TRUE), but a no (`_UNTICKED`)."""
    if value is None or value is False:
        return False
    return " ".join(str(value).split()).casefold() not in _UNTICKED


@dataclass(frozen=True)
class Change:
    """A row of Rating changes as the sheet has it (values as typed), and where each of its cells is."""

    values: Row
    places: Mapping[str, Source] = field(default_factory=dict)

    def __getitem__(self, column: str) -> object:
        return self.values.get(column)

    def text(self, column: str) -> str:
        value = self.values.get(column)
        return "" if value is None else " ".join(str(value).split())

    @property
    def ticked(self) -> bool:
        return ticked(self.values.get("accept"))


def _rows(sheet: Worksheet | None, columns: Mapping[str, tuple[str, str]]) -> list[tuple[int, Row, dict[str, int]]]:
    """The rows of a table with these headers (either language, in any order): row number, values, columns."""
    if sheet is None:
        return []
    found = layout.match_columns(header_row(sheet), columns)
    if "name" not in found:
        return []
    held = cells(sheet)
    rows: dict[int, Row] = {}
    for (row, column), cell in held.items():
        key = next((k for k, c in found.items() if c == column), None)
        if row > 1 and key is not None and cell.value not in (None, ""):
            rows.setdefault(row, {})[key] = cell.value
    return [(row, values, found) for row, values in sorted(rows.items()) if values.get("name") not in (None, "")]


def read_changes(workbook: Workbook) -> list[Change]:
    """Every row of Rating changes that names a player, as typed, with its cells' places; none without the sheet."""
    sheet = find_sheet(workbook, "rating_changes")
    return [Change(values, {k: Source(sheet.title, f"{get_column_letter(c)}{row}") for k, c in found.items()})
            for row, values, found in _rows(sheet, layout.RATING_CHANGE_COLUMNS) if sheet is not None]


def read_rating_list(workbook: Workbook) -> list[Row]:
    """Every row of Rating list that names a player, as typed."""
    return [values for _, values, _ in _rows(find_sheet(workbook, "rating_list"), layout.RATING_LIST_COLUMNS)]


def write_rating_list(book: Book, rows: Sequence[Row]) -> None:
    """Rating list, rewritten whole: one row a player and source."""
    _write(book, "rating_list", layout.RATING_LIST_COLUMNS, rows)


def write_changes(book: Book, rows: Sequence[Row]) -> None:
    """Rating changes, rewritten whole: the rows given, Accept marks as typed."""
    _write(book, "rating_changes", layout.RATING_CHANGE_COLUMNS, rows)


def _write(book: Book, kind: str, columns: Mapping[str, tuple[str, str]], rows: Sequence[Row]) -> None:
    sheet = find_sheet(book.workbook, kind)
    title = sheet.title if sheet is not None else layout.sheet_name(kind, book.lang)
    sheet = fresh_sheet(book.workbook, title, layout.SHEETS["log"])
    write_row(sheet, 1, [layout.header(columns, c, book.lang) for c in columns], bold=True)
    for number, row in enumerate(rows, start=2):
        write_row(sheet, number, [row.get(c) for c in columns])
    fit_columns(sheet)
    sheet.freeze_panes = "C2"


def note_lines(workbook: Workbook, lang: Lang) -> list[str]:
    """A line for each rating written into Players after its player had played (`ratings --apply --force`), for
    Standings: the rounds before were paired and scored on the old rating."""
    lines = []
    for change in read_changes(workbook):
        after = change["applied"]
        if isinstance(after, int) and not isinstance(after, bool) and after > 0:
            lines.append(tr(lang, "{name}: rating {old} → {new} ({source}, {date}) after round {round}; the rounds "
                            "up to it were played on {old}", name=change.text("name"), old=change.text("old"),
                            new=change.text("new"), source=change.text("source"), date=change.text("date"),
                            round=after))
    return lines
