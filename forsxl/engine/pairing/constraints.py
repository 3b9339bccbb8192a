"""What every pairing method shares: the round's state and the hard rules of R7."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from forsxl.engine.config import ColourPriority, Edge, Seat, Seeding, ShiftOrder, Weights
from forsxl.engine.errors import PairingImpossible
from forsxl.engine.model import PlayerId


@dataclass(frozen=True)
class PairingRules:
    """The hard rules (R7) and the parameters of the pairing methods (`pairing.*` in Config)."""

    allow_rematch: bool = False
    avoid_same_club: bool = False
    shift: int | None = None  # R7.2: a fixed shift; None: the rounds still to play, this one included
    shift_order: ShiftOrder = ShiftOrder.RANKING  # R7.2: shift in the ranking or in the start list
    shift_rating: int = 250  # R7.3
    seeding: Seeding = Seeding.FOLD  # R7.4: this round's seeding inside a score group
    club_gap: Fraction = Fraction(0)  # R7.4: a same-club game weighs like this score gap
    country_gap: Fraction = Fraction(0)  # R7.4
    window: int = 30  # R7.4: the sparse candidate graph's starting width
    lots: str = ""  # R7.4: seeds split-and-random
    seat: Seat = Seat.RATING  # R7.4: the order inside a score group
    drawn_down: Edge = Edge.BOTTOM  # R7.4: which player of a group floats down
    drawn_up: Edge = Edge.TOP  # R7.4: which player of the lower group meets the floater
    compensate: bool = False  # R7.4: a float making up for an earlier one the other way costs less
    colour: ColourPriority = ColourPriority.LAST  # R7.4
    weights: Weights = Weights.FORSXL  # R7.4


@dataclass(frozen=True)
class RoundState:
    """All that pairing may read: present players in ranking order (R6) and the history, digested once."""

    round: int
    players: tuple[PlayerId, ...]
    met: frozenset[frozenset[PlayerId]] = frozenset()
    teams: dict[PlayerId, str] = field(default_factory=dict)
    clubs: dict[PlayerId, str] = field(default_factory=dict)
    byes: Mapping[PlayerId, int] = field(default_factory=dict)  # byes so far, players with none left out
    names: dict[PlayerId, str] = field(default_factory=dict)  # as typed: OpenGotha's lots read them so (R7.4)
    ratings: dict[PlayerId, int] = field(default_factory=dict)  # R7.3
    rounds: int | None = None  # rounds in the tournament, for shift: remaining (R7.2); None: this is the last
    avoid: frozenset[frozenset[PlayerId]] = frozenset()  # pairs from the Avoid column (R7)
    scores: Mapping[PlayerId, Fraction] = field(default_factory=dict)  # R7.4: McMahon score or points
    colours: Mapping[PlayerId, int] = field(default_factory=dict)  # R7.4: whites minus blacks in even games
    floats: Mapping[PlayerId, tuple[int, int]] = field(default_factory=dict)  # R7.4: times drawn (up, down)
    countries: dict[PlayerId, str] = field(default_factory=dict)  # R7.4
    even: Callable[[PlayerId, PlayerId], bool] | None = None  # R7.4: would the pair play even (None: always)
    spared: frozenset[PlayerId] = frozenset()  # R7.4: players club_gap and country_gap spare (swiss.geo_*)
    registered: tuple[PlayerId, ...] = ()  # R7.4: everyone in ranking order, absent too (OpenGotha's groups)
    places: Mapping[PlayerId, int] = field(default_factory=dict)  # R7.4: places before the round, ties alike
    categories: Mapping[PlayerId, int] = field(default_factory=dict)  # R7.4: OpenGotha's category, 0 the strongest
    category_count: int = 1  # R7.4: OpenGotha's number of categories
    handicap_scores: Mapping[PlayerId, int] = field(default_factory=dict)  # R7.4: what OpenGotha's handicap term reads
    handicap_range: int = 1  # R7.4: the range of its concavity there
    score_groups: int = 0  # R7.4: OpenGotha's number of score groups, its concavity's range (0: as many as there are)
    ranks: Mapping[PlayerId, int] = field(default_factory=dict)  # R5: rank indexes, OpenGotha's bye reads them
    gotha_scores: Mapping[PlayerId, int] = field(default_factory=dict)  # R5: its McMahon score, in halves


@dataclass(frozen=True)
class Pairing:
    """Pairs as (upper, lower) in ranking order, and the player with the bye."""

    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None = None


Pair = frozenset[PlayerId]


def not_met_before(state: RoundState, rules: PairingRules) -> Iterator[Pair]:
    """Pairs forbidden because they have played (R7: no two players meet twice)."""
    if not rules.allow_rematch:
        yield from state.met


def _same(labels: dict[PlayerId, str], present: tuple[PlayerId, ...]) -> Iterator[Pair]:
    members: dict[str, list[PlayerId]] = defaultdict(list)
    for pid in present:
        if labels.get(pid, "").strip():
            members[labels[pid].strip().casefold()].append(pid)
    for group in members.values():
        yield from (frozenset((a, b)) for i, a in enumerate(group) for b in group[i + 1 :])


def not_teammates(state: RoundState, rules: PairingRules) -> Iterator[Pair]:
    """Pairs forbidden because both play for one team (R7, R9)."""
    yield from _same(state.teams, state.players)


def not_avoided(state: RoundState, rules: PairingRules) -> Iterator[Pair]:
    """Pairs forbidden by the Avoid column: siblings, couples, whoever the organizer keeps apart (R7)."""
    yield from state.avoid


HARD_RULES: dict[str, Callable[[RoundState, PairingRules], Iterator[Pair]]] = {
    "not_met_before": not_met_before,
    "not_teammates": not_teammates,
    "not_avoided": not_avoided,
}


def club_preference(state: RoundState, rules: PairingRules) -> Callable[[int], list[int]] | None:
    """With `avoid_same_club`, each player's candidates below from other clubs first, nearest first (R7).

    A preference, not a prohibition: unlike team-mates (R9), players of one club still meet when no
    other pairing is left, and then the nearest of them.
    """
    if not rules.avoid_same_club:
        return None
    clubs = [state.clubs.get(pid, "").strip().casefold() for pid in state.players]

    def prefer(a: int) -> list[int]:
        return [c for c in range(a + 1, len(clubs)) if not clubs[a] or clubs[c] != clubs[a]]

    return prefer


def forbidden_by_index(
    state: RoundState, rules: PairingRules, only: tuple[str, ...] = tuple(HARD_RULES)
) -> list[frozenset[int]]:
    """For each present player (by index in `state.players`), the indices they may not meet."""
    index = {pid: i for i, pid in enumerate(state.players)}
    forbidden: list[set[int]] = [set() for _ in state.players]
    for name in only:
        for first, second in HARD_RULES[name](state, rules):
            a, b = index.get(first), index.get(second)
            if a is not None and b is not None:
                forbidden[a].add(b)
                forbidden[b].add(a)
    return [frozenset(f) for f in forbidden]


def impossible(
    state: RoundState, rules: PairingRules, pairable: Callable[[tuple[str, ...]], bool]
) -> PairingImpossible:
    """The error for an unpairable round, naming the hard rules that together make it so (R7)."""
    for player, forbidden in zip(state.players, forbidden_by_index(state, rules), strict=True):
        if len(state.players) > 1 and len(forbidden) == len(state.players) - 1:
            return PairingImpossible("R7", "pairing_player_stuck", player=state.names.get(player, str(player)))
    culprits = [name for name in HARD_RULES if pairable(tuple(n for n in HARD_RULES if n != name))]
    return PairingImpossible(
        "R7", "pairing_impossible", round=state.round, count=len(state.players), rules=", ".join(culprits)
    )
