"""`forsxl publish` and `forsxl explain`: the results page or site, sent to the club's host (issue 46), and the
answers to "why?" (issue 10, R6, R7).

Both read one report of the tournament (`forsxl.engine.report`); the site's player cards also get each player's
comparison with the one above, computed here so that publish/ only words it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from forsxl import __version__
from forsxl.app.watch import watch_file
from forsxl.app.workflow import refuse_over_book, store
from forsxl.book.config import preset_description
from forsxl.book.read import Book
from forsxl.book.rows import cell_of, player_at
from forsxl.book.write import append_log, set_config
from forsxl.engine.errors import ForsxlError
from forsxl.engine.explain import compare, comparisons_above, explain_round, find_player, neighbour_above
from forsxl.engine.report import make_report
from forsxl.engine.values import Lang
from forsxl.i18n import ntr, tr
from forsxl.messages import message
from forsxl.publish.html import render_html
from forsxl.publish.qr import qr_text
from forsxl.publish.site import write_site, write_whole
from forsxl.publish.why import comparison_lines, round_lines
from forsxl.upload.credentials import keep_password
from forsxl.upload.send import send
from forsxl.upload.target import parse_target, public_address


@dataclass(frozen=True)
class Published:
    """What `publish_book` wrote: the page or folder, its files, and the line to print."""

    output: Path
    files: tuple[Path, ...]
    said: str


def with_addresses(book: Book, to: str | None, url: str | None) -> None:
    """The command line's --to and --url over Config's `publish.to` and `publish.url` for this run (issue 46): the
    target checked, and the site's address worked out from it where it can be (a GitHub repository's pages)."""
    t = book.tournament
    publish = t.config.publish
    to = publish.to if to is None else to.strip()
    url = publish.url if url is None else url.strip()
    if to:
        url = url or public_address(parse_target(to))
    book.tournament = replace(t, config=replace(t.config, publish=replace(publish, to=to, url=url)))


def publish_book(book: Book, output: Path | None) -> Published:
    """Write the book's results to `output`: one self-contained page for FILE.html (or .htm), else the site in that
    folder, its regulation page with the preset's description. Without `output`: the site beside the workbook
    (BOOK-site) when it is to be uploaded (Config `publish.to`), else `results.html`, in the workbook's language."""
    t = book.tournament
    if output is None:
        output = (book.path.with_name(tr(book.lang, "{book}-site", book=book.path.stem)) if t.config.publish.to
                  else Path(tr(book.lang, "results.html")))
    refuse_over_book(book, output, "publish_over_book")
    page = output.suffix.lower() in (".html", ".htm")
    if not page and output.exists() and not output.is_dir():
        raise ForsxlError("", "publish_not_folder", path=output)
    report = make_report(t)
    if page:
        write_whole(output, render_html(t, report))
        files = [output]
    else:
        note = preset_description(t.config.preset, t.config.lang)
        files = write_site(t, report, comparisons_above(report.table, t.config.tiebreaks), output, book.origins, note)
    return Published(output, tuple(files), tr(book.lang, "{path}: written", path=output))


def upload_site(book: Book, published: Published) -> str:
    """Send the site just written to Config's `publish.to` (issue 46): only the pages that changed; the line to
    print, naming the site's address. A page is not sent: the site is (ForsxlError `upload_page`)."""
    publish = book.tournament.config.publish
    target = parse_target(publish.to)
    if published.output.suffix.lower() in (".html", ".htm"):
        raise ForsxlError("", "upload_page", target=target.address, path=published.output)
    sent = send(target, {path.name: path.read_bytes() for path in published.files})
    return ntr(book.lang, "{site}: published, {sent} of {count} page sent", "{site}: published, {sent} of {count} "
               "pages sent", len(published.files), site=publish.url or target.address, sent=len(sent.sent))


def keep_addresses(book: Book, to: str | None, url: str | None) -> str:
    """Keep the command line's --to and --url in Config (`publish.to`, `publish.url`) for the next publish and the
    Calc menu's (issue 46): typed into the Config sheet of a book read under forsxl's lock, a Log row, the atomic save
    (workflow.store). The line saying what was kept, or why it could not be (the workbook open in Excel, an .ods):
    they still serve this run. Empty when Config had them already."""
    before = book.tournament.config.publish
    with_addresses(book, to, url)
    after = book.tournament.config.publish
    changes = {key: value for key, value, old in (("publish.to", after.to, before.to),
                                                   ("publish.url", after.url, before.url)) if value != old}
    if not changes:
        return ""
    said = "; ".join(f"{key} = {value}" for key, value in changes.items())
    try:
        if book.source is not None:  # an .ods is saved as a new .xlsx: not for an address
            raise ForsxlError("", "publish_keep_ods", path=book.source)
        for key, value in changes.items():
            set_config(book, key, value)
        append_log(book, datetime.now().isoformat(timespec="seconds"), "publish", __version__, said)
        store(book, "publish", said)
    except ForsxlError as error:
        return tr(book.lang, "{changes}: not kept in Config ({why}); used for this run", changes=said,
                  why=message(error, book.lang))
    return tr(book.lang, "{path}: kept in Config: {changes}", path=book.source or book.path, changes=said)


def login_name(address: str) -> str:
    """The login an address names, as the keyring keeps it: `ftp://club@ftp.example.org`."""
    return parse_target(address).login


def keep_login(address: str, password: str, lang: Lang) -> str:
    """`forsxl login`: the password kept in the system's keyring for the address's login; the line saying so."""
    target = parse_target(address)
    keep_password(target, password)
    return tr(lang, "{login}: the password is kept in the system's keyring", login=target.login)


def qr_lines(book: Book, blocks: bool) -> str:
    """`publish --qr`: the QR code of the site's address for the terminal, and the address under it."""
    url = book.tournament.config.publish.url
    if not url:
        raise ForsxlError("", "publish_no_address")
    return f"{qr_text(url, blocks)}\n{url}"


def watch_book(path: Path, republish: Callable[[], None], say: Callable[[str], None], interval: float,
               lang: Lang) -> None:
    """`publish --watch`: republish at once and after every save of `path` until Ctrl-C, saying so as it goes, in
    `lang`."""
    say(tr(lang, "watching {path} (Ctrl-C stops)", path=path))
    try:
        watch_file(path, republish, lambda why: say(tr(lang, "{path}: not published ({why}); still watching",
                                                       path=path, why=why or tr(lang, "see above"))), interval)
    except KeyboardInterrupt:
        say(tr(lang, "stopped"))


def explain_lines(book: Book, player: str, than: str, number: int | None) -> list[str]:
    """What `forsxl explain` prints: why each pair of round `number` was formed (R7, R2), and, unless only a round
    is asked about, why `player` ranks as they do against `than`, by default the player just above (R6), with the
    final places where a playoff, superfinal or stage changed them (R7.7, R7.8, R7). Either player may be named by
    a cell of their row (`Итоги!D5`)."""
    t, lang = book.tournament, book.lang
    if not player and number is None:
        raise ForsxlError("", "explain_what")
    player, than = (player_at(book, name).name if cell_of(name) else name for name in (player, than))
    lines = [] if number is None else round_lines(t, explain_round(t, number), lang)
    if player:
        me = find_player(t.players, player)
        named = find_player(t.players, than) if than else None
        report = make_report(t, extras=False, ranking=True)
        other = named.id if named is not None else neighbour_above(report.ranking, me.id)
        if other is None or other == me.id:
            raise ForsxlError("R6", "explain_same")
        lines += comparison_lines(compare(report.ranking, me.id, other, t.config.tiebreaks), lang, report.table)
    return lines
