"""The results site in a real browser (issues 10, 20): the distribution's Chromium, driven by Selenium through the
system chromedriver.

Opens the pages, sorts the standings by clicking a heading, and measures the layouts at the sizes people use: a
hall projector at 1280×800 in `?projector` shows every column of the standings; the player card fits a 390 px
phone; the charts' ticks are round numbers and no SVG text is clipped. Screenshots go under artifacts/browser/
(git-ignored; CI keeps them). Run with `pytest -m browser`; skipped with a message when Chromium or chromedriver
is not installed (`apt-get install chromium chromium-driver`).
"""

from __future__ import annotations

import base64
import itertools
import re
import shutil
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from workbooks import run

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts" / "browser"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run")
"""Headless as root, and nothing fetched from outside: the machine has no network but the package registries."""


def _binary(*names: str) -> str | None:
    return next((found for name in names if (found := shutil.which(name))), None)


class Browser:
    """A Selenium session, with the few things these tests ask of it."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def open(self, url: str) -> None:
        self.driver.get(url)

    def script(self, source: str) -> Any:
        return self.driver.execute_script(source)

    def click(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, css).click()

    def size(self, width: int, height: int, mobile: bool = False) -> None:
        """The viewport, exactly: the page's width is `width` CSS pixels, as on that screen."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        self.driver.save_screenshot(str(path))
        print(f"screenshot: {path}")  # the CI log names the artifact
        return path


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    chromium = _binary("chromium", "chromium-browser", "google-chrome")
    driver = _binary("chromedriver") or next((p for p in ("/usr/bin/chromedriver",) if Path(p).is_file()), None)
    if chromium is None or driver is None:
        pytest.skip("Chromium or chromedriver is not installed (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = chromium  # with the driver given too, Selenium Manager looks nothing up
    for flag in (*FLAGS, f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}", "--window-size=1280,1000"):
        options.add_argument(flag)
    session = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    try:
        browser = Browser(session)
        browser.size(1280, 1000)
        yield browser
    finally:
        session.quit()


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


def test_projector_at_1280_by_800_shows_every_column(browser: Browser, site: Path) -> None:
    """Issue 20: the hall screen cut the last round and the tie-breaks off; every column must be in view."""
    browser.size(1280, 800)
    browser.open((site / "index.html").as_uri() + "?projector")
    assert browser.script("return document.documentElement.classList.contains('projector')")
    assert browser.script("return parseFloat(getComputedStyle(document.body).fontSize)") > 20
    wide = browser.script("""
        const box = document.querySelector('#standings .scroll');
        return [box.scrollWidth, box.clientWidth, document.documentElement.scrollWidth, window.innerWidth];""")
    assert wide[0] <= wide[1] and wide[2] <= wide[3], wide  # nothing to scroll sideways, in the table or the page
    headers = browser.script("""
        return Array.from(document.querySelectorAll('table.standings thead th')).map(th => {
            const r = th.getBoundingClientRect(); return [th.textContent.trim(), r.left, r.right]; });""")
    assert [h[0] for h in headers][-6:] == ["Т2", "Т3", "Очки", "Победы", "КС", "СПС"]
    assert all(left >= 0 and right <= 1280 for _, left, right in headers), headers
    browser.screenshot("projector-1280x800.png")
    browser.size(1280, 1000)


def test_player_card_fits_a_390_px_phone(browser: Browser, site: Path) -> None:
    """Nothing is cut in half on a phone (issue 30): the standings, a card, a round, the regulation fit the screen,
    with no table to swipe, whose columns a fixed one would cover."""
    browser.size(390, 844, mobile=True)
    for page in ("index.html", "player-1.html", "player-20.html", "round-3.html", "regulation.html"):
        browser.open((site / page).as_uri())
        overflow = browser.script("""
            const out = e => e.getBoundingClientRect().right > window.innerWidth + 0.5;  // past the screen's edge
            const scrolls = e => e.scrollWidth > e.clientWidth;  // a table to swipe sideways
            const wide = Array.from(document.querySelectorAll('main *')).filter(out)
                .concat(Array.from(document.querySelectorAll('main .scroll, main table')).filter(scrolls));
            return [document.documentElement.scrollWidth, window.innerWidth, wide.map(e => e.className || e.tagName)];
            """)
        assert overflow[0] <= overflow[1] == 390 and not overflow[2], (page, overflow)
    browser.open((site / "player-1.html").as_uri())
    browser.screenshot("phone-player-card.png")
    browser.open((site / "index.html").as_uri())
    assert browser.script("return document.querySelector('table.standings td.name .games').offsetHeight") > 0
    browser.screenshot("phone-standings.png")
    browser.size(1280, 1000)


def _round_step(values: list[Decimal]) -> bool:
    """Evenly spaced by 1, 2 or 5 times a power of ten."""
    steps = {b - a for a, b in itertools.pairwise(values)}
    if len(steps) != 1:
        return False
    mantissa = steps.pop().normalize().as_tuple()
    return mantissa.sign == 0 and mantissa.digits in ((1,), (2,), (5,))


def test_charts_have_round_ticks_and_nothing_clipped(browser: Browser, site: Path) -> None:
    browser.size(1280, 1000)
    browser.open((site / "index.html").as_uri())
    charts = browser.script("""
        return Array.from(document.querySelectorAll('figure.chart svg')).map(svg => {
            const box = svg.viewBox.baseVal, frame = svg.getBoundingClientRect(), k = box.width / frame.width;
            const texts = Array.from(svg.querySelectorAll('text')).map(t => {  // as drawn, rotation included
                const r = t.getBoundingClientRect();
                return [t.textContent, t.getAttribute('class') || '', box.x + (r.left - frame.left) * k,
                        box.y + (r.top - frame.top) * k, r.width * k, r.height * k]; });
            return [svg.closest('figure').id, box.x, box.y, box.width, box.height, texts]; });""")
    assert len(charts) == 3
    for name, x, y, width, height, texts in charts:
        for text, _, left, top, w, h in texts:
            assert x <= left and left + w <= x + width and y <= top and top + h <= y + height, (name, text)
        for axis in ("x", "y"):
            ticks = [Decimal(t[0].replace(",", ".").replace("\u2212", "-")) for t in texts if f"tick-{axis}" in t[1]]
            if name != "chart-handicaps" or axis == "y":  # the bars are labelled by their stones, 0, 1, 2, ...
                assert len(ticks) >= 2 and _round_step(ticks), (name, axis, ticks)
    browser.screenshot("charts.png")


def test_pairing_lists_print_on_a4(browser: Browser, site: Path) -> None:
    """Print (A4 portrait): the boards fill one page and the alphabetical list for the wall starts the next."""
    from selenium.webdriver.common.print_page_options import PrintOptions

    browser.open((site / "round-3.html").as_uri())
    options = PrintOptions()
    options.page_width, options.page_height, options.orientation, options.background = 21.0, 29.7, "portrait", True
    pdf = base64.b64decode(browser.driver.print_page(options))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "round-3.pdf").write_bytes(pdf)
    print(f"print: {ARTIFACTS / 'round-3.pdf'}")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 2


def test_result_slips_fit_an_a4_width_four_to_a_page(browser: Browser, site: Path) -> None:
    """`forsxl print`'s slips at an A4 page's width (794 CSS px): four slips to the first page, each with its board
    and both players whole, nothing cut at the sides. The screenshot is docs/images/slips.png (docs/development.md)."""
    slips = site.parent / "slips.html"
    run("print", str(site.parent / "club.xlsx"), "--round", "3", "-o", str(slips))
    browser.size(794, 1123)
    browser.open(slips.as_uri())
    first = browser.script("""
        const page = document.querySelector('.sheet'), width = document.documentElement.clientWidth;
        return Array.from(page.querySelectorAll('.slip')).map(s => {
            const r = s.getBoundingClientRect();
            return [s.querySelector('.board').textContent.trim(), r.left >= 0 && r.right <= width,
                    s.scrollWidth <= s.clientWidth]; });""")
    assert [board for board, _, _ in first] == ["Доска 1", "Доска 2", "Доска 3", "Доска 4"]  # the example is Russian
    assert all(inside and unclipped for _, inside, unclipped in first), first
    browser.screenshot("slips.png")


SITE = "https://club.example.org/results/"


@pytest.fixture(scope="module")
def qr_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example with the site's address and the cards' codes asked for in Config (issue 46), published and its
    round 3 printed."""
    import openpyxl

    folder = tmp_path_factory.mktemp("qr")
    book = folder / "club.xlsx"
    shutil.copy(ROOT / "examples" / "club.xlsx", book)
    workbook = openpyxl.load_workbook(book)
    workbook["Настройки"].append(["publish.url", SITE])
    workbook["Настройки"].append(["publish.card_qr", True])
    workbook.save(book)
    run("publish", str(book), "-o", str(folder / "site"))
    run("print", str(book), "--round", "3", "-o", str(folder / "slips.html"))
    return folder


def read_codes(browser: Browser, name: str, scale: float) -> list[str]:
    """The QR codes a reader finds in a screenshot of the viewport, taken at `scale` device pixels a CSS pixel."""
    import io

    import zxingcpp
    from PIL import Image

    path = browser.screenshot(name)
    image = Image.open(io.BytesIO(path.read_bytes()))
    assert image.width == round(browser.script("return window.innerWidth") * scale)
    return [found.text for found in zxingcpp.read_barcodes(image)]


def dpr(browser: Browser, width: int, height: int, scale: float, mobile: bool = False) -> None:
    browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})


def test_the_projector_shows_a_code_a_phone_reads(browser: Browser, qr_site: Path) -> None:
    """The hall screen at 1280×800, one device pixel a CSS pixel: the code in its corner reads as the site's address,
    and every column of the standings is still in view beside it."""
    dpr(browser, 1280, 800, 1)
    browser.open((qr_site / "site" / "index.html").as_uri() + "?projector")
    assert read_codes(browser, "projector-qr.png", 1) == [SITE]
    box = browser.script("""
        const r = document.querySelector('.projector-qr').getBoundingClientRect();
        const t = document.querySelector('table.standings').getBoundingClientRect();
        return [r.left, r.right, r.width, t.right];""")
    assert box[3] <= box[0] and box[1] <= 1280 and box[2] >= 150, box  # beside the table, 150 px and more
    browser.open((qr_site / "site" / "index.html").as_uri())
    assert browser.script("return getComputedStyle(document.querySelector('.projector-qr')).display") == "none"
    browser.size(1280, 1000)


def test_the_wall_list_on_a_phone_and_on_paper(browser: Browser, qr_site: Path) -> None:
    """A round's page on a 390 px phone (three device pixels a CSS pixel, as phones have): the wall list's code
    reads as the site's address; the cards' codes give way on so narrow a screen, and nothing is cut."""
    dpr(browser, 390, 844, 3, mobile=True)
    browser.open((qr_site / "site" / "round-3.html").as_uri() + "#wall")
    assert SITE in read_codes(browser, "phone-wall-qr.png", 3)
    assert browser.script("return document.documentElement.scrollWidth") <= 390
    assert browser.script("return getComputedStyle(document.querySelector('td.card-qr')).display") == "none"
    browser.size(1280, 1000)


def test_printed_slips_and_wall_list_carry_codes_a_phone_reads(browser: Browser, qr_site: Path) -> None:
    """The slips at an A4 page's width, three device pixels a CSS pixel (288 dpi, as a printer's 300): each slip's
    code reads as the site's address, and each code beside a name on the wall list as that player's card; still
    four slips to the page. The screenshot is docs/images/slips-qr.png."""
    dpr(browser, 794, 1123, 3)
    browser.open((qr_site / "slips.html").as_uri())
    assert read_codes(browser, "slips-qr.png", 3) == [SITE] * 4
    assert browser.script("return document.querySelectorAll('.sheet:first-child .slip').length") == 4
    assert browser.script("""return Array.from(document.querySelectorAll('.slip')).every(
        s => s.scrollHeight <= s.clientHeight && s.scrollWidth <= s.clientWidth)""")
    browser.script("document.querySelector('#wall tbody tr:nth-child(3)').scrollIntoView()")
    found = read_codes(browser, "wall-cards-qr.png", 3)
    whole = browser.script("""return Array.from(document.querySelectorAll('#wall tbody tr')).filter(r => {
        const b = r.querySelector('td.card-qr').getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight;
        }).map(r => r.querySelector('.no').textContent.trim());""")  # the codes wholly in the screenshot
    cards = {f"{SITE}player-{n}.html" for n in range(1, 21)}
    assert len(whole) >= 10 and {f"{SITE}player-{n}.html" for n in whole} <= set(found) <= cards, (found, whole)
    browser.size(1280, 1000)
