"""Neighbour pairing, top-down, breaking the last formed pair when stuck (R7.1)."""

from __future__ import annotations

from forsxl.engine.model import PlayerId
from forsxl.engine.pairing.constraints import (
    Pairing,
    PairingRules,
    RoundState,
    club_preference,
    forbidden_by_index,
    impossible,
)
from forsxl.engine.pairing.gotha import GOTHA_WEIGHTS, gotha_bye_order
from forsxl.engine.pairing.matching import first_perfect_matching, has_perfect_matching
from forsxl.engine.pairing.reasons import PairReasons, Reason, RoundContext, explain_walk


def bye_order(state: RoundState, rules: PairingRules) -> list[int]:
    """Bye candidates as indices, most deserving first: the lowest-ranked of those with the fewest byes (R5, R7.4);
    with OpenGotha's weights, as OpenGotha gives the bye (`gotha_bye_order`).

    RULES.md is silent when everyone has had a bye; forsxl then starts again from the bottom.
    """
    if rules.weights in GOTHA_WEIGHTS:
        return gotha_bye_order(state)
    bottom_up = list(range(len(state.players) - 1, -1, -1))
    return sorted(bottom_up, key=lambda i: state.byes.get(state.players[i], 0))


def choose_bye(state: RoundState, rules: PairingRules, forbidden: list[frozenset[int]]) -> int | None:
    """The bye's index for an odd field: the first of `bye_order` with whom the rest can be paired (R5)."""
    n = len(state.players)
    if n % 2 == 0:
        return None
    bye = next((i for i in bye_order(state, rules) if has_perfect_matching(n, forbidden, without=i)), None)
    if bye is None:
        raise impossible(state, rules, lambda only: pairable(state, rules, only))
    return bye


def pair_neighbours(state: RoundState, rules: PairingRules) -> Pairing:
    """Each highest-ranked unpaired player meets the nearest allowed player below (R7.1).

    [000]: "if the top two have met, play 1-3, 2-4, 5-6"; when someone further down is left
    without a legal opponent, the most recently formed pair is broken. The result is the
    lexicographically first legal pairing, found with a matching oracle instead of backtracking.
    """
    n = len(state.players)
    forbidden = forbidden_by_index(state, rules)
    bye = choose_bye(state, rules, forbidden)
    pairs = first_perfect_matching(n, forbidden, without=bye, prefer=club_preference(state, rules))
    if pairs is None:
        raise impossible(state, rules, lambda only: pairable(state, rules, only))
    return Pairing(
        tuple((state.players[a], state.players[b]) for a, b in pairs),
        None if bye is None else state.players[bye],
    )


def pairable(state: RoundState, rules: PairingRules, only: tuple[str, ...]) -> bool:
    """Whether the round can be paired at all under the hard rules `only` (for `impossible`, R7)."""
    n = len(state.players)
    forbidden = forbidden_by_index(state, rules, only)
    if n % 2 == 0:
        return has_perfect_matching(n, forbidden)
    return any(has_perfect_matching(n, forbidden, without=i) for i in range(n))


def neighbours_reasons(ctx: RoundContext) -> PairReasons:
    """Neighbour pairing (R7.1): the highest unpaired player meets the nearest allowed player below."""
    order = ctx.seated()

    def headline(upper: PlayerId, lower: PlayerId) -> Reason:
        return Reason("why_neighbours", {"upper": ctx.name(upper), "lower": ctx.name(lower)})

    return lambda a, b: explain_walk(ctx, order, a, b, lambda i: range(i + 1, len(order)), headline)
