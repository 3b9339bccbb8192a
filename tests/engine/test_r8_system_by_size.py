"""R8: the renju weekly format by the number of players; R7.8: the superfinal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from forsxl.engine.config import Config, Tiebreak
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Sitout, Tournament
from forsxl.engine.standings import Standing
from forsxl.engine.system_by_size import final_superfinal, finished, format_by_size, superfinal


@pytest.mark.parametrize(("n", "system", "cycles", "rounds"), [
    (4, "round_robin", 2, 6), (5, "round_robin", 2, 10), (6, "round_robin", 2, 10), (7, "round_robin", 1, 7),
    (10, "round_robin", 1, 9), (11, "swiss", 0, 7), (15, "swiss", 0, 7), (16, "swiss", 0, 9),
    (31, "swiss", 0, 9), (32, "swiss", 0, 11), (63, "swiss", 0, 11),
])
def test_r8_format_by_size(n: int, system: str, cycles: int, rounds: int) -> None:
    chosen = format_by_size(n)
    assert (chosen.system, chosen.cycles, chosen.rounds) == (system, cycles, rounds)


def test_r8_fewer_than_four_not_held() -> None:
    with pytest.raises(ForsxlError) as error:
        format_by_size(3)
    assert error.value.code == "too_few_players"


def test_r7_8_superfinal_two_highest_rated_of_the_tied() -> None:
    ranking = [(PlayerId(1), "1-3", 1500), (PlayerId(2), "1-3", 1700), (PlayerId(3), "1-3", 1600),
               (PlayerId(4), "4", 1900)]
    assert superfinal(ranking) == (PlayerId(2), PlayerId(3))
    assert superfinal([(PlayerId(1), "1", 1500), (PlayerId(2), "2", 1700)]) is None


def _tournament(superfinal: bool, results: tuple[Result | None, ...], rounds: int = 1) -> Tournament:
    players = (Player(PlayerId(1), "A", 1500), Player(PlayerId(2), "B", 1700), Player(PlayerId(3), "C", 1600))
    config = Config(rounds=rounds, tiebreaks=(Tiebreak.POINTS,), superfinal=superfinal)
    games = tuple(Game(1, PlayerId(1), PlayerId(2), 0, Fraction(0), 0, 1, result) for result in results[:1])
    return Tournament(config, players, (Round(1, games, ((PlayerId(3), Sitout.ABSENT),)),))


def _table(t: Tournament) -> list[Standing]:
    """Everyone shares first place on every criterion before rating, which the superfinal never reads."""
    values = {c: Fraction(0) for c in t.config.tiebreaks if c != Tiebreak.RATING}
    return [Standing(p, "1-3", Fraction(0), Fraction(0), values, ()) for p in t.players]


def test_r7_8_final_superfinal_only_when_asked_and_finished() -> None:
    done = _tournament(True, (Result.BLACK_WINS,))
    assert finished(done)
    assert final_superfinal(done, _table(done)) == (PlayerId(2), PlayerId(3))
    off = _tournament(False, (Result.BLACK_WINS,))
    assert final_superfinal(off, _table(off)) is None
    pending = _tournament(True, (None,))
    assert not finished(pending) and final_superfinal(pending, _table(pending)) is None
    short = _tournament(True, (Result.BLACK_WINS,), rounds=3)  # rounds still to pair
    assert not finished(short) and final_superfinal(short, _table(short)) is None
