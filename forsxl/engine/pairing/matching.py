"""Perfect matchings in general graphs (Edmonds' blossom search), the oracle behind top-down pairing.

Pure Python, no library: the graphs are given by forbidden pairs (rematches, team-mates), which are
few, so a vertex's neighbours are "every remaining vertex but these" and the search stops as soon as
it reaches the one free vertex it is looking for.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from itertools import chain


class _Graph:
    """Vertices 0..n-1 in preference order; `forbidden[v]` are the vertices v may not be matched with."""

    def __init__(self, n: int, forbidden: Sequence[frozenset[int]]) -> None:
        self.n = n
        self.forbidden = forbidden
        self.alive = list(range(n))
        self.mate = [-1] * n

    def allowed(self, a: int, b: int) -> bool:
        return a != b and b not in self.forbidden[a]

    def remove(self, *vertices: int) -> None:
        for v in vertices:
            self.alive.remove(v)

    def augment_from(self, root: int) -> bool:
        """Find an augmenting path from the free vertex `root` among alive vertices and flip it."""
        mate, n = self.mate, self.n
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = [root]
        head = 0
        # Nearest vertices first: the path that repairs a broken pair is almost always local, and a search
        # that wanders to the top of the ranking would break pairs the top-down pass has yet to fix.
        nearest = sorted(self.alive, key=lambda u: abs(u - root))
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in nearest:
                if base[v] == base[to] or mate[v] == to or not self.allowed(v, to):
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    joint = self._common_base(v, to, base, parent)
                    in_blossom = [False] * n
                    self._mark(v, joint, to, base, parent, in_blossom)
                    self._mark(to, joint, v, base, parent, in_blossom)
                    for u in self.alive:
                        if in_blossom[base[u]]:
                            base[u] = joint
                            if not used[u]:
                                used[u] = True
                                queue.append(u)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        self._flip(to, parent)
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

    def _common_base(self, a: int, b: int, base: list[int], parent: list[int]) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if self.mate[a] == -1:
                break
            a = parent[self.mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[self.mate[b]]

    def _mark(self, v: int, joint: int, child: int, base: list[int], parent: list[int], blossom: list[bool]) -> None:
        while base[v] != joint:
            blossom[base[v]] = blossom[base[self.mate[v]]] = True
            parent[v] = child
            child = self.mate[v]
            v = parent[self.mate[v]]

    def _flip(self, v: int, parent: list[int]) -> None:
        while v != -1:
            previous = self.mate[parent[v]]
            self.mate[v], self.mate[parent[v]] = parent[v], v
            v = previous

    def perfect(self, prefer: Callable[[int], Iterable[int]] | None = None) -> bool:
        """Complete the current matching to a maximum one; whether it covers every alive vertex.

        The greedy start takes each vertex's first free allowed partner in `prefer` order (default:
        vertex order), so that a preferred matching is usually found without any repair.
        """
        alive = set(self.alive)
        for i, v in enumerate(self.alive):  # in vertex order, so the partners below v follow it
            if self.mate[v] == -1:
                for u in self.alive[i + 1:] if prefer is None else prefer(v):
                    if u > v and u in alive and self.mate[u] == -1 and self.allowed(v, u):
                        self.mate[v], self.mate[u] = u, v
                        break
        for v in self.alive:
            if self.mate[v] == -1 and not self.augment_from(v):
                return False
        return True

    def try_pair(self, a: int, c: int) -> bool:
        """Match a with c if the rest can still be matched perfectly; otherwise leave everything as it was."""
        a2, c2 = self.mate[a], self.mate[c]
        self.remove(a, c)
        self.mate[a2] = self.mate[c2] = -1
        if self.augment_from(a2):
            self.mate[a], self.mate[c] = c, a
            return True
        self.mate[a], self.mate[a2], self.mate[c], self.mate[c2] = a2, a, c2, c
        self.alive = sorted([*self.alive, a, c])
        return False


def has_perfect_matching(n: int, forbidden: Sequence[frozenset[int]], without: int | None = None) -> bool:
    """Whether vertices 0..n-1 (less `without`) can all be paired."""
    graph = _Graph(n, forbidden)
    if without is not None:
        graph.remove(without)
    return graph.perfect()


def first_perfect_matching(
    n: int,
    forbidden: Sequence[frozenset[int]],
    without: int | None = None,
    prefer: Callable[[int], Iterable[int]] | None = None,
) -> list[tuple[int, int]] | None:
    """The lexicographically first perfect matching in vertex order, or None if there is none.

    The lowest unpaired vertex takes the lowest partner with which the rest can still be paired
    perfectly: exactly what top-down "break the last formed pair" backtracking returns, in
    polynomial time (a maximum matching is kept and each trial is one augmenting-path search).

    `prefer(a)` lists a's partners, most wanted first (default: vertex order, the nearest below).
    Vertices are still taken top-down in vertex order; each takes its most wanted partner with which
    the rest can be paired, which is backtracking over those candidate lists. Partners listed above
    `a` are skipped; partners left out are tried last, in vertex order.
    """
    graph = _Graph(n, forbidden)
    if without is not None:
        graph.remove(without)
    if not graph.perfect(prefer):
        return None
    pairs = []
    for a in range(n):
        if a == without or a not in graph.alive:  # the bye, or already paired above
            continue
        below = graph.alive[bisect_right(graph.alive, a):]  # alive is kept sorted
        alive = set(below)
        candidates = below if prefer is None else chain(prefer(a), below)
        for c in candidates:
            if c <= a or c not in alive or not graph.allowed(a, c):
                continue
            if graph.mate[a] == c:
                graph.remove(a, c)
                break
            if graph.try_pair(a, c):
                break
        pairs.append((a, graph.mate[a]))
    return pairs
