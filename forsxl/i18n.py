"""Every word forsxl shows, in the workbook's language (issue 20): gettext catalogues, CLDR plurals, dates and
numbers.

The code is written in English, and its English strings are the msgids (the gettext convention); the Russian
catalogue is `forsxl/locale/ru/LC_MESSAGES/forsxl.po`, compiled to the `.mo` beside it that the stdlib's gettext
reads (measured for issue 20: 2-6 ms to load it, against about 60 ms to import babel's `read_po` and parse the
`.po` at every start). `python -m forsxl.locale` extracts the msgids with babel and compiles the catalogue. babel
also supplies what a catalogue cannot: the CLDR plural rule in the catalogue's header, and the locale's dates and
decimal separator (imported only where a date or a fraction is shown).

A msgid is found by babel's extractor where it is the argument of `tr(lang, ...)`, `ntr(lang, ..., ...)`, `N_(...)`
(a msgid named for a table, translated where it is shown) or `Later(...)` (an English text translated where it is
shown), and in the engine, which knows no catalogue, `sentence(...)` and `sentence_n(...)` (engine/said.py: what the
engine says, worded here by `worded`) and `filled(lang, ...)` (a paragraph of the Положение with blanks,
publish/regulation.py); `KEYWORDS` lists them.
"""

from __future__ import annotations

import gettext
import os
import re
import sys
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from forsxl.engine.model import Result, number_text
from forsxl.engine.results import result_text
from forsxl.engine.said import Said
from forsxl.engine.values import Lang, Rank
from forsxl.russian import Named

DOMAIN = "forsxl"
LOCALE_DIR = Path(__file__).parent / "locale"
KEYWORDS: dict[str, tuple[int, ...] | None] = {"tr": (2,), "ntr": (2, 3), "N_": None, "Later": None, "key": (2,),
                                               "sentence": None, "sentence_n": (1, 2), "filled": (2,)}
"""The functions whose string arguments are msgids, for babel's extractor: `key(default, doc, rule)` is a Config
field of engine/config.py, whose doc is the key's description in `forsxl config` and on the regulation page."""

K = TypeVar("K")


@cache
def translations(lang: Lang) -> gettext.NullTranslations:
    """The compiled catalogue of `lang`; English, the language of the msgids, has none."""
    if lang == Lang.EN:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [lang.value])


def N_(message: str) -> str:
    """`message` itself, marked as a msgid: for tables translated where they are shown, with `tr`."""
    return message


def system_lang() -> Lang:
    """The system's language (`system_locale`): Russian when it starts with `ru`, else English. The language of
    whatever has no workbook to take it from (`new`, `demo`, `presets`, `--help`, an OpenGotha import, an error
    before a workbook is read)."""
    return Lang.RU if system_locale().casefold().startswith("ru") else Lang.EN


_POSIX = ("LC_ALL", "LC_MESSAGES", "LANG")


def system_locale() -> str:
    """The user's language as the system names it (`ru_RU.UTF-8`, `ru:en`, `ru-RU`), or "" where it names none.

    The locale variables as gettext reads them: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set, and
    `LANGUAGE` before them unless that locale is C. Windows sets none of them, nor does macOS for a program not
    started from a terminal: there it is the user's interface language, which a Russian Windows or Mac has though
    its owner never typed a locale (issue 40)."""
    locale = next((os.environ[v] for v in _POSIX if os.environ.get(v)), None)
    if locale is None:
        if sys.platform == "win32":
            return _windows_ui_language()
        return _mac_ui_language() if sys.platform == "darwin" else ""
    plain = locale.partition(".")[0] in ("C", "POSIX")
    return locale if plain else os.environ.get("LANGUAGE") or locale


def _windows_ui_language() -> str:
    """The Windows user's interface language (GetUserDefaultUILanguage) by its locale name, `ru_RU`; a sublanguage
    Python does not name by its language's first one (0x0819, Russian in Moldova: `ru_RU`)."""
    import ctypes
    import locale

    langid = int(ctypes.windll.kernel32.GetUserDefaultUILanguage())  # type: ignore[attr-defined]
    return locale.windows_locale.get(langid) or locale.windows_locale.get(0x400 | langid & 0x3FF, "")


_CORE_FOUNDATION = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation"


def _mac_ui_language() -> str:
    """The first of the Mac user's preferred languages (CFLocaleCopyPreferredLanguages), `ru-RU`; "" if the list is
    empty or unreadable."""
    import ctypes

    cf = ctypes.CDLL(_CORE_FOUNDATION)
    cf.CFLocaleCopyPreferredLanguages.restype = ctypes.c_void_p
    cf.CFArrayGetCount.argtypes, cf.CFArrayGetCount.restype = [ctypes.c_void_p], ctypes.c_long
    cf.CFArrayGetValueAtIndex.argtypes = [ctypes.c_void_p, ctypes.c_long]
    cf.CFArrayGetValueAtIndex.restype = ctypes.c_void_p
    cf.CFStringGetCString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_long, ctypes.c_uint32]
    cf.CFRelease.argtypes = [ctypes.c_void_p]
    languages = cf.CFLocaleCopyPreferredLanguages()
    if not languages:
        return ""
    try:
        buffer = ctypes.create_string_buffer(64)
        found = cf.CFArrayGetCount(languages) and cf.CFStringGetCString(
            cf.CFArrayGetValueAtIndex(languages, 0), buffer, len(buffer), 0x08000100)  # kCFStringEncodingUTF8
        return buffer.value.decode() if found else ""
    finally:
        cf.CFRelease(languages)


def number(value: Fraction | int, lang: Lang) -> str:
    """A number as people of the language write it: `15`, `6.5`, `-8`; Russian `6,5`; a fraction with no finite
    decimal stays `2/3`. Never grouped: ratings read 2400 in both."""
    value = Fraction(value)
    plain = number_text(value)
    if value.denominator == 1 or "/" in plain:
        return plain
    from babel.numbers import format_decimal

    return format_decimal(Decimal(plain), format="0.##########", locale=lang.value)


def date_text(day: Any, lang: Lang) -> str:
    """A date written out: `28 November 2026`, `28 ноября 2026` (CLDR's month names, the genitive in Russian; not
    babel's `long` format, which adds «г.»)."""
    from babel.dates import format_date

    return format_date(day, "d MMMM y", locale=lang.value)


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def format_date(text: str, lang: Lang) -> tuple[str, str]:
    """(What to show, the ISO date for `<time>`): Config `date` as pages, slips and print titles write it, an ISO
    date in words, `28 ноября 2026`; other text as is."""
    try:
        day = date.fromisoformat(text.strip()) if _ISO_DATE.fullmatch(text.strip()) else None
    except ValueError:
        day = None
    if day is None:
        return text, ""
    return date_text(day, lang), day.isoformat()


def points_said(value: Fraction, lang: Lang) -> str:
    """Points with their noun as the language agrees it with the number: `1 point`, `15 очков`, `0,5 очка`."""
    if value.denominator == 1:
        return ntr(lang, "{count} point", "{count} points", int(value))
    return tr(lang, "{number} points", number=number(value, lang))  # Russian: a fraction takes the genitive singular


class Later(str):
    """An English text that is also a msgid with its params, translated where it is shown (as a param of `tr`,
    or as the sheet of an error's source): what a reader says before the workbook's language is known, such as
    why an import line or a file is refused. Compared and printed, it is the English text."""

    message: str
    params: dict[str, Any]

    def __new__(cls, message: str, **params: Any) -> Later:
        text = super().__new__(cls, message.format(**params))
        text.message, text.params = message, params
        return text

    def said(self, lang: Lang) -> str:
        """The text in `lang`."""
        return tr(lang, self.message, **self.params)


def _shown(params: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """The params as the language writes them; a text one a `Named`, which the catalogue may put in a case
    (`{by:ins}`, forsxl/russian.py)."""
    return {k: number(v, lang) if isinstance(v, Fraction) else v.said(lang) if isinstance(v, Later) else
            result_text(v, lang) if isinstance(v, Result) else v.label(lang) if isinstance(v, Rank) else
            Named(v) if type(v) is str else v for k, v in params.items()}


def tr(lang: Lang, message: str, **params: Any) -> str:
    """The msgid `message` in `lang`, its `{params}` filled in, fractions and results written as the language writes
    them."""
    return translations(lang).gettext(message).format(**_shown(params, lang))


def ntr(lang: Lang, singular: str, plural: str, count: int, **params: Any) -> str:
    """The form of the msgid pair for `count` in `lang` by its CLDR plural rule (`1 тур`, `2 тура`, `5 туров`),
    `{count}` and the other `{params}` filled in."""
    return translations(lang).ngettext(singular, plural, count).format(count=count, **_shown(params, lang))


def worded(said: Said, lang: Lang) -> str:
    """What the engine said (`Said`) in `lang`, its params that are Said too worded first."""
    params = {name: worded(value, lang) if isinstance(value, Said) else value for name, value in said.params.items()}
    if said.plural:
        return ntr(lang, said.text, said.plural, said.count, **params)
    return tr(lang, said.text, **params)



def labels(lang: Lang, table: Mapping[K, str]) -> dict[K, str]:
    """A table of msgids by key, each in `lang`: the words of a page or a sheet."""
    return {k: translations(lang).gettext(v) for k, v in table.items()}



def fixed(value: float, places: int, lang: Lang, sign: bool = False) -> str:
    """`value` with exactly `places` decimals, as the language writes it: `70.0`, Russian `70,0`; `+0.49` with
    `sign`."""
    from babel.numbers import format_decimal

    digits = format_decimal(Decimal(f"{abs(value):.{places}f}"), format="0." + "0" * places, locale=lang.value)
    return ("-" if value < 0 else "+" if sign else "") + digits


def cell_text(value: object, lang: Lang) -> str:
    """A table cell shown as text (the terminal, a page): floats and fractions as the language writes them."""
    if isinstance(value, float):
        return number(Fraction(str(value)), lang)
    return number(value, lang) if isinstance(value, Fraction) else str(value)


def each(lang: Lang, messages: Iterable[str]) -> list[str]:
    """Each msgid in `lang`: a row of column headers."""
    return [translations(lang).gettext(m) for m in messages]
