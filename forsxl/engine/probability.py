"""Win probability of a handicap game, for simulated results (R10)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from enum import StrEnum
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


class Model(StrEnum):
    """The win-probability models of the simulator (R10)."""

    EGF = "egf"
    LINEAR = "linear"
    STRONGER = "stronger"


EGF_CEILING = 3290.0
"""The EGF formula's β(r) = -7·ln(3300 - r) is undefined from 3300: stronger effective ratings count as this."""


def egf_beta(rating: float) -> float:
    """β(r) = -7·ln(3300 - r) of the EGF rating system since 2021 (R10, FORMATS §4.3)."""
    return -7.0 * math.log(3300.0 - min(rating, EGF_CEILING))


def egf_expected(rating: float, opponent: float) -> float:
    """The EGF expected score Se = 1 / (1 + exp(β(opponent) - β(rating))) (R10, FORMATS §4.3)."""
    return 1.0 / (1.0 + math.exp(egf_beta(opponent) - egf_beta(rating)))


def egf_white_wins(white: float, black: float, compensated: float) -> float:
    """White's chance by the EGF formula, Black's rating raised by the handicap's worth (R10, FORMATS §4.3):
    100 a stone less 50, 50 a half step (`compensation`, the same as the EGF's `r + 100·h - 50`)."""
    return egf_expected(white, black + compensated)


def linear_white_wins(white: float, black: float, compensated: float) -> float:
    """White's chance by the seeds' linear model: `white_wins_probability` in floats, for the simulator (R10)."""
    edge = (white - black - compensated) / (3000.0 - min((white + black) / 2.0, 2900.0))
    return min(0.95, max(0.05, 0.5 + edge))


def stronger_white_wins(white: float, black: float, compensated: float) -> float:
    """A deterministic model for sanity checks: the stronger after the handicap always wins, equals split (R10)."""
    black += compensated
    return 1.0 if white > black else 0.0 if white < black else 0.5


MODELS: dict[Model, Callable[[float, float, float], float]] = {
    Model.EGF: egf_white_wins,
    Model.LINEAR: linear_white_wins,
    Model.STRONGER: stronger_white_wins,
}
"""White's chance of winning from White's and Black's strengths and the rating points the handicap makes up (R10)."""
