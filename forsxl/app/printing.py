"""`forsxl print`: a round's result slips and wall list for the printer, as HTML or PDF (issue 20)."""

from __future__ import annotations

from math import ceil
from pathlib import Path

from forsxl.book.read import Book
from forsxl.engine.errors import ForsxlError
from forsxl.i18n import ntr, tr
from forsxl.messages import message
from forsxl.publish.pdf import print_pdf
from forsxl.publish.site import check_folder, write_whole
from forsxl.publish.slips import SLIPS_PER_PAGE, forfeited, render_slips


def print_round(book: Book, number: int | None, output: Path | None) -> str:
    """Round `number`'s slips (default: the last round) written to `output` (default: BOOK-round-N.html beside
    the workbook), .html or .pdf; says what was written."""
    t = book.tournament
    number = number or (t.rounds[-1].number if t.rounds else 1)
    target = output or book.path.with_name(tr(book.lang, "{book}-round-{n}.html", book=book.path.stem, n=number))
    kind = target.suffix.casefold()
    if kind not in (".pdf", ".html", ".htm"):
        raise ForsxlError("", "print_format", path=target)
    check_folder(target)
    html = render_slips(t, number)
    if kind == ".pdf":
        print_pdf(html, target)
    else:
        write_whole(target, html)
    rnd = next(r for r in t.rounds if r.number == number)
    gone = forfeited(t, rnd)
    boards, lang = len(rnd.games) - len({g.board for g, _ in gone}), book.lang
    said = tr(lang, "{path}: round {number}, {slips} on {pages}, then the wall list", path=target, number=number,
              slips=ntr(lang, "{count} slip", "{count} slips", boards),
              pages=ntr(lang, "{count} page", "{count} pages", ceil(boards / SLIPS_PER_PAGE)))
    return "\n".join([said, *(message(ForsxlError("R5", "slip_left", board=g.board, name=p.name, left=p.left_after),
                                       lang) for g, p in gone)])
