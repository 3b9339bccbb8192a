"""Handicap: the difference, steps, stones and komi, and who gives (R2)."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from forsxl.engine.config import Basis, Config, Descend, Handicap, Komi, Midpoint, Scale, StepKind
from forsxl.engine.groups import GroupRules
from forsxl.engine.model import PlayerId, Points
from forsxl.engine.ratings import rank_of_rating, rating_of_rank
from forsxl.engine.values import Rank

MAX_STONES = 9
"""The stones of the default cap, 9 steps (R2.2): a Handicap cell holds 0 to this, or to `handicap.max_steps`."""


def _held(index: int, rules: Handicap) -> int:
    """100 per rank index, the index held at `even_above` (R2.1)."""
    limit = rules.even_above
    return 100 * (index if limit is None else min(index, limit.index))


def _rating(rating: int, rank: Rank | None, points: Fraction, rules: Handicap, scale: Scale) -> int:
    """The rating the handicap reads (R2.1): for basis rank, 100 per rank of the player's rank (`rank`, else the
    rating's); for basis mms, 100 per whole point of the current McMahon score (rounded down; 30 = 1d, as the rank
    index), OpenGotha's "handicap based on MMS"; either way held at `even_above`, so two players above it play even."""
    if rules.basis == Basis.RANK:
        return _held((rank or rank_of_rating(rating, scale)).index, rules)
    if rules.basis == Basis.MMS:
        return _held(points.numerator // points.denominator, rules)
    limit = rules.even_above
    return rating if limit is None else min(rating, rating_of_rank(limit, scale))


def basis_difference(
    ratings: tuple[int, int], points: tuple[Fraction, Fraction], rules: Handicap, scale: Scale = Scale.EGF,
    ranks: tuple[Rank | None, Rank | None] = (None, None),
) -> Fraction:
    """|basis(a) - basis(b)| for the configured basis, before factor and reduction (R2.1); `ranks` are the players'
    declared ranks where basis rank reads them (R0)."""
    if rules.basis == Basis.POINTS:
        return abs(points[0] - points[1]) * rules.points_scale
    by_rating = Fraction(abs(_rating(ratings[0], ranks[0], points[0], rules, scale)
                             - _rating(ratings[1], ranks[1], points[1], rules, scale)))
    if rules.basis != Basis.BLEND:
        return by_rating
    return rules.blend * by_rating + (1 - rules.blend) * abs(points[0] - points[1]) * rules.points_scale


def basis_value(rating: int, points: Fraction, rules: Handicap, scale: Scale = Scale.EGF,
                rank: Rank | None = None) -> Fraction:
    """A player's basis on the rating scale; the higher one is White and gives (R2.1, R2.5)."""
    if rules.basis in (Basis.RATING, Basis.RANK, Basis.MMS):
        return Fraction(_rating(rating, rank, points, rules, scale))
    scaled = points * rules.points_scale
    if rules.basis == Basis.POINTS:
        return scaled
    return rules.blend * rating + (1 - rules.blend) * scaled


def adjusted_difference(difference: Fraction, factor: Fraction, reduction: int) -> Fraction:
    """`D x factor - reduction x 100`, clamped at 0 (R2.1)."""
    if factor == 1 and reduction == 0:  # the usual case, spared three Fraction operations: every game computes it
        return difference
    return max(Fraction(0), difference * factor - reduction * 100)


def group_adjustment(group: GroupRules, rules: Handicap) -> tuple[Fraction, int]:
    """The factor and the reduction in stones a pair of `group` plays by: its group's with `handicap.*`'s (R2.1, R3)."""
    return (group.factor if rules.factor == 1 else group.factor * rules.factor), group.reduction + rules.reduction


def basis_unit(rules: Handicap) -> int:
    """Rating points per unit of the difference as players know it (R2.1): a rating point (rating, blend), a rank
    (rank, mms: 100 a rank, as the rank index), or a tournament point (points: `points_scale`)."""
    if rules.basis in (Basis.RANK, Basis.MMS):
        return 100
    return rules.points_scale if rules.basis == Basis.POINTS else 1


class Band(NamedTuple):
    """Differences `low` to `high` in units of the basis (`basis_unit`; `high` None: and more) and what they give
    (R2.2, R2.3)."""

    low: int
    high: int | None
    steps: int
    stones: int
    komi: Fraction


def handicap_bands(group: GroupRules, config: Config) -> tuple[Band, ...]:
    """Every difference of the basis from 0, banded by the steps, stones and komi a pair of `group` gets for it before
    any correction (R2.1-R2.3): each difference is walked through `adjusted_difference`, `handicap_steps` and
    `stones_and_komi`, as pairing computes a game, up to the first that reaches `max_steps` (the Положение's table,
    issue 40)."""
    rules, unit = config.handicap, basis_unit(config.handicap)
    factor, reduction = group_adjustment(group, rules)
    last = 0 if group.steps == StepKind.EVEN or factor <= 0 else int(
        100 * (rules.max_steps + reduction + 2) / factor) // unit + 1  # past it every difference gets max_steps
    bands: list[Band] = []
    for units in range(last + 1):
        steps = handicap_steps(adjusted_difference(Fraction(units * unit), factor, reduction), group.steps, rules)
        if bands and bands[-1].steps == steps:
            continue
        if bands:
            bands[-1] = bands[-1]._replace(high=units - 1)
        bands.append(Band(units, None, steps, *stones_and_komi(steps, group.steps, rules, config.komi)))
        if steps == rules.max_steps:
            break
    return tuple(bands)


def handicap_steps(difference: Fraction, kind: StepKind, rules: Handicap) -> int:
    """Handicap steps for a rating difference, capped at max_steps (R2.2).

    half: D / 50 to the nearest whole, [000] D = 315 -> 6. stone: 0 below `even_below`, else the nearest stone
    step, k stones standing for 100k - 50 points (the half-stone shift): [000] 315 -> 4, 220 -> 3. rank:
    floor(D / 100), a stone per rank of difference left after the reduction, as the EGF's McMahon rule (rank
    difference - 1).

    A difference exactly between two steps (stone: 100, 200, ...; half: 25, 75, ...) goes by `midpoint`: down,
    the smaller handicap, as [000] «при разнице разрядов в два дана (кю) принято давать два камня форы» (players
    known by rank alone are 100 points a rank apart, so 200 is two stones); up, the larger, as [003 §6]
    «100–199 – фора 2». `even_below` 25 is [000]'s nearest step from even to one stone; [003 §6] plays even
    below 50.
    """
    if kind == StepKind.EVEN:
        return 0
    # in ints over D's denominator: every game is handicapped, and Fraction operations cost microseconds each
    n, d = difference.numerator, difference.denominator
    up = rules.midpoint == Midpoint.UP
    if kind == StepKind.RANK:
        steps = n // (100 * d)
    elif kind == StepKind.HALF:
        step = d * rules.step_points
        steps = (2 * n + step) // (2 * step) if up else -((step - 2 * n) // (2 * step))  # D / step_points, rounded
    elif n < rules.even_below * d:
        steps = 0
    else:
        steps = n // (100 * d) + 1 if up else max(1, -(-n // (100 * d)))  # k stones stand for 100k - 50
    return min(steps, rules.max_steps)


def stones_and_komi(steps: int, kind: StepKind, rules: Handicap, komi: Komi) -> tuple[int, Fraction]:
    """Stones and komi to White for a number of steps (R2.3): half steps 6 -> 3 stones, komi -8 [000]; a stone
    step is a stone, with `komi.handicap`."""
    if steps == 0:
        return 0, komi.even
    if kind == StepKind.HALF:
        return (steps + 1) // 2, (-rules.half_komi if steps % 2 == 0 else Fraction(0))
    return steps, komi.handicap


def steps_of_handicap(stones: int, komi: Fraction, kind: StepKind, rules: Handicap) -> int | None:
    """The steps a handicap as typed by a referee stands for, or None if none fits (R2.3, R2.6).

    The inverse of `stones_and_komi`; any komi with no stones is an even game, and with stone steps the stones
    are the steps whatever the komi: the komi is as played (an imported game's 0 under a preset's 0.5), and only
    half steps tell two steps apart by it.
    """
    if stones == 0:
        return 0
    if kind == StepKind.HALF:
        if komi == 0:
            return 2 * stones - 1
        return 2 * stones if komi == -rules.half_komi else None
    return stones


def corrected_steps(steps: int, giver_wins: Fraction, taker_wins: Fraction) -> int:
    """Steps after the result-based correction: `wr - wg > 2` takes `wr - wg - 2` steps off, not below 0 (R2.4)."""
    lead = taker_wins - giver_wins
    return max(0, steps - int(lead - 2)) if lead > 2 else steps


class Side(NamedTuple):
    """A player as the handicap reads them before a round (R2); a NamedTuple, as every round builds one per player."""

    pid: PlayerId
    rating: int
    points: Points
    blacks: int
    half_wins: int
    """Games won, in halves (R2.4)."""
    descended: bool
    """Dropped from a group that plays even since the last round (R2.6)."""
    basis: Fraction
    """The basis value (R2.1): the higher one is White and gives (R2.5)."""
    rank: Rank | None = None
    """The declared rank basis rank reads (R0: `ratings.declared_rank`); None: the rating's."""


def side(pid: PlayerId, rating: int, points: Points, blacks: int, half_wins: int, descended: bool,
         config: Config, rank: Rank | None = None) -> Side:
    """The player as the handicap reads them, their basis value computed by Config `handicap.*` (R2.1); `rank` is the
    player's declared rank, read where `ratings.declared_rank` says so."""
    declared = rank if config.ratings.declared_rank else None
    return Side(pid, rating, points, blacks, half_wins, descended,
                basis_value(rating, points, config.handicap, config.ratings.scale, declared), declared)


class GameHandicap(NamedTuple):
    """A pair's handicap step by step (R2): a NamedTuple, as pairing computes one per candidate pair."""

    difference: Fraction
    """|basis difference| before the factor and reduction (R2.1)."""
    factor: Fraction
    reduction: int
    adjusted: Fraction
    """The difference after factor and reduction (R2.1)."""
    kind: StepKind
    computed: int
    """Steps from the adjusted difference (R2.2)."""
    steps: int
    """The steps after the result-based correction (R2.4) and a descent from an even group (R2.6)."""
    upper_gives: bool
    """Whether the upper player has the higher basis, so is White and gives (R2.5)."""


def game_handicap(upper: Side, lower: Side, group: GroupRules, config: Config) -> GameHandicap:
    """The handicap of `upper` against `lower` by the rules of the pair's `group` (R3): the difference (R2.1),
    steps (R2.2), the result-based correction (R2.4) and a descent from an even group (R2.6), and who gives (R2.5)."""
    handicap = config.handicap
    difference = basis_difference((upper.rating, lower.rating), (upper.points, lower.points), handicap,
                                  config.ratings.scale, (upper.rank, lower.rank))
    factor, reduction = group_adjustment(group, handicap)
    adjusted = adjusted_difference(difference, factor, reduction)
    computed = steps = handicap_steps(adjusted, group.steps, handicap)
    upper_gives = upper.basis >= lower.basis
    giver, taker = (upper, lower) if upper_gives else (lower, upper)
    if handicap.correction:
        steps = corrected_steps(steps, Fraction(giver.half_wins, 2), Fraction(taker.half_wins, 2))
    if handicap.descend == Descend.EVEN and (upper.descended or lower.descended):
        steps = 0
    return GameHandicap(difference, factor, reduction, adjusted, group.steps, computed, steps, upper_gives)
