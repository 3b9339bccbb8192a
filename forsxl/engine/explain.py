"""Answers to "why?": a tie-break comparison step by step (R6), and why each pair of a round was formed (R7, R2).

Nothing here decides anything: the comparison reads the values `standings()` ranked by, and a round is explained
by rebuilding what its pairing method read (`round_state`) and replaying the method's choices. Reasons are message
codes with parameters (texts in `forsxl.messages`), so that every language words them its own way.

A pairing method explains its own choices through `ROUND_REASONS`, keyed by `PairingMethod`; a method without an
entry still gets the generic facts of every pair (places, points, group, handicap, what the hard rules forbade).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from forsxl.engine.config import SCHEDULED, PairingMethod, ShiftOrder, StepKind, Tiebreak
from forsxl.engine.errors import ForsxlError
from forsxl.engine.groups import cut_groups, group_rules, group_sizes
from forsxl.engine.handicap import Side, game_handicap, side
from forsxl.engine.model import Game, Player, PlayerId, Points, Round, Sitout, Tournament, number_text
from forsxl.engine.pairing.constraints import PairingRules, RoundState
from forsxl.engine.pairing.neighbours import bye_order
from forsxl.engine.pairing.shift import nearest_to, shift_of, shift_partner
from forsxl.engine.pairing.weighted import CRITERIA, Cost, ScoreField, score_field
from forsxl.engine.standings import Standing, standings, tournament_start_points
from forsxl.engine.tournament import round_state, sides_before

# --- "why is X above me" (R6) ---


@dataclass(frozen=True)
class Step:
    """One criterion of the ranking with the two players' values (higher ranks first, R6)."""

    criterion: Tiebreak
    upper: Fraction
    lower: Fraction

    @property
    def decides(self) -> bool:
        return self.upper != self.lower


@dataclass(frozen=True)
class Comparison:
    """Two players of one standings table, the higher first, and the criteria compared until one differed (R6).

    `decided_by` is None when every criterion is equal: they share a place and are listed in start-number order.
    """

    upper: Standing
    lower: Standing
    steps: tuple[Step, ...]
    decided_by: Tiebreak | None


def compare(table: Sequence[Standing], a: PlayerId, b: PlayerId, criteria: Sequence[Tiebreak]) -> Comparison:
    """Why one of `a` and `b` ranks above the other: the criteria in order, up to the first that differs (R6).

    The values are those the ranking used: a criterion such as `direct` is computed among the players still tied
    when it applies, and up to the deciding criterion `a` and `b` are tied, so their values are comparable.
    """
    index = {s.player.id: i for i, s in enumerate(table)}
    upper, lower = sorted((table[index[a]], table[index[b]]), key=lambda s: index[s.player.id])
    steps = []
    for criterion in criteria:
        step = Step(criterion, upper.values[criterion], lower.values[criterion])
        steps.append(step)
        if step.decides:
            return Comparison(upper, lower, tuple(steps), criterion)
    return Comparison(upper, lower, tuple(steps), None)


def neighbour_above(table: Sequence[Standing], pid: PlayerId) -> PlayerId | None:
    """The player listed just above `pid` (R6); for the leader, the one just below; None when alone."""
    ids = [s.player.id for s in table]
    i = ids.index(pid)
    if i > 0:
        return ids[i - 1]
    return ids[1] if len(ids) > 1 else None


def find_player(players: Sequence[Player], name: str) -> Player:
    """The player typed as `name`: a start number, the full name in any case, or a unique part of a name."""
    wanted = name.strip().casefold()
    if wanted.isdigit():
        found = [p for p in players if int(p.id) == int(wanted)]
    else:
        found = [p for p in players if p.name.casefold() == wanted] or [
            p for p in players if wanted and wanted in p.name.casefold()]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ForsxlError("R6", "explain_no_player", name=name)
    raise ForsxlError("R6", "explain_ambiguous", name=name, names=", ".join(p.name for p in found))


# --- why each pair of a round (R7, R2, R5) ---


@dataclass(frozen=True)
class Reason:
    """One sentence of an explanation: a message code and its parameters (player names already resolved)."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class HandicapWhy:
    """The handicap from the difference (R2.1-R2.3) as the Config computes it, and the steps the game has."""

    difference: Fraction
    """|basis difference| before the group's factor and reduction (R2.1)."""
    factor: Fraction
    reduction: int
    adjusted: Fraction
    kind: StepKind
    computed: int
    """Steps from the adjusted difference (R2.2); the game may differ by R2.4, R2.6 or a referee's edit."""
    steps: int
    stones: int
    komi: Fraction


@dataclass(frozen=True)
class PairWhy:
    """One board: who, where both stood before the round, the group and handicap, and the reasons."""

    board: str
    upper: PlayerId
    lower: PlayerId
    upper_position: int
    lower_position: int
    """1-based positions in the ranking before the round among the players paired (0: not in it)."""
    upper_points: Points
    lower_points: Points
    group: int
    handicap: HandicapWhy
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class RoundWhy:
    number: int
    method: PairingMethod | None
    pairs: tuple[PairWhy, ...]
    sitouts: tuple[Reason, ...]


@dataclass(frozen=True)
class RoundContext:
    """What a method's reasoner may read: the state its pairing read, and this round's outcome."""

    t: Tournament
    number: int
    method: PairingMethod
    state: RoundState
    rules: PairingRules
    partner: Mapping[PlayerId, PlayerId]
    bye: PlayerId | None

    def name(self, pid: PlayerId) -> str:
        return self.t.player(pid).name

    @cached_property
    def score_field(self) -> ScoreField:
        """The round as McMahon and Swiss pairing saw it (R7.4): built once, read by every pair's reasons."""
        return score_field(self.state, self.rules, _seated(self))


Reasoner = Callable[[RoundContext, PlayerId, PlayerId], tuple[Reason, ...]]
"""A method's reasons for one pair (both in `state.players`); registered in `ROUND_REASONS`."""


def _met_in(t: Tournament, number: int, a: PlayerId, b: PlayerId) -> int:
    pair = {a, b}
    return next(r.number for r in t.rounds if r.number < number for g in r.games if {g.black, g.white} == pair)


def _same(labels: Mapping[PlayerId, str], a: PlayerId, b: PlayerId) -> bool:
    first = labels.get(a, "").strip().casefold()
    return bool(first) and first == labels.get(b, "").strip().casefold()


def skipped(ctx: RoundContext, chooser: PlayerId, candidate: PlayerId, order: Sequence[PlayerId]) -> Reason:
    """Why `chooser`, taking partners top-down in `order`, did not get `candidate` (R7, R7.1, R9).

    Already taken by a player processed earlier; a rematch; kept apart by the Avoid column; team-mates; the club
    preference; else choosing them would have left someone below without a legal opponent, so that pair was
    broken (R7.1).
    """
    position = {pid: i for i, pid in enumerate(order)}
    other = ctx.partner.get(candidate)
    if other is not None and position.get(other, len(order)) < position[chooser]:
        return Reason("why_taken", {"name": ctx.name(candidate), "by": ctx.name(other)})
    if not ctx.rules.allow_rematch and frozenset((chooser, candidate)) in ctx.state.met:
        return Reason("why_rematch", {"name": ctx.name(candidate),
                                      "round": _met_in(ctx.t, ctx.number, chooser, candidate)})
    if frozenset((chooser, candidate)) in ctx.state.avoid:
        return Reason("why_avoided", {"name": ctx.name(candidate)})
    if _same(ctx.state.teams, chooser, candidate):
        return Reason("why_teammates", {"name": ctx.name(candidate), "team": ctx.state.teams[candidate]})
    if ctx.rules.avoid_same_club and _same(ctx.state.clubs, chooser, candidate):
        return Reason("why_same_club", {"name": ctx.name(candidate), "club": ctx.state.clubs[candidate]})
    return Reason("why_rest_unpairable", {"name": ctx.name(candidate)})


def _seated(ctx: RoundContext) -> list[PlayerId]:
    return [pid for pid in ctx.state.players if pid != ctx.bye]


def _explain_walk(
    ctx: RoundContext, order: Sequence[PlayerId], a: PlayerId, b: PlayerId,
    candidates: Callable[[int], Iterable[int]], headline: Callable[[PlayerId, PlayerId], Reason],
) -> tuple[Reason, ...]:
    """The top-down walk of R7.1-R7.3 in `order`: the chooser is the one of the pair processed first; each
    candidate it preferred to its partner is listed with why it was skipped."""
    position = {pid: i for i, pid in enumerate(order)}
    chooser, partner = sorted((a, b), key=lambda pid: position[pid])
    reasons = [headline(chooser, partner)]
    for c in candidates(position[chooser]):
        pid = order[c]
        if pid == partner:
            break
        if c > position[chooser]:
            reasons.append(skipped(ctx, chooser, pid, order))
    return tuple(reasons)


def neighbours_reasons(ctx: RoundContext, a: PlayerId, b: PlayerId) -> tuple[Reason, ...]:
    """Neighbour pairing (R7.1): the highest unpaired player meets the nearest allowed player below."""
    order = _seated(ctx)
    return _explain_walk(
        ctx, order, a, b, lambda i: range(i + 1, len(order)),
        lambda up, low: Reason("why_neighbours", {"upper": ctx.name(up), "lower": ctx.name(low)}),
    )


def shift_reasons(ctx: RoundContext, a: PlayerId, b: PlayerId) -> tuple[Reason, ...]:
    """Shift pairing (R7.2): the planned partner i+s, else the allowed one nearest to it, the smaller shift first."""
    order = _seated(ctx)
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

    return _explain_walk(ctx, order, a, b, lambda i: nearest_to(shift_partner(i, count, shift), i, count), headline)


def rating_shift_reasons(ctx: RoundContext, a: PlayerId, b: PlayerId) -> tuple[Reason, ...]:
    """Rating shift (R7.3): each meets the unpaired rating closest to their own minus `pairing.shift_rating`."""
    order = _seated(ctx)
    ratings = [ctx.t.player(pid).rating for pid in order]

    def candidates(i: int) -> list[int]:
        target = ratings[i] - ctx.rules.shift_rating
        return sorted(range(i + 1, len(order)), key=lambda j: (abs(ratings[j] - target), -ratings[j], j))

    def headline(up: PlayerId, low: PlayerId) -> Reason:
        rating = ctx.t.player(up).rating
        return Reason("why_rating_shift", {"upper": ctx.name(up), "lower": ctx.name(low), "rating": rating,
                                           "target": rating - ctx.rules.shift_rating,
                                           "found": ctx.t.player(low).rating})

    return _explain_walk(ctx, order, a, b, candidates, headline)


def scheduled_reasons(ctx: RoundContext, a: PlayerId, b: PlayerId) -> tuple[Reason, ...]:
    """Round robin and Serp (R7.5, R7.6): every round was fixed before the first."""
    return (Reason("why_scheduled", {"method": ctx.method.value}),)


def weighted_reasons(ctx: RoundContext, a: PlayerId, b: PlayerId) -> tuple[Reason, ...]:
    """McMahon and Swiss (R7.4): the pair's scores and its cost criterion by criterion, then the cheapest other
    partners of the better-placed player and why the optimum did not give them."""
    field = ctx.score_field
    index = {pid: i for i, pid in enumerate(field.ids)}
    upper, lower = sorted((a, b), key=index.__getitem__)
    cost = field.cost(index[upper], index[lower])
    score = ctx.state.scores
    reasons = [Reason("why_weighted", {
        "upper": ctx.name(upper), "lower": ctx.name(lower), "su": _text(score.get(upper)),
        "sl": _text(score.get(lower)), "cost": _criteria(cost),
    })]
    others = sorted((field.cost(index[upper], index[pid]), pid) for pid in field.ids if pid not in (upper, lower))
    for other_cost, pid in others[:_RUNNERS_UP]:
        if index[pid] in field.forbidden[index[upper]]:
            reasons.append(skipped(ctx, upper, pid, field.ids))
        else:
            reasons.append(Reason("why_weighted_other", {
                "name": ctx.name(pid), "by": ctx.name(ctx.partner.get(pid, pid)),
                "cost": _criteria(other_cost),
            }))
    return tuple(reasons)


_RUNNERS_UP = 3


def _criteria(cost: Cost) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(CRITERIA, cost, strict=True))


def _text(value: Fraction | None) -> str:
    return "0" if value is None else number_text(value)


ROUND_REASONS: dict[PairingMethod, Reasoner] = {
    PairingMethod.MCMAHON: weighted_reasons,
    PairingMethod.SWISS: weighted_reasons,
    PairingMethod.NEIGHBOURS: neighbours_reasons,
    PairingMethod.SHIFT: shift_reasons,
    PairingMethod.RATING_SHIFT: rating_shift_reasons,
    PairingMethod.ROUND_ROBIN: scheduled_reasons,
    PairingMethod.SERP: scheduled_reasons,
}
"""Each pairing method's own reasons; a method not listed gets only the generic facts of each pair."""


def _handicap(t: Tournament, game: Game, upper: Side, lower: Side) -> HandicapWhy:
    """The handicap R2 computes for the pair by the rules of the upper player's group (R3), and the game's."""
    computed = game_handicap(upper, lower, group_rules(max(game.group, 1), t.config.groups), t.config)
    return HandicapWhy(computed.difference, computed.factor, computed.reduction, computed.adjusted, computed.kind,
                       computed.computed, game.steps, game.stones, game.komi)


def _sides(t: Tournament, number: int, table: list[Standing], present: tuple[PlayerId, ...],
           scheduled: bool) -> Mapping[PlayerId, Side]:
    """Every player as the handicap read them when the round was made: a scheduled round's by start points, as
    `schedule_tournament` does (R7.5, R7.6), a paired round's as `pair_round` does (R2)."""
    if not scheduled:
        return sides_before(t, number, table, cut_groups(present, group_sizes(t)))
    start = tournament_start_points(t)
    return {p.id: side(p.id, p.rating, start[p.id], 0, 0, False, t.config) for p in t.players}


def _bye_reasons(ctx: RoundContext) -> tuple[Reason, ...]:
    """The bye (R5): of the players with the fewest byes the lowest-ranked with whom the rest can be paired. Everyone
    ranked below the bye, and everyone R5 would have asked first, is named with why not."""
    if ctx.bye is None:
        return ()
    order = [ctx.state.players[i] for i in bye_order(ctx.state)]
    ranking = list(ctx.state.players)
    passed = set(order[: order.index(ctx.bye)]) | set(ranking[ranking.index(ctx.bye) + 1:])
    reasons = [Reason("why_bye", {"name": ctx.name(ctx.bye)})]
    byes = ctx.state.byes
    for pid in sorted(passed, key=ranking.index, reverse=True):
        more = byes.get(pid, 0) > byes.get(ctx.bye, 0)
        reasons.append(Reason("why_bye_had" if more else "why_bye_unpairable", {"name": ctx.name(pid)}))
    return tuple(reasons)


def explain_round(t: Tournament, number: int) -> RoundWhy:
    """Why each pair of round `number` was formed (R7, R2, R3, R5, R7.7, R7.8).

    For every board: both players' positions in the ranking before the round (R6) and their points, the group,
    the handicap from the difference, and the method's reasons from `ROUND_REASONS`; playoff and superfinal
    games say so. Byes say why that player (R5), absences that they were announced.
    """
    rnd: Round | None = next((r for r in t.rounds if r.number == number), None)
    if rnd is None or not rnd.games:
        raise ForsxlError("R7", "explain_no_round", round=number)
    scheduled = t.config.pairing.method[0] in SCHEDULED
    method = t.config.pairing.method[0] if scheduled else t.config.pairing.method_for(number)
    table = standings(t, before_round=number)
    main = [g for g in rnd.games if not g.stage]
    byes = [pid for pid, kind in rnd.sitouts if kind == Sitout.BYE]
    playing = {pid for g in main for pid in (g.black, g.white)} | set(byes)
    present = tuple(s.player.id for s in table if s.player.id in playing)
    sides = _sides(t, number, table, present, scheduled)
    state, rules = round_state(t, number, present, table, sides)
    partner = {g.black: g.white for g in main} | {g.white: g.black for g in main}
    ctx = RoundContext(t, number, method, state, rules, partner, byes[0] if len(byes) == 1 else None)
    position = {pid: i + 1 for i, pid in enumerate(present)}
    reasoner = ROUND_REASONS.get(method)
    pairs = []
    for game in sorted(rnd.games, key=lambda g: g.board):
        upper, lower = sorted((game.black, game.white), key=lambda pid: position.get(pid, len(position) + pid))
        if game.stage:
            reasons: tuple[Reason, ...] = (Reason("why_stage", {"stage": game.stage}),)
        else:
            reasons = reasoner(ctx, upper, lower) if reasoner is not None else (
                Reason("why_method", {"method": method.value}),)
        pairs.append(PairWhy(
            game.stage or str(game.board), upper, lower, position.get(upper, 0), position.get(lower, 0),
            sides[upper].points, sides[lower].points, game.group, _handicap(t, game, sides[upper], sides[lower]),
            reasons,
        ))
    sitouts = _bye_reasons(ctx) if not scheduled else tuple(
        Reason("why_scheduled_bye", {"name": t.player(pid).name}) for pid in byes)
    sitouts += tuple(Reason("why_absent", {"name": t.player(pid).name}) for pid, kind in rnd.sitouts
                     if kind == Sitout.ABSENT)
    return RoundWhy(number, method, tuple(pairs), sitouts)
