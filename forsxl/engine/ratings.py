"""Ratings and ranks on both scales, rank strings in English and Russian (R0)."""

from __future__ import annotations

from forsxl.engine.config import Scale
from forsxl.engine.values import Rank


def rating_of_rank(rank: Rank, scale: Scale) -> int:
    """The rating a player with only a rank gets: the middle of the rank's band (R0)."""
    if scale == Scale.EGF:
        return rank.index * 100 - 900
    if rank.index < 10:
        return rank.index * 60 + 30
    if rank.index < 30:
        return 600 + (rank.index - 10) * 75 + 37
    return 2100 + (rank.index - 30) * 100 + 50


TOP_RATING = 3500
"""Above any player on either scale (9d is 2900 egf, 2950 rfg; a professional counts as 7d and up)."""


def rating_bounds(scale: Scale) -> tuple[int, int]:
    """The lowest and highest rating a player has (R0): from the bottom of 30k's band (egf −950, as 30k is −900;
    rfg 0) to TOP_RATING."""
    return (-950 if scale == Scale.EGF else 0), TOP_RATING


def rank_of_rating(rating: int, scale: Scale) -> Rank:
    """The rank whose band holds the rating; egf rounds to the nearest 100: 1915 -> 2k, 1960 -> 1k (R0)."""
    if scale == Scale.EGF:
        index = (rating + 950) // 100
    elif rating < 600:
        index = rating // 60
    elif rating < 2100:
        index = 10 + (rating - 600) // 75
    else:
        index = 30 + (rating - 2100) // 100
    return Rank(max(0, min(index, 38)))
