"""The steps commands share: pair a round into the book, and refresh what forsxl owns before saving."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from forsxl import __version__
from forsxl.book.read import Book
from forsxl.book.save import save
from forsxl.book.write import append_log, refresh_rounds, write_round, write_standings
from forsxl.engine.model import Round
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round, round_to_pair


def pair_into(book: Book, number: int | None = None, force: bool = False) -> tuple[Round, str]:
    """Pair a round (R7) into a new round sheet; returns it and a line saying what changed."""
    t = book.tournament
    number = round_to_pair(t, number, force)
    rnd = pair_round(t, number)
    book.tournament = replace(t, rounds=(*t.rounds[: number - 1], rnd))
    write_round(book, rnd)
    without = ", ".join(t.player(pid).name for pid, _ in rnd.sitouts)
    return rnd, f"round {number}: {len(rnd.games)} boards" + (f"; without a game: {without}" if without else "")


def finish(book: Book, command: str, changes: str) -> None:
    """Points in the round sheets, Standings and a Log row, then the atomic save."""
    refresh_rounds(book)
    write_standings(book, standings(book.tournament))
    append_log(book, datetime.now().isoformat(timespec="seconds"), command, __version__, changes)
    save(book.workbook, book.path)
