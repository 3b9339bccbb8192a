"""Points per game: the scoring schemes (R4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from forsxl.engine.config import Config, Scheme, Scoring
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Points, Result, Tournament

Split = tuple[Points, Points]
"""(winner's points, loser's points) of a game."""


@dataclass(frozen=True)
class SchemeRule:
    """A scheme (R4): an even game's win and loss, what a game with N steps gives the winner and the loser
    when the giver wins and when the taker wins, and what a round without a game gives (R5)."""

    win: Points
    loss: Points
    giver_wins: Callable[[Points | int], Split]
    taker_wins: Callable[[Points | int], Split]
    bye: Points
    late: Points
    """Points per round a late entrant missed (R5)."""
    absent: Points
    """Points for an announced absence once the player has played (R5)."""
    draws: bool = False
    """The game itself has draws (renju), whatever the komi."""
    max_steps: int | None = None
    """The most steps the scheme compensates (serp); None: no cap of its own."""
    by_step: bool = False
    """N steps move N points (or 2N): `scoring.per_step` multiplies them."""

    @property
    def draw(self) -> Points:
        return (self.win + self.loss) / 2


def _split(winner: Points | int, loser: Points | int) -> Split:
    return Fraction(winner), Fraction(loser)


def _fors(
    win: int, loss: int, giver_wins: Callable[[Points | int], Split], taker_wins: Callable[[Points | int], Split],
    cap: int | None = None,
    by_step: bool = True,
) -> SchemeRule:
    """A Fors scheme: a bye, and a round a late entrant missed, give half the points at stake in an even game
    ([000]: "50% возможного количества очков при равных (без форы) партиях"); an announced absence gives what an
    even game lost gives (R5)."""
    half = Fraction(win + loss, 2)
    return SchemeRule(Fraction(win), Fraction(loss), giver_wins, taker_wins, half, half, Fraction(loss), max_steps=cap,
                      by_step=by_step)


def _even(win: int, loss: int, bye: int, draws: bool) -> SchemeRule:
    """A scheme where the handicap does not change the points: a bye is a win, a late entrant's round and an absence
    0 (R5)."""
    split = _split(win, loss)
    return SchemeRule(*split, lambda n: split, lambda n: split, Fraction(bye), Fraction(0), Fraction(0), draws)


def _compensated(win: int, loss: int, cap: int | None = None) -> SchemeRule:
    """A Fors scheme where the giver's win moves N points from the loser to the winner and the taker's win
    scores as an even game (R4: fors30, serp15, serp20)."""
    return _fors(win, loss, lambda n: _split(win + n, loss - n), lambda n: _split(win, loss), cap)


def _fors_simple_giver(n: Points | int) -> int:
    # [002 2009 §3.2]: "фора 1 – 3-0, фору 2-4 камня – 4-0, более 4-х камней – 5-0".
    return 3 if n == 1 else 4 if n <= 4 else 5


SCHEMES: dict[Scheme, SchemeRule] = {
    # [003 §7], [002 2004], [000]: N = 6 -> 26/4 when the giver wins, 10/20 when the taker wins.
    Scheme.FORS30: _compensated(20, 10),
    # [002 2009 §1.2]: winner 20+h, loser 10+h, h = +N for the giver, -N for the taker.
    Scheme.FORS30_SYMMETRIC: _fors(20, 10, lambda n: _split(20 + n, 10 - n), lambda n: _split(20 - n, 10 + n)),
    # [002 2009 §2.2]: the winner 10+h, the loser 0.
    Scheme.FORS_ASYMMETRIC: _fors(10, 0, lambda n: _split(10 + n, 0), lambda n: _split(10 - n, 0)),
    # [002 2009 §3.2]: "поражение всегда 0, победа получающего фору – 1 очко".
    Scheme.FORS_SIMPLE: _fors(2, 0, lambda n: _split(_fors_simple_giver(n), 0), lambda n: _split(1, 0), by_step=False),
    # [002 FORS-m]: "3 очка при форе 1-3, 4 очка при форе 4 и выше. При поражении всегда у всех 0".
    Scheme.FORS_M: _fors(2, 0, lambda n: _split(3 if n <= 3 else 4, 0), lambda n: _split(1, 0), by_step=False),
    # [002]: m stones give 20+2m/10-2m when the giver wins, 10+2m/20-2m (giver/taker) when the giver loses.
    Scheme.NSK1977: _fors(20, 10, lambda n: _split(20 + 2 * n, 10 - 2 * n), lambda n: _split(20 - 2 * n, 10 + 2 * n)),
    # [004]: "для дающего фору начисляем (15+фора)/5, для получающего – 15/(5-фора)": each side's own
    # win/loss, so the giver wins 15+N, loses 5; the taker wins 15, loses 5-N. Up to five stones; all 5 higher
    # ("20/10, (20+фора)/10, 20/(10-фора)") up to nine.
    Scheme.SERP15: _compensated(15, 5, cap=5),
    Scheme.SERP20: _compensated(20, 10, cap=9),
    # [000 §4.3]: 2 for a win, 1 for a draw, 0 for a loss, 2 for a round without a pair; [000 §3.3] 0 when late.
    Scheme.RENJU: _even(2, 0, bye=2, draws=True),
    Scheme.WIN_LOSS: _even(1, 0, bye=1, draws=False),
}


@lru_cache(maxsize=32)
def scheme_rule(rules: Scoring) -> SchemeRule:
    """The scheme `rules` score by (R4), a step worth `per_step` points where the scheme counts steps one by one:
    fors30 with 2 a step gives 20+2N/10-2N, the stones of nsk1977 [002] as steps of fors30."""
    scheme = SCHEMES[rules.scheme]
    k = rules.per_step
    if k == 1 or not scheme.by_step:
        return scheme
    return replace(scheme, giver_wins=lambda n: scheme.giver_wins(k * n), taker_wins=lambda n: scheme.taker_wins(k * n))


def game_points(game: Game, result: Result, rules: Scoring) -> tuple[Points, Points]:
    """(Black's points, White's points) for a game as played: White gives `game.steps` (R4).

    A draw on the board in a handicap game goes to White (R2.3) unless the game itself has draws (renju) or
    `scoring.any_draw` lets a referee's draw stand;
    forfeits give the present player the scheme's even-game win (or `forfeit_win`) and the absent one
    `forfeit_loss`; a win for both (R11) gives each side what its win would. A scheme with a cap (serp) scores a game
    with more steps, as a referee may set, as the cap.
    """
    return _points(game.steps, result, rules)


@lru_cache(maxsize=256)
def _points(steps: int, result: Result, rules: Scoring) -> tuple[Points, Points]:
    """`game_points` by what it depends on: a few step counts and results, and every game asks (a simulation, R10)."""
    scheme = scheme_rule(rules)
    forfeit_win = scheme.win if rules.forfeit_win is None else rules.forfeit_win
    steps = steps if scheme.max_steps is None else min(steps, scheme.max_steps)
    if result == Result.DOUBLE_FORFEIT:
        return rules.forfeit_loss, rules.forfeit_loss
    if result == Result.BOTH_WIN:  # each what winning the game would have given them (R11)
        return _points(steps, Result.BLACK_WINS, rules)[0], _points(steps, Result.WHITE_WINS, rules)[1]
    if result == Result.BLACK_FORFEIT:
        return forfeit_win, rules.forfeit_loss
    if result == Result.WHITE_FORFEIT:
        return rules.forfeit_loss, forfeit_win
    if result == Result.DRAW and (steps == 0 or scheme.draws or rules.any_draw):
        return scheme.draw, scheme.draw
    if steps == 0:
        return (scheme.win, scheme.loss) if result == Result.BLACK_WINS else (scheme.loss, scheme.win)
    if result == Result.BLACK_WINS:
        return scheme.taker_wins(steps)
    white, black = scheme.giver_wins(steps)
    return black, white


def both_results(t: Tournament) -> list[ForsxlError]:
    """A line for each game won or lost by both (R11): what each player scores, and how the tie-breaks count it, so
    that `check` shows a referee what a `1-1` or a `0-0` does."""
    lines = []
    for rnd in t.rounds:
        for g in rnd.games:
            if g.result in (Result.BOTH_WIN, Result.DOUBLE_FORFEIT):
                black, white = game_points(g, g.result, t.config.scoring)
                lines.append(ForsxlError(
                    "R11", "result_both_win" if g.result == Result.BOTH_WIN else "result_both_lose", g.source,
                    round=rnd.number, board=g.stage or g.board, result=g.result, black=t.player(g.black).name,
                    white=t.player(g.white).name, black_points=black, white_points=white))
    return lines


def draws_allowed(game: Game, rules: Scoring) -> bool:
    """Whether a draw can stand as a result (R4): a game with draws (renju), Go's even game with whole komi, or any
    game with `scoring.any_draw` (a referee's decision)."""
    return SCHEMES[rules.scheme].draws or rules.any_draw or (game.steps == 0 and game.komi.denominator == 1)


def settled_scheme(config: Config) -> Config:
    """`scoring.scheme: serp` as [004] scores it by the handicap cap (R4, R12): «Если фора в турнире не превышает
    пяти камней, то начисляем ... 15/5», «Для форы до 9 камней ... 20/10»: serp15 with `handicap.max_steps` up to 5,
    else serp20 (which refuses more than 9)."""
    if config.scoring.scheme != Scheme.SERP:
        return config
    scheme = Scheme.SERP15 if config.handicap.max_steps <= 5 else Scheme.SERP20
    return replace(config, scoring=replace(config.scoring, scheme=scheme))


def scheme_problems(config: Config) -> list[tuple[str, str, dict[str, Any]]]:
    """The scheme's own cap on handicap steps, as a `checks.check` problem when `handicap.max_steps` exceeds it, and
    `scoring.per_step` with a scheme that does not count steps one by one (R4)."""
    scheme = SCHEMES[config.scoring.scheme]
    problems: list[tuple[str, str, dict[str, Any]]] = []
    if scheme.max_steps is not None and config.handicap.max_steps > scheme.max_steps:
        problems.append(("scoring.scheme", "config_scheme_steps",
                         {"scheme": str(config.scoring.scheme), "cap": scheme.max_steps}))
    if config.scoring.per_step != 1 and not scheme.by_step:
        problems.append(("scoring.per_step", "config_per_step", {"scheme": str(config.scoring.scheme)}))
    return problems
