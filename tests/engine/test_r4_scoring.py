"""R4: points per game, the fors30 scheme, draws and forfeits."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forsxl.engine.config import Handicap, Scoring
from forsxl.engine.model import Game, PlayerId, Result
from forsxl.engine.scoring import draws_allowed, game_points

RULES = Scoring()
B, W, DRAW = Result.BLACK_WINS, Result.WHITE_WINS, Result.DRAW
BF, WF, FF = Result.BLACK_FORFEIT, Result.WHITE_FORFEIT, Result.DOUBLE_FORFEIT


def game(steps: int, komi: Fraction = Fraction(0)) -> Game:
    """Black 2 takes `steps` from White 1."""
    return Game(1, PlayerId(2), PlayerId(1), steps, komi if not steps else Fraction(0), steps, 1)


# steps  result  black  white   (White gives)
FORS30 = """
0  B+   20 10  even game, Black wins
0  W+   10 20  even game, White wins
0  =    15 15  even game drawn (whole komi)
6  W+    4 26  [000] giver wins N=6 -> 26/4
6  B+   20 10  [000] taker wins N=6 -> 10/20
1  W+    9 21  giver wins N=1
9  W+    1 29  giver wins N=9
9  B+   20 10  taker wins N=9
6  =     4 26  [003] tie on the board in a handicap game goes to White
0  B+F  20  0  Black wins by forfeit
0  W+F   0 20  White wins by forfeit
6  B+F  20  0  forfeit in a handicap game: the even-game win
6  W+F   0 20  forfeit in a handicap game: the even-game win
0  0-0   0  0  double forfeit
"""
CASES = [line.split(maxsplit=4) for line in FORS30.strip().splitlines()]


@pytest.mark.parametrize(
    ("steps", "result", "black", "white"), [pytest.param(*row[:4], id=row[4]) for row in CASES]
)
def test_r4_fors30(steps: str, result: str, black: str, white: str) -> None:
    assert game_points(game(int(steps)), Result(result), RULES) == (Fraction(black), Fraction(white))


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
    ("steps", "komi", "expected"),
    [
        pytest.param(0, Fraction(7), True, id="even game, whole komi"),
        pytest.param(0, Fraction(13, 2), False, id="even game, komi 6.5"),
        pytest.param(3, Fraction(0), False, id="[003] handicap game: a tie goes to White"),
    ],
)
def test_r4_draws_allowed(steps: int, komi: Fraction, expected: bool) -> None:
    assert draws_allowed(game(steps, komi), RULES) is expected
