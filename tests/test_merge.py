"""`forsxl merge` (issue 13): two referees' copies of one workbook made one, conflicts stopped and settled.

Copies are made from test_cli's 20-player club workbook (`forsxl new`, players typed, `forsxl pair`) and typed into
with openpyxl as a referee types in Excel; every command runs through typer's CliRunner.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_runs import SHARED_FIXTURE, examples
from test_cli import (
    RATING,
    club_players,
    edit,
    higher_rating_wins,
    invoke,
    new_book,
    ok,
    refused,
    rows,
    type_results,
    type_rows,
)

from forsxl.book.merge import norm
from forsxl.engine.merge import Cell, MergedRow, Merger, Row, Side, Taken

STOPPED = ("{n} conflict(s), nothing written: settle them all with --prefer a or --prefer b, or one by one with "
           "--resolve CONFLICTS.xlsx")


def copies(source: Path, directory: Path) -> tuple[Path, Path, Path]:
    """BASE, A and B: three identical copies of `source` in `directory`."""
    made = tuple(directory / name for name in ("base.xlsx", "a.xlsx", "b.xlsx"))
    for path in made:
        shutil.copyfile(source, path)
    return made  # type: ignore[return-value]


def boards(path: Path, chosen: Callable[[int], bool], decide: Callable[[dict[str, Any]], str | None]
           = higher_rating_wins) -> None:
    """Type results into the boards of round 1 that `chosen` picks, as a referee does."""
    type_results(path, "Round-1", lambda row: decide(row) if chosen(row["Board"]) else None)


def contents(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every sheet's cell values; the Log without its Time column (each run has its own)."""
    workbook = openpyxl.load_workbook(path)
    found = {}
    for sheet in workbook.worksheets:
        values = [row for row in sheet.iter_rows(values_only=True) if any(v is not None for v in row)]
        found[sheet.title] = [row[1:] for row in values] if sheet.title == "Log" else values
    return found


def without_log(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    return {title: values for title, values in contents(path).items() if title != "Log"}


# ------------------------------------------------------------------------------------------- clean merges


@pytest.mark.parametrize("with_base", [True, False], ids=["three-way", "two-way"])
def test_disjoint_result_entry_merges_like_one_copy(paired: Path, tmp_path: Path, with_base: bool) -> None:
    base, a, b = copies(paired, tmp_path)
    boards(a, lambda board: board <= 4)
    boards(b, lambda board: board > 4)
    merged = tmp_path / "merged.xlsx"
    output = ok("merge", *([base] if with_base else []), a, b, "-o", merged).stdout
    one = tmp_path / "one.xlsx"
    shutil.copyfile(paired, one)
    boards(one, lambda board: True)
    ok("standings", one)
    assert without_log(merged) == without_log(one)
    assert [r["Result"] for r in rows(merged, "Round-1") if r["Board"] != "bye"] == ["W+"] * 10
    assert "from a.xlsx: Round-1!H2, Round-1!H3, Round-1!H4, Round-1!H5; from b.xlsx: Round-1!H6," in output
    log = rows(merged, "Log")[-1]
    assert log["Command"] == "merge"
    assert log["Changes"].startswith("a.xlsx + b.xlsx" + (" (base base.xlsx)" if with_base else "") +
                                     "; from a.xlsx: Round-1!H2, Round-1!H3, Round-1!H4, Round-1!H5; from b.xlsx: "
                                     "Round-1!H6, Round-1!H7, Round-1!H8, Round-1!H9, Round-1!H10, Round-1!H11")
    assert [r["Command"] for r in rows(merged, "Log")] == ["new", "pair", "merge"]  # the common history once
    assert not a.with_name("a.bak.xlsx").exists()  # the copies are read, never written


def test_the_merged_log_prints_as_every_log_does(paired: Path, tmp_path: Path) -> None:
    """Issue 39: the merge wrote the Log whole and dropped its print titles (its header row on every page) and its
    layout from the workbook; it keeps those of a Log forsxl writes."""
    _, a, b = copies(paired, tmp_path)
    merged = tmp_path / "merged.xlsx"
    ok("merge", a, b, "-o", merged)
    before, after = (openpyxl.load_workbook(path)["Log"] for path in (paired, merged))
    assert after.print_title_rows == before.print_title_rows == "$1:$1"
    assert after.page_setup.orientation == before.page_setup.orientation == "landscape"
    assert after.column_dimensions["D"].width == before.column_dimensions["D"].width


def test_values_saved_by_excel_or_libreoffice_mean_the_same(paired: Path, tmp_path: Path) -> None:
    """A rating saved as 2600.0 or as text, a result typed `b+` or `1-0`, a Config number as text: no conflict."""
    _, a, b = copies(paired, tmp_path)
    boards(a, lambda board: board == 1, lambda row: "B+")
    boards(b, lambda board: board == 1, lambda row: "1-0")
    edit(a, "Players", 2, Rating=2600.0)
    edit(b, "Players", 2, Rating="2 600")
    edit(b, "Config", 6, Value="5")
    merged = tmp_path / "merged.xlsx"
    ok("merge", a, b, "-o", merged)
    assert rows(merged, "Round-1")[0]["Black pts"] == 20  # black won
    assert [r["Rating"] for r in rows(merged, "Standings") if r["Name"] == "Adams"] == [2600]
    assert rows(merged, "Log")[-1]["Changes"] == "a.xlsx + b.xlsx; nothing only in a.xlsx; nothing only in b.xlsx"


def test_r5_one_copy_adds_a_player_and_an_absence_the_other_types_results(paired: Path, tmp_path: Path) -> None:
    base, a, b = copies(paired, tmp_path)
    type_rows(a, "Players", [{"Name": "Young", "Rating": 1500, "Absent": "1"}])
    edit(a, "Players", 3, Absent="2")
    boards(b, lambda board: True)
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, b, "-o", merged)
    players = rows(merged, "Players")
    assert [p["Name"] for p in players][-1] == "Young"
    assert players[1]["Absent"] == "2"
    ok("pair", merged)  # the merged workbook goes on: round 2 pairs Young, and Baker sits out
    assert ("absent", "Baker") in [(r["Board"], r["Black"]) for r in rows(merged, "Round-2")]


def test_three_way_takes_a_name_fixed_in_a_and_results_typed_in_b(paired: Path, tmp_path: Path) -> None:
    base, a, b = copies(paired, tmp_path)
    edit(a, "Players", 15, Name="Nash Jr")
    edit(a, "Config", 2, Value="Club cup")
    boards(b, lambda board: True)
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, b, "-o", merged)
    assert rows(merged, "Players")[13]["Name"] == "Nash Jr"
    assert rows(merged, "Config")[0]["Value"] == "Club cup"
    round_1 = rows(merged, "Round-1")
    assert ("Nash Jr", "Moore", "W+") in [(r["Black"], r["White"], r["Result"]) for r in round_1]
    assert "Nash" not in {r["Name"] for r in rows(merged, "Standings")}
    assert len([r for r in round_1 if r["Result"]]) == 10


def test_two_way_cannot_tell_which_name_is_new(paired: Path, tmp_path: Path) -> None:
    """Without BASE a name fixed in one copy is the same cell typed differently; --prefer settles it."""
    _, a, b = copies(paired, tmp_path)
    edit(a, "Players", 15, Name="Nash Jr")
    merged = tmp_path / "merged.xlsx"
    refused(merged, ["merge", a, b, "-o", merged],
            "Players!B15: typed differently: a.xlsx has 'Nash Jr', b.xlsx has 'Nash'", STOPPED.format(n=1))
    ok("merge", a, b, "-o", merged, "--prefer", "a")
    assert rows(merged, "Players")[13]["Name"] == "Nash Jr"
    assert rows(merged, "Log")[-1]["Changes"].endswith("conflicts settled: Players!B15 a.xlsx")


def test_a_round_paired_in_one_copy_only_is_taken(entered: Path, tmp_path: Path) -> None:
    base, a, b = copies(entered, tmp_path)
    ok("pair", a)
    edit(b, "Players", 2, Club="Tengen")  # typed in B while A paired
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, b, "-o", merged)
    assert rows(merged, "Round-1") == rows(a, "Round-1")
    assert rows(merged, "Players")[0]["Club"] == "Tengen"


def test_a_round_paired_in_b_only_is_copied_into_a(entered: Path, tmp_path: Path) -> None:
    base, a, b = copies(entered, tmp_path)
    ok("pair", b)
    edit(a, "Players", 2, Club="Tengen")
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, b, "-o", merged)
    assert rows(merged, "Round-1") == rows(b, "Round-1")
    sheet = openpyxl.load_workbook(merged)["Round-1"]
    assert sheet["H2"].number_format == "@"  # results stay text, with their dropdown
    assert [str(v.sqref) for v in sheet.data_validations.dataValidation] == ["H2:H11"]
    assert openpyxl.load_workbook(merged).sheetnames.index("Round-1") == 2
    boards(merged, lambda board: True)
    ok("pair", merged)
    assert len(rows(merged, "Round-2")) == 10


def test_r2_6_a_handicap_edited_in_a_and_the_result_typed_in_b(paired: Path, tmp_path: Path) -> None:
    """The referee of copy A gave board 3 one stone less before the game; copy B has its result."""
    base, a, b = copies(paired, tmp_path)
    edit(a, "Round-1", 4, Handicap=0, Komi=0.5)
    boards(b, lambda board: board == 3, lambda row: "B+")
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, b, "-o", merged)
    one = tmp_path / "one.xlsx"
    shutil.copyfile(a, one)
    boards(one, lambda board: board == 3, lambda row: "B+")
    ok("standings", one)
    assert without_log(merged) == without_log(one)
    board = rows(merged, "Round-1")[2]
    assert (board["Handicap"], board["Komi"], board["Result"]) == (0, 0.5, "B+")
    assert board["Steps"] != rows(base, "Round-1")[2]["Steps"]


def test_sheets_a_person_added_are_merged_cell_by_cell(paired: Path, tmp_path: Path) -> None:
    base, a, b = copies(paired, tmp_path)
    for path, cell, note in ((a, "A1", "tables booked"), (b, "B2", "tea at 3")):
        workbook = openpyxl.load_workbook(path)
        notes = workbook["Notes"] if "Notes" in workbook.sheetnames else workbook.create_sheet("Notes")
        notes[cell] = note
        workbook.save(path)
        if path == a:
            shutil.copyfile(a, b)
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, b, "-o", merged)
    assert contents(merged)["Notes"] == [("tables booked", None), (None, "tea at 3")]


@pytest.mark.libreoffice
@pytest.mark.parametrize("route", ["xlsx", "ods"])
def test_a_copy_saved_by_libreoffice_merges_cleanly(paired: Path, tmp_path: Path, route: str) -> None:
    """Copy B went through LibreOffice Calc (numbers may come back as 1500.0, text as text): nothing conflicts."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from test_reliability import soffice

    base, a, b = copies(paired, tmp_path)
    boards(a, lambda board: board <= 4)
    boards(b, lambda board: board > 4)
    edit(b, "Players", 3, Club="Tengen")
    saved = soffice(b, "xlsx:Calc MS Excel 2007 XML" if route == "xlsx" else "ods", tmp_path / "calc")
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, saved, "-o", merged)
    one = tmp_path / "one.xlsx"
    shutil.copyfile(paired, one)
    boards(one, lambda board: True)
    edit(one, "Players", 3, Club="Tengen")
    ok("standings", one)
    assert without_log(merged)["Standings"] == without_log(one)["Standings"]
    assert [r["Result"] for r in rows(merged, "Round-1") if r["Board"] != "bye"] == ["W+"] * 10


# ------------------------------------------------------------------------------------------------ conflicts


def test_the_same_result_typed_differently_is_a_conflict(paired: Path, tmp_path: Path) -> None:
    base, a, b = copies(paired, tmp_path)
    boards(a, lambda board: board in (1, 2), lambda row: "B+")
    boards(b, lambda board: board in (1, 3), lambda row: "W+")
    merged = tmp_path / "merged.xlsx"
    for with_base in ([base], []):
        refused(merged, ["merge", *with_base, a, b, "-o", merged],
                "Round-1!H2: board 1, Baker – Adams: typed differently: a.xlsx has 'B+', b.xlsx has 'W+'",
                STOPPED.format(n=1))
    ok("merge", base, a, b, "-o", merged, "--prefer", "b")
    assert [r["Result"] for r in rows(merged, "Round-1")[:3]] == ["W+", "B+", "W+"]


def test_config_changed_differently_is_a_conflict(paired: Path, tmp_path: Path) -> None:
    base, a, b = copies(paired, tmp_path)
    edit(a, "Config", 6, Value=6)
    edit(b, "Config", 6, Value="7")
    merged = tmp_path / "merged.xlsx"
    refused(merged, ["merge", base, a, b, "-o", merged],
            "Config!B6: rounds: typed differently: a.xlsx has '6', b.xlsx has '7'", STOPPED.format(n=1))


def test_a_player_deleted_in_one_copy_and_edited_in_the_other(entered: Path, tmp_path: Path) -> None:
    base, a, b = copies(entered, tmp_path)
    workbook = openpyxl.load_workbook(a)
    workbook["Players"].delete_rows(21)
    workbook.save(a)
    edit(b, "Players", 21, Rating=150)
    merged = tmp_path / "merged.xlsx"
    refused(merged, ["merge", base, a, b, "-o", merged],
            "Players!B21: the row is deleted in a.xlsx and changed in b.xlsx: Turner, 150, 3", STOPPED.format(n=1))
    ok("merge", base, a, b, "-o", merged, "--prefer", "a")
    assert "Turner" not in [p["Name"] for p in rows(merged, "Players")]
    ok("merge", base, b, a, "-o", merged, "--prefer", "a")  # now a is the copy that edited him
    assert rows(merged, "Players")[-1] == {"No": None, "Name": "Turner", "Rating": 150, "Rank": None,
                                           "Club": None, "Start": None, "Absent": 3, "Left after": None}


def test_a_player_deleted_in_one_copy_and_untouched_in_the_other_is_deleted(entered: Path, tmp_path: Path
                                                                            ) -> None:
    base, a, b = copies(entered, tmp_path)
    workbook = openpyxl.load_workbook(a)
    workbook["Players"].delete_rows(21)
    workbook.save(a)
    merged = tmp_path / "merged.xlsx"
    ok("merge", base, a, b, "-o", merged)
    assert sorted(p["Name"] for p in rows(merged, "Players")) == sorted(set(RATING) - {"Turner"})


@pytest.mark.parametrize("with_base", [True, False], ids=["three-way", "two-way"])
def test_r7_a_round_paired_differently_in_each_copy(entered: Path, tmp_path: Path, with_base: bool) -> None:
    base, a, b = copies(entered, tmp_path)
    ok("pair", a)
    edit(b, "Players", 2, Absent="1")  # Adams away: B's round 1 pairs everyone else differently
    ok("pair", b)
    merged = tmp_path / "merged.xlsx"
    args = ["merge", *([base] if with_base else []), a, b, "-o", merged]
    lines = invoke(*args).stderr.splitlines()
    assert lines[0].startswith("Round-1: paired differently: only a.xlsx has Adams – Baker; ")
    assert "; only b.xlsx has " in lines[0] and lines[0].endswith("(R7)")
    assert lines[1:] == [STOPPED.format(n=1)]
    refused(merged, args, *lines)
    ok("merge", *([base] if with_base else []), a, b, "-o", merged, "--prefer", "b")
    assert rows(merged, "Round-1") == rows(b, "Round-1")


def test_every_conflict_kind_at_once_is_listed_and_nothing_written(entered: Path, tmp_path: Path) -> None:
    base, a, b = copies(entered, tmp_path)
    edit(a, "Config", 6, Value=6)
    edit(b, "Config", 6, Value=7)
    workbook = openpyxl.load_workbook(a)
    workbook["Players"].delete_rows(21)
    workbook.save(a)
    edit(b, "Players", 21, Rating=150)
    ok("pair", a)
    ok("pair", b)
    merged = tmp_path / "merged.xlsx"
    result = invoke("merge", base, a, b, "-o", merged)
    lines = result.stderr.splitlines()
    assert lines[0] == "Players!B21: the row is deleted in a.xlsx and changed in b.xlsx: Turner, 150, 3"
    assert lines[1] == "Config!B6: rounds: typed differently: a.xlsx has '6', b.xlsx has '7'"
    assert lines[2].startswith("Round-1: paired differently: only a.xlsx has ")
    assert lines[3:] == [STOPPED.format(n=3)]
    refused(merged, ["merge", base, a, b, "-o", merged], *lines)


def test_a_conflicts_sheet_the_referee_fills_in_settles_them(paired: Path, tmp_path: Path) -> None:
    base, a, b = copies(paired, tmp_path)
    boards(a, lambda board: board in (1, 2), lambda row: "B+")
    boards(b, lambda board: board in (1, 2), lambda row: "W+")
    merged, conflicts = tmp_path / "merged.xlsx", tmp_path / "conflicts.xlsx"
    result = invoke("merge", base, a, b, "-o", merged, "--resolve", conflicts)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (f"{conflicts}: the conflicts are listed there; type a or b in its last "
                                              "column and run the same command again")
    assert not merged.exists()
    table = rows(conflicts, "Conflicts")
    assert table == [
        {"Cell": "Round-1!H2", "Conflict": "board 1, Baker – Adams: typed differently: a.xlsx has 'B+', b.xlsx has "
         "'W+'", "a.xlsx": "B+", "b.xlsx": "W+", "Take (a or b)": None},
        {"Cell": "Round-1!H3", "Conflict": "board 2, Davis – Clark: typed differently: a.xlsx has 'B+', b.xlsx has "
         "'W+'", "a.xlsx": "B+", "b.xlsx": "W+", "Take (a or b)": None}]
    edit(conflicts, "Conflicts", 2, **{"Take (a or b)": "b"})
    result = invoke("merge", base, a, b, "-o", merged, "--resolve", conflicts)
    assert result.stderr.splitlines()[0] == (
        "Round-1!H3: board 2, Davis – Clark: typed differently: a.xlsx has 'B+', b.xlsx has 'W+'")
    assert rows(conflicts, "Conflicts")[0]["Take (a or b)"] == "b"  # what the referee typed is kept
    edit(conflicts, "Conflicts", 3, **{"Take (a or b)": "A"})
    ok("merge", base, a, b, "-o", merged, "--resolve", conflicts)
    assert [r["Result"] for r in rows(merged, "Round-1")[:2]] == ["W+", "B+"]
    assert rows(merged, "Log")[-1]["Changes"].endswith("conflicts settled: Round-1!H2 b.xlsx, Round-1!H3 a.xlsx")
    edit(conflicts, "Conflicts", 3, **{"Take (a or b)": "maybe"})
    refused(merged, ["merge", base, a, b, "-o", merged, "--resolve", conflicts],
            "Conflicts!E3: 'maybe' is neither a nor b")


def test_russian_conflicts_are_reported_in_russian(tmp_path: Path) -> None:
    players = [{"Имя": p["Name"], "Рейтинг": p["Rating"]} for p in club_players()[:8]]
    source = new_book(tmp_path, players, "--lang", "ru")
    ok("pair", source)
    base, a, b = copies(source, tmp_path)
    type_results(a, "Тур-1", lambda row: "Ч+" if row["Доска"] == 1 else None)
    type_results(b, "Тур-1", lambda row: "Б+" if row["Доска"] == 1 else None)
    merged = tmp_path / "merged.xlsx"
    refused(merged, ["merge", base, a, b, "-o", merged],
            "Тур-1!H2: доска 1, Baker – Adams: введено по-разному: в a.xlsx «Ч+», в b.xlsx «Б+»",
            "конфликтов: 1, ничего не записано: решите все сразу через --prefer a или --prefer b или по одному "
            "через --resolve CONFLICTS.xlsx")


def test_a_broken_copy_is_named_and_nothing_written(paired: Path, tmp_path: Path) -> None:
    _, a, b = copies(paired, tmp_path)
    edit(b, "Round-1", 2, Result="B+x")
    merged = tmp_path / "merged.xlsx"
    refused(merged, ["merge", a, b, "-o", merged],
            f"{b} cannot be merged until these problems in it are fixed:",
            "Round-1!H2: 'B+x' is not a result; use B+, W+, =, B+F, W+F, 0-0 or 1-1 (R11)")
    refused(merged, ["merge", b, "-o", merged],
            "merge needs two copies, or BASE and two copies; 1 workbooks given")


# ------------------------------------------------------------------------------------------------ properties

RESULTS = st.sampled_from([None, "B+", "W+", "b+", "1-0"])
BOARD = st.one_of(st.tuples(RESULTS, st.none()), st.tuples(st.none(), RESULTS), st.tuples(RESULTS, RESULTS))
"""What each copy has typed on a board: mostly one referee per board, sometimes both (maybe differently)."""


@settings(max_examples=examples(12), suppress_health_check=SHARED_FIXTURE)
@given(typed=st.lists(BOARD, min_size=10, max_size=10), with_base=st.booleans(),
       prefer=st.sampled_from([None, "a"]), newcomers=st.sampled_from(["", "a", "b", "ab"]),
       clubs=st.tuples(st.sampled_from([None, "Tengen", "Hoshi"]), st.sampled_from([None, "Tengen", "Hoshi"])))
def test_merge_is_symmetric_and_a_copy_merged_with_itself_is_unchanged(
        paired: Path, typed: list[tuple[str | None, str | None]], with_base: bool, prefer: str | None,
        newcomers: str, clubs: tuple[str | None, str | None]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        base, a, b = copies(paired, Path(directory))
        for index, path in enumerate((a, b)):
            boards(path, lambda board: True, partial(lambda i, row: typed[row["Board"] - 1][i], index))
            if clubs[index]:
                edit(path, "Players", 3, Club=clubs[index])
            if path.stem in newcomers:
                type_rows(path, "Players", [{"Name": f"Young {path.stem}", "Rating": 1500}])
        ok("standings", a)
        itself, first, second = (Path(directory, name) for name in ("aa.xlsx", "ab.xlsx", "ba.xlsx"))
        ok("merge", a, a, "-o", itself)
        assert without_log(itself) == without_log(a)
        assert contents(itself)["Log"][:-1] == contents(a)["Log"]
        common = [base] if with_base else []
        one = invoke("merge", *common, a, b, "-o", first, *(["--prefer", "a"] if prefer else []))
        other = invoke("merge", *common, b, a, "-o", second, *(["--prefer", "b"] if prefer else []))
        assert one.exit_code == other.exit_code
        if one.exit_code == 0:
            assert contents(first) == contents(second)
        else:
            assert len(one.stderr.splitlines()) == len(other.stderr.splitlines())
            assert not first.exists() and not second.exists()


# The pure merge (forsxl/engine/merge.py) on small random tables: rows by key, a few columns, values that may be
# typed in two ways with one meaning (1 and "1").

VALUE = st.sampled_from([None, 1, "1", 2, "x"])
TABLE = st.dictionaries(st.sampled_from("pqrs"), st.tuples(st.integers(2, 6), st.lists(VALUE, min_size=2,
                                                                                       max_size=2)), max_size=4)


def table_of(drawn: dict[str, tuple[int, list[Any]]]) -> dict[str, Row]:
    def cells(order: int, values: list[Any]) -> dict[str, Cell]:
        return {column: Cell(raw, norm(raw), f"S!{column}{order}")
                for column, raw in zip("BC", values, strict=True) if norm(raw) is not None}

    return {key: Row(order, f"S!A{order}", cells(order, values)) for key, (order, values) in drawn.items()}


def values_of(rows: list[MergedRow], meaning: bool = False) -> dict[Any, dict[str, object]]:
    """Each merged row's typed cells (or what they mean) by key; a cleared cell is written as None: as good as
    absent."""
    return {row.key: {c: t.norm if meaning else t.raw for c, t in row.cells.items() if t.raw is not None}
            for row in rows}


@given(base=st.none() | TABLE, a=TABLE, b=TABLE, prefer=st.sampled_from([Side.A, Side.B]))
def test_pure_merge_is_symmetric_and_idempotent(base: dict[str, Any] | None, a: dict[str, Any], b: dict[str, Any],
                                                prefer: Side) -> None:
    old, one, other = table_of(base or {}), table_of(a), table_of(b)
    flipped = Side.B if prefer == Side.A else Side.A
    forward, backward = Merger(lambda conflict: prefer), Merger(lambda conflict: flipped)
    merged = forward.table(old, one, other)
    assert merged == [MergedRow(r.key, {c: replace(t, side=Side.BOTH if t.side == Side.BOTH else
                                                   flipped if t.side == prefer else prefer)
                                        for c, t in r.cells.items()}) for r in backward.table(old, other, one)]
    assert [(c.kind, c.a, c.b) for c in forward.found] == [(c.kind, c.b, c.a) for c in backward.found]
    itself = Merger(lambda conflict: None)
    assert values_of(itself.table(old, one, one)) == values_of(table_rows(one))
    assert itself.found == []
    only_a = Merger(lambda conflict: None)
    assert values_of(only_a.table(old, one, old), True) == values_of(table_rows(one), True)  # only A changed
    assert only_a.found == []


def table_rows(table: dict[str, Row]) -> list[MergedRow]:
    return [MergedRow(key, {c: Taken(v.raw, Side.A, v.norm) for c, v in row.cells.items()})
            for key, row in table.items()]
