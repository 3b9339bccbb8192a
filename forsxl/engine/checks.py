"""Config problems across keys, each naming the key it is about; after these the engine trusts its config.

Every rule module may be consulted here (ratings for ranks, scoring for a scheme's caps), which the
config dataclasses themselves, imported by all of them, cannot do.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from forsxl.engine.config import (
    MAX_KOMI,
    MAX_ROUNDS,
    Config,
    StartMethod,
    StartPoints,
    get_key,
    parse_band,
)
from forsxl.engine.pairing.methods import SCHEDULED, SHIFT
from forsxl.engine.scoring import scheme_problems

Problem = tuple[str, str, dict[str, Any]]
"""(Config key, message code, parameters)."""


def _start_problems(config: Config) -> list[Problem]:
    """Problems of the start-point keys (R1): steps, bands, ranks, list lengths, and what R1.7 needs."""
    rules = config.start
    problems: list[Problem] = [
        (f"start.{name}", "config_positive", {"key": f"start.{name}"})
        for name in ("per2", "per3", "points_per_rank", "ranks_per_point")
        if (value := getattr(rules, name)) is not None and value <= 0
    ]
    problems += _band_problems(rules) + _rank_problems(rules)
    if not rules.group_points:
        problems.append(("start.group_points", "config_empty", {"key": "start.group_points"}))
    if len(rules.category_points) != 7:
        problems.append(("start.category_points", "config_count", {"key": "start.category_points", "count": 7}))
    for name, sizes in (("per2", 1), ("per3", 2)):  # R1.7 counts down from the top and middle groups
        if getattr(rules, name) is None:
            continue
        if rules.method != StartMethod.LINEAR:
            problems.append((f"start.{name}", "config_needs_linear", {"key": f"start.{name}"}))
        elif len(config.groups.sizes) < sizes:
            problems.append((f"start.{name}", "config_needs_sizes", {"key": f"start.{name}", "count": sizes}))
    return problems


def _band_problems(rules: StartPoints) -> list[Problem]:
    bad = [text for text in rules.bands if parse_band(text) is None]
    if bad:
        return [("start.bands", "config_band_bad", {"key": "start.bands", "value": text}) for text in bad]
    if not rules.bands:
        return [("start.bands", "config_empty", {"key": "start.bands"})]
    ratings = [rating for rating, _ in rules.table_bands()]
    if len(set(ratings)) != len(ratings):
        return [("start.bands", "config_repeated", {"key": "start.bands"})]
    return []


def _rank_problems(rules: StartPoints) -> list[Problem]:
    if rules.bar is not None and rules.floor is not None and rules.bar < rules.floor:
        return [("start.bar", "config_below", {"key": "start.bar", "other": "start.floor"})]
    return []


def pairing_problems(config: Config) -> list[Problem]:
    """R7: one `until` round per method but the last, increasing; a fixed shift in round 1 at least `rounds` (R7.2)."""
    pairing = config.pairing
    problems: list[Problem] = []
    if not pairing.method:
        problems.append(("pairing.method", "config_empty", {"key": "pairing.method"}))
    elif len(pairing.until) != len(pairing.method) - 1 or any(
        low >= high for low, high in zip((0, *pairing.until), pairing.until, strict=False)
    ):
        problems.append(("pairing.until", "config_pairing_until", {"count": len(pairing.method) - 1}))
    if pairing.method[:1] == (SHIFT.name,) and pairing.shift is not None and pairing.shift < config.rounds:
        problems.append(("pairing.shift", "config_pairing_shift", {"shift": pairing.shift, "rounds": config.rounds}))
    if pairing.shift_rating <= 0:
        problems.append(("pairing.shift_rating", "config_positive", {"key": "pairing.shift_rating"}))
    return problems


def playoff_problems(config: Config) -> list[Problem]:
    """R7.7: a playoff of 0, 4 or 8 after at least one qualifying round, with a round left for each stage,
    in a tournament paired round by round."""
    rules = config.playoff
    if rules.size == 0:
        return []
    if rules.size not in (4, 8):
        return [("playoff.size", "config_playoff_size", {"value": rules.size})]
    problems: list[Problem] = []
    stages = len(rules.stages())
    if not 1 <= rules.after_round < config.rounds:
        problems.append(("playoff.after_round", "config_range",
                         {"key": "playoff.after_round", "low": 1, "high": config.rounds - 1}))
    elif rules.after_round + stages > config.rounds:
        problems.append(("playoff.after_round", "config_playoff_rounds",
                         {"size": rules.size, "stages": stages, "after": rules.after_round, "rounds": config.rounds}))
    if config.pairing.method and config.pairing.method[0] in SCHEDULED:
        problems.append(("playoff.size", "config_playoff_scheduled", {"method": str(config.pairing.method[0])}))
    return problems


BOUNDS: dict[str, tuple[int | Fraction, int | Fraction]] = {
    "rounds": (1, MAX_ROUNDS), "round_robin.cycles": (1, MAX_ROUNDS), "serp.games": (1, MAX_ROUNDS),
    "komi.even": (-MAX_KOMI, MAX_KOMI), "komi.handicap": (-MAX_KOMI, MAX_KOMI), "handicap.half_komi": (0, MAX_KOMI),
    "scoring.per_step": (0, 10),
}
"""Keys whose every value from `low` to `high` is a tournament: each round, and each serp game, needs a round sheet
(MAX_ROUNDS); komi is written into every game (MAX_KOMI); a step worth more than a win is no compensation."""


def bound_problems(config: Config) -> list[Problem]:
    """Keys outside their BOUNDS (R7, R7.5, R7.6, R2.3)."""
    return [(k, "config_range", {"key": k, "low": low, "high": high})
            for k, (low, high) in BOUNDS.items() if not low <= get_key(config, k) <= high]


def spec_problems(config: Config) -> list[Problem]:
    """Stages (R7) beside a playoff."""
    problems: list[Problem] = []
    if config.stages.plan and config.playoff.size:
        problems.append(("stages.plan", "config_stage_playoff", {}))
    return problems


def check(config: Config) -> list[Problem]:
    """Cross-field problems as (key, message key, params); empty when the config is consistent."""
    problems: list[Problem] = []
    positive = ("start.per", "start.lower_per", "handicap.step_points", "handicap.points_scale")
    problems += [(k, "config_positive", {"key": k}) for k in positive if get_key(config, k) <= 0]
    problems += bound_problems(config)
    problems += _start_problems(config)
    if any(size <= 0 for size in config.groups.sizes):
        problems.append(("groups.sizes", "config_positive", {"key": "groups.sizes"}))
    if not 0 <= config.handicap.max_steps <= 20:
        problems.append(("handicap.max_steps", "config_range", {"key": "handicap.max_steps", "low": 0, "high": 20}))
    if not 0 <= config.handicap.blend <= 1:
        problems.append(("handicap.blend", "config_range", {"key": "handicap.blend", "low": 0, "high": 1}))
    for name in ("steps", "factor", "reduction"):
        if not getattr(config.groups, name):
            problems.append((f"groups.{name}", "config_empty", {"key": f"groups.{name}"}))
    if not config.tiebreaks:
        problems.append(("tiebreaks", "config_empty", {"key": "tiebreaks"}))
    for name, criteria in (("tiebreaks", config.tiebreaks), ("groups.order", config.groups.order)):
        if len(set(criteria)) != len(criteria):
            problems.append((name, "config_repeated", {"key": name}))
    problems += scheme_problems(config)
    problems += pairing_problems(config)
    problems += playoff_problems(config)
    problems += spec_problems(config)
    return problems
