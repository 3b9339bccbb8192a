"""What a pairing method's reasoner reads and says: why each pair of a paired round was formed (R7).

Nothing here decides anything: `explain` rebuilds the state the method read (`RoundContext`) and each method's
reasoner, kept next to its pairing code, replays its choices. Reasons are message codes with parameters (texts in
`forsxl.messages`), so that every language words them its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from forsxl.engine.config import PairingMethod
from forsxl.engine.model import PlayerId, Tournament
from forsxl.engine.pairing.constraints import PairingRules, RoundState


@dataclass(frozen=True)
class Reason:
    """One sentence of an explanation: a message code and its parameters (player names already resolved)."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class RoundContext:
    """What a method's reasoner may read: the state its pairing read, and this round's outcome."""

    t: Tournament
    number: int
    method: PairingMethod
    state: RoundState
    rules: PairingRules
    partner: Mapping[PlayerId, PlayerId]
    bye: PlayerId | None

    def name(self, pid: PlayerId) -> str:
        return self.t.player(pid).name

    def seated(self) -> list[PlayerId]:
        """The players of the round but the bye, in ranking order (R7)."""
        return [pid for pid in self.state.players if pid != self.bye]


PairReasons = Callable[[PlayerId, PlayerId], tuple[Reason, ...]]
"""One pair's reasons (both players in `state.players`)."""

Reasoner = Callable[[RoundContext], PairReasons]
"""A method's reasons: reads the round once, then explains each pair; registered with the method."""


def _met_in(t: Tournament, number: int, a: PlayerId, b: PlayerId) -> int:
    pair = {a, b}
    return next(r.number for r in t.rounds if r.number < number for g in r.games if {g.black, g.white} == pair)


def _same(labels: Mapping[PlayerId, str], a: PlayerId, b: PlayerId) -> bool:
    first = labels.get(a, "").strip().casefold()
    return bool(first) and first == labels.get(b, "").strip().casefold()


def skipped(ctx: RoundContext, chooser: PlayerId, candidate: PlayerId, order: Sequence[PlayerId]) -> Reason:
    """Why `chooser`, taking partners top-down in `order`, did not get `candidate` (R7, R7.1, R9).

    Already taken by a player processed earlier; a rematch; kept apart by the Avoid column; team-mates; the club
    preference; else choosing them would have left someone below without a legal opponent, so that pair was
    broken (R7.1).
    """
    position = {pid: i for i, pid in enumerate(order)}
    other = ctx.partner.get(candidate)
    if other is not None and position.get(other, len(order)) < position[chooser]:
        return Reason("why_taken", {"name": ctx.name(candidate), "by": ctx.name(other)})
    if not ctx.rules.allow_rematch and frozenset((chooser, candidate)) in ctx.state.met:
        return Reason("why_rematch", {"name": ctx.name(candidate),
                                      "round": _met_in(ctx.t, ctx.number, chooser, candidate)})
    if frozenset((chooser, candidate)) in ctx.state.avoid:
        return Reason("why_avoided", {"name": ctx.name(candidate)})
    if _same(ctx.state.teams, chooser, candidate):
        return Reason("why_teammates", {"name": ctx.name(candidate), "team": ctx.state.teams[candidate]})
    if ctx.rules.avoid_same_club and _same(ctx.state.clubs, chooser, candidate):
        return Reason("why_same_club", {"name": ctx.name(candidate), "club": ctx.state.clubs[candidate]})
    return Reason("why_rest_unpairable", {"name": ctx.name(candidate)})


def explain_walk(
    ctx: RoundContext, order: Sequence[PlayerId], a: PlayerId, b: PlayerId,
    candidates: Callable[[int], Iterable[int]], headline: Callable[[PlayerId, PlayerId], Reason],
) -> tuple[Reason, ...]:
    """The reasons of a top-down walk in `order` (R7.1-R7.3): the headline, then each candidate the player of the
    pair processed first preferred to its partner, with why it was skipped."""
    position = {pid: i for i, pid in enumerate(order)}
    chooser, partner = sorted((a, b), key=lambda pid: position[pid])
    reasons = [headline(chooser, partner)]
    for c in candidates(position[chooser]):
        pid = order[c]
        if pid == partner:
            break
        if c > position[chooser]:
            reasons.append(skipped(ctx, chooser, pid, order))
    return tuple(reasons)


def scheduled_reasons(ctx: RoundContext) -> PairReasons:
    """Round robin and Serp (R7.5, R7.6): every round was fixed before the first."""
    reasons = (Reason("why_scheduled", {"method": ctx.method}),)
    return lambda a, b: reasons
