"""R9 through the workbook: a team cup of 10 teams and 6 individuals over 5 rounds, Teams sheet checked."""

from __future__ import annotations

import itertools
from pathlib import Path

import openpyxl
from typer.testing import CliRunner
from workbooks import run, type_players

from forsxl.cli import app


def field() -> list[tuple[str, int, int, str]]:
    """(name, rating, group, team): ten legal teams of three, and two individuals per group."""
    rows = []
    for k in range(10):
        rows += [(f"Top {k}", 2350 - 50 * k, 1, f"Team {k}"), (f"Mid {k}", 1700 - 50 * k, 2, f"Team {k}"),
                 (f"Low {k}", 1000 - 60 * k, 3, f"Team {k}")]
    rows += [("Solo A", 2400, 1, ""), ("Solo B", 1810, 1, ""), ("Solo C", 1690, 2, ""), ("Solo D", 1660, 2, ""),
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
    table = book["Standings"].iter_rows(min_row=2, values_only=True)
    for position, row in enumerate(itertools.takewhile(lambda row: row[0] is not None, table), start=1):
        name, total = row[3], row[headers_points(book)]
        if teams_of[name]:
            points[teams_of[name]] = points.get(teams_of[name], 0) + total
            best.setdefault(teams_of[name], position)
    expected = sorted(points, key=lambda team: (-points[team], best[team]))
    rows = list(book["Teams"].iter_rows(min_row=2, values_only=True))
    assert [r[1] for r in rows] == expected
    assert [r[2] for r in rows] == [points[team] for team in expected]
    assert [r[3] for r in rows] == [best[team] for team in expected]
    assert all(isinstance(r[0], int) or "-" in str(r[0]) for r in rows)  # places sort as numbers in Excel
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


SMALL = [("Top 0", 2350, 1, "Team 0"), ("Mid 0", 1700, 2, "Team 0"), ("Low 0", 1000, 3, "Team 0"),
         ("Top 1", 2300, 1, "Team 1"), ("Mid 1", 1650, 2, "Team 1"), ("Low 1", 940, 3, "Team 1"),
         ("Solo A", 2400, 1, ""), ("Solo C", 1690, 2, ""), ("Solo D", 1660, 2, ""), ("Solo E", 990, 3, "")]


def test_r9_a_lift_check_suggests_is_typed_accepted_and_honoured(tmp_path: Path) -> None:
    """[003 §4] «оргкомитет вправе перевести одного-двух из участников чисто личного зачета (выбор – по рейтингу)
    на одну стартовую группу выше»: `check` names the candidates, the organizer types the Group cell one up,
    and `check` and `pair` take it (group 1 of four, 20 start points)."""
    path = tmp_path / "cup.xlsx"
    run("new", str(path), "--preset", "lg-cup-team")
    type_players(path, [{"Name": n, "Rating": r, "Group": g, "Team": t} for n, r, g, t in SMALL])
    assert run("check", str(path)).splitlines()[0] == (
        "group 1 has an odd number of players; the organizer may lift one group up: Solo C (1690) (R9)")
    book = openpyxl.load_workbook(path)
    sheet = book["Players"]
    headers = [c.value for c in sheet[1]]
    row = next(r for r in sheet.iter_rows(min_row=2) if r[headers.index("Name")].value == "Solo C")
    row[headers.index("Group")].value = 1
    book.save(path)
    assert run("check", str(path)).splitlines()[:2] == [
        "Solo C (1690) is lifted from group 2 into group 1 (R9)",
        "group 2 has an odd number of players; the organizer may lift one group up: Solo E (990) (R9)",
    ]
    run("pair", str(path))
    standings = openpyxl.load_workbook(path)["Standings"]
    header = [c.value for c in standings[1]]
    rows = standings.iter_rows(min_row=2, values_only=True)
    start = {r[header.index("Name")]: r[header.index("Start")] for r in rows}
    assert start["Solo C"] == 20


def test_r9_a_lift_takes_the_strongest_individual(tmp_path: Path) -> None:
    """[003 §4] «выбор – по рейтингу»: lifting Solo D (1660) while Solo C (1690) stays in group 2 is refused, and
    `check` names the player the regulation lifts."""
    path = tmp_path / "cup.xlsx"
    run("new", str(path), "--preset", "lg-cup-team")
    type_players(path, [{"Name": n, "Rating": r, "Group": 1 if n == "Solo D" else g, "Team": t}
                        for n, r, g, t in SMALL])
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Players!A10: Solo D (1660) is typed into group 1, one group up, but the regulation lifts by rating: the "
        "strongest individual of group 2, Solo C (1690) (R9)"]
    assert CliRunner().invoke(app, ["pair", str(path)]).exit_code == 1


def test_r9_check_lists_a_missing_group_with_every_declaration_problem(tmp_path: Path) -> None:
    """A Group cell left empty (R1.5 needs it) is one problem among several: `check` lists them all at once."""
    path = tmp_path / "cup.xlsx"
    run("new", str(path), "--preset", "lg-cup-team")
    field = [("Top 0", 2350, 1, "Team 0"), ("Mid 0", 1700, None, "Team 0"), ("Low 0", 1000, 3, "Team 0"),
             ("Top 1", 1400, 1, "Team 1"), ("Mid 1", 1850, 2, "Team 1"), ("Low 1", 940, 2, "Team 1"),
             ("Solo A", 2400, 2, "")]
    type_players(path, [{"Name": n, "Rating": r, "Group": g, "Team": t} for n, r, g, t in field])
    type_players(path, [{"Name": "Solo B", "Rating": 1600, "Start": "x"}])  # two problems in one row
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Players!G3: 'Mid 0' has no group in Players, and start.method group needs one (R1.5)",
        "Players!H9: 'x' is not a number (R1)",
        "Players!G9: 'Solo B' has no group in Players, and start.method group needs one (R1.5)",
        "Players!A8: Solo A is rated 2400: from 1800 only group 1 may be declared (R9)",
        "Players!A6: Mid 1 is rated 1850: from 1800 only group 1 may be declared (R9)",
        "Players!A5: Top 1 (rating 1400) is more than 300 beyond group 1's border (team members: 1500..) (R9)",
        "Players!A7: Low 1 is rated 940: up to 1000 only group 3 may be declared (R9)",
        "Players!A2: team Team 0 must declare one player in each of groups 1..3 (R9)",
        "Players!A6: team Team 1 must declare one player in each of groups 1..3 (R9)",
    ]
