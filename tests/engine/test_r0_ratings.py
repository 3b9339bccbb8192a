"""R0: rank strings, ranks and ratings on the egf and rfg scales."""

import pytest

from forsxl.engine.config import Scale
from forsxl.engine.ratings import rank_of_rating, rating_of_rank
from forsxl.engine.values import Lang, Rank


def rank(label: str) -> Rank:
    """A rank from a canonical label such as `2k` or `3d`, built without the parser."""
    number, kind = int(label[:-1]), label[-1]
    return Rank(30 - number if kind == "k" else 29 + number)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5k", "5k"), ("5 kyu", "5k"), ("5кю", "5k"), ("5 к", "5k"), ("5 KYU", "5k"), (" 5K ", "5k"),
        ("5 КЮ", "5k"), ("30k", "30k"), ("1k", "1k"),
        ("2d", "2d"), ("2 dan", "2d"), ("2 дан", "2d"), ("2д", "2d"), ("2 Dan", "2d"), ("9d", "9d"),
        ("1p", "7d"),
    ],
    ids=lambda v: repr(v) if isinstance(v, str) else None,
)
def test_r0_rank_strings(text: str, expected: str) -> None:
    assert Rank.parse(text) == rank(expected)


@pytest.mark.parametrize(
    "text", ["", "   ", "k", "5", "0k", "31k", "0d", "10d", "5x", "5 kyu dan", "-5k", "5.5k", "k5"]
)
def test_r0_bad_rank_strings_name_no_rank(text: str) -> None:
    assert Rank.parse(text) is None


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        pytest.param(1915, "2k", id="[R0] 1915 -> 2k"),
        pytest.param(1960, "1k", id="[R0] 1960 -> 1k"),
        pytest.param(2025, "1k", id="[R0] 2025 -> 1k"),
        pytest.param(2100, "1d", id="[R0] 2100 -> 1d"),
        pytest.param(1000, "11k", id="[R0] 1000 -> 11k"),
        pytest.param(100, "20k", id="100 -> 20k"),
        pytest.param(-900, "30k", id="-900 -> 30k"),
        pytest.param(2549, "5d", id="2549 -> 5d"),
    ],
)
def test_r0_egf_rank_of_rating(rating: int, expected: str) -> None:
    assert rank_of_rating(rating, Scale.EGF) == rank(expected)


@pytest.mark.parametrize(
    ("label", "expected"),
    [("1k", 2000), ("1d", 2100), ("11k", 1000), ("20k", 100), ("30k", -900), ("5d", 2500)],
)
def test_r0_egf_rating_of_rank(label: str, expected: int) -> None:
    assert rating_of_rank(rank(label), Scale.EGF) == expected


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        (0, "30k"), (59, "30k"), (60, "29k"), (599, "21k"),  # 60 points per rank
        (600, "20k"), (674, "20k"), (675, "19k"), (2024, "2k"), (2025, "1k"), (2099, "1k"),  # 75 per rank
        (2100, "1d"), (2199, "1d"), (2200, "2d"),  # 100 per rank from the bottom of the band
    ],
)
def test_r0_rfg_bands(rating: int, expected: str) -> None:
    assert rank_of_rating(rating, Scale.RFG) == rank(expected)


@pytest.mark.parametrize("scale", list(Scale))
def test_r0_rating_of_rank_lies_in_the_ranks_band(scale: Scale) -> None:
    for index in range(39):
        assert rank_of_rating(rating_of_rank(Rank(index), scale), scale) == Rank(index)


def test_r0_rank_labels() -> None:
    assert [rank(x).label() for x in ("2k", "1k", "1d")] == ["2k", "1k", "1d"]
    assert rank("2k").label(Lang.RU) == "2к"
    assert rank("3d").label(Lang.RU) == "3д"
