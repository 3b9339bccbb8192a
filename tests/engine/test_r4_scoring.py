"""R4: points per game in every scheme of the table, draws and forfeits."""

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forsxl.engine.checks import check
from forsxl.engine.config import Config, Handicap, Scheme, Scoring
from forsxl.engine.model import Game, PlayerId, Result
from forsxl.engine.scoring import draws_allowed, game_points

RULES = Scoring()
B, W, DRAW = Result.BLACK_WINS, Result.WHITE_WINS, Result.DRAW
BF, WF, FF = Result.BLACK_FORFEIT, Result.WHITE_FORFEIT, Result.DOUBLE_FORFEIT


def game(steps: int, komi: Fraction = Fraction(0)) -> Game:
    """Black 2 takes `steps` from White 1."""
    return Game(1, PlayerId(2), PlayerId(1), steps, komi if not steps else Fraction(0), steps, 1)


SEEDS = {
    "fors30": "[000]", "fors30-symmetric": "[002 2009 §1.2]", "fors-asymmetric": "[002 2009 §2.2]",
    "fors-simple": "[002 2009 §3.2]", "fors-m": "[002 FORS-m]", "nsk1977": "[002 1977]",
    "serp15": "[004] «для дающего фору (15+фора)/5, для получающего – 15/(5-фора)»",
    "serp20": "[004] «20/10, (20+фора)/10, 20/(10-фора)»", "renju": "[000 §4.3]", "win-loss": "[McMahon]",
}

# scheme            steps result black white  (White gives; Black takes)
SCHEMES = """
fors30              0  B+   20 10  even game, Black wins
fors30              0  W+   10 20  even game, White wins
fors30              0  =    15 15  even game drawn (whole komi)
fors30              6  W+    4 26  giver wins N=6 -> 26/4
fors30              6  B+   20 10  taker wins N=6 -> 10/20
fors30              1  W+    9 21  giver wins N=1
fors30              9  W+    1 29  giver wins N=9
fors30              9  B+   20 10  taker wins N=9
fors30              6  =     4 26  [003] tie on the board in a handicap game goes to White
fors30              0  B+F  20  0  Black wins by forfeit
fors30              0  W+F   0 20  White wins by forfeit
fors30              6  B+F  20  0  forfeit in a handicap game: the even-game win
fors30              6  W+F   0 20  forfeit in a handicap game: the even-game win
fors30              0  0-0   0  0  double forfeit
fors30              0  1-1  20 20  a win for both (R11): each an even game's win
fors30              6  1-1  20 26  a win for both: the taker's win and the giver's
fors30-symmetric    0  B+   20 10  even game
fors30-symmetric    0  =    15 15  even game drawn (whole komi)
fors30-symmetric    3  W+    7 23  giver wins N=3: winner 20+3, loser 10-3
fors30-symmetric    3  B+   17 13  taker wins N=3: winner 20-3, loser 10+3
fors30-symmetric    9  B+   11 19  taker wins N=9
fors30-symmetric    4  W+F   0 20  forfeit: the even-game win
fors-asymmetric     0  W+    0 10  even game
fors-asymmetric     0  =     5  5  even game drawn (whole komi)
fors-asymmetric     4  W+    0 14  giver wins N=4: 10+4 / 0
fors-asymmetric     4  B+    6  0  taker wins N=4: 10-4 / 0
fors-asymmetric     9  B+    1  0  taker wins N=9
fors-asymmetric     4  B+F  10  0  forfeit: the even-game win
fors-simple         0  B+    2  0  even game 2-0
fors-simple         0  =     1  1  even game drawn (whole komi)
fors-simple         1  W+    0  3  giver wins N=1 -> 3-0
fors-simple         2  W+    0  4  giver wins N=2 -> 4-0
fors-simple         4  W+    0  4  giver wins N=4 -> 4-0
fors-simple         5  W+    0  5  giver wins N=5 (more than 4 stones) -> 5-0
fors-simple         9  W+    0  5  giver wins N=9 -> 5-0
fors-simple         3  B+    1  0  taker wins: 1, the loser always 0
fors-simple         3  W+F   0  2  forfeit: the even-game win
fors-m              0  W+    0  2  even game 2-0
fors-m              0  =     1  1  even game drawn (whole komi)
fors-m              1  W+    0  3  giver wins N=1 -> 3
fors-m              3  W+    0  3  giver wins N=3 -> 3
fors-m              4  W+    0  4  giver wins N=4 -> 4
fors-m              9  W+    0  4  giver wins N=9 -> 4
fors-m              2  B+    1  0  taker wins: 1, the loser always 0
fors-m              0  B+F   2  0  forfeit: the even-game win
nsk1977             0  B+   20 10  even game
nsk1977             0  =    15 15  even game drawn (whole komi)
nsk1977             2  W+    6 24  giver wins m=2: 20+2m / 10-2m
nsk1977             2  B+   16 14  giver loses m=2: giver 10+2m, taker 20-2m
nsk1977             9  W+   -8 38  giver wins m=9: the taker goes below 0
nsk1977             2  B+F  20  0  forfeit: the even-game win
serp15              0  B+   15  5  even game 15/5
serp15              0  =    10 10  even game drawn (whole komi)
serp15              3  W+    2 18  giver wins N=3: the giver's (15+3)/5 win, the taker's 15/(5-3) loss
serp15              3  B+   15  5  taker wins N=3: the taker's 15/(5-3) win, the giver's (15+3)/5 loss
serp15              5  W+    0 20  giver wins N=5
serp15              7  W+    0 20  a referee's 7 steps score as the cap, 5
serp15              7  B+   15  5  a referee's 7 steps score as the cap, 5
serp15              0  W+F   0 15  forfeit: the even-game win
serp20              0  W+   10 20  even game 20/10
serp20              3  W+    7 23  giver wins N=3: the giver's (20+3)/10 win, the taker's 20/(10-3) loss
serp20              3  B+   20 10  taker wins N=3: the taker's 20/(10-3) win, the giver's (20+3)/10 loss
serp20              9  W+    1 29  giver wins N=9
serp20              9  B+   20 10  taker wins N=9
serp20              0  B+F  20  0  forfeit: the even-game win
renju               0  B+    2  0  win 2, loss 0
renju               0  W+    0  2  win 2, loss 0
renju               0  =     1  1  draw 1 each
renju               0  W+F   0  2  forfeit: a win
renju               0  0-0   0  0  double forfeit
win-loss            0  B+    1  0  win 1, loss 0
win-loss            0  =   1/2 1/2  draw, exact halves
win-loss            3  W+    0  1  handicap does not change the points
win-loss            3  B+    1  0  handicap does not change the points
win-loss            3  =     0  1  tie on the board in a handicap game goes to White
win-loss            0  B+F   1  0  forfeit: a win
win-loss            3  1-1   1  1  a win for both: a win each, as OpenGotha's both win
"""
CASES = [line.split(maxsplit=5) for line in SCHEMES.strip().splitlines()]


@pytest.mark.parametrize(
    ("scheme", "steps", "result", "black", "white"),
    [pytest.param(*row[:5], id=f"{SEEDS[row[0]]} {row[0]}: {row[5]}") for row in CASES],
)
def test_r4_schemes(scheme: str, steps: str, result: str, black: str, white: str) -> None:
    rules = Scoring(Scheme(scheme))
    assert game_points(game(int(steps)), Result(result), rules) == (Fraction(black), Fraction(white))


def test_r4_every_scheme_has_cases() -> None:
    # `serp` is read as serp15 or serp20 by the cap (engine/scoring.settled_scheme, tests/test_presets.py)
    assert {row[0] for row in CASES} == set(Scheme) - {Scheme.SERP} == set(SEEDS)


# R4's table as data, written apart from the code: `a+kN` is linear in the steps N; `3,4@2,5@5` is 3, then 4
# from N = 2, then 5 from N = 5.
# scheme            cap even   G wins: G   T        T wins: T   G      draws
R4 = """
fors30              -   20 10  20+N        10-N     20          10     even
fors30-symmetric    -   20 10  20+N        10-N     20-N        10+N   even
fors-asymmetric     -   10 0   10+N        0        10-N        0      even
fors-simple         -   2  0   3,4@2,5@5   0        1           0      even
fors-m              -   2  0   3,4@4       0        1           0      even
nsk1977             -   20 10  20+2N       10-2N    20-2N       10+2N  even
serp15              5   15 5   15+N        5-N      15          5      even
serp20              9   20 10  20+N        10-N     20          10     even
renju               -   2  0   2           0        2           0      always
win-loss            -   1  0   1           0        1           0      even
"""
TABLE = {row[0]: row[1:] for row in (line.split() for line in R4.strip().splitlines())}


def evaluate(cell: str, n: int) -> int:
    """A cell of the R4 data table for N steps."""
    if linear := re.fullmatch(r"(-?\d+)(?:([+-])(\d*)N)?", cell):
        base, sign, slope = linear.groups()
        return int(base) + (0 if sign is None else (1 if sign == "+" else -1) * int(slope or 1) * n)
    value = 0
    for piece in cell.split(","):
        points, _, start = piece.partition("@")
        value = int(points) if n >= int(start or 0) else value
    return value


@st.composite
def scheme_steps_result(draw: st.DrawFn) -> tuple[str, int, Result]:
    scheme = draw(st.sampled_from(sorted(TABLE)))
    cap = TABLE[scheme][0]
    steps = draw(st.integers(0, Handicap().max_steps if cap == "-" else int(cap)))
    return scheme, steps, draw(st.sampled_from([B, W, DRAW, Result.BOTH_WIN]))


def expected(scheme: str, steps: int, result: Result) -> tuple[Fraction, Fraction]:
    """(Black's, White's) points read off the R4 data table; White gives, a tie in a handicap Go game is White's."""
    _, win, loss, g_win, t_loss, t_win, g_loss, draws = TABLE[scheme]
    if result == DRAW and (steps == 0 or draws == "always"):
        half = Fraction(int(win) + int(loss), 2)
        return half, half
    if result == Result.BOTH_WIN:  # R11: each side what its own win gives
        return expected(scheme, steps, B)[0], expected(scheme, steps, W)[1]
    if steps == 0:
        pair = (int(win), int(loss)) if result == B else (int(loss), int(win))
    elif result == B:
        pair = (evaluate(t_win, steps), evaluate(g_loss, steps))
    else:
        pair = (evaluate(t_loss, steps), evaluate(g_win, steps))
    return Fraction(pair[0]), Fraction(pair[1])


@given(scheme_steps_result())
def test_r4_every_scheme_gives_what_the_table_says(case: tuple[str, int, Result]) -> None:
    scheme, steps, result = case
    assert game_points(game(steps), result, Scoring(Scheme(scheme))) == expected(scheme, steps, result)


@pytest.mark.parametrize(
    ("result", "expected"),
    [(BF, (25, 3)), (WF, (3, 25)), (FF, (3, 3))],
)
def test_r4_forfeit_points_overridden(result: Result, expected: tuple[int, int]) -> None:
    rules = Scoring(forfeit_win=Fraction(25), forfeit_loss=Fraction(3))
    assert game_points(game(4), result, rules) == expected


@given(st.integers(0, Handicap().max_steps), st.sampled_from([B, W, DRAW]))
def test_r4_fors30_points_at_stake_are_30(steps: int, result: Result) -> None:
    black, white = game_points(game(steps), result, RULES)
    assert black + white == 30
    assert min(black, white) >= 0


@given(st.integers(1, Handicap().max_steps))
def test_r4_fors30_giver_gains_n_taker_gains_nothing(steps: int) -> None:
    assert game_points(game(steps), W, RULES) == (10 - steps, 20 + steps)
    assert game_points(game(steps), B, RULES) == (20, 10)


@pytest.mark.parametrize(
    ("scheme", "steps", "komi", "expected"),
    [
        pytest.param(Scheme.FORS30, 0, Fraction(7), True, id="even game, whole komi"),
        pytest.param(Scheme.FORS30, 0, Fraction(13, 2), False, id="even game, komi 6.5"),
        pytest.param(Scheme.FORS30, 3, Fraction(0), False, id="[003] handicap game: a tie goes to White"),
        pytest.param(Scheme.WIN_LOSS, 0, Fraction(13, 2), False, id="win-loss: a Go game, komi 6.5"),
        pytest.param(Scheme.WIN_LOSS, 0, Fraction(0), True, id="win-loss: a Go game, komi 0"),
        pytest.param(Scheme.RENJU, 0, Fraction(13, 2), True, id="[000 §4.3] renju has draws whatever the komi"),
    ],
)
def test_r4_draws_allowed(scheme: Scheme, steps: int, komi: Fraction, expected: bool) -> None:
    assert draws_allowed(game(steps, komi), Scoring(scheme)) is expected


def test_r4_any_draw_lets_a_referees_draw_stand_in_any_game() -> None:
    """OpenGotha records a jigo whatever the komi or handicap (EQUAL): with `scoring.any_draw` it stands and gives
    each side half an even game's points; without it, a draw with stones is White's win (R2.3)."""
    decided = Scoring(Scheme.WIN_LOSS, any_draw=True)
    for steps, komi in ((0, Fraction(15, 2)), (3, Fraction(0))):
        assert draws_allowed(game(steps, komi), decided)
        assert game_points(game(steps, komi), Result.DRAW, decided) == (Fraction(1, 2), Fraction(1, 2))
    assert game_points(game(3), Result.DRAW, Scoring(Scheme.WIN_LOSS)) == (0, 1)


@pytest.mark.parametrize(
    ("scheme", "max_steps", "problem"),
    [
        pytest.param(Scheme.SERP15, 9, True, id="[004] serp15 with up to 9 steps"),
        pytest.param(Scheme.SERP15, 5, False, id="[004] serp15 with up to 5 steps"),
        pytest.param(Scheme.SERP20, 9, False, id="[004] serp20 with up to 9 steps"),
        pytest.param(Scheme.SERP20, 10, True, id="[004] serp20 with up to 10 steps"),
        pytest.param(Scheme.FORS30, 20, False, id="fors30 has no cap of its own"),
    ],
)
def test_r4_serp_caps_the_handicap(scheme: Scheme, max_steps: int, problem: bool) -> None:
    problems = check(Config(scoring=Scoring(scheme), handicap=Handicap(max_steps=max_steps)))
    assert any(key == "scoring.scheme" for key, _, _ in problems) is problem


def test_r4_serp_cap_problem_names_the_cap() -> None:
    problems = check(Config(scoring=Scoring(Scheme.SERP15)))
    assert ("scoring.scheme", "config_scheme_steps", {"scheme": "serp15", "cap": 5}) in problems


@given(st.integers(0, 5), st.sampled_from([B, W, DRAW]))
def test_r4_serp15_is_serp20_less_five(steps: int, result: Result) -> None:
    """[004] «Для форы до 9 камней схема аналогична, но сдвигаем все на 5 очков, т.е 20/10, (20+фора)/10,
    20/(10-фора)»: every serp15 split is the serp20 one with 5 points less on each side."""
    black, white = game_points(game(steps), result, Scoring(Scheme.SERP20))
    assert game_points(game(steps), result, Scoring(Scheme.SERP15)) == (black - 5, white - 5)


@pytest.mark.parametrize("steps", range(1, 10))
def test_r4_serp20_compensates_the_giver(steps: int) -> None:
    """[004] «(20+фора)/10» is the giver's win/loss and «20/(10-фора)» the taker's: the giver's
    wins are worth N more, the taker's losses N less, so giving handicap pays as in fors30."""
    rules = Scoring(Scheme.SERP20)
    giver = (game_points(game(steps), W, rules)[1], game_points(game(steps), B, rules)[1])
    taker = (game_points(game(steps), B, rules)[0], game_points(game(steps), W, rules)[0])
    assert (giver, taker) == ((20 + steps, 10), (20, 10 - steps))


@given(st.integers(1, Handicap().max_steps), st.sampled_from([Fraction(0), Fraction(3, 2), Fraction(2)]))
def test_r4_per_step_pays_each_step_that_many_points(steps: int, per_step: Fraction) -> None:
    """`scoring.per_step`: fors30 with k points a step gives 20+kN/10-kN, the taker's win 20/10 as before; 2 a step
    is [002]'s nsk1977 «20+2m/10-2m» for the giver's win; 30 points at stake either way."""
    rules = Scoring(Scheme.FORS30, per_step=per_step)
    assert game_points(game(steps), W, rules) == (10 - per_step * steps, 20 + per_step * steps)
    assert game_points(game(steps), B, rules) == (20, 10)
    assert game_points(game(0), W, rules) == (10, 20)  # an even game has no steps to pay
    nsk = Scoring(Scheme.NSK1977)
    assert (game_points(game(steps), W, Scoring(Scheme.FORS30_SYMMETRIC, per_step=Fraction(2)))
            == game_points(game(steps), W, nsk))


@pytest.mark.parametrize(
    ("scheme", "problem"),
    [
        pytest.param(Scheme.FORS30, False, id="fors30 counts steps one by one"),
        pytest.param(Scheme.SERP20, False, id="serp20 counts steps one by one"),
        pytest.param(Scheme.FORS_SIMPLE, True, id="[002] fors-simple pays by bands of steps"),
        pytest.param(Scheme.FORS_M, True, id="[002] fors-m pays by bands of steps"),
        pytest.param(Scheme.WIN_LOSS, True, id="win-loss pays no step"),
    ],
)
def test_r4_per_step_needs_a_scheme_that_counts_steps(scheme: Scheme, problem: bool) -> None:
    problems = check(Config(scoring=Scoring(scheme, per_step=Fraction(2))))
    assert (("scoring.per_step", "config_per_step", {"scheme": scheme.value}) in problems) is problem
    assert not [p for p in check(Config(scoring=Scoring(scheme))) if p[0] == "scoring.per_step"]
