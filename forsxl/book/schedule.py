"""Writing a tournament fixed in advance: the Schedule sheet (a crosstable) and every round sheet (R7.5, R7.6)."""

from __future__ import annotations

from collections import defaultdict

from forsxl.book import layout
from forsxl.book.read import Book, round_sheets
from forsxl.book.sheets import BOLD, fresh_sheet, put
from forsxl.book.write import write_round
from forsxl.engine.model import PlayerId, number_text
from forsxl.engine.pairing.methods import ROUND_ROBIN
from forsxl.engine.tournament import Schedule
from forsxl.engine.values import Lang

_REASONS = {
    "even": ("{n} players (even): {rounds} rounds, every round pairs everyone, nobody sits out",
             "{n} участников (чётное число): {rounds} туров, в каждом туре играют все"),
    "odd": ("{n} players (odd): every round leaves someone out, so {rounds} rounds = games + 1, "
            "and every player sits out once{short}",
            "{n} участников (нечётное число): в каждом туре кто-то свободен, поэтому {rounds} туров = партий + 1, "
            "каждый свободен один раз{short}"),
    "single": ("{n} players, 1 game each: 1 round, one player sits out",
               "{n} участников, по 1 партии: 1 тур, один участник свободен"),
    "class2": ("{n} players: no schedule in {games} rounds was found, so {rounds} rounds with byes",
               "{n} участников: расписание в {games} туров не найдено, поэтому {rounds} туров со свободными"),
    "short": (" (the player with a game fewer: twice)", " (участник с партией меньше — дважды)"),
}
_TEXT = {
    "title": ("Schedule: the round in which each pair meets", "Расписание: тур, в котором встречается каждая пара"),
    "round_robin": ("Round robin (Berger tables), {cycles} cycle(s), {rounds} rounds",
                    "Круговая система (таблицы Бергера), кругов: {cycles}, туров: {rounds}"),
    "serp": ("Serp: {games} games each; largest distance in the rating order {max}, mean {mean} "
             "(lower bound {bound})", "Серп: по {games} партий; наибольшая разница мест по рейтингу {max}, "
             "средняя {mean} (нижняя граница {bound})"),
}


def _text(key: str, lang: Lang, table: dict[str, tuple[str, str]] = _TEXT) -> str:
    return table[key][0 if lang == Lang.EN else 1]


def write_schedule(book: Book, schedule: Schedule) -> None:
    """The Schedule sheet and every Round-N sheet at once; round sheets forsxl wrote before are replaced."""
    for number, sheet in round_sheets(book.workbook):
        del book.workbook[sheet.title]
        book.round_sheets.pop(number, None)
    lang, t = book.lang, book.tournament
    sheet = fresh_sheet(book.workbook, layout.sheet_name("schedule", lang),
                         [*layout.SHEETS["standings"], *layout.SHEETS["log"]])
    meets: dict[tuple[PlayerId, PlayerId], list[str]] = defaultdict(list)
    for rnd in schedule.rounds:
        for g in rnd.games:
            meets[(g.black, g.white)].append(str(rnd.number))
            meets[(g.white, g.black)].append(str(rnd.number))
    put(sheet.cell(1, 1), _text("title", lang))
    sheet.cell(1, 1).font = BOLD
    rounds = len(schedule.rounds)
    if schedule.method == ROUND_ROBIN.name:
        cycles = rounds // max(1, len(t.players) - 1 + len(t.players) % 2)
        put(sheet.cell(2, 1), _text("round_robin", lang).format(cycles=cycles, rounds=rounds))
    elif schedule.serp is not None:
        plan = schedule.serp
        put(sheet.cell(2, 1), _text("serp", lang).format(
            games=plan.games, max=plan.max_distance, mean=f"{float(plan.mean_distance):.2f}",
            bound=number_text(plan.lower_bound) if plan.lower_bound.denominator < 3 else
            f"{float(plan.lower_bound):.2f}"))
        short = _text("short", lang, _REASONS) if plan.n * plan.games % 2 else ""
        put(sheet.cell(3, 1), _text(plan.reason, lang, _REASONS).format(n=plan.n, games=plan.games, rounds=rounds,
                                                                         short=short))
    players = sorted(t.players, key=lambda p: p.id)
    header = 5
    put(sheet.cell(header, 1), layout.header(layout.STANDINGS_COLUMNS, "no", lang))
    put(sheet.cell(header, 2), layout.header(layout.STANDINGS_COLUMNS, "name", lang))
    for column, p in enumerate(players, start=3):
        put(sheet.cell(header, column), int(p.id))
        sheet.cell(header, column).font = BOLD
    row_of = {p.id: row for row, p in enumerate(players, start=header + 1)}
    for p in players:
        put(sheet.cell(row_of[p.id], 1), int(p.id))
        put(sheet.cell(row_of[p.id], 2), p.name)
        put(sheet.cell(row_of[p.id], row_of[p.id] - header + 2), "X")
    for (p_id, q_id), numbers in meets.items():  # only the pairs that meet: a Serp of 1000 leaves 99% empty
        put(sheet.cell(row_of[p_id], row_of[q_id] - header + 2), ", ".join(numbers))
    sheet.column_dimensions["B"].width = 26
    for rnd in schedule.rounds:
        write_round(book, rnd)
