"""The standings (R6): each player's round cells and points, ranked by the tie-breaks (engine/tiebreaks.py), with
shared places; start points (R1) and the groups' cut (R3) read them."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from forsxl.engine.attendance import absent_points, bye_points, late_points
from forsxl.engine.config import Attendance, Config, Scoring, Tiebreak
from forsxl.engine.groups import cut_groups, group_sizes
from forsxl.engine.model import (
    Color,
    Game,
    Outcome,
    Player,
    PlayerId,
    Points,
    Result,
    Round,
    RoundCell,
    Sitout,
    Tournament,
)
from forsxl.engine.scoring import SCHEMES
from forsxl.engine.scoring import game_points as points_of_game  # `game_points` here is the R6 criterion
from forsxl.engine.start_points import start_points
from forsxl.engine.tiebreaks import TIEBREAKS, TiebreakTable, tie_classes, tiebreak_table


class Standing(NamedTuple):
    """A player's row of the standings (R6). A NamedTuple, as RoundCell: standings run before every pairing."""

    player: Player
    place: str
    start: Points
    points: Points
    values: Mapping[Tiebreak, Fraction]
    cells: tuple[RoundCell, ...]
    group: int = 0
    """The player's group in the round under way (R3), as pairing cuts it (engine/tournament.py `with_groups`); 0
    without groups, or for a player not in that round."""

    @property
    def place_number(self) -> int:
        """The place as a number, the first of a shared range (`3-4` is 3), for a spreadsheet to sort by (R6)."""
        return int(self.place.partition("-")[0])

    @property
    def shared_place(self) -> str:
        """The shared places, `3-4`, or empty when the place is the player's alone (R6)."""
        return self.place if "-" in self.place else ""


WIN, DRAW, LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
_OUTCOME = {
    Result.BLACK_WINS: (WIN, LOSS), Result.WHITE_WINS: (LOSS, WIN), Result.DRAW: (DRAW, DRAW),
    Result.BLACK_FORFEIT: (WIN, LOSS), Result.WHITE_FORFEIT: (LOSS, WIN), Result.DOUBLE_FORFEIT: (LOSS, LOSS),
    Result.BOTH_WIN: (WIN, WIN),
}
"""(Black's outcome, White's) of each result."""


def _game_cells(game: Game, number: int, scoring: Scoring) -> tuple[RoundCell, RoundCell]:
    """(Black's cell, White's cell) for one board."""
    if game.result is None:
        black_out: Outcome | None = None
        white_out: Outcome | None = None
        black_pts: Points | None = None
        white_pts: Points | None = None
    else:
        black_pts, white_pts = points_of_game(game, game.result, scoring)
        black_out, white_out = _OUTCOME[game.result]
        if game.result == Result.DRAW and game.steps and not scoring.any_draw:  # R2.3: a tie goes to White
            black_out, white_out = LOSS, WIN
    forfeit = game.result is not None and game.result.is_forfeit
    return (
        RoundCell(number, game.white, black_out, black_pts, Color.BLACK, game.stones, game.steps, forfeit),
        RoundCell(number, game.black, white_out, white_pts, Color.WHITE, game.stones, game.steps, forfeit),
    )


def _sitout_cell(number: int, points: Points, sitout: Sitout | None, scoring: Scoring) -> RoundCell:
    scheme = SCHEMES[scoring.scheme]
    outcome = WIN if points >= scheme.win else LOSS if points <= scheme.loss else DRAW
    return RoundCell(number, None, outcome, points, sitout=sitout)


@lru_cache(maxsize=64)
def _round_cells(rnd: Round, scoring: Scoring, attendance: Attendance) -> Mapping[PlayerId, RoundCell]:
    """The cells of a round's games and byes, by player: those who were there. Every later round's standings read
    them (and a simulation plays thousands of rounds), so each round's are built once; callers must not change
    them."""
    cells: dict[PlayerId, RoundCell] = {}
    for game in rnd.games:
        cells[game.black], cells[game.white] = _game_cells(game, rnd.number, scoring)
    for pid, sitout in rnd.sitouts:
        if sitout == Sitout.BYE:
            cells[pid] = _sitout_cell(rnd.number, bye_points(attendance, scoring), sitout, scoring)
        elif sitout == Sitout.UNPAIRED:  # there, not paired: nothing, as OpenGotha scores it
            cells[pid] = _sitout_cell(rnd.number, Fraction(0), sitout, scoring)
    return cells


def round_cells(
    t: Tournament, rounds: Sequence[Round], joining: int | None = None
) -> dict[PlayerId, list[RoundCell]]:
    """Every player's cell in each round (R5). A round without a game or a bye is, before the player's first game
    or bye, a late entrant's round (`late_points`), after it an announced absence (`absent_points`), and 0 after
    leaving.

    [000] credits late entrants as they join ("и они включаются в игру"): until a player has a game or a bye, or
    is to be paired in round `joining` (the round the standings are for), their rounds give nothing, so a name on
    the list who has not played ranks on start points alone, below everyone of the same start who played.

    With `attendance.late_at_once` a late entrant's rounds count at once, also for one who never plays; with
    `attendance.round_down` the byes' and absences' points are added up round by round and rounded down to whole
    points, as OpenGotha's "round down NBW/MMS": each such cell holds what the rounded sum gained, and reads as what
    the round is worth (an absence of ½ is `0=` every time, not `0-` and `0+` in turn, as OpenGotha shows it).
    """
    config = t.config
    played = [_round_cells(rnd, config.scoring, config.attendance) for rnd in rounds]
    first: dict[PlayerId, int] = {}
    for rnd, there in zip(rounds, played, strict=True):
        for pid in there:
            first.setdefault(pid, rnd.number)
    missed = (late_points(config.attendance, config.scoring), absent_points(config.attendance, config.scoring))
    cells: dict[PlayerId, list[RoundCell]] = {p.id: [] for p in t.players}
    for player in t.players:
        joined = first.get(player.id, joining if joining is not None and player.plays_in(joining) else None)
        if config.attendance.late_at_once:  # every missed round counts as it comes, as OpenGotha counts it
            joined = first.get(player.id, rounds[-1].number + 1 if rounds else 1)
        row = cells[player.id]
        sitouts = Fraction(0)
        for rnd, there in zip(rounds, played, strict=True):
            cell = there.get(player.id)
            cell = _missed_cell(rnd.number, player, joined, missed, config.scoring) if cell is None else cell
            if config.attendance.round_down and cell.opponent is None and cell.points:
                before, sitouts = sitouts, sitouts + cell.points
                cell = cell._replace(points=Fraction(math.floor(sitouts) - math.floor(before)))
            row.append(cell)
    return cells


def _missed_cell(number: int, player: Player, joined: int | None, missed: tuple[Points, Points],
                 scoring: Scoring) -> RoundCell:
    """A round without a game or a bye: 0 after leaving, nothing before joining, late or absent points (R5)."""
    if player.has_left(number):
        return _sitout_cell(number, Fraction(0), None, scoring)
    if joined is None:
        return RoundCell(number, None, None, None)
    return _sitout_cell(number, missed[0] if number < joined else missed[1], Sitout.ABSENT, scoring)


def founders(t: Tournament) -> frozenset[PlayerId] | None:
    """The players of round 1, who fix the top group's start points (R1.2); None before round 1, and while round 1
    has no one in it (a sheet of headers only): with no founder there would be no top group at all (issue 39)."""
    return (t.rounds[0].players() or None) if t.rounds else None


def tournament_start_points(t: Tournament) -> Mapping[PlayerId, Points]:
    """Every player's start points under the tournament's Config, groups cut from the founders (R1)."""
    sizes = group_sizes(t)
    top, middle = (sizes[0] if sizes else 0), (sizes[1] if len(sizes) > 1 else 0)
    return _start_points(t.players, t.config.start, top, founders(t), middle_size=middle, ratings=t.config.ratings)


_start_points = lru_cache(maxsize=64)(start_points)
"""The same players, rules and founders before every pairing (R1: start points never move): computed once."""


def _table(t: Tournament, rounds: Sequence[Round], seed: str, joining: int | None = None) -> TiebreakTable:
    return tiebreak_table({p.id: p for p in t.players}, tournament_start_points(t), round_cells(t, rounds, joining),
                          seed, t.config)


def rows_table(rows: Sequence[Standing], seed: str, config: Config) -> TiebreakTable:
    """What the criteria read, taken from finished standings rows: their cells, start and points (R6), counted by
    the `config`'s rules.

    Prize lists (engine/prizes.py) rank subsets of a final table this way, whatever produced it (stages, playoff).
    """
    return tiebreak_table({s.player.id: s.player for s in rows}, {s.player.id: s.start for s in rows},
                          {s.player.id: list(s.cells) for s in rows}, seed, config,
                          {s.player.id: s.points for s in rows})


Values = dict[Tiebreak, dict[PlayerId, Fraction]]


def _tie_classes(
    table: TiebreakTable, ids: Iterable[PlayerId], criteria: Sequence[Tiebreak], every_value: bool = True
) -> tuple[list[list[PlayerId]], Values]:
    return tie_classes(table, ids, [(c, TIEBREAKS[c]) for c in criteria], every_value)


def lot_seed(t: Tournament) -> str:
    """Lots are seeded from the tournament name, so the same workbook ranks the same everywhere (R6)."""
    return f"forsxl|{t.config.name}"


def round_groups(t: Tournament, number: int, ranked: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Each of the `ranked` players' group before round `number` (R3), every player in group 1 without groups: the
    ranking's order (`standings(t, before_round=number)`), or `groups.order` on the same table (ties keep the
    ranking's order), cut top-down by the fixed sizes.

    [002 §FORS-2004] cuts its groups «по количеству очков в турнире (при равенстве очков предпочтение отдается по
    коэффициенту ... КС ..., а затем – рейтингу)», which `groups.order` may set apart from the ranking."""
    sizes = group_sizes(t)
    if t.config.groups.order and sizes:
        rounds = [r for r in t.rounds if not r.superfinal and r.number < number]
        table = _table(t, rounds, lot_seed(t), number)
        position = {pid: i for i, pid in enumerate(ranked)}
        classes, _ = _tie_classes(table, ranked, t.config.groups.order, every_value=False)
        ranked = [pid for group in classes for pid in sorted(group, key=position.__getitem__)]
    return cut_groups(ranked, sizes)


def standings(t: Tournament, before_round: int | None = None, ranking_only: bool = False) -> list[Standing]:
    """The standings after the rounds so far (or before `before_round`, as pairing it sees them: a late entrant to
    be paired in it has the rounds they missed credited, R5), in ranking order (R6).

    The superfinal's games (R7.8) score nothing and are left out. Places are shared ("3-4") where every
    configured criterion ties; the list itself is a total order, ties kept in start-number order, which
    is the ranking pairing uses. `ranking_only` (pairing) leaves out the tie-break values, which only the
    Standings sheet and the page show, and values a player already ranked alone no further: the same order and
    places, much faster. The groups are pairing's (`with_groups`).
    """
    rounds = [r for r in t.rounds if not r.superfinal and (before_round is None or r.number < before_round)]
    table = _table(t, rounds, lot_seed(t), before_round)
    classes, values = _tie_classes(table, table.cells, t.config.tiebreaks, every_value=not ranking_only)
    result: list[Standing] = []
    for group in classes:
        first = len(result) + 1
        place = str(first) if len(group) == 1 else f"{first}-{first + len(group) - 1}"
        for pid in group:
            result.append(Standing(
                table.players[pid], place, table.start[pid], table.points(pid),
                {c: shown[pid] for c, shown in values.items() if pid in shown}, tuple(table.cells[pid]),
            ))
    return result
