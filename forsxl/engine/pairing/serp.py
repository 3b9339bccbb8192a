"""Serp, the truncated round robin: who meets whom, then the rounds (R7.6).

Players are indices 0..n-1 in rating order (0 the strongest); a layout is a set of pairs (i, j), i < j.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.pairing.round_robin import berger_table

Edge = tuple[int, int]


@dataclass(frozen=True)
class SerpPlan:
    """A Serp schedule: the rounds (pairs by index), and the figures the Schedule sheet reports (R7.6)."""

    n: int
    games: int
    rounds: tuple[tuple[Edge, ...], ...]
    reason: str
    """Why this many rounds: `even` (a 1-factorization), `odd` (one bye each), `class2` (no g-round schedule)."""
    max_distance: int
    mean_distance: Fraction
    lower_bound: Fraction


def mean_lower_bound(g: int) -> Fraction:
    """The least possible mean |i-j| of a g-regular layout: at most two opponents at each distance (R7.6)."""
    k = g // 2
    return Fraction(k + 1, 2) if g % 2 == 0 else Fraction((k + 1) ** 2, 2 * k + 1)


def sickle_opponents(n: int, g: int) -> frozenset[Edge]:
    """The published layout [004]: on the cycle 1, 3, 5, ..., 6, 4, 2 each player meets the g/2 on either side,
    so player 10 of 20 meets 12, 14, 16, 18, 20, 8, 6, 4, 2, 1 (R7.6). Needs an even g < n."""
    order = list(range(0, n, 2)) + [i for i in range(n - 1, 0, -1) if i % 2 == 1]
    edges = set()
    for position, player in enumerate(order):
        for step in range(1, g // 2 + 1):
            other = order[(position + step) % n]
            edges.add((min(player, other), max(player, other)))
    return frozenset(edges)


def subgroup_opponents(n: int, size: int) -> frozenset[Edge]:
    """The subgroup variant [004]: k subgroups of `size` in rating order, each an internal round robin and a
    full match against the subgroups next to it on the cycle 1, 3, 5, ..., 6, 4, 2 (R7.6).

    With 6 subgroups the matches are 1-2, 1-3, 2-4, 3-5, 4-6, 5-6; with size 3, 8 games each [004].
    """
    k = n // size
    groups = [range(s * size, (s + 1) * size) for s in range(k)]
    edges = {(a, b) for group in groups for a in group for b in group if a < b}
    for s, t in sickle_opponents(k, 2) if k > 2 else ({(0, 1)} if k == 2 else set()):
        edges |= {(a, b) for a in groups[s] for b in groups[t]}
    return frozenset(edges)


def _cost(edges: Iterable[Edge]) -> int:
    return sum((b - a) ** 2 for a, b in edges)


def _augment(u: int, adj: list[set[int]], want: list[int], allowed: list[list[int]]) -> bool:
    """Raise u's degree by an alternating trail (add, remove, ..., add) to another player short of games."""
    start = (u, 0)
    parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        x, removing = queue.popleft()
        nexts = adj[x] if removing else [y for y in allowed[x] if y not in adj[x]]
        for y in nexts:
            state = (y, 1 - removing)
            if state in parent:
                continue
            parent[state] = (x, removing)
            if not removing and len(adj[y]) < want[y] and (y != u or want[u] - len(adj[u]) >= 2):
                return _toggle(state, parent, adj)
            queue.append(state)
    return False


def _toggle(end: tuple[int, int], parent: dict[tuple[int, int], tuple[int, int] | None], adj: list[set[int]]) -> bool:
    steps: list[tuple[int, int, int]] = []
    state: tuple[int, int] | None = end
    while (before := parent[state]) is not None:  # type: ignore[index]
        steps.append((before[0], state[0], before[1]))  # type: ignore[index]
        state = before
    if len({(min(a, b), max(a, b)) for a, b, _ in steps}) != len(steps):
        return False  # the trail used one edge twice: not a valid exchange
    for a, b, removing in steps:
        if removing:
            adj[a].discard(b)
            adj[b].discard(a)
        else:
            adj[a].add(b)
            adj[b].add(a)
    return True


def _improve(adj: list[set[int]], g: int, allowed_pairs: set[Edge]) -> None:
    """Degree-keeping swaps {a,b},{c,d} -> {a,c},{b,d} while they lower the total squared distance."""
    n = len(adj)
    changed = True
    while changed:
        changed = False
        for a in range(n):
            for b in sorted(adj[a], key=lambda x: -abs(x - a)):
                if b < a or b not in adj[a] or b - a <= 1:
                    continue
                for c in range(max(0, a - g), min(n, b + g + 1)):
                    if c in (a, b) or c in adj[a] or (min(a, c), max(a, c)) not in allowed_pairs:
                        continue
                    if _swap(a, b, c, adj, allowed_pairs):
                        changed = True
                        break


def _swap(a: int, b: int, c: int, adj: list[set[int]], allowed_pairs: set[Edge]) -> bool:
    old_ab = (b - a) ** 2
    for d in list(adj[c]):
        if d in (a, b) or d in adj[b] or (min(b, d), max(b, d)) not in allowed_pairs:
            continue
        if (c - a) ** 2 + (d - b) ** 2 < old_ab + (d - c) ** 2:
            for x, y in ((a, b), (c, d)):
                adj[x].discard(y)
                adj[y].discard(x)
            for x, y in ((a, c), (b, d)):
                adj[x].add(y)
                adj[y].add(x)
            return True
    return False


def compact_opponents(n: int, g: int, forbidden: frozenset[Edge] = frozenset()) -> frozenset[Edge]:
    """The `compact` layout (R7.6): g opponents each (one player g-1 when n·g is odd), none further than g
    places away, and the total squared distance made small by degree-keeping swaps.

    Built as the band of nearest neighbours, completed at the ends by alternating trails, then improved.
    A forbidden pair (team-mates) is never an edge. Raises ValueError when no such layout was found.
    """
    allowed_pairs = {(i, j) for i in range(n) for j in range(i + 1, min(n, i + g + 1)) if (i, j) not in forbidden}
    allowed = [sorted((j for j in range(max(0, i - g), min(n, i + g + 1))
                       if (min(i, j), max(i, j)) in allowed_pairs), key=lambda j: (abs(j - i), j))
               for i in range(n)]
    shorts = [n // 2, n - 1, 0, *range(n)] if n * g % 2 else [-1]
    for short in shorts:  # R7.6: one player one game short; the middle one if it can be, else another
        adj = _regular(n, g, short, allowed, allowed_pairs)
        if adj is not None:
            _improve(adj, g, allowed_pairs)
            return frozenset((i, j) for i in range(n) for j in adj[i] if i < j)
    sickle = sickle_opponents(n, g) if g % 2 == 0 else frozenset()
    if sickle and not sickle & forbidden:  # the trails got stuck: start from the published layout instead
        adj = [set() for _ in range(n)]
        for a, b in sickle:
            adj[a].add(b)
            adj[b].add(a)
        _improve(adj, g, allowed_pairs)
        return frozenset((i, j) for i in range(n) for j in adj[i] if i < j)
    raise ValueError(f"no {g}-game layout within {g} places")


def _regular(n: int, g: int, short: int, allowed: list[list[int]], allowed_pairs: set[Edge]) -> list[set[int]] | None:
    """The band of nearest neighbours completed by alternating trails, or None when the trails got stuck."""
    want = [g - (i == short) for i in range(n)]
    adj: list[set[int]] = [set() for _ in range(n)]
    for d in range(1, g + 1):
        for i in range(n - d):
            if (i, i + d) in allowed_pairs and len(adj[i]) < want[i] and len(adj[i + d]) < want[i + d]:
                adj[i].add(i + d)
                adj[i + d].add(i)
    for u in range(n):
        while len(adj[u]) < want[u]:
            if not _augment(u, adj, want, allowed):
                return None
    return adj


def _chain(at: list[dict[int, int]], start: int, first: int, second: int) -> list[int]:
    path, x, colour = [start], start, first
    while colour in at[x]:
        x = at[x][colour]
        path.append(x)
        colour = second if colour == first else first
    return path


def _flip(at: list[dict[int, int]], path: list[int], first: int, second: int) -> None:
    colours = [first if i % 2 == 0 else second for i in range(len(path) - 1)]
    for (x, y), colour in zip(itertools.pairwise(path), colours, strict=True):
        del at[x][colour], at[y][colour]
    for (x, y), colour in zip(itertools.pairwise(path), colours, strict=True):
        other = second if colour == first else first
        at[x][other], at[y][other] = y, x


def colour_edges(n: int, edges: Iterable[Edge], colours: int, rng: random.Random, budget: int) -> (
        list[dict[int, int]] | None):
    """A proper edge colouring with `colours` colours by Kempe-chain exchanges, or None when `budget` steps
    did not find one (R7.6): for each player, colour -> opponent."""
    at: list[dict[int, int]] = [{} for _ in range(n)]
    queue = sorted(edges, reverse=True)
    for _ in range(budget):
        if not queue:
            return at
        u, v = queue.pop()
        free_u = [c for c in range(colours) if c not in at[u]]
        free_v = [c for c in range(colours) if c not in at[v]]
        common = [c for c in free_u if c in free_v]
        if not common:
            a, b = rng.choice(free_u), rng.choice(free_v)
            path = _chain(at, v, a, b)
            if path[-1] != u:
                _flip(at, path, a, b)
                common = [a]
            else:  # both chains join u and v: bump v's a-edge back into the queue and take its colour
                w = at[v].pop(a)
                del at[w][a]
                queue.insert(rng.randrange(len(queue) + 1), (min(v, w), max(v, w)))
                common = [a]
        colour = common[0] if len(common) == 1 else rng.choice(common)
        at[u][colour], at[v][colour] = v, u
    return at if not queue else None


def schedule_layout(n: int, edges: frozenset[Edge], g: int, seed: str) -> tuple[tuple[tuple[Edge, ...], ...], str]:
    """The layout's games in rounds, no player twice in a round, and why that many rounds (R7.6).

    Even n: g rounds, each a perfect matching, when the search finds them (`even`), else g+1 (`class2`);
    odd n: g+1 rounds, every player has one bye (`odd`).
    """
    rng = random.Random(f"serp|{seed}|{n}|{g}")
    budget = 40 * (len(edges) + 10)
    if n % 2 == 0 and len(edges) == n * (n - 1) // 2:  # everyone meets everyone: the Berger table (R7.5)
        return tuple(tuple(sorted((min(a, b) - 1, max(a, b) - 1) for a, b in rnd)) for rnd in berger_table(n)), "even"
    tries = [(g, "even")] * 3 + [(g + 1, "class2")] if n % 2 == 0 else [(g + 1, "odd")] * 3
    tries += [(c, "class2") for c in range(g + 2, 2 * g + 2)]
    for colours, reason in tries:
        at = colour_edges(n, edges, colours, rng, budget * (4 if colours > g + 1 else 1))
        if at is not None:
            rounds = tuple(tuple(sorted((p, q) for p, byc in enumerate(at) if (q := byc.get(c, -1)) > p))
                           for c in range(colours))
            return tuple(r for r in rounds if r), reason
    raise AssertionError("a colouring with 2g+1 colours always exists")  # pragma: no cover


def serp_plan(n: int, edges: frozenset[Edge], g: int, seed: str) -> SerpPlan:
    """A layout scheduled into rounds, with its max and mean distance and the lower bound on the mean (R7.6)."""
    rounds, reason = schedule_layout(n, edges, g, seed)
    distances = [b - a for a, b in edges]
    mean = Fraction(sum(distances), len(distances)) if distances else Fraction(0)
    return SerpPlan(n, g, rounds, reason, max(distances, default=0), mean, mean_lower_bound(g))
