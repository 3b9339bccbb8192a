"""What CLI tests that drive a whole tournament share: run a command, type players as an organizer would."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import openpyxl
from typer.testing import CliRunner

from forsxl.cli import app


def run(*args: str) -> str:
    """Run a forsxl command that must succeed; its output."""
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def type_players(path: Path, rows: Iterable[Mapping[str, object]]) -> None:
    """Append players to the Players sheet under its headers (`{"Name": ..., "Rating": ...}`)."""
    book = openpyxl.load_workbook(path)
    sheet = book["Players"]
    headers = [c.value for c in sheet[1]]
    for values in rows:
        row: list[object] = [None] * len(headers)
        for header, value in values.items():
            row[headers.index(header)] = value
        sheet.append(row)
    book.save(path)
