"""Prize lists: named rankings over a filtered part of the final table (R6, [000] prizes by levels of play).

Config `prizes.lists` holds every list in one cell, `;` between lists::

    Overall: place, 3 places; Kyu: wins/sos, rating<2100, 3 places, once; Givers: points_giving, 2

A list is `name: criterion[/criterion...]` followed by any of: filters (`rating<2100`, `1500<=rating<2100`,
`rank>=5k`, `10k<=rank<=1k`, `category=1р|2р`, `group=2`, `club=Tengen|Dragon`, `team=...`, `city=...`,
`country=...`), the number of places (`3` or `3 places`, default 3), and `once` (a player who won in an earlier
list is passed over here) or `several` (may win here too), default `prizes.several`. A Russian workbook writes the
same in Russian (`рейтинг<2100`, `разряд=1р`, `3 места`, `один раз`, `повторно`); both are read in any workbook.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from forsxl.engine.config import Ratings
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Color, Player, PlayerId, Tournament
from forsxl.engine.standings import Standing, lot_seed, rows_table
from forsxl.engine.tiebreaks import TIEBREAKS, Tiebreaker, TiebreakTable, points_unit, tie_classes
from forsxl.engine.values import Filter, PrizeList, PrizeLists, Rank

PLACE = "place"
"""The criterion `place`: the order of the final table, its shared places kept (R6)."""


def _points_when(gave: bool) -> Tiebreaker:
    """Points from games played over the board where the player gave (`gave`) or took handicap ([000])."""

    def values(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
        return {pid: sum(earned for c, earned in zip(table.cells[pid], table.earned[pid], strict=True)
                         if c.played and c.steps and (c.color == Color.WHITE) == gave)
                for pid in group}

    return Tiebreaker(values, points_unit)


EXTRA_CRITERIA: dict[str, Tiebreaker] = {"points_giving": _points_when(True), "points_taking": _points_when(False)}
"""Criteria only prize lists use, beside every R6 tie-break and `place`."""

CRITERIA = (*(c.value for c in TIEBREAKS), *EXTRA_CRITERIA, PLACE)

FIELDS = {"rating": "rating", "rank": "rank", "category": "category", "group": "group", "club": "club",
          "team": "team", "city": "city", "country": "country", "рейтинг": "rating", "ранг": "rank",
          "разряд": "category", "группа": "group", "клуб": "club", "команда": "team", "город": "city",
          "страна": "country"}
"""A filter's field by the word a list writes, in English or in Russian (`rating<2100`, `рейтинг<2100`)."""
ONCE = {"once": False, "several": True, "один раз": False, "повторно": True}
"""Whether a winner of an earlier list may win here, by the word a list writes."""
_BOUNDED = "|".join(w for w, f in FIELDS.items() if f in ("rating", "rank"))
_BOUND = re.compile(rf"^(?:(?P<low>[^<>=]+?)\s*(?P<lop><=?)\s*)?(?P<field>{_BOUNDED})\s*"
                    r"(?:(?P<op><=?|>=?|=)\s*(?P<high>[^<>=]+?))?$", re.IGNORECASE)
_CHOICE = re.compile(rf"^(?P<field>{'|'.join(w for w, f in FIELDS.items() if f not in ('rating', 'rank'))})\s*"
                     r"(?P<op>!?=)\s*(?P<values>.+)$", re.IGNORECASE)
_PLACES = re.compile(r"^(\d+)(?:\s*(?:places?|мест[ао]?))?$", re.IGNORECASE)


def admits(condition: Filter, player: Player, ratings: Ratings) -> bool:
    """Whether the player is one a list's filter lets in (R6)."""
    if condition.field in ("rating", "rank"):
        value = player.rating if condition.field == "rating" else player.rank_by(ratings).index
        return (condition.low is None or value >= condition.low) and (condition.high is None or value <= condition.high)
    raw = getattr(player, condition.field)
    return (("" if raw is None else str(raw)).strip().casefold() in condition.values) != condition.negate


def _bound_value(field: str, text: str) -> int:
    if field == "rank":
        rank = Rank.parse(text)
        if rank is None:
            raise ValueError(text)
        return rank.index
    try:
        return int(text.replace("−", "-"))
    except ValueError:
        raise ValueError(text) from None


def _band(match: re.Match[str]) -> Filter:
    """`rating<2100`, `1500<=rating<2100`, `rank>=5k`, `rating=2000` as inclusive whole-number bounds."""
    field = FIELDS[match["field"].casefold()]
    low = high = None
    if match["low"] is not None:
        low = _bound_value(field, match["low"].strip()) + (1 if match["lop"] == "<" else 0)
    if match["op"] is not None:
        value = _bound_value(field, match["high"].strip())
        op = match["op"]
        if op.startswith(">"):
            if low is not None:
                raise ValueError(match[0])
            low = value + (1 if op == ">" else 0)
        else:
            high = value - (1 if op == "<" else 0)
            low = value if op == "=" else low
    if low is None and high is None:
        raise ValueError(match[0])
    return Filter(field, low, high)


def _part(part: str, spec: PrizeList) -> PrizeList:
    if (places := _PLACES.match(part)) is not None:
        return replace(spec, places=int(places[1]))
    if " ".join(part.casefold().split()) in ONCE:
        return replace(spec, several=ONCE[" ".join(part.casefold().split())])
    if (band := _BOUND.match(part)) is not None:
        return replace(spec, filters=(*spec.filters, _band(band)))
    if (choice := _CHOICE.match(part)) is not None:
        values = frozenset(v.strip().casefold() for v in choice["values"].split("|") if v.strip())
        found = Filter(FIELDS[choice["field"].casefold()], values=values, negate=choice["op"] == "!=")
        return replace(spec, filters=(*spec.filters, found))
    raise ValueError(part)


def parse_prize_lists(text: str) -> PrizeLists:
    """The lists one cell of `prizes.lists` writes (R6); ForsxlError naming the first part that does not fit."""
    try:
        return PrizeLists(_parse_lists(text))
    except ValueError as bad:
        raise ForsxlError("R6", "config_prize_bad", part=bad.args[0], criteria=", ".join(CRITERIA)) from None


def _parse_lists(text: str) -> tuple[PrizeList, ...]:
    """Every list of `prizes.lists` (R6); ValueError whose argument is the first part that does not fit."""
    lists: list[PrizeList] = []
    for chunk in (c.strip() for c in text.split(";")):
        if not chunk:
            continue
        name, colon, rest = chunk.partition(":")
        parts = [p.strip() for p in rest.split(",")]
        if not colon or not name.strip() or not parts[0]:
            raise ValueError(chunk)
        criteria = tuple(c.strip().casefold() for c in parts[0].split("/"))
        unknown = [c for c in criteria if c not in CRITERIA]
        if unknown:
            raise ValueError(unknown[0])
        spec = PrizeList(name.strip(), criteria, text=rest.strip())
        for part in filter(None, parts[1:]):
            spec = _part(part, spec)
        if spec.places <= 0 or spec.name in (s.name for s in lists):  # no prizes, or two lists of one name
            raise ValueError(chunk)
        lists.append(spec)
    return tuple(lists)


@dataclass(frozen=True)
class Winner:
    place: str
    """`2`, or `2-4` when tied: the tied players share those places' prizes."""
    player: Player
    values: tuple[Fraction, ...]
    """The list's criteria, in order (for `place`, the place number)."""

    @property
    def shared(self) -> bool:
        return "-" in self.place


@dataclass(frozen=True)
class Award:
    spec: PrizeList
    winners: tuple[Winner, ...]


def _catalogue(table: Sequence[Standing]) -> Mapping[str, Tiebreaker]:
    position = {s.player.id: int(s.place.split("-")[0]) for s in table}

    def by_place(_: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
        return {pid: -position[pid] for pid in group}

    return {**{c.value: f for c, f in TIEBREAKS.items()}, **EXTRA_CRITERIA, PLACE: Tiebreaker(by_place)}


def award_prizes(t: Tournament, table: Sequence[Standing]) -> tuple[Award, ...]:
    """Each list's winners from the final `table`, lists in the order written (R6, [000]).

    A list ranks the players its filters admit by its criteria (lexicographic, R6); every tie class that starts
    within the list's places is taken whole, so tied players share the places they span ("2-4") and the list
    may name more players than places. A list that is `once` (or every list when `prizes.several` is no)
    passes over whoever already won in an earlier list.
    """
    config = t.config
    if not table or config.prizes.lists is None:
        return ()
    ratings = config.ratings
    criteria = _catalogue(table)
    rows = rows_table(table, lot_seed(t), config)
    won: set[PlayerId] = set()
    awards = []
    for spec in config.prizes.lists.specs:
        several = config.prizes.several if spec.several is None else spec.several
        ids = [s.player.id for s in table
               if all(admits(f, s.player, ratings) for f in spec.filters) and (several or s.player.id not in won)]
        classes, values = tie_classes(rows, ids, [(c, criteria[c]) for c in spec.criteria])
        winners: list[Winner] = []
        for group in classes:
            first = len(winners) + 1
            if first > spec.places:
                break
            place = str(first) if len(group) == 1 else f"{first}-{first + len(group) - 1}"
            for pid in group:
                shown = tuple(-values[c][pid] if c == PLACE else values[c][pid] for c in spec.criteria)
                winners.append(Winner(place, rows.players[pid], shown))
        won |= {w.player.id for w in winners}
        awards.append(Award(spec, tuple(winners)))
    return tuple(awards)

