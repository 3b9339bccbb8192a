"""Start points (R1): one function per `start.method`, and `start_points` for the whole field."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.config import Ratings, StartMethod, StartPoints, TopStart
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Player, PlayerId, Points
from forsxl.engine.values import CATEGORIES, Rank, category_index


@dataclass(frozen=True)
class StartContext:
    """What a method may read besides the player: how ranks are read (R0, R1.4) and the lowest ratings of the
    founders' top and middle groups (R1.2, R1.7), None where there is no such group."""

    ratings: Ratings = Ratings()
    top: int | None = None
    middle: int | None = None


def linear_start_points(rating: int, rules: StartPoints) -> int:
    """One point per `per` rating points, with a coarser step below `lower_below` (R1.1).

    The lower segment is ``floor(T/per - (T - R)/lower_per)``, continuous at T:
    [000] 650 -> 82, 100 -> 55, 1000 -> 100.
    """
    threshold = rules.lower_below
    if threshold is None or rating >= threshold:
        points = rating // rules.per
    else:
        points = int((Fraction(threshold, rules.per) - Fraction(threshold - rating, rules.lower_per)) // 1)
    return points if rules.min is None else max(points, rules.min)


def linear_group_start_points(rating: int, rules: StartPoints, context: StartContext) -> int:
    """Linear points (R1.1) with the top group equalized (R1.2) and the middle and bottom groups' own steps (R1.7).

    R1.7 is part of the linear method rather than a method of its own: RULES.md names no method for it, as
    for R1.2, and the seed [002 §FORS-2004] builds it on the linear top group. With `per2` and `per3`
    empty the method is R1.1 + R1.2; `per3` alone keeps the middle group linear, `per2` alone carries the
    middle group's step on down through the bottom group.
    """
    if context.top is None:
        return linear_start_points(rating, rules)
    if rating >= context.top:
        return _top_value(context.top, rules) if rules.top == TopStart.EQUAL else linear_start_points(rating, rules)
    if context.middle is not None and rating < context.middle and rules.per3 is not None:
        middle = linear_group_start_points(context.middle, rules, context)
        return _step_down(middle, context.middle - rating, rules.per3, rules)
    if rules.per2 is not None:
        return _step_down(_top_value(context.top, rules), context.top - rating, rules.per2, rules)
    return linear_start_points(rating, rules)


def _top_value(lowest: int, rules: StartPoints) -> int:
    """The points of the top group's lowest player: equalized with the bonus (R1.2), or its own (`top: rating`)."""
    return linear_start_points(lowest, rules) + (rules.top_bonus if rules.top == TopStart.EQUAL else 0)


def _step_down(value: int, below: int, per: int, rules: StartPoints) -> int:
    """`value` less one point for every `per` rating points or part of them that a player is `below` (R1.7).

    [002 §FORS-2004]: the middle group's first player has only 1 point less than the top group if rated
    no more than `per` points below the top group's lowest; so 1 to `per` points below costs 1 point.
    """
    points = value - -(-below // per)
    return points if rules.min is None else max(points, rules.min)


def table_start_points(rating: int, rules: StartPoints) -> int:
    """The points of the highest of `bands` that the rating reaches, 0 below them all (R1.3)."""
    return next((points for lowest, points in rules.table_bands() if rating >= lowest), 0)


def rank_start_points(rank: Rank, rules: StartPoints) -> int:
    """`points_per_rank` for every `ranks_per_point` ranks above 30k, plus `offset`, the rank held
    between `floor` and `bar` (R1.4).

    Groups of ranks are counted from 30k (rank index 0), so 3 or 5 ranks per point give groups that end
    at 1k: with 3, 3k-1k, 6k-4k, ... and 1d-3d.
    """
    index = rank.index
    if rules.bar is not None:
        index = min(index, rules.bar.index)
    if rules.floor is not None:
        index = max(index, rules.floor.index)
    return rules.points_per_rank * (index // rules.ranks_per_point) + rules.offset


def group_start_points(player: Player, rules: StartPoints) -> int:
    """The points of the player's declared group in `group_points` (R1.5): [003 §3] 1 -> 20, 2 -> 10, 3 -> 0."""
    if player.group is None:
        raise ForsxlError("R1.5", "start_group_missing", player.source, name=player.name)
    if not 1 <= player.group <= len(rules.group_points):
        points = ", ".join(map(str, rules.group_points))
        raise ForsxlError("R1.5", "start_group_points", player.source, name=player.name, group=player.group,
                          points=points)
    return rules.group_points[player.group - 1]


def category_start_points(player: Player, rules: StartPoints) -> int:
    """The points of the player's sport category in `category_points` (R1.6): [002 §FORS-2009 3.1] б/р 0 … Гр 6.

    An empty Category cell is an error, not б/р: a forgotten КМС would otherwise start four points short
    without a word. A player with no category has б/р typed.
    """
    if not player.category.strip():
        raise ForsxlError("R1.6", "start_category_missing", player.source, name=player.name)
    index = category_index(player.category)
    if index is None:
        raise ForsxlError("R1.6", "start_category_bad", player.source, name=player.name, value=player.category,
                          known=", ".join(CATEGORIES))
    return rules.category_points[index]


START_METHODS: dict[StartMethod, Callable[[Player, StartPoints, StartContext], int]] = {
    StartMethod.LINEAR: lambda p, rules, context: linear_group_start_points(p.rating, rules, context),
    StartMethod.TABLE: lambda p, rules, context: table_start_points(p.rating, rules),
    StartMethod.RANK: lambda p, rules, context: rank_start_points(p.rank_by(context.ratings), rules),
    StartMethod.GROUP: lambda p, rules, context: group_start_points(p, rules),
    StartMethod.CATEGORY: lambda p, rules, context: category_start_points(p, rules),
    StartMethod.NONE: lambda p, rules, context: 0,
}
"""Every start-points method by its `start.method` value (R1.1, R1.3-R1.6); `none` for Swiss and renju (R12)."""


def start_context(
    players: Sequence[Player], top_size: int, middle_size: int, founders: frozenset[PlayerId] | None,
    ratings: Ratings,
) -> StartContext:
    """How ranks are read and the lowest ratings of the top and middle groups cut by rating from the founders (R1.2)."""
    by_rating = sorted((p.rating for p in players if founders is None or p.id in founders), reverse=True)
    top, middle = by_rating[:top_size], by_rating[top_size : top_size + middle_size]
    return StartContext(ratings, min(top) if top else None, min(middle) if top and middle else None)


_RATINGS = Ratings()


def start_points(
    players: Iterable[Player],
    rules: StartPoints,
    top_size: int = 0,
    founders: frozenset[PlayerId] | None = None,
    *,
    middle_size: int = 0,
    ratings: Ratings = _RATINGS,
) -> Mapping[PlayerId, Points]:
    """Every player's start points: the Start column, else `start.method` (R1.1, R1.3-R1.6), the linear
    method with its top, middle and bottom groups (R1.2, R1.7), plus the player's MMS correction (R1.4).

    RULES.md leaves open who forms the groups once late entrants arrive; forsxl cuts them by rating from
    the players who were in round 1 (`founders`), so start points never move during a tournament. A late
    entrant rated at or above the top group's lowest rating gets the top group's value; one rated below
    the middle group's lowest counts as the bottom group.
    """
    players = list(players)
    context = start_context(players, top_size, middle_size, founders, ratings)
    method = START_METHODS[rules.method]
    return {p.id: p.start if p.start is not None else Fraction(method(p, rules, context) + p.correction)
            for p in players}
