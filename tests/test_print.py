"""Printing (issue 20): from the spreadsheet, a round sheet is one A4 portrait page for the wall, with the
tournament, round and date on top, the header row repeated and gridlines, and Standings print landscape; `forsxl
print` writes a round's result slips, four to an A4 page, and the wall list, as HTML or (through Chromium) PDF."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from test_cli import RUSSIAN, edit, invoke, new_book, ok, refused

from forsxl.book.read import load
from forsxl.publish import pdf

FIELD = [{"Name": f"Player {n:03}", "Rating": 2700 - 20 * n} for n in range(120)]


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """120 players, round 1 paired: 60 boards, a Saturday's largest club field."""
    path = new_book(tmp_path_factory.mktemp("print"), FIELD)
    edit(path, "Config", 2, Value="Cup & Shield")
    ok("pair", path)
    return path


def test_print_and_publish_name_their_files_in_the_workbook_s_language(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A file forsxl names itself has no English word in a Russian workbook (issue 30)."""
    path = new_book(tmp_path, RUSSIAN, "--lang", "ru")
    ok("pair", path)
    monkeypatch.chdir(tmp_path)
    assert ok("print", path).stdout.startswith(f"{tmp_path / 'club-тур-1.html'}: тур 1")
    assert ok("publish", path).stdout == "итоги.html: записано\n" and (tmp_path / "итоги.html").is_file()
    assert ok("print", path, "-o", "бланки.xlsx").stdout.startswith("бланки.xlsx: тур 1")
    assert openpyxl.load_workbook(tmp_path / "бланки.xlsx").sheetnames == ["Бланки результатов", "Список по алфавиту"]


def test_round_sheet_is_set_to_print_on_one_a4_page(paired: Path) -> None:
    sheet = openpyxl.load_workbook(paired)["Round-1"]
    setup = sheet.page_setup
    assert (setup.paperSize, setup.orientation, setup.fitToWidth, setup.fitToHeight) == (9, "portrait", 1, 1)
    assert sheet.print_title_rows == "$1:$1" and sheet.print_options.gridLines
    assert sheet.oddHeader.center.text == "Cup && Shield · Round-1"  # `&&` prints one `&`


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Russian workbook with a date, round 1 paired (issue 30)."""
    path = new_book(tmp_path_factory.mktemp("ru"), RUSSIAN, "--lang", "ru")
    edit(path, "Настройки", 3, Значение="2026-11-28")
    ok("pair", path)
    return path


def test_every_column_is_wide_enough_and_headings_wrap(russian: Path) -> None:
    """What forsxl writes fits its column, a heading by its longest word on a taller header row; the print title
    writes the date as the pages do (issue 30: `Очки чёрн`, a Журнал time `2026-12-0`, `2026-11-28`)."""
    workbook = openpyxl.load_workbook(russian)
    sheet = workbook["Тур-1"]
    widths = {c.value: sheet.column_dimensions[c.column_letter].width for c in sheet[1]}
    assert widths["Очки чёрных"] >= 1.2 * len("чёрных") and widths["Чёрные"] >= 1.2 * len("Григорьев Евгений")
    assert all(c.alignment.wrap_text for c in sheet[1]) and sheet.row_dimensions[1].height == 30
    assert sheet.oddHeader.center.text == "club · Тур-1 · 28 ноября 2026"
    assert workbook["Итоги"].oddHeader.center.text == "club · Итоги · 28 ноября 2026"
    log = workbook["Журнал"]
    assert log.column_dimensions["A"].width >= 1.05 * len(log["A2"].value) == 1.05 * len("2026-11-28T10:15:00")


@pytest.mark.libreoffice
def test_calc_prints_every_heading_time_and_date_whole(russian: Path, tmp_path: Path) -> None:
    """The round sheet and the Журнал printed by LibreOffice Calc: no heading or time cut (issue 30)."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from pypdf import PdfReader
    from test_reliability import soffice

    text = "\n".join(page.extract_text() for page in PdfReader(soffice(russian, "pdf", tmp_path / "pdf")).pages)
    assert "Тур-1 · 28 ноября 2026" in text and "чёрных" in text and "белых" in text and "Выбыл" in text
    assert re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", text)


def test_standings_print_landscape_one_page_wide(paired: Path) -> None:
    sheet = openpyxl.load_workbook(paired)["Standings"]
    setup = sheet.page_setup
    assert (setup.orientation, setup.fitToWidth, setup.fitToHeight) == ("landscape", 1, 0)
    assert sheet.print_title_rows == "$1:$1"


@pytest.mark.libreoffice
def test_a_round_of_60_boards_prints_on_one_page_in_calc(paired: Path, tmp_path: Path) -> None:
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from test_reliability import soffice

    workbook = openpyxl.load_workbook(paired)
    for title in workbook.sheetnames:
        if title != "Round-1":
            del workbook[title]
    alone = tmp_path / "round.xlsx"
    workbook.save(alone)
    pdf = soffice(alone, "pdf", tmp_path / "pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1


def slip_pages(html: str) -> list[list[str]]:
    """The board labels of each printed page of slips."""
    return [re.findall(r'<span class="board">Board (\w+)</span>', sheet)
            for sheet in html.split('<section class="sheet">')[1:]]


def test_print_html_has_four_slips_a_page_then_the_wall(paired: Path, tmp_path: Path) -> None:
    out = tmp_path / "slips.html"
    assert ok("print", paired, "--round", "1", "-o", out).stdout == (
        f"{out}: round 1, 60 slips on 15 pages, then the wall list\n")
    html = out.read_text("utf-8")
    assert slip_pages(html) == [[str(b) for b in range(k, k + 4)] for k in range(1, 61, 4)]
    assert html.count('class="sheet"') == 15 and "break-after: page" in html and "size: A4 portrait" in html
    first = load(paired).tournament.rounds[0].games[0]
    slip = html.split('<article class="slip">')[1].split("</article>")[0]
    assert re.sub(r"<[^>]+>", " ", slip.split("<table>")[1].split("</table>")[0]).split() == [
        "Black", "Player", "001", "No", "2", "7d", "White", "Player", "000", "No", "1", "7d"]  # № in Russian
    assert (first.black, first.white, first.stones) == (2, 1, 0)
    assert "Handicap: even, komi 6.5 to White" in slip and "Cup &amp; Shield · Round 1" in slip
    assert "Black won" in slip and "White won" in slip and "Jigo" not in slip  # 6.5 komi: no draw (R4)
    wall = html.split('<section class="wall"')[1]
    names = re.findall(r'<td class="name">([^<]+)<span class="no">', wall)
    assert names == sorted(f"Player {n:03}" for n in range(120)) and len(re.findall(r"<tr>", wall)) == 121


def test_print_xlsx_is_slips_to_print_from_a_spreadsheet(paired: Path, tmp_path: Path) -> None:
    """`-o slips.xlsx` (issue 38: the Calc menu prints it with LibreOffice's print dialog, no browser): a slip per
    board, four to an A4 page with a break after every fourth, then the wall list by name on a sheet of its own."""
    out = tmp_path / "slips.xlsx"
    assert ok("print", paired, "-o", out).stdout.startswith(f"{out}: round 1, 60 slips on 15 pages")
    workbook = openpyxl.load_workbook(out)
    slips, wall = workbook.worksheets
    assert [slips.title, wall.title] == ["Result slips", "Wall list"]
    boards = [c.value for c in slips["D"] if str(c.value).startswith("Board")]
    assert boards == [f"Board {n}" for n in range(1, 61)]
    assert [b.id for b in slips.row_breaks.brk] == [32 * page for page in range(1, 15)]
    assert slips["A2"].value == "Black" and slips["B2"].value == "Player 001" and slips["C2"].value == "No 2"
    assert "☐ Black won" in slips["A5"].value and "Jigo" not in slips["A5"].value  # 6.5 komi: no draw (R4)
    assert int(slips.page_setup.paperSize) == 9 and slips.page_setup.fitToWidth == 1  # A4, one page wide
    names = [row[0] for row in wall.iter_rows(min_row=2, values_only=True)]
    assert names == sorted(f"Player {n:03} ({n + 1})" for n in range(120))


def test_print_refuses_other_files_and_a_pdf_without_a_browser(paired: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    refused(tmp_path / "slips.doc", ["print", paired, "-o", tmp_path / "slips.doc"],
            f"{tmp_path / 'slips.doc'}: slips are written as .pdf, .html or .xlsx")
    monkeypatch.setattr(pdf, "BROWSERS", ("no-such-browser",))
    out = tmp_path / "slips.pdf"
    refused(out, ["print", paired, "-o", out],
            f"{out}: a PDF is printed by Chromium or Google Chrome, and neither is installed; write slips.html instead "
            "and print it from a browser")
    refused(out, ["print", paired, "--round", "2", "-o", out], "round 2 is not paired (R7)")


@pytest.mark.browser
def test_print_pdf_pages_hold_the_slips_then_the_wall(paired: Path, tmp_path: Path) -> None:
    """The PDF through Chromium: 60 boards are 15 pages of four slips, read back as text, then the wall list; written
    to a folder and a file named in Russian with spaces (issue 33)."""
    if pdf.find_browser() is None:
        pytest.skip("no Chromium or Chrome on PATH (apt-get install chromium)")
    from pypdf import PdfReader

    (tmp_path / "Клуб Суббота").mkdir()
    out = tmp_path / "Клуб Суббота" / "Бланки тура 1.pdf"
    result = invoke("print", paired, "--round", "1", "-o", out)
    assert result.exit_code == 0, result.output
    pages = [page.extract_text() for page in PdfReader(out).pages]
    boards = [re.findall(r"Board (\d+)", text) for text in pages]
    assert boards[:15] == [[str(b) for b in range(k, k + 4)] for k in range(1, 61, 4)]
    assert "Alphabetically (for the wall)" in pages[15] and not boards[15]
    assert all("Cup & Shield · Round 1" in text and "Black won" in text for text in pages[:15])
    assert "Player 000" in pages[15] and "Player 119" in pages[-1]
