"""Shift pairing (R7.2) and rating-shift opening rounds (R7.3).

Both give every player a wanted partner and a candidate order around it; players are taken top-down
and, when someone further down is stuck, the last formed pair is broken as in R7.1. That
backtracking is computed exactly, in polynomial time, by the matching oracle of R7.1 with a
per-player candidate order (`first_perfect_matching(..., prefer=...)`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache

from forsxl.engine.config import ShiftOrder
from forsxl.engine.model import PlayerId
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState, forbidden_by_index, impossible
from forsxl.engine.pairing.matching import first_perfect_matching
from forsxl.engine.pairing.neighbours import choose_bye, pairable
from forsxl.engine.pairing.reasons import PairReasons, Reason, RoundContext, explain_walk

Prefer = Callable[[int], Iterable[int]]


def shift_of(state: RoundState, rules: PairingRules) -> int:
    """The shift s of this round (R7.2): `pairing.shift`, or the rounds still to play, this one included."""
    if rules.shift is not None:
        return max(rules.shift, 1)
    last = state.rounds if state.rounds is not None else state.round
    return max(last - state.round + 1, 1)


def shift_partner(position: int, count: int, shift: int) -> int:
    """The planned partner of `position` among `count` (R7.2): in each block of 2s the k-th meets the
    (k+s)-th; a tail of m < 2s players is paired the same way with shift m/2.

    A shift larger than half the list therefore acts as half the list: 8 players with s = 6 play 1-5, 2-6, ...
    """
    block = 2 * shift
    full = count // block * block
    start, half = (position // block * block, shift) if position < full else (full, (count - full) // 2)
    return position + half if position - start < half else position - half


def nearest_to(target: int, me: int, count: int) -> Iterator[int]:
    """Positions nearest to `target` first; of two at one distance, the one nearer to `me` (smaller shift)."""
    if target != me:
        yield target
    for distance in range(1, count):
        for j in sorted((target - distance, target + distance), key=lambda j: abs(j - me)):
            if 0 <= j < count and j != me:
                yield j


def pair_shift(state: RoundState, rules: PairingRules) -> Pairing:
    """Pair i with i+s, in blocks of 2s, in the ranking or the start list (R7.2, [002] FORS-m, FORS-2009).

    s is `pairing.shift`, or the rounds still to play including this one; a tail of m < 2s players is
    paired with shift m/2. [002], 12 players: 1-7, ..., 6-12 (s = 6); then 1-6, ..., 5-10, 11-12 (s = 5);
    then 1-5, ..., 4-8, 9-11, 10-12 (s = 4). Top-down, each unpaired player wants its planned partner;
    when that pair is not allowed, the allowed partner nearest to it, the smaller shift first on a tie
    ("reducing the shift at a clash", [002]); a player whose planned partner is taken (its upper player
    went elsewhere) is such a player's nearest below, so the displaced pair up among themselves. When
    someone is stuck, the last formed pair is broken as in R7.1. The bye is R5's, as in neighbour
    pairing; the start list is start-number order. That the first round's shift is at least the number
    of rounds is checked in Config (`pairing.shift`), not here.
    """
    shift = shift_of(state, rules)

    def order(seated: list[int]) -> list[int]:
        if rules.shift_order == ShiftOrder.START:
            return sorted(seated, key=lambda i: state.players[i])
        return seated

    def prefer(seated: Sequence[int]) -> Prefer:
        count = len(seated)
        return lambda a: nearest_to(shift_partner(a, count, shift), a, count)

    return _pair_top_down(state, rules, order, prefer)


def pair_rating_shift(state: RoundState, rules: PairingRules) -> Pairing:
    """Rating-shift opening rounds (R7.3, [002] FORS-2004): top-down in the ranking, each player meets the
    unpaired opponent whose rating is closest to their own minus `pairing.shift_rating` (200-300).

    On a tie the higher rating (the smaller handicap) is preferred, then the higher-ranked. When someone
    is stuck, the last formed pair is broken as in R7.1; the bye is R5's. The rounds it is used for are
    `pairing.method` with `pairing.until` (`rating_shift, neighbours` with `until: 1`).
    """

    def prefer(seated: Sequence[int]) -> Prefer:
        ratings = [state.ratings[state.players[i]] for i in seated]

        @cache
        def candidates(a: int) -> list[int]:
            target = ratings[a] - rules.shift_rating
            return sorted(range(a + 1, len(seated)), key=lambda j: (abs(ratings[j] - target), -ratings[j], j))

        return candidates

    return _pair_top_down(state, rules, lambda seated: seated, prefer)


def _pair_top_down(
    state: RoundState,
    rules: PairingRules,
    order: Callable[[list[int]], list[int]],
    prefer: Callable[[Sequence[int]], Prefer],
) -> Pairing:
    """The bye (R5), then the first pairing top-down in `order` with each player's `prefer` candidates (R7).

    Indices are positions in `state.players`; `order` sorts the seated ones for the method, and
    `prefer(seated)` gives candidates as positions in that order. Pairs come out as (upper, lower) in
    the ranking, boards in ranking order of the upper player.
    """
    n = len(state.players)
    forbidden = forbidden_by_index(state, rules)
    bye = choose_bye(state, rules, forbidden)
    seated = order([i for i in range(n) if i != bye])
    local = {i: k for k, i in enumerate(seated)}
    local_forbidden = [frozenset(local[j] for j in forbidden[i] if j in local) for i in seated]
    pairs = first_perfect_matching(len(seated), local_forbidden, prefer=prefer(seated))
    if pairs is None:
        raise impossible(state, rules, lambda only: pairable(state, rules, only))
    games = sorted(sorted((seated[a], seated[b])) for a, b in pairs)
    return Pairing(
        tuple((state.players[a], state.players[b]) for a, b in games),
        None if bye is None else state.players[bye],
    )


def shift_reasons(ctx: RoundContext) -> PairReasons:
    """Shift pairing (R7.2): the planned partner i+s, else the allowed one nearest to it, the smaller shift first."""
    order = ctx.seated()
    if ctx.rules.shift_order == ShiftOrder.START:
        order.sort()
    shift, count = shift_of(ctx.state, ctx.rules), len(order)

    def headline(up: PlayerId, low: PlayerId) -> Reason:
        me = order.index(up)
        planned = order[shift_partner(me, count, shift)]
        params = {"upper": ctx.name(up), "lower": ctx.name(low), "shift": shift, "planned": ctx.name(planned),
                  "position": shift_partner(me, count, shift) + 1, "order": ctx.rules.shift_order.value}
        if planned == low:
            return Reason("why_shift_planned", params)
        if order.index(planned) < me:
            return Reason("why_shift_displaced", {**params, "by": ctx.name(ctx.partner.get(planned, planned))})
        return Reason("why_shift_moved", params)

    def candidates(i: int) -> Iterator[int]:
        return nearest_to(shift_partner(i, count, shift), i, count)

    return lambda a, b: explain_walk(ctx, order, a, b, candidates, headline)


def rating_shift_reasons(ctx: RoundContext) -> PairReasons:
    """Rating shift (R7.3): each meets the unpaired rating closest to their own minus `pairing.shift_rating`."""
    order = ctx.seated()
    ratings = [ctx.t.player(pid).rating for pid in order]

    def candidates(i: int) -> list[int]:
        target = ratings[i] - ctx.rules.shift_rating
        return sorted(range(i + 1, len(order)), key=lambda j: (abs(ratings[j] - target), -ratings[j], j))

    def headline(up: PlayerId, low: PlayerId) -> Reason:
        rating = ctx.t.player(up).rating
        return Reason("why_rating_shift", {"upper": ctx.name(up), "lower": ctx.name(low), "rating": rating,
                                           "target": rating - ctx.rules.shift_rating,
                                           "found": ctx.t.player(low).rating})

    return lambda a, b: explain_walk(ctx, order, a, b, candidates, headline)
