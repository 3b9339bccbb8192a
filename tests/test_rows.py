"""A command pointed at a cell, as Calc's forsxl menu points at the selected one (issue 28): `explain --player` and
`pair --recompute --board` take `Sheet!C5` for the player or the board of that row."""

from __future__ import annotations

from pathlib import Path

from test_cli import edit, ok, refused, rows


def test_explain_a_player_by_a_cell_of_their_row(played_book: Path) -> None:
    """Standings row 3 is the second place; on Round-1 the Black and White columns name the two players; Players
    row 2 is Adams."""
    second = rows(played_book, "Standings")[1]["Name"]
    by_name = ok("explain", played_book, "--player", second).stdout
    assert ok("explain", played_book, "--player", "Standings!D3").stdout == by_name
    assert ok("explain", played_book, "--player", "'Standings'!$A$3").stdout == by_name
    board = rows(played_book, "Round-1")[0]
    assert ok("explain", played_book, "--player", "Round-1!B2").stdout == ok(
        "explain", played_book, "--player", board["Black"]).stdout
    assert ok("explain", played_book, "--player", "Round-1!J2").stdout == ok(
        "explain", played_book, "--player", board["White"]).stdout
    assert ok("explain", played_book, "--player", "Players!E2").stdout == ok(
        "explain", played_book, "--player", "Adams").stdout


def test_a_cell_on_no_players_row_is_refused(played_book: Path) -> None:
    refused(played_book, ["explain", played_book, "--player", "Log!A2"],
            "Log!A2 is not in a player's row (Players, Standings or a round sheet) (R6)")
    refused(played_book, ["explain", played_book, "--player", "Standings!A1"],
            "Standings!A1 is not in a player's row (Players, Standings or a round sheet) (R6)")
    refused(played_book, ["explain", played_book, "--player", "Nowhere!A2"],
            "Nowhere!A2: there is no sheet 'Nowhere' in the workbook")


def test_recompute_the_board_of_a_selected_row(book: Path) -> None:
    """As test_cli's recompute, pointed at a cell of board 2's row (round 1's sheet, row 3)."""
    edit(book, "Round-1", 2, Black="Davis")
    edit(book, "Round-1", 3, Black="Baker")
    out = ok("pair", book, "--board", "Round-1!F3", "--recompute").stdout
    assert out == f"{book}: round 1, board 2: Clark (Black) - Baker, 1 stone, komi 0, 1 step\n"
    refused(book, ["pair", book, "--board", "Round-1!A1", "--recompute"],
            "Round-1!A1 is not in the row of a board on a round sheet (R2)")
    refused(book, ["pair", book, "--board", "Players!A3", "--recompute"],
            "Players!A3 is not in the row of a board on a round sheet (R2)")
    refused(book, ["pair", book, "--board", "two", "--recompute"],
            "--board 'two' is neither a board number nor a cell of a board's row, like Round-2!C5 (R2)")
