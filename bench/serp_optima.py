"""The least total distance a Serp layout can have under R7.6, solved exactly as an integer program (HiGHS).

    pip install highspy
    python bench/serp_optima.py tests/engine/serp_optima.py

For each N = 4..60 and g = 2..min(10, N-1): one 0/1 variable per pair at most g places apart; each player g games
(n·g odd: the middle player n // 2 one fewer, as compact_opponents has it); each middle player (is_middle) with as
many stronger as weaker opponents (one more of either for an odd number of games); for an even N every odd top
group crossed by at least g games (each of the g rounds pairs one of them with someone below); connected, by adding
"at least one game leaves this component" for every component of a solution until there is one. Every layout that
compact_opponents may return is a solution, so the optimum is a true lower bound on its total distance;
tests/engine/test_r7_6_serp.py checks the layouts against it. Writes the table as a Python module (to a file, as
HiGHS prints its banner on the standard output).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import highspy
import numpy as np

from forsxl.engine.pairing.serp import is_middle

SIZES = [(n, g) for g in range(2, 11) for n in range(g + 1, 61) if n >= 4]


def components(n: int, edges: list[tuple[int, int]]) -> list[set[int]]:
    parent = list(range(n))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[root(a)] = root(b)
    parts: dict[int, set[int]] = {}
    for v in range(n):
        parts.setdefault(root(v), set()).add(v)
    return list(parts.values())


def optimum(n: int, g: int) -> int:
    """The least total distance, proven optimal by HiGHS."""
    pairs = [(i, j) for i in range(n) for j in range(i + 1, min(n, i + g + 1))]
    short = n // 2 if n * g % 2 else -1
    model = highspy.Highs()
    model.setOptionValue("output_flag", False)
    for _ in pairs:
        model.addVar(0, 1)
    count = len(pairs)
    model.changeColsIntegrality(count, np.arange(count, dtype=np.int32),
                                np.array([highspy.HighsVarType.kInteger] * count))
    model.changeColsCost(count, np.arange(count, dtype=np.int32), np.array([float(j - i) for i, j in pairs]))

    def row(lower: float, upper: float, terms: list[tuple[int, float]]) -> None:
        model.addRow(lower, upper, len(terms), np.array([t for t, _ in terms], dtype=np.int32),
                     np.array([c for _, c in terms]))

    for v in range(n):
        mine = [(e, i, j) for e, (i, j) in enumerate(pairs) if v in (i, j)]
        games = g - (v == short)
        row(games, games, [(e, 1.0) for e, _, _ in mine])
        if is_middle(n, g, v):  # stronger minus weaker
            lean = games % 2
            row(-lean, lean, [(e, 1.0 if min(i, j) < v else -1.0) for e, i, j in mine])

    def across(group: set[int], least: int) -> None:
        row(least, highspy.kHighsInf, [(e, 1.0) for e, (i, j) in enumerate(pairs) if (i in group) != (j in group)])

    if n % 2 == 0:
        for m in range(1, n, 2):
            across(set(range(m)), g)
    while True:
        model.run()
        assert model.getModelStatus() == highspy.HighsModelStatus.kOptimal, (n, g, model.getModelStatus())
        values = model.getSolution().col_value
        edges = [pairs[e] for e in range(count) if values[e] > 0.5]
        parts = components(n, edges)
        if len(parts) == 1:
            return sum(j - i for i, j in edges)
        for part in parts:
            across(part, 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("output", type=Path)
    rows = [f"    ({n}, {g}): {optimum(n, g)}," for n, g in SIZES]
    parser.parse_args().output.write_text(
        '"""The least total distance of a Serp layout under R7.6 for N = 4..60, g = 2..10, solved exactly by\n'
        'bench/serp_optima.py (HiGHS); (N, g) -> total."""\n\nOPTIMA = {\n' + "\n".join(rows) + "\n}\n",
        encoding="utf-8")


if __name__ == "__main__":
    main()
