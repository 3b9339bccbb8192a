"""The results page (forsxl.publish.html): standings, pairings, escaping, language, determinism."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from html import escape, unescape
from html.parser import HTMLParser

import pytest

import forsxl
from forsxl.engine.config import (
    Config,
    Handicap,
    Pairing,
    Scheme,
    Scoring,
    StartPoints,
    Tiebreak,
    TopStart,
)
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Sitout, Tournament
from forsxl.engine.pairing.methods import ROUND_ROBIN
from forsxl.engine.report import Report, make_report
from forsxl.engine.standings import standings
from forsxl.engine.tournament import schedule_tournament
from forsxl.engine.values import Lang
from forsxl.publish.html import TEMPLATE, format_decimal, format_points, page_labels, render_html, template_dirs

SCRIPT = "<script>alert(1)</script>"
FORMULA = "=cmd|' /C calc'!A0"

# No  name      rating  club
PLAYERS = """
1   Ann       2100    Moscow
2   SCRIPT    1950    Tver
3   FORMULA   1800    Tver
4   Dmitry    1700    Kazan
5   Eve       1500    Kazan
"""
# round board black white stones komi steps result
GAMES = """
1 1 2 1 2 1/2 3  W+
1 2 4 3 0 13/2 0 B+
2 1 3 1 3 -8  5  B+
2 2 4 2 2 0   4  -
"""
SITOUTS = {1: ((PlayerId(5), Sitout.BYE),), 2: ((PlayerId(5), Sitout.ABSENT),)}


def tournament(lang: Lang) -> Tournament:
    names = {"SCRIPT": SCRIPT, "FORMULA": FORMULA}
    players = tuple(
        Player(PlayerId(int(no)), names.get(name, name), int(rating), club=club)
        for no, name, rating, club in (line.split() for line in PLAYERS.strip().splitlines())
    )
    games: dict[int, list[Game]] = {1: [], 2: []}
    for line in GAMES.strip().splitlines():
        rnd, board, black, white, stones, komi, steps, result = line.split()
        games[int(rnd)].append(Game(
            int(board), PlayerId(int(black)), PlayerId(int(white)), int(stones), Fraction(komi), int(steps), 1,
            None if result == "-" else Result(result),
        ))
    rounds = tuple(Round(n, tuple(games[n]), SITOUTS[n]) for n in (1, 2))
    config = Config(name="Fors Cup <2024>", date="1-2 June 2024", place="Tver & Moscow", rounds=3, lang=lang)
    return Tournament(config, players, rounds)


def render(lang: Lang) -> str:
    t = tournament(lang)
    return render_html(t, make_report(t))


class Checker(HTMLParser):
    """Collects tags, text and links, and checks that every element is closed in order."""

    VOID = frozenset({"meta", "link", "br", "img", "hr", "input", "col", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[str] = []
        self.urls: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.urls += [value or "" for name, value in attrs if name in ("href", "src", "action", "srcset")]
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(page: str) -> Checker:
    checker = Checker()
    checker.feed(page)
    checker.close()
    return checker


def rows(page: str, table: str) -> list[list[str]]:
    """The text of each body row's cells in the table with that class, as a wide screen shows them (a phone's
    round cells under a name aside)."""
    body = page.split(f'<table class="{table}">', 1)[1].split("</tbody>", 1)[0].split("<tbody>", 1)[1]
    body = re.sub(r'<span class="games">.*?</span></td>', "</td>", body, flags=re.S)
    return [
        [unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


@pytest.mark.parametrize("lang", list(Lang))
def test_page_parses_and_is_closed(lang: Lang) -> None:
    checker = parse(render(lang))
    assert checker.errors == []
    assert checker.stack == []
    assert checker.tags[:2] == ["html", "head"]
    assert "table" in checker.tags


def test_standings_rows_and_round_cells() -> None:
    page = render(Lang.EN)
    table = rows(page, "standings")
    t = tournament(Lang.EN)
    expected = standings(t)
    assert [row[2] for row in table] == [s.player.name for s in expected]
    assert [row[0] for row in table] == [s.place for s in expected]
    by_name = {row[2]: row for row in table}
    assert by_name["Ann"][7:9] == ["2+/w2", "3-/w3"]
    assert by_name["Dmitry"][7:9] == ["3+/b", "2?/b2"]
    assert by_name["Eve"][7:9] == ["0=", "0-"]  # a bye, then an absence: an even game lost (R5)
    assert '<a href="#p2">2+/w2</a>' in page
    for s in expected:
        assert f'<tr id="p{s.player.id}">' in page
        assert f'<td class="num pts">{format_points(s.points, Lang.EN)}</td>' in page


def test_standings_columns() -> None:
    page = render(Lang.EN)
    headers = re.findall(r"<th[^>]*>(.*?)</th>", page.split('<table class="standings">')[1].split("</thead>")[0])
    # tie-breaks are headed by short names; `rating` is the Rating column already, so it gets no second column
    assert headers == ["Place", "No", "Name", "Rating", "Rank", "Club", "Start", "R1", "R2", "Points",
                       "Wins", "SOS"]
    ann = rows(page, "standings")[[r[2] for r in rows(page, "standings")].index("Ann")]
    assert ann[3:5] == ["2100", "1d"]


def test_pairings_with_byes_and_absences() -> None:
    page = render(Lang.EN)
    first, second = (
        [[unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
         for row in re.findall(r"<tr[^>]*>(.*?)</tr>", section.split("<tbody>")[1], re.S)]
        for section in page.split('<section id="round-')[1:]
    )
    assert first[0] == ["1", f"{SCRIPT} 2", "Ann 1", "2", "0.5", "W+", "7 / 23"]
    assert first[1][3:6] == ["0", "6.5", "B+"]
    assert first[2] == ["bye", "Eve 5", "", "15"]
    assert second[0][3:6] == ["3", "−8", "B+"]
    assert second[1][5:] == ["", ""]
    assert second[2] == ["absent", "Eve 5", "", "10"]


def test_r11_a_russian_page_writes_results_as_the_workbook_does() -> None:
    """In a Russian workbook results are written Ч+ / Б+ (a Russian reads a Latin B as Б, White): the page too."""
    boards = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
              for section in render(Lang.RU).split('<section id="round-')[1:]
              for row in re.findall(r"<tr[^>]*>(.*?)</tr>", section.split("<tbody>")[1], re.S)]
    results = {re.sub(r"<[^>]+>", "", cells[5]).strip() for cells in boards if len(cells) > 5}
    assert results == {"Ч+", "Б+", ""}


def test_names_are_escaped() -> None:
    page = render(Lang.EN)
    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "=cmd|&#39; /C calc&#39;!A0" in page
    assert "<title>Fors Cup &lt;2024&gt;</title>" in page
    assert "Tver &amp; Moscow" in page
    assert SCRIPT in "".join(parse(page).text)


def test_russian_labels() -> None:
    page = render(Lang.RU)
    assert '<html lang="ru">' in page
    for word in ("Место", "Имя", "Ранг", "Клуб", "Старт", "Очки", "Тур", "Доска", "Чёрные", "Белые", "Фора", "Коми",
                 "Результат", "Итоги", "Пары", "без пары", "пропуск", "Т1", "Т2"):
        assert word in page, word
    assert ">6,5<" in page
    assert ">1д<" in page
    for word in ("Place", "Board", "Black", "Handicap", ">bye<"):
        assert word not in page, word


@pytest.mark.parametrize("lang", list(Lang))
def test_deterministic(lang: Lang) -> None:
    first = render(lang)
    assert first == render(lang)
    assert f"forsxl {forsxl.__version__}" in first
    assert not re.search(r"\d{1,2}:\d{2}", first)  # no clock on the page


@pytest.mark.parametrize("lang", list(Lang))
def test_self_contained(lang: Lang) -> None:
    page = render(lang)
    checker = parse(page)
    assert all(url.startswith(("#", "data:")) for url in checker.urls), checker.urls
    assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", page, re.I)
    assert "script" not in checker.tags
    assert '<meta charset="utf-8">' in page
    assert "@media print" in page


def test_no_rounds_yet() -> None:
    t = tournament(Lang.EN)
    t = Tournament(t.config, t.players)
    page = render_html(t, make_report(t))
    assert parse(page).errors == []
    assert len(rows(page, "standings")) == len(t.players)
    assert 'id="round-' not in page


def test_unpaired_round() -> None:
    t = tournament(Lang.EN)
    t = Tournament(t.config, t.players, (*t.rounds, Round(3, ())))
    page = render_html(t, Report(tuple(standings(t, before_round=3))))
    assert "Not paired yet." in page
    assert ">R3<" not in page


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(12), "12"), (Fraction(25, 2), "12½"), (Fraction(1, 2), "½"), (Fraction(-3), "−3"),
    (Fraction(-7, 2), "−3½"), (Fraction(0), "0"), (Fraction(1, 8), "0.13"),
])
def test_format_points(value: Fraction, text: str) -> None:
    assert format_points(value, Lang.EN) == text


@pytest.mark.parametrize(("value", "lang", "text"), [
    (Fraction(13, 2), Lang.EN, "6.5"), (Fraction(13, 2), Lang.RU, "6,5"), (Fraction(-8), Lang.EN, "−8"),
    (Fraction(0), Lang.RU, "0"), (Fraction(-1, 2), Lang.RU, "−0,5"), (Fraction(1, 3), Lang.EN, "0.33"),
])
def test_format_decimal(value: Fraction, lang: Lang, text: str) -> None:
    assert format_decimal(value, lang) == text


def test_template_is_found() -> None:
    assert any((d / TEMPLATE).is_file() for d in template_dirs())


def round_robin(lang: Lang, beats: set[tuple[int, int]], pending: frozenset[int] = frozenset(),
                forfeit: frozenset[int] = frozenset(), superfinal: bool = False) -> Tournament:
    """4 players, a single renju round robin of even games scheduled by the engine; `beats` holds (winner, loser),
    `pending` and `forfeit` the numbers of players whose game between them is not played yet or forfeited."""
    players = tuple(Player(PlayerId(i), name, rating) for i, (name, rating) in enumerate(
        (("Ann", 2100), (SCRIPT, 1950), ("Cid", 1800), ("Dan", 1700)), start=1))
    config = Config(
        name="RR", rounds=3, lang=lang, handicap=Handicap(max_steps=0), scoring=Scoring(scheme=Scheme.RENJU),
        start=StartPoints(per=100000, lower_below=None, top=TopStart.RATING, min=0),  # renju: no start points
        tiebreaks=(Tiebreak.POINTS,), pairing=Pairing(method=(ROUND_ROBIN.name,)), superfinal=superfinal,
    )
    rounds = []
    for rnd in schedule_tournament(Tournament(config, players, ())).rounds:
        games = []
        for g in rnd.games:
            black_won = (int(g.black), int(g.white)) in beats
            pair = {int(g.black), int(g.white)}
            result: Result | None = Result.BLACK_WINS if black_won else Result.WHITE_WINS
            if pair == pending:
                result = None
            elif pair == forfeit:
                result = Result.BLACK_FORFEIT if black_won else Result.WHITE_FORFEIT
            games.append(replace(g, result=result))
        rounds.append(replace(rnd, games=tuple(games)))
    return Tournament(config, players, tuple(rounds))


STRONGER_WINS = {(a, b) for a in range(1, 5) for b in range(1, 5) if a < b}


def test_crosstable_of_a_round_robin() -> None:
    t = round_robin(Lang.EN, STRONGER_WINS, pending=frozenset({3, 4}), forfeit=frozenset({2, 4}))
    report = make_report(t)
    table = report.table
    page = render_html(t, report)
    assert parse(page).errors == []
    assert '<a href="#crosstable">Crosstable</a>' in page and '<section id="crosstable">' in page
    assert SCRIPT not in page
    order = [int(s.player.id) for s in table]
    assert order == [1, 2, 3, 4]
    colour = {(int(g.black), int(g.white)): "b" for r in t.rounds for g in r.games}
    colour |= {(w, b): "w" for b, w in colour}
    body = rows(page, "crosstable")
    assert [row[:3] for row in body] == [[str(i), s.player.name, s.place] for i, s in enumerate(table, start=1)]
    assert [row[-1] for row in body] == [format_points(s.points, Lang.EN) for s in table]
    cells = {(order[i], order[j]): row[3 + j] for i, row in enumerate(body) for j in range(4)}
    assert all(cells[a, a] == "" for a in order)
    assert cells[1, 2] == "1" + colour[1, 2] and cells[2, 1] == "0" + colour[2, 1]
    assert cells[1, 4] == "1" + colour[1, 4] and cells[4, 1] == "0" + colour[4, 1]
    assert cells[2, 4] == "+" + colour[2, 4] and cells[4, 2] == "\u2212" + colour[4, 2]
    assert cells[3, 4] == "?" + colour[3, 4] and cells[4, 3] == "?" + colour[4, 3]
    assert page.count('<td class="c x self">') == 4
    assert 'class="c x win"' in page and 'class="c x pending"' in page and 'class="c x loss forfeit"' in page


def test_crosstable_russian_and_absent_for_fors() -> None:
    t = round_robin(Lang.RU, STRONGER_WINS)
    page = render_html(t, make_report(t))
    assert '<a href="#crosstable">Турнирная таблица</a>' in page and page_labels(Lang.RU)["crosstable_cells"] in page
    fors = render(Lang.EN)
    assert 'href="#crosstable"' not in fors and 'id="crosstable"' not in fors
    assert '<table class="crosstable">' not in fors


CYCLE = {(1, 2), (2, 3), (3, 1), (1, 4), (2, 4), (3, 4)}
"""1, 2 and 3 each beat one another in a ring and all beat 4: a tie for first on points."""


def test_r7_8_superfinal_note_on_the_page() -> None:
    t = round_robin(Lang.EN, CYCLE, superfinal=True)
    report = make_report(t)
    assert [s.place for s in report.table] == ["1-3", "1-3", "1-3", "4"]
    page = render_html(t, report)
    note = f"Superfinal: Ann and {SCRIPT} play a match to two wins for places 1–2 (R7.8)"
    assert f'<p class="note">{escape(note)}</p>' in page
    assert page.index('class="note"') < page.index('<table class="standings">')
    ru = round_robin(Lang.RU, CYCLE, superfinal=True)
    assert "Суперфинал: Ann и " in render_html(ru, make_report(ru))


@pytest.mark.parametrize(("superfinal", "beats", "pending"), [
    (False, CYCLE, frozenset()),  # not asked for
    (True, CYCLE, frozenset({3, 4})),  # a game still to play
    (True, STRONGER_WINS, frozenset()),  # a single winner
])
def test_r7_8_no_superfinal_note(superfinal: bool, beats: set[tuple[int, int]], pending: frozenset[int]) -> None:
    t = round_robin(Lang.EN, beats, pending=pending, superfinal=superfinal)
    assert 'class="note"' not in render_html(t, make_report(t))
