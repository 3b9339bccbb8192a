"""Win probability of a handicap game, for simulated results (R10)."""

from __future__ import annotations

import random
from fractions import Fraction

from forsxl.engine.config import StepKind
from forsxl.engine.model import Result


def compensation(steps: int, kind: StepKind) -> int:
    """Rating points a handicap makes up: 50 a half step, 100 a stone step less the half-stone shift (R2.2)."""
    if steps == 0:
        return 0
    return steps * 50 if kind == StepKind.HALF else steps * 100 - 50


def white_wins_probability(white: int, black: int, compensated: int) -> Fraction:
    """The chance that White wins: each 100 uncompensated points add 100 / (3000 - Ravg) to 1/2 [002] (R10)."""
    average = (white + black) // 2
    edge = Fraction(white - black - compensated, 3000 - min(average, 2900))
    return min(Fraction(19, 20), max(Fraction(1, 20), Fraction(1, 2) + edge))


def simulate_result(white: int, black: int, compensated: int, rng: random.Random) -> Result:
    """A result drawn with the R10 probability from a seeded generator."""
    return Result.WHITE_WINS if rng.random() < white_wins_probability(white, black, compensated) else Result.BLACK_WINS
