"""`forsxl ratings`: a federation's list read (downloaded, from the cache, or the referee's file), this tournament's
players found in it, and the ratings it has otherwise than Players put before the referee, who ticks those to take;
`--apply` writes the ticked ones into Players (issue 43).

Like `exchange`, this joins `formats` (the lists, the matching) with `book` (the sheets) and `download` (the
network and the cache)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from forsxl import __version__
from forsxl.app.download import Progress, cache_folder, cached_lists, fetch, first_line, keep
from forsxl.app.exchange import entry_row
from forsxl.app.workflow import finish, store
from forsxl.book import layout
from forsxl.book.exchange import append_players, set_player_cells
from forsxl.book.ratings import Change, Row, read_changes, read_rating_list, write_changes, write_rating_list
from forsxl.book.read import Book, read_book
from forsxl.book.write import append_log
from forsxl.engine.config import Scale
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Player, PlayerId, Source, Tournament, name_key
from forsxl.engine.ratings import rank_of_rating, rating_bounds, rating_of_rank
from forsxl.engine.values import Lang, Rank
from forsxl.formats import Entry, Parsed, read_bytes
from forsxl.formats.matching import ID_FIELDS, Found, How, People
from forsxl.formats.registry import RATING_SOURCES, RatingSource
from forsxl.i18n import N_, Later, ntr, tr

FOUND_BY = {How.ID: N_("id"), How.NAME: N_("name"), How.TOWN: N_("name and town"), How.CLUB: N_("name and club")}


@dataclass(frozen=True)
class RatingList:
    """A federation's list as read: its source, entries, the date it is of, and where it came from."""

    source: RatingSource
    parsed: Parsed
    date: str
    origin: str


def rating_source(name: str) -> RatingSource:
    """The source `--source` names; an error naming the sources otherwise."""
    if name not in RATING_SOURCES:
        raise ForsxlError("", "choice_bad", what="--source", value=name, known=", ".join(RATING_SOURCES))
    return RATING_SOURCES[name]


def _day(text: str) -> str:
    """`--date` as `YYYY-MM-DD`."""
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise ForsxlError("", "date_bad", value=text) from None


def read_list(source: RatingSource, file: Path | None, day: str | None, url: str | None, today: date,
              progress: Progress | None = None) -> RatingList:
    """The list: the referee's `file` (its date `day`, else the one it gives, else the day it was saved); else the
    list as of `day` (default today) from the cache, downloaded when today's is wanted and none was fetched today.
    A list of an earlier day comes only from the cache: the federations publish today's alone."""
    day = _day(day) if day else None
    if file is not None:
        parsed = _parse(source, read_bytes(file), file.name, None)
        saved = datetime.fromtimestamp(file.stat().st_mtime).date().isoformat()
        return RatingList(source, parsed, day or parsed.date or saved, str(file))
    wanted = day or today.isoformat()
    if wanted > today.isoformat():
        raise ForsxlError("", "ratings_date_future", value=wanted)
    folder = cache_folder()
    lists = cached_lists(source.name, folder)
    if wanted == today.isoformat():
        fresh = [c for c in lists if c.fetched == today]
        if not fresh:
            return _download(source, url or source.url, folder, today, progress)
        lists = fresh
    usable = [c for c in lists if c.listed <= wanted]
    if not usable:
        raise ForsxlError("", "ratings_not_cached", label=Later(source.label), date=wanted, folder=folder,
                          dates=", ".join(c.listed for c in lists) or "-")
    chosen = usable[-1]
    return RatingList(source, _parse(source, chosen.path.read_bytes(), chosen.path.name, None), chosen.listed,
                      str(chosen.path))


def _download(source: RatingSource, url: str, folder: Path, today: date, progress: Progress | None) -> RatingList:
    """The list fetched from `url`, kept in the cache under the date it gives (else today) once it reads."""
    answer = fetch(url, progress)
    parsed = _parse(source, answer.data, url, answer.status)
    listed = parsed.date or today.isoformat()
    keep(folder, f"{source.name}-{listed}{source.suffix}", answer.data)
    return RatingList(source, parsed, listed, url)


def _parse(source: RatingSource, data: bytes, where: str, status: str | None) -> Parsed:
    """The entries of the list; an error showing the answer's status and first line when it is no such list. A line
    that does not read in a list that does is left out, and said (`ratings_into`): a federation's list of
    thousands is not refused for one odd line."""
    parsed = source.format.read(data, where, layout.PLAYER_COLUMNS)
    if not parsed.entries:
        raise ForsxlError("", "ratings_not_list" if status is None else "ratings_answer_not_list", where=where,
                          label=Later(source.label), status=status, line=first_line(data) or "-")
    return parsed


def label(source: RatingSource, lang: Lang) -> str:
    """The source as the sheets name it in `lang`: `RFG`, `РФГ`."""
    return tr(lang, source.label)


def _of(source: RatingSource, cell: str) -> bool:
    """Whether a Source cell names `source`, in any language."""
    return layout.fold_header(cell) in {layout.fold_header(n) for n in (source.name, *(label(source, lang)
                                                                                     for lang in Lang))}


def proposal(player: Player, entry: Entry, scale: Scale) -> int | None:
    """The rating the list gives the player on the book's scale, when it is another than Players has; None when it
    is the same, or the list has none. A rating on the other scale, or a rank alone (the AGA's), counts only when it
    is another rank, and gives the middle of that rank's band (R0)."""
    if entry.rating is not None and entry.scale in (None, scale):
        return entry.rating if entry.rating != player.rating else None
    rank = (rank_of_rating(entry.rating, entry.scale) if entry.rating is not None and entry.scale is not None
            else Rank.parse(entry.rank) if entry.rank else None)
    if rank is None or rank == rank_of_rating(player.rating, scale):
        return None
    return rating_of_rank(rank, scale)


def played_rounds(t: Tournament) -> dict[PlayerId, list[int]]:
    """The rounds each player has a game in: their rating was read to pair and score them there."""
    rounds: dict[PlayerId, list[int]] = {}
    for rnd in t.rounds:
        for game in rnd.games:
            for pid in (game.black, game.white):
                rounds.setdefault(pid, []).append(rnd.number)
    return rounds


def rounds_text(numbers: Sequence[int]) -> str:
    """`1-3, 5`: round numbers as the Absent column writes them."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _played_note(lang: Lang, rounds: list[int], one: str, many: str) -> str:
    """Why a player's rating is not written: the rounds they have games in."""
    return tr(lang, one if len(set(rounds)) == 1 else many, rounds=rounds_text(rounds))


def _whole(value: object) -> int | None:
    """A rating cell as a whole number (`1900`, `1900.0`, `"1 900"`); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = "".join(str(value).split()).replace(",", ".") if value is not None else ""
    try:
        number = float(text)
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


def ratings_into(book: Book, rl: RatingList, add: Sequence[str]) -> list[str]:
    """The list run: `add`'s players appended to Players, then Rating list and Rating changes written for every
    player (Accept marks kept), a Log row, the save; the lines to print."""
    lang, source = book.lang, rl.source
    listed: People[Entry] = People.of(rl.parsed.entries)
    lines = _add(book, rl, listed, add) if add else []
    t = book.tournament
    scale, shown, played = t.config.ratings.scale, label(source, lang), played_rounds(t)
    snapshot: list[Row] = []
    fresh: list[Row] = []
    says: dict[str, object] = {}
    for player in t.players:
        found = listed.find(player)
        snapshot.append(_snapshot_row(player, found, shown, rl.date, lang))
        if found.person is None:
            continue
        new = proposal(player, found.person, scale)
        says[name_key(player.name)] = player.rating if new is None else new
        if new is not None:
            note = _played_note(lang, played[player.id], N_("has a game in round {rounds}: only --apply --force "
                                                             "writes it"),
                                N_("has games in rounds {rounds}: only --apply --force writes it")
                                ) if player.id in played else ""
            fresh.append({"no": int(player.id), "name": player.name, "old": player.rating, "new": new,
                          "source": shown, "date": rl.date, "note": note or None})
    kept = [r for r in read_rating_list(book.workbook) if not _of(source, str(r.get("source") or ""))]
    write_rating_list(book, snapshot + kept)
    ratings = {name_key(p.name): p.rating for p in t.players}
    rows = _keep_ticks(read_changes(book.workbook), fresh, source, ratings, says, rl.date, lang)
    write_changes(book, rows)
    found_count = sum(1 for row in snapshot if row.get("id") not in (None, ""))
    summary = tr(lang, "{label} list of {date}: {found}, {changes}", label=shown, date=rl.date,
                 found=ntr(lang, "found {found} of {count} player", "found {found} of {count} players",
                           len(t.players), found=found_count),
                 changes=ntr(lang, "{count} rating differs", "{count} ratings differ", len(fresh)))
    append_log(book, datetime.now().isoformat(timespec="seconds"), f"ratings --source {source.name}", __version__,
               summary)
    book.focus = {"sheet": layout.sheet_name("rating_changes", lang)}  # where the referee ticks (the Calc menu)
    store(book, f"ratings --source {source.name}", summary)
    return [f"{book.source or book.path}: {summary} ({rl.origin})", *lines, *_advice(book, rl, snapshot, bool(fresh))]


def _advice(book: Book, rl: RatingList, snapshot: list[Row], differ: bool) -> list[str]:
    """The answer's lines below its first: each player not found and why, the lines of the list left out, and what
    to do next."""
    lang = book.lang
    lines = [tr(lang, "{name}: {why}", name=row["name"], why=row["found"]) for row in snapshot
             if row.get("id") in (None, "")]
    if rl.parsed.problems:
        lines.append(ntr(lang, "{count} line of {where} could not be read and is left out: {first}",
                         "{count} lines of {where} could not be read and are left out; the first: {first}",
                         len(rl.parsed.problems), where=rl.origin, first=rl.parsed.problems[0].source))
    if differ:
        lines.append(tr(lang, "tick the ratings to take in the {column} column of «{sheet}», then run forsxl ratings "
                        "{book} --apply", column=layout.header(layout.RATING_CHANGE_COLUMNS, "accept", lang),
                        sheet=layout.sheet_name("rating_changes", lang), book=book.path.name))
    return lines


def _snapshot_row(player: Player, found: Found[Entry], shown: str, day: str, lang: Lang) -> Row:
    """The player's row of Rating list: the entry found and how, or why none was."""
    row: Row = {"no": int(player.id), "name": player.name, "source": shown, "date": day}
    entry = found.person
    if entry is None:
        row["found"] = (tr(lang, "namesakes in the list, not told apart by town or club: {who}; type the player's id "
                           "in Players", who="; ".join(_who(e) for e in found.namesakes))
                        if found.namesakes else tr(lang, "not in the list"))
        return row
    declared = Rank.parse(entry.rank) if entry.rank else None
    rank = (declared or (rank_of_rating(entry.rating, entry.scale) if entry.rating is not None and entry.scale
                         else None))
    row.update({"id": _ident(entry) or "-", "listed": entry.name, "latin": entry.latin or None,
                "city": entry.city or None, "club": entry.club or None, "country": entry.country or None,
                "rating": entry.rating, "rank": rank.label(lang) if rank else None,
                "last_game": entry.last_game or None, "found": tr(lang, FOUND_BY[found.how]) if found.how else None})
    return row


def _ident(entry: Entry) -> str:
    """The list's own id of an entry (each list has one kind)."""
    return next((getattr(entry, f) for f in ID_FIELDS if getattr(entry, f)), "")


def _who(entry: Entry) -> str:
    """A namesake as the answer tells them apart: id, town or club."""
    return ", ".join(filter(None, (_ident(entry), entry.city or entry.club)))


def _keep_ticks(existing: list[Change], fresh: list[Row], source: RatingSource, players: dict[str, int],
                says: dict[str, object], day: str, lang: Lang) -> list[Row]:
    """Rating changes again: the fresh rows of this source, each with the Accept mark typed against the same player
    and the same new rating; a ticked row whose rating the list no longer gives kept as typed, with a note why
    (unless Players holds it now: that decision is carried out); the rows written after a round kept as records;
    every row of another source, or of none, as it was."""
    ticks: dict[str, list[Change]] = {}
    records: list[Row] = []
    others: list[Row] = []
    for change in existing:
        if not _of(source, change.text("source")):
            others.append(dict(change.values))
        elif change["applied"] not in (None, ""):
            records.append(dict(change.values))
        elif change.ticked:
            ticks.setdefault(name_key(change.text("name")), []).append(change)
    rows = []
    for row in fresh:
        mine = ticks.get(name_key(str(row["name"])), [])
        same = next((c for c in mine if _whole(c["new"]) == row["new"]), None)
        if same is not None:
            row["accept"] = same["accept"]
            mine.remove(same)
        rows.append(row)
    for key, left in ticks.items():
        for change in left:
            if key in players and _whole(change["new"]) == players[key]:
                continue  # Players holds that rating now: the decision is carried out
            why = (tr(lang, "ticked before; not in Players now") if key not in players else
                   tr(lang, "ticked before; the list of {date} says {rating}", date=day, rating=says[key])
                   if key in says else tr(lang, "ticked before; not in the list of {date}", date=day))
            rows.append({**change.values, "note": why})
    return rows + records + others


def _add(book: Book, rl: RatingList, listed: People[Entry], wanted: Sequence[str]) -> list[str]:
    """The players `wanted` names (a name in either script, or the list's id) appended to Players from the list,
    with its Latin name where it has one; every name that is not in the list, or names namesakes, an error, and
    nothing added. The book is read again, so the new players are matched like the others."""
    lang, source, scale = book.lang, rl.source, book.tournament.config.ratings.scale
    matched = {id(listed.find(p).person) for p in book.tournament.players}  # who each player is in the list
    names = {name_key(p.name) for p in book.tournament.players}
    rows, lines, problems = [], [], []
    for text in wanted:
        key = " ".join(text.split())
        ident: dict[str, Any] = {source.id_field: key}
        probe = Entry(name="", **ident) if key.isdigit() else Entry(name=key)
        found = listed.find(probe)
        if found.person is None:
            code = "ratings_add_namesakes" if found.namesakes else "ratings_add_missing"
            problems.append(ForsxlError("", code, name=key, label=Later(source.label),
                                        who="; ".join(_who(e) for e in found.namesakes)))
            continue
        entry = found.person
        if id(entry) in matched:
            lines.append(tr(lang, "{name} is in Players already", name=entry.name))
            continue
        if name_key(entry.name) in names:  # a namesake: Players holds one player a name
            lines.append(tr(lang, "{name}: {why}", name="--add " + key,
                            why=tr(lang, "another player of this name is in Players")))
            continue
        row, _ = entry_row(entry, scale)
        rows.append(row)
        matched.add(id(entry))
        names.add(name_key(entry.name))
        lines.append(tr(lang, "added {name} ({label} {id}, rating {rating})", name=entry.name,
                        label=label(source, lang), id=getattr(entry, source.id_field), rating=row.get("rating", "-")))
    if problems:
        raise WorkbookErrors(problems, lang)
    if rows:
        append_players(book.workbook, lang, rows)
        book.tournament = read_book(book.workbook, book.path).tournament  # refuses what Players would not read
    return lines


def apply_into(book: Book, force: bool) -> list[str]:
    """`--apply`: every ticked row of Rating changes written into Players (the rating, and the list's id and Latin
    name into empty cells), each named in the Log and the answer. A player with games is left as they are unless
    `force`; then the row stays as a record, and Standings says after which round the rating changed. Standings
    and the Log are written, and the book saved, as by every command that changes the tournament."""
    lang, t = book.lang, book.tournament
    if not any(n in book.workbook.sheetnames for n in layout.SHEETS["rating_changes"]):
        raise ForsxlError("", "ratings_no_sheet", sheet=layout.sheet_name("rating_changes", lang))
    changes = read_changes(book.workbook)
    todo = _ticked(changes, t.config.ratings.scale, lang)
    if not todo:
        return [tr(lang, "no row of «{sheet}» is ticked in {column}: mark the ratings to take (x, ✓, 1 or yes) and "
                 "run again; nothing written", sheet=layout.sheet_name("rating_changes", lang),
                 column=layout.header(layout.RATING_CHANGE_COLUMNS, "accept", lang))]
    by_key = {name_key(p.name): p for p in t.players}
    played = played_rounds(t)
    applied: dict[int, tuple[Player, int]] = {}
    lines = []
    for index, new in todo.items():
        change = changes[index]
        player = by_key.get(name_key(change.text("name")))
        old = _whole(change["old"])
        why = (tr(lang, "not in Players") if player is None else
               _played_note(lang, played[player.id],
                            N_("has a game in round {rounds}; --force writes it, and Standings then says so"),
                            N_("has games in rounds {rounds}; --force writes it, and Standings then says so"))
               if player.id in played and not force else
               tr(lang, "Players has {rating} now, not {old}: run forsxl ratings again", rating=player.rating, old=old)
               if old is not None and old != player.rating and new != player.rating else "")
        if player is None or why:
            lines.append(tr(lang, "not written: {name} ({cell}): {why}", name=change.text("name"),
                            cell=change.places["accept"], why=why))
        else:
            applied[index] = (player, new)
    if not applied:
        return [tr(lang, "{path}: nothing written", path=book.source or book.path), *lines]
    _write_players(book, [(changes[i], p, new) for i, (p, new) in applied.items()])
    after = t.rounds[-1].number if t.rounds else 0
    rows = []
    for index, change in enumerate(changes):
        if index not in applied:
            rows.append(dict(change.values))
        elif applied[index][0].id in played:  # a record: Standings names the round it came after
            rows.append({**change.values, "applied": after, "note": tr(lang, "written after round {round}",
                                                                        round=after)})
    write_changes(book, rows)
    names = ", ".join(tr(lang, "{name} {old} → {new} ({source} {date})", name=p.name, old=p.rating, new=new,
                         source=changes[i].text("source"), date=changes[i].text("date"))
                      for i, (p, new) in applied.items())
    said = ntr(lang, "{count} rating written into Players: {names}", "{count} ratings written into Players: {names}",
               len(applied), names=names)
    finish(book, "ratings --apply" + (" --force" if force else ""), said)
    return [f"{book.source or book.path}: {said}", *lines]


def _ticked(changes: list[Change], scale: Scale, lang: Lang) -> dict[int, int]:
    """The ticked rows of Rating changes not yet written, by their index, each with its new rating; an error naming
    the cell of a new rating that is not one, or of a player ticked twice (which row is meant?), and nothing
    written."""
    low, high = rating_bounds(scale)
    todo: dict[int, int] = {}
    problems: list[ForsxlError] = []
    seen: dict[str, Source] = {}
    for index, change in enumerate(changes):
        if not change.ticked or change["applied"] not in (None, ""):
            continue
        new = _whole(change["new"])
        key = name_key(change.text("name"))
        if new is None:
            problems.append(ForsxlError("R0", "rating_bad", change.places.get("new"), value=change["new"]))
        elif not low <= new <= high:
            problems.append(ForsxlError("R0", "rating_range", change.places.get("new"), value=new, low=low,
                                        high=high))
        elif key in seen:
            problems.append(ForsxlError("", "ratings_ticked_twice", change.places["accept"],
                                        name=change.text("name"), cell=seen[key]))
        else:
            seen[key] = change.places["accept"]
            todo[index] = new
    if problems:
        raise WorkbookErrors(problems, lang)
    return todo


def _write_players(book: Book, applied: list[tuple[Change, Player, int]]) -> None:
    """The new ratings into Players, and each player's id and Latin name from Rating list where their cells are
    empty; the tournament read again from the sheets."""
    listed = read_rating_list(book.workbook)
    cells: dict[int, dict[str, object]] = {}
    for change, player, new in applied:
        values: dict[str, object] = {"rating": new}
        source = next((s for s in RATING_SOURCES.values() if _of(s, change.text("source"))), None)
        row = next((r for r in listed if source is not None and name_key(str(r["name"])) == name_key(player.name)
                    and _of(source, str(r.get("source") or ""))), None)
        if source is not None and row is not None:
            ident = str(row.get("id") or "").strip("-")
            if ident and not getattr(player, source.id_field):
                values[source.id_field] = ident
            if row.get("latin") and not player.latin:
                values["latin"] = row["latin"]
        assert player.source is not None  # read from Players
        cells[int(player.source.cell[1:])] = values
    set_player_cells(book.workbook, book.lang, cells)
    book.tournament = read_book(book.workbook, book.path).tournament
