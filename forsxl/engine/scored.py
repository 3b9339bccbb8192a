"""The tournament as the rules play and score it, from the tournament as typed (R8, R5).

A workbook holds what the referee typed; some rules change what it means before anything reads it. Their order is
the engine's to say: the format comes first, as the rest is scored by the format played.
"""

from __future__ import annotations

from collections.abc import Callable

from forsxl.engine.attendance import withdrawal_forfeits
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Tournament
from forsxl.engine.system_by_size import swiss_by_size

SCORING_STEPS: tuple[Callable[[Tournament], tuple[Tournament, list[ForsxlError]]], ...] = (
    swiss_by_size,
    withdrawal_forfeits,
)
"""What the rules make of the tournament as typed, in order, each step with a note of what it changed: the renju
weekly's format by its number of players (R8), then a round robin's games after a withdrawal (R5), which only a round
robin has."""


def as_scored(t: Tournament) -> tuple[Tournament, list[ForsxlError]]:
    """The tournament as the rules play and score it, and a note of every change from the tournament as typed (R8,
    R5)."""
    notes: list[ForsxlError] = []
    for step in SCORING_STEPS:
        t, said = step(t)
        notes += said
    return t, notes
