"""Byes, absences, late entry and withdrawal (R5)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from forsxl.engine.config import Attendance, Scoring
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Outcome, Player, PlayerId, Points, Result, Round, RoundCell, Sitout, Tournament
from forsxl.engine.pairing.methods import SCHEDULED
from forsxl.engine.scoring import SCHEMES


def bye_points(rules: Attendance, scoring: Scoring) -> Points:
    """Points for a bye: `bye_points`, by default the scheme's (R5): half the points at stake in an even game
    for Fors schemes [000], a win in renju [000 §4.3] and in win-loss."""
    return SCHEMES[scoring.scheme].bye if rules.bye_points is None else rules.bye_points


def late_points(rules: Attendance, scoring: Scoring) -> Points:
    """Points per round a late entrant missed before their first game: `late_points`, by default the scheme's (R5):
    half the points at stake in an even game for Fors schemes [000], 0 in renju [000 §3.3] and in win-loss."""
    return SCHEMES[scoring.scheme].late if rules.late_points is None else rules.late_points


def absent_points(rules: Attendance, scoring: Scoring) -> Points:
    """Points per announced absence after the player's first game: `absent_points`, by default the scheme's (R5):
    an even game lost (10 in fors30, 0 in renju and win-loss).

    [000] credits half the points at stake to late entrants only, who join from the second day; it says nothing of
    a player who misses a round later. An absence by choice scoring the field's average would pay better than
    playing for half the field, and scoring 0 would make it a forfeit; it scores as a lost even game.
    """
    return SCHEMES[scoring.scheme].absent if rules.absent_points is None else rules.absent_points


def excluded(cells: Iterable[RoundCell], rounds: int, rules: Attendance) -> bool:
    """Whether forfeit losses in more than `exclude_after` of all rounds exclude the player for good (R5).

    [000 §5.3.2]: "more than a third of all rounds"; the share is of the rounds planned, not played. The losses
    are counted only when the rule is on: pairing asks for every player before every round.
    """
    if rules.exclude_after is None:
        return False
    return sum(c.forfeit and c.outcome == Outcome.LOSS for c in cells) > rules.exclude_after * rounds


def late_entrants(t: Tournament, number: int) -> list[Player]:
    """The players to be paired in round `number` who have had no game and no bye before it: late entrants (R5)."""
    came = {pid for r in t.rounds if r.number < number for pid in (
        *(p for g in r.games for p in (g.black, g.white)), *(p for p, kind in r.sitouts if kind == Sitout.BYE))}
    return [p for p in t.players if number > 1 and p.plays_in(number) and p.id not in came]


def late_entry_problems(t: Tournament, number: int) -> list[ForsxlError]:
    """A refusal for each late entrant to round `number` once more than `attendance.late_until` of the rounds have
    passed (R5).

    [000 §3.3]: «допустима дополнительная регистрация опоздавших участников, но только в том случае, если прошло не
    более 1/3 всех запланированных туров»: the referee may admit a late entrant up to then, and past it nobody may,
    so pairing refuses and names them rather than pair them with a warning. A referee who admits one all the same
    clears the key, and the Config says so.
    """
    share, rounds = t.config.attendance.late_until, t.config.rounds
    if share is None or number - 1 <= share * rounds:
        return []
    return [ForsxlError("R5", "late_entry_refused", p.source, name=p.name, round=number, passed=number - 1,
                        rounds=rounds, limit=int(share * rounds)) for p in late_entrants(t, number)]


def unscheduled_problems(t: Tournament) -> tuple[list[ForsxlError], list[ForsxlError]]:
    """(Refusals, warnings): one for each player in no round of a round robin or Serp written in advance, entered
    after `forsxl schedule` (R5). A refusal where `attendance.late_until` limits late entry, as [000 §3.3] «При
    круговой схеме опоздавшие не допускаются»; else a warning that they have no game."""
    if t.config.pairing.method[0] not in SCHEDULED or t.config.stages.plan or not t.rounds:
        return [], []
    listed = frozenset().union(*(r.players() for r in t.rounds))
    refused = t.config.attendance.late_until is not None
    said = [ForsxlError("R5", "late_entry_scheduled" if refused else "unscheduled", p.source, name=p.name)
            for p in t.players if p.id not in listed]
    return (said, []) if refused else ([], said)


def withdrawal_forfeits(t: Tournament, through: int | None = None) -> tuple[Tournament, list[ForsxlError]]:
    """The tournament as scored, and a note per player it changed: in a round robin or Serp, a game after a
    player's `left_after` round with no result typed is a forfeit loss for whoever left (both left: a double
    forfeit), and their later byes go (R5). So it is in the rounds up to `through`; by default those reached, up to
    the last with a result typed: a round still to come scores nothing before it is played (the simulator, which
    plays them all, scores them all).

    [000 §5.3.1]: the player stays in the table with a loss in every remaining game. A result a referee typed
    always stands; the Result cells are never written, only the points follow.
    """
    if t.config.pairing.method[0] not in SCHEDULED:
        return t, []
    if through is None:
        through = max((r.number for r in t.rounds if r.has_results()), default=0)
    left = [p for p in t.players if p.left_after is not None]
    changed: dict[PlayerId, list[int]] = {p.id: [] for p in left}
    rounds = []
    for rnd in t.rounds:
        gone = {p.id for p in left if p.has_left(rnd.number)} if rnd.number <= through else set()
        unplayed = {p for g in rnd.games if g.result is None for p in (g.black, g.white)}
        for pid in gone & (unplayed | {p for p, _ in rnd.sitouts}):
            changed[pid].append(rnd.number)
        games = tuple(_forfeit(g, g.black in gone, g.white in gone) for g in rnd.games)
        rounds.append(Round(rnd.number, games, tuple((pid, kind) for pid, kind in rnd.sitouts if pid not in gone)))
    notes = [ForsxlError("R5", "withdrawal_forfeits", p.source, name=p.name, left=p.left_after,
                         rounds=", ".join(map(str, changed[p.id])))
             for p in left if changed[p.id]]
    return replace(t, rounds=tuple(rounds)), notes


def _forfeit(g: Game, black_gone: bool, white_gone: bool) -> Game:
    """The game as scored when either player has left: with no result typed, a forfeit loss for whoever left (R5)."""
    if g.result is not None or not (black_gone or white_gone):
        return g
    one = Result.WHITE_FORFEIT if black_gone else Result.BLACK_FORFEIT
    return g.with_result(Result.DOUBLE_FORFEIT if black_gone and white_gone else one)
