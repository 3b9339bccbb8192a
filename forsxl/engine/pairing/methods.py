"""The registry of pairing methods (R7): one record per method, all that the engine knows about it.

A new method is one module (its `pair_<method>(state, rules) -> Pairing` and its reasoner) and one line here; a
Config method also needs its `PairingMethod` value, since the Config names what it accepts without importing
pairing code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from forsxl.engine.config import PairingMethod
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState
from forsxl.engine.pairing.neighbours import neighbours_reasons, pair_neighbours
from forsxl.engine.pairing.reasons import Reasoner, scheduled_reasons
from forsxl.engine.pairing.shift import pair_rating_shift, pair_shift, rating_shift_reasons, shift_reasons
from forsxl.engine.pairing.weighted import pair_weighted, weighted_reasons

Pair = Callable[[RoundState, PairingRules], Pairing]
"""`pair_<method>(state, rules) -> Pairing`: one round from what pairing may read (R7)."""


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


_SWISS_KEYS = ("swiss.first_round", "swiss.seeding", "swiss.club_gap", "swiss.country_gap", "swiss.window",
               "swiss.seeding_from", "swiss.seat", "swiss.drawn_down", "swiss.drawn_up", "swiss.compensate",
               "swiss.colour", "swiss.weights", "swiss.geo_rank", "swiss.geo_bar", "swiss.geo_wins")

FORS = Method("fors", "R7", section=True, config=False, keys=("pairing.method", "pairing.until"))
"""A stage section paired round by round by Config `pairing.method` (neighbours under a scheduled one)."""
KNOCKOUT = Method("knockout", "R7", section=True, config=False)
"""A stage section played as a knockout: best against worst still in, the losers out."""

METHODS: dict[str, Method] = {method.name: method for method in (
    Method(PairingMethod.NEIGHBOURS, "R7.1", pair_neighbours, neighbours_reasons),
    Method(PairingMethod.SHIFT, "R7.2", pair_shift, shift_reasons, keys=("pairing.shift", "pairing.shift_order")),
    Method(PairingMethod.RATING_SHIFT, "R7.3", pair_rating_shift, rating_shift_reasons, keys=("pairing.shift_rating",)),
    Method(PairingMethod.MCMAHON, "R7.4", pair_weighted, weighted_reasons, weighted=True, keys=_SWISS_KEYS),
    Method(PairingMethod.SWISS, "R7.4", pair_weighted, weighted_reasons, weighted=True, keys=_SWISS_KEYS),
    Method(PairingMethod.ROUND_ROBIN, "R7.5", None, scheduled_reasons, scheduled=True, section=True,
           keys=("round_robin.cycles", "round_robin.by_size")),
    Method(PairingMethod.SERP, "R7.6", None, scheduled_reasons, scheduled=True, section=True,
           keys=("serp.games", "serp.layout", "serp.subgroup_size")),
    FORS,
    KNOCKOUT,
)}
"""Every method by its name: the Config values of `pairing.method` and the section words of `stages.plan`."""

SECTION_METHODS: dict[str, Method] = {name: method for name, method in METHODS.items() if method.section}
"""The methods a stage section may name (R7)."""

SCHEDULED = frozenset(PairingMethod(name) for name, method in METHODS.items() if method.scheduled)
"""Methods that fix every round before the tournament starts (R7.5, R7.6)."""
