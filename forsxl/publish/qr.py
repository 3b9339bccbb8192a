"""QR codes of the results site's address and of each player's card (issue 46), drawn by segno, the pure-Python QR
library: as an SVG path for the pages and the slips (vector in a printed PDF too), and as text for the terminal.

segno is imported only when a code is drawn, which is when Config names the site's address (`publish.url`): the core
import path stays as light as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import groupby
from urllib.parse import urlsplit, urlunsplit

QUIET = 4
"""Light modules around the code: the quiet zone ISO/IEC 18004 asks for, so that a code reads on a dark page too."""


@dataclass(frozen=True)
class Qr:
    """A QR code as the templates draw it: `<svg viewBox="0 0 size size">` with one path of the dark modules."""

    text: str
    """What it encodes: the address a phone opens."""
    size: int
    """Modules across, the quiet zone included."""
    path: str
    """The dark modules as SVG path data, one unit a module: a rectangle for each run of a row."""


def _matrix(text: str) -> list[list[bool]]:
    """The modules of the smallest code for `text`, dark True, the quiet zone included; the error correction as high
    as that size allows (at least L, 7 %: a printed code on a wall stays readable with a smudge or a fold)."""
    import segno  # here, not at the top: see the module's doc

    code = segno.make(text, error="l", boost_error=True, micro=False)
    return [[bool(module) for module in row] for row in code.matrix_iter(scale=1, border=QUIET)]


def _runs(row: Sequence[bool]) -> Iterator[tuple[int, int]]:
    """(start, length) of each run of dark modules in a row."""
    x = 0
    for dark, run in groupby(row):
        length = len(list(run))
        if dark:
            yield x, length
        x += length


@cache
def qr_code(text: str) -> Qr:
    """The QR code of `text` for a page; kept for the process, as the wall list of every round draws each player's
    card again (and `--watch` every page at each save)."""
    rows = _matrix(text)
    path = "".join(f"M{x} {y}h{n}v1h-{n}z" for y, row in enumerate(rows) for x, n in _runs(row))
    return Qr(text, len(rows), path)


BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
"""Two rows of modules in one line of text: upper and lower half blocks."""
ON_WHITE, PLAIN = "\x1b[30;107m", "\x1b[0m"
"""Black on bright white, then back: a code reads on a terminal of dark or light colours alike."""


def qr_text(text: str, blocks: bool = True) -> str:
    """The QR code of `text` for a terminal, dark modules as ink on a white ground (ANSI colours, which a stream that
    is not a terminal drops: the ink alone then still reads on a light page): two rows of modules a line in half
    blocks, or, where the console's code page has no block characters, `##` for each dark module."""
    rows = _matrix(text)
    if blocks:
        pairs = zip(rows[0::2], [*rows[1::2], [False] * len(rows[0])], strict=True)
        lines = ["".join(BLOCKS[pair] for pair in zip(top, bottom, strict=True)) for top, bottom in pairs]
    else:
        lines = ["".join("##" if dark else "  " for dark in row) for row in rows]
    return "\n".join(f"{ON_WHITE}{line}{PLAIN}" for line in lines)


def card_address(site: str, page: str) -> str:
    """The address of `page` of the site at `site`: beside it when `site` names a page (`…/index.html`), else in it
    (`https://club.example.org/results` is a folder)."""
    parts = urlsplit(site)
    folder, _, last = parts.path.rpartition("/")
    path = folder if "." in last else parts.path
    return urlunsplit((parts.scheme, parts.netloc, f"{path.rstrip('/')}/{page}", "", ""))
