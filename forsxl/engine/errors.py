"""Errors that carry the rule they enforce and the workbook cell they came from."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from forsxl.engine.model import Source
from forsxl.engine.values import Lang


class ForsxlError(Exception):
    """A problem a person can fix: a rule id (empty when it enforces no rule: a file, a merge, an option), a message
    code with parameters, and the cell it is about.

    The text itself lives in ``forsxl.messages`` so that it comes out in the workbook's language.
    """

    def __init__(self, rule: str, code: str, source: Source | None = None, **params: Any) -> None:
        super().__init__(code)
        self.rule = rule
        self.code = code
        self.source = source
        self.params: Mapping[str, Any] = params

    def __repr__(self) -> str:
        return f"ForsxlError({self.rule!r}, {self.code!r}, {self.source}, {dict(self.params)!r})"


def nearest(typed: str, known: Iterable[str]) -> str | None:
    """The one of `known` a mistyped key or name was likely meant to be, for a message's "did you mean"."""
    by_fold = {k.casefold(): k for k in known}
    found = difflib.get_close_matches(typed.strip().casefold(), list(by_fold), n=1, cutoff=0.75)
    return by_fold[found[0]] if found else None


class PairingImpossible(ForsxlError):
    """No pairing satisfies the hard constraints of R7; never a partial pairing."""


class WorkbookErrors(Exception):
    """Every problem found while reading a workbook, reported together (``forsxl check``)."""

    def __init__(self, errors: list[ForsxlError], lang: Lang | None = None) -> None:
        super().__init__(f"{len(errors)} problem(s)")
        self.errors = errors
        self.lang = lang
