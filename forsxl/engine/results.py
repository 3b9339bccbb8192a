"""Game records as typed by referees (R11)."""

from __future__ import annotations

from collections.abc import Iterable

from forsxl.engine.model import Result
from forsxl.engine.values import Lang

_ALIASES = {
    "b+": Result.BLACK_WINS, "1-0": Result.BLACK_WINS, "1:0": Result.BLACK_WINS, "ч+": Result.BLACK_WINS,
    "w+": Result.WHITE_WINS, "0-1": Result.WHITE_WINS, "0:1": Result.WHITE_WINS, "б+": Result.WHITE_WINS,
    "=": Result.DRAW, "jigo": Result.DRAW, "½-½": Result.DRAW, "1/2": Result.DRAW,
    "b+f": Result.BLACK_FORFEIT, "ч+ф": Result.BLACK_FORFEIT, "+:-": Result.BLACK_FORFEIT,
    "w+f": Result.WHITE_FORFEIT, "б+ф": Result.WHITE_FORFEIT, "-:+": Result.WHITE_FORFEIT,
    "0-0": Result.DOUBLE_FORFEIT, "-:-": Result.DOUBLE_FORFEIT,
    "1-1": Result.BOTH_WIN, "1:1": Result.BOTH_WIN,
}

_RUSSIAN = {Result.BLACK_WINS: "Ч+", Result.WHITE_WINS: "Б+", Result.DRAW: "=", Result.BLACK_FORFEIT: "Ч+Ф",
            Result.WHITE_FORFEIT: "Б+Ф", Result.DOUBLE_FORFEIT: "0-0", Result.BOTH_WIN: "1-1"}
"""Чёрные and Белые: a Russian reads a Latin B as Б, Белые, so a Russian workbook writes the colours' own letters."""

_LOOK_ALIKES = frozenset("в")
"""A Cyrillic В looks like a Latin B but is no colour's letter: Black (B, Ч) or White (Б)? Asked, never guessed."""


class ResultTextError(ValueError):
    """A result cell that does not read, with the message code saying why (R11)."""

    def __init__(self, text: str, code: str = "result_bad") -> None:
        super().__init__(text)
        self.code = code


def result_text(result: Result, lang: Lang) -> str:
    """The notation forsxl writes and offers in the Result dropdown, in the workbook's language."""
    return _RUSSIAN[result] if lang == Lang.RU else result.value


def result_choices(lang: Lang) -> tuple[str, ...]:
    return tuple(result_text(r, lang) for r in Result)


def _script(char: str) -> str:
    return "cyrillic" if "\u0400" <= char <= "\u04ff" else "latin"


def russian_notation(texts: Iterable[str]) -> bool:
    """Whether results are typed in the colours' Russian letters: any of them has a Ч or a Б (R11)."""
    return any({"ч", "б"} & set(text.casefold()) for text in texts)


def parse_result(text: str, notation: Lang = Lang.EN) -> Result | None:
    """The result a referee's text names, among results typed in `notation`; None for an empty cell;
    ResultTextError for anything else (R11).

    `1-0` means Black, the first listed, won. Case and spaces do not matter; Latin and Russian letters are both
    read, but never mixed in one cell (`Ч+F`), and a Cyrillic В, which looks like a Latin B, is refused. So is a Latin
    B among results typed in Russian letters (`russian_notation`): there a Russian reads it as Б, Белые, the opposite
    of what it says. Results typed in Latin letters alone, as forsxl offered before it wrote Ч+ and Б+, read as typed.
    """
    folded = "".join(text.split()).casefold()
    if not folded:
        return None
    if _LOOK_ALIKES & set(folded):
        raise ResultTextError(text, "result_look_alike")
    if notation == Lang.RU and "b" in folded:
        raise ResultTextError(text, "result_latin_b")
    if len({_script(c) for c in folded if c.isalpha()}) > 1:
        raise ResultTextError(text, "result_mixed_letters")
    if folded in _ALIASES:
        return _ALIASES[folded]
    raise ResultTextError(text)
