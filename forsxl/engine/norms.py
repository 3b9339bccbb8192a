"""Rank norms: the share of the points at stake a player needs for one or two ranks up (R6, [002] Novosibirsk 1977).

Config `norms.bands` gives, per band of start ranks, the shares for +1, +2, ... ranks: `20k-1k: 70%/90%` is the
1977 rule, 70 % of the points for the next kyu and 90 % for two.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.config import Config, Ratings
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Color, Game, Player, PlayerId, Points, Result, RoundCell
from forsxl.engine.scoring import game_points
from forsxl.engine.standings import Standing
from forsxl.engine.values import NormBand, Rank

_BAND = re.compile(r"^(?P<low>[^-:–]+?)\s*(?:[-–]\s*(?P<high>[^:]+?))?\s*:\s*(?P<shares>.+)$")


def parse_norm_band(text: str) -> NormBand:
    """One entry of `norms.bands`, like `20k-1k: 70%/90%` or `5k: 0.75` (R6); ForsxlError when it does not fit."""
    try:
        return _parse_band(text)
    except (ValueError, ZeroDivisionError):
        raise ForsxlError("R6", "config_norm_bad", part=text) from None


def _share(text: str) -> Fraction:
    text = text.strip().replace(",", ".")
    value = Fraction(text.removesuffix("%").strip()) / (100 if text.endswith("%") else 1)
    if not 0 < value <= 1:
        raise ValueError(text)
    return value


def _parse_band(text: str) -> NormBand:
    """The band `text` writes (R6); ValueError when it does not fit."""
    match = _BAND.match(text.strip())
    if match is None:
        raise ValueError(text)
    ranks = [Rank.parse(match["low"]), Rank.parse(match["high"] or match["low"])]
    shares = tuple(_share(s) for s in match["shares"].split("/"))
    if None in ranks or list(shares) != sorted(set(shares)):
        raise ValueError(text)  # shares for more ranks up must grow
    low, high = sorted(r.index for r in ranks if r is not None)
    return NormBand(low, high, shares, text.strip())


@dataclass(frozen=True)
class NormResult:
    share: Fraction
    """Points earned over the points at stake in the games played over the board."""
    ranks: int
    """Ranks up the share earns: 0 for none."""

    def label(self) -> str:
        """`+2 (91%)`, or `(64%)` below every norm; the percentage rounded down so that it never looks met."""
        percent = f"({int(self.share * 100)}%)"
        return f"+{self.ranks} {percent}" if self.ranks else percent


def points_at_stake(cell: RoundCell, config: Config) -> Points:
    """What the player would have scored by winning this game: the win for its handicap and side (R4)."""
    game = Game(0, PlayerId(1), PlayerId(2), cell.stones, Fraction(0), cell.steps, 0)
    black_wins = cell.color == Color.BLACK
    black, white = game_points(game, Result.BLACK_WINS if black_wins else Result.WHITE_WINS, config.scoring)
    return black if black_wins else white


def _band_of(player: Player, bands: Sequence[NormBand], ratings: Ratings) -> NormBand | None:
    index = player.rank_by(ratings).index
    return next((b for b in bands if b.low <= index <= b.high), None)


def rank_norms(config: Config, table: Sequence[Standing]) -> Mapping[PlayerId, NormResult]:
    """Each player of a band who played a game: their share of the points at stake and the ranks it earns (R6).

    Only games played over the board count: byes, absences and forfeits put nothing at stake. The first band
    that holds the player's start rank applies.
    """
    results: dict[PlayerId, NormResult] = {}
    for s in table:
        band = _band_of(s.player, config.norms.bands, config.ratings)
        games = [c for c in s.cells if c.played]
        if band is None or not games:
            continue
        stake = sum((points_at_stake(c, config) for c in games), Fraction(0))
        share = sum((c.points or Fraction(0) for c in games), Fraction(0)) / stake
        results[s.player.id] = NormResult(share, sum(share >= need for need in band.shares))
    return results
