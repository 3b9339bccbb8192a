"""Reading a workbook into a Tournament, collecting every cell error before anything is written (WORKBOOK.md)."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book import layout, openpyxl_private
from forsxl.book.config import MAX_NUMBER, NumberTooLarge, build_config, parse_number
from forsxl.book.edits import Edits
from forsxl.book.ods import read_ods, xlsx_beside
from forsxl.book.package import Package
from forsxl.book.recorded import Recorded, changed_results, recorded
from forsxl.book.safety import MAX_PLAYERS, check_archive, check_sheets, refuse, unreadable
from forsxl.book.save import Identity
from forsxl.book.sheets import data_rows, find_sheet, header_row
from forsxl.engine.config import MAX_KOMI, MAX_POINTS, MAX_ROUNDS, Config, StartMethod
from forsxl.engine.errors import ForsxlError, WorkbookErrors, nearest
from forsxl.engine.groups import group_rules
from forsxl.engine.handicap import MAX_STONES, steps_of_handicap, stones_and_komi
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Sitout, Source, Tournament, name_key
from forsxl.engine.pairing.methods import SCHEDULED
from forsxl.engine.playoff import board_of, playoff_label
from forsxl.engine.ratings import rating_bounds, rating_of_rank
from forsxl.engine.results import ResultTextError, parse_result, russian_notation
from forsxl.engine.scored import as_scored
from forsxl.engine.scoring import draws_allowed
from forsxl.engine.start_points import START_METHODS, StartContext
from forsxl.engine.teams import tournament_problems
from forsxl.engine.values import CATEGORIES, Lang, Rank, category_index
from forsxl.i18n import Later

N = TypeVar("N", int, Fraction)

@dataclass
class RoundSheet:
    """Where a round lives, to write back the cells forsxl owns (Steps, points)."""

    number: int
    sheet: Worksheet
    columns: dict[str, int]
    rows: list[tuple[int, Game | tuple[PlayerId, Sitout]]] = field(default_factory=list)
    filled: list[tuple[int, int, str | int]] = field(default_factory=list)
    """(row, column, value) of cells a save sets: one holding a player's old name, rewritten to the new one
    (book/recorded.py), and a game's empty Board cell, given the board it was read as."""


@dataclass
class Book:
    path: Path
    workbook: Workbook
    lang: Lang
    tournament: Tournament
    origins: dict[str, str]
    round_sheets: dict[int, RoundSheet]
    warnings: list[ForsxlError] = field(default_factory=list)
    """What a person changed that forsxl accepted but they should know (renames, results changed late, .ods), and
    what the rules made of the workbook as typed (engine/scored.py `as_scored`)."""
    source: Path | None = None
    """The file read when it is not `path`: `club.ods`, saved as `club.xlsx` beside it."""
    read_as: Identity | None = None
    """The file as it was read: saving refuses to replace it once another program has changed it."""
    package: Package | None = None
    """The .xlsx package it was read from: saving keeps it and replaces only what forsxl wrote (book/package.py)."""
    describing: bool = False
    """Read to say what a command changes, not to save it: the edits are kept in `edits` (forsxl.api `describe`)."""
    edits: Edits | None = None
    focus: dict[str, str] | None = None
    """Where the command takes the referee: the sheet (and cell) of what it made (book/edits.py `Edits.focus`)."""
    round: int | None = None
    """The round the command paired or changed, for a front end to name its action by."""


def open_workbook(path: Path) -> Workbook:
    """The workbook at `path`, refusing missing, oversized, hostile and non-xlsx files before parsing.

    A workbook open in Excel or LibreOffice is read as last saved: `check`, `publish`, `explain` work beside the
    spreadsheet, and only a save refuses (`save.save`)."""
    return open_package(path)[0]


def open_package(path: Path) -> tuple[Workbook, Package | None, Identity | None]:
    """The workbook at `path` as `open_workbook` reads it, the .xlsx package it came from and the identity of the very
    bytes parsed (none for an .ods)."""
    if not path.is_file():
        raise WorkbookErrors([ForsxlError("", "file_missing", path=path)])
    if path.suffix.casefold() == ".ods":
        return read_ods(path), None, None
    try:
        identity, data = Identity.read(path)
    except OSError:  # said as before this was read here: a file that cannot be opened as a zip archive
        raise refuse("file_not_xlsx", path, why=Later("not a zip archive")) from None
    return *open_bytes(path, data), identity


def open_bytes(path: Path, data: bytes) -> tuple[Workbook, Package]:
    """The workbook in `data`, the bytes of the .xlsx at `path`, and its package, each refused as `open_workbook`
    refuses it (a version of it, too, before `forsxl undo` puts it back)."""
    check_archive(path, "xl/workbook.xml", data)
    recorded = check_sheets(path, data)
    try:
        package = Package(data)
        return package.load(path, recorded), package
    except (WorkbookErrors, SystemError):  # a SystemError is a bug in Python or forsxl, never the file's
        raise
    except Exception as error:  # a hostile or broken file: openpyxl and defusedxml raise anything at all
        raise refuse("file_not_xlsx", path, why=unreadable(error)) from None


def detect_lang(workbook: Workbook) -> Lang:
    """The workbook's language: its Config `lang`, else Russian when its sheets have Russian names."""
    config = find_sheet(workbook, "config")
    if config is not None:
        for row in config.iter_rows(min_row=2, max_col=2, values_only=True):
            if str(row[0] or "").strip() == "lang" and str(row[1] or "").strip() in ("ru", "en"):
                return Lang(str(row[1]).strip())
    return layout.names_lang(workbook.sheetnames)


def peek_lang(path: Path, data: bytes | None = None) -> Lang | None:
    """The language of the workbook at `path` (whose bytes are `data`, when read already; `detect_lang`), read
    cheaply (openpyxl's read-only mode, sheet names and the Config sheet only); None when there is no readable .xlsx
    there. For what is said before the workbook is loaded: `--help`, `publish --watch`, `history`."""
    try:
        check_archive(path, "xl/workbook.xml", data)
        workbook = load_workbook(path if data is None else io.BytesIO(data), read_only=True)
    except Exception:  # no workbook, or not one forsxl reads: the caller falls back on the system's language
        return None
    try:
        return detect_lang(workbook)
    finally:
        workbook.close()


class _Cells:
    """Cell reading that records an error instead of raising, so `check` can list all problems."""

    def __init__(self) -> None:
        self.errors: list[ForsxlError] = []
        self.warnings: list[ForsxlError] = []

    def fail(self, rule: str, code: str, source: Source, **params: Any) -> None:
        self.errors.append(ForsxlError(rule, code, source, **params))

    def value(self, sheet: Worksheet, row: int, column: int | None, as_typed: bool = False) -> Any:
        """A cell's value, text without the spaces around it unless `as_typed`; None for a formula, reported."""
        if column is None:
            return None
        cell = openpyxl_private.cells(sheet).get((row, column))  # `sheet.cell` would add one
        if cell is None:
            return None
        if cell.data_type == "f":
            self.fail("", "formula_cell", _src(sheet, row, column), value=str(cell.value))
            return None
        return cell.value.strip() if isinstance(cell.value, str) and not as_typed else cell.value

    def number(self, raw: Any, source: Source, code: str = "number_bad", rule: str = "") -> Fraction | None:
        if raw is None or raw == "":
            return None
        try:
            return parse_number(raw)
        except NumberTooLarge:
            self.fail("", "number_huge", source, value=str(raw), limit=MAX_NUMBER)
        except (ValueError, ZeroDivisionError, TypeError):
            self.fail(rule, code, source, value=str(raw))
        return None

    def within(self, number: N | None, low: N, high: N, source: Source, code: str, rule: str = "") -> N | None:
        """`number` when it is from `low` to `high` (or None); else None, and an error naming the range."""
        if number is None or low <= number <= high:
            return number
        self.fail(rule, code, source, value=number, low=low, high=high)
        return None

    def whole(self, raw: Any, source: Source, code: str = "number_bad", rule: str = "") -> int | None:
        if type(raw) is int and abs(raw) <= MAX_NUMBER:
            return raw  # most cells, read without a Fraction
        number = self.number(raw, source, code, rule)
        if number is not None and number.denominator != 1:
            self.fail(rule, code, source, value=str(raw))
            return None
        return None if number is None else int(number)


def _src(sheet: Worksheet, row: int, column: int) -> Source:
    return Source(sheet.title, f"{get_column_letter(column)}{row}")


def _read_config(workbook: Workbook, cells: _Cells) -> tuple[Config, dict[str, str]]:
    sheet = find_sheet(workbook, "config")
    if sheet is None:
        cells.fail("R12", "sheet_missing", Source(layout.SHEETS["config"][0]), sheet="Config / Настройки")
        return Config(), {}
    columns = layout.match_columns(header_row(sheet), layout.CONFIG_COLUMNS)
    key_col, value_col = columns.get("key", 1), columns.get("value", 2)
    entries = []
    for row in data_rows(sheet):
        key = cells.value(sheet, row, key_col)
        if key:
            entries.append((str(key), cells.value(sheet, row, value_col), _src(sheet, row, value_col)))
    config, origins, errors = build_config(entries)
    cells.errors += errors
    return config, origins


def absent_ranges(text: str) -> list[tuple[int, int]]:
    """The (first, last) round of each part of an Absent cell (`1, 3-4`); ValueError for a part that is neither."""
    ranges = []
    for part in re.split(r"[,;\s]+", text.strip()):
        if part:
            low, _, high = part.replace("–", "-").partition("-")
            ranges.append((int(low), int(high or low)))
    return ranges


def absent_rounds(text: str, last: int = MAX_ROUNDS) -> frozenset[int]:
    """The rounds an Absent cell names (R5); ValueError unless every range runs upward within rounds 1 to `last`."""
    ranges = absent_ranges(text)
    if not all(1 <= low <= high <= last for low, high in ranges):
        raise ValueError(text)
    return frozenset(r for low, high in ranges for r in range(low, high + 1))


def _read_absent(text: str, config: Config, cells: _Cells, source: Source) -> frozenset[int]:
    """The rounds of an Absent cell (R5), each from 1 to the last round: `rounds`, or MAX_ROUNDS when a schedule
    or stages decide how many rounds there are."""
    if not text:
        return frozenset()
    scheduled = config.stages.plan or any(method in SCHEDULED for method in config.pairing.method)
    last = MAX_ROUNDS if scheduled else min(config.rounds, MAX_ROUNDS)
    try:
        absent_ranges(text)
    except ValueError:
        cells.fail("R5", "absent_bad", source, value=text)
        return frozenset()
    try:
        return absent_rounds(text, last)
    except ValueError:
        cells.fail("R5", "absent_range", source, value=text, last=last)
        return frozenset()


def _read_player(sheet: Worksheet, row: int, cols: dict[str, int], config: Config, cells: _Cells) -> Player | None:
    def text(column: str) -> str:
        value = cells.value(sheet, row, cols.get(column))
        return "" if value is None else " ".join(str(value).split())

    def at(column: str) -> Source:
        return _src(sheet, row, cols.get(column, 1))

    known_errors = len(cells.errors)
    typed = cells.value(sheet, row, cols.get("name"), as_typed=True)
    name = "" if typed is None else " ".join(str(typed).split())
    # OpenGotha's lots read a name's spaces as written (R7.4); a tab or a line break is no part of a name there
    spaced = isinstance(typed, str) and typed != name and not any(c.isspace() and c != " " for c in typed)
    written = typed if spaced else ""
    if not name:
        if len(cells.errors) == known_errors:  # a formula in the cell is reported already
            cells.fail("", "name_missing", at("name"))
        return None
    raw_rating = cells.value(sheet, row, cols.get("rating"))
    rating = cells.within(cells.whole(raw_rating, at("rating"), "rating_bad", rule="R0"),  # ratings, ranks: R0
                          *rating_bounds(config.ratings.scale), at("rating"), "rating_range", rule="R0")
    rank_text, category, category_column = _rank_and_category(text("rank"), text("category"))
    rank = Rank.parse(rank_text) if rank_text else None
    if rank_text and rank is None:
        cells.fail("R0", "rank_bad", at("rank"), value=rank_text, known=", ".join(CATEGORIES))
    by_category = rating is None and rank is None and bool(category) and len(cells.errors) == known_errors
    if by_category:
        rank = _category_rank(name, category, config, cells, at(category_column))
    if rating is None and rank is not None:
        rating = rating_of_rank(rank, config.ratings.scale)
    if rating is None:
        if len(cells.errors) == known_errors:
            cells.fail("R0", "rating_missing", at("rating"), name=name)
        return None
    absent = _read_absent(text("absent"), config, cells, at("absent"))
    group = cells.whole(cells.value(sheet, row, cols.get("group")), at("group"), "group_bad", "R3")
    if group is not None and group not in (1, 2, 3):
        cells.fail("R3", "group_bad", at("group"), value=group)
    player = Player(
        id=PlayerId(cells.whole(cells.value(sheet, row, cols.get("no")), at("no")) or 0),
        name=name, written=written, rating=rating, club=text("club"), city=text("city"), country=text("country"),
        team=text("team"), group=group, category=category,
        start=cells.within(cells.number(cells.value(sheet, row, cols.get("start")), at("start"), "points_bad", "R1"),
                           Fraction(-MAX_POINTS), Fraction(MAX_POINTS), at("start"), "points_range", "R1"),
        correction=cells.within(cells.whole(cells.value(sheet, row, cols.get("correction")), at("correction"),
                                            "points_bad", "R7.4"), -MAX_POINTS, MAX_POINTS, at("correction"),
                                "points_range", "R7.4") or 0,
        absent=absent, left_after=cells.whole(cells.value(sheet, row, cols.get("left_after")), at("left_after")),
        egd_pin=text("egd_pin"), rfg_id=text("rfg_id"), aga_id=text("aga_id"), ffg_licence=text("ffg_licence"),
        latin=text("latin"), rank=rank, by_category=by_category, source=Source(sheet.title, f"A{row}"),
    )
    _check_declared_start(player, config, cells, at, cells.errors[known_errors:])
    return player


def _rank_and_category(rank: str, category: str) -> tuple[str, str, str]:
    """The Rank and Category cells as what they hold (R0), and the column the category was typed in: a sport
    category typed under Rank (`Ранг: 1р`) is the category, and a kyu or dan typed under Разряд the rank, as [000]
    calls them разряды («разница разрядов в два дана (кю)»)."""
    if rank and not category and Rank.parse(rank) is None and category_index(rank) is not None:
        return "", rank, "rank"
    if category and not rank and Rank.parse(category) is not None:
        return category, "", "category"
    return rank, category, "category"


def _category_rank(name: str, category: str, config: Config, cells: _Cells, source: Source) -> Rank | None:
    """The rank `ratings.categories` gives a player's sport category, for a player with neither rating nor rank (R0);
    else a problem at the category's cell saying what to type."""
    index = category_index(category)
    rank = None if index is None else config.ratings.categories.ranks[index]
    if rank is None:
        code = "category_no_rank" if index is not None else "category_unknown"
        cells.fail("R0", code, source, name=name, category=category, known=", ".join(CATEGORIES))
    return rank


_DECLARED_START = {StartMethod.GROUP: "group", StartMethod.CATEGORY: "category"}
"""The start-point methods that read a Players column instead of the rating (R1.5, R1.6)."""


def _check_declared_start(player: Player, config: Config, cells: _Cells, at: Callable[[str], Source],
                          row_errors: list[ForsxlError]) -> None:
    """Report, at its own cell, a group or category that `start.method` needs and the player lacks (R1.5, R1.6),
    unless the row's errors so far name that cell already (a formula, a bad group)."""
    column = _DECLARED_START.get(config.start.method)
    if column is None or player.start is not None or any(e.source == at(column) for e in row_errors):
        return
    try:
        START_METHODS[config.start.method](player, config.start, StartContext())
    except ForsxlError as error:
        cells.fail(error.rule, error.code, at(column), **error.params)


def _read_players(workbook: Workbook, config: Config, cells: _Cells, before: Recorded) -> tuple[Player, ...]:
    sheet = find_sheet(workbook, "players")
    if sheet is None:
        cells.fail("", "sheet_missing", Source(layout.SHEETS["players"][0]), sheet="Players / Участники")
        return ()
    cols = layout.match_columns(header_row(sheet), layout.PLAYER_COLUMNS)
    if "name" not in cols:
        cells.fail("", "header_missing", Source(sheet.title, "1"), column="Name / Имя")
        return ()
    if "rating" not in cols and "rank" not in cols:
        cells.fail("", "header_missing", Source(sheet.title, "1"), column="Rating / Рейтинг")
        return ()
    players: list[Player] = []
    names: dict[str, int] = {}
    numbers: dict[int, int] = {}
    for row in data_rows(sheet):
        player = _read_player(sheet, row, cols, config, cells)
        if player is None:
            continue
        key = name_key(player.name)
        if key in names:
            cells.fail("", "name_duplicate", _src(sheet, row, cols["name"]), name=player.name, row=names[key])
            continue
        names[key] = row
        if player.id:
            if player.id in numbers:
                cells.fail("", "no_duplicate", _src(sheet, row, cols["no"]), value=player.id, row=numbers[player.id])
                continue
            numbers[player.id] = row
        players.append(player)
        if len(players) > MAX_PLAYERS:
            cells.fail("", "players_too_many", _src(sheet, row, cols["name"]), limit=MAX_PLAYERS)
            break
    return _resolve_avoid(sheet, cols.get("avoid"), _number_players(players, before), cells)


def _resolve_avoid(
    sheet: Worksheet, column: int | None, players: tuple[Player, ...], cells: _Cells
) -> tuple[Player, ...]:
    """The Avoid column's names (separated by `;` or `,`) as start numbers, both ways round (R7); a name that is
    no player's is an error at its cell."""
    if column is None:
        return players
    ids = {name_key(p.name): p.id for p in players}
    avoid: dict[PlayerId, set[PlayerId]] = {p.id: set() for p in players}
    for player in players:
        assert player.source is not None
        row = int(player.source.cell[1:])
        value = cells.value(sheet, row, column)
        for name in re.split(r"[;,]", "" if value is None else str(value)):
            if not name.strip():
                continue
            other = ids.get(name_key(name))
            if other is None or other == player.id:
                cells.fail("R7", "avoid_unknown", _src(sheet, row, column), name=name.strip())
                continue
            avoid[player.id].add(other)
            avoid[other].add(player.id)
    return tuple(replace(p, avoid=frozenset(avoid[p.id])) if avoid[p.id] else p for p in players)


def _number_players(players: list[Player], before: Recorded) -> tuple[Player, ...]:
    """Start numbers (WORKBOOK.md `No`): typed ones kept; an empty one is the number the last Standings gave the
    name, so a late entrant never renumbers the field (cards, printouts and the rename check rely on them); the
    rest follow the highest in rating order. Numbers freed by as many renamed players go back to them."""
    recorded = {name_key(name): no for no, name in before.names.items()}
    taken = {p.id for p in players if p.id}
    kept = {p.name: replace(p, id=recorded[name_key(p.name)]) for p in players
            if not p.id and recorded.get(name_key(p.name), 0) not in (0, *taken)}
    taken |= {p.id for p in kept.values()}
    unnumbered = sorted((p for p in players if not p.id and p.name not in kept),
                        key=lambda p: (-p.rating, name_key(p.name)))
    freed = sorted(set(before.names) - taken)
    if len(freed) != len(unnumbered):  # a rename among late entrants is not told apart: new numbers for all
        freed = []
    fresh = iter(range(max(taken | set(before.names), default=0) + 1, 2**31))
    numbered = {p.name: p for p in players if p.id} | kept
    for player in unnumbered:
        numbered[player.name] = replace(player, id=PlayerId(freed.pop(0) if freed else next(fresh)))
    return tuple(sorted(numbered.values(), key=lambda p: p.id))


def round_sheets(workbook: Workbook) -> list[tuple[int, Worksheet]]:
    """Round sheets (`Round-3`, `Тур-3`) by number."""
    found = []
    for name in workbook.sheetnames:
        match = layout.ROUND_NAME.match(name)
        if match and int(match[1]):
            found.append((int(match[1]), workbook[name]))
    return sorted(found, key=lambda item: item[0])


def round_sheet_problems(workbook: Workbook, lang: Lang) -> list[ForsxlError]:
    """A sheet named almost like a round sheet (`Rnd-1`, `Round-1 (2)`), two sheets of one round, or a round with
    no sheet before a later one: each an error naming the sheet, as its results would be lost or misplaced (R7)."""
    problems = [ForsxlError("R7", "round_sheet_near", Source(name), sheet=name,
                            name=layout.ROUND_SHEET[lang].format(n=max(number, 1)))
                for name in workbook.sheetnames if (number := layout.round_like(name)) is not None]
    expected = 1
    for number, sheet in round_sheets(workbook):
        if number < expected:
            problems.append(ForsxlError("R7", "round_sheet_twice", Source(sheet.title), sheet=sheet.title,
                                        round=number))
        elif number > expected:
            problems.append(ForsxlError("R7", "round_sheet_name", Source(sheet.title), sheet=sheet.title,
                                        expected=expected))
        expected = max(expected, number + 1)
    return problems


class _RoundReader:
    """One round sheet: each row a board, a bye or an announced absence (WORKBOOK.md, R11)."""

    def __init__(self, number: int, sheet: Worksheet, config: Config, players: dict[str, Player], cells: _Cells,
                 renamed: dict[str, Player] | None = None, judged: bool = True):
        self.config, self.players, self.cells, self.judged = config, players, cells, judged
        self.renamed = renamed or {}
        self.into = RoundSheet(number, sheet, layout.match_columns(header_row(sheet), layout.ROUND_COLUMNS))
        self.seen: set[PlayerId] = set()
        self.boards: dict[str | int, int] = {}
        """Each board's number (or playoff label) and the row it is on."""
        self.notation = Lang.EN
        """How the round's results are typed (`_notation`)."""
        self.unnumbered: list[int] = []
        """The rows of games whose Board cell is empty (`_number_boards`)."""

    def read(self) -> Round | None:
        sheet, cols = self.into.sheet, self.into.columns
        missing = [c for c in layout.ROUND_COLUMNS if c not in cols]  # the points too: every command writes them
        if missing:
            column = layout.header(layout.ROUND_COLUMNS, missing[0], self.config.lang)
            self.cells.fail("R11", "header_missing", Source(sheet.title, "1"), column=column)
            return None
        rows = data_rows(sheet)
        self.notation = self._notation(rows)
        for row in rows:
            entry = self._row(row)
            if entry is not None:
                self.into.rows.append((row, entry))
        self._number_boards()
        games = tuple(e for _, e in self.into.rows if isinstance(e, Game))
        sitouts = tuple(e for _, e in self.into.rows if not isinstance(e, Game))
        return Round(self.into.number, games, sitouts)

    def _number_boards(self) -> None:
        """Give each game whose Board cell is empty the first board number the round's sheet does not use, in row
        order, with a warning naming the cell; a save writes it there. A row that names its two players is the game
        they played whatever became of its Board cell, never left out of the standings in silence (issue 39)."""
        free = (n for n in itertools.count(1) if n not in self.boards)
        column = self.into.columns["board"]
        for index, (row, entry) in enumerate(self.into.rows):
            if row in self.unnumbered and isinstance(entry, Game):
                board = next(free)
                self.boards[board] = row
                self.into.rows[index] = (row, replace(entry, board=board))
                self.into.filled.append((row, column, board))
                self.cells.warnings.append(ForsxlError("R7", "board_empty", self._at(row, "board"), board=board))

    def _notation(self, rows: list[int]) -> Lang:
        """How the round's results are typed (R11, `parse_result`): in a Russian workbook, in Russian letters when any
        of them has one; else in Latin letters, as every workbook reads them."""
        if self.config.lang != Lang.RU:
            return Lang.EN
        column = self.into.columns["result"]
        held = openpyxl_private.cells(self.into.sheet)
        typed = (cell.value for row in rows if (cell := held.get((row, column))) is not None
                 and isinstance(cell.value, str))
        return Lang.RU if russian_notation(typed) else Lang.EN

    def _at(self, row: int, column: str) -> Source:
        return _src(self.into.sheet, row, self.into.columns[column])

    def _get(self, row: int, column: str) -> Any:
        return self.cells.value(self.into.sheet, row, self.into.columns.get(column))

    def _player(self, row: int, column: str) -> PlayerId | None:
        name = self._get(row, column)
        player = self.players.get(name_key(str(name))) if name not in (None, "") else None
        if player is None and name not in (None, "") and name_key(str(name)) in self.renamed:
            player = self.renamed[name_key(str(name))]
            self.into.filled.append((row, self.into.columns[column], player.name))
            self.cells.warnings.append(ForsxlError("", "player_renamed", self._at(row, column), old=str(name),
                                                   new=player.name, no=player.id))
        if player is None:
            self.cells.fail("", "player_unknown", self._at(row, column), name=str(name or ""),
                            guess=nearest(str(name or ""), (p.name for p in self.players.values())))
            return None
        if player.id in self.seen:
            self.cells.fail("R7", "player_twice", self._at(row, column), name=player.name)
            return None
        self.seen.add(player.id)
        return player.id

    def _row(self, row: int) -> Game | tuple[PlayerId, Sitout] | None:
        board = self._get(row, "board")
        word = layout.SITOUT_WORDS.get(str(board).strip().casefold()) if isinstance(board, str) else None
        if word is not None:
            white = self._get(row, "white")
            if white not in (None, ""):  # neither a game nor a sitout can be read from it without losing one
                self.cells.fail("R7", "sitout_two_players", self._at(row, "board"), word=str(board), white=str(white))
                return None
            pid = self._player(row, "black")
            return None if pid is None else (pid, Sitout(word))
        empty = board in (None, "")
        stage = playoff_label(board) if isinstance(board, str) else None  # R7.7: QF1, SF2, F, 3rd; R7.8: SUP1
        number = board_of(stage) if stage else None if empty else self.cells.whole(board, self._at(row, "board"),
                                                                                   "board_bad")
        black, white = self._player(row, "black"), self._player(row, "white")
        if black is None or white is None or (number is None and not empty):
            return None
        if number is None:  # a game all the same: given its board once the round's typed numbers are known
            game = self._game(row, 0, black, white)
            if game is not None:
                self.unnumbered.append(row)
            return game
        if (stage or number) in self.boards:
            self.cells.fail("R7", "board_duplicate", self._at(row, "board"), board=stage or number,
                            row=self.boards[stage or number])
            return None
        self.boards[stage or number] = row
        game = self._game(row, number, black, white)
        return replace(game, stage=stage) if game is not None and stage else game

    def _game(self, row: int, board: int, black: PlayerId, white: PlayerId) -> Game | None:
        cells, handicap, known = self.cells, self.config.handicap, len(self.cells.errors)
        stones = cells.within(cells.whole(self._get(row, "stones"), self._at(row, "stones")), 0,
                              max(MAX_STONES, handicap.max_steps), self._at(row, "stones"), "handicap_range", "R2.3")
        komi = cells.within(cells.number(self._get(row, "komi"), self._at(row, "komi")), -MAX_KOMI, MAX_KOMI,
                            self._at(row, "komi"), "komi_range", "R2.3")
        steps = cells.whole(self._get(row, "steps"), self._at(row, "steps")) or 0
        group = cells.whole(self._get(row, "group"), self._at(row, "group")) or 1
        if len(cells.errors) > known:
            return None
        stones, komi = stones or 0, komi or Fraction(0)
        kind = group_rules(group, self.config.groups).steps
        if self.judged and stones_and_komi(steps, kind, handicap, self.config.komi) != (stones, komi):
            # R2.6: the referee edited the handicap; the steps follow what is on the board.
            derived = steps_of_handicap(stones, komi, kind, handicap)
            if derived is None:
                cells.fail("R2.3", "handicap_bad", self._at(row, "stones"), stones=stones, komi=komi, group=group)
                return None
            steps = derived
        text = self._get(row, "result")
        try:
            result = parse_result("" if text is None else str(text), self.notation)
        except ResultTextError as error:
            cells.fail("R11", error.code, self._at(row, "result"), value=str(text))
            return None
        game = Game(board, black, white, stones, komi, steps, group, result, self._at(row, "result"))
        if self.judged and result == Result.DRAW and not draws_allowed(game, self.config.scoring):
            code = "draw_handicap" if steps else "draw_not_allowed"  # never read as either side's win
            cells.fail("R4", code, self._at(row, "result"), komi=komi)
            return None
        return game


def load(path: Path) -> Book:
    """The workbook and the tournament in it; every problem found is raised at once (`forsxl check`)."""
    workbook, package, identity = open_package(path)
    book = read_book(workbook, path)
    if book.source is None and package is not None:
        book.read_as, book.package = identity, package
    return book


def chart_sheet_problems(workbook: Workbook) -> list[ForsxlError]:
    """A chart sheet under a name forsxl reads or writes a table by (Players, Round-2, Standings, ...): an error
    naming it, as forsxl would take the chart for the table or write over it."""
    kept = {name.casefold() for names in layout.SHEETS.values() for name in names}
    return [ForsxlError("", "sheet_chart", Source(sheet.title)) for sheet in workbook.chartsheets
            if sheet.title.casefold() in kept or layout.ROUND_NAME.match(sheet.title)]


def read_book(workbook: Workbook, path: Path) -> Book:
    """The tournament in an open workbook that will be saved at `path` (`forsxl merge` builds one in memory)."""
    charts = chart_sheet_problems(workbook)
    if charts:
        raise WorkbookErrors(charts, detect_lang(workbook))
    cells = _Cells()
    before = recorded(workbook)
    config, origins = _read_config(workbook, cells)
    config_ok = not cells.errors
    lang = detect_lang(workbook)
    config = replace(config, lang=lang)
    players = _read_players(workbook, config, cells, before)
    by_name = {name_key(p.name): p for p in players}
    renamed = _renamed(players, before, by_name)
    rounds, sheets = [], {}
    misnamed = round_sheet_problems(workbook, lang)
    cells.errors += misnamed
    # Round sheets are read whatever the Config, so that a typo there hides no other problem; their handicaps and
    # draws are judged against a valid config only: a typo in Config must not flag every handicap.
    for number, sheet in round_sheets(workbook) if not misnamed else []:
        reader = _RoundReader(number, sheet, config, by_name, cells, renamed, judged=config_ok)
        rnd = reader.read()
        if rnd is not None:
            rounds.append(rnd)
            sheets[number] = reader.into
    if cells.errors:  # with the rules' problems of what could be read, so `check` lists every problem at once
        declared = tournament_problems(Tournament(config, players)) if config_ok else []
        raise WorkbookErrors(cells.errors + declared, lang)
    as_typed = Tournament(config, players, tuple(rounds))
    tournament, notes = as_scored(as_typed)
    warnings = cells.warnings + changed_results(tournament, before) + notes
    if path.suffix.casefold() == ".ods":
        warnings.insert(0, ForsxlError("", "ods_read", path=path, xlsx=xlsx_beside(path)))
        return Book(xlsx_beside(path), workbook, lang, tournament, origins, sheets, warnings, path)
    return Book(path, workbook, lang, tournament, origins, sheets, warnings)


def _renamed(players: tuple[Player, ...], before: Recorded, by_name: dict[str, Player]) -> dict[str, Player]:
    """Old name -> player, for each start number whose name in the last Standings is no longer in Players."""
    by_id = {p.id: p for p in players}
    return {name_key(old): by_id[no] for no, old in before.names.items()
            if no in by_id and name_key(old) not in by_name}
