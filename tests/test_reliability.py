"""Nothing lost, nothing broken (issue 9): hostile files, edits between runs, saving that cannot half-happen, .ods.

Built on test_cli's helpers: a workbook made by `forsxl new`, typed into with openpyxl as a person would, and every
command run through typer's CliRunner. A refusal is exit code 1, the exact line, and the file byte for byte as it was.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import tempfile
import warnings
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import openpyxl
import pytest
from defusedxml import DefusedXmlException
from featurebook import feature_book
from hypothesis import example, given, settings
from hypothesis import strategies as st
from openpyxl.comments import Comment
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook.workbook import Workbook
from property_runs import SHARED_FIXTURE, examples
from test_cli import (
    edit,
    higher_rating_wins,
    invoke,
    ok,
    problems,
    refused,
    rows,
    type_results,
    within_cpu,
)

from forsxl.book import layout, openpyxl_private, safety
from forsxl.book.kept import tournament
from forsxl.book.package import Package
from forsxl.book.parts import Parts, SheetXml, spans
from forsxl.book.read import load
from forsxl.engine.errors import WorkbookErrors
from forsxl.engine.values import Lang
from forsxl.messages import message

# ------------------------------------------------------------------------------------------------ hostile files


def rezip(source: Path, target: Path, replace: dict[str, bytes] | None = None, add: dict[str, bytes] | None = None,
          compression: int = zipfile.ZIP_DEFLATED) -> None:
    """Copy a workbook's zip, replacing or adding parts."""
    replace, add = replace or {}, add or {}
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", compression) as new:
        for info in old.infolist():
            new.writestr(info.filename, replace.get(info.filename, old.read(info.filename)))
        for name, data in add.items():
            new.writestr(name, data)


BOMB = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                   for i in range(1, 10))
        + b']>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
          b'<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>')
XXE = (b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n'
       b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
       b'<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&e;</t></is></c></row></sheetData></worksheet>')


@pytest.mark.parametrize("xml", [BOMB, XXE], ids=["entity bomb", "external entity"])
def test_xml_entities_are_refused_before_parsing(book: Path, xml: bytes) -> None:
    hostile = book.with_name("hostile.xlsx")
    rezip(book, hostile, replace={"xl/worksheets/sheet1.xml": xml})
    line = f"{hostile} is refused: its part xl/worksheets/sheet1.xml declares XML entities (a DTD), never found " \
           "in a workbook"
    refused(hostile, ["check", hostile], line)


def test_xml_entities_past_the_prolog_scan_meet_the_streaming_scan(book: Path) -> None:
    """The second wall, the streaming pass over every part (issue 19), refuses a DTD anywhere in it; the third,
    openpyxl parsing with defusedxml (a dependency), would forbid the entity declarations too."""
    padded = b'<?xml version="1.0"?>\n<!--' + b" " * (100 * 1024) + b"-->" + BOMB.split(b"\n", 1)[1]
    hostile = book.with_name("hostile.xlsx")
    rezip(book, hostile, replace={"xl/worksheets/sheet1.xml": padded})
    with pytest.raises(ValueError) as raised:
        openpyxl.load_workbook(hostile)
    assert isinstance(raised.value.__cause__, DefusedXmlException)
    refused(hostile, ["check", hostile], f"Config: {hostile} is refused: its part xl/worksheets/sheet1.xml declares "
                                         "XML entities (a DTD), never found in a workbook")  # the sheet it is named


def test_zip_bomb_is_refused_from_the_directory_quickly(book: Path) -> None:
    bomb = book.with_name("bomb.xlsx")
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", "<workbook/>")
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as part:
            zeros = b"\0" * 2**20
            for _ in range(safety.MAX_UNPACKED // 2**20 + 1):
                part.write(zeros)
    assert bomb.stat().st_size < 2 * 2**20
    with within_cpu(2):
        refused(bomb, ["pair", bomb], f"{bomb} is too large to be a tournament workbook (201 MB unpacked)")


def test_highly_compressed_part_is_refused(book: Path) -> None:
    bomb = book.with_name("bomb.xlsx")
    rezip(book, bomb, add={"xl/media/padding.bin": b"\0" * (20 * 2**20)})
    refused(bomb, ["pair", bomb],
            f"{bomb} is refused: its part xl/media/padding.bin unpacks to 20 MB, far more than a tournament")


@pytest.mark.parametrize("name", ["club.xlsm", "macro.xlsx"])
def test_workbook_with_macros_is_refused(book: Path, name: str) -> None:
    macro = book.with_name(name)
    rezip(book, macro, add={"xl/vbaProject.bin": b"VBA"})
    refused(macro, ["pair", macro], f"{macro} is a workbook with macros; forsxl does not open those: save it as .xlsx "
                                    "(Excel Workbook) and run again")


def test_huge_sheet_is_refused_quickly(book: Path) -> None:
    huge = book.with_name("huge.xlsx")
    row = b'<row r="%d"><c r="A%d"><v>1</v></c></row>'
    sheet = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' + b"".join(
        row % (i, i) for i in range(1, 1_100_000)) + b"</sheetData></worksheet>"
    rezip(book, huge, replace={"xl/worksheets/sheet1.xml": sheet})
    size = len(sheet) // 2**20
    with within_cpu(3):
        refused(huge, ["check", huge], f"{huge} is refused: its part xl/worksheets/sheet1.xml unpacks to {size} MB, "
                                       "far more than a tournament")


def test_stray_cell_far_below_the_table_is_named(book: Path) -> None:
    edit(book, "Players", 1048576, Name="x")
    with within_cpu(10):
        refused(book, ["pair", book], "Players!H1048576: the sheet reaches row 1048576, column 8; forsxl reads at "
                                      "most 10000 rows and 200 columns: clear the cells beyond the table")


@pytest.mark.parametrize("damage", ["truncated", "garbage workbook.xml", "empty file"])
def test_broken_xlsx_is_refused(book: Path, damage: str) -> None:
    broken = book.with_name("broken.xlsx")
    if damage == "truncated":
        broken.write_bytes(book.read_bytes()[: book.stat().st_size // 2])
    elif damage == "garbage workbook.xml":
        rezip(book, broken, replace={"xl/workbook.xml": b"<not-a-workbook"})
    else:
        broken.write_bytes(b"")
    result = invoke("check", broken)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert problems(result)[0].startswith(f"{broken} is not an .xlsx workbook (")


# ---------------------------------------------- what check accepts, every command reads; what they refuse, check names
# (issue 31; tests/test_agreement.py searches for more)

REREAD = "open the workbook in Excel or LibreOffice and save it again"


def sheet_part(path: Path, title: str) -> str:
    """The part a sheet of the workbook at `path` is written in."""
    with zipfile.ZipFile(path) as archive:
        found = Parts(archive.read, set(archive.namelist()))
    return next(entry.part for entry in found.sheets if entry.name == title)


def with_cell(source: Path, target: Path, title: str, at: tuple[int, int], cell: bytes) -> None:
    """A copy of a workbook with one cell of a sheet written as `cell`, its other bytes kept."""
    part = sheet_part(source, title)
    with zipfile.ZipFile(source) as archive:
        rezip(source, target, replace={part: SheetXml(archive.read(part)).rewritten({at: cell})})


def every_command_refuses(path: Path, *lines: str) -> None:
    """`check` names the problem, and the commands that read the workbook refuse with the same lines."""
    for command in ("check", "pair", "standings", "publish"):
        refused(path, [command, path], *lines)


@pytest.mark.parametrize("name", ["../../x", "/etc/x", "xl\\media\\x.png"])
def test_a_zip_entry_that_is_no_part_is_refused(book: Path, name: str) -> None:
    """A save copies every part: an entry named out of the package, or with Windows' separator, is never written
    back (issue 31)."""
    hostile = book.with_name("hostile.xlsx")
    rezip(book, hostile, add={name: b"x"})
    every_command_refuses(hostile, f"{hostile} is refused: it holds a file named {name}, which is no part of a "
                                   f"workbook (it leads out of the workbook's folders, or has a backslash): {REREAD}")


@pytest.mark.parametrize("twice", ["xl/styles.xml", "XL/Styles.xml"])
def test_a_part_twice_in_the_zip_is_refused(book: Path, twice: str) -> None:
    """zipfile reads the last of two entries of one name and a save wrote both; part names ignore case (OPC)."""
    hostile = book.with_name("hostile.xlsx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile's `Duplicate name`
        rezip(book, hostile, add={twice: b"<styleSheet/>"})
    every_command_refuses(hostile, f"{hostile} is refused: it holds two parts named {twice}, and which of them is "
                                   f"the workbook's cannot be told: {REREAD}")


def declared(xml: bytes, encoding: str) -> bytes:
    """A part with its XML declaration naming `encoding`."""
    return f'<?xml version="1.0" encoding="{encoding}"?>'.encode() + re.sub(rb"^<\?xml[^>]*\?>", b"", xml)


def encoding_line(path: Path, part: str, encoding: str) -> str:
    return (f"{path} is refused: its part {part} is written in the encoding {encoding}, and forsxl reads and writes a "
            f"workbook in UTF-8, as Excel and LibreOffice save it: {REREAD}")


@pytest.mark.parametrize("encoding", ["windows-1251", "KOI8-R", "GBK", "Shift_JIS", "utf-7", "x-no-such", "utf8"])
@pytest.mark.parametrize("part", ["Players", "docProps/core.xml"])
def test_a_part_in_an_encoding_expat_lacks_is_refused_before_it_is_parsed(book: Path, encoding: str,
                                                                          part: str) -> None:
    """expat decodes UTF-8, UTF-16, ISO-8859-1 and US-ASCII itself, by those names; for any other, pyexpat decodes
    through a table it makes from Python's codec, where CPython 3.13 once raised a SystemError, and GBK, utf-7 and
    an unknown name gave a traceback from every command. A part that declares one is refused from its first bytes by
    the check every reader passes first, before expat or openpyxl parses a part: a sheet, and a part forsxl only
    copies alike (issue 31)."""
    hostile = book.with_name("hostile.xlsx")
    name = part if "/" in part else sheet_part(book, part)
    with zipfile.ZipFile(book) as archive:
        rezip(book, hostile, replace={name: declared(archive.read(name), encoding)})
    line = encoding_line(hostile, name, encoding)
    with pytest.raises(WorkbookErrors) as raised:
        safety.check_archive(hostile, "xl/workbook.xml")  # zipfile and the first bytes: nothing parsed
    assert [message(error, Lang.EN) for error in raised.value.errors] == [line]
    every_command_refuses(hostile, line)


@pytest.mark.parametrize(("module", "name"), [(safety._Sheets, "start"), (safety, "Parts"), (openpyxl_private, "read")])
def test_a_system_error_in_reading_is_not_taken_for_a_refusal(book: Path, monkeypatch: pytest.MonkeyPatch,
                                                              module: Any, name: str) -> None:
    """A SystemError is a bug, in Python or in forsxl: reading a workbook lets it out as one, never as the workbook
    refused, wherever it comes: in the parser of the bounds pass, in finding the parts, in openpyxl; also in a part
    in another encoding than UTF-8, where the bounds pass took one for the part's refusal (issue 31)."""
    def fail(*_args: Any) -> None:
        raise SystemError("error return without exception set")

    latin = book.with_name("latin.xlsx")
    with zipfile.ZipFile(book) as archive:  # the parts the bounds pass streams first
        rezip(book, latin, replace={part: declared(archive.read(part), "ISO-8859-1")
                                    for part in ("docProps/app.xml", "docProps/core.xml")})
    load(latin)
    monkeypatch.setattr(module, name, fail)
    with pytest.raises(SystemError):
        load(latin)


@pytest.mark.parametrize(("encoding", "codec"), [("ISO-8859-1", "latin-1"), ("UTF-16", "utf-16"),
                                                 ("US-ASCII", "ascii")])
def test_a_part_in_another_encoding_expat_reads_is_kept_unless_a_save_edits_it(book: Path, encoding: str,
                                                                             codec: str) -> None:
    """A save splices UTF-8 bytes into workbook.xml, styles and the sheets: one in Latin-1, UTF-16 or ASCII would come
    out broken (a name in Cyrillic in an ASCII part), so it is refused, naming the sheet. A part forsxl only copies,
    such as the properties openpyxl reads (docProps/core.xml: a Latin-1 author Müller) or the UTF-16 customXml item
    document systems add, is read and kept byte for byte (issue 31)."""
    edited = book.with_name("edited.xlsx")
    part = sheet_part(book, "Round-1")
    with zipfile.ZipFile(book) as archive:
        xml = declared(archive.read(part), encoding).decode().encode(codec, "xmlcharrefreplace")
        rezip(book, edited, replace={part: xml})
    every_command_refuses(edited, "Round-1: " + encoding_line(edited, part, encoding))
    kept = book.with_name("kept.xlsx")
    with zipfile.ZipFile(book) as archive:
        core = archive.read("docProps/core.xml").decode()
    author = "Miller" if encoding == "US-ASCII" else "Müller"
    core = re.sub(r"<dc:creator>[^<]*</dc:creator>|(?=</cp:coreProperties>)", f"<dc:creator>{author}</dc:creator>",
                  core, count=1)
    properties = declared(core.encode(), encoding).decode().encode(codec, "xmlcharrefreplace")
    item = f'<?xml version="1.0" encoding="{encoding}"?><properties><name>{author}</name></properties>'.encode(codec)
    rezip(book, kept, replace={"docProps/core.xml": properties}, add={"customXml/item1.xml": item})
    assert load(kept).workbook.properties.creator == author
    ok("pair", kept, "--round", "1", "--board", "1", "--recompute")
    with zipfile.ZipFile(kept) as archive:
        assert archive.read("docProps/core.xml") == properties and archive.read("customXml/item1.xml") == item
    ok("check", kept)


def test_a_windows_1251_workbook_xml_is_refused(book: Path) -> None:
    """A Russian sheet name in a workbook.xml another program wrote in Windows-1251 (issue 31)."""
    russian = book.with_name("russian.xlsx")
    with zipfile.ZipFile(book) as archive:
        xml = archive.read("xl/workbook.xml").decode().replace('name="Players"', 'name="Участники"')
    rezip(book, russian, replace={"xl/workbook.xml": declared(xml.encode("cp1251"), "windows-1251")})
    every_command_refuses(russian, encoding_line(russian, "xl/workbook.xml", "windows-1251"))


@pytest.mark.parametrize(("encoding", "name"), [("Shift_JIS", "Иванов"), ("ISO-8859-1", "Müller")])
def test_ods_content_in_another_encoding_than_utf8_is_refused(tmp_path: Path, encoding: str, name: str) -> None:
    """calamine reads content.xml as UTF-8 whatever it declares: a Latin-1 one read Müller as M?ller."""
    workbook = openpyxl.Workbook()
    assert workbook.active is not None
    workbook.active.title = "Players"
    workbook.active.append(["Name", "Rating"])
    workbook.active.append([name, 1800])
    write_ods(workbook, tmp_path / "utf8.ods")
    ods = tmp_path / "cup.ods"
    with zipfile.ZipFile(tmp_path / "utf8.ods") as old, zipfile.ZipFile(ods, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == "content.xml":
                data = declared(data, encoding).decode().encode(encoding)
            new.writestr(info.filename, data)
    refused(ods, ["check", ods], encoding_line(ods, "content.xml", encoding))


@pytest.mark.parametrize("change", ["cleared", "renamed", "deleted"])
def test_a_round_sheet_without_its_points_column_is_named_by_check(book: Path, change: str) -> None:
    """Every command writes a round's points: `check` said "no problems", then pair and standings stopped with
    KeyError: 'black_pts' (R11)."""
    type_results(book, "Round-1", higher_rating_wins)
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Round-1"]
    column = next(cell.column for cell in sheet[1] if cell.value == "Black pts")
    if change == "deleted":
        sheet.delete_cols(column)
    else:
        sheet.cell(1, column).value = None if change == "cleared" else "Points"
    workbook.save(book)
    every_command_refuses(book, "Round-1!1: column Black pts is missing in row 1 (R11)")


@pytest.fixture
def featured(tmp_path: Path, featured_paired: Path) -> Path:
    path = tmp_path / "club.xlsx"
    shutil.copyfile(featured_paired, path)
    return path


@pytest.fixture(scope="module")
def featured_paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The feature book as Excel lays it out (tests/featurebook.py; shared strings and all), round 1 paired."""
    path = tmp_path_factory.mktemp("featured") / "club.xlsx"
    feature_book(path, "excel")
    ok("pair", path)
    return path


@pytest.mark.parametrize(("title", "cell", "why"), [
    ("Players", b'<c r="B2" t="s"><v>-1</v></c>', "the cell asks for shared text number -1, and the workbook has "
                                                  "{strings} (numbered from 0)"),
    ("Players", b'<c r="B2" t="s"><v>{strings}</v></c>', "the cell asks for shared text number {strings}, and the "
                                                         "workbook has {strings} (numbered from 0)"),
    ("Players", b'<c r="B2" s="-1" t="inlineStr"><is><t>Adams</t></is></c>', "the cell asks for style number -1, "
                                                                             "and the workbook has {styles} "
                                                                             "(numbered from 0)"),
    ("Players", b'<c r="B2" s="999" t="inlineStr"><is><t>Adams</t></is></c>', "the cell asks for style number 999, "
                                                                              "and the workbook has {styles} "
                                                                              "(numbered from 0)"),
    ("Round-1", b'<c r="B2" s=""><v>1</v></c>', "a style or a shared text is asked for by '', which is not a number"),
    ("Standings", b'<c r="B2" t="b"><v>true</v></c>', "the cell holds 'true', and its type says true or false (1 or "
                                                      "0)"),
    ("Standings", b'<c r="B2"><v>abc</v></c>', "the cell holds 'abc', and its type says a number"),
])
def test_a_damaged_cell_is_refused_by_its_sheet_and_cell(featured: Path, title: str, cell: bytes, why: str) -> None:
    """openpyxl read a shared string's or style's index of -1 as the last entry without a word, stopped at one past
    the end with `not an .xlsx workbook (IndexError: list index out of range)`, and a value its type cannot have in
    the Standings forsxl does not give openpyxl to read was a traceback (issue 31)."""
    book = featured
    with zipfile.ZipFile(book) as archive:
        strings = len(spans(archive.read("xl/sharedStrings.xml"), {"si"}))
        styles = next(s for s in spans(archive.read("xl/styles.xml"), {"cellXfs"}))
    hostile = book.with_name("hostile.xlsx")
    with_cell(book, hostile, title, (2, 2), cell.replace(b"{strings}", str(strings).encode()))
    why = why.format(strings=strings, styles=styles.attrs["count"])
    every_command_refuses(hostile, f"{title}!B2: {hostile} is damaged here: {why}; open the workbook in Excel or "
                                   "LibreOffice, look at this cell and save it again")


def test_a_damaged_cell_is_said_in_the_language_of_the_sheet_names(book: Path) -> None:
    """Config's `lang` may be in a damaged cell: the sheet names tell the language, as they do without it."""
    damaged = book.with_name("damaged.xlsx")
    with_cell(book, damaged, "Players", (2, 2), b'<c r="B2" s="-1" t="inlineStr"><is><t>Adams</t></is></c>')
    hostile = book.with_name("hostile.xlsx")
    with zipfile.ZipFile(damaged) as archive:
        xml = archive.read("xl/workbook.xml").replace(b'name="Players"', "name=\"Участники\"".encode())
        styles = next(s for s in spans(archive.read("xl/styles.xml"), {"cellXfs"})).attrs["count"]
    rezip(damaged, hostile, replace={"xl/workbook.xml": xml})
    every_command_refuses(hostile, f"Участники!B2: {hostile} повреждён в этом месте: ячейка ссылается на стиль "
                                   f"номер -1, а в книге их {styles} (нумерация с 0); откройте книгу в Excel или "
                                   "LibreOffice, проверьте эту ячейку и сохраните книгу заново")


@pytest.mark.parametrize("part", ["xl/sharedStrings.xml", "xl/styles.xml", "xl/charts/chart1.xml"])
def test_a_missing_part_is_said_in_words(featured: Path, part: str) -> None:
    """Refusals that name no cell say what is wrong, not `KeyError: "There is no item named ..."`; without its styles,
    every styled cell would have been named as damaged (issue 31)."""
    broken = featured.with_name("broken.xlsx")
    with zipfile.ZipFile(featured) as old, zipfile.ZipFile(broken, "w") as new:
        for info in old.infolist():
            if info.filename != part:
                new.writestr(info, old.read(info))
    every_command_refuses(broken, f"{broken} is not an .xlsx workbook (its part {part} is missing)")


@pytest.mark.parametrize(("old", "new", "line"), [
    (b'name="Players"', b'name="Players/2"', "{path} is refused: it has a sheet named 'Players/2', and a sheet's "
                                             "name is never empty nor holds any of [ ] : * ? / \\: " + REREAD),
    (b'name="Log"', b'name="CONFIG"', "CONFIG: {path} is refused: two of its sheets have this name, and a workbook "
                                      "gives each sheet a name of its own: " + REREAD),
    (b'r:id="rId2"', b'r:id="rId99"', "Players: {path} is refused: its list of sheets links this sheet to rId99, "
                                      "which it does not have: " + REREAD),
    # the Log in the Config's part: `check` passed it, `standings` wrote the Log over the Config (issue 31)
    (b'r:id="rId3"', b'r:id="rId1"', "Log: {path} is refused: its list of sheets links this sheet to the part of the "
                                     "sheet Config, and writing one would write over the other: " + REREAD),
])
def test_a_sheet_list_openpyxl_stops_at_is_refused(book: Path, old: bytes, new: bytes, line: str) -> None:
    hostile = book.with_name("hostile.xlsx")
    with zipfile.ZipFile(book) as archive:
        xml = archive.read("xl/workbook.xml")
    assert old in xml
    rezip(book, hostile, replace={"xl/workbook.xml": xml.replace(old, new)})
    every_command_refuses(hostile, line.format(path=hostile))


def test_a_chart_sheet_under_a_table_s_name_is_refused(tmp_path: Path) -> None:
    """A chart sheet renamed Standings would have been taken for the table, or written over."""
    featured = tmp_path / "featured.xlsx"
    feature_book(featured, "excel")
    hostile = tmp_path / "club.xlsx"
    with zipfile.ZipFile(featured) as archive:
        xml = archive.read("xl/workbook.xml").replace(b'name="Chart"', b'name="Standings"')
    rezip(featured, hostile, replace={"xl/workbook.xml": xml})
    every_command_refuses(hostile, "Standings: a chart sheet has a name forsxl keeps for a table of the tournament: "
                                   "rename the chart sheet")


# ------------------------------------------------------------------------------------------- saving safely


def test_save_error_is_a_message_and_the_workbook_is_intact(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    type_results(book, "Round-1", higher_rating_wins)

    def denied(source: Any, target: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", denied)
    refused(book, ["pair", book], f"{book} could not be saved (Permission denied); the workbook is as it was")
    monkeypatch.undo()
    ok("pair", book)


def test_disk_full_during_write(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(self: Package, workbook: Workbook, filename: str) -> None:
        Path(filename).write_bytes(b"PK\3\4 half a workbook")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Package, "write", full)
    refused(book, ["standings", book], f"{book} could not be saved (No space left on device); the workbook is as it "
                                       "was")


def test_kill_during_save_leaves_the_original_readable(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An interrupt (Ctrl-C, a kill) half-way through writing: the old workbook stays, whole and loadable."""
    type_results(book, "Round-1", higher_rating_wins)
    before = book.read_bytes()
    real_write = Package.write

    def killed(self: Package, workbook: Workbook, filename: str) -> None:
        real_write(self, workbook, filename)
        with open(filename, "r+b") as half:
            half.truncate(os.path.getsize(filename) // 2)
        raise KeyboardInterrupt

    monkeypatch.setattr(Package, "write", killed)
    result = invoke("pair", book)
    assert result.exit_code != 0 and isinstance(result.exception, KeyboardInterrupt | SystemExit)
    assert book.read_bytes() == before
    assert sorted(p.name for p in book.parent.iterdir()) == ["club.xlsx"]
    assert len(load(book).tournament.rounds) == 1


def test_workbook_opened_in_excel_during_the_run_is_not_overwritten(book: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    type_results(book, "Round-1", higher_rating_wins)
    before = book.read_bytes()
    import forsxl.app.workflow

    real = forsxl.app.workflow.refresh_rounds

    def opened_meanwhile(loaded: Any, report: Any) -> None:
        (book.parent / "~$club.xlsx").write_bytes(b"x")
        real(loaded, report)

    monkeypatch.setattr(forsxl.app.workflow, "refresh_rounds", opened_meanwhile)
    result = invoke("pair", book)
    assert result.exit_code == 1
    assert problems(result) == [f"{book} is open in Excel; close it there and run again"]
    assert book.read_bytes() == before


def test_new_workbook_that_cannot_be_saved(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "club.xlsx"
    result = invoke("new", path)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert problems(result) == [f"{path} could not be saved (No such file or directory); the workbook is as it was"]


# ----------------------------------------------------------------------------------- edits between runs


def test_formula_typed_as_a_result(book: Path) -> None:
    edit(book, "Round-1", 3, Result='=IF(1,"B+","W+")')
    refused(book, ["standings", book], "Round-1!H3: a formula where a value was expected: =IF(1,\"B+\",\"W+\")")


def test_rows_resorted_columns_moved_extras_kept(book: Path) -> None:
    """Re-sorted rows, moved columns, an extra column and sheet, formatting, comments, an empty row in the middle."""
    type_results(book, "Round-1", higher_rating_wins)
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Round-1"]
    table = [[c.value for c in r] for r in sheet.iter_rows()]
    table = [table[0], *sorted(table[1:], key=lambda r: str(r[1]), reverse=True)]
    order = [7, 0, 2, 1, 3, 4, 5, 6, 8, 9]  # Result first, Black and White swapped as columns
    sheet.delete_rows(1, sheet.max_row)
    for r, values in enumerate(table, start=1):
        target = r if r < 5 else r + 1  # an empty row after the third board
        for c, source in enumerate(order, start=1):
            sheet.cell(target, c).value = values[source]
        sheet.cell(target, 11).value = "note" if r == 1 else f"table {r}"
    sheet["B3"].font = Font(bold=True, color="FF0000")
    sheet["C3"].fill = PatternFill("solid", fgColor="FFFF00")
    sheet["C4"].comment = Comment("checked", "referee")
    workbook.create_sheet("Notes")["A1"] = "tea at 11"
    players = workbook["Players"]
    players.insert_cols(1)
    players["A1"] = "Phone"
    workbook.save(book)
    ok("pair", book)
    after = openpyxl.load_workbook(book)
    assert after["Notes"]["A1"].value == "tea at 11"
    assert after["Players"]["A1"].value == "Phone"
    assert after["Round-1"]["K1"].value == "note" and after["Round-1"]["C4"].comment.text == "checked"
    assert after["Round-1"]["B3"].font.bold
    assert all(r["Black pts"] is not None for r in rows(book, "Round-1"))


def test_values_as_people_type_them_in_a_round_sheet(book: Path) -> None:
    """Numbers stored as text, a decimal comma, trailing spaces, a look-alike letter in a name."""
    first = rows(book, "Round-1")[0]
    latin = first["Black"].replace("a", "а")  # a Cyrillic а in a Latin name
    edit(book, "Round-1", 2, Board=" 1 ", Handicap=str(first["Handicap"]), Komi=str(first["Komi"]).replace(".", ","),
         Black=f"{latin}  ", White=f" {first['White']}", Result=" b+ ")
    type_results(book, "Round-1", lambda row: None if row["Board"] == " 1 " else "W+")
    ok("pair", book)
    assert len(load(book).tournament.rounds) == 2


def test_merged_cells_in_owned_and_typed_columns(book: Path) -> None:
    type_results(book, "Round-1", higher_rating_wins)
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Round-1"]
    sheet.merge_cells("I2:J2")  # Black pts and White pts of board 1: forsxl's own cells
    sheet.merge_cells("H3:H4")  # the Result of boards 2 and 3 in one cell
    workbook.save(book)
    ok("standings", book)  # forsxl's merged points cells are left to the person's layout
    refused(book, ["pair", book], "Round-1!H4: round 1, board 3 has no result yet; type it before pairing the next "
                                  "round (R11)")  # the lower cell of a merged Result reads empty


def test_renamed_player_is_found_by_start_number(book: Path) -> None:
    name = rows(book, "Round-1")[0]["Black"]
    workbook = openpyxl.load_workbook(book)
    players = workbook["Players"]
    row = next(c.row for c in players["B"] if c.value == name)
    players.cell(row, 2).value = f"{name}-Smith"
    workbook.save(book)
    result = ok("standings", book)
    no = next(int(r["No"]) for r in rows(book, "Standings") if r["Name"] == f"{name}-Smith")
    assert problems(result) == [f"Round-1!B2: warning: {name!r} is now {name + '-Smith'!r} in Players (No {no}); "
                                "read as the same player, and renamed here by the next command that saves the "
                                "workbook"]
    assert rows(book, "Round-1")[0]["Black"] == f"{name}-Smith"
    assert problems(ok("standings", book)) == []


def test_a_game_whose_board_cell_is_emptied_is_still_the_game(book: Path) -> None:
    """Issue 39: a Board cell cleared left the game out of the standings in silence (29 results of 30, both players
    without a game that round), and the whole column cleared moved the start points too. A row that names its two
    players is their game: an empty Board is read as the first board the round does not use, said, and written
    there by a command that saves; a bye or absence word on a row that names White too is named by every command."""
    type_results(book, "Round-1", higher_rating_wins)
    ok("standings", book)
    played = rows(book, "Standings")
    edit(book, "Round-1", 3, Board=None)
    line = ("Round-1!A3: warning: the Board cell of this game is empty; read as board 2, the first the round does "
            "not use, and written here by the next command that saves the workbook (R7)")
    assert problems(ok("check", book)) == [line]
    assert sum(len(r.games) for r in load(book).tournament.rounds) == 10
    assert problems(ok("standings", book)) == [line]
    assert rows(book, "Standings") == played and rows(book, "Round-1")[1]["Board"] == 2
    assert problems(ok("standings", book)) == []  # said once: the board is written
    workbook = openpyxl.load_workbook(book)
    for cells in workbook["Round-1"].iter_rows(min_row=2, max_col=1):
        cells[0].value = None
    workbook.save(book)
    assert len(problems(ok("standings", book))) == 10
    assert rows(book, "Standings") == played  # the start points too
    assert [r["Board"] for r in rows(book, "Round-1")] == list(range(1, 11))
    white = rows(book, "Round-1")[2]["White"]
    edit(book, "Round-1", 4, Board="bye")
    said = f"Round-1!A4: 'bye' names one player without a game, in Black, yet this row also names {white!r} as " \
           "White: clear White, or type the board number of their game (R7)"
    for command in ("check", "standings", "pair"):
        refused(book, [command, book], said)


def test_result_changed_after_the_next_round_was_paired(book: Path) -> None:
    type_results(book, "Round-1", lambda row: "B+")
    ok("pair", book)
    first = rows(book, "Round-1")[0]
    edit(book, "Round-1", 2, Result="W+")
    result = ok("standings", book)
    pair = {first["Black"], first["White"]}
    boards = sorted(r["Board"] for r in rows(book, "Round-2") if {r["Black"], r["White"]} & pair)
    (line,) = problems(result)
    assert line.startswith("Round-1!H2: warning: the result changed after round 2 was paired (Standings had ")
    assert line.endswith(f"paired on the old result: Round-2 {', '.join(map(str, boards))} (R11)")
    assert rows(book, "Log")[-1]["Changes"].endswith(line)  # and the Log keeps it
    assert problems(ok("standings", book)) == []  # said once: Standings now records the new result
    type_results(book, "Round-2", lambda row: "W+")
    ok("pair", book)
    edit(book, "Round-1", 2, Result="B+")
    (line,) = problems(ok("standings", book))
    assert line.startswith("Round-1!H2: warning: the result changed after rounds 2, 3 were paired (Standings had ")



@pytest.mark.parametrize("lang", list(Lang))
def test_standings_round_headers_read_back_as_written(lang: Lang) -> None:
    """book/recorded.py finds Standings' round columns by the headers its writer takes from layout.ROUND_COLUMN, in
    either language, and nothing else (the result-changed warning above reads them)."""
    assert [layout.round_of_column(layout.ROUND_COLUMN[lang].format(n=n)) for n in (1, 12, 999)] == [1, 12, 999]
    assert [layout.round_of_column(h) for h in ("Rating", "Rank", "R", "T3", 3, None)] == [None] * 6


# ------------------------------------------------------------------------------------------------- .ods


def write_ods(workbook: openpyxl.Workbook, path: Path) -> None:
    """A minimal OpenDocument spreadsheet with the values of every sheet, as LibreOffice would save them."""
    ods_archive(path, ods_tables(workbook))


def ods_tables(workbook: openpyxl.Workbook) -> list[str]:
    """Each sheet's values as a `<table:table>` element."""
    tables = []
    for sheet in workbook.worksheets:
        body = []
        for row in sheet.iter_rows(values_only=True):
            cells = []
            for value in row:
                if value is None:
                    cells.append("<table:table-cell/>")
                elif isinstance(value, int | float) and not isinstance(value, bool):
                    cells.append(f'<table:table-cell office:value-type="float" office:value="{value}">'
                                 f"<text:p>{value}</text:p></table:table-cell>")
                else:
                    cells.append(f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}'
                                 "</text:p></table:table-cell>")
            body.append("<table:table-row>" + "".join(cells) + "</table:table-row>")
        tables.append(f'<table:table table:name="{escape(sheet.title)}">' + "".join(body) + "</table:table>")
    return tables


def ods_archive(path: Path, tables: list[str]) -> None:
    """An OpenDocument spreadsheet of these `<table:table>` elements, as written."""
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} office:version="1.2">'
               f"<office:body><office:spreadsheet>{''.join(tables)}</office:spreadsheet></office:body>"
               "</office:document-content>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                "</manifest:manifest>")
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED)
        archive.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
        archive.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)


def test_ods_is_read_and_written_as_xlsx_beside_it(book: Path) -> None:
    type_results(book, "Round-1", higher_rating_wins)
    ods = book.with_name("cup.ods")
    workbook = openpyxl.load_workbook(book)
    workbook["Players"]["E2"] = "=1+1"  # a club typed as text in LibreOffice
    write_ods(workbook, ods)
    before = ods.read_bytes()
    xlsx = book.with_name("cup.xlsx")
    result = ok("pair", ods)
    assert problems(result)[0] == f"{ods} read; forsxl writes .xlsx only: a command that saves writes {xlsx}"
    assert ods.read_bytes() == before
    assert len(load(xlsx).tournament.rounds) == 2
    assert openpyxl.load_workbook(xlsx)["Players"]["E2"].data_type == "s"
    assert ok("check", ods).stdout == f"{ods}: 20 players, 1 round, no problems\n"  # the .ods, unchanged
    refused(ods, ["standings", ods], problems(result)[0],
            f"{xlsx} already exists beside {ods}; run forsxl on {xlsx}, or move it away")


def test_ods_repeat_bomb_is_refused_before_calamine_expands_it(tmp_path: Path) -> None:
    """Twenty bytes of `number-rows-repeated` would make calamine build 100 million cells (6 GB, 20 s)."""
    workbook = openpyxl.Workbook()
    assert workbook.active is not None
    workbook.active.title = "Players"
    write_ods(workbook, tmp_path / "empty.ods")
    bomb = tmp_path / "bomb.ods"
    row = ('<table:table-row table:number-rows-repeated="100000"><table:table-cell table:number-columns-repeated='
           '"1000" office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell></table:table-row>')
    with zipfile.ZipFile(tmp_path / "empty.ods") as old:
        content = old.read("content.xml").decode().replace('<table:table table:name="Players">',
                                                           f'<table:table table:name="Players">{row}')
    with zipfile.ZipFile(tmp_path / "empty.ods") as old, zipfile.ZipFile(bomb, "w") as new:
        for info in old.infolist():
            new.writestr(info.filename, content if info.filename == "content.xml" else old.read(info.filename))
    with within_cpu(2):
        refused(bomb, ["check", bomb], "Players!ALL100000: the sheet reaches row 100000, column 1000; forsxl reads "
                                       "at most 10000 rows and 200 columns: clear the cells beyond the table")


def test_broken_ods_is_refused(tmp_path: Path) -> None:
    ods = tmp_path / "cup.ods"
    with zipfile.ZipFile(ods, "w") as archive:
        archive.writestr("content.xml", "<office:document-content")
    result = refused(ods, ["pair", ods], *problems(invoke("pair", ods)))
    assert problems(result)[0].startswith(f"{ods} is not an .xlsx workbook (broken XML in content.xml: ")


# ------------------------------------------------------------------------------------------------- fuzz


VALUES = st.one_of(
    st.none(), st.integers(-3, 3000), st.floats(-10, 3000, allow_nan=False),
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=8),
    st.sampled_from(["=1+1", "=A1", "B+", "W+", "=", "B+F", "0-0", "bye", "absent", "своб.", "6,5", "1 915", "2d",
                     "5k", "#REF!", "Adams", "  ", "1-3", "R1", "Round-1"]),
)
CELL = st.tuples(st.just("cell"), st.integers(1, 24), st.integers(1, 12), VALUES)
SHEET = st.tuples(st.sampled_from(["delete", "rename", "insert_row", "delete_row", "merge", "insert_col"]),
                  st.integers(1, 24), st.integers(1, 12), st.text("abcRoundTur-1 23", min_size=1, max_size=10))


@pytest.fixture(scope="module")
def fuzz_base(played_book: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 with results and round 2 paired: every sheet forsxl reads is there to be mutated."""
    path = tmp_path_factory.mktemp("fuzz") / "club.xlsx"
    shutil.copy2(played_book, path)
    ok("pair", path)
    return path


def mutate(workbook: Workbook, mutation: tuple[Any, ...], sheet_index: int) -> None:
    kind, row, column, value = mutation
    sheet = workbook.worksheets[sheet_index % len(workbook.worksheets)]
    if kind == "cell":
        cell = sheet.cell(row, column)
        if not isinstance(cell, openpyxl.cell.cell.MergedCell):
            cell.value = value
    elif kind == "delete" and len(workbook.worksheets) > 1:
        del workbook[sheet.title]
    elif kind == "rename":
        sheet.title = "".join(ch for ch in value if ch not in "[]:*?/\\") or "x"
    elif kind == "insert_row":
        sheet.insert_rows(row)
    elif kind == "delete_row":
        sheet.delete_rows(row)
    elif kind == "insert_col":
        sheet.insert_cols(column)
    elif kind == "merge":
        sheet.merge_cells(start_row=row, start_column=column, end_row=row + 1, end_column=column)


@example(mutations=[(("rename", 1, 1, " R1"), 0)], command="pair")  # a sheet named ' R1' is named so, quoted
@settings(max_examples=examples(50, "FORSXL_FUZZ_EXAMPLES"),
          suppress_health_check=SHARED_FIXTURE)
@given(mutations=st.lists(st.tuples(st.one_of(CELL, SHEET), st.integers(0, 10)), min_size=1, max_size=4),
       command=st.sampled_from(["pair", "standings", "check"]))
def test_fuzz_mutated_workbooks_fail_cleanly_or_succeed(fuzz_base: Path, mutations: list[Any], command: str) -> None:
    """Cells and sheets changed at random: success, or exit 1 with lines naming the cell and rule and the file intact.

    CI runs 50 examples, a run of your own 16 new ones (tests/property_runs.py); `FORSXL_FUZZ_EXAMPLES=2000 pytest -k
    fuzz` searches harder.
    """
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "club.xlsx"
        workbook = openpyxl.load_workbook(fuzz_base)
        for mutation, sheet_index in mutations:
            mutate(workbook, mutation, sheet_index)
        buffer = io.BytesIO()
        workbook.save(buffer)
        path.write_bytes(buffer.getvalue())
        result = invoke(command, path)
        assert result.exit_code in (0, 1), result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in result.output
        if result.exit_code == 1:
            lines = problems(result)
            assert lines and all(line.strip() and line == line.strip() for line in lines), lines  # one line each
            assert path.read_bytes() == buffer.getvalue()
            assert sorted(p.name for p in path.parent.iterdir()) == ["club.xlsx"]


# ------------------------------------------------------------------------------------- real spreadsheet clients


def soffice(source: Path, fmt: str, outdir: Path) -> Path:
    import subprocess

    outdir.mkdir(exist_ok=True)
    subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{outdir}/.profile", "--convert-to", fmt,
                    "--outdir", str(outdir), str(source)], check=True, timeout=180, capture_output=True)
    return outdir / f"{source.stem}.{fmt.split(':')[0]}"


@pytest.mark.libreoffice
@pytest.mark.parametrize("route", ["xlsx-ods-xlsx", "xlsx-xlsx", "ods"])
def test_libreoffice_round_trip_then_pair(book: Path, route: str) -> None:
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    type_results(book, "Round-1", higher_rating_wins)
    ok("standings", book)
    if route == "xlsx-ods-xlsx":
        ods = soffice(book, "ods", book.parent / "ods")
        converted = soffice(ods, "xlsx:Calc MS Excel 2007 XML", book.parent / "back")
    elif route == "xlsx-xlsx":
        converted = soffice(book, "xlsx:Calc MS Excel 2007 XML", book.parent / "back")
    else:
        converted = soffice(book, "ods", book.parent / "ods")
    result = ok("pair", converted)
    target = converted.with_suffix(".xlsx")
    t = load(target).tournament
    assert len(t.rounds) == 2 and all(g.result is not None for g in t.rounds[0].games)
    sheet = openpyxl.load_workbook(target)["Round-2"]
    assert sheet.data_validations.dataValidation, "the Result dropdown of the new round"
    if route != "ods":
        validations = openpyxl.load_workbook(target)["Round-1"].data_validations.dataValidation
        assert validations, "the Result dropdown survives LibreOffice"
        # and so does what tells the tournament, whose versions undo goes back along (issue 39)
        assert tournament(converted.read_bytes()) == tournament(book.read_bytes()) is not None
    assert result.exit_code == 0
