"""Points per game: the scoring schemes (R4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.config import Scheme, Scoring
from forsxl.engine.model import Game, Points, Result

Split = tuple[Points, Points]
"""(winner's points, loser's points) of a game."""


@dataclass(frozen=True)
class SchemeRule:
    """A scheme: what an even game gives, and what a game with N steps gives the giver's and taker's side."""

    win: Points
    loss: Points
    draws: bool
    giver_wins: Callable[[int], Split]
    taker_wins: Callable[[int], Split]

    @property
    def draw(self) -> Points:
        return (self.win + self.loss) / 2


def _fors30_giver_wins(n: int) -> Split:
    return Fraction(20 + n), Fraction(10 - n)


def _fors30_taker_wins(n: int) -> Split:
    return Fraction(20), Fraction(10)


SCHEMES: dict[Scheme, SchemeRule] = {
    # [003 §7], [002 2004], [000]: N = 6 -> 26/4 when the giver wins, 10/20 when the taker wins.
    Scheme.FORS30: SchemeRule(Fraction(20), Fraction(10), False, _fors30_giver_wins, _fors30_taker_wins),
}


def game_points(game: Game, result: Result, rules: Scoring) -> tuple[Points, Points]:
    """(Black's points, White's points) for a game as played: White gives `game.steps` (R4).

    A draw on the board in a handicap game goes to White (R2.3); forfeits give the present player
    the scheme's even-game win (or `forfeit_win`) and the absent one `forfeit_loss`.
    """
    scheme = SCHEMES[rules.scheme]
    forfeit_win = scheme.win if rules.forfeit_win is None else rules.forfeit_win
    if result == Result.DOUBLE_FORFEIT:
        return rules.forfeit_loss, rules.forfeit_loss
    if result == Result.BLACK_FORFEIT:
        return forfeit_win, rules.forfeit_loss
    if result == Result.WHITE_FORFEIT:
        return rules.forfeit_loss, forfeit_win
    if result == Result.DRAW and game.steps == 0:
        return scheme.draw, scheme.draw
    if result == Result.BLACK_WINS:
        if game.steps == 0:
            return scheme.win, scheme.loss
        return scheme.taker_wins(game.steps)
    if game.steps == 0:
        return scheme.loss, scheme.win
    white, black = scheme.giver_wins(game.steps)
    return black, white


def draws_allowed(game: Game, rules: Scoring) -> bool:
    """Whether a draw can stand as a result (R4): schemes with draws, or an even game with whole komi."""
    return SCHEMES[rules.scheme].draws or (game.steps == 0 and game.komi.denominator == 1)
