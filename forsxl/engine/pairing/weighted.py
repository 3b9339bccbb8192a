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
  §1.3, gotha.py), its score and geography, draw-up/draw-down, seeding and colour terms summed at its own
  magnitudes.
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
optima forsxl takes OpenGotha's (gotha.py, `gotha_matching`).
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from itertools import accumulate
from math import ceil, floor, isqrt, lcm
from operator import mul
from typing import Any

from forsxl.engine.config import ColourPriority, Edge, Seat, Seeding
from forsxl.engine.model import PlayerId, number_text
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState, forbidden_by_index, impossible
from forsxl.engine.pairing.gotha import (
    GABOW_LIMIT,
    GOTHA_WEIGHTS,
    GothaCosts,
    gotha_chunks,
    gotha_key,
    gotha_lot,
    gotha_matching,
    gotha_text,
)
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



def opengotha(field: ScoreField, a: int, b: int) -> int:
    """OpenGotha's cost function below the duplicate-game term (`GothaCosts`), as one criterion (R7.4)."""
    return field.gotha.cost(a, b)


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
        return score, state.places.get(p, rank[p]), rating, gotha_key(state.names.get(p, ""))

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
        bound[opengotha] = field.gotha.bound(score_lb, removed_total)
    return tuple(bound.get(criterion, 0) for criterion in field.criteria)


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
    for chunk in gotha_chunks(state, players) if rules.weights in GOTHA_WEIGHTS else [players]:
        field = score_field(state, rules, chunk)
        matching = best_matching(field)
        if matching is None:
            raise impossible(state, rules, lambda only: pairable(state, rules, only))
        found += [(field.ids[a], field.ids[b]) for a, b in matching]
    rank = {pid: i for i, pid in enumerate(state.players)}
    pairs = sorted((tuple(sorted(pair, key=rank.__getitem__)) for pair in found), key=lambda pair: rank[pair[0]])
    return Pairing(tuple((a, b) for a, b in pairs), None if bye is None else state.players[bye])


def even_black(state: RoundState, rules: PairingRules, a: PlayerId, b: PlayerId) -> PlayerId | None:
    """Who of a pair playing even takes Black in McMahon and Swiss (R7.4): the one with more Whites than Blacks in
    even games so far; on a tie, with `swiss.weights: opengotha`, OpenGotha's lot over the names, else None (R2.5
    decides)."""
    ca, cb = state.colours.get(a, 0), state.colours.get(b, 0)
    if ca != cb:
        return a if ca > cb else b
    if rules.weights not in GOTHA_WEIGHTS:
        return None
    names = (gotha_text(state.names.get(a, "")), gotha_text(state.names.get(b, "")))
    white = a if gotha_lot(1, *names) == 0 else b  # OpenGotha: White the first of its pair on a 0, else the second
    return b if white == a else a


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
