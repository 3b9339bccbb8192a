"""`forsxl merge`: two copies of a workbook (and their last common version) made one (issue 13).

Each copy is read by `load`, so a copy saved by Excel or LibreOffice means the same: its typed cells are normalised
the way read.py reads them (numbers typed as text, `1500.0`, `1 500`; results `1-0` and `B+`; Config values by their
key's type) and merged by forsxl/engine/merge.py. The merged values are written into copy A's workbook, which keeps A's
formatting and extra sheets: Config and Players row by row, each round sheet board by board, any other sheet
(Schedule, a person's notes) cell by cell, and the Log rows of both copies. Standings, Teams, Playoff and the owned
cells of the round sheets are recomputed afterwards by workflow.finish, as `forsxl standings` does.

Rows are matched by identity: a player by name (look-alike letters folded), a player renamed in place by their row
(with BASE; without it, by row and rating), a Config row by key, a board by its two players, so the two copies may
add players or type results in any order. Merged rows keep the sheet's order, the same whichever copy comes first.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from copy import copy
from dataclasses import dataclass
from pathlib import Path

from openpyxl.cell.cell import MergedCell
from openpyxl.styles import Font
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book import layout
from forsxl.book.config import KEYS, convert_value, key_type, parse_number
from forsxl.book.describe import describe
from forsxl.book.package import values
from forsxl.book.read import (
    Book,
    absent_rounds,
    load,
    open_workbook,
    read_book,
    round_sheets,
)
from forsxl.book.save import save
from forsxl.book.sheets import data_rows, find_sheet, fresh_sheet, header_row, put, write_row
from forsxl.book.write import lay_out_log
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.merge import Cell, Chooser, Conflict, MergedRow, Merger, Prefer, Row, Side, Table, match_renamed
from forsxl.engine.model import Game, Source, name_key
from forsxl.engine.values import Lang, Rank
from forsxl.i18n import tr
from forsxl.messages import text

_OWNED = ("standings", "teams", "playoff", "log")
"""forsxl's sheets that finish() writes again, or that are merged row by row (the Log)."""
_ROUND_CELLS = ("board", "black", "white", "stones", "komi", "steps", "group", "result")
CONFLICT_COLUMNS = {Lang.EN: ("Cell", "Conflict", "{a}", "{b}", "Take (a or b)"),
                    Lang.RU: ("Ячейка", "Конфликт", "{a}", "{b}", "Взять (a или b)")}
_TAKE = {"a": Side.A, "b": Side.B, "а": Side.A, "б": Side.B}  # Latin or Cyrillic letters
_LISTED = 200
"""Cells named one by one in the Log row; more are counted."""


def norm(raw: object) -> Hashable:
    """What a cell means, however a spreadsheet saved it: empty is None, numbers are exact, text is trimmed."""
    if raw is None or isinstance(raw, bool):
        return raw
    if isinstance(raw, int | float | str):
        words = " ".join(str(raw).split())
        if not words:
            return None
        try:
            return parse_number(words)
        except (ValueError, ZeroDivisionError):
            return words
    if isinstance(raw, ArrayFormula):  # openpyxl's object has no value equality: its range and text are the cell
        return ("array", raw.ref, raw.text)
    return str(raw)


def _player_norm(column: str, raw: object) -> Hashable:
    """A Players cell as read.py reads it: a name is its text, absences the set of rounds, a rank the rank."""
    value = norm(raw)
    if column == "name" or not isinstance(value, str):
        return value
    if column == "absent":
        try:
            return absent_rounds(value)
        except ValueError:
            return value
    if column == "rank":
        return Rank.parse(value) or value
    return value


def _config_norm(key: str, raw: object) -> Hashable:
    """A Config value as the key's type reads it (`1,2` and `1, 2` are one list), else as a plain cell."""
    if key in KEYS:
        try:
            value: Hashable = convert_value(raw, key_type(key))
            return value
        except (ValueError, ZeroDivisionError):
            pass
    return norm(raw)


@dataclass
class _Copy:
    """One copy: the workbook as loaded and its typed sheets as tables."""

    path: Path
    book: Book
    players: dict[str, Row]
    """By name key until the rows are matched (_match_players), then by identity."""
    player_columns: dict[str, tuple[int, object]]
    """Column id -> (column index, header) in Players; unknown columns by their folded header."""
    config: dict[str, Row]
    player_of_row: dict[int, str]


def _address(sheet: Worksheet, row: int, column: int) -> str:
    return f"{sheet.title}!{get_column_letter(column)}{row}"


def _players_sheet(workbook: Workbook) -> Worksheet:
    sheet = find_sheet(workbook, "players")
    assert sheet is not None  # load() refuses a workbook without one
    return sheet


def _read_copy(path: Path) -> _Copy:
    try:
        book = load(path)
    except WorkbookErrors as problems:
        raise WorkbookErrors([ForsxlError("", "merge_copy_bad", path=path), *problems.errors],
                             problems.lang) from None
    sheet = _players_sheet(book.workbook)
    headers = header_row(sheet)
    columns: dict[str, tuple[int, object]] = {
        c: (i, headers[i - 1]) for c, i in layout.match_columns(headers, layout.PLAYER_COLUMNS).items()}
    known = {i for i, _ in columns.values()}
    for index, header in enumerate(headers, start=1):
        if header not in (None, "") and index not in known:
            columns.setdefault("~" + layout.fold_header(str(header)), (index, header))
    players = {}
    for row in data_rows(sheet):
        cells = {c: Cell(sheet.cell(row, i).value, _player_norm(c, sheet.cell(row, i).value),
                         _address(sheet, row, i)) for c, (i, _) in columns.items()}
        typed = {c: cell for c, cell in cells.items() if cell.norm is not None}
        players[name_key(str(typed["name"].norm))] = Row(row, typed["name"].address, typed, str(typed["name"].norm))
    return _Copy(path, book, players, columns, _read_config(book.workbook), {})


def _read_config(workbook: Workbook) -> dict[str, Row]:
    sheet = find_sheet(workbook, "config")
    assert sheet is not None
    columns = layout.match_columns(header_row(sheet), layout.CONFIG_COLUMNS)
    key_col, value_col = columns.get("key", 1), columns.get("value", 2)
    rows = {}
    for row in data_rows(sheet):
        key = norm(sheet.cell(row, key_col).value)
        if key is not None:
            raw = sheet.cell(row, value_col).value
            cells = {"key": Cell(sheet.cell(row, key_col).value, key, _address(sheet, row, key_col)),
                     "value": Cell(raw, _config_norm(str(key), raw), _address(sheet, row, value_col))}
            rows[str(key)] = Row(row, cells["key"].address, {c: v for c, v in cells.items() if v.norm is not None},
                                 str(key))
    return rows


def _match_players(base: _Copy | None, a: _Copy, b: _Copy) -> None:
    """Give each Players row its identity: its name, or the name it had in BASE (or in the other copy) when it was
    renamed in place."""
    def ids(one: _Copy) -> dict[str, tuple[int, Hashable]]:
        return {k: (r.order, r.cells["rating"].norm if "rating" in r.cells else None) for k, r in one.players.items()}

    if base is not None:
        renames = [(one, match_renamed(ids(base), ids(one), lambda _old, _new: True)) for one in (a, b)]
        for one, renamed in renames:
            one.players = {renamed.get(k, k): r for k, r in one.players.items()}
    else:  # no BASE: a row renamed in one copy keeps its row and rating; both copies call it by either name
        renamed = match_renamed(ids(a), ids(b), lambda old, new: old == new)
        key = {name: min(new, old) for new, old in renamed.items() for name in (new, old)}
        for one in (a, b):
            one.players = {key.get(k, k): r for k, r in one.players.items()}
    for one in (a, b, *([base] if base else [])):
        one.player_of_row = {row.order: k for k, row in one.players.items()}


def _round_tables(one: _Copy) -> dict[int, Table]:
    """Each round sheet's rows by the pair of players on the board (or the player sitting out): colours swapped or
    a handicap edited is the same board changed, two other players is another pairing."""
    by_id = {p.id: one.player_of_row[int(p.source.cell[1:])] for p in one.book.tournament.players if p.source}
    t, lang = one.book.tournament, one.book.lang
    tables = {}
    for number, rs in one.book.round_sheets.items():
        rows: dict[Hashable, Row] = {}
        for row, entry in rs.rows:
            meaning: dict[str, Hashable]
            if isinstance(entry, Game):
                key: Hashable = ("game", *sorted(str(by_id[p]) for p in (entry.black, entry.white)))
                meaning = {"board": entry.stage or entry.board, "black": by_id[entry.black],
                           "white": by_id[entry.white], "stones": entry.stones, "komi": entry.komi,
                           "steps": entry.steps, "group": entry.group, "result": entry.result}
                about = tr(lang, "board {board}, {black} – {white}", board=entry.stage or entry.board,
                           black=t.player(entry.black).name, white=t.player(entry.white).name)
            else:
                key = ("out", str(by_id[entry[0]]))
                meaning = {"board": entry[1], "black": by_id[entry[0]]}
                about = t.player(entry[0]).name
            cells = {c: Cell(rs.sheet.cell(row, rs.columns[c]).value, m, _address(rs.sheet, row, rs.columns[c]))
                     for c, m in meaning.items() if c in rs.columns and m is not None}
            rows[key] = Row(row, _address(rs.sheet, row, 1), cells, about)
        tables[number] = rows
    return dict(tables)


def _other_sheets(workbook: Workbook) -> dict[str, Worksheet]:
    """Sheets merged cell by cell: Schedule and any sheet a person added."""
    typed = {name.casefold() for kind in ("config", "players", *_OWNED) for name in layout.SHEETS[kind]}
    return {s.title: s for s in workbook.worksheets
            if s.title.casefold() not in typed and not layout.ROUND_NAME.match(s.title)}


def _cell_table(sheet: Worksheet | None) -> dict[Hashable, Row] | None:
    if sheet is None:
        return None
    rows: dict[Hashable, Row] = {}
    for cells in sheet.iter_rows():
        typed = {get_column_letter(c.column): Cell(c.value, norm(c.value), _address(sheet, c.row, c.column))
                 for c in cells if not isinstance(c, MergedCell) and norm(c.value) is not None}
        if typed:
            row = cells[0].row or 0
            rows[row] = Row(row, f"{sheet.title}!A{row}", typed)
    return rows


def _log_rows(workbook: Workbook) -> list[tuple[object, ...]]:
    sheet = next((workbook[n] for n in workbook.sheetnames if n in layout.SHEETS["log"]), None)
    if sheet is None:
        return []
    return [row for row in sheet.iter_rows(min_row=2, values_only=True) if any(v is not None for v in row)]


def _values(sheet: Worksheet | None) -> list[tuple[int, dict[int, Hashable]]] | None:
    return None if sheet is None else [(n, {c: norm(v) for c, v in row.items()}) for n, row in values(sheet)]


class _Writer:
    """Merged rows into copy A's workbook, noting the cells that came from one copy only (for the Log)."""

    def __init__(self, workbook: Workbook, names: dict[Side, str]):
        self.workbook, self.names = workbook, names
        self.origins: dict[str, list[str]] = {name: [] for name in names.values()}

    def rows(self, sheet: Worksheet, columns: dict[str, int], merged: Iterable[MergedRow],
             shown: dict[Hashable, object] | None = None) -> None:
        """The rows under the header of `sheet`, in `columns`, become the merged rows; `shown` names each player of a
        round sheet by their merged name."""
        cells = {at: value for row, entry in enumerate(merged, start=2)
                 for at, value in self.row(sheet, row, columns, entry, shown).items()}
        _fill(sheet, [(row, column) for row in range(2, sheet.max_row + 1) for column in columns.values()], cells)

    def row(self, sheet: Worksheet, row: int, columns: dict[str, int], entry: MergedRow,
            shown: dict[Hashable, object] | None = None) -> dict[tuple[int, int], object]:
        """The merged row's value of each of its cells in `columns`, noting those that came from one copy."""
        cells = {}
        for name, taken in entry.cells.items():
            if name not in columns:
                continue
            cells[(row, columns[name])] = shown.get(taken.norm, taken.raw) if shown and name in ("black", "white") \
                else taken.raw
            if taken.side != Side.BOTH:
                self.origins[self.names[taken.side]].append(_address(sheet, row, columns[name]))
        return cells


def _fill(sheet: Worksheet, region: Iterable[tuple[int, int]], cells: dict[tuple[int, int], object]) -> None:
    """Every cell of `region` and of `cells` holds its merged value, or nothing. A cell that means it already (`norm`)
    is left as copy A has it, so that a formula both copies have stays a formula with its result (`put` writes
    text)."""
    for at in (*region, *cells):
        cell, value = sheet.cell(*at), cells.get(at)
        if norm(cell.value) != norm(value):
            put(cell, value)


def _copy_sheet(source: Worksheet, workbook: Workbook, index: int) -> Worksheet:
    """A sheet of copy B that copy A lacks, copied into A's workbook with its formats and dropdowns."""
    target: Worksheet = workbook.create_sheet(source.title, index)
    for cells in source.iter_rows():
        for cell in cells:
            if isinstance(cell, MergedCell):
                continue
            new = target.cell(cell.row, cell.column)
            put(new, cell.value)
            if cell.has_style:  # the looks that matter in a round sheet: bold headers, the text Result column
                new.font, new.number_format = Font(bold=cell.font.bold), cell.number_format
    for letter, dimension in source.column_dimensions.items():
        target.column_dimensions[letter].width = dimension.width
    target.freeze_panes = source.freeze_panes
    for validation in source.data_validations.dataValidation:
        target.add_data_validation(copy(validation))
    return target


def _chooser(prefer: Prefer | None, taken: dict[str, Side]) -> Chooser:
    side = None if prefer is None else Side(prefer.value)
    return lambda conflict: taken.get(conflict.where, side)


def _read_resolutions(path: Path | None) -> dict[str, Side]:
    """The Take column of a conflicts workbook the referee filled in: cell -> a or b."""
    if path is None or not path.exists():
        return {}
    sheet = open_workbook(path).worksheets[0]
    taken, errors = {}, []
    for row in data_rows(sheet):
        where, take = sheet.cell(row, 1).value, norm(sheet.cell(row, 5).value)
        if take is None or where is None:
            continue
        side = _TAKE.get(str(take).casefold())
        if side is None:
            errors.append(ForsxlError("", "merge_take_bad", Source(sheet.title, f"E{row}"), value=str(take)))
        else:
            taken[str(where)] = side
    if errors:
        raise WorkbookErrors(errors)
    return taken


def _conflict_error(conflict: Conflict, names: dict[Side, str]) -> ForsxlError:
    where = Source(*conflict.where.split("!", 1)) if "!" in conflict.where else Source(conflict.where)
    a, b = names[Side.A], names[Side.B]
    if conflict.kind == "deleted":
        gone, kept = (a, b) if conflict.a is None else (b, a)
        return ForsxlError("", "merge_deleted", where, gone=gone, kept=kept, row=conflict.a or conflict.b)
    if conflict.kind == "paired":
        return ForsxlError("R7", "merge_paired", where, a_file=a, b_file=b, a=conflict.a or "—", b=conflict.b or "—")
    return ForsxlError("", "merge_cell", where, a_file=a, b_file=b, a=conflict.a, b=conflict.b, about=conflict.about)


def _write_conflicts(path: Path, conflicts: list[Conflict], taken: dict[str, Side], names: dict[Side, str],
                     lang: Lang) -> None:
    """The conflicts as a sheet: cell, what, both values, and a Take column for the referee (`--resolve`)."""
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Conflicts" if lang == Lang.EN else "Конфликты"
    write_row(sheet, 1, [h.format(a=names[Side.A], b=names[Side.B]) for h in CONFLICT_COLUMNS[lang]], bold=True)
    for row, conflict in enumerate(conflicts, start=2):
        error = _conflict_error(conflict, names)
        what = text(error.code, lang, **error.params)
        write_row(sheet, row, [conflict.where, f"{conflict.about}: {what}" if conflict.about else what, conflict.a,
                               conflict.b, taken[conflict.where].value if conflict.where in taken else None])
    for letter, width in zip("ABCDE", (16, 60, 24, 24, 14), strict=True):
        sheet.column_dimensions[letter].width = width
    save(describe(workbook, None, "merge", ""), path)


def merge_books(paths: list[Path], output: Path, prefer: Prefer | None = None,
                resolve: Path | None = None) -> tuple[Book, str]:
    """Copies A and B (after BASE when three paths are given) merged into a Book to be saved at `output`, and the
    Log's line on what came from where; conflicts not settled by `prefer` or `resolve` raise, nothing written."""
    if len(paths) not in (2, 3):
        raise ForsxlError("", "merge_copies", count=len(paths))
    *base_path, a_path, b_path = paths
    a, b = _read_copy(a_path), _read_copy(b_path)
    base = _read_copy(base_path[0]) if base_path else None
    names = {Side.A: a_path.name, Side.B: b_path.name}
    if names[Side.A] == names[Side.B]:
        names = {Side.A: str(a_path), Side.B: str(b_path)}
    taken = _read_resolutions(resolve)
    merger = Merger(_chooser(prefer, taken))
    _match_players(base, a, b)
    players = merger.table(base.players if base else {}, a.players, b.players)
    config = merger.table(base.config if base else {}, a.config, b.config)
    rounds = _merge_rounds(merger, base, a, b)
    others = _merge_others(merger, base, a, b)
    lang = a.book.lang
    if merger.conflicts:
        errors = [_conflict_error(c, names) for c in merger.conflicts]
        if resolve is not None:
            _write_conflicts(resolve, merger.found, taken, names, lang)
        errors.append(ForsxlError("", "merge_stopped", count=len(merger.conflicts)))
        if resolve is not None:
            errors.append(ForsxlError("", "merge_resolve_written", path=resolve))
        raise WorkbookErrors(errors, lang)
    workbook = a.book.workbook
    writer = _Writer(workbook, names)
    _write_players(writer, a, b, players)
    sheet = find_sheet(workbook, "config")
    assert sheet is not None
    writer.rows(sheet, {"key": 1, "value": 2} | layout.match_columns(header_row(sheet), layout.CONFIG_COLUMNS), config)
    _write_rounds(writer, b, rounds, {m.key: m.cells["name"].raw for m in players})
    _write_others(writer, b, others)
    _write_log(workbook, lang, [*_log_rows(a.book.workbook), *_log_rows(b.book.workbook)])
    _keep_standings_if_agreed(workbook, b.book.workbook)
    merged = read_book(workbook, output)
    merged.package = a.book.package  # saved as copy A's package with the merged cells and sheets
    return merged, _changes(names, base_path[0] if base_path else None, writer, merger, lang)


def _merge_rounds(merger: Merger, base: _Copy | None, a: _Copy, b: _Copy) -> dict[int, list[MergedRow] | None]:
    rounds_a, rounds_b = _round_tables(a), _round_tables(b)
    rounds_0 = _round_tables(base) if base else {}
    display = {k: r.cells["name"].raw for copy in (b, a) for k, r in copy.players.items()}

    def pair(key: Hashable) -> str:
        assert isinstance(key, tuple)
        return " – ".join(str(display.get(k, k)) for k in key[1:])

    return {number: merger.paired(layout.ROUND_SHEET[a.book.lang].format(n=number), rounds_0.get(number),
                                  rounds_a.get(number), rounds_b.get(number), pair)
            for number in sorted({*rounds_a, *rounds_b})}


def _merge_others(merger: Merger, base: _Copy | None, a: _Copy, b: _Copy) -> dict[str, list[MergedRow] | None]:
    """Schedule and the sheets people added, cell by cell; a sheet in one copy only is taken whole."""
    sheets_a, sheets_b = _other_sheets(a.book.workbook), _other_sheets(b.book.workbook)
    sheets_0 = _other_sheets(base.book.workbook) if base else {}
    merged: dict[str, list[MergedRow] | None] = {}
    for title in sorted({*sheets_a, *sheets_b}):
        old, one, other = (_cell_table(sheets.get(title)) for sheets in (sheets_0, sheets_a, sheets_b))
        if one is not None and other is not None:
            merged[title] = merger.table(old or {}, one, other)
        else:
            merged[title] = merger.paired(title, old, one, other, str)
    return merged


def _write_players(writer: _Writer, a: _Copy, b: _Copy, players: list[MergedRow]) -> None:
    """Players in A's sheet; a column only B has goes after A's last column."""
    sheet = _players_sheet(writer.workbook)
    columns = {c: i for c, (i, _) in a.player_columns.items()}
    for column, (_, header) in sorted(b.player_columns.items()):
        if column not in columns:
            columns[column] = sheet.max_column + 1
            put(sheet.cell(1, columns[column]), header)
    writer.rows(sheet, columns, players)


def _write_rounds(writer: _Writer, b: _Copy, rounds: dict[int, list[MergedRow] | None],
                  names: dict[Hashable, object]) -> None:
    """Each round sheet board by board; a round only B has is copied from B first, one deleted is removed."""
    workbook = writer.workbook
    sheets = dict(round_sheets(workbook))
    for number, merged in rounds.items():
        sheet = sheets.get(number)
        if merged is None:
            continue
        if not merged:
            if sheet is not None:
                del workbook[sheet.title]
            continue
        if sheet is None:
            before = [_players_sheet(workbook), *(s for n, s in sheets.items() if n < number)]
            index = max(workbook.sheetnames.index(s.title) for s in before) + 1
            sheet = sheets[number] = _copy_sheet(dict(round_sheets(b.book.workbook))[number], workbook, index)
        columns = layout.match_columns(header_row(sheet), layout.ROUND_COLUMNS)
        writer.rows(sheet, {c: columns[c] for c in (*_ROUND_CELLS, "black_pts", "white_pts") if c in columns},
                    merged, shown=names)


def _write_others(writer: _Writer, b: _Copy, others: dict[str, list[MergedRow] | None]) -> None:
    """Other sheets cell by cell at the rows they had; one only B has is copied from B first."""
    workbook = writer.workbook
    for title, merged in others.items():
        if merged is None:
            continue
        if not merged:
            if title in workbook.sheetnames:
                del workbook[title]
            continue
        if title not in workbook.sheetnames:
            _copy_sheet(b.book.workbook[title], workbook, len(workbook.sheetnames))
        sheet = workbook[title]
        columns = {get_column_letter(c): c for c in range(1, sheet.max_column + 1)}
        columns |= {c: column_index_from_string(c) for m in merged for c in m.cells}
        cells: dict[tuple[int, int], object] = {}
        for entry in merged:
            assert isinstance(entry.key, int)
            cells |= writer.row(sheet, entry.key, columns, entry)
        _fill(sheet, [(c.row, c.column) for row in sheet.iter_rows() for c in row if c.row and c.column], cells)


def _write_log(workbook: Workbook, lang: Lang, rows: list[tuple[object, ...]]) -> None:
    """Both copies' Log rows, each once, in time order: the history of both copies before the merge's row."""
    unique = {tuple(norm(v) for v in row): row for row in rows}
    ordered = [unique[k] for k in sorted(unique, key=lambda k: tuple(str(v) for v in k))]
    title = next((n for n in workbook.sheetnames if n in layout.SHEETS["log"]), layout.sheet_name("log", lang))
    sheet = fresh_sheet(workbook, title, ())
    write_row(sheet, 1, layout.headers(layout.LOG_COLUMNS, lang), bold=True)
    for row, cells in enumerate(ordered, start=2):
        write_row(sheet, row, list(cells))
    lay_out_log(sheet)


def _keep_standings_if_agreed(workbook: Workbook, other: Workbook) -> None:
    """Standings is what forsxl last recorded (book/recorded.py): kept when both copies recorded the same, dropped
    when they differ, since a record of one copy's results would flag the other copy's as changed."""
    mine, theirs = find_sheet(workbook, "standings"), find_sheet(other, "standings")
    if mine is not None and _values(mine) != _values(theirs):
        del workbook[mine.title]


def _reading_order(address: str) -> tuple[str, str, int]:
    """`Round-1!H9` before `Round-1!H10`."""
    sheet, _, cell = address.rpartition("!")
    letters = cell.rstrip("0123456789")
    return sheet, letters, int(cell[len(letters):] or 0)


def _changes(names: dict[Side, str], base: Path | None, writer: _Writer, merger: Merger, lang: Lang) -> str:
    """The Log line, in `lang`: the copies, how many cells each supplied and which, and the conflicts settled."""
    files = sorted(names.values())
    parts = [" + ".join(files) + (tr(lang, " (base {name})", name=base.name) if base else "")]
    for name in files:
        cells = sorted(writer.origins[name], key=_reading_order)
        listed = ", ".join(cells[:_LISTED])
        if len(cells) > _LISTED:
            listed += tr(lang, " and {count} more", count=len(cells) - _LISTED)
        parts.append(tr(lang, "from {name}: {cells}", name=name, cells=listed) if cells else
                     tr(lang, "nothing only in {name}", name=name))
    settled = sorted(f"{c.where} {names[side]}" for c, side in merger.settled)
    if settled:
        parts.append(tr(lang, "conflicts settled: {cells}", cells=", ".join(settled)))
    return "; ".join(parts)
