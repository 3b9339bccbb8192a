"""R10: the linear win-probability model behind simulated results."""

import random
from fractions import Fraction

import pytest

from forsxl.engine.config import StepKind
from forsxl.engine.model import Result
from forsxl.engine.probability import compensation, simulate_result, white_wins_probability


@pytest.mark.parametrize(
    ("steps", "kind", "points"),
    [
        pytest.param(0, StepKind.HALF, 0, id="even"),
        pytest.param(6, StepKind.HALF, 300, id="[000] 6 half steps make up 300"),
        pytest.param(4, StepKind.STONE, 350, id="[000] 4 stones make up 350"),
        pytest.param(1, StepKind.STONE, 50, id="1 stone step: the half-stone shift"),
    ],
)
def test_r10_compensation(steps: int, kind: StepKind, points: int) -> None:
    assert compensation(steps, kind) == points


def test_r10_each_100_points_add_100_over_3000_minus_average() -> None:
    # [002]: near Ravg = 1500, one stone (100 points) is worth 100 / 1500 of winning chance.
    assert white_wins_probability(1550, 1450, 0) == Fraction(1, 2) + Fraction(100, 1500)
    assert white_wins_probability(1500, 1500, 0) == Fraction(1, 2)
    assert white_wins_probability(2230, 1915, 315) == Fraction(1, 2)


def test_r10_probability_stays_inside_five_and_ninety_five_percent() -> None:
    assert white_wins_probability(2700, 100, 0) == Fraction(19, 20)
    assert white_wins_probability(100, 2700, 0) == Fraction(1, 20)


def test_r10_simulated_results_are_seeded_and_follow_the_odds() -> None:
    def draw(seed: int) -> list[Result]:
        rng = random.Random(seed)
        return [simulate_result(2000, 1500, 0, rng) for _ in range(400)]

    assert draw(1) == draw(1)
    white_share = draw(2).count(Result.WHITE_WINS) / 400
    assert 0.75 < white_share < 0.95  # expected 1/2 + 500/1250 = 0.9
