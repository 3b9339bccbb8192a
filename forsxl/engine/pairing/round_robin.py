"""Round robin: Berger tables, single and double, all rounds at once (R7.5)."""

from __future__ import annotations

Table = tuple[tuple[tuple[int, int], ...], ...]
"""Rounds of boards, each board (white, black) by start position 1..n, board 1 first."""


def berger_round(n: int, r: int) -> tuple[tuple[int, int], ...]:
    """Round `r` of the Berger table for an even `n`: boards as (white, black), the game of player n first (R7.5).

    FIDE C.05 Annex 1, as a rule: player n meets the i with 2i = r+1 (mod n-1), i White in odd rounds; every
    other pair i + j = r+1 (mod n-1) plays, White is i if i+j is odd, j if even. Board k pairs the players k-1
    places either side of n's opponent on the circle, which is the published board order.
    """
    m = n - 1

    def residue(x: int) -> int:
        return (x - 1) % m + 1

    i0 = next(i for i in range(1, n) if (2 * i - r - 1) % m == 0)
    boards = [(i0, n) if r % 2 else (n, i0)]
    for k in range(1, n // 2):
        a, b = residue(i0 + k), residue(i0 - k)
        i, j = min(a, b), max(a, b)
        boards.append((i, j) if (i + j) % 2 else (j, i))
    return tuple(boards)


def berger_table(n: int) -> Table:
    """The single round robin of n players (R7.5): n-1 rounds for even n; for odd n, n rounds where the
    opponent of the dummy player n+1 has the bye (the dummy's boards are left out)."""
    size = n + n % 2
    return tuple(
        tuple(board for board in berger_round(size, r) if size not in board or size == n)
        for r in range(1, size)
    )


def double_berger_table(n: int) -> Table:
    """The double round robin (R7.5): the table, then again with colours swapped.

    FIDE's advice is followed: the last two rounds of the first cycle change places, so that no player gets
    three games of one colour in a row where the cycles meet.
    """
    first = list(berger_table(n))
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [tuple((black, white) for white, black in rnd) for rnd in berger_table(n)]
    return (*first, *second)


def round_robin_table(n: int, cycles: int) -> Table:
    """`cycles` round robins of n players one after another, colours swapped in every second cycle (R7.5)."""
    if cycles == 1:
        return berger_table(n)
    pairs = double_berger_table(n)
    return pairs * (cycles // 2) + (berger_table(n) if cycles % 2 else ())
