"""Pairing methods (R7): each is `pair_<method>(state, rules) -> Pairing`."""
