"""The value types a Config is made of that have a life of their own: the language (R0), a rank and a sport category
(R0), the ranks of the categories (R0), a band of rank norms (R6) and the prize lists (R6).

They sit below config.py, which is made of them, and import nothing of the engine, so that the engine's imports form
a tree (issue 32). What reads them from a cell and refuses them with a ForsxlError lives with their rules
(`norms.parse_norm_band`, `prizes.parse_prize_lists`); what a rank means on a rating scale in ratings.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction


class Lang(StrEnum):
    EN = "en"
    RU = "ru"


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


CATEGORIES = ("б/р", "3р", "2р", "1р", "КМС", "МС", "Гр")
"""The sport categories from the lowest, in the order of `start.category_points` (R0, R1.6)."""

_LOOKALIKES = str.maketrans("kmcpaeo", "кмсраео")  # KMC, MC, 3p typed in Latin letters
_NAMED = {"бр": 0, "безразряда": 0, "кмс": 4, "кандидатвмастераспорта": 4, "мс": 5, "мастерспорта": 5,
          "гр": 6, "гроссмейстер": 6}
_NUMBERED = re.compile(r"(iii|ii|i|[123])(?:й|ий)?(?:р|разр|разряд)?")
_NUMBERS = {"3": 1, "iii": 1, "2": 2, "ii": 2, "1": 3, "i": 3}
_CATEGORY_RANK = re.compile(r"(.+?)\s*(?::|\s)\s*(\d{1,2}\s*\D+)")
"""A category and its rank: `1р: 3k`, `КМС 1 дан`."""


def category_index(text: str) -> int | None:
    """The category's position in CATEGORIES, however it is written (б/р, бр, 3 р, III разряд, кмс, KMC),
    or None if the text names no category (R1.6)."""
    folded = re.sub(r"[\s/.\-]", "", text.casefold().translate(_LOOKALIKES))
    if folded in _NAMED:
        return _NAMED[folded]
    match = _NUMBERED.fullmatch(folded)
    return _NUMBERS[match[1]] if match else None


@dataclass(frozen=True)
class CategoryRanks:
    """The rank each sport category stands for where a player has neither rating nor rank (R0), by the category's
    place in CATEGORIES; None where the Config gives none."""

    ranks: tuple[Rank | None, ...] = (None,) * len(CATEGORIES)
    text: str = field(default="", compare=False)
    """As written, for `forsxl config`."""

    @classmethod
    def parse(cls, text: str) -> CategoryRanks:
        """`1р: 3k, КМС: 1d` (or `1р 3к; КМС 1д`); ValueError for a part that is not a category and a rank, or a
        category given twice."""
        ranks: list[Rank | None] = [None] * len(CATEGORIES)
        for part in re.split(r"[,;]", text):
            if part.strip():
                match = _CATEGORY_RANK.fullmatch(part.strip())
                if match is None:
                    raise ValueError(part)
                category, rank = match.groups()
                index = category_index(category)
                if index is None or ranks[index] is not None:
                    raise ValueError(part)
                ranks[index] = Rank.from_text(rank)
        return cls(tuple(ranks), text.strip())

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class NormBand:
    """Start ranks `low`..`high` (R0 indices, inclusive) and the share needed for 1, 2, ... ranks up (R6)."""

    low: int
    high: int
    shares: tuple[Fraction, ...]
    text: str = field(default="", compare=False)
    """The band as written, for `forsxl config` and the regulation page."""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Filter:
    """Who a prize list is open to: a rating or rank band (inclusive bounds; ranks as R0 indices), or a set of texts
    (R6)."""

    field: str
    low: int | None = None
    high: int | None = None
    values: frozenset[str] = frozenset()
    negate: bool = False


@dataclass(frozen=True)
class PrizeList:
    name: str
    criteria: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    places: int = 3
    several: bool | None = None
    """May a winner of an earlier list win here too; None: `prizes.several`."""
    text: str = ""
    """The list as written after its name, for the Prizes sheet and page."""


@dataclass(frozen=True)
class PrizeLists:
    """Every list of `prizes.lists`, in the order written (R6)."""

    specs: tuple[PrizeList, ...] = ()

    def __str__(self) -> str:
        return "; ".join(f"{spec.name}: {spec.text}" for spec in self.specs)
