"""R7.5: Berger tables exactly as FIDE publishes them (C.05 Annex 1), single and double round robins."""

from __future__ import annotations

from collections import Counter

import pytest

from forsxl.engine.pairing.round_robin import berger_table, double_berger_table

# FIDE Handbook C.05 Annex 1, one line per round, boards as White-Black.
FIDE = {
    4: """1-4 2-3 / 4-3 1-2 / 2-4 3-1""",
    6: """1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 / 3-8 4-2 5-1 6-7 /
          8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 / 10-7 8-6 9-5 1-4 2-3 /
           3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 / 4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 /
           5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7 / 12-7 8-6 9-5 10-4 11-3 1-2 / 2-12 3-1 4-11 5-10 6-9 7-8 /
           12-8 9-7 10-6 11-5 1-4 2-3 / 3-12 4-2 5-1 6-11 7-10 8-9 / 12-9 10-8 11-7 1-6 2-5 3-4 /
           4-12 5-3 6-2 7-1 8-11 9-10 / 12-10 11-9 1-8 2-7 3-6 4-5 / 5-12 6-4 7-3 8-2 9-1 10-11 /
           12-11 1-10 2-9 3-8 4-7 5-6 / 6-12 7-5 8-4 9-3 10-2 11-1""",
}


def shown(table: tuple[tuple[tuple[int, int], ...], ...]) -> str:
    return " / ".join(" ".join(f"{w}-{b}" for w, b in rnd) for rnd in table)


@pytest.mark.parametrize("n", sorted(FIDE), ids=lambda n: f"FIDE {n} players")
def test_r7_5_berger_tables_as_fide_publishes_them(n: int) -> None:
    assert shown(berger_table(n)) == " ".join(FIDE[n].split())


@pytest.mark.parametrize("n", range(3, 41))
def test_r7_5_every_pair_once_colours_within_one(n: int) -> None:
    table = berger_table(n)
    pairs = [frozenset(board) for rnd in table for board in rnd]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    for rnd in table:
        players = [p for board in rnd for p in board]
        assert len(players) == len(set(players)) >= n - 1
    whites = Counter(w for rnd in table for w, _ in rnd)
    blacks = Counter(b for rnd in table for _, b in rnd)
    assert all(abs(whites[p] - blacks[p]) <= 1 for p in range(1, n + 1))


@pytest.mark.parametrize("n", range(3, 15))
def test_r7_5_double_round_robin_swaps_colours(n: int) -> None:
    table = double_berger_table(n)
    half = len(table) // 2
    first = {frozenset(b): b for rnd in table[:half] for b in rnd}
    second = {frozenset(b): b for rnd in table[half:] for b in rnd}
    assert first.keys() == second.keys()
    assert all(second[k] == (first[k][1], first[k][0]) for k in first)
    single = berger_table(n)
    assert table[half - 2] == single[-1] and table[half - 1] == single[-2]  # FIDE: last two rounds swapped
