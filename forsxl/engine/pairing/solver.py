"""Maximum-weight perfect matching on integer weights: the one place the engine calls a compiled library.

rustworkx (Rust, a port of the classic O(n^3) blossom algorithm) solved 1000-player McMahon rounds 20-50x
faster than networkx on the same instances (bench/README.md). It is deterministic for the same input,
takes integers only (no float rounding) and is known to go wrong above about 2^125, so forsxl keeps every
matching's total weight below 2^100 and checks it.
"""

from __future__ import annotations

from collections.abc import Iterable

import rustworkx

WEIGHT_LIMIT = 1 << 100
"""No matching may weigh this much (ALGORITHMS.md §1.3: wrong answers appear near 2^126)."""


def max_weight_perfect_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
    """The perfect matching of vertices 0..n-1 with the largest total weight, or None if there is none.

    Weights are positive integers; `n // 2` times the largest must stay below WEIGHT_LIMIT.
    """
    graph = rustworkx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n))
    edges = list(edges)
    heaviest = max((w for _, _, w in edges), default=0)
    if heaviest * (n // 2 + 1) >= WEIGHT_LIMIT:
        raise OverflowError(f"matching weights up to {heaviest} exceed the solver's safe bound 2^100")
    graph.add_edges_from(edges)
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matched) != n:
        return None
    return sorted((min(a, b), max(a, b)) for a, b in matched)


def max_matching_size(n: int, edges: Iterable[tuple[int, int]]) -> int:
    """How many pairs the largest matching of vertices 0..n-1 over `edges` has."""
    graph = rustworkx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n))
    graph.add_edges_from_no_data(list(edges))
    return len(rustworkx.max_weight_matching(graph, max_cardinality=True))
