"""The web page's budgets (issue 42), measured on the built site in headless Chromium, served on 127.0.0.1.

    python bench/web.py                   # build the site from the cache (forsxl web build fills it), measure
    python bench/web.py --site DIR        # measure a site built before
    python bench/web.py --repeat 5

What it measures, each written beside its budget:
  (a) what a first visit downloads: every byte the server sends, gzipped as a static host sends it, from the
      first request of a fresh browser profile until the page says it works offline (the service worker has kept
      every file, the wheel only an .ods needs too);
  (b) CPU to be ready, cold: the CPU time of Chromium's whole process tree from the navigation in a fresh profile
      until the page is ready to act (Pyodide started, the wheels loaded, forsxl's commands imported);
  (c) the same warm: a later visit in the same profile, the files from the service worker's cache;
  (d) a pairing of 120 players (McMahon, round 4): the command's time in the page's worker against the same
      bridge call run natively in this process on the same workbook, in the same run.
Budgets are a benchmark, not asserts: the figures go to bench/README.md. The workbook of (d) is made once, with
forsxl's own book code, and cached under bench/.cache/ (gitignored).
"""

from __future__ import annotations

import argparse
import base64
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchlib import SEED, machine, played_workbook, table

import forsxl
from forsxl.engine.values import Lang
from forsxl.web import bridge
from forsxl.web.build import build, default_cache
from forsxl.web.serve import handler, server, url

CACHE = Path(__file__).resolve().parent / ".cache"
PLAYERS, PLAYED = 120, 3
BUDGETS = {"download": 12.0, "cold": 10.0, "warm": 4.0, "pairing": 2.0}
TICKS = os.sysconf("SC_CLK_TCK")


def mcmahon_book() -> Path:
    """A 120-player McMahon workbook after 3 rounds with simulated results, made once and cached."""
    path = CACHE / f"mcmahon-{PLAYERS}x{PLAYED}-seed{SEED}-forsxl{forsxl.__version__}.xlsx"
    if path.is_file():
        return path
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as scratch:
        work = Path(scratch) / "mcmahon.xlsx"
        played_workbook(work, PLAYERS, PLAYED, PLAYED + 2, Lang.EN, f"McMahon {PLAYERS}", "web", preset="mcmahon")
        shutil.move(work, path)
    return path


def tree_cpu(root: int) -> float:
    """CPU seconds of process `root` and every process below it, those ended and waited for included."""
    children: dict[int, list[int]] = {}
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry)] = fields
            children.setdefault(int(fields[1]), []).append(int(entry))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            total += sum(int(v) for v in stats[pid][11:15])  # utime, stime, cutime, cstime
        todo += children.get(pid, [])
    return total / TICKS


class Counted:
    """The site's server on 127.0.0.1, counting the bytes it sends."""

    def __init__(self, site: Path) -> None:
        self.sent = 0
        counter = self

        class Counting(handler(site)):  # type: ignore[misc, valid-type]
            def send_header(self, keyword: str, value: str) -> None:
                if keyword == "Content-Length":
                    counter.sent += int(value)
                super().send_header(keyword, value)

        import threading

        self.server = server(site, 0)
        self.server.RequestHandlerClass = Counting
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = url(self.server)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def chromium(profile: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = shutil.which("chromium") or shutil.which("google-chrome") or "chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                 "--lang=en-US"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                            options=options)


def wait(driver: Any, condition: str, seconds: float = 600) -> None:
    deadline = time.monotonic() + seconds
    while not driver.execute_script(f"return {condition}"):
        if time.monotonic() > deadline:
            raise TimeoutError(condition)
        time.sleep(0.05)


def visit(driver: Any, address: str) -> float:
    """CPU seconds of Chromium's processes from the navigation until the page is ready."""
    root = driver.service.process.pid
    before = tree_cpu(root)
    driver.get(address)
    wait(driver, "document.body.dataset.ready === 'yes'")
    return tree_cpu(root) - before


def page_pairing(driver: Any, data: bytes, name: str) -> float:
    """Seconds the page's worker takes to pair the workbook, as it reports them."""
    driver.execute_script("window.forsxl.openFile({name: arguments[0]}, Uint8Array.from(atob(arguments[1]), "
                          "c => c.charCodeAt(0)))", name, base64.b64encode(data).decode())
    driver.execute_script("window.forsxl.command('pair')")
    wait(driver, "document.body.dataset.busy === 'no'")
    return float(driver.execute_script("return document.body.dataset.seconds"))


def native_pairing(data: bytes, books: Path, name: str) -> float:
    """Seconds the same bridge call takes in this process, as the page's worker measures it."""
    bridge.BOOKS = books
    bridge.put(name, data)
    start = time.perf_counter()
    outcome = bridge.run("pair", name, {})
    seconds = time.perf_counter() - start
    assert outcome["code"] == 0, outcome
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a site forsxl web build wrote (default: built now)")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="forsxl-bench-web-"))
    site = options.site or work / "site"
    if options.site is None:
        build(site, default_cache())
    served = Counted(site)
    book = mcmahon_book().read_bytes()
    rows: list[list[object]] = []
    try:
        cold, warm, download = [], [], []
        for run in range(options.repeat):
            driver = chromium(work / f"profile-{run}")
            try:
                served.sent = 0
                cold.append(visit(driver, served.url))
                wait(driver, "document.body.dataset.offline === 'yes'")
                download.append(served.sent / 2**20)
                warm.append(visit(driver, served.url))
                if run == 0:
                    page, native = [], []
                    for attempt in range(options.repeat):  # interleaved, so that a change of load hits both
                        page.append(page_pairing(driver, book, f"mcmahon-{attempt}.xlsx"))
                        native.append(native_pairing(book, work / "books", f"mcmahon-{attempt}.xlsx"))
            finally:
                driver.quit()
    finally:
        served.stop()
        shutil.rmtree(work, ignore_errors=True)
    med = statistics.median
    rows = [["first visit downloads (MB, gzip)", f"{med(download):.1f}", f"≤ {BUDGETS['download']:.0f}"],
            ["ready, cold (s of CPU)", f"{med(cold):.1f}", f"≤ {BUDGETS['cold']:.0f}"],
            ["ready, warm (s of CPU)", f"{med(warm):.1f}", f"≤ {BUDGETS['warm']:.0f}"],
            [f"pair {PLAYERS} players in the page (s)", f"{med(page):.2f}", ""],
            [f"pair {PLAYERS} players natively, in process (s)", f"{med(native):.2f}", ""],
            ["page / native", f"{med(page) / med(native):.2f}×", f"≤ {BUDGETS['pairing']:.0f}×"]]
    print(machine())
    print(f"median of {options.repeat} runs each; all runs: cold {[round(c, 1) for c in cold]}, warm "
          f"{[round(w, 1) for w in warm]}, page {[round(p, 2) for p in page]}, native {[round(n, 2) for n in native]}")
    print(table(["measure", "figure", "budget"], rows))


if __name__ == "__main__":
    sys.exit(main())
