"""The registry of pairing methods (R7): one record per method, all that the engine knows about it.

A new method is one module (its `pair_<method>(state, rules) -> Pairing` and its reasoner) and one line here; a
Config method also needs its `PairingMethod` value, since the Config names what it accepts without importing
pairing code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from forsxl.engine.config import Config, PairingMethod, ShiftOrder
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState
from forsxl.engine.pairing.neighbours import neighbours_reasons, pair_neighbours
from forsxl.engine.pairing.reasons import Reasoner, scheduled_reasons
from forsxl.engine.pairing.shift import pair_rating_shift, pair_shift, rating_shift_reasons, shift_reasons
from forsxl.engine.pairing.weighted import pair_weighted, weighted_reasons

Pair = Callable[[RoundState, PairingRules], Pairing]
"""`pair_<method>(state, rules) -> Pairing`: one round from what pairing may read (R7)."""


@dataclass(frozen=True)
class Said:
    """A sentence of the Положение in English, worded in the workbook's language where it is written
    (publish/regulation.py): a msgid and its {params}, any of them a Said itself; with `plural`, the msgid's plural
    form, chosen by the number `count` as the language agrees it."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str = ""
    count: int = 0


def sentence(text: str, **params: Any) -> Said:
    """A sentence (its msgid is `text`, found there by `python -m forsxl.locale`)."""
    return Said(text, params)


def sentence_n(text: str, plural: str, count: int, **params: Any) -> Said:
    """A sentence whose words agree with the number `count` (`1 game`, `2 games`; Russian `1 партию`, `5 партий`)."""
    return Said(text, params, plural, count)


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

    name: str
    """The Config value, and the word of a stage plan."""
    rule: str
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


_SWISS_KEYS = ("swiss.first_round", "swiss.seeding", "swiss.club_gap", "swiss.country_gap", "swiss.window",
               "swiss.seeding_from", "swiss.seat", "swiss.drawn_down", "swiss.drawn_up", "swiss.compensate",
               "swiss.colour", "swiss.weights", "swiss.geo_rank", "swiss.geo_bar", "swiss.geo_wins")

FORS = Method("fors", "R7", section=True, config=False, keys=("pairing.method", "pairing.until"))
"""A stage section paired round by round by Config `pairing.method` (neighbours under a scheduled one)."""
KNOCKOUT = Method("knockout", "R7", section=True, config=False)
"""A stage section played as a knockout: best against worst still in, the losers out."""

METHODS: dict[str, Method] = {method.name: method for method in (
    Method(PairingMethod.NEIGHBOURS, "R7.1", pair_neighbours, neighbours_reasons, said=lambda config: sentence(
        "pairs are made top-down in the standings: the highest player still without an opponent meets the nearest "
        "one below they may meet; when the rest could not be paired, the pair made last is broken")),
    Method(PairingMethod.SHIFT, "R7.2", pair_shift, shift_reasons, keys=("pairing.shift", "pairing.shift_order"),
           said=_shift),
    Method(PairingMethod.RATING_SHIFT, "R7.3", pair_rating_shift, rating_shift_reasons, keys=("pairing.shift_rating",),
           said=lambda config: sentence("top-down, each player meets the one whose rating is nearest their own less "
                                        "{points}", points=config.pairing.shift_rating)),
    Method(PairingMethod.MCMAHON, "R7.4", pair_weighted, weighted_reasons, weighted=True, keys=_SWISS_KEYS,
           said=_weighted(sentence("players of equal McMahon score meet"))),
    Method(PairingMethod.SWISS, "R7.4", pair_weighted, weighted_reasons, weighted=True, keys=_SWISS_KEYS,
           said=_weighted(sentence("players of equal points meet"))),
    Method(PairingMethod.ROUND_ROBIN, "R7.5", None, scheduled_reasons, scheduled=True, section=True,
           keys=("round_robin.cycles", "round_robin.by_size"), said=lambda config: sentence_n(
               "everyone meets everyone, {count} time; the schedule is fixed before the first round",
               "everyone meets everyone, {count} times; the schedule is fixed before the first round",
               config.round_robin.cycles)),
    Method(PairingMethod.SERP, "R7.6", None, scheduled_reasons, scheduled=True, section=True,
           keys=("serp.games", "serp.layout", "serp.subgroup_size"), said=lambda config: sentence_n(
               "each plays {count} game against the players nearest in rating; the schedule is fixed before the "
               "first round", "each plays {count} games against the players nearest in rating; the schedule is "
               "fixed before the first round", config.serp.games)),
    FORS,
    KNOCKOUT,
)}
"""Every method by its name: the Config values of `pairing.method` and the section words of `stages.plan`."""

SECTION_METHODS: dict[str, Method] = {name: method for name, method in METHODS.items() if method.section}
"""The methods a stage section may name (R7)."""

SCHEDULED = frozenset(PairingMethod(name) for name, method in METHODS.items() if method.scheduled)
"""Methods that fix every round before the tournament starts (R7.5, R7.6)."""
