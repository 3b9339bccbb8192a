"""R9: teams of the LG Cup [003]: declared groups and their limits, team-mates apart, team standings."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forsxl.engine.config import Config, Groups, Handicap, StartMethod, StartPoints, StepKind, Teams
from forsxl.engine.errors import PairingImpossible
from forsxl.engine.groups import group_sizes
from forsxl.engine.model import Player, PlayerId, Result, Tournament
from forsxl.engine.standings import standings
from forsxl.engine.teams import (
    declaration_problems,
    lift_candidates,
    team_lifts,
    team_standings,
    tournament_problems,
)
from forsxl.engine.tournament import pair_round


def players(table: str) -> list[Player]:
    """Lines `name rating group [team]`."""
    rows = [line.split() for line in table.strip().splitlines()]
    return [Player(PlayerId(i), row[0], int(row[1]), group=int(row[2]), team=row[3] if len(row) > 3 else "")
            for i, row in enumerate(rows, start=1)]


GOOD = """
Ann 1900 1 A
Bob 1400 2 A
Cid 900 3 A
Dan 2000 1
Eve 1450 2
"""


def codes(table: str, size: int = 3) -> list[tuple[str, str]]:
    problems = declaration_problems(players(table), size)
    return [(e.code, e.params.get("name") or e.params.get("team", "")) for e in problems]


def test_r9_a_valid_declaration_has_no_problems() -> None:
    assert codes(GOOD) == []


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        pytest.param("Ann 1800 2 A\nBob 1850 1 A\nCid 900 3 A", [("team_only_top", "Ann")], id="[003] 1800 -> group 1"),
        pytest.param("Ann 1900 1 A\nBob 1000 2 A\nCid 900 3 A", [("team_only_bottom", "Bob")],
                     id="[003] 1000 -> group 3"),
        pytest.param("Ann 1450 1 A\nBob 1400 2 A\nCid 900 3 A", [("team_beyond_border", "Ann")],
                     id="[003] group 1 needs 1500"),
        pytest.param("Ann 1900 1 A\nBob 1400 2 A\nCid 1350 3 A", [("team_beyond_border", "Cid")],
                     id="[003] group 3 needs at most 1300"),
        pytest.param("Ann 1900 1 A\nBob 1400 2 A", [("team_size", "A")], id="a team of two"),
        pytest.param("Ann 1900 1 A\nBob 1500 1 A\nCid 900 3 A", [("team_groups", "A")], id="two in group 1"),
        pytest.param("Ann 1900 1 A\nBob 1200 2 A\nCid 1250 3 A", [("team_order", "A")],
                     id="a weaker player above a stronger one"),
        pytest.param("Ann 1900 1 A\nBob 1400 2 A\nCid 900 3 A\nDan 1300 2\nEve 1450 2",
                     [("team_individual_above", "Dan")],
                     id="an individual above the lowest team member of the group (even: no lift)"),
    ],
)
def test_r9_declaration_rules(table: str, expected: list[tuple[str, str]]) -> None:
    assert codes(table) == expected


def test_r9_individual_rated_1800_stays_in_group_1_below_the_team_members() -> None:
    assert codes("Ann 2300 1 A\nBob 1400 2 A\nCid 900 3 A\nDan 1850 1") == []


def test_r9_team_size_is_configurable() -> None:
    assert codes("Ann 1900 1 A\nBob 1400 2 A", size=2) == []


def test_r9_only_declared_tournaments_are_checked() -> None:
    bad = players("Ann 1800 2")
    assert tournament_problems(Tournament(Config(), tuple(bad))) == []
    declared = Config(groups=Groups(declared=True), teams=Teams(size=1))
    assert [e.code for e in tournament_problems(Tournament(declared, tuple(bad)))] == ["team_only_top"]


def test_r9_lift_candidates_where_a_group_is_odd() -> None:
    # Group 1 has Ann, Dan and Fay: the organizer may lift the strongest individual of group 2 («выбор – по
    # рейтингу»), both of them on a tie of rating.
    field = players(GOOD + "Fay 1850 1\nGus 1420 2")
    assert {g: [p.name for p in ps] for g, ps in lift_candidates(field).items()} == {1: ["Eve"]}
    tied = players(GOOD + "Fay 1850 1\nGus 1450 2")
    assert {g: [p.name for p in ps] for g, ps in lift_candidates(tied).items()} == {1: ["Eve", "Gus"]}


# Group 1 holds Ann (team A), Dan and Fay: odd. Eve, the strongest individual of group 2, may be lifted.
ODD = GOOD + "Fay 1850 1\nGus 1420 2\nHal 1410 2\n"


def typed(table: str, **groups: int) -> list[Player]:
    """The players of `table`, with the Group cells of `groups` (name=group) typed anew."""
    return [replace(p, group=groups.get(p.name, p.group)) for p in players(table)]


@pytest.mark.parametrize(
    ("groups", "lifted", "problems"),
    [
        pytest.param({"Eve": 1}, [("Eve", 2)], [], id="[003 §4] «перевести ... на одну стартовую группу выше»"),
        pytest.param({"Gus": 1}, [], [("team_lift_order", "Gus")], id="«выбор – по рейтингу»: not the second"),
        pytest.param({"Hal": 1}, [], [("team_lift_order", "Hal")], id="«выбор – по рейтингу»: not the third"),
        pytest.param({"Eve": 1, "Gus": 1}, [("Eve", 2)], [("team_individual_above", "Gus")],
                     id="«при нечетном числе»: group 1 is even once Eve is lifted"),
        pytest.param({"Eve": 1, "Dan": 2}, [], [("team_only_top", "Dan"), ("team_individual_above", "Eve")],
                     id="group 1 is even without Eve"),
        pytest.param({"Bob": 1}, [], [("team_beyond_border", "Bob"), ("team_groups", "")],
                     id="a team member is never lifted"),
    ],
)
def test_r9_a_lift_typed_in_the_group_cell_is_accepted(
    groups: dict[str, int], lifted: list[tuple[str, int]], problems: list[tuple[str, str]]
) -> None:
    field = typed(ODD, **groups)
    assert [(p.name, below) for p, below in team_lifts(field)] == lifted
    assert [(e.code, e.params.get("name", "")) for e in declaration_problems(field, 3)] == problems


def test_r9_lifts_go_top_down() -> None:
    """Lifting Eve into group 1 leaves group 2 odd (Bob, Gus, Hal): then an individual of group 3 may be lifted
    into it, even one rated up to 1000, whom only group 3 could have declared."""
    field = typed(ODD + "Ida 990 3\n", Eve=1, Ida=2)
    assert [(p.name, below) for p, below in team_lifts(field)] == [("Eve", 2), ("Ida", 3)]
    assert declaration_problems(field, 3) == []
    assert lift_candidates(field) == {}


def test_r9_a_lift_is_honoured_by_pairing() -> None:
    """The lifted player counts in the group they were lifted into: its size, and R1.5's start points (20)."""
    config = Config(start=StartPoints(method=StartMethod.GROUP), groups=Groups(declared=True),
                    teams=Teams(size=3))
    t = Tournament(config, tuple(typed(ODD, Eve=1)))
    assert tournament_problems(t) == []
    assert group_sizes(t) == (4, 3)
    assert {s.player.name: s.start for s in standings(t)}["Eve"] == 20
    rnd = pair_round(t, 1)
    assert len(rnd.games) == 4


def test_r3_sizes_from_declared_groups() -> None:
    config = Config(groups=Groups(declared=True))
    assert group_sizes(Tournament(config, tuple(players(GOOD)))) == (2, 2)
    assert group_sizes(Tournament(Config(groups=Groups(sizes=(4,))), tuple(players(GOOD)))) == (4,)


def test_r9_team_points_are_the_members_sum_and_ties_go_to_the_best_place() -> None:
    # Start points by group 20/10/0 and no games: A = 20+10+0 = 30 = B; B has the better individual place.
    field = players("""
    A1 1900 1 A
    A2 1400 2 A
    A3 900 3 A
    B1 2000 1 B
    B2 1300 2 B
    B3 800 3 B
    """)
    config = Config(start=StartPoints(method=StartMethod.GROUP), groups=Groups(declared=True))
    teams = team_standings(standings(Tournament(config, tuple(field))))
    assert [(t.place, t.team, t.points) for t in teams] == [("1", "B", 30), ("2", "A", 30)]
    assert [s.player.name for s in teams[0].members] == ["B1", "B2", "B3"]


@st.composite
def crowded_teams(draw: st.DrawFn) -> Tournament:
    """Teams of three that crowd the bottom of the field, and random individuals above them."""
    teams = draw(st.integers(1, 6))
    loners = draw(st.integers(0, 6))
    ratings = sorted(draw(st.lists(st.integers(100, 2700), min_size=3 * teams + loners,
                                   max_size=3 * teams + loners)), reverse=True)
    field = [Player(PlayerId(i + 1), f"P{i + 1}", r, team=f"T{(i - loners) // 3}" if i >= loners else "")
             for i, r in enumerate(ratings)]
    config = Config(rounds=4, groups=Groups(sizes=(4,), steps=(StepKind.HALF, StepKind.STONE)),
                    handicap=Handicap(correction=True))
    return Tournament(config, tuple(field))


@settings(max_examples=40)
@given(crowded_teams(), st.randoms(use_true_random=False))
def test_r9_team_mates_never_meet(t: Tournament, rng: random.Random) -> None:
    for number in range(1, 4):
        try:
            rnd = pair_round(t, number)
        except PairingImpossible:  # a bottom made only of team-mates cannot be paired: said, never broken
            return
        for game in rnd.games:
            black, white = t.player(game.black), t.player(game.white)
            assert not (black.team and black.team == white.team)
        results = [rng.choice([Result.BLACK_WINS, Result.WHITE_WINS]) for _ in rnd.games]
        rnd = replace(rnd, games=tuple(replace(g, result=r) for g, r in zip(rnd.games, results, strict=True)))
        t = replace(t, rounds=(*t.rounds, rnd))
    assert all(s.points == s.start + sum(c.points or 0 for c in s.cells) for s in standings(t))
