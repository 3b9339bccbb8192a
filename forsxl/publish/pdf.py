"""A PDF of an HTML page, printed by a headless Chromium or Chrome when one is installed (`forsxl print -o X.pdf`).

The page's own print stylesheet (A4, page breaks) makes the PDF, so the PDF and the HTML are the same document;
forsxl carries no PDF library and no font of its own. Without a browser the error says to write the HTML and
print that.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from forsxl.engine.errors import ForsxlError

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "msedge")
"""The names a Chromium-based browser goes by on PATH (Debian, Ubuntu, Google's packages, Windows)."""
TIMEOUT = 120
"""Seconds a print may take; a few hundred slips take a few seconds."""


def find_browser() -> str | None:
    """The first Chromium-based browser on PATH, or None."""
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def print_pdf(html: str, target: Path) -> None:
    """Write `html` as a PDF at `target`, through a temporary file renamed over it; a browser that cannot be found
    or fails is one line naming the file."""
    browser = find_browser()
    if browser is None:
        raise ForsxlError("", "pdf_needs_browser", path=target, html=target.with_suffix(".html").name)
    with tempfile.TemporaryDirectory(prefix="forsxl-print-") as work:
        page = Path(work) / "page.html"
        page.write_text(html, encoding="utf-8")
        partial = target.with_name(f".{target.name}.tmp")
        command = [browser, "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                   "--disable-component-update", "--disable-sync", f"--user-data-dir={Path(work) / 'profile'}",
                   "--no-pdf-header-footer", f"--print-to-pdf={partial}", page.as_uri()]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.insert(1, "--no-sandbox")  # Chromium will not start its sandbox as root
        try:
            done = subprocess.run(command, capture_output=True, timeout=TIMEOUT, check=False)
            lines = done.stderr.decode(errors="replace").strip().splitlines()
            why = "" if done.returncode == 0 else (lines[-1] if lines else f"exit code {done.returncode}")
        except (OSError, subprocess.TimeoutExpired) as error:
            why = str(error)
        if why or not partial.is_file() or partial.stat().st_size == 0:
            partial.unlink(missing_ok=True)
            raise ForsxlError("", "pdf_failed", path=target, why=why[:200] or "no PDF written",
                              html=target.with_suffix(".html").name)
        partial.replace(target)
