"""The import and export commands' steps: another program's file in, the book's results out (FORMATS; issue 8).

Like `workflow`, this joins `formats` (readers and writers of text) with `book` (sheets); neither knows the other.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from forsxl import __version__
from forsxl.app.workflow import editing, finish, refuse_over_book, store
from forsxl.book import layout
from forsxl.book.config import build_config
from forsxl.book.describe import describe
from forsxl.book.exchange import append_players, results_workbook, tournament_book
from forsxl.book.read import Book, read_book
from forsxl.book.safety import MAX_PLAYERS
from forsxl.book.save import save, writing
from forsxl.book.write import append_log
from forsxl.engine.config import Scale
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Player, Tournament, name_key
from forsxl.engine.ratings import rank_of_rating, rating_bounds, rating_of_rank
from forsxl.engine.report import make_report
from forsxl.engine.values import Lang
from forsxl.formats import Entry, Parsed, read_bytes
from forsxl.formats.h9 import H9Options
from forsxl.formats.matching import People
from forsxl.formats.opengotha import GothaImport
from forsxl.formats.registry import AUTO, EXPORTS, IMPORTS, ExportOptions, TournamentFormat, detect
from forsxl.i18n import N_, Later, ntr, tr
from forsxl.messages import message
from forsxl.publish.site import check_folder, write_whole


def entry_row(entry: Entry, scale: Scale) -> tuple[dict[str, Any], bool]:
    """The Players cells of an entry on the book's scale, and whether its rating had to be converted (R0).

    A rating on another scale (EGD GoR into an rfg book) goes through its rank, the middle of the rank's band.
    """
    row: dict[str, Any] = {"name": entry.name, "club": entry.club, "city": entry.city, "country": entry.country,
                           "egd_pin": entry.egd_pin, "rfg_id": entry.rfg_id, "aga_id": entry.aga_id,
                           "ffg_licence": entry.ffg_licence, "latin": entry.latin}
    converted = False
    if entry.rating is not None:
        rating = entry.rating
        if entry.scale is not None and entry.scale != scale:
            rating, converted = rating_of_rank(rank_of_rating(rating, entry.scale), scale), True
        row["rating"] = rating
    elif entry.rank:
        row["rank"] = entry.rank
    return row, converted


def import_file(path: Path, source: Path, fmt: str = "auto", only: str = "", lang: Lang = Lang.EN,
                describing: bool = False) -> tuple[list[str], Book | None]:
    """Add the players of a list to Players, never one already there (name_key); lines saying what was done.

    A line of the list that does not read stops the import with its line number: nothing is written.
    An OpenGotha file is a whole tournament, brought into a new workbook (`import_tournament`).
    `only` keeps the entries whose EGD PIN or name is in that comma-separated list. Also returns the book changed,
    whose edits are saved, or only said when `describing` them.
    """
    if fmt != AUTO and fmt not in IMPORTS:
        raise ForsxlError("", "choice_bad", what="--format", value=fmt, known=", ".join((AUTO, *IMPORTS)))
    data = read_bytes(source)
    chosen = detect(source, data) if fmt == AUTO else IMPORTS[fmt]
    if isinstance(chosen, TournamentFormat):
        return import_tournament(path, chosen.read(data, source.name), source.name, lang, describing)
    with editing(path) as book:
        book.describing = describing
        return _import_players(book, chosen.read(data, source.name, layout.PLAYER_COLUMNS), source, chosen.name,
                               only), book


def _import_players(book: Book, parsed: Parsed, source: Path, fmt: str, only: str) -> list[str]:
    """`import_file` into a book read under the writer's lock: the players added and saved, the lines to print."""
    if parsed.problems:
        raise WorkbookErrors(parsed.problems, book.lang)
    wanted = {name_key(w) for w in only.split(",") if w.strip()}
    entries = [e for e in parsed.entries if not wanted or name_key(e.name) in wanted or e.egd_pin in wanted]
    people: People[Player | Entry] = People.of(book.tournament.players)
    known = {name_key(p.name) for p in book.tournament.players}
    rows, report, converted, lang = [], [], 0, book.lang
    scale = book.tournament.config.ratings.scale
    low, high = rating_bounds(scale)
    for entry in entries:
        key = name_key(entry.name)
        why = (N_("already in Players") if people.find(entry).person is not None else
               N_("another player of this name is in Players") if key in known else
               N_("no rating or rank") if entry.rating is None and not entry.rank else "")
        if why:
            report.append(tr(lang, "skipped {name} ({file}, line {line}): {why}", name=entry.name, file=source.name,
                             line=entry.line, why=tr(lang, why)))
            continue
        known.add(key)
        people.add(entry)
        row, changed = entry_row(entry, scale)
        if not low <= row.get("rating", low) <= high:  # the reader would refuse it (R0)
            why = Later("rating {rating} is not between {low} and {high}", rating=row["rating"], low=low, high=high)
            parsed.bad_line(source.name, entry.line, entry.name, why)
        rows.append(row)
        converted += changed
    if parsed.problems:
        raise WorkbookErrors(parsed.problems, book.lang)
    if len(known) > MAX_PLAYERS:
        raise ForsxlError("", "import_too_many", path=source, count=len(rows), total=len(known), limit=MAX_PLAYERS)
    if wanted:
        found = {name_key(e.name) for e in entries} | {e.egd_pin for e in entries}
        report += [tr(lang, "not in {file}: {name}", file=source.name, name=w) for w in wanted - found]
    if parsed.unused:
        report.append(ntr(lang, "warning: column {columns} of {file} not imported: a list brings a name (or a surname "
                          "and a first name), rating, rank, club, city, country, EGD PIN and RFG ID",
                          "warning: columns {columns} of {file} not imported: a list brings a name (or a surname "
                          "and a first name), rating, rank, club, city, country, EGD PIN and RFG ID",
                          len(parsed.unused), columns=", ".join(map(repr, parsed.unused)), file=source.name))
    if converted:
        report.append(ntr(lang, "{count} rating converted to ratings.scale {scale} through its rank (R0)",
                          "{count} ratings converted to ratings.scale {scale} through their ranks (R0)", converted,
                          scale=scale))
    if parsed.encoding:  # a CSV's, which was told from its bytes: say it, a wrong guess shows in every name
        fmt = tr(lang, "{format}, encoding {encoding}", format=fmt, encoding=parsed.encoding)
    changes = tr(lang, "imported {players} from {file} ({format})", file=source.name, format=fmt,
                 players=ntr(lang, "{count} player", "{count} players", len(rows)))
    if rows:
        first = append_players(book.workbook, book.lang, rows)
        book.focus = {"sheet": layout.sheet_name("players", book.lang), "cell": f"B{first}"}
        append_log(book, datetime.now().isoformat(timespec="seconds"), "import", __version__, changes)
        store(book, "import", changes)
    return [f"{book.source or book.path}: {changes}", *report]


def import_tournament(path: Path, gotha: GothaImport, source: str, lang: Lang = Lang.EN,
                      describing: bool = False) -> tuple[list[str], Book]:
    """A new workbook at `path` holding a tournament read from the file `source`: Config, Players, a Round-N per
    round played (FORMATS §6); what to print, and the new book."""
    with writing(path):  # two imports at once: the second finds the first's workbook
        if path.exists():
            raise ForsxlError("", "import_gotha_existing", path=path)
        return _import_gotha(path, gotha, source, lang, describing)


def _import_gotha(path: Path, gotha: GothaImport, source: str, lang: Lang,
                  describing: bool) -> tuple[list[str], Book]:
    if len(gotha.players) > MAX_PLAYERS:
        raise ForsxlError("", "import_too_many", path=source, count=len(gotha.players), total=len(gotha.players),
                          limit=MAX_PLAYERS)
    rows = [*gotha.config, ("lang", lang.value)]
    config, origins, errors = build_config([(k, v, None) for k, v in rows])
    if errors:
        raise WorkbookErrors(errors, lang)
    t = Tournament(replace(config, lang=lang), gotha.players, gotha.rounds)
    book = tournament_book(path, t, origins, rows)
    read_book(book.workbook, path)  # a workbook the reader refuses (a rating out of its scale) is not written
    played = sum(1 for r in t.rounds for g in r.games if g.result is not None)
    changes = tr(lang, "imported {players}, {rounds}, {results} from {file}", file=source,
                 players=ntr(lang, "{count} player", "{count} players", len(t.players)),
                 rounds=ntr(lang, "{count} round", "{count} rounds", len(t.rounds)),
                 results=ntr(lang, "{count} result", "{count} results", played))
    book.describing, book.focus = describing, {"sheet": layout.sheet_name("players", lang)}
    finish(book, "import", changes)
    return [f"{path}: {changes}", *[message(n, lang) for n in gotha.notes]], book


def export_book(book: Book, fmt: str, output: Path | None, egf_class: str = "A", minutes: int | None = None,
                keep_forfeits: bool = False) -> tuple[str, Path | None, list[str]]:
    """The book's results in another program's format (`EXPORTS`): the text to print, what was written, or the
    text itself when it goes to standard output; the file written (None then), beside the book by default; and the
    format's warnings, in the workbook's language. `egf_class`, `minutes` and `keep_forfeits` go into an EGF table's
    header and lines (FORMATS §1)."""
    chosen = EXPORTS.get(fmt)
    if chosen is None:
        raise ForsxlError("", "choice_bad", what="--format", value=fmt, known=", ".join(EXPORTS))
    if output is not None:
        check_folder(output)
    t = book.tournament
    refuse_over_book(book, output, "export_over_book")
    report = make_report(t, extras=False)
    target = output or book.path.with_name(book.path.stem + chosen.suffix)
    if chosen.write is None:
        save(describe(results_workbook(t, report, book.lang), None, "export", fmt), target)
        return tr(book.lang, "{path}: written", path=target), target, []
    h9 = H9Options(egf_class.upper(), minutes, keep_forfeits, f"forsxl {__version__}")
    text = chosen.write(t, report, ExportOptions(h9, datetime.now().strftime("%Y%m%d%H%M%S")))
    notes = [message(n, book.lang) for n in chosen.notes(t)] if chosen.notes else []
    if output is None and chosen.stdout:
        return text, None, notes
    write_whole(target, text)
    return tr(book.lang, "{path}: written", path=target), target, notes
