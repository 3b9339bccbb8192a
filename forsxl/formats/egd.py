"""Rating lists as player sources: the EGD `allworld_lp` list (FORMATS §2), the AGA TDListA and the FFG
`ech_ffg_V3` list (FORMATS §2-3). Each gives `Entry` records; a line that looks like a player but cannot be
read is a problem with its line number, never skipped silently."""

from __future__ import annotations

import re
from datetime import datetime

from forsxl.engine.config import Scale
from forsxl.engine.values import Rank
from forsxl.formats import Entry, Parsed
from forsxl.i18n import Later

_PIN_LINE = re.compile(r"^\s*\d{8}\s")
_EGD_DATE = re.compile(r"^\((\d{1,2} [A-Za-z]{3} \d{4})\)\s*$", re.MULTILINE)
"""The day of an EGD list, alone on a line above the table: `(22 Feb 2018)`."""
_FFG_DATE = re.compile(r"^#Echelle au (\d{1,2}/\d{2}/\d{4})")
"""The day of an FFG list, on its first line: `#Echelle au 23/02/2018 07:56:59`."""


def _day(found: re.Match[str] | None, form: str) -> str:
    """The date a list gives, as `YYYY-MM-DD`; empty when it gives none that reads."""
    try:
        return datetime.strptime(found[1], form).date().isoformat() if found else ""
    except ValueError:  # `(31 Feb 2018)`: the list is read, its date is the day it was fetched
        return ""
_FFG_NO_RATING = -9999
FFG_TO_GOR = 2050
"""FFG ratings are GoR - 2050 (OpenGotha stores `FFG : -230` with rating 1820)."""


def _egd_name(text: str) -> str:
    """`Aagren Thomas`, `Van_der_Berg Jan`: the EGD joins multi-word parts with `_`, kept so the surname stays one."""
    return " ".join(text.split())


def parse_egd(text: str, source: str = "EGD") -> Parsed:
    """Players of an EGD `allworld_lp` list: fixed columns PIN, name, country, club, grade, GoR (FORMATS §2).

    The HTML around the `<pre>` block and the legend are not player lines; a line starting with an
    8-digit PIN is one, and must read whole.
    """
    parsed = Parsed(date=_day(_EGD_DATE.search(text[:20_000]), "%d %b %Y"))
    for number, line in enumerate(text.splitlines(), start=1):
        if not _PIN_LINE.match(line):
            continue
        line = line.rstrip().ljust(90)
        pin, name, country = line[1:9].strip(), _egd_name(line[11:48]), line[49:52].strip()
        club, grade, gor = line[53:57].strip(), line[60:63].strip(), line[71:75].strip()
        if not pin.isdigit() or len(pin) != 8 or not name:
            parsed.bad_line(source, number, line, Later("no PIN or name in columns 2-48"))
            continue
        if not re.fullmatch(r"-?\d+", gor):
            parsed.bad_line(source, number, line, Later("GoR {value!r} in columns 72-75 is not a number", value=gor))
            continue
        parsed.add(source, line, Entry(
            name=name, rating=int(gor), rank=grade if Rank.parse(grade) else "", scale=Scale.EGF,
            club=_known(club), country=_known(country),
            egd_pin=pin, line=number,
        ))
    return parsed


def _aga_rank(text: str) -> str:
    """AGA ratings are negative for kyu and positive for dan: -13.66 is 13k, 2.4 is 2d (FORMATS §3)."""
    value = float(text)
    return f"{max(1, int(-value))}k" if value < 0 else f"{max(1, int(value))}d"


def parse_aga(text: str, source: str = "AGA") -> Parsed:
    """Players of an AGA TDListA: tab-separated `Last, First`, AGA ID, type, rating, ..., chapter, state."""
    parsed = Parsed()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        fields = [f.strip() for f in line.split("\t")]
        if len(fields) < 4 or not fields[1].isdigit():
            parsed.bad_line(source, number, line, Later("not `Last, First<TAB>AGA ID<TAB>type<TAB>rating...`"))
            continue
        last, _, first = fields[0].partition(",")
        rank = ""
        if fields[3]:
            try:
                rank = _aga_rank(fields[3])
            except ValueError:
                parsed.bad_line(source, number, line, Later("rating {value!r} is not a number", value=fields[3]))
                continue
        club = fields[5] if len(fields) > 5 else ""
        parsed.add(source, line, Entry(name=" ".join(f"{last} {first}".split()), rank=rank, club=club,
                                       aga_id=fields[1], line=number))
    return parsed


def _known(text: str) -> str:
    """A club or country field, empty for the lists' placeholders `xxx`, `xxxx`, `XX`."""
    text = text.strip()
    return "" if text.casefold() in ("xx", "xxx", "xxxx") else text


def parse_ffg(text: str, source: str = "FFG") -> Parsed:
    """Players of the FFG `ech_ffg_V3` list: fixed columns name, rating (GoR - 2050), licence (`-------`: none),
    club, country."""
    parsed = Parsed(date=_day(_FFG_DATE.match(text), "%d/%m/%Y"))
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        line = line.rstrip().ljust(61)
        name, rating = line[:38].split(), line[38:43].strip()
        if not name or not re.fullmatch(r"-?\d+", rating):
            parsed.bad_line(source, number, line, Later("no name in columns 1-38 or rating in 39-43"))
            continue
        surname = name[0].title()
        value = int(rating)
        parsed.add(source, line, Entry(
            name=" ".join([surname, *name[1:]]), rating=None if value == _FFG_NO_RATING else value + FFG_TO_GOR,
            scale=Scale.EGF, club=_known(line[54:58]), country=_known(line[59:61]),
            ffg_licence=line[46:53].strip().strip("-"), line=number,
        ))
    return parsed
