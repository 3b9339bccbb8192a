"""Writing the sheets forsxl owns: Round-N, the owned cells of round rows, Standings, Log (WORKBOOK.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book import layout
from forsxl.book.config import KEYS
from forsxl.book.ratings import note_lines
from forsxl.book.read import Book, RoundSheet
from forsxl.book.sheets import (
    BOLD,
    WIDEST,
    data_rows,
    find_sheet,
    fit_columns,
    fresh_sheet,
    header_row,
    print_setup,
    print_title,
    put,
    write_row,
)
from forsxl.engine.config import Config
from forsxl.engine.groups import group_sizes
from forsxl.engine.model import Game, PlayerId, Result, Round, RoundCell, Tournament, number_text
from forsxl.engine.playoff import Match
from forsxl.engine.report import Report
from forsxl.engine.results import result_choices, result_text
from forsxl.engine.scoring import game_points
from forsxl.engine.teams import TeamStanding
from forsxl.engine.values import Lang
from forsxl.i18n import N_, each, labels, tr
from forsxl.messages import round_cells_legend, tiebreak_columns, tiebreak_heading


def _points_preview(game: Game, config: Config) -> tuple[str, str]:
    """What each side gets for a win and for a loss, `20 / 4`, shown until the result is typed."""
    win_b, lose_w = game_points(game, Result.BLACK_WINS, config.scoring)
    lose_b, win_w = game_points(game, Result.WHITE_WINS, config.scoring)
    return f"{number_text(win_b)} / {number_text(lose_b)}", f"{number_text(win_w)} / {number_text(lose_w)}"


def _owned_cells(rs: RoundSheet, t: Tournament, cells: Mapping[PlayerId, Sequence[RoundCell]]) -> None:
    """Steps and points of every row: forsxl's cells in a round sheet (WORKBOOK.md); a game as the rules score it (a
    withdrawal's forfeit, R5, though no result is typed); a bye's or an absence's points are its standings cell's
    (R5: a late entrant's rounds count once they play)."""
    cols, config = rs.columns, t.config
    scored = {(g.black, g.white): g for r in t.rounds if r.number == rs.number for g in r.games}
    for row, entry in rs.rows:
        if isinstance(entry, Game):
            put(rs.sheet.cell(row, cols["steps"]), entry.steps)
            game = scored.get((entry.black, entry.white), entry)
            black: str | Fraction
            white: str | Fraction
            if game.result is None:
                black, white = _points_preview(game, config)
            else:
                black, white = game_points(game, game.result, config.scoring)
            put(rs.sheet.cell(row, cols["black_pts"]), black)
            put(rs.sheet.cell(row, cols["white_pts"]), white)
        else:
            cell = next((c for c in cells.get(entry[0], ()) if c.round == rs.number), None)
            put(rs.sheet.cell(row, cols["black_pts"]), None if cell is None else cell.points)


def refresh_rounds(book: Book, report: Report) -> None:
    """Rewrite the owned cells of every round sheet from the sheet as it stands and the report's round cells."""
    for rs in book.round_sheets.values():
        for row, column, value in rs.filled:  # a player renamed in Players (book/recorded.py), a Board cell emptied
            put(rs.sheet.cell(row, column), value)
        _owned_cells(rs, book.tournament, report.cells)


RESULT_ALERT = (N_("Result"), N_("Not one of the results in the list ({choices}). forsxl also reads 1-0 and 0-1; "
                                 "anything else it will refuse (R11). Keep it?"))
"""The Result dropdown's alert: its title and its text."""


def write_round(book: Book, rnd: Round) -> None:
    """A new Round-N sheet in the pairing's order, results column as text with a dropdown (R11)."""
    lang, t = book.lang, book.tournament
    title = layout.ROUND_SHEET[lang].format(n=rnd.number)
    sheet = fresh_sheet(book.workbook, title, [*layout.SHEETS["standings"], *layout.SHEETS["log"]])
    names = list(layout.ROUND_COLUMNS)
    write_row(sheet, 1, [layout.header(layout.ROUND_COLUMNS, c, lang) for c in names], bold=True)
    rs = RoundSheet(rnd.number, sheet, {c: i for i, c in enumerate(names, start=1)})
    row = 2
    for game in rnd.games:
        komi = int(game.komi) if game.komi.denominator == 1 else float(game.komi)
        write_row(sheet, row, [game.stage or game.board, t.player(game.black).name, t.player(game.white).name,
                          game.stones, komi, game.steps, game.group])
        rs.rows.append((row, game))
        row += 1
    for pid, sitout in rnd.sitouts:
        label = layout.SITOUT_LABELS[sitout.value][lang]
        write_row(sheet, row, [label, t.player(pid).name])
        rs.rows.append((row, (pid, sitout)))
        row += 1
    result_col = rs.columns["result"]
    letter = get_column_letter(result_col)
    for r in range(2, max(row, 3)):
        sheet.cell(r, result_col).number_format = "@"
    choices = result_choices(book.lang)
    # R11: a cell outside the list gets a word as it is typed (`B+x`); a warning, not a stop, so that 1-0 stays
    dropdown = DataValidation(type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True,
                              showErrorMessage=True, errorStyle="warning", errorTitle=tr(lang, RESULT_ALERT[0]),
                              error=tr(lang, RESULT_ALERT[1], choices=", ".join(choices)))
    dropdown.add(f"{letter}2:{letter}{max(row - 1, 2)}")
    sheet.add_data_validation(dropdown)
    fit_columns(sheet)
    sheet.freeze_panes = "A2"
    print_setup(sheet, print_title(t.config.name, title, t.config.date, lang), one_page=True)
    book.round_sheets[rnd.number] = rs  # its Steps and points cells: `refresh_rounds`, before every save


def write_board(book: Book, number: int, game: Game) -> None:
    """Board `game.board` of round `number` rewritten as `game`: Black, White, Handicap, Komi, Steps and Group, the
    cells pairing writes (`forsxl pair --board K --recompute`, R2); the tournament holds the new game too."""
    rs, t = book.round_sheets[number], book.tournament
    for index, (row, entry) in enumerate(rs.rows):
        if isinstance(entry, Game) and entry.board == game.board and not entry.stage:
            values = (t.player(game.black).name, t.player(game.white).name, game.stones, game.komi, game.steps,
                      game.group)
            for column, value in zip(("black", "white", "stones", "komi", "steps", "group"), values, strict=True):
                put(rs.sheet.cell(row, rs.columns[column]), value)
            rs.rows[index] = (row, game)
            book.focus = {"sheet": rs.sheet.title, "cell": f"A{row}"}
    rounds = tuple(replace(r, games=tuple(game if g.board == game.board and not g.stage else g for g in r.games))
                   if r.number == number else r for r in t.rounds)
    book.tournament = replace(t, rounds=rounds)


def write_standings(book: Book, report: Report) -> None:
    """The Standings sheet, rewritten whole from the report's final table: places, round cells like `12+/w2`,
    points, tie-breaks (R6), and a superfinal note below the table when one is due (R7.8). A place is a number, so
    that the sheet sorts; a shared one also reads `3-4` in the column beside it."""
    lang, t, table = book.lang, book.tournament, report.table
    sheet = fresh_sheet(book.workbook, layout.sheet_name("standings", lang), layout.SHEETS["log"])
    columns = ["place", "shared", "no", "name", "rating", "rank", "club"]
    columns += [c for c in ("team", "group") if _used(c, t)]
    columns += ["start"]
    headings = [layout.header(layout.STANDINGS_COLUMNS, c, lang) for c in columns]
    headings += [layout.ROUND_COLUMN[lang].format(n=r.number) for r in t.rounds if not r.superfinal]  # R7.8
    tiebreaks = tiebreak_columns(t.config.tiebreaks)
    headings += [layout.header(layout.STANDINGS_COLUMNS, "points", lang),
                 *(tiebreak_heading(c, lang) for c in tiebreaks)]
    write_row(sheet, 1, headings, bold=True)
    for row, s in enumerate(table, start=2):
        p = s.player
        values: dict[str, Any] = {
            "place": s.place_number, "shared": s.shared_place or None, "no": int(p.id), "name": p.name,
            "rating": p.rating,
            "rank": p.rank_by(t.config.ratings).label(lang), "club": p.club,
            "team": p.team, "group": s.group or None, "start": s.start,
        }
        cells = [c.text(lang) for c in s.cells]
        write_row(sheet, row, [values[c] for c in columns] + cells + [s.points] + [s.values[c] for c in tiebreaks])
    row = len(table) + 3  # one blank row below the table: the superfinal's note (R7.8), the ratings changed after
    # a round was played (forsxl ratings --apply --force), the round cells' legend
    if report.superfinal is not None:
        a, b = (t.player(pid).name for pid in report.superfinal)
        write_row(sheet, row, [tr(lang, layout.SUPERFINAL_NOTE, a=a, b=b)], bold=True)
        row += 1
    for line in note_lines(book.workbook, lang):
        write_row(sheet, row, [line])
        row += 1
    write_row(sheet, row, [round_cells_legend(lang)])
    fit_columns(sheet)
    sheet.freeze_panes = "E2"
    print_setup(sheet, print_title(t.config.name, sheet.title, t.config.date, lang), landscape=True)


def write_teams(book: Book, table: Sequence[TeamStanding]) -> None:
    """The Teams sheet, rewritten whole: team points and each member with their place (R9)."""
    lang = book.lang
    sheet = fresh_sheet(book.workbook, layout.sheet_name("teams", lang), layout.SHEETS["log"])
    write_row(sheet, 1, each(lang, layout.TEAM_COLUMNS), bold=True)
    for row, team in enumerate(table, start=2):
        members = ", ".join(f"{s.player.name} ({s.place})" for s in team.members)
        place = int(team.place) if team.place.isdigit() else team.place  # a number to sort by; shared: `3-4`
        write_row(sheet, row, [place, team.team, team.points, team.best, members])
    fit_columns(sheet)


_BRACKET_ORDER = ("QF1", "QF4", "QF2", "QF3", "SF1", "SF2", "F", "3rd")
"""Matches in the order drawn: each semi-final beside the two quarter-finals that feed it (R7.7)."""


def write_playoff(book: Book, matches: Sequence[Match]) -> None:
    """The Playoff sheet, rewritten whole and drawn as a bracket: a column per stage, each game two rows
    `(seed) name` and the score 1 / 0, the 3rd-place match under the final (R7.7)."""
    t, lang = book.tournament, book.lang
    sheet = fresh_sheet(book.workbook, layout.sheet_name("playoff", lang), layout.SHEETS["log"])
    stages = t.config.playoff.stages()
    titles = labels(lang, layout.PLAYOFF_STAGES)
    for k, stage in enumerate(stages):
        put(sheet.cell(1, 1 + 2 * k), titles[stage])
        sheet.cell(1, 1 + 2 * k).font = BOLD
        sheet.column_dimensions[get_column_letter(1 + 2 * k)].width = 30
        sheet.column_dimensions[get_column_letter(2 + 2 * k)].width = 4
    first = len(stages) - 1  # rows of a stage's games double at each stage towards the final
    for match in sorted(matches, key=lambda m: _BRACKET_ORDER.index(m.label)):
        stage = "F" if match.label == "3rd" else match.label.rstrip("1234")
        k = stages.index(stage)
        index = int(match.label[-1]) - 1 if match.label[-1].isdigit() else 0
        order = [label for label in _BRACKET_ORDER if label.startswith(stage) and label != "3rd"]
        slot = order.index(match.label) if match.label in order else index
        span = 3 * 2 ** k
        row = 2 + slot * span + (span - 3) // 2 + (3 * 2 ** first + 2 if match.label == "3rd" else 0)
        if match.label == "3rd":
            put(sheet.cell(row - 1, 1 + 2 * k), titles["3rd"])
            sheet.cell(row - 1, 1 + 2 * k).font = BOLD
        for offset, (pid, seed) in enumerate(((match.white, match.white_seed), (match.black, match.black_seed))):
            put(sheet.cell(row + offset, 1 + 2 * k), f"({seed}) {t.player(pid).name}")
            if match.winner is not None:
                put(sheet.cell(row + offset, 2 + 2 * k), 1 if match.winner == pid else 0)
                if match.winner == pid:
                    sheet.cell(row + offset, 1 + 2 * k).font = BOLD


def _used(column: str, t: Tournament) -> bool:
    return any(p.team for p in t.players) if column == "team" else bool(group_sizes(t))


def set_config(book: Book, key: str, value: Any) -> None:
    """Type `value` into the Config sheet's row of `key`, or into a new row under the last when it has none (issue
    46: the site's address kept for the next publish and the Calc menu; `config --set`)."""
    sheet = find_sheet(book.workbook, "config")
    if sheet is None:
        return  # read would have refused the workbook already
    columns = layout.match_columns(header_row(sheet), layout.CONFIG_COLUMNS)
    key_col, value_col = columns.get("key", 1), columns.get("value", 2)
    rows = data_rows(sheet)
    row = next((r for r in rows if str(sheet.cell(r, key_col).value or "").strip() == key), None)
    if row is None:
        row = (rows[-1] if rows else 1) + 1
        put(sheet.cell(row, key_col), key)
        meaning = next((c for c, header in enumerate(header_row(sheet), start=1)
                        if header in layout.CONFIG_MEANING.values()), None)
        if meaning is not None and key in KEYS:  # beside the key, as a new workbook has it (issue 40)
            put(sheet.cell(row, meaning), tr(book.lang, KEYS[key].doc))
    put(sheet.cell(row, value_col), value)


def append_log(book: Book, when: str, command: str, version: str, changes: str) -> None:
    """One row per run in the Log sheet (WORKBOOK.md principle 2)."""
    log_row(book.workbook, book.lang, when, command, version, changes)


def log_row(workbook: Workbook, lang: Lang, when: str, command: str, version: str, changes: str) -> None:
    """A row of the Log sheet, the command named in the workbook's language (`command_word`); the sheet made where
    there is none."""
    title = layout.sheet_name("log", lang)
    existing = next((workbook[n] for n in workbook.sheetnames if n in layout.SHEETS["log"]), None)
    sheet = existing or workbook.create_sheet(title)
    if sheet.max_row == 1 and sheet.cell(1, 1).value is None:
        write_row(sheet, 1, layout.headers(layout.LOG_COLUMNS, lang), bold=True)
    write_row(sheet, sheet.max_row + 1, [when, command_word(command, lang), version, changes])
    if existing is None:  # a sheet of forsxl's own, written whole: the widths are saved with it
        fit_columns(sheet)


def command_word(command: str, lang: Lang) -> str:
    """A command as a Log row names it in `lang` (`LOG_COMMANDS`, by its first word where its options follow:
    `ratings --apply`); one it does not know as it is."""
    if command in layout.LOG_COMMANDS:
        return tr(lang, layout.LOG_COMMANDS[command])
    word, gap, rest = command.partition(" ")
    return tr(lang, layout.LOG_COMMANDS[word]) + gap + rest if word in layout.LOG_COMMANDS else command


def new_workbook(config_rows: Sequence[tuple[str, Any]], lang: Lang, columns: Sequence[str]) -> Workbook:
    """A fresh tournament: Config with the given keys, Players with headers only, and Log (forsxl new)."""
    workbook = Workbook()
    config = workbook.active
    assert config is not None
    config.title = layout.sheet_name("config", lang)
    headers = [layout.CONFIG_COLUMNS[c][0 if lang == Lang.EN else 1] for c in ("key", "value")]
    write_row(config, 1, [*headers, layout.CONFIG_MEANING[lang]], bold=True)
    for row, (key, value) in enumerate(config_rows, start=2):
        write_row(config, row, [key, value, tr(lang, KEYS[key].doc) if key in KEYS else None])
    fit_columns(config)
    config.column_dimensions["C"].width = WIDEST * 2  # a sentence a key, beside it
    players = workbook.create_sheet(layout.sheet_name("players", lang))
    write_row(players, 1, [layout.PLAYER_COLUMNS[c][0 if lang == Lang.EN else 1] for c in columns],
         bold=True)
    fit_columns(players)
    players.column_dimensions["B"].width = 28  # names to come
    players.freeze_panes = "A2"
    log = workbook.create_sheet(layout.sheet_name("log", lang))
    write_row(log, 1, layout.headers(layout.LOG_COLUMNS, lang), bold=True)
    for sheet in (config, players):  # one page wide, as the sheets forsxl rewrites
        print_setup(sheet, sheet.title)
    lay_out_log(log)
    return workbook


def lay_out_log(log: Worksheet) -> None:
    """The Log's columns and print setup: a new workbook's, and a merge's, which writes the Log whole (issue 39)."""
    log.column_dimensions["A"].width = 21  # the time forsxl writes: 2026-11-28T10:15:00
    log.column_dimensions["D"].width = WIDEST * 2
    print_setup(log, log.title, landscape=True)


def type_results(book: Book, number: int, results: dict[int, Result]) -> None:
    """Type results into round `number` by board, as a referee would (the demo's simulated referee)."""
    rs = book.round_sheets[number]
    for row, entry in rs.rows:
        if isinstance(entry, Game) and entry.board in results:
            put(rs.sheet.cell(row, rs.columns["result"]), result_text(results[entry.board], book.lang))


def type_players(workbook: Workbook, lang: Lang, players: Sequence[dict[str, Any]]) -> None:
    """Type players into the Players sheet under the headers it has, as an organizer would (the demo's organizer)."""
    sheet = workbook[layout.sheet_name("players", lang)]
    columns = layout.match_columns([c.value for c in sheet[1]], layout.PLAYER_COLUMNS)
    for row, player in enumerate(players, start=sheet.max_row + 1):
        for key, value in player.items():
            if key in columns:
                put(sheet.cell(row, columns[key]), value)
