"""The bundled example: a 20-player club tournament in the style of [000], played with simulated results."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from forsxl.app.workflow import finish, pair_into, schedule_into, store
from forsxl.book.config import build_config
from forsxl.book.describe import describe
from forsxl.book.layout import new_player_columns
from forsxl.book.read import load
from forsxl.book.save import backup_path, save
from forsxl.book.write import new_workbook, type_players, type_results
from forsxl.engine.errors import WorkbookErrors
from forsxl.engine.groups import group_rules
from forsxl.engine.model import Game, Result, Tournament
from forsxl.engine.pairing.methods import SCHEDULED
from forsxl.engine.probability import compensation, simulate_result
from forsxl.engine.report import make_report
from forsxl.engine.values import Lang
from forsxl.i18n import tr
from forsxl.publish.html import render_html

# [000]: five dans from 1d to 6d, two 1k (2025, 1960), a 2k (1915), then 1890, 1780, ... down to 100.
PLAYERS = (
    ("Алексеев Артём", 2600, "Москва"), ("Борисов Глеб", 2400, "Санкт-Петербург"),
    ("Васильева Дарья", 2230, "Москва"), ("Григорьев Евгений", 2210, "Казань"),
    ("Дмитриев Иван", 2140, "Новосибирск"), ("Егорова Ксения", 2025, "Москва"),
    ("Жуков Лев", 1960, "Казань"), ("Зайцева Мария", 1915, "Санкт-Петербург"),
    ("Ильин Никита", 1890, "Москва"), ("Козлова Ольга", 1780, "Новосибирск"),
    ("Лебедев Павел", 1650, "Казань"), ("Морозова Полина", 1520, "Москва"),
    ("Новиков Роман", 1400, "Санкт-Петербург"), ("Орлова Софья", 1270, "Москва"),
    ("Петров Тимур", 1150, "Новосибирск"), ("Романова Ульяна", 1000, "Казань"),
    ("Смирнов Фёдор", 800, "Москва"), ("Тарасова Юлия", 650, "Санкт-Петербург"),
    ("Устинов Ян", 400, "Москва"), ("Фомина Алиса", 100, "Казань"),
)


def _simulated(t: Tournament, games: tuple[Game, ...], rng: random.Random) -> dict[int, Result]:
    results = {}
    for game in games:
        kind = group_rules(game.group, t.config.groups).steps
        white, black = t.player(game.white).rating, t.player(game.black).rating
        results[game.board] = simulate_result(white, black, compensation(game.steps, kind), rng)
    return results


def _category(rating: int) -> str:
    """A plausible sport category for a Go rating, for presets that start from categories (R1.6)."""
    bands = ((2400, "МС"), (2100, "КМС"), (1800, "1р"), (1500, "2р"), (1000, "3р"))
    return next((category for floor, category in bands if rating >= floor), "б/р")


TEAMS = ("Дракон", "Тигр", "Журавль", "Черепаха", "Феникс")


def _group(rating: int) -> int:
    """A start group the team cup allows for the rating (R9): from 1800 the top, up to 1000 the bottom."""
    return 1 if rating >= 1800 else 3 if rating <= 1000 else 2


def _players() -> list[dict[str, object]]:
    """The players as an organizer types them; five teams of three take the weakest of each group (R9)."""
    rows: list[dict[str, object]] = [
        {"name": name, "rating": rating, "club": club, "category": _category(rating), "group": _group(rating)}
        for name, rating, club in PLAYERS
    ]
    for group in (1, 2, 3):
        weakest = [row for row in rows if row["group"] == group][-len(TEAMS):]
        for team, row in zip(TEAMS, weakest, strict=True):
            row["team"] = team
    return rows


def run_demo(
    directory: Path,
    played: int | None,
    progress: Callable[[str], None],
    lang: Lang = Lang.RU,
    preset: str = "fors-club",
) -> tuple[Path, Path]:
    """Create, pair and play the example tournament round by round through the workbook; publish it."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "club.xlsx"
    for old in (path, backup_path(path)):
        old.unlink(missing_ok=True)
    config, _, errors = build_config([("preset", preset, None)])
    if errors:
        raise WorkbookErrors(errors, lang)
    rows = [("name", tr(lang, "Fors club tournament")), ("date", "2026-11-28"), ("place", "Москва"),
            ("referee", tr(lang, "Ivanov I. I.")), ("registration", tr(lang, "at the club until 9:45")),
            ("timetable", tr(lang, "round 1 at 10:00, round 2 at 12:00, lunch 14:00-15:00, round 3 at 15:00, "
                                   "round 4 at 17:00, round 5 on Sunday at 10:00")), ("time.main", 40),
            ("time.byoyomi", tr(lang, "canadian byo-yomi, 15 moves in 5 minutes")),
            ("awards", tr(lang, "cups for places 1-3, prizes by level of play")),
            ("protests", tr(lang, "in writing to the chief referee before the next round; the chief referee's "
                                  "decision is final")),
            ("preset", preset), ("rounds", config.rounds), ("lang", lang.value)]
    workbook = new_workbook(rows, lang, new_player_columns(config))
    # R8: the renju weekly format depends on the field; eight players play a single round robin
    type_players(workbook, lang, _players()[:8] if config.round_robin.by_size else _players())
    save(describe(workbook, None, "demo", ""), path)
    scheduled = config.pairing.method[0] in SCHEDULED
    if scheduled:  # R7.5, R7.6: every round written at once
        book = load(path)
        changes = schedule_into(book)
        finish(book, "schedule", changes)
        progress(changes)
    total = len(load(path).tournament.rounds) if scheduled else config.rounds
    for number in range(1, (total if played is None else played) + 1):
        book = load(path)
        if scheduled:
            rnd = book.tournament.rounds[number - 1]
        else:
            rnd, changes = pair_into(book)
            finish(book, "pair", changes)
            progress(changes)
        book = load(path)  # the referee types the results
        type_results(book, number, _simulated(book.tournament, rnd.games, random.Random(f"demo|{number}")))
        store(book, "", "")  # typed, not run: no Log row
        book = load(path)
        finish(book, "standings", tr(lang, "round {number} results", number=number))
    book = load(path)
    page = directory / "club.html"
    page.write_text(render_html(book.tournament, make_report(book.tournament)), encoding="utf-8")
    return path, page
