"""What the engine says in English, worded in the workbook's language where it is shown (`forsxl.i18n.worded`): the
engine knows no catalogue, so it hands out a msgid and its params.

`sentence(...)` and `sentence_n(...)` mark their msgids for `python -m forsxl.locale` (`forsxl.i18n.KEYWORDS`): a
pairing method's name and its sentence in the Положение (engine/pairing/methods.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Said:
    """Words in English, worded in the workbook's language where they are shown: a msgid and its {params}, any of
    them a Said itself; with `plural`, the msgid's plural form, chosen by the number `count` as the language agrees
    it."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str = ""
    count: int = 0


def sentence(text: str, **params: Any) -> Said:
    """A sentence, or the words of one (its msgid is `text`, found there by `python -m forsxl.locale`)."""
    return Said(text, params)


def sentence_n(text: str, plural: str, count: int, **params: Any) -> Said:
    """A sentence whose words agree with the number `count` (`1 game`, `2 games`; Russian `1 партию`, `5 партий`)."""
    return Said(text, params, plural, count)
