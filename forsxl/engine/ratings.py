"""Ratings and ranks on both scales, rank strings in English and Russian (R0)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from forsxl.engine.config import Lang, Scale

_RANK = re.compile(r"^\s*(\d{1,2})\s*(k|kyu|к|кю|d|dan|д|дан|p|pro|п|про)\s*$", re.IGNORECASE)
_KIND = {"k": "k", "kyu": "k", "к": "k", "кю": "k", "d": "d", "dan": "d", "д": "d", "дан": "d",
         "p": "p", "pro": "p", "п": "p", "про": "p"}


@dataclass(frozen=True, order=True)
class Rank:
    """A rank as an index counted upward: 30k = 0, 1k = 29, 1d = 30, 9d = 38 (R1.4's rank_index)."""

    index: int

    @classmethod
    def parse(cls, text: str) -> Rank | None:
        """The rank a string names (`5k`, `2 дан`, `1p`), or None if it names none (R0)."""
        match = _RANK.match(text)
        if not match:
            return None
        number, kind = int(match[1]), _KIND[match[2].lower()]
        if kind == "k":
            return cls(30 - number) if 1 <= number <= 30 else None
        if kind == "d":
            return cls(29 + number) if 1 <= number <= 9 else None
        return cls(min(35 + number, 38)) if 1 <= number <= 9 else None  # 1p counts as 7d, the scale ends at 9d [R0]

    @classmethod
    def from_text(cls, text: str) -> Rank:
        """The rank a Config value names (`start.bar`, `handicap.even_above`); ValueError if it names none (R0)."""
        rank = cls.parse(text)
        if rank is None:
            raise ValueError(text)
        return rank

    def __str__(self) -> str:
        """The rank as Config and presets write it: `1d`, `20k`."""
        return self.label()

    def label(self, lang: Lang = Lang.EN) -> str:
        if self.index < 30:
            return f"{30 - self.index}{'к' if lang == Lang.RU else 'k'}"
        return f"{self.index - 29}{'д' if lang == Lang.RU else 'd'}"


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
