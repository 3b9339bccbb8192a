"""The renju weekly format by the number of players, and the superfinal (R8, R7.8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from forsxl.engine.config import Tiebreak
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import SUPERFINAL, Game, PlayerId, Result, Round, Tournament
from forsxl.engine.pairing.methods import SCHEDULED, SWISS
from forsxl.engine.standings import Standing, standings

_WINNER = {Result.BLACK_WINS: "b", Result.BLACK_FORFEIT: "b", Result.WHITE_WINS: "w", Result.WHITE_FORFEIT: "w"}


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


_SWISS_ONLY = (Tiebreak.PROGRESS, Tiebreak.BUCHHOLZ)


def swiss_by_size(t: Tournament) -> tuple[Tournament, list[ForsxlError]]:
    """The tournament as played, and a note when its format changed: a renju weekly (`round_robin.by_size`) of
    more than 10 players is a Swiss of 2·floor(log2 N)+1 rounds (R8), paired round by round by score groups
    (R7.4); `direct` is for round robins, and progress and Buchholz, for Swiss only, come in before the rating
    [000 §4.4]. N is the field of round 1 once it is paired: a late entrant ([000 §3.3]) changes neither the format
    nor the rounds planned."""
    config = t.config
    field = len(t.rounds[0].players()) if t.rounds else len(t.players)
    if not config.round_robin.by_size or field <= 10:
        return t, []
    rounds = format_by_size(field).rounds
    kept = [c for c in config.tiebreaks if c not in (Tiebreak.DIRECT, *_SWISS_ONLY)]
    at = kept.index(Tiebreak.RATING) if Tiebreak.RATING in kept else len(kept)
    tiebreaks = (*kept[:at], *_SWISS_ONLY, *kept[at:])
    pairing = replace(config.pairing, method=(SWISS.name,), until=())
    note = ForsxlError("R8", "renju_swiss", count=field, rounds=rounds,
                       tiebreaks=", ".join(c.value for c in tiebreaks))
    return replace(t, config=replace(config, rounds=rounds, tiebreaks=tiebreaks, pairing=pairing)), [note]


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


def regular(t: Tournament) -> Tournament:
    """`t` without the superfinal's rounds (R7.8)."""
    return replace(t, rounds=tuple(r for r in t.rounds if not r.superfinal))


def finished(t: Tournament) -> bool:
    """Every round played (R7.8): all rounds complete, and as many as `rounds` unless the schedule fixed them all;
    the superfinal's rounds do not count."""
    rounds = regular(t).rounds
    if not rounds or not all(r.complete for r in rounds):
        return False
    return t.config.pairing.method[0] in SCHEDULED or len(rounds) >= t.config.rounds


def final_superfinal(t: Tournament, table: Sequence[Standing]) -> tuple[PlayerId, PlayerId] | None:
    """The superfinal of `t` (R7.8) from its standings `table`: only when `superfinal` is on and the tournament
    is finished; None otherwise, when first place is not shared, or once the match is decided.

    [000 §4.5-4.6]: the start rating separates players tied for a lower place, never a tie for first, so
    first place is shared on the criteria before `rating`.
    """
    pair = _named(t, table)
    return None if pair is None or match_winner(t, pair) is not None else pair


def _named(t: Tournament, table: Sequence[Standing]) -> tuple[PlayerId, PlayerId] | None:
    """The two players of the superfinal, whether or not it has been played (R7.8)."""
    if not t.config.superfinal or not finished(t) or not table:
        return None
    tiebreaks = list(t.config.tiebreaks)
    criteria = tiebreaks[: tiebreaks.index(Tiebreak.RATING)] if Tiebreak.RATING in tiebreaks else tiebreaks

    def key(standing: Standing) -> tuple[Fraction, ...]:
        return tuple(standing.values[c] for c in criteria)

    leaders = [s for s in table if key(s) == key(table[0])]
    place = f"1-{len(leaders)}" if len(leaders) > 1 else "1"
    return superfinal([(s.player.id, place, s.player.rating) for s in leaders])


def match_games(t: Tournament, before_round: int | None = None) -> tuple[Game, ...]:
    """The superfinal's games so far (R7.8), or before round `before_round`."""
    return tuple(g for r in t.rounds if r.superfinal and (before_round is None or r.number < before_round)
                 for g in r.games)


def match_wins(games: Sequence[Game]) -> dict[PlayerId, int]:
    """Wins in the superfinal match (R7.8): a draw, a double forfeit or a game without a result counts for nobody."""
    wins: dict[PlayerId, int] = {}
    for g in games:
        side = _WINNER.get(g.result) if g.result is not None else None
        if side is not None:
            who = g.black if side == "b" else g.white
            wins[who] = wins.get(who, 0) + 1
    return wins


def match_winner(t: Tournament, pair: tuple[PlayerId, PlayerId]) -> PlayerId | None:
    """Who won the match to two wins (R7.8), None while neither has two."""
    wins = match_wins(match_games(t))
    return next((pid for pid in pair if wins.get(pid, 0) >= 2), None)


def superfinal_game(t: Tournament, number: int | None = None) -> Game | None:
    """The superfinal game of round `number` (default: the next round) (R7.8), or None when no match is due or it is
    decided by the rounds before: an even game on board 1 labelled SUP1, SUP2, ..., komi.even, colours alternating
    with the higher-rated player White first."""
    base = regular(t)
    if not finished(base):  # no match before the last round: spare the standings every pair_round would compute
        return None
    pair = _named(base, standings(base))
    if pair is None:
        return None
    played = match_games(t, number)
    wins = match_wins(played)
    if any(wins.get(pid, 0) >= 2 for pid in pair):
        return None
    white, black = pair if len(played) % 2 == 0 else pair[::-1]
    return Game(1, black, white, 0, t.config.komi.even, 0, 1, stage=f"{SUPERFINAL}{len(played) + 1}")


def superfinal_round(t: Tournament, number: int) -> Round | None:
    """Round `number` as the superfinal's only game, nobody else playing (R7.8), or None when no game is due."""
    game = superfinal_game(t, number)
    return None if game is None else Round(number, (game,))


def superfinal_places(t: Tournament, table: Sequence[Standing]) -> list[Standing] | None:
    """The final standings once the match is decided (R7.8): the winner 1st, the loser 2nd, everyone else keeps their
    place, a shared `1-k` becoming `3-k`; None while no match is decided."""
    pair = _named(t, table)
    won = None if pair is None else match_winner(t, pair)
    if pair is None or won is None:
        return None
    lost = pair[1] if won == pair[0] else pair[0]
    by_id = {s.player.id: s for s in table}
    rest = []
    for s in table:
        if s.player.id in pair:
            continue
        low, _, high = s.place.partition("-")
        place = s.place if int(low) > 2 else ("3" if high in ("", "3") else f"3-{high}")
        rest.append(s._replace(place=place))
    return [by_id[won]._replace(place="1"), by_id[lost]._replace(place="2"), *rest]
