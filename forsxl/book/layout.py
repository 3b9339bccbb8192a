"""Sheet names and column headers in English and Russian (WORKBOOK.md): forsxl reads them in both languages at
once, with their aliases, so they stay a bilingual table; what it only writes (playoff stages, team columns, the
superfinal note) are msgids, translated where they are written."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from forsxl.engine.config import Config, StartMethod
from forsxl.engine.errors import nearest
from forsxl.engine.values import Lang
from forsxl.i18n import N_

SHEETS: dict[str, tuple[str, str]] = {
    "config": ("Config", "Настройки"),
    "players": ("Players", "Участники"),
    "standings": ("Standings", "Итоги"),
    "schedule": ("Schedule", "Расписание"),
    "log": ("Log", "Журнал"),
    "teams": ("Teams", "Команды"),
    "playoff": ("Playoff", "Плей-офф"),
    "prizes": ("Prizes", "Призы"),
    "simulation": ("Simulation", "Симуляция"),
    "rating_list": ("Rating list", "Рейтинг-лист"),
    "rating_changes": ("Rating changes", "Изменения рейтинга"),
}
ROUND_SHEET = {Lang.EN: "Round-{n}", Lang.RU: "Тур-{n}"}
ROUND_NAME = re.compile(r"^\s*(?:round|тур)\s*[-_ ]?\s*(\d{1,3})\s*$", re.IGNORECASE)
ROUND_WORDS = ("round", "tour", "тур", "раунд")
ROUND_SHORT = ("rnd", "rd", "r", "tur", "т")
"""How people write and shorten `Round` and `Тур` in a sheet's name; a close miss of a ROUND_WORDS counts too."""
_NUMBERED = re.compile(r"^([^\d]*?)(\d+)(.*)$", re.DOTALL)


def round_like(name: str) -> int | None:
    """The round a sheet's name seems to give when it is no round sheet's name: one word, a round word or a close
    miss of one, then the number, then maybe more (`Rnd-1`, `R1`, `Round-1 (2)`, `Тур1а`, `Rounds 2`); else None.
    A round sheet's own name (ROUND_NAME) gives None; `Round-0` gives 0, as there is no round 0."""
    match = ROUND_NAME.match(name)
    if match and int(match[1]):
        return None
    found = _NUMBERED.match(name.casefold())
    words = re.findall(r"[^\W\d_]+", found[1]) if found else []
    if found is None or len(words) != 1:
        return None
    if words[0] in ROUND_WORDS + ROUND_SHORT or nearest(words[0], ROUND_WORDS):
        return int(found[2][:4])
    return None

CONFIG_COLUMNS: dict[str, tuple[str, ...]] = {"key": ("Key", "Ключ", "Параметр"), "value": ("Value", "Значение")}
CONFIG_MEANING = {Lang.EN: "Meaning", Lang.RU: "Что задаёт"}
"""The header of the column a new workbook's Config has beside the keys: each key's meaning in the workbook's
language (the keys stay what forsxl reads); forsxl writes it and never reads it."""
EVENT_KEYS = ("referee", "registration", "timetable", "time.main", "time.byoyomi", "awards", "protests")
"""The Config keys only the club can fill, which a new workbook lists empty after `lang`: the Положение prints a
blank for each until it is filled."""

PLAYER_COLUMNS: dict[str, tuple[str, ...]] = {
    "no": ("No", "№", "Номер", "#"),
    "name": ("Name", "Имя", "ФИО", "Фамилия Имя", "Игрок"),
    "rating": ("Rating", "Рейтинг"),
    "rank": ("Rank", "Ранг", "Кю/дан"),
    "category": ("Category", "Разряд", "Разряд ЕВСК", "Спортивный разряд", "Категория"),
    "club": ("Club", "Клуб"),
    "city": ("City", "Город"),
    "country": ("Country", "Страна"),
    "team": ("Team", "Команда"),
    "group": ("Group", "Группа"),
    "start": ("Start", "Старт"),
    "correction": ("MMS", "ММС", "Поправка"),
    "avoid": ("Avoid", "Не играть с"),
    "absent": ("Absent", "Пропуск"),
    "left_after": ("Left after", "Выбыл после"),
    "egd_pin": ("EGD PIN", "EGD"),
    "rfg_id": ("RFG ID", "РФГ ID", "ID РФГ"),
    "aga_id": ("AGA ID", "AGA ID"),
    "ffg_licence": ("FFG licence", "Лицензия FFG", "FFG license", "FFG"),
    "latin": ("Latin name", "Имя латиницей", "Латиницей"),
}
NEW_PLAYER_COLUMNS = ("no", "name", "rating", "rank", "club", "start", "absent", "left_after")
_COLUMNS_FOR_METHOD = {StartMethod.CATEGORY: ("category",), StartMethod.GROUP: ("team", "group")}


def new_player_columns(config: Config) -> tuple[str, ...]:
    """The Players columns of a new workbook: the usual ones, and those its start method reads (R1.5, R1.6, R9)."""
    needed = _COLUMNS_FOR_METHOD.get(config.start.method, ())
    return (*NEW_PLAYER_COLUMNS[:5], *needed, *NEW_PLAYER_COLUMNS[5:])

ROUND_COLUMNS: dict[str, tuple[str, str]] = {
    "board": ("Board", "Доска"),
    "black": ("Black", "Чёрные"),
    "white": ("White", "Белые"),
    "stones": ("Handicap", "Фора"),
    "komi": ("Komi", "Коми"),
    "steps": ("Steps", "Ступени"),
    "group": ("Group", "Группа"),
    "result": ("Result", "Результат"),
    "black_pts": ("Black pts", "Очки чёрных"),
    "white_pts": ("White pts", "Очки белых"),
}
PLAYOFF_STAGES = {
    "QF": N_("Quarter-finals"),
    "SF": N_("Semi-finals"),
    "F": N_("Final"),
    "3rd": N_("3rd place"),
}
SITOUT_LABELS = {"bye": {Lang.EN: "bye", Lang.RU: "своб."}, "absent": {Lang.EN: "absent", Lang.RU: "пропуск"},
                 "unpaired": {Lang.EN: "unpaired", Lang.RU: "не в паре"}}
"""A round sheet's row for a player without a game (R5), by kind: the Board cell's word in each language."""
SITOUT_WORDS = {"bye": "bye", "своб.": "bye", "своб": "bye", "свободен": "bye",
                "absent": "absent", "пропуск": "absent", "unpaired": "unpaired", "не в паре": "unpaired"}

STANDINGS_COLUMNS: dict[str, tuple[str, str]] = {
    "place": ("Place", "Место"),
    "shared": ("Shared", "Делёж"),
    "no": ("No", "№"),
    "name": ("Name", "Имя"),
    "rating": ("Rating", "Рейтинг"),
    "rank": ("Rank", "Ранг"),
    "club": ("Club", "Клуб"),
    "team": ("Team", "Команда"),
    "group": ("Group", "Группа"),
    "start": ("Start", "Старт"),
    "points": ("Points", "Очки"),
}
TEAM_COLUMNS = (N_("Place"), N_("Team"), N_("Points"), N_("Best place"), N_("Members"))
ROUND_COLUMN = {Lang.EN: "R{n}", Lang.RU: "Т{n}"}
"""Standings' header of round n's column."""
_ROUND_PREFIXES = "|".join(re.escape(heading.removesuffix("{n}")) for heading in ROUND_COLUMN.values())
_ROUND_HEADER = re.compile(rf"\s*(?:{_ROUND_PREFIXES})(\d{{1,3}})\s*")


def round_of_column(heading: object) -> int | None:
    """The round a Standings header names as ROUND_COLUMN writes it (`R3`, `Т3`), in either language; None for any
    other header."""
    match = _ROUND_HEADER.fullmatch(heading) if isinstance(heading, str) else None
    return None if match is None else int(match[1])


SUPERFINAL_NOTE = N_("Superfinal: {a} and {b} play a match to two wins for places 1–2 (R7.8)")
LOG_COMMANDS = {"new": N_("new"), "import": N_("import"), "pair": N_("pair"), "schedule": N_("schedule"),
                "stage --next": N_("stage --next"), "standings": N_("standings"), "merge": N_("merge"),
                "simulate": N_("simulate"), "publish": N_("publish"), "ratings": N_("ratings"), "config": N_("config"),
                "tune": N_("tune")}
"""The commands a Log row names, each as the workbook's language names it: `pair`, Russian «жеребьёвка»
(issue 40)."""
RATING_LIST_COLUMNS: dict[str, tuple[str, str]] = {
    "no": ("No", "№"),
    "name": ("Name", "Имя"),
    "source": ("Source", "Источник"),
    "date": ("Date", "Дата"),
    "id": ("ID in the list", "ID в списке"),
    "listed": ("Name in the list", "Имя в списке"),
    "latin": ("Latin name", "Имя латиницей"),
    "city": ("Town", "Город"),
    "club": ("Club", "Клуб"),
    "country": ("Country", "Страна"),
    "rating": ("Rating", "Рейтинг"),
    "rank": ("Rank", "Ранг"),
    "last_game": ("Last game", "Последняя партия"),
    "found": ("Found by", "Найден по"),
}
"""The Rating list sheet (`forsxl ratings`): each player of the tournament as a federation's list has them on its
date, or why they were not found."""
RATING_CHANGE_COLUMNS: dict[str, tuple[str, str]] = {
    "no": ("No", "№"),
    "name": ("Name", "Имя"),
    "old": ("Old", "Было"),
    "new": ("New", "Стало"),
    "source": ("Source", "Источник"),
    "date": ("Date", "Дата"),
    "accept": ("Accept", "Принять"),
    "applied": ("Applied after round", "Внесено после тура"),
    "note": ("Note", "Примечание"),
}
"""The Rating changes sheet: a rating the list has otherwise than Players, to accept by a mark in Accept (the one
column of the sheet the referee types); `forsxl ratings --apply` writes the marked ones into Players."""
LOG_COLUMNS: dict[str, tuple[str, str]] = {
    "time": ("Time", "Время"),
    "command": ("Command", "Команда"),
    "version": ("Version", "Версия"),
    "changes": ("Changes", "Изменения"),
}
"""The Log sheet: a row a command that saved, when, which forsxl, and what it changed."""


def names_lang(names: Iterable[str]) -> Lang:
    """The language of a workbook by its sheet names: Russian when one of forsxl's sheets has its Russian name."""
    russian = {name for kinds in SHEETS.values() for name in kinds[1:]}
    return Lang.RU if any(name in russian for name in names) else Lang.EN


def sheet_name(kind: str, lang: Lang) -> str:
    return SHEETS[kind][0 if lang == Lang.EN else 1]


def header(columns: Mapping[str, tuple[str, str]], column: str, lang: Lang) -> str:
    return columns[column][0 if lang == Lang.EN else 1]


def headers(columns: Mapping[str, tuple[str, str]], lang: Lang) -> list[str]:
    """A sheet's header row: every column of `columns`, in order, in `lang`."""
    return [header(columns, column, lang) for column in columns]


def fold_header(text: str) -> str:
    """Headers match case-insensitively, ignoring spaces, dots and ё/е (WORKBOOK.md)."""
    return re.sub(r"[\s._]+", "", text).casefold().replace("ё", "е")


def match_columns(headers: list[object], columns: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    """Column index (1-based) of each known column found in a header row; unknown headers are ignored."""
    wanted = {fold_header(alias): name for name, aliases in columns.items() for alias in aliases}
    found: dict[str, int] = {}
    for index, text in enumerate(headers, start=1):
        name = wanted.get(fold_header(str(text))) if text is not None else None
        if name and name not in found:
            found[name] = index
    return found
