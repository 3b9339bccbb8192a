"""R9 through the workbook: a team cup of 10 teams and 6 individuals over 5 rounds, Teams sheet checked."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from workbooks import run, type_players


def field() -> list[tuple[str, int, int, str]]:
    """(name, rating, group, team): ten legal teams of three, and two individuals per group."""
    rows = []
    for k in range(10):
        rows += [(f"Top {k}", 2350 - 50 * k, 1, f"Team {k}"), (f"Mid {k}", 1700 - 50 * k, 2, f"Team {k}"),
                 (f"Low {k}", 1000 - 60 * k, 3, f"Team {k}")]
    rows += [("Solo A", 2400, 1, ""), ("Solo B", 1810, 1, ""), ("Solo C", 1690, 2, ""), ("Solo D", 1500, 2, ""),
             ("Solo E", 990, 3, ""), ("Solo F", 700, 3, "")]
    return rows


def test_r9_team_cup_through_the_workbook(tmp_path: Path) -> None:
    path = tmp_path / "cup.xlsx"
    run("new", str(path), "--preset", "lg-cup-team")
    type_players(path, [{"Name": name, "Rating": rating, "Group": group, "Team": team}
                        for name, rating, group, team in field()])
    run("check", str(path))
    for number in range(1, 6):
        run("pair", str(path))
        book = openpyxl.load_workbook(path)
        rnd = book[f"Round-{number}"]
        ratings = {name: rating for name, rating, _, _ in field()}
        for row in rnd.iter_rows(min_row=2):
            if isinstance(row[0].value, int):
                black, white = row[1].value, row[2].value
                row[7].value = "B+" if ratings[black] > ratings[white] else "W+"
        book.save(path)
        run("standings", str(path))
    book = openpyxl.load_workbook(path)
    teams_of = {name: team for name, _, _, team in field()}
    points: dict[str, float] = {}
    best: dict[str, int] = {}
    for position, row in enumerate(book["Standings"].iter_rows(min_row=2, values_only=True), start=1):
        name, total = row[3], row[headers_points(book)]
        if teams_of[name]:
            points[teams_of[name]] = points.get(teams_of[name], 0) + total
            best.setdefault(teams_of[name], position)
    expected = sorted(points, key=lambda team: (-points[team], best[team]))
    rows = list(book["Teams"].iter_rows(min_row=2, values_only=True))
    assert [r[1] for r in rows] == expected
    assert [r[2] for r in rows] == [points[team] for team in expected]
    assert [r[3] for r in rows] == [best[team] for team in expected]
    page = tmp_path / "cup.html"
    run("publish", str(path), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert 'id="teams"' in html and all(f">{team}<" in html for team in expected)
    for round_number in range(1, 6):  # team-mates never met
        for row in book[f"Round-{round_number}"].iter_rows(min_row=2, values_only=True):
            if isinstance(row[0], int) and teams_of[row[1]]:
                assert teams_of[row[1]] != teams_of[row[2]]


def headers_points(book: openpyxl.Workbook) -> int:
    return [c.value for c in book["Standings"][1]].index("Points")
