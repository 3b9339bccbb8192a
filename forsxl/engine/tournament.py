"""Pairing a round end to end: ranking, groups, bye, pairing, handicap and colours (R3, R5, R7, R2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.attendance import excluded
from forsxl.engine.config import Config, Descend, PairingMethod, StepKind
from forsxl.engine.errors import ForsxlError
from forsxl.engine.groups import cut_groups, group_rules
from forsxl.engine.handicap import (
    adjusted_difference,
    basis_difference,
    basis_value,
    corrected_steps,
    handicap_steps,
    stones_and_komi,
)
from forsxl.engine.model import Game, PlayerId, Points, Round, Sitout, Tournament
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState
from forsxl.engine.pairing.neighbours import pair_neighbours
from forsxl.engine.pairing.shift import pair_rating_shift, pair_shift
from forsxl.engine.standings import Standing, standings

PAIRING_METHODS: dict[PairingMethod, Callable[[RoundState, PairingRules], Pairing]] = {
    PairingMethod.NEIGHBOURS: pair_neighbours,
    PairingMethod.SHIFT: pair_shift,
    PairingMethod.RATING_SHIFT: pair_rating_shift,
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
    wins: Fraction
    descended: bool


def _game(board: int, upper: _Side, lower: _Side, group: int, config: Config) -> Game:
    """Handicap by the upper player's group (R3); the stronger gives (R2.5), even games balance colours.

    The result-based correction (R2.4) and a player's descent from an even group (R2.6) come last.
    """
    rules = group_rules(group, config.groups)
    handicap = config.handicap
    difference = basis_difference((upper.rating, lower.rating), (upper.points, lower.points), handicap)
    difference = adjusted_difference(difference, rules.factor * handicap.factor, rules.reduction + handicap.reduction)
    steps = handicap_steps(difference, rules.steps, handicap)
    upper_gives = basis_value(upper.rating, upper.points, handicap) >= basis_value(lower.rating, lower.points, handicap)
    giver, taker = (upper, lower) if upper_gives else (lower, upper)
    if handicap.correction:
        steps = corrected_steps(steps, giver.wins, taker.wins)
    if handicap.descend == Descend.EVEN and (upper.descended or lower.descended):
        steps = 0
    if steps:
        white, black = giver, taker
    else:
        black, white = (upper, lower) if upper.blacks < lower.blacks else (lower, upper)
    stones, komi = stones_and_komi(steps, rules.steps, handicap, config.komi)
    return Game(board, black.pid, white.pid, stones, komi, steps, group)


def _descended(t: Tournament, number: int, groups: Mapping[PlayerId, int]) -> frozenset[PlayerId]:
    """Players whose group is lower than last round, coming from a group that plays even (R2.6)."""
    if number == 1 or t.config.handicap.descend == Descend.HANDICAP:
        return frozenset()
    played = t.rounds[number - 2].players()
    before = [s.player.id for s in standings(t, before_round=number - 1) if s.player.id in played]
    previous = cut_groups(before, t.config.groups.sizes)
    return frozenset(
        pid for pid, group in groups.items()
        if pid in previous and group > previous[pid]
        and group_rules(previous[pid], t.config.groups).steps == StepKind.EVEN
    )


_SHARE = {"+": Fraction(1), "=": Fraction(1, 2)}


def _forfeit_losses(standing: Standing) -> int:
    return sum(c.forfeit and c.outcome == "-" for c in standing.cells)


def pair_round(t: Tournament, number: int) -> Round:
    """Round `number`: the present players paired by the configured method, with handicaps (R7, R2, R3, R5)."""
    table = standings(t, before_round=number)
    points: Mapping[PlayerId, Points] = {s.player.id: s.points for s in table}
    wins = {s.player.id: sum((_SHARE.get(c.outcome or "", Fraction(0)) for c in s.cells if c.opponent), Fraction(0))
            for s in table}
    present = tuple(
        s.player.id for s in table
        if s.player.plays_in(number) and not excluded(_forfeit_losses(s), t.config.rounds, t.config.attendance)
    )
    earlier = [r for r in t.rounds if r.number < number]
    state = RoundState(
        round=number,
        players=present,
        met=frozenset(frozenset((g.black, g.white)) for r in earlier for g in r.games),
        teams={p.id: p.team for p in t.players if p.team},
        clubs={p.id: p.club for p in t.players if p.club},
        byes=frozenset(pid for r in earlier for pid, kind in r.sitouts if kind == Sitout.BYE),
        names={p.id: p.name for p in t.players},
        ratings={p.id: p.rating for p in t.players},
        rounds=t.config.rounds,
    )
    c = t.config.pairing
    rules = PairingRules(c.allow_rematch, c.avoid_same_club, c.shift, c.shift_order, c.shift_rating)
    pairing = PAIRING_METHODS[c.method_for(number)](state, rules)
    groups = cut_groups(present, t.config.groups.sizes)
    blacks = Counter(g.black for r in earlier for g in r.games)

    descended = _descended(t, number, groups)

    def side(pid: PlayerId) -> _Side:
        return _Side(pid, t.player(pid).rating, points[pid], blacks[pid], wins[pid], pid in descended)

    games = tuple(
        _game(board, side(upper), side(lower), groups[upper], t.config)
        for board, (upper, lower) in enumerate(pairing.pairs, start=1)
    )
    sitouts = [(pairing.bye, Sitout.BYE)] if pairing.bye is not None else []
    sitouts += [(p.id, Sitout.ABSENT) for p in t.players
                if not p.plays_in(number) and number in p.absent
                and (p.left_after is None or number <= p.left_after)]
    return Round(number, games, tuple(sitouts))
