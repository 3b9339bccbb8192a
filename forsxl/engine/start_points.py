"""Start points from ratings (R1)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from forsxl.engine.config import StartPoints, TopStart
from forsxl.engine.model import Player, PlayerId, Points


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


def start_points(
    players: Iterable[Player], rules: StartPoints, top_size: int, founders: frozenset[PlayerId] | None = None
) -> Mapping[PlayerId, Points]:
    """Every player's start points: the Start column, else R1.1 with the top group equalized (R1.2).

    RULES.md leaves open who forms the top group once late entrants arrive; forsxl cuts it from the
    players who were in round 1 (`founders`), so start points never move during a tournament, and
    gives a late entrant rated at or above that group's lowest rating the top group's value.
    """
    players = list(players)
    points = {p.id: Fraction(linear_start_points(p.rating, rules)) for p in players}
    if rules.top == TopStart.EQUAL and top_size > 0:
        pool = [p for p in players if founders is None or p.id in founders]
        top = sorted(pool, key=lambda p: -p.rating)[:top_size]
        if top:
            lowest = min(p.rating for p in top)
            value = Fraction(linear_start_points(lowest, rules) + rules.top_bonus)
            points.update({p.id: value for p in players if p.rating >= lowest})
    points.update({p.id: p.start for p in players if p.start is not None})
    return points
