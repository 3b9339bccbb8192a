"""Prize lists and rank norms (R6, [000] prizes by levels of play, [002] Novosibirsk 1977 norms).

One hand-scored table serves every test: six players, three rounds of fors30.

    R1: D takes 3 from A and wins (D 20, A 10); B gives 3 to E and wins (23, 7); C gives 5 to F and wins (25, 5)
    R2: A gives 2 to C and wins (22, 8); F takes 6 from B and wins (20, 10); E takes 1 from D and wins (20, 10)
    R3: C gives 1 to D and wins (21, 9); F takes 3 from E and wins (20, 10); A gives 1 to B and wins (21, 9)

wins: A 2, B 1, C 2, D 1, E 1, F 2.  points given / taken (games where the player gave / took handicap):
A 53/0, B 33/9, C 46/8, D 10/29, E 10/27, F 0/45.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from engine.tables import rounds_from_text
from workbooks import run, type_players

from forsxl.book.config import build_config, yaml_value
from forsxl.engine.config import Config, Norms, Prizes
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Player, PlayerId, Source, Tournament
from forsxl.engine.norms import parse_norm_band, rank_norms
from forsxl.engine.prizes import award_prizes, parse_prize_lists
from forsxl.engine.standings import standings
from forsxl.engine.values import Lang, NormBand, PrizeLists
from forsxl.messages import message

PLAYERS = tuple(
    Player(PlayerId(i), name, rating, club)
    for i, (name, rating, club) in enumerate(
        [("A", 2300, "X"), ("B", 2150, "Y"), ("C", 2050, "X"), ("D", 1950, "Y"), ("E", 1800, "X"), ("F", 1500, "Y")],
        start=1,
    )
)
ROUNDS = rounds_from_text("""
    1: 4-1/3 B+, 5-2/3 W+, 6-3/5 W+
    2: 3-1/2 W+, 6-2/6 B+, 5-4/1 B+
    3: 4-3/1 W+, 6-5/3 B+, 2-1/1 W+
""")


def _tournament(lists: str, several: bool = True, norms: tuple[str, ...] = ()) -> Tournament:
    bands = tuple(map(parse_norm_band, norms))
    config = replace(Config(), prizes=Prizes(parse_prize_lists(lists), several), norms=Norms(bands))
    return Tournament(config, PLAYERS, ROUNDS)


def _winners(lists: str, several: bool = True) -> dict[str, list[tuple[str, str]]]:
    t = _tournament(lists, several)
    return {a.spec.name: [(w.place, w.player.name) for w in a.winners] for a in award_prizes(t, standings(t))}


def test_r6_prize_lists_share_ties_and_may_name_more_players_than_places() -> None:
    won = _winners("Wins: wins, 2 places; Givers: points_giving, 1; Takers: points_taking, 1 place")
    assert won["Wins"] == [("1-3", "A"), ("1-3", "C"), ("1-3", "F")]  # three tied on 2 wins share places 1-2
    assert won["Givers"] == [("1", "A")]  # 53 given-game points, C 46
    assert won["Takers"] == [("1", "F")]  # 45 taken-game points, D 29


def test_r6_prize_values_are_the_hand_scored_points() -> None:
    t = _tournament("Givers: points_giving, 6; Takers: points_taking, 6")
    givers, takers = award_prizes(t, standings(t))
    assert {w.player.name: w.values[0] for w in givers.winners} == {
        "A": 53, "C": 46, "B": 33, "D": 10, "E": 10, "F": 0}
    assert [w.place for w in givers.winners] == ["1", "2", "3", "4-5", "4-5", "6"]
    assert {w.player.name: w.values[0] for w in takers.winners} == {
        "F": 45, "D": 29, "E": 27, "B": 9, "C": 8, "A": 0}


def test_r6_overlapping_filters_a_player_in_several_lists_or_once() -> None:
    # C (2050) is in both bands; Kyu may give C a second prize, or pass over C and F, who won Wins.
    lists = "Wins: wins, 1 place; Dan: wins, rating>=2050, 1; Kyu: wins, rating<2100, 2 places"
    assert _winners(lists) == {
        "Wins": [("1-3", "A"), ("1-3", "C"), ("1-3", "F")],
        "Dan": [("1-2", "A"), ("1-2", "C")],
        "Kyu": [("1-2", "C"), ("1-2", "F")],
    }
    once = _winners(lists.replace("2 places", "2 places, once"))
    assert once["Kyu"] == [("1-2", "D"), ("1-2", "E")]  # D and E: one win each, tied
    assert once["Dan"] == [("1-2", "A"), ("1-2", "C")]  # Dan allows several
    assert _winners(lists, several=False)["Dan"] == [("1", "B")]  # nobody wins twice: B is the only dan left
    assert _winners(lists.replace("1; Kyu", "1, several; Kyu"), several=False)["Dan"] == [("1-2", "A"), ("1-2", "C")]


def test_r6_prize_filters_by_club_rank_and_tie_breaks_in_a_list() -> None:
    t = _tournament("Club X: place, club=x, 1; Kyu: wins/points_taking, rank<=1k, 3; Not Y: points, club!=Y, 9")
    table = standings(t)
    club, kyu, not_y = award_prizes(t, table)
    best_x = next(s for s in table if s.player.club == "X")
    assert [w.player for w in club.winners] == [best_x.player]
    assert [w.player.name for w in kyu.winners] == ["F", "D", "E"]  # F 2 wins; D and E 1 win, D took 29 > 27
    assert [w.place for w in kyu.winners] == ["1", "2", "3"]
    assert {w.player.club for w in not_y.winners} == {"X"} and len(not_y.winners) == 3


@pytest.mark.parametrize("text", [
    "Kyu wins", "Kyu: speed", "Kyu: wins, rating<", "Kyu: wins, rank<=12x", "Kyu: wins, 0 places",
    "Kyu: wins, colour=red", "Kyu: wins; Kyu: points", "Kyu: wins, 2000<rating>1000",
])
def test_r6_prize_list_syntax_errors_name_the_part(text: str) -> None:
    with pytest.raises(ForsxlError):
        parse_prize_lists(text)
    _, _, errors = build_config([("prizes.lists", text, None)])
    assert [e.code for e in errors] == ["config_prize_bad"]


def test_r6_prize_list_error_names_the_cell_and_the_part() -> None:
    config, _, (error,) = build_config([("prizes.lists", "Kyu: wins, 0 places", Source("Config", "B9"))])
    assert message(error, Lang.EN).startswith("Config!B9: prizes.lists: 'Kyu: wins, 0 places' does not fit; ")
    assert error.rule == "R6" and config.prizes.lists is None  # the bad value is not taken


def test_r6_prize_lists_are_parsed_once_and_print_as_written() -> None:
    config, _, errors = build_config([("prizes.lists", " Overall: place, 2 ;Kyu: wins, rating<2000, once ", None)])
    assert errors == [] and config.prizes.lists is not None
    assert [spec.name for spec in config.prizes.lists.specs] == ["Overall", "Kyu"]
    assert yaml_value(config.prizes.lists) == "'Overall: place, 2; Kyu: wins, rating<2000, once'"
    assert build_config([("prizes.lists", config.prizes.lists, None)])[0] == config  # `--compare` hands it back


def test_r6_prize_list_parsing() -> None:
    (spec,) = parse_prize_lists(" Middle : wins/sos , 1500<=rating<2100 , category=1р|2р, 4 places, once ").specs
    assert spec.name == "Middle" and spec.criteria == ("wins", "sos") and spec.places == 4 and spec.several is False
    band, category = spec.filters
    assert (band.field, band.low, band.high) == ("rating", 1500, 2099)
    assert category.values == {"1р", "2р"}
    assert parse_prize_lists("") == PrizeLists()


def test_r6_prize_lists_in_russian_words_read_as_in_english() -> None:
    """A Russian workbook writes a list in Russian (issue 30): the description asks for `N мест, один раз`."""
    russian = parse_prize_lists("Кю: wins/sos, 1500<=рейтинг<2100, ранг>=5к, разряд=1р|2р, клуб!=Тэнгэн, 4 места, "
                                   "один раз; Все: place, 2 места, повторно").specs
    english = parse_prize_lists("Кю: wins/sos, 1500<=rating<2100, rank>=5k, category=1р|2р, club!=Тэнгэн, 4 places, "
                                   "once; Все: place, 2 places, several").specs
    assert [(s.criteria, s.filters, s.places, s.several) for s in russian] == [
        (s.criteria, s.filters, s.places, s.several) for s in english]
    assert [s.several for s in russian] == [False, True] and russian[0].filters[0].field == "rating"


def test_r6_rank_norms_hand_checked() -> None:
    # Points earned / points at stake (the win's points in each game), games over the board only:
    # D 20/20 + 10/21 + 9/20 = 39/61; E 7/20 + 20/20 + 10/23 = 37/63; F 5/20 + 20/20 + 20/20 = 45/60;
    # C 25/25 + 8/20 + 21/21 = 54/66; A 10/23 + 22/22 + 21/21 = 53/66; B 23/23 + 10/26 + 9/20 = 42/69.
    t = _tournament("", norms=("30k-1k: 70%/90%", "1d-3d: 0.8"))
    norms = rank_norms(t.config, standings(t))
    shares = {t.player(pid).name: (r.share, r.ranks) for pid, r in norms.items()}
    assert shares == {
        "D": (Fraction(39, 61), 0), "E": (Fraction(37, 63), 0), "F": (Fraction(45, 60), 1),
        "C": (Fraction(54, 66), 1), "A": (Fraction(53, 66), 1), "B": (Fraction(42, 69), 0),
    }
    assert norms[PlayerId(6)].label() == "+1 (75%)" and norms[PlayerId(4)].label() == "(63%)"
    only_kyu = rank_norms(_tournament("", norms=("20k-1k: 60%/74%",)).config, standings(t))
    assert {t.player(pid).name: r.ranks for pid, r in only_kyu.items()} == {"D": 1, "E": 0, "F": 2}


@pytest.mark.parametrize("text", ["1k 70%", "20k-1k: 90%/70%", "20k-1x: 70%", "20k-1k: 170%", "5k: 0"])
def test_r6_norm_band_errors(text: str) -> None:
    with pytest.raises(ForsxlError):
        parse_norm_band(text)
    _, _, errors = build_config([("norms.bands", text, None)])
    assert [e.code for e in errors] == ["config_norm_bad"]


def test_r6_norm_bands_are_parsed_once_and_print_as_written() -> None:
    config, _, errors = build_config([("norms.bands", "30k-1k: 70%/90%, 1d-3d: 0.8", None)])
    assert errors == [] and config.norms.bands == (NormBand(0, 29, (Fraction(7, 10), Fraction(9, 10))),
                                                   NormBand(30, 32, (Fraction(4, 5),)))
    assert yaml_value(config.norms.bands) == "['30k-1k: 70%/90%', '1d-3d: 0.8']"
    _, _, (error,) = build_config([("norms.bands", "1k 70%", Source("Config", "B9"))])
    assert message(error, Lang.EN).startswith("Config!B9: norms.bands: '1k 70%' is not a band like ")


def test_r6_prizes_and_norms_through_the_workbook(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    run("new", str(path), "--preset", "fors-club")
    book = openpyxl.load_workbook(path)
    book["Config"].append(["prizes.lists", "Overall: place, 2; Kyu: wins, rating<2000, 1 place, once"])
    book["Config"].append(["norms.bands", "30k-1k: 70%/90%"])
    book["Config"]["B6"] = 2  # rounds
    book.save(path)
    type_players(path, [{"Name": f"P{i}", "Rating": 2200 - 100 * i, "Club": "XY"[i % 2]} for i in range(6)])
    for number in (1, 2):
        run("pair", str(path))
        book = openpyxl.load_workbook(path)
        sheet = book[f"Round-{number}"]
        for row in sheet.iter_rows(min_row=2):
            if row[2].value:
                row[7].value = "B+"
        book.save(path)
    run("standings", str(path))
    book = openpyxl.load_workbook(path)
    prizes = [[c for c in row if c is not None] for row in book["Prizes"].iter_rows(values_only=True)]
    assert prizes[0] == ["Overall", "place, 2"] and prizes[1][:3] == ["Place", "No", "Name"]
    assert any(row[:1] == ["Kyu"] for row in prizes)
    standings_rows = list(book["Standings"].iter_rows(values_only=True))
    norm_column = standings_rows[0].index("Norm")
    assert any(row[norm_column] for row in standings_rows[1:])
    page = tmp_path / "club.html"
    run("publish", str(path), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert 'id="prizes"' in html and 'id="norms"' in html and "Overall" in html and "%)" in html
