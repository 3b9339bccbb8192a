"""Keeping the workbook whole (issue 19): a save copies every part of the .xlsx byte for byte and replaces only forsxl's
own (book/package.py), on workbooks with every feature of tests/featurebook.py as Excel, LibreOffice and the Open XML
SDK write them, and what forsxl keeps in memory is what it saves."""

from __future__ import annotations

import datetime
import difflib
import io
import re
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from featurebook import FEATURES, FLAVORS, PLAYERS, feature_book, openpyxl_drops
from openpyxl.utils import column_index_from_string
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet
from test_cli import club_players, edit, invoke, new_book, ok, problems
from test_reliability import soffice

from forsxl.app import workflow
from forsxl.app.workflow import finish, pair_into, store
from forsxl.book.build import Builder
from forsxl.book.describe import _Formats, _whole
from forsxl.book.edits import Edits
from forsxl.book.openpyxl_private import styled_like
from forsxl.book.package import UNREAD, Package, _owned_xml, values
from forsxl.book.parts import SheetXml
from forsxl.book.read import load
from forsxl.book.sheets import put
from forsxl.book.write import type_results
from forsxl.engine.model import Result

PACKAGE = {"[Content_Types].xml", "xl/_rels/workbook.xml.rels", "xl/workbook.xml"}
"""The package's own parts a new sheet changes."""
FIRST = {"xl/styles.xml"}
"""What forsxl's first save changes besides: its styles, appended."""
SEVENTH, EIGHTH, NINTH, TENTH = (f"xl/worksheets/sheet{n}.xml" for n in (7, 8, 9, 10))
"""The parts of forsxl's sheets in a feature book, which has six worksheets."""
ROUND_1, STANDINGS, LOG, ROUND_2 = SEVENTH, EIGHTH, NINTH, TENTH
"""... as `pair` names them in turn."""


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def difference(before: dict[str, bytes], after: dict[str, bytes]) -> tuple[set[str], set[str], set[str]]:
    """The parts changed, added and removed."""
    changed = {name for name in before.keys() & after.keys() if before[name] != after[name]}
    return changed, after.keys() - before.keys(), before.keys() - after.keys()


def only_added(old: bytes, new: bytes) -> None:
    """`new` is `old` with insertions only, and counts raised (`count="3"` to `count="4"`)."""
    a, b = old.decode(), new.decode()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        assert op in ("equal", "insert") or (op == "replace" and a[i1:i2].isdigit() and b[j1:j2].isdigit()), (
            op, a[i1 - 40 : i2 + 40], b[j1 - 40 : j2 + 40])


def changed_cells(old: bytes, new: bytes) -> set[tuple[int, int]]:
    """The cells whose `<c>` differs between two versions of a sheet part; every byte outside sheetData is the same
    (but the dimension's range)."""
    a, b = SheetXml(old), SheetXml(new)
    assert re.sub(rb'dimension ref="[^"]*"', b"", old[: a.data.start]) == re.sub(
        rb'dimension ref="[^"]*"', b"", new[: b.data.start])
    assert old[a.data.end :] == new[b.data.end :]
    cells = a.cells.keys() | b.cells.keys()
    return {at for at in cells if at not in a.cells or at not in b.cells
            or old[a.cells[at].start : a.cells[at].end] != new[b.cells[at].start : b.cells[at].end]}


def play_round(path: Path, number: int) -> None:
    """Type every result of a round through forsxl's own writer, as `demo` does: the higher rating wins."""
    book = load(path)
    t = book.tournament
    results = {g.board: Result.BLACK_WINS if t.player(g.black).rating > t.player(g.white).rating
               else Result.WHITE_WINS for g in t.rounds[number - 1].games}
    type_results(book, number, results)
    store(book, "", "")


def import_then_play_round_1(path: Path, tmp_path: Path) -> None:
    """`import` one more player, `pair` round 1, type its results and count them with `standings`."""
    csv = tmp_path / "more.csv"
    csv.write_text("Name;Rating\nIvanov;2000\n", encoding="utf-8")
    ok("import", path, csv)
    ok("pair", path)
    play_round(path, 1)
    ok("standings", path)


@pytest.fixture(params=FLAVORS)
def featured(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    feature_book(path, request.param)
    return path


APPENDED = {"xl/workbook.xml", "xl/styles.xml"}
"""Feature parts forsxl appends to: its sheets and their print titles, its styles."""


def kept(before: dict[str, bytes], after: dict[str, bytes]) -> None:
    """Every feature's part is in the new package as it was, or with forsxl's additions only."""
    for feature, part in FEATURES.items():
        if part in APPENDED:
            only_added(before[part], after[part])
        elif part in before:
            assert after.get(part) == before[part], feature


# ------------------------------------------------------------------------------------------- the feature book


def test_pair_replaces_only_forsxls_parts(featured: Path) -> None:
    before = members(featured)
    ok("pair", featured)
    after = members(featured)
    assert difference(before, after) == (PACKAGE | FIRST, {ROUND_1, STANDINGS, LOG}, set())
    kept(before, after)
    for part in ("xl/workbook.xml", "xl/styles.xml", "[Content_Types].xml", "xl/_rels/workbook.xml.rels"):
        only_added(before[part], after[part])
    with openpyxl_drops():
        workbook = openpyxl.load_workbook(featured)
    assert workbook.sheetnames == ["Config", "Players", "Notes", "Lists", "Pivot", "Chart", "Secret", "Round-1",
                                   "Standings", "Log"]
    assert [c.value for c in workbook["Round-1"][1]][:3] == ["Board", "Black", "White"]
    assert workbook["Round-1"]["A1"].font.b and workbook["Round-1"]["H2"].number_format == "@"
    assert workbook["Round-1"].data_validations.dataValidation, "the Result dropdown"
    assert workbook.defined_names["Ratings"].attr_text == "Players!$C$2:$C$9"
    assert workbook["Round-1"].print_title_rows == workbook["Players"].print_title_rows == "$1:$1"


def test_results_standings_and_the_next_round_touch_only_forsxls_cells(featured: Path) -> None:
    ok("pair", featured)
    paired = members(featured)
    play_round(featured, 1)
    played = members(featured)
    assert difference(paired, played) == ({ROUND_1}, set(), set())
    assert {column for _, column in changed_cells(paired[ROUND_1], played[ROUND_1])} == {8}  # Result
    ok("standings", featured)
    counted = members(featured)
    assert difference(played, counted) == ({ROUND_1, STANDINGS, LOG}, set(), set())
    assert {column for _, column in changed_cells(played[ROUND_1], counted[ROUND_1])} == {9, 10}  # the points
    assert changed_cells(played[LOG], counted[LOG]) == {(3, c) for c in range(1, 5)}
    with openpyxl_drops():
        sheet = openpyxl.load_workbook(featured)["Round-1"]
    assert all(isinstance(sheet.cell(row, 9).value, int) for row in range(2, 6))
    ok("pair", featured)
    after = members(featured)
    assert difference(counted, after) == (PACKAGE | {STANDINGS, LOG}, {ROUND_2}, set())
    kept(paired, after)
    with openpyxl_drops():
        assert openpyxl.load_workbook(featured).sheetnames[7:] == ["Round-1", "Round-2", "Standings", "Log"]


def test_import_appends_players_below_the_table_and_keeps_the_rest(featured: Path, tmp_path: Path) -> None:
    csv = tmp_path / "more.csv"
    csv.write_text("Name;Rating;Club\nIvanov;2000;Moscow\nAdams;2400;\n", encoding="utf-8")
    before = members(featured)
    ok("import", featured, csv)
    after = members(featured)
    players = "xl/worksheets/sheet2.xml"
    assert difference(before, after) == (PACKAGE | FIRST | {players}, {SEVENTH}, set())  # the Log
    assert changed_cells(before[players], after[players]) == {(10, 2), (10, 3), (10, 4)}
    kept({k: v for k, v in before.items() if k != players}, after)
    assert "Ivanov" in {p.name for p in load(featured).tournament.players}


@pytest.mark.parametrize("flavor", FLAVORS)
def test_schedule_writes_every_round_and_keeps_the_rest(tmp_path: Path, flavor: str) -> None:
    path = tmp_path / "weekly.xlsx"
    feature_book(path, flavor, config=(("preset", "renju-weekly"), ("name", "Weekly")))
    before = members(path)
    ok("schedule", path)
    after = members(path)
    changed, added, removed = difference(before, after)
    assert changed == PACKAGE | FIRST and not removed and len(added) == 7 + 3  # rounds, Schedule, Standings, Log
    kept(before, after)
    with openpyxl_drops():
        assert openpyxl.load_workbook(path).sheetnames[7:] == ["Schedule", *(f"Round-{n}" for n in range(1, 8)),
                                                               "Standings", "Log"]


@pytest.mark.parametrize("flavor", FLAVORS)
def test_stage_keeps_the_workbook_whole(tmp_path: Path, flavor: str) -> None:
    path = tmp_path / "stages.xlsx"
    plan = "A: fors, 1 rounds; B: fors, 1 rounds"
    feature_book(path, flavor, config=(("preset", "fors-club"), ("stages.plan", plan)))
    ok("pair", path)
    play_round(path, 1)
    before = members(path)
    assert "round 2 written" in ok("stage", path, "--next").stdout
    after = members(path)
    assert difference(before, after) == (PACKAGE | {STANDINGS, LOG, ROUND_1}, {ROUND_2}, set())
    kept(before, after)


def test_merge_keeps_copy_as_package(tmp_path: Path) -> None:
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    feature_book(a, "excel")
    ok("pair", a)
    shutil.copyfile(a, b)
    play_round(b, 1)
    merged = tmp_path / "merged.xlsx"
    ok("merge", a, b, "-o", merged)
    before, after = members(a), members(merged)
    kept(before, after)
    assert after[ROUND_1] != before[ROUND_1] and len(load(merged).tournament.rounds[0].games) == 4
    assert all(g.result is not None for g in load(merged).tournament.rounds[0].games)


def test_a_dtd_is_never_brought_in_and_no_theme_is_openpyxls(featured: Path) -> None:
    theme = members(featured)["xl/theme/theme1.xml"]
    ok("pair", featured)
    after = members(featured)
    assert after["xl/theme/theme1.xml"] == theme
    assert not any(b"<!DOCTYPE" in data for name, data in after.items() if name.endswith((".xml", ".rels")))


# --------------------------------------------------------------------- what is saved is what forsxl wrote


def _meaning(value: object) -> object:
    """A value as a saved cell holds it: empty text is no value (openpyxl writes it so), an array formula its text."""
    if isinstance(value, ArrayFormula):
        return value.ref, value.text
    return None if value == "" else value


def model(workbook: Workbook, title: str) -> dict[str, Any]:
    """What forsxl's writers set on a sheet: each cell's value, type, boldness and format, merges, dropdowns, the
    frozen panes, the print titles and the column widths."""
    sheet = workbook[title]
    cells = {(c.row, c.column): (_meaning(c.value), c.data_type, bool(c.font.b), c.number_format)
             for row in sheet.iter_rows() for c in row if _meaning(c.value) is not None or c.has_style}
    widths = {column: d.width for letter, d in sheet.column_dimensions.items() if d.customWidth
              for column in range(d.min or column_index_from_string(letter),
                                  (d.max or column_index_from_string(letter)) + 1)}
    return {"cells": cells, "merged": sorted(map(str, sheet.merged_cells.ranges)),
            "validations": [(str(v.sqref), v.formula1) for v in sheet.data_validations.dataValidation],
            "freeze": sheet.freeze_panes, "titles": (sheet.print_title_rows or "").replace("$", ""), "widths": widths}


def differences(ours: dict[str, Any], wanted: dict[str, Any]) -> dict[str, Any]:
    """What differs between two models (the first few cells)."""
    return {key: [(at, ours[key].get(at), wanted[key].get(at)) for at in sorted(ours[key].keys() | wanted[key].keys())
                  if ours[key].get(at) != wanted[key].get(at)][:5] if key == "cells" else (ours[key], wanted[key])
            for key in ours if ours[key] != wanted[key]}


@pytest.fixture
def checked_saves(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every package save read back: each sheet holds what the workbook in memory held when its edits were said
    (cells, merges, dropdowns, sheet settings), so no writer escapes the edits (`sheets.put`, fresh sheets). A sheet
    openpyxl left unread (UNREAD) and forsxl did not replace must read as it did in the package."""
    real_describe, real_write = workflow.describe, Package.write
    said: dict[int, Workbook] = {}
    saves: list[str] = []

    def describe(workbook: Workbook, package: Package | None, *args: Any) -> Edits:
        said[id(package)] = workbook
        return real_describe(workbook, package, *args)

    def write(self: Package, edits: Edits, target: str | Path) -> None:
        real_write(self, edits, target)
        workbook = said[id(self)]
        left = {title for title in workbook.sheetnames if title in UNREAD and any(
            sheet is workbook[title] for sheet, _ in self.bound.values())}
        saved, original = openpyxl.load_workbook(target), openpyxl.load_workbook(io.BytesIO(self.data))
        assert saved.sheetnames == workbook.sheetnames
        for title in saved.sheetnames:
            if isinstance(saved[title], openpyxl.worksheet.worksheet.Worksheet):
                ours, wanted = model(saved, title), model(original if title in left else workbook, title)
                assert ours == wanted, (title, differences(ours, wanted))
        saves.append(str(target))

    monkeypatch.setattr(workflow, "describe", describe)  # the one that says a package's edits
    monkeypatch.setattr(Package, "write", write)
    yield saves


@pytest.mark.parametrize("preset", ["fors-club", "fors-m", "lg-cup-team", "serp", "swiss", "renju-weekly"])
def test_every_save_of_a_whole_tournament_is_what_forsxl_wrote(checked_saves: list[str], tmp_path: Path,
                                                               preset: str) -> None:
    ok("demo", tmp_path, "--preset", preset, "--lang", "en")
    assert len(checked_saves) > 3


def test_every_command_on_the_feature_book_saves_what_forsxl_wrote(checked_saves: list[str], featured: Path,
                                                                   tmp_path: Path) -> None:
    with openpyxl_drops():  # each save read back
        import_then_play_round_1(featured, tmp_path)
        ok("pair", featured, "--round", "2")
        ok("pair", featured, "--round", "2", "--force")
        ok("simulate", featured, "--runs", "3", "--seed", "1")
        copy = tmp_path / "copy.xlsx"
        shutil.copyfile(featured, copy)
        ok("merge", featured, copy, "-o", tmp_path / "merged.xlsx")
    assert len(checked_saves) == 8


# ----------------------------------------------------------------------------------------------- the parts


def written_by_openpyxl(workbook: Workbook, title: str) -> bytes:
    """The part of sheet `title` as openpyxl's own save writes it."""
    out = io.BytesIO()
    workbook.save(out)
    with zipfile.ZipFile(out) as archive:
        return archive.read(f"xl/worksheets/sheet{workbook.worksheets.index(workbook[title]) + 1}.xml")


def owned_xml(workbook: Workbook, title: str) -> bytes:
    """The part book/package.py writes for sheet `title` of `workbook` said whole in the edits."""
    formats = _Formats(workbook)
    sheet = _whole(workbook[title], formats)
    builder = Builder(styled_like(workbook), formats.table)
    built = Worksheet(builder.workbook, title)
    builder.settings(built, sheet)
    return _owned_xml(built, sheet, builder)


def test_a_sheet_forsxl_writes_is_what_openpyxls_writer_makes(tmp_path: Path) -> None:
    """book/package.py writes the cells of its sheets itself, from the edits (openpyxl's writer takes most of a
    save's time)."""
    path = new_book(tmp_path, club_players())
    ok("pair", path)
    play_round(path, 1)
    book = load(path)
    _, changes = pair_into(book)
    book.describing = True
    finish(book, "pair", changes)  # forsxl's sheets written whole into the workbook read, as a command writes them
    # Round-2 (Standings' blank row under the table is a row openpyxl's writer writes empty, the package's not at all)
    assert written_by_openpyxl(book.workbook, "Round-2") == owned_xml(book.workbook, "Round-2")
    books = [openpyxl.Workbook() for _ in range(2)]
    for book in books:
        sheet = book.active
        assert sheet is not None
        for row in (["text", "two words", 1, 2.5, 10**17, True, False], ["=SUM(C1:D1)", datetime.date(2026, 11, 28),
                                                                         "#N/A", None, 0, -1.25e-7, " Ж "]):
            sheet.append(row)
        for cell in (c for line in sheet.iter_rows() for c in line if isinstance(c.value, str)):
            cell.data_type = "s"  # text stays text, as `sheets.put` writes it
        sheet["C3"].font = sheet["H1"].font = openpyxl.styles.Font(bold=True)
        sheet["H2"] = ""
        sheet.row_dimensions[5].height = 30
    assert written_by_openpyxl(books[0], "Sheet") == owned_xml(books[1], "Sheet")


def test_an_unread_sheet_that_reaches_too_far_is_still_named_at_its_corner(book: Path) -> None:
    path = book
    edit(path, "Standings", 20000, Name="x")
    result = invoke("standings", path)
    assert result.exit_code == 1
    [line] = problems(result)
    assert re.fullmatch(r"Standings![A-Z]+20000: the sheet reaches row 20000, column \d+; forsxl reads at most 10000 "
                        r"rows and 200 columns: clear the cells beyond the table", line), line


def test_an_unread_sheet_reads_as_openpyxl_reads_it(featured: Path) -> None:
    ok("pair", featured)
    play_round(featured, 1)
    ok("standings", featured)
    book = load(featured)
    standings = book.workbook["Standings"]
    assert not list(standings.iter_rows()) or standings.max_row == 1  # openpyxl left it unread
    with openpyxl_drops():
        full = openpyxl.load_workbook(featured)["Standings"]
    assert values(standings) == values(full)
    header = values(standings)[0][1]
    name = next(column for column, text in header.items() if text == "Name")
    assert values(standings)[1][1][name] == PLAYERS[0][0]


# ---------------------------------------------------------------------------------------- a real LibreOffice


@pytest.mark.libreoffice
def test_libreoffice_writes_the_feature_book_forsxl_keeps_it_and_libreoffice_reads_the_result(tmp_path: Path) -> None:
    """The feature book saved by LibreOffice Calc itself: `import`, `pair`, results and `standings` change only
    forsxl's parts; LibreOffice converts the result with the charts, images, comments, pivot table and forsxl's
    rounds in it."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    source = tmp_path / "club.xlsx"
    feature_book(source, "excel")
    path = soffice(source, "xlsx:Calc MS Excel 2007 XML", tmp_path / "calc")
    before = members(path)
    import_then_play_round_1(path, tmp_path)
    after = members(path)
    changed, added, removed = difference(before, after)
    assert changed <= PACKAGE | FIRST | {"xl/worksheets/sheet2.xml"} and not removed  # Players: the import
    assert len(added) == 3 and all(name.startswith("xl/worksheets/sheet") for name in added)
    ods = soffice(path, "ods", tmp_path / "ods")
    with zipfile.ZipFile(ods) as archive:
        content = archive.read("content.xml").decode()
    for element in ("<draw:object", "<draw:image", "<office:annotation", "<table:data-pilot-table ",
                    'table:name="Round-1"', 'table:name="Standings"'):
        assert element in content, element
    t = load(ods).tournament
    assert len(t.rounds) == 1 and all(g.result is not None for g in t.rounds[0].games) and len(t.players) == 9


def test_a_replaced_formula_leaves_the_calculation_chain_and_the_cells_that_shared_it(tmp_path: Path) -> None:
    """forsxl writing over the master of a shared formula (Players!E2 holds `C2/100` for E2:E9): the other cells get
    their own formula, and the calculation chain forgets E2 but keeps the rest."""
    path = tmp_path / "club.xlsx"
    feature_book(path, "excel")
    book = load(path)
    put(book.workbook["Players"]["E2"], "strong")
    store(book, "", "")
    after = members(path)
    players = SheetXml(after["xl/worksheets/sheet2.xml"])
    assert set(players.shared_with({(2, 5)})) == set() and (2, 5) not in players.formulas
    with openpyxl_drops():
        sheet = openpyxl.load_workbook(path)["Players"]
    assert sheet["E2"].value == "strong" and [sheet.cell(r, 5).value for r in range(3, 10)] == [
        f"=C{r}/100" for r in range(3, 10)]
    chain = after["xl/calcChain.xml"]
    assert b'r="E2"' not in chain and b'<c r="E3" i="2"/>' in chain and b'<c r="C2" i="3"/>' in chain


def pyexcelerate_shaped(path: Path) -> None:
    """A workbook laid out as pyexcelerate writes one (issue 39; pyexcelerate 0.13): xl/styles.xml in the package but
    neither a relationship to it in workbook.xml.rels nor an Override for it in [Content_Types].xml (openpyxl reads
    it by its name all the same), the text in the cells inline. Made here with openpyxl, then unlinked by hand."""
    workbook = openpyxl.Workbook()
    config = workbook.active
    config.title = "Config"
    for row in (("Key", "Value"), ("preset", "fors-club"), ("rounds", 3)):
        config.append(row)
    players = workbook.create_sheet("Players")
    players.append(("Name", "Rating"))
    for n in range(8):
        players.append((f"Player {n}", 2000 - 50 * n))
    players["A1"].font = openpyxl.styles.Font(bold=True, italic=True, color="FF3366")  # the person's own style
    workbook.save(path)
    parts = members(path)
    parts["xl/_rels/workbook.xml.rels"] = re.sub(rb'<Relationship[^>]*/styles"[^>]*/>', b"",
                                                 parts["xl/_rels/workbook.xml.rels"])
    parts["[Content_Types].xml"] = re.sub(rb'<Override PartName="/xl/styles.xml"[^>]*/>', b"",
                                          parts["[Content_Types].xml"])
    assert b"styles" not in parts["xl/_rels/workbook.xml.rels"] + parts["[Content_Types].xml"]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_a_styles_part_nothing_links_to_is_reused_never_doubled(tmp_path: Path) -> None:
    """Issue 39: `pair` on a pyexcelerate workbook wrote a second xl/styles.xml beside the one nothing linked to, and
    every later command refused the file. The part openpyxl read is reused (the person's styles kept, forsxl's
    appended), linked and typed once, and no part is ever written under a name the package holds."""
    path = tmp_path / "club.xlsx"
    pyexcelerate_shaped(path)
    before = members(path)
    ok("pair", path)
    ok("check", path)
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    assert len(names) == len({name.casefold() for name in names})
    after = members(path)
    only_added(before["xl/styles.xml"], after["xl/styles.xml"])
    assert after["xl/_rels/workbook.xml.rels"].count(b'/styles"') == 1
    assert after["[Content_Types].xml"].count(b'PartName="/xl/styles.xml"') == 1
    play_round(path, 1)
    ok("standings", path)
    ok("pair", path)
    assert load(path).tournament.rounds[1].games
    assert openpyxl.load_workbook(path)["Players"]["A1"].font.color.rgb == "00FF3366"
