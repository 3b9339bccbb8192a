"""R1: start points (R1.1 linear with a lower segment, R1.2 top group equalization)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from forsxl.engine.config import Config, Groups, StartPoints, TopStart
from forsxl.engine.model import Player, PlayerId, Round, Sitout, Tournament
from forsxl.engine.ratings import Rank
from forsxl.engine.standings import tournament_start_points
from forsxl.engine.start_points import linear_start_points, start_points

RULES = StartPoints()


def players(table: str) -> list[Player]:
    """`id rating [start]` per line."""
    rows = [line.split() for line in table.strip().splitlines()]
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


@pytest.mark.parametrize(
    ("text", "index"), [("30k", 0), ("21k", 9), ("20k", 10), ("1k", 29), ("1d", 30), ("9d", 38)]
)
def test_r1_4_rank_index_counts_upward(text: str, index: int) -> None:
    assert Rank.parse(text) == Rank(index)
