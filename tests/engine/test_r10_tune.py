"""R10, R12: the search for a fairer regulation (forsxl.engine.tune) on small budgets: its candidates stay within
the ranges the seeds allow, the held-out runs are never the ones that chose, and a seed gives the same answer."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from forsxl.book.config import build_config
from forsxl.engine.config import Config, StepKind
from forsxl.engine.model import Player, PlayerId, Tournament
from forsxl.engine.simulate import RunOutcome, Settings, play
from forsxl.engine.tune import (
    Budget,
    Tuning,
    canonical,
    choice_of,
    confirm_seed,
    neighbours,
    overrides,
    regulation,
    sample,
    select_seed,
    space,
    tune,
)

SETTINGS = Settings(from_start=True)
SMALL = Budget(candidates=5, first_runs=2, finalists=2, refinements=1, confirm_runs=4)


def preset(name: str, rounds: int = 3) -> Config:
    config, _, errors = build_config([("preset", name, None), ("rounds", rounds, None)])
    assert not errors
    return config


def field(count: int, config: Config, ratings: Sequence[int] | None = None) -> Tournament:
    """`count` players evenly spread from 2600 down to 100 (or `ratings`)."""
    values = ratings or [round(2600 - i * 2500 / (count - 1)) for i in range(count)]
    return Tournament(config, tuple(Player(PlayerId(i), f"P{i}", r) for i, r in enumerate(values, start=1)))


def allowed(key: str, value: object, players: int) -> bool:
    """The ranges docs/decisions.md cites from the seeds, written out again here, independently of SPACE."""
    if key == "start.per":
        return isinstance(value, int) and 10 <= value <= 50  # [002] «из расчета 10-50 очков рейтинга на одно очко»
    if key == "start.lower_per":
        return isinstance(value, int) and 10 <= value <= 100  # [002] the bottom group: «10–100»
    if key == "start.lower_below":
        return value is None or value in (800, 1000, 1200)  # [000] 1000, «может быть и другой»
    if key == "groups.sizes":  # [002] «(четному) фиксированному числу»; a top group of at most half the field
        return value == () or (isinstance(value, tuple) and len(value) == 1 and value[0] % 2 == 0
                               and 4 <= value[0] <= players // 2)
    if key == "groups.steps":
        return isinstance(value, tuple) and 1 <= len(value) <= 2 and value[-1] in (StepKind.HALF, StepKind.STONE)
    if key == "handicap.factor":  # [000] «с некоторым коэффициентом (обычно в два раза)», [002] «вдвое или в две трети»
        return isinstance(value, Fraction) and Fraction(1, 2) <= value <= 1
    if key == "handicap.reduction":  # [000] «или на какое-то число камней (два например)»
        return value in (0, 1, 2)
    if key == "handicap.step_points":
        return value in (50, 75, 100)
    if key == "handicap.even_below":
        return value in (25, 50)  # [000], [003 §6]
    if key == "scoring.per_step":  # fors30's 1 to nsk1977's 2 [002]
        return isinstance(value, Fraction) and 1 <= value <= 2 and (2 * value).denominator == 1
    if key == "scoring.scheme":
        return str(value) in ("fors30", "fors30-symmetric")
    return key in ("start.method", "start.per2", "start.per3", "start.top", "groups.factor", "groups.reduction",
                   "groups.border", "handicap.midpoint", "handicap.correction")


@given(st.integers(0, 10**6), st.integers(4, 130))
def test_r12_every_candidate_stays_within_the_ranges_the_seeds_allow(seed: int, players: int) -> None:
    dimensions = space(players)
    drawn = sample(dimensions, 12, random.Random(seed))
    for choice in [*drawn, *neighbours(dimensions, drawn[0])]:
        assert canonical(dimensions, choice) == choice
        keys = dict(overrides(dimensions, choice))
        assert all(allowed(key, value, players) for key, value in keys.items()), keys
        # a factor or stones off ([000] «или»), never both
        assert keys["handicap.factor"] == 1 or keys["handicap.reduction"] == 0


def test_r12_a_balanced_sample_draws_every_value_of_every_dimension() -> None:
    dimensions = space(20)
    drawn = sample(dimensions, 96, random.Random(1))
    for k, d in enumerate(dimensions):
        if d.name == "start.per":  # never made canonical away: each of its values 96 / 7 times, to one
            counts = [sum(c[k] == v for c in drawn) for v in d.values]
            assert max(counts) - min(counts) <= 1
        assert {c[k] for c in drawn} <= set(d.values)


def test_r12_fors_club_is_a_point_of_the_space_and_others_are_not() -> None:
    dimensions = space(20)
    club = preset("fors-club")
    choice = choice_of(dimensions, club)
    assert choice is not None
    assert regulation(club, overrides(dimensions, choice)) == club
    # five rating points a start point is outside [002]'s 10-50; so is a start by category
    assert choice_of(dimensions, replace(club, start=replace(club.start, per=5))) is None
    assert choice_of(dimensions, preset("fors-simple")) is None


class Recorder:
    """An Evaluate that plays every job here and keeps the seeds of each batch."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def __call__(self, jobs: Sequence[tuple[Tournament, Sequence[str]]]) -> list[list[RunOutcome]]:
        self.batches.append([seed for _, seeds in jobs for seed in seeds])
        return [[play(t, SETTINGS, seed)[1] for seed in seeds] for t, seeds in jobs]


def small_tune(seed: int, recorder: Recorder | None = None, players: int = 8) -> Tuning:
    base = field(players, preset("fors-club"))
    mark = replace(base, config=preset("mcmahon"))
    return tune(base, mark, SETTINGS, SMALL, seed, recorder or Recorder())


def test_r10_the_held_out_runs_are_not_the_runs_that_chose() -> None:
    recorder = Recorder()
    tuning = small_tune(5, recorder)
    *choosing, reporting = recorder.batches
    assert choosing and set(reporting).isdisjoint(seed for batch in choosing for seed in batch)
    held = [confirm_seed(5, i) for i in range(SMALL.confirm_runs)]
    assert set(reporting) == set(held)
    # what is reported is what those seeds play, for the winner, the workbook's regulation and McMahon alike
    for entry in (tuning.winner, tuning.workbook, tuning.mark):
        assert list(entry.outcomes) == [play(entry.tournament, SETTINGS, seed)[1] for seed in held]
    assert all(seed.startswith("forsxl-tune|5|select|") for batch in choosing for seed in batch)
    assert select_seed(5, 0) in choosing[0]


def test_r10_the_same_seed_gives_the_same_answer() -> None:
    first, again, other = small_tune(11), small_tune(11), small_tune(12)
    assert first == again
    assert first.races[0] != other.races[0]  # another seed draws other candidates


def test_r10_the_winner_keys_give_its_regulation_and_the_race_narrows_to_the_finalists() -> None:
    tuning = small_tune(3)
    winner = tuning.winner
    assert regulation(tuning.workbook.tournament.config, winner.keys) == winner.tournament.config
    assert [len(race.finalists) for race in tuning.races] == [SMALL.finalists] * len(tuning.races)
    assert len(tuning.races) == 1 + SMALL.refinements
    assert tuning.races[0].entrants >= SMALL.candidates  # the workbook's own regulation raced beside the draw
    # the finalists are put in the final order: within the goal first, then by τ, on the runs that chose them
    assert tuning.finalists[0].choice == tuning.races[-1].finalists[0]


def test_r10_a_field_of_equal_ratings_plays_even_and_meets_the_bias_goal() -> None:
    base = field(8, preset("fors-club"), [1500] * 8)
    tuning = tune(base, replace(base, config=preset("mcmahon")), SETTINGS, SMALL, 2, Recorder())
    assert all(not e.measure.cells for e in tuning.finalists)  # every game even: no cell to be unfair in
    assert tuning.winner.measure.fair and tuning.winner.measure.excess == 0.0
    assert tuning.gap(tuning.mark) == (0.0, 0.0)
