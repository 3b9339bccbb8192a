"""The catalogues (issue 20): every msgid of the code translated, nothing stale or fuzzy, every `{param}` kept, the
committed `.mo` the compilation of the `.po`, and both shipped in the wheel; CLDR plurals, dates and numbers."""

from __future__ import annotations

import gettext
import io
import os
import re
import subprocess
import sys
import zipfile
from datetime import date
from fractions import Fraction
from pathlib import Path
from string import Formatter
from types import SimpleNamespace

import pytest
from babel.messages.catalog import Catalog

from forsxl.engine.values import Lang
from forsxl.i18n import date_text, ntr, number, tr
from forsxl.locale import LANGUAGES, compiled, extract, mo_path, read, to_translate

ROOT = Path(__file__).resolve().parents[1]


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {m.id for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def template() -> Catalog:
    return extract()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_msgid_of_the_code_is_in_the_catalogue_and_nothing_else(lang: str, template: Catalog) -> None:
    catalogue = _ids(read(lang))
    assert sorted(map(str, _ids(template) - catalogue)) == []  # missing: run python -m forsxl.locale
    assert sorted(map(str, catalogue - _ids(template))) == []  # stale


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_msgid_is_translated_and_none_is_fuzzy(lang: str) -> None:
    assert to_translate(read(lang)) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_param_of_a_msgid_is_in_its_translation(lang: str) -> None:
    lost = []
    for m in read(lang):
        if not m.id:
            continue
        wanted = set().union(*map(_fields, m.id)) if isinstance(m.id, tuple) else _fields(m.id)
        for form in m.string if isinstance(m.string, tuple) else [m.string]:
            if _fields(form) != wanted:
                lost.append((m.id, form))
    assert lost == []


def _contents(mo: bytes) -> tuple[dict[object, str], dict[str, str]]:
    """A compiled catalogue's translations, and its header less the babel version that wrote it."""
    catalogue = gettext.GNUTranslations(io.BytesIO(mo))
    translations = {k: v for k, v in catalogue._catalog.items() if k != ""}  # type: ignore[attr-defined]
    return translations, {k: v for k, v in catalogue.info().items() if k != "generated-by"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_committed_mo_is_the_compilation_of_the_po(lang: str) -> None:
    """Regenerate both with `python -m forsxl.locale` (docs/development.md). The same translations and header,
    whichever babel compiles it (the header names its version)."""
    committed, fresh = _contents(mo_path(lang).read_bytes()), _contents(compiled(read(lang)))
    assert committed == fresh and committed[0]


def test_the_installed_package_finds_the_russian_catalogue(dist: Path, tmp_path: Path) -> None:
    """A wheel built as `pip install .` builds it carries the catalogue, and forsxl installed from it finds it."""
    (wheel,) = dist.glob("forsxl-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path / "site")
    probe = ("import forsxl, forsxl.i18n as i; from forsxl.engine.values import Lang; "
             "print(forsxl.__file__); print(i.ntr(Lang.RU, '{count} round', '{count} rounds', 5))")
    # -S and cwd: neither site-packages nor the checkout, whose editable install would win; i18n needs only the stdlib
    run = subprocess.run([sys.executable, "-S", "-c", probe], env={"PYTHONPATH": str(tmp_path / "site")}, cwd=tmp_path,
                         capture_output=True, text=True, check=True)
    where, shown = run.stdout.splitlines()
    assert Path(where).is_relative_to(tmp_path / "site")
    assert shown == "5 туров"


@pytest.mark.parametrize(("count", "expected"), [(1, "1 тур"), (2, "2 тура"), (4, "4 тура"), (5, "5 туров"),
                                                 (11, "11 туров"), (12, "12 туров"), (21, "21 тур"), (22, "22 тура"),
                                                 (0, "0 туров"), (111, "111 туров")])
def test_russian_plurals_follow_cldr(count: int, expected: str) -> None:
    assert ntr(Lang.RU, "{count} round", "{count} rounds", count) == expected


def test_english_plurals() -> None:
    assert [ntr(Lang.EN, "{count} round", "{count} rounds", n) for n in (1, 2, 21)] == ["1 round", "2 rounds",
                                                                                         "21 rounds"]


def test_dates_are_written_out_by_cldr() -> None:
    assert date_text(date(2026, 11, 28), Lang.RU) == "28 ноября 2026"
    assert date_text(date(2026, 3, 1), Lang.RU) == "1 марта 2026"
    assert date_text(date(2026, 11, 28), Lang.EN) == "28 November 2026"


@pytest.mark.parametrize(("value", "lang", "expected"), [
    (Fraction(13, 2), Lang.RU, "6,5"), (Fraction(13, 2), Lang.EN, "6.5"), (Fraction(-8), Lang.RU, "-8"),
    (Fraction(2400), Lang.RU, "2400"), (Fraction(2, 3), Lang.RU, "2/3"), (Fraction(1, 4), Lang.RU, "0,25")])
def test_numbers_take_the_language_s_decimal_separator(value: Fraction, lang: Lang, expected: str) -> None:
    assert number(value, lang) == expected


def test_a_param_that_is_a_fraction_is_written_in_the_language() -> None:
    assert tr(Lang.RU, "komi {komi}", komi=Fraction(13, 2)) == "komi 6,5"  # no msgid: the text itself


def test_a_method_or_a_basis_is_named_in_words_and_a_name_needs_no_case() -> None:
    """A message names a pairing method or a handicap basis in the language, not by its Config value, and puts a name
    where Russian needs no declension (issue 30: `у Алексеев Олег`, `жеребьёвка: neighbours`)."""
    from forsxl.engine.config import Basis
    from forsxl.engine.errors import ForsxlError
    from forsxl.engine.pairing.methods import NEIGHBOURS, SWISS
    from forsxl.messages import message, text

    swapped = ForsxlError("R2.5", "stronger_holds_black", board=5, round=3, stones=2, black="Алексеев Олег",
                          white="Борисов Глеб", basis=Basis.RATING, black_basis=2150, white_basis=2050)
    assert message(swapped, Lang.RU) == (
        "внимание: доска 5: Алексеев Олег играет чёрными и получает фору 2, хотя сильнее по рейтингу: 2150 против "
        "2050 у белых (Борисов Глеб); фору даёт сильнейший, играя белыми: поменяйте цвета или forsxl pair --round 3 "
        "--board 5 --recompute (R2.5)")
    assert text("explain_round", Lang.RU, round=4, method=NEIGHBOURS.name, rule="R7.1") == (
        "Тур 4, жеребьёвка — соседи по таблице (R7.1):")
    assert text("why_method", Lang.EN, method=SWISS.name) == "paired by Swiss"


def _help(*args: str, lang_env: str = "C.UTF-8") -> str:
    """What `forsxl ARGS` prints, run as a person runs it (the entry point picks the help's language)."""
    env = {"PATH": os.environ.get("PATH", ""), "LANG": lang_env, "COLUMNS": "100"}
    run = subprocess.run([sys.executable, "-m", "forsxl", *args], env=env, capture_output=True, text=True, check=True)
    return run.stdout


def test_help_is_in_the_language_of_the_workbook_named() -> None:
    russian = _help("pair", str(ROOT / "examples" / "club.xlsx"), "--help")
    assert "Провести жеребьёвку следующего тура" in russian and "Пример:" in russian
    assert "Параметры" in russian and "Показать эту справку и выйти." in russian and "Запуск:" in russian
    assert "Options" not in russian and "Show this message" not in russian


def test_help_without_a_workbook_is_in_the_system_language() -> None:
    assert "Pair the next round" in _help("pair", "--help")
    russian = _help("pair", "--help", lang_env="ru_RU.UTF-8")
    assert "Провести жеребьёвку следующего тура" in russian and "Pair the next round" not in russian
    assert "Команды" in _help("--help", lang_env="ru_RU.UTF-8")


@pytest.mark.parametrize(("variables", "expected"), [
    ({"LANG": "ru_RU.UTF-8"}, Lang.RU),
    ({"LANG": "ru_RU.UTF-8", "LC_ALL": "en_US.UTF-8"}, Lang.EN),  # LC_ALL first, as in every POSIX program
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"}, Lang.RU),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "ru:en"}, Lang.RU),  # gettext's list of languages, Ubuntu's desktop sets it
    ({"LANG": "C.UTF-8", "LANGUAGE": "ru"}, Lang.EN),  # ... which gettext ignores under the C locale
    ({}, Lang.EN),  # Linux with no locale at all
])
def test_the_system_language_from_the_locale_variables(
        monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], expected: Lang) -> None:
    from forsxl.i18n import system_lang

    for variable in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in variables.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setattr("forsxl.i18n.sys", SimpleNamespace(platform="linux"))
    assert system_lang() == expected


@pytest.mark.parametrize(("langid", "expected"), [(0x0419, Lang.RU), (0x0819, Lang.RU), (0x0409, Lang.EN),
                                                  (0x0422, Lang.EN)])
def test_windows_without_a_locale_variable_speaks_its_interface_language(
        monkeypatch: pytest.MonkeyPatch, langid: int, expected: Lang) -> None:
    """Windows sets no LANG: its user's interface language, GetUserDefaultUILanguage, decides (issue 40); Russian in
    Moldova (0x0819) is Russian, Ukrainian (0x0422) is not."""
    import ctypes

    from forsxl.i18n import system_lang

    for variable in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr("forsxl.i18n.sys", SimpleNamespace(platform="win32"))  # forsxl's question alone
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=SimpleNamespace(
        GetUserDefaultUILanguage=lambda: langid)), raising=False)
    assert system_lang() == expected
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # Git Bash or a user's own setting: the variable still wins
    assert system_lang() == Lang.EN


def _core_foundation(languages: list[str], released: list[int]) -> object:
    """CoreFoundation's calls forsxl makes, answering with `languages` as a Mac's preferred languages (each a
    function, as ctypes' are, that takes `argtypes` and `restype`); the array released goes to `released`."""
    import ctypes
    def copy(string: int, buffer: object, size: int, encoding: int) -> bool:
        text = languages[string - 100].encode() + b"\0"
        assert encoding == 0x08000100 and len(text) <= size  # UTF-8
        ctypes.memmove(buffer, text, len(text))
        return True

    return SimpleNamespace(CFLocaleCopyPreferredLanguages=lambda: 1, CFArrayGetCount=lambda array: len(languages),
                           CFArrayGetValueAtIndex=lambda array, i: 100 + i, CFStringGetCString=copy,
                           CFRelease=lambda array: released.append(array))


@pytest.mark.parametrize(("languages", "expected"), [(["ru-RU", "en-US"], Lang.RU), (["en-GB", "ru-RU"], Lang.EN),
                                                     ([], Lang.EN)])
def test_a_mac_without_a_locale_variable_speaks_its_first_preferred_language(
        monkeypatch: pytest.MonkeyPatch, languages: list[str], expected: Lang) -> None:
    """A program a Mac starts from its Finder or from LibreOffice has no LANG: the user's preferred languages decide
    (issue 40)."""
    import ctypes

    from forsxl.i18n import system_lang

    for variable in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr("forsxl.i18n.sys", SimpleNamespace(platform="darwin"))
    released: list[int] = []
    monkeypatch.setattr(ctypes, "CDLL", lambda path: _core_foundation(languages, released))
    assert system_lang() == expected
    assert released == [1]


def _usage_error(*args: str, lang_env: str = "C.UTF-8") -> list[str]:
    """The lines `forsxl ARGS` prints for a usage error (exit code 2), as a person meets them."""
    env = {"PATH": os.environ.get("PATH", ""), "LANG": lang_env, "COLUMNS": "100"}
    run = subprocess.run([sys.executable, "-m", "forsxl", *args], env=env, capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == "", run
    return [line.strip("│ ") for line in run.stderr.splitlines() if not line.startswith(("╭", "╰"))]


def test_a_usage_error_is_in_the_language_of_the_workbook_named_else_the_system_s() -> None:
    """typer's usage errors and their usage line in the workbook's language (issue 30), as its help is."""
    book = str(ROOT / "examples" / "club.xlsx")
    assert _usage_error("pair", book, "--rounds") == [
        "Запуск: forsxl pair [ПАРАМЕТРЫ] КНИГА", "Справка: 'forsxl pair --help'.",
        "нет такого параметра: --rounds (есть похожие: --round)"]
    assert _usage_error("new", "x.xlsx", "--lang", "de", lang_env="ru_RU.UTF-8")[-1] == (
        "недопустимое значение '--lang': 'de' — не одно из: 'en', 'ru'")
    assert _usage_error("simulate", lang_env="ru_RU.UTF-8")[-1] == "не указан аргумент 'КНИГА'"
    assert _usage_error("pair", "--rounds") == [
        "Usage: forsxl pair [OPTIONS] BOOK", "Try 'forsxl pair --help' for help.",
        "No such option: --rounds (Possible options: --round)"]


@pytest.mark.parametrize(("english", "russian"), [
    ("Invalid value for '--runs': Input should be greater than or equal to 1",
     "недопустимое значение '--runs': нужно число не меньше 1"),
    ("No such command 'pari'. Did you mean 'pair', 'print'?", "нет команды 'pari'; может быть, 'pair', 'print'?"),
    ("Option '--round' requires an argument.", "после параметра '--round' нужно значение"),
    ("Something typer may say one day", "Something typer may say one day"),  # said as it is, never lost
])
def test_usage_errors_are_said_again_from_the_catalogue(english: str, russian: str) -> None:
    from forsxl.helptext import usage_error

    assert usage_error(english, Lang.RU) == russian
    assert usage_error(english, Lang.EN) == english


def test_a_reason_given_before_the_language_is_known_is_translated_where_it_is_shown() -> None:
    """An import line's source and reason are English text (and compare so) until an error is shown in Russian."""
    from forsxl.engine.model import Source
    from forsxl.formats import Parsed
    from forsxl.i18n import Later
    from forsxl.messages import message

    parsed = Parsed()
    parsed.bad_line("players.csv", 3, "Иванов,19l5", Later("rating {value!r} is not a number", value="19l5"))
    (error,) = parsed.problems
    assert error.source == Source("players.csv, line 3") and error.params["why"] == "rating '19l5' is not a number"
    assert message(error, Lang.EN) == "players.csv, line 3: 'Иванов,19l5': rating '19l5' is not a number"
    assert message(error, Lang.RU) == "players.csv, строка 3: «Иванов,19l5»: рейтинг «19l5» — не число"


def test_russian_says_things_in_full_and_quotes_with_elochki() -> None:
    """Issue 40: no «очк.», «камн.», «ступ.», no «был(а)», no name in ASCII quotes ('{name!r}' gives 'Смирнова
    Анна'), and the texts a Russian would not write, rewritten."""
    russian = [form for m in read("ru") if m.id
               for form in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert [f for f in russian if re.search(r"очк\.|камн\.|ступ\.|\(а\)|!r\}|'\{(name|upper|lower|by)\}", f)] == []
    said = {m.id: m.string for m in read("ru") if isinstance(m.id, str)}
    assert "самый высокий" not in said["{upper} was the highest unpaired player; {lower} the nearest allowed below "
                                       "(R7.1)"]
    assert said["not {name}: already paired with {by} higher up"] == "не {name}: уже в паре с {by:ins} выше по таблице"
    assert "×" not in said["handicap (R2): difference {difference}{adjustment} → {steps} ({kind}); the game: "
                           "{handicap}"]
    assert said["sum of opponents' points"] == "сумма очков соперников"  # its legend was «КС — КС (сумма ...)»
    assert "итоговое" not in said["Start points against place in the standings"]


@pytest.mark.parametrize(("name", "case", "expected"), [
    ("Лебедев Артём", "ins", "Лебедевым Артёмом"), ("Смирнова Анна", "ins", "Смирновой Анной"),
    ("Иванов Пётр Сергеевич", "gen", "Иванова Петра Сергеевича"), ("Белых Евгения", "gen", "Белых Евгении"),
    ("Sato Kenji", "ins", "Sato Kenji"),  # Russian leaves a name in Latin letters as written
    ("Ким Саша", "ins", "участником Ким Саша"),  # a gender the rules cannot tell: a wording that needs none
])
def test_a_name_is_declined_where_the_russian_sentence_asks(name: str, case: str, expected: str) -> None:
    from forsxl.russian import declined

    assert declined(name, case) == expected
    assert tr(Lang.RU, "not {name}: already paired with {by} higher up", name="Орлов Глеб", by=name) == (
        f"не Орлов Глеб: уже в паре с {declined(name, 'ins')} выше по таблице")


def test_the_name_rules_load_only_when_a_russian_sentence_declines_a_name() -> None:
    """forsxl is put into a web page with a download budget: pytrovich is imported by the first declension, not by
    forsxl (issue 40)."""
    code = ("import sys; import forsxl.cli, forsxl.publish.regulation, forsxl.app.workflow; "
            "print('pytrovich' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"
