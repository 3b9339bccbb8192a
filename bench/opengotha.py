"""McMahon pairing next to OpenGotha's rules on the same field (R7.4): colour balance, score gaps, floats, clubs.

    python bench/opengotha.py                  # 1000 players, round 4, 3 seeded fields
    python bench/opengotha.py --players 300 --fields 5

OpenGotha itself does not run here; its rules do: `swiss.weights: opengotha` is its cost function (PEERS §1.3, with
the weights of its 3.51 dumps) and the other keys its McMahon defaults (PEERS §1.4): split and random, then split
and slip from round 3, seats by the placement criteria, draw-up/draw-down from and to the middle with
compensation, club factor 3 and country 1, geography off at the bar and from rank 1d. Every variant plays the same
benchlib field with the `mcmahon` preset (bar 1d, floor 20k, handicap rank difference - 1), placement MMS, SOSM,
SOSOSM, results drawn with the R10 probability from one seed.

Two comparisons, both after round 4:
- same state: rounds 1-3 paired by the `mcmahon` preset and played once; round 4 paired by each variant;
- own runs: each variant pairs rounds 1-4 itself, the results drawn from the same seed.
A colour-imbalanced player has more Whites than Blacks (or Blacks than Whites) by 2 or more in even games,
OpenGotha's "unbalanced W/B" report; a repeated float is a player floated in round 4 the way they floated before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from dataclasses import replace
from fractions import Fraction

from benchlib import SEED, field, fmt, machine, simulated, table

from forsxl.book.config import build_config
from forsxl.engine.config import Config
from forsxl.engine.model import Player, PlayerId, Round, Tournament
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round

BASE = [("preset", "mcmahon"), ("rounds", 5), ("tiebreaks", "mms, sosm, sososm")]
VARIANTS: dict[str, list[tuple[str, object]]] = {
    "forsxl: mcmahon preset": [],
    "forsxl: preset before issue 21": [("swiss.colour", "last"), ("swiss.first_round", "fold"),
                                       ("swiss.seeding_from", 2), ("swiss.seat", "rating")],
    "OpenGotha's rules": [
        ("swiss.weights", "opengotha"), ("swiss.seat", "ranking"), ("swiss.first_round", "random"),
        ("swiss.seeding", "slip"), ("swiss.seeding_from", 3), ("swiss.drawn_down", "middle"),
        ("swiss.drawn_up", "middle"), ("swiss.compensate", "yes"), ("swiss.club_gap", 3), ("swiss.country_gap", 1),
        ("swiss.geo_bar", "yes"), ("swiss.geo_rank", "1d")],
}
"""Each variant's keys over the `mcmahon` preset: the preset, the preset as it was (colour last, fold in round 1,
seats by rating), and OpenGotha's McMahon defaults under its cost function."""


def config_of(extra: list[tuple[str, object]]) -> Config:
    config, _, errors = build_config([(k, v, None) for k, v in [*BASE, *extra]])
    assert not errors, errors
    return config


def played(t: Tournament, rnd: Round, rng: random.Random) -> Tournament:
    """The tournament with round `rnd` added and its results drawn."""
    rating = {p.id: p.rating for p in t.players}
    results = simulated(t.config, rating, rnd.games, rng)
    rnd = replace(rnd, games=tuple(g.with_result(results[g.board]) for g in rnd.games))
    return replace(t, rounds=(*t.rounds, rnd))


def measures(t: Tournament, rnd: Round) -> dict[str, object]:
    """What round `rnd` (the next one of `t`) does: colour balance after it, its score gaps, floats and clubs."""
    before = {s.player.id: s.points for s in standings(t, before_round=rnd.number, ranking_only=True)}
    balance: Counter[PlayerId] = Counter()
    for r in (*t.rounds, rnd):
        for g in r.games:
            if g.stones == 0:
                balance[g.white] += 1
                balance[g.black] -= 1
    floated: Counter[tuple[PlayerId, int]] = Counter()
    for r in t.rounds:
        points = {s.player.id: s.points for s in standings(t, before_round=r.number, ranking_only=True)}
        for g in r.games:
            if points[g.black] != points[g.white]:
                high, low = sorted((g.black, g.white), key=lambda p: -points[p])
                floated[high, -1] += 1
                floated[low, 1] += 1
    gaps = [abs(before[g.black] - before[g.white]) for g in rnd.games]
    repeated = 0
    for g in rnd.games:
        if before[g.black] != before[g.white]:
            high, low = sorted((g.black, g.white), key=lambda p: -before[p])
            repeated += (floated[high, -1] > 0) + (floated[low, 1] > 0)
    club = {p.id: p.club for p in t.players}
    return {
        "colour-imbalanced": sum(abs(b) >= 2 for b in balance.values()),
        "score gap": sum(gaps, Fraction(0)),
        "pairs with a gap": sum(gap > 0 for gap in gaps),
        "repeated floats": repeated,
        "same club": sum(club[g.black] == club[g.white] for g in rnd.games),
        "handicap games": sum(g.stones > 0 for g in rnd.games),
    }


def tournament(players: int, seed: int, config: Config) -> Tournament:
    rows = field(players, seed)
    return Tournament(config, tuple(Player(PlayerId(i + 1), r["name"], r["rating"], club=r["club"])
                                    for i, r in enumerate(rows)))


def compare(players: int, seeds: list[int]) -> tuple[list[list[object]], list[list[object]]]:
    """Per variant, the mean measures of round 4 over the fields: from the same state, and in its own run."""
    same: dict[str, list[dict[str, object]]] = {name: [] for name in VARIANTS}
    own: dict[str, list[dict[str, object]]] = {name: [] for name in VARIANTS}
    times: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for seed in seeds:
        base = tournament(players, seed, config_of([]))
        rng = random.Random(seed)
        for number in range(1, 4):
            base = played(base, pair_round(base, number), rng)
        for name, extra in VARIANTS.items():
            t = replace(base, config=config_of(extra))
            start = time.perf_counter()
            rnd = pair_round(t, 4)
            times[name].append(time.perf_counter() - start)
            same[name].append(measures(t, rnd))
            t, rng = tournament(players, seed, config_of(extra)), random.Random(seed)
            for number in range(1, 4):
                t = played(t, pair_round(t, number), rng)
            own[name].append(measures(t, pair_round(t, 4)))

    def rows(found: dict[str, list[dict[str, object]]], timed: bool) -> list[list[object]]:
        out = []
        for name, values in found.items():
            row: list[object] = [name, *(_mean([v[k] for v in values]) for k in values[0])]
            out.append([*row, fmt(statistics.median(times[name]))] if timed else row)
        return out

    return rows(same, True), rows(own, False)


def _mean(values: list[object]) -> str:
    mean = sum(Fraction(str(v)) for v in values) / len(values)
    return f"{float(mean):,.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--fields", type=int, default=3, help="how many seeded fields to average over")
    parser.add_argument("--only", nargs="*", default=None, help="the variants to run (default: all)")
    args = parser.parse_args()
    print(machine())
    for name in set(VARIANTS) - set(args.only or VARIANTS):
        del VARIANTS[name]
    same, own = compare(args.players, [SEED + i for i in range(args.fields)])
    headers = ("round 4", "colour-imbalanced", "score gap", "pairs with a gap", "repeated floats", "same club",
               "handicap games")
    print(f"\nSame state ({args.players} players, rounds 1-3 by the mcmahon preset), mean of {args.fields} fields:")
    print(table((*headers, "pair_round"), same))
    print(f"\nOwn runs ({args.players} players, each variant pairs rounds 1-4), mean of {args.fields} fields:")
    print(table(headers, own))


if __name__ == "__main__":
    main()
