"""The tournament as plain immutable values: players, games, rounds (R0, R11)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import NamedTuple, NewType

from forsxl.engine.config import Config, Ratings
from forsxl.engine.ratings import rank_of_rating
from forsxl.engine.values import Lang, Rank

PlayerId = NewType("PlayerId", int)
"""A player's start number (the `No` column)."""

Points = Fraction
"""Tournament points: exact, because equality decides places."""

SUPERFINAL = "SUP"
"""The stage of a superfinal game, numbered SUP1, SUP2, ... (R7.8)."""


_LOOKALIKES = str.maketrans("аеорсухкмтнвёАЕОРСУХКМТНВЁ", "aeopcyxkmthbeAEOPCYXKMTHBE")
"""Cyrillic letters that look like Latin ones: "Иванов" typed with a Latin "а" is still one player; and ё, which
Russian writes as е as often as not: "Фёдоров" and "Федоров" are one player."""


def name_key(name: str) -> str:
    """The identity of a name: spaces collapsed, case, ё and Latin/Cyrillic look-alikes folded."""
    return " ".join(name.split()).translate(_LOOKALIKES).casefold()


def number_text(value: Fraction) -> str:
    """A number as people write it: 15, 6.5, -8; a fraction with no finite decimal stays 2/3."""
    if value.denominator == 1:
        return str(value.numerator)
    decimal = value.denominator
    for prime in (2, 5):
        while decimal % prime == 0:
            decimal //= prime
    return str(float(value)) if decimal == 1 else str(value)


@dataclass(frozen=True, order=True)
class Source:
    """Where a value came from in the workbook, e.g. ``Players!C7``."""

    sheet: str
    cell: str = ""

    def __str__(self) -> str:
        sheet = self.sheet
        if sheet != sheet.strip() or any(c in sheet for c in "!':"):  # quoted as Excel quotes it, so that a message
            # line starts with its place, and Calc's menu and `explain --player` read the place back
            sheet = "'" + sheet.replace("'", "''") + "'"
        return f"{sheet}!{self.cell}" if self.cell else sheet


class Result(StrEnum):
    """A game's record as typed by a referee (R11); the value is the canonical notation."""

    BLACK_WINS = "B+"
    WHITE_WINS = "W+"
    DRAW = "="
    BLACK_FORFEIT = "B+F"
    WHITE_FORFEIT = "W+F"
    DOUBLE_FORFEIT = "0-0"
    BOTH_WIN = "1-1"
    """A win for both over the board, by the referee's decision: OpenGotha's "both win" (RESULT_BOTHWIN)."""

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.BLACK_FORFEIT, Result.WHITE_FORFEIT, Result.DOUBLE_FORFEIT)


class Outcome(StrEnum):
    """A player's outcome of a round, as the EGF results table writes it (R6): won, drawn or lost, over the board, by
    forfeit, or by a bye's or an absence's points."""

    WIN = "+"
    DRAW = "="
    LOSS = "-"


class Color(StrEnum):
    BLACK = "b"
    WHITE = "w"


class Sitout(StrEnum):
    """Why a player has no game in a round (R5)."""

    BYE = "bye"
    ABSENT = "absent"
    UNPAIRED = "unpaired"  # there but not paired, 0 points: OpenGotha's participating player without a game


COLOUR_LETTERS = {Lang.EN: {Color.BLACK: "b", Color.WHITE: "w"}, Lang.RU: {Color.BLACK: "ч", Color.WHITE: "б"}}
"""A round cell's colour: the EGF's b and w; in Russian Ч (чёрные) and Б (белые), as the results are written there,
since a Russian reads a Latin b as Б, the other colour."""


class RoundCell(NamedTuple):
    """A player's round, as in the EGF results table: `12+/w2`, `0=` for a bye (R6, WORKBOOK). A NamedTuple: each
    round makes one per player, and a frozen dataclass costs several times as much to make."""

    round: int
    opponent: PlayerId | None
    outcome: Outcome | None
    points: Points | None
    color: Color | None = None
    stones: int = 0
    steps: int = 0
    forfeit: bool = False
    sitout: Sitout | None = None

    @property
    def played(self) -> bool:
        """A game played over the board, with a result."""
        return self.opponent is not None and self.outcome is not None and not self.forfeit

    def text(self, lang: Lang = Lang.EN) -> str:
        """The cell as the standings write it: `12+/w2`, `0=`; in Russian the colour's own letter, `12+/б2`."""
        if self.opponent is None:  # no outcome either: a round the player had no part in (a stage, R7)
            return "" if self.outcome is None else f"0{self.outcome}"
        mark = "!" if self.forfeit else "/"
        stones = str(self.stones) if self.stones else ""
        colour = COLOUR_LETTERS[lang][self.color] if self.color else ""
        return f"{self.opponent}{self.outcome or '?'}{mark}{colour}{stones}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Player:
    id: PlayerId
    name: str
    """The Name cell with its spaces collapsed: who the player is (`name_key`), as every sheet and export shows it."""
    rating: int
    club: str = ""
    city: str = ""
    country: str = ""
    team: str = ""
    group: int | None = None
    category: str = ""
    start: Points | None = None
    correction: int = 0
    """Start points added to the computed ones: McMahon's super-bar groups, the `MMS` column (R1.4)."""
    avoid: frozenset[PlayerId] = frozenset()
    """Players this one must never meet: siblings, couples (the `Avoid` column, R7)."""
    absent: frozenset[int] = frozenset()
    left_after: int | None = None
    egd_pin: str = ""
    rfg_id: str = ""
    aga_id: str = ""
    ffg_licence: str = ""
    latin: str = ""
    """The name in Latin letters as the player's federation writes it (`Latin name`): the EGD export writes it
    instead of a transliteration."""
    rank: Rank | None = None
    """The rank typed in Players (the declared rank); read beside a rating with `ratings.declared_rank` (R0)."""
    by_category: bool = False
    """The rank (and so the rating) is the one `ratings.categories` gives the player's sport category: neither was
    typed (R0)."""
    source: Source | None = None
    written: str = ""
    """The Name cell as typed where its spaces are other than `name`'s (`firstName="Jiale "` of an OpenGotha file):
    OpenGotha's lots read a name as written, spaces included (R7.4, `gotha_name`)."""

    def rank_by(self, ratings: Ratings) -> Rank:
        """The player's rank (R0): the declared one with `ratings.declared_rank` where typed, else the rating's."""
        if ratings.declared_rank and self.rank is not None:
            return self.rank
        return rank_of_rating(self.rating, ratings.scale)

    def has_left(self, round_number: int) -> bool:
        """Whether the player withdrew before this round (R5: `Left after`)."""
        return self.left_after is not None and round_number > self.left_after

    def plays_in(self, round_number: int) -> bool:
        """Whether the player is to be paired in this round (R5: announced absence, withdrawal)."""
        return not self.has_left(round_number) and round_number not in self.absent


@dataclass(frozen=True)
class Game:
    """One board. White gives `steps` handicap steps (R2); `group` is the pair's group, 1 = top (R3)."""

    board: int
    black: PlayerId
    white: PlayerId
    stones: int
    komi: Fraction
    steps: int
    group: int
    result: Result | None = None
    source: Source | None = None
    stage: str = ""
    """A playoff game's label (R7.7): QF1-QF4, SF1, SF2, F, 3rd; a superfinal game's SUP1, SUP2, ... (R7.8);
    empty in the main tournament."""

    def with_result(self, result: Result | None) -> Game:
        """This board with `result`: a simulation sets thousands, and dataclasses.replace costs twice as much."""
        return Game(self.board, self.black, self.white, self.stones, self.komi, self.steps, self.group, result,
                    self.source, self.stage)

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.white if player == self.black else self.black


@dataclass(frozen=True)
class Round:
    number: int
    games: tuple[Game, ...]
    sitouts: tuple[tuple[PlayerId, Sitout], ...] = ()

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """Hashed once: standings look a round up by value before every later round's pairing (R6, R10)."""
        return hash((self.number, self.games, self.sitouts))

    @property
    def complete(self) -> bool:
        return all(game.result is not None for game in self.games)

    def has_results(self) -> bool:
        return any(game.result is not None for game in self.games)

    @property
    def superfinal(self) -> bool:
        """A round of the superfinal match (R7.8): its only game is labelled SUP1, SUP2, ...; it scores nothing."""
        return bool(self.games) and all(g.stage.startswith(SUPERFINAL) for g in self.games)

    def players(self) -> frozenset[PlayerId]:
        ids = {p for g in self.games for p in (g.black, g.white)}
        return frozenset(ids | {p for p, _ in self.sitouts})


@dataclass(frozen=True)
class Tournament:
    """The whole state, as read from the workbook: config, players in start-number order, rounds so far."""

    config: Config
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()

    def player(self, pid: PlayerId) -> Player:
        return self._by_id[pid]

    @cached_property
    def _by_id(self) -> dict[PlayerId, Player]:
        return {p.id: p for p in self.players}
