"""McMahon and Swiss: the best pairing of every present player as one maximum-weight perfect matching (R7.4).

Each possible pair has a cost: a tuple of criteria in strict priority order, compared lexicographically.
- The hard rules of R7 (no rematch, no team-mates, no Avoid pair) are not costs: such pairs are no edges.
- `rematch`: 1 for a rematch where `pairing.allow_rematch` permits one.
- `score`: (2Δ)² for a score gap Δ, so two gaps of 1 cost less than one of 2 (OpenGotha's concavity); a
  same-club (same-country) pair adds the cost of a gap of `swiss.club_gap` (`country_gap`).
- `floats`: for a pair across score groups, how often the upper player was drawn down before and the lower
  one drawn up (with `swiss.compensate`: twice that, and 1 more unless the float makes up for an earlier one
  the other way).
- `seeding`: inside a group, the squared distance from the seeding partner (fold: 1st-last; slip: 1st with
  the first of the lower half; random: any of the other half); across groups, the squared distances of the
  floaters from where `swiss.drawn_down` and `swiss.drawn_up` want them (by default the upper group's bottom and
  the lower group's top).
- `colour`: in a pair that would play even, how far both are due the same colour; `swiss.colour:
  before_seeding` puts it before `seeding`.
- `opengotha`, with `swiss.weights: opengotha`, instead of all but `rematch`: OpenGotha's cost function (PEERS
  §1.3), its score and geography, draw-up/draw-down, seeding and colour terms summed at its own magnitudes.
A same-club or same-country gap spares the players `swiss.geo_*` name, half for one of the two.

The tuples become one integer weight with a bit field per criterion wide enough that no sum over the
pairs of a lower criterion reaches one unit of a higher one: the matching of maximum weight is the
lexicographic optimum, exactly.

Speed: the matching starts on a sparse candidate graph (each player with the `swiss.window` nearest in the
score order and around their seeding partner), widened while it has no perfect matching. Then a
certificate: a pair missing from the graph can only be in a better matching if its own cost, plus a lower
bound on what the other players must cost (score groups of odd size, or with too many players who may not
meet each other, must send floaters, and those floaters' own float and seeding costs), is at most the found
matching's cost. Every such pair is added and the matching solved once more: each pair of a matching at least as
good is then in the graph, so the result is the complete graph's optimum, computed on a part of it.

Ties: several pairings often cost the same. Under OpenGotha's weights a field of up to GABOW_LIMIT players is paired
by OpenGotha's own matching algorithm (gabow.py) on the complete graph, in OpenGotha's order, so that among equal
optima forsxl takes OpenGotha's (`gotha_matching`).
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from itertools import accumulate, product
from math import ceil, floor, isqrt, lcm
from operator import mul
from typing import Any

from forsxl.engine.config import ColourPriority, Edge, Seat, Seeding, Weights
from forsxl.engine.model import PlayerId, number_text
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState, forbidden_by_index, impossible
from forsxl.engine.pairing.gabow import max_weight_matching
from forsxl.engine.pairing.neighbours import choose_bye, pairable
from forsxl.engine.pairing.reasons import PairReasons, Reason, RoundContext, skipped
from forsxl.engine.pairing.solver import max_matching_size, max_weight_perfect_matching

Cost = tuple[int, ...]
"""The values of a field's criteria for a pair (`ScoreField.criteria`): lower is better, compared in this order."""


@dataclass
class ScoreField:
    """The round's players as the cost function reads them, by index 0..n-1 in score-then-seed order.

    Scores are whole numbers of `1/unit` points, so costs are integer arithmetic."""

    ids: list[PlayerId]
    unit: int
    score: list[int]
    group: list[int]  # index of the score group, 0 = the highest score
    seat: list[int]  # place inside the group by seeding (rating), 0 = first
    sizes: list[int]  # players per group
    group_scores: list[int]
    forbidden: list[frozenset[int]]
    met: list[frozenset[int]]
    club: list[str]
    country: list[str]
    colour: list[int]
    drawn_up: list[int]
    drawn_down: list[int]
    up_cost: list[int]  # what floating up, or down, costs each player (`floats`)
    down_cost: list[int]
    spared: list[bool]  # spared club_gap and country_gap (swiss.geo_*)
    state: RoundState
    rules: PairingRules
    criteria: tuple[Criterion, ...]
    opengotha: Groups  # the score groups OpenGotha's cost function reads: over every registered player
    deficient_above: list[int]  # see _deficiencies
    deficient_below: list[int]
    down_sums: list[list[int]]  # per group, prefix sums of the times drawn down, smallest first (_rest_bound)
    up_sums: list[list[int]]

    def gap_cost(self, gap: int) -> int:
        """(2Δ)² for a gap of `gap / unit` points, rounded up where that is not whole."""
        return -(-4 * gap * gap // (self.unit * self.unit))

    def cost(self, a: int, b: int) -> Cost:
        """The cost of pairing a with b: each of the field's criteria in order (R7.4)."""
        if a > b:
            a, b = b, a
        return tuple([criterion(self, a, b) for criterion in self.criteria])

    @cached_property
    def gotha(self) -> GothaCosts:
        """OpenGotha's cost function over this field, its per-player values worked out once (`opengotha`)."""
        return GothaCosts(self)

    @property
    def seeding_at(self) -> int | None:
        """Where `seeding` is among the criteria; None where it is not one (OpenGotha's weights)."""
        return self.criteria.index(seeding) if seeding in self.criteria else None

    def members(self, group: int) -> range:
        start = sum(self.sizes[:group])
        return range(start, start + self.sizes[group])


def rematch(field: ScoreField, a: int, b: int) -> int:
    """1 for a rematch where `pairing.allow_rematch` permits one (R7.4); `a` is above `b` in the field."""
    return int(b in field.met[a])


def score(field: ScoreField, a: int, b: int) -> int:
    """(2Δ)² for the score gap, plus a score gap's cost for a same-club or same-country pair, half of it when one
    of the two is spared and none when both are (R7.4)."""
    rules = field.rules
    cost = field.gap_cost(field.score[a] - field.score[b])
    geography = 0
    if rules.club_gap and field.club[a] and field.club[a] == field.club[b]:
        geography += _points_cost(rules.club_gap)
    if rules.country_gap and field.country[a] and field.country[a] == field.country[b]:
        geography += _points_cost(rules.country_gap)
    if geography:
        cost += -(-geography * (2 - field.spared[a] - field.spared[b]) // 2)
    return cost


def floats(field: ScoreField, a: int, b: int) -> int:
    """Across score groups, what drawing the upper player down and the lower one up costs them (R7.4): how often
    they floated so before (`swiss.compensate`: twice, plus 1 unless it makes up for a float the other way)."""
    return 0 if field.group[a] == field.group[b] else field.down_cost[a] + field.up_cost[b]


def _edge(where: Edge, seat: int, size: int) -> int:
    """How far a floater's seat is from where `where` wants it in its group of `size`, squared (R7.4)."""
    if where == Edge.TOP:
        return seat * seat
    if where == Edge.BOTTOM:
        return (size - 1 - seat) ** 2
    return (abs(2 * seat - (size - 1)) // 2) ** 2


def seeding(field: ScoreField, a: int, b: int) -> int:
    """Inside a group, the squared distance from the seeding partner; across groups, the floaters' squared
    distances from where `swiss.drawn_down` and `swiss.drawn_up` want them (R7.4)."""
    group = field.group[a]
    size, x, y = field.sizes[group], field.seat[a], field.seat[b]
    if group != field.group[b]:
        rules = field.rules
        return _edge(rules.drawn_down, x, size) + _edge(rules.drawn_up, y, field.sizes[field.group[b]])
    if field.rules.seeding == Seeding.FOLD:
        return (x + y - (size - 1)) ** 2
    if field.rules.seeding == Seeding.SLIP:
        return (2 * abs(x - y) - size) ** 2
    if (2 * x < size) != (2 * y < size):  # split and random: any pair across the halves, in a seeded order
        return _lot(field, a, b) % size
    return size * size


def colour(field: ScoreField, a: int, b: int) -> int:
    """How many of the two will be two or more games off colour balance in even games after this game (R7.4): in
    an even game the one with more Whites so far takes Black; a handicap game leaves both balances as they are."""
    ca, cb = field.colour[a], field.colour[b]
    kept = (abs(ca) >= 2) + (abs(cb) >= 2)
    played = (abs(max(ca, cb) - 1) >= 2) + (abs(min(ca, cb) + 1) >= 2)
    if played == kept or field.state.even is None or field.state.even(field.ids[a], field.ids[b]):
        return played
    return kept


_OG_DUDD = 10**8 // 5
"""OpenGotha's draw-up/draw-down unit: its default weight 10^8, of which its cost function uses a fifth."""
_OG_SEEDING = 5 * 10**6
"""OpenGotha's default seeding weight."""
_OG_COLOUR = 10**6
"""OpenGotha's default white/black balance weight."""
_OG_MOST = 5 * _OG_DUDD + _OG_SEEDING + _OG_COLOUR
"""More than OpenGotha's draw-up/draw-down, seeding and colour terms ever give one pair."""
_OG_SCORE = 10**11
"""OpenGotha's default weight of the score difference."""
_OG_CONCAVITY = 0.5
"""OpenGotha's NX1 factor k of its concavity function (1 - x)(1 + kx)."""


@dataclass(frozen=True)
class GothaWeights:
    """The weights of OpenGotha's terms that its parameter sets change: geography, categories, handicap."""

    geography: int
    categories: int
    handicap: int


GOTHA_WEIGHTS = {Weights.OPENGOTHA: GothaWeights(_OG_SCORE, 0, 0),
                 Weights.OPENGOTHA_CAT: GothaWeights(200 * _OG_SCORE, 200 * _OG_SCORE, 200 * _OG_SCORE)}
"""`swiss.weights` that are OpenGotha's cost function: its McMahon and Swiss defaults, and those of its Swiss with
categories, where keeping categories apart, the handicap (the McMahon score gap) and geography come first."""


def _concave(weight: int, x: float) -> int:
    """OpenGotha's concavity of `weight` (1 - x)(1 + kx), evaluated as it does, truncated as Java casts to long."""
    return int(weight * (1.0 - x) * (1.0 + _OG_CONCAVITY * x))


class GothaCosts:
    """OpenGotha's cost function (PEERS §1.3) over a field's players as one cost a pair, summed as OpenGotha sums it:
    its categories, score, handicap and geography costs, and the most its draw-up/draw-down, seeding and colour
    terms give a pair less what they give this one, so the least total is OpenGotha's best (R7.4). What each player
    brings is worked out once: a round asks for hundreds of thousands of pairs.

    - score: its weight less the concave (1 - x)(1 + kx) of the gap in whole points over its number of score groups
      (nothing between two categories);
    - geography: what it withholds of its weight: a pair of another country earns `swiss.country_gap` / groups, of
      another club (first four letters) 1.2 x `swiss.club_gap` / groups, each at most 1, the larger plus half the
      other plus half a group, through the same curve; OpenGotha 3.51 spares nobody here;
    - categories (opengotha_cat, several `swiss.categories`): its weight less the concave weight of the categories
      between the two over their number;
    - handicap (opengotha_cat): its weight less the concave weight of the gap between the two McMahon scores it reads,
      a player above its thresholds (`swiss.geo_*`) at the highest;
    - draw-up/draw-down, for two groups 1 to 3 apart: where the upper player sits in its group and the lower in
      theirs (`swiss.drawn_down`, `swiss.drawn_up`: its upper and lower modes), and the scenario: 2, one less for
      each of the two who floated that way before, and if anything is left, with `swiss.compensate`, one more for
      each whose floats the other way are ahead; divided by (1 + the categories between them) to the fourth;
    - seeding inside a score group: split and fold, split and slip (the most less the squared distance from the
      partner, scaled by the group's size in its integer steps), or split and random (its lot over the names);
    - colour, in a pair that would play even: the full weight when one is due White and the other Black, half when
      one is balanced and the other two or more off.
    """

    def __init__(self, field: ScoreField) -> None:
        og, rules, state = field.opengotha, field.rules, field.state
        self.field = field
        weights = GOTHA_WEIGHTS[rules.weights]
        self.groups = (state.score_groups or len(og.sizes)) * state.category_count
        widest = max(og.value, default=0) - min(og.value, default=0)
        self.gaps = [_OG_SCORE - _concave(_OG_SCORE, gap / self.groups) for gap in range(widest + 1)]
        size = [og.sizes[g] for g in og.group]
        half = _OG_DUDD // 2
        self.down_place = [half * _og_place(rules.drawn_down, seat, n) // n for seat, n in zip(og.seat, size,
                                                                                              strict=True)]
        self.up_place = [half * _og_place(rules.drawn_up, seat, n) // n for seat, n in zip(og.seat, size, strict=True)]
        self.size = size
        self.geography = ({(country, club): self._withheld(weights.geography, country, club)
                           for country in (False, True) for club in (False, True)}
                          if rules.club_gap or rules.country_gap else None)
        count = state.category_count
        self.categories = ([weights.categories - _concave(weights.categories, gap / count) for gap in range(count)]
                           if weights.categories and count > 1 else None)
        self.handicap_weight = weights.handicap
        self.handicap = [state.handicap_scores.get(pid, 0) for pid in field.ids]
        self.handicap_costs: dict[int, int] = {}
        self.listed = [_listed(state, pid) for pid in field.ids]
        self.lots = [_lot_parts(_gotha_text(state.names.get(pid, ""))) for pid in field.ids]

    def _withheld(self, weight: int, other_country: bool, other_club: bool) -> int:
        """What geography withholds from a pair of another country and/or club: its weight less what it gives, the
        score weight less the concave weight of their ratio."""
        rules = self.field.rules
        country = min(1.0, float(rules.country_gap) / self.groups) if other_country and rules.country_gap else 0.0
        club = min(1.0, float(rules.club_gap) * 1.2 / self.groups) if other_club and rules.club_gap else 0.0
        ratio = max(country, club) + min(country, club) / 2.0
        if ratio > 0.0:
            ratio += 0.5 / self.groups
        return weight - min(weight, _OG_SCORE - _concave(weight, ratio))

    def cost(self, a: int, b: int) -> int:
        """The pair's cost, `a` above `b` in the field."""
        field, og = self.field, self.field.opengotha
        categories = abs(og.category[a] - og.category[b])
        cost = _OG_MOST + (self.gaps[abs(og.value[a] - og.value[b])] if not categories else _OG_SCORE)
        if self.geography is not None:
            cost += self.geography[field.country[a] != field.country[b], field.club[a][:4] != field.club[b][:4]]
        if self.categories is not None:
            cost += self.categories[categories]
        if self.handicap_weight:
            cost += self.handicap_cost(abs(self.handicap[a] - self.handicap[b]))
        if og.group[a] == og.group[b]:
            cost -= self.seeding(a, b)
        elif 0 < abs(og.number[a] - og.number[b]) < 4:
            cost -= self.dudd(a, b) // (categories + 1) ** 4
        return cost - self.colour(a, b)

    def handicap_cost(self, gap: int) -> int:
        cost = self.handicap_costs.get(gap)
        if cost is None:
            weight = self.handicap_weight
            cost = self.handicap_costs[gap] = weight - _concave(weight, gap / self.field.state.handicap_range)
        return cost

    def dudd(self, a: int, b: int) -> int:
        """The draw-up/draw-down term of two players of different groups, before the categories' division."""
        field, og = self.field, self.field.opengotha
        upper, lower = (a, b) if og.number[a] < og.number[b] else (b, a)
        scenario = 2 - (field.drawn_down[upper] > 0) - (field.drawn_up[lower] > 0)
        if scenario and field.rules.compensate:
            scenario += ((field.drawn_up[upper] > field.drawn_down[upper])
                         + (field.drawn_down[lower] > field.drawn_up[lower]))
        return self.down_place[upper] + self.up_place[lower] + _OG_DUDD * scenario

    def seeding(self, a: int, b: int) -> int:
        """The seeding term of two players of one score group."""
        og, size = self.field.opengotha, self.size[a]
        x, y = og.seat[a], og.seat[b]
        seeding = self.field.rules.seeding
        if seeding == Seeding.RANDOM:
            return _OG_SEEDING - self.lot(a, b, _OG_SEEDING // 5) if (2 * x < size) != (2 * y < size) else 0
        span, d = (size - 1, x + y - (size - 1)) if seeding == Seeding.FOLD else (size, 2 * abs(x - y) - size)
        return _OG_SEEDING - _truncated(_truncated(_OG_SEEDING * d, span) * d, span)

    def lot(self, a: int, b: int, limit: int) -> int:
        """OpenGotha's lot over two players' names, 0 to `limit` (its "deterministic random"): the one it lists
        first (by the ranking, then by name) against the other (`gotha_lot`)."""
        first, second = (a, b) if self.listed[a] <= self.listed[b] else (b, a)
        return _lot_of(limit, self.lots[first], self.lots[second])

    def colour(self, a: int, b: int) -> int:
        """The white/black term, 0 for a pair that would not play even."""
        field = self.field
        ca, cb = field.colour[a], field.colour[b]
        lopsided = (ca == 0 and abs(cb) >= 2) or (cb == 0 and abs(ca) >= 2)
        weight = _OG_COLOUR if ca * cb < 0 else _OG_COLOUR // 2 if lopsided else 0
        if weight and field.state.even is not None and not field.state.even(field.ids[a], field.ids[b]):
            return 0
        return weight

    def least(self, ga: int, gb: int) -> int:
        """At least what any pair of a player of the field's score group `ga` and one of `gb` costs: the least score
        (or categories') gap and geography of the two groups, less the most the seeding or draw-up/draw-down term
        and the colour term can give; the other terms are never below 0. The certificate skips two groups whose
        pairs all cost more than it allows without pricing each pair."""
        score, bonus = None, 0
        for (va, ca, ga_og, na), (vb, cb, gb_og, nb) in product(self._kinds[ga], self._kinds[gb]):
            gap = self.gaps[abs(va - vb)] if ca == cb else _OG_SCORE
            score = gap if score is None else min(score, gap)
            if ga_og == gb_og:
                bonus = max(bonus, _OG_SEEDING)
            elif 0 < abs(na - nb) < 4:
                bonus = max(bonus, self._upper[ga] + self._lower[gb], self._upper[gb] + self._lower[ga])
        geography = 0
        if self.geography is not None:
            (countries_a, clubs_a), (countries_b, clubs_b) = self._places[ga], self._places[gb]
            geography = min(self.geography[country, club] for country in _differ(countries_a, countries_b)
                            for club in _differ(clubs_a, clubs_b))
        return _OG_MOST + (score or 0) + geography - bonus - _OG_COLOUR

    @cached_property
    def _kinds(self) -> list[set[tuple[int, int, int, int]]]:
        """Per score group of the field, its players' (whole score, category, OpenGotha group, its number)."""
        og = self.field.opengotha
        return [{(og.value[i], og.category[i], og.group[i], og.number[i]) for i in self.field.members(g)}
                for g in range(len(self.field.sizes))]

    @cached_property
    def _places(self) -> list[tuple[set[str], set[str]]]:
        """Per score group of the field, its players' countries and clubs as geography compares them."""
        field = self.field
        return [({field.country[i] for i in field.members(g)}, {field.club[i][:4] for i in field.members(g)})
                for g in range(len(field.sizes))]

    @cached_property
    def _upper(self) -> list[int]:
        """Per score group of the field, the most its players bring to the draw-up/draw-down term as the upper of
        the two (`dudd` with the scenario's most), and below as the lower one."""
        return self._most(self.down_place, self.field.drawn_down, self.field.drawn_up)

    @cached_property
    def _lower(self) -> list[int]:
        return self._most(self.up_place, self.field.drawn_up, self.field.drawn_down)

    def _most(self, place: list[int], same: list[int], other: list[int]) -> list[int]:
        compensate = self.field.rules.compensate
        brings = [p + _OG_DUDD * (1 - (s > 0) + (compensate and o > s)) for p, s, o in zip(place, same, other,
                                                                                              strict=True)]
        return [max((brings[i] for i in self.field.members(g)), default=0) for g in range(len(self.field.sizes))]

    @cached_property
    def per_point(self) -> int:
        """At least what the score term charges per point of gap, less 2 for its float rounding."""
        return max(0, _OG_SCORE - _concave(_OG_SCORE, 1 / self.groups) - 2)

    @cached_property
    def colour_bonus(self) -> int:
        """The most the colour term can give the field in all: the full weight to as many pairs as there are players
        due White or due Black, whichever fewer, half to as many as there are balanced players or two or more off."""
        colours = self.field.colour
        white, black = sum(c > 0 for c in colours), sum(c < 0 for c in colours)
        balanced, off = sum(c == 0 for c in colours), sum(abs(c) >= 2 for c in colours)
        return _OG_COLOUR * min(white, black) + _OG_COLOUR // 2 * min(balanced, off)

    @cached_property
    def geography_floors(self) -> list[int]:
        """For each player, half of what geography withholds from them at best (with a partner of another country
        and club where the field has one), largest first; none without geography: the certificate's bounds."""
        if self.geography is None:
            return []
        field = self.field
        countries, clubs = Counter(field.country), Counter(c[:4] for c in field.club)
        n = len(field.ids)
        return sorted((self.geography[countries[field.country[i]] < n, clubs[field.club[i][:4]] < n] // 2
                       for i in range(n)), reverse=True)


def _differ(first: set[str], second: set[str]) -> set[bool]:
    """Whether a player of `first` and one of `second` can be of the same country (club), of different ones."""
    return {*([False] if first & second else []), *([True] if len(first | second) > 1 else [])}


def opengotha(field: ScoreField, a: int, b: int) -> int:
    """OpenGotha's cost function below the duplicate-game term (`GothaCosts`), as one criterion (R7.4)."""
    return field.gotha.cost(a, b)


def _og_place(where: Edge, seat: int, size: int) -> int:
    """OpenGotha's position score of a floater, out of `size`: high at the top, the middle or the bottom."""
    if where == Edge.TOP:
        return size - 1 - seat
    if where == Edge.BOTTOM:
        return seat
    return size - 1 - abs(2 * seat - size + 1)


def _truncated(a: int, b: int) -> int:
    """a / b rounded toward zero, as Java divides longs."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


LotParts = tuple[bytes, int, int, int]
"""A name as OpenGotha's lot reads it: its UTF-16 code units, the codes times their positions summed, the codes
summed, and their number."""


def _lot_parts(text: str) -> LotParts:
    units = _utf16(text)
    codes = [int.from_bytes(units[i:i + 2], "big") for i in range(0, len(units), 2)]
    return units, sum(c * i for i, c in enumerate(codes, start=1)), sum(codes), len(codes)


def _lot_of(limit: int, first: LotParts, second: LotParts) -> int:
    """`gotha_lot` from the names' parts: the weighted sum of two names one after the other is the first's, the
    second's and the second's codes times the first's length."""
    inverse = first[0] > second[0]
    low, high = (second, first) if inverse else (first, second)
    drawn = (low[1] + high[1] + low[3] * high[2]) * 1234567 % (limit + 1)
    return limit - drawn if inverse else drawn


def gotha_lot(limit: int, first: str, second: str) -> int:
    """OpenGotha's deterministic random for two players, `name + firstName` each: the character codes of the two
    names in alphabetical order, each times its position, times 1234567, modulo `limit` + 1; turned round
    (`limit` less it) when the first comes after the second in the alphabet (R7.4)."""
    return _lot_of(limit, _lot_parts(first), _lot_parts(second))


def _utf16(text: str) -> bytes:
    """A text as Java holds and compares it: UTF-16 code units."""
    return text.encode("utf-16-be")


def _lot(field: ScoreField, a: int, b: int) -> int:
    """A lot for the pair, seeded from the workbook, the round and the two players (split and random)."""
    low, high = sorted((field.ids[a], field.ids[b]))
    return zlib.crc32(f"{field.rules.lots}|{field.state.round}|{low}|{high}".encode())


Criterion = Callable[[ScoreField, int, int], int]

CRITERIA: tuple[Criterion, ...] = (rematch, score, floats, seeding, colour)
"""The soft criteria of R7.4 in priority order: the order of a `Cost`."""


def criteria_of(rules: PairingRules) -> tuple[Criterion, ...]:
    """The criteria in the order `swiss.weights` and `swiss.colour` give them (R7.4)."""
    if rules.weights in GOTHA_WEIGHTS:
        return (rematch, opengotha)
    if rules.colour == ColourPriority.BEFORE_SEEDING:
        return (rematch, score, floats, colour, seeding)
    return CRITERIA


def _points_cost(points: Fraction) -> int:
    """(2Δ)² for a gap of `points`, rounded up: the score cost a club or country penalty stands for."""
    return ceil(4 * points * points)


@dataclass(frozen=True)
class Groups:
    """Score groups: each player's group (0 = the highest score) and seat in it by index, each group's size."""

    group: list[int]
    seat: list[int]
    sizes: list[int]
    value: list[int]
    """Each player's score as the groups count it."""
    number: list[int] = field(default_factory=list)
    """OpenGotha's group number: categories one after the other, in each every score from the top, empty ones too;
    its differences are OpenGotha's."""
    category: list[int] = field(default_factory=list)


def _groups(score: Sequence[Any]) -> tuple[Groups, list[Any]]:
    """The score groups of players sorted by `score`, and each group's score."""
    group_scores = sorted(set(score), reverse=True)
    group_of = {s: g for g, s in enumerate(group_scores)}
    group = [group_of[s] for s in score]
    sizes = [0] * len(group_scores)
    seat = []
    for g in group:
        seat.append(sizes[g])
        sizes[g] += 1
    return Groups(group, seat, sizes, list(score)), group_scores


def _opengotha_groups(state: RoundState, ids: list[PlayerId], key: Callable[[PlayerId], tuple[object, ...]]) -> Groups:
    """The score groups OpenGotha's cost function reads (R7.4): by category and whole points (a half point counts in
    the group below), over every registered player, the absent ones too, as OpenGotha counts seats and sizes; each
    of `ids` with its group and seat there."""
    everyone = sorted(set(state.registered) | set(ids), key=lambda p: (state.categories.get(p, 0), key(p)))
    whole = [floor(state.scores.get(p, Fraction(0))) for p in everyone]
    categories = [state.categories.get(p, 0) for p in everyone]
    groups, _ = _groups([(-c, w) for c, w in zip(categories, whole, strict=True)])
    at = {pid: i for i, pid in enumerate(everyone)}
    span = state.score_groups or 1
    return Groups([groups.group[at[p]] for p in ids], [groups.seat[at[p]] for p in ids], groups.sizes,
                  [whole[at[p]] for p in ids], [span * categories[at[p]] - whole[at[p]] for p in ids],
                  [categories[at[p]] for p in ids])


def _seat_order(state: RoundState, seat: Seat) -> Callable[[PlayerId], tuple[object, ...]]:
    """The order of players by score and, inside a score group, by `swiss.seat` (R7.4): rating then the ranking, the
    ranking (a shared place by start number), or OpenGotha's: the ranking, a shared place by rating
    (`ranking_rating`, its additional criterion Rating) and then by name as OpenGotha compares names."""
    rank = {pid: i for i, pid in enumerate(state.registered or state.players)}

    def order(p: PlayerId) -> tuple[object, ...]:
        score = -state.scores.get(p, Fraction(0))
        if seat == Seat.RATING:
            return score, -state.ratings.get(p, 0), rank[p]
        if seat == Seat.RANKING:
            return score, rank[p]
        rating = -state.ratings.get(p, 0) if seat == Seat.RANKING_RATING else 0
        return score, state.places.get(p, rank[p]), rating, _gotha_key(state.names.get(p, ""))

    return order


def score_field(state: RoundState, rules: PairingRules, players: Sequence[PlayerId]) -> ScoreField:
    """Players sorted by score, then inside their score group (the seeding order) by `swiss.seat`."""
    order = _seat_order(state, rules.seat)

    ids = sorted(players, key=order)
    unit = lcm(*(p.denominator for p in (state.scores.get(pid, Fraction(0)) for pid in (*ids, *state.registered))))
    score = [int(state.scores.get(p, Fraction(0)) * unit) for p in ids]
    groups, group_scores = _groups(score)
    group, seat, sizes = groups.group, groups.seat, groups.sizes
    opengotha_groups = _opengotha_groups(state, ids, order) if rules.weights in GOTHA_WEIGHTS else groups
    forbidden = forbidden_by_index(replace(state, players=tuple(ids)), rules)
    index = {pid: i for i, pid in enumerate(ids)}
    met: list[set[int]] = [set() for _ in ids]
    for pair in state.met:
        a, b = (index.get(p) for p in pair)
        if a is not None and b is not None:
            met[a].add(b)
            met[b].add(a)

    def label(labels: Mapping[PlayerId, str], pid: PlayerId) -> str:
        return labels.get(pid, "").strip().casefold()

    up = [state.floats.get(p, (0, 0))[0] for p in ids]
    down = [state.floats.get(p, (0, 0))[1] for p in ids]
    built = ScoreField(
        ids, unit, score, group, seat, sizes, group_scores, forbidden, [frozenset(m) for m in met],
        [label(state.clubs, p) for p in ids], [label(state.countries, p) for p in ids],
        [state.colours.get(p, 0) for p in ids], up, down, _float_costs(up, down, rules.compensate),
        _float_costs(down, up, rules.compensate), [p in state.spared for p in ids], state, rules, criteria_of(rules),
        opengotha_groups, [], [], [], [],
    )
    built.deficient_above, built.deficient_below = _deficiencies(built)
    built.down_sums = [list(accumulate(sorted(built.down_cost[i] for i in built.members(g)), initial=0))
                       for g in range(len(sizes))]
    built.up_sums = [list(accumulate(sorted(built.up_cost[i] for i in built.members(g)), initial=0))
                     for g in range(len(sizes))]
    return built


def _float_costs(same: list[int], other: list[int], compensate: bool) -> list[int]:
    """Each player's cost of a float one way, having floated `same` times that way and `other` times the other:
    `same`, or with `compensate` 2 x `same` plus 1 unless the other way is ahead (it makes up for one)."""
    if not compensate:
        return same
    return [2 * s + (o <= s) for s, o in zip(same, other, strict=True)]


_DEFICIENCY_LIMIT = 200
"""Players above (below) a gap up to which the bound finds out how many of them cannot pair among themselves."""


def _deficiencies(field: ScoreField) -> tuple[list[int], list[int]]:
    """For the gap below each group: how many players above it (below it) must pair across it at least, because
    the hard rules leave them no partner on their own side; 0 where that side has over _DEFICIENCY_LIMIT players."""
    n, groups = len(field.ids), len(field.sizes)
    above, below = [0] * groups, [0] * groups
    for k in range(groups - 1):
        end = field.members(k).stop
        for side, vertices in ((above, range(end)), (below, range(end, n))):
            if len(vertices) <= _DEFICIENCY_LIMIT and not _greedy_pairs_all(field, vertices):
                first = vertices.start
                edges = ((a - first, b - first) for a in vertices for b in vertices
                         if a < b and b not in field.forbidden[a])
                side[k] = len(vertices) - 2 * max_matching_size(len(vertices), edges)
    return above, below


def _greedy_pairs_all(field: ScoreField, vertices: range) -> bool:
    """Whether pairing each player with the first free allowed one below leaves at most one player out: then
    the side needs no solver to know it can pair among itself."""
    free = list(vertices)
    left = 0
    while free:
        a = free.pop(0)
        b = next((b for b in free if b not in field.forbidden[a]), None)
        if b is None:
            left += 1
        else:
            free.remove(b)
    return left <= 1


def _candidates(field: ScoreField, width: int) -> set[tuple[int, int]]:
    """The sparse graph: each player's `width` next in the score order and `width` around their seeding partner."""
    n = len(field.ids)
    edges = set()
    for a in range(n):
        for b in range(a + 1, min(n, a + width + 1)):
            edges.add((a, b))
        size, seat = field.sizes[field.group[a]], field.seat[a]
        first = a - seat
        partners = {Seeding.FOLD: [size - 1 - seat], Seeding.SLIP: [seat + size // 2, seat - size // 2]}
        for partner in partners.get(field.rules.seeding, []):
            for s in range(max(0, partner - width // 2), min(size, partner + width // 2 + 1)):
                if s != seat:
                    edges.add((min(a, first + s), max(a, first + s)))
    return {(a, b) for a, b in edges if b not in field.forbidden[a]}


def _rest_bound(field: ScoreField, removed: Mapping[int, int]) -> Cost:
    """A lower bound, in the lexicographic order of costs, on any perfect matching of the field without
    `removed` players per group.

    Score: every pair that crosses the gap between two adjacent groups pays at least that gap's (2Δ)², since
    (2Δ)² is convex and a longer float crosses every gap between. A gap is crossed an odd number of times when
    an odd number of players lies above it, and at least as often as the players above (below) it who have no
    partner on their side under the hard rules (one fewer for each player taken away).

    Floats and seeding: a matching whose score meets that bound crosses each gap exactly so often, each time
    with a pair from the two groups beside it (a longer float would cost more), so it pays at least the
    smallest float counts and edge distances of that many players on either side. A matching with a higher
    score is worse whatever its floats, so the bound holds for every matching.
    """
    score_lb = floats_lb = seeding_lb = 0
    above = removed_above = 0
    removed_total = sum(removed.values())
    for k in range(len(field.sizes) - 1):
        above += field.sizes[k] - removed.get(k, 0)
        removed_above += removed.get(k, 0)
        crossings = max(above % 2, field.deficient_above[k] - removed_above,
                        field.deficient_below[k] - (removed_total - removed_above))
        score_lb += crossings * _gap_bound(field, k, k + 1)
        floats_lb += _least(field.down_sums[k], crossings) + _least(field.up_sums[k + 1], crossings)
        seeding_lb += sum(_LEAST_SEATS[where][min(crossings, 63)] for where in (field.rules.drawn_down,
                                                                                field.rules.drawn_up))
    bound: dict[Criterion, int] = {score: score_lb, floats: floats_lb, seeding: seeding_lb}
    if opengotha in field.criteria:
        bound[opengotha] = _opengotha_bound(field, score_lb, removed_total)
    return tuple(bound.get(criterion, 0) for criterion in field.criteria)


def _opengotha_bound(field: ScoreField, score_lb: int, removed: int) -> int:
    """A lower bound on OpenGotha's cost of a matching of the field without `removed` players, whose score part
    is at least `score_lb`: a pair inside a score group costs at least 5 draw-up/draw-down units, one across
    groups at least a point's gap and the seeding weight; a point's gap outweighs the difference, so the fewest
    pairs across that `score_lb` allows cost the least. Besides, each player misses at least half of what geography
    withholds from them at best (the removed players taken as those who miss most), and each pair the colour term's
    weight but for the few pairs due opposite colours (`GothaCosts.colour_bonus`)."""
    gotha = field.gotha
    pairs = (len(field.ids) - removed) // 2
    floors = gotha.geography_floors
    rest = score_lb + sum(floors) - sum(floors[:removed]) + pairs * _OG_COLOUR - gotha.colour_bonus
    if gotha.per_point <= 5 * _OG_DUDD:
        return rest
    return rest + pairs * 5 * _OG_DUDD - -(-score_lb * (5 * _OG_DUDD - _OG_SEEDING) // gotha.per_point)


def _gap_bound(field: ScoreField, ga: int, gb: int) -> int:
    """At least what the score criterion (the second) charges a pair between groups `ga` and `gb`, and for a longer
    gap at least as much per group crossed: (2Δ)², or OpenGotha's gap less 2 per group for its float rounding."""
    high, low = field.group_scores[ga], field.group_scores[gb]
    if field.criteria[1] == opengotha:
        return field.gotha.per_point * (high // field.unit - low // field.unit)
    return field.gap_cost(high - low)


_LEAST_SEATS = {where: [sum((i // 2 if where == Edge.MIDDLE else i) ** 2 for i in range(c)) for c in range(64)]
                for where in Edge}
"""The least `_edge` distances of c floaters from one group (beyond 63 the bound stays there): Σ i² at the top or
bottom; from the middle at most two seats lie at each distance."""


def _least(sums: Sequence[int], count: int) -> int:
    """The sum of the `count` smallest values, from their prefix sums (all of them if there are fewer)."""
    return sums[min(count, len(sums) - 1)]


def _admissible(field: ScoreField, found: Cost, known: Mapping[tuple[int, int], Cost]
                ) -> Iterator[tuple[tuple[int, int], Cost]]:
    """Every allowed pair not in `known` that could be in a matching at least as good as `found`, with its cost
    (the module's certificate)."""
    groups = len(field.sizes)
    zero = (0,) * len(field.criteria)
    least = field.gotha.least if opengotha in field.criteria else None
    for ga in range(groups):
        for gb in range(ga, groups):
            if ga == gb and field.sizes[ga] < 2:
                continue
            rest = _rest_bound(field, Counter((ga, gb)))
            gap = (0, _gap_bound(field, ga, gb), *zero[2:])  # the score criterion is 2nd
            budget = _minus(_minus(found, gap), rest)
            if budget < zero:
                continue
            limit = _minus(found, rest)  # cost - gap <= budget: the cost within what the rest leaves
            if least is not None and limit[0] == 0 and least(ga, gb) > limit[1]:  # no rematch, OpenGotha's cost 2nd
                continue
            for a, b in _group_pairs(field, ga, gb, budget):
                if (a, b) in known or b in field.forbidden[a]:
                    continue
                cost = field.cost(a, b)
                if cost <= limit:
                    yield (a, b), cost


def _minus(a: Cost, b: Cost) -> Cost:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _group_pairs(field: ScoreField, ga: int, gb: int, budget: Cost) -> Iterator[tuple[int, int]]:
    """The pairs between two groups worth testing against what is left of the cost (`budget`): all of them, or
    where only the seeding is left to spend, the seats close enough to where the floaters or the seeding partner
    should sit."""
    at = field.seeding_at
    if at is None or any(budget[:at]):
        yield from ((a, b) for a in field.members(ga) for b in field.members(gb) if a < b)
        return
    left, rules = max(budget[at], 0), field.rules
    if ga != gb:  # no float may cost more than the bound: the floaters sit near where the modes want them
        upper = [a for a in field.members(ga) if _edge(rules.drawn_down, field.seat[a], field.sizes[ga]) <= left]
        lower = [b for b in field.members(gb) if _edge(rules.drawn_up, field.seat[b], field.sizes[gb]) <= left]
        yield from ((a, b) for a in upper for b in lower)
        return
    members = field.members(ga)
    if field.rules.seeding == Seeding.RANDOM:
        yield from ((a, b) for a in members for b in members if a < b)
        return
    reach, size, first = isqrt(left), len(members), members.start
    for x in range(size):
        if field.rules.seeding == Seeding.FOLD:  # (x + y - (size - 1))² within the budget
            seats: Iterator[int] | range = range(max(x + 1, size - 1 - x - reach), min(size, size - x + reach))
        else:  # slip: (2|x - y| - size)² within the budget
            seats = (x + d for d in range(max(1, (size - reach + 1) // 2), (size + reach) // 2 + 1) if x + d < size)
        yield from ((first + x, first + y) for y in seats)


def _weights(field: ScoreField, costs: Mapping[tuple[int, int], Cost]) -> dict[tuple[int, int], int]:
    """Costs as one integer weight each, a bit field per criterion, higher for better pairs (see the module)."""
    pairs, count = len(field.ids) // 2, len(field.criteria)
    worst = [max(column) for column in zip(*costs.values(), strict=True)] if costs else [0] * count
    units = [1] * count
    for i in reversed(range(count - 1)):
        units[i] = units[i + 1] * (pairs * worst[i + 1] + 1)
    top = 1 + sum(u * w for u, w in zip(units, worst, strict=True))
    return {edge: top - sum(map(mul, units, cost)) for edge, cost in costs.items()}


_OG_DUPLICATE = 5 * 10**14
"""OpenGotha's default weight of not playing a pair again (its paiBaAvoidDuplGame)."""

GABOW_LIMIT = 200
"""Up to how many players OpenGotha's weights pair with OpenGotha's own matching algorithm (gabow.py), so that among
pairings of equal cost forsxl takes OpenGotha's; larger fields go to rustworkx, which is faster there and finds an
optimum of the same cost (bench/README.md, docs/limits.md)."""


def gotha_matching(field: ScoreField) -> list[tuple[int, int]] | None:
    """The cheapest perfect matching of a field under OpenGotha's weights, found as OpenGotha finds it (R7.4): its
    matching algorithm (`gabow`) on the complete graph, the players in the order of its Pair frame (the standings
    before the round, then the name), each pair weighing what OpenGotha's cost function gives it, up to a constant:
    its duplicate-game weight unless the two have met, plus what `GothaCosts` leaves of the most. A pair the hard
    rules forbid weighs less than any matching of allowed pairs, so the optimum uses none if it can; None if it must."""
    n = len(field.ids)
    gotha = field.gotha
    order = sorted(range(n), key=gotha.listed.__getitem__)
    weights = [[0] * n for _ in range(n)]
    for i, a in enumerate(order):
        for j in range(i + 1, n):
            b = order[j]
            weights[i][j] = gotha.cost(min(a, b), max(a, b))
    top = max((max(row) for row in weights), default=0) + 1
    allowed = (n // 2 + 1) * (_OG_DUPLICATE + top + 1)  # outweighs every sum of the rest over a matching
    for i, a in enumerate(order):
        met, forbidden, row = field.met[a], field.forbidden[a], weights[i]
        for j in range(i + 1, n):
            b = order[j]
            row[j] = weights[j][i] = (top - row[j] + (0 if b in met else _OG_DUPLICATE)
                                      + (0 if b in forbidden else allowed))
    mate = max_weight_matching(weights)
    pairs = sorted((min(order[i], order[j]), max(order[i], order[j])) for i, j in enumerate(mate) if i < j)
    if len(pairs) * 2 != n or any(b in field.forbidden[a] for a, b in pairs):
        return None
    return pairs


def best_matching(field: ScoreField) -> list[tuple[int, int]] | None:
    """The lexicographically cheapest perfect matching of the field, or None if the hard rules allow none."""
    n = len(field.ids)
    if opengotha in field.criteria and n <= GABOW_LIMIT:
        return gotha_matching(field)
    width = max(1, field.rules.window)
    if n <= 4 * width:  # small fields: the complete graph at once
        width = n
    costs = {e: field.cost(*e) for e in _candidates(field, width)}
    while True:
        matching = max_weight_perfect_matching(n, ((a, b, w) for (a, b), w in _weights(field, costs).items()))
        if matching is None:
            if width >= n:
                return None
            width *= 2
            costs.update((e, field.cost(*e)) for e in _candidates(field, width) if e not in costs)
            continue
        found = total_cost((costs[e] for e in matching), len(field.criteria))
        missing = list(_admissible(field, found, costs))
        if not missing:
            return matching
        costs.update(missing)
        # Every pair of a matching as good as `found` is now in the graph, the better ones too: its optimum is the
        # complete graph's, and a second certificate would find nothing to add.
        return max_weight_perfect_matching(n, ((a, b, w) for (a, b), w in _weights(field, costs).items()))


def total_cost(costs: Iterable[Cost], count: int = len(CRITERIA)) -> Cost:
    """The `count` criteria summed over pairs, still in priority order."""
    total = [0] * count
    for cost in costs:
        for i, value in enumerate(cost):
            total[i] += value
    return tuple(total)


def pair_weighted(state: RoundState, rules: PairingRules) -> Pairing:
    """Swiss and McMahon (R7.4): the bye first (the lowest score among those with the fewest byes, R5), then the
    optimal matching of the rest; boards in the order of each pair's best-ranked player."""
    forbidden = forbidden_by_index(state, rules)
    bye = choose_bye(state, rules, forbidden)
    players = [p for i, p in enumerate(state.players) if i != bye]
    found: list[tuple[PlayerId, PlayerId]] = []
    for chunk in _gotha_chunks(state, players) if rules.weights in GOTHA_WEIGHTS else [players]:
        field = score_field(state, rules, chunk)
        matching = best_matching(field)
        if matching is None:
            raise impossible(state, rules, lambda only: pairable(state, rules, only))
        found += [(field.ids[a], field.ids[b]) for a, b in matching]
    rank = {pid: i for i, pid in enumerate(state.players)}
    pairs = sorted((tuple(sorted(pair, key=rank.__getitem__)) for pair in found), key=lambda pair: rank[pair[0]])
    return Pairing(tuple((a, b) for a, b in pairs), None if bye is None else state.players[bye])


_OG_CHUNK = (200, 600)
"""OpenGotha pairs a field of more than 600 in chunks of 200 to 600 players (its PAIRING_GROUP_MIN and MAX_SIZE)."""


def _gotha_chunks(state: RoundState, players: list[PlayerId]) -> list[list[PlayerId]]:
    """The players as OpenGotha pairs them, in chunks while more than 600 are left (R7.4): category by category from
    the strongest, score level by score level from the top, in the order it lists them (the ranking, then the name),
    a chunk closes at 600, at an even size of 200 or more at the end of a level, or when 200 are left."""
    low, high = _OG_CHUNK
    remaining = sorted(players, key=lambda p: _listed(state, p))
    category = {p: state.categories.get(p, 0) for p in players}
    whole = {p: floor(state.scores.get(p, Fraction(0))) for p in players}
    chunks = []
    while len(remaining) > high:
        chunk: list[PlayerId] = []
        for cat in range(state.category_count):
            for level in sorted({whole[p] for p in remaining}, reverse=True):
                for p in [p for p in remaining if category[p] <= cat and whole[p] >= level]:
                    chunk.append(p)
                    remaining.remove(p)
                    if len(chunk) >= high or len(remaining) <= low:
                        break
                if len(chunk) >= high or len(remaining) <= low or (len(chunk) >= low and len(chunk) % 2 == 0):
                    break
            else:
                continue
            break
        chunks.append(chunk)
    return [*chunks, remaining]


def even_black(state: RoundState, rules: PairingRules, a: PlayerId, b: PlayerId) -> PlayerId | None:
    """Who of a pair playing even takes Black in McMahon and Swiss (R7.4): the one with more Whites than Blacks in
    even games so far; on a tie, with `swiss.weights: opengotha`, OpenGotha's lot over the names, else None (R2.5
    decides)."""
    ca, cb = state.colours.get(a, 0), state.colours.get(b, 0)
    if ca != cb:
        return a if ca > cb else b
    if rules.weights not in GOTHA_WEIGHTS:
        return None
    names = (_gotha_text(state.names.get(a, "")), _gotha_text(state.names.get(b, "")))
    white = a if gotha_lot(1, *names) == 0 else b  # OpenGotha: White the first of its pair on a 0, else the second
    return b if white == a else a


def _listed(state: RoundState, pid: PlayerId) -> tuple[int, tuple[bytes, bytes]]:
    """Where OpenGotha lists a player to pair (its Pair frame's order): by the standings before the round, then by
    name."""
    return state.places.get(pid, 0), _gotha_key(state.names.get(pid, ""))


def _gotha_key(name: str) -> tuple[bytes, bytes]:
    """A name as OpenGotha sorts it: by name, then first name, in UTF-16 code units."""
    surname, first = gotha_name(name)
    return _utf16(surname), _utf16(first)


def _gotha_text(name: str) -> str:
    surname, first = gotha_name(name)
    return surname + first


def gotha_name(name: str) -> tuple[str, str]:
    """(name, first name) as OpenGotha keeps them, from the Name cell as typed, `Surname Firstname` (FORMATS §1.3):
    the first word with its `_` as the spaces of a surname of several words and any spaces before it, then what
    follows the one space after it, as written (`Wang Jiale ` is OpenGotha's `Wang` and `Jiale `)."""
    words = name.lstrip(" ")
    surname, _, first = words.partition(" ")
    return name[:len(name) - len(words)] + surname.replace("_", " "), first


def weighted_reasons(ctx: RoundContext) -> PairReasons:
    """McMahon and Swiss (R7.4): the pair's scores and its cost criterion by criterion, then the cheapest other
    partners of the better-placed player and why the optimum did not give them."""
    field = score_field(ctx.state, ctx.rules, ctx.seated())  # the round as pairing saw it, once for every pair
    index = {pid: i for i, pid in enumerate(field.ids)}
    score = ctx.state.scores

    def reasons(a: PlayerId, b: PlayerId) -> tuple[Reason, ...]:
        upper, lower = sorted((a, b), key=index.__getitem__)
        found = [Reason("why_weighted", {
            "upper": ctx.name(upper), "lower": ctx.name(lower), "su": _text(score.get(upper)),
            "sl": _text(score.get(lower)), "cost": _criteria(field, field.cost(index[upper], index[lower])),
        })]
        others = sorted((field.cost(index[upper], index[pid]), pid) for pid in field.ids if pid not in (upper, lower))
        for other_cost, pid in others[:_RUNNERS_UP]:
            if index[pid] in field.forbidden[index[upper]]:
                found.append(skipped(ctx, upper, pid, field.ids))
            else:
                found.append(Reason("why_weighted_other", {
                    "name": ctx.name(pid), "by": ctx.name(ctx.partner.get(pid, pid)),
                    "cost": _criteria(field, other_cost),
                }))
        return tuple(found)

    return reasons


_RUNNERS_UP = 3
"""The other partners a pair's reasons compare it with."""


def _criteria(field: ScoreField, cost: Cost) -> tuple[tuple[str, int], ...]:
    """A cost as (criterion name, value) pairs in priority order; publish/ words them."""
    return tuple((criterion.__name__, value) for criterion, value in zip(field.criteria, cost, strict=True))


def _text(value: Fraction | None) -> str:
    return "0" if value is None else number_text(value)
