"""Tie-breaks (R6): the table every criterion reads, each criterion of the catalogue, and the classes of players they
leave tied.

A criterion gives each tied player a whole number of 1/`unit`, higher first; `TIEBREAKS` lists them by their Config
names. engine/standings.py ranks by them, engine/prizes.py ranks its lists by them and by its own.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TypeVar

from forsxl.engine.config import Config, Ratings, Scheme, Tiebreak, UnplayedLoss
from forsxl.engine.model import Color, Outcome, Player, PlayerId, Points, RoundCell, Sitout
from forsxl.engine.values import Rank

WIN, DRAW, LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
K = TypeVar("K")


class _OnDemand(dict[PlayerId, int]):
    """A value per player, computed when first read."""

    def __init__(self, value: Callable[[PlayerId], int]) -> None:
        super().__init__()
        self.value = value

    def __missing__(self, pid: PlayerId) -> int:
        self[pid] = result = self.value(pid)
        return result


def _in_units(unit: int, value: Points) -> int:
    """`value` as a whole number of 1/`unit`; `unit` is a multiple of its denominator."""
    return value.numerator * (unit // value.denominator)


@dataclass(frozen=True)
class TiebreakTable:
    """What every criterion reads. Points are whole numbers of 1/`unit` (the common denominator of every point in the
    table) and wins whole numbers of halves: sums and comparisons stay exact and run on ints, many times faster than
    on Fractions (standings run before every pairing, and a simulation pairs thousands of rounds). What only some
    criteria read is computed when first read."""

    players: Mapping[PlayerId, Player]
    start: Mapping[PlayerId, Points]
    cells: Mapping[PlayerId, list[RoundCell]]
    unit: int
    score: Mapping[PlayerId, int]
    """Points, start included, in units."""
    seed: str
    """The seed of the lots (R6)."""
    plain_losses: bool = False
    """A round lost without a game is a plain loss in opponent-based criteria, not a draw against oneself (R6)."""
    ratings: Ratings = Ratings()
    """How ranks are read (R0): the `rank` criterion and OpenGotha's exploits."""
    tiebreaks: tuple[Tiebreak, ...] = ()
    """The criteria in order: `dc` breaks its ties by those after it (R6)."""
    unplayed_half: bool = False
    """OpenGotha's criteria count an opponent's unplayed rounds as half a point each (`unplayed_half`, R6)."""
    categories: tuple[Rank, ...] = ()
    """OpenGotha's categories, the lowest rank of each but the last (`swiss.categories`): the `cat` criterion."""
    win_loss: bool = False
    """Scored win-loss, as OpenGotha scores: its NBW counts a round without a game as scored."""

    def points(self, pid: PlayerId) -> Points:
        return Fraction(self.score[pid], self.unit)

    @cached_property
    def begin(self) -> dict[PlayerId, int]:
        """Start points, in units."""
        return {pid: _in_units(self.unit, self.start[pid]) for pid in self.cells}

    @cached_property
    def earned(self) -> dict[PlayerId, list[int]]:
        """Each cell's points, in units (0 for a cell without points)."""
        return {pid: [0 if c.points is None else _in_units(self.unit, c.points) for c in cs]
                for pid, cs in self.cells.items()}

    @cached_property
    def games(self) -> dict[PlayerId, int]:
        """Points from the rounds (without the start), in units."""
        return {pid: self.score[pid] - self.begin[pid] for pid in self.cells}

    @cached_property
    def wins(self) -> Mapping[PlayerId, int]:
        """Games won, in halves: a draw is half a win. Counted per player when first read: pairing reads only the
        tied players' and their opponents'."""
        cells = self.cells  # not `self`: no reference cycle for the garbage collector to find
        return _OnDemand(lambda pid: half_wins(cells[pid]))

    @cached_property
    def nbw(self) -> Mapping[PlayerId, int]:
        """OpenGotha's NBW in halves: games won (a draw half), and a round without a game what it scored."""
        cells, win_loss = self.cells, self.win_loss
        return _OnDemand(lambda pid: gotha_wins(cells[pid], win_loss))

    @cached_property
    def opponent_nbw(self) -> Mapping[PlayerId, int]:
        """An opponent's NBW as OpenGotha's wins family reads it, in halves: with `unplayed_half` the games won over
        the board and a half for every other round ("count not played games as half point"), else `nbw`."""
        if not self.unplayed_half:
            return self.nbw
        cells = self.cells
        return _OnDemand(lambda pid: sum(_HALF_WINS[c.outcome] if c.played and c.outcome else 1 for c in cells[pid]))

    @cached_property
    def opponent_score(self) -> Mapping[PlayerId, int]:
        """An opponent's McMahon score as OpenGotha's McMahon family reads it: in units, or with `unplayed_half` in
        half units, the start, the points of the games played over the board and a half for every other round."""
        if not self.unplayed_half:
            return self.score
        cells, earned, begin, unit = self.cells, self.earned, self.begin, self.unit
        return _OnDemand(lambda pid: 2 * begin[pid] + sum(2 * e if c.played else unit
                                                          for c, e in zip(cells[pid], earned[pid], strict=True)))

    @cached_property
    def lot(self) -> dict[PlayerId, int]:
        ids = sorted(self.cells)
        random.Random(self.seed).shuffle(ids)  # R6: a drawing of lots, reproducible from the workbook
        return {pid: i for i, pid in enumerate(ids)}


def _whole(_: TiebreakTable) -> int:
    return 1


def points_unit(table: TiebreakTable) -> int:
    """The unit of values in points: the table's common denominator."""
    return table.unit


def _halves(_: TiebreakTable) -> int:
    return 2


def _half_points(table: TiebreakTable) -> int:
    return 2 * table.unit


def _quarters(_: TiebreakTable) -> int:
    return 4


@dataclass(frozen=True)
class Tiebreaker:
    """A tie-break (R6): each tied player's value as a whole number of 1/`unit`; higher ranks first."""

    values: Callable[[TiebreakTable, Sequence[PlayerId]], Mapping[PlayerId, int]]
    unit: Callable[[TiebreakTable], int] = _whole


def _per_player(value: Callable[[TiebreakTable, PlayerId], int],
                unit: Callable[[TiebreakTable], int] = _whole) -> Tiebreaker:
    return Tiebreaker(lambda table, group: {pid: value(table, pid) for pid in group}, unit)


_HALF_WINS = {WIN: 2, DRAW: 1, LOSS: 0}


def _opponent_values(table: TiebreakTable, pid: PlayerId, value: Mapping[PlayerId, int],
                     by_result: bool = False) -> list[int]:
    """Each round's opponent value; with `by_result`, times the player's result against them in half wins, so the
    values are in halves of `value`'s unit (R6).

    An unplayed round is a draw against oneself [000 §4.7]; a forfeit win counts whichever of that
    and a real win against the absent opponent is smaller. With `plain_losses` a round lost without a game is a
    loss, against the forfeit's winner or against nobody [000 §5.1, §3.3].
    """
    own = value[pid]  # a draw against oneself: half of it, which is `value` itself counted in halves when by_result
    values = []
    for cell in table.cells[pid]:
        if table.plain_losses and cell.outcome == LOSS and not cell.played:
            values.append(0 if by_result or cell.opponent is None else value[cell.opponent])
        elif cell.opponent is None or (cell.forfeit and cell.outcome != WIN):
            values.append(own)
        elif cell.outcome is not None:
            real = value[cell.opponent] * _HALF_WINS[cell.outcome] if by_result else value[cell.opponent]
            values.append(min(own, real) if cell.forfeit else real)
    return values


def _opponent_sum(
    table: TiebreakTable, pid: PlayerId, value: Mapping[PlayerId, int], by_result: bool = False, drop: int = 0
) -> int:
    """Σ of `_opponent_values`, without the `drop` lowest (SOS-1, SOS-2 as OpenGotha: an unplayed round's
    value may be the one dropped) (R6)."""
    values = _opponent_values(table, pid, value, by_result)
    return sum(sorted(values)[drop:] if drop else values)


def points(table: TiebreakTable, pid: PlayerId) -> int:
    """Tournament points, start included (R6 `points`); McMahon's score where start points are McMahon's (R7.4)."""
    return table.score[pid]


def game_points(table: TiebreakTable, pid: PlayerId) -> int:
    """Points without start points (R6 `game_points`)."""
    return table.games[pid]


def wins(table: TiebreakTable, pid: PlayerId) -> int:
    """Games won, in halves (R6 `wins`)."""
    return table.wins[pid]


def sos(table: TiebreakTable, pid: PlayerId) -> int:
    """Sum of the opponents' points (R6 `sos`)."""
    return _opponent_sum(table, pid, table.score)


def sos_games(table: TiebreakTable, pid: PlayerId) -> int:
    """Sum of the opponents' points without their start points (R6 `sos_games`)."""
    return _opponent_sum(table, pid, table.games)


def sos_wins(table: TiebreakTable, pid: PlayerId) -> int:
    """Sum of the opponents' wins, in halves (R6 `sos_wins`)."""
    return _opponent_sum(table, pid, table.wins)


def wins_not_taking(table: TiebreakTable, pid: PlayerId) -> int:
    """Wins in even games and in games where the player gave handicap (R6 `wins_not_taking`).

    A forfeit win counts: R4 scores it as an even-game win."""
    cells = table.cells[pid]
    return sum(c.outcome == WIN and (c.steps == 0 or c.color == Color.WHITE or c.forfeit) for c in cells if c.opponent)


def handicap_given(table: TiebreakTable, pid: PlayerId) -> int:
    """Steps given as White (+) minus steps taken as Black (-) in games played over the board (R6 `handicap_given`)."""
    return sum(c.steps if c.color == Color.WHITE else -c.steps for c in table.cells[pid] if c.played)


def direct(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Wins in even games among the tied players: for two, the result of their even game (R6 `direct`, [003])."""
    tied = set(group)
    return {pid: sum(c.outcome == WIN for c in table.cells[pid] if c.opponent in tied and c.steps == 0)
            for pid in group}


def rating(table: TiebreakTable, pid: PlayerId) -> int:
    """The start rating, higher first (R6 `rating`)."""
    return table.players[pid].rating


def start_number(table: TiebreakTable, pid: PlayerId) -> int:
    """The start number, lower first (R6 `start_number`)."""
    return -pid


def lot(table: TiebreakTable, pid: PlayerId) -> int:
    """The drawing of lots, seeded from the workbook (R6 `lot`)."""
    return -table.lot[pid]


def berger(table: TiebreakTable, pid: PlayerId) -> int:
    """Sonneborn-Berger: the opponents' game points, each times the result against them, in halves (R6 `berger`)."""
    return _opponent_sum(table, pid, table.games, by_result=True)


def _running_total(table: TiebreakTable, pid: PlayerId, start: int) -> int:
    """Σ of the running score after each round, counted from `start`."""
    running, total = start, 0
    for earned in table.earned[pid]:
        running += earned
        total += running
    return total


def progress(table: TiebreakTable, pid: PlayerId) -> int:
    """Σ of the running score after each round, without start points, as [000 §4.4] counts it (R6 `progress`)."""
    return _running_total(table, pid, 0)


def buchholz(table: TiebreakTable, pid: PlayerId) -> int:
    """Sum of the opponents' final game scores (R6 `buchholz`): `sos_games`, since [000 §4.4]'s schemes have no
    start points."""
    return _opponent_sum(table, pid, table.games)


def sosos(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Σ of the opponents' SOS; an unplayed round counts the player's own SOS (R6, R7.4 `sosos`)."""
    needed = set(group) | {c.opponent for pid in group for c in table.cells[pid] if c.opponent is not None}
    by_player = {pid: sos(table, pid) for pid in needed}
    return {pid: _opponent_sum(table, pid, by_player) for pid in group}


def sodos(table: TiebreakTable, pid: PlayerId) -> int:
    """The opponents' points, each times the result against them, in halves (R6, R7.4 `sodos`)."""
    return _opponent_sum(table, pid, table.score, by_result=True)


def sos_minus_1(table: TiebreakTable, pid: PlayerId) -> int:
    """SOS without the lowest opponent value (R6, R7.4 `sos_minus_1`)."""
    return _opponent_sum(table, pid, table.score, drop=1)


def sos_minus_2(table: TiebreakTable, pid: PlayerId) -> int:
    """SOS without the two lowest opponent values (R6, R7.4 `sos_minus_2`)."""
    return _opponent_sum(table, pid, table.score, drop=2)


def cuss(table: TiebreakTable, pid: PlayerId) -> int:
    """Σ of the running McMahon score after each round, start points included, as OpenGotha's CUSS (R6, R7.4)."""
    return _running_total(table, pid, table.begin[pid])


# OpenGotha's placement criteria (PEERS §1.6), each as OpenGotha computes it where R6 counts otherwise: every game
# counts whatever its result (forfeits too); a round without one (a bye, an absence) counts 0 in the NBW family and
# the player's own start score in the McMahon family; there an opponent's score carries the handicap, + the stones
# the player gave as White, - those taken as Black. `points` and `cuss` are already OpenGotha's MMS and CUSSM.


def _nbw_of(cell: RoundCell, win_loss: bool) -> int:
    """A round's NBW in halves, as OpenGotha counts it: a game won (a draw half); a round without a game, in
    win-loss scoring (OpenGotha's Swiss) what it scored, its NBW values of a bye and an absence rounded down as it
    rounds them, else its defaults: a bye one win, an absence none."""
    if cell.opponent is None:
        if win_loss:
            return int(2 * (cell.points or 0))
        return 2 if cell.sitout == Sitout.BYE else 0
    return 0 if cell.outcome is None else _HALF_WINS[cell.outcome]


def gotha_wins(cells: Iterable[RoundCell], win_loss: bool) -> int:
    """OpenGotha's NBW in halves: games won (a draw half), a round without a game as `_nbw_of` counts it (R6 `nbw`,
    R7.4 `swiss.geo_rank`)."""
    return sum(_nbw_of(cell, win_loss) for cell in cells)


def _gotha_values(table: TiebreakTable, pid: PlayerId, value: Mapping[PlayerId, int], unplayed: int,
                  handicap: bool = False, by_result: bool = False) -> list[int]:
    """Each round's opponent value as OpenGotha counts it; with `handicap` corrected by the stones (in `value`'s
    units, `_mms_unit`), with `by_result` times the result in half wins (in halves of `value`'s units, 0 without a
    game); a round without a game gives `unplayed` (R6 `sosw`, `sosm` and their kin)."""
    values = []
    stone = _mms_unit(table)
    for cell in table.cells[pid]:
        if cell.opponent is None:
            values.append(0 if by_result else unplayed)
            continue
        opponent = value[cell.opponent]
        if handicap:
            opponent += (cell.stones if cell.color == Color.WHITE else -cell.stones) * stone
        values.append(opponent * (0 if cell.outcome is None else _HALF_WINS[cell.outcome]) if by_result else opponent)
    return values


def _mms_unit(table: TiebreakTable) -> int:
    """The unit of OpenGotha's McMahon family: the table's, or its half with `unplayed_half` (R6)."""
    return table.unit * (2 if table.unplayed_half else 1)


def _mms_halves(table: TiebreakTable) -> int:
    return 2 * _mms_unit(table)


def _start(table: TiebreakTable, pid: PlayerId) -> int:
    """The player's start score in `_mms_unit`: what OpenGotha's McMahon family counts for a round without a game."""
    return table.begin[pid] * _mms_unit(table) // table.unit


def nbw(table: TiebreakTable, pid: PlayerId) -> int:
    """OpenGotha's NBW: games won, a draw half, a bye one, in halves (R6 `nbw`)."""
    return table.nbw[pid]


def cup_scores(cells: Iterable[RoundCell], win_loss: bool) -> list[int]:
    """OpenGotha's cup score (CPS) after each round, in halves: the games' part doubled each round before the round's
    game adds its NBW (a win 1, a draw ½), so that a win outweighs all later ones; a round without a game adds its NBW
    (a bye's, an absence's), never doubled after (R6 `cps`, R7.4 `swiss.score: cup`)."""
    games = sitouts = 0
    after = []
    for cell in cells:
        games *= 2
        if cell.opponent is None:
            sitouts += _nbw_of(cell, win_loss)
        else:
            games += _nbw_of(cell, win_loss)
        after.append(games + sitouts)
    return after


def cps(table: TiebreakTable, pid: PlayerId) -> int:
    """OpenGotha's cup score, in halves (R6 `cps`, OpenGotha's CPS): `cup_scores` after the last round."""
    scores = cup_scores(table.cells[pid], table.win_loss)
    return scores[-1] if scores else 0


def sosw(table: TiebreakTable, pid: PlayerId) -> int:
    """Σ of the opponents' NBW; a round without a game 0 (R6 `sosw`, OpenGotha's SOSW)."""
    return sum(_gotha_values(table, pid, table.opponent_nbw, 0))


def sosw_minus_1(table: TiebreakTable, pid: PlayerId) -> int:
    """SOSW without the lowest round (R6 `sosw_minus_1`, OpenGotha's SOSW-1)."""
    return sum(sorted(_gotha_values(table, pid, table.opponent_nbw, 0))[1:])


def sosw_minus_2(table: TiebreakTable, pid: PlayerId) -> int:
    """SOSW without the two lowest rounds (R6 `sosw_minus_2`, OpenGotha's SOSW-2)."""
    return sum(sorted(_gotha_values(table, pid, table.opponent_nbw, 0))[2:])


def sodosw(table: TiebreakTable, pid: PlayerId) -> int:
    """Σ of the NBW of the opponents beaten, half for a draw, in quarters (R6 `sodosw`, OpenGotha's SODOSW)."""
    return sum(_gotha_values(table, pid, table.opponent_nbw, 0, by_result=True))


def sososw(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Σ of the opponents' SOSW; a round without a game 0 (R6 `sososw`, OpenGotha's SOSOSW)."""
    return _opponents_of(table, group, sosw, lambda pid: 0)


def cussw(table: TiebreakTable, pid: PlayerId) -> int:
    """Σ of the NBW after each round, in halves (R6 `cussw`, OpenGotha's CUSSW)."""
    running = total = 0
    for cell in table.cells[pid]:
        running += _nbw_of(cell, table.win_loss)
        total += running
    return total


def sosm(table: TiebreakTable, pid: PlayerId) -> int:
    """Σ of the opponents' McMahon scores, each + the stones given or - those taken; a round without a game the
    player's start score (R6 `sosm`, OpenGotha's SOSM)."""
    return sum(_gotha_values(table, pid, table.opponent_score, _start(table, pid), handicap=True))


def sosm_minus_1(table: TiebreakTable, pid: PlayerId) -> int:
    """SOSM without the lowest round (R6 `sosm_minus_1`, OpenGotha's SOSM-1)."""
    return sum(sorted(_gotha_values(table, pid, table.opponent_score, _start(table, pid), handicap=True))[1:])


def sosm_minus_2(table: TiebreakTable, pid: PlayerId) -> int:
    """SOSM without the two lowest rounds (R6 `sosm_minus_2`, OpenGotha's SOSM-2)."""
    return sum(sorted(_gotha_values(table, pid, table.opponent_score, _start(table, pid), handicap=True))[2:])


def sodosm(table: TiebreakTable, pid: PlayerId) -> int:
    """Σ of the handicap-corrected McMahon scores of the opponents beaten, half for a draw (R6 `sodosm`, OpenGotha's
    SODOSM)."""
    return sum(_gotha_values(table, pid, table.opponent_score, _start(table, pid), handicap=True, by_result=True))


def sososm(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Σ of the opponents' SOSM; a round without a game the player's start score times the rounds (R6 `sososm`,
    OpenGotha's SOSOSM)."""
    return _opponents_of(table, group, sosm, lambda pid: _start(table, pid) * len(table.cells[pid]))


def _opponents_of(table: TiebreakTable, group: Sequence[PlayerId], value: Callable[[TiebreakTable, PlayerId], int],
                  unplayed: Callable[[PlayerId], int]) -> dict[PlayerId, int]:
    """Σ over the rounds of the opponent's `value`, `unplayed` for a round without a game (OpenGotha's SOSOS)."""
    needed = {c.opponent for pid in group for c in table.cells[pid] if c.opponent is not None}
    by_player = {pid: value(table, pid) for pid in needed}
    return {pid: sum(_gotha_values(table, pid, by_player, unplayed(pid))) for pid in group}


def rank(table: TiebreakTable, pid: PlayerId) -> int:
    """The player's rank, higher first: the declared one with `ratings.declared_rank` (R6 `rank`, OpenGotha's
    Rank)."""
    return table.players[pid].rank_by(table.ratings).index


def category(rank: Rank, limits: Sequence[Rank]) -> int:
    """OpenGotha's category of a rank, 0 the strongest: how many of the categories' lowest ranks (`swiss.categories`)
    it is below."""
    return sum(rank < limit for limit in limits)


def cat(table: TiebreakTable, pid: PlayerId) -> int:
    """The player's category by rank, the strongest first (R6 `cat`, OpenGotha's CAT with `swiss.categories`)."""
    return -category(table.players[pid].rank_by(table.ratings), table.categories)


def _exploits(table: TiebreakTable, pid: PlayerId, won_only: bool) -> int:
    """Σ of the opponents' NBW, each times 0-3 for the stones the game gave the player beyond the rank difference
    (-1 or less: 0, none: 1, one: 2, two or more: 3), in halves (OpenGotha's EXT, EXR)."""
    own = table.players[pid].rank_by(table.ratings).index
    total = 0
    for cell in table.cells[pid]:
        if cell.opponent is None or (won_only and cell.outcome != WIN):
            continue
        given = cell.stones if cell.color == Color.WHITE else -cell.stones
        natural = own - table.players[cell.opponent].rank_by(table.ratings).index
        total += table.nbw[cell.opponent] * max(0, min(3, given - natural + 1))
    return total


def ext(table: TiebreakTable, pid: PlayerId) -> int:
    """Exploits attempted: every game's `_exploits` share (R6 `ext`, OpenGotha's EXT)."""
    return _exploits(table, pid, won_only=False)


def exr(table: TiebreakTable, pid: PlayerId) -> int:
    """Exploits achieved: the games won's `_exploits` share (R6 `exr`, OpenGotha's EXR)."""
    return _exploits(table, pid, won_only=True)


def _net_wins(table: TiebreakTable, group: Sequence[PlayerId]) -> Counter[tuple[PlayerId, PlayerId]]:
    """Between each two of the tied players, the games one won over the board less those the other won, as
    OpenGotha counts them for `sdc` and `dc` (its pair matrix): a forfeit, a draw or a win for both counts for
    neither."""
    tied = set(group)
    cells = {(pid, cell.round): cell for pid in group for cell in table.cells[pid] if cell.opponent in tied}
    net: Counter[tuple[PlayerId, PlayerId]] = Counter()
    for (pid, number), cell in cells.items():
        opponent = cell.opponent
        if opponent is not None and cell.played and {cell.outcome, cells[opponent, number].outcome} == {WIN, LOSS}:
            net[pid, opponent] += 1 if cell.outcome == WIN else -1
    return net


def sdc(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Among the tied players, if every two of them met with a winner, how many of the others each beat; else 0
    for all (R6 `sdc`, OpenGotha's simplified direct confrontation; forfeits, draws and wins for both are no win)."""
    net = _net_wins(table, group)
    if any(net[a, b] == 0 for a in group for b in group if a != b):
        return dict.fromkeys(group, 0)
    return {a: sum(net[a, b] > 0 for b in group if b != a) for a in group}


def dc(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """OpenGotha's direct confrontation among the tied players (R6 `dc`): who beat whom decides, the criteria after
    `dc` where the games do not.

    A player beat another when they won exactly one game more against them over the board (forfeits, draws and wins
    for both are no win; OpenGotha counts no more). Players who beat each other round a circle count as one: a win
    over one of them is a win over all, a win of one is a win of all. Then from the bottom: among the players who
    beat nobody still unranked, those lowest by the later criteria take the lowest places left, together; the value
    is how many places above the lowest a player ends.
    """
    if len(group) < 2:
        return dict.fromkeys(group, 0)
    net = _net_wins(table, group)
    beaten = {a: {b for b in group if net[a, b] == 1} for a in group}
    circle = _circles(group, beaten)
    beats = {c: {b for a in group if circle[a] == c for loser in beaten[a] for b in group
                 if circle[b] == circle[loser] != c} for c in set(circle.values())}
    later = _later_places(table, group)
    left, rank = set(group), {}
    while left:
        free = [a for a in left if not beats[circle[a]] & left]
        lowest = min(later[a] for a in free)
        placed = [a for a in free if later[a] == lowest]
        for a in placed:
            rank[a] = len(left) - len(placed) + 1
        left -= set(placed)
    top = max(rank.values())
    return {a: top - rank[a] for a in group}


def _circles(group: Sequence[PlayerId], beaten: Mapping[PlayerId, set[PlayerId]]) -> dict[PlayerId, PlayerId]:
    """Each player's circle of wins (a strongly connected part of who beat whom), named by one of its players."""
    reach = {a: _reachable(a, beaten) for a in group}
    return {a: min(b for b in group if b == a or (b in reach[a] and a in reach[b])) for a in group}


def _reachable(start: PlayerId, beaten: Mapping[PlayerId, set[PlayerId]]) -> set[PlayerId]:
    seen, todo = set(), [start]
    while todo:
        for b in beaten[todo.pop()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def _later_places(table: TiebreakTable, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Each tied player's standing by the criteria after `dc`, higher better, equal values alike (OpenGotha's sc)."""
    after = table.tiebreaks[table.tiebreaks.index(Tiebreak.DC) + 1:] if Tiebreak.DC in table.tiebreaks else ()
    values = [TIEBREAKS[c].values(table, group) for c in after]
    key = {a: tuple(v[a] for v in values) for a in group}
    ordered = sorted(group, key=key.__getitem__, reverse=True)
    place: dict[PlayerId, int] = {}
    for i, a in enumerate(ordered):
        place[a] = place[ordered[i - 1]] if i and key[a] == key[ordered[i - 1]] else i
    return {a: len(group) - place[a] for a in group}


TIEBREAKS: dict[Tiebreak, Tiebreaker] = {
    Tiebreak.POINTS: _per_player(points, points_unit),
    Tiebreak.GAME_POINTS: _per_player(game_points, points_unit),
    Tiebreak.WINS: _per_player(wins, _halves),
    Tiebreak.SOS: _per_player(sos, points_unit),
    Tiebreak.SOS_GAMES: _per_player(sos_games, points_unit),
    Tiebreak.SOS_WINS: _per_player(sos_wins, _halves),
    Tiebreak.WINS_NOT_TAKING: _per_player(wins_not_taking),
    Tiebreak.HANDICAP_GIVEN: _per_player(handicap_given),
    Tiebreak.DIRECT: Tiebreaker(direct),
    Tiebreak.RATING: _per_player(rating),
    Tiebreak.START_NUMBER: _per_player(start_number),
    Tiebreak.LOT: _per_player(lot),
    Tiebreak.BERGER: _per_player(berger, _half_points),
    Tiebreak.PROGRESS: _per_player(progress, points_unit),
    Tiebreak.BUCHHOLZ: _per_player(buchholz, points_unit),
    Tiebreak.MMS: _per_player(points, points_unit),
    Tiebreak.SOSOS: Tiebreaker(sosos, points_unit),
    Tiebreak.SODOS: _per_player(sodos, _half_points),
    Tiebreak.SOS_MINUS_1: _per_player(sos_minus_1, points_unit),
    Tiebreak.SOS_MINUS_2: _per_player(sos_minus_2, points_unit),
    Tiebreak.CUSS: _per_player(cuss, points_unit),
    Tiebreak.NBW: _per_player(nbw, _halves),
    Tiebreak.SOSW: _per_player(sosw, _halves),
    Tiebreak.SOSW_MINUS_1: _per_player(sosw_minus_1, _halves),
    Tiebreak.SOSW_MINUS_2: _per_player(sosw_minus_2, _halves),
    Tiebreak.SODOSW: _per_player(sodosw, _quarters),
    Tiebreak.SOSOSW: Tiebreaker(sososw, _halves),
    Tiebreak.CUSSW: _per_player(cussw, _halves),
    Tiebreak.SOSM: _per_player(sosm, _mms_unit),
    Tiebreak.SOSM_MINUS_1: _per_player(sosm_minus_1, _mms_unit),
    Tiebreak.SOSM_MINUS_2: _per_player(sosm_minus_2, _mms_unit),
    Tiebreak.SODOSM: _per_player(sodosm, _mms_halves),
    Tiebreak.SOSOSM: Tiebreaker(sososm, _mms_unit),
    Tiebreak.RANK: _per_player(rank),
    Tiebreak.EXT: _per_player(ext, _halves),
    Tiebreak.EXR: _per_player(exr, _halves),
    Tiebreak.SDC: Tiebreaker(sdc),
    Tiebreak.DC: Tiebreaker(dc),
    Tiebreak.CAT: _per_player(cat),
    Tiebreak.CPS: _per_player(cps, _halves),
}
"""The ranking criteria of R6 by their Config names: each tied player's value, higher first, and its unit."""


def half_wins(cells: Iterable[RoundCell]) -> int:
    """Games won, in halves: a draw is half a win (R6 `wins`, R2.4)."""
    return sum(_HALF_WINS[c.outcome] for c in cells if c.opponent is not None and c.outcome is not None)


def tiebreak_table(
    players: Mapping[PlayerId, Player], start: Mapping[PlayerId, Points], cells: Mapping[PlayerId, list[RoundCell]],
    seed: str, config: Config, points: Mapping[PlayerId, Points] | None = None,
) -> TiebreakTable:
    """What the tie-breaks read of `cells` over `start`, counted by the `config`'s rules, with lots drawn from `seed`;
    points are the start plus every cell's, unless given (finished rows)."""
    unit = math.lcm(*{v.denominator for v in start.values()},
                    *{c.points.denominator for cs in cells.values() for c in cs if c.points is not None},
                    *{v.denominator for v in (points or {}).values()})

    if points is not None:
        score = {pid: _in_units(unit, points[pid]) for pid in cells}
    elif unit == 1:  # whole points, the usual case
        score = {pid: start[pid].numerator + sum(c.points.numerator for c in cs if c.points is not None)
                 for pid, cs in cells.items()}
    else:
        score = {pid: _in_units(unit, start[pid]) + sum(_in_units(unit, c.points) for c in cs if c.points is not None)
                 for pid, cs in cells.items()}
    return TiebreakTable(players, start, cells, unit, score, seed, config.unplayed_loss == UnplayedLoss.LOSS,
                         config.ratings, config.tiebreaks, config.unplayed_half, config.swiss.categories,
                         config.scoring.scheme == Scheme.WIN_LOSS)


def tie_classes(
    table: TiebreakTable, ids: Iterable[PlayerId], criteria: Sequence[tuple[K, Tiebreaker]], every_value: bool = True
) -> tuple[list[list[PlayerId]], dict[K, dict[PlayerId, Fraction]]]:
    """Players split into classes tied on every criterion, best first (R6, lexicographic), and each
    criterion's values as computed among the players still tied when it was applied (`direct` needs that).
    Without `every_value`, the classes alone (no values), and a player already alone in a class is not valued
    further: the order is the same."""
    classes = [sorted(ids)]
    count = len(classes[0])
    shown: dict[K, dict[PlayerId, Fraction]] = {}
    for name, criterion in criteria:
        if not every_value and len(classes) == count:  # everyone ranked alone: no criterion can change the order
            break
        refined: list[list[PlayerId]] = []
        unit = criterion.unit(table)
        if every_value:
            shown[name] = {}
        for group in classes:
            if not every_value and len(group) == 1:
                refined.append(group)
                continue
            values = criterion.values(table, group)
            if every_value:
                shown[name].update((pid, Fraction(value, unit)) for pid, value in values.items())
            ordered = sorted(group, key=values.__getitem__, reverse=True)  # stable: ties keep their order
            start = 0
            for i in range(1, len(ordered) + 1):
                if i == len(ordered) or values[ordered[i]] != values[ordered[start]]:
                    refined.append(ordered[start:i])
                    start = i
        classes = refined
    return classes, shown


