"""Answers to "why?": a tie-break comparison step by step (R6), and why each pair of a round was formed (R7, R2).

Nothing here decides anything: the comparison reads the values `standings()` ranked by, and a round is explained
by rebuilding what its pairing method read (`round_state`) and replaying the method's choices. Reasons are message
codes with parameters (texts in `forsxl.messages`), so that every language words them its own way.

A pairing method explains its own choices through the reasoner of its record in `pairing.methods.METHODS`; a method
without one still gets the generic facts of every pair (places, points, group, handicap).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.config import PairingMethod, Tiebreak
from forsxl.engine.errors import ForsxlError, nearest
from forsxl.engine.groups import group_rules
from forsxl.engine.handicap import GameHandicap, Side, game_handicap, side
from forsxl.engine.model import Game, Player, PlayerId, Points, Round, Sitout, Tournament, name_key
from forsxl.engine.pairing.gotha import GOTHA_WEIGHTS, gotha_bye_weight
from forsxl.engine.pairing.methods import METHODS, SCHEDULED
from forsxl.engine.pairing.neighbours import bye_order
from forsxl.engine.pairing.reasons import Reason, RoundContext
from forsxl.engine.standings import Standing, standings, tournament_start_points
from forsxl.engine.tournament import Seated, round_state, seated

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


def comparisons_above(table: Sequence[Standing], criteria: Sequence[Tiebreak]) -> dict[PlayerId, Comparison]:
    """Each player's comparison with the one listed just above (the leader's with the one just below), as the
    player cards of the results site show it (R6); none for a player alone in the table."""
    found = {}
    for s in table:
        other = neighbour_above(table, s.player.id)
        if other is not None:
            found[s.player.id] = compare(table, s.player.id, other, criteria)
    return found


def find_player(players: Sequence[Player], name: str) -> Player:
    """The player typed as `name`: a start number, the full name as `name_key` folds it, or a unique part of one."""
    wanted = name_key(name)
    if wanted.isdigit():
        found = [p for p in players if int(p.id) == int(wanted)]
    else:
        found = [p for p in players if name_key(p.name) == wanted] or [
            p for p in players if wanted and wanted in name_key(p.name)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ForsxlError("R6", "explain_no_player", name=name, guess=nearest(name, (p.name for p in players)))
    raise ForsxlError("R6", "explain_ambiguous", name=name, names=", ".join(p.name for p in found))


# --- why each pair of a round (R7, R2, R5) ---


@dataclass(frozen=True)
class HandicapWhy:
    """The handicap as pairing computes it for the pair (`game_handicap`, R2.1-R2.6) beside the steps, stones and komi
    the game has: they differ by a referee's edit, or by R2.4 and R2.6 after R2.2."""

    rules: GameHandicap
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
    method: PairingMethod
    pairs: tuple[PairWhy, ...]
    sitouts: tuple[Reason, ...]


def _handicap(t: Tournament, game: Game, upper: Side, lower: Side) -> HandicapWhy:
    """The handicap R2 computes for the pair by the rules of its group (R3), and the game's."""
    rules = game_handicap(upper, lower, group_rules(max(game.group, 1), t.config.groups), t.config)
    return HandicapWhy(rules, game.steps, game.stones, game.komi)


def _seated(t: Tournament, number: int, table: list[Standing], present: tuple[PlayerId, ...],
            scheduled: bool) -> Seated:
    """The round's players as the handicap read them when it was made: a paired round's seated as `pair_round` seats
    them (R2, R3), a scheduled round's by start points, as `schedule_tournament` does (R7.5, R7.6), its games
    carrying their groups."""
    if not scheduled:
        return seated(t, number, table, present)
    start = tournament_start_points(t)
    sides = {p.id: side(p.id, p.rating, start[p.id], 0, 0, False, t.config, p.rank) for p in t.players}
    return Seated(number, table, present, {}, sides)


def _bye_reasons(ctx: RoundContext) -> tuple[Reason, ...]:
    """The bye (R5): of the players with the fewest byes the lowest-ranked with whom the rest can be paired; with
    OpenGotha's weights, as OpenGotha gives it, the least weight. Everyone ranked below the bye, and everyone the rule
    would have asked first, is named with why not."""
    if ctx.bye is None:
        return ()
    order = [ctx.state.players[i] for i in bye_order(ctx.state, ctx.rules)]
    ranking = list(ctx.state.players)
    first = set(order[: order.index(ctx.bye)])
    passed = first | set(ranking[ranking.index(ctx.bye) + 1:])
    gotha = ctx.rules.weights in GOTHA_WEIGHTS
    reasons = [Reason("why_bye_gotha", _bye_weight(ctx, ctx.bye)) if gotha else
               Reason("why_bye", {"name": ctx.name(ctx.bye)})]
    byes = ctx.state.byes
    for pid in sorted(passed, key=ranking.index, reverse=True):
        if pid in first:
            reasons.append(Reason("why_bye_unpairable", {"name": ctx.name(pid)}))
        elif gotha:
            tied = gotha_bye_weight(ctx.state, pid) == gotha_bye_weight(ctx.state, ctx.bye)
            reasons.append(Reason("why_bye_gotha_listed", {"name": ctx.name(pid), "bye": ctx.name(ctx.bye)}) if tied
                           else Reason("why_bye_gotha_more", _bye_weight(ctx, pid)))
        else:
            more = byes.get(pid, 0) > byes.get(ctx.bye, 0)
            reasons.append(Reason("why_bye_had" if more else "why_bye_unpairable", {"name": ctx.name(pid)}))
    return tuple(reasons)


def _bye_weight(ctx: RoundContext, pid: PlayerId) -> dict[str, object]:
    """A player's weight for OpenGotha's bye and what it is made of (R5, `gotha_bye_weight`)."""
    state = ctx.state
    return {"name": ctx.name(pid), "weight": gotha_bye_weight(state, pid), "rank": state.ranks.get(pid, 0) - 30,
            "score": Fraction(state.gotha_scores.get(pid, 0), 2), "byes": state.byes.get(pid, 0)}


def explain_round(t: Tournament, number: int) -> RoundWhy:
    """Why each pair of round `number` was formed (R7, R2, R3, R5, R7.7, R7.8).

    For every board: both players' positions in the ranking before the round (R6) and their points, the group,
    the handicap from the difference, and the method's reasons (its record in `METHODS`); playoff and superfinal
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
    seats = _seated(t, number, table, present, scheduled)
    sides = seats.sides
    state, rules = round_state(t, seats)
    partner = {g.black: g.white for g in main} | {g.white: g.black for g in main}
    ctx = RoundContext(t, number, method, state, rules, partner, byes[0] if len(byes) == 1 else None)
    position = {pid: i + 1 for i, pid in enumerate(present)}
    reasoner = METHODS[method].reasons
    pair_reasons = reasoner(ctx) if reasoner is not None else None
    pairs = []
    for game in sorted(rnd.games, key=lambda g: g.board):
        upper, lower = sorted((game.black, game.white), key=lambda pid: position.get(pid, len(position) + pid))
        if game.stage:
            reasons: tuple[Reason, ...] = (Reason("why_stage", {"stage": game.stage}),)
        else:
            reasons = pair_reasons(upper, lower) if pair_reasons is not None else (
                Reason("why_method", {"method": method}),)
        pairs.append(PairWhy(
            game.stage or str(game.board), upper, lower, position.get(upper, 0), position.get(lower, 0),
            sides[upper].points, sides[lower].points, game.group, _handicap(t, game, sides[upper], sides[lower]),
            reasons,
        ))
    sitouts = _bye_reasons(ctx) if not scheduled else tuple(
        Reason("why_scheduled_bye", {"name": t.player(pid).name}) for pid in byes)
    sitouts += tuple(Reason("why_absent" if kind == Sitout.ABSENT else "why_unpaired", {"name": t.player(pid).name})
                     for pid, kind in rnd.sitouts if kind in (Sitout.ABSENT, Sitout.UNPAIRED))
    return RoundWhy(number, method, tuple(pairs), sitouts)
