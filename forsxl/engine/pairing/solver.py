"""Maximum-weight perfect matching on integer weights: the one place the engine may call a compiled library.

rustworkx (Rust, a port of the classic O(n^3) blossom algorithm) solved 1000-player McMahon rounds 20-50x
faster than networkx on the same instances (bench/README.md). It is deterministic for the same input,
takes integers only (no float rounding) and is known to go wrong above about 2^125, so forsxl keeps every
matching's total weight below 2^100 and checks it.

rustworkx is optional (issue 42): where it is not installed (a Python it has no wheel for, the web page before it is
loaded) forsxl's own Gabow matching (gabow.py) solves the same problem on the complete graph, to the same optimal
weight, in pure Python: about a second for 200 players natively, growing as the cube of the field, so a field over
GABOW_FIELD_LIMIT players is refused there (docs/limits.md). Where several matchings weigh the same, the two may
return different ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from types import ModuleType

from forsxl.engine.errors import ForsxlError
from forsxl.engine.pairing.gabow import max_weight_matching

WEIGHT_LIMIT = 1 << 100
"""No matching may weigh this much (ALGORITHMS.md §1.3: wrong answers appear near 2^126)."""

GABOW_FIELD_LIMIT = 600
"""The largest field forsxl's own matching pairs without rustworkx: about (600/200)^3 = 27 times the second 200
players take, and 600 x 600 weights in memory (bench/README.md)."""


@cache
def rustworkx() -> ModuleType | None:
    """rustworkx, imported at the first matching (it is a large extension), or None where it is not installed."""
    try:
        import rustworkx
    except ImportError:
        return None
    return rustworkx


def max_weight_perfect_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
    """The perfect matching of vertices 0..n-1 with the largest total weight, or None if there is none.

    Weights are positive integers; `n // 2` times the largest must stay below WEIGHT_LIMIT.
    """
    edges = list(edges)
    heaviest = max((w for _, _, w in edges), default=0)
    if heaviest * (n // 2 + 1) >= WEIGHT_LIMIT:
        raise OverflowError(f"matching weights up to {heaviest} exceed the solver's safe bound 2^100")
    library = rustworkx()
    if library is None:
        return _gabow_perfect(n, edges, heaviest)
    graph = library.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    matched = library.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matched) != n:
        return None
    return sorted((min(a, b), max(a, b)) for a, b in matched)


def max_matching_size(n: int, edges: Iterable[tuple[int, int]]) -> int:
    """How many pairs the largest matching of vertices 0..n-1 over `edges` has."""
    library = rustworkx()
    if library is None:
        # Every pair weighs 1 and an edge 2: the heaviest matching holds as many edges as any matching can.
        weights = _complete(n, ((a, b, 2) for a, b in edges), 1)
        mate = max_weight_matching(weights)
        return sum(1 for v, u in enumerate(mate) if v < u and weights[v][u] == 2)
    graph = library.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n))
    graph.add_edges_from_no_data(list(edges))
    return len(library.max_weight_matching(graph, max_cardinality=True))


def _complete(n: int, edges: Iterable[tuple[int, int, int]], other: int) -> list[list[int]]:
    """The weight matrix of the complete graph on 0..n-1: each edge's weight, `other` for every other pair."""
    if n > GABOW_FIELD_LIMIT:
        raise ForsxlError("R7.4", "field_needs_rustworkx", players=n, limit=GABOW_FIELD_LIMIT)
    weights = [[other] * n for _ in range(n)]
    for a, b, w in edges:
        weights[a][b] = weights[b][a] = w
    return weights


def _gabow_perfect(n: int, edges: list[tuple[int, int, int]], heaviest: int) -> list[tuple[int, int]] | None:
    """`max_weight_perfect_matching` by Gabow's algorithm on the complete graph: a pair that is no edge weighs 1 and
    an edge its weight plus a bonus larger than any matching's sum of weights can differ by, so the heaviest
    matching holds as many edges as it can, then the heaviest of them: a perfect matching of edges if there is one."""
    if n % 2:
        return None
    bonus = (n // 2) * heaviest + 1
    weights = _complete(n, ((a, b, w + bonus) for a, b, w in edges), 1)
    mate = max_weight_matching(weights)
    pairs = [(v, u) for v, u in enumerate(mate) if v < u]
    if 2 * len(pairs) != n or any(weights[v][u] == 1 for v, u in pairs):
        return None
    return pairs
