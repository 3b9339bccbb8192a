"""Every rule of RULES.md as a typed parameter: one frozen dataclass per section (R0-R7, R12).

A Config key is the field path (``handicap.max_steps``); presets and the Config sheet use the same keys.
Values are converted and checked once, when the workbook is read; the engine trusts them after that.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from forsxl.engine.values import CategoryRanks, Lang, NormBand, PrizeLists, Rank

MAX_ROUNDS = 100
"""Rounds a tournament can have: a double round robin of 51 players; `rounds: 1e9` is a typo, not a tournament."""
MAX_KOMI = Fraction(100)
"""Komi either way, in a game or a Config key (R2.3): ten times any komi played."""
MAX_POINTS = 10_000
"""Start points or a McMahon correction typed for a player, either way (R1, R7.4): rating / 1 is at most 3500."""


def key(default: Any, doc: str, rule: str) -> Any:
    """A Config field with its one-line help and the RULES id it parameterizes.

    The help is an English msgid: `python -m forsxl.locale` finds it here, and `forsxl config` and the regulation
    page show it in the workbook's language (the engine itself never translates)."""
    if isinstance(default, (list, dict, set)):
        raise TypeError("mutable default")
    return field(default=default, metadata={"doc": doc, "rule": rule})


class Scale(StrEnum):
    EGF = "egf"
    RFG = "rfg"


class StartMethod(StrEnum):
    """How start points are computed (R1): the values of `start.method`."""

    LINEAR = "linear"
    TABLE = "table"
    RANK = "rank"
    GROUP = "group"
    CATEGORY = "category"
    NONE = "none"


class TopStart(StrEnum):
    EQUAL = "equal"
    RATING = "rating"


class Basis(StrEnum):
    RATING = "rating"
    RANK = "rank"
    POINTS = "points"
    BLEND = "blend"
    MMS = "mms"  # OpenGotha's handicap by McMahon score: the current score as a rank


class Descend(StrEnum):
    HANDICAP = "handicap"
    EVEN = "even"


class Border(StrEnum):
    """Whose group a pair across a group border plays by (R3): the values of `groups.border`."""

    LOWER = "lower"
    UPPER = "upper"


class StepKind(StrEnum):
    HALF = "half"
    STONE = "stone"
    EVEN = "even"
    RANK = "rank"


class Midpoint(StrEnum):
    """How a difference exactly between two handicap steps rounds (R2.2): the values of `handicap.midpoint`."""

    DOWN = "down"  # the smaller handicap: [000] «при разнице разрядов в два дана (кю) принято давать два камня»
    UP = "up"  # the larger: [003 §6] «100–199 – фора 2»


class Scheme(StrEnum):
    FORS30 = "fors30"
    FORS30_SYMMETRIC = "fors30-symmetric"
    FORS_ASYMMETRIC = "fors-asymmetric"
    FORS_SIMPLE = "fors-simple"
    FORS_M = "fors-m"
    NSK1977 = "nsk1977"
    SERP15 = "serp15"
    SERP20 = "serp20"
    SERP = "serp"  # [004] by the handicap cap: serp15 up to 5 stones, else serp20 (R12); read as one of the two
    RENJU = "renju"
    WIN_LOSS = "win-loss"


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
    BERGER = "berger"
    PROGRESS = "progress"
    BUCHHOLZ = "buchholz"
    MMS = "mms"
    SOSOS = "sosos"
    SODOS = "sodos"
    SOS_MINUS_1 = "sos_minus_1"
    SOS_MINUS_2 = "sos_minus_2"
    CUSS = "cuss"
    # OpenGotha's placement criteria where R6 counts otherwise (PEERS §1.6)
    NBW = "nbw"
    SOSW = "sosw"
    SOSW_MINUS_1 = "sosw_minus_1"
    SOSW_MINUS_2 = "sosw_minus_2"
    SODOSW = "sodosw"
    SOSOSW = "sososw"
    CUSSW = "cussw"
    SOSM = "sosm"
    SOSM_MINUS_1 = "sosm_minus_1"
    SOSM_MINUS_2 = "sosm_minus_2"
    SODOSM = "sodosm"
    SOSOSM = "sososm"
    RANK = "rank"
    EXT = "ext"
    EXR = "exr"
    SDC = "sdc"
    DC = "dc"
    CAT = "cat"
    CPS = "cps"


class UnplayedLoss(StrEnum):
    """How opponent-based tie-breaks count a round lost without a game (R6): the values of `unplayed_loss`."""

    DRAW = "draw"  # a draw against oneself, as [000 §4.7] counts a round won without a game
    LOSS = "loss"  # a plain loss, [000 §5.1]: «ему засчитываются поражения (минусы)»


class PairingMethod(str):
    """A pairing method by its name (R7): a key of `pairing.methods.METHODS`, the registry, whose records say all
    else. It sits above Config, so Config holds the name, and book/config.py reads a Config's names against it."""

    __slots__ = ()


class SerpLayout(StrEnum):
    COMPACT = "compact"
    SICKLE = "sickle"


class Seeding(StrEnum):
    """How a score group is paired inside (R7.4): top half against bottom half."""

    FOLD = "fold"
    SLIP = "slip"
    RANDOM = "random"


class Seat(StrEnum):
    """The order inside a score group that seeding reads (R7.4): by rating, or by the ranking (R6) as OpenGotha
    seeds by its placement criteria, players sharing a place by start number, or as OpenGotha orders them: by rating
    (its additional criterion Rating), then by name, or by name alone (no additional criterion)."""

    RATING = "rating"
    RANKING = "ranking"
    RANKING_RATING = "ranking_rating"
    RANKING_NAME = "ranking_name"


class Edge(StrEnum):
    """Where a group's floater comes from, or who in the next group meets it (R7.4; OpenGotha's DUDD modes)."""

    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"


class ColourPriority(StrEnum):
    """Where colour balance comes among the McMahon/Swiss criteria (R7.4)."""

    LAST = "last"
    BEFORE_SEEDING = "before_seeding"


class Weights(StrEnum):
    """How floats, seeding and colour weigh against each other below the score (R7.4): forsxl's strict priorities,
    or OpenGotha's cost function (draw-up/draw-down, seeding and colour summed at its magnitudes)."""

    FORSXL = "forsxl"
    OPENGOTHA = "opengotha"
    OPENGOTHA_CAT = "opengotha_cat"  # its Swiss-with-categories weights: categories, handicap and geography first


class SwissScore(StrEnum):
    """The score a Swiss's groups read (R7.4): the points, or OpenGotha's cup score (its Cup system)."""

    POINTS = "points"
    CUP = "cup"


class ShiftOrder(StrEnum):
    RANKING = "ranking"
    START = "start"


@dataclass(frozen=True)
class Ratings:
    scale: Scale = key(Scale.EGF, "rating scale for rank <-> rating: egf (100 per rank) or rfg", "R0")
    declared_rank: bool = key(False, "a rank typed in Players beside a rating is the player's rank for every rank "
                              "rule (start.method rank, handicap basis rank and even_above, the rank tie-break, "
                              "norms, prize filters), as OpenGotha keeps it; no: the rating's rank", "R0")
    categories: CategoryRanks = key(
        CategoryRanks(), "the rank each sport category stands for, for a player with a category and neither rating nor "
        "rank: 1р: 3k, КМС: 1d (empty: none; no rule or seed gives one, docs/decisions.md)", "R0")


@dataclass(frozen=True)
class StartPoints:
    method: StartMethod = key(
        StartMethod.LINEAR, "how start points are computed: linear, table, rank, group, category", "R1"
    )
    per: int = key(10, "rating points per start point", "R1.1")
    lower_below: int | None = key(1000, "ratings below this use lower_per (empty: no lower segment)", "R1.1")
    lower_per: int = key(20, "rating points per start point below lower_below", "R1.1")
    min: int | None = key(None, "floor for start points (empty: none)", "R1.1")
    top: TopStart = key(TopStart.EQUAL, "top group: equal start points, or its own rating", "R1.2")
    top_bonus: int = key(1, "points the equalized top group gets above its lowest player's", "R1.2")
    per2: int | None = key(
        None, "linear: the middle group loses 1 point per this many rating points below the top group "
        "(empty: plain linear)", "R1.7"
    )
    per3: int | None = key(
        None, "linear: the bottom group loses 1 point per this many rating points below the middle group "
        "(empty: as the middle group)", "R1.7"
    )
    bands: tuple[str, ...] = key(
        ("2400:5", "2000:4", "1500:3", "900:2", "300:1"),
        "table: bands as lowest rating:points, in one cell; below every band 0", "R1.3"
    )
    points_per_rank: int = key(1, "rank: start points per rank (per ranks_per_point ranks)", "R1.4")
    ranks_per_point: int = key(1, "rank: ranks per points_per_rank, grouped from 30k (3: 1k-3k, 4k-6k, ...)", "R1.4")
    offset: int = key(0, "rank: added to points_per_rank x rank index (30k = 0, 1k = 29, 1d = 30)", "R1.4")
    bar: Rank | None = key(None, "rank: everyone above this rank counts as this rank, e.g. 1d (empty: no bar)", "R1.4")
    floor: Rank | None = key(
        None, "rank: everyone below this rank counts as this rank, e.g. 20k (empty: no floor)", "R1.4"
    )
    group_points: tuple[int, ...] = key((20, 10, 0), "group: start points of declared groups 1, 2, 3, ...", "R1.5")
    category_points: tuple[int, ...] = key(
        (0, 1, 2, 3, 4, 5, 6), "category: start points for б/р, 3р, 2р, 1р, КМС, МС, Гр", "R1.6"
    )

    def table_bands(self) -> tuple[tuple[int, int], ...]:
        """(lowest rating, points) for each of `bands`, highest first (R1.3); `check` reports a band not like 2400:5."""
        return tuple(sorted((band for band in map(parse_band, self.bands) if band is not None), reverse=True))


def parse_band(text: str) -> tuple[int, int] | None:
    """(lowest rating, points) of a band typed as `2400:5`, or None (R1.3)."""
    rating, colon, points = text.replace("−", "-").partition(":")
    try:
        return (int(rating), int(points)) if colon else None
    except ValueError:
        return None


@dataclass(frozen=True)
class Handicap:
    basis: Basis = key(Basis.RATING, "difference of start rating, of current points, or a blend; rank: 100 per rank "
                       "of difference; mms: 100 per whole point of current McMahon score (OpenGotha)", "R2.1")
    points_scale: int = key(10, "rating points per tournament point for basis points", "R2.1")
    blend: Fraction = key(Fraction(1, 2), "weight of the rating difference for basis blend", "R2.1")
    factor: Fraction = key(Fraction(1), "the difference is multiplied by this (1, 1/2, 2/3)", "R2.1")
    reduction: int = key(0, "stones taken off the difference", "R2.1")
    step_points: int = key(50, "rating points per half step", "R2.2")
    even_below: int = key(25, "stone steps: a smaller difference is an even game, from it one stone or more, the "
                          "nearest stone step (25: the nearest step, [000]; 50: [003])", "R2.2")
    midpoint: Midpoint = key(Midpoint.DOWN, "a difference exactly between two steps (stone steps 100, 200, ...; half "
                             "steps 25, 75, ...) gives the smaller handicap (down: [000], two ranks apart two "
                             "stones) or the larger (up: [003])", "R2.2")
    max_steps: int = key(9, "handicap steps cap", "R2.2")
    half_komi: Fraction = key(Fraction(8), "points Black receives for an even number of half steps", "R2.3")
    correction: bool = key(False, "lower the handicap by wr - wg - 2 steps when the taker has won > 2 more", "R2.4")
    descend: Descend = key(Descend.HANDICAP, "games of one who dropped from an even group (handicap, even)", "R2.6")
    even_above: Rank | None = key(None, "basis rank, mms or rating: ranks above this one count as this rank, so "
                                  "such players play even, e.g. 1d (empty: no limit)", "R2.1")


@dataclass(frozen=True)
class Komi:
    even: Fraction = key(Fraction(13, 2), "komi to White in an even game", "R2.3")
    handicap: Fraction = key(Fraction(0), "komi to White in a game with stones, steps of kind stone or rank", "R2.3")


@dataclass(frozen=True)
class Groups:
    sizes: tuple[int, ...] = key((), "sizes of the groups from the top; the rest form the last group", "R3")
    steps: tuple[StepKind, ...] = key(
        (StepKind.STONE,), "step kind per group from the top (half, stone, even); the last repeats", "R3"
    )
    factor: tuple[Fraction, ...] = key((Fraction(1),), "difference factor per group; the last repeats", "R3")
    reduction: tuple[int, ...] = key((0,), "stones of reduction per group; the last repeats", "R3")
    declared: bool = key(False, "sizes are the counts of the declared groups (Group column) instead", "R3")
    border: Border = key(Border.LOWER, "a pair across a group border plays by the rules of the lower of its two "
                         "groups, or of the upper one", "R3")
    order: tuple[Tiebreak, ...] = key((), "criteria the groups are cut by before each round, ties left in the "
                                      "ranking's order (empty: the ranking, `tiebreaks`)", "R3")


@dataclass(frozen=True)
class Teams:
    size: int = key(3, "players in a team", "R9")


@dataclass(frozen=True)
class Scoring:
    scheme: Scheme = key(Scheme.FORS30, "points per game", "R4")
    per_step: Fraction = key(Fraction(1), "points a handicap step moves to the giver's side in the schemes that count "
                             "steps one by one (1: fors30's 20+N/10-N; 2: 20+2N/10-2N, as nsk1977 counts stones)",
                             "R4")
    forfeit_win: Fraction | None = key(None, "points for a forfeit win (empty: the scheme's even-game win)", "R4")
    forfeit_loss: Fraction = key(Fraction(0), "points for a forfeit loss", "R4")
    any_draw: bool = key(False, "a draw (=) stands in any game, with half komi or stones too, as a referee's decision "
                         "(OpenGotha records one): half the points at stake each; no: only where the game can end "
                         "in a draw", "R4")


@dataclass(frozen=True)
class Attendance:
    bye_points: Fraction | None = key(
        None, "points for a bye (empty: the scheme's: Fors half an even game's points, renju 2, win-loss 1)", "R5"
    )
    late_points: Fraction | None = key(
        None, "points per round a late entrant missed before their first game, given once they play (empty: Fors "
        "half the points at stake in an even game, [000]; else 0)", "R5"
    )
    absent_points: Fraction | None = key(
        None, "points per announced absence after the first game (empty: an even game lost: 10 in fors30)", "R5"
    )
    exclude_after: Fraction | None = key(
        None, "forfeit losses in more than this share of the rounds exclude a player for good (empty: never)", "R5"
    )
    round_down: bool = key(False, "the points of byes and absences are added up and rounded down to whole points, "
                           "as OpenGotha's 'round down NBW/MMS' (one absence of 1/2 gives 0, two give 1)", "R5")
    late_at_once: bool = key(False, "a late entrant's missed rounds count at once, also for one who never plays, as "
                             "OpenGotha counts every round a player is absent; no: once they play ([000])", "R5")
    late_until: Fraction | None = key(
        None, "a late entrant is admitted only while at most this share of the rounds has passed, and a round robin "
        "or Serp fixed in advance admits none (renju weekly: 1/3, [000 §3.3]; empty: any time)", "R5"
    )


@dataclass(frozen=True)
class Pairing:
    method: tuple[PairingMethod, ...] = key(
        (PairingMethod("neighbours"),), "pairing method, or methods in turn (shift, neighbours) switched by until", "R7"
    )
    until: tuple[int, ...] = key((), "last round of each method but the last (3: the first method in rounds 1-3)", "R7")
    allow_rematch: bool = key(False, "whether two players may meet twice", "R7")
    avoid_same_club: bool = key(False, "prefer opponents from other clubs (a preference, not a ban)", "R7")
    shift: int | None = key(None, "shift pairing: pair i with i+shift (empty: the rounds still to play)", "R7.2")
    shift_order: ShiftOrder = key(ShiftOrder.RANKING, "shift pairing in the ranking or the start list", "R7.2")
    shift_rating: int = key(250, "rating shift: each meets the rating closest to their own minus this", "R7.3")

    def method_for(self, round_number: int) -> PairingMethod:
        """The method of this round: the first whose `until` round it has not passed, else the last (R7)."""
        ends = zip(self.method, self.until, strict=False)  # checked: one `until` per method but the last
        return next((m for m, last in ends if round_number <= last), self.method[-1])


@dataclass(frozen=True)
class Swiss:
    """McMahon and Swiss pairing (R7.4); criteria in priority order after the hard rules of R7."""

    first_round: Seeding = key(Seeding.FOLD, "McMahon/Swiss: seeding inside a score group in round 1 (fold, slip, "
                               "random: [000]'s snake is fold)", "R7.4")
    seeding: Seeding = key(Seeding.SLIP, "McMahon/Swiss: seeding inside a score group from round 2 (fold, slip, "
                           "random)", "R7.4")
    club_gap: Fraction = key(Fraction(0), "McMahon/Swiss: a same-club game weighs like a score gap of this many "
                             "points (0: clubs ignored)", "R7.4")
    country_gap: Fraction = key(Fraction(0), "McMahon/Swiss: a same-country game weighs like a score gap of this many "
                                "points (0: countries ignored)", "R7.4")
    window: int = key(30, "McMahon/Swiss: neighbours each player starts with in the sparse candidate graph; widened "
                      "as needed, the result is the complete graph's optimum either way", "R7.4")
    seeding_from: int = key(2, "McMahon/Swiss: the first round seeded by swiss.seeding; the rounds before it by "
                            "swiss.first_round (OpenGotha: after its round 2)", "R7.4")
    seat: Seat = key(Seat.RATING, "McMahon/Swiss: the order inside a score group seeding reads: rating, or ranking "
                     "(the tie-breaks, as OpenGotha), players sharing a place by start number, or ranking_rating or "
                     "ranking_name: by rating then name, or by name, as OpenGotha", "R7.4")
    first_seat: Seat | None = key(None, "McMahon/Swiss: swiss.seat in the rounds before swiss.seeding_from (empty: "
                                  "swiss.seat; OpenGotha's additional criterion of its first seed system)", "R7.4")
    drawn_down: Edge = key(Edge.BOTTOM, "McMahon/Swiss: which player of a group floats down to the next: bottom, "
                           "middle or top (OpenGotha's DUDD upper mode)", "R7.4")
    drawn_up: Edge = key(Edge.TOP, "McMahon/Swiss: which player of the lower group meets a floater: top, middle or "
                         "bottom (OpenGotha's DUDD lower mode)", "R7.4")
    compensate: bool = key(False, "McMahon/Swiss: a float that makes up for an earlier one the other way costs "
                           "less than a first float (OpenGotha's compensate DUDD)", "R7.4")
    colour: ColourPriority = key(ColourPriority.LAST, "McMahon/Swiss: colour balance after seeding (last) or before "
                                 "it (before_seeding)", "R7.4")
    weights: Weights = key(Weights.FORSXL, "McMahon/Swiss: below the score, forsxl's strict priorities (forsxl) or "
                           "OpenGotha's cost function for floats, seeding and colour (opengotha), or with its Swiss "
                           "with categories weights (opengotha_cat)", "R7.4")
    categories: tuple[Rank, ...] = key((), "McMahon/Swiss: the lowest rank of each category but the last, strongest "
                                       "first (OpenGotha's categories: the cat tie-break, and pairing with "
                                       "opengotha_cat); empty: one category", "R7.4")
    geo_rank: Rank | None = key(None, "McMahon/Swiss: club_gap and country_gap spare a player whose rank plus wins "
                                "reach this rank, half when one of the two (OpenGotha's rank threshold; empty: "
                                "none)", "R7.4")
    geo_bar: bool = key(False, "McMahon/Swiss: club_gap and country_gap spare a player whose start score reaches "
                        "start.bar's (OpenGotha's bar threshold)", "R7.4")
    geo_wins: bool = key(False, "McMahon/Swiss: club_gap and country_gap spare a player who has won half the rounds "
                         "(OpenGotha's wins threshold)", "R7.4")
    score: SwissScore = key(SwissScore.POINTS, "Swiss: the score the groups read: points, or OpenGotha's cup score "
                            "(cup: doubled each round before the round's win is added, so that a win outweighs all "
                            "later ones; the cps tie-break)", "R7.4")


@dataclass(frozen=True)
class RoundRobin:
    cycles: int = key(1, "round robin: how many times everyone meets everyone (2: double, colours swapped)", "R7.5")
    by_size: bool = key(False, "round robin: cycles by the number of players, renju weekly (4-6: 2, 7-10: 1)", "R8")


@dataclass(frozen=True)
class Serp:
    games: int = key(10, "serp: games per player (g)", "R7.6")
    layout: SerpLayout = key(SerpLayout.COMPACT, "serp: who meets whom: compact (nearest), sickle (the published)",
                             "R7.6")
    subgroup_size: int | None = key(None, "serp: subgroups of this size, each a round robin plus full matches with "
                                    "its neighbours (empty: no subgroups)", "R7.6")


@dataclass(frozen=True)
class Playoff:
    size: int = key(0, "playoff of the best 4 or 8 by the ranking after after_round rounds (0: no playoff)", "R7.7")
    after_round: int = key(3, "qualifying rounds before the playoff", "R7.7")
    third_place: bool = key(True, "the semi-final losers play a match for 3rd place", "R7.7")
    losers_return: bool = key(True, "quarter-final losers go back into the main tournament from the next round", "R7.7")

    def stages(self) -> tuple[str, ...]:
        """The bracket's stages in order (R7.7): QF, SF, F for 8; SF, F for 4; none for 0."""
        return ("QF", "SF", "F") if self.size == 8 else ("SF", "F") if self.size == 4 else ()


@dataclass(frozen=True)
class Prizes:
    lists: PrizeLists | None = key(None, "prize lists, `;` between lists: `name: criterion, filters, N places, "
                                   "once` (see docs/rules.md, Prizes; empty: none)", "R6")
    several: bool = key(True, "a player may win in several lists (a list marked once or several overrides)", "R6")


@dataclass(frozen=True)
class Norms:
    bands: tuple[NormBand, ...] = key((), "rank norms per rank band: `20k-1k: 70%/90%` = share of the points at stake "
                                 "for one rank up, two ranks up (empty: no norms)", "R6")


class Entrants(StrEnum):
    """Who plays a stage's section (R7): everyone of the previous stage, its top, or the rest of it."""

    ALL = "all"
    TOP = "top"
    REST = "rest"


@dataclass(frozen=True)
class Section:
    """A section of a stage, `name: method, N rounds, entrants, order, carry` (R7); read by engine/stages.py."""

    name: str
    method: str
    """The section's method, one of `pairing.methods.SECTION_METHODS`: fors, serp, round_robin, knockout."""
    rounds: int | None = None
    """Fors: the rounds it plays; None for the methods whose rounds follow from the entrants."""
    entrants: Entrants = Entrants.ALL
    top: int | None = None
    """`top K`: K; `top half`: None."""
    by_rating: bool = False
    carry: bool | None = None
    """Start from the previous stage's points; None: `stages.carry`."""
    text: str = ""
    """The section as written after its name."""


@dataclass(frozen=True)
class StagePlan:
    """Config `stages.plan` as read (R7): every stage, each its sections played side by side; none: one stage."""

    stages: tuple[tuple[Section, ...], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.stages)

    def __str__(self) -> str:
        """The plan as its cell holds it: `;` between stages, `|` between sections."""
        return "; ".join(" | ".join(f"{s.name}: {s.text}" for s in stage) for stage in self.stages)


@dataclass(frozen=True)
class Stages:
    plan: StagePlan = key(StagePlan(), "stages, `;` between stages, `|` between sections played side by side: "
                          "`name: method, N rounds, entrants, order` (see docs/rules.md, Stages; empty: one stage)",
                          "R7")
    carry: bool = key(True, "points carry over into the next stage (a section marked restart or carry overrides)",
                      "R7")


@dataclass(frozen=True)
class Time:
    """The time control, as the regulation states it ([000]: «время на обдумывание ходов включая бёёми»)."""

    main: int | None = key(None, "main thinking time of each player, in minutes", "R0")
    byoyomi: str = key("", "overtime after the main time, as the club writes it: canadian, 15 moves in 5 minutes; "
                       "3 periods of 30 seconds; Fischer, 5 seconds a move", "R0")


@dataclass(frozen=True)
class Publish:
    """Where the results site goes and how people find it (issue 46): no rule of play, so R0's."""

    to: str = key("", "where `forsxl publish` sends the results site: sftp://, ftp://, ftps://, webdav://, webdavs://, "
                  "s3:// or a git repository, git+ssh:// and its kin (docs/publish.md; empty: nowhere)", "R0")
    url: str = key("", "the results site's address as its readers open it: printed after publishing, and the QR "
                   "codes of the wall list, the slips and the projector page lead there (empty: no QR codes)", "R0")
    card_qr: bool = key(False, "the wall list has a QR code of each player's card beside the name (needs "
                        "publish.url)", "R0")


@dataclass(frozen=True)
class Config:
    name: str = key("", "tournament name (also seeds the lots)", "R6")
    date: str = key("", "dates", "R0")
    place: str = key("", "place", "R0")
    referee: str = key("", "the chief referee, named in the regulation", "R0")
    registration: str = key("", "how and until when players register, in the regulation's words", "R0")
    timetable: str = key("", "the rounds' times and breaks, in the regulation's words: round 1 at 10:00, round 2 at "
                         "12:30, lunch 14:00-15:00, ...", "R0")
    time: Time = field(default_factory=Time)
    awards: str = key("", "what the prizes are and who hands them, in the regulation's words", "R0")
    protests: str = key("", "how and until when a protest is lodged and who decides it, in the regulation's words",
                        "R0")
    preset: str = key("", "preset the other keys override", "R12")
    rounds: int = key(5, "number of rounds", "R7")
    lang: Lang = key(Lang.EN, "language of sheets, messages and pages (ru, en)", "R0")
    ratings: Ratings = field(default_factory=Ratings)
    start: StartPoints = field(default_factory=StartPoints)
    handicap: Handicap = field(default_factory=Handicap)
    komi: Komi = field(default_factory=Komi)
    groups: Groups = field(default_factory=Groups)
    teams: Teams = field(default_factory=Teams)
    scoring: Scoring = field(default_factory=Scoring)
    attendance: Attendance = field(default_factory=Attendance)
    tiebreaks: tuple[Tiebreak, ...] = key(
        (Tiebreak.POINTS, Tiebreak.WINS, Tiebreak.SOS, Tiebreak.RATING), "ranking criteria in order", "R6"
    )
    unplayed_loss: UnplayedLoss = key(UnplayedLoss.DRAW, "opponent-based tie-breaks count a round lost without a "
                                      "game (a forfeit loss, a round missed for 0, the rounds after withdrawing) as "
                                      "a draw against oneself (draw) or as a plain loss (loss)", "R6")
    unplayed_half: bool = key(False, "OpenGotha's criteria (sosw, sosm and their kin) count each opponent with half a "
                              "point for every round the opponent did not play over the board, as OpenGotha's 'count "
                              "not played games as half point'", "R6")
    superfinal: bool = key(False, "a tie for first on every criterion is settled by a superfinal match", "R7.8")
    pairing: Pairing = field(default_factory=Pairing)
    playoff: Playoff = field(default_factory=Playoff)
    swiss: Swiss = field(default_factory=Swiss)
    round_robin: RoundRobin = field(default_factory=RoundRobin)
    serp: Serp = field(default_factory=Serp)
    prizes: Prizes = field(default_factory=Prizes)
    norms: Norms = field(default_factory=Norms)
    stages: Stages = field(default_factory=Stages)
    publish: Publish = field(default_factory=Publish)


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


def with_key(config: Config, dotted: str, value: Any) -> Config:
    """The config with one key (`handicap.factor`, a value of its type) replaced."""
    head, _, rest = dotted.partition(".")
    if not rest:
        return replace(config, **{head: value})
    return replace(config, **{head: replace(getattr(config, head), **{rest: value})})
