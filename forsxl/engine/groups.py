"""Groups: fixed sizes cut from the ranking before each round, per-group handicap rules (R3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import TypeVar

from forsxl.engine.config import Border, Groups, StepKind
from forsxl.engine.model import PlayerId, Tournament

T = TypeVar("T")


@dataclass(frozen=True)
class GroupRules:
    """What a pair plays by: the step kind, factor and reduction of its group (R3, `pair_group`)."""

    number: int
    steps: StepKind
    factor: Fraction
    reduction: int


def _nth(values: tuple[T, ...], index: int) -> T:
    """Per-group lists are written top-down; the last value repeats for the groups below (R3)."""
    return values[min(index, len(values) - 1)]


def group_rules(number: int, rules: Groups) -> GroupRules:
    """The rules of group `number` (1 = top)."""
    i = number - 1
    return GroupRules(number, _nth(rules.steps, i), _nth(rules.factor, i), _nth(rules.reduction, i))


def pair_group(first: int, second: int, rules: Groups) -> int:
    """The group whose rules a pair of players in groups `first` and `second` plays by (R3): the lower of the two
    (the larger number), or the upper one with `groups.border: upper`.

    [002 §FORS-2004]: «Верхняя группа играет между собой без форы», so a top player meets one from below by the
    lower group's rule; [003 §9] decides a pair's group only after pairing, «спуски-подъемы не учитываются».
    """
    return max(first, second) if rules.border == Border.LOWER else min(first, second)


def cut_groups(ranking: Sequence[PlayerId], sizes: tuple[int, ...]) -> dict[PlayerId, int]:
    """Each player's group, cutting the ranking top-down by the fixed sizes; the rest is the last group (R3)."""
    groups: dict[PlayerId, int] = {}
    bounds = list(accumulate(sizes))
    group = 1  # 1 + the bounds at or above which `position` lies
    for position, pid in enumerate(ranking):
        while group <= len(bounds) and position >= bounds[group - 1]:
            group += 1
        groups[pid] = group
    return groups


def group_sizes(t: Tournament) -> tuple[int, ...]:
    """The fixed sizes of every group but the last: configured, or counted from the declared groups (R3).

    [003 §4]: "the sizes of the groups are fixed at the start from the declarations and never change".
    """
    if not t.config.groups.declared:
        return t.config.groups.sizes
    counts = Counter(p.group for p in t.players if p.group)
    return tuple(counts[group] for group in range(1, max(counts, default=1)))
