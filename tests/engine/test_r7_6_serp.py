"""R7.6: Serp layouts (compact, sickle, subgroups) and their rounds."""

from __future__ import annotations

from collections import Counter

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


CASES = [(n, g) for n in range(4, 21) for g in range(1, n)] + [
    (n, g) for n in (31, 40, 47, 60) for g in (2, 3, 4, 5, 6, 8, 10, n - 1)]


@pytest.mark.parametrize(("n", "g"), CASES, ids=lambda v: str(v))
def test_r7_6_compact_layout_and_rounds(n: int, g: int) -> None:
    edges = compact_opponents(n, g)
    degrees = Counter(p for edge in edges for p in edge)
    short = [p for p in range(n) if degrees[p] != g]
    assert short == ([] if n * g % 2 == 0 else short) and len(short) == n * g % 2
    assert all(degrees[p] == g - 1 for p in short)
    assert all(a < b for a, b in edges)  # symmetric by construction: each pair once
    assert max(b - a for a, b in edges) <= g
    plan = serp_plan(n, edges, g, "test")
    games = [frozenset(e) for rnd in plan.rounds for e in rnd]
    assert len(games) == len(set(games)) == len(edges)
    for rnd in plan.rounds:
        players = [p for e in rnd for p in e]
        assert len(players) == len(set(players))
    promised = {"even": g, "odd": g + 1}.get(plan.reason)
    assert plan.reason == ("odd" if n % 2 else plan.reason)
    if promised is not None:
        assert len(plan.rounds) <= promised
    assert plan.mean_distance >= plan.lower_bound == mean_lower_bound(g)


def test_r7_6_twenty_players_ten_games_in_ten_rounds() -> None:
    edges = compact_opponents(20, 10)
    plan = serp_plan(20, edges, 10, "test")
    assert plan.reason == "even" and len(plan.rounds) == 10
    assert plan.max_distance <= 10 and plan.mean_distance < 6  # tighter than the sickle's 6.x


def test_r7_6_team_mates_kept_apart() -> None:
    forbidden = frozenset({(3, 4), (7, 8)})
    edges = compact_opponents(12, 4, forbidden)
    assert not edges & forbidden
