"""Serp at scale (R7.6): build and schedule a 1000-player layout with 10 games each.

    python bench/serp.py              # N=1000, g=10
    python bench/serp.py --n 200 --g 8
"""

from __future__ import annotations

import argparse
import time

from forsxl.engine.pairing.serp import compact_opponents, serp_plan, sickle_opponents


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--g", type=int, default=10)
    args = parser.parse_args()
    for name, build in (("compact", compact_opponents), ("sickle", sickle_opponents)):
        start = time.perf_counter()
        edges = build(args.n, args.g)
        built = time.perf_counter()
        plan = serp_plan(args.n, edges, args.g, "bench")
        done = time.perf_counter()
        print(f"{name}: N={args.n} g={args.g} build {built - start:.2f} s, schedule {done - built:.2f} s, "
              f"{len(plan.rounds)} rounds ({plan.reason}), max distance {plan.max_distance}, "
              f"mean {float(plan.mean_distance):.3f} (lower bound {float(plan.lower_bound):.3f})")


if __name__ == "__main__":
    main()
