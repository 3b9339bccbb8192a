"""The forsxl menu in a real LibreOffice Calc (issue 28): `pytest -m calc`, a step of its own in .ci/run.

Each test opens a fresh copy of a workbook in a Calc that has the extension (tests/calcoffice.py), types into it as
a referee would, without saving, chooses menu items by their dispatch URLs, and reads back what Calc then shows and
what the file holds. The messages are in the workbook's language: these workbooks are Russian.
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

import openpyxl
import pytest
from calcoffice import Office, missing
from test_cli import club_players, new_book, ok, rows

pytestmark = [pytest.mark.calc, pytest.mark.skipif(bool(missing()), reason=missing() or "")]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "calc"
RESULT = "H"
"""The Result column of a round sheet."""


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Office]:
    running = Office(tmp_path_factory.mktemp("office"))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Russian club workbook of 20 players with Тур-1 paired and no result yet."""
    russian = {"Name": "Имя", "Rating": "Рейтинг", "Absent": "Пропуск"}
    players = [{russian[k]: v for k, v in p.items()} for p in club_players()]
    path = new_book(tmp_path_factory.mktemp("paired"), players, "--lang", "ru")
    ok("pair", path)
    return path


@pytest.fixture
def book(office: Office, paired: Path, tmp_path: Path) -> Iterator[Path]:
    """A fresh copy of `paired`, open in Calc."""
    path = tmp_path / "club.xlsx"
    shutil.copyfile(paired, path)
    office.call("open", path=str(path))
    yield path
    office.call("close")


def choose(office: Office, action: str, **args: Any) -> dict[str, Any]:
    """The menu item `action`, as a macro or the menu chooses it; forsxl's answer."""
    answer: dict[str, Any] = office.call("dispatch", action=action, args={"Interactive": False, **args})
    return answer


def type_round(office: Office, sheet: str, boards: int, result: str = "Ч+") -> None:
    for row in range(2, boards + 2):
        office.call("type", sheet=sheet, cell=f"{RESULT}{row}", value=result)


def sheet_rows(path: Path, title: str) -> list[dict[str, Any]]:
    return rows(path, title)


def test_pair_keeps_what_was_typed_and_shows_the_new_round(office: Office, book: Path) -> None:
    type_round(office, "Тур-1", 10)
    assert office.call("modified")
    answer = choose(office, "pair")
    assert answer["ok"], answer
    assert answer["lines"][-3:-2] == [f"{book}: тур 2: 10 досок"]
    assert office.call("sheets") == ["Настройки", "Участники", "Тур-1", "Тур-2", "Итоги", "Журнал"]
    assert office.call("where") == {"sheet": "Тур-2", "range": [0, 1, 0, 1]}
    assert not office.call("modified")
    assert [office.call("read", sheet="Тур-1", cell=f"{RESULT}{r}")["string"] for r in range(2, 12)] == ["Ч+"] * 10
    assert [r["Результат"] for r in sheet_rows(book, "Тур-1")] == ["Ч+"] * 10  # in the file, not only on screen
    standings = sheet_rows(book, "Итоги")
    assert len(standings) == 20 and "+" in standings[0]["Т1"]  # the winner of board 1: `1+/b3`


def test_standings_counts_the_results_typed_so_far(office: Office, book: Path) -> None:
    office.call("select", sheet="Тур-1", cell="C4")
    type_round(office, "Тур-1", 3, "Б+")
    answer = choose(office, "standings")
    assert answer["ok"] and answer["lines"][0] == f"{book}: итоги после 3 результатов", answer
    assert office.call("where") == {"sheet": "Тур-1", "range": [2, 3, 2, 3]}  # back where the referee was
    scored = sheet_rows(book, "Тур-1")[0]["Очки белых"]  # White won: forsxl wrote the points scored
    assert isinstance(scored, int) and office.call("read", sheet="Тур-1", cell="J2")["value"] == scored
    points = [r["Т1"] for r in sheet_rows(book, "Итоги")]
    assert sum("+" in cell for cell in points if cell) == 3


def test_a_problem_selects_its_cell_and_keeps_what_was_typed(office: Office, book: Path) -> None:
    office.call("type", sheet="Тур-1", cell="H3", value="B+x")
    answer = choose(office, "pair")
    assert not answer["ok"]
    assert any(line.startswith("Тур-1!H3: ") for line in answer["lines"]), answer
    assert office.call("where") == {"sheet": "Тур-1", "range": [7, 2, 7, 2]}
    assert office.call("read", sheet="Тур-1", cell="H3")["string"] == "B+x"
    assert sheet_rows(book, "Тур-1")[1]["Результат"] == "B+x"  # stored before forsxl ran, as typed
    assert office.call("sheets") == ["Настройки", "Участники", "Тур-1", "Итоги", "Журнал"]


def test_a_foreign_lock_still_makes_forsxl_refuse(office: Office, book: Path) -> None:
    """Excel's owner file beside the workbook: someone else has it open."""
    type_round(office, "Тур-1", 10)
    lock = book.with_name(f"~${book.name}")
    lock.write_bytes(b"\x05Boris" + b" " * 48)
    try:
        answer = choose(office, "pair")
    finally:
        lock.unlink()
    assert answer["lines"][-1] == f"{book} открыт в Excel; закройте его и повторите", answer
    assert office.call("sheets") == ["Настройки", "Участники", "Тур-1", "Итоги", "Журнал"]
    assert office.call("read", sheet="Тур-1", cell="H2")["string"] == "Ч+"  # stored, and shown again


def test_a_storing_that_fails_runs_nothing(office: Office, book: Path, tmp_path: Path) -> None:
    office.call("type", sheet="Тур-1", cell="H2", value="Ч+")
    moved = tmp_path.with_name(tmp_path.name + "-moved")
    tmp_path.rename(moved)
    try:
        answer = choose(office, "pair")
    finally:
        moved.rename(tmp_path)
    assert answer["command"] == [] and not answer["ok"]
    assert answer["lines"][0].startswith("Книгу не удалось сохранить (")
    assert answer["lines"][0].endswith("), поэтому forsxl не запускался. Ничего не изменено.")
    assert office.call("modified")  # still the referee's unsaved edit, in the window


def test_explain_and_recompute_take_the_selected_row(office: Office, book: Path) -> None:
    type_round(office, "Тур-1", 10)
    assert choose(office, "pair")["ok"]
    office.call("select", sheet="Итоги", cell="D3")
    second = office.call("read", sheet="Итоги", cell="D3")["string"]
    answer = choose(office, "explain")
    assert answer["ok"] and second in answer["lines"][0], answer
    office.call("select", sheet="Тур-2", cell="C3")
    answer = choose(office, "recompute")
    assert answer["ok"] and answer["lines"][0].startswith(f"{book}: тур 2, доска 2: "), answer
    office.call("select", sheet="Журнал", cell="A1")
    answer = choose(office, "recompute")
    assert answer["lines"] == ["Выделите ячейку в строке доски на листе тура и снова выберите «Пересчитать фору "
                               "доски»."]


def test_print_publish_and_config(office: Office, book: Path) -> None:
    opened = office.opened.read_text().splitlines() if office.opened.exists() else []
    assert choose(office, "print")["ok"]
    assert choose(office, "publish")["ok"]
    deadline = time.monotonic() + 10
    while len(office.opened.read_text().splitlines()) < len(opened) + 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert office.opened.read_text().splitlines()[len(opened):] == [
        str(book.with_name("club-тур-1.html")), str(book.with_name("club.html"))]
    answer = choose(office, "config")
    assert "lang: ru  # R0 язык листов, сообщений и страниц (ru, en) [Настройки!B7]" in answer["lines"]


def test_merge_another_copy(office: Office, book: Path, tmp_path: Path) -> None:
    other = tmp_path / "club-boris.xlsx"
    shutil.copyfile(book, other)
    workbook = openpyxl.load_workbook(other)
    workbook["Тур-1"]["H2"] = "Б+"
    workbook.save(other)
    office.call("type", sheet="Тур-1", cell="H3", value="Ч+")
    answer = choose(office, "merge", Copy=str(other))
    assert answer["ok"], answer
    assert [office.call("read", sheet="Тур-1", cell=c)["string"] for c in ("H2", "H3")] == ["Б+", "Ч+"]


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


def test_a_workbook_gone_from_disk_is_said(office: Office, book: Path, tmp_path: Path) -> None:
    """A forsxl that removes the workbook (here a stand-in set in Options): Calc cannot open it again, and says
    so instead of leaving an empty window without a word."""
    stand_in = tmp_path / "forsxl"
    stand_in.write_text('#!/bin/sh\nrm "$2"\n')
    stand_in.chmod(0o755)
    office.call("setting", name="Program", value=str(stand_in))
    try:
        answer = choose(office, "pair")
    finally:
        office.call("setting", name="Program", value="")
    assert answer["lines"] == [f"forsxl отработал, но Calc не смог снова открыть {book}: откройте книгу через "
                               "Файл › Открыть."]


def test_the_undo_note_is_said_once(office: Office, book: Path) -> None:
    """By the first action that opens the workbook anew (the module's first test may have been it)."""
    office.call("setting", name="UndoNoted", value=False)
    type_round(office, "Тур-1", 2)
    first, second = choose(office, "standings"), choose(office, "standings")
    assert first["lines"][-1].startswith("Обратите внимание: после пункта меню forsxl")
    assert not any("Обратите внимание" in line for line in second["lines"])


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
        assert office.call("sheets") == ["Настройки", "Участники", "Тур-1", "Итоги", "Журнал"]
    finally:
        office.stop()


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed")
def test_the_menu_in_calcs_window(paired: Path, tmp_path: Path) -> None:
    """Calc with its window on a virtual screen: the forsxl menu is on the menu bar in the workbook's language, and
    an action brings up no dialog of LibreOffice's own (a "Keep current format?" would hold it)."""
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
        menu = office.call("menu", open=True)
        assert menu["titles"][-3:] == ["forsxl", "Window", "Help"]
        assert menu["forsxl"] == ["Проверить", "", "Жеребьёвка следующего тура", "Итоги", "Пересчитать фору доски",
                                  "", "Объяснить место", "Настройки", "", "Бланки", "Опубликовать", "",
                                  "Слить с копией…"]
        if shutil.which("import"):  # ImageMagick, where installed: the picture README's is cut from
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            subprocess.run(["import", "-display", display, "-window", "root", str(ARTIFACTS / "menu.png")],
                           check=False)
        office.call("menu", open=False)
        type_round(office, "Тур-1", 10)
        started = time.monotonic()
        answer = choose(office, "pair")
        assert answer["ok"] and time.monotonic() - started < 30
        assert office.call("windows") == windows
        assert office.call("where")["sheet"] == "Тур-2"
        assert zipfile.is_zipfile(book)
    finally:
        if office is not None:
            office.stop()
        screen.kill()
        screen.wait()
