"""Serp, the truncated round robin: who meets whom, then the rounds (R7.6).

Players are indices 0..n-1 in rating order (0 the strongest); a layout is a set of pairs (i, j), i < j.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Iterable, Iterator
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
    """Why this many rounds: `even` (g rounds, each pairs everyone), `odd` (g+1, one bye each), `single` (odd n,
    g = 1: one round), `class2` (no g-round schedule found for an even n)."""
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


def _augment(u: int, adj: list[set[int]], missing: list[set[int]], want: list[int], lacking: set[int]) -> bool:
    """Raise u's degree by an alternating trail (add, remove, ..., add) to another player short of games;
    `missing[x]`: the players x may meet but does not yet; `lacking`: the players short of games, u among them.
    The common trail u+x, x-y, y+v is tried first."""
    short = lacking if want[u] - len(adj[u]) >= 2 else lacking - {u}
    for x in sorted(missing[u], key=lambda y: (abs(y - u), y)):
        for v in sorted(short - {x}, key=lambda v: (abs(v - x), v)):
            if ys := adj[x] & missing[v]:
                y = min(ys, key=lambda y: (abs(y - v), y))
                _replace(adj, [(x, y)], [(u, x), (y, v)])
                _replace(missing, [(u, x), (y, v)], [(x, y)])
                return True
    start = (u, 0)
    parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        x, removing = queue.popleft()
        nexts = adj[x] if removing else sorted(missing[x], key=lambda y: (abs(y - x), y))
        for y in nexts:
            state = (y, 1 - removing)
            if state in parent:
                continue
            parent[state] = (x, removing)
            if (not removing and len(adj[y]) < want[y] and (y != u or want[u] - len(adj[u]) >= 2)
                    and _toggle(state, parent, adj, missing)):
                return True
            queue.append(state)
    return _short_trail(u, u, adj, missing, want, [])


def _short_trail(u: int, x: int, adj: list[set[int]], missing: list[set[int]], want: list[int],
                 games: list[Edge]) -> bool:
    """Depth first, the trails of up to 5 games that the search above can miss: it visits a player only once
    per parity, and its first way there may use a game twice."""
    adding = len(games) % 2 == 0
    for y in sorted(missing[x], key=lambda y: (abs(y - x), y)) if adding else sorted(adj[x]):
        game = (min(x, y), max(x, y))
        if game in games:
            continue
        if adding and len(adj[y]) < want[y] and (y != u or want[u] - len(adj[u]) >= 2):
            added, dropped = [*games[::2], game], games[1::2]
            _replace(adj, dropped, added)
            _replace(missing, added, dropped)
            return True
        if len(games) < 4 and _short_trail(u, y, adj, missing, want, [*games, game]):
            return True
    return False


def _toggle(end: tuple[int, int], parent: dict[tuple[int, int], tuple[int, int] | None], adj: list[set[int]],
            missing: list[set[int]]) -> bool:
    steps: list[tuple[int, int, int]] = []
    state: tuple[int, int] | None = end
    while (before := parent[state]) is not None:  # type: ignore[index]
        steps.append((before[0], state[0], before[1]))  # type: ignore[index]
        state = before
    if len({(min(a, b), max(a, b)) for a, b, _ in steps}) != len(steps):
        return False  # the trail used one edge twice: not a valid exchange
    dropped = [(a, b) for a, b, removing in steps if removing]
    added = [(a, b) for a, b, removing in steps if not removing]
    _replace(adj, dropped, added)
    _replace(missing, added, dropped)
    return True


def _missing(adj: list[set[int]], near: list[list[int]]) -> list[set[int]]:
    """For each player, the players near enough whom they may meet but do not meet yet."""
    return [{j for j in near[i] if j not in adj[i]} for i in range(len(adj))]


def _improve(adj: list[set[int]], near: list[list[int]]) -> None:
    """Degree-keeping swaps {a,b},{c,d} -> {a,c},{b,d} while they lower the total squared distance, which is
    exactly when (c-b)(a-d) > 0. The new opponents come from the players one does not meet yet (few when g is
    large), c nearer to a than b is; after a swap its other three players are looked at again."""
    missing = _missing(adj, near)
    work = list(range(len(adj)))
    waiting = set(work)
    while work:
        a = work.pop()
        waiting.discard(a)
        free = sorted(missing[a], key=lambda c: abs(c - a))
        nearest = abs(free[0] - a) if free else len(adj)
        for b in sorted((b for b in adj[a] if abs(b - a) > nearest), key=lambda x: -abs(x - a)):
            if b not in adj[a]:  # a swap earlier in this loop took it
                continue
            swap = _find_swap(a, b, free, adj, missing)
            if swap:
                c, d = swap
                _replace(adj, ((a, b), (c, d)), ((a, c), (b, d)))
                _replace(missing, ((a, c), (b, d)), ((a, b), (c, d)))
                free = sorted(missing[a], key=lambda c: abs(c - a))
                fresh = [x for x in (b, c, d) if x not in waiting]
                work.extend(fresh)
                waiting.update(fresh)


def _find_swap(a: int, b: int, free: list[int], adj: list[set[int]], missing: list[set[int]]) -> Edge | None:
    """(c, d): a game c-d to swap with a-b, c among `free` (a's missing opponents, nearest first) nearer to a
    than b is, d one of b's missing opponents not much further from b than a is. As c lies within |b-a| of a,
    the gain condition (c-b)(a-d) > 0 only asks for d on b's side of a."""
    span = abs(b - a)
    ds = {d for d in missing[b] if abs(d - b) <= span + 1 and (d - a) * (b - a) > 0}
    if ds:
        for c in free:
            if abs(c - a) >= span:
                break
            if hit := adj[c] & ds:
                return c, min(hit, key=lambda d: (abs(d - b), d))
    return None


def _replace(adj: list[set[int]], old: Iterable[Edge], new: Iterable[Edge]) -> None:
    for x, y in old:
        adj[x].discard(y)
        adj[y].discard(x)
    for x, y in new:
        adj[x].add(y)
        adj[y].add(x)


def _prefix_cuts(adj: list[set[int]]) -> list[int]:
    """cut[m]: how many games join the first m players to the rest."""
    diff = [0] * (len(adj) + 1)
    for i, others in enumerate(adj):
        for j in others:
            if i < j:
                diff[i + 1] += 1
                diff[j + 1] -= 1
    return list(itertools.accumulate(diff))


def _open_odd_cuts(adj: list[set[int]], g: int, allowed: set[Edge]) -> bool:
    """Even n: a round pairs everyone, so at least one of an odd number of top players meets someone outside
    them; g rounds need every odd prefix crossed by g games (R7.6). Where fewer cross, the cheapest swap of a
    game inside the prefix and one outside for two crossing games. False when no swap is left."""
    n = len(adj)
    for _ in range(n * g):
        cut = _prefix_cuts(adj)
        short = next((m for m in range(1, n, 2) if cut[m] < g), None)
        if short is None:
            return True
        inner = sorted(((a, b) for a in range(max(0, short - 2 * g), short) for b in adj[a] if a < b < short),
                       key=lambda e: -e[0] - e[1])[:g]
        outer = sorted(((c, d) for c in range(short, min(n, short + 2 * g)) for d in adj[c] if c < d),
                       key=lambda e: e[0] + e[1])[:g]
        best: tuple[int, Edge, Edge, int, int] | None = None
        for (a, b), (c, d) in itertools.product(inner, outer):
            for x, y in ((c, d), (d, c)):
                if (a, x) in allowed and (b, y) in allowed and x not in adj[a] and y not in adj[b]:
                    added = (x - a) ** 2 + (y - b) ** 2 - (b - a) ** 2 - (d - c) ** 2
                    if best is None or added < best[0]:
                        best = (added, (a, b), (c, d), x, y)
        if best is None:
            return False
        _, (a, b), (c, d), x, y = best
        _replace(adj, ((a, b), (c, d)), ((a, x), (b, y)))
    return False


def compact_opponents(n: int, g: int, forbidden: frozenset[Edge] = frozenset()) -> frozenset[Edge]:
    """The `compact` layout (R7.6): g opponents each (one player g-1 when n·g is odd), none further than g
    places away, and the total squared distance made small by degree-keeping swaps; for even n every odd
    prefix is crossed by at least g games, so that g rounds can exist.

    Built as the band of nearest neighbours, completed at the ends by alternating trails, then improved.
    A forbidden pair (team-mates) is never an edge. Raises ValueError when no such layout was found.
    """
    allowed = {(i, j) for i in range(n) for j in range(i + 1, min(n, i + g + 1)) if (i, j) not in forbidden}
    near = [[j for d in range(1, g + 1) for j in (i - d, i + d)
             if 0 <= j < n and not (forbidden and (min(i, j), max(i, j)) in forbidden)] for i in range(n)]
    shorts = [n // 2, n - 1, 0, *range(n)] if n * g % 2 else [-1]
    starts = (_regular(n, g, short, near, allowed, random.Random(f"{n}|{g}|{attempt}") if attempt else None)
              for short, attempt in itertools.product(shorts, range(4)))  # R7.6: the middle player one short
    for adj in itertools.chain(starts, _sickle_start(n, g, forbidden)):
        if adj is not None:
            _improve(adj, near)
            if n % 2 or _open_odd_cuts(adj, g, allowed):
                return frozenset((i, j) for i in range(n) for j in adj[i] if i < j)
    raise ValueError(f"no {g}-game layout within {g} places")


def _sickle_start(n: int, g: int, forbidden: frozenset[Edge]) -> Iterator[list[set[int]]]:
    """When the trails got stuck: the published layout [004] as the start instead (even g)."""
    sickle = sickle_opponents(n, g) if g % 2 == 0 else frozenset()
    if sickle and not sickle & forbidden:
        adj: list[set[int]] = [set() for _ in range(n)]
        _replace(adj, (), sickle)
        yield adj


def _regular(n: int, g: int, short: int, near: list[list[int]], allowed: set[Edge], rng: random.Random | None) -> (
        list[set[int]] | None):
    """The band of nearest neighbours (filled from the top, or in an order shuffled by `rng`) completed by
    alternating trails, or None when the trails got stuck (they are not a full matching search)."""
    want = [g - (i == short) for i in range(n)]
    adj: list[set[int]] = [set() for _ in range(n)]
    for d in range(1, g + 1):
        for i in (rng.sample(range(n - d), n - d) if rng else range(n - d)):
            if (i, i + d) in allowed and len(adj[i]) < want[i] and len(adj[i + d]) < want[i + d]:
                adj[i].add(i + d)
                adj[i + d].add(i)
    missing = _missing(adj, near)
    lacking = {u for u in range(n) if len(adj[u]) < want[u]}
    for u in range(n):
        while len(adj[u]) < want[u]:
            if not _augment(u, adj, missing, want, lacking):
                return None
            lacking = {v for v in lacking if len(adj[v]) < want[v]}
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
    did not find one (R7.6): for each player, colour -> opponent. A game pushed out of its colour is coloured
    next, so every repair stays near the games being coloured."""
    at: list[dict[int, int]] = [{} for _ in range(n)]
    free = [set(range(colours)) for _ in range(n)]
    todo = sorted(edges, reverse=True)
    for _ in range(budget):
        if not todo:
            return at
        u, v = todo.pop()
        if rng.random() < 0.5:
            u, v = v, u
        common = free[u] & free[v]
        colour = rng.choice(sorted(common or free[u])) if len(common) != 1 else min(common)
        if not common:
            other = rng.choice(sorted(free[v]))
            path = _chain(at, v, colour, other)
            if path[-1] != u:
                _flip(at, path, colour, other)
                for x in (path[0], path[-1]):  # inside the chain both colours stay in use
                    free[x] = set(range(colours)).difference(at[x])
            else:  # the chain joins v to u: push v's game of this colour out instead
                w = at[v].pop(colour)
                del at[w][colour]
                free[w].add(colour)
                todo.append((min(v, w), max(v, w)))
        at[u][colour], at[v][colour] = v, u
        free[u].discard(colour)
        free[v].discard(colour)
    return at if not todo else None


def schedule_layout(n: int, edges: frozenset[Edge], g: int, seed: str) -> tuple[tuple[tuple[Edge, ...], ...], str]:
    """The layout's games in rounds, no player twice in a round, and why that many rounds (R7.6).

    Even n: g rounds, each a perfect matching, when the search finds them (`even`), else more (`class2`);
    odd n: g+1 rounds, every player has one bye (`odd`), as a round always leaves someone out; one when g = 1.
    """
    rng = random.Random(f"serp|{seed}|{n}|{g}")
    if n % 2 == 0 and len(edges) == n * (n - 1) // 2:  # everyone meets everyone: the Berger table (R7.5)
        return tuple(tuple(sorted((min(a, b) - 1, max(a, b) - 1) for a, b in rnd)) for rnd in berger_table(n)), "even"
    tries = [(g, "even")] * 5 if n % 2 == 0 else [(g + 1, "odd") if g > 1 else (1, "single")] * 5
    tries += [(c, "class2") for c in range(g + 1 + n % 2, 2 * g + 2) for _ in range(3)]
    for colours, reason in tries:
        at = colour_edges(n, edges, colours, rng, 100 * (len(edges) + 10))
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
