"""Import and export (FORMATS.md, issue 8): real files from ../shared/testdata/formats round-trip through a workbook.

The real files are read where they lie, beside the repository (tests/realfiles.py); without them these tests skip, or
fail where CI requires them.
"""

from __future__ import annotations

import csv
import io
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from defusedxml.ElementTree import fromstring  # type: ignore[import-untyped]
from h9_reader import H9Table, parse_h9, parse_token
from hypothesis import given, settings
from hypothesis import strategies as st
from realfiles import FORMATS, needs_files, real_files
from typer.testing import CliRunner, Result
from workbooks import type_players

from forsxl.book.exchange import results_workbook
from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.config import (
    Basis,
    Config,
    Edge,
    Seat,
    Seeding,
    StartMethod,
    Tiebreak,
    Weights,
)
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Player, PlayerId, Round, Sitout, Tournament
from forsxl.engine.model import Result as Outcome
from forsxl.engine.pairing.methods import MCMAHON
from forsxl.engine.pairing.weighted import score_field, total_cost
from forsxl.engine.report import make_report
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round, round_state, seated
from forsxl.engine.values import Rank
from forsxl.formats import decode, one_line
from forsxl.formats.csv import csv_text, write_standings_csv
from forsxl.formats.egd import parse_aga, parse_egd, parse_ffg
from forsxl.formats.h9 import H9Options, write_h9
from forsxl.formats.names import egf_name
from forsxl.formats.opengotha import GothaTournament, import_opengotha, parse_opengotha, write_opengotha
from forsxl.formats.registry import AUTO, EXPORTS, IMPORTS, choices, detect

GOTHA = real_files("opengotha_xml", "*.xml")
runner = CliRunner()


def invoke(*args: object) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def games_of(table: H9Table) -> Counter[tuple[int, str, str, str, str, int]]:
    """(round, player, opponent, outcome, colour, stones) for every game of an EGF table, by name."""
    names = {i: row.name for i, row in enumerate(table.rows, start=1)}
    return Counter((r, row.name, names[res.opponent], res.outcome, res.color, res.stones)
                   for row in table.rows for r, res in enumerate(row.results, start=1) if res.opponent)


def imported(tmp_path: Path, xml: Path) -> Path:
    book = tmp_path / f"{xml.stem}.xlsx"
    result = invoke("import", book, xml)
    assert result.exit_code == 0, result.output
    return book


# ------------------------------------------------------------------------------------ OpenGotha and EGF


def game_records(g: GothaTournament) -> set[tuple[int, str, str, int, str]]:
    """(round, black, white, handicap, result) by full names: what a round trip must keep."""
    names = {p.key: p.full_name for p in g.players}
    return {(e.round, names.get(e.black.upper(), e.black), names.get(e.white.upper(), e.white), e.handicap,
             e.result) for e in g.games}


def bye_records(g: GothaTournament) -> set[tuple[int, str]]:
    """(round, player) of each bye by full name."""
    names = {p.key: p.full_name for p in g.players}
    return {(r, names.get(k.upper(), k)) for r, k in g.byes}


@needs_files
def test_formats_ioct_opengotha_to_h9_reproduces_the_real_h9_game_for_game(tmp_path: Path) -> None:
    book = imported(tmp_path, FORMATS / "opengotha_xml" / "ioct-2020-02.xml")
    out = tmp_path / "ioct.h9"
    result = invoke("export", book, "--format", "egf", "-o", out, "--egf-class", "D", "--minutes", "120")
    assert result.exit_code == 0, result.output
    ours = parse_h9(out.read_text("utf-8"))
    real = parse_h9((FORMATS / "egf_h9" / "ioct-2020-02.h9").read_text("latin-1"))
    assert ours.problems == [] and real.problems == []
    assert games_of(ours) == games_of(real)
    assert {r.name for r in ours.rows} == {r.name for r in real.rows}
    assert {r.name: r.country for r in ours.rows} == {r.name: r.country for r in real.rows}
    assert {k: ours.tags[k] for k in ("CL", "EV", "DT", "KM", "TM")} == {
        "CL": "D", "EV": "Istanbul Online City Tournament 2020/02", "DT": "2020-08-30,2020-08-30", "KM": "6.5",
        "TM": "120"}
    assert {r.pin for r in ours.rows} == {"18586293", "13701534", "19513340", "19250198"}


@needs_files
@pytest.mark.parametrize("xml", GOTHA, ids=lambda p: p.stem)
def test_formats_opengotha_round_trip_loses_no_player_game_result_or_handicap(tmp_path: Path, xml: Path) -> None:
    book = imported(tmp_path, xml)
    assert invoke("check", book).exit_code == 0
    out = tmp_path / "again.xml"
    assert invoke("export", book, "--format", "opengotha", "-o", out).exit_code == 0
    before, after = parse_opengotha(xml.read_bytes()), parse_opengotha(out.read_bytes())
    assert {(p.full_name, p.rating, p.egd_pin, p.club) for p in after.players} == {
        (p.full_name, p.rating, p.egd_pin, p.club) for p in before.players}
    assert game_records(after) == game_records(before)
    assert bye_records(after) == bye_records(before)
    assert after.general["numberOfRounds"] == before.general["numberOfRounds"]


@needs_files
def test_formats_opengotha_import_keeps_byes_and_continues_where_opengotha_stopped(tmp_path: Path) -> None:
    book = load(imported(tmp_path, FORMATS / "opengotha_xml" / "veterans-2021.xml"))
    t = book.tournament
    assert len(t.players) == 43 and len(t.rounds) == 5 and all(r.complete for r in t.rounds)
    bye = next(p for p in t.players if p.name == "Gajdos Chantal")
    assert (bye.id, "bye") in [(pid, str(kind)) for pid, kind in t.rounds[1].sitouts]
    out = tmp_path / "v.h9"
    assert invoke("export", book.path, "-o", out).exit_code == 0
    row = next(r for r in parse_h9(out.read_text("utf-8")).rows if r.name == "Gajdos Chantal")
    assert (row.results[1].opponent, row.results[1].outcome) == (0, "+")
    assert invoke("pair", book.path).exit_code == 1  # all 5 rounds are played: nothing left to pair


def _dtd(text: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Declared attributes and required attributes per element of a DTD."""
    declared: dict[str, set[str]] = {}
    required: dict[str, set[str]] = {}
    for element, attribute, rest in re.findall(r"<!ATTLIST\s+(\w+)\s+(\w+)\s+CDATA\s+([^>]*)>", text):
        declared.setdefault(element, set()).add(attribute)
        if "#REQUIRED" in rest:
            required.setdefault(element, set()).add(attribute)
    return declared, required


def _xsd_ints() -> dict[str, set[str]]:
    """Attributes the pairgoth XSD types as xs:int, per element name."""
    root = fromstring((FORMATS / "opengotha_xml" / "opengotha.xsd").read_bytes())
    ns = "{http://www.w3.org/2001/XMLSchema}"
    types = {t.get("name"): {a.get("name") for a in t.iter(f"{ns}attribute") if a.get("type") == "xs:int"}
             for t in root.iter(f"{ns}complexType")}
    return {e.get("name"): types.get(e.get("type"), set()) for e in root.iter(f"{ns}element")}


@needs_files
def test_formats_opengotha_export_fits_the_dtd_and_the_xsd(tmp_path: Path) -> None:
    book = imported(tmp_path, FORMATS / "opengotha_xml" / "veterans-2021.xml")
    out = tmp_path / "v.xml"
    assert invoke("export", book, "--format", "opengotha", "-o", out).exit_code == 0
    declared, required = _dtd((FORMATS / "opengotha_xml" / "tournament.dtd").read_text("utf-8"))
    elements = set(re.findall(r"<!ELEMENT\s+(\w+)", (FORMATS / "opengotha_xml" / "tournament.dtd").read_text()))
    ints = _xsd_ints()
    root = fromstring(out.read_bytes())
    for element in root.iter():
        assert element.tag in elements, element.tag
        assert required.get(element.tag, set()) <= set(element.attrib), element.tag
        assert set(element.attrib) <= declared.get(element.tag, set()), (element.tag, element.attrib)
        for attribute in ints.get(element.tag, set()) & set(element.attrib):
            int(element.get(attribute))
    assert [c.tag for c in root] == ["Players", "Games", "ByePlayers", "TournamentParameterSet"]


GOTHA_FORFEIT = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Иванов" firstName="Пётр" rank="2D" rating="2200" club="Msk" country="RU"/>
<Player name="=HYPERLINK(1)" firstName="X" rank="1D" rating="2100"/>
<Player name="Smith" firstName="Ann" rank="5K" rating="1600"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ИВАНОВПЁТР" blackPlayer="smithann" handicap="3"
 result="RESULT_WHITEWINS_BYDEF"/>
</Games>
<ByePlayers><ByePlayer player="=HYPERLINK(1)X" roundNumber="1"/></ByePlayers>
<TournamentParameterSet><GeneralParameterSet name="Forfeits" numberOfRounds="3" komi="6.5"/></TournamentParameterSet>
</Tournament>
"""


def test_formats_forfeits_go_to_the_egf_as_0_eq_unless_kept(tmp_path: Path) -> None:
    xml = tmp_path / "f.xml"
    xml.write_text(GOTHA_FORFEIT, encoding="utf-8")
    book = imported(tmp_path, xml)
    plain, kept = tmp_path / "plain.h9", tmp_path / "kept.h9"
    assert invoke("export", book, "-o", plain).exit_code == 0
    assert invoke("export", book, "-o", kept, "--keep-forfeits").exit_code == 0
    rows = {r.name: r.results[0] for r in parse_h9(plain.read_text("utf-8")).rows}
    assert rows["Ivanov Petr"] == parse_token("0=") and rows["Smith Ann"] == parse_token("0=")
    assert rows["=HYPERLINK(1) X"] == parse_token("0+")
    table = parse_h9(kept.read_text("utf-8"))
    index = {r.name: i for i, r in enumerate(table.rows, start=1)}
    kept_rows = {r.name: r.results[0] for r in table.rows}
    assert kept_rows["Ivanov Petr"] == parse_token(f"{index['Smith Ann']}+!w3")
    sheet = openpyxl.load_workbook(book)["Players"]
    name = next(c for c in sheet["B"] if str(c.value).startswith("="))
    assert name.data_type == "s"


def test_formats_xml_with_entities_is_refused(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.xml"
    bomb.write_text('<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaa">]><Tournament>&a;</Tournament>')
    result = invoke("import", tmp_path / "b.xlsx", bomb)
    assert result.exit_code == 1
    assert result.output.startswith("bomb.xml: not a readable OpenGotha file: XML")
    assert not (tmp_path / "b.xlsx").exists()


def test_formats_oversized_file_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import forsxl.formats

    monkeypatch.setattr(forsxl.formats, "MAX_BYTES", 2**20)
    big = tmp_path / "big.csv"
    big.write_bytes(b"Name,Rating\n" + b"x" * 2**21)
    invoke("new", tmp_path / "c.xlsx")
    result = invoke("import", tmp_path / "c.xlsx", big)
    assert result.exit_code == 1
    assert result.output.strip() == f"{big} is 2 MB; files over 1 MB are refused unread"


# ------------------------------------------------------------------------------------ player lists


@needs_files
def test_formats_egd_list_sample_parses() -> None:
    parsed = parse_egd((FORMATS / "rating_lists" / "egd-allworld_lp-sample.txt").read_text("latin-1"))
    assert parsed.problems == [] and len(parsed.entries) == 10
    first, sixth = parsed.entries[0], parsed.entries[5]
    assert (first.egd_pin, first.name, first.country, first.club, first.rank, first.rating) == (
        "13633719", "Aagren Thomas", "SE", "Upp", "6k", 1484)
    assert (sixth.name, sixth.country, sixth.club, sixth.rating) == ("Aalto Jukka", "", "", 218)


@needs_files
def test_formats_aga_list_sample_parses() -> None:
    parsed = parse_aga((FORMATS / "rating_lists" / "aga-tdlista-sample.txt").read_text("latin-1"))
    assert parsed.problems == [] and len(parsed.entries) == 10
    assert (parsed.entries[0].name, parsed.entries[0].rank, parsed.entries[0].club) == ("Anderson Glenn", "13k", "SEAG")
    assert parsed.entries[1].rank == ""  # Brain, Cocoa: no rating


@needs_files
def test_formats_ffg_list_sample_parses() -> None:
    parsed = parse_ffg(decode((FORMATS / "rating_lists" / "ffg-ech_ffg_V3-sample.txt").read_bytes(), "latin-1"))
    assert parsed.problems == [] and len(parsed.entries) == 10
    assert (parsed.entries[0].name, parsed.entries[0].rating, parsed.entries[0].country) == ("Aaij René", 2293, "NL")
    assert parsed.entries[5].rating is None  # -9999: not rated


def test_formats_bad_lines_are_reported_with_their_line_number() -> None:
    text = (" 13633719  Aagren Thomas                         SE  Upp     6k   --   1484     1  T040529C\n"
            " 15813842  Aahman Sebastian                      SE  Vaxj   10k   --   1l29     2  T110219Q\n")
    parsed = parse_egd(text, "list.txt")
    assert len(parsed.entries) == 1
    assert [(str(p.source), p.params["why"]) for p in parsed.problems] == [
        ("list.txt, line 2", "GoR '1l29' in columns 72-75 is not a number")]
    table = parse_h9("; CL[A]\n   1 A B  3D FR xx  3  2+/w0\n   2 C D  2K XX xx  2  1-/b0 x9\n"
                     "   3 E F  2K XX xx  2  1-/b0\n")
    assert [line for line, _ in table.problems] == [3]


def _book(tmp_path: Path, scale: str = "egf") -> Path:
    book = tmp_path / "club.xlsx"
    assert invoke("new", book).exit_code == 0
    workbook = openpyxl.load_workbook(book)
    workbook["Config"].append(["ratings.scale", scale])
    players = workbook["Players"]
    players.append([None, "Иванов Пётр", 2100])
    workbook.save(book)
    return book


def test_formats_csv_import_adds_players_and_skips_those_already_there(tmp_path: Path) -> None:
    book = _book(tmp_path)
    csv = tmp_path / "players.csv"
    csv.write_text("Имя;Рейтинг;Клуб;EGD PIN\nИвaнов Петр;2000;Msk;\n=1+2;1500;@x;\nSmith Ann;1 800;;12345678\n",
                   encoding="utf-8")
    result = invoke("import", book, csv)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{book}: imported 2 players from players.csv (csv, encoding UTF-8)",
        "skipped Ивaнов Петр (players.csv, line 2): already in Players"]
    t = load(book).tournament
    assert {(p.name, p.rating, p.club, p.egd_pin) for p in t.players} == {
        ("Иванов Пётр", 2100, "", ""), ("=1+2", 1500, "@x", ""), ("Smith Ann", 1800, "", "12345678")}
    assert invoke("import", book, csv).output.count("already in Players") == 3


@pytest.mark.parametrize(("text", "names", "unused"), [
    pytest.param("Фамилия;Имя;Рейтинг\nКотова;Вера;1850\n", ["Котова Вера"], [], id="Фамилия, Имя"),
    pytest.param("Surname,First name,Rating,Patronymic\nKotova,Vera,1850,Ivanovna\n", ["Kotova Vera"],
                 ["'Patronymic'"], id="Surname, First name"),
    pytest.param("lastName,firstName,townName,rating,id\nKotova,Vera,Tver,1850,17\n", ["Kotova Vera"], ["'id'"],
                 id="the RFG's"),
    pytest.param("ФИО;Фамилия;Рейтинг;Рейтинг\nКотова Вера;Котова;1850;1900\n", ["Котова Вера"],
                 ["'Фамилия'", "'Рейтинг'"], id="a whole name beside a surname"),
    pytest.param("Имя;Рейтинг;Старт\nКотова Вера;1850;40\n", ["Котова Вера"], ["'Старт'"], id="Имя alone"),
])
def test_formats_csv_name_parts_make_one_name_and_no_column_is_dropped_silently(
        tmp_path: Path, text: str, names: list[str], unused: list[str]) -> None:
    """Surname and first name columns make one name, surname first; a column the import does not use is named in a
    warning (issue 30)."""
    book = _book(tmp_path)
    csv = tmp_path / "players.csv"
    csv.write_text(text, encoding="utf-8")
    result = invoke("import", book, csv)
    assert result.exit_code == 0, result.output
    assert [p.name for p in load(book).tournament.players][1:] == names
    warned = [line for line in result.output.splitlines() if line.startswith("warning")]
    if unused:
        word = "column" if len(unused) == 1 else "columns"
        assert warned == [f"warning: {word} {', '.join(unused)} of players.csv not imported: a list brings a name (or "
                          "a surname and a first name), rating, rank, club, city, country, EGD PIN and RFG ID"]
    else:
        assert warned == []


def test_formats_csv_bad_line_stops_the_import_with_its_number(tmp_path: Path) -> None:
    book = _book(tmp_path)
    before = book.read_bytes()
    csv = tmp_path / "players.csv"
    csv.write_text("Name,Rating\nA,1500\nB,19l5\n", encoding="utf-8")
    result = invoke("import", book, csv)
    assert result.exit_code == 1
    assert result.output.strip() == "players.csv, line 3: 'B,19l5': rating '19l5' is not a number"
    assert book.read_bytes() == before
    csv.write_text("Имя;Рейтинг;Клуб\nА;1500;x\nБ;19l5;y\n", encoding="utf-8")  # quoted as the file has it
    assert invoke("import", book, csv).output.strip() == (
        "players.csv, line 3: 'Б;19l5;y': rating '19l5' is not a number")


@pytest.mark.parametrize(("data", "names", "encoding"), [
    pytest.param("Имя;Рейтинг;Клуб\nЁлкина Вера;2000;Тенген\nЯн Ли;1500;Msk\n".encode("cp1251"),
                 ["Ёлкина Вера", "Ян Ли"], "Windows-1251", id="a Russian Excel's CSV"),
    pytest.param("Name,Rating,Club\nMüller Jürgen,2000,Köln\nGroß Anna,1800,\nLefèvre Éloïse,1500,Paris\n"
                 .encode("cp1252"), ["Müller Jürgen", "Groß Anna", "Lefèvre Éloïse"], "Latin-1", id="Latin-1"),
    pytest.param("\ufeffName,Rating\nMüller,2000\nПетров,1500\n".encode(), ["Müller", "Петров"], "UTF-8",
                 id="UTF-8 with a BOM"),
    pytest.param("Name,Rating\nMüller,2000\n".encode(), ["Müller"], "UTF-8", id="UTF-8"),
    pytest.param("Имя\tРейтинг\nКотова Вера\t1850\n".encode("utf-16"), ["Котова Вера"], "UTF-16",
                 id="Excel's Unicode text"),
])
def test_formats_csv_encoding_is_told_and_said(tmp_path: Path, data: bytes, names: list[str], encoding: str) -> None:
    """A Russian Excel saves cp1251, a Western one Latin-1: read each as written, never `Müller` as `Mьller`, and say
    which encoding was read (issue 31)."""
    book = _book(tmp_path)
    (tmp_path / "players.csv").write_bytes(data)
    result = invoke("import", book, tmp_path / "players.csv")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        f"{book}: imported {len(names)} player{'s' * (len(names) > 1)} from players.csv (csv, encoding {encoding})")
    assert [p.name for p in load(book).tournament.players][1:] == names


def test_formats_csv_whose_encoding_cannot_be_told_is_refused_in_one_line(tmp_path: Path) -> None:
    """Byte 0xB9 is № in Windows-1251 and ¹ in Latin-1, and no letter tells which: refused, in the workbook's
    language, with what to do (issue 31)."""
    book = _book(tmp_path)
    workbook = openpyxl.load_workbook(book)
    next(row for row in workbook["Config"].iter_rows() if row[0].value == "lang")[1].value = "ru"
    workbook.save(book)
    before = book.read_bytes()
    (tmp_path / "players.csv").write_bytes(b"Name;Rating;Club\nAdams;1500;\xb9 5\n")
    result = invoke("import", book, tmp_path / "players.csv")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.strip() == ("players.csv: текст одинаково читается в кодировках Windows-1251, Latin-1, и "
                                     "читается по-разному, так что не понять, какая из них; сохраните файл как «CSV "
                                     "UTF-8» и импортируйте снова")
    assert book.read_bytes() == before


@pytest.mark.parametrize(("text", "codec", "encoding"), [
    pytest.param("Name,Rating,Club\nMüller Jürgen,2000,Köln\nGroß Anna,1800,\n", "mac_roman", "Mac Roman",
                 id="Excel for Mac's CSV (Macintosh)"),
    pytest.param("Имя;Рейтинг\nСидоров Пётр;2000\nЁлкина Вера;1800\n", "cp866", "DOS 866", id="DOS"),
    pytest.param("Имя;Рейтинг\nСидоров Пётр;2000\nЁлкина Вера;1800\n", "koi8_r", "KOI8-R", id="KOI8-R"),
    pytest.param("Name;Rating\nСидоров;2000\n", "koi8_r", "KOI8-R", id="KOI8-R, one name"),
    pytest.param("Name,Rating\nMüller Jürgen,2000\nСидоров Пётр,1900\n", "utf-16-be", "UTF-16 BE",
                 id="UTF-16 BE without a byte order mark"),
    pytest.param("Name,Rating\nMüller Jürgen,2000\n", "utf-16-le", "UTF-16 LE", id="UTF-16 LE without one"),
    pytest.param("Name,Rating\rMüller Jürgen,2000\rGroß Anna,1800\r", "mac_roman", "Mac Roman",
                 id="CR alone ending each line, as old Macs do"),
])
def test_formats_csv_in_other_encodings_reads_as_written(tmp_path: Path, text: str, codec: str, encoding: str) -> None:
    """Issue 39: Excel for Mac's «CSV (Macintosh)», DOS 866 and KOI8-R were imported as mojibake with exit 0
    (`Müller Jürgen` as `Mller Jrgen`, `Иванов` as `€ў ­®ў`), UTF-16 BE without a byte order mark was refused with
    `'\x00n\x00a…'`, and lines ended by CR alone gave Python's own csv message. Each reads as written and says its
    encoding."""
    book = _book(tmp_path)
    (tmp_path / "players.csv").write_bytes(text.encode(codec))
    result = invoke("import", book, tmp_path / "players.csv")
    assert result.exit_code == 0, result.output
    names = [re.split("[,;]", line)[0] for line in text.splitlines()[1:]]
    assert result.output.splitlines()[0] == (
        f"{book}: imported {len(names)} player{'s' * (len(names) > 1)} from players.csv (csv, encoding {encoding})")
    assert [p.name for p in load(book).tournament.players][1:] == names


@pytest.mark.parametrize(("data", "line"), [
    pytest.param("Name;Rating\nИванов №1;2000\nПетров;1900\n".encode("cp1251"),
                 "players.csv, line 2: 'Иванов №1': the name holds '№', no letters of a name in Windows-1251: the file "
                 "may be in another encoding; save it as CSV UTF-8 and import it again", id="a sign in a name"),
    pytest.param("Name;Rating\nИванов;2000\n".encode().decode("cp1252").encode(),
                 "players.csv, line 2: 'Ð˜Ð²Ð°Ð½Ð¾Ð²': the name holds '°', '²', '½', '¾', '˜', no letters of a name in "
                 "UTF-8: the file may be in another encoding; save it as CSV UTF-8 and import it again",
                 id="UTF-8 read as Latin-1 and saved as UTF-8"),
])
def test_formats_csv_name_with_what_is_no_letter_is_named_at_its_line(tmp_path: Path, data: bytes, line: str) -> None:
    """An import never exits 0 with a name's letters changed: a name holding what is no letter of the script its
    encoding writes is named at its line, and nothing is imported (issue 39)."""
    book = _book(tmp_path)
    before = book.read_bytes()
    (tmp_path / "players.csv").write_bytes(data)
    result = invoke("import", book, tmp_path / "players.csv")
    assert result.exit_code == 1 and result.output.strip() == line
    assert book.read_bytes() == before


def test_formats_csv_of_no_encoding_tried_is_refused_naming_them(tmp_path: Path) -> None:
    book = _book(tmp_path)
    (tmp_path / "players.csv").write_bytes(b"Name,Rating\nAdams\xff\x01,1500\n")
    result = invoke("import", book, tmp_path / "players.csv")
    assert result.exit_code == 1
    assert result.output.strip() == ("players.csv: its text reads in none of the encodings tried (UTF-8, UTF-16, "
                                     "Windows-1251, Latin-1, Mac Roman, DOS 866, KOI8-R); save it as CSV UTF-8 "
                                     "and import it again")


RUSSIAN = ("Иванов", "Пётр", "Сидорова", "Яна", "Щукин", "Эльвира", "Юрьев", "Ёлкина", "Чернышёв", "Жук", "Ли", "Ян")
WESTERN = ("Müller", "Jürgen", "Groß", "Lefèvre", "Éloïse", "Åström", "Øyvind", "Núñez", "Çelik", "Smith", "Anna",
           "Ørsted", "Bäcker", "Ferrão", "Ibáñez")


@settings(max_examples=200)
@given(saved=st.one_of(st.tuples(st.just("cp1251"), st.lists(st.sampled_from((*RUSSIAN, "Tengen", "Kim")), min_size=1)),
                       st.tuples(st.just("cp1252"), st.lists(st.sampled_from(WESTERN), min_size=1))),
       delimiter=st.sampled_from(",;\t"))
def test_formats_csv_encoding_any_list_of_names_reads_as_written(saved: tuple[str, list[str]], delimiter: str) -> None:
    """Any list of Russian names (with Latin club names) saved in Windows-1251, or of Western names saved in Latin-1,
    reads back as written and says so: the two readings are told apart by their implausible words (issue 31)."""
    encoding, words = saved
    text = f"Name{delimiter}Rating\n" + "".join(f"{w}{delimiter}1500\n" for w in words)
    expected = "UTF-8" if text.isascii() else "Windows-1251" if encoding == "cp1251" else "Latin-1"
    assert csv_text(text.encode(encoding)) == (text, expected)


@pytest.mark.parametrize(("body", "opened", "line", "end"), [
    pytest.param('Adams,1500\n"Baker,1600\n' + "".join(f"P{i},1500\n" for i in range(1000)), 3, "Baker,1600", 1003,
                 id="never closed"),
    pytest.param('Adams,1500\n"Baker,1600\nCole",1700\nDunn,1800\n', 3, "Baker,1600", 4, id="closed a line later"),
    pytest.param('Adams,1500,"a note\nof two lines"\nBaker,1600,"x"y,"z\nCole,1700\n', 4, "Baker,1600,xy,z", 5,
                 id="after a note of two lines"),
])
def test_formats_csv_quote_left_open_names_its_line(tmp_path: Path, body: str, opened: int, line: str,
                                                    end: int) -> None:
    """A quote left open took the lines after it into one field, exit 0, players missing: now an error at the line
    where it opened, and nothing written (issue 31). A quoted note of two lines is no such thing."""
    book = _book(tmp_path)
    before = book.read_bytes()
    csv = tmp_path / "players.csv"
    csv.write_text("Name,Rating,Notes\n" + body, encoding="utf-8")
    result = invoke("import", book, csv)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.strip() == (f"players.csv, line {opened}: {line!r}: a quote opens a field here that runs on "
                                     f"to line {end}, taking in the lines between: a quote is missing or one too many")
    assert book.read_bytes() == before


def test_formats_csv_note_of_two_lines_is_read(tmp_path: Path) -> None:
    """A quoted field of two lines without the delimiter (a note typed with Alt+Enter in Excel) is a field, and the
    line numbers after it stay the file's."""
    book = _book(tmp_path)
    csv = tmp_path / "players.csv"
    csv.write_text('Name,Rating,Notes\nAdams,1500,"a note\nof two lines"\nBaker,19l5,\n', encoding="utf-8")
    assert invoke("import", book, csv).output.strip() == (
        "players.csv, line 4: 'Baker,19l5,': rating '19l5' is not a number")
    csv.write_text('Name,Rating,Notes\nAdams,1500,"a note\nof two lines"\n', encoding="utf-8")
    assert invoke("import", book, csv).exit_code == 0
    assert [p.name for p in load(book).tournament.players][1:] == ["Adams"]


@needs_files
def test_r0_egd_gor_into_an_rfg_book_goes_through_the_rank(tmp_path: Path) -> None:
    book = _book(tmp_path, "rfg")
    egd = FORMATS / "rating_lists" / "egd-allworld_lp-sample.txt"
    result = invoke("import", book, egd, "--format", "egd", "--only", "10537560, Aagren Thomas, 99999999")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == ["not in egd-allworld_lp-sample.txt: 99999999",
                                              "2 ratings converted to ratings.scale rfg through their ranks (R0)"]
    ratings = {p.name: p.rating for p in load(book).tournament.players}
    # GoR 2375 is 4d (centred bands): the rfg 4d band is 2400-2499, its middle 2450; GoR 1484 is 6k: 1762.
    assert ratings["Aaij Rene"] == 2450 and ratings["Aagren Thomas"] == 600 + 14 * 75 + 37


def test_formats_an_export_says_what_its_readers_ask_for_and_the_config_leaves_empty(tmp_path: Path) -> None:
    """A fors-club book without date and place: the EGD asks for DT and PC, OpenGotha ranks by its own scores."""
    book = _book(tmp_path)
    result = invoke("export", book, "--format", "egf", "-o", tmp_path / "club.h9")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "warning: EGF: Config date is empty, so the file leaves DT[] empty; write it there for the rating list",
        "warning: EGF: Config place is empty, so the file leaves PC[] empty; write it there for the rating list",
        "warning: EGF: no two-letter country (FR, RU) in Players Country of Иванов Пётр; the file writes XX for them"]
    result = invoke("export", book, "--format", "opengotha", "-o", tmp_path / "club.xml")
    assert result.stderr.splitlines() == [
        "warning: OpenGotha pairs and ranks by McMahon score or Swiss points: the file holds the players, games and "
        "handicaps, not the pairing by neighbours in the standings or its points",
        "warning: OpenGotha: Config date is empty, so the file leaves beginDate empty; write it there for the rating "
        "list"]
    workbook = openpyxl.load_workbook(book)
    given = {"date": "2026-11-28", "place": "RU, Moscow", "pairing.method": "mcmahon"}
    for key, value in workbook["Config"].iter_rows(min_row=2, max_col=2):
        value.value = given.pop(str(key.value), value.value)
    for key in given:
        workbook["Config"].append([key, given[key]])
    workbook["Players"]["F1"], workbook["Players"]["F2"] = "Country", "ru"
    workbook.save(book)
    for fmt in ("egf", "opengotha"):
        result = invoke("export", book, "--format", fmt, "-o", tmp_path / f"again.{fmt}")
        assert (result.exit_code, result.stderr) == (0, ""), result.output
    assert "; PC[RU, Moscow]" in (tmp_path / "again.egf").read_text("utf-8")


def test_formats_an_export_names_the_players_and_the_place_its_readers_would_miss(tmp_path: Path) -> None:
    """Frioul's players have a club and no country, its place no country: the h9 writes PC[,Frioul] and XX and says
    so, naming them; OpenGotha, which opens no player without a first name or with a country of other than two
    letters, gets a first name '-' (read back as none) and no country, each said (issue 29)."""
    book = _book(tmp_path)
    workbook = openpyxl.load_workbook(book)
    given = {"date": "2018-05-05", "place": "Frioul"}
    for key, value in workbook["Config"].iter_rows(min_row=2, max_col=2):
        value.value = given.get(str(key.value), value.value)
    workbook["Config"].append(["pairing.method", "mcmahon"])
    players = workbook["Players"]
    players["E1"], players["F1"], players["E2"] = "Club", "Country", "Mars"
    players.append([None, "Plato", 1900, None, "Athe", "Greece"])
    players.append([None, "Morel Aurélien", 1800, None, "Mars", "fr"])
    workbook.save(book)
    result = invoke("export", book, "--format", "egf", "-o", tmp_path / "frioul.h9")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "warning: EGF: Config place 'Frioul' names no country, so the file writes PC[,Frioul]; write it as 'FR, Paris' "
        "for the rating list",
        "warning: EGF: no two-letter country (FR, RU) in Players Country of Иванов Пётр, Plato; the file writes XX for "
        "them"]
    lines = (tmp_path / "frioul.h9").read_text("utf-8").splitlines()
    assert "; PC[,Frioul]" in lines
    assert [line[40:47] for line in lines if not line.startswith(";")] == ["XX Mars", "XX Athe", "FR Mars"]
    result = invoke("export", book, "--format", "opengotha", "-o", tmp_path / "frioul.xml")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "warning: OpenGotha opens no player without a first name, and Players Name of Plato is one word; the file "
        "writes the first name '-', which forsxl reads back as none",
        "warning: OpenGotha: no two-letter country (FR, RU) in Players Country of Plato; the file writes \"\" for "
        "them"]
    written = {p.key: (p.first_name, p.country, p.full_name)
               for p in parse_opengotha((tmp_path / "frioul.xml").read_bytes()).players}
    assert written == {"ИВАНОВПЁТР": ("Пётр", "", "Иванов Пётр"), "PLATO-": ("-", "", "Plato"),
                       "MORELAURÉLIEN": ("Aurélien", "FR", "Morel Aurélien")}


def test_formats_opengotha_export_leaves_a_late_entrant_out_of_the_rounds_before_they_came() -> None:
    players = tuple(Player(PlayerId(n), name, 2100 - 100 * n) for n, name in enumerate(("Alpha Ann", "Beta Bob",
                                                                                      "Gamma Gil", "Delta Dan"), 1))
    first = Round(1, (Game(1, PlayerId(1), PlayerId(2), 0, Fraction(13, 2), 0, 1, Outcome.BLACK_WINS),),
                  ((PlayerId(3), Sitout.BYE),))
    t = Tournament(Config(rounds=3), players, (first,))  # Delta Dan came for round 2
    flags = {p.get("name"): p.get("participating")[:3] for p in fromstring(write_opengotha(t)).iter("Player")}
    assert flags == {"Alpha": "111", "Beta": "111", "Gamma": "111", "Delta": "011"}


def test_formats_opengotha_export_writes_each_name_as_its_lots_read_it() -> None:
    """OpenGotha's lots hash `name + firstName` (R7.4): the export writes the names forsxl's lots read, a surname's
    `_` as its space (FORMATS §1.3) and a name typed with stray spaces as typed, and keys its games by them."""
    players = (Player(PlayerId(1), "Van_der_Berg Jan", 2000), Player(PlayerId(2), "Chen Jiale", 1900,
                                                                        written="Chen Jiale "))
    rnd = Round(1, (Game(1, PlayerId(2), PlayerId(1), 0, Fraction(13, 2), 0, 1, Outcome.BLACK_WINS),), ())
    root = fromstring(write_opengotha(Tournament(Config(rounds=3), players, (rnd,))))
    assert [(p.get("name"), p.get("firstName")) for p in root.iter("Player")] == [("Van der Berg", "Jan"),
                                                                                  ("Chen", "Jiale ")]
    assert [(g.get("whitePlayer"), g.get("blackPlayer")) for g in root.iter("Game")] == [("VANDERBERGJAN",
                                                                                          "CHENJIALE")]


def test_r0_opengotha_export_keeps_an_rfg_rating_apart_from_gor(tmp_path: Path) -> None:
    book = _book(tmp_path, "rfg")
    out = tmp_path / "club.xml"
    assert invoke("export", book, "--format", "opengotha", "-o", out).exit_code == 0
    player = parse_opengotha(out.read_bytes()).players[0]
    assert (player.rating, player.rating_origin, player.rank) == (2100, "RGF : 2100", "1D")  # 1d: GoR 2100
    back = tmp_path / "back.xlsx"
    assert invoke("import", back, out).exit_code == 0
    t = load(back).tournament
    assert str(t.config.ratings.scale) == "rfg" and t.players[0].rating == 2100


def test_formats_egf_names_are_latin_with_underscores() -> None:
    assert egf_name("Иванов Пётр Сергеевич") == "Ivanov Petr_Sergeevich"
    assert egf_name("Çelebican Barkın") == "Celebican Barkin"
    assert egf_name("Щукин Юрий") == "Shchukin Iurii"
    assert egf_name("Дмитриев Дмитрий") == "Dmitriev Dmitrii"  # ICAO Doc 9303, as the EGD writes it


def test_formats_csv_and_xlsx_exports_show_each_column_once(tmp_path: Path) -> None:
    """The rating tie-break of fors-club is the Rating column already (as in Standings): not a second one."""
    book = _book(tmp_path)
    assert Tiebreak.RATING in load(book).tournament.config.tiebreaks
    header = invoke("export", book, "--format", "csv").stdout.splitlines()[0].split(",")
    out = tmp_path / "results.xlsx"
    assert invoke("export", book, "--format", "xlsx", "-o", out).exit_code == 0
    sheet = openpyxl.load_workbook(out).worksheets[0]
    for headings in (header, [c.value for c in sheet[1]]):
        assert len({str(h).casefold() for h in headings}) == len(headings), headings


def test_formats_csv_export_keeps_text_as_text(tmp_path: Path) -> None:
    book = _book(tmp_path)
    workbook = openpyxl.load_workbook(book)
    workbook["Players"].append([None, "cmd", 1500])
    workbook["Players"]["B3"].value = "=cmd()"
    workbook["Players"]["B3"].data_type = "s"  # typed as text, as Excel keeps a name with a leading apostrophe
    workbook.save(book)
    result = invoke("export", book, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert "'=cmd()" in result.output and result.output.startswith("Place,Shared,No,Name,Rating,Rank")


@pytest.mark.parametrize("club", ["+7", "-7", "=7", "@7", "+7 495 123-45-67"])
def test_formats_csv_export_guards_a_text_that_reads_as_a_number_or_formula(tmp_path: Path, club: str) -> None:
    """Issue 39: a club named `+7` (a phone code) was exported bare, and a spreadsheet reads it as the formula
    `=+7`; text that starts with = + - @ is guarded whatever follows, and only a number cell keeps its sign."""
    book = _book(tmp_path)
    workbook = openpyxl.load_workbook(book)
    workbook["Players"].append([None, "Minus", -900])
    workbook["Players"]["A1"].value = "No"
    workbook["Players"]["D1"].value = "Club"
    workbook["Players"]["D2"].value = club
    workbook["Players"]["D2"].data_type = "s"
    workbook.save(book)
    result = invoke("export", book, "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0][6] == "Club" and {row[6] for row in rows[1:3]} == {"", f"'{club}"}
    assert {row[4] for row in rows[1:3]} == {"2100", "-900"}  # numbers keep their sign


def test_formats_csv_export_in_russian_is_what_a_russian_excel_opens(tmp_path: Path) -> None:
    """Issue 20: `lang: ru` gives `;` between fields, a decimal comma and a UTF-8 byte order mark first (Excel reads
    the Cyrillic as cp1251 without it). English stays `,`, a point and no mark (the test above)."""
    import csv

    book = tmp_path / "club.xlsx"
    assert invoke("new", book, "--lang", "ru", "--preset", "swiss").exit_code == 0
    workbook = openpyxl.load_workbook(book)
    workbook["Настройки"].append(["attendance.bye_points", "0,5"])
    for name, rating in (("Иванов Пётр", 2100), ("Смит Энн", 1800), ("Ли Бо", 1500)):
        workbook["Участники"].append([None, name, rating])
    workbook.save(book)
    assert invoke("pair", book).exit_code == 0
    out = tmp_path / "club.csv"
    assert invoke("export", book, "--format", "csv", "-o", out).exit_code == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf\xd0\x9c\xd0\xb5\xd1\x81\xd1\x82\xd0\xbe;")  # BOM, then "Место;"
    rows = list(csv.reader(data.decode("utf-8-sig").splitlines(), delimiter=";"))
    assert rows[0][:4] == ["Место", "Делёж", "№", "Имя"] and rows[0][9:11] == ["Т1", "Очки"]
    assert [row[10] for row in rows[1:4]] == ["0,5", "0", "0"]  # the bye's half point, with a comma
    # the colours in Russian letters (a Latin b reads as Б, белые), and the legend below the table (issue 30)
    assert sorted(row[9][-1] for row in rows[2:4]) == ["б", "ч"]
    assert rows[4:] == [[], ["Клетка тура: № соперника, результат (+ победа, - поражение, = ничья, ? ещё не сыграна), "
                             "затем цвет (ч чёрные, б белые) и фора в камнях; ! вместо / — партия не игралась "
                             "(неявка); 0 вместо номера — тур без партии (без пары или пропуск)."]]


def test_formats_xlsx_export_is_results_only(tmp_path: Path) -> None:
    book = _book(tmp_path)
    out = tmp_path / "fed.xlsx"
    assert invoke("export", book, "--format", "xlsx", "-o", out).exit_code == 0
    workbook = openpyxl.load_workbook(out)
    assert workbook.sheetnames == ["Standings", "Games"]
    assert [c.value for c in workbook["Standings"][2]][:4] == [1, None, 1, "Иванов Пётр"]  # a place is a number
    assert invoke("export", book, "--format", "xlsx", "-o", book).exit_code == 1


@pytest.mark.parametrize(("body", "why"), [("Iva\x00nov,1500\n", "a control character in a field"),
                                           ("A\x07,1e400\n", "rating '1e400' is not a number"),
                                           (f"A,1500,{'x' * 140_000}\n", "field larger than field limit (131072)")])
def test_formats_csv_that_csv_cannot_read_is_one_line(tmp_path: Path, body: str, why: str) -> None:
    """A NUL byte, a huge number or a 140 KB field: one line naming the file and line, never a traceback (issue 19)."""
    book = _book(tmp_path)
    before = book.read_bytes()
    csv = tmp_path / "players.csv"
    csv.write_text("Name,Rating,Club\n" + body, encoding="utf-8")
    result = invoke("import", book, csv)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.strip().endswith(f": {why}") and result.output.startswith("players.csv, line 2: ")
    assert book.read_bytes() == before


def test_formats_h9_fields_stay_on_their_line(tmp_path: Path) -> None:
    """A line break or `]` typed into Config name/place/date, or junk in an EGD PIN, cannot forge an h9 line or tag
    (issue 19): the export keeps its header tags and one line per player, and reads back whole."""
    book = tmp_path / "club.xlsx"
    assert invoke("new", book).exit_code == 0
    workbook = openpyxl.load_workbook(book)
    config = workbook["Config"]
    for row in config.iter_rows(min_row=2):
        if row[0].value in ("name", "place", "date"):
            row[1].value = f"Cup]\n; CL[X]\r\n   1 Forged Line  9D XX xx 99 |{row[0].value}"
    players = workbook["Players"]
    players.cell(1, players.max_column + 1, "EGD PIN")
    header = [c.value for c in players[1]]
    for name, rating in (("Иванов Пётр", 2100), ("Smith Ann", 1900)):
        players.append({header.index("Name") + 1: name, header.index("Rating") + 1: rating,
                        header.index("EGD PIN") + 1: "12345678\n; CL[X]"})
    workbook.save(book)
    out = tmp_path / "club.h9"
    assert invoke("export", book, "-o", out).exit_code == 0
    text = out.read_text("utf-8")
    assert [line for line in text.splitlines() if "CL[" in line] == ["; CL[A]"]
    assert "Forged" not in "".join(line for line in text.splitlines() if not line.startswith(";"))
    table = parse_h9(text)
    assert not table.problems and [r.pin for r in table.rows] == ["12345678", "12345678"]


# ------------------------------------------------------------------------------------ OpenGotha goes on (issue 21)


def gotha_scores(xml: Path) -> dict[str, dict[str, Fraction]]:
    """Each player's OpenGotha criteria by full name, straight from the file and PEERS §1.5-1.6: the start score is the
    rank held between floor and bar plus smmsCorrection; MMS and NBW add the wins and the byes' and absences' values,
    summed and rounded down; SOSM adds each opponent's MMS with the stones given (+) or taken (-), and for a round
    without a game the player's start score; SOSOSM the opponents' SOSM, the start score times the rounds for a round
    without a game; SOSW and SOSOSW likewise over NBW, 0 for a round without a game."""
    g = parse_opengotha(xml.read_bytes())
    general = g.general
    bar, floor = Rank.from_text(general["genMMBar"]).index, Rank.from_text(general["genMMFloor"]).index
    rounds = max(e.round for e in g.games)
    start = {p.key: Fraction(min(max(Rank.from_text(p.rank).index, floor), bar) + p.correction) for p in g.players}
    share = {"RESULT_WHITEWINS": (1, 0), "RESULT_BLACKWINS": (0, 1), "RESULT_EQUAL": (Fraction(1, 2),) * 2,
             "RESULT_WHITEWINS_BYDEF": (1, 0), "RESULT_BLACKWINS_BYDEF": (0, 1)}
    played: dict[str, list[tuple[str, int]]] = {p.key: [] for p in g.players}  # (opponent, stones given)
    wins = dict.fromkeys(start, Fraction(0))
    for e in g.games:
        white, black = e.white.upper(), e.black.upper()
        played[white].append((black, e.handicap))
        played[black].append((white, -e.handicap))
        wins[white] += share.get(e.result, (0, 0))[0]
        wins[black] += share.get(e.result, (0, 0))[1]
    byes = Counter(key.upper() for _, key in g.byes)
    absences = {p.key: rounds - len(played[p.key]) - byes[p.key] for p in g.players}

    def extra(family: str, key: str) -> Fraction:
        total = Fraction(byes[key] * int(general[f"gen{family}2ValueBye"]) + absences[key]
                         * int(general[f"gen{family}2ValueAbsent"]), 2)
        return Fraction(math.floor(total)) if general["genRoundDownNBWMMS"] == "true" else total

    mms = {k: start[k] + wins[k] + extra("MMS", k) for k in start}
    nbw = {k: wins[k] + extra("NBW", k) for k in start}
    unplayed = {k: rounds - len(played[k]) for k in start}
    sosm = {k: sum(mms[o] + s for o, s in played[k]) + unplayed[k] * start[k] for k in start}
    sosw = {k: sum(nbw[o] for o, _ in played[k]) for k in start}
    names = {p.key: p.full_name for p in g.players}
    return {names[k]: {"mms": mms[k], "nbw": nbw[k], "sosm": sosm[k], "sosw": sosw[k],
                       "sososm": sum(sosm[o] for o, _ in played[k]) + unplayed[k] * start[k] * rounds,
                       "sososw": sum(sosw[o] for o, _ in played[k])} for k in start}


@needs_files
@pytest.mark.parametrize("xml", [x for x in GOTHA if x.stem != "ioct-2020-02"], ids=lambda p: p.stem)
def test_formats_opengotha_standings_are_opengothas_order(tmp_path: Path, xml: Path) -> None:
    """After the import `forsxl standings` ranks by OpenGotha's own criteria, valued as OpenGotha values them."""
    book = imported(tmp_path, xml)
    assert invoke("standings", book).exit_code == 0
    expected = gotha_scores(xml)
    table = standings(load(book).tournament)
    criteria = load(book).tournament.config.tiebreaks
    assert [c.value for c in criteria] in (["mms", "sosm", "sososm"], ["nbw", "sosw", "sososw"])
    for s in table:
        assert {c.value: s.values[c] for c in criteria} == {c.value: expected[s.player.name][c.value]
                                                              for c in criteria}, s.player.name
    keys = [tuple(expected[s.player.name][c.value] for c in criteria) for s in table]
    assert keys == sorted(keys, reverse=True)


@needs_files
def test_formats_opengotha_ioct_places_are_opengothas_h9(tmp_path: Path) -> None:
    """OpenGotha's own h9 export of IOCT lists its places: the imported standings give them, NBW then OpenGotha's
    direct confrontation (`dc`) as it computes it."""
    xml = FORMATS / "opengotha_xml" / "ioct-2020-02.xml"
    result = invoke("import", tmp_path / "ioct.xlsx", xml)
    assert result.output.splitlines()[1:] == []
    real = parse_h9((FORMATS / "egf_h9" / "ioct-2020-02.h9").read_text("latin-1"))
    t = load(tmp_path / "ioct.xlsx").tournament
    assert Tiebreak.DC in t.config.tiebreaks
    table = standings(t)
    assert [(s.place, s.player.name) for s in table] == [(str(i), r.name) for i, r in enumerate(real.rows, start=1)]


@needs_files
def test_formats_opengotha_import_carries_ranks_corrections_system_and_rules(tmp_path: Path) -> None:
    """Toulouse 2024: McMahon bar 2k, floor 20k, handicap by MMS less 1 with none above 2k, placement MMS, SOSM,
    SOSOSM, fold seeding, DUDD bottom to top, club factor 3; TRIKI Johan rated 1650 (4k) declared 5k."""
    t = load(imported(tmp_path, FORMATS / "opengotha_xml" / "toulouse-2024.xml")).tournament
    c = t.config
    assert (c.pairing.method, str(c.start.bar), str(c.start.floor), c.start.method) == (
        (MCMAHON.name,), "2k", "20k", StartMethod.RANK)
    assert (c.handicap.basis, c.handicap.reduction, str(c.handicap.even_above), c.handicap.max_steps) == (
        Basis.MMS, 1, "2k", 9)
    assert (c.komi.even, c.attendance.bye_points, c.attendance.absent_points, c.attendance.round_down) == (
        Fraction(15, 2), 1, Fraction(1, 2), True)
    swiss = c.swiss
    assert (swiss.weights, swiss.first_seat, swiss.seat, swiss.first_round, swiss.seeding, swiss.seeding_from) == (
        Weights.OPENGOTHA, Seat.RANKING_RATING, Seat.RANKING_RATING, Seeding.FOLD, Seeding.FOLD, 3)
    assert c.pairing.allow_rematch  # OpenGotha weighs a rematch down and never forbids one
    assert (swiss.drawn_down, swiss.drawn_up, swiss.compensate, swiss.club_gap, swiss.country_gap) == (
        Edge.BOTTOM, Edge.TOP, True, 3, 1)
    assert (str(swiss.geo_rank), swiss.geo_bar, swiss.geo_wins) == ("1d", True, True)
    triki = next(s for s in standings(t) if s.player.name == "TRIKI Johan")
    assert (triki.player.rating, str(triki.player.rank), triki.start) == (1650, "5k", 25)


OPENGOTHA_ROUND_4 = """
JUHSEIVIN BILODEAUFLORENT 0, EVAINANDÉOL NGUYEN_THEMINH 0, JUHTAEHWAN DUFOURTHOMAS 0, BILLOIRECLEMENT
MENONJEAN-FRANÇOIS 0, DENISEQUENTIN FABREROMAIN 0, SUNXIUYUAN LAMYSTEPHANE 0, NICOLAUMADEC HARDPIERRE 0,
JASKOLSKIALIOCHA CRINQUANDBENJAMIN 0, BROUARDDAVID WURZINGERRALF 0, LARROUYBASTIEN PORTALJEAN-JACQUES 0,
LE_FLOCHMOENERIC LAMYNAOKI 0, GROSDOYSIMEON TRIKIJOHAN 0, LACROIXJULIEN BONETTIBENOIT 0, GEFFROYSAMUEL LEDUNCAROLINE
3, ALBERT-AGUILARAURÉLIEN CALLENSFABIEN 2, CALLENSARMAND MENDESNELL 6, HERNANDEZMATTHIEU THOMASAKIM 2,
LAVIELLEESCOUBETJULIE ALBERT_LEDUNSOLINE 4
"""
"""Round 4 of Toulouse 2024 as OpenGotha 3.51.02's own engine pairs it from the rounds before (its Pair button run
headless on the file cut before round 4): White, Black, handicap."""


@needs_files
def test_formats_opengotha_toulouse_pairs_round_4_as_opengothas_engine(tmp_path: Path) -> None:
    """Toulouse 2024, cut before round 4 and imported: forsxl pairs round 4 as OpenGotha 3.51's own engine does,
    colours and handicaps too; and in every round its pairing costs no more by OpenGotha's cost function than the
    one the file holds. (The file is pairgoth's regression file, no dataVersion: pairgoth spares the players above
    the thresholds from geography, which OpenGotha 3.51 does not, so its own rounds are not OpenGotha's.)"""
    xml = FORMATS / "opengotha_xml" / "toulouse-2024.xml"
    g = parse_opengotha(xml.read_bytes())
    for k in range(1, 7):
        cut = tmp_path / f"before-{k}.xml"
        cut.write_text(_without_games(xml.read_text("utf-8"), k), encoding="utf-8")
        t = load(imported(tmp_path, cut)).tournament
        assert len([e for r in t.rounds for e in r.games]) == len([e for e in g.games if e.round < k])
        key = {p.id: q.key for p in t.players for q in g.players if q.full_name == p.name}
        ours = {(key[x.white], key[x.black], x.stones) for x in pair_round(t, k).games}
        theirs = {(e.white.upper(), e.black.upper(), e.handicap) for e in g.games if e.round == k}
        table = standings(t, before_round=k, ranking_only=True)
        state, rules = round_state(t, seated(t, k, table, [s.player.id for s in table if s.player.plays_in(k)]))
        field = score_field(state, rules, state.players)
        at = {key[pid]: i for i, pid in enumerate(field.ids)}
        cost = {name: total_cost([field.cost(at[w], at[b]) for w, b, _ in pairs], 2)
                for name, pairs in (("ours", ours), ("theirs", theirs))}
        assert cost["ours"] <= cost["theirs"], k
        if k == 4:
            assert ours == {(w, b, int(h)) for w, b, h in (game.split() for game in
                                                           " ".join(OPENGOTHA_ROUND_4.split()).split(", "))}


GOTHA_TIES = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Zeta" firstName="Hal" rank="6K" rating="1500" club="Club" country="FR" registeringStatus="FIN"/>
<Player name="Gamma" firstName="Ivy" rank="10K" rating="1100" club="Club" country="FR" registeringStatus="FIN"/>
<Player name="Kappa" firstName="Jo" rank="6K" rating="1500" club="Club" country="FR" registeringStatus="FIN"/>
<Player name="Delta" firstName="Bob" rank="5K" rating="1600" club="Club" country="FR" registeringStatus="FIN"/>
<Player name="Beta" firstName="Fay" rank="5K" rating="1600" club="Club" country="FR" registeringStatus="FIN"/>
<Player name="Iota" firstName="Gus" rank="5K" rating="1600" club="Club" country="FR" registeringStatus="FIN"/>
</Players>
<TournamentParameterSet>
<GeneralParameterSet name="Ties" shortName="ties" numberOfRounds="3" komi="7.5" genMMBar="1D" genMMFloor="20K"
 genMMS2ValueAbsent="1" genMMS2ValueBye="2" genRoundDownNBWMMS="true" numberOfCategories="1"/>
<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="SOSM" number="2"/></PlacementCriteria></PlacementParameterSet>
<PairingParameterSet paiMaSeedSystem1="SPLITANDRANDOM" paiMaSeedSystem2="SPLITANDRANDOM"/>
</TournamentParameterSet>
</Tournament>
"""


def test_formats_opengotha_breaks_a_tie_between_equal_cost_pairings_as_opengothas_engine(tmp_path: Path) -> None:
    """Six players of one club in three McMahon groups, round 1 with split and random: OpenGotha's cost function values
    Beta-Iota, Delta-Zeta, Kappa-Gamma exactly as Beta-Iota, Kappa-Delta, Zeta-Gamma (1,500,288,158,750,002 each,
    as OpenGotha 3.51's engine, run headless on this file, priced both). Its engine paired the second, White first
    and with its handicap, as below; forsxl, on OpenGotha's weights and in its order, pairs it too (R7.4)."""
    xml = tmp_path / "ties.xml"
    xml.write_text(GOTHA_TIES, encoding="utf-8")
    t = load(imported(tmp_path, xml)).tournament
    games = {(t.player(g.white).name, t.player(g.black).name, g.stones) for g in pair_round(t, 1).games}
    assert games == {("Beta Fay", "Iota Gus", 0), ("Kappa Jo", "Delta Bob", 0), ("Zeta Hal", "Gamma Ivy", 3)}


def _without_games(text: str, k: int) -> str:
    """The OpenGotha file as it stood before round k was paired: its games and byes of rounds k on removed."""
    return re.sub(r'<(Game|ByePlayer) [^>]*roundNumber="(\d+)"[^>]*/>',
                  lambda m: "" if int(m[2]) >= k else m[0], text)


GOTHA_DECISIONS = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Alpha" firstName="Ann" rank="2D" rating="2200" participating="11111111111111111111"/>
<Player name="Beta" firstName="Bob" rank="1D" rating="2100" participating="10111111111111111111"/>
<Player name="Gamma" firstName="Cy" rank="1K" rating="2000"/>
<Player name="Delta" firstName="Dan" rank="3K" rating="1800"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ALPHAANN" blackPlayer="BETABOB" handicap="0" result="RESULT_EQUAL"/>
<Game roundNumber="1" tableNumber="2" whitePlayer="GAMMACY" blackPlayer="DELTADAN" handicap="2"
 result="RESULT_EQUAL_BYDEF"/>
<Game roundNumber="2" tableNumber="1" whitePlayer="ALPHAANN" blackPlayer="GAMMACY" handicap="1"
 result="RESULT_EQUAL"/>
<Game roundNumber="2" tableNumber="2" whitePlayer="DELTADAN" blackPlayer="ALPHAANN" handicap="0"
 result="RESULT_BLACKWINS"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet name="Decisions" numberOfRounds="3" komi="7.5" genMMBar="9D" genMMFloor="30K"
 genMMS2ValueAbsent="1" genMMS2ValueBye="2" genRoundDownNBWMMS="true"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="STS" number="2"/><PlacementCriterion name="SOSM" number="3"/></PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"""


def test_formats_opengotha_import_warns_and_leaves_a_book_every_command_reads(tmp_path: Path) -> None:
    """A jigo with komi 7.5 and one with stones stand as OpenGotha recorded them (scoring.any_draw), a jigo by
    default is left for the referee to decide, a player's second game in a round is left out: each said, and the book
    reads."""
    xml = tmp_path / "d.xml"
    xml.write_text(GOTHA_DECISIONS, encoding="utf-8")
    book = tmp_path / "d.xlsx"
    result = invoke("import", book, xml)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{book}: imported 4 players, 2 rounds, 2 results from d.xml",
        "d.xml: OpenGotha's placement criteria STS have no forsxl counterpart and are left out of tiebreaks (R6)",
        "d.xml: round 1 table 1: a draw with komi 7.5 and 0 stones, as OpenGotha recorded it, stands as a referee's "
        "decision (Config scoring.any_draw: yes) (R4)",
        "d.xml: round 1 table 2: OpenGotha's RESULT_EQUAL_BYDEF has no forsxl record; the Result cell is left empty: "
        "type the referee's decision (B+, W+, =, B+F, W+F, 0-0 or 1-1) (R11)",
        "d.xml: round 2 table 1: a draw with komi 0 and 1 stones, as OpenGotha recorded it, stands as a referee's "
        "decision (Config scoring.any_draw: yes) (R4)",
        "d.xml: round 2 table 2: Alpha Ann already plays at another table of this round; this game is left out and "
        "the opponent unpaired: correct the round sheet if this game is the one played (R7)",
    ]
    for command in ("check", "standings"):
        assert invoke(command, book).exit_code == 0, command
    t = load(book).tournament
    assert t.config.scoring.any_draw and [s.values for s in standings(t) if s.player.name == "Alpha Ann"] == [
        {Tiebreak.MMS: Fraction(32), Tiebreak.SOSM: Fraction(61)}]  # 2d 31 + two draws; SOSM 30.5 + (29.5 + 1 stone)
    assert [(s.player.name, str(c)) for s in standings(t) for c in s.cells if c.round == 2 and not c.opponent] == [
        ("Beta Bob", "0="), ("Delta Dan", "0-")]  # absent (not participating): 1/2, rounded down; unpaired: nothing


GOTHA_BOTH = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Alpha" firstName="Ann" rank="2D" rating="2200"/>
<Player name="Beta" firstName="Bob" rank="1D" rating="2100"/>
<Player name="Gamma" firstName="Cy" rank="1K" rating="2000"/>
<Player name="Delta" firstName="Dan" rank="3K" rating="1800"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ALPHAANN" blackPlayer="BETABOB" handicap="0"
 result="RESULT_BOTHWIN"/>
<Game roundNumber="1" tableNumber="2" whitePlayer="GAMMACY" blackPlayer="DELTADAN" handicap="2"
 result="RESULT_BOTHLOSE"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet name="Both" numberOfRounds="2" komi="7.5" genMMBar="9D" genMMFloor="30K" beginDate="2020-10-03"
 endDate="2020-10-03"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="NBW" number="1"/>
<PlacementCriterion name="SOSW" number="2"/></PlacementCriteria></PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"""


def test_formats_opengotha_both_win_and_both_lose_come_and_go_as_opengotha_has_them(tmp_path: Path) -> None:
    """OpenGotha's RESULT_BOTHWIN is forsxl's 1-1, a win for each (R11): both count it in NBW and SOSW, `check` says
    so, and it goes back to OpenGotha as it came and to the EGF as a win for each (`+`), as OpenGotha writes it; its
    RESULT_BOTHLOSE is 0-0, nothing for either, back as RESULT_BOTHLOSE."""
    xml = tmp_path / "both.xml"
    xml.write_text(GOTHA_BOTH, encoding="utf-8")
    book = tmp_path / "both.xlsx"
    assert invoke("import", book, xml).output.splitlines() == [f"{book}: imported 4 players, 1 round, 2 results from "
                                                             "both.xml"]
    t = load(book).tournament
    assert [g.result for g in t.rounds[0].games] == [Outcome.BOTH_WIN, Outcome.DOUBLE_FORFEIT]
    assert [(s.player.name, s.values[Tiebreak.NBW], s.values[Tiebreak.SOSW]) for s in standings(t)] == [
        ("Alpha Ann", 1, 1), ("Beta Bob", 1, 1), ("Gamma Cy", 0, 0), ("Delta Dan", 0, 0)]
    checked = invoke("check", book).output.splitlines()
    assert checked[:2] == [
        "Round-1!H2: round 1, board 1: 1-1 is a win for both (OpenGotha's both win): Beta Bob scores 1 and Alpha Ann "
        "1, each a won game in the standings and the tie-breaks, but for neither in OpenGotha's direct confrontation "
        "(sdc, dc) (R11)",
        "Round-1!H3: round 1, board 2: 0-0 is a loss for both, by forfeit (OpenGotha's both lose): Delta Dan scores 0 "
        "and Gamma Cy 0; they have met (R7), forsxl's tie-breaks count the round as a forfeit (R6), OpenGotha's as a "
        "game (R11)"]
    out = tmp_path / "again.xml"
    assert invoke("export", book, "--format", "opengotha", "-o", out).exit_code == 0
    assert game_records(parse_opengotha(out.read_bytes())) == game_records(parse_opengotha(xml.read_bytes()))
    h9 = tmp_path / "both.h9"
    assert invoke("export", book, "--format", "egf", "-o", h9).exit_code == 0
    rounds = {row.name: row.results[0] for row in parse_h9(h9.read_text("utf-8")).rows}
    assert {name: (r.opponent > 0, r.outcome) for name, r in rounds.items()} == {
        "Alpha Ann": (True, "+"), "Beta Bob": (True, "+"), "Gamma Cy": (False, "="), "Delta Dan": (False, "=")}
    assert invoke("publish", book, "-o", tmp_path / "site").exit_code == 0
    page = (tmp_path / "site" / "round-1.html").read_text("utf-8")
    assert page.count('<td class="name won">') == page.count('<td class="white won">') == 1  # both in bold


@needs_files
def test_formats_opengotha_bye_as_opengothas_engine_gives_it(tmp_path: Path) -> None:
    """The veterans of 2021 as they stood before round 3, Butaud Rémi kept away: 39 players. OpenGotha 3.51's engine,
    driven as its Pair button does, gives the bye to Born Véronique (30k on a McMahon score of 0: weight -30, the
    least), where forsxl's own rule gave it to the lowest-ranked without one, Jollivet Guy. `pair` gives it as
    OpenGotha's engine does, and `explain --round` says why (R5)."""
    root = fromstring((FORMATS / "opengotha_xml" / "veterans-2021.xml").read_bytes())
    there = set()
    for parent in root.findall("Games") + root.findall("ByePlayers"):
        for e in list(parent):
            if int(e.get("roundNumber", "1")) >= 3:
                if e.get("roundNumber") == "3":
                    there |= {e.get(k, "") for k in ("whitePlayer", "blackPlayer", "player")}
                parent.remove(e)
    there -= {"", "BUTAUDRÉMI"}
    for player in root.iter("Player"):
        here = (player.get("name", "") + player.get("firstName", "")).replace(" ", "").upper() in there
        player.set("participating", "11" + ("1" if here else "0") + "1" * 17)
    assert len(there) == 39
    xml = tmp_path / "veterans-2021.xml"
    xml.write_text(ET.tostring(root, encoding="unicode"), "utf-8")
    book = imported(tmp_path, xml)
    assert invoke("pair", book).exit_code == 0
    t = load(book).tournament
    assert [t.player(pid).name for pid, kind in t.rounds[-1].sitouts if kind == Sitout.BYE] == [
        "Born Véronique"]
    assert "Born Véronique has the bye, as OpenGotha gives it" in invoke("explain", book, "--round", "3").output


def test_formats_opengotha_cup_is_a_swiss_by_cup_score() -> None:
    """An OpenGotha file ranked by CPS first is its Cup system: a Swiss paired by cup score (`swiss.score: cup`),
    ranked by `cps` (R6, R7.4); CPS after NBW is a tie-break only."""
    cup = GOTHA_BOTH.replace('name="NBW" number="1"', 'name="CPS" number="1"')
    rows = dict(import_opengotha(parse_opengotha(cup.encode())).config)
    assert (rows["pairing.method"], rows.get("swiss.score"), rows["tiebreaks"]) == ("swiss", "cup", "cps, sosw")
    later = GOTHA_BOTH.replace('name="SOSW" number="2"', 'name="CPS" number="2"')
    rows = dict(import_opengotha(parse_opengotha(later.encode())).config)
    assert (rows["pairing.method"], rows.get("swiss.score"), rows["tiebreaks"]) == ("swiss", None, "nbw, cps")


GOTHA_ODD = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Alpha" firstName="Ann" rank="2D" rating="2200"/>
<Player name="Eon" firstName="Serge" rank="99K" rating="-7800" grade="99K"/>
<Player name="Gamma" firstName="Cy" rank="1K" rating="2000" smmsCorrection="99999"/>
<Player name="Delta" firstName="Dan " rank="3K" rating="1800"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ALPHAANN" blackPlayer="EONSERGE" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="1" tableNumber="2" whitePlayer="GAMMACY" blackPlayer="GAMMACY" handicap="0" result="RESULT_UNKNOWN"/>
<Game roundNumber="1" tableNumber="3" whitePlayer="DELTADAN" blackPlayer="OMEGAOLA" handicap="0"
 result="RESULT_UNKNOWN"/>
</Games>
<ByePlayers><ByePlayer player="ALPHAANN" roundNumber="1"/></ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet name="Odd" numberOfRounds="3" komi="7.5" genMMBar="9D" genMMFloor="30K"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS" number="1"/></PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"""


GOTHA_ROUNDS = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Alpha" firstName="Ann" rank="2D" rating="2200"/>
<Player name="Beta" firstName="Bob" rank="1D" rating="2100"/>
<Player name="Gamma" firstName="Cy" rank="1K" rating="2000"/>
<Player name="Delta" firstName="Dan" rank="3K" rating="1800" participating="01111111111111111111"/>
<Player name="Eta" firstName="Eve" rank="5K" rating="1600" registeringStatus="PRE"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ALPHAANN" blackPlayer="BETABOB" handicap="0"
 result="RESULT_WHITEWINS"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet name="Rounds" numberOfRounds="3" komi="7.5" genNBW2ValueAbsent="0" genNBW2ValueBye="2"
 genCountNotPlayedGamesAsHalfPoint="true"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="NBW" number="1"/>
<PlacementCriterion name="DC" number="2"/><PlacementCriterion name="SOSW" number="3"/></PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"""


def test_formats_opengotha_rounds_without_a_game_score_and_pair_as_in_opengotha(tmp_path: Path) -> None:
    """A participating player without a game (Gamma) is unpaired, 0 as OpenGotha scores it, and so is a
    pre-registered one (Eta, PRE) in the round played; one not participating (Delta) is absent, and so is Eta in
    every round to come (PRE: never paired): round 2 pairs neither Eta nor anyone OpenGotha would not; OpenGotha's
    DC and its half point for unplayed games come over as `dc` and `unplayed_half`."""
    xml = tmp_path / "r.xml"
    xml.write_text(GOTHA_ROUNDS, encoding="utf-8")
    book = tmp_path / "r.xlsx"
    assert invoke("import", book, xml).output.splitlines()[1:] == []
    t = load(book).tournament
    assert (t.config.tiebreaks, t.config.unplayed_half) == ((Tiebreak.NBW, Tiebreak.DC, Tiebreak.SOSW), True)
    names = {p.id: p.name for p in t.players}
    assert [(names[pid], kind.value) for pid, kind in t.rounds[0].sitouts] == [
        ("Gamma Cy", "unpaired"), ("Delta Dan", "absent"), ("Eta Eve", "unpaired")]
    assert next(p for p in t.players if p.name == "Eta Eve").absent == {2, 3}
    sheet = openpyxl.load_workbook(book)["Round-1"]
    assert [r[:2] for r in sheet.iter_rows(min_row=3, values_only=True)] == [
        ("unpaired", "Gamma Cy"), ("absent", "Delta Dan"), ("unpaired", "Eta Eve")]
    assert invoke("pair", book).exit_code == 0
    second = load(book).tournament.rounds[1]
    assert {names[p] for g in second.games for p in (g.black, g.white)} == {"Alpha Ann", "Beta Bob", "Gamma Cy",
                                                                          "Delta Dan"}
    assert [(names[pid], kind.value) for pid, kind in second.sitouts] == [("Eta Eve", "absent")]


def test_formats_name_cell_is_read_with_its_spaces_for_opengothas_lots_alone(tmp_path: Path) -> None:
    """A Name cell is the player by its collapsed spaces (duplicates, round sheets); only OpenGotha's lots read it
    as typed (R7.4), spaces and all; a tab or a line break, which no OpenGotha name holds, is read as a space."""
    book = tmp_path / "names.xlsx"
    assert invoke("new", book, "--preset", "mcmahon", "--lang", "en").exit_code == 0
    typed = [" Kim  Yu ", "Chen\tJiale", "Wu Bo", "Li\nMing "]
    type_players(book, [{"Name": name, "Rating": 2000} for name in typed])
    players = load(book).tournament.players
    assert {p.name: p.written for p in players} == {"Kim Yu": " Kim  Yu ", "Chen Jiale": "", "Wu Bo": "",
                                                     "Li Ming": ""}


GOTHA_PRE = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201" runningMode="SAL">
<Players>
<Player name="Alpha" firstName="Ann" rank="2D" rating="2200" registeringStatus="FIN"/>
<Player name="Beta" firstName="Bob" rank="1D" rating="2100" registeringStatus="FIN"/>
<Player name="Gamma" firstName="Cy" rank="1K" rating="2000" registeringStatus="FIN"/>
<Player name="Delta" firstName="Dan" rank="2K" rating="1900" registeringStatus="FIN"/>
<Player name="Eps" firstName="Ed" rank="3K" rating="1800" registeringStatus="FIN"/>
<Player name="Zeta" firstName="Zoe" rank="4K" rating="1700" registeringStatus="FIN"/>
<Player name="Eta" firstName="Eve" rank="1K" rating="2300" registeringStatus="PRE"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ALPHAANN" blackPlayer="DELTADAN" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="1" tableNumber="2" whitePlayer="BETABOB" blackPlayer="EPSED" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="1" tableNumber="3" whitePlayer="GAMMACY" blackPlayer="ZETAZOE" handicap="0"
 result="RESULT_WHITEWINS"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet beginDate="2020-10-03" endDate="2020-10-03" genMMBar="9D" genMMFloor="9D" genMMZero="30K"
 genMMS2ValueAbsent="2" genNBW2ValueAbsent="2" komi="6.5" name="Pre" numberOfRounds="3" shortName="pre"/>
<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="0" hdCorrection="1" hdNoHdRankThreshold="30K"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS"
 number="1"/></PlacementCriteria></PlacementParameterSet>
<PairingParameterSet paiBaAvoidDuplGame="500000000000000" paiBaBalanceWB="1000000" paiBaDeterministic="true"
 paiBaRandom="0" paiMaAdditionalPlacementCritSystem1="Rating" paiMaAdditionalPlacementCritSystem2="NULL"
 paiMaAvoidMixingCategories="0" paiMaCompensateDUDD="true" paiMaDUDDLowerMode="MID" paiMaDUDDUpperMode="MID"
 paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="2" paiMaMaximizeSeeding="5000000"
 paiMaMinimizeScoreDifference="100000000000" paiMaSeedSystem1="SPLITANDSLIP" paiMaSeedSystem2="SPLITANDSLIP"
 paiSeAvoidSameGeo="100000000000" paiSeBarThresholdActive="true" paiSeDefSecCrit="100000000000"
 paiSeMinimizeHandicap="0" paiSeNbWinsThresholdActive="false" paiSePreferMMSDiffRatherThanSameClub="3"
 paiSePreferMMSDiffRatherThanSameCountry="1" paiSeRankThreshold="1D" paiStandardNX1Factor="0.5"/>
</TournamentParameterSet>
</Tournament>
"""


@pytest.mark.parametrize(("status", "whites"), [
    ('registeringStatus="PRE"', ["Alpha Ann", "Delta Dan", "Zeta Zoe"]),
    ('registeringStatus="FIN" participating="00011111111111111111"', ["Eps Ed", "Gamma Cy", "Zeta Zoe"])],
    ids=["pre-registered", "absent"])
def test_formats_opengotha_pre_registered_player_scores_0_in_its_score_groups(
        tmp_path: Path, status: str, whites: list[str]) -> None:
    """OpenGotha scores a pre-registered player (Eta, PRE) 0 in a round they take part in without a game, not its
    absence value (here a point): Eta stays out of round 1's winners, whose group sizes seat the floats of round 2
    (R7.4). Fixed facts from OpenGotha 3.51's own engine on this file: round 2 is Alpha-Gamma, Delta-Beta,
    Zeta-Eps (White first); with Eta absent in rounds 1-3 instead, Eps-Alpha, Gamma-Beta, Zeta-Delta. Neither pairs
    Eta."""
    xml = tmp_path / "pre.xml"
    xml.write_text(GOTHA_PRE.replace('registeringStatus="PRE"', status), encoding="utf-8")
    book = tmp_path / "pre.xlsx"
    assert invoke("import", book, xml).exit_code == 0
    assert invoke("pair", book).exit_code == 0
    sheet = openpyxl.load_workbook(book)["Round-2"]
    assert [row[2] for row in sheet.iter_rows(min_row=2, values_only=True) if row[2]] == whites


GOTHA_SWISS_ABSENT = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201" runningMode="SAL">
<Players>
<Player name="Alpha" firstName="Ann" rank="4K" rating="1700" registeringStatus="FIN"/>
<Player name="Beta" firstName="Bob" rank="5K" rating="1600" registeringStatus="FIN"/>
<Player name="Gamma" firstName="Cy" rank="11K" rating="1000" registeringStatus="FIN"/>
<Player name="Delta" firstName="Dan" rank="7K" rating="1400" registeringStatus="FIN"/>
<Player name="Eps" firstName="Ed" rank="11K" rating="1000" registeringStatus="FIN"
 participating="00111111111111111111"/>
<Player name="Zeta" firstName="Zoe" rank="5K" rating="1600" registeringStatus="FIN"
 participating="00111111111111111111"/>
<Player name="Eta" firstName="Eve" rank="7K" rating="1400" registeringStatus="FIN"/>
<Player name="Theta" firstName="Tom" rank="9K" rating="1200" registeringStatus="FIN"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ALPHAANN" blackPlayer="BETABOB" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="1" tableNumber="2" whitePlayer="GAMMACY" blackPlayer="DELTADAN" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="1" tableNumber="3" whitePlayer="ETAEVE" blackPlayer="THETATOM" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="2" tableNumber="4" whitePlayer="ALPHAANN" blackPlayer="GAMMACY" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="2" tableNumber="5" whitePlayer="BETABOB" blackPlayer="ETAEVE" handicap="0"
 result="RESULT_WHITEWINS"/>
<Game roundNumber="2" tableNumber="6" whitePlayer="DELTADAN" blackPlayer="THETATOM" handicap="0"
 result="RESULT_WHITEWINS"/>
</Games>
""" + GOTHA_PRE[GOTHA_PRE.index("<TournamentParameterSet>"):].replace(
    'genMMFloor="9D"', 'genMMFloor="30K"').replace(
    'genMMS2ValueAbsent="2" genNBW2ValueAbsent="2"',
    'genMMS2ValueAbsent="1" genMMS2ValueBye="2" genNBW2ValueAbsent="2" genNBW2ValueBye="2"').replace(
    'name="Pre"', 'name="Absent"').replace('<PlacementCriterion name="MMS"', '<PlacementCriterion name="NBW"').replace(
    'paiSeMinimizeHandicap="0"', 'paiSeMinimizeHandicap="20000000000000"')


def test_formats_opengotha_swiss_handicap_term_counts_absences_as_its_mcmahon_score(tmp_path: Path) -> None:
    """OpenGotha's Swiss handicap term reads the McMahon score (R7.4), where an absence is worth
    `genMMS2ValueAbsent` (half a point), not the wins' `genNBW2ValueAbsent` (here a win): Eps and Zeta, absent in
    rounds 1-2, have two wins and a McMahon score one point above their start. Fixed fact from OpenGotha 3.51's own
    engine on this file: round 3 is Zeta-Alpha, Gamma-Eps, Theta-Beta, Delta-Eta (White first); counting the
    absences as wins gives Zeta-Alpha, Eps-Eta, Delta-Beta, Theta-Gamma, as OpenGotha pairs the file with
    `genMMS2ValueAbsent="2"`. Other McMahon values than OpenGotha's defaults are named."""
    xml = tmp_path / "absent.xml"
    xml.write_text(GOTHA_SWISS_ABSENT, encoding="utf-8")
    book = tmp_path / "absent.xlsx"
    assert invoke("import", book, xml).exit_code == 0
    assert invoke("pair", book).exit_code == 0
    sheet = openpyxl.load_workbook(book)["Round-3"]
    assert [(row[2], row[1]) for row in sheet.iter_rows(min_row=2, values_only=True) if row[2]] == [
        ("Zeta Zoe", "Alpha Ann"), ("Gamma Cy", "Eps Ed"), ("Theta Tom", "Beta Bob"), ("Delta Dan", "Eta Eve")]
    xml.write_text(GOTHA_SWISS_ABSENT.replace('genMMS2ValueAbsent="1"', 'genMMS2ValueAbsent="2"'), "utf-8")
    assert "absent.xml: OpenGotha's genMMS2ValueAbsent 2 has no forsxl counterpart and is not carried over (R7.4)" \
        in invoke("import", tmp_path / "other.xlsx", xml).output.splitlines()


def test_formats_opengotha_import_bounds_warns_and_loads_what_opengotha_opens(tmp_path: Path) -> None:
    """OpenGotha writes `rating="-7800" rank="99K"` for a player added without either (`kwagoleague` in its remote
    folder) and reads them as -900 and 30k; a game against oneself, a game of a key no player has and a bye beside a
    game are left out; a stray space after a first name (OpenGotha's lots read it) is kept. Each gets a line naming
    the file, the player and what was done, and the book reads."""
    xml = tmp_path / "odd.xml"
    xml.write_text(GOTHA_ODD, encoding="utf-8")
    book = tmp_path / "odd.xlsx"
    result = invoke("import", book, xml)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{book}: imported 4 players, 1 round, 1 result from odd.xml",
        "odd.xml: Eon Serge: rating -7800 is beyond OpenGotha's -900 to 2949; read as -900, as OpenGotha reads it (R0)",
        "odd.xml: Eon Serge: rank 99K read as 30k, as OpenGotha reads it (R0)",
        "odd.xml: Gamma Cy: smmsCorrection 99999 is beyond what a workbook holds; read as 10000 (R1.4)",
        "odd.xml: Delta Dan: the file writes the name with spaces around it or doubled inside; its Name cell keeps "
        "them as written, since OpenGotha's lots read them (retyped without them, the name draws other lots) (R7.4)",
        "odd.xml: round 1 table 2: Gamma Cy plays against themselves; the game is left out (R7)",
        "odd.xml: round 1 table 3: OMEGAOLA is none of the file's players; left out, as OpenGotha leaves it out (R7)",
        "odd.xml: round 1: Alpha Ann has a game and the bye; the bye is left out (R7)",
    ]
    for command in ("check", "standings"):
        assert invoke(command, book).exit_code == 0, command
    t = load(book).tournament
    eon = next(p for p in t.players if p.name == "Eon Serge")
    assert (eon.rating, eon.rank) == (-900, Rank(0))
    assert [(g.black, g.white) for g in t.rounds[0].games] == [(eon.id, next(p.id for p in t.players
                                                                             if p.name == "Alpha Ann"))]


GOTHA_SPACES = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201" runningMode="SAL">
<Players>
<Player name="Chen" firstName="Jiale " rank="3D" rating="2300" registeringStatus="FIN"/>
<Player name="Wu" firstName="Bo" rank="3D" rating="2300" registeringStatus="FIN"/>
<Player name=" Kim" firstName="Yu" rank="5K" rating="1600" registeringStatus="FIN"/>
<Player name="Li" firstName="Ming" rank="5K" rating="1600" registeringStatus="FIN"/>
</Players>
<Games/>
<TournamentParameterSet>
<GeneralParameterSet beginDate="2020-10-03" endDate="2020-10-03" genMMBar="9D" genMMFloor="30K" genMMZero="30K"
 komi="6.5" name="Spaces" numberOfRounds="3" shortName="spaces"/>
<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="0" hdCorrection="1" hdNoHdRankThreshold="30K"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="SOSM" number="2"/></PlacementCriteria></PlacementParameterSet>
<PairingParameterSet paiBaAvoidDuplGame="500000000000000" paiBaBalanceWB="1000000" paiBaDeterministic="true"
 paiBaRandom="0" paiMaAdditionalPlacementCritSystem1="Rating" paiMaAdditionalPlacementCritSystem2="NULL"
 paiMaAvoidMixingCategories="0" paiMaCompensateDUDD="true" paiMaDUDDLowerMode="MID" paiMaDUDDUpperMode="MID"
 paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="2" paiMaMaximizeSeeding="5000000"
 paiMaMinimizeScoreDifference="100000000000" paiMaSeedSystem1="SPLITANDRANDOM" paiMaSeedSystem2="SPLITANDSLIP"
 paiSeAvoidSameGeo="100000000000" paiSeBarThresholdActive="true" paiSeDefSecCrit="100000000000"
 paiSeMinimizeHandicap="0" paiSeNbWinsThresholdActive="false" paiSePreferMMSDiffRatherThanSameClub="3"
 paiSePreferMMSDiffRatherThanSameCountry="1" paiSeRankThreshold="1D" paiStandardNX1Factor="0.5"/>
</TournamentParameterSet>
</Tournament>
"""


def round_one_whites(book: Path) -> list[str]:
    assert invoke("pair", book).exit_code == 0
    sheet = openpyxl.load_workbook(book)["Round-1"]
    return [str(row[2]) for row in sheet.iter_rows(min_row=2, values_only=True) if row[2]]


def test_formats_opengotha_names_keep_the_spaces_its_lots_read(tmp_path: Path) -> None:
    """OpenGotha's lots hash `name + firstName` as written (R7.4): `firstName="Jiale "` and `name=" Kim"` give each
    pair its colours. Fixed facts from OpenGotha 3.51's own engine (its Pair button, run headless on this file):
    round 1 is Wu Bo White against Chen Jiale and Li Ming White against Kim Yu; on the same file with the two names
    trimmed, Chen Jiale and Kim Yu White. The Name cells keep the spaces, say so, and pair as OpenGotha pairs; a
    referee who retypes them without the spaces gets OpenGotha's pairing of the names so typed. The players are still
    one each: a trimmed spelling in another row is a duplicate, the OpenGotha export writes the names back as the
    file had them, and the h9 export as one player each."""
    xml = tmp_path / "spaces.xml"
    xml.write_text(GOTHA_SPACES, encoding="utf-8")
    book = tmp_path / "spaces.xlsx"
    result = invoke("import", book, xml)
    assert result.output.splitlines()[1:] == [
        f"spaces.xml: {name}: the file writes the name with spaces around it or doubled inside; its Name cell keeps "
        "them as written, since OpenGotha's lots read them (retyped without them, the name draws other lots) (R7.4)"
        for name in ("Chen Jiale", "Kim Yu")]
    workbook = openpyxl.load_workbook(book)
    cells = [row[1] for row in workbook["Players"].iter_rows(min_row=2, values_only=True)]
    assert cells == ["Chen Jiale ", "Wu Bo", " Kim Yu", "Li Ming"]
    assert [p.name for p in load(book).tournament.players] == ["Chen Jiale", "Wu Bo", "Kim Yu", "Li Ming"]
    for row in range(2, 6):  # the referee retypes every name as it shows
        workbook["Players"].cell(row, 2).value = " ".join(str(workbook["Players"].cell(row, 2).value).split())
    workbook.save(retyped := tmp_path / "retyped.xlsx")
    assert round_one_whites(retyped) == ["Chen Jiale", "Kim Yu"]
    assert round_one_whites(book) == ["Wu Bo", "Li Ming"]

    out = tmp_path / "back.xml"
    assert invoke("export", book, "--format", "opengotha", "-o", out).exit_code == 0
    back = parse_opengotha(out.read_bytes())
    assert {(p.name, p.first_name) for p in back.players} == {("Chen", "Jiale "), ("Wu", "Bo"), (" Kim", "Yu"),
                                                              ("Li", "Ming")}
    assert {(e.white, e.black) for e in back.games} == {("WUBO", "CHENJIALE"), ("LIMING", "KIMYU")}
    h9 = tmp_path / "spaces.h9"
    assert invoke("export", book, "--format", "egf", "-o", h9).exit_code == 0
    assert [row.name for row in parse_h9(h9.read_text("utf-8")).rows] == ["Chen Jiale", "Wu Bo", "Kim Yu", "Li Ming"]
    assert "Chen Jiale" in invoke("explain", book, "--player", "Chen Jiale").output
    workbook = openpyxl.load_workbook(book)
    workbook["Players"].append([5, "Chen  Jiale", 2000])
    workbook.save(book)
    assert "'Chen Jiale' is already on row 2" in invoke("check", book).output


@needs_files
def test_formats_opengotha_book_switched_to_the_mcmahon_preset_reads_its_komi_0_handicap_games(tmp_path: Path) -> None:
    """Toulouse's 21 handicap games were played with komi 0; the `mcmahon` preset gives new ones 0.5. The games keep
    the komi they were played with (R2.3) and the next round pairs."""
    book = imported(tmp_path, FORMATS / "opengotha_xml" / "toulouse-2024.xml")
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Config"]
    kept = [(k, v) for k, v, *_ in sheet.iter_rows(min_row=2, values_only=True) if k in ("name", "lang")]
    sheet.delete_rows(2, sheet.max_row)
    for row, (key, value) in enumerate([("preset", "mcmahon"), ("rounds", 7), *kept], start=2):
        sheet.cell(row, 1, key)
        sheet.cell(row, 2, value)
    workbook.save(book)
    assert [invoke(command, book).exit_code for command in ("check", "standings", "pair")] == [0, 0, 0]
    t = load(book).tournament
    assert sum(g.stones > 0 and g.komi == 0 for r in t.rounds[:6] for g in r.games) == 21
    assert {g.komi for g in t.rounds[6].games if g.stones} <= {Fraction(1, 2)}


@needs_files
def test_formats_opengotha_export_carries_the_rules_back(tmp_path: Path) -> None:
    """Exported again, an imported tournament brings back the same Config: ranks, corrections, criteria, handicap
    and pairing rules travel in OpenGotha's own parameter sets."""
    first = load(imported(tmp_path, FORMATS / "opengotha_xml" / "toulouse-2024.xml")).tournament
    out = tmp_path / "again.xml"
    assert invoke("export", tmp_path / "toulouse-2024.xlsx", "--format", "opengotha", "-o", out).exit_code == 0
    again = load(imported(tmp_path, out)).tournament
    assert replace(again.config, date=first.config.date) == first.config
    assert {(p.name, p.rank, p.correction) for p in again.players} == {(p.name, p.rank, p.correction)
                                                                     for p in first.players}


# ------------------------------------------------------------------------------------ the registries


@pytest.mark.parametrize(("name", "head", "expected"), [
    pytest.param("ioct.xml", b" 12345678 Aagren Thomas", "opengotha", id="an .xml name before PIN lines"),
    pytest.param("ioct.txt", b'<?xml version="1.0"?>\n<Tournament>', "opengotha", id="the root tag"),
    pytest.param("list.csv", b"Name,Rating\n 12345678 Aagren Thomas", "egd", id="PIN lines before a .csv name"),
    pytest.param("allworld_lp.html", b"<html>", "egd", id="the EGD web page"),
    pytest.param("players.TSV", b"Name\tRating", "csv", id="a .tsv name"),
])
def test_formats_auto_detection_tries_opengotha_then_egd_then_csv(name: str, head: bytes, expected: str) -> None:
    assert detect(Path(name), head).name == expected


def test_formats_auto_detection_names_the_formats_it_knows() -> None:
    with pytest.raises(ForsxlError) as error:
        detect(Path("list.txt"), b"Ann 2100")
    assert (error.value.code, error.value.params["known"]) == ("import_format_unknown",
                                                               "csv, egd, rfg, aga, ffg, opengotha")


def test_formats_registries_give_the_format_help() -> None:
    assert choices((AUTO, *IMPORTS)) == "auto|csv|egd|rfg|aga|ffg|opengotha"  # --format's placeholder, in any language
    assert choices(list(EXPORTS)) == "egf|opengotha|csv|xlsx"
    assert [f.name for f in EXPORTS.values() if f.stdout] == ["csv"]
    assert [f.name for f in EXPORTS.values() if f.write is None] == ["xlsx"]  # a workbook: book/ writes it


def test_formats_unknown_format_names_the_choices(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    assert invoke("new", book).exit_code == 0
    listed = tmp_path / "list.txt"
    listed.write_text("Ann 2100", encoding="utf-8")
    for args, line in [
        (("import", book, listed), f"cannot tell the format of {listed}; name it with --format "
                                   "(csv, egd, rfg, aga, ffg, opengotha)"),
        (("import", book, listed, "--format", "xml"), "--format 'xml' is not one of auto, csv, egd, rfg, aga, ffg, "
                                                      "opengotha"),
        (("export", book, "--format", "pdf"), "--format 'pdf' is not one of egf, opengotha, csv, xlsx"),
        (("export", book, "--egf-class", "Q"), "--egf-class 'Q' is not one of A, B, C, D, X"),
    ]:
        result = invoke(*args)
        assert (result.exit_code, result.output.strip()) == (1, line)


# ------------------------------------------------------------------------------- hostile values in every field

HOSTILE = "=HYPERLINK(\"http://x\")\n; CL[X]\r\n   1 Forged Line  9D XX xx 99\t<b a=\"&'\">]|\x07\x00"
"""What a value may carry into an export: a formula, line breaks that forge a line or a tag, XML's own characters,
brackets, a tab, and control characters no text file, XML document or cell should hold."""
LEADS = ("=", "+", "-", "@")


def hostile_tournament() -> Tournament:
    """Two players and a played game, every text field of players and Config hostile (issue 19)."""
    players = tuple(Player(PlayerId(i), f"{lead}{HOSTILE} {i}", 2000 - i, club=HOSTILE, city=HOSTILE,
                           country=HOSTILE, team=HOSTILE, egd_pin=f"1234567{i}{HOSTILE}", rfg_id=HOSTILE)
                    for i, lead in ((1, "="), (2, "@")))
    config = replace(Config(), name=HOSTILE, place=HOSTILE, date=f"2026-11-28{HOSTILE}")
    game = Game(1, PlayerId(2), PlayerId(1), 0, Fraction(13, 2), 0, 1, Outcome.WHITE_WINS)
    return Tournament(config, players, (Round(1, (game,), ()),))


def test_formats_csv_export_sanitises_every_field() -> None:
    t = hostile_tournament()
    rows = list(csv.reader(io.StringIO(write_standings_csv(t, make_report(t, extras=False)))))
    assert len(rows) == 5 and {len(r) for r in rows[:3]} == {len(rows[0])} and rows[3] == []
    fields = [f for r in rows for f in r]
    assert not any(re.search(r"[\x00-\x1f]", f) for f in fields)
    assert not any(f.startswith(LEADS) and not re.fullmatch(r"-?\d+", f) for f in fields)
    assert rows[1][3] == "'" + one_line(t.players[0].name)


def test_formats_opengotha_export_is_valid_xml_with_every_field_escaped() -> None:
    t = hostile_tournament()
    root = fromstring(write_opengotha(t).encode("utf-8"))  # a control character anywhere would not parse
    values = [v for e in root.iter() for v in e.attrib.values()]
    assert not any(re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", v) for v in values)
    players = root.findall("Players/Player")
    assert len(players) == 2 and players[0].get("club") == HOSTILE.replace("\x07", "").replace("\x00", "")
    assert root.find("TournamentParameterSet/GeneralParameterSet").get("location") == players[0].get("club")


def test_formats_h9_export_sanitises_every_field() -> None:
    t = hostile_tournament()
    text = write_h9(t, make_report(t, extras=False), H9Options())
    lines = text.splitlines()
    assert not re.search(r"[\x00-\x09\x0b-\x1f]", text)
    assert [line.split("[")[0] for line in lines if "[" in line and line.startswith(";")] == [
        "; CL", "; EV", "; PC", "; DT", "; HA", "; KM", "; CM"]
    table = parse_h9(text)
    assert not table.problems and [r.pin for r in table.rows] == [re.sub(r"\D", "", p.egd_pin) for p in t.players]
    assert len([line for line in lines if not line.startswith(";")]) == 2


def test_formats_xlsx_export_keeps_every_field_text(tmp_path: Path) -> None:
    t = hostile_tournament()
    out = tmp_path / "fed.xlsx"
    results_workbook(t, make_report(t, extras=False), t.config.lang).save(out)
    workbook = openpyxl.load_workbook(out)
    cells = [c for sheet in workbook.worksheets for row in sheet.iter_rows() for c in row if c.value is not None]
    assert not any(c.data_type == "f" for c in cells)
    names = [c.value for c in cells if isinstance(c.value, str) and c.value.startswith(LEADS)]
    assert names and all("\x07" not in n and "\x00" not in n for n in names)
    typed = t.players[0].name.replace("\x07", "").replace("\x00", "").replace("\r\n", "\n")  # as XML reads CR LF
    standings = workbook["Standings"]
    name = standings.cell(2, [c.value for c in standings[1]].index("Name") + 1)
    assert name.value == typed and name.data_type == "s"
