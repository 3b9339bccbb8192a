"""The text of every error, in the workbook's language (STYLE 11)."""

from __future__ import annotations

from fractions import Fraction

from forsxl.engine.config import Lang
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import number_text

MESSAGES: dict[str, tuple[str, str]] = {
    # key: (English, Russian)
    "file_missing": ("no such workbook: {path}", "нет такого файла: {path}"),
    "file_exists": ("{path} already exists; pick another name", "{path} уже существует; выберите другое имя"),
    "file_not_xlsx": ("{path} is not an .xlsx workbook ({why})", "{path} — не книга .xlsx ({why})"),
    "file_too_big": ("{path} is too large to be a tournament workbook ({size} MB unpacked)",
                     "{path} слишком велик для турнирной книги ({size} МБ в распакованном виде)"),
    "file_locked": ("{path} is open in {app}; close it there and run again",
                    "{path} открыт в {app}; закройте его и повторите"),
    "sheet_missing": ("sheet {sheet} is missing", "нет листа {sheet}"),
    "header_missing": ("column {column} is missing in row 1", "в строке 1 нет столбца {column}"),
    "formula_cell": ("a formula where a value was expected: {value}", "формула вместо значения: {value}"),
    "no_players": ("no players yet", "участников пока нет"),
    "name_missing": ("the player has no name", "у участника нет имени"),
    "name_duplicate": ("{name!r} is already on row {row}", "{name!r} уже есть в строке {row}"),
    "rating_bad": ("rating {value!r} is not a number", "рейтинг {value!r} — не число"),
    "rank_bad": ("rank {value!r} is not a rank like 5k or 2d", "ранг {value!r} — не ранг вида 5к или 2д"),
    "rating_missing": ("{name!r} has neither rating nor rank", "у {name!r} нет ни рейтинга, ни ранга"),
    "number_bad": ("{value!r} is not a whole number", "{value!r} — не целое число"),
    "points_bad": ("{value!r} is not a number", "{value!r} — не число"),
    "no_duplicate": ("start number {value} is already used on row {row}", "номер {value} уже занят в строке {row}"),
    "absent_bad": ("{value!r} is not a list of rounds like 1, 3-4", "{value!r} — не список туров вида 1, 3-4"),
    "group_bad": ("group {value!r} is not 1, 2 or 3", "группа {value!r} — не 1, 2 или 3"),
    "config_unknown_key": ("unknown key {key!r}; known keys: {known}", "неизвестный ключ {key!r}; известные: {known}"),
    "config_bad_value": ("{key}: {value!r} is not {expected}", "{key}: {value!r} — не {expected}"),
    "config_positive": ("{key} must be positive", "{key} должен быть больше нуля"),
    "config_range": ("{key} must be between {low} and {high}", "{key} должен быть от {low} до {high}"),
    "config_empty": ("{key} needs at least one value", "{key}: нужно хотя бы одно значение"),
    "config_duplicate": ("{key} is given twice", "{key} указан дважды"),
    "config_repeated": ("{key} lists a value twice", "{key}: значение повторяется"),
    "config_band_bad": ("{key}: {value!r} is not a band like 2400:5 (lowest rating:points)",
                        "{key}: {value!r} — не полоса вида 2400:5 (нижний рейтинг:очки)"),
    "config_below": ("{key} is below {other}", "{key} ниже, чем {other}"),
    "config_count": ("{key} needs exactly {count} values", "{key}: нужно ровно {count} значений"),
    "config_needs_linear": ("{key} works only with start.method linear",
                            "{key} действует только при start.method linear"),
    "config_needs_sizes": ("{key} needs at least {count} groups.sizes (top group first)",
                           "для {key} в groups.sizes нужно не меньше {count} (первой — верхняя группа)"),
    "start_group_missing": ("{name!r} has no group in Players, and start.method group needs one",
                            "у {name!r} не указана группа, а при start.method group она нужна"),
    "start_group_points": ("{name!r} is in group {group}, which has no start points in start.group_points ({points})",
                           "{name!r} в группе {group}, для которой в start.group_points ({points}) нет очков"),
    "start_category_missing": ("{name!r} has no category; type б/р if they have none",
                               "у {name!r} не указан разряд; если разряда нет, пишите б/р"),
    "start_category_bad": ("category {value!r} of {name!r} is not one of {known}",
                           "разряд {value!r} у {name!r} — не один из: {known}"),
    "config_pairing_until": ("pairing.until needs {count} increasing round number(s): the last round of each "
                             "pairing.method but the last one",
                             "pairing.until: нужно номеров туров по возрастанию: {count} — последний тур каждого "
                             "метода из pairing.method, кроме последнего"),
    "config_pairing_shift": ("pairing.shift {shift} is smaller than the {rounds} rounds: the shift in round 1 must be "
                             "at least the number of rounds (empty: the rounds still to play)",
                             "pairing.shift {shift} меньше числа туров {rounds}: сдвиг в первом туре не должен быть "
                             "меньше числа туров (пусто: число оставшихся туров)"),
    "config_scheme_steps": ("scheme {scheme} compensates at most {cap} handicap steps: set handicap.max_steps to {cap}",
                            "схема {scheme} компенсирует не больше {cap} ступеней форы: handicap.max_steps — {cap}"),
    "preset_unknown": ("unknown preset {name!r}; presets: {known}", "неизвестный пресет {name!r}; есть: {known}"),
    "round_sheet_name": ("round sheet {sheet} is not followed by round {expected}",
                         "лист {sheet} идёт не по порядку: ожидался тур {expected}"),
    "board_bad": ("{value!r} is not a board number, bye or absent", "{value!r} — не номер доски, своб. или пропуск"),
    "player_unknown": ("{name!r} is not in Players", "{name!r} нет среди участников"),
    "player_twice": ("{name!r} is in this round twice", "{name!r} дважды в этом туре"),
    "player_self": ("a player cannot play themself", "игрок не может играть сам с собой"),
    "result_bad": ("{value!r} is not a result; use B+, W+, =, B+F, W+F or 0-0",
                   "{value!r} — не результат; пишите B+, W+, =, B+F, W+F или 0-0"),
    "draw_not_allowed": ("a draw is impossible here: the komi is {komi}", "ничьей здесь быть не может: коми {komi}"),
    "handicap_bad": ("handicap {stones} with komi {komi} fits no handicap step of group {group}",
                     "фора {stones} с коми {komi} не соответствует ступени форы группы {group}"),
    "round_has_results": ("round {round} has results and cannot be paired again",
                          "в туре {round} есть результаты, пересобрать его нельзя"),
    "round_already_paired": ("round {round} is already paired; use --round {round} --force to pair it again",
                             "тур {round} уже составлен; чтобы пересобрать, --round {round} --force"),
    "round_out_of_order": ("round {round} cannot be paired now; the next round is {expected}",
                           "тур {round} сейчас составить нельзя; следующий — {expected}"),
    "round_incomplete": ("round {round}, board {board} has no result yet; type it before pairing the next round",
                         "тур {round}, доска {board}: нет результата; внесите его до жеребьёвки следующего тура"),
    "all_rounds_paired": ("all {rounds} rounds are paired (Config: rounds)",
                          "все {rounds} туров уже составлены (Настройки: rounds)"),
    "pairing_player_stuck": ("{player} has already met, or may not meet, every other present player",
                             "{player} уже сыграл или не может играть со всеми присутствующими"),
    "pairing_impossible": ("round {round}: the {count} present players cannot all be paired without breaking: {rules}",
                           "тур {round}: {count} присутствующих нельзя разбить на пары, не нарушив: {rules}"),
}


def message(error: ForsxlError, lang: Lang) -> str:
    """One line naming the cell, the problem and the rule: `Round-3!H7: "B+x" is not a result (R11)`."""
    english, russian = MESSAGES[error.code]
    params = {k: number_text(v) if isinstance(v, Fraction) else v for k, v in error.params.items()}
    text = (russian if lang == Lang.RU else english).format(**params)
    where = f"{error.source}: " if error.source else ""
    return f"{where}{text} ({error.rule})"
