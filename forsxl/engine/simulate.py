"""Playing a tournament many times with simulated results: who ends where, how well the ranking follows strength,
and how fair the handicap compensation is (R10).

One run is pure: its own `random.Random(seed)`, the workbook's tournament, the rules of the engine. Each player's
true strength is the rating plus N(0, sigma) noise; a game is won with the model's probability (R10) from the true
strengths, Black's raised by what the handicap makes up (R2.3). `summarize` folds runs, in run order, into figures.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from forsxl.engine.attendance import withdrawal_forfeits
from forsxl.engine.config import Scoring, StepKind
from forsxl.engine.groups import group_rules
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Tournament
from forsxl.engine.pairing.methods import SCHEDULED
from forsxl.engine.playoff import final_standings
from forsxl.engine.probability import MODELS, Model, compensation
from forsxl.engine.scoring import game_points, scheme_rule
from forsxl.engine.system_by_size import superfinal_round
from forsxl.engine.tournament import pair_round, schedule_tournament

Pairer = Callable[[Tournament, int, random.Random], Round]
"""How a run pairs round `number` of a tournament that is not scheduled whole; `pair_round` by default."""


@dataclass(frozen=True)
class Settings:
    """What a simulation assumes (R10): the model, the rating noise, how many prize places to report, and whether
    to play from round 1 or from the current round on."""

    model: Model = Model.EGF
    sigma: float = 100.0
    prizes: int = 3
    from_start: bool = False


def run_seed(seed: int, index: int) -> str:
    """Run `index`'s seed: from the simulation's seed and the index only, so the worker that runs it does not matter."""
    return f"forsxl-simulate|{seed}|{index}"


FairnessKey = tuple[int, int]
"""(group, handicap steps) of a game."""

FairnessSums = tuple[float, float, float, float, float, float]
"""Games, the giver's expected points, the same as an even game, the taker's two, and the giver's wins."""


@dataclass(frozen=True)
class RunOutcome:
    """One run: each player's final place (in `Tournament.players` order), the ranking quality, fairness sums."""

    places: tuple[int, ...]
    tau: float
    spearman: float
    strongest_won: bool
    top_error: float
    fairness: dict[FairnessKey, FairnessSums]
    in_order: int
    """How many places from the first the strongest players hold in the order of their true strength."""


def _default_pairer(t: Tournament, number: int, rng: random.Random) -> Round:
    return pair_round(t, number)


@lru_cache(maxsize=8)
def _first_pairing(t: Tournament, number: int) -> Round:
    """A round paired after results typed in the workbook only: the same in every run, so paired once."""
    return pair_round(t, number)


def _points(scoring: Scoring, steps: int) -> tuple[float, float, float, float]:
    """(giver, taker) points when the giver wins, then when the taker wins, of a game with `steps` (R4)."""
    game = Game(0, PlayerId(0), PlayerId(0), 0, scheme_rule(scoring).win, steps, 1)
    black_loses, white_wins = game_points(game, Result.WHITE_WINS, scoring)
    black_wins, white_loses = game_points(game, Result.BLACK_WINS, scoring)
    return float(white_wins), float(black_loses), float(white_loses), float(black_wins)


class _Play:
    """The results of one run, drawn game by game, with the fairness sums of every simulated game."""

    def __init__(self, t: Tournament, strength: dict[PlayerId, float], settings: Settings, rng: random.Random):
        self.config = t.config
        self.strength = strength
        self.chance = MODELS[settings.model]
        self.rng = rng
        self.fairness: dict[FairnessKey, list[float]] = {}
        self.kinds: dict[int, StepKind] = {}
        self.splits: dict[int, tuple[float, float, float, float]] = {}

    def result(self, game: Game) -> Result:
        white, black = self.strength[game.white], self.strength[game.black]
        p = self.chance(white, black, compensation(game.steps, self._kind(game.group)))
        won = self.rng.random() < p
        if game.steps and not game.stage:
            self._count(game, white, black, p, won)
        return Result.WHITE_WINS if won else Result.BLACK_WINS

    def _kind(self, group: int) -> StepKind:
        if group not in self.kinds:
            self.kinds[group] = group_rules(group, self.config.groups).steps
        return self.kinds[group]

    def _points(self, steps: int) -> tuple[float, float, float, float]:
        if steps not in self.splits:
            self.splits[steps] = _points(self.config.scoring, steps)
        return self.splits[steps]

    def _count(self, game: Game, white: float, black: float, p: float, won: bool) -> None:
        """Expected points of giver (White) and taker in the game as played and as an even game (R4, R10)."""
        g_win, t_loss, g_loss, t_win = self._points(game.steps)
        e_win, _, e_loss, _ = self._points(0)
        even = self.chance(white, black, 0)
        sums = self.fairness.setdefault((game.group, game.steps), [0.0] * 6)
        sums[0] += 1
        sums[1] += p * g_win + (1 - p) * g_loss
        sums[2] += even * e_win + (1 - even) * e_loss
        sums[3] += p * t_loss + (1 - p) * t_win
        sums[4] += even * e_loss + (1 - even) * e_win
        sums[5] += won

    def round(self, rnd: Round) -> Round:
        """The round with a drawn result for every game without one."""
        games = tuple(g if g.result is not None else g.with_result(self.result(g)) for g in rnd.games)
        return replace(rnd, games=games)


def play(
    t: Tournament, settings: Settings, seed: str, pairer: Pairer = _default_pairer
) -> tuple[Tournament, RunOutcome]:
    """One run (R10): the tournament played to the end with simulated results, and what it measured.

    The results typed so far stand, and the rounds still to play are paired as `forsxl pair` would; with
    `from_start`, every round is paired and played anew. A round robin or Serp is scheduled whole first (R7.5, R7.6),
    and a superfinal is played out when due (R7.8).
    """
    noise = random.Random(f"{seed}|strength")
    strength = {p.id: p.rating + noise.gauss(0.0, settings.sigma) for p in t.players}
    game_rng = random.Random(f"{seed}|games")  # apart from the noise: the same draws whatever sigma is
    played = _Play(t, strength, settings, game_rng)
    scheduled = t.config.pairing.method[0] in SCHEDULED
    if settings.from_start:
        t = replace(t, rounds=())
    if scheduled and not t.rounds:
        t = replace(t, rounds=schedule_tournament(t).rounds)
    if scheduled and not settings.from_start:  # a player who left loses every game to come, as it is played (R5)
        t = withdrawal_forfeits(t, len(t.rounds))[0]
    typed = all(r.complete for r in t.rounds) and pairer is _default_pairer
    t = replace(t, rounds=tuple(played.round(r) for r in t.rounds))
    number = len(t.rounds) + 1
    while not scheduled and number <= t.config.rounds:
        rnd = _first_pairing(t, number) if typed else pairer(t, number, game_rng)
        t = replace(t, rounds=(*t.rounds, played.round(rnd)))
        typed = False
        number += 1
    while t.config.superfinal and (match := superfinal_round(t, number)) is not None:
        t = replace(t, rounds=(*t.rounds, played.round(match)))
        number += 1
    order = [s.player.id for s in final_standings(t, ranking_only=True)]
    return t, outcome(t.players, order, strength, played.fairness)


def outcome(
    players: Sequence[Player], order: Sequence[PlayerId], strength: dict[PlayerId, float],
    fairness: dict[FairnessKey, list[float]],
) -> RunOutcome:
    """What one run measured: places by the final standings `order`, and how they follow the true strength."""
    place = {pid: i for i, pid in enumerate(order, start=1)}
    places = tuple(place[p.id] for p in players)
    power = [strength[p.id] for p in players]
    best = max(power)
    by_strength = sorted(range(len(players)), key=lambda i: -power[i])  # ties keep the start order
    top = set(by_strength[: max(1, math.ceil(len(players) / 10))])
    error = sum(abs(places[i] - rank) for rank, i in enumerate(by_strength, start=1) if i in top) / len(top)
    minus_places = [-float(p) for p in places]
    sums: dict[FairnessKey, FairnessSums] = {
        k: (v[0], v[1], v[2], v[3], v[4], v[5]) for k, v in sorted(fairness.items())}
    in_order = 0
    while in_order < len(players) and places[by_strength[in_order]] == in_order + 1:
        in_order += 1
    return RunOutcome(places, kendall_tau_b(power, minus_places), spearman(power, minus_places),
                      power[places.index(1)] == best, error, sums, in_order)


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's τ-b: (concordant - discordant) pairs over the geometric mean of the pairs untied in x and in y."""
    n = len(x)
    concordant = tied_x = tied_y = 0
    for i in range(n):
        xi, yi = x[i], y[i]
        for j in range(i + 1, n):
            dx, dy = xi - x[j], yi - y[j]
            if dx == 0 or dy == 0:
                tied_x += dx == 0
                tied_y += dy == 0
            else:
                concordant += 1 if (dx > 0) == (dy > 0) else -1
    pairs = n * (n - 1) // 2
    denominator = math.sqrt((pairs - tied_x) * (pairs - tied_y))
    return concordant / denominator if denominator else 0.0


def average_ranks(values: Sequence[float]) -> list[float]:
    """Ranks 1..n, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            ranks[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's ρ: the Pearson correlation of the average ranks."""
    rx, ry = average_ranks(x), average_ranks(y)
    n = len(x)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var if var else 0.0


@dataclass(frozen=True)
class PlayerOdds:
    """A player's expected place and chance of each prize place (1st first) over the runs."""

    player: Player
    expected_place: float
    prizes: tuple[float, ...]

    @property
    def wins(self) -> float:
        return self.prizes[0] if self.prizes else 0.0


@dataclass(frozen=True)
class Quality:
    """How well the final places follow the true strength, averaged over the runs (R6, R10)."""

    tau: float
    spearman: float
    strongest_wins: float
    top_error: float


@dataclass(frozen=True)
class Fairness:
    """Handicap games of one group and step count (R2, R4): per game, the expected points of the giver and of the
    taker as played, and as the same pair would expect in an even game; the giver's share of wins."""

    group: int
    steps: int
    games: int
    per_run: float
    giver: float
    giver_even: float
    taker: float
    taker_even: float
    giver_wins: float
    giver_bias_se: float = 0.0
    """The standard error of `giver_bias` over the runs (each run's games of the cell together, as one sample)."""

    @property
    def giver_bias(self) -> float:
        """Points per game the giver gets above an even game against the same opponent."""
        return self.giver - self.giver_even

    @property
    def taker_bias(self) -> float:
        return self.taker - self.taker_even


@dataclass(frozen=True)
class Summary:
    """Every figure of one regulation over all runs."""

    label: str
    runs: int
    players: tuple[PlayerOdds, ...]
    quality: Quality
    fairness: tuple[Fairness, ...]


def summarize(label: str, t: Tournament, outcomes: Sequence[RunOutcome], prizes: int) -> Summary:
    """The runs folded in run order (so the sums are the same however the runs were spread over workers)."""
    runs = len(outcomes)
    odds = []
    for i, player in enumerate(t.players):
        places = [o.places[i] for o in outcomes]
        chances = tuple(sum(p == k for p in places) / runs for k in range(1, prizes + 1))
        odds.append(PlayerOdds(player, sum(places) / runs, chances))
    quality = Quality(
        sum(o.tau for o in outcomes) / runs, sum(o.spearman for o in outcomes) / runs,
        sum(o.strongest_won for o in outcomes) / runs, sum(o.top_error for o in outcomes) / runs,
    )
    totals: dict[FairnessKey, list[float]] = {}
    for o in outcomes:
        for key, sums in o.fairness.items():
            into = totals.setdefault(key, [0.0] * 9)
            for k, value in enumerate(sums):
                into[k] += value
            bias = sums[1] - sums[2]  # the run's giver bias summed over its games of the cell, and their count
            into[6] += bias * bias
            into[7] += bias * sums[0]
            into[8] += sums[0] * sums[0]
    fairness = tuple(
        Fairness(group, steps, int(s[0]), s[0] / runs, s[1] / s[0], s[2] / s[0], s[3] / s[0], s[4] / s[0], s[5] / s[0],
                 _ratio_se(s, runs))
        for (group, steps), s in sorted(totals.items())
    )
    return Summary(label, runs, tuple(odds), quality, fairness)


def _ratio_se(sums: Sequence[float], runs: int) -> float:
    """The standard error of a cell's bias, Σ bias / Σ games over the runs, as a ratio estimator (the delta method):
    the games of one run share their players, so the run, not the game, is the independent sample."""
    games, bias = sums[0], (sums[1] - sums[2]) / sums[0]
    squares = sums[6] - 2 * bias * sums[7] + bias * bias * sums[8]  # Σ over runs (run's bias − bias × run's games)²
    return math.sqrt(max(0.0, squares) * runs / (runs - 1)) / games if runs > 1 else math.inf
