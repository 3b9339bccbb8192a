"""A player's name in the case a Russian sentence puts it in (issue 40): `уже в паре с Лебедевым Артёмом`, not
`с Лебедев Артём`.

The catalogue's Russian says the case in the field's format spec, `{by:ins}`, which the English msgid does not need
(`{by}`); `tr` hands every text param over as a `Named`, whose `__format__` declines it. The declension and the
gender are pytrovich's, the port of the petrovich rules made for Russian full names (about 100 KB, no dependency);
it is imported the first time a Russian sentence declines a name, so nothing else pays for it. A name is read as
Russian ones are written in a club's list, `Фамилия Имя [Отчество]`; a name in Latin letters stays as written, as
Russian leaves foreign names in their own script, and a Cyrillic one whose gender the rules cannot tell (`Ким
Саша`) is put after a noun that takes the case instead (`с участником Ким Саша`), a wording that needs no gender.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

CASES = ("gen", "dat", "acc", "ins", "pre")
"""The format specs of a case: родительный, дательный, винительный, творительный, предложный."""
_PERSON = {"gen": "участника", "dat": "участнику", "acc": "участника", "ins": "участником", "pre": "участнике"}
"""«участник» in each case: the noun before a name whose gender is unknown."""
_CYRILLIC = re.compile(r"^[А-Яа-яЁё\-]+$")


@cache
def _rules() -> tuple[Any, Any, Any]:
    """pytrovich's detector and maker and its enums, loaded once."""
    from pytrovich.detector import PetrovichGenderDetector
    from pytrovich.enums import Case, Gender, NamePart
    from pytrovich.maker import PetrovichDeclinationMaker

    return PetrovichGenderDetector(), PetrovichDeclinationMaker(), (Case, Gender, NamePart)


@cache
def declined(name: str, case: str) -> str:
    """`name` in `case` (one of CASES): declined where its words are Cyrillic and its gender known, as written where
    it is in Latin letters, else after «участник» in that case."""
    words = name.split()
    if not words or not all(_CYRILLIC.match(w) for w in words):
        return name
    detector, maker, (Case, Gender, NamePart) = _rules()
    parts = (NamePart.LASTNAME, NamePart.FIRSTNAME, NamePart.MIDDLENAME)[: len(words)]
    gender = detector.detect(**{p.name.lower(): w for p, w in zip(parts, words, strict=False)})
    if len(words) > 3 or gender not in (Gender.MALE, Gender.FEMALE):
        return f"{_PERSON[case]} {name}"
    grammatical = {"gen": Case.GENITIVE, "dat": Case.DATIVE, "acc": Case.ACCUSATIVE, "ins": Case.INSTRUMENTAL,
                   "pre": Case.PREPOSITIONAL}[case]
    return " ".join(maker.make(part, gender, grammatical, word) for part, word in zip(parts, words, strict=False))


class Named(str):
    """A text param of a message: formatted as it is, or as a name in a case where the catalogue asks for one
    (`{by:ins}`)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return declined(str(self), spec) if spec in CASES else format(str(self), spec)
