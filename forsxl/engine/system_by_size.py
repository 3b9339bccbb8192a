"""The renju weekly format by the number of players, and the superfinal (R8, R7.8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.config import SCHEDULED, Tiebreak
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import PlayerId, Tournament
from forsxl.engine.standings import Standing


@dataclass(frozen=True)
class Format:
    """What a field of n players plays (R8): a round robin of `cycles`, or a Swiss of `rounds`."""

    system: str
    cycles: int = 0
    rounds: int = 0


def format_by_size(n: int) -> Format:
    """The format for n players (R8): <4 not held; 4-6 double round robin; 7-10 single; >10 Swiss of
    2·floor(log2 n)+1 rounds (11-15 -> 7, 16-31 -> 9, 32-63 -> 11)."""
    if n < 4:
        raise ForsxlError("R8", "too_few_players", count=n)
    if n <= 6:
        return Format("round_robin", cycles=2, rounds=2 * (n - 1 + n % 2))
    if n <= 10:
        return Format("round_robin", cycles=1, rounds=n - 1 + n % 2)
    return Format("swiss", rounds=2 * (n.bit_length() - 1) + 1)


def superfinal(ranking: Sequence[tuple[PlayerId, str, int]]) -> tuple[PlayerId, PlayerId] | None:
    """The two players of a superfinal (R7.8), or None: when several share first place on every criterion,
    the two with the highest start rating play a match to two wins for places 1-2.

    `ranking` is (player, place, start rating) in ranking order; a shared first place reads `1-3`.
    """
    tied = [(rating, pid) for pid, place, rating in ranking if place.split("-")[0] == "1" and "-" in place]
    if len(tied) < 2:
        return None
    top = sorted(tied, key=lambda item: (-item[0], item[1]))[:2]
    return top[0][1], top[1][1]


def finished(t: Tournament) -> bool:
    """Every round played (R7.8): all rounds complete, and as many as `rounds` unless the schedule fixed them all."""
    if not t.rounds or not all(r.complete for r in t.rounds):
        return False
    return t.config.pairing.method[0] in SCHEDULED or len(t.rounds) >= t.config.rounds


def final_superfinal(t: Tournament, table: Sequence[Standing]) -> tuple[PlayerId, PlayerId] | None:
    """The superfinal of `t` (R7.8) from its standings `table`: only when `superfinal` is on and the tournament
    is finished; None otherwise or when first place is not shared.

    [000 §4.5-4.6]: the start rating separates players tied for a lower place, never a tie for first, so
    first place is shared on the criteria before `rating`.
    """
    if not t.config.superfinal or not finished(t) or not table:
        return None
    tiebreaks = list(t.config.tiebreaks)
    criteria = tiebreaks[: tiebreaks.index(Tiebreak.RATING)] if Tiebreak.RATING in tiebreaks else tiebreaks

    def key(standing: Standing) -> tuple[Fraction, ...]:
        return tuple(standing.values[c] for c in criteria)

    leaders = [s for s in table if key(s) == key(table[0])]
    place = f"1-{len(leaders)}" if len(leaders) > 1 else "1"
    return superfinal([(s.player.id, place, s.player.rating) for s in leaders])
