"""Pairing a round end to end: ranking, groups, bye, pairing, handicap and colours (R3, R5, R7, R2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.config import Config, PairingMethod
from forsxl.engine.errors import ForsxlError
from forsxl.engine.groups import cut_groups, group_rules
from forsxl.engine.handicap import (
    adjusted_difference,
    basis_difference,
    basis_value,
    handicap_steps,
    stones_and_komi,
)
from forsxl.engine.model import Game, PlayerId, Points, Round, Sitout, Tournament
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState
from forsxl.engine.pairing.neighbours import pair_neighbours
from forsxl.engine.standings import standings

PAIRING_METHODS: dict[PairingMethod, Callable[[RoundState, PairingRules], Pairing]] = {
    PairingMethod.NEIGHBOURS: pair_neighbours,
}


def round_to_pair(t: Tournament, number: int | None = None, force: bool = False) -> int:
    """The round `pair` may pair now; refuses to skip an unfinished round or re-pair a played one (R11)."""
    if not t.players:
        raise ForsxlError("R7", "no_players")
    last = t.rounds[-1] if t.rounds else None
    if number is None:
        number = 1 if last is None else last.number + 1
    if last is not None and number == last.number:
        if last.has_results():
            raise ForsxlError("R11", "round_has_results", round=number)
        if not force:
            raise ForsxlError("R7", "round_already_paired", round=number)
        return number
    expected = 1 if last is None else last.number + 1
    if number != expected:
        raise ForsxlError("R7", "round_out_of_order", round=number, expected=expected)
    if last is not None and not last.complete:
        game = next(g for g in last.games if g.result is None)
        raise ForsxlError("R11", "round_incomplete", game.source, round=last.number, board=game.board)
    if number > t.config.rounds:
        raise ForsxlError("R7", "all_rounds_paired", rounds=t.config.rounds)
    return number


@dataclass(frozen=True)
class _Side:
    pid: PlayerId
    rating: int
    points: Points
    blacks: int


def _game(board: int, upper: _Side, lower: _Side, group: int, config: Config) -> Game:
    """Handicap by the upper player's group (R3); the stronger gives (R2.5), even games balance colours."""
    rules = group_rules(group, config.groups)
    difference = basis_difference((upper.rating, lower.rating), (upper.points, lower.points), config.handicap)
    difference = adjusted_difference(
        difference, rules.factor * config.handicap.factor, rules.reduction + config.handicap.reduction
    )
    steps = handicap_steps(difference, rules.steps, config.handicap)
    stones, komi = stones_and_komi(steps, rules.steps, config.handicap, config.komi)
    if steps:
        upper_basis = basis_value(upper.rating, upper.points, config.handicap)
        lower_basis = basis_value(lower.rating, lower.points, config.handicap)
        white, black = (lower, upper) if lower_basis > upper_basis else (upper, lower)
    else:
        black, white = (upper, lower) if upper.blacks < lower.blacks else (lower, upper)
    return Game(board, black.pid, white.pid, stones, komi, steps, group)


def pair_round(t: Tournament, number: int) -> Round:
    """Round `number`: the present players paired by the configured method, with handicaps (R7, R2, R3, R5)."""
    table = standings(t, before_round=number)
    points: Mapping[PlayerId, Points] = {s.player.id: s.points for s in table}
    present = tuple(s.player.id for s in table if s.player.plays_in(number))
    earlier = [r for r in t.rounds if r.number < number]
    state = RoundState(
        round=number,
        players=present,
        met=frozenset(frozenset((g.black, g.white)) for r in earlier for g in r.games),
        teams={p.id: p.team for p in t.players if p.team},
        clubs={p.id: p.club for p in t.players if p.club},
        byes=frozenset(pid for r in earlier for pid, kind in r.sitouts if kind == Sitout.BYE),
        names={p.id: p.name for p in t.players},
    )
    rules = PairingRules(t.config.pairing.allow_rematch, t.config.pairing.avoid_same_club)
    pairing = PAIRING_METHODS[t.config.pairing.method](state, rules)
    groups = cut_groups(present, t.config.groups.sizes)
    blacks = Counter(g.black for r in earlier for g in r.games)

    def side(pid: PlayerId) -> _Side:
        return _Side(pid, t.player(pid).rating, points.get(pid, Fraction(0)), blacks[pid])

    games = tuple(
        _game(board, side(upper), side(lower), groups[upper], t.config)
        for board, (upper, lower) in enumerate(pairing.pairs, start=1)
    )
    sitouts = [(pairing.bye, Sitout.BYE)] if pairing.bye is not None else []
    sitouts += [(p.id, Sitout.ABSENT) for p in t.players
                if not p.plays_in(number) and number in p.absent
                and (p.left_after is None or number <= p.left_after)]
    return Round(number, games, tuple(sitouts))
