"""R7: the registry of pairing methods, one record per method (forsxl.engine.pairing.methods)."""

from forsxl.engine.config import PairingMethod, config_keys
from forsxl.engine.pairing.methods import METHODS, SCHEDULED, SECTION_METHODS


def test_r7_every_config_method_has_one_record() -> None:
    assert {name for name, method in METHODS.items() if method.config} == set(PairingMethod)
    assert all(name == method.name for name, method in METHODS.items())


def test_r7_a_method_pairs_round_by_round_or_is_scheduled() -> None:
    for method in METHODS.values():
        if method.config:
            assert (method.pair is None) == method.scheduled, method.name
    assert {PairingMethod.ROUND_ROBIN, PairingMethod.SERP} == SCHEDULED
    assert {name for name, method in METHODS.items() if method.weighted} == {PairingMethod.MCMAHON, PairingMethod.SWISS}


def test_r7_stage_sections_keep_their_words() -> None:
    assert set(SECTION_METHODS) == {"fors", "serp", "round_robin", "knockout"}


def test_r7_a_method_reads_config_keys_that_exist() -> None:
    known = {info.key for info in config_keys()}
    for method in METHODS.values():
        assert set(method.keys) <= known, method.name
        assert method.rule.startswith("R7"), method.name
