"""Names as the EGD wants them: Latin letters, `Surname Firstname`, `_` inside multi-word parts (FORMATS §1.2)."""

from __future__ import annotations

import unicodedata

import iuliia  # type: ignore[import-untyped]

_OTHER = {"ı": "i", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "Æ": "AE", "đ": "d", "Đ": "D",
          "і": "i", "І": "I", "ї": "yi", "Ї": "Yi", "є": "ye", "Є": "Ye", "ў": "u", "Ў": "U"}
"""Letters NFKD does not take apart, and the Ukrainian and Belarusian ones a Russian scheme does not know."""


def latin(text: str) -> str:
    """The text in plain ASCII: Russian by ICAO Doc 9303, the passports' scheme (`Дмитрий` -> `Dmitrii`, as the
    EGD writes it), accents dropped (`é` -> `e`)."""
    return "".join(_OTHER.get(char) or unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
                   for char in iuliia.ICAO_DOC_9303.translate(text))


def split_name(name: str) -> tuple[str, str]:
    """(surname, first names) of a Players name written `Surname Firstname`: the first word is the surname.

    forsxl keeps one Name cell, so a multi-word surname cannot be told from a first name; `Van_der_Berg Jan`
    typed with underscores (as the EGD and OpenGotha write it) keeps them together.
    """
    words = name.split()
    if not words:
        return "", ""
    return words[0], " ".join(words[1:])


def egf_name(name: str) -> str:
    """`Surname Firstname` in Latin letters with `_` inside each part, as EGD splits on spaces (FORMATS §1.3)."""
    surname, first = split_name(name)
    parts = [latin(p).replace(" ", "_") for p in (surname, first) if p]
    return " ".join(p for p in parts if p) or "?"
