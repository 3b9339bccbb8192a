"""OpenGotha's pairing as its engine does it (R7.4, PEERS §1.2-1.3): its cost function, its lots over the names, its
order of the players, its matching on the complete graph and its chunks of a large field, for `swiss.weights:
opengotha` and `opengotha_cat`. engine/pairing/weighted.py builds the field and the matching for every weights;
this module is what OpenGotha's weights read of it (`GothaField`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import product
from math import floor
from typing import Protocol

from forsxl.engine.config import Edge, Seeding, Weights
from forsxl.engine.model import PlayerId
from forsxl.engine.pairing.constraints import PairingRules, RoundState
from forsxl.engine.pairing.gabow import max_weight_matching


class GothaGroups(Protocol):
    """The score groups OpenGotha's cost function reads, by a field's index (weighted.Groups)."""

    @property
    def group(self) -> list[int]: ...
    @property
    def seat(self) -> list[int]: ...
    @property
    def sizes(self) -> list[int]: ...
    @property
    def value(self) -> list[int]: ...
    @property
    def number(self) -> list[int]: ...
    @property
    def category(self) -> list[int]: ...


class GothaField(Protocol):
    """What OpenGotha's cost function reads of a field of players by index (weighted.ScoreField)."""

    @property
    def ids(self) -> list[PlayerId]: ...
    @property
    def sizes(self) -> list[int]: ...
    @property
    def forbidden(self) -> list[frozenset[int]]: ...
    @property
    def met(self) -> list[frozenset[int]]: ...
    @property
    def club(self) -> list[str]: ...
    @property
    def country(self) -> list[str]: ...
    @property
    def colour(self) -> list[int]: ...
    @property
    def drawn_up(self) -> list[int]: ...
    @property
    def drawn_down(self) -> list[int]: ...
    @property
    def state(self) -> RoundState: ...
    @property
    def rules(self) -> PairingRules: ...
    @property
    def opengotha(self) -> GothaGroups: ...
    @property
    def gotha(self) -> GothaCosts: ...
    def members(self, group: int) -> range: ...


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

    def __init__(self, field: GothaField) -> None:
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
        self.listed = [listed(state, pid) for pid in field.ids]
        self.lots = [_lot_parts(gotha_text(state.names.get(pid, ""))) for pid in field.ids]

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

    def bound(self, score_lb: int, removed: int) -> int:
        """A lower bound on OpenGotha's cost of a matching of the field without `removed` players, whose score part
        is at least `score_lb`: a pair inside a score group costs at least 5 draw-up/draw-down units, one across
        groups at least a point's gap and the seeding weight; a point's gap outweighs the difference, so the fewest
        pairs across that `score_lb` allows cost the least. Besides, each player misses at least half of what geography
        withholds from them at best (the removed players taken as those who miss most), and each pair the colour term's
        weight but for the few pairs due opposite colours (`GothaCosts.colour_bonus`)."""
        pairs = (len(self.field.ids) - removed) // 2
        floors = self.geography_floors
        rest = score_lb + sum(floors) - sum(floors[:removed]) + pairs * _OG_COLOUR - self.colour_bonus
        if self.per_point <= 5 * _OG_DUDD:
            return rest
        return rest + pairs * 5 * _OG_DUDD - -(-score_lb * (5 * _OG_DUDD - _OG_SEEDING) // self.per_point)


def _differ(first: set[str], second: set[str]) -> set[bool]:
    """Whether a player of `first` and one of `second` can be of the same country (club), of different ones."""
    return {*([False] if first & second else []), *([True] if len(first | second) > 1 else [])}


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


_OG_DUPLICATE = 5 * 10**14
"""OpenGotha's default weight of not playing a pair again (its paiBaAvoidDuplGame)."""

GABOW_LIMIT = 200
"""Up to how many players OpenGotha's weights pair with OpenGotha's own matching algorithm (gabow.py), so that among
pairings of equal cost forsxl takes OpenGotha's; larger fields go to rustworkx, which is faster there (about a second
against half a minute or more at 600) and finds an optimum of the same cost, OpenGotha's but for 0.5% of the games
of synthetic fields of 250 to 1000 (bench/README.md, docs/limits.md)."""


def gotha_matching(field: GothaField) -> list[tuple[int, int]] | None:
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


_OG_CHUNK = (200, 600)
"""OpenGotha pairs a field of more than 600 in chunks of 200 to 600 players (its PAIRING_GROUP_MIN and MAX_SIZE)."""


def gotha_chunks(state: RoundState, players: list[PlayerId]) -> list[list[PlayerId]]:
    """The players as OpenGotha pairs them, in chunks while more than 600 are left (R7.4): category by category from
    the strongest, score level by score level from the top, in the order it lists them (the ranking, then the name),
    a chunk closes at 600, at an even size of 200 or more at the end of a level, or when 200 are left."""
    low, high = _OG_CHUNK
    remaining = sorted(players, key=lambda p: listed(state, p))
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


GOTHA_BYE = 1000
"""What OpenGotha's bye adds to a player's weight for each bye they had (Tournament.chooseAByePlayer)."""


def gotha_bye_weight(state: RoundState, pid: PlayerId) -> int:
    """A player's weight for the bye as OpenGotha counts it (R5): the rank (1d 0, 1k -1, 30k -30), twice the McMahon
    score before the round (in Swiss too) and 1000 for each bye had; the least weight gets the bye."""
    return state.ranks.get(pid, 0) - 30 + state.gotha_scores.get(pid, 0) + GOTHA_BYE * state.byes.get(pid, 0)


def gotha_bye_order(state: RoundState) -> list[int]:
    """The bye's candidates as indices of `state.players`, first the one OpenGotha gives it (R5): the least weight
    (`gotha_bye_weight`), of equal weights the last it lists (`listed`: it keeps the last of its list that weighs no
    more than the least so far)."""
    order = sorted(range(len(state.players)), key=lambda i: listed(state, state.players[i]), reverse=True)
    return sorted(order, key=lambda i: gotha_bye_weight(state, state.players[i]))


def listed(state: RoundState, pid: PlayerId) -> tuple[int, tuple[bytes, bytes]]:
    """Where OpenGotha lists a player to pair (its Pair frame's order): by the standings before the round, then by
    name."""
    return state.places.get(pid, 0), gotha_key(state.names.get(pid, ""))


def gotha_key(name: str) -> tuple[bytes, bytes]:
    """A name as OpenGotha sorts it: by name, then first name, in UTF-16 code units."""
    surname, first = gotha_name(name)
    return _utf16(surname), _utf16(first)


def gotha_text(name: str) -> str:
    surname, first = gotha_name(name)
    return surname + first


def gotha_name(name: str) -> tuple[str, str]:
    """(name, first name) as OpenGotha keeps them, from the Name cell as typed, `Surname Firstname` (FORMATS §1.3):
    the first word with its `_` as the spaces of a surname of several words and any spaces before it, then what
    follows the one space after it, as written (`Wang Jiale ` is OpenGotha's `Wang` and `Jiale `)."""
    words = name.lstrip(" ")
    surname, _, first = words.partition(" ")
    return name[:len(name) - len(words)] + surname.replace("_", " "), first
