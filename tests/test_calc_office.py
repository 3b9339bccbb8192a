"""The forsxl menu in a real LibreOffice Calc (issues 28, 38): `pytest -m calc`, a step of its own in .ci/run.

Each test opens a fresh copy of a workbook in a Calc that has the extension (tests/calcoffice.py), types into it as
a referee would, without saving, chooses menu items by their dispatch URLs, and reads back what Calc then shows, what
Edit › Undo takes back, and what the file holds. The messages are in the workbook's language: these workbooks are
Russian. An item never loads the document anew: its RuntimeUID stays.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import openpyxl
import pytest
from calcoffice import Office, missing
from hosts import USER, webdav_server
from test_cli import club_players, new_book, ok, rows
from test_ratings import RFG, RUSSIANS, Reply, Server
from test_ratings import book as ratings_book
from test_ratings import server as rfg_server  # noqa: F401  (a fixture: the lists' server on 127.0.0.1)
from test_upload import host_files

from forsxl.calc.build import OXT

sys.path.insert(0, str(OXT / "python" / "pythonpath"))
from forsxl_calc.actions import ACTIONS

pytestmark = [pytest.mark.calc, pytest.mark.skipif(bool(missing()), reason=missing() or "")]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "calc"
RESULT = "H"
"""The Result column of a round sheet."""
SHEETS = ["Настройки", "Участники", "Тур-1", "Итоги", "Журнал"]


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Office]:
    running = Office(tmp_path_factory.mktemp("office"))
    yield running
    running.stop()


def russian_club(folder: Path) -> Path:
    """A Russian club workbook of 20 players with Тур-1 paired and no result yet."""
    russian = {"Name": "Имя", "Rating": "Рейтинг", "Absent": "Пропуск"}
    players = [{russian[k]: v for k, v in p.items()} for p in club_players()]
    path = new_book(folder, players, "--lang", "ru")
    ok("pair", path)
    return path


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return russian_club(tmp_path_factory.mktemp("paired"))


@pytest.fixture
def book(office: Office, paired: Path, tmp_path: Path) -> Iterator[Path]:
    """A fresh copy of `paired`, open in Calc."""
    path = tmp_path / "club.xlsx"
    shutil.copyfile(paired, path)
    office.call("open", path=str(path))
    yield path
    office.call("close_others")
    office.call("close")


def choose(office: Office, action: str, **args: Any) -> dict[str, Any]:
    """The menu item `action`, as a macro or the menu chooses it; what it came to."""
    answer: dict[str, Any] = office.call("dispatch", action=action, args={"Interactive": False, **args})
    return answer


def type_round(office: Office, sheet: str, boards: int, result: str = "Ч+") -> None:
    for row in range(2, boards + 2):
        office.call("type", sheet=sheet, cell=f"{RESULT}{row}", value=result)


def as_redone(snapshot: list[Any]) -> list[Any]:
    """A snapshot as a headless Calc redoes an item: without the columns' widths and the rows' heights, which Calc
    redoes only through the window on screen (ScUndoWidthOrHeight::Redo acts on the active view, and a headless
    office has none; the Xvfb test redoes with Ctrl+Y on screen and compares the widths too: Calc 7.4 does not redo a
    row's height set through UNO even there), and without number formats,
    as Calc gives a text that reads as a number or a time the text format itself when the text is set, and not again
    on a redo (the text is the same)."""
    return [[*sheet[:3], sorted((column, row, *look[1:6], *look[7:]) for look in sheet[3]
                                for column in range(look[0][0], look[0][2] + 1)
                                for row in range(look[0][1], look[0][3] + 1)), sheet[4]] for sheet in snapshot]


def in_place(office: Office, action: str, **args: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The item `action`, which must change the open document in place: the same document afterwards (its
    RuntimeUID), one undo action more, which takes back every sheet and cell (values, formats, merges, widths and
    heights), and whose redo brings the item's result back (a frozen pane is the view's, not the document's: a redo
    does not bring it back). What it came to, and where it left the referee."""
    uid, before, titles = office.call("uid"), office.call("snapshot"), office.call("undo_titles")
    answer = choose(office, action, **args)
    assert answer["ok"], answer
    assert office.call("wait_saved")  # saved once the item returned, by the extension (the default)
    where = office.call("where") | {"frozen": office.call("frozen"), "view": office.call("view")}
    after = office.call("snapshot")
    assert after != before
    assert office.call("uid") == uid
    assert office.call("undo_titles")[1:] == titles
    office.call("undo")
    assert office.call("snapshot") == before
    office.call("redo")
    assert as_redone(office.call("snapshot")) == as_redone(after)
    assert office.call("uid") == uid
    return answer, where


def test_pair_is_made_in_place_as_one_undo_action(office: Office, book: Path) -> None:
    type_round(office, "Тур-1", 10)
    answer, where = in_place(office, "pair")
    assert answer["status"] == "тур 2: 10 досок"
    assert office.call("undo_titles")[0] == "forsxl: Жеребьёвка тура 2"
    assert office.call("sheets") == ["Настройки", "Участники", "Тур-1", "Тур-2", "Итоги", "Журнал"]
    assert where | {"view": None} == {"sheet": "Тур-2", "range": [0, 1, 0, 1], "frozen": True, "view": None}
    assert [office.call("read", sheet="Тур-1", cell=f"{RESULT}{r}")["string"] for r in range(2, 12)] == ["Ч+"] * 10
    header, result = office.call("format_of", sheet="Тур-2", cell="A1"), office.call("format_of", sheet="Тур-2",
                                                                                        cell="H2")
    assert header["bold"] and header["wrap"] and result["format"] == "@" and result["validation"] == "LIST"
    assert [r["Результат"] for r in rows(book, "Тур-1")] == ["Ч+"] * 10
    assert len(rows(book, "Тур-2")) == 10
    standings = rows(book, "Итоги")
    assert len(standings) == 20 and "+" in standings[0]["Т1"]  # the winner of board 1: `1+/b3`


def test_standings_counts_what_was_typed_and_stays_where_the_referee_was(office: Office, book: Path) -> None:
    office.call("select", sheet="Тур-1", cell="C4")
    type_round(office, "Тур-1", 3, "Б+")
    view = office.call("view", zoom=130, first_row=2)
    answer, where = in_place(office, "standings")
    assert answer["status"] == "итоги после 3 результатов", answer
    assert office.call("undo_titles")[0] == "forsxl: Итоги"
    assert where == {"sheet": "Тур-1", "range": [2, 3, 2, 3], "frozen": True, "view": view}  # zoom and scroll too
    assert office.call("read", sheet="Тур-1", cell="J2")["value"] > 0  # White won: the points scored written
    assert sum("+" in (r["Т1"] or "") for r in rows(book, "Итоги")) == 3


def test_every_other_writing_item_is_one_undo_action(office: Office, book: Path, tmp_path: Path) -> None:
    """Recompute, Import players, Merge another copy: each made in place and taken back whole."""
    office.call("select", sheet="Тур-1", cell="C3")
    answer, _ = in_place(office, "recompute")
    assert answer["status"].startswith("тур 1, доска 2: "), answer
    players = tmp_path / "новые.csv"
    players.write_text("Имя,Рейтинг\nНовиков Пётр,1500\nСеменова Анна,1400\n", encoding="utf-8")
    in_place(office, "import", Picked=str(players))
    assert "Новиков Пётр" in office.call("column", sheet="Участники", column="B", rows=40)
    other = tmp_path / "club-boris.xlsx"
    shutil.copyfile(book, other)
    workbook = openpyxl.load_workbook(other)
    workbook["Тур-1"]["H2"] = "Б+"
    workbook.save(other)
    in_place(office, "merge", Picked=str(other))
    assert office.call("read", sheet="Тур-1", cell="H2")["string"] == "Б+"
    assert office.call("undo_titles")[:3] == ["forsxl: Слить с копией…", "forsxl: Добавить участников…",
                                              "forsxl: Пересчитать фору доски"]


def test_history_puts_a_version_back_in_place(office: Office, book: Path) -> None:
    type_round(office, "Тур-1", 10)
    assert choose(office, "pair")["ok"]
    office.call("wait_saved")
    in_place(office, "history", Picked=1)  # the version before the pairing
    assert office.call("sheets") == SHEETS


def test_with_the_save_setting_off_the_workbook_is_left_to_save(office: Office, book: Path) -> None:
    """Tools › Options › LibreOffice Calc › forsxl, «save after each item» off: the item's changes are in the open
    workbook, which is left modified for the referee to save; the file is as it was."""
    before = book.read_bytes()
    type_round(office, "Тур-1", 10)
    office.call("setting", name="SaveAfter", value=False)
    try:
        assert choose(office, "pair")["ok"]
    finally:
        office.call("setting", name="SaveAfter", value=True)
    assert "Тур-2" in office.call("sheets") and office.call("modified")
    assert book.read_bytes() == before


def test_a_problem_selects_its_cell_and_changes_nothing(office: Office, book: Path) -> None:
    office.call("type", sheet="Тур-1", cell="H3", value="B+x")
    titles, before = office.call("undo_titles"), office.call("snapshot")
    answer = choose(office, "pair")
    assert not answer["ok"]
    assert any(line.startswith("Тур-1!H3: ") for line in answer["lines"]), answer
    assert office.call("where") == {"sheet": "Тур-1", "range": [7, 2, 7, 2]}
    assert office.call("undo_titles") == titles and office.call("snapshot") == before


def test_what_only_reads_goes_to_the_status_bar(office: Office, book: Path) -> None:
    answer = choose(office, "check")
    assert answer["ok"] and answer["status"] == "20 участников, 1 тур, ошибок нет", answer
    office.call("select", sheet="Итоги", cell="D3")
    answer = choose(office, "explain")
    assert answer["ok"] and office.call("read", sheet="Итоги", cell="D3")["string"] in answer["lines"][0]
    answer = choose(office, "config")
    assert "lang: ru  # R0 язык листов, сообщений и страниц (ru, en) [Настройки!B7]" in answer["lines"]
    office.call("select", sheet="Журнал", cell="A1")
    answer = choose(office, "recompute")
    assert answer["lines"] == ["Выделите ячейку в строке доски на листе тура и снова выберите «Пересчитать фору "
                               "доски»."]


def test_print_regulation_export_and_a_new_tournament(office: Office, book: Path, tmp_path: Path) -> None:
    """Documents forsxl makes, opened in LibreOffice: the slips as a spreadsheet to print, the regulation (in
    Writer, or where Writer is missing in the browser); the export written where chosen; a new tournament opened."""
    answer = choose(office, "print")
    assert answer["ok"] and answer["status"] == "тур 1, 10 бланков на 3 страницах, затем список для стены", answer
    assert any(unquote(url).endswith("/club, бланки.xlsx") for url in office.call("components"))
    answer = choose(office, "regulation")
    if office.call("has_writer"):
        assert answer["ok"] and any(unquote(u).endswith("/club, положение.html") for u in office.call("components"))
    else:
        assert answer["status"] == "положение открыто в браузере (LibreOffice Writer не установлен)", answer
    target = tmp_path / "итоги.h9"
    assert choose(office, "export", Picked={"format": "egf", "output": str(target)})["ok"]
    assert target.read_text(encoding="utf-8").count("\n") > 20
    new = tmp_path / "Кубок.xlsx"
    answer = choose(office, "new", Picked={"book": str(new), "preset": "fors-club", "lang": "ru", "name": "Кубок"})
    assert answer["ok"] and new.is_file(), answer
    assert new.as_uri() in office.call("components")


def test_publish_keeps_the_site_published(office: Office, book: Path, tmp_path: Path) -> None:
    site = tmp_path / "сайт"
    answer = choose(office, "publish", Picked=str(site))
    assert answer["ok"] and (site / "index.html").is_file(), answer
    published = (site / "index.html").stat().st_mtime_ns
    type_round(office, "Тур-1", 10)
    assert choose(office, "standings")["ok"]  # saved afterwards: published again
    deadline = time.monotonic() + 60
    while (site / "index.html").stat().st_mtime_ns == published and time.monotonic() < deadline:
        time.sleep(0.2)
    assert (site / "index.html").stat().st_mtime_ns != published


def test_ratings_from_the_federations_list_then_the_ticked_ones(office: Office, tmp_path: Path,
                                                               rfg_server: Server) -> None:  # noqa: F811
    """Issue 43 from the menu: the RFG's list (served here on 127.0.0.1 in its real format) chosen in the form,
    compared in place as one undo action, the referee taken to «Изменения рейтинга»; a row ticked there, then «Принять
    отмеченные рейтинги» writes that one into Участники, as one undo action too."""
    path = ratings_book(tmp_path, RUSSIANS, "--preset", "fors-2009", "--lang", "ru")
    server = rfg_server
    server.routes["/api/v3.0/players"] = Reply(body=RFG)
    office.call("open", path=str(path))
    try:
        answer, where = in_place(office, "ratings", Picked={"source": "rfg",
                                                            "url": f"{server.base}/api/v3.0/players"})
        assert answer["status"].startswith("список РФГ от "), answer
        assert answer["status"].endswith(": найдено 4 из 4 участников, расходятся 3 рейтинга"
                                         f" ({server.base}/api/v3.0/players)"), answer
        assert answer["lines"][-1] == ("отметьте рейтинги, которые принять, в столбце «Принять» листа «Изменения "
                                       "рейтинга», потом выберите «Принять отмеченные рейтинги» в меню forsxl")
        assert where["sheet"] == "Изменения рейтинга"
        assert office.call("undo_titles")[0] == "forsxl: Рейтинги из списка федерации…"
        names = office.call("column", sheet="Изменения рейтинга", column="B", rows=5)
        accept = next(c for c in "ABCDEFGHIJ" if office.call("read", sheet="Изменения рейтинга",
                                                                cell=f"{c}1")["string"] == "Принять")
        # Сидоров Олег, whose RFG ID Участники has: Calc's undo would leave the text format it gives an empty cell
        # set to a text like 101 (Иванов Пётр's id, written with his rating), which the snapshot tells apart
        office.call("type", sheet="Изменения рейтинга", cell=f"{accept}{names.index('Сидоров Олег') + 1}", value="x")
        answer, _ = in_place(office, "accept_ratings")
        assert answer["status"].startswith("в «Участники» внесён 1 рейтинг: Сидоров Олег 1200 → 1250 (РФГ "), answer
        ratings = {r["Имя"]: r["Рейтинг"] for r in rows(path, "Участники")}
        assert (ratings["Сидоров Олег"], ratings["Иванов Пётр"]) == (1250, 1850)
    finally:
        office.call("close")


def test_publish_sends_the_site_where_config_says(office: Office, paired: Path, tmp_path: Path) -> None:
    """Issue 46 from the menu: with Config's publish.to (a WebDAV folder on 127.0.0.1, the password in the ~/.netrc
    of the home LibreOffice runs in) Publish asks no folder: the site is written beside the workbook, as forsxl publish
    writes it, and sent; the status bar says where. A full disk on the host is said, the site written here all the
    same, and the next save sends it."""
    netrc = office.folder / "home" / ".netrc"
    netrc.write_text(f"machine 127.0.0.1\nlogin {USER}\npassword s3cret\n", encoding="utf-8")
    netrc.chmod(0o600)
    served = tmp_path / "dav"
    served.mkdir()
    path = tmp_path / "club.xlsx"
    shutil.copyfile(paired, path)
    with webdav_server(served) as host:
        address = f"webdav://{USER}@127.0.0.1:{host.port}/club/results"
        ok("config", path, "--set", f"publish.to={address}")
        office.call("open", path=str(path))
        try:
            site, remote = tmp_path / "club-сайт", served / "club" / "results"
            answer = choose(office, "publish")  # no Picked, and no folder dialog
            pages = len(host_files(site))
            assert answer["ok"] and answer["status"] == (
                f"{address}: опубликовано, отправлено {pages} из {pages} страниц; сайт есть и в {site}, он "
                "отправляется заново при каждом сохранении и каждом изменении от forsxl, пока книга открыта"), answer
            assert host_files(remote) == host_files(site)
            host.fill()
            type_round(office, "Тур-1", 10)
            office.call("setting", name="SaveAfter", value=False)
            try:
                assert choose(office, "standings")["ok"]
            finally:
                office.call("setting", name="SaveAfter", value=True)
            answer = choose(office, "publish")
            assert not answer["ok"] and answer["lines"] == [answer["status"]], answer
            assert answer["status"].startswith(f"Сайт записан в {site}, но на сервер клуба не отправлен: {address}: "
                                               "не отправлено: диск на сервере заполнен ("), answer
            assert answer["status"].endswith("Он будет отправлен снова при следующем сохранении, пока книга открыта.")
            assert host_files(remote) != host_files(site)  # the results typed are here, not on the host
            host.fill(False)
            office.call("save")
            deadline = time.monotonic() + 60
            while host_files(remote) != host_files(site) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert host_files(remote) == host_files(site)
        finally:
            office.call("close")


def test_an_ods_or_a_new_workbook_is_told_what_to_do(office: Office, book: Path, tmp_path: Path) -> None:
    ods = tmp_path / "club.ods"
    office.call("save_as", path=str(ods), filter="calc8")
    answer = choose(office, "check")
    assert answer["lines"] == ["forsxl работает с книгами .xlsx, а эта книга — club.ods. Сохраните её через Файл › "
                               "Сохранить как… в формате Excel 2007-365 (.xlsx) и снова выберите пункт меню уже в "
                               "файле .xlsx."]
    office.call("close")
    office.call("new")
    answer = choose(office, "pair")
    assert answer["lines"] == ["This workbook has never been saved. forsxl works on a workbook file: save it with "
                               "File › Save As… as an Excel 2007-365 (.xlsx) workbook, then choose the menu item "
                               "again."]
    office.call("open", path=str(book))


def test_the_forsxl_set_in_options_is_used_and_named_when_broken(office: Office, book: Path) -> None:
    """Tools › Options › LibreOffice Calc › forsxl, as LibreOffice builds the page, in LibreOffice's language."""
    page = office.call("options")
    assert page["Program"] == "" and page["Found"] == f"Now used: {sys.executable} -m forsxl"
    assert page["SaveAfter"].startswith("Save the workbook after each menu item that changes it")
    page = office.call("options", program="/nowhere/forsxl")
    assert page["Found"] == "Set, but not found: /nowhere/forsxl"
    office.call("setting", node="/org.openoffice.Setup/L10N", name="ooLocale", value="ru")
    try:
        assert office.call("options")["ProgramLabel"] == "Программа forsxl:"
        answer = choose(office, "check")
    finally:
        office.call("setting", node="/org.openoffice.Setup/L10N", name="ooLocale", value="en-US")
        office.call("options", program="")
    assert answer["lines"][0].startswith("Программу forsxl, указанную в Сервис › Параметры › LibreOffice Calc › "
                                         "forsxl, запустить нельзя: /nowhere/forsxl (")
    assert choose(office, "check")["ok"]


STAND_INS = {
    "broken edits": 'print(json.dumps({"id": asked["id"], "code": 0, "out": ["done"], "err": [], "problems": [], '
                    '"files": [], "edits": {"format": "forsxl-edits", "version": 1, "workbook": "edit", "remove": [], '
                    '"sheets": [{"name": "Тур-2", "rows": [{"row": 1, "cells": [[1, "Доска"]]}]}], "cells": [{'
                    '"sheet": "Нет такого листа", "set": [[1, 1, 5]]}], "order": [], "formats": []}}), flush=True)',
    "no answer": 'sys.exit("Traceback (most recent call last):\\nMemoryError")',
}
"""forsxl stand-ins that answer what the extension cannot make (edits of a sheet that is not there, after a sheet
was added) or nothing at all."""


def stand_in(folder: Path, kind: str) -> Path:
    """A forsxl stand-in of STAND_INS in `folder`."""
    folder.mkdir(exist_ok=True)
    program = folder / "forsxl"
    program.write_text(f"#!{sys.executable}\nimport json, sys\nfor line in sys.stdin:\n    asked = json.loads(line)\n"
                       f"    {STAND_INS[kind]}\n", encoding="utf-8")
    program.chmod(0o755)
    return program


@pytest.mark.parametrize("kind", STAND_INS)
def test_an_error_inside_an_item_is_said_and_changes_nothing(office: Office, book: Path, tmp_path: Path,
                                                             kind: str) -> None:
    type_round(office, "Тур-1", 10)
    office.call("select", sheet="Тур-1", cell="C4")
    titles, before, where = office.call("undo_titles"), office.call("snapshot"), office.call("where")
    office.call("setting", name="Program", value=str(stand_in(tmp_path, kind)))
    try:
        answer = choose(office, "pair")
    finally:
        office.call("setting", name="Program", value="")
    assert not answer["ok"] and office.alive()
    said = answer["lines"][0]
    assert said.startswith("«Жеребьёвка следующего тура» остановлен ошибкой в расширении forsxl: " if kind ==
                           "broken edits" else "forsxl остановился, не ответив: MemoryError."), said
    log = office.profile / "user" / "forsxl" / "calc.log"
    assert said.endswith(f"подробности в {log}."), said
    assert "Traceback" in log.read_text(encoding="utf-8")  # where it happened, for whoever reads the log
    assert office.call("undo_titles") == titles and office.call("snapshot") == before
    assert office.call("where") == where  # not where taking back what was made left the view
    assert choose(office, "check")["ok"]  # the real forsxl again, started anew


def test_without_forsxl_the_menu_says_where_to_set_it(paired: Path, tmp_path: Path) -> None:
    office = Office(tmp_path / "office", program="/nowhere/python3", path="/usr/bin:/bin")
    try:
        book = tmp_path / "club.xlsx"
        shutil.copyfile(paired, book)
        office.call("open", path=str(book))
        answer = choose(office, "pair")
        assert answer["lines"] == [
            "forsxl не найден. В PyPI его нет: поставьте файл выпуска — pipx install forsxl-ВЕРСИЯ-py3-none-any.whl — "
            "или наберите pipx install . в копии проекта (подробно — в её docs/install.md); или укажите программу "
            "forsxl в Сервис › Параметры › LibreOffice Calc › forsxl."]
        assert office.call("sheets") == SHEETS
    finally:
        office.stop()


def test_every_item_under_lang_c_with_cyrillic_paths_and_sheets(tmp_path: Path) -> None:
    """LibreOffice started with LANG=C (no UTF-8 locale), a workbook in a Cyrillic folder with Cyrillic sheets: every
    item runs, nothing reaches forsxl as command line bytes, and soffice lives on; an exception forced inside an item
    (a forsxl in a Cyrillic folder answering edits that cannot be made) is said, changes nothing, and soffice lives
    on too."""
    folder = tmp_path / "Кубок Москвы"
    folder.mkdir()
    book = russian_club(folder)
    office = Office(tmp_path / "office", locale="C")
    try:
        office.call("open", path=str(book), encoding=office.encoding)
        type_round(office, "Тур-1", 10)
        other = folder / "копия Бориса.xlsx"
        players = folder / "новые участники.csv"
        players.write_text("Имя,Рейтинг\nНовиков Пётр,1500\n", encoding="utf-8")
        listed = folder / "список РФГ.json"
        listed.write_bytes(RFG)
        picked: dict[str, Any] = {
            "import": str(players), "publish": str(folder / "сайт"), "history": 1,
            "ratings": {"source": "rfg", "file": str(listed)},
            "export": {"format": "csv", "output": str(folder / "итоги.csv")},
            "new": {"book": str(folder / "новый.xlsx"), "preset": "fors-club", "lang": "ru", "name": "Новый"}}
        said = {}
        for action in ("check", "pair", "recompute", "standings", "explain", "config", "regulation", "print",
                       "publish", "export", "import", "ratings", "accept_ratings", "merge", "history", "new"):
            if action == "merge":
                shutil.copyfile(book, other)
                picked["merge"] = str(other)
            if action in ("recompute", "explain"):
                office.call("select", sheet="Тур-2" if action == "recompute" else "Итоги", cell="D3")
            answer = choose(office, action, **({"Picked": picked[action]} if action in picked else {}))
            said[action] = answer["lines"][:1]
            assert answer["ok"], (action, answer)
            assert office.alive(), action
        assert said["pair"] == [f"{book}: тур 2: 10 досок"]
        assert set(said) == set(ACTIONS)  # every item of the menu
        before, titles = office.call("snapshot"), office.call("undo_titles")
        office.call("setting", name="Program", value=str(stand_in(folder / "заглушка", "broken edits")))
        answer = choose(office, "pair")
        assert answer["lines"][0].startswith("«Жеребьёвка следующего тура» остановлен ошибкой в расширении forsxl: ")
        assert office.alive() and office.call("snapshot") == before and office.call("undo_titles") == titles
    finally:
        office.stop()


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                    reason="Xvfb and xdotool are not installed")
def test_a_result_typed_without_enter_is_entered_and_counted(paired: Path, tmp_path: Path) -> None:
    """Calc in its window on a virtual screen: the forsxl menu on the menu bar in the workbook's language; a result
    typed into Тур-1 without Enter, then Pair chosen from the menu: no dialog of LibreOffice's own, the result in its
    cell and counted in Итоги, round 2 paired."""
    display = f":{90 + os.getpid() % 100}"
    screen = subprocess.Popen(["Xvfb", display, "-screen", "0", "1366x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    office = None
    try:
        office = Office(tmp_path / "office", display=display)
        book = tmp_path / "club.xlsx"
        shutil.copyfile(paired, book)
        office.call("open", path=str(book))
        windows = office.call("windows")
        type_round(office, "Тур-1", 9)
        office.call("select", sheet="Тур-1", cell="H11")
        env = {**os.environ, "DISPLAY": display}
        subprocess.run(["xdotool", "search", "--name", "club.xlsx", "windowfocus", "--sync", "type", "--delay", "80",
                        "W+"], env=env, check=True, timeout=60)
        assert office.call("read", sheet="Тур-1", cell="H11")["string"] == ""  # still in the cell editor
        office.call("choose_from_menu", item="Жеребьёвка следующего тура")
        deadline = time.monotonic() + 60
        while office.call("where")["sheet"] != "Тур-2" and time.monotonic() < deadline:
            time.sleep(0.2)
        office.call("wait_saved")  # the item has returned and the window is painted again
        time.sleep(1)
        if shutil.which("import"):
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            subprocess.run(["import", "-display", display, "-window", "root", str(ARTIFACTS / "paired.png")],
                           check=False)
        assert office.call("windows") == windows  # no dialog
        assert office.call("read", sheet="Тур-1", cell="H11")["string"] == "W+"
        assert office.call("where")["sheet"] == "Тур-2"
        paired_round = office.call("snapshot")
        for keys in ("ctrl+z", "ctrl+y"):  # the pairing taken back whole, the typed result kept; then made again
            subprocess.run(["xdotool", "search", "--name", "club.xlsx", "windowfocus", "--sync", "key", keys],
                           env=env, check=True, timeout=60)
            time.sleep(1)
            if keys == "ctrl+z":
                assert office.call("sheets") == SHEETS
                assert office.call("read", sheet="Тур-1", cell="H11")["string"] == "W+"
        redone = office.call("snapshot")  # the widths too, redone on screen; not the heights, which Calc 7.4 does
        assert [sheet[:6] for sheet in redone] == [sheet[:6] for sheet in paired_round]  # not redo (guide.en.md)
        assert office.call("undo_titles")[0] == "forsxl: Жеребьёвка тура 2"
        office.call("select", sheet="Тур-2", cell="H3")  # a formula half typed: left to the referee, named
        subprocess.run(["xdotool", "search", "--name", "club.xlsx", "windowfocus", "--sync", "type", "--delay", "80",
                        "=1+"], env=env, check=True, timeout=60)
        before = office.call("snapshot")
        answer = choose(office, "pair")
        assert answer["lines"] == ["Завершите ввод в ячейке Тур-2!H3 (Enter) и выберите пункт снова. Ничего не "
                                   "изменено."]
        assert office.call("snapshot") == before and office.call("windows") == windows
        subprocess.run(["xdotool", "key", "Escape"], env=env, check=True, timeout=60)  # the formula given up
        menu = office.call("menu", open=True)
        assert menu["titles"][-3:] == ["forsxl", "Window", "Help"]
        assert menu["forsxl"] == [
            "Проверить", "", "Жеребьёвка следующего тура", "Итоги", "Пересчитать фору доски", "", "Объяснить место",
            "Настройки", "Положение о турнире", "", "Бланки", "Опубликовать…", "Экспорт…", "", "Добавить участников…",
            "Рейтинги из списка федерации…", "Принять отмеченные рейтинги", "Слить с копией…", "История версий…", "",
            "Новый турнир…"]
        if shutil.which("import"):  # ImageMagick, where installed: the picture the guides' is cut from
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            subprocess.run(["import", "-display", display, "-window", "root", str(ARTIFACTS / "menu.png")],
                           check=False)
        office.call("menu", open=False)
        office.call("choose_from_menu", item="Рейтинги из списка федерации…")  # its form, looked at, cancelled
        deadline = time.monotonic() + 60
        while office.call("windows") == windows and time.monotonic() < deadline:
            time.sleep(0.2)
        assert office.call("windows") > windows  # the form is on screen
        time.sleep(1)
        if shutil.which("import"):
            subprocess.run(["import", "-display", display, "-window", "root", str(ARTIFACTS / "ratings-form.png")],
                           check=False)
        subprocess.run(["xdotool", "search", "--name", "Рейтинги из списка федерации", "windowfocus", "--sync", "key",
                        "Escape"], env=env, check=True, timeout=60)
        while office.call("windows") != windows and time.monotonic() < deadline:
            time.sleep(0.2)
        assert office.call("windows") == windows
        assert zipfile.is_zipfile(book)
        assert sum("+" in (r["Т1"] or "") for r in rows(book, "Итоги")) == 10  # the typed result counted
        assert choose(office, "history", Picked=1)["ok"]  # the first sheet replaced: the status bar laid out anew
        choose(office, "config")
        field = office.call("status_field")
        assert field["width"] > 100 and field["text"].startswith("forsxl: "), field  # still shown
    finally:
        if office is not None:
            office.stop()
        screen.kill()
        screen.wait()
