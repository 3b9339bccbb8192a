"""Engine time: `pair_round` and `standings` for a 1000-player field after 9 simulated rounds.

    python bench/engine.py                # both cases, 5 timed runs each
    python bench/engine.py --repeat 3     # fewer runs
    python bench/engine.py --profile      # also cProfile the main case's pair_round and standings
    python bench/engine.py --case main    # only the main case (or: --case adversarial, team, mcmahon)

Engine values only (no workbook): a Tournament built in memory with the fors-club settings (the McMahon case: the
mcmahon preset's), rounds paired by `pair_round` and played with R10 simulated results from a seeded generator.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from benchlib import SEED, field, fmt, machine, measure, simulated, spread, table, timers

import forsxl.engine.pairing.neighbours as neighbours_module
import forsxl.engine.tournament as tournament_module
from forsxl.book.config import build_config
from forsxl.engine.config import (
    Attendance,
    Config,
    Groups,
    Handicap,
    Komi,
    Pairing,
    StartPoints,
    StepKind,
    Tiebreak,
)
from forsxl.engine.model import Player, PlayerId, Tournament
from forsxl.engine.pairing.methods import NEIGHBOURS
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round


def fors_club(rounds: int, allow_rematch: bool = False) -> Config:
    """The fors-club preset (forsxl/presets/fors-club.yaml) as engine values."""
    return Config(
        name="bench", preset="fors-club", rounds=rounds,
        start=StartPoints(per=10, lower_below=1000, lower_per=20),
        groups=Groups(sizes=(8,), steps=(StepKind.HALF, StepKind.STONE)),
        handicap=Handicap(max_steps=9, half_komi=Fraction(8)),
        komi=Komi(even=Fraction(13, 2)),
        attendance=Attendance(bye_points=Fraction(15), absent_points=Fraction(15)),
        tiebreaks=(Tiebreak.POINTS, Tiebreak.WINS, Tiebreak.SOS, Tiebreak.SOS_WINS, Tiebreak.RATING),
        pairing=Pairing((NEIGHBOURS.name,), allow_rematch=allow_rematch),
    )


def mcmahon(rounds: int) -> Config:
    """The mcmahon preset (forsxl/presets/mcmahon.yaml): optimal weighted pairing in score groups (R7.4)."""
    config, _, errors = build_config([("preset", "mcmahon", None), ("rounds", rounds, None)])
    assert not errors, errors
    return config


@dataclass(frozen=True)
class Case:
    label: str
    players: int
    played: int
    team_size: int = 0
    extra_round: bool = False  # also time the round before, as a second sample of the same field
    config: Callable[[int], Config] = fors_club


CASES = (
    Case("main: 1000 players, 9 played", 1000, 9, extra_round=True),
    Case("adversarial: 999, teams of 3, 12 played", 999, 12, team_size=3),
    Case("team cup: 300 players in 100 teams, 4 played", 300, 4, team_size=3),
    Case("mcmahon: 1000 players, 4 played", 1000, 4, config=mcmahon),
)


def build(case: Case) -> tuple[Tournament, list[float]]:
    """The tournament after `case.played` rounds, and how long `pair_round` took for each of them."""
    config = case.config(case.played + 1)
    players = tuple(
        Player(PlayerId(i), row["name"], row["rating"], club=row["club"], team=row.get("team", ""))
        for i, row in enumerate(field(case.players, team_size=case.team_size), start=1)
    )
    t = Tournament(config, players)
    rng = random.Random(f"{SEED}|{case.label}")
    rating = {p.id: p.rating for p in players}
    per_round = []
    for number in range(1, case.played + 1):
        start = time.perf_counter()
        rnd = pair_round(t, number)
        per_round.append(time.perf_counter() - start)
        results = simulated(config, rating, rnd.games, rng)
        games = tuple(replace(g, result=results[g.board]) for g in rnd.games)
        t = replace(t, rounds=(*t.rounds, replace(rnd, games=games)))
    return t, per_round


def split_timers() -> AbstractContextManager[dict[str, float]]:
    """Seconds spent inside pair_round's parts, by wrapping the module attributes it calls (restored after)."""
    patches: list[tuple[Any, str, Any]] = [
        (tournament_module, "standings", "standings before the round"),
        (neighbours_module, "has_perfect_matching", "bye search"),
        (neighbours_module, "first_perfect_matching", "matching"),
    ]
    return timers(patches)


def profile(label: str, run: Callable[[], object], top: int = 12) -> str:
    profiler = cProfile.Profile()
    profiler.runcall(run)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    body = out.getvalue()
    return f"--- cProfile {label} (by own time) ---\n" + body[body.find("   ncalls"):].rstrip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per measurement (the median is reported)")
    parser.add_argument("--profile", action="store_true", help="cProfile the main case's pair_round and standings")
    cases = ("all", "main", "adversarial", "team", "mcmahon")
    parser.add_argument("--case", choices=cases, default="all", help="which case to run")
    args = parser.parse_args()
    print(machine())
    timing_rows, split_rows, build_rows = [], [], []
    profiles = []
    for case in CASES:
        if args.case != "all" and not case.label.startswith(args.case):
            continue
        start = time.perf_counter()
        t, per_round = build(case)
        built = time.perf_counter() - start
        build_rows.append([case.label, fmt(built), "  ".join(f"{s:.2f}" for s in per_round)])
        samples = [(case.label, t)]
        if case.extra_round:
            earlier = replace(t, rounds=t.rounds[:-1])
            samples.append((f"main: {case.players} players, {case.played - 1} played", earlier))
        for label, sample in samples:
            number = len(sample.rounds) + 1
            with split_timers() as spent:  # three wrapped calls per run: the overhead is negligible
                pair_times = measure(lambda t=sample, number=number: pair_round(t, number), args.repeat)
            stand_times = measure(lambda t=sample: standings(t), args.repeat)
            parts = {k: v / args.repeat for k, v in spent.items()}
            rest = statistics.mean(pair_times) - sum(parts.values())
            median_pair, median_stand = statistics.median(pair_times), statistics.median(stand_times)
            timing_rows.append([label, f"round {number}", *spread(pair_times), *spread(stand_times),
                                fmt(median_pair + median_stand)])
            split_rows.append([label, fmt(parts.get("standings before the round", 0.0)),
                               fmt(parts.get("bye search", 0.0)), fmt(parts.get("matching", 0.0)), fmt(rest)])
        if args.profile and case is CASES[0]:
            number = case.played + 1
            profiles.append(profile(f"pair_round(t, {number})", lambda t=t, number=number: pair_round(t, number)))
            profiles.append(profile("standings(t)", lambda t=t: standings(t)))
    print(f"\nEngine time, {args.repeat} runs each: pair_round(t, next round) and standings(t) (median, min, max)\n")
    print(table(["case", "pairs", "pair median", "min", "max", "standings median", "min", "max", "pair + standings"],
                timing_rows))
    print("\nWhere pair_round's time goes, mean per call"
          " (rest = RoundState, forbidden sets, colour counts, handicaps)\n")
    print(table(["case", "standings before", "bye search", "first matching", "rest"], split_rows))
    print("\nBuilding the case: total, and pair_round seconds for rounds 1, 2, ...\n")
    print(table(["case", "build", "pair_round per round (s)"], build_rows))
    for text in profiles:
        print("\n" + text)


if __name__ == "__main__":
    main()
