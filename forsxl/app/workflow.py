"""The workbook's use cases: create and check it, pair a round or a whole schedule into it, start a stage, and
refresh what forsxl owns before the atomic save; and what the commands that only read it list."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from forsxl import __version__
from forsxl.book.awards import write_awards
from forsxl.book.config import KEYS, build_config, preset_description, presets, yaml_value
from forsxl.book.layout import new_player_columns, sheet_name
from forsxl.book.read import Book, load
from forsxl.book.rows import board_at, cell_of
from forsxl.book.save import save, writing
from forsxl.book.stages import write_stage_tables
from forsxl.book.write import (
    append_log,
    new_workbook,
    refresh_rounds,
    write_board,
    write_playoff,
    write_round,
    write_standings,
    write_teams,
)
from forsxl.engine.config import get_key
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Round
from forsxl.engine.report import make_report
from forsxl.engine.scoring import both_results
from forsxl.engine.stages import pair_stage, stage_tables, start_next_stage
from forsxl.engine.teams import lift_candidates, team_lifts, tournament_problems
from forsxl.engine.tournament import (
    pair_round,
    recompute_board,
    round_to_pair,
    schedule_rounds_problem,
    schedule_tournament,
    stronger_holds_black,
)
from forsxl.engine.values import Lang
from forsxl.i18n import ntr, tr
from forsxl.messages import message, origin_text, text


@contextmanager
def editing(path: Path) -> Iterator[Book]:
    """The book at `path`, read under forsxl's writer lock, which stays held until the block ends, its save included:
    two commands started together on one workbook run one after the other, each on what the other saved."""
    with writing(path):
        yield load(path)


def refuse_over_book(book: Book, output: Path | None, code: str) -> None:
    """Raise error `code` naming the workbook when `output` is the workbook itself (or, for an .ods, the .xlsx it is
    saved as): a page, a site or an export written there would replace the tournament."""
    if output is not None and output.resolve() in {p.resolve() for p in (book.path, book.source) if p is not None}:
        raise ForsxlError("", code, path=output)


def pair_into(book: Book, number: int | None = None, force: bool = False) -> tuple[Round, str]:
    """Pair a round (R7) into a new round sheet; returns it and a line saying what changed."""
    t = book.tournament
    if t.config.stages.plan:  # R7: the round of the current stage, each section by its own method
        rnd = pair_stage(t, number, force)
        number = rnd.number
    else:
        number = round_to_pair(t, number, force)
        rnd = pair_round(t, number)
    book.tournament = replace(t, rounds=(*t.rounds[: number - 1], rnd))
    write_round(book, rnd)
    without = ", ".join(t.player(pid).name for pid, _ in rnd.sitouts)
    line = ntr(book.lang, "round {number}: {count} board", "round {number}: {count} boards", len(rnd.games),
               number=number)
    return rnd, line + (tr(book.lang, "; without a game: {names}", names=without) if without else "")


def recompute_into(book: Book, number: int | None, board_text: str | None) -> str:
    """The board `board_text` of round `number` (default: the last), or the board of the row of the cell it names
    (`Тур-2!C5`), with its handicap recomputed for the players on it now (R2), written into its round sheet; says
    what it is now."""
    t = book.tournament
    if board_text is None:
        raise ForsxlError("R2", "board_needs_recompute")
    if cell_of(board_text) is not None:
        number, board = board_at(book, board_text)
    elif board_text.strip().isdigit():
        board = int(board_text)
    else:
        raise ForsxlError("R2", "board_option_bad", value=board_text)
    number = number or (t.rounds[-1].number if t.rounds else 1)
    game = recompute_board(t, number, board)
    write_board(book, number, game)
    lang = book.lang
    return tr(lang, "round {number}, board {board}: {black} (Black) - {white}, {stones}, komi {komi}, {steps}",
              number=number, board=board, black=t.player(game.black).name, white=t.player(game.white).name,
              stones=ntr(lang, "{count} stone", "{count} stones", game.stones), komi=game.komi,
              steps=ntr(lang, "{count} step", "{count} steps", game.steps))


def finish(book: Book, command: str, changes: str) -> None:
    """Points in the round sheets, then the report's sheets (Standings, stages, Prizes, Playoff, Teams) and a Log
    row, then the atomic save."""
    if book.source is not None and book.path.exists():  # club.ods is saved as club.xlsx: never over another one
        raise ForsxlError("", "ods_target_exists", path=book.source, xlsx=book.path)
    report = make_report(book.tournament)
    refresh_rounds(book, report)
    write_standings(book, report)
    if book.tournament.config.stages.plan:
        write_stage_tables(book, report.stages)
    write_awards(book, report)
    if report.bracket:
        write_playoff(book, report.bracket)
    if any(p.team for p in book.tournament.players):
        write_teams(book, report.teams)
    changes += "".join(f"; {message(w, book.lang)}" for w in book.warnings)  # the Log keeps what was accepted
    append_log(book, datetime.now().isoformat(timespec="seconds"), command, __version__, changes)
    save(book.workbook, book.path, book.read_as, book.package)


def schedule_into(book: Book) -> str:
    """Write a round robin or Serp whole (R7.5, R7.6): the Schedule sheet and every round; says what changed."""
    from forsxl.book.schedule import write_schedule

    if book.tournament.config.stages.plan:
        raise ForsxlError("R7", "stages_use_stage")
    schedule = schedule_tournament(book.tournament)
    book.tournament = replace(book.tournament, rounds=schedule.rounds)
    write_schedule(book, schedule)
    games, lang = sum(len(r.games) for r in schedule.rounds), book.lang
    line = tr(lang, "schedule: {rounds}, {games}", rounds=ntr(lang, "{count} round", "{count} rounds",
              len(schedule.rounds)), games=ntr(lang, "{count} game", "{count} games", games))
    return "".join([line, *(f"; {message(w, lang)}" for w in schedule_rounds_problem(book.tournament))])


def stage_into(book: Book) -> str:
    """Close the current stage and start the next (R7): its first round, or all of them when every section is a
    Serp or round robin, written as round sheets; says what changed."""
    t = book.tournament
    stage, rounds = start_next_stage(t)
    for rnd in rounds:
        book.tournament = replace(book.tournament, rounds=(*book.tournament.rounds, rnd))
        write_round(book, rnd)
    sections = ", ".join(f"{s.section.name} {len(s.entrants)}" for s in stage.sections)
    numbers = f"{rounds[0].number}" if len(rounds) == 1 else f"{rounds[0].number}-{rounds[-1].number}"
    return ntr(book.lang, "stage {stage} ({sections}): round {numbers} written",
               "stage {stage} ({sections}): rounds {numbers} written", len(rounds), stage=stage.number,
               sections=sections, numbers=numbers)


def create_book(path: Path, preset: str, lang: Lang, name: str) -> str:
    """A new workbook at `path` from a preset (R12): Config, an empty Players sheet with headers, and Log; says so."""
    config, _, errors = build_config([("preset", preset, None)])
    if errors:
        raise WorkbookErrors(errors, lang)
    rows = [("name", name or path.stem), ("date", ""), ("place", ""), ("preset", preset),
            ("rounds", config.rounds), ("lang", lang.value)]
    with writing(path):  # two `new` at once: the second finds the first's workbook
        if path.exists():
            raise ForsxlError("", "file_exists", path=path)
        save(new_workbook(rows, lang, new_player_columns(config)), path)
    return tr(lang, "{path}: created with preset {preset}; type the players into the {sheet} sheet", path=path,
              preset=preset, sheet=sheet_name("players", lang))


def check_book(book: Book) -> list[str]:
    """Every problem of the tournament raised at once (R9, R11, ...); else the lines to print: a warning for each
    game to be played where the stronger player holds Black with stones (R2.5), what each game won or lost by both
    scores (R11), the team lifts made and those to consider (R9), and a summary."""
    t = book.tournament
    problems = tournament_problems(t)
    if problems:
        raise WorkbookErrors(problems)
    declared = t.config.groups.declared
    lifted = team_lifts(t.players) if declared else []
    lifts = lift_candidates(t.players).items() if declared else ()
    return [*(message(w, book.lang) for w in [*schedule_rounds_problem(t), *stronger_holds_black(t), *both_results(t)]),
            *(text("team_lifted", book.lang, name=p.name, rating=p.rating, below=below, group=p.group)
              for p, below in lifted),
            *(text("team_lift", book.lang, group=group, names=", ".join(f"{p.name} ({p.rating})" for p in players))
              for group, players in lifts),
            tr(book.lang, "{path}: {players}, {rounds}, no problems", path=book.source or book.path,
               players=ntr(book.lang, "{count} player", "{count} players", len(t.players)),
               rounds=ntr(book.lang, "{count} round", "{count} rounds", len(t.rounds)))]


def standings_into(book: Book) -> str:
    """Points in the round sheets and Standings from the results typed so far (R4, R6), saved; says how many."""
    played = sum(1 for r in book.tournament.rounds for g in r.games if g.result is not None)
    finish(book, "standings", ntr(book.lang, "{count} result", "{count} results", played))
    return ntr(book.lang, "standings after {count} result", "standings after {count} results", played)


def stage_lines(book: Book) -> list[str]:
    """Each started section (R7): its stage, name and plan, its rounds, and its players in its standings' order."""
    return [tr(book.lang, "stage {stage} {name} ({plan}), rounds {first}-{last}: {players}", stage=table.stage,
               name=table.section.name, plan=table.section.text, first=table.first, last=table.last,
               players=", ".join(s.player.name for s in table.rows)) for table in stage_tables(book.tournament)]


def config_lines(book: Book) -> list[str]:
    """The effective configuration as YAML (R12): each key's value, with its rule, what it does and where it came
    from (a Config cell, the preset, or the default)."""
    lang = book.lang
    return [f"{info.key}: {yaml_value(get_key(book.tournament.config, info.key))}  # {info.rule} {tr(lang, info.doc)} "
            f"[{origin_text(book.origins.get(info.key, 'default'), lang)}]" for info in KEYS.values()]


def preset_lines(lang: Lang) -> list[str]:
    """Each preset with the line on what it runs (R12), in `lang`."""
    return [f"{name}: {preset_description(name, lang)}" for name in presets()]
