"""Byes, absences, late entry and withdrawal (R5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from forsxl.engine.config import Attendance, Scoring
from forsxl.engine.model import Points, Sitout
from forsxl.engine.scoring import SCHEMES

if TYPE_CHECKING:  # standings imports this module
    from forsxl.engine.standings import RoundCell


def bye_points(rules: Attendance, scoring: Scoring) -> Points:
    """Points for a bye: `bye_points`, by default the scheme's (R5): half the points at stake in an even game
    for Fors schemes [000], a win in renju [000 §4.3] and in win-loss."""
    return SCHEMES[scoring.scheme].bye if rules.bye_points is None else rules.bye_points


def absent_points(rules: Attendance, scoring: Scoring) -> Points:
    """Points per round missed by announced absence or late entry: `absent_points`, by default the scheme's (R5):
    as a bye for Fors schemes [000], 0 in renju [000 §3.3] and in win-loss."""
    if rules.absent_points is not None:
        return rules.absent_points
    absent = SCHEMES[scoring.scheme].absent
    return bye_points(rules, scoring) if absent is None else absent


def sitout_points(sitout: Sitout, rules: Attendance, scoring: Scoring) -> Points:
    """Points for a round without a game: a bye, or an absence (R5)."""
    return bye_points(rules, scoring) if sitout == Sitout.BYE else absent_points(rules, scoring)


def excluded(cells: Iterable[RoundCell], rounds: int, rules: Attendance) -> bool:
    """Whether forfeit losses in more than `exclude_after` of all rounds exclude the player for good (R5).

    [000 §5.3.2]: "more than a third of all rounds"; the share is of the rounds planned, not played. The losses
    are counted only when the rule is on: pairing asks for every player before every round.
    """
    if rules.exclude_after is None:
        return False
    return sum(c.forfeit and c.outcome == "-" for c in cells) > rules.exclude_after * rounds
