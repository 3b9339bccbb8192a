"""R7.6: Serp layouts (compact, sickle, subgroups), their rounds, colours and the lower bound on the mean."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from serp_optima import OPTIMA

from forsxl.engine.pairing.serp import (
    Edge,
    balanced_colours,
    compact_opponents,
    is_middle,
    mean_lower_bound,
    serp_plan,
    sickle_opponents,
    subgroup_opponents,
)


def opponents(edges: frozenset[Edge], player: int) -> list[int]:
    """1-based opponents of a 1-based player."""
    return [b + 1 for a, b in edges if a == player - 1] + [a + 1 for a, b in edges if b == player - 1]


def connected(n: int, edges: frozenset[Edge]) -> bool:
    reached, stack = {0}, [0]
    while stack:
        x = stack.pop()
        for y in {b for a, b in edges if a == x} | {a for a, b in edges if b == x}:
            if y not in reached:
                reached.add(y)
                stack.append(y)
    return len(reached) == n


def lean(edges: frozenset[Edge], player: int) -> int:
    """Stronger minus weaker opponents (0 is the strongest)."""
    return sum(1 if a == player else -1 for a, b in edges if player in (a, b))


def test_r7_6_sickle_004_player_10_of_20() -> None:
    edges = sickle_opponents(20, 10)
    assert sorted(opponents(edges, 10)) == sorted([12, 14, 16, 18, 20, 8, 6, 4, 2, 1])
    assert max(b - a for a, b in edges) == 10


def test_r7_6_subgroups_004_six_of_three_play_eight_games() -> None:
    edges = subgroup_opponents(18, 3)
    degrees = Counter(p for edge in edges for p in edge)
    assert set(degrees.values()) == {8}
    groups = {frozenset((a // 3, b // 3)) for a, b in edges if a // 3 != b // 3}
    assert groups == {frozenset(p) for p in ((0, 1), (0, 2), (1, 3), (2, 4), (3, 5), (4, 5))}  # 1-2, 1-3, ... 5-6


def most_byes(n: int, g: int) -> int:
    """The most sit-outs a round of an odd n may have (R7.6): the n + (n·g odd) byes of g+1 rounds as even as they
    go, and a round of an odd n always leaves an odd number out, so ⌈byes / (g+1)⌉ made odd."""
    most = -(-(n + n * g % 2) // (g + 1))
    return most + 1 - most % 2


def check_rounds(n: int, g: int, edges: frozenset[Edge], rounds: tuple[tuple[Edge, ...], ...], reason: str) -> None:
    """Every game in exactly one round, nobody twice in a round; g rounds for even n, g+1 and one bye each for
    odd n (the player one game short: two byes), at most `most_byes` in a round."""
    games = [frozenset(e) for rnd in rounds for e in rnd]
    assert len(games) == len(set(games)) == len(edges) and set(games) == {frozenset(e) for e in edges}
    for rnd in rounds:
        players = [p for e in rnd for p in e]
        assert len(players) == len(set(players))
    if n % 2 == 0:
        assert (reason, len(rounds)) == ("even", g)
        assert all(len(rnd) == n // 2 for rnd in rounds)
    elif g == 1:
        assert (reason, len(rounds)) == ("single", 1)
    else:
        assert (reason, len(rounds)) == ("odd", g + 1)
        byes = Counter(p for rnd in rounds for p in set(range(n)).difference(*rnd))
        assert sorted(byes.values()) == [1] * (n - n * g % 2) + [2] * (n * g % 2)
        assert max(n - 2 * len(rnd) for rnd in rounds) <= most_byes(n, g)


def check_layout(n: int, g: int, edges: frozenset[Edge]) -> None:
    """R7.6 on a compact layout: g games each (n·g odd: the middle player g-1), all within g places, connected,
    each middle player with as many stronger as weaker opponents (one more of either for an odd number of games),
    the mean at or above the lower bound, and at most 5% above the least total any such layout has (OPTIMA)."""
    degrees = Counter(p for edge in edges for p in edge)
    short = n // 2 if n * g % 2 else -1
    assert all(degrees[p] == g - (p == short) for p in range(n)) and all(0 <= a < b < n for a, b in edges)
    assert max(b - a for a, b in edges) <= g and connected(n, edges)
    assert all(abs(lean(edges, p)) <= degrees[p] % 2 for p in range(n) if is_middle(n, g, p))
    total = sum(b - a for a, b in edges)
    assert Fraction(total, len(edges)) >= mean_lower_bound(n, g)
    assert OPTIMA[n, g] <= total <= Fraction(105, 100) * OPTIMA[n, g]


@settings(max_examples=30, derandomize=True)
@given(st.integers(4, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(2, min(10, n - 1)))))
def test_r7_6_compact_sweep_every_rule(size: tuple[int, int]) -> None:
    # the whole table (513 sizes, about a minute): python bench/serp.py --sweep
    n, g = size
    edges = compact_opponents(n, g)
    check_layout(n, g, edges)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)


@pytest.mark.parametrize(("n", "g"), [(12, 3), (39, 3), (20, 10), (21, 4), (60, 10), (59, 9), (31, 2), (8, 7)])
def test_r7_6_compact_sizes_of_the_audit(n: int, g: int) -> None:
    edges = compact_opponents(n, g)
    check_layout(n, g, edges)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)


def test_r7_6_twelve_players_three_games_meet_across_the_field() -> None:
    # three separate round robins of 4 (1-4, 5-8, 9-12) are the cheapest 3-regular graph, but the field must meet
    edges = compact_opponents(12, 3)
    assert connected(12, edges)
    assert not any(edges >= {(a, b) for a in block for b in block if a < b} for block in (range(4), range(4, 8)))
    assert {lean(edges, p) for p in (3, 4, 5, 6, 7, 8)} <= {-1, 1}  # 2 stronger and 1 weaker, or the other way


def test_r7_6_thirty_nine_players_three_games_sit_out_evenly() -> None:
    # 39·3 is odd: player 20 plays 2. 58 games in 4 rounds of 14 or 15: 11 or 9 sit out, never 21 in one round
    # (⌈39/4⌉ = 10 cannot be: 39 is odd, so every round leaves an odd number out)
    plan = serp_plan(39, compact_opponents(39, 3), 3, "test")
    assert sorted(39 - 2 * len(rnd) for rnd in plan.rounds) == [9, 9, 11, 11]


def test_r7_6_lower_bound_twenty_players_ten_games() -> None:
    # Players: the best 10 distances of players 1..5 are 55, 46, 39, 34, 31, the middle ten 30 each:
    # (2·205 + 10·30) / 2 = 355 over 100 games, 3.55. Cuts: the top m of 20 have 10m games, at most m(m-1) among
    # themselves: 10, 18, 24, 28, 30, 30, 28, 24, 18 across cuts 1..9, 10 across the 10th, the same from the
    # bottom: 430 over 100 games, 4.30, which the best layout reaches (OPTIMA); the compact one is within 1%.
    assert mean_lower_bound(20, 10) == Fraction(43, 10)
    best = [sum(sorted(abs(i - j) for j in range(20) if j != i)[:10]) for i in range(20)]
    assert best[:5] == [55, 46, 39, 34, 31] and set(best[5:15]) == {30}
    assert Fraction(sum(best), 200) == Fraction(355, 100)
    plan = serp_plan(20, compact_opponents(20, 10), 10, "test")
    assert plan.lower_bound == Fraction(OPTIMA[20, 10], 100) == Fraction(43, 10)
    assert plan.mean_distance <= Fraction(101, 100) * plan.lower_bound
    assert plan.reason == "even" and len(plan.rounds) == 10 and plan.max_distance == 10


@pytest.mark.parametrize(("n", "g"), [(1000, 10), (1001, 10), (1000, 9)])
def test_r7_6_large_layouts_keep_their_promise(n: int, g: int) -> None:
    # bench/serp.py: 1000 players, 10 games, about a second to build; the balanced middle crosses each cut by 16
    edges = compact_opponents(n, g)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)
    assert connected(n, edges) and all(abs(lean(edges, p)) <= g % 2 for p in range(g, n - g) if p != n // 2)
    assert plan.max_distance == g and plan.lower_bound <= plan.mean_distance <= Fraction(105, 100) * plan.lower_bound


@pytest.mark.parametrize(("layout", "n", "g"), [("sickle", 20, 10), ("sickle", 21, 6), ("subgroups", 18, 8),
                                                 ("subgroups", 24, 11), ("subgroups", 15, 8)])
def test_r7_6_published_layouts_keep_their_promise(layout: str, n: int, g: int) -> None:
    edges = sickle_opponents(n, g) if layout == "sickle" else subgroup_opponents(n, (g + 1) // 3)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)


@pytest.mark.parametrize("n", [4, 5, 9, 16, 25])
def test_r7_6_compact_every_g_up_to_n(n: int) -> None:
    # serp.games may be anything up to n - 1: one game each, or everyone but one, still schedule
    for g in range(1, n):
        edges = compact_opponents(n, g)
        assert sorted(Counter(p for e in edges for p in e).values()) == sorted(
            g - (p == n // 2 and n * g % 2) for p in range(n) if g - (p == n // 2 and n * g % 2))
        plan = serp_plan(n, edges, g, "test")
        check_rounds(n, g, edges, plan.rounds, plan.reason)


@pytest.mark.parametrize(("n", "g"), [(12, 4), (13, 4), (30, 9), (31, 6)])
def test_r7_6_team_mates_kept_apart(n: int, g: int) -> None:
    forbidden = frozenset({(3, 4), (7, 8), (8, 9), (7, 9), (n - 6, n - 5)})  # a team of three, two of two
    edges = compact_opponents(n, g, forbidden)
    assert not edges & forbidden
    assert sorted(Counter(p for edge in edges for p in edge).values()) == [g - 1] * (n * g % 2) + [g] * (n - n * g % 2)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)


def test_r7_6_even_games_colours_within_one() -> None:
    # A round robin of 5, all even, listed with the stronger Black: 4/0, 3/1, 2/2, 1/3, 0/4 before balancing
    games = [(a, b) for a in range(5) for b in range(a + 1, 5)]
    colours = balanced_colours(games, {})
    assert {frozenset(pair) for pair in colours} == {frozenset(pair) for pair in games}
    black, white = Counter(b for b, _ in colours), Counter(w for _, w in colours)
    assert all(black[p] == white[p] == 2 for p in range(5))


def test_r7_6_colours_around_the_handicap_games() -> None:
    # Player 0 gave handicap 3 times (White each time), so it is Black in both its even games: 2 Black, 3 White,
    # not 0 and 5; player 1 took handicap twice (Black), so it is White in two of its three even games
    games = [(1, 0), (2, 0), (1, 2), (1, 3)]
    colours = balanced_colours(games, {0: -3, 1: 2})
    assert colours[:2] == [(0, 1), (0, 2)]
    balance = Counter({0: -3, 1: 2})
    for black, white in colours:
        balance[black] += 1
        balance[white] -= 1
    assert balance[0] == -1 and sorted(balance.values()) == [-1, -1, 0, 1]


@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)).filter(lambda e: e[0] != e[1]), max_size=40))
def test_r7_6_colours_always_within_one_in_even_games(games: list[tuple[int, int]]) -> None:
    colours = balanced_colours(games, {})
    balance = Counter(b for b, _ in colours)
    balance.subtract(Counter(w for _, w in colours))
    assert sorted(map(frozenset, colours), key=sorted) == sorted(map(frozenset, games), key=sorted)
    assert all(abs(v) <= 1 for v in balance.values())
