"""Config from a preset and the Config sheet: one converter that walks the dataclass fields (STYLE 9)."""

from __future__ import annotations

import copy
import datetime
import functools
import re
import types
import typing
from collections.abc import Callable, Sequence
from enum import StrEnum
from fractions import Fraction
from importlib import resources
from typing import Any

import yaml

from forsxl.engine.checks import check
from forsxl.engine.config import Config, KeyInfo, PairingMethod, StagePlan, config_keys, with_key
from forsxl.engine.errors import ForsxlError, nearest
from forsxl.engine.model import Source, number_text
from forsxl.engine.norms import parse_norm_band
from forsxl.engine.pairing.methods import config_methods
from forsxl.engine.prizes import parse_prize_lists
from forsxl.engine.scoring import settled_scheme
from forsxl.engine.stages import parse_stage_plan
from forsxl.engine.values import CategoryRanks, Lang, NormBand, PrizeLists, Rank
from forsxl.i18n import N_, Later, tr


def presets() -> dict[str, dict[str, Any]]:
    """Every shipped preset (R12) by name: its YAML keys, with `description`; the caller's own copy."""
    return copy.deepcopy(_parsed_presets())


@functools.cache
def _parsed_presets() -> dict[str, dict[str, Any]]:
    """The preset files parsed once a process: every workbook read builds its Config over a preset, and parsing the
    YAML each time took half the time of reading a small workbook."""
    found = {}
    for entry in resources.files("forsxl.presets").iterdir():
        if entry.name.endswith(".yaml"):
            found[entry.name.removesuffix(".yaml")] = yaml.safe_load(entry.read_text("utf-8")) or {}
    return dict(sorted(found.items()))


def preset_description(name: str, lang: Lang) -> str:
    """The line on what preset `name` runs (R12), in `lang`: its `description` is a msgid."""
    description = presets().get(name, {}).get("description")
    return tr(lang, str(description)) if description else ""


KEYS: dict[str, KeyInfo] = {info.key: info for info in config_keys()}

VALUE_READERS: dict[type, Callable[[str], Any]] = {
    Rank: Rank.from_text, CategoryRanks: CategoryRanks.parse, NormBand: parse_norm_band,
    PrizeLists: parse_prize_lists, StagePlan: parse_stage_plan,
}
"""Engine values a Config cell holds as text, each with its reader (STYLE 9): a ValueError is a plain bad value, a
ForsxlError its own message at the key's cell; str() gives the text back."""

NAMED: dict[type, Callable[[], Sequence[str]]] = {PairingMethod: config_methods}
"""Config values named by a registry that sits above Config, with the names it holds now: read as a StrEnum is,
from its values (a pairing method, R7: `pairing.methods.METHODS`)."""

@functools.cache
def key_type(key: str) -> Any:
    """The annotated type of a Config key (`handicap.max_steps` -> int); resolved once a process, as typing resolves
    the string annotations anew on every call."""
    owner: Any = Config
    *path, last = key.split(".")
    for part in path:
        owner = typing.get_type_hints(owner)[part]
    return typing.get_type_hints(owner)[last]


MAX_NUMBER = 10**6
"""No number in a workbook comes near this (ratings, points, rounds, boards): a larger one is refused before any
arithmetic, so `1e999999999` never becomes a huge integer, nor `1e400` a float that overflows."""
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?(?:/\d+)?", re.IGNORECASE)


class NumberTooLarge(ValueError):
    """A number beyond MAX_NUMBER either way: not a value a tournament has."""


def parse_number(value: Any) -> Fraction:
    """A number as people type it: `1 500`, `0,5`, `1/2`, a typographic minus; ValueError when it is none,
    NumberTooLarge when it is beyond MAX_NUMBER either way."""
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, (int, Fraction)):
        number = Fraction(value)
    else:
        text = str(value) if isinstance(value, float) else "".join(str(value).split()).replace(",", ".")
        match = _NUMBER.fullmatch(text.replace("−", "-"))
        if not match or len(text) > 40:
            raise ValueError(value)  # inf, nan, words
        if match[1] and abs(int(match[1])) > 99:
            raise NumberTooLarge(value) if int(match[1]) > 0 else ValueError(value)
        number = Fraction(match[0])
    if abs(number) > MAX_NUMBER:
        raise NumberTooLarge(value)
    return number


def convert_value(value: Any, hint: Any) -> Any:
    """A Config value of the annotated type; ValueError when it does not fit, or an engine value's own ForsxlError."""
    if hint in VALUE_READERS:  # parsed here once (STYLE 9); `--compare` hands typed values back
        return value if isinstance(value, hint) else VALUE_READERS[hint]("" if value is None else str(value).strip())
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None or str(value).strip() == "":
            return None
        return convert_value(value, next(a for a in typing.get_args(hint) if a is not type(None)))
    if origin is tuple:  # an empty cell is an empty list
        text = "" if value is None else str(value)
        items = value if isinstance(value, (list, tuple)) else [v for v in text.split(",") if v.strip()]
        return tuple(convert_value(v, typing.get_args(hint)[0]) for v in items)
    if hint is bool:
        text = str(value).strip().casefold()
        if text in ("true", "yes", "on", "1", "да", "вкл"):
            return True
        if text in ("false", "no", "off", "0", "нет", "выкл"):
            return False
        raise ValueError(value)
    if hint is int:
        number = parse_number(value)
        if number.denominator != 1:
            raise ValueError(value)
        return int(number)
    if hint is Fraction:
        return parse_number(value)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return hint(str(value).strip().casefold())
    if hint in NAMED:
        name = str(value).strip().casefold()
        if name not in NAMED[hint]():
            raise ValueError(value)
        return hint(name)
    if isinstance(value, datetime.date):  # a date cell (28.11.2026 typed in Calc) is a datetime, time 00:00
        return (value.date() if isinstance(value, datetime.datetime) else value).isoformat()
    return "" if value is None else str(value).strip()


_KINDS = {bool: N_("yes or no"), int: N_("a whole number"), Fraction: N_("a number"), Rank: N_("a rank: 1d, 20k")}


def expected_value(hint: Any) -> Later:
    """What a Config value of the annotated type is written as, translated where it is shown (a bad value's message,
    and docs/reference/config.md)."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        return Later("a comma-separated list of {what}", what=expected_value(typing.get_args(hint)[0]))
    if origin in (types.UnionType, typing.Union):
        inner = next(a for a in typing.get_args(hint) if a is not type(None))
        return Later("{what} or empty", what=expected_value(inner))
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return Later("one of {values}", values=", ".join(m.value for m in hint))
    if hint in NAMED:
        return Later("one of {values}", values=", ".join(NAMED[hint]()))
    return Later(_KINDS.get(hint, N_("text")))


def _unknown_key(key: str, source: Source | None) -> ForsxlError:
    """A mistyped key as one line: the key it was likely meant to be, else the keys of its section (`handicap.`),
    else the top-level keys and the sections (R12)."""
    guess = nearest(key, KEYS)
    if guess:
        return ForsxlError("R12", "config_unknown_key", source, key=key, guess=guess)
    section = key.partition(".")[0] + "."
    known = [k for k in KEYS if k.startswith(section)] or list(dict.fromkeys(
        k.partition(".")[0] + (".…" if "." in k else "") for k in KEYS))
    return ForsxlError("R12", "config_unknown_key_known", source, key=key, known=", ".join(known))


def build_config(
    entries: Sequence[tuple[str, Any, Source | None]], origin_of_defaults: str = "default"
) -> tuple[Config, dict[str, str], list[ForsxlError]]:
    """The effective Config from (key, value, cell) entries: `preset` first, then every other key over it.

    Returns the config built from the valid entries, where each key's value came from, and every problem.
    """
    errors: list[ForsxlError] = []
    origins = dict.fromkeys(KEYS, origin_of_defaults)
    config = Config()
    preset_name = next((str(v).strip() for k, v, _ in entries if k == "preset" and v), "")
    layers: list[tuple[str, Any, Source | None, str]] = []
    if preset_name:
        known = presets()
        source = next(s for k, _, s in entries if k == "preset")
        if preset_name not in known:
            errors.append(ForsxlError("R12", "preset_unknown", source, name=preset_name, known=", ".join(known)))
        else:
            layers += [(k, v, None, f"preset {preset_name}") for k, v in known[preset_name].items()
                       if k != "description"]
    layers += [(k, v, s, str(s) if s else "command line") for k, v, s in entries]
    keys = [k for k, _, _ in entries]
    errors += [ForsxlError("R12", "config_duplicate", s, key=k) for i, (k, _, s) in enumerate(entries) if k in keys[:i]]
    for key, value, source, origin in layers:
        if key not in KEYS:
            errors.append(_unknown_key(key, source))
            continue
        hint = key_type(key)
        try:
            config = with_key(config, key, convert_value(value, hint))
        except NumberTooLarge:
            errors.append(ForsxlError(KEYS[key].rule, "number_huge", source, value=value, limit=MAX_NUMBER))
            continue
        except (ValueError, ZeroDivisionError):
            errors.append(ForsxlError(KEYS[key].rule, "config_bad_value", source, key=key, value=value,
                                      expected=expected_value(hint)))
            continue
        except ForsxlError as bad:  # a value type's own message (prize lists, norm bands), told at the key's cell
            errors.append(ForsxlError(KEYS[key].rule, bad.code, source, **bad.params))
            continue
        origins[key] = origin
    config = settled_scheme(config)
    cells = {k: s for k, _, s in entries}
    for key, message_key, params in check(config):
        errors.append(ForsxlError(KEYS[key].rule, message_key, cells.get(key), **params))
    return config, origins, errors


def _plain(value: Any) -> Any:
    """Config values as YAML-friendly Python: tuples as lists, enums as text, exact fractions kept exact."""
    if type(value) in VALUE_READERS or type(value) in NAMED:  # an engine value, or a name, as its text, as typed
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        text = number_text(value)
        return text if "/" in text else float(text) if "." in text else int(text)
    return value.value if isinstance(value, StrEnum) else value


def config_cell(value: Any, lang: Lang) -> Any:
    """A Config value as its cell holds it, read back as the same value: a number, a list with commas, yes or no in
    the workbook's language, empty for none."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return tr(lang, "yes") if value else tr(lang, "no")
    if isinstance(value, tuple):  # one number stays a number, as a person types `8`
        return config_cell(value[0], lang) if len(value) == 1 else ", ".join(str(config_cell(v, lang)) for v in value)
    plain = _plain(value)
    return plain if isinstance(plain, (int, float, str)) else str(plain)


def yaml_value(value: Any) -> str:
    """A Config value as YAML that a preset file could hold (`forsxl config`)."""
    return yaml.safe_dump(_plain(value), default_flow_style=True, allow_unicode=True).removesuffix("\n...\n").strip()
