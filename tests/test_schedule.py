"""R7.5, R7.6, R8, R5: `forsxl schedule` writes the whole tournament; results typed; standings as usual."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from typer.testing import CliRunner

from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.standings import standings
from forsxl.messages import message


def _book(tmp_path: Path, preset: str, players: int, extra: dict[str, object] | None = None, step: int = 37) -> Path:
    path = tmp_path / "t.xlsx"
    assert CliRunner().invoke(app, ["new", str(path), "--preset", preset, "--lang", "en"]).exit_code == 0
    workbook = openpyxl.load_workbook(path)
    for key, value in (extra or {}).items():
        workbook["Config"].append([key, value])
    sheet = workbook["Players"]
    for i in range(players):
        sheet.append([None, f"Player {i + 1:02}", 2000 - step * i])
    workbook.save(path)
    return path


def _type_results(path: Path, result: str = "W+") -> None:
    workbook = openpyxl.load_workbook(path)
    for name in workbook.sheetnames:
        if name.startswith("Round-"):
            sheet = workbook[name]
            for row in range(2, sheet.max_row + 1):
                if isinstance(sheet.cell(row, 1).value, int):
                    sheet.cell(row, 8).value = result
    workbook.save(path)


def _type_lower_number_wins(path: Path) -> None:
    workbook = openpyxl.load_workbook(path)
    for name in workbook.sheetnames:
        if name.startswith("Round-"):
            sheet = workbook[name]
            for row in range(2, sheet.max_row + 1):
                black, white = sheet.cell(row, 2).value, sheet.cell(row, 3).value
                sheet.cell(row, 8).value = "B+" if str(black) < str(white) else "W+"
    workbook.save(path)


def test_r7_6_cli_serp_twenty_players_ten_games(tmp_path: Path) -> None:
    # 20 equal ratings: even games, equal start points S; the lower number always wins (serp20: 20, loser 10)
    path = _book(tmp_path, "serp", 20, step=0)
    result = CliRunner().invoke(app, ["schedule", str(path)])
    assert result.exit_code == 0, result.output
    t = load(path).tournament
    assert len(t.rounds) == 10 and all(len(r.games) == 10 and not r.sitouts for r in t.rounds)
    sheet = openpyxl.load_workbook(path)["Schedule"]
    assert sheet.cell(2, 1).value.startswith("Serp: 10 games each; largest distance in the rating order 10, mean ")
    assert sheet.cell(2, 1).value.endswith(" (lower bound 4.30)")
    assert sheet.cell(3, 1).value == "20 players (even): 10 rounds, every round pairs everyone, nobody sits out"
    # all even games: colours over the whole schedule, 5 Black and 5 White each (R2.5, R7.6)
    assert {sum(g.black == pid for r in t.rounds for g in r.games) for pid in (p.id for p in t.players)} == {5}
    weaker = {row - 5: sum(1 for col in range(row - 5 + 3, 23) if sheet.cell(row, col).value) for row in range(6, 26)}
    _type_lower_number_wins(path)
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    table = {int(s.player.id): s for s in standings(load(path).tournament)}
    start = table[1].start
    assert all(len([c for c in s.cells if c.opponent]) == 10 and s.start == start for s in table.values())
    assert table[1].points == start + 200 and table[20].points == start + 100  # 10 wins; 10 losses
    assert sum(s.points for s in table.values()) == 20 * start + 100 * (20 + 10)
    assert all(s.points == start + 100 + 10 * weaker[number] for number, s in table.items())
    assert next(s.place for s in standings(load(path).tournament)) == "1"
    again = CliRunner().invoke(app, ["schedule", str(path)])
    assert again.exit_code == 1
    assert again.output.strip() == "round 1 already has results; the schedule cannot be written again (R7.5)"


def test_r7_6_check_says_when_the_schedule_has_more_rounds_than_config(tmp_path: Path) -> None:
    """25 players of 10 games: an odd number, so the Serp takes 11 rounds (R7.6) while Config says 10."""
    path = _book(tmp_path, "serp", 25)
    result = CliRunner().invoke(app, ["schedule", str(path)])
    said = "Config rounds is 10, but the schedule of 25 players has 11 rounds: type 11 as rounds (R7.6)"
    assert result.exit_code == 0 and result.stdout.strip() == f"{path}: schedule: 11 rounds, 125 games; {said}"
    assert said in CliRunner().invoke(app, ["check", str(path)]).stdout.splitlines()
    workbook = openpyxl.load_workbook(path)
    next(row for row in workbook["Config"].iter_rows() if row[0].value == "rounds")[1].value = 11
    workbook.save(path)
    assert said not in CliRunner().invoke(app, ["check", str(path)]).stdout


def test_r8_cli_renju_five_players_double_round_robin(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 5)
    result = CliRunner().invoke(app, ["schedule", str(path)])
    assert result.exit_code == 0, result.output
    t = load(path).tournament
    assert len(t.rounds) == 10 and all(len(r.games) == 2 and len(r.sitouts) == 1 for r in t.rounds)
    _type_results(path, "B+")
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    table = standings(load(path).tournament)
    # each plays 8 games (4 as Black, won) and has 2 byes worth 2 each: 12 points for everyone
    assert {s.points for s in table} == {12} and {s.start for s in table} == {0}
    assert CliRunner().invoke(app, ["publish", str(path), "-o", str(tmp_path / "r.html")]).exit_code == 0


def test_r8_cli_renju_five_players_lower_number_wins(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 5)
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    _type_lower_number_wins(path)
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    # player k beats the 5-k below twice (2 points a win) and has 2 byes worth a win each: 4(5-k) + 4
    rows = [(s.place, int(s.player.id), s.points) for s in standings(load(path).tournament)]
    assert rows == [("1", 1, 20), ("2", 2, 16), ("3", 3, 12), ("4", 4, 8), ("5", 5, 4)]
    sheet = openpyxl.load_workbook(path)["Standings"]
    assert [sheet.cell(row, 4).value for row in range(2, 7)] == [f"Player 0{k}" for k in range(1, 6)]


def _log(path: Path) -> list[str]:
    """The Changes column of every Log row."""
    return [str(row[3]) for row in openpyxl.load_workbook(path)["Log"].iter_rows(min_row=2, values_only=True)]


def _type_round_but_p1(path: Path, number: int, result: str = "W+") -> None:
    """Type `result` on every board of one round but those of Player 01."""
    workbook = openpyxl.load_workbook(path)
    sheet = workbook[f"Round-{number}"]
    for row in range(2, sheet.max_row + 1):
        if isinstance(sheet.cell(row, 1).value, int) and "Player 01" not in (sheet.cell(row, 2).value,
                                                                             sheet.cell(row, 3).value):
            sheet.cell(row, 8).value = result
    workbook.save(path)


def test_r5_withdrawal_forfeits_remaining_round_robin_games_as_they_are_played(tmp_path: Path) -> None:
    """[000 §5.3.1] a loss in every remaining game, each counted once its round is played: standings after round 2
    give nobody the points of Player 01's games in rounds 3-7 yet."""
    path = _book(tmp_path, "renju-weekly", 7)
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    workbook = openpyxl.load_workbook(path)
    sheet = workbook["Players"]
    column = next(c.column for c in sheet[1] if c.value == "Left after")
    sheet.cell(2, column).value = 1  # Player 01 leaves after round 1
    workbook.save(path)
    _type_round_but_p1(path, 1)
    _type_round_but_p1(path, 2)
    book = load(path)

    def games_of_p1(rounds: range) -> list[object]:
        return [g.result for r in book.tournament.rounds if r.number in rounds
                for g in r.games if 1 in (g.black, g.white)]

    assert games_of_p1(range(2, 3)) and all(r is not None and r.is_forfeit for r in games_of_p1(range(2, 3)))
    assert games_of_p1(range(3, 8)) and all(r is None for r in games_of_p1(range(3, 8)))  # not played yet
    assert openpyxl.load_workbook(path)["Round-2"].cell(2, 8).value is None  # the typed cells stay untouched
    note = ("Players!A2: note: Player 01 left after round 1: in rounds {} their games without a result count as "
            "forfeit losses and a bye as nothing (R5)")
    assert [message(w, book.lang) for w in book.warnings] == [note.format(2)]
    result = CliRunner().invoke(app, ["standings", str(path)])
    assert result.exit_code == 0 and note.format(2) in result.stderr.splitlines()
    assert note.format(2) in _log(path)[-1]  # the Log says the reading rewrote the games
    points = {number: [row[8:10] for row in openpyxl.load_workbook(path)[f"Round-{number}"].iter_rows(
        min_row=2, values_only=True) if "Player 01" in row[1:3]] for number in (2, 3)}
    assert points[2] in ([(0, 2)], [(2, 0)])  # the forfeit as scored, not the '2 / 0' of a game to be played
    assert points[3] in ([("2 / 0", "2 / 0")],)
    # Standings now records the forfeits: read again, they are not "a result changed after pairing"
    assert [message(w, book.lang) for w in load(path).warnings] == [note.format(2)]
    _type_round_but_p1(path, 3)  # round 3 under way: Player 01's game there is a forfeit too
    assert [message(w, book.lang) for w in load(path).warnings] == [note.format("2, 3")]


def test_r5_no_slip_is_printed_for_a_game_of_a_player_who_left(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 7)
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    workbook = openpyxl.load_workbook(path)
    sheet = workbook["Players"]
    sheet.cell(2, next(c.column for c in sheet[1] if c.value == "Left after")).value = 1
    workbook.save(path)
    rnd = next(r for r in load(path).tournament.rounds[1:] if any(1 in (g.black, g.white) for g in r.games))
    board = next(g.board for g in rnd.games if 1 in (g.black, g.white))
    out = tmp_path / "slips.html"
    result = CliRunner().invoke(app, ["print", str(path), "--round", str(rnd.number), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"{out}: round {rnd.number}, {len(rnd.games) - 1} slips on 1 page, then the wall list",
        f"no slip for board {board}: Player 01 left after round 1, a forfeit loss (R5)"]
    assert out.read_text("utf-8").count('<article class="slip">') == len(rnd.games) - 1


def test_r5_a_result_changed_in_a_renju_swiss_still_warns(tmp_path: Path) -> None:
    """The warning reads the tournament as scored: 12 renju players are a Swiss paired round by round (R8), so a
    round 1 result changed after round 2 was paired is said, while a round robin's rounds never are (R7.5)."""
    path = _book(tmp_path, "renju-weekly", 12)
    assert CliRunner().invoke(app, ["pair", str(path)]).exit_code == 0
    _type_results(path, "B+")
    assert CliRunner().invoke(app, ["pair", str(path)]).exit_code == 0
    workbook = openpyxl.load_workbook(path)
    workbook["Round-1"].cell(2, 8).value = "W+"
    workbook.save(path)
    assert [w.code for w in load(path).warnings] == ["result_changed", "renju_swiss"]


def test_r8_renju_weekly_of_twelve_says_it_is_a_swiss(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 12)
    note = ("note: with 12 players the renju weekly is a Swiss of 7 rounds, paired round by round with forsxl pair; "
            "tie-breaks points, berger, progress, buchholz, rating (R8)")
    result = CliRunner().invoke(app, ["pair", str(path)])
    assert result.exit_code == 0 and note in result.stderr.splitlines()
    assert note in _log(path)[-1]
    (tmp_path / "ten").mkdir()
    assert load(_book(tmp_path / "ten", "renju-weekly", 10)).warnings == []  # a round robin: nothing rewritten


def test_r7_8_superfinal_note_in_standings_sheet_and_page(tmp_path: Path) -> None:
    # a double round robin of 4 where Black always wins: everyone 3 wins, 3 losses, tied on every criterion
    path = _book(tmp_path, "renju-weekly", 4, {"tiebreaks": "points, direct, berger"})
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    assert openpyxl.load_workbook(path)["Standings"].cell(7, 1).value.startswith("Round cells:")  # no note yet
    _type_results(path, "B+")
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    sheet = openpyxl.load_workbook(path)["Standings"]
    assert [(sheet.cell(row, 1).value, sheet.cell(row, 2).value) for row in range(2, 6)] == [(1, "1-4")] * 4
    note = "Superfinal: Player 01 and Player 02 play a match to two wins for places 1–2 (R7.8)"
    assert sheet.cell(6, 1).value is None and sheet.cell(7, 1).value == note and sheet.cell(7, 1).font.bold
    assert sheet.cell(8, 1).value.startswith("Round cells:")  # the legend under the note
    page = tmp_path / "r.html"
    assert CliRunner().invoke(app, ["publish", str(path), "-o", str(page)]).exit_code == 0
    text = page.read_text(encoding="utf-8")
    assert f'<p class="note">{note}</p>' in text and '<table class="crosstable">' in text


def test_r7_8_no_superfinal_without_the_key(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 4, {"tiebreaks": "points, direct, berger", "superfinal": "no"})
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    _type_results(path, "B+")
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    sheet = openpyxl.load_workbook(path)["Standings"]
    assert sheet.max_row == 7 and sheet.cell(7, 1).value.startswith("Round cells:")  # the legend, no note


def test_r7_8_rating_never_splits_a_tie_for_first(tmp_path: Path) -> None:
    # The preset's own tie-breaks end with rating, which orders the places but not the superfinal [000 §4.5-4.6].
    path = _book(tmp_path, "renju-weekly", 4, {})
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    _type_results(path, "B+")
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    sheet = openpyxl.load_workbook(path)["Standings"]
    notes = [sheet.cell(row, 1).value for row in range(6, 9)]
    assert any(str(note).startswith("Superfinal: ") for note in notes)


def _type_round(path: Path, number: int, result: str) -> None:
    workbook = openpyxl.load_workbook(path)
    workbook[f"Round-{number}"].cell(2, 8).value = result
    workbook.save(path)


def test_r7_8_cli_superfinal_match_decides_places_one_and_two(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 4, {"tiebreaks": "points, direct, berger"})
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    _type_results(path, "B+")  # everyone 3 wins, 3 losses: tied for first on every criterion
    # Player 01 (2000) and Player 02 (1963): White alternates from the higher-rated; a draw counts for nobody
    for number, label, white, result in ((7, "SUP1", "Player 01", "W+"), (8, "SUP2", "Player 02", "="),
                                         (9, "SUP3", "Player 01", "B+"), (10, "SUP4", "Player 02", "W+")):
        paired = CliRunner().invoke(app, ["pair", str(path)])
        assert paired.exit_code == 0, paired.output
        sheet = openpyxl.load_workbook(path)[f"Round-{number}"]
        assert [sheet.cell(2, c).value for c in (1, 3)] == [label, white] and sheet.max_row == 2  # nobody else
        _type_round(path, number, result)
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    sheet = openpyxl.load_workbook(path)["Standings"]
    rows = [(sheet.cell(row, 1).value, sheet.cell(row, 2).value, sheet.cell(row, 4).value) for row in range(2, 6)]
    assert rows[:2] == [(1, None, "Player 02"), (2, None, "Player 01")] and {r[:2] for r in rows[2:]} == {(3, "3-4")}
    assert sheet.max_row == 7 and sheet.max_column == 7 + 1 + 6 + 1 + 2  # the legend, no note, no superfinal columns
    assert sheet.cell(7, 1).value.startswith("Round cells:")
    assert {sheet.cell(row, 15).value for row in range(2, 6)} == {6}  # the match changes no points (renju 2/1/0)
    page = tmp_path / "r.html"
    assert CliRunner().invoke(app, ["publish", str(path), "-o", str(page)]).exit_code == 0
    assert "SUP4" in page.read_text(encoding="utf-8") and "Superfinal:" not in page.read_text(encoding="utf-8")
    again = CliRunner().invoke(app, ["pair", str(path)])
    decided = "the superfinal is decided: every round and every match game is paired (R7.8)"
    assert again.exit_code == 1 and decided in again.output


def _add_player(path: Path, name: str, rating: int) -> None:
    workbook = openpyxl.load_workbook(path)
    workbook["Players"].append([None, name, rating])
    workbook.save(path)


def test_r5_renju_swiss_admits_a_late_entrant_only_in_the_first_third_of_the_rounds(tmp_path: Path) -> None:
    """[000 §3.3] «допустима дополнительная регистрация опоздавших участников, но только в том случае, если прошло не
    более 1/3 всех запланированных туров» (issue 40): 12 players are a Swiss of 7 rounds (R8), 7/3 of them may pass,
    so a newcomer to round 3 plays (with 0 for the rounds missed) and one to round 4 is refused by pair and by check,
    each naming the row; the field of round 1 keeps the format, however many come late."""
    path = _book(tmp_path, "renju-weekly", 12)
    for _ in (1, 2):
        assert CliRunner().invoke(app, ["pair", str(path)]).exit_code == 0
        _type_results(path, "B+")
    _add_player(path, "Late Comer", 1900)
    paired = CliRunner().invoke(app, ["pair", str(path)])
    assert paired.exit_code == 0, paired.output
    t = load(path).tournament
    assert "Late Comer" in {t.player(pid).name for pid in t.rounds[2].players()}
    _type_results(path, "B+")
    _add_player(path, "Later Still", 1800)
    line = ("Players!A15: Later Still comes late, to round 4: 3 of the 7 rounds have passed, and a late entrant is "
            "admitted only until 2 have (attendance.late_until); delete the row in Players, or clear "
            "attendance.late_until to admit them all the same (R5)")
    before = path.read_bytes()
    for command in ("pair", "check"):
        refused = CliRunner().invoke(app, [command, str(path)])
        assert (refused.exit_code, refused.stderr.splitlines()[-1]) == (1, line)
    assert path.read_bytes() == before
    t = load(path).tournament
    assert (t.config.rounds, len(t.players)) == (7, 14)  # 14 players would play 7 rounds too; 16 would play 9


def test_r5_a_renju_round_robin_admits_no_late_entrant(tmp_path: Path) -> None:
    """[000 §3.3] «При круговой схеме опоздавшие не допускаются» (issue 40): a ninth player typed in after the round
    robin of eight was written is refused by check, where it said «no problems» and listed the player with no game;
    the field stays eight, a round robin, not the Swiss eleven players would be. Without attendance.late_until a
    round robin's newcomer is a warning: they play no game."""
    path = _book(tmp_path, "renju-weekly", 8)
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    _add_player(path, "Late Comer", 1900)
    for extra in ("Player 90", "Player 91"):
        _add_player(path, extra, 1000)
    refused = CliRunner().invoke(app, ["check", str(path)])
    assert refused.exit_code == 1
    assert refused.stderr.splitlines()[0] == (
        "Players!A10: Late Comer is in no round of the schedule: a round robin admits no late entrant "
        "(attendance.late_until); delete the row in Players, or, while no result is typed, write the schedule again "
        "with forsxl schedule (R5)")
    assert load(path).tournament.config.pairing.method[0] == "round_robin"
    workbook = openpyxl.load_workbook(path)
    workbook["Config"].append(["attendance.late_until", None])
    workbook["Config"].append(["round_robin.by_size", "no"])
    workbook.save(path)
    warned = CliRunner().invoke(app, ["check", str(path)])
    assert warned.exit_code == 0, warned.output
    assert warned.stdout.splitlines()[0] == ("Players!A10: warning: Late Comer is in no round of the schedule and "
                                             "plays no game: while no result is typed, write the schedule again with "
                                             "forsxl schedule (R5)")
