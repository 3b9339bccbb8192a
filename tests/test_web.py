"""forsxl in a web page (issue 42): the site `forsxl web build` writes, served on 127.0.0.1 by `forsxl web serve`'s
server and driven in headless Chromium (Selenium and the system chromedriver, as test_browser.py drives the results
site): it loads, opens a workbook, checks, pairs and ranks it, and the workbook it gives back is the one a native
`forsxl pair` writes, cell for cell; it speaks Russian to a Russian browser, lists a problem by its cell, writes a file
in place through the File System Access API, undoes after a reload, and loads and works with the server stopped.

Run with `pytest -m web`. The site is built from the cache of the pinned runtime and wheels, never from the
network: `forsxl web build` (which .ci/run runs first) fills the cache, and the tests skip with a message while it is
empty. The build's pins, its repacked wheels, the server and the bridge are tested offline in every run
(tests/test_webbuild.py).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_browser import FLAGS, _binary
from workbooks import run

from forsxl.web import build as web
from forsxl.web.serve import in_background, url

ROOT = Path(__file__).resolve().parents[1]
CLUB = ROOT / "examples" / "club.xlsx"
ARTIFACTS = ROOT / "artifacts" / "web"
pytestmark = pytest.mark.web

READY_SECONDS = 600
"""How long a loaded machine may take to start Pyodide in a fresh profile: a bound, not a measure (bench/web.py)."""


def _cached_site(folder: Path) -> Path:
    """The site built into `folder` from the cache, or a skip when the cache lacks a pinned file."""
    runtime, _, wheels = web.pins()
    cache = web.default_cache()
    for pin in (runtime, *wheels):
        kept = cache / pin.name
        if not kept.is_file() or hashlib.sha256(kept.read_bytes()).hexdigest() != pin.sha256:
            pytest.skip(f"{pin.name} is not in the cache {cache}: run `forsxl web build` once (it downloads the "
                        "pinned runtime and wheels)")
    web.build(folder, cache)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _cached_site(tmp_path_factory.mktemp("web") / "site")


class Page:
    """A Chromium session on the page, with what these tests ask of it."""

    def __init__(self, driver: Any, address: str) -> None:
        self.driver, self.address = driver, address

    def script(self, source: str, *args: Any) -> Any:
        return self.driver.execute_script(source, *args)

    def wait(self, condition: str, seconds: float = READY_SECONDS) -> None:
        deadline = time.monotonic() + seconds
        while not self.script(f"return {condition}"):
            assert time.monotonic() < deadline, (condition, self.script("return document.body.innerText"))
            time.sleep(0.3)

    def load(self) -> None:
        self.driver.get(self.address)
        self.wait("document.body.dataset.ready === 'yes'")

    def open(self, name: str, data: bytes) -> None:
        self.script("window.forsxl.openFile({name: arguments[0]}, Uint8Array.from(atob(arguments[1]), "
                    "c => c.charCodeAt(0)))", name, base64.b64encode(data).decode())

    def command(self, button: str, options: dict[str, Any] | None = None,
                inputs: list[tuple[str, bytes]] | None = None) -> dict[str, Any]:
        """Click `button` with its options and files given; what the page shows then."""
        self.script("window.forsxl.command(arguments[0], arguments[1], (arguments[2] || []).map(([name, data]) => "
                    "({name, data: Uint8Array.from(atob(data), c => c.charCodeAt(0))})))", button, options or {},
                    [(n, base64.b64encode(d).decode()) for n, d in inputs or []])
        self.wait("document.body.dataset.busy === 'no'", 300)
        return self.shown()

    def shown(self) -> dict[str, Any]:
        return self.script("""return {state: document.querySelector('#state').textContent,
            lines: document.querySelector('#lines').textContent,
            cells: [...document.querySelectorAll('#problems li .cell')].map(c => c.textContent),
            problems: [...document.querySelectorAll('#problems li')].map(li => li.textContent),
            outputs: [...document.querySelectorAll('#outputs a')].map(a => a.download),
            download: document.querySelector('#download').hidden ? null : document.querySelector('#download').download,
            buttons: [...document.querySelectorAll('[data-command]')].map(b => b.textContent)}""")

    def book(self) -> bytes:
        """The workbook as the page now offers it for download."""
        return base64.b64decode(self.script("""const bytes = window.forsxl.book.data; let text = '';
            for (let i = 0; i < bytes.length; i += 0x8000)
                text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            return btoa(text);"""))

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        self.driver.save_screenshot(str(path))
        print(f"screenshot: {path}")
        return path


def chromium(profile: Path, lang: str) -> Any:
    binary = _binary("chromium", "chromium-browser", "google-chrome")
    driver = _binary("chromedriver") or next((p for p in ("/usr/bin/chromedriver",) if Path(p).is_file()), None)
    if binary is None or driver is None:
        pytest.skip("Chromium or chromedriver is not installed (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = binary
    for flag in (*FLAGS, f"--user-data-dir={profile}", "--window-size=1280,1000", f"--lang={lang}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[Any]:
    running, _ = in_background(site)
    try:
        yield running
    finally:
        running.shutdown()
        running.server_close()


@pytest.fixture(scope="module")
def page(served: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    driver = chromium(tmp_path_factory.mktemp("profile-en"), "en-US")
    try:
        yield Page(driver, url(served))
    finally:
        driver.quit()


LOG_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?")


def cells(data: bytes) -> dict[tuple[str, str], object]:
    """Every cell's value of every sheet, the times a Log row was written left out."""
    workbook = openpyxl.load_workbook(io.BytesIO(data))
    values = {}
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                value = cell.value
                if sheet.title in ("Log", "Журнал") and (isinstance(value, datetime) or (
                        isinstance(value, str) and LOG_TIME.fullmatch(value))):
                    continue
                if value is not None:
                    values[(sheet.title, cell.coordinate)] = value
    return values


def native_pair(data: bytes, folder: Path) -> bytes:
    folder.mkdir(parents=True, exist_ok=True)
    book = folder / "club.xlsx"
    book.write_bytes(data)
    run("pair", str(book))
    return book.read_bytes()



def test_the_page_loads_checks_pairs_and_ranks_the_demo_workbook_as_the_terminal(page: Page, tmp_path: Path) -> None:
    page.load()
    assert page.shown()["state"] == "Ready." and page.shown()["buttons"][:2] == ["Check", "Pair next round"]
    original = CLUB.read_bytes()
    page.open("club.xlsx", original)
    checked = page.command("check")
    assert "club.xlsx: 20 участников, 3 тура, ошибок нет" in checked["lines"], checked
    paired = page.command("pair")
    assert "club.xlsx: тур 4: 10 досок" in paired["lines"] and paired["download"] == "club.xlsx", paired
    in_page = page.book()
    assert cells(in_page) == cells(native_pair(original, tmp_path / "native"))
    page.screenshot("paired.png")
    ranked = page.command("standings")
    assert "club.xlsx:" in ranked["lines"] and page.book() != in_page, ranked


def test_the_demo_in_english_and_every_other_button(page: Page, tmp_path: Path) -> None:
    page.load()
    page.script("document.querySelector('#demo').click()")
    page.wait("document.body.dataset.busy === 'no' && window.forsxl.book !== null", 300)
    assert page.shown()["download"] == "club.xlsx"
    demo = page.book()
    assert "Round-3" in openpyxl.load_workbook(io.BytesIO(demo)).sheetnames
    assert "Board 1:" in page.command("explain", {"round": 3})["lines"]
    page.command("pair")
    assert page.command("recompute", {"board": "1"})["lines"].startswith("club.xlsx: round 4, board 1:")
    assert page.command("print")["outputs"] == ["club-round-4.html"]
    assert page.command("regulation")["outputs"] == ["club-regulation.html"]
    assert page.command("export", {"format": "egf"})["outputs"] == ["club.h9"]
    published = page.command("publish")
    assert published["outputs"] == ["club-site.zip"]
    page.wait("document.querySelector('#preview').contentDocument?.querySelector('table.standings') != null", 60)
    page.screenshot("published.png")
    imported = page.command("import", {}, [("more.csv", b"Name,Rating\nNewcomer Ann,1500\n")])
    assert "1 player" in imported["lines"], imported
    assert "Newcomer Ann" in str(cells(page.book()).values())
    other = page.book()
    merged = page.command("merge", {"prefer": "a"}, [("other.xlsx", other), ("base.xlsx", demo)])
    assert "merged" in merged["lines"], merged
    history = page.command("history")
    assert "earlier versions kept" in history["lines"], history


def test_a_problem_is_listed_by_its_cell(page: Page) -> None:
    page.load()
    workbook = openpyxl.load_workbook(CLUB)
    workbook["Тур-2"]["H3"] = "B+x"
    data = io.BytesIO()
    workbook.save(data)
    page.open("bad.xlsx", data.getvalue())
    shown = page.command("check")
    assert shown["cells"] == ["Тур-2!H3"] and "«B+x»" in shown["problems"][0], shown
    assert shown["download"] is None  # nothing written


def test_the_file_chosen_with_a_handle_is_written_in_place(page: Page, tmp_path: Path) -> None:
    """The File System Access API, as after the file picker: here on a file of the page's own storage (OPFS), the
    same handle a picked file gives; the picker's dialog itself cannot be driven."""
    page.load()
    original = CLUB.read_bytes()
    page.driver.execute_async_script("""const [data, done] = arguments;
        const root = await navigator.storage.getDirectory();
        const handle = await root.getFileHandle('inplace.xlsx', {create: true});
        const writable = await handle.createWritable();
        await writable.write(Uint8Array.from(atob(data), c => c.charCodeAt(0)));
        await writable.close();
        await window.forsxl.openHandle(handle);
        done();""", base64.b64encode(original).decode())
    assert "inplace.xlsx: each action writes it back" in page.script("return document.querySelector('#chosen')"
                                                                        ".textContent")
    shown = page.command("pair")
    assert shown["state"] == "inplace.xlsx written on disk." and shown["download"] is None, shown
    on_disk = base64.b64decode(page.driver.execute_async_script("""const done = arguments[0];
        const root = await navigator.storage.getDirectory();
        const bytes = new Uint8Array(await (await (await root.getFileHandle('inplace.xlsx')).getFile()).arrayBuffer());
        let text = ''; for (let i = 0; i < bytes.length; i += 0x8000)
            text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        done(btoa(text));"""))
    assert cells(on_disk) == cells(native_pair(original, tmp_path / "native"))


def test_undo_after_a_reload_puts_the_workbook_back(page: Page) -> None:
    page.load()
    original = CLUB.read_bytes()
    page.open("undo.xlsx", original)
    page.command("pair")
    paired = page.book()
    page.load()  # the versions are in the browser's storage, the page and its worker new
    page.open("undo.xlsx", paired)  # as the referee opens the downloaded workbook again
    history = page.command("history")
    lines = history["lines"]
    assert "undo.xlsx: сохранена 1 прежняя версия" in lines and "жеребьёвка (тур 4" in lines, history
    undone = page.command("undo")
    assert "undo.xlsx: возвращена версия 1" in undone["lines"] and page.book() == original, undone


def test_with_the_server_stopped_the_page_loads_and_works_offline(served: Any, page: Page) -> None:
    page.load()
    page.wait("document.body.dataset.offline === 'yes'", 120)
    assert page.script("return document.querySelector('#offline').textContent").startswith("Works offline")
    served.shutdown()
    served.server_close()
    page.load()
    page.open("offline.xlsx", CLUB.read_bytes())
    assert "ошибок нет" in page.command("check")["lines"]


def test_a_russian_browser_gets_the_page_in_russian_on_a_russian_workbook(
        served: Any, site: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    running, _ = in_background(site)  # the module's server may be stopped by now
    driver = chromium(tmp_path_factory.mktemp("profile-ru"), "ru")
    try:
        page = Page(driver, url(running))
        page.load()
        shown = page.shown()
        assert shown["state"] == "Готово." and shown["buttons"][:2] == ["Проверить", "Жеребьёвка следующего тура"]
        assert page.script("return document.documentElement.lang") == "ru"
        page.open("клуб.xlsx", CLUB.read_bytes())
        paired = page.command("pair")
        assert "клуб.xlsx: тур 4: 10 досок" in paired["lines"] and paired["download"] == "клуб.xlsx", paired
        assert page.script("return document.querySelector('#download').textContent") == "Скачать клуб.xlsx"
        page.screenshot("russian.png")
        explained = page.command("explain", {"round": 3})["lines"]  # a name declined (pytrovich's wheel in the site)
        assert "не Дмитриев Иван: уже в паре с Алексеевым Артёмом выше по таблице" in explained, explained
    finally:
        driver.quit()
        running.shutdown()
        running.server_close()


def test_the_manifest_lists_every_file_of_the_site_with_its_sha256(site: Path) -> None:
    manifest = json.loads((site / "build.json").read_text())
    for name, file in manifest["files"].items():
        assert hashlib.sha256((site / name).read_bytes()).hexdigest() == file["sha256"], name
    assert (site / "sw.js").read_text().startswith(f'const BUILD = "{manifest["build"]}";')
