"""OpenGotha's tournament XML: read a whole tournament, write one OpenGotha opens (FORMATS §6).

Parsing goes through defusedxml: no entities, no external references. Player keys are `name + firstName`
without spaces, upper-cased; they are matched case-insensitively and after folding accents, as OpenGotha does.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml.ElementTree import ParseError as _ParseError  # type: ignore[import-untyped]
from defusedxml.ElementTree import fromstring as _fromstring

from forsxl import __version__
from forsxl.engine.config import Scale
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Sitout, Source, Tournament, number_text
from forsxl.engine.ratings import Rank, rank_of_rating, rating_of_rank
from forsxl.formats.names import latin, split_name

RESULTS: dict[str, Result | None] = {
    "RESULT_UNKNOWN": None,
    "RESULT_BLACKWINS": Result.BLACK_WINS,
    "RESULT_WHITEWINS": Result.WHITE_WINS,
    "RESULT_EQUAL": Result.DRAW,
    "RESULT_BOTHLOSE": Result.DOUBLE_FORFEIT,
    "RESULT_BLACKWINS_BYDEF": Result.BLACK_FORFEIT,
    "RESULT_WHITEWINS_BYDEF": Result.WHITE_FORFEIT,
    "RESULT_BOTHLOSE_BYDEF": Result.DOUBLE_FORFEIT,
}
"""OpenGotha's results as forsxl records (R11); BOTHWIN and EQUAL_BYDEF have none and are left for a referee."""
_WRITTEN = {Result.BLACK_WINS: "RESULT_BLACKWINS", Result.WHITE_WINS: "RESULT_WHITEWINS", Result.DRAW: "RESULT_EQUAL",
            Result.DOUBLE_FORFEIT: "RESULT_BOTHLOSE", Result.BLACK_FORFEIT: "RESULT_BLACKWINS_BYDEF",
            Result.WHITE_FORFEIT: "RESULT_WHITEWINS_BYDEF"}
RGF_ORIGIN = "RGF : "
"""forsxl writes an RGF rating as `ratingOrigin="RGF : 1950"` beside a nominal GoR, and reads it back."""


@dataclass(frozen=True)
class GothaPlayer:
    name: str
    first_name: str
    rating: int
    rating_origin: str
    rank: str
    club: str
    country: str
    egd_pin: str
    participating: str

    @property
    def key(self) -> str:
        return (self.name + self.first_name).replace(" ", "").upper()

    @property
    def full_name(self) -> str:
        """`Surname Firstname`, a multi-word surname joined by `_` so that it splits back the same (FORMATS §1.3)."""
        return " ".join(["_".join(self.name.split()), *self.first_name.split()])


@dataclass(frozen=True)
class GothaGame:
    round: int
    table: int
    white: str
    black: str
    handicap: int
    result: str


@dataclass
class GothaTournament:
    """The parts of an OpenGotha file forsxl keeps; `general` holds GeneralParameterSet's attributes as text."""

    players: list[GothaPlayer] = field(default_factory=list)
    games: list[GothaGame] = field(default_factory=list)
    byes: list[tuple[int, str]] = field(default_factory=list)
    general: dict[str, str] = field(default_factory=dict)
    handicap: dict[str, str] = field(default_factory=dict)


def _int(element: ET.Element, name: str, source: str, default: int = 0) -> int:
    text = element.get(name, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ForsxlError("R0", "gotha_bad", Source(source), what=f"{element.tag} {name}", value=text) from None


def parse_opengotha(data: bytes, source: str = "OpenGotha") -> GothaTournament:
    """Players, games, byes and the general parameters of an OpenGotha file (FORMATS §6)."""
    try:
        root: ET.Element = _fromstring(data)
    except (_ParseError, DefusedXmlException, ValueError) as error:
        raise ForsxlError("R0", "gotha_bad", Source(source), what="XML", value=str(error)[:80]) from None
    if root.tag != "Tournament":
        raise ForsxlError("R0", "gotha_bad", Source(source), what="root element", value=root.tag)
    old = _int(root, "dataVersion", source, 201) < 201
    g = GothaTournament()
    for p in root.iterfind("Players/Player"):
        rating = _int(p, "rating", source, -900) + (2050 if old else 0)
        g.players.append(GothaPlayer(
            p.get("name", "").strip(), p.get("firstName", "").strip(), rating, p.get("ratingOrigin", ""),
            p.get("rank", "").strip(), p.get("club", "").strip(), p.get("country", "").strip(),
            p.get("egfPin", "").strip(), p.get("participating", "1" * 20),
        ))
    for e in root.iterfind("Games/Game"):
        g.games.append(GothaGame(_int(e, "roundNumber", source), _int(e, "tableNumber", source),
                                 e.get("whitePlayer", ""), e.get("blackPlayer", ""),
                                 _int(e, "handicap", source), e.get("result", "RESULT_UNKNOWN")))
    for b in root.iter("ByePlayer"):
        g.byes.append((_int(b, "roundNumber", source), b.get("player", "")))
    general = root.find("TournamentParameterSet/GeneralParameterSet")
    g.general = dict(general.attrib) if general is not None else {}
    handicap = root.find("TournamentParameterSet/HandicapParameterSet")
    g.handicap = dict(handicap.attrib) if handicap is not None else {}
    return g


@dataclass
class GothaImport:
    """An OpenGotha tournament as forsxl values: Config rows, players by start number, rounds, and notes."""

    config: list[tuple[str, str]]
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    notes: list[ForsxlError]


def _scale(g: GothaTournament) -> Scale:
    """rfg when every player carries an RGF rating (`RGF : 1950`, as forsxl writes it), else egf (R0)."""
    rgf = [p for p in g.players if p.rating_origin.startswith(RGF_ORIGIN)]
    return Scale.RFG if g.players and len(rgf) == len(g.players) else Scale.EGF


def _rating(p: GothaPlayer, scale: Scale) -> int:
    if scale == Scale.RFG:
        return int(p.rating_origin.removeprefix(RGF_ORIGIN).strip() or 0)
    return p.rating


def _players(g: GothaTournament, scale: Scale) -> tuple[dict[str, PlayerId], tuple[Player, ...]]:
    """Players numbered by rating, and every spelling of their key that may point at them."""
    order = sorted(g.players, key=lambda p: (-_rating(p, scale), p.full_name.casefold()))
    rounds = int(g.general.get("numberOfRounds", "0") or 0)
    keys: dict[str, PlayerId] = {}
    players = []
    for number, p in enumerate(order, start=1):
        pid = PlayerId(number)
        keys.setdefault(p.key, pid)
        keys.setdefault(latin(p.key).upper(), pid)
        absent = frozenset(r for r, flag in enumerate(p.participating[:rounds], start=1) if flag == "0")
        players.append(Player(pid, p.full_name, _rating(p, scale), club=p.club, country=p.country,
                              absent=absent, egd_pin=p.egd_pin))
    return keys, tuple(players)


def _pid(keys: dict[str, PlayerId], key: str, source: str, what: str) -> PlayerId:
    pid = keys.get(key.strip().upper()) or keys.get(latin(key.strip()).upper())
    if pid is None:
        raise ForsxlError("R0", "gotha_bad", Source(source), what=what, value=key)
    return pid


def _round(number: int, g: GothaTournament, keys: dict[str, PlayerId], komi: Fraction, source: str,
           notes: list[ForsxlError]) -> Round:
    games = []
    for e in sorted((e for e in g.games if e.round == number), key=lambda e: e.table):
        where = f"round {number} table {e.table}"
        black, white = _pid(keys, e.black, source, where), _pid(keys, e.white, source, where)
        if e.result not in RESULTS:
            notes.append(ForsxlError("R11", "gotha_result", Source(source), where=where, value=e.result))
        games.append(Game(e.table, black, white, e.handicap, komi if e.handicap == 0 else Fraction(0),
                          e.handicap, 1, RESULTS.get(e.result)))
    byes = [(_pid(keys, key, source, f"bye in round {number}"), Sitout.BYE) for r, key in g.byes if r == number]
    seen = {p for game in games for p in (game.black, game.white)} | {p for p, _ in byes}
    absent = [(pid, Sitout.ABSENT) for pid in sorted(set(keys.values()) - seen)]
    return Round(number, tuple(games), tuple(byes + absent))


def _rank_key(text: str) -> str:
    rank = Rank.parse(text)
    return rank.label() if rank is not None else ""


def import_opengotha(g: GothaTournament, source: str = "OpenGotha") -> GothaImport:
    """The tournament as forsxl would keep it: McMahon-like Config keys, players, every round played (FORMATS §6).

    Start points are ranks between OpenGotha's bar and floor (R1.4), a game is a win or a loss (win-loss),
    a bye and an absence give what OpenGotha's genMMS2Value* give; handicaps are stone steps.
    """
    scale = _scale(g)
    general = g.general
    komi = Fraction(general.get("komi", "6.5") or "6.5")
    keys, players = _players(g, scale)
    last = max([e.round for e in g.games] + [r for r, _ in g.byes] + [0])
    rounds_total = max(int(general.get("numberOfRounds", "0") or 0), last, 1)
    begin, end = general.get("beginDate", ""), general.get("endDate", "")
    config = [("name", general.get("name", "")), ("date", begin if end in ("", begin) else f"{begin} - {end}"),
              ("place", general.get("location", "")), ("rounds", str(rounds_total)),
              ("ratings.scale", scale.value), ("komi.even", number_text(komi)), ("scoring.scheme", "win-loss"),
              ("start.method", "rank"), ("start.bar", _rank_key(general.get("genMMBar", ""))),
              ("start.floor", _rank_key(general.get("genMMFloor", ""))), ("tiebreaks", "points, sos, wins, rating")]
    for key, attribute in (("attendance.bye_points", "genMMS2ValueBye"),  # one value for a late or absent round
                           ("attendance.late_points", "genMMS2ValueAbsent"),
                           ("attendance.absent_points", "genMMS2ValueAbsent")):
        if general.get(attribute, "").strip().isdigit():
            config.append((key, number_text(Fraction(int(general[attribute]), 2))))
    ceiling = g.handicap.get("hdCeiling", "").strip()
    if ceiling.isdigit() and int(ceiling) > 0:
        config.append(("handicap.max_steps", ceiling))
    notes: list[ForsxlError] = []
    rounds = tuple(_round(n, g, keys, komi, source, notes) for n in range(1, last + 1))
    return GothaImport(config, players, rounds, notes)


def _gotha_name(name: str) -> tuple[str, str]:
    surname, first = split_name(name)
    return surname, first


def _key(name: str) -> str:
    surname, first = _gotha_name(name)
    return (surname + first).replace(" ", "").upper()


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters no XML 1.0 document may hold, even escaped: a reader refuses the whole file on one."""


def write_opengotha(t: Tournament, saved: str = "20000101000000") -> str:
    """An OpenGotha file of the tournament: players, games, byes, general parameters (FORMATS §6, tournament.dtd).

    Ratings on the rfg scale are written as the nominal GoR of their rank, the RGF value kept in
    `ratingOrigin` (`RGF : 1950`), so neither scale is mistaken for the other (R0).
    """
    config = t.config
    root = ET.Element("Tournament", dataVersion="201", fullVersionNumber=f"forsxl {__version__}",
                      runningMode="SAL", saveDT=saved)
    players = ET.SubElement(root, "Players")
    for p in t.players:
        surname, first = _gotha_name(p.name)
        rank = rank_of_rating(p.rating, config.ratings.scale)
        rfg = config.ratings.scale == Scale.RFG
        flags = "".join("0" if not p.plays_in(r) else "1" for r in range(1, 21))
        ET.SubElement(players, "Player", name=surname, firstName=first, country=p.country[:2], club=p.club,
                      egfPin=p.egd_pin, rank=rank.label().upper(),
                      rating=str(rating_of_rank(rank, Scale.EGF) if rfg else p.rating),
                      ratingOrigin=f"{RGF_ORIGIN}{p.rating}" if rfg else ("EGF" if p.egd_pin else "INI"),
                      grade=rank.label().upper(), smmsCorrection="0", participating=flags,
                      registeringStatus="FIN")
    games = ET.SubElement(root, "Games")
    for rnd in t.rounds:
        for game in rnd.games:
            ET.SubElement(games, "Game", roundNumber=str(rnd.number), tableNumber=str(game.board),
                          whitePlayer=_key(t.player(game.white).name), blackPlayer=_key(t.player(game.black).name),
                          knownColor="true", handicap=str(game.stones),
                          result=_WRITTEN[game.result] if game.result else "RESULT_UNKNOWN")
    byes = ET.SubElement(root, "ByePlayers")
    for rnd in t.rounds:
        for pid, sitout in rnd.sitouts:
            if sitout == Sitout.BYE:
                ET.SubElement(byes, "ByePlayer", player=_key(t.player(pid).name), roundNumber=str(rnd.number))
    _parameters(root, t)
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode")  # escaped by ElementTree; what XML 1.0 cannot hold at all goes
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + _NOT_XML.sub("", text) + "\n"


def _parameters(root: ET.Element, t: Tournament) -> None:
    config = t.config
    dates = [d for d in config.date.replace(",", " ").split() if len(d) == 10 and d[4] == "-"]
    parameters = ET.SubElement(root, "TournamentParameterSet")
    ET.SubElement(parameters, "GeneralParameterSet", shortName=latin(config.name)[:20] or "forsxl",
                  name=config.name, location=config.place, beginDate=dates[0] if dates else "",
                  endDate=dates[-1] if dates else "", komi=number_text(config.komi.even),
                  numberOfRounds=str(config.rounds), size="19", genMMBar=str(config.start.bar or "9D").upper(),
                  genMMFloor=str(config.start.floor or "30K").upper(), genMMZero="30K")
    ET.SubElement(parameters, "HandicapParameterSet", hdBasedOnMMS="false", hdNoHdRankThreshold="9D",
                  hdCorrection=str(config.handicap.reduction), hdCeiling=str(config.handicap.max_steps))
    placement = ET.SubElement(ET.SubElement(parameters, "PlacementParameterSet"), "PlacementCriteria")
    for number, name in enumerate(("MMS", "SOSM", "NBW", "RATING", "NULL", "NULL"), start=1):
        ET.SubElement(placement, "PlacementCriterion", name=name, number=str(number))


def game_records(g: GothaTournament) -> set[tuple[int, str, str, int, str]]:
    """(round, black, white, handicap, result) by full names: what a round trip must keep."""
    names = {p.key: p.full_name for p in g.players}
    return {(e.round, names.get(e.black.upper(), e.black), names.get(e.white.upper(), e.white), e.handicap,
             e.result) for e in g.games}


def bye_records(g: GothaTournament) -> set[tuple[int, str]]:
    names = {p.key: p.full_name for p in g.players}
    return {(r, names.get(k.upper(), k)) for r, k in g.byes}


__all__: Sequence[str] = ("GothaImport", "GothaTournament", "import_opengotha", "parse_opengotha",
                          "write_opengotha")
