"""`forsxl print` and `forsxl regulation`: a round's result slips and wall list (issue 20), the regulation in prose
(issue 30), for the printer, as HTML or PDF."""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from pathlib import Path

from forsxl.book.read import Book
from forsxl.book.slips import SlipPlayer, SlipText, write_slips
from forsxl.engine.errors import ForsxlError
from forsxl.engine.groups import group_sizes
from forsxl.engine.model import Tournament
from forsxl.i18n import ntr, tr
from forsxl.messages import message
from forsxl.publish.pdf import print_pdf
from forsxl.publish.regulation import regulation, render_regulation
from forsxl.publish.site import check_folder, write_whole
from forsxl.publish.slips import SLIPS_PER_PAGE, SlipSide, forfeited, render_slips, slips_view


def _document(target: Path, render: Callable[[], str], code: str,
              spreadsheet: Callable[[], None] | None = None) -> None:
    """A page written to `target`: .html as it is, .pdf printed by a browser, .xlsx as a workbook to print from a
    spreadsheet where `spreadsheet` writes one; another suffix is error `code`."""
    kind = target.suffix.casefold()
    if kind not in (".pdf", ".html", ".htm", *((".xlsx",) if spreadsheet else ())):
        raise ForsxlError("", code, path=target)
    check_folder(target)
    if kind == ".xlsx" and spreadsheet:
        spreadsheet()
    elif kind == ".pdf":
        print_pdf(render(), target)
    else:
        write_whole(target, render())


def print_regulation(book: Book, output: Path | None) -> tuple[Path, str]:
    """The regulation in prose (issue 30) written to `output` (default: BOOK-regulation.html beside the workbook),
    .html or .pdf; the file, and what to say of it."""
    t, lang = book.tournament, book.lang
    target = output or book.path.with_name(tr(lang, "{book}-regulation.html", book=book.path.stem))
    reg = regulation(t, group_sizes(t))
    _document(target, lambda: render_regulation(reg, lang), "regulation_format")
    return target, tr(lang, "{path}: the regulation, {clauses}", path=target,
                      clauses=ntr(lang, "{count} clause", "{count} clauses", len(reg.clauses)))


def print_round(book: Book, number: int | None, output: Path | None) -> tuple[Path, str]:
    """Round `number`'s slips (default: the last round) written to `output` (default: BOOK-round-N.html beside
    the workbook), .html or .pdf; the file, and what to say of it."""
    t = book.tournament
    number = number or (t.rounds[-1].number if t.rounds else 1)
    target = output or book.path.with_name(tr(book.lang, "{book}-round-{n}.html", book=book.path.stem, n=number))
    _document(target, lambda: render_slips(t, number), "print_format", lambda: _slips_workbook(target, t, number))
    rnd = next(r for r in t.rounds if r.number == number)
    gone = forfeited(t, rnd)
    boards, lang = len(rnd.games) - len({g.board for g, _ in gone}), book.lang
    said = tr(lang, "{path}: round {number}, {slips} on {pages}, then the wall list", path=target, number=number,
              slips=ntr(lang, "{count} slip", "{count} slips", boards),
              pages=ntr(lang, "{count} page", "{count} pages", ceil(boards / SLIPS_PER_PAGE)))
    left = [message(ForsxlError("R5", "slip_left", board=g.board, name=p.name, left=p.left_after), lang)
            for g, p in gone]
    return target, "\n".join([said, *left])


def _slips_workbook(target: Path, t: Tournament, number: int) -> None:
    """Round `number`'s slips and wall list as a workbook to print from a spreadsheet (book/slips.py), in the words of
    the HTML slips."""
    view = slips_view(t, number)
    L, S, P = view.L, view.S, view.P
    top = " · ".join(x for x in (view.title, f"{L['round']} {view.round}", view.date) if x)

    def player(colour: str, side: SlipSide) -> SlipPlayer:
        return SlipPlayer(colour, side.name, f"{L['number']} {side.number}", side.rank)

    slips = [SlipText(top, f"{L['board']} {s.board}", player(L["black"], s.black), player(L["white"], s.white),
                      f"{L['handicap']}: {s.handicap}",
                      "    ".join(f"☐ {P[k]}" for k in ("black_won", "white_won", *(("jigo",) if s.draw else ()))),
                      (f"{P['signature']}: {L['black']}", f"{P['signature']}: {L['white']}"))
             for page in view.pages for s in page]
    wall = [(f"{r.name} ({r.number})", r.board, r.colour, r.opponent, r.handicap) for r in view.wall]
    write_slips(target, (P["slips"], P["wall"]), slips,
                (S["name"], S["board"], S["colour"], S["opponent"], S["handicap"]), wall)
