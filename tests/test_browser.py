"""The results site in a real browser (issue 10): Chromium from the distribution's packages, driven through
chromedriver's WebDriver HTTP API with a few urllib calls (no Selenium, no Playwright).

Opens the pages, sorts the standings by clicking a heading, checks the projector and phone layouts, and saves
screenshots under artifacts/browser/ (git-ignored; CI keeps them). Run with `pytest -m browser`; skipped with a
message when Chromium or chromedriver is not installed (`apt-get install chromium chromium-driver`).
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from workbooks import run

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts" / "browser"
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def _binary(*names: str) -> str | None:
    return next((found for name in names if (found := shutil.which(name))), None)


class Browser:
    """One WebDriver session: JSON over HTTP to chromedriver."""

    def __init__(self, port: int, session: str) -> None:
        self.base = f"http://127.0.0.1:{port}/session/{session}"

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return call(method, self.base + path, body)

    def open(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})

    def script(self, source: str) -> Any:
        return self.call("POST", "/execute/sync", {"script": source, "args": []})

    def click(self, css: str) -> None:
        element = self.call("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]
        self.call("POST", f"/element/{element}/click", {})

    def size(self, width: int, height: int) -> None:
        self.call("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        path.write_bytes(base64.b64decode(self.call("GET", "/screenshot")))
        print(f"screenshot: {path}")  # the CI log names the artifact
        return path


def call(method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"}, method=method)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())["value"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = _binary("chromium", "chromium-browser", "google-chrome")
    driver = _binary("chromedriver")
    if chromium is None or driver is None:
        pytest.skip("Chromium or chromedriver is not installed (apt-get install chromium chromium-driver)")
    port = _free_port()
    process = subprocess.Popen([driver, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                if call("GET", f"http://127.0.0.1:{port}/status")["ready"]:
                    break
            except OSError:
                time.sleep(0.1)
        options = {"binary": chromium, "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                                                "--disable-dev-shm-usage", "--window-size=1280,1000"]}
        session = call("POST", f"http://127.0.0.1:{port}/session",
                       {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}})
        browser = Browser(port, session["sessionId"])
        yield browser
        browser.call("DELETE", "")
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("browser")
    book = folder / "club.xlsx"
    shutil.copy(ROOT / "examples" / "club.xlsx", book)
    run("publish", str(book), "-o", str(folder / "site"))
    return folder / "site"


COLUMN = "Array.from(document.querySelectorAll('table.standings tbody tr')).map(r => r.cells[{}].textContent.trim())"


def test_standings_sort_by_a_clicked_heading(browser: Browser, site: Path) -> None:
    browser.size(1280, 1000)
    browser.open((site / "index.html").as_uri())
    assert browser.script("return document.title").startswith("Итоги")
    names = browser.script(f"return {COLUMN.format(2)}")
    ratings = [int(r) for r in browser.script(f"return {COLUMN.format(3)}")]
    assert len(names) == 20 and ratings != sorted(ratings)
    browser.click("table.standings thead th:nth-child(4)")  # Rating
    after = [int(r) for r in browser.script(f"return {COLUMN.format(3)}")]
    assert after == sorted(ratings)
    assert browser.script("return document.querySelector('table.standings thead th:nth-child(4)')"
                          ".getAttribute('aria-sort')") == "ascending"
    browser.click("table.standings thead th:nth-child(4)")
    assert [int(r) for r in browser.script(f"return {COLUMN.format(3)}")] == sorted(ratings, reverse=True)
    browser.click("table.standings thead th:nth-child(1)")  # back to the places
    assert browser.script(f"return {COLUMN.format(2)}") == names
    assert browser.screenshot("standings.png").stat().st_size > 10_000


def test_every_page_opens_without_script_errors(browser: Browser, site: Path) -> None:
    for page in ("index.html", "round-3.html", "player-1.html", "regulation.html"):
        browser.open((site / page).as_uri())
        assert browser.script("return document.querySelectorAll('main table').length") > 0, page
        assert browser.script("return document.querySelectorAll('th.sort').length") > 0, page  # the script ran


def test_projector_and_phone_layouts(browser: Browser, site: Path) -> None:
    browser.open((site / "index.html").as_uri() + "?projector")
    assert browser.script("return document.documentElement.classList.contains('projector')")
    big = browser.script("return parseFloat(getComputedStyle(document.body).fontSize)")
    assert big > 20
    browser.screenshot("projector.png")
    browser.size(390, 844)
    browser.open((site / "round-3.html").as_uri())
    width = browser.script("return document.documentElement.scrollWidth")
    assert width <= 400  # the pairings fit a phone's width: no sideways scrolling of the page
    browser.screenshot("phone-round.png")
    browser.size(1280, 1000)


def test_pairing_lists_print_on_a4(browser: Browser, site: Path) -> None:
    """Print (A4 portrait): the boards fill one page and the alphabetical list for the wall starts the next."""
    browser.open((site / "round-3.html").as_uri())
    pdf = base64.b64decode(browser.call("POST", "/print", {
        "page": {"width": 21.0, "height": 29.7}, "orientation": "portrait", "background": True}))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "round-3.pdf").write_bytes(pdf)
    print(f"print: {ARTIFACTS / 'round-3.pdf'}")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 2
