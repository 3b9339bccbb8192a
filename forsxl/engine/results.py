"""Game records as typed by referees (R11)."""

from __future__ import annotations

from forsxl.engine.model import Result

_ALIASES = {
    "b+": Result.BLACK_WINS, "1-0": Result.BLACK_WINS, "1:0": Result.BLACK_WINS, "ч+": Result.BLACK_WINS,
    "w+": Result.WHITE_WINS, "0-1": Result.WHITE_WINS, "0:1": Result.WHITE_WINS, "б+": Result.WHITE_WINS,
    "=": Result.DRAW, "jigo": Result.DRAW, "½-½": Result.DRAW, "1/2": Result.DRAW,
    "b+f": Result.BLACK_FORFEIT, "ч+ф": Result.BLACK_FORFEIT, "+:-": Result.BLACK_FORFEIT,
    "w+f": Result.WHITE_FORFEIT, "б+ф": Result.WHITE_FORFEIT, "-:+": Result.WHITE_FORFEIT,
    "0-0": Result.DOUBLE_FORFEIT, "-:-": Result.DOUBLE_FORFEIT,
    # A Cyrillic В typed for a Latin B looks the same on screen.
    "в+": Result.BLACK_WINS, "в+f": Result.BLACK_FORFEIT, "в+ф": Result.BLACK_FORFEIT,
}

RESULT_CHOICES = tuple(r.value for r in Result)
"""What the Result dropdown offers, in canonical notation."""


def parse_result(text: str) -> Result | None:
    """The result a referee's text names; None for an empty cell; ValueError for anything else (R11).

    `1-0` means Black, the first listed, won. Latin and Cyrillic letters, case and spaces do not matter.
    """
    folded = "".join(text.split()).casefold()
    if not folded:
        return None
    if folded in _ALIASES:
        return _ALIASES[folded]
    raise ValueError(text)
