"""R2: the difference, handicap steps, stones and komi, who gives."""

import math
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forsxl.book.config import build_config
from forsxl.engine.config import Basis, Config, Descend, Groups, Handicap, Komi, Midpoint, Ratings, Scale, StepKind
from forsxl.engine.explain import explain_round
from forsxl.engine.groups import GroupRules
from forsxl.engine.handicap import (
    adjusted_difference,
    basis_difference,
    basis_value,
    corrected_steps,
    game_handicap,
    handicap_steps,
    side,
    steps_of_handicap,
    stones_and_komi,
)
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Tournament
from forsxl.engine.ratings import rating_of_rank
from forsxl.engine.tournament import pair_round
from forsxl.engine.values import Rank

RULES = Handicap()
KOMI = Komi()
HALF, STONE, EVEN = StepKind.HALF, StepKind.STONE, StepKind.EVEN


def tournament(table: str, config: Config, rounds: tuple[Round, ...] = ()) -> Tournament:
    """`id rating [start]` per line."""
    rows = [line.split() for line in table.strip().splitlines()]
    players = tuple(
        Player(PlayerId(int(r[0])), f"P{r[0]}", int(r[1]), start=Fraction(r[2]) if len(r) > 2 else None) for r in rows
    )
    return Tournament(config, players, rounds)


def colours(rnd: Round) -> list[tuple[int, int, int, int, Fraction]]:
    """(black, white, steps, stones, komi) per board."""
    return [(g.black, g.white, g.steps, g.stones, g.komi) for g in rnd.games]


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        pytest.param(315, 6, id="[000] 2230 vs 1915 -> 6"),
        pytest.param(240, 5, id="[000] «разница в 240 ... фора должна быть 5*0.5 = 2.5, т.е. просто три камня» -> 5"),
        pytest.param(0, 0, id="0 -> 0"),
        pytest.param(24, 0, id="24 -> 0"),
        pytest.param(25, 0, id="25 -> 0 (a midpoint goes down)"),
        pytest.param(26, 1, id="26 -> 1"),
        pytest.param(74, 1, id="74 -> 1"),
        pytest.param(75, 1, id="75 -> 1 (a midpoint goes down)"),
        pytest.param(76, 2, id="76 -> 2"),
        pytest.param(Fraction(149, 2), 1, id="74.5 -> 1"),
        pytest.param(425, 8, id="425 -> 8 (a midpoint goes down)"),
        pytest.param(426, 9, id="426 -> 9"),
        pytest.param(900, 9, id="900 -> capped at 9"),
    ],
)
def test_r2_2_half_steps(difference: int, expected: int) -> None:
    assert handicap_steps(Fraction(difference), HALF, RULES) == expected


def test_r2_2_half_steps_midpoint_up() -> None:
    """`handicap.midpoint: up` ([003 §6], lg-cup-team) takes the larger of two equally near half steps."""
    up = replace(RULES, midpoint=Midpoint.UP)
    assert [handicap_steps(Fraction(d), HALF, up) for d in (24, 25, 74, 75, 315)] == [0, 1, 1, 2, 6]


# even_below midpoint difference steps  why: 25 is [000]'s nearest step (k stones stand for 100k - 50), 50 is
# [003 §6]; a difference exactly between two stone steps goes down in [000], up in [003 §6]
STONE_STEPS = """
25    down  0    0  even
25    down  24   0  nearer even than one stone (50)
25    down  25   1  even_below: one stone from 25
25    down  49   1  nearer one stone (50) than even
25    down  99   1  nearer one stone (50) than two (150)
25    down  100  1  [000] one rank apart (100 points between players known by rank) is one stone
25    down  101  2  nearer two stones (150) than one
25    down  140  2  [000] «разница очков – 14 ... наиболее близко форе в два камня»
25    down  199  2  [000] «для разницы чуть меньше 200 очков фора будет два камня»
25    down  200  2  [000] «при разнице разрядов в два дана (кю) принято давать два камня форы»
25    down  220  3  [000] «220, – уже три, так как разница рейтингов ближе к 250»
25    down  300  3  [000] three ranks apart, three stones
25    down  315  4  [000] «315 ближе к 350 пунктам – 4 камня форы, чем к 250»
25    down  820  9  [000] «фора была бы 9 камней (29/1)»: the cap
50    up    25   0  [003 §6] «при разнице менее 50 пунктов рейтинга играют на равных»
50    up    49   0  [003 §6] less than 50
50    up    50   1  [003 §6] «от 50 до 99 – фора 1»
50    up    99   1  [003 §6] «от 50 до 99 – фора 1»
50    up    100  2  [003 §6] «100–199 – фора 2»
50    up    199  2  [003 §6] «100–199 – фора 2»
50    up    2000 9  [003 §6] «максимально возможная фора устанавливается в 9 ступеней»
"""


@pytest.mark.parametrize(
    ("even_below", "midpoint", "difference", "expected"),
    [pytest.param(int(row[0]), Midpoint(row[1]), int(row[2]), int(row[3]),
                  id=f"even_below {row[0]}, {row[1]}: {row[2]} -> {row[3]}, {row[4]}")
     for row in (line.split(maxsplit=4) for line in STONE_STEPS.strip().splitlines())],
)
def test_r2_2_stone_steps(even_below: int, midpoint: Midpoint, difference: int, expected: int) -> None:
    """[000] «округляем разницу до ближайшего целого в шагах форы» (`handicap.even_below: 25`, `handicap.midpoint:
    down`, the defaults and fors-club's); [003 §6] plays even below 50 and «100–199 – фора 2» (lg-cup-team)."""
    rules = replace(RULES, even_below=even_below, midpoint=midpoint)
    assert handicap_steps(Fraction(difference), STONE, rules) == expected
    assert (RULES.even_below, RULES.midpoint) == (25, Midpoint.DOWN)


@pytest.mark.parametrize(("preset", "ranks", "stones"), [
    ("fors-club", ("3k", "5k"), 2), ("fors-club", ("6k", "9k"), 3), ("fors-club", ("10k", "11k"), 1),
    ("serp", ("1k", "2k"), 1), ("lg-cup-team", ("1k", "2k"), 2),
])
def test_r2_2_players_known_by_rank(preset: str, ranks: tuple[str, str], stones: int) -> None:
    """[000] «при разнице разрядов в два дана (кю) принято давать два камня форы»: players with a rank and no rating
    are 100 points a rank apart, so N ranks apart is N stones ([002]: Serp's ratings are rounded to ranks); [003 §6]
    gives 100 points two stones."""
    built, _, errors = build_config([("preset", preset, None)])
    assert errors == []
    config = replace(built, groups=Groups(steps=(STONE,)))
    a, b = (rating_of_rank(Rank.from_text(r), Scale.EGF) for r in ranks)
    upper, lower = (side(PlayerId(i), r, Fraction(0), 0, 0, False, config) for i, r in ((1, a), (2, b)))
    rules = GroupRules(1, STONE, Fraction(1), 0)
    assert game_handicap(upper, lower, rules, config).steps == stones


def test_r2_2_parameters() -> None:
    assert handicap_steps(Fraction(315), HALF, replace(RULES, max_steps=4)) == 4
    assert handicap_steps(Fraction(315), STONE, replace(RULES, max_steps=3)) == 3
    assert handicap_steps(Fraction(75), STONE, replace(RULES, even_below=80)) == 0
    assert handicap_steps(Fraction(315), HALF, replace(RULES, step_points=100)) == 3
    assert handicap_steps(Fraction(900), EVEN, RULES) == 0


@given(st.fractions(min_value=0, max_value=1200, max_denominator=12), st.sampled_from([25, 50, 100]),
       st.sampled_from([0, 50, 75]))
def test_r2_2_steps_of_a_fractional_difference(difference: Fraction, step: int, even_below: int) -> None:
    # a factor such as 2/3 (R2.1) leaves D fractional; R2.2 as written, in Fraction arithmetic
    rules = replace(RULES, step_points=step, even_below=even_below, max_steps=99)
    up = replace(rules, midpoint=Midpoint.UP)
    assert handicap_steps(difference, HALF, up) == math.floor(difference / step + Fraction(1, 2))
    assert handicap_steps(difference, HALF, rules) == math.ceil(difference / step - Fraction(1, 2))
    assert handicap_steps(difference, STONE, up) == (0 if difference < even_below else math.floor(difference / 100) + 1)
    assert handicap_steps(difference, STONE, rules) == (0 if difference < even_below else
                                                        max(1, math.ceil(difference / 100)))
    assert handicap_steps(difference, StepKind.RANK, rules) == int(difference // 100)


@pytest.mark.parametrize(
    ("steps", "kind", "stones", "komi"),
    [
        pytest.param(1, HALF, 1, 0, id="[000] half 1 -> 1 stone"),
        pytest.param(2, HALF, 1, -8, id="[000] half 2 -> 1 stone -8"),
        pytest.param(3, HALF, 2, 0, id="[000] half 3 -> 2 stones"),
        pytest.param(4, HALF, 2, -8, id="[000] half 4 -> 2 stones -8"),
        pytest.param(5, HALF, 3, 0, id="[000] half 5 -> 3 stones"),
        pytest.param(6, HALF, 3, -8, id="[000] half 6 -> 3 stones -8"),
        pytest.param(9, HALF, 5, 0, id="[000] half 9 -> 5 stones"),
        *(pytest.param(n, STONE, n, 0, id=f"[003] stone {n} -> {n} stones") for n in range(1, 10)),
        pytest.param(0, HALF, 0, Fraction(13, 2), id="half 0 -> even komi"),
        pytest.param(0, STONE, 0, Fraction(13, 2), id="stone 0 -> even komi"),
        pytest.param(0, EVEN, 0, Fraction(13, 2), id="even -> even komi"),
    ],
)
def test_r2_3_stones_and_komi(steps: int, kind: StepKind, stones: int, komi: Fraction) -> None:
    assert stones_and_komi(steps, kind, RULES, KOMI) == (stones, komi)


def test_r2_3_komi_parameters() -> None:
    assert stones_and_komi(0, STONE, RULES, Komi(Fraction(15, 2))) == (0, Fraction(15, 2))
    assert stones_and_komi(4, HALF, replace(RULES, half_komi=Fraction(5)), KOMI) == (2, -5)


@given(st.integers(0, 20), st.sampled_from([HALF, STONE]))
def test_r2_3_steps_of_handicap_inverts_stones_and_komi(steps: int, kind: StepKind) -> None:
    stones, komi = stones_and_komi(steps, kind, RULES, KOMI)
    assert steps_of_handicap(stones, komi, kind, RULES) == steps


@pytest.mark.parametrize(
    ("stones", "komi", "kind", "expected"),
    [
        (0, Fraction(7), HALF, 0),  # any komi with no stones is an even game
        (0, Fraction(-3), STONE, 0),
        (3, Fraction(0), HALF, 5),
        (3, Fraction(-8), HALF, 6),
        (3, Fraction(0), STONE, 3),
        (2, Fraction(-4), HALF, None),  # none fits
        (2, Fraction(1, 2), HALF, None),
        (2, Fraction(-8), STONE, 2),  # stone steps: the komi is as played
    ],
)
def test_r2_6_a_referees_handicap_as_steps(stones: int, komi: Fraction, kind: StepKind, expected: int) -> None:
    assert steps_of_handicap(stones, komi, kind, RULES) == expected


@pytest.mark.parametrize(
    ("basis", "expected"),
    [
        pytest.param(Basis.RATING, 315, id="rating: 2230 - 1915"),
        pytest.param(Basis.POINTS, 200, id="[000] points: (200 - 180) x 10"),
        pytest.param(Basis.BLEND, Fraction(515, 2), id="[002] blend: (315 + 200) / 2"),
    ],
)
def test_r2_1_basis(basis: Basis, expected: Fraction) -> None:
    rules = replace(RULES, basis=basis)
    assert basis_difference((1915, 2230), (Fraction(180), Fraction(200)), rules) == expected
    assert basis_value(2230, Fraction(200), rules) - basis_value(1915, Fraction(180), rules) == expected


def test_r2_1_basis_parameters() -> None:
    weighted = replace(RULES, basis=Basis.BLEND, blend=Fraction(1, 4))
    assert basis_difference((2230, 1915), (Fraction(200), Fraction(180)), weighted) == Fraction(315 + 600, 4)
    scaled = replace(RULES, basis=Basis.POINTS, points_scale=5)
    assert basis_difference((2230, 1915), (Fraction(200), Fraction(180)), scaled) == 100


@pytest.mark.parametrize(
    ("factor", "reduction", "expected"),
    [
        pytest.param(Fraction(1), 0, 315, id="x1"),
        pytest.param(Fraction(1, 2), 0, Fraction(315, 2), id="[002] x1/2"),
        pytest.param(Fraction(2, 3), 0, 210, id="[002] x2/3"),
        pytest.param(Fraction(1), 2, 115, id="[000] reduce by two stones"),
        pytest.param(Fraction(1), 4, 0, id="clamped at 0"),
        pytest.param(Fraction(1, 2), 1, Fraction(115, 2), id="x1/2 then -1 stone"),
    ],
)
def test_r2_1_factor_and_reduction(factor: Fraction, reduction: int, expected: Fraction) -> None:
    assert adjusted_difference(Fraction(315), factor, reduction) == expected


def test_r2_worked_example_000_through_pair_round() -> None:
    t = tournament("1 2230\n2 1915", Config(groups=Groups(steps=(HALF,))))
    assert colours(pair_round(t, 1)) == [(2, 1, 6, 3, -8)]


def test_r2_2_top_group_half_steps_and_nearest_stones_below_through_pair_round() -> None:
    """[000]: the top group keeps its half steps (90 -> 2 half steps: a stone and komi 8 for Black); below it
    «округляем разницу до ближайшего целого в шагах форы», so a 30-point gap is a stone, not an even game."""
    config = Config(groups=Groups(sizes=(2,), steps=(HALF, STONE)))
    t = tournament("1 2090 210\n2 2000 210\n3 1930 193\n4 1900 190", config)
    assert colours(pair_round(t, 1)) == [(2, 1, 2, 1, -8), (4, 3, 1, 1, 0)]


def test_r2_1_factor_and_reduction_through_pair_round() -> None:
    config = Config(groups=Groups(factor=(Fraction(1, 2),)), handicap=Handicap(reduction=1))
    assert colours(pair_round(tournament("1 2230\n2 1915", config), 1)) == [(2, 1, 1, 1, 0)]  # 315/2 - 100 = 57.5


def test_r2_1_points_basis_through_pair_round() -> None:
    config = Config(handicap=Handicap(basis=Basis.POINTS))
    t = tournament("1 1500 200\n2 1500 180", config)
    assert colours(pair_round(t, 1)) == [(2, 1, 2, 2, 0)]  # (200 - 180) x 10 = 200 -> 2 stone steps, as 2 ranks


def test_r2_5_the_higher_basis_gives_even_when_ranked_lower() -> None:
    # The Start column puts the 1915 player on top of the ranking; the 2230 player still gives.
    t = tournament("1 2230\n2 1915 300", Config(groups=Groups(steps=(HALF,))))
    assert colours(pair_round(t, 1)) == [(2, 1, 6, 3, -8)]


def test_r2_5_even_games_balance_colours() -> None:
    table = "1 1500\n2 1500\n3 1500\n4 1500"
    first = pair_round(tournament(table, Config()), 1)
    even = Fraction(13, 2)
    # No history: the lower-ranked player of each pair gets Black.
    assert colours(first) == [(2, 1, 0, 0, even), (4, 3, 0, 0, even)]
    played = Round(1, tuple(replace(g, result=r) for g, r in zip(first.games, (Result.WHITE_WINS, Result.BLACK_WINS),
                                                                  strict=True)))
    second = pair_round(tournament(table, Config(), (played,)), 2)
    # Ranking 1, 4, 2, 3: player 1 had no Black yet (gets it), player 2 had one more than player 3.
    assert colours(second) == [(1, 4, 0, 0, even), (3, 2, 0, 0, even)]


def test_r2_game_records_are_games() -> None:
    rnd = pair_round(tournament("1 2230\n2 1915", Config()), 1)
    assert rnd.games == (Game(1, PlayerId(2), PlayerId(1), 4, Fraction(0), 4, 1),)


@pytest.mark.parametrize(
    ("steps", "giver_wins", "taker_wins", "expected"),
    [
        pytest.param(6, 1, 3, 6, id="[003] a lead of 2 changes nothing"),
        pytest.param(6, 1, 4, 5, id="[003] a lead of 3 takes one step"),
        pytest.param(6, 0, 5, 3, id="[003] a lead of 5 takes three steps"),
        pytest.param(2, 0, 9, 0, id="never below 0"),
        pytest.param(4, 5, 0, 4, id="the giver's lead changes nothing"),
    ],
)
def test_r2_4_result_based_correction(steps: int, giver_wins: int, taker_wins: int, expected: int) -> None:
    assert corrected_steps(steps, Fraction(giver_wins), Fraction(taker_wins)) == expected


def _descent_tournament(descend: Descend) -> Tournament:
    # Start points 100/100/95/95; round 1: 2 beats 1 and 4 beats 3 in even games, so 1 (rated 2000) drops
    # from the even top group of two into the stone-step group, where 3 (rated 1500) is its neighbour.
    players = tuple(Player(PlayerId(i), f"P{i}", r, start=Fraction(s))
                    for i, r, s in ((1, 2000, 100), (2, 1990, 100), (3, 1500, 95), (4, 1500, 95)))
    games = (Game(1, PlayerId(2), PlayerId(1), 0, Fraction(13, 2), 0, 1, Result.BLACK_WINS),
             Game(2, PlayerId(4), PlayerId(3), 0, Fraction(13, 2), 0, 2, Result.BLACK_WINS))
    config = Config(groups=Groups(sizes=(2,), steps=(StepKind.EVEN, StepKind.STONE)),
                    handicap=Handicap(descend=descend))
    return Tournament(config, players, (Round(1, games),))


@pytest.mark.parametrize(("descend", "steps"), [(Descend.HANDICAP, 5), (Descend.EVEN, 0)])
def test_r2_6_descend_from_an_even_top_group(descend: Descend, steps: int) -> None:
    rnd = pair_round(_descent_tournament(descend), 2)
    game = next(g for g in rnd.games if {g.black, g.white} == {1, 3})
    assert (game.group, game.steps) == (2, steps)


@pytest.mark.parametrize(
    ("ratings", "even_above", "expected"),
    [
        pytest.param((1915, 2230), "", 300, id="rank: 2k v 2d is 3 ranks, whatever the ratings inside them"),
        pytest.param((1950, 2049), "", 0, id="rank: 1950 and 2049 are both 1k"),
        pytest.param((1949, 2050), "", 200, id="rank: 2k v 1d, 101 rating points"),
        pytest.param((1915, 2430), "1d", 200, id="even_above 1d: 4d counts as 1d"),
        pytest.param((2150, 2430), "1d", 0, id="even_above 1d: 2d v 4d play even"),
    ],
)
def test_r2_1_rank_basis_and_even_above(ratings: tuple[int, int], even_above: str, expected: int) -> None:
    """EGF McMahon: the difference of ranks, 100 per rank; ranks above `even_above` count as that rank."""
    rules = replace(RULES, basis=Basis.RANK, even_above=Rank.parse(even_above))
    assert basis_difference(ratings, (Fraction(0), Fraction(0)), rules) == expected


def test_r2_1_rank_basis_reads_the_declared_rank() -> None:
    """With `ratings.declared_rank` the rank basis reads the Rank column: 1915 (2k) declared 1k v 1700 (4k) is 3
    ranks; without it, 2 (OpenGotha's handicap is by the registered rank)."""
    config = Config(handicap=Handicap(basis=Basis.RANK), ratings=Ratings(declared_rank=True))
    rules = config.handicap
    assert basis_difference((1915, 1700), (Fraction(0), Fraction(0)), rules, ranks=(Rank.parse("1k"), None)) == 300
    assert basis_difference((1915, 1700), (Fraction(0), Fraction(0)), rules) == 200
    declared = side(PlayerId(1), 1915, Fraction(0), 0, 0, False, config, Rank.parse("1k"))
    ignored = side(PlayerId(1), 1915, Fraction(0), 0, 0, False, replace(config, ratings=Ratings()), Rank.parse("1k"))
    assert (declared.basis, ignored.basis) == (2900, 2800)


@pytest.mark.parametrize(
    ("points", "even_above", "expected"),
    [
        pytest.param((Fraction(33), Fraction(30)), "", 300, id="MMS 33 v 30: 3 ranks"),
        pytest.param((Fraction(67, 2), Fraction(30)), "", 300, id="MMS 33.5 counts as 33 (OpenGotha rounds down)"),
        pytest.param((Fraction(33), Fraction(27)), "1d", 300, id="no handicap above 1d: MMS 33 counts as 30"),
        pytest.param((Fraction(32), Fraction(31)), "1d", 0, id="both above 1d: even"),
    ],
)
def test_r2_1_mms_basis_is_the_mcmahon_score_as_a_rank(
    points: tuple[Fraction, Fraction], even_above: str, expected: int
) -> None:
    """OpenGotha's "handicap based on MMS": the current McMahon score, rounded down, is the pseudo-rank (30 = 1d),
    held at the no-handicap threshold; the ratings do not count."""
    rules = replace(RULES, basis=Basis.MMS, even_above=Rank.parse(even_above))
    assert basis_difference((2400, 100), points, rules) == expected
    assert basis_value(100, points[0], rules) - basis_value(2400, points[1], rules) == expected


def test_r2_1_explain_matches_pairing_rfg_rank_basis() -> None:
    """Explain computes a game's handicap as pairing did, on the Config's rating scale: rfg 1500 v 1300 is 8k v 11k,
    3 stone steps (egf would read 6k v 8k, 2 steps); 1200 v 1050 is 12k v 14k, 2 steps ([000]: N ranks, N stones)."""
    config = Config(ratings=Ratings(scale=Scale.RFG), handicap=Handicap(basis=Basis.RANK))
    t = tournament("1 1500\n2 1300\n3 1200\n4 1050", config)
    t = replace(t, rounds=(pair_round(t, 1),))
    assert [g.steps for g in t.rounds[0].games] == [3, 2]
    explained = [p.handicap.rules for p in explain_round(t, 1).pairs]
    assert [(r.difference, r.computed) for r in explained] == [(300, 3), (200, 2)]


def test_r2_1_even_above_holds_ratings_too() -> None:
    rules = replace(RULES, even_above=Rank(30))  # 1d
    assert basis_difference((2250, 2450), (Fraction(0), Fraction(0)), rules) == 0
    assert basis_difference((1950, 2450), (Fraction(0), Fraction(0)), rules) == 150  # 2450 counts as 1d: 2100


@pytest.mark.parametrize(("difference", "expected"), [(0, 0), (99, 0), (100, 1), (250, 2), (1500, 9)])
def test_r2_2_rank_steps_are_a_stone_per_hundred(difference: int, expected: int) -> None:
    """Kind `rank`: after `handicap.reduction` (the EGF's "rank difference - 1"), a stone per 100, capped."""
    assert handicap_steps(Fraction(difference), StepKind.RANK, RULES) == expected


def test_r2_3_handicap_komi_with_stones() -> None:
    komi = Komi(even=Fraction(13, 2), handicap=Fraction(1, 2))
    assert stones_and_komi(3, StepKind.RANK, RULES, komi) == (3, Fraction(1, 2))
    assert stones_and_komi(0, StepKind.RANK, RULES, komi) == (0, Fraction(13, 2))
    assert steps_of_handicap(3, Fraction(1, 2), StepKind.RANK, RULES) == 3
    assert steps_of_handicap(3, Fraction(0), StepKind.RANK, RULES) == 3  # komi 0 as played beside komi.handicap 0.5
