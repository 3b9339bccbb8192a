"""Byes, absences, late entry and withdrawal (R5)."""

from __future__ import annotations

from forsxl.engine.config import Attendance, Scoring
from forsxl.engine.model import Points, Sitout
from forsxl.engine.scoring import SCHEMES


def bye_points(rules: Attendance, scoring: Scoring) -> Points:
    """Points for a bye: `bye_points`, by default half the points at stake in an even game (R5, [000])."""
    return SCHEMES[scoring.scheme].draw if rules.bye_points is None else rules.bye_points


def absent_points(rules: Attendance, scoring: Scoring) -> Points:
    """Points per round missed by announced absence or late entry: `absent_points`, by default as a bye (R5)."""
    return bye_points(rules, scoring) if rules.absent_points is None else rules.absent_points


def sitout_points(sitout: Sitout, rules: Attendance, scoring: Scoring) -> Points:
    """Points for a round without a game: a bye, or an absence (R5)."""
    return bye_points(rules, scoring) if sitout == Sitout.BYE else absent_points(rules, scoring)
