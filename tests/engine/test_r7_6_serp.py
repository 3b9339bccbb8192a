"""R7.6: Serp layouts (compact, sickle, subgroups) and their rounds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from forsxl.engine.pairing.serp import (
    compact_opponents,
    mean_lower_bound,
    serp_plan,
    sickle_opponents,
    subgroup_opponents,
)


def opponents(edges: frozenset[tuple[int, int]], player: int) -> list[int]:
    """1-based opponents of a 1-based player."""
    return [b + 1 for a, b in edges if a == player - 1] + [a + 1 for a, b in edges if b == player - 1]


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


def check_rounds(n: int, g: int, edges: frozenset[tuple[int, int]], rounds: tuple[tuple[tuple[int, int], ...], ...],
                 reason: str) -> None:
    """Every game in exactly one round, nobody twice in a round; g rounds for even n, g+1 and one bye each for
    odd n (the player one game short: two byes)."""
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


@pytest.mark.parametrize("n", range(4, 61))
def test_r7_6_compact_layout_and_rounds_every_n_and_g(n: int) -> None:
    for g in range(1, n):
        edges = compact_opponents(n, g)
        degrees = Counter(p for edge in edges for p in edge)
        short = [p for p in range(n) if degrees[p] != g]
        assert len(short) == n * g % 2 and all(degrees[p] == g - 1 for p in short), g  # g-regular, or one short
        assert all(0 <= a < b < n for a, b in edges), g  # each pair once, both ways: symmetric, no pair twice
        assert max(b - a for a, b in edges) <= g
        plan = serp_plan(n, edges, g, "test")
        check_rounds(n, g, edges, plan.rounds, plan.reason)
        assert plan.max_distance <= g and plan.lower_bound == mean_lower_bound(g) <= plan.mean_distance
        if g % 2 == 0:  # R7.6: at least as tight as the published layout
            sickle = sickle_opponents(n, g)
            assert plan.mean_distance <= Fraction(sum(b - a for a, b in sickle), len(sickle))


@pytest.mark.parametrize(("n", "g", "mean"), [(1000, 10, "3.1"), (1001, 10, "3.1"), (1000, 9, "2.8"), (200, 8, "2.6"),
                                              (64, 6, "2.2")])
def test_r7_6_large_layouts_keep_their_promise(n: int, g: int, mean: str) -> None:
    # the means stay within 0.06 of the optimum CP-SAT found (ALGORITHMS.md §3.2: 3.04, 2.80, 2.59, 2.18)
    edges = compact_opponents(n, g)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)
    assert plan.max_distance == g and plan.lower_bound < plan.mean_distance <= Fraction(mean)


@pytest.mark.parametrize(("layout", "n", "g"), [("sickle", 20, 10), ("sickle", 21, 6), ("subgroups", 18, 8),
                                                 ("subgroups", 24, 11), ("subgroups", 15, 8)])
def test_r7_6_published_layouts_keep_their_promise(layout: str, n: int, g: int) -> None:
    edges = sickle_opponents(n, g) if layout == "sickle" else subgroup_opponents(n, (g + 1) // 3)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)


def test_r7_6_twenty_players_ten_games_in_ten_rounds() -> None:
    edges = compact_opponents(20, 10)
    plan = serp_plan(20, edges, 10, "test")
    assert plan.reason == "even" and len(plan.rounds) == 10
    assert plan.max_distance <= 10 and plan.mean_distance < 6  # tighter than the sickle's 6.x


@pytest.mark.parametrize(("n", "g"), [(12, 4), (13, 4), (30, 9), (31, 6)])
def test_r7_6_team_mates_kept_apart(n: int, g: int) -> None:
    forbidden = frozenset({(3, 4), (7, 8), (8, 9), (7, 9), (n - 6, n - 5)})  # a team of three, two of two
    edges = compact_opponents(n, g, forbidden)
    assert not edges & forbidden
    assert sorted(Counter(p for edge in edges for p in edge).values()) == [g - 1] * (n * g % 2) + [g] * (n - n * g % 2)
    plan = serp_plan(n, edges, g, "test")
    check_rounds(n, g, edges, plan.rounds, plan.reason)
