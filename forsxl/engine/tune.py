"""The regulation the seeds leave to the organizer, searched for one field of players (R10, R12): the highest Kendall
τ whose giver bias stays within ±0.5 points in every cell of group and handicap steps that has enough games, with
McMahon's τ on the same field as the mark to reach.

The search is pure. The candidates come from a `random.Random` seeded by the search's seed, every run from
`simulate.play` under a seed of its own, and the runs are played by an `Evaluate` callback (the caller spreads them
over processes): the same seed gives the same answer however they were spread. Every candidate plays the same seeds
(common random numbers: the same true strengths), so two candidates differ by their rules, not by their luck. The
seeds that choose (`select`) are never those that report (`confirm`): the figures shown come from runs that took no
part in the choice.

The method, successive halving: a balanced random sample of the space plays a few runs each, the better half plays
twice as many, and so on down to the finalists; then the regulations one key away from the two best are raced the same
way against the finalists, twice. docs/simulate.md says why.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from forsxl.engine.checks import check
from forsxl.engine.config import Border, Config, Midpoint, Scheme, StartMethod, StepKind, TopStart, get_key, with_key
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Tournament
from forsxl.engine.simulate import Fairness, RunOutcome, Settings, Summary, summarize

GOAL_BIAS = 0.5
"""The most points per game a giver may get above or below an even game against the same opponent, in every cell."""
CELL_GAMES = 0.1
"""A cell (group, steps) is judged when it has at least this many games a tournament: one in ten."""
PENALTY = 0.01
"""While racing, a point a tournament paid beyond ±GOAL_BIAS costs this much τ: a candidate just over the line on a few
runs' noise is not dropped before more runs have measured it; the final choice takes the regulations within the line
first."""
MARK_GAP = 0.03
"""The goal: a Fors regulation within this much of McMahon's τ."""

Choice = tuple[Any, ...]
"""A value for each of `Space.dimensions`, in their order."""

Evaluate = Callable[[Sequence[tuple[Tournament, Sequence[str]]]], list[list[RunOutcome]]]
"""Plays each (tournament, run seeds) job, `simulate.play` under each seed, and returns the outcomes in seed order."""


@dataclass(frozen=True)
class Dimension:
    """A choice the seeds leave to the organizer, with the values they allow (docs/decisions.md cites each)."""

    name: str
    values: tuple[Any, ...]


TOP_SIZES = (0, 4, 6, 8, 10, 12, 16, 20, 24, 32)
"""Top group sizes (0: none), even ([002] «по заданному (четному) фиксированному числу»), at most half the field."""
REDUCTIONS = ((Fraction(1), 0), (Fraction(4, 5), 0), (Fraction(3, 4), 0), (Fraction(2, 3), 0), (Fraction(3, 5), 0),
              (Fraction(1, 2), 0), (Fraction(1), 1), (Fraction(1), 2))
"""(factor, stones): [000] «уменьшение форы с некоторым коэффициентом (обычно в два раза) или на какое-то число камней
(два например)», [002] «примерно вдвое или в две трети»: a factor from 1/2 to 1, or one or two stones off."""


def space(players: int) -> tuple[Dimension, ...]:
    """The dimensions the search varies for a field of `players`, each value one the seeds allow (R1, R2, R3, R4)."""
    return (
        Dimension("start.per", (10, 15, 20, 25, 30, 40, 50)),
        Dimension("start.lower_below", (None, 800, 1000, 1200)),
        Dimension("start.lower_per", (20, 30, 50, 100)),
        Dimension("groups.top", tuple(size for size in TOP_SIZES if 2 * size <= players)),
        Dimension("groups.top_steps", (StepKind.HALF, StepKind.EVEN, StepKind.STONE)),
        Dimension("groups.rest_steps", (StepKind.STONE, StepKind.HALF)),
        Dimension("groups.border", (Border.LOWER, Border.UPPER)),
        Dimension("start.top", (TopStart.EQUAL, TopStart.RATING)),
        Dimension("handicap.reduce", REDUCTIONS),
        Dimension("handicap.step_points", (50, 75, 100)),
        Dimension("handicap.midpoint", (Midpoint.DOWN, Midpoint.UP)),
        Dimension("handicap.even_below", (25, 50)),
        Dimension("scoring.scheme", (Scheme.FORS30, Scheme.FORS30_SYMMETRIC)),
        Dimension("scoring.per_step", (Fraction(1), Fraction(3, 2), Fraction(2))),
        Dimension("handicap.correction", (False, True)),
    )


SEARCHED = ("start.method", "start.per", "start.lower_below", "start.lower_per", "start.per2", "start.per3",
            "start.top", "groups.sizes", "groups.steps", "groups.factor", "groups.reduction", "groups.border",
            "handicap.factor", "handicap.reduction", "handicap.step_points", "handicap.midpoint", "handicap.even_below",
            "scoring.scheme", "scoring.per_step", "handicap.correction")
"""Every Config key a candidate may set; every other key stays the workbook's."""


def _steps(values: dict[str, Any]) -> tuple[StepKind, ...]:
    """The step kind of every group, the top one first."""
    rest = values["groups.rest_steps"]
    return (values["groups.top_steps"], rest) if values["groups.top"] else (rest,)


def _active(name: str, values: dict[str, Any]) -> bool:
    """Whether a dimension's value changes the regulation, given the others' (a lower segment coarser than the step
    above it, a top group's rules with a top group, step points with half steps, `even_below` with stone steps)."""
    if name == "start.lower_per":
        return values["start.lower_below"] is not None
    if name == "start.lower_below":
        return bool(values["start.lower_per"] > values["start.per"])
    if name in ("groups.top_steps", "groups.border", "start.top"):
        return bool(values["groups.top"])
    if name == "handicap.step_points":
        return StepKind.HALF in _steps(values)
    if name == "handicap.even_below":
        return StepKind.STONE in _steps(values)
    return True


def canonical(dimensions: Sequence[Dimension], choice: Choice) -> Choice:
    """The choice with every dimension that changes nothing at its first value: two choices that play alike are one."""
    values = dict(zip((d.name for d in dimensions), choice, strict=True))
    for d in dimensions:
        if not _active(d.name, values):
            values[d.name] = d.values[0]
    return tuple(values[d.name] for d in dimensions)


def overrides(dimensions: Sequence[Dimension], choice: Choice) -> tuple[tuple[str, Any], ...]:
    """The Config keys a choice sets, in SEARCHED order: linear start points (R1.1, R1.2), one top group or none (R3),
    the handicap's reduction, steps and rounding (R2), the scheme and its points per step (R4), the correction (R2.4).
    A key that changes nothing in this choice (a top group's rules without one) is left as the workbook has it."""
    values = dict(zip((d.name for d in dimensions), choice, strict=True))
    top = values["groups.top"]
    lower = values["start.lower_below"] if _active("start.lower_below", values) else None
    factor, stones = values["handicap.reduce"]
    keys: dict[str, Any] = {
        "start.method": StartMethod.LINEAR, "start.per": values["start.per"], "start.lower_below": lower,
        "start.per2": None, "start.per3": None,  # R1.7 counts down from a second and third group: none here
        "groups.sizes": (top,) if top else (), "groups.steps": _steps(values), "groups.factor": (Fraction(1),),
        "groups.reduction": (0,), "handicap.factor": factor, "handicap.reduction": stones,
        "handicap.midpoint": values["handicap.midpoint"], "scoring.scheme": values["scoring.scheme"],
        "scoring.per_step": values["scoring.per_step"], "handicap.correction": values["handicap.correction"],
    }
    if lower is not None:
        keys["start.lower_per"] = values["start.lower_per"]
    if top:
        keys["start.top"], keys["groups.border"] = values["start.top"], values["groups.border"]
    for name in ("handicap.step_points", "handicap.even_below"):
        if _active(name, values):
            keys[name] = values[name]
    return tuple((key, keys[key]) for key in SEARCHED if key in keys)


def regulation(config: Config, keys: Iterable[tuple[str, Any]]) -> Config:
    """`config` with the keys set."""
    for key, value in keys:
        config = with_key(config, key, value)
    return config


def choice_of(dimensions: Sequence[Dimension], config: Config) -> Choice | None:
    """The choice whose keys give `config`'s regulation, or None when the regulation is outside the space (another
    start method, a value the seeds do not allow, more than one group border)."""
    values: dict[str, Any] = {}
    sizes, steps = config.groups.sizes, config.groups.steps
    values["groups.top"] = sizes[0] if len(sizes) == 1 else 0 if not sizes else None
    values["groups.top_steps"] = steps[0] if sizes else StepKind.HALF
    values["groups.rest_steps"] = steps[min(len(sizes), len(steps) - 1)]
    values["handicap.reduce"] = (config.handicap.factor, config.handicap.reduction)
    for d in dimensions:
        if d.name not in values:
            values[d.name] = get_key(config, d.name)
    if values["start.lower_below"] is not None and config.start.lower_per <= config.start.per:
        values["start.lower_below"] = None
    if values["start.lower_below"] is None:  # the lower step of a segment that is not there: any allowed value
        values["start.lower_per"] = next(d.values[0] for d in dimensions if d.name == "start.lower_per")
    choice = tuple(values[d.name] for d in dimensions)
    if any(v not in d.values for v, d in zip(choice, dimensions, strict=True)):
        return None
    canon = canonical(dimensions, choice)
    return canon if regulation(config, overrides(dimensions, canon)) == config else None


def sample(dimensions: Sequence[Dimension], count: int, rng: random.Random) -> list[Choice]:
    """`count` choices in which every value of every dimension comes about equally often (each dimension's values
    repeated to `count` and shuffled on their own: a Latin hypercube over the values), made canonical."""
    columns = []
    for d in dimensions:
        column = [d.values[i % len(d.values)] for i in range(count)]
        rng.shuffle(column)
        columns.append(column)
    return [canonical(dimensions, tuple(column[i] for column in columns)) for i in range(count)]


def neighbours(dimensions: Sequence[Dimension], choice: Choice) -> list[Choice]:
    """Every canonical choice one dimension away from `choice`."""
    found = []
    for k, d in enumerate(dimensions):
        for value in d.values:
            if value != choice[k]:
                other = canonical(dimensions, (*choice[:k], value, *choice[k + 1:]))
                if other != choice and other not in found:
                    found.append(other)
    return found


def judged(cell: Fairness) -> bool:
    """Whether a cell of group and steps has enough games a tournament to be held to ±GOAL_BIAS."""
    return cell.per_run >= CELL_GAMES


@dataclass(frozen=True)
class Measure:
    """A regulation over some runs: its Kendall τ and standard error, the bias of every cell, and the excess, the
    points a tournament's judged cells pay beyond ±GOAL_BIAS (each cell's games a run times its bias beyond the line;
    0: every judged cell within)."""

    summary: Summary
    tau_se: float

    @property
    def tau(self) -> float:
        return self.summary.quality.tau

    @property
    def cells(self) -> tuple[Fairness, ...]:
        return self.summary.fairness

    @property
    def excess(self) -> float:
        return sum(c.per_run * max(0.0, abs(c.giver_bias) - GOAL_BIAS) for c in self.cells if judged(c))

    @property
    def fair(self) -> bool:
        return self.excess == 0.0

    @property
    def worst(self) -> Fairness | None:
        """The judged cell furthest from zero."""
        return max((c for c in self.cells if judged(c)), key=lambda c: (abs(c.giver_bias), -c.group, -c.steps),
                   default=None)

    def racing_score(self) -> float:
        return self.tau - PENALTY * self.excess

    def final_key(self) -> tuple[float, float]:
        """Within the line first, by τ; then the least excess: as close to every cell within as the space allows."""
        return (self.excess, -self.tau)


def measure(t: Tournament, outcomes: Sequence[RunOutcome], prizes: int, label: str = "") -> Measure:
    """What the runs say of a regulation: τ with its standard error, the bias of each cell of handicap games."""
    return Measure(summarize(label, t, outcomes, prizes), _se([o.tau for o in outcomes]))


def _se(values: Sequence[float]) -> float:
    """The standard error of the mean of `values`."""
    n = len(values)
    if n < 2:
        return math.inf
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


@dataclass(frozen=True)
class Budget:
    """How much the search plays: the candidates drawn, the runs of the first rung (doubled at each), the finalists,
    the refinements around the best, and the held-out runs that confirm."""

    candidates: int = 96
    first_runs: int = 16
    finalists: int = 3
    refinements: int = 2
    confirm_runs: int = 1000

    def race_runs(self, entrants: int, seeded: int = 0) -> int:
        """The most runs a race of `entrants` new candidates plays (`seeded` more already have every run they need)."""
        total, runs, done, field = 0, self.first_runs, 0, entrants + seeded
        alive = entrants
        while True:
            total += alive * (runs - done)
            if field <= self.finalists:
                return total
            field = max(self.finalists, -(-field // 2))
            alive = min(alive, field)
            done, runs = runs, 2 * runs


def select_seed(seed: int, index: int) -> str:
    """The seed of selection run `index`."""
    return f"forsxl-tune|{seed}|select|{index}"


def confirm_seed(seed: int, index: int) -> str:
    """The seed of held-out run `index`: never a selection run's."""
    return f"forsxl-tune|{seed}|confirm|{index}"


@dataclass(frozen=True)
class Entry:
    """A regulation as the held-out runs measured it, beside the choice that made it (None: the workbook's own or
    the mark)."""

    label: str
    choice: Choice | None
    keys: tuple[tuple[str, Any], ...]
    tournament: Tournament
    measure: Measure
    outcomes: tuple[RunOutcome, ...]


@dataclass(frozen=True)
class Race:
    """One race: how many candidates entered, the runs of its last rung, the finalists in order."""

    entrants: int
    runs: int
    finalists: tuple[Choice, ...]


@dataclass(frozen=True)
class Tuning:
    """The answer: the finalists in the order chosen (the winner first), the workbook's regulation and McMahon's on
    the held-out runs, and the races that chose."""

    seed: int
    dimensions: tuple[Dimension, ...]
    finalists: tuple[Entry, ...]
    workbook: Entry
    mark: Entry
    races: tuple[Race, ...]
    selection_runs: int
    """Runs played to choose, every candidate's together."""

    @property
    def winner(self) -> Entry:
        return self.finalists[0]

    def gap(self, entry: Entry) -> tuple[float, float]:
        """τ of `entry` less McMahon's, and its standard error, paired run by run (the same held-out seeds)."""
        diffs = [a.tau - b.tau for a, b in zip(entry.outcomes, self.mark.outcomes, strict=True)]
        return sum(diffs) / len(diffs), _se(diffs)

    def changed(self, entry: Entry, places: int) -> float:
        """The share of held-out runs in which `entry` gives the first `places` places to other players, or in another
        order, than the workbook's regulation does in the same run."""
        def podium(o: RunOutcome) -> tuple[int, ...]:
            return tuple(sorted(range(len(o.places)), key=o.places.__getitem__)[:places])

        pairs = list(zip(entry.outcomes, self.workbook.outcomes, strict=True))
        return sum(podium(a) != podium(b) for a, b in pairs) / len(pairs)

    @property
    def met(self) -> bool:
        """The goal: the winner within MARK_GAP of McMahon's τ, every judged cell within ±GOAL_BIAS, held out."""
        return self.winner.measure.fair and self.gap(self.winner)[0] >= -MARK_GAP


class _Search:
    """The state of one search: the outcomes of every candidate so far on the selection seeds, by choice."""

    def __init__(self, base: Tournament, dimensions: tuple[Dimension, ...], settings: Settings, budget: Budget,
                 seed: int, evaluate: Evaluate):
        self.base, self.dimensions, self.settings, self.budget = base, dimensions, settings, budget
        self.seed, self.evaluate = seed, evaluate
        self.outcomes: dict[Choice, list[RunOutcome]] = {}
        self.tournaments: dict[Choice, Tournament] = {}
        self.played = 0

    def valid(self, choice: Choice) -> bool:
        """Whether the engine plays the choice with the workbook's other keys (a Config check finds nothing)."""
        if choice not in self.tournaments:
            config = regulation(self.base.config, overrides(self.dimensions, choice))
            if check(config):
                return False
            self.tournaments[choice] = replace(self.base, config=config)
        return True

    def run(self, choices: Sequence[Choice], runs: int) -> None:
        """Bring every choice to `runs` selection runs."""
        jobs = [(c, range(len(self.outcomes.get(c, ())), runs)) for c in choices]
        jobs = [(c, indices) for c, indices in jobs if indices]
        results = self.evaluate([(self.tournaments[c], [select_seed(self.seed, i) for i in indices])
                                 for c, indices in jobs])
        for (c, indices), outcomes in zip(jobs, results, strict=True):
            self.outcomes.setdefault(c, []).extend(outcomes)
            self.played += len(indices)

    def measure(self, choice: Choice, runs: int) -> Measure:
        return measure(self.tournaments[choice], self.outcomes[choice][:runs], self.settings.prizes)

    def race(self, entrants: Sequence[Choice]) -> Race:
        """Successive halving: every entrant plays `first_runs`, the better half twice as many, down to the
        finalists, who are put in the final order (within the line first, by τ)."""
        alive, runs = list(entrants), self.budget.first_runs
        while True:
            self.run(alive, runs)
            measured = {c: self.measure(c, runs) for c in alive}
            if len(alive) <= self.budget.finalists:
                order = sorted(alive, key=lambda c: measured[c].final_key())
                return Race(len(entrants), runs, tuple(order))
            alive = sorted(alive, key=lambda c: -measured[c].racing_score())  # stable: ties keep the draw's order
            alive = alive[:max(self.budget.finalists, -(-len(alive) // 2))]
            runs *= 2


def tune(base: Tournament, mark: Tournament, settings: Settings, budget: Budget, seed: int, evaluate: Evaluate,
         planned: Callable[[int, int], None] = lambda runs, mark_runs: None,
         said: Callable[[str, int, int], None] = lambda what, entrants, runs: None) -> Tuning:
    """Search the regulation of `base` (its players, rounds and every key but the searched ones) for the highest τ
    within ±GOAL_BIAS in every judged cell (R10), and measure the finalists, the workbook's regulation and `mark`
    (McMahon on the same field) on held-out runs.

    `planned(runs, mark_runs)` hears the runs still planned, candidates' and the mark's (revised as races are
    drawn); `said(what, entrants, runs)` hears each race as it starts ("sample" or "refine")."""
    dimensions = space(len(base.players))
    search = _Search(base, dimensions, settings, budget, seed, evaluate)
    rng = random.Random(f"forsxl-tune|{seed}|sample")
    own = choice_of(dimensions, base.config)
    drawn = [c for c in dict.fromkeys([*([own] if own else []), *sample(dimensions, budget.candidates, rng)])
             if search.valid(c)]
    if not drawn:  # the workbook's other keys refuse every regulation of the space
        raise ForsxlError("R12", "tune_nothing_plays")
    # an upper bound of what the refinements add: as many new candidates as two choices have neighbours
    reach = 2 * sum(len(d.values) - 1 for d in dimensions)
    refinements = budget.refinements * budget.race_runs(reach, budget.finalists)
    confirm = budget.confirm_runs * (budget.finalists + 1)
    planned(budget.race_runs(len(drawn)) + refinements + confirm, budget.confirm_runs)
    said("sample", len(drawn), budget.first_runs)
    races = [search.race(drawn)]
    for _ in range(budget.refinements):
        best = races[-1].finalists
        fresh = [c for c in dict.fromkeys(n for c in best[:2] for n in neighbours(dimensions, c))
                 if c not in search.outcomes and search.valid(c)]
        refinements -= budget.race_runs(reach, budget.finalists)
        planned(search.played + budget.race_runs(len(fresh), len(best)) + refinements + confirm, budget.confirm_runs)
        if not fresh:
            break
        said("refine", len(fresh) + len(best), budget.first_runs)
        races.append(search.race([*best, *fresh]))
    planned(search.played + confirm, budget.confirm_runs)
    finalists = races[-1].finalists
    held = [confirm_seed(seed, i) for i in range(budget.confirm_runs)]
    tournaments = [*(search.tournaments[c] for c in finalists), base, mark]
    results = evaluate([(t, held) for t in tournaments])
    entries = [Entry(label, choice, keys, t, measure(t, outcomes, settings.prizes, label), tuple(outcomes))
               for label, choice, keys, t, outcomes in zip(
                   [*(f"#{k}" for k in range(1, len(finalists) + 1)), "workbook", "mark"],
                   [*finalists, own, None],
                   [*(overrides(dimensions, c) for c in finalists), (), ()],
                   tournaments, results, strict=True)]
    return Tuning(seed, dimensions, tuple(entries[:-2]), entries[-2], entries[-1], tuple(races), search.played)
