"""`forsxl simulate` time: 1000 runs of a 60-player, 6-round Fors tournament (issue 11: under 10 s).

    python bench/simulate.py                 # 1000 runs with every core, then with one
    python bench/simulate.py --runs 200      # fewer runs
    python bench/simulate.py --repeat 1      # the run with every core once (default 3: the machine's noise shows)
    python bench/simulate.py --profile       # also cProfile 50 runs in this process

Engine values only (no workbook): the bench field of 60 players (benchlib.field) under the fors-club preset with
6 rounds, simulated from round 1 with the default settings (EGF model, rating noise sigma 100), seed benchlib.SEED.
"""

from __future__ import annotations

import argparse
import os
import time

from benchlib import SEED, field, fmt, machine, table
from engine import profile

from forsxl.app.simulation import Variant, available_workers, simulate_variants
from forsxl.book.config import build_config
from forsxl.engine.model import Player, PlayerId, Tournament
from forsxl.engine.simulate import Settings, play, run_seed


def tournament(players: int = 60, rounds: int = 6) -> Tournament:
    """The bench field under the fors-club preset (forsxl/presets/fors-club.yaml), nothing played."""
    config, _, errors = build_config([("preset", "fors-club", None), ("rounds", rounds, None), ("name", "bench", None)])
    assert not errors, errors
    return Tournament(config, tuple(
        Player(PlayerId(i), row["name"], row["rating"], club=row["club"]) for i, row in enumerate(field(players), 1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--profile", action="store_true", help="cProfile 50 runs in this process")
    parser.add_argument("--repeat", type=int, default=3, help="times to repeat the run with every core")
    args = parser.parse_args()
    print(machine())
    t = tournament()
    settings = Settings(from_start=True)
    rows = []
    cores = available_workers()
    for workers in [cores] * args.repeat + [1] if cores > 1 else [1]:
        start, cpu = time.perf_counter(), time.process_time()
        [summary] = simulate_variants([Variant("fors-club", t)], settings, args.runs, SEED, workers)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        # one worker runs in this process, so its CPU time is the work itself, whatever else the machine runs
        work = f"{1000 * cpu / args.runs:.1f} ms" if workers == 1 else ""
        idle = fmt(cpu / args.runs * 1000 / cores) if workers == 1 else ""
        rows.append([f"{args.runs} runs, {workers} worker(s)", fmt(seconds), f"{1000 * seconds / args.runs:.1f} ms",
                     work, idle, f"{summary.quality.tau:.3f}"])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n60 players, fors-club, 6 rounds from round 1, EGF model, sigma {settings.sigma:g}; load average {load}\n")
    print(table(["case", "wall", "wall per run", "CPU per run", f"1000 runs on {cores} idle cores", "Kendall tau-b"],
                rows))
    if args.profile:
        print("\n" + profile("50 runs", lambda: [play(t, settings, run_seed(SEED, i)) for i in range(50)], top=20))


if __name__ == "__main__":
    main()
