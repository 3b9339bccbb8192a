"""Names as the EGD wants them: Latin letters, `Surname Firstname`, `_` inside multi-word parts (FORMATS §1.2)."""

from __future__ import annotations

import unicodedata

_CYRILLIC = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєў",
    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f",
     "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya", "i", "yi", "ye", "u"],
    strict=True,
))
"""Russian (and a few Ukrainian/Belarusian) letters in the passport-style romanization the EGD lists use."""
_OTHER = {"ı": "i", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "Æ": "AE", "đ": "d", "Đ": "D"}


def latin(text: str) -> str:
    """The text in plain ASCII: Cyrillic transliterated (`Иванов` -> `Ivanov`), accents dropped (`é` -> `e`)."""
    out = []
    for char in text:
        lower = char.lower()
        if lower in _CYRILLIC:
            letters = _CYRILLIC[lower]
            out.append(letters.capitalize() if char != lower else letters)
        elif char in _OTHER:
            out.append(_OTHER[char])
        else:
            out.append(unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii"))
    return "".join(out)


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
