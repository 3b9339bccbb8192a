"""`forsxl publish` and `forsxl explain`: the results page or site, and the answers to "why?" (issue 10, R6, R7).

Both read one report of the tournament (`forsxl.engine.report`); the site's player cards also get each player's
comparison with the one above, computed here so that publish/ only words it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from forsxl.app.watch import watch_file
from forsxl.app.workflow import refuse_over_book
from forsxl.book.config import preset_description
from forsxl.book.read import Book
from forsxl.book.rows import cell_of, player_at
from forsxl.engine.errors import ForsxlError
from forsxl.engine.explain import compare, comparisons_above, explain_round, find_player, neighbour_above
from forsxl.engine.report import make_report
from forsxl.engine.values import Lang
from forsxl.i18n import tr
from forsxl.publish.html import render_html
from forsxl.publish.site import write_site, write_whole
from forsxl.publish.why import comparison_lines, round_lines


def publish_book(book: Book, output: Path | None) -> tuple[Path, str]:
    """Write the book's results to `output` (default: `results.html`, in the workbook's language): one
    self-contained page for FILE.html (or .htm), else the site in that folder, its regulation page with the preset's
    description; the page or folder written, and the line to print."""
    t = book.tournament
    output = output or Path(tr(book.lang, "results.html"))
    refuse_over_book(book, output, "publish_over_book")
    page = output.suffix.lower() in (".html", ".htm")
    if not page and output.exists() and not output.is_dir():
        raise ForsxlError("", "publish_not_folder", path=output)
    report = make_report(t)
    if page:
        write_whole(output, render_html(t, report))
    else:
        note = preset_description(t.config.preset, t.config.lang)
        write_site(t, report, comparisons_above(report.table, t.config.tiebreaks), output, book.origins, note)
    return output, tr(book.lang, "{path}: written", path=output)


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
