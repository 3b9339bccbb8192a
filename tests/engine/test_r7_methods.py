"""R7: the registry of pairing methods, one record per method (forsxl.engine.pairing.methods)."""

import pytest

from forsxl.engine.config import PairingMethod, config_keys
from forsxl.engine.pairing.methods import (
    MCMAHON,
    METHODS,
    ROUND_ROBIN,
    SCHEDULED,
    SECTION_METHODS,
    SERP,
    SWISS,
    Method,
    config_methods,
)
from forsxl.engine.pairing.neighbours import pair_neighbours


def test_r7_every_method_is_one_record_by_its_name() -> None:
    assert all(name == method.name for name, method in METHODS.items())
    assert config_methods() == ["neighbours", "shift", "rating_shift", "round_robin", "serp", "mcmahon", "swiss"]


def test_r7_a_config_method_without_its_words_is_refused_where_it_is_written() -> None:
    """Every message and the Положение name a Config method by its record's words: a record without them is an
    error at once, not a KeyError at the first page that names it (issue 44)."""
    with pytest.raises(TypeError, match="'coin': a Config method needs its words"):
        Method(PairingMethod("coin"), "R7", pair=pair_neighbours)
    assert all(method.words is not None for method in METHODS.values() if method.config)


def test_r7_a_method_pairs_round_by_round_or_is_scheduled() -> None:
    for method in METHODS.values():
        if method.config:
            assert (method.pair is None) == method.scheduled, method.name
    assert {ROUND_ROBIN.name, SERP.name} == SCHEDULED
    assert {name for name, method in METHODS.items() if method.weighted} == {MCMAHON.name, SWISS.name}


def test_r7_stage_sections_keep_their_words() -> None:
    assert set(SECTION_METHODS) == {"fors", "serp", "round_robin", "knockout"}


def test_r7_a_method_reads_config_keys_that_exist() -> None:
    known = {info.key for info in config_keys()}
    for method in METHODS.values():
        assert set(method.keys) <= known, method.name
        assert method.rule.startswith("R7"), method.name
