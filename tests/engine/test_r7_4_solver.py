"""R7.4's matching solver with rustworkx and without it (issue 42): forsxl's own Gabow matching on the complete
graph stands in where rustworkx is not installed, and finds a perfect matching of the same optimal weight, or none
where rustworkx finds none; a field beyond its limit is refused with a message."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forsxl.engine.errors import ForsxlError
from forsxl.engine.pairing import solver

Edges = list[tuple[int, int, int]]


@pytest.fixture
def without_rustworkx(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The solver as on a Python where rustworkx is not installed."""
    monkeypatch.setattr(solver, "rustworkx", lambda: None)
    yield


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, Edges]:
    """A graph of 0 to 10 vertices, some pairs left out (so that some have no perfect matching), its positive
    weights drawn from few values: many equal-weight optima."""
    n = draw(st.integers(0, 10))
    values = draw(st.lists(st.integers(1, 10**9), min_size=1, max_size=3))
    pairs = draw(st.lists(st.sampled_from(list(combinations(range(n), 2))), unique=True)) if n > 1 else []
    return n, [(a, b, draw(st.sampled_from(values))) for a, b in pairs]


def weight(matching: list[tuple[int, int]] | None, edges: Edges) -> int | None:
    weights = {(a, b): w for a, b, w in edges}
    return None if matching is None else sum(weights[pair] for pair in matching)


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_r7_4_without_rustworkx_the_same_optimum_or_none(graph: tuple[int, Edges]) -> None:
    n, edges = graph
    if solver.rustworkx() is None:  # .ci/run's run without rustworkx: the rest of the suite is the other way
        pytest.skip("rustworkx is not installed here, so there is nothing to compare forsxl's own matching with")
    with_library = solver.max_weight_perfect_matching(n, edges)
    sizes = solver.max_matching_size(n, [(a, b) for a, b, _ in edges])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "rustworkx", lambda: None)
        own = solver.max_weight_perfect_matching(n, edges)
        assert solver.max_matching_size(n, [(a, b) for a, b, _ in edges]) == sizes
    assert weight(own, edges) == weight(with_library, edges)
    if own is not None:
        assert sorted(v for pair in own for v in pair) == list(range(n)) and all(a < b for a, b in own)
        assert set(own) <= {(a, b) for a, b, _ in edges}


def test_r7_4_without_rustworkx_a_field_beyond_the_limit_is_refused(without_rustworkx: None) -> None:
    n = solver.GABOW_FIELD_LIMIT + 2
    with pytest.raises(ForsxlError) as refused:
        solver.max_weight_perfect_matching(n, [(v, v + 1, 1) for v in range(0, n, 2)])
    assert refused.value.code == "field_needs_rustworkx" and refused.value.rule == "R7.4"
    assert refused.value.params == {"players": n, "limit": solver.GABOW_FIELD_LIMIT}


def test_r7_4_without_rustworkx_the_weight_bound_holds_as_with_it(without_rustworkx: None) -> None:
    with pytest.raises(OverflowError):
        solver.max_weight_perfect_matching(4, [(0, 1, 1 << 99), (2, 3, 1)])
