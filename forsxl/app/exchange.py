"""The import and export commands' steps: another program's file in, the book's results out (FORMATS; issue 8).

Like `workflow`, this joins `formats` (readers and writers of text) with `book` (sheets); neither knows the other.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from forsxl import __version__
from forsxl.app.workflow import editing, finish
from forsxl.book import layout
from forsxl.book.config import build_config
from forsxl.book.exchange import append_players, results_workbook, tournament_book
from forsxl.book.read import Book, load, name_key, read_book
from forsxl.book.safety import MAX_PLAYERS
from forsxl.book.save import save, writing
from forsxl.book.write import append_log
from forsxl.engine.config import Lang, Scale
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Tournament
from forsxl.engine.ratings import rank_of_rating, rating_bounds, rating_of_rank
from forsxl.engine.stages import final_table
from forsxl.formats import Entry, Parsed, decode, read_bytes
from forsxl.formats.csv import parse_csv, write_standings_csv
from forsxl.formats.egd import parse_aga, parse_egd, parse_ffg
from forsxl.formats.h9 import EGF_CLASSES, H9Options, write_h9
from forsxl.formats.opengotha import import_opengotha, parse_opengotha, write_opengotha
from forsxl.messages import message
from forsxl.publish.site import check_folder, write_whole

IMPORT_FORMATS = ("auto", "csv", "egd", "aga", "ffg", "opengotha")
EXPORT_FORMATS = ("egf", "opengotha", "csv", "xlsx")


def detect_format(source: Path, data: bytes) -> str:
    """The import format a file is in: OpenGotha XML, an EGD list (8-digit PIN lines), else CSV by its name."""
    head = data[:4096].decode("latin-1")
    if "<Tournament" in head or source.suffix.casefold() == ".xml":
        return "opengotha"
    if re.search(r"(?m)^\s*\d{8}\s+\S", data[:200_000].decode("latin-1")) or source.suffix.casefold() == ".html":
        return "egd"
    if source.suffix.casefold() in (".csv", ".tsv"):
        return "csv"
    raise ForsxlError("R0", "import_format_unknown", path=source, known=", ".join(IMPORT_FORMATS[1:]))


def _parse_list(fmt: str, data: bytes, name: str) -> Parsed:
    if fmt == "csv":
        return parse_csv(decode(data, "cp1251"), layout.PLAYER_COLUMNS, name)
    if fmt == "egd":
        return parse_egd(decode(data, "latin-1"), name)
    if fmt == "aga":
        return parse_aga(decode(data, "latin-1"), name)
    return parse_ffg(decode(data, "latin-1"), name)


def _entry_row(entry: Entry, scale: Scale) -> tuple[dict[str, Any], bool]:
    """The Players cells of an entry on the book's scale, and whether its rating had to be converted (R0).

    A rating on another scale (EGD GoR into an rfg book) goes through its rank, the middle of the rank's band.
    """
    row: dict[str, Any] = {"name": entry.name, "club": entry.club, "city": entry.city, "country": entry.country,
                           "egd_pin": entry.egd_pin, "rfg_id": entry.rfg_id}
    converted = False
    if entry.rating is not None:
        rating = entry.rating
        if entry.scale is not None and entry.scale != scale:
            rating, converted = rating_of_rank(rank_of_rating(rating, entry.scale), scale), True
        row["rating"] = rating
    elif entry.rank:
        row["rank"] = entry.rank
    return row, converted


def import_file(path: Path, source: Path, fmt: str = "auto", only: str = "", lang: Lang = Lang.EN) -> list[str]:
    """Add the players of a list to Players, never one already there (name_key); lines saying what was done.

    A line of the list that does not read stops the import with its line number: nothing is written.
    An OpenGotha file is a whole tournament, brought into a new workbook (`import_tournament`).
    `only` keeps the entries whose EGD PIN or name is in that comma-separated list.
    """
    if fmt not in IMPORT_FORMATS:
        raise ForsxlError("R0", "choice_bad", what="--format", value=fmt, known=", ".join(IMPORT_FORMATS))
    data = read_bytes(source)
    fmt = detect_format(source, data) if fmt == "auto" else fmt
    if fmt == "opengotha":
        return import_tournament(path, source, lang)
    with editing(path) as book:
        return _import_players(book, _parse_list(fmt, data, source.name), source, fmt, only)


def _import_players(book: Book, parsed: Parsed, source: Path, fmt: str, only: str) -> list[str]:
    """`import_file` into a book read under the writer's lock: the players added and saved, the lines to print."""
    if parsed.problems:
        raise WorkbookErrors(parsed.problems, book.lang)
    wanted = {name_key(w) for w in only.split(",") if w.strip()}
    entries = [e for e in parsed.entries if not wanted or name_key(e.name) in wanted or e.egd_pin in wanted]
    known = {name_key(p.name) for p in book.tournament.players}
    rows, report, converted = [], [], 0
    scale = book.tournament.config.ratings.scale
    low, high = rating_bounds(scale)
    for entry in entries:
        key = name_key(entry.name)
        why = ("already in Players" if key in known else
               "no rating or rank" if entry.rating is None and not entry.rank else "")
        if why:
            report.append(f"skipped {entry.name} ({source.name}, line {entry.line}): {why}")
            continue
        known.add(key)
        row, changed = _entry_row(entry, scale)
        if not low <= row.get("rating", low) <= high:  # the reader would refuse it (R0)
            parsed.bad_line(source.name, entry.line, entry.name, f"rating {row['rating']} is not between {low} and "
                                                                  f"{high}")
        rows.append(row)
        converted += changed
    if parsed.problems:
        raise WorkbookErrors(parsed.problems, book.lang)
    if len(known) > MAX_PLAYERS:
        raise ForsxlError("R0", "import_too_many", path=source, count=len(rows), total=len(known), limit=MAX_PLAYERS)
    if wanted:
        found = {name_key(e.name) for e in entries} | {e.egd_pin for e in entries}
        report += [f"not in {source.name}: {w}" for w in wanted - found]
    if converted:
        report.append(f"{converted} ratings converted to ratings.scale "
                      f"{book.tournament.config.ratings.scale} through their ranks (R0)")
    changes = f"imported {len(rows)} players from {source.name} ({fmt})"
    if rows:
        append_players(book.workbook, book.lang, rows)
        append_log(book, datetime.now().isoformat(timespec="seconds"), "import", __version__, changes)
        save(book.workbook, book.path, book.read_as)
    return [f"{book.source or book.path}: {changes}", *report]


def import_tournament(path: Path, source: Path, lang: Lang = Lang.EN) -> list[str]:
    """A new workbook holding an OpenGotha tournament: Config, Players, a Round-N per round played (FORMATS §6)."""
    with writing(path):  # two imports at once: the second finds the first's workbook
        if path.exists():
            raise ForsxlError("R0", "import_gotha_existing", path=path)
        return _import_gotha(path, source, lang)


def _import_gotha(path: Path, source: Path, lang: Lang) -> list[str]:
    gotha = import_opengotha(parse_opengotha(read_bytes(source), source.name), source.name)
    if len(gotha.players) > MAX_PLAYERS:
        raise ForsxlError("R0", "import_too_many", path=source, count=len(gotha.players), total=len(gotha.players),
                          limit=MAX_PLAYERS)
    rows = [*gotha.config, ("lang", lang.value)]
    config, origins, errors = build_config([(k, v, None) for k, v in rows])
    if errors:
        raise WorkbookErrors(errors, lang)
    t = Tournament(replace(config, lang=lang), gotha.players, gotha.rounds)
    book = tournament_book(path, t, origins, rows)
    read_book(book.workbook, path)  # a workbook the reader refuses (a rating out of its scale) is not written
    played = sum(1 for r in t.rounds for g in r.games if g.result is not None)
    changes = f"imported {len(t.players)} players, {len(t.rounds)} rounds, {played} results from {source.name}"
    finish(book, "import", changes)
    return [f"{path}: {changes}", *[message(n, lang) for n in gotha.notes]]


def export_book(path: Path, fmt: str, output: Path | None, options: H9Options) -> tuple[str, Path | None]:
    """The book's results in another program's format: the text (or None for xlsx) and where it was written."""
    if fmt not in EXPORT_FORMATS:
        raise ForsxlError("R0", "choice_bad", what="--format", value=fmt, known=", ".join(EXPORT_FORMATS))
    if output is not None:
        check_folder(output)
    book = load(path)
    t = book.tournament
    if output is not None and output.resolve() == path.resolve():
        raise ForsxlError("R0", "export_over_book", path=path)
    table = final_table(t)
    if fmt == "xlsx":
        target = output or path.with_name(f"{path.stem}-results.xlsx")
        save(results_workbook(t, table, book.lang), target)
        return f"{target}: written", target
    if fmt == "egf":
        if options.egf_class not in EGF_CLASSES:
            raise ForsxlError("R0", "choice_bad", what="--egf-class", value=options.egf_class,
                              known=", ".join(EGF_CLASSES))
        text = write_h9(t, table, options)
    elif fmt == "opengotha":
        text = write_opengotha(t, datetime.now().strftime("%Y%m%d%H%M%S"))
    else:
        text = write_standings_csv(t, table)
    if output is None and fmt == "csv":
        return text, None
    target = output or path.with_suffix({"egf": ".h9", "opengotha": ".xml", "csv": ".csv"}[fmt])
    write_whole(target, text)
    return f"{target}: written", target
