"""Who in a list of players is who in another: the one matching of forsxl, which `import` (is this entry in Players
already?), `ratings` (which entry of the federation's list is this player?) and `ratings --add` (which entry is
`Иванов Пётр`?) all use.

A federation's id decides first: the same RFG ID, EGD PIN, AGA ID or FFG licence is the same person, and a
different one in both is another person, whatever the names. Then the name, in either script: `Иванов Пётр` is
`Ivanov Petr` (by the list's own Latin name, or transliterated as the EGD writes it), with spaces, case, ё and `_`
folded. Namesakes are told apart by the town, then the club; those left are named, never guessed between.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

from forsxl.engine.model import name_key
from forsxl.formats.names import latin

ID_FIELDS = ("rfg_id", "egd_pin", "aga_id", "ffg_licence")
"""The federations' ids a player or a list entry may carry, by their Players columns."""


class Person(Protocol):
    """What matching reads of a player or a list entry (engine Player and formats Entry alike)."""

    @property
    def name(self) -> str: ...
    @property
    def latin(self) -> str: ...
    @property
    def city(self) -> str: ...
    @property
    def club(self) -> str: ...
    @property
    def rfg_id(self) -> str: ...
    @property
    def egd_pin(self) -> str: ...
    @property
    def aga_id(self) -> str: ...
    @property
    def ffg_licence(self) -> str: ...


P = TypeVar("P", bound=Person)


class How(StrEnum):
    """How a match was made, as the snapshot sheet names it."""

    ID = "id"
    NAME = "name"
    TOWN = "name and town"
    CLUB = "name and club"


@dataclass(frozen=True)
class Found(Generic[P]):
    """The one person matched and how; or nobody, with the namesakes that could not be told apart (none: not
    there)."""

    person: P | None = None
    how: How | None = None
    namesakes: tuple[P, ...] = ()


def _key(name: str) -> str:
    return name_key(name.replace("_", " "))


def name_keys(who: Person) -> frozenset[str]:
    """Every form of a person's name that counts as theirs: as written, in its Latin form when given, and each
    transliterated (ICAO, as the EGD writes Russian names)."""
    names = [n for n in (who.name, who.latin) if n.strip()]
    return frozenset(_key(form) for n in names for form in (n, latin(n)))


def _ids(who: Person) -> dict[str, str]:
    return {f: value.strip() for f in ID_FIELDS if (value := getattr(who, f)).strip()}


def _others(a: Person, b: Person) -> bool:
    """Whether two records carry different ids of one federation: two people, whatever their names."""
    ids = _ids(b)
    return any(ids.get(f, value) != value for f, value in _ids(a).items())


@dataclass
class People(Generic[P]):
    """People indexed by their ids and every form of their names, to find a person among them (`find`)."""

    by_id: dict[tuple[str, str], list[P]] = field(default_factory=dict)
    by_name: dict[str, list[P]] = field(default_factory=dict)

    @classmethod
    def of(cls, people: Iterable[P]) -> People[P]:
        index: People[P] = cls()
        for who in people:
            index.add(who)
        return index

    def add(self, who: P) -> None:
        for pair in _ids(who).items():
            self.by_id.setdefault(pair, []).append(who)
        for key in name_keys(who):
            self.by_name.setdefault(key, []).append(who)

    def find(self, who: Person) -> Found[P]:
        """The one person here who is `who`: by a federation's id, else by name, namesakes told apart by the town,
        then the club."""
        for pair in _ids(who).items():
            same = self.by_id.get(pair, [])
            if len(same) == 1:
                return Found(same[0], How.ID)
        named = list({id(p): p for key in name_keys(who) for p in self.by_name.get(key, [])
                      if not _others(who, p)}.values())
        if len(named) == 1:
            return Found(named[0], How.NAME)
        for how, place in ((How.TOWN, "city"), (How.CLUB, "club")):
            mine = _key(getattr(who, place))
            there = [p for p in named if mine and _key(getattr(p, place)) == mine]
            if len(there) == 1:
                return Found(there[0], how)
        return Found(namesakes=tuple(named))
