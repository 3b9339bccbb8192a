"""McMahon and Swiss: the best pairing of every present player as one maximum-weight perfect matching (R7.4).

Each possible pair has a cost: a tuple of criteria in strict priority order, compared lexicographically.
- The hard rules of R7 (no rematch, no team-mates, no Avoid pair) are not costs: such pairs are no edges.
- `rematch`: 1 for a rematch where `pairing.allow_rematch` permits one.
- `score`: (2Δ)² for a score gap Δ, so two gaps of 1 cost less than one of 2 (OpenGotha's concavity); a
  same-club (same-country) pair adds the cost of a gap of `swiss.club_gap` (`country_gap`).
- `floats`: for a pair across score groups, how often the upper player was drawn down before and the lower
  one drawn up.
- `seeding`: inside a group, the squared distance from the seeding partner (fold: 1st-last; slip: 1st with
  the first of the lower half; random: any of the other half); across groups, the squared distances of the
  floaters from the group edges (the upper group's bottom, the lower group's top).
- `colour`: in a pair that would play even, how far both are due the same colour.

The tuples become one integer weight with a bit field per criterion wide enough that no sum over the
pairs of a lower criterion reaches one unit of a higher one: the matching of maximum weight is the
lexicographic optimum, exactly.

Speed: the matching starts on a sparse candidate graph (each player with the `swiss.window` nearest in the
score order and around their seeding partner), widened while it has no perfect matching. Then a
certificate: a pair missing from the graph can only be in a better matching if its own cost, plus a lower
bound on what the other players must cost (score groups of odd size, or with too many players who may not
meet each other, must send floaters, and those floaters' own float and seeding costs), is at most the found
matching's cost. Every such pair is added and the matching solved again, until none is left; so the
result is the complete graph's optimum, computed on a small part of it.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import accumulate
from math import ceil, isqrt, lcm

from forsxl.engine.config import Seeding
from forsxl.engine.model import PlayerId, number_text
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState, forbidden_by_index, impossible
from forsxl.engine.pairing.neighbours import choose_bye, pairable
from forsxl.engine.pairing.reasons import PairReasons, Reason, RoundContext, skipped
from forsxl.engine.pairing.solver import max_matching_size, max_weight_perfect_matching

Cost = tuple[int, int, int, int, int]
"""The values of `CRITERIA` for a pair: lower is better, compared in this order."""


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
    state: RoundState
    rules: PairingRules
    deficient_above: list[int]  # see _deficiencies
    deficient_below: list[int]
    down_sums: list[list[int]]  # per group, prefix sums of the times drawn down, smallest first (_rest_bound)
    up_sums: list[list[int]]

    def gap_cost(self, gap: int) -> int:
        """(2Δ)² for a gap of `gap / unit` points, rounded up where that is not whole."""
        return -(-4 * gap * gap // (self.unit * self.unit))

    def cost(self, a: int, b: int) -> Cost:
        """The cost of pairing a with b: each of `CRITERIA` in order (R7.4)."""
        if a > b:
            a, b = b, a
        return (rematch(self, a, b), score(self, a, b), floats(self, a, b), seeding(self, a, b), colour(self, a, b))

    def members(self, group: int) -> range:
        start = sum(self.sizes[:group])
        return range(start, start + self.sizes[group])


def rematch(field: ScoreField, a: int, b: int) -> int:
    """1 for a rematch where `pairing.allow_rematch` permits one (R7.4); `a` is above `b` in the field."""
    return int(b in field.met[a])


def score(field: ScoreField, a: int, b: int) -> int:
    """(2Δ)² for the score gap, plus a score gap's cost for a same-club or same-country pair (R7.4)."""
    rules = field.rules
    cost = field.gap_cost(field.score[a] - field.score[b])
    if rules.club_gap and field.club[a] and field.club[a] == field.club[b]:
        cost += _points_cost(rules.club_gap)
    if rules.country_gap and field.country[a] and field.country[a] == field.country[b]:
        cost += _points_cost(rules.country_gap)
    return cost


def floats(field: ScoreField, a: int, b: int) -> int:
    """Across score groups, how often the upper player was drawn down and the lower one drawn up before (R7.4)."""
    return 0 if field.group[a] == field.group[b] else field.drawn_down[a] + field.drawn_up[b]


def seeding(field: ScoreField, a: int, b: int) -> int:
    """Inside a group, the squared distance from the seeding partner; across groups, the floaters' squared
    distances from the group edges (R7.4)."""
    group = field.group[a]
    size, x, y = field.sizes[group], field.seat[a], field.seat[b]
    if group != field.group[b]:
        return (size - 1 - x) ** 2 + y ** 2
    if field.rules.seeding == Seeding.FOLD:
        return (x + y - (size - 1)) ** 2
    if field.rules.seeding == Seeding.SLIP:
        return (2 * abs(x - y) - size) ** 2
    if (2 * x < size) != (2 * y < size):  # split and random: any pair across the halves, in a seeded order
        low, high = sorted((field.ids[a], field.ids[b]))
        key = f"{field.rules.lots}|{field.state.round}|{low}|{high}"
        return zlib.crc32(key.encode()) % size
    return size * size


def colour(field: ScoreField, a: int, b: int) -> int:
    """In a pair that would play even, how far both are due the same colour (R7.4)."""
    ca, cb = field.colour[a], field.colour[b]
    if ca * cb > 0 and (field.state.even is None or field.state.even(field.ids[a], field.ids[b])):
        return min(abs(ca), abs(cb))
    return 0


CRITERIA = (rematch, score, floats, seeding, colour)
"""The soft criteria of R7.4 in priority order: the order of a `Cost`."""


def _points_cost(points: Fraction) -> int:
    """(2Δ)² for a gap of `points`, rounded up: the score cost a club or country penalty stands for."""
    return ceil(4 * points * points)


def score_field(state: RoundState, rules: PairingRules, players: Sequence[PlayerId]) -> ScoreField:
    """Players sorted by score, then by rating inside their score group (the seeding order), then ranking."""
    rank = {pid: i for i, pid in enumerate(state.players)}
    ids = sorted(players, key=lambda p: (-state.scores.get(p, Fraction(0)), -state.ratings.get(p, 0), rank[p]))
    points = [state.scores.get(p, Fraction(0)) for p in ids]
    unit = lcm(*(p.denominator for p in points)) if points else 1
    score = [int(p * unit) for p in points]
    group_scores = sorted(set(score), reverse=True)
    group_of = {s: g for g, s in enumerate(group_scores)}
    group = [group_of[s] for s in score]
    sizes = [0] * len(group_scores)
    seat = []
    for g in group:
        seat.append(sizes[g])
        sizes[g] += 1
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

    built = ScoreField(
        ids, unit, score, group, seat, sizes, group_scores, forbidden, [frozenset(m) for m in met],
        [label(state.clubs, p) for p in ids], [label(state.countries, p) for p in ids],
        [state.colours.get(p, 0) for p in ids],
        [state.floats.get(p, (0, 0))[0] for p in ids], [state.floats.get(p, (0, 0))[1] for p in ids],
        state, rules, [], [], [], [],
    )
    built.deficient_above, built.deficient_below = _deficiencies(built)
    built.down_sums = [list(accumulate(sorted(built.drawn_down[i] for i in built.members(g)), initial=0))
                       for g in range(len(sizes))]
    built.up_sums = [list(accumulate(sorted(built.drawn_up[i] for i in built.members(g)), initial=0))
                     for g in range(len(sizes))]
    return built


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
    score = floats = seeding = 0
    above = removed_above = 0
    removed_total = sum(removed.values())
    for k in range(len(field.sizes) - 1):
        above += field.sizes[k] - removed.get(k, 0)
        removed_above += removed.get(k, 0)
        crossings = max(above % 2, field.deficient_above[k] - removed_above,
                        field.deficient_below[k] - (removed_total - removed_above))
        score += crossings * field.gap_cost(field.group_scores[k] - field.group_scores[k + 1])
        floats += _least(field.down_sums[k], crossings) + _least(field.up_sums[k + 1], crossings)
        seeding += 2 * _SQUARES[min(crossings, len(_SQUARES) - 1)]
    return (0, score, floats, seeding, 0)


_SQUARES = [sum(i * i for i in range(c)) for c in range(64)]
"""Σ i² for i < c: the least edge distances of c floaters from one group (beyond 63 the bound stays there)."""


def _least(sums: Sequence[int], count: int) -> int:
    """The sum of the `count` smallest values, from their prefix sums (all of them if there are fewer)."""
    return sums[min(count, len(sums) - 1)]


def _admissible(field: ScoreField, found: Cost, known: Mapping[tuple[int, int], Cost]) -> Iterator[tuple[int, int]]:
    """Every allowed pair not in `known` that could be in a matching at least as good as `found` (the module's
    certificate)."""
    groups = len(field.sizes)
    for ga in range(groups):
        for gb in range(ga, groups):
            if ga == gb and field.sizes[ga] < 2:
                continue
            rest = _rest_bound(field, Counter((ga, gb)))
            gap = field.gap_cost(field.group_scores[ga] - field.group_scores[gb])
            budget = _minus(found, (0, gap + rest[1], *rest[2:]))
            if budget < (0,) * len(CRITERIA):
                continue
            for a, b in _group_pairs(field, ga, gb, budget):
                if (a, b) in known or b in field.forbidden[a]:
                    continue
                cost = field.cost(a, b)
                if _minus(cost, (0, gap, 0, 0, 0)) <= budget:
                    yield a, b


def _minus(a: Cost, b: Cost) -> Cost:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


def _group_pairs(field: ScoreField, ga: int, gb: int, budget: Cost) -> Iterator[tuple[int, int]]:
    """The pairs between two groups worth testing against what is left of the cost (`budget`): all of them, or
    inside a group where only the seeding is left to spend, the seats close enough to the seeding partner."""
    if ga != gb:
        upper, lower = field.members(ga), field.members(gb)
        if budget[:3] == (0, 0, 0):  # no float may cost more than the bound: the floaters sit near the group edges
            reach = isqrt(max(budget[3], 0))
            upper, lower = range(max(upper.start, upper.stop - 1 - reach), upper.stop), lower[: reach + 1]
        yield from ((a, b) for a in upper for b in lower)
        return
    members = field.members(ga)
    if budget[:3] > (0, 0, 0) or field.rules.seeding == Seeding.RANDOM:
        yield from ((a, b) for a in members for b in members if a < b)
        return
    reach, size, first = isqrt(max(budget[3], 0)), len(members), members.start
    for x in range(size):
        if field.rules.seeding == Seeding.FOLD:  # (x + y - (size - 1))² within the budget
            seats: Iterator[int] | range = range(max(x + 1, size - 1 - x - reach), min(size, size - x + reach))
        else:  # slip: (2|x - y| - size)² within the budget
            seats = (x + d for d in range(max(1, (size - reach + 1) // 2), (size + reach) // 2 + 1) if x + d < size)
        yield from ((first + x, first + y) for y in seats)


def _weights(field: ScoreField, costs: Mapping[tuple[int, int], Cost]) -> dict[tuple[int, int], int]:
    """Costs as one integer weight each, a bit field per criterion, higher for better pairs (see the module)."""
    pairs = len(field.ids) // 2
    worst = [max(column) for column in zip(*costs.values(), strict=True)] if costs else [0] * len(CRITERIA)
    units = [1] * len(CRITERIA)
    for i in reversed(range(len(CRITERIA) - 1)):
        units[i] = units[i + 1] * (pairs * worst[i + 1] + 1)
    top = 1 + sum(u * w for u, w in zip(units, worst, strict=True))
    r, s, f, d, c = units
    return {edge: top - r * cost[0] - s * cost[1] - f * cost[2] - d * cost[3] - c * cost[4]
            for edge, cost in costs.items()}


def best_matching(field: ScoreField) -> list[tuple[int, int]] | None:
    """The lexicographically cheapest perfect matching of the field, or None if the hard rules allow none."""
    n = len(field.ids)
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
        found = total_cost(costs[e] for e in matching)
        missing = list(_admissible(field, found, costs))
        if not missing:
            return matching
        costs.update((e, field.cost(*e)) for e in missing)


def total_cost(costs: Iterable[Cost]) -> Cost:
    """The criteria summed over pairs, still in priority order."""
    total = [0] * len(CRITERIA)
    for cost in costs:
        for i, value in enumerate(cost):
            total[i] += value
    return (total[0], total[1], total[2], total[3], total[4])


def pair_weighted(state: RoundState, rules: PairingRules) -> Pairing:
    """Swiss and McMahon (R7.4): the bye first (the lowest score among those with the fewest byes, R5), then the
    optimal matching of the rest; boards in the order of each pair's best-ranked player."""
    forbidden = forbidden_by_index(state, rules)
    bye = choose_bye(state, rules, forbidden)
    players = [p for i, p in enumerate(state.players) if i != bye]
    field = score_field(state, rules, players)
    matching = best_matching(field)
    if matching is None:
        raise impossible(state, rules, lambda only: pairable(state, rules, only))
    rank = {pid: i for i, pid in enumerate(state.players)}
    pairs = sorted((tuple(sorted((field.ids[a], field.ids[b]), key=rank.__getitem__)) for a, b in matching),
                   key=lambda pair: rank[pair[0]])
    return Pairing(tuple((a, b) for a, b in pairs), None if bye is None else state.players[bye])


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
            "sl": _text(score.get(lower)), "cost": _criteria(field.cost(index[upper], index[lower])),
        })]
        others = sorted((field.cost(index[upper], index[pid]), pid) for pid in field.ids if pid not in (upper, lower))
        for other_cost, pid in others[:_RUNNERS_UP]:
            if index[pid] in field.forbidden[index[upper]]:
                found.append(skipped(ctx, upper, pid, field.ids))
            else:
                found.append(Reason("why_weighted_other", {
                    "name": ctx.name(pid), "by": ctx.name(ctx.partner.get(pid, pid)), "cost": _criteria(other_cost),
                }))
        return tuple(found)

    return reasons


_RUNNERS_UP = 3
"""The other partners a pair's reasons compare it with."""


def _criteria(cost: Cost) -> str:
    return ", ".join(f"{criterion.__name__} {value}" for criterion, value in zip(CRITERIA, cost, strict=True))


def _text(value: Fraction | None) -> str:
    return "0" if value is None else number_text(value)
