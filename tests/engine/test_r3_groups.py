"""R3: groups cut from the ranking by fixed sizes, per-group rules, the group a pair across a border plays by."""

from dataclasses import replace
from fractions import Fraction

import pytest
from tables import rounds_from_text

from forsxl.engine.config import Border, Config, Groups, Scheme, Scoring, StepKind, Tiebreak
from forsxl.engine.groups import GroupRules, cut_groups, group_rules, pair_group
from forsxl.engine.model import Player, PlayerId, Result, Tournament
from forsxl.engine.report import make_report
from forsxl.engine.standings import round_groups, standings
from forsxl.engine.tournament import pair_round

HALF, STONE, EVEN = StepKind.HALF, StepKind.STONE, StepKind.EVEN


@pytest.mark.parametrize(
    ("count", "sizes", "expected"),
    [
        pytest.param(25, (8, 12), [1] * 8 + [2] * 12 + [3] * 5, id="[002] 8 + 12 + rest"),
        pytest.param(6, (2,), [1, 1, 2, 2, 2, 2], id="top 2 + rest"),
        pytest.param(4, (), [1, 1, 1, 1], id="no sizes: one group"),
        pytest.param(5, (8, 12), [1] * 5, id="fewer players than the top group"),
        pytest.param(10, (8, 12), [1] * 8 + [2] * 2, id="last group partly filled"),
        pytest.param(7, (2, 0, 3), [1, 1, 3, 3, 3, 4, 4], id="a group of size 0 holds nobody"),
    ],
)
def test_r3_cut_groups_by_sizes(count: int, sizes: tuple[int, ...], expected: list[int]) -> None:
    ranking = [PlayerId(pid) for pid in range(100, 100 - count, -1)]  # the ranking, not start numbers, decides
    groups = cut_groups(ranking, sizes)
    assert [groups[pid] for pid in ranking] == expected


def test_r3_group_rules_last_value_repeats() -> None:
    factor = (Fraction(1), Fraction(1, 2), Fraction(1))
    rules = Groups(sizes=(8, 12), steps=(EVEN, STONE), factor=factor, reduction=(0,))
    assert group_rules(1, rules) == GroupRules(1, EVEN, Fraction(1), 0)
    assert group_rules(2, rules) == GroupRules(2, STONE, Fraction(1, 2), 0)
    assert group_rules(3, rules) == GroupRules(3, STONE, Fraction(1), 0)
    assert group_rules(7, rules) == GroupRules(7, STONE, Fraction(1), 0)


# id rating team: 1 and 2 are team-mates, so neighbour pairing gives 1-3, 2-4, 5-6 across the border.
PLAYERS = """
1 2230 A
2 2200 A
3 1915 -
4 1900 -
5 1500 -
6 1280 -
"""


@pytest.mark.parametrize(
    ("border", "expected"),
    [
        pytest.param(Border.LOWER, [
            (1, 3, 2, 4, 4, 0),  # [000] «315 ... 4 камня форы»: group 2's stone steps, as player 3's
            (2, 4, 2, 3, 3, 0),  # D = 300: stone steps, a midpoint down ([000]: three ranks, three stones)
            (5, 6, 2, 3, 3, 0),  # [000] D = 220, stone steps of group 2
        ], id="[002 2004] «Верхняя группа играет между собой без форы»: the lower group's rule"),
        pytest.param(Border.UPPER, [
            (1, 3, 1, 6, 3, -8),  # [000] D = 315, half steps of group 1
            (2, 4, 1, 6, 3, -8),  # D = 300: group 1 even though player 4 is in group 2
            (5, 6, 2, 3, 3, 0),
        ], id="[003 §9] groups.border upper: the upper player's group"),
    ],
)
def test_r3_a_pair_across_the_border_plays_by_groups_border(
    border: Border, expected: list[tuple[int, ...]]
) -> None:
    rows = [line.split() for line in PLAYERS.strip().splitlines()]
    players = tuple(Player(PlayerId(int(r[0])), f"P{r[0]}", int(r[1]), team=r[2].strip("-")) for r in rows)
    config = Config(groups=Groups(sizes=(2,), steps=(HALF, STONE), border=border))
    rnd = pair_round(Tournament(config, players), 1)
    assert [(g.white, g.black, g.group, g.steps, g.stones, g.komi) for g in rnd.games] == expected


@pytest.mark.parametrize(
    ("first", "second", "border", "expected"),
    [(1, 1, Border.LOWER, 1), (1, 2, Border.LOWER, 2), (3, 2, Border.LOWER, 3), (1, 2, Border.UPPER, 1),
     (3, 2, Border.UPPER, 2)],
)
def test_r3_pair_group(first: int, second: int, border: Border, expected: int) -> None:
    assert pair_group(first, second, Groups(border=border)) == expected


# id rating start; round 1 in even games: 4 beats 1, 2 beats 3. Then 1 and 2 have 110 points each; 1's opponent
# has 20 game points (90 in all), 2's has 10 (105 in all): sos_games puts 1 above 2, sos (КС) 2 above 1.
ORDER_PLAYERS = """
1 2400 100
2 2300 90
3 2000 95
4 1500 70
"""
ORDER_ROUNDS = "1: 4-1 B+, 3-2 W+"


@pytest.mark.parametrize(
    ("order", "top"),
    [
        pytest.param((), 1, id="empty: the ranking (points, sos_games) cuts the groups"),
        pytest.param((Tiebreak.POINTS, Tiebreak.SOS, Tiebreak.RATING), 2,
                     id="[002 2004] «по количеству очков ... по коэффициенту ... КС ..., а затем – рейтингу»"),
    ],
)
def test_r3_groups_cut_by_their_own_order(order: tuple[Tiebreak, ...], top: int) -> None:
    rows = [line.split() for line in ORDER_PLAYERS.strip().splitlines()]
    players = tuple(Player(PlayerId(int(r[0])), f"P{r[0]}", int(r[1]), start=Fraction(r[2])) for r in rows)
    config = Config(groups=Groups(sizes=(1,), steps=(EVEN,), order=order),
                    tiebreaks=(Tiebreak.POINTS, Tiebreak.SOS_GAMES, Tiebreak.SOS, Tiebreak.RATING))
    t = Tournament(config, players, rounds_from_text(ORDER_ROUNDS))
    ranking = [s.player.id for s in standings(t)]
    assert ranking == [1, 2, 3, 4]  # the ranking itself keeps its own criteria
    assert [pid for pid, group in round_groups(t, 2, ranking).items() if group == 1] == [top]
    assert [s.player.id for s in make_report(t).table if s.group == 1] == [top]  # the Standings sheet's


# id rating start absent: 5 joins in round 2, credited the late points of round 1 (R5): 95 + 15 = 110, second.
LATE_PLAYERS = """
1 2400 100 -
2 2300 90 -
3 2000 80 -
4 1500 70 -
5 2350 95 1
"""


@pytest.mark.parametrize("order", [(), (Tiebreak.POINTS, Tiebreak.RATING)], ids=["ranking", "groups.order"])
def test_r3_a_late_entrant_is_grouped_for_pairing_as_on_the_standings_sheet(order: tuple[Tiebreak, ...]) -> None:
    """One cut a round: pairing round 2 and the Standings written with it put the late entrant in group 1, where
    their 110 points rank them, and their game against player 1 is played by group 1's rule, even.

    With `groups.order`, pairing cut the groups from a table that did not credit the late entrant's missed round
    (issue 34): group 2 for pairing, stone steps against player 1, and group 1 on the Standings sheet."""
    rows = [line.split() for line in LATE_PLAYERS.strip().splitlines()]
    players = tuple(Player(PlayerId(int(r[0])), f"P{r[0]}", int(r[1]), start=Fraction(r[2]),
                           absent=frozenset({int(r[3])}) if r[3] != "-" else frozenset()) for r in rows)
    config = Config(rounds=3, groups=Groups(sizes=(2,), steps=(EVEN, STONE), order=order),
                    scoring=Scoring(scheme=Scheme.FORS30), tiebreaks=(Tiebreak.POINTS, Tiebreak.RATING))
    t = Tournament(config, players, rounds_from_text("1: 2-1/0 W+, 4-3/0 W+, absent 5"))
    second = pair_round(t, 2)
    paired = {pid: game.group for game in second.games for pid in (game.black, game.white)}
    assert paired[PlayerId(5)] == paired[PlayerId(1)] == 1
    sheet = {s.player.id: s.group for s in make_report(replace(t, rounds=(*t.rounds, second))).table}
    present = [s.player.id for s in standings(t, before_round=2) if s.player.id in second.players()]
    assert round_groups(t, 2, present) == {pid: sheet[pid] for pid in present}
    assert [pid for pid, group in sheet.items() if group == 1] == [1, 5]


def test_r3_the_standings_show_the_groups_the_round_was_paired_in() -> None:
    """The Standings written with a round count its bye at once; their groups are still those the round was paired
    in, not a cut of their own (issue 34): player 5's bye lifts them above player 2, who plays round 1 in group 1.
    Once the round is played, they are the groups round 2 will be paired in."""
    starts = {1: 120, 2: 110, 3: 105, 4: 102, 5: 100}
    players = tuple(Player(PlayerId(pid), f"P{pid}", 2000 - pid, start=Fraction(points))
                    for pid, points in starts.items())
    config = Config(rounds=3, groups=Groups(sizes=(2,), steps=(EVEN, STONE)), scoring=Scoring(scheme=Scheme.FORS30),
                    tiebreaks=(Tiebreak.POINTS, Tiebreak.RATING))
    first = pair_round(Tournament(config, players), 1)
    assert [(g.black, g.white, g.group) for g in first.games] == [(2, 1, 1), (4, 3, 2)]
    paired = Tournament(config, players, (first,))
    rows = [(s.player.id, s.points, s.group) for s in make_report(paired).table]
    assert rows == [(1, 120, 1), (5, 115, 2), (2, 110, 1), (3, 105, 2), (4, 102, 2)]
    white_won = replace(first, games=tuple(g.with_result(Result.WHITE_WINS) for g in first.games))
    played = replace(paired, rounds=(white_won,))
    rows = [(s.player.id, s.points, s.group) for s in make_report(played).table]
    assert rows == [(1, 140, 1), (3, 125, 1), (2, 120, 2), (5, 115, 2), (4, 112, 2)]
    assert {pid: group for pid, _, group in rows} == round_groups(played, 2, [pid for pid, _, _ in rows])
