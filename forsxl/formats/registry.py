"""The formats `forsxl import` reads and `forsxl export` writes, one record each (FORMATS).

A new format is a module of readers or writers plus one record here: the values the commands' `--format` takes (and
their help shows), and what `--format auto` recognizes, all come from these two tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Tournament
from forsxl.engine.report import Report
from forsxl.formats import Parsed, decode
from forsxl.formats.csv import read_csv, write_standings_csv
from forsxl.formats.egd import parse_aga, parse_egd, parse_ffg
from forsxl.formats.h9 import EGF_CLASSES, H9Options, h9_notes, write_h9
from forsxl.formats.opengotha import GothaImport, gotha_notes, import_opengotha, parse_opengotha, write_opengotha
from forsxl.formats.rfg import parse_rfg
from forsxl.i18n import N_

AUTO = "auto"
"""`--format auto`: the import format told from the file (`detect`)."""

Aliases = Mapping[str, tuple[str, ...]]
"""Each Players column with the headers it may have (book/layout.PLAYER_COLUMNS), for a CSV's header row."""


@dataclass(frozen=True)
class ListFormat:
    """A list of players, added to the Players sheet: a reader of the file's bytes and name."""

    name: str
    read: Callable[[bytes, str, Aliases], Parsed]
    detect: Callable[[Path, bytes], bool] | None = None
    """Whether `--format auto` takes the file for this format, by its name or first bytes; None: only when named."""


@dataclass(frozen=True)
class TournamentFormat:
    """A whole tournament, brought into a new workbook: a reader of the file's bytes and name."""

    name: str
    read: Callable[[bytes, str], GothaImport]
    detect: Callable[[Path, bytes], bool] | None = None


def _read_egd(data: bytes, source: str, _: Aliases) -> Parsed:
    return parse_egd(decode(data, "latin-1"), source)


def _read_aga(data: bytes, source: str, _: Aliases) -> Parsed:
    return parse_aga(decode(data, "latin-1"), source)


def _read_ffg(data: bytes, source: str, _: Aliases) -> Parsed:
    return parse_ffg(decode(data, "latin-1"), source)


def _read_rfg(data: bytes, source: str, _: Aliases) -> Parsed:
    return parse_rfg(decode(data), source)


def _read_opengotha(data: bytes, source: str) -> GothaImport:
    return import_opengotha(parse_opengotha(data, source), source)


def _is_opengotha(source: Path, data: bytes) -> bool:
    """OpenGotha's root tag near the start, or an .xml name."""
    return "<Tournament" in data[:4096].decode("latin-1") or source.suffix.casefold() == ".xml"


def _is_egd(source: Path, data: bytes) -> bool:
    """A line starting with an 8-digit EGD PIN, or the list saved from its web page (.html)."""
    return bool(re.search(r"(?m)^\s*\d{8}\s+\S", data[:200_000].decode("latin-1"))) or (
        source.suffix.casefold() == ".html")


def _is_rfg(source: Path, data: bytes) -> bool:
    """The RFG's JSON: a .json name, or the object it starts with."""
    return source.suffix.casefold() == ".json" or data.lstrip()[:1] == b"{"


def _is_csv(source: Path, _: bytes) -> bool:
    """A .csv or .tsv name: a CSV has nothing else to tell it by."""
    return source.suffix.casefold() in (".csv", ".tsv")


CSV = ListFormat("csv", read_csv, _is_csv)
EGD = ListFormat("egd", _read_egd, _is_egd)
RFG = ListFormat("rfg", _read_rfg, _is_rfg)
AGA = ListFormat("aga", _read_aga)
FFG = ListFormat("ffg", _read_ffg)
OPENGOTHA = TournamentFormat("opengotha", _read_opengotha, _is_opengotha)

IMPORTS: dict[str, ListFormat | TournamentFormat] = {f.name: f for f in (CSV, EGD, RFG, AGA, FFG, OPENGOTHA)}
"""Every import format by its `--format` name, in the order the help lists them."""

DETECTION = (OPENGOTHA, RFG, EGD, CSV)
"""The order `--format auto` tries: OpenGotha's XML first, whatever else it holds; then the RFG's JSON; then an
EGD list's PIN lines; then CSV, by its name only."""


@dataclass(frozen=True)
class RatingSource:
    """A federation's list of players, which `forsxl ratings --source` downloads (docs/formats.md): its name, as
    the sheets write it (a msgid: `РФГ` in Russian), where the federation publishes it, and its reader."""

    name: str
    label: str
    url: str
    format: ListFormat
    suffix: str
    """The downloaded file's suffix in the cache (what a browser would save it as)."""
    id_field: str
    """The Players column of the list's own id (formats.matching.ID_FIELDS)."""


RATING_SOURCES: dict[str, RatingSource] = {s.name: s for s in (
    RatingSource("rfg", N_("RFG"), "https://gofederation.ru/api/v3.0/players", RFG, ".json", "rfg_id"),
    RatingSource("egd", N_("EGD"), "https://www.europeangodatabase.eu/EGD/EGD_2_0/downloads/allworld_lp.html",
                 EGD, ".html", "egd_pin"),
    RatingSource("ffg", N_("FFG"), "https://ffg.jeudego.org/echelle/echtxt/ech_ffg_V3.txt", FFG, ".txt",
                 "ffg_licence"),
    RatingSource("aga", N_("AGA"), "https://usgo.org/mm/tdlista.txt", AGA, ".txt", "aga_id"),
)}
"""Every rating list by its `--source` name (FORMATS §2-4): the RFG's API (the one its OpenGotha reads), the EGD's
world list, the FFG's `echelle` and the AGA's TDListA, at the addresses OpenGotha downloads them from."""


def detect(source: Path, data: bytes) -> ListFormat | TournamentFormat:
    """The import format a file is in, by DETECTION; an error naming the formats when none recognizes it."""
    for candidate in DETECTION:
        if candidate.detect is not None and candidate.detect(source, data):
            return candidate
    raise ForsxlError("", "import_format_unknown", path=source, known=", ".join(IMPORTS))


@dataclass(frozen=True)
class ExportOptions:
    """What an export needs beyond the workbook: the h9 header's settings, and when OpenGotha is told it was saved
    (`YYYYmmddHHMMSS`: the clock is the caller's)."""

    h9: H9Options = field(default_factory=H9Options)
    saved: str = "20000101000000"


@dataclass(frozen=True)
class ExportFormat:
    """An export: its `--format` name, the default output beside the workbook (its stem, then `suffix`), and the
    text writer; None for a workbook, which book/exchange.results_workbook writes."""

    name: str
    suffix: str
    write: Callable[[Tournament, Report, ExportOptions], str] | None = None
    stdout: bool = False
    """Without `-o`, the text goes to standard output instead of a file."""
    notes: Callable[[Tournament], list[ForsxlError]] | None = None
    """Warnings of what the format cannot hold or its readers ask for, said beside the file written."""


def _write_h9(t: Tournament, report: Report, options: ExportOptions) -> str:
    """The EGF results table; a class EGF does not know is refused first (FORMATS §1.6)."""
    if options.h9.egf_class not in EGF_CLASSES:
        raise ForsxlError("", "choice_bad", what="--egf-class", value=options.h9.egf_class,
                          known=", ".join(EGF_CLASSES))
    return write_h9(t, report, options.h9)


def _write_opengotha(t: Tournament, _: Report, options: ExportOptions) -> str:
    """OpenGotha's XML: the players and games; OpenGotha ranks them itself, so the report is not read."""
    return write_opengotha(t, options.saved)


def _write_csv(t: Tournament, report: Report, _: ExportOptions) -> str:
    return write_standings_csv(t, report)


EXPORTS: dict[str, ExportFormat] = {f.name: f for f in (
    ExportFormat("egf", ".h9", _write_h9, notes=h9_notes),
    ExportFormat("opengotha", ".xml", _write_opengotha, notes=gotha_notes),
    ExportFormat("csv", ".csv", _write_csv, stdout=True),
    ExportFormat("xlsx", "-results.xlsx"),
)}
"""Every export format by its `--format` name, in the order the help lists them."""


def choices(names: Sequence[str]) -> str:
    """`a|b|c`: the values an option takes, as its help's placeholder shows them in any language."""
    return "|".join(names)
