"""Teams: declared start groups, their limits, and team standings (R9, [003])."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise

from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Player, PlayerId, Points, Tournament
from forsxl.engine.standings import Standing

# [003 §4]: group 1 from 1800, group 3 up to 1000; a team member may reach 300 beyond those borders.
ONLY_TOP, ONLY_BOTTOM = 1800, 1000
TEAM_RANGE = {1: (1500, None), 2: (700, 2100), 3: (None, 1300)}


def _group_limits(player: Player) -> Iterator[ForsxlError]:
    """Rating limits on any declared group, and the team members' 300-point margin (R9)."""
    group, rating = player.group, player.rating
    if rating >= ONLY_TOP and group != 1:
        yield ForsxlError("R9", "team_only_top", player.source, name=player.name, rating=rating)
    elif rating <= ONLY_BOTTOM and group != 3:
        yield ForsxlError("R9", "team_only_bottom", player.source, name=player.name, rating=rating)
    elif player.team and group in TEAM_RANGE:
        low, high = TEAM_RANGE[group]
        if (low is not None and rating < low) or (high is not None and rating > high):
            yield ForsxlError("R9", "team_beyond_border", player.source, name=player.name, rating=rating,
                              group=group, low=low or "", high=high or "")


def _team_shape(team: str, members: Sequence[Player], size: int) -> Iterator[ForsxlError]:
    """A team has `size` members, one per group, the higher rating in the higher group (R9)."""
    first = members[0].source
    if len(members) != size:
        yield ForsxlError("R9", "team_size", first, team=team, count=len(members), size=size)
        return
    groups = sorted(p.group or 0 for p in members)
    if groups != list(range(1, size + 1)):
        yield ForsxlError("R9", "team_groups", first, team=team, size=size)
        return
    by_group = sorted(members, key=lambda p: p.group or 0)
    for upper, lower in pairwise(by_group):
        if upper.rating < lower.rating:
            yield ForsxlError("R9", "team_order", lower.source, team=team, upper=upper.name, lower=lower.name)


def _individual_limit(player: Player, lowest: dict[int, int]) -> Iterator[ForsxlError]:
    """An individual may claim the highest group whose lowest team member is not rated above them (R9)."""
    group = player.group or 0
    if group in lowest and player.rating < lowest[group]:
        yield ForsxlError("R9", "team_individual_above", player.source, name=player.name, group=group,
                          rating=lowest[group])


def _lowest_team_ratings(players: Sequence[Player]) -> dict[int, int]:
    """Each declared group's lowest team member's rating: an individual may not be declared above it (R9)."""
    lowest: dict[int, int] = {}
    for p in players:
        if p.team and p.group:
            lowest[p.group] = min(lowest.get(p.group, p.rating), p.rating)
    return lowest


def _declared_wrongly(player: Player, lowest: dict[int, int]) -> bool:
    """Whether the player's declared group breaks a rating limit or, for an individual, the team members' (R9)."""
    individual = not player.team and ONLY_BOTTOM < player.rating < ONLY_TOP
    return any(_group_limits(player)) or (individual and any(_individual_limit(player, lowest)))


def declaration_problems(players: Sequence[Player], size: int) -> list[ForsxlError]:
    """Every breach of R9's declaration rules, each naming the player's row; empty when all is well. An
    individual the organizer lifted into an odd group (`team_lifts`) is judged by the group below; one typed up
    while a stronger individual stayed below is named with the player the regulation lifts."""
    teams: dict[str, list[Player]] = defaultdict(list)
    for player in players:
        if player.team:
            teams[player.team.casefold()].append(player)
    lifts = _lifts(players)
    judged = {p.id for p, _ in lifts.made} | set(lifts.passed_over)
    problems = [ForsxlError("R9", "team_lift_order", p.source, name=p.name, rating=p.rating, group=p.group,
                            below=(p.group or 0) + 1, first=first.name, first_rating=first.rating)
                for p in players if p.id in lifts.passed_over for first in (lifts.passed_over[p.id],)]
    problems += [e for p in players if p.group and p.id not in judged for e in _group_limits(p)]
    for members in teams.values():
        problems += _team_shape(members[0].team, members, size)
    lowest = _lowest_team_ratings(players)
    # An individual forced into a group by rating alone (from 1800, up to 1000) stays there.
    problems += [e for p in players if not p.team and ONLY_BOTTOM < p.rating < ONLY_TOP and p.id not in judged
                 for e in _individual_limit(p, lowest)]
    return problems


def lift_candidates(players: Sequence[Player]) -> dict[int, list[Player]]:
    """For each upper group of odd size, the individual the organizer may lift into it (R9, [003 §4]).

    The seed says "one or two individuals, chosen by rating": the strongest individual of the group below (all of
    them on a tie of rating).
    """
    counts: dict[int, int] = defaultdict(int)
    for p in players:
        if p.group:
            counts[p.group] += 1
    candidates = {}
    for group in (1, 2):
        below = [p for p in players if not p.team and p.group == group + 1]
        if counts[group] % 2 and below:
            best = max(p.rating for p in below)
            candidates[group] = [p for p in below if p.rating == best]
    return candidates


@dataclass(frozen=True)
class _Lifts:
    made: list[tuple[Player, int]]
    """The lifts the regulation allows, each with the group the player came from."""
    passed_over: dict[PlayerId, Player]
    """Individuals typed one group up into an odd group while a stronger one stayed below: the one it lifts."""


def _lifts(players: Sequence[Player]) -> _Lifts:
    """The individuals typed in their Group cell one group up, above what they could declare there («перевести ...
    на одну стартовую группу выше»), as the regulation takes them (R9, [003 §4]).

    Group 1 first, then group 2 (a lift into group 1 may leave group 2 odd); a lift counts when, with the lifts
    above it made and the others undone, the player is the strongest individual of the group below
    (`lift_candidates`), and «одного-двух»: two at most. One typed up while a stronger individual stays below is
    passed over, with the player the regulation lifts.
    """
    lowest = _lowest_team_ratings(players)
    below = {p.id: replace(p, group=p.group + 1) for p in players if not p.team and p.group and p.group <= 2}
    moved = {pid for pid, p in below.items() if not _declared_wrongly(p, lowest)}
    moved &= {p.id for p in players if _declared_wrongly(p, lowest)}
    view = {p.id: below[p.id] if p.id in moved else p for p in players}
    made: list[tuple[Player, int]] = []
    passed_over: dict[PlayerId, Player] = {}
    for group in (1, 2):
        candidates = lift_candidates(list(view.values())).get(group, [])
        for p in sorted((p for p in players if p.id in moved and p.group == group), key=lambda p: -p.rating):
            if p.id in {c.id for c in candidates} and len(made) < 2:
                made.append((p, group + 1))
                view[p.id] = p
                candidates = []
            elif candidates:
                passed_over[p.id] = candidates[0]
    return _Lifts(made, passed_over)


def team_lifts(players: Sequence[Player]) -> list[tuple[Player, int]]:
    """The individuals the organizer lifted, each with the group they came from (R9, [003 §4]; `_lifts`)."""
    return _lifts(players).made


@dataclass(frozen=True)
class TeamStanding:
    place: str
    team: str
    points: Points
    members: tuple[Standing, ...]
    best: int
    """The best individual position (1-based) among the members, the tie-break (R9)."""


def team_standings(table: Sequence[Standing]) -> list[TeamStanding]:
    """Teams by the sum of their members' tournament points, ties to the best individual place (R9)."""
    members: dict[str, list[tuple[int, Standing]]] = defaultdict(list)
    for position, standing in enumerate(table, start=1):
        if standing.player.team:
            members[standing.player.team.casefold()].append((position, standing))
    rows = [(sum((s.points for _, s in team), Fraction(0)), min(pos for pos, _ in team), team)
            for team in members.values()]
    rows.sort(key=lambda row: (-row[0], row[1]))
    return [
        TeamStanding(str(place), team[0][1].player.team, points, tuple(s for _, s in team), best)
        for place, (points, best, team) in enumerate(rows, start=1)
    ]


def tournament_problems(t: Tournament) -> list[ForsxlError]:
    """R9's declaration rules, for a tournament whose groups are declared (R3 `groups.declared`)."""
    return declaration_problems(t.players, t.config.teams.size) if t.config.groups.declared else []
