"""Pairing a round end to end: ranking, groups, bye, pairing, handicap and colours (R3, R5, R7, R2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from math import floor

from forsxl.engine.attendance import excluded, late_entry_problems
from forsxl.engine.config import (
    MAX_ROUNDS,
    Basis,
    Config,
    Descend,
    PairingMethod,
    Scheme,
    SerpLayout,
    StepKind,
    SwissScore,
)
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.groups import GroupRules, cut_groups, group_rules, group_sizes, pair_group
from forsxl.engine.handicap import Side, game_handicap, side, stones_and_komi
from forsxl.engine.model import Game, Player, PlayerId, Points, Round, Sitout, Source, Tournament
from forsxl.engine.pairing.constraints import PairingRules, RoundState
from forsxl.engine.pairing.gotha import GOTHA_WEIGHTS
from forsxl.engine.pairing.methods import MCMAHON, METHODS, ROUND_ROBIN, SCHEDULED, SERP, SWISS
from forsxl.engine.pairing.round_robin import round_robin_table
from forsxl.engine.pairing.serp import (
    SerpPlan,
    balanced_colours,
    compact_opponents,
    serp_plan,
    sickle_opponents,
    subgroup_opponents,
)
from forsxl.engine.pairing.weighted import even_black
from forsxl.engine.playoff import out_of_main, playoff_games
from forsxl.engine.standings import Standing, lot_seed, round_groups, standings, tournament_start_points
from forsxl.engine.start_points import rank_start_points
from forsxl.engine.system_by_size import format_by_size, superfinal_game, superfinal_round
from forsxl.engine.teams import tournament_problems
from forsxl.engine.tiebreaks import category, cup_scores, gotha_wins, half_wins


def next_round(t: Tournament) -> int:
    """The round after the last one paired, a superfinal's games aside: the one `pair` pairs next (R7)."""
    return max((r.number for r in t.rounds if not r.superfinal), default=0) + 1


def round_to_pair(t: Tournament, number: int | None = None, force: bool = False) -> int:
    """The round `pair` may pair now; refuses to skip an unfinished round or re-pair a played one (R11). Once every
    round is played, the next game of a superfinal match, until it is decided (R7.8)."""
    if not t.players:
        raise ForsxlError("R7", "no_players")
    problems = tournament_problems(t)
    if problems:
        raise WorkbookErrors(problems)
    match = superfinal_game(t) is not None or any(r.superfinal and not r.complete for r in t.rounds)
    if not match and any(r.superfinal for r in t.rounds):
        raise ForsxlError("R7.8", "superfinal_decided")
    if t.config.pairing.method[0] in SCHEDULED and not match:
        raise ForsxlError("R7.5", "use_schedule", method=str(t.config.pairing.method[0]))
    last = t.rounds[-1] if t.rounds else None
    if number is None:
        number = 1 if last is None else last.number + 1
    if last is not None and number == last.number:
        if last.has_results():  # named at the first result, which the referee may have typed by mistake
            typed = next(g.source for g in last.games if g.result is not None)
            raise ForsxlError("R11", "round_has_results", typed, round=number)
        if not force:
            raise ForsxlError("R7", "round_already_paired", round=number)
        return number
    expected = 1 if last is None else last.number + 1
    if number != expected:
        raise ForsxlError("R7", "round_out_of_order", round=number, expected=expected)
    if last is not None and last.games and not last.has_results():  # just paired: one line, not one a board
        typed = last.games[0].source
        raise ForsxlError("R11", "round_unplayed", typed and Source(typed.sheet), round=last.number, next=number)
    if last is not None and not last.complete:  # every board at once: the referee collects the slips in one go
        raise WorkbookErrors([ForsxlError("R11", "round_incomplete", g.source, round=last.number,
                                          board=g.stage or g.board) for g in last.games if g.result is None])
    if number > t.config.rounds and not match:
        raise ForsxlError("R7", "all_rounds_paired", rounds=t.config.rounds)
    return number


def _game(board: int, upper: Side, lower: Side, rules: GroupRules, config: Config,
          black_of: Callable[[PlayerId, PlayerId], PlayerId | None] | None = None) -> Game:
    """The stronger gives the handicap (R2.5); even games balance colours: `black_of` (McMahon and Swiss, R7.4)
    names who takes Black, else the one who had Black fewer times does (R2.5)."""
    handicap = game_handicap(upper, lower, rules, config)
    chosen = None if handicap.steps or black_of is None else black_of(upper.pid, lower.pid)
    if handicap.steps:
        white, black = (upper, lower) if handicap.upper_gives else (lower, upper)
    elif chosen is not None:
        black, white = (upper, lower) if chosen == upper.pid else (lower, upper)
    else:
        black, white = (upper, lower) if upper.blacks < lower.blacks else (lower, upper)
    stones, komi = stones_and_komi(handicap.steps, rules.steps, config.handicap, config.komi)
    return Game(board, black.pid, white.pid, stones, komi, handicap.steps, rules.number)


def _rules_by_group(groups: Mapping[PlayerId, int], config: Config) -> dict[int, GroupRules]:
    """Each group's rules, looked up once for all its games (R3)."""
    return {number: group_rules(number, config.groups) for number in set(groups.values())}


def _descended(t: Tournament, number: int, groups: Mapping[PlayerId, int]) -> frozenset[PlayerId]:
    """Players whose group is lower than last round, coming from a group that plays even (R2.6)."""
    if number == 1 or t.config.handicap.descend == Descend.HANDICAP:
        return frozenset()
    played = t.rounds[number - 2].players()
    before = [s.player.id for s in standings(t, before_round=number - 1) if s.player.id in played]
    previous = round_groups(t, number - 1, before)
    return frozenset(
        pid for pid, group in groups.items()
        if pid in previous and group > previous[pid]
        and group_rules(previous[pid], t.config.groups).steps == StepKind.EVEN
    )


@dataclass(frozen=True)
class Seated:
    """Round `number`'s players as pairing seats them (R6, R3, R2): the standings before the round (`table`), the
    players it pairs in their order (`present`), each one's group, cut once a round, and each one as the handicap
    reads them (`sides`)."""

    number: int
    table: list[Standing]
    present: tuple[PlayerId, ...]
    groups: Mapping[PlayerId, int]
    sides: Mapping[PlayerId, Side]


def seated(t: Tournament, number: int, table: list[Standing], present: Sequence[PlayerId]) -> Seated:
    """The `present` players of round `number`, in the order of the standings `table` before it, seated: their groups
    cut (R3), and their sides for the handicap, a descent from an even group judged by those groups (R2, R2.6)."""
    groups = round_groups(t, number, present)
    return Seated(number, table, tuple(present), groups, sides_before(t, number, table, groups))


def round_state(t: Tournament, seats: Seated) -> tuple[RoundState, PairingRules]:
    """What pairing reads for round `seats.number` (R7): the players present in ranking order, the history before
    the round, and the Config's pairing rules; `explain` rebuilds a paired round from the same."""
    number = seats.number
    earlier = [r for r in t.rounds if r.number < number]
    state = RoundState(
        round=number,
        players=seats.present,
        met=frozenset(frozenset((g.black, g.white)) for r in earlier for g in r.games),
        teams={p.id: p.team for p in t.players if p.team},
        clubs={p.id: p.club for p in t.players if p.club},
        byes=Counter(pid for r in earlier for pid, kind in r.sitouts if kind == Sitout.BYE),
        names={p.id: p.written or p.name for p in t.players},
        ratings={p.id: p.rating for p in t.players},
        rounds=t.config.rounds,
        avoid=frozenset(frozenset((p.id, other)) for p in t.players for other in p.avoid),
        countries={p.id: p.country for p in t.players if p.country},
    )
    c = t.config.pairing
    rules = PairingRules(c.allow_rematch, c.avoid_same_club, c.shift, c.shift_order, c.shift_rating)
    method = c.method_for(number)
    if not METHODS[method].weighted:
        return state, rules
    return _score_groups(t, seats, state, method), _weighted_rules(t.config, number, rules, lot_seed(t))


def _weighted_rules(config: Config, number: int, rules: PairingRules, lots: str) -> PairingRules:
    swiss = config.swiss
    first = number < swiss.seeding_from
    seeding = swiss.first_round if first else swiss.seeding
    seat = swiss.first_seat or swiss.seat if first else swiss.seat
    return replace(rules, seeding=seeding, club_gap=swiss.club_gap, country_gap=swiss.country_gap,
                   window=swiss.window, lots=lots, seat=seat, drawn_down=swiss.drawn_down,
                   drawn_up=swiss.drawn_up, compensate=swiss.compensate, colour=swiss.colour, weights=swiss.weights)


def _spared(config: Config, table: list[Standing]) -> frozenset[PlayerId]:
    """The players `swiss.club_gap` and `swiss.country_gap` spare (R7.4): OpenGotha's thresholds for its secondary
    criteria, a rank plus wins reaching `swiss.geo_rank`, a start score at `start.bar`'s (`geo_bar`), half the
    rounds won (`geo_wins`); wins are OpenGotha's, a bye one."""
    swiss = config.swiss
    if swiss.geo_rank is None and not swiss.geo_bar and not swiss.geo_wins:
        return frozenset()
    bar = rank_start_points(config.start.bar, config.start) if swiss.geo_bar and config.start.bar else None
    limit = None if swiss.geo_rank is None else 2 * swiss.geo_rank.index
    spared = set()
    for s in table:
        wins = gotha_wins(s.cells, config.scoring.scheme == Scheme.WIN_LOSS)  # in halves: the rank counts twice
        if ((limit is not None and 2 * s.player.rank_by(config.ratings).index + wins >= limit)
                or (bar is not None and s.start >= bar) or (swiss.geo_wins and wins >= config.rounds)):
            spared.add(s.player.id)
    return frozenset(spared)


def _score_groups(t: Tournament, seats: Seated, state: RoundState, method: PairingMethod) -> RoundState:
    """What McMahon and Swiss read besides (R7.4): the score, colour balance in even games, how often each player
    floated up and down, and whether a pair would play even (by the seats the games' handicaps are computed from)."""
    config, table = t.config, seats.table
    history = score_history(config, table, method)
    state = replace(
        state, scores={pid: scores[-1] for pid, scores in history.items()},
        colours=colour_balance(t, seats.number), floats=floats_before(t, seats.number, history),
        even=plays_even(config, seats), spared=_spared(config, table),
        registered=tuple(s.player.id for s in table), score_groups=_score_range(config, seats.number, method),
        places={s.player.id: s.place_number for s in table},
    )
    return _gotha_state(config, seats.number, table, state, method) if config.swiss.weights in GOTHA_WEIGHTS else state


def score_history(config: Config, table: Sequence[Standing], method: PairingMethod) -> dict[PlayerId, list[Points]]:
    """Each player's score before each round so far, and now (R7.4): McMahon's from the start points, Swiss's from
    nothing, round by round from the standings' cells; with `swiss.score: cup`, the cup score."""
    if method == SWISS.name and config.swiss.score == SwissScore.CUP:
        win_loss = config.scoring.scheme == Scheme.WIN_LOSS
        return {s.player.id: [Fraction(0), *(Fraction(h, 2) for h in cup_scores(s.cells, win_loss))] for s in table}
    history = {}
    for s in table:
        running = [s.start if method == MCMAHON.name else Fraction(0)]
        for cell in s.cells:
            running.append(running[-1] + (cell.points or 0))
        history[s.player.id] = running
    return history


def _earlier_games(t: Tournament, number: int) -> Iterator[tuple[int, Game]]:
    """The games of the rounds before `number`, each with its round's index among them; a superfinal's and a
    playoff's aside (R7.4 reads the main tournament)."""
    earlier = [r for r in t.rounds if r.number < number and not r.superfinal]
    return ((index, g) for index, rnd in enumerate(earlier) for g in rnd.games if not g.stage)


def floats_before(t: Tournament, number: int, history: Mapping[PlayerId, Sequence[Points]]
                  ) -> dict[PlayerId, tuple[int, int]]:
    """How often each player of `history` floated up and down before round `number` (R7.4): in a game between
    scores that differed before its round, the lower floated up and the higher down; with OpenGotha's weights the
    scores in whole points, as OpenGotha compares them."""
    whole = t.config.swiss.weights in GOTHA_WEIGHTS
    up: Counter[PlayerId] = Counter()
    down: Counter[PlayerId] = Counter()
    for index, g in _earlier_games(t, number):
        black, white = history[g.black][index], history[g.white][index]
        if whole:
            black, white = Fraction(floor(black)), Fraction(floor(white))
        if black != white:
            higher, lower = (g.black, g.white) if black > white else (g.white, g.black)
            down[higher] += 1
            up[lower] += 1
    return {pid: (up[pid], down[pid]) for pid in history}


def colour_balance(t: Tournament, number: int) -> Counter[PlayerId]:
    """Each player's Whites less Blacks in the even games before round `number` (R7.4)."""
    colours: Counter[PlayerId] = Counter()
    for _, g in _earlier_games(t, number):
        if g.steps == 0:
            colours[g.white] += 1
            colours[g.black] -= 1
    return colours


def plays_even(config: Config, seats: Seated) -> Callable[[PlayerId, PlayerId], bool]:
    """Whether two of the seated players would play an even game (R2, R7.4), by their groups and sides as the
    games' handicaps read them; each answer computed once."""
    rank = {pid: i for i, pid in enumerate(seats.present)}
    groups, sides, handicap = seats.groups, seats.sides, config.handicap
    # Without R2.4 and R2.6 the steps depend on the two basis values alone: remember them per pair of values.
    simple = not handicap.correction and handicap.descend == Descend.HANDICAP and handicap.basis != Basis.BLEND
    known: dict[tuple[object, ...], bool] = {}
    by_group = _rules_by_group(groups, config)
    basis = {pid: (side.basis.numerator, side.basis.denominator) for pid, side in sides.items()}  # ints hash fast

    def even(a: PlayerId, b: PlayerId) -> bool:
        upper, lower = (a, b) if rank[a] < rank[b] else (b, a)
        group = pair_group(groups[upper], groups[lower], config.groups)
        key = (basis[upper], basis[lower], group) if simple else (upper, lower)
        if key not in known:
            known[key] = game_handicap(sides[upper], sides[lower], by_group[group], config).steps == 0
        return known[key]

    return even


def _gotha_start(config: Config, player: Player, low: int, bar: int) -> int:
    """A player's start score as OpenGotha counts it whatever its system (R1.4): the rank held between the floor
    `low` and the `bar` (rank indexes: 30k = 0, 1d = 30), and the player's correction."""
    return int(min(max(player.rank_by(config.ratings).index, low), bar) + player.correction)


def _gotha_state(config: Config, number: int, table: list[Standing], state: RoundState,
                 method: PairingMethod) -> RoundState:
    """What OpenGotha's cost function reads besides (R7.4): each player's category (`swiss.categories`), and for its
    handicap term the McMahon score in whole points, the highest score for a player above its thresholds
    (`swiss.geo_*`: rank plus wins, the start at the bar, half the rounds won), and the range of its concavity; and
    what its bye reads (R5): each player's rank and McMahon score in halves, in Swiss too."""
    categories = config.swiss.categories
    bar = config.start.bar.index if config.start.bar else 38
    low = config.start.floor.index if config.start.floor else 0
    start = {s.player.id: _gotha_start(config, s.player, low, bar) for s in table}
    top = bar + 2 + number - 1
    halves = {s.player.id: (floor(2 * state.scores[s.player.id]) if method == MCMAHON.name
                            else 2 * start[s.player.id] + _gotha_halves(s, config.attendance.round_down))
              for s in table}
    handicap = {s.player.id: top if _gotha_spared(config, s, start[s.player.id], bar) else halves[s.player.id] // 2
                for s in table}
    count = len(categories) + 1
    span = _score_range(config, number, method)
    return replace(state, categories={s.player.id: category(s.player.rank_by(config.ratings), categories)
                                      for s in table}, category_count=count, handicap_scores=handicap,
                   handicap_range=span * count if method == MCMAHON.name else bar - low + 3 + number - 1,
                   ranks={s.player.id: s.player.rank_by(config.ratings).index for s in table}, gotha_scores=halves)


GOTHA_SITOUTS = {Sitout.BYE: 2, Sitout.ABSENT: 1}
"""What OpenGotha's McMahon score gives a bye and an absence by default, in halves (`genMMS2ValueBye`,
`genMMS2ValueAbsent`); a round without a game otherwise gives nothing."""


def _gotha_halves(s: Standing, round_down: bool) -> int:
    """The half points OpenGotha's McMahon score adds to the start in Swiss, which its handicap term and its bye read
    (R7.4, R5): the games' points, and byes and absences at its McMahon values, not the Swiss ones (`PPiK`: an
    absence half a point, not 0), their sum rounded down to whole points with `attendance.round_down`."""
    games = sum(2 * (c.points or 0) for c in s.cells if c.opponent is not None)
    sitouts = sum(GOTHA_SITOUTS.get(c.sitout, 0) for c in s.cells if c.opponent is None and c.sitout is not None)
    return floor(games) + (sitouts - sitouts % 2 if round_down else sitouts)


def _gotha_spared(config: Config, s: Standing, start: int, bar: int) -> bool:
    """Whether OpenGotha holds the player above the thresholds of its secondary criteria (R7.4): rank plus wins at
    `swiss.geo_rank`, a start score at the bar (`geo_bar`), or (`geo_wins`) half the rounds won, else all of them."""
    swiss = config.swiss
    wins = gotha_wins(s.cells, config.scoring.scheme == Scheme.WIN_LOSS)  # in halves: the rank counts twice
    rank = s.player.rank_by(config.ratings).index
    return ((swiss.geo_rank is not None and 2 * rank + wins >= 2 * swiss.geo_rank.index)
            or (swiss.geo_bar and start >= bar) or wins >= config.rounds * (1 if swiss.geo_wins else 2))


def _score_range(config: Config, number: int, method: PairingMethod) -> int:
    """How many score groups OpenGotha counts before round `number` (R7.4): in McMahon every score from the floor's
    less 1 to the bar's plus 2 plus the rounds played, in Swiss every number of wins so far, or every cup score
    (`swiss.score: cup`) from 0 to 2 to the power of the rounds played."""
    if method == SWISS.name:
        return 2 ** (number - 1) + 1 if config.swiss.score == SwissScore.CUP else number
    bar = 38 if config.start.bar is None else config.start.bar.index
    floor = 0 if config.start.floor is None else config.start.floor.index
    return bar - floor + number + 3


def sides_before(
    t: Tournament, number: int, table: list[Standing], groups: Mapping[PlayerId, int]
) -> dict[PlayerId, Side]:
    """Each player of the standings `table` as the handicap reads them before round `number`, descents from an even
    group judged by this round's `groups` (R2, R2.6)."""
    blacks = Counter(g.black for r in t.rounds if r.number < number for g in r.games)
    descended = _descended(t, number, groups)
    return {
        s.player.id: side(s.player.id, s.player.rating, s.points, blacks[s.player.id], half_wins(s.cells),
                          s.player.id in descended, t.config, s.player.rank)
        for s in table
    }


def pair_round(t: Tournament, number: int) -> Round:
    """Round `number`: the present players paired by the configured method, with handicaps (R7, R2, R3, R5);
    in a playoff round the bracket's boards come first and the main tournament pairs the rest (R7.7); after the last
    round, a superfinal game alone (R7.8)."""
    match = superfinal_round(t, number)
    if match is not None:
        return match
    late = late_entry_problems(t, number)
    if late:
        raise WorkbookErrors(late)
    playoff = playoff_games(t, number)
    table = standings(t, before_round=number, ranking_only=True)
    seats = seated(t, number, table, _present(t, number, table, out_of_main(t, number, playoff)))
    groups, sides = seats.groups, seats.sides
    by_group = _rules_by_group(groups, t.config)
    state, rules = round_state(t, seats)
    method = t.config.pairing.method_for(number)
    pair = METHODS[method].pair
    if pair is None:  # scheduled in advance: `round_to_pair` says so before a round is paired
        raise ForsxlError("R7.5", "use_schedule", method=str(method))
    pairing = pair(state, rules)
    black_of = partial(even_black, state, rules) if METHODS[method].weighted else None
    games = playoff + tuple(
        _game(board, sides[upper], sides[lower], by_group[pair_group(groups[upper], groups[lower], t.config.groups)],
              t.config, black_of)
        for board, (upper, lower) in enumerate(pairing.pairs, start=len(playoff) + 1)
    )
    sitouts = [(pairing.bye, Sitout.BYE)] if pairing.bye is not None else []
    sitouts += [(p.id, Sitout.ABSENT) for p in t.players
                if not p.plays_in(number) and number in p.absent
                and (p.left_after is None or number <= p.left_after)]
    return Round(number, games, tuple(sitouts))


def _present(t: Tournament, number: int, table: Sequence[Standing], out: frozenset[PlayerId]) -> tuple[PlayerId, ...]:
    """Who the main tournament pairs in round `number`, in the order of its standings `table` (R5, R7.7): the players
    there, but those `out` in the playoff and those excluded for forfeits."""
    return tuple(s.player.id for s in table if s.player.plays_in(number) and s.player.id not in out
                 and not excluded(s.cells, t.config.rounds, t.config.attendance))


def _paired(rnd: Round, table: Sequence[Standing]) -> tuple[PlayerId, ...]:
    """Who pairing ranked for round `rnd`, in the order of the standings `table` before it: its players, byes
    included, playoff and absences not (R5, R7.7)."""
    paired = {p for g in rnd.games if not g.stage for p in (g.black, g.white)}
    paired |= {pid for pid, kind in rnd.sitouts if kind == Sitout.BYE}
    return tuple(s.player.id for s in table if s.player.id in paired)


def with_groups(t: Tournament, table: Sequence[Standing]) -> list[Standing]:
    """The standings `table` with each player's group in the round under way (R3): the first round paired that
    lacks a result, as pairing cut it, else the next round, as pairing will cut it. One cut a round: the Standings
    sheet never cuts its own, and a player not in that round has none."""
    if not group_sizes(t):
        return list(table)
    regular = [r for r in t.rounds if not r.superfinal]
    rnd = next((r for r in regular if not r.complete), None)
    number = rnd.number if rnd is not None else regular[-1].number + 1 if regular else 1
    before = standings(t, before_round=number, ranking_only=True)
    present = _paired(rnd, before) if rnd is not None else _present(
        t, number, before, out_of_main(t, number, playoff_games(t, number)))
    groups = round_groups(t, number, present)
    return [s._replace(group=groups.get(s.player.id, 0)) for s in table]


def _seated_as_paired(t: Tournament, rnd: Round) -> Seated:
    """Who pairing ranked for round `rnd` (`_paired`), seated as `pair_round` seated them (R2, R3): what it computed
    the games' handicaps from."""
    table = standings(t, before_round=rnd.number, ranking_only=True)
    return seated(t, rnd.number, table, _paired(rnd, table))


def recompute_board(t: Tournament, number: int, board: int) -> Game:
    """Board `board` of round `number` with the handicap pairing gives its two players as they now sit there (R2,
    by the same `game_handicap`, in the group `pair_group` gives the pair, R3): steps, stones and komi, the giver
    White (R2.5); an even game keeps the colours the sheet has. A board with a result is refused: its handicap
    stays as played (R2.6)."""
    rnd = next((r for r in t.rounds if r.number == number), None)
    if rnd is None:
        raise ForsxlError("R7", "explain_no_round", round=number)
    game = next((g for g in rnd.games if g.board == board and not g.stage), None)
    if game is None:
        raise ForsxlError("R2", "board_missing", round=number, board=board)
    if game.result is not None:
        raise ForsxlError("R2.6", "board_has_result", game.source, board=board, result=game.result)
    seats = _seated_as_paired(t, rnd)
    rank = {pid: i for i, pid in enumerate(seats.present)}
    upper, lower = sorted((game.black, game.white), key=rank.__getitem__)
    rules = group_rules(pair_group(seats.groups[upper], seats.groups[lower], t.config.groups), t.config.groups)
    new = _game(board, seats.sides[upper], seats.sides[lower], rules, t.config)
    if new.steps == 0:
        new = replace(new, black=game.black, white=game.white)
    return replace(new, source=game.source)


def stronger_holds_black(t: Tournament) -> list[ForsxlError]:
    """A warning for each game not yet played that has stones while Black has the higher handicap basis (R2.1):
    after a referee swapped colours or players, the stronger player takes the handicap instead of giving it (R2.5).
    """
    warnings = []
    for rnd in t.rounds:
        games = [g for g in rnd.games if g.result is None and g.stones and not g.stage]
        if not games:
            continue
        sides = _seated_as_paired(t, rnd).sides
        for g in games:
            black, white = sides[g.black].basis, sides[g.white].basis
            if black > white:
                warnings.append(ForsxlError(
                    "R2.5", "stronger_holds_black", g.source, board=g.board, round=rnd.number, stones=g.stones,
                    black=t.player(g.black).name, white=t.player(g.white).name, basis=t.config.handicap.basis,
                    black_basis=black, white_basis=white))
    return warnings


@dataclass(frozen=True)
class Schedule:
    """Every round of a round robin or a Serp, and the Serp figures the Schedule sheet reports (R7.5, R7.6)."""

    rounds: tuple[Round, ...]
    method: PairingMethod
    serp: SerpPlan | None = None


def _serp_layout(t: Tournament, order: list[PlayerId]) -> SerpPlan:
    """The Serp layout of Config `serp.*` over the rating order, scheduled into rounds (R7.6)."""
    rules, n = t.config.serp, len(order)
    index = {pid: i for i, pid in enumerate(order)}
    teams = {p.id: p.team.casefold() for p in t.players if p.team.strip()}
    forbidden = frozenset((index[a], index[b]) for a in order for b in order
                          if index[a] < index[b] and a in teams and teams[a] == teams.get(b))
    if rules.subgroup_size:
        if n % rules.subgroup_size:
            raise ForsxlError("R7.6", "serp_subgroups", count=n, size=rules.subgroup_size)
        edges, games = subgroup_opponents(n, rules.subgroup_size), 3 * rules.subgroup_size - 1
    elif not 0 < rules.games < n:
        raise ForsxlError("R7.6", "serp_games", games=rules.games, count=n)
    elif rules.layout == SerpLayout.SICKLE:
        if rules.games % 2:
            raise ForsxlError("R7.6", "serp_sickle_odd", games=rules.games)
        edges, games = sickle_opponents(n, rules.games), rules.games
    else:
        try:
            edges, games = compact_opponents(n, rules.games, forbidden), rules.games
        except ValueError:
            raise ForsxlError("R7.6", "serp_no_layout", games=rules.games, count=n) from None
    if edges & forbidden:
        a, b = min(edges & forbidden)
        raise ForsxlError("R7.6", "serp_teammates", first=t.player(order[a]).name, second=t.player(order[b]).name)
    return serp_plan(n, edges, games, t.config.name)


def schedule_rounds_problem(t: Tournament) -> list[ForsxlError]:
    """A warning when the rounds written by `forsxl schedule` are not Config's `rounds` (R7.5, R7.6): a Serp of an odd
    number of players takes g + 1 rounds, a round robin N - 1 or N a cycle, whatever `rounds` says."""
    method = t.config.pairing.method[0]
    if method not in SCHEDULED or t.config.stages.plan or not t.rounds or len(t.rounds) == t.config.rounds:
        return []
    rule = METHODS[method].rule
    return [ForsxlError(rule, "schedule_rounds", rounds=t.config.rounds, scheduled=len(t.rounds),
                        players=len(t.players))]


def schedule_tournament(t: Tournament, listed: Sequence[PlayerId] | None = None) -> Schedule:
    """Every round at once, handicaps and colours included (R7.5, R7.6, R2): a round robin by the Berger
    tables over the start numbers, or a Serp over the rating order; `listed`, when given, is the order a Serp
    is laid over instead (a stage re-listed by the standings, engine/stages.py).

    In even games a round robin keeps the Berger table's colours; a Serp balances colours round by round.
    """
    if not t.players:
        raise ForsxlError("R7", "no_players")
    played = next((r for r in t.rounds if r.has_results()), None)
    if played is not None:
        raise ForsxlError("R7.5", "schedule_has_results", round=played.number)
    method = t.config.pairing.method[0]
    order = list(listed) if listed else [p.id for p in sorted(t.players, key=lambda p: (-p.rating, p.id))]
    plan = None
    if method == ROUND_ROBIN.name:
        ids, cycles = [p.id for p in t.players], _cycles(t)
        rounds = cycles * (len(ids) + len(ids) % 2 - 1)
        if rounds > MAX_ROUNDS:
            raise ForsxlError("R7.5", "schedule_too_long", count=len(ids), rounds=rounds, limit=MAX_ROUNDS)
        berger = round_robin_table(len(ids), cycles)
        table = [[(ids[w - 1], ids[b - 1]) for w, b in rnd] for rnd in berger]
    elif method == SERP.name:
        plan = _serp_layout(t, order)
        table = [[(order[a], order[b]) for a, b in rnd] for rnd in plan.rounds]
    else:
        raise ForsxlError("R7.5", "not_scheduled", method=str(method))
    return Schedule(_scheduled_rounds(t, order, table, method == ROUND_ROBIN.name), method, plan)


def _cycles(t: Tournament) -> int:
    """Round robin cycles: `round_robin.cycles`, or by the number of players for the renju weekly (R7.5, R8)."""
    if not t.config.round_robin.by_size:
        return t.config.round_robin.cycles
    chosen = format_by_size(len(t.players))
    if chosen.system != "round_robin":
        raise ForsxlError("R8", "swiss_by_size", count=len(t.players), rounds=chosen.rounds)
    return chosen.cycles


def _scheduled_rounds(
    t: Tournament, order: list[PlayerId], table: list[list[tuple[PlayerId, PlayerId]]], keep_colours: bool
) -> tuple[Round, ...]:
    """Games with handicaps by each pair's group (R2, R3); a bye for whoever has no game (R5)."""
    start = tournament_start_points(t)
    groups = cut_groups(order, t.config.groups.sizes)
    by_group = _rules_by_group(groups, t.config)
    rank = {pid: i for i, pid in enumerate(order)}
    blacks: Counter[PlayerId] = Counter()
    rounds = []
    for number, pairs in enumerate(table, start=1):
        games = []
        for board, (white, black) in enumerate(sorted(pairs, key=lambda p: min(rank[p[0]], rank[p[1]])), start=1):
            upper, lower = sorted((white, black), key=lambda pid: rank[pid])
            sides = [side(pid, t.player(pid).rating, start[pid], blacks[pid], 0, False, t.config, t.player(pid).rank)
                     for pid in (upper, lower)]
            game = _game(board, sides[0], sides[1], by_group[pair_group(groups[upper], groups[lower], t.config.groups)],
                         t.config)
            if keep_colours and game.steps == 0:
                game = Game(board, black, white, game.stones, game.komi, 0, game.group)
            blacks[game.black] += 1
            games.append(game)
        playing = {pid for pair in pairs for pid in pair}
        rounds.append(Round(number, tuple(games), tuple((pid, Sitout.BYE) for pid in order if pid not in playing)))
    return tuple(rounds) if keep_colours else _balance_even_games(rounds)


def _balance_even_games(rounds: list[Round]) -> tuple[Round, ...]:
    """A Serp's even games coloured over the whole schedule, not round by round, so that each player's Blacks and
    Whites differ by at most one where the handicap games allow (R2.5, R7.6)."""
    lean: Counter[PlayerId] = Counter()
    for g in (g for r in rounds for g in r.games if g.steps):
        lean[g.black] += 1
        lean[g.white] -= 1
    even = [g for r in rounds for g in r.games if not g.steps]
    colours = iter(balanced_colours([(g.black, g.white) for g in even], lean))
    return tuple(Round(r.number, tuple(
        g if g.steps else Game(g.board, *next(colours), g.stones, g.komi, 0, g.group) for g in r.games), r.sitouts)
        for r in rounds)
