"""Three-way merge of what people typed into two copies of one workbook (issue 13; WORKBOOK.md principle 1).

Pure: the cells come in already read and normalised by forsxl/book/merge.py, each as its typed value (`raw`, written
back as it was typed) and what it means (`norm`, compared: `1500`, `1500.0` and `"1 500"` are one rating). A value
changed in one copy only since BASE wins; a value changed in both to the same meaning is taken once; a value changed
in both differently is a conflict. Without BASE a cell typed in one copy and empty in the other is taken, as if BASE
had it empty. Rows (players, Config keys, boards) are matched by identity, not position; a row deleted in one copy
and edited in the other is a conflict, and so is a round paired differently in each copy.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Side(StrEnum):
    """Which copy a value came from: `a` or `b`, or `both` when they agree."""

    A = "a"
    B = "b"
    BOTH = "both"


class Prefer(StrEnum):
    """The copy whose value settles every conflict (`--prefer`)."""

    A = "a"
    B = "b"


@dataclass(frozen=True)
class Cell:
    raw: object
    """As typed, written back unchanged."""
    norm: Hashable
    """What it means; None for an empty cell."""
    address: str = ""
    """`Players!C5`, for the conflict table."""


EMPTY = Cell(None, None)


@dataclass(frozen=True)
class Row:
    order: int
    """Its row number, so that merged rows keep the sheet's order."""
    where: str
    """The row's address for messages, `Players!A5`."""
    cells: Mapping[str, Cell]
    about: str = ""
    """What the row is, for a conflict in it: a board and its players, a player, a Config key."""

    def meaning(self) -> dict[str, Hashable]:
        return {column: cell.norm for column, cell in self.cells.items() if cell.norm is not None}


Table = Mapping[Any, Row]
"""Rows by identity: a player's name, a Config key, a board's pair of players."""


@dataclass(frozen=True)
class Taken:
    """A merged cell: the value to write and where it came from."""

    raw: object
    side: Side
    norm: Hashable = None


@dataclass(frozen=True)
class MergedRow:
    key: Hashable
    cells: Mapping[str, Taken]


@dataclass(frozen=True)
class Conflict:
    """Both copies changed the same thing differently: `cell` (a value), `deleted` (a row deleted in one copy and
    edited in the other) or `paired` (a round or the schedule paired differently); None is a deleted row or sheet."""

    where: str
    kind: str
    a: str | None
    b: str | None
    about: str = ""
    """What the conflicting cell's row is (`Row.about`)."""


Chooser = Callable[[Conflict], Side | None]
"""How conflicts are settled (`--prefer`, a conflicts sheet); None leaves the conflict to be reported."""


def shown(cell: Cell) -> str:
    return "" if cell.raw is None else str(cell.raw)


def _raw_order(cell: Cell) -> tuple[str, str]:
    return type(cell.raw).__name__, str(cell.raw)


def _describe(row: Row) -> str:
    return ", ".join(shown(c) for c in row.cells.values() if c.raw not in (None, ""))


@dataclass
class Merger:
    """One merge: the conflicts found, those settled by `choose`, and the cells each copy supplied."""

    choose: Chooser
    conflicts: list[Conflict] = field(default_factory=list)
    settled: list[tuple[Conflict, Side]] = field(default_factory=list)
    found: list[Conflict] = field(default_factory=list)
    """Every conflict, settled or not, in the order found."""

    def _settle(self, conflict: Conflict) -> Side | None:
        self.found.append(conflict)
        side = self.choose(conflict)
        if side is None:
            self.conflicts.append(conflict)
        else:
            self.settled.append((conflict, side))
        return side

    def cell(self, base: Cell, a: Cell, b: Cell, where: str, about: str = "") -> Taken:
        """One cell: a one-sided change wins, an equal change is taken once, different changes conflict."""
        if a.norm == b.norm:
            return Taken(a.raw if a.raw == b.raw else min(a, b, key=_raw_order).raw, Side.BOTH, a.norm)
        if a.norm == base.norm:
            return Taken(b.raw, Side.B, b.norm)
        if b.norm == base.norm:
            return Taken(a.raw, Side.A, a.norm)
        about = "" if about in (shown(a), shown(b)) else about  # a player's name cell: the values say it
        side = self._settle(Conflict(a.address or b.address or where, "cell", shown(a), shown(b), about))
        chosen = b if side == Side.B else a
        return Taken(chosen.raw, side or Side.A, chosen.norm)

    def table(self, base: Table, a: Table, b: Table) -> list[MergedRow]:
        """Rows of both copies in the sheet's order: each merged cell by cell, added rows kept, deleted rows
        dropped unless the other copy edited them."""
        def order(key: Hashable) -> tuple[int, str]:
            rows = [table[key] for table in (base, a, b) if key in table]
            return rows[0].order if key in base else min(r.order for r in rows), str(key)

        merged: list[MergedRow] = []
        for key in sorted({*a, *b}, key=order):  # the sheet's order, whichever copy comes first
            row_a, row_b, row_0 = a.get(key), b.get(key), base.get(key)
            if row_a is not None and row_b is not None:
                columns = sorted({*row_a.cells, *row_b.cells})
                old = row_0.cells if row_0 else {}
                cells = {c: self.cell(old.get(c, EMPTY), row_a.cells.get(c, EMPTY), row_b.cells.get(c, EMPTY),
                                      row_a.where, row_a.about) for c in columns}
                merged.append(MergedRow(key, cells))
                continue
            side, row = (Side.A, row_a) if row_a is not None else (Side.B, row_b)
            assert row is not None
            if row_0 is not None:  # the other copy deleted it
                if row.meaning() == row_0.meaning():
                    continue
                shown_row = _describe(row)
                conflict = Conflict(row.where, "deleted", shown_row if side == Side.A else None,
                                    shown_row if side == Side.B else None)
                if self._settle(conflict) != side:
                    continue
            merged.append(MergedRow(key, _taken(row, side)))
        return merged

    def paired(self, where: str, base: Table | None, a: Table | None, b: Table | None,
               describe: Callable[[Hashable], str]) -> list[MergedRow] | None:
        """A round sheet: merged board by board when both copies have the same pairing; otherwise the copy that
        changed it, unless both did (a conflict). None: the round is in neither copy."""
        if a is None and b is None:
            return None
        if a is not None and b is not None and a.keys() == b.keys():
            return self.table(base or {}, a, b)
        unchanged_a = a is not None and base is not None and _same(a, base)
        unchanged_b = b is not None and base is not None and _same(b, base)
        if a is not None and ((b is None and base is None) or unchanged_b):
            return _whole(a, Side.A)
        if b is not None and ((a is None and base is None) or unchanged_a):
            return _whole(b, Side.B)
        if (a is None and unchanged_b) or (b is None and unchanged_a):
            return []  # deleted in one copy, untouched in the other
        only_a = sorted(describe(k) for k in (a or {}).keys() - (b or {}).keys())
        only_b = sorted(describe(k) for k in (b or {}).keys() - (a or {}).keys())
        side = self._settle(Conflict(where, "paired", "; ".join(only_a) if a is not None else None,
                                     "; ".join(only_b) if b is not None else None))
        chosen = a if side == Side.A else b if side == Side.B else None
        return [] if chosen is None else _whole(chosen, side or Side.A)


def _same(one: Table, other: Table) -> bool:
    return one.keys() == other.keys() and all(one[k].meaning() == other[k].meaning() for k in one)


def _whole(table: Table, side: Side) -> list[MergedRow]:
    rows = sorted(table.items(), key=lambda item: (item[1].order, str(item[0])))
    return [MergedRow(key, _taken(row, side)) for key, row in rows]


def _taken(row: Row, side: Side) -> dict[str, Taken]:
    return {c: Taken(v.raw, side, v.norm) for c, v in row.cells.items()}


def match_renamed(base: Mapping[str, tuple[int, Hashable]], copy: Mapping[str, tuple[int, Hashable]],
                  same: Callable[[Hashable, Hashable], bool]) -> dict[str, str]:
    """Rows of `copy` that are rows of `base` under a new name: each key is a row's name, each value its row number
    and what else identifies it. A copy's row whose name is not in `base`, on the same row as a `base` row whose
    name is not in the copy and `same` as it, is that row renamed; returns copy name -> base name."""
    gone = {row: (name, rest) for name, (row, rest) in base.items() if name not in copy}
    renamed = {}
    for name, (row, rest) in copy.items():
        if name not in base and row in gone and same(gone[row][1], rest):
            renamed[name] = gone[row][0]
    return renamed
