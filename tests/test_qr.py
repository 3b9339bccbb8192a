"""QR codes of the results site and of the player cards (issue 46): what segno draws is read back by a QR reader
(zxing-cpp, the library behind most phones' scanners) and must be the site's address. The pages as a browser shows
them, printed slips included, are read from screenshots in tests/test_browser.py."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from html import unescape
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner
from workbooks import run

from forsxl.cli import app
from forsxl.publish.qr import QUIET, card_address, qr_code, qr_text

ROOT = Path(__file__).resolve().parents[1]
SITE = "https://club.example.org/results/"


def read(rows: Sequence[Sequence[bool]], scale: int = 4) -> list[str]:
    """What a QR reader reads in a picture of these modules (dark True), `scale` pixels a module."""
    import numpy as np
    import zxingcpp

    pixels = np.array([[0 if dark else 255 for dark in row] for row in rows], dtype=np.uint8)
    image = np.kron(pixels, np.ones((scale, scale), dtype=np.uint8))
    return [found.text for found in zxingcpp.read_barcodes(image)]


def modules(size: int, path: str) -> list[list[bool]]:
    """The modules an SVG path of `qr_code` paints: each `M x y h n v1 h-n z` a run of a row."""
    rows = [[False] * size for _ in range(size)]
    for x, y, n in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path):
        for column in range(int(x), int(x) + int(n)):
            rows[int(y)][column] = True
    return rows


def terminal_modules(text: str) -> list[list[bool]]:
    """The modules a terminal shows of `qr_text`: half blocks two rows a line, or `##` a module."""
    lines = [re.sub(r"\x1b\[[\d;]*m", "", line) for line in text.splitlines()]
    if any("#" in line for line in lines):
        return [[line[i:i + 2] == "##" for i in range(0, len(line), 2)] for line in lines]
    upper = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    return [[upper[c][half] for c in line] for line in lines for half in (0, 1)]


@pytest.mark.parametrize("text", [SITE, "https://club.example.org/results/player-120.html", "https://клуб.рф/итоги/"])
def test_the_svg_path_reads_back_as_the_address(text: str) -> None:
    code = qr_code(text)
    rows = modules(code.size, code.path)
    assert not any(rows[QUIET - 1]) and not any(row[QUIET - 1] for row in rows)  # the quiet zone is light
    assert read(rows) == [text]


@pytest.mark.parametrize("blocks", [True, False])
def test_the_terminal_code_reads_back_as_the_address(blocks: bool) -> None:
    text = qr_text(SITE, blocks)
    assert all(line.startswith("\x1b[30;107m") and line.endswith("\x1b[0m") for line in text.splitlines())
    assert read(terminal_modules(text)) == [SITE]


@pytest.mark.parametrize(("site", "card"), [
    ("https://club.example.org/results", "https://club.example.org/results/player-3.html"),
    ("https://club.example.org/results/", "https://club.example.org/results/player-3.html"),
    ("https://club.example.org/results/index.html", "https://club.example.org/results/player-3.html"),
    ("https://club.github.io/", "https://club.github.io/player-3.html"),
])
def test_a_card_lives_in_the_sites_folder(site: str, card: str) -> None:
    assert card_address(site, "player-3.html") == card


def book_with(tmp_path: Path, **config: object) -> Path:
    """The example with Config keys typed under the last row, as a referee types them."""
    book = tmp_path / "club.xlsx"
    shutil.copy(ROOT / "examples" / "club.xlsx", book)
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Настройки"]
    for key, value in config.items():
        sheet.append([key.replace("__", "."), value])
    workbook.save(book)
    return book


def codes(page: str) -> list[str]:
    """What a reader reads in each QR code of a page, in the page's order."""
    found = re.findall(r'<svg class="qr (\S+)" viewBox="0 0 (\d+) \d+".*?<path fill="#000" d="([^"]*)"/></svg>', page)
    return [(kind, *read(modules(int(size), path))) for kind, size, path in found]


def test_the_site_and_the_slips_carry_the_address_and_the_cards(tmp_path: Path) -> None:
    book = book_with(tmp_path, publish__url=SITE, publish__card_qr=True)
    run("publish", str(book), "-o", str(tmp_path / "site"))
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert codes(index) == [("qr-site", SITE)]  # the projector's corner, shown in ?projector
    round_3 = (tmp_path / "site" / "round-3.html").read_text(encoding="utf-8")
    found = codes(round_3)
    assert found[:2] == [("qr-site", SITE), ("qr-site", SITE)]  # the projector's, and the wall list's
    cards = [text for kind, text in found if kind == "qr-card"]
    names = re.findall(r'<td class="name"><a href="(player-\d+\.html)">', round_3.split('id="wall"')[1])
    assert cards == [SITE + name for name in names] and len(cards) == 20  # each beside its name
    run("print", str(book), "--round", "3", "-o", str(tmp_path / "slips.html"))
    slips = codes((tmp_path / "slips.html").read_text(encoding="utf-8"))
    assert [text for kind, text in slips if kind == "qr-slip"] == [SITE] * 10  # a code on each board's slip
    assert [text for kind, text in slips if kind == "qr-site"] == [SITE]  # above the wall list
    assert len([kind for kind, _ in slips if kind == "qr-card"]) == 20


def test_no_address_no_code_and_cards_only_where_asked(tmp_path: Path) -> None:
    plain = book_with(tmp_path)
    run("publish", str(plain), "-o", str(tmp_path / "plain"))
    assert not [p for p in (tmp_path / "plain").iterdir() if "<svg class=\"qr" in p.read_text(encoding="utf-8")]
    (tmp_path / "club.xlsx").unlink()
    book = book_with(tmp_path, publish__url=SITE)
    run("publish", str(book), "-o", str(tmp_path / "site"))
    assert [kind for kind, _ in codes((tmp_path / "site" / "round-3.html").read_text(encoding="utf-8"))] == [
        "qr-site", "qr-site"]
    assert "Результаты онлайн" in unescape((tmp_path / "site" / "round-3.html").read_text(encoding="utf-8"))


def drawn(out: str) -> list[list[bool]]:
    """The modules of the code `publish --qr` printed: the lines between the site written and its address (the
    colours are dropped where the output is no terminal, as here)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("записано"))
    return terminal_modules("\n".join(lines[start + 1:-1]))


def test_publish_qr_prints_the_code_in_the_terminal(tmp_path: Path) -> None:
    book = book_with(tmp_path)
    result = CliRunner().invoke(app, ["publish", str(book), "-o", str(tmp_path / "site"), "--qr"])
    assert result.exit_code == 1 and "нет адреса для QR-кода: укажите --url" in result.output
    out = run("publish", str(book), "-o", str(tmp_path / "site"), "--url", SITE, "--qr")
    assert out.splitlines()[-1] == SITE and read(drawn(out)) == [SITE]
    assert "publish.url = " + SITE in out  # kept in Config: the next publish draws it without --url
    assert read(drawn(run("publish", str(book), "-o", str(tmp_path / "site"), "--qr"))) == [SITE]
