"""R7.7 through the workbook: a 16-player fors-m tournament, 3 shift rounds, then a playoff of 8 beside the rest."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import openpyxl
from workbooks import run, type_players

from forsxl.book.read import load

RATINGS = {f"Player {chr(65 + i)}": 2300 - 90 * i for i in range(16)}


def test_r7_7_fors_m_playoff_of_eight_through_the_workbook(tmp_path: Path) -> None:
    path = tmp_path / "cup.xlsx"
    run("new", str(path), "--preset", "fors-m")
    type_players(path, [{"Name": name, "Rating": rating} for name, rating in RATINGS.items()])
    run("check", str(path))
    for number in range(1, 7):
        run("pair", str(path))
        book = openpyxl.load_workbook(path)
        rnd = book[f"Round-{number}"]
        labels = [row[0].value for row in rnd.iter_rows(min_row=2)]
        if number == 4:
            assert labels[:4] == ["QF1", "QF2", "QF3", "QF4"] and len(labels) == 8
        if number == 6:
            assert labels[:2] == ["F", "3rd"]
        for row in rnd.iter_rows(min_row=2):
            black, white = row[1].value, row[2].value
            row[7].value = "B+" if RATINGS[black] > RATINGS[white] else "W+"
        book.save(path)
        run("standings", str(path))
    t = load(path).tournament
    games = Counter(p for r in t.rounds for g in r.games for p in (g.black, g.white))
    assert set(games.values()) == {6} and len(games) == 16
    stages = [[g.stage for g in r.games if g.stage] for r in t.rounds]
    assert stages == [[], [], [], ["QF1", "QF2", "QF3", "QF4"], ["SF1", "SF2"], ["F", "3rd"]]
    book = openpyxl.load_workbook(path)
    assert "Playoff" in book.sheetnames
    drawn = [c.value for row in book["Playoff"].iter_rows() for c in row if isinstance(c.value, str)]
    assert "Final" in drawn and sum(text.startswith("(") for text in drawn) == 8 + 4 + 4
    places = [row[0] for row in book["Standings"].iter_rows(min_row=2, values_only=True) if row[0]]
    assert places[:10] == list(range(1, 11)) or places[:8] == list(range(1, 9))
    final = next(g for g in t.rounds[5].games if g.stage == "F")
    champion = final.black if final.result is not None and final.result.value.startswith("B") else final.white
    assert book["Standings"]["D2"].value == t.player(champion).name
    page = tmp_path / "cup.html"
    run("publish", str(path), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert 'id="playoff"' in html and "Quarter-finals" in html and "Final" in html
    assert html.count('class="match"') == 8
