"""Maximum-weight matching of a complete graph by Gabow's O(n^3) implementation of Edmonds' algorithm, in the order
of operations of Rothberg's C coding of it: the matching OpenGotha's engine computes, ties included (R7.4).

Several perfect matchings often weigh the same; which one an algorithm returns depends on nothing but its inner order.
OpenGotha pairs with this algorithm (its `WeightedMatchLong`), so forsxl, to pair as OpenGotha pairs with
`swiss.weights: opengotha`, follows the same order: the vertices as given, each vertex's edges by their other end, the
same tie rules when the next edge of least slack is chosen, blossoms formed, expanded and undone in the same steps.

Sources: H. N. Gabow, "Implementation of algorithms for maximum matching on nonbipartite graphs", PhD thesis,
Stanford, 1973 (Appendix D, whose step names W1..W9, PA1..PA12 and so on the comments use); E. L. Lawler,
"Combinatorial Optimization: Networks and Matroids", Holt, Rinehart and Winston, 1976, ch. 6; E. Rothberg's C code
of Gabow's description (1985, DIMACS); P. Cappello's Java `WeightedMatch` of it (JICOS, MIT licence), which
OpenGotha adapted to longs. This module is forsxl's own code of that algorithm, stdlib only.

The search keeps Gabow's representation, which the tie order depends on: vertices 1..n, a dummy vertex n + 1 that
links the exposed vertices; each edge twice, once per direction (`end[e]` the vertex it points to, `_opposite(e)`
the other direction), numbered after the vertices; blossoms as lists of vertices threaded through `next_vertex`,
each with its base; `link` signed: negative for an unlinked (or flagged) blossom. Several steps hand an edge, a
vertex or a base from one procedure to the next, as Gabow's description does; they are attributes here.
"""

from __future__ import annotations

from collections.abc import Sequence


def _half(value: int) -> int:
    """value / 2 rounded toward zero, as the algorithm's integer arithmetic divides."""
    return value // 2 if value >= 0 else -(-value // 2)


class _Search:
    """One run of the algorithm over a weight matrix (weights doubled, as Gabow counts each edge once per direction)."""

    def __init__(self, weights: Sequence[Sequence[int]]) -> None:
        n = self.n = len(weights)
        edges = n * (n - 1) // 2
        self.dummy_vertex = n + 1
        self.dummy_edge = n + 2 * edges + 1
        size = n + 2 * edges + 3
        self.end = end = [0] * size
        self.weight = weight = [0] * size
        # Edges numbered as Rothberg numbers them, each pair's two directions side by side; the scan reads them by
        # their two ends (`edge_to[x][v]` goes from x to v, `row[x][v]` is its weight) and in the order of v.
        self.edge_to = edge_to = [[0] * (n + 2) for _ in range(n + 2)]
        self.row = row = [[0] * (n + 2) for _ in range(n + 2)]
        self.tail = tail = [0] * size  # where an edge starts
        edge = n + 2
        for i in range(n, 0, -1):
            for j in range(i - 1, 0, -1):
                weight[edge - 1] = weight[edge] = row[i][j] = row[j][i] = 2 * weights[i - 1][j - 1]
                end[edge - 1] = tail[edge] = i
                end[edge] = tail[edge - 1] = j
                edge_to[i][j], edge_to[j][i] = edge, edge - 1
                edge += 2
        end[self.dummy_edge] = self.dummy_vertex
        self.vertices = list(range(1, n + 1))
        heaviest = max((weight[e] for e in range(n + 1, n + 2 * edges + 1)), default=0)
        self.last_delta = _half(heaviest)  # W1: every dual starts at half the heaviest edge
        self.delta = 0
        vertices = n + 2
        self.mate = [self.dummy_edge] * vertices
        self.next_edge = [self.dummy_edge] * vertices
        self.next_vertex = [0] * vertices
        self.link = [-self.dummy_edge] * vertices
        self.base = list(range(vertices))
        self.last_vertex = list(range(vertices))
        self.y = [self.last_delta] * vertices
        self.next_delta = [self.last_delta] * vertices
        self.next_pair = [0] * size
        self.last_edge = [0, 0, 0]
        # Values handed between steps, as in Gabow's description.
        self.e = self.f = self.second_mate = 0
        self.new_base = self.new_last = self.pair_point = self.neighbor = 0

    def _opposite(self, e: int) -> int:
        return e - 1 if (e - self.n) % 2 == 0 else e + 1

    def _slack(self, e: int) -> int:
        return self.y[self.end[e]] + self.y[self.tail[e]] - self.weight[e]

    def _bend(self, e: int) -> int:
        return self.base[self.end[e]]

    def _blink(self, v: int) -> int:
        return self.base[self.end[self.link[v]]]

    def _bmate(self, v: int) -> int:
        return self.base[self.end[self.mate[v]]]

    def run(self) -> list[int]:
        """The matching: each vertex's mate, 0-based, -1 for none."""
        n, next_delta = self.n, self.next_delta
        while True:
            # W2: a new search from every exposed vertex.
            self.delta = 0
            for v in range(1, n + 1):
                if self.mate[v] == self.dummy_edge:
                    self._pointer(self.dummy_vertex, v, self.dummy_edge)
            while True:
                # W3: the vertex whose best edge has the least slack, the first of equals.
                window = next_delta[1:n + 1]
                delta = self.delta = min(window)
                i = window.index(delta) + 1
                if delta == self.last_delta:  # W8: no augmenting path left; undo the blossoms (W9)
                    self._set_bounds()
                    self._unpair_all()
                    return [self.end[self.mate[v]] - 1 if self.end[self.mate[v]] != self.dummy_vertex else -1
                            for v in range(1, n + 1)]
                v = self.base[i]
                if self.link[v] >= 0:  # W4: a pair link, or an augmenting path
                    if self._pair(v):
                        break
                else:
                    w = self._bmate(v)
                    if self.link[w] < 0:  # W5: link the unlinked blossom
                        self._pointer(v, w, self._opposite(self.next_edge[i]))
                    else:  # W6: undo a pair link
                        self._unpair(v, w)
            # W7: augment along the path the last edge completed.
            self.last_delta -= self.delta
            self._set_bounds()
            e = self.e
            g = self._opposite(e)
            self._rematch(self._bend(e), g)
            self._rematch(self._bend(g), e)

    def _insert_pair(self) -> None:
        """IP1-IP5: put edge `e` (to `neighbor`) into the new blossom's pair list, kept by neighbour, at most one edge
        a neighbour (the one of less slack, the earlier of equals)."""
        end, next_pair, e, neighbor = self.end, self.next_pair, self.e, self.neighbor
        delta_e = _half(self._slack(e))
        point = self.pair_point
        following = next_pair[point]
        while end[following] < neighbor:
            point = following
            following = next_pair[following]
        if end[following] == neighbor:
            if delta_e >= _half(self._slack(following)):
                self.pair_point = point
                return
            following = next_pair[following]
        next_pair[point] = e
        self.pair_point = e
        next_pair[e] = following
        if self.next_delta[self.new_base] > delta_e:
            self.next_delta[self.new_base] = delta_e

    def _link_path(self, e: int) -> None:
        """L1-L5: link the blossoms on the path from the end of `e` to the new base into the new blossom."""
        base, next_vertex, last_vertex = self.base, self.next_vertex, self.last_vertex
        v = self._bend(e)
        while v != self.new_base:
            u = self._bmate(v)
            self.link[u] = self._opposite(e)
            next_vertex[self.new_last] = v
            next_vertex[last_vertex[v]] = u
            self.new_last = last_vertex[u]
            i = v
            while True:
                base[i] = self.new_base
                i = next_vertex[i]
                if i == self.dummy_vertex:
                    break
            e = self.link[v]
            v = self._bend(e)

    def _merge_pairs(self, v: int) -> None:
        """MP1-MP3: merge a subblossom's pair list into the new blossom's."""
        self.next_delta[v] = self.last_delta
        self.pair_point = self.dummy_edge
        f = self.next_edge[v]
        while f != self.dummy_edge:
            self.e = f
            self.neighbor = self.end[f]
            f = self.next_pair[f]
            if self.base[self.neighbor] != self.new_base:
                self._insert_pair()
        self.f = f  # the list's end, where Gabow's f is left

    def _pair(self, v: int) -> bool:
        """PA1-PA12: the edge of least slack joins two linked blossoms: True if it completes an augmenting path,
        else the blossom it closes is formed and scanned."""
        link, next_vertex, last_vertex = self.link, self.next_vertex, self.last_vertex
        e = self.next_edge[v]
        while self._slack(e) != 2 * self.delta:
            e = self.next_pair[e]
        self.e = e
        w = self._bend(e)
        link[self._bmate(w)] = -e
        u = self._bmate(v)
        while link[u] != -e:  # PA4: flag the two paths back, alternately, until they meet or both reach the root
            link[u] = -e
            if self.mate[w] != self.dummy_edge:
                v, w = w, v
            v = self._blink(v)
            u = self._bmate(v)
        if u == self.dummy_vertex and v != w:
            return True
        self.new_last = self.new_base = v
        old_first = next_vertex[v]
        self._link_path(e)
        self._link_path(self._opposite(e))
        next_vertex[self.new_last] = old_first
        if last_vertex[self.new_base] == self.new_base:
            last_vertex[self.new_base] = self.new_last
        self.next_pair[self.dummy_edge] = self.dummy_edge
        self._merge_pairs(self.new_base)
        i = next_vertex[self.new_base]
        while True:
            self._merge_pairs(i)
            i = next_vertex[last_vertex[i]]
            self._scan(i, 2 * self.delta - self._slack(self.mate[i]))
            i = next_vertex[last_vertex[i]]
            if i == old_first:
                return False

    def _pointer(self, u: int, v: int, e: int) -> None:
        """PT1-PT4: link blossom `v`, matched with blossom `u`, by edge `e`, and scan it if it was unlinked."""
        next_vertex, last_vertex = self.next_vertex, self.last_vertex
        self.link[u] = -self.dummy_edge
        next_vertex[last_vertex[u]] = next_vertex[last_vertex[v]] = self.dummy_vertex
        change = -_half(self._slack(self.mate[next_vertex[u]])) if last_vertex[u] != u else self.last_delta
        i = u
        while i != self.dummy_vertex:
            self.y[i] += change
            self.next_delta[i] += change
            i = next_vertex[i]
        unlinked = self.link[v] < 0
        self.link[v] = e
        if unlinked:
            self.next_pair[self.dummy_edge] = self.dummy_edge
            self._scan(v, self.delta)

    def _rematch(self, first_mate: int, e: int) -> None:
        """R1-R4: switch the matching along the alternating path that starts at `first_mate` with edge `e`."""
        link, mate = self.link, self.mate
        mate[first_mate] = e
        next_e = -link[first_mate]
        while next_e != self.dummy_edge:
            e = next_e
            f = self.f = self._opposite(e)
            first_mate = self._bend(e)
            second_mate = self.second_mate = self._bend(f)
            next_e = -link[first_mate]
            link[first_mate] = -mate[second_mate]
            link[second_mate] = -mate[first_mate]
            mate[first_mate] = f
            mate[second_mate] = e

    def _scan(self, x: int, change: int) -> None:
        """SC1-SC8: scan the vertices of the blossom just linked at `x`: each edge to an unlinked blossom may become
        its vertex's best (least slack, the first of equals), each to another linked blossom goes to the pair list.

        Written for speed, this loop being most of the running time: which blossoms are unlinked or linked does not
        change during a scan, and the two kinds of edges touch different values, so the unlinked ends are handled
        together and the linked ones after, each in the order of their other end (`_insert_pair` written out)."""
        base, link, mate, end, tail, y = self.base, self.link, self.mate, self.end, self.tail, self.y
        next_delta, next_edge, next_vertex, last_vertex, next_pair = self.next_delta, self.next_edge, \
            self.next_vertex, self.last_vertex, self.next_pair
        last_delta, dummy_edge, weight = self.last_delta, self.dummy_edge, self.weight
        new_base = self.new_base = base[x]
        vertices = self.vertices
        unlinked = [v for v in vertices if link[base[v]] < 0
                    and (link[base[end[mate[base[v]]]]] < 0 or last_vertex[base[v]] != base[v])]
        linked = [v for v in vertices if link[base[v]] >= 0 and base[v] != new_base]
        stop = next_vertex[last_vertex[x]]
        while x != stop:
            y[x] += change
            y_x = y[x]
            next_delta[x] = last_delta
            row, edge_to = self.row[x], self.edge_to[x]
            for v in [v for v in unlinked if y[v] + y_x - row[v] < next_delta[v]]:
                next_delta[v] = y[v] + y_x - row[v]
                next_edge[v] = edge_to[v]
            point = dummy_edge
            for neighbor in linked:
                e = edge_to[neighbor]
                slack = y[neighbor] + y_x - row[neighbor]
                half = slack // 2 if slack >= 0 else -(-slack // 2)
                following = next_pair[point]
                while end[following] < neighbor:
                    point = following
                    following = next_pair[following]
                if end[following] == neighbor:
                    other = y[neighbor] + y[tail[following]] - weight[following]
                    if half >= (other // 2 if other >= 0 else -(-other // 2)):
                        continue
                    following = next_pair[following]
                next_pair[point] = e
                point = e
                next_pair[e] = following
                if next_delta[new_base] > half:
                    next_delta[new_base] = half
            x = next_vertex[x]
        next_edge[new_base] = next_pair[dummy_edge]

    def _set_bounds(self) -> None:
        """SB1-SB8: after a search step, move the duals of each linked blossom and of the blossom matched to it by
        the step taken, and reset every vertex's bound."""
        link, base, next_vertex, y = self.link, self.base, self.next_vertex, self.y
        for v in range(1, self.n + 1):
            if link[v] >= 0 and base[v] == v:
                link[v] = -link[v]
                i = v
                while i != self.dummy_vertex:
                    y[i] -= self.delta
                    i = next_vertex[i]
                f = self.f = self.mate[v]
                if f != self.dummy_edge:
                    i = self._bend(f)
                    change = self._slack(f)
                    while i != self.dummy_vertex:
                        y[i] -= change
                        i = next_vertex[i]
            self.next_delta[v] = self.last_delta

    def _unlink(self, old_base: int) -> None:
        """UL1-UL8: unlink the subblossoms of the blossom based at `old_base`, keeping their links for rematching;
        `last_edge` records the edges at the two ends of its cycle."""
        link, base, next_vertex, last_vertex = self.link, self.base, self.next_vertex, self.last_vertex
        i = new_base = next_vertex[old_base]
        next_base = next_vertex[last_vertex[new_base]]
        e = self.e = link[next_base]

        def unlink_path() -> int:
            nonlocal i, new_base, next_base
            while True:
                following = self._opposite(link[new_base])
                for _ in range(2):
                    link[new_base] = -link[new_base]
                    while True:
                        base[i] = new_base
                        i = next_vertex[i]
                        if i == next_base:
                            break
                    new_base = next_base
                    next_base = next_vertex[last_vertex[new_base]]
                if link[next_base] != following:
                    return following

        following = unlink_path()
        self.last_edge[1] = following
        following = self._opposite(e)
        if link[next_base] == following:
            following = unlink_path()
        self.last_edge[2] = following
        if base[last_vertex[old_base]] == old_base:
            next_vertex[old_base] = new_base
        else:
            next_vertex[old_base] = self.dummy_vertex
            last_vertex[old_base] = old_base

    def _unpair(self, old_base: int, old_mate: int) -> None:
        """UP1-UP7: undo the blossom based at `old_base`, unlinked, matched with the linked `old_mate`: unlink its
        subblossoms, rematch along its cycle, and relink them."""
        link = self.link
        self._unlink(old_base)
        new_base = self._bmate(old_mate)
        if new_base != old_base:
            link[old_base] = -self.dummy_edge
            self._rematch(new_base, self.mate[old_base])
            link[self.second_mate] = -self.last_edge[2] if self.f == self.last_edge[1] else -self.last_edge[1]
        e = link[old_mate]
        u = self._bend(self._opposite(e))
        if u != new_base:
            link[self._bmate(u)] = -e
            while True:
                e = -link[u]
                v = self._bmate(u)
                self._pointer(u, v, -link[v])
                u = self._bend(e)
                if u == new_base:
                    break
            e = self._opposite(e)
        self._pointer(new_base, old_mate, e)

    def _unpair_all(self) -> None:
        """UA1-UA7: undo every blossom left, innermost last, rematching each so the final matching is on vertices."""
        next_vertex, last_vertex, link = self.next_vertex, self.last_vertex, self.link
        dummy = self.dummy_vertex
        for v in range(1, self.n + 1):
            if self.base[v] != v or last_vertex[v] == v:
                continue
            next_u = v
            next_vertex[last_vertex[next_u]] = dummy
            while True:
                u = next_u
                next_u = next_vertex[next_u]
                self._unlink(u)
                if last_vertex[u] != u:
                    f = self.f = (self.last_edge[1] if self.last_edge[2] == self._opposite(self.e)
                                  else self.last_edge[2])
                    next_vertex[last_vertex[self._bend(f)]] = u
                new_base = self._bmate(self._bmate(u))
                if new_base != dummy and new_base != u:
                    link[u] = -self.dummy_edge
                    self._rematch(new_base, self.mate[u])
                while last_vertex[next_u] == next_u and next_u != dummy:
                    next_u = next_vertex[next_u]
                if last_vertex[next_u] == next_u and next_u == dummy:
                    break


def max_weight_matching(weights: Sequence[Sequence[int]]) -> list[int]:
    """The maximum-weight matching of the complete graph on vertices 0..n-1 with these symmetric integer weights
    (`weights[i][j]`, the diagonal unread), as each vertex's mate (-1 for none): with positive weights and n even, a
    perfect matching. Among matchings of equal weight, the one OpenGotha's engine returns for the same matrix."""
    if len(weights) < 2:
        return [-1] * len(weights)
    return _Search(weights).run()
