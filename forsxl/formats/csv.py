"""A players CSV with the Players headers, in English or Russian (WORKBOOK.md "Players columns")."""

from __future__ import annotations

import _csv
import codecs
import csv
import io
import re
import unicodedata
from collections.abc import Mapping
from contextlib import suppress

import charset_normalizer

from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Tournament
from forsxl.engine.report import Report
from forsxl.engine.values import Lang, Rank
from forsxl.formats import Entry, Parsed, one_line
from forsxl.i18n import Later, number
from forsxl.messages import round_cells_legend, tiebreak_columns, tiebreak_heading

FIELDS = ("name", "rating", "rank", "club", "city", "country", "egd_pin", "rfg_id")
"""The Players columns a CSV may bring; the others (Start, Absent, ...) are the organizer's to type."""
NAME_PARTS: dict[str, tuple[str, ...]] = {
    "surname": ("Surname", "Last name", "Family name", "Фамилия"),
    "first_name": ("First name", "Given name", "Name", "Имя"),
    "city": ("Town", "Town name"),
}
"""Headers of lists that give the surname and the first name in columns of their own (club lists, the RFG's
`lastName`, `firstName`, `townName`): the two make one name, surname first, as Players writes it. Beside a surname
column, `Name` and `Имя` are the first name."""


def _fold(text: str) -> str:
    return re.sub(r"[\s._]+", "", text).casefold().replace("ё", "е")


UTF8, UTF16 = "UTF-8", "UTF-16"
SINGLE_BYTE = {"cp1251": "Windows-1251", "cp1252": "Latin-1", "mac_roman": "Mac Roman", "cp866": "DOS 866",
               "koi8_r": "KOI8-R"}
"""The encodings a players CSV without a byte order mark is read in, by the names the import says, forsxl's own first:
a CSV saved by Excel is UTF-8 ("CSV UTF-8"), UTF-16 ("Unicode text"), or the system's code page, Windows-1251 in
Russia and Windows-1252 (Latin-1 and a few more signs) in Western Europe; then Excel for Mac's "CSV (Macintosh)",
and the DOS and KOI8-R Cyrillic of older Russian rating lists."""
OURS = ("cp1251", "cp1252")
_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x19\x1b-\x1f]")
"""Control bytes: in a text of one byte a letter, no list holds them (Ctrl-Z, 0x1A, ends DOS files)."""
CYRILLIC = frozenset({"cp1251", "cp866", "koi8_r"})


class EncodingUnknown(ValueError):
    """A CSV whose encoding cannot be told: the encodings tried, and those it read equally well in."""

    def __init__(self, tried: list[str], tied: list[str]):
        super().__init__(tried, tied)
        self.tried, self.tied = tried, tied


def read_csv(data: bytes, source: str, aliases: Mapping[str, tuple[str, ...]]) -> Parsed:
    """Players from a CSV's bytes (`parse_csv`) in the encoding `csv_text` tells, which the import then names; a
    file whose encoding cannot be told is its one problem, and a name holding what is no letter of that encoding's
    script (a letter read in the wrong encoding) is a problem at its line."""
    try:
        text, encoding = csv_text(data)
    except EncodingUnknown as unknown:
        code = "csv_encoding_tie" if unknown.tied else "csv_encoding_unknown"
        return Parsed(problems=[ForsxlError("", code, path=source, tried=", ".join(unknown.tried),
                                            tied=", ".join(unknown.tied))])
    parsed = parse_csv(text, aliases, source)
    parsed.encoding = encoding
    cyrillic = encoding in {SINGLE_BYTE[name] for name in CYRILLIC}
    for entry in list(parsed.entries):
        strange = _not_letters(entry.name, None if encoding.startswith("UTF") else cyrillic)
        if strange:
            parsed.entries.remove(entry)
            parsed.bad_line(source, entry.line, entry.name, Later(
                "the name holds {chars}, no letters of a name in {encoding}: the file may be in another encoding; save "
                "it as CSV UTF-8 and import it again", chars=", ".join(map(repr, strange)), encoding=encoding))
    return parsed


def csv_text(data: bytes) -> tuple[str, str]:
    """The text of a CSV and the name of its encoding; EncodingUnknown when it cannot be told.

    UTF-8 (with or without a byte order mark) and UTF-16 (with one, or in either byte order without, its ASCII read
    from the zero bytes beside each) tell themselves. Other bytes are read in each of SINGLE_BYTE's encodings, and
    the reading taken is the one with the fewest implausible words (`_implausible`: a list of names is short, too
    short for a detector's statistics alone), then in forsxl's own two, then the one charset-normalizer, the
    detector made for this, finds the least garbled. Two readings in forsxl's two as plausible as each other, and
    different, cannot be told (byte 0xB9 is № in Windows-1251 and ¹ in Latin-1).
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        with suppress(UnicodeDecodeError):
            return data.decode("utf-16"), UTF16
    tried = [UTF8, UTF16, *SINGLE_BYTE.values()]
    if b"\0" in data and (wide := _utf16_without_mark(data)) is not None:  # UTF-8 would read its zeros as NULs
        return wide
    with suppress(UnicodeDecodeError):
        return data.decode("utf-8-sig"), UTF8
    if _CONTROL.search(data):  # no text of one byte a letter holds these: no list of players at all
        raise EncodingUnknown(tried, [])
    found = charset_normalizer.from_bytes(data, cp_isolation=list(SINGLE_BYTE), preemptive_behaviour=False,
                                          threshold=1.0)  # every reading, to be judged by its words too
    readings = sorted(((_implausible(str(match)), match.encoding not in OURS, match.chaos, match.encoding, str(match))
                       for match in found if match.encoding in SINGLE_BYTE), key=lambda r: r[:3])
    if not readings:
        raise EncodingUnknown(tried, [])
    best = readings[0]
    tied = [r for r in readings if r[:2] == best[:2] and not best[1] and r[4] != best[4]]
    if tied:
        raise EncodingUnknown(tried, [SINGLE_BYTE[best[3]], *(SINGLE_BYTE[r[3]] for r in tied)])
    return best[4], SINGLE_BYTE[best[3]]


def _utf16_without_mark(data: bytes) -> tuple[str, str] | None:
    """UTF-16 without a byte order mark, big- or little-endian as the zero bytes of its ASCII tell; None if neither."""
    if len(data) % 2:
        return None
    for codec, zeros, name in (("utf-16-be", data[0::2], "UTF-16 BE"), ("utf-16-le", data[1::2], "UTF-16 LE")):
        if zeros.count(0) * 2 > len(zeros):
            with suppress(UnicodeDecodeError):
                text = data.decode(codec)
                if "\0" not in text:
                    return text, name
    return None


def _implausible(text: str) -> int:
    """How many words of `text` no list of players holds: Cyrillic mixed with other letters (Latin-1 read as
    Windows-1251, `Müller` as `Mьller`), mostly accented Latin letters (Windows-1251 read as Latin-1, `Иванов` as
    `Èâàíîâ`), a sign that is no letter (`M¸ller`, `Gro§`), or a capital accented letter inside a word in small
    letters (Mac Roman read as Latin-1, `MŸller`)."""
    def odd(word: str) -> bool:
        accented = sum(c.isalpha() and not c.isascii() and not _cyrillic(c) for c in word)
        return (_mixed(word) or 2 * accented > len(word)
                or any(not c.isascii() and not c.isalpha() for c in word)
                or (any(c.islower() for c in word) and any(c.isupper() and not c.isascii() for c in word[1:])))

    return sum(1 for word in re.split(r"[\s,;]+", text) if word and odd(word))


def _cyrillic(letter: str) -> bool:
    return "\u0400" <= letter <= "\u04ff"


def _mixed(word: str) -> bool:
    """Whether a word has both Cyrillic letters and other letters."""
    letters = [c for c in word if c.isalpha()]
    cyrillic = sum(map(_cyrillic, letters))
    return 0 < cyrillic < len(letters)


def _not_letters(name: str, cyrillic: bool | None) -> list[str]:
    """The characters of a name that are no letter of a name in its encoding's script: any letter or mark but a
    sign for a name read from Unicode (`cyrillic` None); a Latin or Cyrillic letter (`cyrillic` True) or a Latin one
    for a single-byte encoding."""
    scripts = ("LATIN", "CYRILLIC") if cyrillic else ("LATIN",)
    return sorted({c for c in name if not c.isascii() and (
        not unicodedata.category(c).startswith(("L", "M")) if cyrillic is None
        else not c.isalpha() or not unicodedata.name(c, "").startswith(scripts))})


def parse_csv(text: str, aliases: Mapping[str, tuple[str, ...]], source: str = "CSV") -> Parsed:
    """Players from a CSV whose header row uses the Players headers (`aliases`: column -> accepted headers).

    The delimiter (`,`, `;` or tab) is sniffed; a row without a name, or with a rating or rank that does
    not read, is a problem with its line number.
    """
    parsed = Parsed()
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = csv.reader(io.StringIO(text, newline=""), dialect)  # `newline`: a line may end in CR alone (old Macs)
    try:
        _rows(parsed, source, rows, aliases, dialect.delimiter)
    except csv.Error as error:  # a NUL byte, a field past csv's 128 KB limit: this is no players list
        parsed.bad_line(source, rows.line_num, "", str(error))
    return parsed


def _rows(parsed: Parsed, source: str, rows: _csv.Reader, aliases: Mapping[str, tuple[str, ...]],
          delimiter: str) -> None:
    """Each row of a players list into `parsed`; a problem quotes its line with the file's own delimiter.

    A field that takes in a line break and the delimiter is a quote left open, a stray or a missing one: the lines
    it took in would be lost, so it is a problem naming the line where it opened.
    """
    header = next(rows, [])
    columns = _columns(header, aliases)
    if not ({"name", "surname"} & columns.keys()) or not ({"rating", "rank"} & columns.keys()):
        parsed.bad_line(source, 1, delimiter.join(header), Later("the header row needs Name and Rating or Rank"))
        return
    parsed.unused = [title.strip() for i, title in enumerate(header) if i not in columns.values() and title.strip()]
    first = rows.line_num + 1
    for row in rows:
        if any(delimiter in cell and ("\n" in cell or "\r" in cell) for cell in row):
            why = Later("a quote opens a field here that runs on to line {end}, taking in the lines between: a quote "
                        "is missing or one too many", end=rows.line_num)
            parsed.bad_line(source, first, delimiter.join(row).splitlines()[0], why)
        elif any(cell.strip() for cell in row):
            _row(parsed, source, first, row, columns, delimiter)
        first = rows.line_num + 1


def _columns(header: list[str], aliases: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    """Each field's column in a header row, the first of its headers; with a surname column, the first name's."""
    folded = [_fold(title) for title in header]
    parts = {_fold(alias): part for part, names in NAME_PARTS.items() for alias in names}
    surname = any(parts.get(title) == "surname" for title in folded)
    wanted = {_fold(alias): column for column, names in aliases.items() for alias in names}
    columns: dict[str, int] = {}
    for index, title in enumerate(folded):
        part = parts.get(title)
        column = part if part and (surname or part == "city") else wanted.get(title)
        if column in (*FIELDS, *NAME_PARTS) and column not in columns:
            columns[column] = index
    if surname and "name" in columns:  # a whole name (ФИО) beside a surname: the whole name is the name
        columns.pop("surname"), columns.pop("first_name", None)
    return columns


def _row(parsed: Parsed, source: str, number: int, row: list[str], columns: dict[str, int], delimiter: str) -> None:
    values = {c: " ".join(row[i].split()) if i < len(row) else "" for c, i in columns.items()}
    if "surname" in values:
        values["name"] = " ".join(filter(None, (values.pop("surname"), values.pop("first_name", ""))))
    line = delimiter.join(row)
    rating_text = re.sub(r"\s+", "", values.get("rating", "")).replace(",", ".")
    if not values["name"]:
        parsed.bad_line(source, number, line, Later("no name"))
        return
    rating = None
    if rating_text:
        try:
            rating = int(float(rating_text)) if re.fullmatch(r"-?\d+(\.0*)?", rating_text) else int(rating_text)
        except (ValueError, OverflowError):  # 1e400 reads as infinity
            parsed.bad_line(source, number, line, Later("rating {value!r} is not a number", value=values["rating"]))
            return
    rank = values.get("rank", "")
    if rank and Rank.parse(rank) is None:
        parsed.bad_line(source, number, line, Later("rank {value!r} is not a rank like 5k or 2d", value=rank))
        return
    parsed.add(source, line, Entry(
        name=values["name"], rating=rating, rank=rank, club=values.get("club", ""), city=values.get("city", ""),
        country=values.get("country", ""), egd_pin=values.get("egd_pin", ""), rfg_id=values.get("rfg_id", ""),
        line=number,
    ))


_HEADINGS = {
    "en": ("Place", "Shared", "No", "Name", "Rating", "Rank", "Club", "Country", "EGD PIN", "R{n}", "Points"),
    "ru": ("Место", "Делёж", "№", "Имя", "Рейтинг", "Ранг", "Клуб", "Страна", "EGD PIN", "Т{n}", "Очки"),
}


def safe_text(value: str, numeric: bool = False) -> str:
    """Text a spreadsheet will neither run nor split: one line (`one_line`), and a leading `= + - @` gets an
    apostrophe, unless the cell is a `numeric` one holding a number (`-6,5` in Russian): a club named `+7` is text,
    which a spreadsheet would read as a formula (issue 39)."""
    value = one_line(value)
    number = numeric and re.fullmatch(r"[+-]?\d+(?:[.,]\d+)?", value)
    if value[:1] in ("=", "+", "-", "@") and not number:
        return "'" + value
    return value


def write_standings_csv(t: Tournament, report: Report) -> str:
    """The report's final table as CSV: place, shared places, player, one cell per round like `12+/w2` (Russian
    `12+/б2`), points, tie-breaks (R6), then one blank line and the round cells' legend. The place is a number to
    sort by; shared places read `3–4` with an en dash, which no spreadsheet takes for the date `3-4` would be.

    In a Russian workbook the CSV is the one a Russian Excel opens by a double click: `;` between fields (`,` is
    the decimal separator there), a decimal comma (`6,5`) and a UTF-8 byte order mark first, without which Excel
    reads the Cyrillic as cp1251. In English: `,`, `6.5` and no mark.
    """
    lang = t.config.lang
    place, shared, no, name, rating, rank, club, country, pin, round_title, points = _HEADINGS[lang.value]
    shown = tiebreak_columns(t.config.tiebreaks)
    russian = lang == Lang.RU
    out = io.StringIO()
    if russian:
        out.write("\ufeff")
    writer = csv.writer(out, delimiter=";" if russian else ",", lineterminator="\n")
    writer.writerow([safe_text(h) for h in (place, shared, no, name, rating, rank, club, country, pin,
                     *[round_title.format(n=r.number) for r in t.rounds], points,
                     *[tiebreak_heading(c, lang) for c in shown])])
    for s in report.table:
        p = s.player
        label = p.rank_by(t.config.ratings).label(t.config.lang)
        cells = [(str(s.place_number), True), (s.shared_place.replace("-", "\u2013"), False), (str(p.id), True),
                 (p.name, False), (str(p.rating), True), (label, False), (p.club, False), (p.country, False),
                 (p.egd_pin, False), *[(c.text(lang), False) for c in s.cells], (number(s.points, lang), True),
                 *[(number(s.values[c], lang), True) for c in shown]]
        writer.writerow([safe_text(value, numeric) for value, numeric in cells])
    writer.writerows([[], [round_cells_legend(lang)]])  # below the table, as in Standings
    return out.getvalue()
