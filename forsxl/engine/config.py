"""Every rule of RULES.md as a typed parameter: one frozen dataclass per section (R0-R7, R12).

A Config key is the field path (``handicap.max_steps``); presets and the Config sheet use the same keys.
Values are converted and checked once, when the workbook is read; the engine trusts them after that.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any


def key(default: Any, doc: str, rule: str) -> Any:
    """A Config field with its one-line help and the RULES id it parameterizes."""
    if isinstance(default, (list, dict, set)):
        raise TypeError("mutable default")
    return field(default=default, metadata={"doc": doc, "rule": rule})


class Lang(StrEnum):
    EN = "en"
    RU = "ru"


class Scale(StrEnum):
    EGF = "egf"
    RFG = "rfg"


class StartMethod(StrEnum):
    LINEAR = "linear"


class TopStart(StrEnum):
    EQUAL = "equal"
    RATING = "rating"


class Basis(StrEnum):
    RATING = "rating"
    POINTS = "points"
    BLEND = "blend"


class StepKind(StrEnum):
    HALF = "half"
    STONE = "stone"
    EVEN = "even"


class Scheme(StrEnum):
    FORS30 = "fors30"


class Tiebreak(StrEnum):
    POINTS = "points"
    GAME_POINTS = "game_points"
    WINS = "wins"
    SOS = "sos"
    SOS_GAMES = "sos_games"
    SOS_WINS = "sos_wins"
    WINS_NOT_TAKING = "wins_not_taking"
    HANDICAP_GIVEN = "handicap_given"
    DIRECT = "direct"
    RATING = "rating"
    START_NUMBER = "start_number"
    LOT = "lot"


class PairingMethod(StrEnum):
    NEIGHBOURS = "neighbours"


@dataclass(frozen=True)
class Ratings:
    scale: Scale = key(Scale.EGF, "rating scale for rank <-> rating: egf (100 per rank) or rfg", "R0")


@dataclass(frozen=True)
class StartPoints:
    method: StartMethod = key(StartMethod.LINEAR, "how start points are computed", "R1")
    per: int = key(10, "rating points per start point", "R1.1")
    lower_below: int | None = key(1000, "ratings below this use lower_per (empty: no lower segment)", "R1.1")
    lower_per: int = key(20, "rating points per start point below lower_below", "R1.1")
    min: int | None = key(None, "floor for start points (empty: none)", "R1.1")
    top: TopStart = key(TopStart.EQUAL, "top group: equal start points, or its own rating", "R1.2")
    top_bonus: int = key(1, "points the equalized top group gets above its lowest player's", "R1.2")


@dataclass(frozen=True)
class Handicap:
    basis: Basis = key(Basis.RATING, "difference of start rating, of current points, or a blend", "R2.1")
    points_scale: int = key(10, "rating points per tournament point for basis points", "R2.1")
    blend: Fraction = key(Fraction(1, 2), "weight of the rating difference for basis blend", "R2.1")
    factor: Fraction = key(Fraction(1), "the difference is multiplied by this (1, 1/2, 2/3)", "R2.1")
    reduction: int = key(0, "stones taken off the difference", "R2.1")
    step_points: int = key(50, "rating points per half step", "R2.2")
    even_below: int = key(50, "stone steps: a smaller difference is an even game", "R2.2")
    max_steps: int = key(9, "handicap steps cap", "R2.2")
    half_komi: Fraction = key(Fraction(8), "points Black receives for an even number of half steps", "R2.3")


@dataclass(frozen=True)
class Komi:
    even: Fraction = key(Fraction(13, 2), "komi to White in an even game", "R2.3")


@dataclass(frozen=True)
class Groups:
    sizes: tuple[int, ...] = key((), "sizes of the groups from the top; the rest form the last group", "R3")
    steps: tuple[StepKind, ...] = key(
        (StepKind.STONE,), "step kind per group from the top (half, stone, even); the last repeats", "R3"
    )
    factor: tuple[Fraction, ...] = key((Fraction(1),), "difference factor per group; the last repeats", "R3")
    reduction: tuple[int, ...] = key((0,), "stones of reduction per group; the last repeats", "R3")


@dataclass(frozen=True)
class Scoring:
    scheme: Scheme = key(Scheme.FORS30, "points per game", "R4")
    forfeit_win: Fraction | None = key(None, "points for a forfeit win (empty: the scheme's even-game win)", "R4")
    forfeit_loss: Fraction = key(Fraction(0), "points for a forfeit loss", "R4")


@dataclass(frozen=True)
class Attendance:
    bye_points: Fraction | None = key(None, "points for a bye (empty: half the points of an even game)", "R5")
    absent_points: Fraction | None = key(
        None, "points per announced absence or round missed by a late entrant (empty: as a bye)", "R5"
    )


@dataclass(frozen=True)
class Pairing:
    method: PairingMethod = key(PairingMethod.NEIGHBOURS, "pairing method", "R7")
    allow_rematch: bool = key(False, "whether two players may meet twice", "R7")
    avoid_same_club: bool = key(False, "whether players of one club never meet", "R7")


@dataclass(frozen=True)
class Config:
    name: str = key("", "tournament name (also seeds the lots)", "R6")
    date: str = key("", "dates", "R0")
    place: str = key("", "place", "R0")
    preset: str = key("", "preset the other keys override", "R12")
    rounds: int = key(5, "number of rounds", "R7")
    lang: Lang = key(Lang.EN, "language of sheets, messages and pages (ru, en)", "R0")
    ratings: Ratings = field(default_factory=Ratings)
    start: StartPoints = field(default_factory=StartPoints)
    handicap: Handicap = field(default_factory=Handicap)
    komi: Komi = field(default_factory=Komi)
    groups: Groups = field(default_factory=Groups)
    scoring: Scoring = field(default_factory=Scoring)
    attendance: Attendance = field(default_factory=Attendance)
    tiebreaks: tuple[Tiebreak, ...] = key(
        (Tiebreak.POINTS, Tiebreak.WINS, Tiebreak.SOS, Tiebreak.RATING), "ranking criteria in order", "R6"
    )
    pairing: Pairing = field(default_factory=Pairing)


@dataclass(frozen=True)
class KeyInfo:
    key: str
    annotation: str
    doc: str
    rule: str


def config_keys(cls: type = Config, prefix: str = "") -> list[KeyInfo]:
    """Every dotted Config key with its type, help and rule, in declaration order."""
    infos: list[KeyInfo] = []
    for f in fields(cls):
        if isinstance(f.default_factory, type) and is_dataclass(f.default_factory):
            infos += config_keys(f.default_factory, f"{prefix}{f.name}.")
        else:
            infos.append(KeyInfo(f"{prefix}{f.name}", str(f.type), f.metadata["doc"], f.metadata["rule"]))
    return infos


def get_key(config: Config, dotted: str) -> Any:
    value: Any = config
    for part in dotted.split("."):
        value = getattr(value, part)
    return value


def check(config: Config) -> list[tuple[str, str, dict[str, Any]]]:
    """Cross-field problems as (key, message key, params); empty when the config is consistent."""
    problems: list[tuple[str, str, dict[str, Any]]] = []
    positive = ("rounds", "start.per", "start.lower_per", "handicap.step_points", "handicap.points_scale")
    problems += [(k, "config_positive", {"key": k}) for k in positive if get_key(config, k) <= 0]
    if any(size <= 0 for size in config.groups.sizes):
        problems.append(("groups.sizes", "config_positive", {"key": "groups.sizes"}))
    if not 0 <= config.handicap.max_steps <= 20:
        problems.append(("handicap.max_steps", "config_range", {"key": "handicap.max_steps", "low": 0, "high": 20}))
    if not 0 <= config.handicap.blend <= 1:
        problems.append(("handicap.blend", "config_range", {"key": "handicap.blend", "low": 0, "high": 1}))
    for name in ("steps", "factor", "reduction"):
        if not getattr(config.groups, name):
            problems.append((f"groups.{name}", "config_empty", {"key": f"groups.{name}"}))
    if not config.tiebreaks:
        problems.append(("tiebreaks", "config_empty", {"key": "tiebreaks"}))
    if len(set(config.tiebreaks)) != len(config.tiebreaks):
        problems.append(("tiebreaks", "config_repeated", {"key": "tiebreaks"}))
    return problems
