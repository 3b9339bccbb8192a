"""R8: the renju weekly format by the number of players; R7.8: the superfinal."""

from __future__ import annotations

import pytest

from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import PlayerId
from forsxl.engine.system_by_size import format_by_size, superfinal


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
