"""R6: the tie-break catalogue, shared places, unplayed rounds, direct encounter, lots."""

import math
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tables import rounds_from_text

from forsxl.engine.config import Attendance, Config, Scheme, Scoring, StartMethod, StartPoints, Tiebreak, UnplayedLoss
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Sitout, Tournament
from forsxl.engine.standings import standings
from forsxl.engine.values import Rank

TB = Tiebreak


def tournament(players: str, rounds: str, tiebreaks: tuple[Tiebreak, ...], name: str = "") -> Tournament:
    """Players `id rating`; rounds `N: black-white/steps result, ..., bye id`."""
    people = tuple(Player(PlayerId(int(pid)), f"P{pid}", int(rating))
                   for pid, rating in (line.split() for line in players.strip().splitlines()))
    return Tournament(Config(name=name, tiebreaks=tiebreaks), people, rounds_from_text(rounds))


# Start points 200 190 180 170 160. Round 1: 1 gives 2 steps and wins 22/8, 4 wins an even game, 5 has
# the bye. Round 2: 4 wins as taker 20/10, 5 wins by forfeit against 2, 3 has the bye.
# OpenGotha's criteria (PEERS §1.6), worked by hand: NBW counts the bye as a win (1 0 1 2 2); SOSW counts a round
# without a game 0 and the forfeit as a game; SOSM corrects the opponent's score by the stones (player 1:
# 198+2 and 210+3) and counts a round without a game as the player's start (player 3: 210 + 180); SOSOSM counts it
# as the start times the rounds (player 5: 2 x 160 + 425); EXT weighs the opponent's NBW by the stones received
# beyond the rank gap (player 4: 2 x 1 against 3, 1 x 1 against 1); SDC is 0 unless every tied pair met; DC ranks
# by who beat whom from the bottom: 2, 3 and 5 beat nobody (0), then 1 (1), then 4, who beat 1 (2).
PLAYERS = """
1 2000
2 1900
3 1800
4 1700
5 1600
"""
ROUNDS = """
1: 2-1/2 W+, 4-3 B+, bye 5
2: 4-1/3 B+, 5-2 B+F, bye 3
"""
EXPECTED = """
criterion        1    2    3    4    5
points           232  198  205  210  195
game_points      32   8    25   40   35
wins             1    0    0    2    1
sos              408  430  415  437  390
sos_games        48   40   65   57   43
sos_wins         2    1    2    1    1
wins_not_taking  1    0    0    1    1
handicap_given   5    -2   0    -3   0
rating           2000 1900 1800 1700 1600
start_number     -1   -2   -3   -4   -5
berger           8    4    25/2 57   51/2
progress         54   16   35   60   50
buchholz         48   40   65   57   43
mms              232  198  205  210  195
sosos            867  838  852  823  780
sodos            198  99   205/2 437 195
sos_minus_1      210  232  210  232  195
sos_minus_2      0    0    0    0    0
cuss             454  396  395  400  370
nbw              1    0    1    2    2
sosw             2    3    2    2    0
sosw_minus_1     2    2    2    1    0
sosw_minus_2     0    0    0    0    0
sodosw           0    0    0    2    0
sososw           5    2    2    4    3
cussw            2    0    1    3    3
sosm             413  425  390  434  358
sosm_minus_1     213  230  210  229  198
sosm_minus_2     0    0    0    0    0
sodosm           200  0    0    434  198
sososm           859  771  794  803  745
rank             29   28   27   26   25
ext              2    0    0    3    0
exr              0    0    0    3    0
sdc              0    0    0    0    0
dc               1    0    0    2    0
cat              0    0    0    0    0
cps              2    0    1    3    2
"""
ROWS = [line.split() for line in EXPECTED.strip().splitlines()[1:]]


def test_r6_catalogue_is_covered() -> None:
    assert {TB(r[0]) for r in ROWS} | {TB.DIRECT, TB.LOT} == set(Tiebreak)  # direct and lot: tests below


@pytest.mark.parametrize(("criterion", "values"), [pytest.param(TB(r[0]), r[1:], id=r[0]) for r in ROWS])
def test_r6_catalogue(criterion: Tiebreak, values: list[str]) -> None:
    table = standings(tournament(PLAYERS, ROUNDS, (criterion,)))
    got = {s.player.id: s.values[criterion] for s in table}
    assert got == {PlayerId(pid): Fraction(v) for pid, v in enumerate(values, start=1)}
    assert [s.player.id for s in table] == sorted(got, key=lambda pid: (-got[pid], pid))


def test_r6_unplayed_rounds_in_opponent_criteria() -> None:
    """[000 §4.7]: a bye is a draw against oneself; a forfeit win counts the smaller of the two ways."""
    table = {s.player.id: s for s in standings(tournament(PLAYERS, ROUNDS, (TB.SOS, TB.SOS_GAMES)))}
    points = {pid: s.points for pid, s in table.items()}
    games = {pid: s.points - s.start for pid, s in table.items()}
    assert table[3].values[TB.SOS] == points[4] + points[3]  # bye in round 2: player 3 themself
    assert table[5].values[TB.SOS] == points[5] + min(points[5], points[2]) == 2 * points[5]  # own is smaller
    assert table[5].values[TB.SOS_GAMES] == games[5] + min(games[5], games[2]) == games[5] + games[2]
    assert table[2].values[TB.SOS] == points[1] + points[2]  # the forfeit loser was absent: against themself


@pytest.mark.parametrize(("rounds", "expected"), [
    pytest.param("1: 2-1 W+, bye 3\n2: 3-2 W+, bye 1\n3: 3-1 W+, bye 2", [2, 1, 0], id="1 beat both, 2 beat 3"),
    pytest.param("1: 2-1 W+, bye 3\n2: 3-2 W+, bye 1\n3: 1-3 W+, bye 2", [1, 1, 1], id="a cycle: one win each"),
    pytest.param("1: 2-1 W+, bye 3\n2: 3-2 W+, bye 1", [0, 0, 0], id="1 and 3 never met: 0 for all"),
])
def test_r6_sdc_counts_wins_among_the_tied_only_when_all_met(rounds: str, expected: list[int]) -> None:
    """OpenGotha's simplified direct confrontation (PEERS §1.6): among players tied on every earlier criterion,
    and only if every two of them met, the number of the others each one beat."""
    table = standings(tournament("1 1500\n2 1500\n3 1500", rounds, (TB.SDC,)))
    assert [s.values[TB.SDC] for s in sorted(table, key=lambda s: s.player.id)] == expected


# OpenGotha's own example of direct confrontation (mw.go.confrontation): 3 beat 1, 1 beat 2, 2 beat 3 (a circle),
# 1 and 3 beat 4, 5 beat 2; the later criterion (here the rating) ranks 1, 3, 4 equal, then 2, 6, 5.
CIRCLE = "1 1500\n2 1400\n3 1500\n4 1500\n5 1200\n6 1300"
CIRCLE_GAMES = """
1: 3-1 B+, 5-2 B+
2: 1-2 B+, 3-4 B+
3: 2-3 B+, 1-4 B+
"""


def test_r6_dc_is_opengothas_direct_confrontation() -> None:
    """OpenGotha's DC (PEERS §1.6) on the example its own code carries: who beat whom decides from the bottom, a
    circle counts as one, and the later criteria decide where the games do not: its ranks 5, 1 = 3, 2, 4, 6."""
    table = standings(tournament(CIRCLE, CIRCLE_GAMES, (TB.DC, TB.RATING)))
    assert [(s.player.id, s.values[TB.DC], s.place) for s in table] == [
        (5, 5, "1"), (1, 4, "2-3"), (3, 4, "2-3"), (2, 2, "4"), (4, 1, "5"), (6, 0, "6")]


def test_r6_cat_is_the_category_by_rank() -> None:
    """OpenGotha's CAT: categories by the lowest rank of each but the last, strongest first (`swiss.categories`):
    with 1d and 5k, a 2d is in the first, 3k in the second, 10k in the third."""
    people = tuple(Player(PlayerId(i), f"P{i}", r) for i, r in ((1, 1200), (2, 1800), (3, 2200)))
    config = replace(Config(tiebreaks=(TB.CAT,)),
                     swiss=replace(Config().swiss, categories=(Rank.from_text("1d"), Rank.from_text("5k"))))
    table = standings(Tournament(config, people, ()))
    assert [(s.player.id, s.values[TB.CAT]) for s in table] == [(3, 0), (2, -1), (1, -2)]


def test_r6_dc_counts_no_forfeit_nor_a_second_win() -> None:
    """OpenGotha's DC takes a game won over the board, and a pair whose net is one win exactly: 2 beat 1 twice, so
    for DC neither beat the other, and the later criterion decides."""
    twice = standings(tournament("1 1500\n2 1400", "1: 2-1 B+\n2: 1-2 W+", (TB.DC, TB.RATING)))
    assert [(s.player.id, s.values[TB.DC]) for s in twice] == [(1, 1), (2, 0)]
    forfeit = standings(tournament("1 1500\n2 1400", "1: 2-1 B+F", (TB.DC, TB.RATING)))
    assert [(s.player.id, s.values[TB.DC]) for s in forfeit] == [(1, 1), (2, 0)]
    won = standings(tournament("1 1500\n2 1400", "1: 2-1 B+", (TB.DC, TB.RATING)))
    assert [(s.player.id, s.values[TB.DC]) for s in won] == [(2, 1), (1, 0)]
    both = standings(tournament("1 1500\n2 1400", "1: 2-1 1-1", (TB.DC, TB.SDC, TB.RATING)))
    assert [(s.player.id, s.values[TB.DC], s.values[TB.SDC]) for s in both] == [(1, 1, 0), (2, 0, 0)]


def test_r6_cps_is_opengothas_cup_score() -> None:
    """OpenGotha's CPS (Tournament.fillBaseScoringInfoIfNecessary): each round the games' cup score doubles before
    the round's game adds its NBW, so a win in round 1 (1: 1, 2, 5) outweighs two later ones (2: 0, 1, 3); a win
    for both is a win for each (3 and 4 in round 1: 3 ends on 4, 4 on 6, both 2 wins as 1 and 2)."""
    rounds = "1: 1-2 B+, 3-4 1-1\n2: 2-1 B+, 3-4 W+\n3: 1-3 B+, 2-4 B+"
    table = standings(tournament("1 1500\n2 1500\n3 1500\n4 1500", rounds, (TB.CPS, TB.NBW)))
    assert [(s.player.id, s.values[TB.CPS], s.values[TB.NBW]) for s in table] == [(4, 6, 2), (1, 5, 2), (3, 4, 1),
                                                                                   (2, 3, 2)]


def test_r6_cps_adds_a_round_without_a_game_once() -> None:
    """OpenGotha adds a bye's and an absence's NBW to CPS after the doubling, added up and rounded down as NBW is:
    3's bye in round 1 stays one point (2 in all, not 3); 4's absences of half a point give nothing, then one."""
    config = Config(scoring=Scoring(scheme=Scheme.WIN_LOSS), tiebreaks=(TB.CPS,),
                    attendance=Attendance(absent_points=Fraction(1, 2), late_points=Fraction(1, 2), round_down=True,
                                          late_at_once=True))
    people = tuple(Player(PlayerId(i), f"P{i}", 1500, absent=frozenset({1, 2}) if i == 4 else frozenset())
                   for i in range(1, 5))
    t = Tournament(config, people, rounds_from_text("1: 1-2 B+, bye 3\n2: 3-1 B+, bye 2"))
    assert {s.player.id: s.values[TB.CPS] for s in standings(t)} == {1: 2, 2: 1, 3: 2, 4: 1}


def test_r5_an_unpaired_round_scores_nothing() -> None:
    """OpenGotha's participating player without a game (`unpaired`) scores nothing, as it scores them, and reads
    `0-`; an absence of 1/2 rounded down reads `0=` every time, as OpenGotha shows it, not `0-` and `0+` in turn."""
    config = replace(Config(tiebreaks=(TB.POINTS,)), scoring=Scoring(Scheme.WIN_LOSS),
                     start=StartPoints(method=StartMethod.NONE),
                     attendance=Attendance(late_points=Fraction(1, 2), absent_points=Fraction(1, 2), round_down=True,
                                           late_at_once=True))
    people = tuple(Player(PlayerId(i), f"P{i}", 1500) for i in (1, 2, 3, 4))
    rounds = rounds_from_text("1: 1-2 B+, unpaired 3, absent 4\n2: 1-3 B+, absent 2, absent 4")
    table = {s.player.id: s for s in standings(Tournament(config, people, rounds))}
    assert [str(c) for c in table[3].cells] == ["0-", "1-/w"] and table[3].points == 0
    assert [str(c) for c in table[4].cells] == ["0=", "0="] and table[4].points == 1  # ½ + ½, rounded down each round
    assert [c.points for c in table[4].cells] == [0, 1]


def test_r6_unplayed_half_counts_an_opponents_rounds_without_a_game_as_half(  # OpenGotha's "count not played games
) -> None:  # as half point"
    """With `unplayed_half` OpenGotha's SOSW reads an opponent's NBW as the wins over the board and a half for every
    other round: 3 won a game and had a bye (NBW 2, read 1 1/2), 2 had a bye and lost (NBW 1, read 1/2); player 1
    met both."""
    rounds = rounds_from_text("1: 1-3 W+, bye 2\n2: 1-2 B+, bye 3")
    people = tuple(Player(PlayerId(i), f"P{i}", 1500) for i in (1, 2, 3))
    config = replace(Config(tiebreaks=(TB.NBW, TB.SOSW, TB.SOSM)), scoring=Scoring(Scheme.WIN_LOSS),
                     start=StartPoints(method=StartMethod.NONE))
    plain = {s.player.id: s.values for s in standings(Tournament(config, people, rounds))}
    half = {s.player.id: s.values for s in standings(Tournament(replace(config, unplayed_half=True), people, rounds))}
    assert (plain[1][TB.SOSW], half[1][TB.SOSW]) == (3, 2)
    assert (plain[1][TB.SOSM], half[1][TB.SOSM]) == (3, 2)  # the same halves in the McMahon family


def test_r6_default_ranking_and_points_add_up() -> None:
    table = standings(tournament(PLAYERS, ROUNDS, Config().tiebreaks))
    assert [(s.player.id, s.place, s.start, s.points) for s in table] == [
        (1, "1", 200, 232), (4, "2", 170, 210), (3, "3", 180, 205), (2, "4", 190, 198), (5, "5", 160, 195)]
    assert [str(c) for c in table[-1].cells] == ["0=", "2+!b"]


# All rated 1500 (start 150). 1 and 2 end on 50, 3 and 4 on 40. 2 beat 1 in an even game; 3 beat 4 as
# the taker of a 2-step handicap, which `direct` does not count.
EQUAL = "1 1500\n2 1500\n3 1500\n4 1500"
CROSS = """
1: 2-1 B+, 3-4/2 B+
2: 3-1 W+, 2-4 W+
3: 4-1 W+, 3-2 W+
"""


@pytest.mark.parametrize(
    ("tiebreaks", "expected"),
    [
        pytest.param((TB.GAME_POINTS,), "1:1-2 2:1-2 3:3-4 4:3-4", id="ties share places, start-number order"),
        pytest.param((TB.POINTS, TB.RATING), "1:1-2 2:1-2 3:3-4 4:3-4", id="equal ratings still tie"),
        pytest.param((TB.GAME_POINTS, TB.DIRECT), "2:1 1:2 3:3-4 4:3-4", id="[003] direct: only even games"),
        pytest.param((TB.POINTS, TB.DIRECT, TB.START_NUMBER), "2:1 1:2 3:3 4:4", id="start number ends ties"),
        pytest.param((TB.POINTS, TB.WINS, TB.SOS), "1:1-2 2:1-2 3:3-4 4:3-4", id="sos ties here"),
    ],
)
def test_r6_shared_places_and_direct(tiebreaks: tuple[Tiebreak, ...], expected: str) -> None:
    table = standings(tournament(EQUAL, CROSS, tiebreaks))
    assert " ".join(f"{s.player.id}:{s.place}" for s in table) == expected


def test_r6_direct_value_is_reported_among_the_tied_players() -> None:
    # `direct` depends on who is tied: player 2 won the even game that decided places 1-2.
    table = {s.player.id: s for s in standings(tournament(EQUAL, CROSS, (TB.GAME_POINTS, TB.DIRECT)))}
    assert (table[2].values[TB.DIRECT], table[1].values[TB.DIRECT]) == (1, 0)


def test_r6_lot_is_reproducible_and_seeded_by_the_name() -> None:
    def order(name: str) -> list[tuple[int, str]]:
        return [(s.player.id, s.place) for s in standings(tournament(EQUAL, CROSS, (TB.GAME_POINTS, TB.LOT), name))]

    first = order("Cup")
    assert [place for _, place in first] == ["1", "2", "3", "4"]  # a lot leaves no shared place
    assert {pid for pid, _ in first[:2]} == {1, 2}
    assert order("Cup") == first
    assert len({tuple(order(f"Cup {i}")) for i in range(12)}) > 1


# Hypothesis: random small tournaments, sos and points recomputed by brute force straight from RULES.

def fors30(steps: int, result: Result) -> tuple[int, int]:
    """(Black, White) by the R4 table, written out again."""
    forfeits = {Result.BLACK_FORFEIT: (20, 0), Result.WHITE_FORFEIT: (0, 20), Result.DOUBLE_FORFEIT: (0, 0)}
    if result in forfeits:
        return forfeits[result]
    if result == Result.BOTH_WIN:  # a win for each, as each side's win scores (R11)
        return fors30(steps, Result.BLACK_WINS)[0], fors30(steps, Result.WHITE_WINS)[1]
    if steps == 0:
        return {Result.BLACK_WINS: (20, 10), Result.WHITE_WINS: (10, 20), Result.DRAW: (15, 15)}[result]
    return (20, 10) if result == Result.BLACK_WINS else (10 - steps, 20 + steps)  # a tie goes to White


@st.composite
def random_tournaments(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(2, 7))
    players = tuple(Player(PlayerId(i), f"P{i}", draw(st.integers(-900, 2700))) for i in range(1, n + 1))
    rounds = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        order = draw(st.permutations([p.id for p in players]))
        away = draw(st.integers(0, n // 2))
        listed = draw(st.integers(0, away))  # announced absences; the others are simply missing (late entry)
        here = order[away:]
        games = tuple(
            Game(i + 1, black, white, steps, Fraction(0), steps, 1, draw(st.sampled_from(list(Result))))
            for i, (black, white) in enumerate(zip(here[::2], here[1::2], strict=False))
            for steps in [draw(st.integers(0, 3))]
        )
        sitouts = [(pid, Sitout.ABSENT) for pid in order[:listed]]
        sitouts += [(here[-1], Sitout.BYE)] if len(here) % 2 else []
        rounds.append(Round(number, games, tuple(sitouts)))
    # a round without a game may score a fraction: the table's sums run in ints over a common denominator
    rest = draw(st.sampled_from([Fraction(15), Fraction(29, 2), Fraction(46, 3)]))
    config = Config(tiebreaks=(TB.POINTS, TB.SOS, TB.SOS_GAMES, TB.SOS_WINS),
                    attendance=Attendance(bye_points=rest, late_points=rest, absent_points=rest),
                    unplayed_loss=draw(st.sampled_from(list(UnplayedLoss))))
    return Tournament(config, players, tuple(rounds))


def brute_force(t: Tournament) -> dict[str, dict[PlayerId, Fraction]]:
    def start(r: int) -> Fraction:
        return Fraction(r // 10 if r >= 1000 else math.floor(Fraction(100) - Fraction(1000 - r, 20)))

    points = {p.id: start(p.rating) for p in t.players}
    wins = {p.id: Fraction(0) for p in t.players}
    progress = {p.id: Fraction(0) for p in t.players}
    given = {p.id: Fraction(0) for p in t.players}
    not_taking = {p.id: Fraction(0) for p in t.players}
    # per player and round: (kind, opponent, share of the game won)
    rows: dict[PlayerId, list[tuple[str, PlayerId | None, Fraction]]] = {p.id: [] for p in t.players}
    # R5: a player with no game or bye in any round has not joined yet, and their rounds give nothing
    joined = {pid for r in t.rounds for g in r.games for pid in (g.black, g.white)}
    joined |= {pid for r in t.rounds for pid, kind in r.sitouts if kind == Sitout.BYE}
    for rnd in t.rounds:
        seen = set()
        for g in rnd.games:
            assert g.result is not None
            black, white = fors30(g.steps, g.result)
            points[g.black] += black
            points[g.white] += white
            for me, other, mine, theirs, gives in ((g.black, g.white, black, white, -g.steps),
                                                   (g.white, g.black, white, black, g.steps)):
                seen.add(me)
                won = g.result == Result.BOTH_WIN or mine > theirs
                share = Fraction(1, 2) if g.result == Result.DRAW and g.steps == 0 else Fraction(won)
                wins[me] += share
                if won and (gives >= 0 or g.result.is_forfeit):
                    not_taking[me] += 1
                if not g.result.is_forfeit:
                    given[me] += gives
                kind = "played" if not g.result.is_forfeit else "forfeit win" if mine > theirs else "forfeit loss"
                rows[me].append((kind, other, share))
        for p in t.players:
            if p.id not in seen:
                points[p.id] += (t.config.attendance.bye_points or 0) if p.id in joined else 0
                rows[p.id].append(("unplayed", None, Fraction(1, 2)))
        for p in t.players:
            progress[p.id] += points[p.id] - start(p.rating)
    games = {p.id: points[p.id] - start(p.rating) for p in t.players}

    plain = t.config.unplayed_loss == UnplayedLoss.LOSS  # the rounds without a game here are never losses but these

    def sos(value: dict[PlayerId, Fraction], pid: PlayerId, by_result: bool = False) -> Fraction:
        own = value[pid] / 2 if by_result else value[pid]
        total = Fraction(0)
        for kind, other, share in rows[pid]:
            real = Fraction(0) if other is None else value[other] * (share if by_result else 1)
            if kind == "forfeit loss":
                kind = "played" if plain else "unplayed"
            total += own if kind == "unplayed" else min(own, real) if kind == "forfeit win" else real
        return total

    return {
        "points": points,
        "wins": wins,
        "sos": {pid: sos(points, pid) for pid in points},
        "sos_games": {pid: sos(games, pid) for pid in points},
        "sos_wins": {pid: sos(wins, pid) for pid in points},
        "berger": {pid: sos(games, pid, by_result=True) for pid in points},
        "buchholz": {pid: sos(games, pid) for pid in points},
        "progress": progress,
        "handicap_given": given,
        "wins_not_taking": not_taking,
    }


BRUTE = ("wins", "sos", "sos_games", "sos_wins", "berger", "buchholz", "progress", "handicap_given", "wins_not_taking")


@given(random_tournaments())
def test_r6_tiebreaks_and_points_match_brute_force(t: Tournament) -> None:
    expected = brute_force(t)
    table = standings(replace(t, config=replace(t.config, tiebreaks=tuple(TB(name) for name in BRUTE))))
    assert {s.player.id: s.points for s in table} == expected["points"]
    assert {s.player.id: s.start + sum(c.points or 0 for c in s.cells) for s in table} == expected["points"]
    for name in BRUTE:
        assert {s.player.id: s.values[TB(name)] for s in table} == expected[name], name


@given(random_tournaments())
def test_r6_ranking_is_lexicographic_and_places_cover_ties(t: Tournament) -> None:
    table = standings(t)
    keys = [tuple(s.values[c] for c in t.config.tiebreaks) for s in table]
    assert keys == sorted(keys, reverse=True)
    for i, s in enumerate(table):
        same = [j + 1 for j, k in enumerate(keys) if k == keys[i]]
        assert s.place == (str(i + 1) if len(same) == 1 else f"{same[0]}-{same[-1]}")


# A renju round robin of four, no start points; 4 wins round 1, then withdraws: [000 §5.3.1] «им присуждаются
# минусы (а их соперникам плюсы) во всех оставшихся партиях». Scores 1: 5, 2: 2, 3: 3, 4: 2.
RENJU_ROUNDS = """
1: 2-1 W+, 3-4 W+
2: 3-1 =, 2-4 B+F
3: 4-1 W+F, 3-2 B+
"""
# player  berger  buchholz, by unplayed_loss: draw (a draw against oneself), loss (a plain loss)
RENJU = """
draw  1 11/2 7    2 1 10   3 9/2 9   4 5 7
loss  1 11/2 7    2 1 10   3 9/2 9   4 3 10
"""


@pytest.mark.parametrize(
    ("mode", "expected"),
    [pytest.param(UnplayedLoss(row[0]), row[1:], id=f"unplayed_loss {row[0]}")
     for row in (line.split() for line in RENJU.strip().splitlines())],
)
def test_r6_renju_forfeit_losses_are_plain_losses(mode: UnplayedLoss, expected: list[str]) -> None:
    """[000 §5.1] «ему засчитываются поражения (минусы)»: with `loss`, the withdrawn player's Berger counts only the
    game won (3), not half their own score for each forfeit (3 + 1 + 1), and Buchholz counts the forfeits' winners
    (3 + 2 + 5); [000 §4.7] only makes a «+» a draw against oneself, and a forfeit win the smaller way (1: 2 + 3/2 + 2,
    not 2 + 3/2 + 5/2)."""
    config = Config(start=StartPoints(method=StartMethod.NONE), scoring=Scoring(Scheme.RENJU),
                    tiebreaks=(TB.POINTS, TB.BERGER, TB.BUCHHOLZ), unplayed_loss=mode)
    players = tuple(Player(PlayerId(i), f"P{i}", 1500) for i in range(1, 5))
    table = standings(Tournament(config, players, rounds_from_text(RENJU_ROUNDS)))
    assert {s.player.id: s.points for s in table} == {1: 5, 2: 2, 3: 3, 4: 2}
    got = {s.player.id: (s.values[TB.BERGER], s.values[TB.BUCHHOLZ]) for s in table}
    rows = [expected[i:i + 3] for i in range(0, len(expected), 3)]
    assert got == {PlayerId(int(pid)): (Fraction(b), Fraction(h)) for pid, b, h in rows}
