"""McMahon pairing time (R7.4): round 5 for 100, 300, 1000 and 2000 players, and the matching against networkx.

    python bench/mcmahon.py                    # every size, 3 timed runs each
    python bench/mcmahon.py --sizes 1000       # one size
    python bench/mcmahon.py --networkx 300     # networkx only up to this size (default 1000; 0: never)

The field is benchlib's seeded field with ranks from the ratings; the Config is the `mcmahon` preset (bar 1d,
floor 20k, handicap rank difference - 1). Four rounds are paired by `pair_round` and played with R10
simulated results; the script then times `pair_round` for round 5, and inside it the matching alone. For
the ratio, the final candidate graph with its integer weights is solved again by rustworkx and by networkx
(`max_weight_matching(maxcardinality=True)`), and the total weights are checked equal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace
from typing import Any

from benchlib import SEED, field, fmt, machine, measure, simulated, table

import forsxl.engine.pairing.weighted as weighted
from forsxl.book.config import build_config
from forsxl.engine.model import Player, PlayerId, Tournament
from forsxl.engine.pairing.solver import max_weight_perfect_matching
from forsxl.engine.tournament import pair_round


def tournament(players: int, played: int) -> Tournament:
    config, _, errors = build_config([("preset", "mcmahon", None), ("rounds", played + 1, None)])
    assert not errors, errors
    rows = field(players)
    t = Tournament(config, tuple(Player(PlayerId(i + 1), r["name"], r["rating"], club=r["club"])
                                 for i, r in enumerate(rows)))
    rng = random.Random(SEED)
    rating = {p.id: p.rating for p in t.players}
    for number in range(1, played + 1):
        rnd = pair_round(t, number)
        results = simulated(config, rating, rnd.games, rng)
        rnd = replace(rnd, games=tuple(replace(g, result=results[g.board]) for g in rnd.games))
        t = replace(t, rounds=(*t.rounds, rnd))
    return t


def last_graph(t: Tournament, number: int) -> tuple[int, list[tuple[int, int, int]]]:
    """The candidate graph and weights of the final matching `pair_round` solved."""
    seen: list[tuple[int, list[tuple[int, int, int]]]] = []
    original = weighted.max_weight_perfect_matching

    def keep(n: int, edges: Any) -> Any:
        edges = list(edges)
        seen.append((n, edges))
        return original(n, edges)

    weighted.max_weight_perfect_matching = keep  # type: ignore[assignment]
    try:
        pair_round(t, number)
    finally:
        weighted.max_weight_perfect_matching = original  # type: ignore[assignment]
    return seen[-1]


def networkx_time(n: int, edges: list[tuple[int, int, int]]) -> tuple[float, int]:
    import networkx  # optional: pip install networkx

    graph = networkx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    weight = {(min(a, b), max(a, b)): w for a, b, w in edges}
    start = time.perf_counter()
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    spent = time.perf_counter() - start
    return spent, sum(weight[min(a, b), max(a, b)] for a, b in matching)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 300, 1000, 2000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--networkx", type=int, default=1000, help="largest size to run networkx on (0: never)")
    args = parser.parse_args()
    print(machine())
    rows = []
    for size in args.sizes:
        t = tournament(size, 4)
        times = measure(lambda t=t: pair_round(t, 5), args.repeat)
        n, edges = last_graph(t, 5)
        weight = {(a, b): w for a, b, w in edges}
        start = time.perf_counter()
        matching = max_weight_perfect_matching(n, edges)
        rx = time.perf_counter() - start
        assert matching is not None
        total = sum(weight[e] for e in matching)
        nx_cell, ratio = "-", "-"
        if size <= args.networkx:
            nx_seconds, nx_total = networkx_time(n, edges)
            assert nx_total == total, (nx_total, total)
            nx_cell, ratio = fmt(nx_seconds), f"{nx_seconds / rx:,.0f}x"
        rows.append((size, fmt(statistics.median(times)), f"{len(edges):,}", f"{n * (n - 1) // 2:,}",
                     fmt(rx), nx_cell, ratio))
    print(table(("players", "pair_round (median)", "edges solved", "complete graph", "rustworkx", "networkx",
                 "networkx / rustworkx"), rows))


if __name__ == "__main__":
    main()
