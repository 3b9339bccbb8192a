"""What forsxl recorded in Standings when it last wrote it, to notice what a person changed since (issue 9).

Standings is forsxl's own sheet, rewritten on every run: its `No` and `Name` columns say which name each start
number had, and its round cells (`12+/w2`) say which result each game had when it was last read. Two edits between
runs are found by comparing with it:

- a player renamed in Players: round sheets still carry the old name; it is matched by its start number, read as
  that player, and rewritten to the new name (the name cells of a pairing are forsxl's), with a warning;
- a result changed in a round that later rounds were paired on: the result is taken as it now stands (a person's
  cell wins), and a warning names the rounds and boards whose pairing was based on the old result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openpyxl.workbook.workbook import Workbook

from forsxl.book import layout
from forsxl.book.package import header_of, values
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import PlayerId, Round, Tournament
from forsxl.engine.pairing.methods import SCHEDULED
from forsxl.engine.standings import round_cells

_CELL = re.compile(r"^\s*(\d+)([+\-=?])")


@dataclass(frozen=True)
class Recorded:
    """Standings as forsxl last wrote it: the name of each start number and its round cells by round number."""

    names: Mapping[PlayerId, str]
    cells: Mapping[PlayerId, Mapping[int, str]]


def recorded(workbook: Workbook) -> Recorded:
    """Standings as forsxl last wrote it, or nothing when there is none or it was edited past recognition."""
    title = next((n for n in workbook.sheetnames if n in layout.SHEETS["standings"]), None)
    if title is None:
        return Recorded({}, {})
    rows = values(workbook[title])  # Standings is read from the package: openpyxl leaves it unparsed
    header = header_of(rows)
    columns = layout.match_columns(header, layout.STANDINGS_COLUMNS)
    rounds = {i: n for i, h in enumerate(header, start=1) if (n := layout.round_of_column(h)) is not None}
    if "no" not in columns or "name" not in columns:
        return Recorded({}, {})
    names: dict[PlayerId, str] = {}
    cells: dict[PlayerId, dict[int, str]] = {}
    for number, row in rows:
        no, name = row.get(columns["no"]), row.get(columns["name"])
        if number > 1 and isinstance(no, int) and isinstance(name, str):
            names[PlayerId(no)] = name
            cells[PlayerId(no)] = {n: str(row[i]) for i, n in rounds.items() if row.get(i)}
    return Recorded(names, cells)


def _outcome(text: str) -> tuple[int, str] | None:
    match = _CELL.match(text)
    return None if match is None else (int(match[1]), match[2])


def changed_results(t: Tournament, before: Recorded) -> list[ForsxlError]:
    """A warning for each game of a round followed by later rounds whose result differs from Standings' record.

    `t` is the tournament as scored, so the forfeits a withdrawal gives (R5) compare as Standings recorded them;
    a round robin or Serp is written whole before any result (R7.5, R7.6), so no round of it was paired on one."""
    if len(t.rounds) < 2 or not before.cells or t.config.pairing.method[0] in SCHEDULED:
        return []
    now = round_cells(t, t.rounds)
    warnings = []
    for rnd in t.rounds[:-1]:
        later = t.rounds[rnd.number:]
        for game in rnd.games:
            old = before.cells.get(game.black, {}).get(rnd.number)
            cell = now[game.black][rnd.number - 1]
            was = None if old is None else _outcome(old)
            if was is None or was[1] == "?" or was[0] != game.white or was[1] == (cell.outcome or "?"):
                continue
            warnings.append(ForsxlError(
                "R11", "result_changed" if len(later) == 1 else "result_changed_rounds", game.source, old=old,
                new=cell.text(t.config.lang), round=rnd.number,
                later=", ".join(str(r.number) for r in later), boards=_boards(t, later, game.black, game.white)))
    return warnings


def _boards(t: Tournament, later: Sequence[Round], *players: PlayerId) -> str:
    """Where the two players sat in the later rounds: `Round-2 3, 5; Round-3 1, 7`."""
    parts = []
    for rnd in later:
        boards = sorted({g.board for g in rnd.games if g.black in players or g.white in players})
        if boards:
            parts.append(layout.ROUND_SHEET[t.config.lang].format(n=rnd.number) + " " + ", ".join(map(str, boards)))
    return "; ".join(parts)
