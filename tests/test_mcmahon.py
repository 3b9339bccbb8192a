"""McMahon and Swiss from the command line (R7.4, R1.4, R2, R8): whole tournaments typed as an organizer would."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import openpyxl
from typer.testing import CliRunner
from workbooks import run, type_players

from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.explain import explain_round
from forsxl.engine.model import Result
from forsxl.engine.ratings import rank_of_rating
from forsxl.engine.standings import standings
from forsxl.engine.values import Rank

RANKS = [f"{k}k" for k in range(20, 0, -1)] + [f"{d}d" for d in range(1, 6)]


def type_results(path: Path, number: int, rng: random.Random) -> None:
    """Results in Round-`number`: the stronger player (by rating, handicap aside) wins two games in three."""
    rating = {p.name: p.rating for p in load(path).tournament.players}
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round-{number}"]
    headers = [c.value for c in sheet[1]]
    black, white, result = (headers.index(h) + 1 for h in ("Black", "White", "Result"))
    for row in range(2, sheet.max_row + 1):
        b, w = sheet.cell(row, black).value, sheet.cell(row, white).value
        if b and w and b in rating:
            stronger_white = rating[w] >= rating[b]
            sheet.cell(row, result).value = "W+" if (rng.random() < 2 / 3) == stronger_white else "B+"
    book.save(path)


def test_r7_4_cli_a_120_player_mcmahon_of_six_rounds(tmp_path: Path) -> None:
    rng = random.Random(7)
    path = tmp_path / "open.xlsx"
    run("new", str(path), "--preset", "mcmahon", "--lang", "en")
    book = openpyxl.load_workbook(path)
    next(row for row in book["Config"].iter_rows() if row[0].value == "rounds")[1].value = 6
    book.save(path)
    rows: list[dict[str, object]] = [
        {"Name": f"Player {i:03}", "Rank": rng.choice(RANKS), "Club": f"Club {rng.randrange(15)}"} for i in range(120)
    ]
    rows[0]["Rank"], rows[1]["Rank"] = "6d", "6d"  # two above the bar
    type_players(path, rows)
    for number in range(1, 7):
        run("pair", str(path))
        type_results(path, number, rng)
    run("standings", str(path))

    t = load(path).tournament
    met: set[frozenset[int]] = set()
    table = {s.player.id: s for s in standings(t)}
    for rnd in t.rounds:
        seen = Counter(p for g in rnd.games for p in (g.black, g.white))
        assert set(seen) == {p.id for p in t.players} and set(seen.values()) == {1}  # 120: no bye
        for g in rnd.games:
            pair = frozenset((g.black, g.white))
            assert pair not in met
            met.add(pair)
            ranks = [min(rank_of_rating(t.player(p).rating, t.config.ratings.scale).index, Rank.parse("1d").index)
                     for p in (g.black, g.white)]
            assert g.stones == min(9, max(0, abs(ranks[0] - ranks[1]) - 1))  # R2: rank difference - 1, even above 1d
            assert g.komi == (Fraction(1, 2) if g.stones else Fraction(13, 2))
            if g.stones:
                assert t.player(g.white).rating > t.player(g.black).rating
    for s in table.values():
        index = rank_of_rating(s.player.rating, t.config.ratings.scale).index
        assert s.start == min(max(index, 10), 30)  # R1.4: floor 20k = 10, bar 1d = 30
        wins = sum(c.outcome == "+" for c in s.cells)
        assert s.points == s.start + wins
    # the top of the standings met the top: round 6 pairs the two leaders' score groups
    leaders = [s.player.id for s in standings(t)][:2]
    assert any({g.black, g.white} & set(leaders) for g in t.rounds[-1].games[:2])


def test_r8_cli_renju_weekly_of_twelve_is_a_swiss_of_seven_rounds(tmp_path: Path) -> None:
    rng = random.Random(3)
    path = tmp_path / "renju.xlsx"
    run("new", str(path), "--preset", "renju-weekly", "--lang", "en")
    type_players(path, [{"Name": f"Player {i:02}", "Rating": 2000 - 40 * i} for i in range(12)])
    refused = CliRunner().invoke(app, ["schedule", str(path)])
    assert refused.exit_code == 1 and "forsxl pair" in refused.output
    for number in range(1, 8):
        run("pair", str(path))
        type_results(path, number, rng)
    assert CliRunner().invoke(app, ["pair", str(path)]).exit_code == 1  # 7 rounds, all paired
    run("standings", str(path))
    t = load(path).tournament
    assert len(t.rounds) == 7 and t.config.rounds == 7
    assert [c.value for c in t.config.tiebreaks] == ["points", "berger", "progress", "buchholz", "rating"]
    first = t.rounds[0]
    assert {(g.black, g.white) if g.black < g.white else (g.white, g.black) for g in first.games} == {
        (i, 13 - i) for i in range(1, 7)}  # [000 §4.2] the snake: 1-12, 2-11, ...
    points = {s.player.id: s.points for s in standings(t)}
    assert sum(points.values()) == 2 * 6 * 7  # renju 2/1/0: two points per game, six games a round
    assert all(g.result in (Result.BLACK_WINS, Result.WHITE_WINS) for r in t.rounds for g in r.games)


def test_r7_cli_avoid_column_and_mms_correction(tmp_path: Path) -> None:
    path = tmp_path / "family.xlsx"
    run("new", str(path), "--preset", "swiss", "--lang", "en")
    book = openpyxl.load_workbook(path)
    players = book["Players"]
    players.cell(1, players.max_column + 1).value = "Avoid"
    players.cell(1, players.max_column + 1).value = "MMS"
    book.save(path)
    type_players(path, [{"Name": "Anna Ivanova", "Rating": 2000, "Avoid": "dmitry  ivanov"},
                        {"Name": "Boris", "Rating": 1990},
                        {"Name": "Clara", "Rating": 1500, "MMS": 2},
                        {"Name": "Dmitry Ivanov", "Rating": 1490}])  # the fold would pair Anna with her brother
    run("pair", str(path))
    t = load(path).tournament
    assert {frozenset((g.black, g.white)) for g in t.rounds[0].games} == {frozenset((1, 3)), frozenset((2, 4))}
    assert {s.player.name: s.start for s in standings(t)}["Clara"] == 2

    book = openpyxl.load_workbook(path)
    book["Players"].cell(2, [c.value for c in book["Players"][1]].index("Avoid") + 1).value = "Nobody"
    book.save(path)
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "Players!" in result.output and "Nobody" in result.output


def test_r7_4_explain_names_the_cost_and_the_runners_up(tmp_path: Path) -> None:
    path = tmp_path / "demo"
    run("demo", str(path), "--preset", "mcmahon", "--played", "3")
    t = load(path / "club.xlsx").tournament
    why = explain_round(t, 3)
    assert len(why.pairs) == 10
    for pair in why.pairs:
        first, *others = pair.reasons
        assert first.code == "why_weighted"
        assert {first.params["upper"], first.params["lower"]} == {t.player(pair.upper).name, t.player(pair.lower).name}
        assert len(others) == 3 and all(r.code.startswith("why_") for r in others)
    output = run("explain", str(path / "club.xlsx"), "--round", "3")
    assert "R7.4" in output
