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
from forsxl.engine.attendance import absent_points, bye_points
from forsxl.engine.config import (
    MAX_POINTS,
    Basis,
    Config,
    Edge,
    Scale,
    Seat,
    Seeding,
    Swiss,
    Tiebreak,
    Weights,
)
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Sitout, Source, Tournament, number_text
from forsxl.engine.pairing.gotha import gotha_name
from forsxl.engine.pairing.methods import MCMAHON, SWISS
from forsxl.engine.ratings import rank_of_rating, rating_of_rank
from forsxl.engine.tournament import GOTHA_SITOUTS
from forsxl.engine.values import Rank
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
    "RESULT_BOTHWIN": Result.BOTH_WIN,
}
"""OpenGotha's results as forsxl records (R11): both lose, over the board or not, is a double forfeit, as it scores
them alike; EQUAL_BYDEF and BOTHWIN_BYDEF have none and are left for a referee."""
_WRITTEN = {Result.BLACK_WINS: "RESULT_BLACKWINS", Result.WHITE_WINS: "RESULT_WHITEWINS", Result.DRAW: "RESULT_EQUAL",
            Result.DOUBLE_FORFEIT: "RESULT_BOTHLOSE", Result.BLACK_FORFEIT: "RESULT_BLACKWINS_BYDEF",
            Result.WHITE_FORFEIT: "RESULT_WHITEWINS_BYDEF", Result.BOTH_WIN: "RESULT_BOTHWIN"}
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
    correction: int = 0
    """`smmsCorrection`: McMahon points added to the start score (super-bar groups)."""
    registered: bool = True
    """`registeringStatus` FIN; PRE, pre-registered, OpenGotha does not pair."""

    @property
    def key(self) -> str:
        return (self.name + self.first_name).replace(" ", "").upper()

    @property
    def written(self) -> str:
        """The Name cell that holds the name as the file writes it, `Surname Firstname` (FORMATS §1.3): the spaces
        inside the surname as `_`, those around it before it and after it, the first name after one space as
        written; `gotha_name` reads back what OpenGotha's lots read (R7.4)."""
        surname = self.name.strip()
        before = self.name[:len(self.name) - len(self.name.lstrip())]
        after = self.name[len(before) + len(surname):]
        first = "" if self.first_name.strip() == NO_FIRST_NAME else self.first_name
        return before + re.sub(r"\s", "_", surname) + after + (" " + first if first.strip() else "")

    @property
    def full_name(self) -> str:
        """`Surname Firstname` as the workbook's players go by: the Name cell with its spaces collapsed."""
        return " ".join(self.written.split())


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
    pairing: dict[str, str] = field(default_factory=dict)
    placement: list[str] = field(default_factory=list)
    """The placement criteria in order, as OpenGotha names them (`MMS`, `SOSM`, `NULL`, ...)."""
    categories: list[str] = field(default_factory=list)
    """The lowest rank of each category but the last, strongest first (`5K`)."""


def _int(element: ET.Element, name: str, source: str, default: int = 0) -> int:
    text = element.get(name, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ForsxlError("", "gotha_bad", Source(source), what=f"{element.tag} {name}", value=text) from None


def parse_opengotha(data: bytes, source: str = "OpenGotha") -> GothaTournament:
    """Players, games, byes and the general parameters of an OpenGotha file (FORMATS §6)."""
    try:
        root: ET.Element = _fromstring(data)
    except (_ParseError, DefusedXmlException, ValueError) as error:
        raise ForsxlError("", "gotha_bad", Source(source), what="XML", value=str(error)[:80]) from None
    if root.tag != "Tournament":
        raise ForsxlError("", "gotha_bad", Source(source), what="root element", value=root.tag)
    old = _int(root, "dataVersion", source, 201) < 201
    g = GothaTournament()
    for p in root.iterfind("Players/Player"):
        rating = _int(p, "rating", source, -900) + (2050 if old else 0)
        g.players.append(GothaPlayer(
            p.get("name", ""), p.get("firstName", ""), rating, p.get("ratingOrigin", ""),
            p.get("rank", "").strip(), p.get("club", "").strip(), p.get("country", "").strip(),
            p.get("egfPin", "").strip(), p.get("participating", "1" * 20), _int(p, "smmsCorrection", source),
            p.get("registeringStatus", "FIN").strip().upper() == "FIN",
        ))
    for e in root.iterfind("Games/Game"):
        g.games.append(GothaGame(_int(e, "roundNumber", source), _int(e, "tableNumber", source),
                                 e.get("whitePlayer", ""), e.get("blackPlayer", ""),
                                 _int(e, "handicap", source), e.get("result", "RESULT_UNKNOWN")))
    for b in root.iter("ByePlayer"):
        g.byes.append((_int(b, "roundNumber", source), b.get("player", "")))
    parameters = root.find("TournamentParameterSet")
    if parameters is not None:
        g.general, g.handicap, g.pairing = (_attributes(parameters, name) for name in (
            "GeneralParameterSet", "HandicapParameterSet", "PairingParameterSet"))
        criteria = parameters.iterfind("PlacementParameterSet/PlacementCriteria/PlacementCriterion")
        g.placement = [c.get("name", "") for c in sorted(criteria, key=lambda c: _int(c, "number", source))]
        limits = parameters.iterfind("GeneralParameterSet/Categories/Category")
        g.categories = [c.get("lowerLimit", "") for c in sorted(limits, key=lambda c: _int(c, "number", source))]
    return g


def _attributes(parent: ET.Element, name: str) -> dict[str, str]:
    element = parent.find(name)
    return dict(element.attrib) if element is not None else {}


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


GOTHA_RATINGS = (-900, 2949)
"""OpenGotha's rating bounds (Player.MIN_RATING, MAX_RATING): it reads a rating beyond them as the bound."""


def _gotha_rank(text: str) -> Rank | None:
    """A rank as OpenGotha reads it (Player.convertKDPToInt): `5K`, `2D`, `1P`, a bare number as kyu, and anything
    beyond 30k..9d as the nearer end; None when it reads no number at all."""
    rank = Rank.parse(text)
    match = re.fullmatch(r"\s*(-?\d+)\s*([kdpKDP]?)\s*", text)
    if rank is not None or match is None:
        return rank
    number, kind = int(match[1]), match[2].lower() or "k"
    index = 30 - number if kind == "k" else 29 + number if kind == "d" else 35 + (number > 3) + (number > 6)
    return Rank(max(0, min(index, 38)))


def _players(g: GothaTournament, scale: Scale, source: str) -> tuple[dict[str, PlayerId], tuple[Player, ...],
                                                                       list[ForsxlError]]:
    """Players numbered by rating with their declared rank and smmsCorrection, absent where OpenGotha marks them
    not participating and they have no game, and pre-registered ones in every round to come (OpenGotha pairs
    neither, R5; a pre-registered player participating in a round played scores 0 there, as it scores them), and
    every spelling of their key that may point at them; a note for each rating or rank OpenGotha itself reads
    otherwise than written (R0), for a McMahon correction beyond what a workbook holds, bounded (R1.4), and for a
    name with stray spaces, which its Name cell keeps (R7.4: OpenGotha's lots read them)."""
    low, high = GOTHA_RATINGS
    notes = []
    read: dict[GothaPlayer, tuple[int, Rank | None, int]] = {}
    for p in g.players:
        rating, rank = _rating(p, scale), _gotha_rank(p.rank)
        if scale == Scale.EGF and not low <= rating <= high:
            notes.append(ForsxlError("R0", "gotha_rating", Source(source), name=p.full_name, value=rating,
                                     low=low, high=high, read=min(max(rating, low), high)))
            rating = min(max(rating, low), high)
        if rank is not None and Rank.parse(p.rank) is None:
            notes.append(ForsxlError("R0", "gotha_rank", Source(source), name=p.full_name, value=p.rank,
                                     read=rank.label()))
        correction = min(max(p.correction, -MAX_POINTS), MAX_POINTS)  # far beyond any score group
        if correction != p.correction:
            notes.append(ForsxlError("R1.4", "gotha_correction", Source(source), name=p.full_name,
                                     value=p.correction, read=correction))
        if p.written != p.full_name:
            notes.append(ForsxlError("R7.4", "gotha_spaces", Source(source), name=p.full_name))
        read[p] = rating, rank, correction
    order = sorted(g.players, key=lambda p: (-read[p][0], p.full_name.casefold()))
    rounds = _rounds(g)
    played = _played(g)
    there = {(e.round, key.upper()) for e in g.games for key in (e.white, e.black)} | {
        (r, key.upper()) for r, key in g.byes}
    keys: dict[str, PlayerId] = {}
    players = []
    for number, p in enumerate(order, start=1):
        pid = PlayerId(number)
        keys.setdefault(p.key, pid)
        keys.setdefault(latin(p.key).upper(), pid)
        absent = frozenset(r for r, flag in enumerate(p.participating.ljust(rounds, "1")[:rounds], start=1)
                           if (flag == "0" or (not p.registered and r > played)) and (r, p.key) not in there)
        rating, rank, correction = read[p]
        players.append(Player(pid, p.full_name, rating, club=p.club, country=p.country, absent=absent,
                              egd_pin=p.egd_pin, rank=rank, correction=correction,
                              written=p.written if p.written != p.full_name else ""))
    return keys, tuple(players), notes


def _rounds(g: GothaTournament) -> int:
    """The tournament's rounds: OpenGotha's numberOfRounds, or the last with a game or a bye, whichever is more."""
    return max(int(g.general.get("numberOfRounds", "0") or 0), _played(g), 1)


def _played(g: GothaTournament) -> int:
    """The last round with a game or a bye: the rounds the workbook gets."""
    return max([e.round for e in g.games] + [r for r, _ in g.byes] + [0])


def _category_count(g: GothaTournament) -> int:
    """How many categories OpenGotha's general parameters set (one where none)."""
    return int(g.general.get("numberOfCategories", "1") or 1)


def _pid(keys: dict[str, PlayerId], key: str) -> PlayerId | None:
    return keys.get(key.strip().upper()) or keys.get(latin(key.strip()).upper())


@dataclass
class _Reading:
    """What reading the rounds finds beside the games: notes for the referee, and whether a draw needs
    `scoring.any_draw`."""

    source: str
    names: dict[PlayerId, str]
    absent: dict[PlayerId, frozenset[int]]
    notes: list[ForsxlError] = field(default_factory=list)
    decided_draws: bool = False


def _game(e: GothaGame, black: PlayerId, white: PlayerId, komi: Fraction, reading: _Reading) -> Game:
    """One OpenGotha game as a board: handicap games with komi 0, a draw OpenGotha recorded where Go has none
    noted (R4), a result forsxl has no record for left empty (R11)."""
    where = f"round {e.round} table {e.table}"
    game_komi = komi if e.handicap == 0 else Fraction(0)
    if e.result not in RESULTS:
        reading.notes.append(ForsxlError("R11", "gotha_result", Source(reading.source), where=where, value=e.result))
    elif e.result == "RESULT_EQUAL" and (e.handicap or game_komi.denominator != 1):
        reading.decided_draws = True
        reading.notes.append(ForsxlError("R4", "gotha_draw", Source(reading.source), where=where,
                                         komi=number_text(game_komi), stones=e.handicap))
    return Game(e.table, black, white, e.handicap, game_komi, e.handicap, 1, RESULTS.get(e.result))


def _round(number: int, g: GothaTournament, keys: dict[str, PlayerId], komi: Fraction, reading: _Reading) -> Round:
    """Round `number`: its games by table, its bye, and everyone else absent where the import holds them absent
    (`_players`), else unpaired, scoring nothing as OpenGotha scores them (R5). Left out, each
    with a note:
    a game or bye of a key no player has (as OpenGotha leaves it out), a player's game against themselves or second
    game in the round (R7), a bye of a player who has a game."""
    games: list[Game] = []
    for e in sorted((e for e in g.games if e.round == number), key=lambda e: e.table):
        where = f"round {number} table {e.table}"
        black, white = _pid(keys, e.black), _pid(keys, e.white)
        if black is None or white is None:
            _left_out(reading, "gotha_unknown", where=where, key=e.black if black is None else e.white)
        elif black == white:
            _left_out(reading, "gotha_self", where=where, name=reading.names[black])
        elif twice := {black, white} & {p for kept in games for p in (kept.black, kept.white)}:
            _left_out(reading, "gotha_twice", where=where, name=reading.names[min(twice)])
        else:
            games.append(_game(e, black, white, komi, reading))
    seen = {p for game in games for p in (game.black, game.white)}
    byes: list[tuple[PlayerId, Sitout]] = []
    for key in (key for r, key in g.byes if r == number):
        pid = _pid(keys, key)
        if pid is None:
            _left_out(reading, "gotha_unknown", where=f"bye in round {number}", key=key)
        elif pid in seen:
            _left_out(reading, "gotha_bye_played", where=f"round {number}", name=reading.names[pid])
        else:
            byes.append((pid, Sitout.BYE))
            seen.add(pid)
    rest = [(pid, Sitout.ABSENT if number in reading.absent[pid] else Sitout.UNPAIRED)
            for pid in sorted(set(keys.values()) - seen)]
    return Round(number, tuple(games), tuple(byes + rest))


def _left_out(reading: _Reading, code: str, **params: object) -> None:
    """A note that something of the file is left out of the workbook, and why (R7): nothing goes unsaid."""
    reading.notes.append(ForsxlError("R7", code, Source(reading.source), **params))


def _rank_key(text: str) -> str:
    rank = Rank.parse(text)
    return rank.label() if rank is not None else ""


CRITERIA: dict[str, Tiebreak] = {
    "NBW": Tiebreak.NBW, "MMS": Tiebreak.MMS, "RANK": Tiebreak.RANK, "RATING": Tiebreak.RATING,
    "SOSW": Tiebreak.SOSW, "SOSW-1": Tiebreak.SOSW_MINUS_1, "SOSW-2": Tiebreak.SOSW_MINUS_2,
    "SODOSW": Tiebreak.SODOSW, "SOSOSW": Tiebreak.SOSOSW, "CUSSW": Tiebreak.CUSSW,
    "SOSM": Tiebreak.SOSM, "SOSM-1": Tiebreak.SOSM_MINUS_1, "SOSM-2": Tiebreak.SOSM_MINUS_2,
    "SODOSM": Tiebreak.SODOSM, "SOSOSM": Tiebreak.SOSOSM, "CUSSM": Tiebreak.CUSS,
    "EXT": Tiebreak.EXT, "EXR": Tiebreak.EXR, "SDC": Tiebreak.SDC, "DC": Tiebreak.DC, "CAT": Tiebreak.CAT,
    "CPS": Tiebreak.CPS,
}
"""OpenGotha's placement criteria (PEERS §1.6) by the name its files give them, as forsxl's tie-breaks (R6);
OpenGotha's STS and SOSTS have none."""

_MCMAHON_FAMILY = frozenset({Tiebreak.MMS, Tiebreak.SOSM, Tiebreak.SOSM_MINUS_1, Tiebreak.SOSM_MINUS_2,
                             Tiebreak.SODOSM, Tiebreak.SOSOSM, Tiebreak.CUSS})
"""The criteria that read the McMahon score, start score included."""

_SEEDING = {"SPLITANDRANDOM": "random", "SPLITANDFOLD": "fold", "SPLITANDSLIP": "slip"}
"""OpenGotha's seed systems inside a score group as `swiss.seeding` values (R7.4)."""


def _criteria(g: GothaTournament, source: str) -> tuple[list[Tiebreak], list[ForsxlError]]:
    """The placement criteria as tie-breaks, and a note naming those forsxl has no counterpart for (R6).

    With one category (nearly every file) OpenGotha's CAT is the same for everyone and is dropped without a word.
    """
    found: list[Tiebreak] = []
    lacking: list[str] = []
    categories = _category_count(g)
    for name in (n.strip().upper().replace("M1", "-1").replace("M2", "-2") for n in g.placement):
        criterion = CRITERIA.get(name)
        if name == "CAT" and categories <= 1:
            continue
        if criterion is not None and criterion not in found:
            found.append(criterion)
        elif criterion is None and name not in ("NULL", ""):
            lacking.append(name)
    notes = [ForsxlError("R6", "gotha_criteria", Source(source), names=", ".join(lacking))] if lacking else []
    return found, notes


def _main(criteria: list[Tiebreak]) -> Tiebreak:
    """OpenGotha's main score: the first of NBW, MMS and CPS among the criteria, NBW when none is there."""
    return next((c for c in criteria if c in (Tiebreak.NBW, Tiebreak.MMS, Tiebreak.CPS)), Tiebreak.NBW)


def _system_rows(g: GothaTournament, criteria: list[Tiebreak]) -> list[tuple[str, str]]:
    """McMahon or Swiss as OpenGotha plays it (R1.4, R5, R7.4): the pairing method by the main score, its Cup a Swiss
    by cup score; start scores by rank between bar and floor wherever a criterion reads the McMahon score (its bar and
    floor kept in Swiss too, where its handicap term and its bye read a McMahon score); bye and absence as the main
    score counts them."""
    general = g.general
    mcmahon = _main(criteria) == Tiebreak.MMS
    rows = [("pairing.method", "mcmahon" if mcmahon else "swiss"), ("scoring.scheme", "win-loss"),
            *([("swiss.score", "cup")] if _main(criteria) == Tiebreak.CPS else []),
            ("start.method", "rank" if mcmahon or _MCMAHON_FAMILY & set(criteria) else "none"),
            ("start.bar", _rank_key(general.get("genMMBar", ""))),
            ("start.floor", _rank_key(general.get("genMMFloor", "")))]
    family = "MMS" if mcmahon else "NBW"
    for key, attribute in (("attendance.bye_points", f"gen{family}2ValueBye"),  # one value for a late or absent round
                           ("attendance.late_points", f"gen{family}2ValueAbsent"),
                           ("attendance.absent_points", f"gen{family}2ValueAbsent")):
        if general.get(attribute, "").strip().isdigit():
            rows.append((key, number_text(Fraction(int(general[attribute]), 2))))
    rows.append(("attendance.round_down", "yes" if general.get("genRoundDownNBWMMS", "true") == "true" else "no"))
    rows.append(("attendance.late_at_once", "yes"))
    if general.get("genCountNotPlayedGamesAsHalfPoint", "") == "true":
        rows.append(("unplayed_half", "yes"))
    return rows


def _handicap_rows(g: GothaTournament, source: str) -> tuple[list[tuple[str, str]], list[ForsxlError]]:
    """OpenGotha's handicap (R2): by the McMahon score or the rank, a stone per rank of difference less the
    correction, none above the no-handicap threshold, at most the ceiling; handicap games with komi 0."""
    h = g.handicap
    rows = [("handicap.basis", "mms" if h.get("hdBasedOnMMS", "") == "true" else "rank"), ("groups.steps", "rank"),
            ("komi.handicap", "0")]
    notes = []
    correction = h.get("hdCorrection", "0").strip() or "0"
    if correction.lstrip("-").isdigit() and int(correction) < 0:
        notes.append(ForsxlError("R2.1", "gotha_setting", Source(source), what="hdCorrection", value=correction))
    elif correction.isdigit():
        rows.append(("handicap.reduction", correction))
    if _rank_key(h.get("hdNoHdRankThreshold", "")):
        rows.append(("handicap.even_above", _rank_key(h["hdNoHdRankThreshold"])))
    if h.get("hdCeiling", "").strip().isdigit():
        rows.append(("handicap.max_steps", h["hdCeiling"].strip()))
    return rows, notes


_MODES = {"TOP": "top", "MID": "middle", "BOT": "bottom"}
"""OpenGotha's draw-up/draw-down modes as `swiss.drawn_down` and `swiss.drawn_up` values (R7.4)."""


_GOTHA_DEFAULTS = {"paiBaAvoidDuplGame": 5 * 10**14, "paiBaRandom": 0, "paiBaBalanceWB": 10**6,
                   "paiMaDUDDWeight": 10**8, "paiMaMaximizeSeeding": 5 * 10**6, "paiMaMinimizeScoreDifference": 10**11}
"""OpenGotha's weights its McMahon, Swiss and Swiss-with-categories defaults share, as its cost function counts
(no random term: a random one forsxl cannot replay)."""
_GOTHA_PROFILES = {"opengotha": {"paiSeMinimizeHandicap": 0, "paiSeAvoidSameGeo": 10**11},
                   "opengotha_cat": {"paiSeMinimizeHandicap": 2 * 10**13, "paiSeAvoidSameGeo": 2 * 10**13,
                                     "paiMaAvoidMixingCategories": 2 * 10**13}}
"""The weights that tell OpenGotha's parameter sets apart, each as a `swiss.weights` value: geography where it is
on, keeping categories apart where there are several."""


_GOTHA_READ = {"paiBaAvoidDuplGame": "500000000000000", "paiBaBalanceWB": "1000", "paiMaDUDDWeight": "100000000",
               "paiMaMaximizeSeeding": "5000000", "paiMaMinimizeScoreDifference": "100000000000",
               "paiMaAvoidMixingCategories": "20000000000000", "paiSeMinimizeHandicap": "0",
               "paiSeAvoidSameGeo": "100000000000", "paiMaCompensateDUDD": "true", "paiMaDUDDUpperMode": "MID",
               "paiMaDUDDLowerMode": "MID", "paiMaLastRoundForSeedSystem1": "2", "paiMaSeedSystem1": "SPLITANDRANDOM",
               "paiMaSeedSystem2": "SPLITANDFOLD", "paiMaAdditionalPlacementCritSystem1": "Rating",
               "paiMaAdditionalPlacementCritSystem2": "NULL", "paiSeRankThreshold": "4D",
               "paiSeNbWinsThresholdActive": "true", "paiSeBarThresholdActive": "true",
               "paiSePreferMMSDiffRatherThanSameCountry": "1", "paiSePreferMMSDiffRatherThanSameClub": "3"}
"""What OpenGotha reads for a pairing parameter its file leaves out: not always its parameter sets' value (the
colour weight 1000 where they have 1000000)."""


def _sitout_notes(g: GothaTournament, criteria: list[Tiebreak], source: str) -> list[ForsxlError]:
    """A note for a bye's or an absence's McMahon points other than OpenGotha's defaults in a Swiss: its bye (R5) and
    its handicap term (R7.4) read them, and forsxl counts them at those defaults (`GOTHA_SITOUTS`)."""
    if _main(criteria) == Tiebreak.MMS:
        return []
    return [ForsxlError("R7.4", "gotha_setting", Source(source), what=name, value=g.general[name].strip())
            for name, kind in (("genMMS2ValueBye", Sitout.BYE), ("genMMS2ValueAbsent", Sitout.ABSENT))
            if g.general.get(name, str(GOTHA_SITOUTS[kind])).strip() != str(GOTHA_SITOUTS[kind])]


def _pairing_read(g: GothaTournament) -> dict[str, str]:
    return {**_GOTHA_READ, **{name: value.strip() for name, value in g.pairing.items()}}


def _weights(g: GothaTournament, source: str) -> tuple[str, list[ForsxlError]]:
    """OpenGotha's weights as `swiss.weights` (R7.4): those of its Swiss with categories where its handicap term is
    on, else its McMahon and Swiss defaults; a note for each weight neither has. A file without pairing parameters
    (OpenGotha opens none) is paired with its defaults."""
    if not g.pairing:
        return "opengotha", []
    pairing = _pairing_read(g)

    def weight(name: str) -> int:
        text = pairing.get(name, "")
        return int(text) if text.isdigit() else 0

    profile = "opengotha_cat" if weight("paiSeMinimizeHandicap") else "opengotha"
    expected = {**_GOTHA_DEFAULTS, **_GOTHA_PROFILES[profile]}
    if not weight("paiSeAvoidSameGeo"):
        expected.pop("paiSeAvoidSameGeo")  # geography off: the club and country gaps stay 0
    if _category_count(g) <= 1:
        expected.pop("paiMaAvoidMixingCategories", None)
    notes = [ForsxlError("R7.4", "gotha_setting", Source(source), what=name, value=str(weight(name)))
             for name, value in expected.items() if weight(name) != value]
    return profile, notes


def _pairing_rows(g: GothaTournament, source: str) -> tuple[list[tuple[str, str]], list[ForsxlError]]:
    """OpenGotha's pairing parameters as forsxl's McMahon/Swiss options (R7.4): its cost function with its weights,
    a rematch as its last resort (it weighs one down, never forbids it), colour before seeding (with forsxl's
    weights as balanced as OpenGotha's, bench/README.md), seats by the placement criteria and each
    seed system's additional criterion (rating, or none: by name), the seed systems and the round they switch
    after, the draw-up/draw-down modes, the geographical weights as score gaps, the thresholds above which its
    handicap term counts a player at the top, and its categories."""
    pairing = _pairing_read(g)
    weights, notes = _weights(g, source)
    rows = [("swiss.weights", weights), ("pairing.allow_rematch", "yes"),
            # for forsxl's weights, should a referee switch to them: they keep colours as balanced as OpenGotha's
            ("swiss.colour", "before_seeding"),
            # OpenGotha takes a name it does not know as its default: rating for the first seed system, none after
            ("swiss.first_seat", "ranking_name" if pairing["paiMaAdditionalPlacementCritSystem1"] == "NULL"
             else "ranking_rating"),
            ("swiss.seat", "ranking_rating" if pairing["paiMaAdditionalPlacementCritSystem2"] == "Rating"
             else "ranking_name")]
    for key, attribute in (("swiss.first_round", "paiMaSeedSystem1"), ("swiss.seeding", "paiMaSeedSystem2")):
        rows.append((key, _SEEDING.get(pairing[attribute], "random")))
    if pairing["paiMaLastRoundForSeedSystem1"].isdigit():
        rows.append(("swiss.seeding_from", str(int(pairing["paiMaLastRoundForSeedSystem1"]) + 1)))
    for key, attribute in (("swiss.drawn_down", "paiMaDUDDUpperMode"), ("swiss.drawn_up", "paiMaDUDDLowerMode")):
        rows.append((key, _MODES.get(pairing[attribute], "middle")))
    rows.append(("swiss.compensate", "yes" if pairing["paiMaCompensateDUDD"] == "true" else "no"))
    if (pairing["paiSeAvoidSameGeo"] or "0") != "0":
        for key, attribute in (("swiss.club_gap", "paiSePreferMMSDiffRatherThanSameClub"),
                               ("swiss.country_gap", "paiSePreferMMSDiffRatherThanSameCountry")):
            if pairing[attribute].isdigit():
                rows.append((key, pairing[attribute]))
    rows += [("swiss.geo_rank", _rank_key(pairing["paiSeRankThreshold"])),
             ("swiss.geo_bar", "yes" if pairing["paiSeBarThresholdActive"] == "true" else "no"),
             ("swiss.geo_wins", "yes" if pairing["paiSeNbWinsThresholdActive"] == "true" else "no")]
    if _category_count(g) > 1:
        rows.append(("swiss.categories", ", ".join(filter(None, map(_rank_key, g.categories)))))
    return rows, notes


def import_opengotha(g: GothaTournament, source: str = "OpenGotha") -> GothaImport:
    """The tournament as OpenGotha would go on with it: Config keys for its system, ranks, placement criteria,
    handicap and pairing rules, players with their declared ranks, and every round played (FORMATS §6).

    Start scores are ranks between OpenGotha's bar and floor (R1.4) plus each player's smmsCorrection, a game is a
    win or a loss (win-loss), byes and absences score and round down as OpenGotha's general parameters say (R5).
    What forsxl cannot carry is said in the notes: criteria it lacks, results it has no record for (left empty for
    a referee), a player's second game in a round (left out), draws OpenGotha recorded where Go has none.
    """
    scale = _scale(g)
    general = g.general
    komi = Fraction(general.get("komi", "6.5") or "6.5")
    keys, players, player_notes = _players(g, scale, source)
    last = _played(g)
    rounds_total = _rounds(g)
    begin, end = general.get("beginDate", ""), general.get("endDate", "")
    criteria, notes = _criteria(g, source)
    handicap, handicap_notes = _handicap_rows(g, source)
    pairing, pairing_notes = _pairing_rows(g, source)
    config = [("name", general.get("name", "")), ("date", begin if end in ("", begin) else f"{begin} - {end}"),
              ("place", general.get("location", "")), ("rounds", str(rounds_total)),
              ("ratings.scale", scale.value), ("ratings.declared_rank", "yes"), ("komi.even", number_text(komi)),
              *_system_rows(g, criteria), *handicap, *pairing,
              ("tiebreaks", ", ".join(c.value for c in criteria or [_main(criteria)]))]
    reading = _Reading(source, {p.id: p.name for p in players}, {p.id: p.absent for p in players},
                       player_notes + notes + handicap_notes + pairing_notes + _sitout_notes(g, criteria, source))
    rounds = tuple(_round(n, g, keys, komi, reading) for n in range(1, last + 1))
    if reading.decided_draws:
        config.append(("scoring.any_draw", "yes"))
    return GothaImport(config, players, rounds, reading.notes)


NO_FIRST_NAME = "-"
"""The first name written for a one-word Name: OpenGotha opens no player without one; read back as none."""


def _gotha_name(player: Player) -> tuple[str, str]:
    """Name and first name as OpenGotha's lots read the Name cell (`gotha_name`): an OpenGotha file's spaces kept."""
    surname, first = gotha_name(player.written or player.name)
    return surname, first or NO_FIRST_NAME


def _gotha_country(text: str) -> str:
    """A country as OpenGotha opens it: two letters or none."""
    return text.strip().upper() if len(text.strip()) == 2 and text.strip().isalpha() else ""


def _key(player: Player) -> str:
    surname, first = _gotha_name(player)
    return (surname + first).replace(" ", "").upper()


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters no XML 1.0 document may hold, even escaped: a reader refuses the whole file on one."""


def gotha_notes(t: Tournament) -> list[ForsxlError]:
    """What an OpenGotha file of the tournament cannot hold: a pairing other than McMahon's or Swiss (OpenGotha pairs
    and ranks by their scores, so the points of Fors, Serp or a round robin are lost), dates it cannot read, and a
    player without a first name or with a country other than two letters, which it would refuse to open."""
    method = t.config.pairing.method[0]
    notes = [] if method in (MCMAHON.name, SWISS.name) else [
        ForsxlError("", "export_gotha_method", method=method)]
    if not _iso_dates(t.config.date):
        notes.append(ForsxlError("", "export_field_empty", format="OpenGotha", key="date", tag="beginDate"))
    one_word = [p.name for p in t.players if not split_name(p.name)[1]]
    if one_word:
        notes.append(ForsxlError("", "export_first_name", names=", ".join(one_word), written=repr(NO_FIRST_NAME)))
    odd = [p.name for p in t.players if p.country.strip() and not _gotha_country(p.country)]
    if odd:
        notes.append(ForsxlError("", "export_country", format="OpenGotha", names=", ".join(odd), written='""'))
    return notes


def _iso_dates(text: str) -> list[str]:
    """The dates written as 2026-11-28 in the Config `date` text, as OpenGotha's beginDate and endDate take them."""
    return [d for d in text.replace(",", " ").split() if len(d) == 10 and d[4] == "-"]


def write_opengotha(t: Tournament, saved: str = "20000101000000") -> str:
    """An OpenGotha file of the tournament: players, games, byes, general parameters (FORMATS §6, tournament.dtd).

    Ratings on the rfg scale are written as the nominal GoR of their rank, the RGF value kept in
    `ratingOrigin` (`RGF : 1950`), so neither scale is mistaken for the other (R0).
    """
    config = t.config
    root = ET.Element("Tournament", dataVersion="201", fullVersionNumber=f"forsxl {__version__}",
                      runningMode="SAL", saveDT=saved)
    players = ET.SubElement(root, "Players")
    seated = {r.number: r.players() - {pid for pid, sitout in r.sitouts if sitout == Sitout.ABSENT}
              for r in t.rounds}
    """Who took part in each round played: with a game or the bye; a late entrant did not in the rounds before."""
    for p in t.players:
        surname, first = _gotha_name(p)
        rank = p.rank_by(config.ratings)
        rfg = config.ratings.scale == Scale.RFG
        flags = "".join("1" if (p.id in seated[r] if r in seated else p.plays_in(r)) else "0" for r in range(1, 21))
        ET.SubElement(players, "Player", name=surname, firstName=first, country=_gotha_country(p.country), club=p.club,
                      egfPin=p.egd_pin, rank=rank.label().upper(),
                      rating=str(rating_of_rank(rank_of_rating(p.rating, Scale.RFG), Scale.EGF) if rfg else p.rating),
                      ratingOrigin=f"{RGF_ORIGIN}{p.rating}" if rfg else ("EGF" if p.egd_pin else "INI"),
                      grade=rank.label().upper(), smmsCorrection=str(p.correction), participating=flags,
                      registeringStatus="FIN")
    games = ET.SubElement(root, "Games")
    for rnd in t.rounds:
        for game in rnd.games:
            ET.SubElement(games, "Game", roundNumber=str(rnd.number), tableNumber=str(game.board),
                          whitePlayer=_key(t.player(game.white)), blackPlayer=_key(t.player(game.black)),
                          knownColor="true", handicap=str(game.stones),
                          result=_WRITTEN[game.result] if game.result else "RESULT_UNKNOWN")
    byes = ET.SubElement(root, "ByePlayers")
    for rnd in t.rounds:
        for pid, sitout in rnd.sitouts:
            if sitout == Sitout.BYE:
                ET.SubElement(byes, "ByePlayer", player=_key(t.player(pid)), roundNumber=str(rnd.number))
    _parameters(root, t)
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode")  # escaped by ElementTree; what XML 1.0 cannot hold at all goes
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + _NOT_XML.sub("", text) + "\n"


def _sitout_values(config: Config) -> dict[str, str]:
    """A bye's and an absence's points in OpenGotha's values of the main score (R5): the McMahon score's in McMahon,
    the wins' in Swiss, OpenGotha's defaults for the other (a bye a win, an absence nothing; half a point of MMS)."""
    bye, absent = (_halves(f(config.attendance, config.scoring)) for f in (bye_points, absent_points))
    if config.pairing.method[0] == SWISS.name:
        return {"genNBW2ValueBye": bye, "genNBW2ValueAbsent": absent, "genMMS2ValueBye": str(GOTHA_SITOUTS[Sitout.BYE]),
                "genMMS2ValueAbsent": str(GOTHA_SITOUTS[Sitout.ABSENT])}
    return {"genMMS2ValueBye": bye, "genMMS2ValueAbsent": absent, "genNBW2ValueBye": "2", "genNBW2ValueAbsent": "0"}


def _halves(points: Fraction) -> str:
    """Points as OpenGotha's parameters hold them, in halves, at most a win."""
    return str(max(0, min(2, int(2 * points))))


def _parameters(root: ET.Element, t: Tournament) -> None:
    """The parameter sets from the Config, as `import_opengotha` reads them back (FORMATS §6)."""
    config = t.config
    dates = _iso_dates(config.date)
    parameters = ET.SubElement(root, "TournamentParameterSet")
    general = ET.SubElement(parameters, "GeneralParameterSet", _sitout_values(config),
                            shortName=latin(config.name)[:20] or "forsxl", name=config.name, location=config.place,
                            beginDate=dates[0] if dates else "", endDate=dates[-1] if dates else "",
                            komi=number_text(config.komi.even), numberOfRounds=str(config.rounds), size="19",
                            genMMBar=str(config.start.bar or "9D").upper(),
                            genMMFloor=str(config.start.floor or "30K").upper(), genMMZero="30K",
                            genRoundDownNBWMMS=_yes(config.attendance.round_down),
                            genCountNotPlayedGamesAsHalfPoint=_yes(config.unplayed_half),
                            numberOfCategories=str(len(config.swiss.categories) + 1))
    if config.swiss.categories:
        categories = ET.SubElement(general, "Categories")
        for number, limit in enumerate(config.swiss.categories, start=1):
            ET.SubElement(categories, "Category", lowerLimit=str(limit).upper(), number=str(number))
    handicap = config.handicap
    ET.SubElement(parameters, "HandicapParameterSet", hdBasedOnMMS=_yes(handicap.basis == Basis.MMS),
                  hdNoHdRankThreshold=str(handicap.even_above or "9D").upper(),
                  hdCorrection=str(max(0, handicap.reduction)), hdCeiling=str(handicap.max_steps))
    placement = ET.SubElement(ET.SubElement(parameters, "PlacementParameterSet"), "PlacementCriteria")
    names = [_CRITERION_NAMES[c] for c in config.tiebreaks if c in _CRITERION_NAMES][:6] or ["MMS"]
    for number, name in enumerate(names + ["NULL"] * (6 - len(names)), start=1):
        ET.SubElement(placement, "PlacementCriterion", name=name, number=str(number))
    _pairing_parameters(parameters, config.swiss)


def _yes(value: bool) -> str:
    return "true" if value else "false"


_CRITERION_NAMES = {Tiebreak.POINTS: "MMS", Tiebreak.WINS: "NBW", Tiebreak.SOS: "SOSM", Tiebreak.SOSOS: "SOSOSM",
                    Tiebreak.SODOS: "SODOSM", Tiebreak.SOS_MINUS_1: "SOSM-1", Tiebreak.SOS_MINUS_2: "SOSM-2",
                    **{criterion: name for name, criterion in CRITERIA.items()}}
"""OpenGotha's name for each tie-break it has: its own exactly, R6's nearest kin for the rest (R6)."""
_SEED_SYSTEMS = {Seeding(value): name for name, value in _SEEDING.items()}
_MODE_NAMES = {Edge(value): name for name, value in _MODES.items()}


def _additional(seat: Seat) -> str:
    """OpenGotha's additional placement criterion of a seed system for `swiss.seat`: none where names break ties."""
    return "NULL" if seat == Seat.RANKING_NAME else "Rating"


def _pairing_parameters(parameters: ET.Element, swiss: Swiss) -> None:
    """OpenGotha's pairing parameters from `swiss.*` (R7.4), every weight written: OpenGotha reads one left out as
    its own default, not always the weight of its parameter sets (a colour weight of 1000)."""
    geography = bool(swiss.club_gap or swiss.country_gap)
    profile = {**_GOTHA_DEFAULTS, **_GOTHA_PROFILES["opengotha_cat" if swiss.weights == Weights.OPENGOTHA_CAT
                                                   else "opengotha"]}
    weights = {name: str(profile.get(name, 0)) for name in (*_GOTHA_DEFAULTS, "paiSeMinimizeHandicap",
                                                            "paiMaAvoidMixingCategories")}
    ET.SubElement(parameters, "PairingParameterSet", weights, paiStandardNX1Factor="0.5",
                  paiBaDeterministic="true", paiMaSeedSystem1=_SEED_SYSTEMS[swiss.first_round],
                  paiMaSeedSystem2=_SEED_SYSTEMS[swiss.seeding],
                  paiMaLastRoundForSeedSystem1=str(max(0, swiss.seeding_from - 1)),
                  paiMaAdditionalPlacementCritSystem1=_additional(swiss.first_seat or swiss.seat),
                  paiMaAdditionalPlacementCritSystem2=_additional(swiss.seat),
                  paiMaDUDDUpperMode=_MODE_NAMES[swiss.drawn_down], paiMaDUDDLowerMode=_MODE_NAMES[swiss.drawn_up],
                  paiMaCompensateDUDD=_yes(swiss.compensate),
                  paiSeAvoidSameGeo=str(profile["paiSeAvoidSameGeo"]) if geography else "0",
                  paiSePreferMMSDiffRatherThanSameClub=str(int(swiss.club_gap)),
                  paiSePreferMMSDiffRatherThanSameCountry=str(int(swiss.country_gap)),
                  paiSeRankThreshold=str(swiss.geo_rank or "30K").upper(), paiSeBarThresholdActive=_yes(swiss.geo_bar),
                  paiSeNbWinsThresholdActive=_yes(swiss.geo_wins))


__all__: Sequence[str] = ("GothaImport", "GothaTournament", "import_opengotha", "parse_opengotha",
                          "write_opengotha")
