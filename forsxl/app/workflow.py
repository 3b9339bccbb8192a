"""The steps commands share: pair a round into the book, and refresh what forsxl owns before saving."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from forsxl import __version__
from forsxl.book.awards import write_awards
from forsxl.book.read import Book
from forsxl.book.save import save
from forsxl.book.stages import write_stage_tables
from forsxl.book.write import append_log, refresh_rounds, write_playoff, write_round, write_standings, write_teams
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Round
from forsxl.engine.playoff import bracket
from forsxl.engine.stages import final_table, pair_stage, stage_tables, start_next_stage
from forsxl.engine.teams import team_standings
from forsxl.engine.tournament import pair_round, round_to_pair, schedule_tournament
from forsxl.messages import message


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
    return rnd, f"round {number}: {len(rnd.games)} boards" + (f"; without a game: {without}" if without else "")


def finish(book: Book, command: str, changes: str) -> None:
    """Points in the round sheets, Standings and a Log row, then the atomic save."""
    if book.source is not None and book.path.exists():  # club.ods is saved as club.xlsx: never over another one
        raise ForsxlError("R0", "ods_target_exists", path=book.source, xlsx=book.path)
    refresh_rounds(book)
    table = final_table(book.tournament)
    write_standings(book, table)
    if book.tournament.config.stages.plan:
        write_stage_tables(book, stage_tables(book.tournament))
    write_awards(book, table)
    matches = bracket(book.tournament)
    if matches:
        write_playoff(book, matches)
    if any(p.team for p in book.tournament.players):
        write_teams(book, team_standings(table))
    changes += "".join(f"; {message(w, book.lang)}" for w in book.warnings)  # the Log keeps what was accepted
    append_log(book, datetime.now().isoformat(timespec="seconds"), command, __version__, changes)
    save(book.workbook, book.path)



def schedule_into(book: Book) -> str:
    """Write a round robin or Serp whole (R7.5, R7.6): the Schedule sheet and every round; says what changed."""
    from forsxl.book.schedule import write_schedule

    if book.tournament.config.stages.plan:
        raise ForsxlError("R7", "stages_use_stage")
    schedule = schedule_tournament(book.tournament)
    book.tournament = replace(book.tournament, rounds=schedule.rounds)
    write_schedule(book, schedule)
    games = sum(len(r.games) for r in schedule.rounds)
    return f"schedule: {len(schedule.rounds)} rounds, {games} games"


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
    return f"stage {stage.number} ({sections}): round {numbers} written"
