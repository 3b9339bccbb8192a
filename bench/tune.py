"""`forsxl tune` on the demo's field and on fields of 60 and 120 evenly spread ratings: the table of docs/simulate.md,
and what the search costs (issue 45: the demo's 20 players, a useful answer in under 5 minutes on 2 cores).

    python bench/tune.py                         # the demo's 20 players, the command's defaults, every core
    nice python bench/tune.py --players 60 120   # the larger fields: long, run them in the background
    python bench/tune.py --workers 1             # in this process: its CPU time is the work itself

Each field plays the fors-club preset's 5 rounds under the workbook's regulation (fors-club) and McMahon (the mcmahon
preset) beside the search's finalists, as `forsxl tune` does; EGF model, rating noise sigma 100. The demo's field is
`forsxl demo`'s 20 players ([000]'s example: 2600 down to 100, a sparse tail below 1000); a field of N is N ratings
evenly spread from 2600 down to 100.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace

from benchlib import machine, table

from forsxl.app.demo import PLAYERS
from forsxl.app.simulation import Runner, available_workers
from forsxl.book.config import build_config, yaml_value
from forsxl.engine.config import get_key
from forsxl.engine.model import Player, PlayerId, Tournament
from forsxl.engine.simulate import Settings
from forsxl.engine.tune import GOAL_BIAS, MARK_GAP, Budget, Tuning, judged, tune

SEED = 45


def field(players: int) -> Tournament:
    """The demo's field (20) or `players` ratings evenly spread from 2600 to 100, under fors-club, nothing played."""
    ratings = ([rating for _, rating, _ in PLAYERS] if players == 20 else
               [round(2600 - i * 2500 / (players - 1)) for i in range(players)])
    config, _, errors = build_config([("preset", "fors-club", None), ("name", "bench", None)])
    assert not errors, errors
    return Tournament(config, tuple(Player(PlayerId(i), f"P{i}", r) for i, r in enumerate(ratings, start=1)))


def mcmahon(t: Tournament) -> Tournament:
    config, _, errors = build_config([("preset", "mcmahon", None), ("rounds", t.config.rounds, None)])
    assert not errors, errors
    return replace(t, config=config)


def row(players: int, tuning: Tuning) -> list[object]:
    """The docs' table: McMahon's τ, the workbook's, the winner's, the gap, the points beyond the goal, the goal."""
    winner, gap = tuning.winner, tuning.gap(tuning.winner)[0]
    beyond = [f"{c.group}·{c.steps} {c.giver_bias:+.2f}" for c in winner.measure.cells
              if judged(c) and abs(c.giver_bias) > GOAL_BIAS]
    met = "met" if tuning.met else "not met"
    return [players, f"{tuning.mark.measure.tau:.3f}", f"{tuning.workbook.measure.tau:.3f}",
            f"{tuning.workbook.measure.excess:.1f}", f"{winner.measure.tau:.3f}", f"{gap:+.3f}",
            f"{winner.measure.excess:.2f}", "; ".join(beyond) or "none", met]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[20])
    parser.add_argument("--candidates", type=int, default=Budget().candidates)
    parser.add_argument("--runs", type=int, default=Budget().confirm_runs, help="held-out runs")
    parser.add_argument("--workers", type=int, default=0, help="0: every core")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    print(machine())
    workers = args.workers or available_workers()
    settings = Settings(from_start=True)
    rows, costs = [], []
    for players in args.players:
        base = field(players)
        budget = Budget(candidates=args.candidates, confirm_runs=args.runs)
        start, cpu = time.perf_counter(), time.process_time()
        with Runner(settings, workers) as runner:
            tuning = tune(base, mcmahon(base), settings, budget, args.seed, runner.run)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu + runner.worker_cpu
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        rows.append(row(players, tuning))
        costs.append([players, f"{tuning.selection_runs}", f"{wall:.0f} s", f"{cpu:.0f} s", f"{cpu / workers:.0f} s",
                      load])
        print(f"\n{players} players, seed {args.seed}: the winner sets")
        for key, value in tuning.winner.keys:
            if value != get_key(base.config, key):
                print(f"  {key}: {yaml_value(value)}")
    print(f"\nforsxl tune, fors-club's 5 rounds, {args.candidates} candidates, {args.runs} held-out runs, "
          f"goal: within {MARK_GAP} of McMahon's tau, every cell within ±{GOAL_BIAS}\n")
    print(table(["players", "McMahon tau", "fors-club tau", "fors-club beyond", "tuned tau", "tuned - McMahon",
                 "tuned beyond", "cells beyond ±0.5", "goal"], rows))
    print()
    print(table(["players", "runs to choose", "wall", "CPU", f"CPU / {workers} cores", "load average"], costs))


if __name__ == "__main__":
    main()
