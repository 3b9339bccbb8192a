"""Serp, the truncated round robin: who meets whom, then the rounds (R7.6).

Players are indices 0..n-1 in rating order (0 the strongest); a layout is a set of pairs (i, j), i < j.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from forsxl.engine.pairing.round_robin import berger_table

Edge = tuple[int, int]
T = TypeVar("T")


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
    """No layout the rules allow has a smaller mean distance (`mean_lower_bound`)."""


def mean_lower_bound(n: int, g: int) -> Fraction:
    """The least mean |i-j| that a layout of g games each can have under R7.6 (connected, middle players balanced,
    for an even n playable in g rounds): the larger of two lower bounds on the total distance, over the games.

    - Players: player v's g distances add up to at least those of its g nearest places, two at each distance
      in the middle, one past an end; each game is counted by both its players, so the total is at least half
      the sum (with n·g odd, less the largest g-th distance, as one player has a game fewer).
    - Cuts: a game i < j crosses the j - i cuts between places m-1 and m, i < m <= j, so the total is the sum
      over the cuts of the games crossing them. `_cut_bounds` says how many each cut needs at least.
    For 20 players and 10 games the players' bound is 3.55 and the cuts' 4.30, which a layout reaches.
    """
    short = n * g % 2
    nearest = [[d for d in range(1, g + 1) for _ in range((v - d >= 0) + (v + d < n))][:g] for v in range(n)]
    players = sum(sum(ds) for ds in nearest) - (max(ds[-1] for ds in nearest) if short else 0)
    games = (n * g - short) // 2
    return max(Fraction(players, 2 * games), Fraction(sum(_cut_bounds(n, g)), games))


def _cut_bounds(n: int, g: int) -> list[int]:
    """For each cut m = 1..n-1 (between places m-1 and m), the fewest games a layout can have across it (R7.6):
    - the top m players have m·g games (one fewer if one player is short), at most m(m-1) among themselves, and
      the same for the bottom n-m;
    - one, to be connected; two when g·m is even, since m·g = 2·(games inside) + (games across);
    - g, for an even n and an odd m: each of the g rounds pairs one of the top m with someone below;
    - for cuts among middle players (`is_middle`): the k = g // 2 players just above a cut have k weaker
      opponents or more, the t-th of them at most t - 1 inside, so at least k(k+1)/2 games cross (one fewer
      with the short player near); for an even g a balanced player leaves the count unchanged, so every cut
      from g to n-g is crossed as often as the middle one.
    """
    k, short = g // 2, n * g % 2
    balanced = k * (k + 1) // 2 - short

    def inside(m: int) -> bool:  # k middle players above or below the cut
        return (g <= m - k and m <= n - g) or (g <= m and m + k <= n - g)

    middle = g % 2 == 0 and any(inside(m) for m in range(g, n - g + 1))
    bounds = []
    for m in range(1, n):
        parity = 0 if short else g * m % 2
        need = [m * (g - m + 1) - short, (n - m) * (g - n + m + 1) - short, 1 if parity or short else 2]
        if n % 2 == 0 and m % 2:
            need.append(g)
        if (middle and g <= m <= n - g) or (g % 2 and inside(m)):
            need.append(balanced + (not short and balanced % 2 != parity))
        bounds.append(max(need))
    return bounds


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


def _replace(adj: list[set[int]], old: Iterable[Edge], new: Iterable[Edge]) -> None:
    for x, y in old:
        adj[x].discard(y)
        adj[y].discard(x)
    for x, y in new:
        adj[x].add(y)
        adj[y].add(x)


def is_middle(n: int, g: int, player: int) -> bool:
    """A middle player has at least g players on either side of them in the rating order, so all g opponents could
    be stronger or all weaker; only such a player must have as many stronger as weaker opponents (R7.6). Nearer an
    end it cannot: the first player has only weaker ones, and the next g - 1 take the surplus of the end."""
    return g <= player < n - g


def _pattern(n: int, g: int, phase: int) -> list[Edge]:
    """The middle of the compact layout, nearest first: player i meets i±1, ..., i±k (k = g // 2); for an odd g
    also one player k+1 places away, by pairs {v, v+k+1} with (v + phase) mod 2(k+1) < k+1: each player's own best.
    An even g where k(k+1)/2 is odd takes k+1 instead of k: every cut must be crossed by an even number of games
    (g·m = 2·inside + crossing), so a middle player balanced k to k cannot keep exactly ±1..±k (R7.6)."""
    k = g // 2
    steps = list(range(1, k + 1)) if k * (k + 1) // 2 % 2 == 0 or g % 2 else [*range(1, k), k + 1]
    edges = [(i, i + d) for d in steps for i in range(n - d)]
    if g % 2:
        edges += [(v, v + k + 1) for v in range(n - k - 1) if (v + phase) % (2 * k + 2) < k + 1]
    return edges


class _Layout:
    """A g-regular layout under degree-keeping exchanges {a,b},{c,d} -> {a,c},{b,d}, with what R7.6 asks of it kept
    up to date: each middle player's stronger minus weaker opponents (`lean`), and the games crossing each cut
    between places m-1 and m (`cut`). The penalty counts what is still wrong: a middle player's lean past the one
    an odd number of games leaves, and a cut crossed by fewer games than it needs (one to be connected; for an even
    n, g at an odd m, since each of the g rounds pairs one of the top m with someone below)."""

    def __init__(self, n: int, g: int, adj: list[set[int]], want: list[int], near: list[set[int]]) -> None:
        self.n, self.g, self.adj, self.near = n, g, adj, near
        self.tol = [w % 2 for w in want]
        self.middle = [is_middle(n, g, i) for i in range(n)]
        self.lean = [sum(1 if j < i else -1 for j in adj[i]) for i in range(n)]
        diff = [0] * (n + 1)
        for i, others in enumerate(adj):
            for j in others:
                if i < j:
                    diff[i + 1] += 1
                    diff[j + 1] -= 1
        self.cut = list(itertools.accumulate(diff))
        self.need = [0] + [g if n % 2 == 0 and m % 2 else int(g > 1) for m in range(1, n)]
        self.short = {m for m in range(1, n) if self.cut[m] < self.need[m]}
        self.log: list[tuple[int, int, int, int]] = []
        self.penalty = (sum(self._lean_cost(i, lean) for i, lean in enumerate(self.lean))
                        + sum(self.need[m] - self.cut[m] for m in self.short))
        self.distance = sum(abs(i - j) for i, others in enumerate(adj) for j in others) // 2

    def _lean_cost(self, i: int, lean: int) -> int:
        return max(0, abs(lean) - self.tol[i]) if self.middle[i] else 0

    def _lean_change(self, a: int, b: int, c: int, d: int) -> int:
        """The penalty change of {a,b},{c,d} -> {a,c},{b,d} at the four players' leans."""
        change = 0
        for x, old, new in ((a, b, c), (b, a, d), (c, d, a), (d, c, b)):
            if self.middle[x] and (new < x) != (old < x):
                lean = self.lean[x]
                change += self._lean_cost(x, lean + (2 if new < x else -2)) - self._lean_cost(x, lean)
        return change

    def _cut_change(self, a: int, b: int, c: int, d: int) -> int:
        """The penalty change of the same exchange at the cuts its games cross."""
        cut, need, change = self.cut, self.need, 0
        for m in range(min(a, b, c, d) + 1, max(a, b, c, d) + 1):
            step = ((min(a, c) < m <= max(a, c)) + (min(b, d) < m <= max(b, d))
                    - (min(a, b) < m <= max(a, b)) - (min(c, d) < m <= max(c, d)))
            if step:
                change += max(0, need[m] - cut[m] - step) - max(0, need[m] - cut[m])
        return change

    def _improves(self, a: int, b: int, c: int, d: int) -> bool:
        """Whether the exchange lowers the penalty, or keeps it and lowers the total distance; the cheap parts
        first, as nearly every exchange tried fails."""
        distance = abs(a - c) + abs(b - d) - abs(a - b) - abs(c - d)
        if distance >= 0 and not self.penalty:
            return False  # nothing is wrong, so the penalty cannot go down
        penalty = self._lean_change(a, b, c, d)
        if penalty > 0 or (penalty == 0 and distance >= 0):
            lo, hi = min(a, b, c, d) + 1, max(a, b, c, d)
            if not any(lo <= m <= hi for m in self.short):
                return False  # no cut is short here, and one falling short only adds to the penalty
        penalty += self._cut_change(a, b, c, d)
        return penalty < 0 or (penalty == 0 and distance < 0)

    def _apply(self, a: int, b: int, c: int, d: int) -> None:
        for x, old, new in ((a, b, c), (b, a, d), (c, d, a), (d, c, b)):
            before = self.lean[x]
            self.lean[x] += (1 if new < x else -1) - (1 if old < x else -1)
            self.penalty += self._lean_cost(x, self.lean[x]) - self._lean_cost(x, before)
        for (x, y), step in (((a, b), -1), ((c, d), -1), ((a, c), 1), ((b, d), 1)):
            for m in range(min(x, y) + 1, max(x, y) + 1):
                self.penalty -= max(0, self.need[m] - self.cut[m])
                self.cut[m] += step
                self.penalty += max(0, self.need[m] - self.cut[m])
                if self.cut[m] < self.need[m]:
                    self.short.add(m)
                else:
                    self.short.discard(m)
        _replace(self.adj, ((a, b), (c, d)), ((a, c), (b, d)))
        self.distance += abs(a - c) + abs(b - d) - abs(a - b) - abs(c - d)
        self.log.append((a, b, c, d))

    def _undo(self, mark: int) -> None:
        """Back to the layout as it was when the log had `mark` exchanges."""
        while len(self.log) > mark:
            a, b, c, d = self.log.pop()
            self._apply(a, c, b, d)
            self.log.pop()

    def wrong(self) -> list[int]:
        """The players a rule is broken at: a middle player's lean, the players next to a cut short of games."""
        return sorted({i for i in range(self.n) if self._lean_cost(i, self.lean[i])}
                      | {x for m in self.short for x in range(max(0, m - self.g), min(self.n, m + self.g))})

    def polish(self, rng: random.Random, tries: int, around: Sequence[int]) -> None:
        """Iterated local search: a random exchange at a player of `around` (or at one a rule is broken at), then
        `settle`; kept when the penalty, then the total distance, went down, else undone."""
        for _ in range(tries):
            score, mark = (self.penalty, self.distance), len(self.log)
            a = rng.choice(self.wrong() if self.penalty else around)
            if not self.adj[a]:
                continue  # the short player of a single game
            b = rng.choice(sorted(self.adj[a]))
            pairs = [(c, d) for c in sorted(self.near[a] - self.adj[a] - {b})
                     for d in sorted(self.adj[c] & self.near[b] - self.adj[b] - {a})]
            if not pairs:
                continue
            c, d = rng.choice(pairs)
            self._apply(a, b, c, d)
            self.settle((a, b, c, d))
            if (self.penalty, self.distance) >= score:
                self._undo(mark)

    def _move(self, a: int) -> tuple[int, int, int] | None:
        """(b, c, d): the first exchange at a that lowers the penalty, or keeps it and lowers the total distance;
        a's furthest games are tried first, each against the nearest players a does not meet yet."""
        adj, near = self.adj, self.near
        for b in sorted(adj[a], key=lambda b: -abs(b - a)):
            for c in sorted(near[a] - adj[a] - {b}, key=lambda c: abs(c - a)):
                for d in adj[c] & near[b]:
                    if d != a and d not in adj[b] and self._improves(a, b, c, d):
                        return b, c, d
        return None

    def settle(self, focus: Iterable[int]) -> None:
        """Exchanges at the `focus` players, and at every player an exchange touched, until none helps."""
        work = deque(sorted(set(focus)))
        waiting = set(work)
        while work:
            a = work.popleft()
            waiting.discard(a)
            move = self._move(a)
            if move is not None:
                self._apply(a, *move)
                fresh = [x for x in (a, *move) if x not in waiting]
                work.extend(fresh)
                waiting.update(fresh)

    def components(self) -> list[list[int]]:
        """The players in groups that meet among themselves only; one group when the layout is connected."""
        seen = [False] * self.n
        parts = []
        for start in range(self.n):
            if not seen[start]:
                seen[start] = True
                part, stack = [], [start]
                while stack:
                    x = stack.pop()
                    part.append(x)
                    for y in self.adj[x]:
                        if not seen[y]:
                            seen[y] = True
                            stack.append(y)
                parts.append(sorted(part))
        return parts


def _complete(n: int, g: int, short: int, near: list[set[int]], phase: int, rng: random.Random | None) -> (
        list[set[int]] | None):
    """The middle pattern (in an order shuffled by `rng`, when given) as far as degrees allow, completed at the ends
    by alternating trails, or None when the trails got stuck (they are not a full matching search)."""
    want = [g - (i == short) for i in range(n)]
    adj: list[set[int]] = [set() for _ in range(n)]
    edges = _pattern(n, g, phase)
    for i, j in rng.sample(edges, len(edges)) if rng else edges:
        if j in near[i] and len(adj[i]) < want[i] and len(adj[j]) < want[j]:
            adj[i].add(j)
            adj[j].add(i)
    missing = [near[i] - adj[i] for i in range(n)]
    lacking = {u for u in range(n) if len(adj[u]) < want[u]}
    for u in range(n):
        while len(adj[u]) < want[u]:
            if not _augment(u, adj, missing, want, lacking):
                return None
            lacking = {v for v in lacking if len(adj[v]) < want[v]}
    return adj


def compact_opponents(n: int, g: int, forbidden: frozenset[Edge] = frozenset()) -> frozenset[Edge]:
    """The `compact` layout (R7.6): g opponents each (the middle player g-1 when n·g is odd), none further than g
    places away; connected; every middle player (`is_middle`) with as many stronger as weaker opponents (one more
    of either when their games are odd); for an even n every top odd group crossed by g games, so that g rounds can
    exist; and the total distance made small by degree-keeping exchanges.

    Built from the middle pattern (`_pattern`), completed at the ends by alternating trails, then settled by
    exchanges near the ends and wherever a rule is still broken. A forbidden pair (team-mates) is never an edge.
    Where no layout meets every rule (team-mates can make it impossible), the one that breaks them least; raises
    ValueError when the games cannot even be completed within g places.
    """
    near = [{j for j in range(max(0, i - g), min(n, i + g + 1))
             if j != i and (min(i, j), max(i, j)) not in forbidden} for i in range(n)]
    short = n // 2 if n * g % 2 else -1
    want = [g - (i == short) for i in range(n)]
    ends = [i for i in range(n) if not 3 * g <= i < n - 3 * g]
    bound = sum(_cut_bounds(n, g))
    best: tuple[tuple[int, int, int], frozenset[Edge]] | None = None
    # where the pairs k+1 apart start changes how the ends fit, most for 3 or 5 games; otherwise the first layout
    # that meets every rule is kept, and later attempts only come when one does not
    phases = g + 1 if g in (3, 5) and n <= 200 else 1
    for attempt in range(max(phases, 4)):
        rng = random.Random(f"{n}|{g}|{attempt}")
        adj = _complete(n, g, short, near, attempt, rng if attempt else None)
        if adj is None:
            continue
        layout = _Layout(n, g, adj, want, near)
        layout.settle(ends + layout.wrong())
        layout.polish(rng, 40 * len(ends) // max(10, g), ends)
        score = (layout.penalty, len(layout.components()) if g > 1 else 1, layout.distance)
        if best is None or score < best[0]:
            best = score, frozenset((i, j) for i in range(n) for j in adj[i] if i < j)
        if best[0][:2] == (0, 1) and (attempt + 1 >= phases or score[2] <= bound):
            break  # every rule met, and every phase tried or the cuts' bound reached, which nothing beats
    if best is None:
        raise ValueError(f"no {g}-game layout within {g} places")
    return best[1]


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


def _even_out(at: list[dict[int, int]], colours: int) -> None:
    """Rounds of sizes as equal as they can be, so sit-outs spread (R7.6): while one round has two games more
    than another, a path alternating between them that starts and ends with a game of the larger one swaps
    its rounds; the colouring stays proper. Such a path exists, as the two rounds' games form paths and cycles."""
    while True:
        sizes = Counter(c for byc in at for c in byc)
        big, small = max(range(colours), key=lambda c: sizes[c]), min(range(colours), key=lambda c: sizes[c])
        if sizes[big] - sizes[small] <= 2:  # each game is counted at both its players
            return
        for start in range(len(at)):
            if big in at[start] and small not in at[start]:
                path = _chain(at, start, big, small)
                if len(path) % 2 == 0:  # an odd number of games: one more of the larger round
                    _flip(at, path, big, small)
                    break
        else:
            return  # pragma: no cover - the paths and cycles argument above says this cannot happen


def balanced_colours(games: Sequence[tuple[T, T]], lean: Mapping[T, int]) -> list[tuple[T, T]]:
    """The even games as (black, white), each player's Black minus White games as near 0 as can be (R2.5, R7.6):
    `lean` is what the handicap games already gave them (the taker is Black). A game's colours start as listed;
    then, while a chain of games, each player Black against the next, leads from a player with Blacks to spare
    to one with Whites at least three fewer, the chain's colours swap: its ends move by 2, its inside not at
    all. With even games only, everyone ends within one: the players such a chain reaches from an over-Black
    player have no White too many, yet their games to the rest give them White, a contradiction."""
    blacks: dict[T, list[int]] = defaultdict(list)
    colours = list(games)
    balance = Counter(lean)
    for index, (black, white) in enumerate(colours):
        balance[black] += 1
        balance[white] -= 1
        blacks[black].append(index)
    changed = True
    while changed:  # a swap may unbalance a player passed earlier: look again until no chain is left
        changed = False
        for start in sorted(balance, key=lambda p: -balance[p]):
            while balance[start] >= 2 or (balance[start] == 1 and any(balance[p] <= -2 for p in balance)):
                chain = _black_chain(start, balance, blacks, colours)
                if not chain:
                    break
                changed = True
                balance[start] -= 2
                balance[colours[chain[-1]][1]] += 2
                for index in chain:
                    black, white = colours[index]
                    blacks[black].remove(index)
                    blacks[white].append(index)
                    colours[index] = (white, black)
    return colours


def _black_chain(start: T, balance: Mapping[T, int], blacks: Mapping[T, list[int]],
                 colours: Sequence[tuple[T, T]]) -> list[int]:
    """The games of the shortest chain from `start`, each player Black against the next, to a player with at least
    three Whites more than `start` has Blacks; [] when there is none."""
    parent: dict[T, int | None] = {start: None}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        for index in blacks[x]:
            y = colours[index][1]
            if y in parent:
                continue
            parent[y] = index
            if balance[y] <= balance[start] - 3:
                chain = []
                while (step := parent[y]) is not None:
                    chain.append(step)
                    y = colours[step][0]
                return chain[::-1]
            queue.append(y)
    return []


def schedule_layout(n: int, edges: frozenset[Edge], g: int, seed: str) -> tuple[tuple[tuple[Edge, ...], ...], str]:
    """The layout's games in rounds, no player twice in a round, and why that many rounds (R7.6).

    Even n: g rounds, each a perfect matching, when the search finds them (`even`), else more (`class2`);
    odd n: g+1 rounds, every player has one bye (`odd`), as a round always leaves someone out; one when g = 1.
    The rounds' sizes differ by at most one game (`_even_out`), so the byes spread: with b byes in all, no round
    has more than ⌈b / (g+1)⌉, made odd for an odd n.
    """
    rng = random.Random(f"serp|{seed}|{n}|{g}")
    if n % 2 == 0 and len(edges) == n * (n - 1) // 2:  # everyone meets everyone: the Berger table (R7.5)
        return tuple(tuple(sorted((min(a, b) - 1, max(a, b) - 1) for a, b in rnd)) for rnd in berger_table(n)), "even"
    tries = [(g, "even")] * 5 if n % 2 == 0 else [(g + 1, "odd") if g > 1 else (1, "single")] * 5
    tries += [(c, "class2") for c in range(g + 1 + n % 2, 2 * g + 2) for _ in range(3)]
    for colours, reason in tries:
        at = colour_edges(n, edges, colours, rng, 100 * (len(edges) + 10))
        if at is not None:
            _even_out(at, colours)
            rounds = tuple(tuple(sorted((p, q) for p, byc in enumerate(at) if (q := byc.get(c, -1)) > p))
                           for c in range(colours))
            return tuple(r for r in rounds if r), reason
    raise AssertionError("a colouring with 2g+1 colours always exists")  # pragma: no cover


def serp_plan(n: int, edges: frozenset[Edge], g: int, seed: str) -> SerpPlan:
    """A layout scheduled into rounds, with its max and mean distance and the lower bound on the mean (R7.6)."""
    rounds, reason = schedule_layout(n, edges, g, seed)
    distances = [b - a for a, b in edges]
    mean = Fraction(sum(distances), len(distances)) if distances else Fraction(0)
    return SerpPlan(n, g, rounds, reason, max(distances, default=0), mean, mean_lower_bound(n, g))
