"""Rounds from a compact text table, so engine tests state their tournaments inline (STYLE 14)."""

from fractions import Fraction

from forsxl.engine.model import Game, PlayerId, Result, Round, Sitout
from forsxl.engine.pairing.constraints import Pairing


def rounds_from_text(rounds: str) -> tuple[Round, ...]:
    """Lines `N: black-white/steps result, ..., bye id, absent id, unpaired id`; steps 0 is an even game with komi
    6.5."""
    played = []
    for line in filter(None, (s.strip() for s in rounds.splitlines())):
        number, _, rest = line.partition(":")
        games: list[Game] = []
        sitouts: list[tuple[PlayerId, Sitout]] = []
        for word, value in (item.split() for item in rest.split(",")):
            if word in ("bye", "absent", "unpaired"):
                sitouts.append((PlayerId(int(value)), Sitout(word)))
                continue
            pair, _, steps = word.partition("/")
            black, white = map(int, pair.split("-"))
            n = int(steps or 0)
            komi = Fraction(0) if n else Fraction(13, 2)
            games.append(Game(len(games) + 1, PlayerId(black), PlayerId(white), n, komi, n, 1, Result(value)))
        played.append(Round(int(number), tuple(games), tuple(sitouts)))
    return tuple(played)


def show(pairing: Pairing) -> str:
    """A pairing as `1-3 2-4 bye 5`."""
    bye = f" bye {pairing.bye}" if pairing.bye is not None else ""
    return " ".join(f"{a}-{b}" for a, b in pairing.pairs) + bye
