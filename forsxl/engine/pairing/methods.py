"""The registry of pairing methods (R7): one record per method, all that forsxl knows about it.

A new method is one module (its `pair_<method>(state, rules) -> Pairing` and its reasoner) and one record here: its
name is the value Config `pairing.method` takes (read against this registry, book/config.py, since Config sits
below the pairing code), its words name it in messages and the Положение, and its sentence says how it pairs there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from forsxl.engine.config import Config, PairingMethod, ShiftOrder
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState
from forsxl.engine.pairing.neighbours import neighbours_reasons, pair_neighbours
from forsxl.engine.pairing.reasons import Reasoner, scheduled_reasons
from forsxl.engine.pairing.shift import pair_rating_shift, pair_shift, rating_shift_reasons, shift_reasons
from forsxl.engine.pairing.weighted import pair_weighted, weighted_reasons
from forsxl.engine.said import Said, sentence, sentence_n

Pair = Callable[[RoundState, PairingRules], Pairing]
"""`pair_<method>(state, rules) -> Pairing`: one round from what pairing may read (R7)."""


SEEDING = {"fold": sentence("the first against the last"),
           "slip": sentence("the top half against the bottom half in order"),
           "random": sentence("the top half against the bottom half by lot")}
"""How a score group is paired inside (R7.4), in words."""


def _weighted(meet: Said) -> Callable[[Config], Said]:
    """McMahon's or Swiss's sentence: who `meet`s, then how (R7.4)."""
    return lambda config: sentence(
        "{meet}, by the pairing of the whole round that keeps scores closest; inside a group of equal score, {first} "
        "in the first rounds, {seeding} from round {from_round}; then floats and colours are balanced", meet=meet,
        first=SEEDING[config.swiss.first_round.value],
        seeding=SEEDING[config.swiss.seeding.value], from_round=config.swiss.seeding_from)


def _shift(config: Config) -> Said:
    """The shift pairing's sentence (R7.2)."""
    rules = config.pairing
    order = sentence("in the standings") if rules.shift_order == ShiftOrder.RANKING else sentence("in the start list")
    shift = sentence("the number of rounds still to play, this one included") if rules.shift is None else rules.shift
    return sentence("player i {order} meets player i+s, s being {shift}", order=order, shift=shift)


@dataclass(frozen=True)
class Method:
    """A way to make a tournament's rounds (R7): a value of Config `pairing.method`, a section of a stage plan
    (`name: <method>, ...`), or both."""

    name: PairingMethod
    """The Config value, and the word of a stage plan."""
    rule: str
    words: Said | None = None
    """Its name in words, in messages and the Положение (`McMahon`); every Config method has them."""
    pair: Pair | None = None
    """Pairs one round from the standings; None for a method that is not a Config method paired round by round."""
    reasons: Reasoner | None = None
    """Why each pair of a round was formed (`explain`); None: only the facts every pair has."""
    scheduled: bool = False
    """Every round fixed before the first (`forsxl schedule`)."""
    weighted: bool = False
    """Pairs by optimal weighted matching over score groups: reads scores, floats and colours (R7.4)."""
    keys: tuple[str, ...] = ()
    """The Config keys it reads besides the hard rules of R7 (`pairing.allow_rematch`, `pairing.avoid_same_club`)."""
    section: bool = False
    """A section of a stage plan may play by it (R7)."""
    config: bool = True
    """A value of Config `pairing.method` (a `PairingMethod`)."""
    said: Callable[[Config], Said] | None = None
    """How it pairs, in the Положение's words, with this Config's numbers: a clause after the method's name."""

    def __post_init__(self) -> None:
        if self.config and self.words is None:  # the Положение and every message naming it would have no word for it
            raise TypeError(f"pairing method {self.name!r}: a Config method needs its words")

    @property
    def named(self) -> Said:
        """Its name in words: `words`, else (a stage section's word alone) the word as a stage plan has it."""
        return self.words or Said(self.name)


_SWISS_KEYS = ("swiss.first_round", "swiss.seeding", "swiss.club_gap", "swiss.country_gap", "swiss.window",
               "swiss.seeding_from", "swiss.seat", "swiss.drawn_down", "swiss.drawn_up", "swiss.compensate",
               "swiss.colour", "swiss.weights", "swiss.geo_rank", "swiss.geo_bar", "swiss.geo_wins")

NEIGHBOURS = Method(
    PairingMethod("neighbours"), "R7.1", sentence("neighbours in the standings"), pair_neighbours, neighbours_reasons,
    said=lambda config: sentence(
        "pairs are made top-down in the standings: the highest player still without an opponent meets the nearest "
        "one below they may meet; when the rest could not be paired, the pair made last is broken"))
SHIFT = Method(PairingMethod("shift"), "R7.2", sentence("shift"), pair_shift, shift_reasons,
               keys=("pairing.shift", "pairing.shift_order"), said=_shift)
RATING_SHIFT = Method(
    PairingMethod("rating_shift"), "R7.3", sentence("rating shift"), pair_rating_shift, rating_shift_reasons,
    keys=("pairing.shift_rating",), said=lambda config: sentence(
        "top-down, each player meets the one whose rating is nearest their own less {points}",
        points=config.pairing.shift_rating))
ROUND_ROBIN = Method(
    PairingMethod("round_robin"), "R7.5", sentence("round robin"), None, scheduled_reasons, scheduled=True,
    section=True, keys=("round_robin.cycles", "round_robin.by_size"), said=lambda config: sentence_n(
        "everyone meets everyone, {count} time; the schedule is fixed before the first round",
        "everyone meets everyone, {count} times; the schedule is fixed before the first round",
        config.round_robin.cycles))
SERP = Method(
    PairingMethod("serp"), "R7.6", sentence("Serp"), None, scheduled_reasons, scheduled=True, section=True,
    keys=("serp.games", "serp.layout", "serp.subgroup_size"), said=lambda config: sentence_n(
        "each plays {count} game against the players nearest in rating; the schedule is fixed before the first round",
        "each plays {count} games against the players nearest in rating; the schedule is fixed before the first "
        "round", config.serp.games))
MCMAHON = Method(PairingMethod("mcmahon"), "R7.4", sentence("McMahon"), pair_weighted, weighted_reasons, weighted=True,
                 keys=_SWISS_KEYS, said=_weighted(sentence("players of equal McMahon score meet")))
SWISS = Method(PairingMethod("swiss"), "R7.4", sentence("Swiss"), pair_weighted, weighted_reasons, weighted=True,
               keys=_SWISS_KEYS, said=_weighted(sentence("players of equal points meet")))
FORS = Method(PairingMethod("fors"), "R7", section=True, config=False, keys=("pairing.method", "pairing.until"))
"""A stage section paired round by round by Config `pairing.method` (neighbours under a scheduled one)."""
KNOCKOUT = Method(PairingMethod("knockout"), "R7", section=True, config=False)
"""A stage section played as a knockout: best against worst still in, the losers out."""

METHODS: dict[str, Method] = {method.name: method for method in (
    NEIGHBOURS, SHIFT, RATING_SHIFT, ROUND_ROBIN, SERP, MCMAHON, SWISS, FORS, KNOCKOUT)}
"""Every method by its name: the Config values of `pairing.method` and the section words of `stages.plan`. A new
method is one more record here."""


def config_methods() -> list[PairingMethod]:
    """The values Config `pairing.method` takes, in the registry's order (R7)."""
    return [method.name for method in METHODS.values() if method.config]


SECTION_METHODS: dict[str, Method] = {name: method for name, method in METHODS.items() if method.section}
"""The methods a stage section may name (R7)."""

SCHEDULED = frozenset(method.name for method in METHODS.values() if method.scheduled)
"""Methods that fix every round before the tournament starts (R7.5, R7.6)."""
