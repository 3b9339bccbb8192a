"""R5: byes, announced absences, late entrants, withdrawal."""

from dataclasses import replace
from fractions import Fraction

import pytest
from tables import rounds_from_text

from forsxl.engine.attendance import absent_points, bye_points, late_points, withdrawal_forfeits
from forsxl.engine.config import Attendance, Config, Groups, Pairing, PairingMethod, Scheme, Scoring, StepKind
from forsxl.engine.model import Player, PlayerId, Sitout, Tournament
from forsxl.engine.pairing.constraints import PairingRules, RoundState
from forsxl.engine.pairing.methods import NEIGHBOURS, ROUND_ROBIN
from forsxl.engine.pairing.neighbours import bye_order, pair_neighbours
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round

BYE, ABSENT = Sitout.BYE, Sitout.ABSENT


def tournament(players: str, rounds: str = "", config: Config | None = None) -> Tournament:
    """Players `id rating [absent=1,2] [left=N]`; rounds `N: black-white/steps result, ..., bye id, absent id`."""
    people = []
    for line in players.strip().splitlines():
        pid, rating, *extra = line.split()
        keys = dict(item.split("=") for item in extra)
        absent = frozenset(int(r) for r in keys.get("absent", "").split(",") if r)
        left = int(keys["left"]) if "left" in keys else None
        people.append(Player(PlayerId(int(pid)), f"P{pid}", int(rating), absent=absent, left_after=left))
    return Tournament(config or Config(), tuple(people), rounds_from_text(rounds))


def round_points(t: Tournament, pid: int) -> list[Fraction | None]:
    standing = next(s for s in standings(t) if s.player.id == pid)
    return [cell.points for cell in standing.cells]


def state(count: int, byes: tuple[int, ...] = (), met: tuple[tuple[int, int], ...] = ()) -> RoundState:
    return RoundState(
        1, tuple(map(PlayerId, range(1, count + 1))), frozenset(frozenset(m) for m in met), byes=dict.fromkeys(byes, 1)
    )


@pytest.mark.parametrize(
    ("count", "byes", "expected"),
    [
        pytest.param(5, (), [4, 3, 2, 1, 0], id="no byes yet: bottom up"),
        pytest.param(5, (5,), [3, 2, 1, 0, 4], id="the lowest had a bye: next one up"),
        pytest.param(5, (5, 3), [3, 1, 0, 4, 2], id="players with a bye go last"),
        pytest.param(3, (1, 2, 3), [2, 1, 0], id="everyone had a bye: bottom up again"),
    ],
)
def test_r5_bye_order(count: int, byes: tuple[int, ...], expected: list[int]) -> None:
    assert bye_order(state(count, byes), PairingRules()) == expected


def test_r5_bye_goes_to_lowest_ranked_without_a_bye() -> None:
    assert pair_neighbours(state(5), PairingRules()).bye == 5
    assert pair_neighbours(state(5, byes=(5,)), PairingRules()).bye == 4


def test_r5_bye_skips_a_player_whose_sitting_out_leaves_the_rest_unpairable() -> None:
    pairing = pair_neighbours(state(3, met=((1, 2),)), PairingRules())
    assert (pairing.pairs, pairing.bye) == (((1, 3),), 2)


PLAYERS = """
1 1500
2 1400
3 1300
"""


def test_r5_bye_through_pair_round() -> None:
    first = pair_round(tournament(PLAYERS), 1)
    assert first.sitouts == ((3, BYE),)
    t = tournament(PLAYERS, "1: 2-1/2 B+, bye 3")
    assert [s.points for s in standings(t)] == [160, 160, 145]  # bye 15 on top of 130 start points
    second = pair_round(t, 2)
    # Ranking 2, 1, 3: player 3 already had a bye, so the next one up sits out.
    assert ([(g.black, g.white) for g in second.games], second.sitouts) == ([(3, 2)], ((1, BYE),))


@pytest.mark.parametrize(
    ("attendance", "bye", "late", "absent"),
    [
        pytest.param(Attendance(), 15, 15, 10, id="[000] Fors: half of the 30 points at stake, an absence as a loss"),
        pytest.param(Attendance(bye_points=Fraction(20)), 20, 15, 10, id="the bye set apart"),
        pytest.param(Attendance(late_points=Fraction(12), absent_points=Fraction(0)), 15, 12, 0, id="both set"),
    ],
)
def test_r5_bye_late_and_absent_points(attendance: Attendance, bye: int, late: int, absent: int) -> None:
    assert bye_points(attendance, Scoring()) == bye
    assert late_points(attendance, Scoring()) == late
    assert absent_points(attendance, Scoring()) == absent


# scheme            bye late absent  (the defaults: Fors half an even game's points, an absence its loss)
DEFAULTS = """
fors30              15  15  10  [000] half of 20+10
fors30-symmetric    15  15  10  [002 2009 §1.2] half of 20+10
fors-asymmetric      5   5   0  [002 2009 §2.2] half of 10+0
fors-simple          1   1   0  [002 2009 §3.2] half of 2+0
fors-m               1   1   0  [002 FORS-m] half of 2+0
nsk1977             15  15  10  [002 1977] half of 20+10
serp15              10  10   5  [004] half of 15+5
serp20              15  15  10  [004] half of 20+10
renju                2   0   0  [000 §4.3] a bye is a win; [000 §3.3] a late entrant's rounds are 0
win-loss             1   0   0  [McMahon] a bye is a win; a round not played scores nothing
"""


@pytest.mark.parametrize(
    ("scheme", "bye", "late", "absent"),
    [pytest.param(*row[:4], id=row[4]) for row in (line.split(maxsplit=4) for line in DEFAULTS.strip().splitlines())],
)
def test_r5_bye_late_and_absent_points_by_scheme(scheme: str, bye: str, late: str, absent: str) -> None:
    rules = Scoring(Scheme(scheme))
    assert (bye_points(Attendance(), rules), late_points(Attendance(), rules), absent_points(Attendance(), rules)) == (
        Fraction(bye), Fraction(late), Fraction(absent))


def test_r5_renju_absence_stays_0_when_the_bye_is_set() -> None:
    attendance = Attendance(bye_points=Fraction(1))
    assert (bye_points(attendance, Scoring(Scheme.RENJU)), absent_points(attendance, Scoring(Scheme.RENJU))) == (1, 0)


def test_r5_renju_bye_is_a_win_and_a_late_entrant_gets_0() -> None:
    config = Config(scoring=Scoring(Scheme.RENJU))
    t = tournament("1 1500\n2 1400\n3 1300\n4 1200", "1: 2-1 B+, bye 3\n2: 3-2 =, 4-1 W+", config)
    assert round_points(t, 3) == [2, 1]
    assert round_points(t, 4) == [0, 0]
    cells = {s.player.id: [c.outcome for c in s.cells] for s in standings(t)}
    assert (cells[3], cells[4]) == (["+", "="], ["-", "-"])


def test_r5_announced_absence_after_the_first_game_scores_an_even_game_lost() -> None:
    players = PLAYERS + "4 1200 absent=2"
    t = tournament(players, "1: 2-1/2 B+, 4-3/2 W+")
    assert (4, ABSENT) in pair_round(t, 2).sitouts
    t = tournament(players, "1: 2-1/2 B+, 4-3/2 W+\n2: 3-2/1 W+, bye 1, absent 4")
    assert round_points(t, 4) == [8, 10]  # 10 - 2 for a lost handicap game, then 10: as an even game lost
    assert next(s for s in standings(t) if s.player.id == 4).cells[1].sitout == ABSENT


TOP = Config(groups=Groups(sizes=(4,), steps=(StepKind.EVEN,)))
"""[000]'s club tournament in small: the four founders are an equalized top group playing even (R1.2, R3)."""
FOUNDERS = "1 2400\n2 2300\n3 2200\n4 2100"
FRIDAY = "1: 2-1/0 W+, 4-3/0 B+\n2: 3-1/0 W+, 4-2/0 W+"


def test_r5_late_entrant_with_no_game_ranks_below_everyone_who_played() -> None:
    """Worked by hand. The top four start on 2100 // 10 + 1 = 211 (R1.2); after Friday's two even rounds (20 a
    win, 10 a loss) P1 has 251, P2 and P4 241, P3 231. P5 (2600) is on the list but has not played: the rounds give
    nothing yet, so 211, last. When round 3 is paired P5 joins and is credited half the 30 points at stake per round
    missed ([000]): 211 + 15 + 15 = 241, level with P2 and P4 (SOS 492 and 472 set them apart) but below both on
    wins (0 against 1), above P3."""
    t = tournament(FOUNDERS + "\n5 2600", FRIDAY, TOP)
    listed = standings(t)
    assert [(s.player.id, s.place, s.points) for s in listed] == [(1, "1", 251), (2, "2", 241), (4, "3", 241),
                                                                  (3, "4", 231), (5, "5", 211)]
    assert [str(c) for c in listed[-1].cells] == ["", ""]
    joining = standings(t, before_round=3)
    assert [(s.player.id, s.points) for s in joining] == [(1, 251), (2, 241), (4, 241), (5, 241), (3, 231)]
    assert [str(c) for c in joining[3].cells] == ["0=", "0="]
    assert 5 in pair_round(t, 3).players()
    played = tournament(FOUNDERS + "\n5 2600", FRIDAY + "\n3: 5-1/0 W+, 3-2/0 B+, bye 4", TOP)
    assert round_points(played, 5) == [15, 15, 10]


def test_r5_late_at_once_counts_a_late_entrants_rounds_as_they_come() -> None:
    """OpenGotha gives every absent round its value, also to a player who never comes; [000] credits a late entrant
    once they play (R5 `attendance.late_at_once`)."""
    config = Config(scoring=Scoring(Scheme.WIN_LOSS), attendance=Attendance(late_points=Fraction(1, 2)))
    t = tournament("1 1500\n2 1400\n3 1300 absent=1,2", "1: 2-1 B+, absent 3\n2: 2-1 W+, absent 3", config)
    assert round_points(t, 3) == [None, None]
    late = replace(t, config=replace(config, attendance=replace(config.attendance, late_at_once=True)))
    assert round_points(late, 3) == [Fraction(1, 2), Fraction(1, 2)]


def test_r5_round_down_adds_up_byes_and_absences_then_rounds_down() -> None:
    """OpenGotha's "round down NBW/MMS": absences of 1/2 give 0, then 1, then 0; a bye's 1 plus an absence's 1/2 is
    1, and the next absence makes it 2. Without the key each cell keeps its own points."""
    attendance = Attendance(bye_points=Fraction(1), absent_points=Fraction(1, 2))
    config = Config(scoring=Scoring(Scheme.WIN_LOSS), attendance=attendance)
    players = "1 1500\n2 1400\n3 1300 absent=2,3,4\n4 1200 absent=3,4"
    rounds = ("1: 2-1 B+, 4-3 B+\n2: 2-1 W+, bye 4, absent 3\n3: 2-1 W+, absent 3, absent 4\n"
              "4: 2-1 B+, absent 3, absent 4")
    t = tournament(players, rounds, config)
    half = Fraction(1, 2)
    assert (round_points(t, 3)[1:], round_points(t, 4)[1:]) == ([half] * 3, [1, half, half])
    t = replace(t, config=replace(config, attendance=replace(attendance, round_down=True)))
    assert (round_points(t, 3)[1:], round_points(t, 4)[1:]) == ([0, 1, 0], [1, 0, 1])
    assert [s.points - s.start for s in standings(t) if s.player.id in (3, 4)] == [1, 3]


def test_r5_late_entrant_announced_in_advance_is_credited_when_they_join() -> None:
    """`Absent: 1-2` for a player who can only come on Saturday ([000]): the rounds before the first game are a
    late entrant's, whatever the round sheets call them."""
    t = tournament(FOUNDERS + "\n5 2600 absent=1,2", "1: 2-1/0 W+, 4-3/0 B+, absent 5\n2: 3-1/0 W+, 4-2/0 W+, absent 5",
                   TOP)
    assert round_points(t, 5) == [None, None]
    assert [c.points for c in next(s for s in standings(t, before_round=3) if s.player.id == 5).cells] == [15, 15]


def test_r5_late_points_set() -> None:
    config = Config(attendance=Attendance(late_points=Fraction(5)))
    t = tournament("1 1500\n2 1400\n3 1300", "1: 2-1/2 B+\n2: 3-1/2 W+", config)
    assert round_points(t, 3) == [5, 8]


def test_r5_withdrawal_is_not_paired_and_scores_nothing() -> None:
    players = "1 1500\n2 1400\n3 1300 left=1\n4 1200"
    t = tournament(players, "1: 2-1/2 B+, 4-3/2 W+")
    second = pair_round(t, 2)
    # Ranking 2, 1, 4 (3 left); 2 and 1 have met, so 1 sits out and 3 is neither paired nor listed.
    assert ([(g.black, g.white) for g in second.games], second.sitouts) == ([(4, 2)], ((1, BYE),))
    t = tournament(players, "1: 2-1/2 B+, 4-3/2 W+\n2: 4-2/3 B+, bye 1")
    assert round_points(t, 3) == [22, 0]
    assert next(s for s in standings(t) if s.player.id == 3).cells[1].sitout is None


def test_r5_forfeits_in_more_than_a_third_of_the_rounds_exclude_for_good() -> None:
    # [000 §5.3.2]: player 1 lost two of three rounds by forfeit, which is more than a third of all rounds.
    config = Config(rounds=3, attendance=Attendance(exclude_after=Fraction(1, 3)))
    rounds = """
    1: 1-2 W+F, 3-4 B+
    2: 1-3 W+F, 2-4 B+
    """
    t = tournament("1 2000\n2 1900\n3 1800\n4 1700", rounds, config)
    rnd = pair_round(t, 3)
    assert 1 not in rnd.players()
    assert len(rnd.games) == 1 and [kind for _, kind in rnd.sitouts] == [BYE]


def test_r5_one_forfeit_in_three_rounds_does_not_exclude() -> None:
    config = Config(rounds=3, attendance=Attendance(exclude_after=Fraction(1, 3)))
    t = tournament("1 2000\n2 1900\n3 1800\n4 1700", "1: 1-2 W+F, 3-4 B+\n2: 1-3 B+, 2-4 B+", config)
    assert 1 in pair_round(t, 3).players()


@pytest.mark.parametrize("method", [ROUND_ROBIN.name, NEIGHBOURS.name])
def test_r5_withdrawal_forfeits_a_round_robin_and_says_so(method: PairingMethod) -> None:
    # P1 leaves after round 1: round 2's open game is a forfeit loss, round 3's bye goes; a typed result stands
    config = Config(pairing=Pairing(method=(method,)))
    typed = tournament("1 2000 left=1\n2 1900\n3 1800", "1: 1-2/0 B+, bye 3\n2: 1-3/0 B+, bye 2\n3: 2-3/0 W+, bye 1",
                       config)
    first, second, third = typed.rounds
    typed = replace(typed, rounds=(first, replace(second, games=(second.games[0].with_result(None),)), third))
    scored, notes = withdrawal_forfeits(typed)
    if method == NEIGHBOURS.name:  # paired round by round: a player who left is simply not paired
        assert (scored, notes) == (typed, [])
        return
    assert [str(g.result) for r in scored.rounds for g in r.games] == ["B+", "W+F", "W+"]
    assert scored.rounds[2].sitouts == ()
    (note,) = notes
    assert (note.rule, note.code) == ("R5", "withdrawal_forfeits")
    assert dict(note.params) == {"name": "P1", "left": 1, "rounds": "2, 3"}
