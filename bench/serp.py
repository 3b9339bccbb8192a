"""Serp at scale (R7.6): build and schedule a 1000-player layout with 10 games each.

    python bench/serp.py                  # N=1000, g=10, then the sizes ALGORITHMS.md §3.2 measured with CP-SAT
    python bench/serp.py --n 200 --g 8    # one size only
    python bench/serp.py --sweep          # every N 4..60, g 2..10 against the exact optima of bench/serp_optima.py
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

from forsxl.engine.pairing.serp import compact_opponents, is_middle, serp_plan, sickle_opponents

SIZES = [(1000, 10), (1001, 10), (1000, 9), (1000, 6), (200, 8), (64, 6)]


def sizes(args: argparse.Namespace) -> None:
    chosen = [(args.n or 1000, args.g or 10)] if args.n or args.g else SIZES
    print("layout    N    g  build s  schedule s  rounds  reason  max  mean   bound  mean/bound")
    for n, g in chosen:
        for name, build in (("compact", compact_opponents), ("sickle", sickle_opponents)):
            if name == "sickle" and g % 2:
                continue  # the published layout needs an even g
            start = time.perf_counter()
            edges = build(n, g)
            built = time.perf_counter()
            plan = serp_plan(n, edges, g, "bench")
            done = time.perf_counter()
            print(f"{name:8} {n:4} {g:3}  {built - start:7.2f}  {done - built:10.2f}  {len(plan.rounds):6}  "
                  f"{plan.reason:6}  {plan.max_distance:3}  {float(plan.mean_distance):5.3f}  "
                  f"{float(plan.lower_bound):5.3f}  {float(plan.mean_distance / plan.lower_bound):10.3f}")


def sweep() -> None:
    """Per g: the sizes where a rule is broken, the worst total against the exact optimum, and the CPU time."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
    from serp_optima import OPTIMA

    print(" g  sizes  unbalanced or more rounds  worst total / optimum (N)  CPU s")
    for g in range(2, 11):
        broken, worst, start, count = [], (Fraction(0), 0), time.process_time(), 0
        for n in range(max(4, g + 1), 61):
            edges, count = compact_opponents(n, g), count + 1
            lean = Counter()
            for a, b in edges:
                lean[a] -= 1
                lean[b] += 1
            degrees = Counter(p for e in edges for p in e)
            plan = serp_plan(n, edges, g, "bench")
            if any(abs(lean[p]) > degrees[p] % 2 for p in range(n) if is_middle(n, g, p)) or plan.reason not in (
                    "even", "odd"):
                broken.append(n)
            worst = max(worst, (Fraction(sum(b - a for a, b in edges), OPTIMA[n, g]), n))
        print(f"{g:2}  {count:5}  {broken or 'none'!s:25}  {float(worst[0]):13.3f} ({worst[1]:2})"
              f"  {time.process_time() - start:13.1f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int)
    parser.add_argument("--g", type=int)
    parser.add_argument("--sweep", action="store_true")
    args = parser.parse_args()
    sweep() if args.sweep else sizes(args)


if __name__ == "__main__":
    main()
