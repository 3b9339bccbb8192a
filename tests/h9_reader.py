"""The EGF results table (".h9") read back (FORMATS §1), for the tests that hold forsxl's export to the format and
to the real tables of the shared test data: forsxl writes .h9 and never reads one, so the reader lives here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TOKEN = re.compile(r"^(?P<opp>\d+)(?P<res>[+\-=?])(?:(?P<sep>[/!])(?P<col>[bwBW?])?(?P<hcp>\d+)?)?$")
_RANK = re.compile(r"^\d{1,2}[kdpKDP]$")
_PIN = re.compile(r"\|\s*(\d+)\s*$")


@dataclass(frozen=True)
class H9Result:
    """One round of one player: opponent's row (0 = no game), `+ - = ?`, forfeit, colour, handicap stones."""

    opponent: int
    outcome: str
    forfeit: bool = False
    color: str = "?"
    stones: int = 0


@dataclass(frozen=True)
class H9Row:
    line: int
    place: int | None
    name: str
    rank: str
    country: str
    club: str
    results: tuple[H9Result, ...]
    pin: str = ""


@dataclass
class H9Table:
    tags: dict[str, str] = field(default_factory=dict)
    rows: list[H9Row] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)
    """Each line that does not read: its number, and why."""


def parse_token(text: str) -> H9Result | None:
    """A result token (`12+/w2`, `0=`, `8?/w0`, `3+!b`, the quirk `0=0`), or None if it is not one."""
    if text == "0=0":
        return H9Result(0, "=")
    match = _TOKEN.match(text)
    if match is None:
        return None
    color = (match["col"] or "?").lower()
    return H9Result(int(match["opp"]), match["res"], match["sep"] == "!", color, int(match["hcp"] or 0))


def _row(line: int, text: str) -> H9Row | str:
    """A player line, or why it is not one."""
    pin_match = _PIN.search(text)
    words = (text[: pin_match.start()] if pin_match else text).split()
    place = int(words.pop(0)) if words and words[0].isdigit() else None
    at = next((i for i in range(1, len(words) - 2) if _RANK.match(words[i])), None)
    if at is None:
        return "no rank like 3D or 12K after the name"
    tail = words[at + 3:]
    count = 0
    while count < len(tail) and parse_token(tail[len(tail) - 1 - count]) is not None:
        count += 1
    criteria, tokens = tail[: len(tail) - count], tail[len(tail) - count:]
    odd = [w for w in criteria if not re.fullmatch(r"-?\d+(?:[.,/]\d+)?", w)]
    wrong = next((w for w in reversed(odd) if parse_token(w) is None), odd[0] if odd else None)
    if wrong is not None:
        return f"{wrong!r} is neither a number nor a result like 12+/w2"
    results = tuple(r for r in map(parse_token, tokens) if r is not None)
    return H9Row(line, place, " ".join(words[:at]), words[at], words[at + 1], words[at + 2], results,
                 pin_match[1] if pin_match else "")


def parse_h9(text: str) -> H9Table:
    """Tags and player lines of an EGF results table; a line that does not read is a problem with its number."""
    table = H9Table()
    for number, raw in enumerate(text.splitlines(), start=1):
        body, _, comment = raw.partition(";")
        for tag, value in re.findall(r"\b([A-Z]{2})\[([^\]]*)\]", comment if not body.strip() else ""):
            table.tags.setdefault(tag, value)
        if not body.strip():
            continue
        row = _row(number, body)
        if isinstance(row, str):
            table.problems.append((number, row))
        else:
            table.rows.append(row)
    _check_rounds(table)
    return table


def _check_rounds(table: H9Table) -> None:
    """Every line has as many rounds as the first; every opponent is a row of the table (Cieply)."""
    if not table.rows:
        return
    rounds = len(table.rows[0].results)
    for row in table.rows:
        if len(row.results) != rounds:
            table.problems.append((row.line, f"{len(row.results)} rounds where the first line has {rounds}"))
        elif any(r.opponent > len(table.rows) for r in row.results):
            table.problems.append((row.line, f"an opponent beyond the {len(table.rows)} lines"))
