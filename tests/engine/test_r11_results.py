"""R11: game results as typed by a referee."""

import re
from dataclasses import fields, replace
from fractions import Fraction

import pytest

from forsxl.engine.model import Game, PlayerId, Result, Source
from forsxl.engine.results import ResultTextError, parse_result, result_choices, result_text, russian_notation
from forsxl.engine.values import Lang

NOTATIONS = {
    Result.BLACK_WINS: ["B+", "1-0", "Ч+", "1:0", "b+", " B + ", "ч+", "1 - 0"],
    Result.WHITE_WINS: ["W+", "0-1", "Б+", "0:1", "w+", "б+", "\tW+\n"],
    Result.DRAW: ["=", "jigo", "JIGO", "Jigo", " = "],
    Result.BLACK_FORFEIT: ["B+F", "b+f", "B + F"],
    Result.WHITE_FORFEIT: ["W+F", "w+f", " W+F "],
    Result.DOUBLE_FORFEIT: ["0-0", "0 - 0", "-:-"],
    Result.BOTH_WIN: ["1-1", "1 - 1", "1:1"],
}


@pytest.mark.parametrize(
    ("text", "expected"),
    [pytest.param(text, result, id=f"{text!r} -> {result.value}") for result, texts in NOTATIONS.items()
     for text in texts],
)
def test_r11_notations(text: str, expected: Result) -> None:
    assert parse_result(text) == expected


@pytest.mark.parametrize("result", list(Result))
def test_r11_canonical_notation_reads_back(result: Result) -> None:
    assert parse_result(result.value) == result


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("result", list(Result))
def test_r11_what_forsxl_writes_reads_back_in_either_language(result: Result, lang: Lang) -> None:
    assert parse_result(result_text(result, lang)) == result


def test_r11_a_russian_workbook_offers_the_colours_own_letters() -> None:
    assert result_choices(Lang.RU) == ("Ч+", "Б+", "=", "Ч+Ф", "Б+Ф", "0-0", "1-1")
    assert result_choices(Lang.EN) == ("B+", "W+", "=", "B+F", "W+F", "0-0", "1-1")


@pytest.mark.parametrize(("text", "key"), [("В+", "result_look_alike"), ("в+ф", "result_look_alike"),
                                           ("Ч+F", "result_mixed_letters"), ("B+Ф", "result_mixed_letters"),
                                           ("Б+f", "result_mixed_letters")])
def test_r11_a_result_that_could_be_misread_is_an_error(text: str, key: str) -> None:
    with pytest.raises(ResultTextError) as error:
        parse_result(text)
    assert error.value.code == key


@pytest.mark.parametrize("text", ["B+", " b + ", "B+F", "b+f"])
def test_r11_a_latin_b_among_results_in_russian_letters_is_an_error(text: str) -> None:
    """A Russian reads a Latin B as Б, Белые (White), the opposite of what it says in English notation."""
    with pytest.raises(ResultTextError) as error:
        parse_result(text, Lang.RU)
    assert error.value.code == "result_latin_b"


def test_r11_results_in_russian_letters_are_those_with_a_ch_or_a_be() -> None:
    assert russian_notation(["B+", "Ч+"]) and russian_notation(["б+ф"]) and russian_notation([" Б + "])
    assert not russian_notation(["B+", "W+", "1-0", "=", "jigo", "0-0", "В+"])  # a Cyrillic В is neither colour


@pytest.mark.parametrize(("text", "expected"), [("W+", Result.WHITE_WINS), ("w+f", Result.WHITE_FORFEIT),
                                                ("1-0", Result.BLACK_WINS), ("Ч+", Result.BLACK_WINS),
                                                ("jigo", Result.DRAW)])
def test_r11_among_results_in_russian_letters_every_other_notation_reads(text: str, expected: Result) -> None:
    assert parse_result(text, Lang.RU) == expected


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_r11_empty_is_not_played_yet(text: str) -> None:
    assert parse_result(text) is None


@pytest.mark.parametrize("text", ["B+x", "B", "W", "+", "2-0", "2-2", "draw?", "B+W+", "F", "x", "0", "B++"])
def test_r11_garbage_is_an_error(text: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(text)}$"):
        parse_result(text)


def test_r11_a_result_keeps_everything_else_on_the_board() -> None:
    # Game.with_result copies the board field by field (the simulator sets thousands of results)
    game = Game(3, PlayerId(5), PlayerId(6), 2, Fraction(1, 2), 3, 2, Result.DRAW, Source("Round-2", "E4"), "QF1")
    assert len(fields(Game)) == 10, "a new Game field must be copied by Game.with_result"
    for result in (Result.WHITE_WINS, None):
        assert game.with_result(result) == replace(game, result=result)
