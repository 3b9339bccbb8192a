"""R7.4 with OpenGotha's weights: Gabow's matching (forsxl/engine/pairing/gabow.py) finds a maximum-weight perfect
matching, and among several of equal weight the one OpenGotha's own engine finds."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from forsxl.engine.pairing.gabow import max_weight_matching
from forsxl.engine.pairing.solver import max_weight_perfect_matching

Matrix = list[list[int]]


@st.composite
def matrices(draw: st.DrawFn) -> Matrix:
    """A complete graph of 2 to 10 vertices, its positive weights drawn from few values: many equal-weight optima."""
    n = 2 * draw(st.integers(1, 5))
    values = draw(st.lists(st.integers(1, 10**12), min_size=1, max_size=3))
    weights = [[0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        weights[i][j] = weights[j][i] = draw(st.sampled_from(values))
    return weights


def best_weight(weights: Matrix, vertices: list[int]) -> int:
    """The heaviest perfect matching's weight, by trying every partner of the first vertex in turn."""
    if not vertices:
        return 0
    first, rest = vertices[0], vertices[1:]
    return max(weights[first][v] + best_weight(weights, [u for u in rest if u != v]) for v in rest)


@settings(max_examples=300)
@given(matrices())
def test_r7_4_gabow_matching_is_perfect_and_of_the_brute_force_and_rustworkx_weight(weights: Matrix) -> None:
    n = len(weights)
    mate = max_weight_matching(weights)
    assert sorted(mate) == list(range(n)) and all(mate[mate[v]] == v != mate[v] for v in range(n))
    weight = sum(weights[v][mate[v]] for v in range(n) if v < mate[v])
    assert weight == best_weight(weights, list(range(n)))
    edges = [(i, j, weights[i][j]) for i, j in combinations(range(n), 2)]
    other = max_weight_perfect_matching(n, edges)
    assert other is not None and weight == sum(weights[a][b] for a, b in other)


def test_r7_4_gabow_breaks_a_tie_as_opengothas_engine() -> None:
    """Four pairings of this graph weigh 20. OpenGotha 3.51's WeightedMatchLong, run on this matrix with MAXIMIZE,
    returned 0-6, 1-5, 2-4, 3-7 (a fact of that run); rustworkx returns 0-7, 1-5, 2-6, 3-4."""
    weights = [[0, 3, 3, 3, 3, 3, 5, 5], [3, 0, 3, 3, 3, 5, 3, 3], [3, 3, 0, 3, 5, 3, 5, 3], [3, 3, 3, 0, 5, 3, 3, 5],
               [3, 3, 5, 5, 0, 5, 3, 5], [3, 5, 3, 3, 5, 0, 3, 3], [5, 3, 5, 3, 3, 3, 0, 3], [5, 3, 3, 5, 5, 3, 3, 0]]
    assert max_weight_matching(weights) == [6, 5, 4, 7, 2, 1, 0, 3]
    shifted = [[w * 7 + 10**15 if i != j else 0 for j, w in enumerate(row)] for i, row in enumerate(weights)]
    assert max_weight_matching(shifted) == [6, 5, 4, 7, 2, 1, 0, 3]  # a positive scale and shift change nothing


def test_r7_4_gabow_leaves_a_vertex_of_an_odd_graph_single() -> None:
    assert max_weight_matching([[0, 2, 1], [2, 0, 1], [1, 1, 0]]) == [1, 0, -1]
    assert max_weight_matching([[0]]) == [-1]
    assert max_weight_matching([]) == []
