"""`forsxl ratings` (issue 43): the federations' lists downloaded from a server on 127.0.0.1 that this module starts
and stops (fixtures in each list's real format, built here from the documented fields, FORMATS §2-4), or read from a
file; players matched; Rating list and Rating changes written; the ticks the referee types kept through a rerun and
written into Players by --apply (R0 for the scales)."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_runs import SHARED_FIXTURE
from realfiles import FORMATS, needs_files
from test_cli import invoke, ok, rows

from forsxl.app import download, ratings
from forsxl.app.download import cache_folder, first_line
from forsxl.book import layout
from forsxl.book.ratings import ticked
from forsxl.book.read import load
from forsxl.engine.errors import ForsxlError
from forsxl.formats import Entry, decode
from forsxl.formats.egd import parse_aga, parse_egd, parse_ffg
from forsxl.formats.matching import How, People
from forsxl.formats.rfg import parse_rfg

TODAY = date.today().isoformat()

# ------------------------------------------------------------------------------------------- the lists' formats


def rfg_player(pid: int, last: str, first: str, rating: int, town: str | None = "Москва", last_lat: str = "",
               first_lat: str = "", last_game: str | None = "2026-11-01") -> dict[str, Any]:
    """One player of the RFG's `GET /api/v3.0/players`, with every field FORMATS §4.2 names."""
    return {"id": pid, "firstName": first, "lastName": last, "firstNameLat": first_lat, "lastNameLat": last_lat,
            "townName": town, "rating": rating, "ratingDrift": 40, "lastGame": last_game}


def rfg_list(*players: dict[str, Any]) -> bytes:
    return json.dumps({"data": {"players": list(players)}}, ensure_ascii=False).encode("utf-8")


def egd_line(pin: int, name: str, country: str, club: str, grade: str, gor: int) -> str:
    """A player line of the EGD's allworld_lp in its fixed columns (FORMATS §2: PIN 1-8, name 11-47, country 49-50,
    club 53-56, grade 60-62, P&D 65-67, GoR 71-74, NT 76-80, last appearance 83-90)."""
    line = f" {pin:>8}  {name:<37} {country:<2}  {club:<4}   {grade:>3}   --  {gor:>5} {3:>5}  T261101A"
    assert line[1:9] == str(pin) and line[60:63].strip() == grade and line[71:75].strip() == str(gor)
    return line


def egd_list(day: str, *lines: str) -> bytes:
    """The EGD's list page: HTML around a `<pre>` whose legend and `(dd Mon yyyy)` date precede the lines."""
    listed = date.fromisoformat(day).strftime("%d %b %Y")
    return "\n".join(["<html>", "<title> List of Players EURO </title>", "<body>", "<center>",
                      "<h1>List of WORLD Players</h1>", "<hr>", f"({listed})", "<hr>", "</center>", "<pre>",
                      "   PIN          Name                              Club     Grade P&D    GoR    NT appearance",
                      *lines, "</pre>", "</body></html>"]).encode("latin-1")


def ffg_list(day: str, *players: tuple[str, int, str, str]) -> bytes:
    """The FFG's ech_ffg_V3: `#Echelle au dd/mm/yyyy`, then name 0-37, rating 38-42, licence 46-52, club 54-57,
    country 59-60 (ISO-8859-1)."""
    head = date.fromisoformat(day).strftime("#Echelle au %d/%m/%Y 07:56:59")
    lines = [f"{name:<37}{rating:>6} - {licence:<7} {club:<4} FR" for name, rating, licence, club in players]
    return "\n".join([head, *lines]).encode("latin-1")


def aga_list(*players: tuple[str, int, float]) -> bytes:
    """The AGA's TDListA: nine tab-separated fields, rating negative for kyu."""
    return "\n".join(f"{name}\t{aga}\tFull\t{rating}\t3/5/2027\tSEAG\tWA\t0.9\t3/5/2026"
                     for name, aga, rating in players).encode("ascii")


# ------------------------------------------------------------------------------------------- the local server


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    hang: bool = False
    """Never answer: the client's timeout must end the wait."""
    length: bool = True


@dataclass
class Server:
    """An HTTP server on 127.0.0.1 serving `routes` (path -> Reply), started by the test and stopped after it."""

    routes: dict[str, Reply] = field(default_factory=dict)
    release: threading.Event = field(default_factory=threading.Event)
    asked: list[str] = field(default_factory=list)
    base: str = ""


@pytest.fixture
def server() -> Iterator[Server]:
    state = Server()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # the name http.server calls
            state.asked.append(self.path)
            reply = state.routes.get(self.path, Reply(404, b"<html><title>404 Not Found</title></html>"))
            if reply.hang:
                state.release.wait(30)
                return
            self.send_response(reply.status)
            if reply.length:
                self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            self.wfile.write(reply.body)

        def log_message(self, *_: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    state.base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield state
    finally:
        state.release.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's own cache folder, and never the network's own addresses: a test that forgets --url fails."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(ratings, "cache_folder", lambda: folder)
    for name, source in list(ratings.RATING_SOURCES.items()):
        monkeypatch.setitem(ratings.RATING_SOURCES, name, replace(source, url="http://127.0.0.1:9/unreachable"))
    return folder


# ------------------------------------------------------------------------------------------- workbooks


def book(tmp_path: Path, players: list[Mapping[str, object]], *options: str) -> Path:
    """A new workbook with these players typed into Players, a column for each key."""
    path = tmp_path / "club.xlsx"
    ok("new", path, *options)
    workbook = openpyxl.load_workbook(path)
    sheet = workbook[workbook.sheetnames[1]]
    columns = {str(c.value): c.column for c in sheet[1] if c.value is not None}
    russian = {aliases[0]: aliases[1] for aliases in layout.PLAYER_COLUMNS.values()} if "ru" in options else {}
    for player in players:
        row = sheet.max_row + 1
        for typed, value in player.items():
            header = russian.get(typed, typed)
            if header not in columns:
                columns[header] = sheet.max_column + 1
                sheet.cell(1, columns[header]).value = header
            sheet.cell(row, columns[header]).value = value
    workbook.save(path)
    return path


def tick(path: Path, marks: Mapping[str, object], title: str = "Rating changes") -> None:
    """Type a mark into the Accept cell of each named player's row of Rating changes, as the referee does."""
    workbook = openpyxl.load_workbook(path)
    sheet = workbook[title]
    names = {str(c.value): c.column for c in sheet[1]}
    accept = names.get("Accept") or names["Принять"]
    name = names.get("Name") or names["Имя"]
    for row in range(2, sheet.max_row + 1):
        typed = sheet.cell(row, name).value
        if typed in marks:
            sheet.cell(row, accept).value = marks[str(typed)]
    workbook.save(path)


def players(path: Path) -> dict[str, dict[str, Any]]:
    return {str(r.get("Name") or r.get("Имя")): r for r in rows(path, load(path).workbook.sheetnames[1])}


RUSSIANS = [{"Name": "Иванов Пётр", "Rating": 1850, "City": "Москва"},
            {"Name": "Петров Иван", "Rating": 1500, "City": "Омск"},
            {"Name": "Сидоров Олег", "Rating": 1200, "RFG ID": "303"},
            {"Name": "Orlov Pavel", "Rating": 900}]
RFG = rfg_list(rfg_player(101, "Иванов", "Пётр", 1900, "Москва", "Ivanov", "Petr"),
               rfg_player(102, "Иванов", "Пётр", 1400, "Тверь", "Ivanov", "Petr"),
               rfg_player(201, "Петров", "Иван", 1500, "Омск"),
               rfg_player(303, "Сидоров", "Олег Игоревич", 1250, None),
               rfg_player(404, "Орлов", "Павел", 950, "Пермь", "Orlov", "Pavel"),
               rfg_player(505, "Ким", "Сергей", 2150, "Казань", "Kim", "Sergei"))


def rfg_book(tmp_path: Path, server: Server) -> tuple[Path, str]:
    path = book(tmp_path, RUSSIANS, "--preset", "fors-2009", "--lang", "ru")
    server.routes["/api/v3.0/players"] = Reply(body=RFG)
    return path, f"{server.base}/api/v3.0/players"


# ------------------------------------------------------------------------------------------- the readers


def test_r0_rfg_list_reads_every_documented_field() -> None:
    parsed = parse_rfg(RFG.decode("utf-8"))
    first = parsed.entries[0]
    assert (first.name, first.latin, first.city, first.rating, first.rfg_id, first.last_game, first.scale) == (
        "Иванов Пётр", "Ivanov Petr", "Москва", 1900, "101", "2026-11-01", "rfg")
    assert parsed.entries[3].city == ""  # townName null
    assert not parsed.problems


@pytest.mark.parametrize(("text", "why"), [
    pytest.param('{"data": {"players": [', "not JSON: it cannot be read on from column 23", id="malformed"),
    pytest.param('{"data": {}}', "no list of players", id="no list"),
    pytest.param('{"data": {"players": [{"id": 1, "firstName": "A", "lastName": "B", "rating": "x"}]}}',
                 "rating 'x' is not a whole number", id="bad rating"),
    pytest.param('{"data": {"players": [{"firstName": "A", "lastName": "B", "rating": 5}]}}', "no id", id="no id"),
])
def test_rfg_list_problems_say_where_and_why(text: str, why: str) -> None:
    problem = parse_rfg(text, "players.json").problems[0]
    assert why in problem.params["why"]


def test_list_dates_as_the_lists_give_them() -> None:
    assert parse_egd(decode(egd_list("2026-12-01", egd_line(12345678, "Aagren Thomas", "SE", "Upp", "6k", 1484)),
                            "latin-1")).date == "2026-12-01"
    assert parse_ffg(decode(ffg_list("2026-11-30", ("DUPONT Jean", -1500, "0452000", "31To")), "latin-1")).date == (
        "2026-11-30")
    assert parse_ffg(decode(ffg_list("2026-11-30", ("DUPONT Jean", -1500, "0452000", "31To")),
                            "latin-1")).entries[0].ffg_licence == "0452000"
    assert parse_aga(aga_list(("Anderson, Glenn", 23168, -13.6)).decode()).entries[0].aga_id == "23168"


@needs_files
def test_real_lists_give_their_dates_and_ids() -> None:
    lists = FORMATS / "rating_lists"
    egd = parse_egd(decode((lists / "egd-allworld_lp-sample.txt").read_bytes(), "latin-1"))
    ffg = parse_ffg(decode((lists / "ffg-ech_ffg_V3-sample.txt").read_bytes(), "latin-1"))
    aga = parse_aga(decode((lists / "aga-tdlista-sample.txt").read_bytes(), "latin-1"))
    assert (egd.date, ffg.date) == ("2018-02-22", "2018-02-23")
    assert [e.ffg_licence for e in ffg.entries][2:4] == ["9728205", "0452000"]
    assert aga.entries[0].aga_id == "23168"


def test_ticks_any_mark_but_a_no() -> None:
    assert all(ticked(v) for v in ("x", "X", "да", "✓", "1", 1, True, "+", "yes", "ok"))
    assert not any(ticked(v) for v in (None, "", " ", "0", 0, False, "нет", "no", "-", "—"))


# ------------------------------------------------------------------------------------------- matching


def test_matching_id_first_then_name_in_either_script_then_town() -> None:
    entries = parse_rfg(RFG.decode()).entries
    people = People.of(entries)
    find = people.find
    assert find(Entry(name="Кто-то Другой", rfg_id="303")).how == How.ID
    assert find(Entry(name="Orlov Pavel")).person == entries[4]  # a Latin name typed: the list's Latin name
    assert find(Entry(name="Petrov Ivan")).person == entries[2]  # transliterated as the EGD writes it
    namesakes = find(Entry(name="Иванов Петр"))  # ё typed as е
    assert (namesakes.person, len(namesakes.namesakes)) == (None, 2)
    assert find(Entry(name="Иванов Пётр", city="Тверь")) == type(namesakes)(entries[1], How.TOWN)
    assert find(Entry(name="Петров Иван", rfg_id="999")).person is None  # another RFG ID: another person


def test_import_skips_a_player_already_in_players_by_id(tmp_path: Path) -> None:
    """The import and ratings share one matching: a list entry whose RFG ID is a player's is not added again, even
    under another spelling of the name."""
    path = book(tmp_path, [{"Name": "Sidorov Oleg", "Rating": 1200, "RFG ID": "303"}], "--preset", "fors-2009")
    listed = tmp_path / "players.json"
    listed.write_bytes(RFG)
    result = ok("import", path, listed)
    assert "skipped Сидоров Олег Игоревич (players.json, line 4): already in Players" in result.output
    assert "skipped Иванов Пётр (players.json, line 2): another player of this name is in Players" in result.output
    assert len(players(path)) == 5  # the second Иванов Пётр, another RFG ID, cannot share the first's name


# ------------------------------------------------------------------------------------------- the list run


def test_ratings_writes_the_snapshot_and_the_changes(tmp_path: Path, server: Server) -> None:
    path, url = rfg_book(tmp_path, server)
    result = ok("ratings", path, "--source", "rfg", "--url", url)
    lines = result.output.splitlines()
    assert lines[0] == f"{path}: список РФГ от {TODAY}: найдено 4 из 4 участников, расходятся 3 рейтинга ({url})"
    assert "Иванов Пётр: тёзки в списке, не различить по городу или клубу: " not in result.output  # told apart
    snapshot = {r["Имя"]: r for r in rows(path, "Рейтинг-лист")}
    assert snapshot["Иванов Пётр"]["ID в списке"] == "101" and snapshot["Иванов Пётр"]["Найден по"] == "имени и городу"
    assert snapshot["Сидоров Олег"]["Найден по"] == "ID"
    assert snapshot["Orlov Pavel"]["Имя в списке"] == "Орлов Павел"
    assert snapshot["Петров Иван"]["Рейтинг"] == 1500
    changes = rows(path, "Изменения рейтинга")
    assert [(r["Имя"], r["Было"], r["Стало"], r["Источник"], r["Дата"], r["Принять"]) for r in changes] == [
        ("Иванов Пётр", 1850, 1900, "РФГ", TODAY, None), ("Сидоров Олег", 1200, 1250, "РФГ", TODAY, None),
        ("Orlov Pavel", 900, 950, "РФГ", TODAY, None)]
    assert players(path)["Иванов Пётр"]["Рейтинг"] == 1850  # nothing written into Players before --apply
    log = rows(path, "Журнал")[-1]
    assert log["Команда"] == "рейтинги --source rfg"  # the command in the workbook's language (issue 40)


def test_ratings_namesakes_not_told_apart_are_named(tmp_path: Path, server: Server) -> None:
    path = book(tmp_path, [{"Name": "Иванов Пётр", "Rating": 1850}], "--preset", "fors-2009")
    server.routes["/p"] = Reply(body=RFG)
    result = ok("ratings", path, "--source", "rfg", "--url", f"{server.base}/p")
    assert ("Иванов Пётр: namesakes in the list, not told apart by town or club: 101, Москва; 102, Тверь; type "
            "the player's id in Players") in result.output
    assert rows(path, "Rating changes") == []


def test_apply_writes_only_the_ticked_rows(tmp_path: Path, server: Server) -> None:
    path, url = rfg_book(tmp_path, server)
    ok("ratings", path, "--source", "rfg", "--url", url)
    tick(path, {"Иванов Пётр": "да", "Orlov Pavel": "нет"}, "Изменения рейтинга")
    result = ok("ratings", path, "--apply")
    assert result.output.splitlines() == [
        f"{path}: в «Участники» внесён 1 рейтинг: Иванов Пётр 1850 → 1900 (РФГ {TODAY})"]
    after = players(path)
    assert (after["Иванов Пётр"]["Рейтинг"], after["Orlov Pavel"]["Рейтинг"]) == (1900, 900)
    assert after["Иванов Пётр"]["РФГ ID"] == "101" and after["Иванов Пётр"]["Имя латиницей"] == "Ivanov Petr"
    assert [r["Имя"] for r in rows(path, "Изменения рейтинга")] == ["Сидоров Олег", "Orlov Pavel"]
    log = rows(path, "Журнал")[-1]
    assert (log["Команда"], "Иванов Пётр 1850 → 1900" in log["Изменения"]) == ("рейтинги --apply", True)
    assert {r["Имя"]: r["Рейтинг"] for r in rows(path, "Итоги")}["Иванов Пётр"] == 1900  # Standings written again


def test_apply_without_a_tick_writes_nothing(tmp_path: Path, server: Server) -> None:
    path, url = rfg_book(tmp_path, server)
    ok("ratings", path, "--source", "rfg", "--url", url)
    before = path.read_bytes()
    result = ok("ratings", path, "--apply")
    assert "ни одна строка «Изменения рейтинга» не отмечена в столбце Принять" in result.output
    assert path.read_bytes() == before


def test_rerun_keeps_every_tick(tmp_path: Path, server: Server) -> None:
    """A tick is the referee's decision on one row: a rerun on the same list keeps it on its row; on a list that
    now says another rating it keeps the ticked row as typed, with a note, beside the fresh one; a row the referee
    typed, and the rows of another source, stay as they are."""
    path, url = rfg_book(tmp_path, server)
    ok("ratings", path, "--source", "rfg", "--url", url)
    tick(path, {"Иванов Пётр": "✓", "Сидоров Олег": "x"}, "Изменения рейтинга")
    ok("ratings", path, "--source", "rfg", "--file", _saved(tmp_path, RFG))
    marks = {r["Имя"]: r["Принять"] for r in rows(path, "Изменения рейтинга")}
    assert marks == {"Иванов Пётр": "✓", "Сидоров Олег": "x", "Orlov Pavel": None}
    changed = rfg_list(*[{**p, "rating": 1950} if p["id"] == 101 else p for p in json.loads(RFG)["data"]["players"]])
    ok("ratings", path, "--source", "rfg", "--file", _saved(tmp_path, changed, "changed.json"))
    now = [(r["Имя"], r["Стало"], r["Принять"], r["Примечание"]) for r in rows(path, "Изменения рейтинга")]
    assert ("Иванов Пётр", 1950, None, None) in now
    assert ("Иванов Пётр", 1900, "✓", f"отмечено раньше; в списке от {TODAY}: 1950") in now
    assert ("Сидоров Олег", 1250, "x", None) in now
    tick(path, {"Иванов Пётр": "да"}, "Изменения рейтинга")  # both rows of one player ticked: which is meant?
    result = invoke("ratings", path, "--apply")
    assert (result.exit_code, result.stderr.strip()) == (
        1, "Изменения рейтинга!G5: Иванов Пётр уже отмечен в Изменения рейтинга!G2: отметьте один рейтинг на "
           "участника")


def _saved(tmp_path: Path, data: bytes, name: str = "players.json") -> Path:
    target = tmp_path / name
    target.write_bytes(data)
    return target


def test_apply_leaves_a_player_who_played_unless_forced(tmp_path: Path, server: Server) -> None:
    path, url = rfg_book(tmp_path, server)
    ok("pair", path)
    ok("ratings", path, "--source", "rfg", "--url", url)
    notes = {r["Имя"]: r["Примечание"] for r in rows(path, "Изменения рейтинга")}
    assert notes["Иванов Пётр"] == "играет в туре 1: внесёт только --apply --force"
    tick(path, {"Иванов Пётр": "x"}, "Изменения рейтинга")
    result = ok("ratings", path, "--apply")
    assert "не внесено: Иванов Пётр" in result.output and players(path)["Иванов Пётр"]["Рейтинг"] == 1850
    result = ok("ratings", path, "--apply", "--force")
    assert players(path)["Иванов Пётр"]["Рейтинг"] == 1900
    record = next(r for r in rows(path, "Изменения рейтинга") if r["Имя"] == "Иванов Пётр")
    assert (record["Внесено после тура"], record["Примечание"]) == (1, "внесено после тура 1")
    sheet = openpyxl.load_workbook(path)["Итоги"]
    below = [c.value for c in sheet["A"] if isinstance(c.value, str)]
    assert any(v.startswith("Иванов Пётр: рейтинг 1850 → 1900 (РФГ") and "после тура 1" in v for v in below)
    ok("standings", path)  # said again by the next command, and a rerun of ratings keeps the record
    ok("ratings", path, "--source", "rfg", "--url", url)
    assert any(r["Внесено после тура"] == 1 for r in rows(path, "Изменения рейтинга"))


# ------------------------------------------------------------------------------------------- --add


def test_add_takes_the_player_and_the_latin_name_for_the_egd(tmp_path: Path, server: Server) -> None:
    path, url = rfg_book(tmp_path, server)
    result = ok("ratings", path, "--source", "rfg", "--url", url, "--add", "Ким Сергей", "--add", "102")
    assert "добавлен Ким Сергей (РФГ 505, рейтинг 2150)" in result.output
    added = players(path)
    assert (added["Ким Сергей"]["Имя латиницей"], added["Ким Сергей"]["РФГ ID"]) == ("Kim Sergei", "505")
    assert ("Иванов Пётр", "102") not in {(name, p["РФГ ID"]) for name, p in added.items()}  # the name is taken
    assert "--add 102: в «Участники» уже есть другой игрок с этим именем" in result.output
    ok("export", path, "--format", "egf", "-o", tmp_path / "club.h9")
    assert "Kim Sergei" in (tmp_path / "club.h9").read_text(encoding="latin-1")


def test_add_namesakes_and_missing_refused_nothing_written(tmp_path: Path, server: Server) -> None:
    path, url = rfg_book(tmp_path, server)
    before = path.read_bytes()
    result = invoke("ratings", path, "--source", "rfg", "--url", url, "--add", "Иванов Пётр", "--add", "Нет Такого")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "--add «Иванов Пётр»: в списке РФГ есть тёзки (101, Москва; 102, Тверь): укажите ID",
        "--add «Нет Такого»: нет в списке РФГ (ни по имени в любой записи, ни по ID)"]
    assert path.read_bytes() == before


# ------------------------------------------------------------------------------------------- the network


def test_server_error_says_its_status_and_first_line(tmp_path: Path, server: Server) -> None:
    path = book(tmp_path, RUSSIANS, "--preset", "fors-2009")
    server.routes["/down"] = Reply(503, b"<html><head><title>Service Unavailable</title></head></html>")
    result = invoke("ratings", path, "--source", "rfg", "--url", f"{server.base}/down")
    assert (result.exit_code, result.stderr.strip()) == (1, "127.0.0.1 answered 503 Service Unavailable: "
                                                            "Service Unavailable")


def test_malformed_json_is_no_list(tmp_path: Path, server: Server) -> None:
    path = book(tmp_path, RUSSIANS, "--preset", "fors-2009")
    server.routes["/bad"] = Reply(body=b'{"data": {"players": [{"id": 1, ')
    url = f"{server.base}/bad"
    result = invoke("ratings", path, "--source", "rfg", "--url", url)
    assert (result.exit_code, result.stderr.strip()) == (
        1, f'{url} answered 200 OK, but not with the RFG list; it begins: {{"data": {{"players": [{{"id": 1,')
    assert not list((tmp_path / "cache").glob("*"))  # an answer that is no list is never kept


def test_timeout_is_said(tmp_path: Path, server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server never answers; the client gives up after its timeout (made short here: no clock decides the
    outcome, only whether an answer comes, which it never does)."""
    monkeypatch.setattr(download, "TIMEOUT", 0.2)
    path = book(tmp_path, RUSSIANS, "--preset", "fors-2009")
    server.routes["/slow"] = Reply(hang=True)
    result = invoke("ratings", path, "--source", "rfg", "--url", f"{server.base}/slow")
    assert (result.exit_code, result.stderr.strip()) == (
        1, "127.0.0.1 did not answer within 0 seconds: try again later, or download the list in a browser and give "
           "it with --file")


def test_offline_is_said(tmp_path: Path) -> None:
    path = book(tmp_path, RUSSIANS, "--preset", "fors-2009")
    result = invoke("ratings", path, "--source", "rfg")  # the autouse fixture points the source at a closed port
    assert result.exit_code == 1
    assert result.stderr.startswith("cannot reach 127.0.0.1 (") and "give it with --file" in result.stderr


def test_cache_by_source_and_date(tmp_path: Path, server: Server, cache: Path) -> None:
    path, url = rfg_book(tmp_path, server)
    ok("ratings", path, "--source", "rfg", "--url", url)
    ok("ratings", path, "--source", "rfg", "--url", url)  # downloaded once a day
    assert server.asked == ["/api/v3.0/players"]
    assert [p.name for p in cache.iterdir()] == [f"rfg-{TODAY}.json"]
    shutil.copy(cache / f"rfg-{TODAY}.json", cache / "rfg-2026-01-10.json")
    result = ok("ratings", path, "--source", "rfg", "--date", "2026-02-01")  # the list in force then, offline
    assert "от 2026-01-10" in result.output and server.asked == ["/api/v3.0/players"]
    result = invoke("ratings", path, "--source", "rfg", "--date", "2025-12-31")
    assert "нет списка РФГ от 2025-12-31 или раньше" in result.stderr


def test_file_needs_no_network(tmp_path: Path) -> None:
    path = book(tmp_path, [{"Name": "Aagren Thomas", "Rating": 1400}])
    listed = _saved(tmp_path, egd_list("2026-12-01", egd_line(13633719, "Aagren Thomas", "SE", "Upp", "6k", 1484)),
                    "allworld_lp.html")
    result = ok("ratings", path, "--source", "egd", "--file", listed)
    assert f"EGD list of 2026-12-01: found 1 of 1 player, 1 rating differs ({listed})" in result.output
    assert rows(path, "Rating changes")[0]["New"] == 1484


def test_egd_into_an_rfg_book_compares_ranks(tmp_path: Path, server: Server) -> None:
    """R0: a GoR is never written into an rfg book as it is; it counts only as another rank, the band's middle."""
    path = book(tmp_path, [{"Name": "Ivanov Petr", "Rating": 1960}, {"Name": "Aagren Thomas", "Rating": 1000}],
                "--preset", "fors-2009")
    server.routes["/egd"] = Reply(body=egd_list("2026-12-01",
                                                egd_line(13633719, "Aagren Thomas", "SE", "Upp", "6k", 1484),
                                                egd_line(11111111, "Ivanov Petr", "RU", "Msk", "2k", 1915)))
    ok("ratings", path, "--source", "egd", "--url", f"{server.base}/egd")
    assert [(r["Name"], r["New"]) for r in rows(path, "Rating changes")] == [("Aagren Thomas", 1687)]


def test_ffg_and_aga_lists_served(tmp_path: Path, server: Server) -> None:
    path = book(tmp_path, [{"Name": "Dupont Jean", "Rating": 500, "City": "Toulouse"},
                           {"Name": "Anderson Glenn", "Rating": 500}])
    server.routes["/ffg"] = Reply(body=ffg_list("2026-11-30", ("DUPONT Jean", -1500, "0452000", "31To")))
    server.routes["/aga"] = Reply(body=aga_list(("Anderson, Glenn", 23168, -13.6)), length=False)
    ok("ratings", path, "--source", "ffg", "--url", f"{server.base}/ffg")
    ok("ratings", path, "--source", "aga", "--url", f"{server.base}/aga")
    changes = {(r["Name"], r["Source"]): r["New"] for r in rows(path, "Rating changes")}
    assert changes == {("Dupont Jean", "FFG"): 550, ("Anderson Glenn", "AGA"): 800}


def test_first_line_of_an_error_page() -> None:
    assert first_line(b"<!DOCTYPE html>\n<html><head><title>Just a moment...</title>") == "Just a moment..."
    assert first_line(b"\n\nplain text\nmore") == "plain text"


def test_cache_folder_per_system(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(download.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() == tmp_path / "forsxl" / "ratings"
    monkeypatch.setattr(download.sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    assert cache_folder() == tmp_path / "local" / "forsxl" / "ratings"


def test_options_that_do_not_go_together(tmp_path: Path) -> None:
    path = book(tmp_path, RUSSIANS)
    for args, line in [
        ((), "which list? forsxl ratings BOOK --source rfg|egd|ffg|aga (or --apply, to write the ticked ratings "
             "into Players)"),
        (("--apply", "--source", "rfg"), "--source goes without --apply: forsxl ratings BOOK --source "
                                         "rfg|egd|ffg|aga, or forsxl ratings BOOK --apply"),
        (("--force",), "--force goes with --apply: forsxl ratings BOOK --apply --force"),
        (("--source", "fide"), "--source 'fide' is not one of rfg, egd, ffg, aga"),
        (("--source", "rfg", "--date", "28.11.2026"), "--date '28.11.2026' is not a date written as 2026-11-28"),
        (("--apply",), "there is no sheet «Rating changes» yet: run forsxl ratings BOOK --source rfg (or egd, ffg, "
                       "aga) first, then tick the ratings to take"),
    ]:
        result = invoke("ratings", path, *args)
        assert (result.exit_code, result.stderr.strip()) == (1, line), args


# ------------------------------------------------------------------------------------------- ticks, as a property


@settings(max_examples=15, suppress_health_check=SHARED_FIXTURE)
@given(marks=st.dictionaries(st.sampled_from([p["Name"] for p in RUSSIANS]), st.sampled_from(["x", "да", "✓", 1]),
                             max_size=4),
       moved=st.sampled_from([1900, 1950]))
def test_a_rerun_never_loses_a_tick(tmp_path_factory: pytest.TempPathFactory, marks: dict[str, object],
                                    moved: int) -> None:
    """Whatever rows are ticked and whatever the list says the next time, every ticked row is in Rating changes
    after the rerun with its mark, its player and its new rating, unless Players holds that rating already."""
    folder = tmp_path_factory.mktemp("ticks")
    path = book(folder, RUSSIANS, "--preset", "fors-2009")
    ok("ratings", path, "--source", "rfg", "--file", _saved(folder, RFG))
    tick(path, marks)
    before = {(r["Name"], r["New"], r["Accept"]) for r in rows(path, "Rating changes") if r["Accept"] is not None}
    changed = rfg_list(*[{**p, "rating": moved} if p["id"] == 101 else p for p in json.loads(RFG)["data"]["players"]])
    ok("ratings", path, "--source", "rfg", "--file", _saved(folder, changed, "next.json"))
    after = {(r["Name"], r["New"], r["Accept"]) for r in rows(path, "Rating changes")}
    assert before <= after


def test_unknown_source_error_from_the_app() -> None:
    with pytest.raises(ForsxlError):
        ratings.rating_source("fide")


def test_a_merge_keeps_the_ticks_of_either_copy(tmp_path: Path, server: Server) -> None:
    """Two referees' copies: a mark typed in one copy's Accept column comes through `forsxl merge`, as the sheet's
    cells are merged one by one."""
    path, url = rfg_book(tmp_path, server)
    ok("ratings", path, "--source", "rfg", "--url", url)
    anna, boris = tmp_path / "anna.xlsx", tmp_path / "boris.xlsx"
    shutil.copy2(path, anna)
    shutil.copy2(path, boris)
    tick(anna, {"Иванов Пётр": "x"}, "Изменения рейтинга")
    tick(boris, {"Orlov Pavel": "да"}, "Изменения рейтинга")
    ok("merge", path, anna, boris, "-o", tmp_path / "merged.xlsx")
    marks = {r["Имя"]: r["Принять"] for r in rows(tmp_path / "merged.xlsx", "Изменения рейтинга")}
    assert marks == {"Иванов Пётр": "x", "Сидоров Олег": None, "Orlov Pavel": "да"}


def test_an_odd_line_of_a_whole_list_is_left_out_and_said(tmp_path: Path) -> None:
    """A federation's list of thousands is not refused for one line that does not read: the line is named."""
    path = book(tmp_path, [{"Name": "Aagren Thomas", "Rating": 1400}])
    broken = egd_line(15813842, "Aahman Sebastian", "SE", "Vaxj", "10k", 1129).replace(" 1129 ", " 11x9 ")
    listed = _saved(tmp_path, egd_list("2026-12-01", egd_line(13633719, "Aagren Thomas", "SE", "Upp", "6k", 1484),
                                       broken), "allworld_lp.html")
    result = ok("ratings", path, "--source", "egd", "--file", listed)
    assert f"1 line of {listed} could not be read and is left out: allworld_lp.html, line 13" in result.output
