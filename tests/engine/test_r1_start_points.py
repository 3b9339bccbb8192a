"""R1: start points (R1.1 linear with a lower segment, R1.2 top group equalization, R1.3 table, R1.4 rank,
R1.5 declared group, R1.6 category, R1.7 middle and bottom groups' own steps)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from forsxl.book.config import build_config
from forsxl.engine.checks import check
from forsxl.engine.config import Config, Groups, Ratings, Scale, StartMethod, StartPoints, TopStart
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Player, PlayerId, Round, Sitout, Source, Tournament
from forsxl.engine.ratings import rank_of_rating
from forsxl.engine.standings import tournament_start_points
from forsxl.engine.start_points import (
    START_METHODS,
    category_start_points,
    group_start_points,
    linear_start_points,
    rank_start_points,
    start_points,
    table_start_points,
)
from forsxl.engine.values import CATEGORIES, Lang, Rank, category_index
from forsxl.messages import message

RULES = StartPoints()


def players(table: str) -> list[Player]:
    """`id rating [start]` per line."""
    rows = [line.split() for line in table.strip().splitlines() if line.strip()]
    return [
        Player(PlayerId(int(row[0])), f"P{row[0]}", int(row[1]), start=Fraction(row[2]) if len(row) > 2 else None)
        for row in rows
    ]


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        pytest.param(2479, 247, id="[000] 2479 -> 247"),
        pytest.param(1890, 189, id="[000] 1890 -> 189"),
        pytest.param(1780, 178, id="[000] 1780 -> 178"),
        pytest.param(1000, 100, id="[000] 1000 -> 100"),
        pytest.param(650, 82, id="[000] 650 -> 82 (lower segment)"),
        pytest.param(100, 55, id="[000] 100 -> 55 (lower segment)"),
        pytest.param(999, 99, id="999 -> 99 (continuous at T)"),
        pytest.param(-900, 5, id="30k -900 -> 5"),
    ],
)
def test_r1_1_linear(rating: int, expected: int) -> None:
    assert linear_start_points(rating, RULES) == expected


def test_r1_1_lower_segment_off_and_floor() -> None:
    assert linear_start_points(650, replace(RULES, lower_below=None)) == 65
    assert linear_start_points(-900, replace(RULES, lower_below=None)) == -90
    assert linear_start_points(-900, replace(RULES, lower_below=None, min=0)) == 0
    assert linear_start_points(650, replace(RULES, per=20, lower_per=40)) == 41  # floor(50 - 8.75)


TOP8 = """
1 2479
2 2300
3 2230
4 2100
5 2050
6 2000
7 1960
8 1915
9 1890
10 1780
"""


@pytest.mark.parametrize(
    ("pid", "expected"),
    [
        *(pytest.param(pid, 192, id=f"[000] top 8, lowest 1915 -> player {pid} gets 192") for pid in range(1, 9)),
        pytest.param(9, 189, id="[000] next 1890 -> 189"),
        pytest.param(10, 178, id="[000] 1780 -> 178"),
    ],
)
def test_r1_2_top_group_equalized(pid: int, expected: int) -> None:
    assert start_points(players(TOP8), RULES, top_size=8)[PlayerId(pid)] == expected


def test_r1_2_top_bonus_and_top_rating() -> None:
    assert start_points(players(TOP8), replace(RULES, top_bonus=0), 8)[PlayerId(1)] == 191
    own = start_points(players(TOP8), replace(RULES, top=TopStart.RATING), 8)
    assert own == {p.id: linear_start_points(p.rating, RULES) for p in players(TOP8)}
    assert start_points(players(TOP8), RULES, top_size=0)[PlayerId(1)] == 247


def test_r1_start_column_wins() -> None:
    points = start_points(players(TOP8.replace("1 2479", "1 2479 300") + "11 1500 7"), RULES, top_size=8)
    assert points[PlayerId(1)] == 300
    assert points[PlayerId(11)] == 7
    assert points[PlayerId(2)] == 192


FOUNDERS = """
1 2230
2 2200
3 1915
"""


@pytest.mark.parametrize(
    ("late", "expected"),
    [
        pytest.param("4 2500", {1: 221, 2: 221, 3: 191, 4: 221}, id="late 2500 above the top: top value"),
        pytest.param("4 2200", {1: 221, 2: 221, 3: 191, 4: 221}, id="late 2200 at the lowest top rating: top value"),
        pytest.param("4 2000", {1: 221, 2: 221, 3: 191, 4: 200}, id="late 2000 below the top: linear"),
    ],
)
def test_r1_2_founders_fix_the_top_group(late: str, expected: dict[int, int]) -> None:
    everyone = players(FOUNDERS + late)
    points = start_points(everyone, RULES, top_size=2, founders=frozenset(map(PlayerId, (1, 2, 3))))
    assert points == {PlayerId(k): v for k, v in expected.items()}


def test_r1_2_without_founders_a_strong_entrant_joins_the_top() -> None:
    points = start_points(players(FOUNDERS + "4 2500"), RULES, top_size=2)
    assert points == {1: 224, 2: 220, 3: 191, 4: 224}


def test_r1_2_founders_are_the_players_of_round_1() -> None:
    everyone = players(FOUNDERS + "4 2500")
    config = Config(groups=Groups(sizes=(2,)))
    round1 = Round(1, (), ((PlayerId(1), Sitout.BYE), (PlayerId(2), Sitout.ABSENT), (PlayerId(3), Sitout.BYE)))
    assert tournament_start_points(Tournament(config, tuple(everyone)))[PlayerId(1)] == 224
    assert tournament_start_points(Tournament(config, tuple(everyone), (round1,)))[PlayerId(1)] == 221


def test_r1_2_a_round_1_with_no_one_in_it_has_no_founders_yet() -> None:
    """A round 1 read with nobody in it (a sheet of headers only, or, before issue 39, one whose Board column was
    cleared) is not a round of no founders, which would leave no top group: start points stay as before round 1."""
    everyone = tuple(players(FOUNDERS + "4 2500"))
    config = Config(groups=Groups(sizes=(2,)))
    before = tournament_start_points(Tournament(config, everyone))
    assert before[PlayerId(4)] == before[PlayerId(1)] == 224  # the top group equalized
    assert tournament_start_points(Tournament(config, everyone, (Round(1, (), ()),))) == before


@pytest.mark.parametrize(
    ("text", "index"), [("30k", 0), ("21k", 9), ("20k", 10), ("1k", 29), ("1d", 30), ("9d", 38)]
)
def test_r1_4_rank_index_counts_upward(text: str, index: int) -> None:
    assert Rank.parse(text) == Rank(index)


def test_r1_every_method_has_a_function() -> None:
    assert set(START_METHODS) == set(StartMethod)


def problems(**start: object) -> list[tuple[str, str]]:
    """(key, message key) of the start-point problems `check` finds; groups.sizes from `sizes`."""
    sizes = start.pop("sizes", ())
    config = Config(start=StartPoints(**start), groups=Groups(sizes=sizes))  # type: ignore[arg-type]
    return [(k, code) for k, code, _ in check(config) if k.startswith("start.")]


def test_r1_default_start_config_is_consistent() -> None:
    assert problems() == []


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        pytest.param(2479, 5, id="[002 appendix] 2479 -> 5"),
        pytest.param(2400, 5, id="[002 appendix] 2400 and up -> 5"),
        pytest.param(2399, 4, id="[002 appendix] 2000-2399 -> 4, top"),
        pytest.param(2000, 4, id="[002 appendix] 2000-2399 -> 4, bottom"),
        pytest.param(1999, 3, id="[002 appendix] 1500-1999 -> 3, top"),
        pytest.param(1500, 3, id="[002 appendix] 1500-1999 -> 3, bottom"),
        pytest.param(1499, 2, id="[002 appendix] 900-1499 -> 2, top"),
        pytest.param(900, 2, id="[002 appendix] 900-1499 -> 2, bottom"),
        pytest.param(899, 1, id="[002 appendix] 300-899 -> 1, top"),
        pytest.param(300, 1, id="[002 appendix] 300-899 -> 1, bottom"),
        pytest.param(299, 0, id="[002 appendix] below 300 -> 0"),
        pytest.param(-900, 0, id="30k -900 -> 0"),
    ],
)
def test_r1_3_table(rating: int, expected: int) -> None:
    assert table_start_points(rating, RULES) == expected


def test_r1_3_bands_are_configurable_in_any_order() -> None:
    rules = replace(RULES, bands=("0:1", "1000:3", "−1000:0"))
    assert [table_start_points(r, rules) for r in (1500, 1000, 999, 0, -1, -1000, -1001)] == [3, 3, 1, 1, 0, 0, 0]
    assert rules.table_bands() == ((1000, 3), (0, 1), (-1000, 0))


def test_r1_3_table_method_for_the_field() -> None:
    points = start_points(players(TOP8), replace(RULES, method=StartMethod.TABLE), top_size=8)
    assert [points[PlayerId(i)] for i in range(1, 11)] == [5, 4, 4, 4, 4, 4, 3, 3, 3, 3]  # no top equalization


def test_r1_3_bands_typed_in_one_cell() -> None:
    config, _, errors = build_config([("start.bands", "2400:5, 2000 : 4,1500:3", None)])
    assert errors == []
    assert config.start.bands == ("2400:5", "2000 : 4", "1500:3")
    assert table_start_points(2100, config.start) == 4


@pytest.mark.parametrize(
    ("bands", "expected"),
    [
        pytest.param(("2400-5",), [("start.bands", "config_band_bad")], id="no colon"),
        pytest.param(("2400:five",), [("start.bands", "config_band_bad")], id="points not a number"),
        pytest.param(("144005",), [("start.bands", "config_band_bad")], id="YAML read 2400:5 as base 60"),
        pytest.param(("2400:5", "2400:4"), [("start.bands", "config_repeated")], id="a rating twice"),
        pytest.param((), [("start.bands", "config_empty")], id="no bands"),
    ],
)
def test_r1_3_bad_bands_name_the_key(bands: tuple[str, ...], expected: list[tuple[str, str]]) -> None:
    assert problems(bands=bands) == expected


def rank(text: str) -> Rank:
    parsed = Rank.parse(text)
    assert parsed is not None
    return parsed


@pytest.mark.parametrize(
    ("rules", "text", "expected"),
    [
        pytest.param(StartPoints(), "1k", 29, id="[002 FORS-m] 1 per rank: 1k -> 29"),
        pytest.param(StartPoints(), "1d", 30, id="[002 FORS-m] 1 per rank: 1d -> 30"),
        pytest.param(StartPoints(), "15k", 15, id="[002 FORS-m] 1 per rank: 15k -> 15"),
        pytest.param(StartPoints(ranks_per_point=3), "1k", 9, id="[002 FORS-m] 1 per 3 ranks: 1k -> 9"),
        pytest.param(StartPoints(ranks_per_point=3), "3k", 9, id="[002 FORS-m] 1 per 3 ranks: 3k -> 9"),
        pytest.param(StartPoints(ranks_per_point=3), "4k", 8, id="[002 FORS-m] 1 per 3 ranks: 4k -> 8"),
        pytest.param(StartPoints(ranks_per_point=3), "1d", 10, id="[002 FORS-m] 1 per 3 ranks: 1d -> 10"),
        pytest.param(StartPoints(ranks_per_point=5), "5k", 5, id="[002 FORS-m] 1 per 5 ranks: 5k -> 5"),
        pytest.param(StartPoints(ranks_per_point=5), "6k", 4, id="[002 FORS-m] 1 per 5 ranks: 6k -> 4"),
        pytest.param(StartPoints(points_per_rank=5), "1k", 145, id="[002 FORS-2009 2.1] 5 per rank: 1k -> 145"),
        pytest.param(StartPoints(points_per_rank=5), "2k", 140, id="[002 FORS-2009 2.1] 5 per rank: 2k -> 140"),
        pytest.param(StartPoints(points_per_rank=5, floor=rank("10k")), "15k", 100,
                     id="[002 FORS-2009 2.1] 5 per rank, flat below 10k: 15k -> 100"),
        pytest.param(StartPoints(points_per_rank=10), "1k", 290, id="[004] Serp 10 per rank: 1k -> 290"),
        pytest.param(StartPoints(points_per_rank=10), "3k", 270, id="[004] Serp 10 per rank: 3k -> 270"),
        pytest.param(StartPoints(bar=rank("1d")), "3d", 30, id="MacMahon bar 1d: 3d counts as 1d"),
        pytest.param(StartPoints(bar=rank("1d")), "2k", 28, id="MacMahon bar 1d: 2k below the bar keeps its rank"),
        pytest.param(StartPoints(floor=rank("20k"), offset=-10), "25k", 0, id="MacMahon floor 20k at 0: 25k -> 0"),
        pytest.param(StartPoints(floor=rank("20k"), offset=-10), "1k", 19, id="MacMahon floor 20k at 0: 1k -> 19"),
    ],
)
def test_r1_4_rank(rules: StartPoints, text: str, expected: int) -> None:
    assert rank_start_points(rank(text), rules) == expected


def test_r1_4_rank_of_the_rating_on_the_configured_scale() -> None:
    field = players("1 2050\n2 2000\n3 1915")
    rules = replace(RULES, method=StartMethod.RANK)
    assert start_points(field, rules, top_size=1) == {1: 30, 2: 29, 3: 28}  # egf: 2050 -> 1d; no top group
    assert start_points(field, rules, ratings=Ratings(scale=Scale.RFG)) == {1: 29, 2: 28, 3: 27}  # rfg: 2025-2099 is 1k
    config = Config(ratings=Ratings(scale=Scale.RFG), start=rules)
    assert tournament_start_points(Tournament(config, tuple(field)))[PlayerId(1)] == 29
    assert rank_of_rating(2050, Scale.RFG) == rank("1k")


def test_r1_4_declared_rank_beside_a_rating_with_ratings_declared_rank() -> None:
    """OpenGotha keeps the rank a player registers with: 1915 is 2k by its rating, but the player declared 1k."""
    field = [Player(PlayerId(1), "A", 1915, rank=rank("1k")), Player(PlayerId(2), "B", 1915)]
    rules = replace(RULES, method=StartMethod.RANK)
    assert start_points(field, rules) == {1: 28, 2: 28}  # R0: a player with both keeps the rating
    assert start_points(field, rules, ratings=Ratings(declared_rank=True)) == {1: 29, 2: 28}


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        pytest.param({"bar": "1 dan"}, [], id="bar 1 dan"),
        pytest.param({"bar": "top"}, [("start.bar", "config_bad_value")], id="bar not a rank"),
        pytest.param({"floor": "40k"}, [("start.floor", "config_bad_value")], id="floor beyond 30k"),
        pytest.param({"bar": "10k", "floor": "5k"}, [("start.bar", "config_below")], id="bar below floor"),
        pytest.param({"ranks_per_point": 0}, [("start.ranks_per_point", "config_positive")], id="0 ranks per point"),
        pytest.param({"points_per_rank": 0}, [("start.points_per_rank", "config_positive")], id="0 points per rank"),
    ],
)
def test_r1_4_bad_rank_keys_name_the_key(start: dict[str, object], expected: list[tuple[str, str]]) -> None:
    _, _, errors = build_config([(f"start.{name}", value, None) for name, value in start.items()])
    assert [(e.params["key"], e.code) for e in errors] == expected


def test_r1_4_bar_and_floor_are_ranks_once_read() -> None:
    config, _, errors = build_config([("start.bar", "1 dan", None), ("start.floor", "20 кю", None)])
    assert errors == [] and (config.start.bar, config.start.floor) == (rank("1d"), rank("20k"))
    assert (str(config.start.bar), str(config.start.floor)) == ("1d", "20k")  # as `forsxl config` prints them
    _, _, (error,) = build_config([("start.bar", "top", Source("Config", "B9"))])
    assert message(error, Lang.EN) == "Config!B9: start.bar: 'top' is not a rank: 1d, 20k or empty (R1.4)"


def declared(group: int | None = None, category: str = "", start: Fraction | None = None) -> Player:
    return Player(PlayerId(7), "Ivanov", 1500, group=group, category=category, start=start,
                  source=Source("Players", "A8"))


@pytest.mark.parametrize(
    ("group", "expected"),
    [
        pytest.param(1, 20, id="[003 §3] group 1 -> 20"),
        pytest.param(2, 10, id="[003 §3] group 2 -> 10"),
        pytest.param(3, 0, id="[003 §3] group 3 -> 0"),
    ],
)
def test_r1_5_group(group: int, expected: int) -> None:
    assert group_start_points(declared(group), RULES) == expected


def test_r1_5_group_points_are_configurable_and_the_start_column_wins() -> None:
    rules = replace(RULES, method=StartMethod.GROUP, group_points=(30, 15, 5))
    field = [declared(2), replace(declared(start=Fraction(12)), id=PlayerId(8))]
    assert start_points(field, rules, top_size=1) == {7: 15, 8: 12}  # no group needed when Start is typed


def test_r1_5_a_player_without_a_group_is_an_error_naming_the_cell() -> None:
    with pytest.raises(ForsxlError) as caught:
        start_points([declared()], replace(RULES, method=StartMethod.GROUP))
    assert (caught.value.rule, caught.value.code, caught.value.source) == ("R1.5", "start_group_missing",
                                                                          Source("Players", "A8"))
    assert message(caught.value, Lang.EN) == (
        "Players!A8: 'Ivanov' has no group in Players, and start.method group needs one (R1.5)"
    )


def test_r1_5_a_group_without_points_is_an_error_naming_the_cell() -> None:
    with pytest.raises(ForsxlError) as caught:
        group_start_points(declared(3), replace(RULES, group_points=(20, 10)))
    assert message(caught.value, Lang.RU) == (
        "Players!A8: Ivanov — в группе 3, а для неё в start.group_points (20, 10) нет очков (R1.5)"
    )
    assert problems(group_points=()) == [("start.group_points", "config_empty")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        *(pytest.param(name, points, id=f"[002 FORS-2009 3.1] {name} -> {points}")
          for points, name in enumerate(CATEGORIES)),
        pytest.param("бр", 0, id="бр"),
        pytest.param("Б/Р", 0, id="Б/Р"),
        pytest.param("без разряда", 0, id="без разряда"),
        pytest.param("3 р", 1, id="3 р"),
        pytest.param("3", 1, id="3"),
        pytest.param("III разряд", 1, id="III разряд"),
        pytest.param("3p", 1, id="3p in Latin"),
        pytest.param("2 разр.", 2, id="2 разр."),
        pytest.param("1-й разряд", 3, id="1-й разряд"),
        pytest.param("кмс", 4, id="кмс"),
        pytest.param("KMC", 4, id="KMC in Latin"),
        pytest.param(" К М С ", 4, id="spaced"),
        pytest.param("мс", 5, id="мс"),
        pytest.param("MC", 5, id="MC in Latin"),
        pytest.param("ГР", 6, id="ГР"),
        pytest.param("гроссмейстер", 6, id="гроссмейстер"),
    ],
)
def test_r1_6_category(text: str, expected: int) -> None:
    assert category_start_points(declared(category=text), RULES) == expected


@pytest.mark.parametrize("text", ["МСМК", "4р", "1ю", "дан", "0"])
def test_r1_6_unknown_category_is_an_error_naming_the_cell(text: str) -> None:
    assert category_index(text) is None
    with pytest.raises(ForsxlError) as caught:
        start_points([declared(category=text)], replace(RULES, method=StartMethod.CATEGORY))
    assert (caught.value.rule, caught.value.code, caught.value.source) == ("R1.6", "start_category_bad",
                                                                          Source("Players", "A8"))
    assert message(caught.value, Lang.EN) == (
        f"Players!A8: category {text!r} of 'Ivanov' is not one of б/р, 3р, 2р, 1р, КМС, МС, Гр (R1.6)"
    )


def test_r1_6_empty_category_is_an_error_not_none() -> None:
    with pytest.raises(ForsxlError) as caught:
        category_start_points(declared(category=" "), RULES)
    assert message(caught.value, Lang.RU) == (
        "Players!A8: у Ivanov не указан разряд; если разряда нет, впишите б/р (R1.6)"
    )


def test_r1_6_category_points_are_configurable() -> None:
    rules = replace(RULES, category_points=(0, 10, 20, 30, 40, 50, 60))
    assert category_start_points(declared(category="1р"), rules) == 30
    assert problems(category_points=(0, 1, 2)) == [("start.category_points", "config_count")]


THREE_GROUPS = TOP8 + """
11 1500
12 1000
"""


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        pytest.param({"per2": 20, "per3": 50}, {1: 192, 8: 192, 9: 190, 10: 185, 11: 179, 12: 169},
                     id="[002 FORS-2004] top 192; middle 1 per 20 from 192; bottom 1 per 50 from 185"),
        pytest.param({"per2": 20}, {1: 192, 8: 192, 9: 190, 10: 185, 11: 171, 12: 146},
                     id="per2 only: the bottom continues the middle's step"),
        pytest.param({"per3": 50}, {1: 192, 8: 192, 9: 189, 10: 178, 11: 172, 12: 162},
                     id="per3 only: the middle stays linear"),
        pytest.param({"per2": 20, "top": TopStart.RATING}, {1: 247, 8: 191, 9: 189, 10: 184, 11: 170, 12: 145},
                     id="top keeps its own points: the middle counts from its lowest player's"),
        pytest.param({"per2": 20, "per3": 50, "min": 175}, {1: 192, 9: 190, 10: 185, 11: 179, 12: 175},
                     id="start.min still floors the bottom"),
        pytest.param({}, {1: 192, 8: 192, 9: 189, 10: 178, 11: 150, 12: 100}, id="off: R1.1 with R1.2"),
    ],
)
def test_r1_7_middle_and_bottom_steps(start: dict[str, object], expected: dict[int, int]) -> None:
    rules = replace(RULES, **start)  # type: ignore[arg-type]
    points = start_points(players(THREE_GROUPS), rules, top_size=8, middle_size=2)
    assert {pid: points[PlayerId(pid)] for pid in expected} == expected


@pytest.mark.parametrize(
    ("rating", "per2", "expected"),
    [
        pytest.param(1905, 10, 191, id="[002 FORS-2004] 10 below the top's lowest, per 10 -> 1 less"),
        pytest.param(1904, 10, 190, id="[002 FORS-2004] 11 below, per 10 -> 2 less"),
        pytest.param(1895, 20, 191, id="[002 FORS-2004] 20 below, per 20 -> 1 less"),
        pytest.param(1915, 20, 191, id="tied with the top's lowest but cut by size -> top value"),
    ],
)
def test_r1_7_first_middle_player_is_one_point_below_the_top(rating: int, per2: int, expected: int) -> None:
    field = players(TOP8.replace("9 1890", f"9 {rating}"))
    points = start_points(field, replace(RULES, per2=per2), top_size=8)
    assert points[PlayerId(9)] == (192 if rating == 1915 else expected)


def test_r1_7_founders_fix_the_middle_group() -> None:
    everyone = players(THREE_GROUPS + "13 1800\n14 1200")
    founders = frozenset(PlayerId(i) for i in range(1, 13))
    rules = replace(RULES, per2=20, per3=50)
    points = start_points(everyone, rules, top_size=8, founders=founders, middle_size=2)
    assert points[PlayerId(13)] == 192 - 6  # above the middle's lowest 1780: middle, 115 below 1915
    assert points[PlayerId(14)] == 185 - 12  # below 1780: bottom, 580 below
    config = Config(start=rules, groups=Groups(sizes=(8, 2)))
    assert tournament_start_points(Tournament(config, tuple(players(THREE_GROUPS))))[PlayerId(11)] == 179


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        pytest.param({"per2": 20, "sizes": (8,)}, [], id="per2 with a top group"),
        pytest.param({"per2": 20, "per3": 50, "sizes": (8, 12)}, [], id="per2 and per3 with top and middle"),
        pytest.param({"per2": 20}, [("start.per2", "config_needs_sizes")], id="per2 without groups"),
        pytest.param({"per3": 50, "sizes": (8,)}, [("start.per3", "config_needs_sizes")], id="per3 without middle"),
        pytest.param({"per2": 20, "sizes": (8,), "method": StartMethod.RANK}, [("start.per2", "config_needs_linear")],
                     id="per2 with the rank method"),
        pytest.param({"per2": 0, "sizes": (8,)}, [("start.per2", "config_positive")], id="per2 zero"),
    ],
)
def test_r1_7_config_problems(start: dict[str, object], expected: list[tuple[str, str]]) -> None:
    assert problems(**start) == expected
