"""Serp at scale (R7.6): build and schedule a 1000-player layout with 10 games each.

    python bench/serp.py                  # N=1000, g=10, then the sizes ALGORITHMS.md §3.2 measured with CP-SAT
    python bench/serp.py --n 200 --g 8    # one size only
"""

from __future__ import annotations

import argparse
import time

from forsxl.engine.pairing.serp import compact_opponents, serp_plan, sickle_opponents

SIZES = [(1000, 10), (1001, 10), (1000, 9), (1000, 6), (200, 8), (64, 6)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int)
    parser.add_argument("--g", type=int)
    args = parser.parse_args()
    sizes = [(args.n or 1000, args.g or 10)] if args.n or args.g else SIZES
    print("layout    N    g  build s  schedule s  rounds  reason  max  mean   bound  mean/bound")
    for n, g in sizes:
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


if __name__ == "__main__":
    main()
