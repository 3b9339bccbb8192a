"""The text of every error, in the workbook's language (STYLE 11)."""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Any

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
    # reliability and hostile files (issue 9)
    "file_macros": ("{path} is a workbook with macros; forsxl does not open those: save it as .xlsx "
                    "(Excel Workbook) and run again",
                    "{path} — книга с макросами; forsxl их не открывает: сохраните её как .xlsx и повторите"),
    "file_part_too_big": ("{path} is refused: its part {part} unpacks to {size} MB, far more than a tournament",
                          "{path} отклонён: его часть {part} распаковывается в {size} МБ, турниру столько не нужно"),
    "file_unsafe_xml": ("{path} is refused: its part {part} declares XML entities (a DTD), never found in a workbook",
                        "{path} отклонён: его часть {part} объявляет XML-сущности (DTD), в книге их не бывает"),
    "sheet_too_big": ("the sheet reaches row {rows}, column {columns}; forsxl reads at most {max_rows} rows and "
                      "{max_columns} columns: clear the cells beyond the table",
                      "лист доходит до строки {rows}, столбца {columns}; forsxl читает не больше {max_rows} строк и "
                      "{max_columns} столбцов: очистите ячейки за таблицей"),
    "file_part_too_many": ("{path} is refused: with its part {part} the XML passes {limit} elements, far more than "
                           "a tournament",
                           "{path} отклонён: с его частью {part} XML превышает {limit} элементов, турниру столько не "
                           "нужно"),
    "file_sheets_too_many": ("{path} is refused: it has more than {limit} sheets, far more than a tournament",
                             "{path} отклонён: в нём больше {limit} листов, турниру столько не нужно"),
    "cells_too_many": ("here the sheets pass {limit} cells (each sheet counted up to its farthest cell, merged cells "
                       "one by one), far more than a tournament: clear or unmerge the cells beyond the tables",
                       "здесь листы превышают {limit} ячеек (каждый лист до его дальней ячейки, объединённые ячейки "
                       "по одной), турниру столько не нужно: очистите или разъедините ячейки за таблицами"),
    "file_busy": ("{path} is being written by another forsxl command; run again when it has finished",
                  "{path} сейчас записывает другая команда forsxl; повторите, когда она закончит"),
    "file_changed": ("{path} was changed by another program since forsxl read it; nothing written: run again",
                     "{path} изменён другой программой после того, как forsxl его прочитал; ничего не записано: "
                     "повторите"),
    "file_read_only": ("{path} is read-only; nothing written (make it writable to let forsxl save it)",
                       "{path} только для чтения; ничего не записано (разрешите запись, чтобы forsxl мог сохранить)"),
    "save_failed": ("{path} could not be saved ({why}); the workbook is as it was",
                    "{path} не удалось сохранить ({why}); книга осталась прежней"),
    "write_failed": ("{path} could not be written ({why}); it is as it was",
                     "{path} не удалось записать ({why}); он остался прежним"),
    "output_folder_missing": ("there is no folder {folder} to write {path} into; create it first",
                              "нет папки {folder}, чтобы записать {path}; сначала создайте её"),
    "ods_read": ("{path} read; forsxl writes .xlsx only: a command that saves writes {xlsx}",
                 "{path} прочитан; forsxl пишет только .xlsx: команда, которая сохраняет, запишет {xlsx}"),
    "ods_target_exists": ("{xlsx} already exists beside {path}; run forsxl on {xlsx}, or move it away",
                          "{xlsx} уже лежит рядом с {path}; запустите forsxl для {xlsx} или уберите его"),
    "player_renamed": ("warning: {old!r} is now {new!r} in Players (No {no}); read as the same player and renamed here",
                       "внимание: {old!r} теперь {new!r} среди участников (№ {no}); это тот же игрок, имя здесь "
                       "исправлено"),
    "result_changed": ("warning: the result changed after round {later} was paired (Standings had {old}, now {new}); "
                       "paired on the old result: {boards}",
                       "внимание: результат изменён после жеребьёвки тура {later} (в итогах было {old}, теперь {new}); "
                       "по старому результату составлены: {boards}"),
    "sheet_missing": ("sheet {sheet} is missing", "нет листа {sheet}"),
    "header_missing": ("column {column} is missing in row 1", "в строке 1 нет столбца {column}"),
    "formula_cell": ("a formula where a value was expected: {value}", "формула вместо значения: {value}"),
    "no_players": ("no players yet", "участников пока нет"),
    "name_missing": ("the player has no name", "у участника нет имени"),
    "name_duplicate": ("{name!r} is already on row {row}", "{name!r} уже есть в строке {row}"),
    "rating_bad": ("rating {value!r} is not a number", "рейтинг {value!r} — не число"),
    "rating_range": ("rating {value} is not between {low} and {high}", "рейтинг {value} — не от {low} до {high}"),
    "rank_bad": ("rank {value!r} is not a rank like 5k or 2d", "ранг {value!r} — не ранг вида 5к или 2д"),
    "rating_missing": ("{name!r} has neither rating nor rank", "у {name!r} нет ни рейтинга, ни ранга"),
    "number_bad": ("{value!r} is not a whole number", "{value!r} — не целое число"),
    "points_bad": ("{value!r} is not a number", "{value!r} — не число"),
    "number_huge": ("{value!r} is beyond any number a tournament uses (at most {limit} either way)",
                    "{value!r} — за пределами чисел турнира (не больше {limit} по модулю)"),
    "players_too_many": ("more than {limit} players: forsxl reads at most {limit}",
                         "участников больше {limit}: forsxl читает не больше {limit}"),
    "no_duplicate": ("start number {value} is already used on row {row}", "номер {value} уже занят в строке {row}"),
    "avoid_unknown": ("Avoid: {name!r} is no other player's name",
                      "«Не играть с»: {name!r} — не имя другого участника"),
    "absent_bad": ("{value!r} is not a list of rounds like 1, 3-4", "{value!r} — не список туров вида 1, 3-4"),
    "absent_range": ("{value!r}: rounds go from 1 to {last}, and a range upwards, like 3-4",
                     "{value!r}: туры — от 1 до {last}, а диапазон — по возрастанию, как 3-4"),
    "points_range": ("{value} points is not between {low} and {high}", "{value} очк. — не от {low} до {high}"),
    "group_bad": ("group {value!r} is not 1, 2 or 3", "группа {value!r} — не 1, 2 или 3"),
    "did_you_mean": ("; did you mean {guess!r}?", "; может быть, {guess!r}?"),
    "config_unknown_key": ("unknown key {key!r}; known keys: {known}", "неизвестный ключ {key!r}; известные: {known}"),
    "config_bad_value": ("{key}: {value!r} is not {expected}", "{key}: {value!r} — не {expected}"),
    "config_positive": ("{key} must be positive", "{key} должен быть больше нуля"),
    "config_range": ("{key} must be between {low} and {high}", "{key} должен быть от {low} до {high}"),
    "config_empty": ("{key} needs at least one value", "{key}: нужно хотя бы одно значение"),
    "config_duplicate": ("{key} is given twice", "{key} указан дважды"),
    "config_repeated": ("{key} lists a value twice", "{key}: значение повторяется"),
    "config_band_bad": ("{key}: {value!r} is not a band like 2400:5 (lowest rating:points)",
                        "{key}: {value!r} — не полоса вида 2400:5 (нижний рейтинг:очки)"),
    "config_prize_bad": ("prizes.lists: {part!r} does not fit; a list is `name: criterion, filters, N places, once`, "
                         "lists apart by `;`, filters like rating<2100, rank>=5k, club=A|B; criteria: {criteria}",
                         "prizes.lists: {part!r} не подходит; список пишется `название: критерий, фильтры, N places, "
                         "once`, списки через `;`, фильтры вида rating<2100, rank>=5k, club=A|B; критерии: {criteria}"),
    "config_norm_bad": ("norms.bands: {part!r} is not a band like `20k-1k: 70%/90%` (start ranks: shares for one, "
                        "two ranks up, growing)",
                        "norms.bands: {part!r} — не полоса вида `20k-1k: 70%/90%` (стартовые ранги: доли для "
                        "повышения на один, два разряда, по возрастанию)"),
    "config_stage_bad": ("stages.plan: {part!r} does not fit; a section is `name: method, N rounds, entrants, order, "
                         "carry`, methods fors (needs N rounds), serp, round_robin, knockout; entrants all, top K, top "
                         "half, rest; stages apart by `;`, a stage's `rest` section after its `top` section by `|`",
                         "stages.plan: {part!r} не подходит; секция пишется `название: метод, N rounds, участники, "
                         "порядок, carry`, методы fors (нужно N rounds), serp, round_robin, knockout; участники all, "
                         "top K, top half, rest; этапы через `;`, секция rest после секции top через `|`"),
    "config_stage_playoff": ("stages.plan and playoff.size do not go together: play the final as a knockout stage",
                             "stages.plan и playoff.size несовместимы: сыграйте финал этапом knockout"),
    "stage_section_small": ("section {section} would have {count} player(s); a section needs at least 2",
                            "в секции {section} оказалось бы участников: {count}; нужно хотя бы 2"),
    "stage_top_too_big": ("section {section}: top {top} of {count} players of the previous stage",
                          "секция {section}: top {top} из {count} участников предыдущего этапа"),
    "stage_over": ("stage {stage} ends with round {round}: run forsxl stage BOOK --next to start the next stage",
                   "этап {stage} заканчивается туром {round}: запустите forsxl stage КНИГА --next, чтобы начать "
                   "следующий"),
    "stage_not_over": ("stage {stage} is not over (it ends with round {round}; round {missing} is not finished or "
                       "not paired): finish it before starting the next",
                       "этап {stage} не окончен (он заканчивается туром {round}; тур {missing} не доигран или не "
                       "составлен): доиграйте его, прежде чем начинать следующий"),
    "stage_none_left": ("stage {stages} is the last in stages.plan; there is no next stage",
                        "этап {stages} — последний в stages.plan; следующего нет"),
    "stages_use_stage": ("this tournament has stages (stages.plan): start each with forsxl stage BOOK --next, pair "
                         "its rounds with forsxl pair",
                         "турнир идёт этапами (stages.plan): начинайте каждый командой forsxl stage КНИГА --next, "
                         "туры составляйте forsxl pair"),
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
    "simulate_variant_unknown": ("--compare {name!r} is neither a preset nor a file; presets: {known}",
                                 "--compare {name!r} — не пресет и не файл; пресеты: {known}"),
    "simulate_variant_bad": ("{path} is not a Config file: write one key: value per line, as a preset",
                             "{path} — не файл настроек: пишите по строке ключ: значение, как в пресете"),
    "preset_unknown": ("unknown preset {name!r}; presets: {known}", "неизвестный пресет {name!r}; есть: {known}"),
    "round_sheet_name": ("round {expected} has no sheet, yet this one follows: number the round sheets 1, 2, 3, ...",
                         "у тура {expected} нет листа, а этот лист есть: нумеруйте листы туров 1, 2, 3, ..."),
    "round_sheet_twice": ("a second sheet of round {round}: keep one", "второй лист тура {round}: оставьте один"),
    "round_sheet_near": ("the sheet looks like a round sheet but is not named like one, so its results would be lost: "
                         "rename it {name}, or so that it names no round",
                         "лист похож на лист тура, но назван не так, и его результаты пропали бы: переименуйте его в "
                         "{name} или так, чтобы он не назывался туром"),
    "board_bad": ("{value!r} is not a board number, bye or absent", "{value!r} — не номер доски, своб. или пропуск"),
    "player_unknown": ("{name!r} is not in Players", "{name!r} нет среди участников"),
    "player_twice": ("{name!r} is in this round twice", "{name!r} дважды в этом туре"),
    "player_self": ("a player cannot play themself", "игрок не может играть сам с собой"),
    "result_bad": ("{value!r} is not a result; use B+, W+, =, B+F, W+F or 0-0",
                   "{value!r} — не результат; пишите Ч+, Б+, =, Ч+Ф, Б+Ф или 0-0 (или латиницей B+, W+, B+F, W+F)"),
    "result_look_alike": ("{value!r}: is that a Latin B (Black) or a Cyrillic letter? Type B+ for Black, W+ for White",
                          "{value!r}: это кириллическая В, а не Б и не латинская B; пишите Ч+ (победа чёрных) или "
                          "Б+ (победа белых)"),
    "result_mixed_letters": ("{value!r} mixes Latin and Cyrillic letters; use B+, W+, =, B+F, W+F or 0-0",
                             "{value!r}: латинские и русские буквы вперемешку; пишите Ч+, Б+, =, Ч+Ф, Б+Ф или 0-0"),
    "draw_not_allowed": ("a draw is impossible here: the komi is {komi}", "ничьей здесь быть не может: коми {komi}"),
    "draw_handicap": ("a draw cannot stand in a handicap game (komi {komi}); type who won",
                      "в партии с форой ничьей не бывает (коми {komi}); укажите победителя"),
    "handicap_range": ("handicap {value} is not between {low} and {high} stones",
                       "фора {value} — не от {low} до {high} камней"),
    "komi_range": ("komi {value} is not between {low} and {high}", "коми {value} — не от {low} до {high}"),
    "board_duplicate": ("board {board} is already on row {row}", "доска {board} уже есть в строке {row}"),
    "handicap_bad": ("handicap {stones} with komi {komi} fits no handicap step of group {group}",
                     "фора {stones} с коми {komi} не соответствует ступени форы группы {group}"),
    "round_has_results": ("round {round} has results and cannot be paired again",
                          "в туре {round} есть результаты, пересобрать его нельзя"),
    "round_already_paired": ("round {round} is already paired; use --round {round} --force to pair it again",
                             "тур {round} уже составлен; чтобы пересобрать, --round {round} --force"),
    "round_out_of_order": ("round {round} cannot be paired now; the next round is {expected}",
                           "тур {round} сейчас составить нельзя; следующий — {expected}"),
    "print_format": ("{path}: slips are written as .pdf or .html", "{path}: бланки пишутся в .pdf или .html"),
    "pdf_needs_browser": ("{path}: a PDF is printed by Chromium or Google Chrome, and neither is installed; write "
                          "{html} instead and print it from a browser",
                          "{path}: PDF печатает Chromium или Google Chrome, а ни того ни другого нет; запишите "
                          "{html} и напечатайте его из браузера"),
    "pdf_failed": ("{path}: the browser could not print the PDF ({why}); write {html} and print it from a browser",
                   "{path}: браузер не смог напечатать PDF ({why}); запишите {html} и напечатайте его из браузера"),
    "board_missing": ("round {round} has no board {board}", "в туре {round} нет доски {board}"),
    "board_has_result": ("board {board} has a result ({result}); its handicap stays as it was played",
                         "на доске {board} уже есть результат ({result}); фора остаётся той, с которой играли"),
    "board_needs_recompute": ("--board goes with --recompute: forsxl pair BOOK --round N --board K --recompute",
                              "--board пишется вместе с --recompute: forsxl pair КНИГА --round N --board K "
                              "--recompute"),
    "stronger_holds_black": ("warning: board {board}: {black} holds Black with {stones} stone(s) but is the stronger "
                             "by handicap.basis ({black_basis} to {white}'s {white_basis}); the giver plays White: "
                             "swap the colours, or forsxl pair --round {round} --board {board} --recompute",
                             "внимание: доска {board}: {black} играет чёрными с форой {stones}, хотя сильнее по "
                             "handicap.basis ({black_basis}, у {white} — {white_basis}); фору даёт тот, кто играет "
                             "белыми: поменяйте цвета или выполните forsxl pair --round {round} --board {board} "
                             "--recompute"),
    "round_incomplete": ("round {round}, board {board} has no result yet; type it before pairing the next round",
                         "тур {round}, доска {board}: нет результата; внесите его до жеребьёвки следующего тура"),
    "config_playoff_size": ("playoff.size {value}: a playoff has 4 or 8 players (0: none)",
                            "playoff.size {value}: в плей-офф 4 или 8 игроков (0 — без плей-офф)"),
    "config_playoff_rounds": ("a playoff of {size} needs {stages} rounds after round {after}, but there are {rounds} "
                              "rounds: lower playoff.after_round or raise rounds",
                              "плей-офф на {size} нужно {stages} тура после {after}-го, а туров {rounds}: "
                              "уменьшите playoff.after_round или увеличьте rounds"),
    "config_playoff_scheduled": ("a playoff needs rounds paired one by one; pairing.method {method} fixes them all",
                                 "плей-офф требует жеребьёвки по турам; pairing.method {method} задаёт все туры сразу"),
    "playoff_too_big": ("a playoff of {size} needs {size} players; only {count} play round {round}",
                        "для плей-офф на {size} нужно {size} игроков, а в {round}-м туре играют {count}"),
    "playoff_not_decisive": ("round {round}, {stage}: a playoff game needs a winner, not {result}; "
                             "type B+ or W+ (or a forfeit)",
                             "тур {round}, {stage}: в плей-офф нужен победитель, а не {result}; "
                             "внесите B+ или W+ (или неявку)"),
    "superfinal_decided": ("the superfinal is decided: every round and every match game is paired",
                           "суперфинал сыгран: все туры и все партии матча уже составлены"),
    "all_rounds_paired": ("all {rounds} rounds are paired (Config: rounds)",
                          "все {rounds} туров уже составлены (Настройки: rounds)"),
    "team_lift": ("group {group} has an odd number of players; the organizer may lift one group up: {names} (R9)",
                  "в группе {group} нечётное число игроков; оргкомитет может поднять на группу выше: {names} (R9)"),
    "team_lifted": ("{name} ({rating}) is lifted from group {below} into group {group} (R9)",
                    "{name} ({rating}) переведён из группы {below} в группу {group} (R9)"),
    "team_only_top": ("{name} is rated {rating}: from 1800 only group 1 may be declared",
                      "у {name} рейтинг {rating}: с 1800 заявляется только группа 1"),
    "team_only_bottom": ("{name} is rated {rating}: up to 1000 only group 3 may be declared",
                         "у {name} рейтинг {rating}: до 1000 заявляется только группа 3"),
    "team_beyond_border": ("{name} (rating {rating}) is more than 300 beyond group {group}'s border "
                           "(team members: {low}..{high})",
                           "{name} (рейтинг {rating}) выходит за границу группы {group} больше чем на 300 "
                           "(для членов команд: {low}..{high})"),
    "team_size": ("team {team} has {count} players; a team has {size}",
                  "в команде {team} {count} игроков; в команде должно быть {size}"),
    "team_groups": ("team {team} must declare one player in each of groups 1..{size}",
                    "команда {team} должна заявить по одному игроку в каждую группу 1..{size}"),
    "team_order": ("team {team}: {lower} is rated above {upper}, who is declared in a higher group",
                   "команда {team}: рейтинг {lower} выше, чем у {upper}, заявленного в более высокую группу"),
    "team_individual_above": ("{name} plays alone and may not be declared above a team member of group {group} "
                              "rated {rating}", "{name} в личном зачёте не может быть заявлен выше члена команды "
                              "группы {group} с рейтингом {rating}"),
    "pairing_player_stuck": ("{player} has already met, or may not meet, every other present player",
                             "{player} уже сыграл или не может играть со всеми присутствующими"),
    # issue 5: tournaments fixed in advance (R7.5, R7.6, R8)
    "use_schedule": ("pairing.method {method} writes every round at once: run forsxl schedule",
                     "при pairing.method {method} все туры составляются сразу: forsxl schedule"),
    "not_scheduled": ("pairing.method {method} pairs round by round: run forsxl pair (schedule needs round_robin "
                      "or serp)", "при pairing.method {method} пары составляются по турам: forsxl pair (для "
                      "schedule нужен round_robin или serp)"),
    "schedule_too_long": ("a round robin of {count} players takes {rounds} rounds; a tournament has at most {limit}",
                          "круговой турнир {count} участников — это {rounds} туров; в турнире их не больше {limit}"),
    "schedule_has_results": ("round {round} already has results; the schedule cannot be written again",
                             "в туре {round} уже есть результаты; расписание нельзя составить заново"),
    "serp_games": ("serp.games {games} needs between 1 and {count} - 1 players' worth of opponents ({count} players)",
                   "serp.games {games}: должно быть от 1 до числа участников минус 1 ({count} участников)"),
    "serp_subgroups": ("{count} players cannot be cut into subgroups of {size} (serp.subgroup_size)",
                       "{count} участников нельзя разбить на подгруппы по {size} (serp.subgroup_size)"),
    "serp_sickle_odd": ("serp.layout sickle needs an even serp.games, not {games}; use compact",
                        "для serp.layout sickle serp.games должно быть чётным, а не {games}; используйте compact"),
    "serp_no_layout": ("no layout of {games} games each within {games} places was found for {count} players",
                       "не найдено расписание по {games} партий на расстоянии не больше {games} "
                       "для {count} участников"),
    "serp_teammates": ("{first} and {second} are team-mates and would meet in this layout; use serp.layout compact",
                       "{first} и {second} из одной команды и встретились бы; используйте serp.layout compact"),
    "too_few_players": ("{count} players: the tournament is not held with fewer than 4",
                        "участников {count}: при меньше чем 4 турнир не проводится"),
    "swiss_by_size": ("{count} players: R8 makes this a Swiss of {rounds} rounds, paired round by round with "
                      "forsxl pair, not scheduled in advance",
                      "участников {count}: по R8 это швейцарская система в {rounds} туров; жеребьёвка по турам "
                      "командой forsxl pair, а не расписание заранее"),
    "renju_swiss": ("note: with {count} players the renju weekly is a Swiss of {rounds} rounds, paired round by round "
                    "with forsxl pair; tie-breaks {tiebreaks}",
                    "замечание: при {count} участниках еженедельный турнир по рэндзю играется по швейцарской системе "
                    "в {rounds} туров, жеребьёвка по турам командой forsxl pair; критерии: {tiebreaks}"),
    "withdrawal_forfeits": ("note: {name} left after round {left}: in rounds {rounds} their games without a result "
                            "count as forfeit losses and a bye as nothing",
                            "замечание: {name} выбыл(а) после тура {left}: в турах {rounds} партии без результата "
                            "засчитаны как поражения без игры, свободный тур — без очков"),
    "pairing_impossible": ("round {round}: the {count} present players cannot all be paired without breaking: {rules}",
                           "тур {round}: {count} присутствующих нельзя разбить на пары, не нарушив: {rules}"),
    # import and export (FORMATS; issue 8)
    "import_too_big": ("{path} is {size} MB; files over {limit} MB are refused unread",
                       "{path}: {size} МБ; файлы больше {limit} МБ не читаются"),
    "import_too_many": ("{path}: its {count} players would make {total} in Players, and forsxl reads at most {limit}; "
                        "nothing written",
                        "{path}: с его участниками ({count}) их стало бы {total}, а forsxl читает не больше {limit}; "
                        "ничего не записано"),
    "import_line_bad": ("{text!r}: {why}", "{text!r}: {why}"),
    "import_format_unknown": ("cannot tell the format of {path}; name it with --format ({known})",
                              "не удалось определить формат {path}; укажите --format ({known})"),
    "import_gotha_existing": ("an OpenGotha file brings a whole tournament: import it into a new workbook, "
                              "not into {path}",
                              "файл OpenGotha — это весь турнир: импортируйте его в новую книгу, а не в {path}"),
    "gotha_bad": ("not a readable OpenGotha file: {what} {value!r}", "файл OpenGotha не читается: {what} {value!r}"),
    "gotha_result": ("{where}: OpenGotha's {value} has no forsxl record; the Result cell is left empty: type the "
                     "referee's decision (B+, W+, =, B+F, W+F or 0-0)",
                     "{where}: у {value} из OpenGotha нет записи в forsxl; ячейка результата оставлена пустой: "
                     "впишите решение судьи (Ч+, Б+, =, Ч+Ф, Б+Ф или 0-0)"),
    "gotha_draw": ("{where}: a draw with komi {komi} and {stones} stones, as OpenGotha recorded it, stands as a "
                   "referee's decision (Config scoring.any_draw: yes)",
                   "{where}: ничья при коми {komi} и форе {stones}, как её записал OpenGotha, засчитана как решение "
                   "судьи (Настройки scoring.any_draw: yes)"),
    "gotha_twice": ("{where}: {name} already plays at another table of this round; this game is left out and the "
                    "opponent is absent: correct the round sheet if this game is the one played",
                    "{where}: {name} уже играет за другим столом этого тура; эта партия пропущена, соперник "
                    "отсутствует: исправьте лист тура, если сыграна именно эта партия"),
    "gotha_criteria": ("OpenGotha's placement criteria {names} have no forsxl counterpart and are left out of "
                       "tiebreaks",
                       "у критериев OpenGotha {names} нет соответствия в forsxl; они не вошли в tiebreaks"),
    "gotha_setting": ("OpenGotha's {what} {value} has no forsxl counterpart and is not carried over",
                      "у параметра OpenGotha {what} {value} нет соответствия в forsxl; он не перенесён"),
    "export_over_book": ("the export would overwrite the workbook {path}; pick another -o",
                         "экспорт перезаписал бы книгу {path}; выберите другой -o"),
    # merging two copies of a workbook (issue 13)
    "merge_copies": ("merge needs two copies, or BASE and two copies; {count} workbooks given",
                     "для слияния нужны две копии или BASE и две копии; указано книг: {count}"),
    "merge_copy_bad": ("{path} cannot be merged until these problems in it are fixed:",
                       "{path} нельзя слить, пока в нём не исправлены эти ошибки:"),
    "merge_cell": ("typed differently: {a_file} has {a!r}, {b_file} has {b!r}",
                   "введено по-разному: в {a_file} {a!r}, в {b_file} {b!r}"),
    "merge_deleted": ("the row is deleted in {gone} and changed in {kept}: {row}",
                      "строка удалена в {gone} и изменена в {kept}: {row}"),
    "merge_paired": ("paired differently: only {a_file} has {a}; only {b_file} has {b}",
                     "пары составлены по-разному: только в {a_file} {a}; только в {b_file} {b}"),
    "merge_stopped": ("{count} conflict(s), nothing written: settle them all with --prefer a or --prefer b, or one "
                      "by one with --resolve CONFLICTS.xlsx",
                      "конфликтов: {count}, ничего не записано: решите все сразу через --prefer a или --prefer b "
                      "или по одному через --resolve CONFLICTS.xlsx"),
    "merge_resolve_written": ("{path}: the conflicts are listed there; type a or b in its last column and run the "
                              "same command again",
                              "{path}: конфликты перечислены там; впишите a или b в последний столбец и повторите "
                              "ту же команду"),
    "merge_take_bad": ("{value!r} is neither a nor b", "{value!r} — не a и не b"),
    "choice_bad": ("{what} {value!r} is not one of {known}", "{what} {value!r} — не одно из: {known}"),
    # answers to "why?" (issue 10): forsxl explain and the player cards
    "explain_no_player": ("no player {name!r} in Players", "среди участников нет {name!r}"),
    "explain_ambiguous": ("{name!r} matches several players: {names}; type more of the name",
                          "{name!r} подходит нескольким участникам: {names}; уточните имя"),
    "explain_no_round": ("round {round} is not paired", "тур {round} не составлен"),
    "explain_same": ("that is the same player", "это один и тот же участник"),
    "explain_above": ("{upper} (place {upper_place}) is above {lower} (place {lower_place}); criteria in order (R6):",
                      "{upper} (место {upper_place}) выше, чем {lower} (место {lower_place}); критерии по порядку "
                      "(R6):"),
    "explain_step": ("{n}. {criterion}: {upper} and {lower}, equal", "{n}. {criterion}: {upper} и {lower}, поровну"),
    "explain_decides": ("{n}. {criterion}: {upper} against {lower}: this decides",
                        "{n}. {criterion}: {upper} против {lower}: это решает"),
    "explain_tied": ("equal on every criterion: they share place {place}, listed in start-number order",
                     "поровну по всем критериям: делят {place} место, в списке по стартовым номерам"),
    "explain_playoff": ("final places come from the playoff or superfinal (R7.7, R7.8): {upper} is placed "
                        "{upper_final}, {lower} {lower_final}",
                        "итоговые места определил плей-офф или суперфинал (R7.7, R7.8): у {upper} — {upper_final}, "
                        "у {lower} — {lower_final}"),
    "explain_round": ("Round {round}, paired by {method}:", "Тур {round}, жеребьёвка: {method}:"),
    "explain_board": ("Board {board}: {upper} (ranked {upper_position}, {upper_points} points) – {lower} (ranked "
                      "{lower_position}, {lower_points} points), gap {gap}, group {group}",
                      "Доска {board}: {upper} ({upper_position}-й в таблице, {upper_points} очк.) – {lower} "
                      "({lower_position}-й, {lower_points} очк.), разрыв {gap}, группа {group}"),
    "explain_handicap": ("handicap (R2): difference {difference} × {factor} − {reduction} stones = {adjusted} → "
                         "{computed} {kind} steps; the game: {stones} stones, komi {komi}",
                         "фора (R2): разница {difference} × {factor} − {reduction} камн. = {adjusted} → "
                         "{computed} ступ. ({kind}); в партии: {stones} камн., коми {komi}"),
    "explain_handicap_differs": ("the game has {steps} steps, not {computed}: the result correction (R2.4), a descent "
                                 "from an even group (R2.6) or a referee's edit",
                                 "в партии {steps} ступ., а не {computed}: поправка по результатам (R2.4), спуск из "
                                 "группы без форы (R2.6) или правка судьи"),
    "why_neighbours": ("{upper} was the highest unpaired player; {lower} the nearest allowed below (R7.1)",
                       "{upper} — самый высокий из ещё не составленных; {lower} — ближайший допустимый ниже (R7.1)"),
    "why_shift_planned": ("shift {shift}: {upper} meets the planned partner {lower}, position {position} in the "
                          "{order} order (R7.2)",
                          "сдвиг {shift}: {upper} играет с намеченным соперником {lower}, позиция {position} "
                          "(порядок: {order}) (R7.2)"),
    "why_shift_displaced": ("shift {shift}: {upper}'s planned partner {planned} (position {position} in the {order} "
                            "order) already plays {by}, so {upper} takes the nearest allowed: {lower} (R7.2)",
                            "сдвиг {shift}: намеченный соперник {upper} — {planned} (позиция {position}, порядок: "
                            "{order}) — уже играет с {by}; {upper} берёт ближайшего допустимого: {lower} (R7.2)"),
    "why_shift_moved": ("shift {shift}: {upper}'s planned partner was {planned} (position {position} in the {order} "
                        "order); the nearest allowed to it is {lower} (R7.2)",
                        "сдвиг {shift}: намеченный соперник {upper} — {planned} (позиция {position}, порядок: "
                        "{order}); ближайший к нему допустимый — {lower} (R7.2)"),
    "why_rating_shift": ("{upper} (rating {rating}) looks for rating {rating} − shift = {target}; {lower} ({found}) is "
                         "the closest allowed (R7.3)",
                         "{upper} (рейтинг {rating}) ищет рейтинг {target} (свой минус сдвиг); ближайший допустимый — "
                         "{lower} ({found}) (R7.3)"),
    "why_scheduled": ("fixed before the first round by the {method} schedule (R7.5, R7.6)",
                      "задано до первого тура расписанием {method} (R7.5, R7.6)"),
    "why_weighted": ("{upper} ({su}) and {lower} ({sl}): part of the best pairing of the whole round by score "
                     "gap, then floats, seeding and colour; this pair costs {cost} (R7.4)",
                     "{upper} ({su}) и {lower} ({sl}): часть лучшей жеребьёвки всего тура по разнице очков, затем "
                     "спускам-подъёмам, посеву и цвету; цена пары: {cost} (R7.4)"),
    "why_weighted_other": ("not {name} (a pair costing {cost}): {name} plays {by}, and the round costs less that "
                           "way (R7.4)",
                           "не {name} (цена пары {cost}): {name} играет с {by}, и весь тур так дешевле (R7.4)"),
    "why_method": ("paired by the {method} method", "составлено методом {method}"),
    "why_stage": ("playoff or superfinal game {stage} (R7.7, R7.8)", "партия плей-офф или суперфинала {stage} "
                  "(R7.7, R7.8)"),
    "why_taken": ("not {name}: already paired with {by} higher up", "не {name}: уже в паре с {by} выше"),
    "why_rematch": ("not {name}: they met in round {round} (R7: no rematches)",
                    "не {name}: они уже играли в туре {round} (R7: без повторных встреч)"),
    "why_avoided": ("not {name}: kept apart by the Avoid column (R7)", "не {name}: разведены столбцом Avoid (R7)"),
    "why_teammates": ("not {name}: team-mates in {team} (R9)", "не {name}: одна команда, {team} (R9)"),
    "why_same_club": ("not {name}: the same club, {club} (pairing.avoid_same_club)",
                      "не {name}: тот же клуб, {club} (pairing.avoid_same_club)"),
    "why_rest_unpairable": ("not {name}: that pair would leave someone below without a legal opponent, so it was "
                            "broken (R7.1)",
                            "не {name}: тогда кому-то ниже не нашлось бы допустимого соперника, и эта пара "
                            "разбита (R7.1)"),
    "why_bye": ("{name} has the bye: of those with the fewest byes, the lowest-ranked with whom the rest can be "
                "paired (R5)",
                "{name} свободен: из тех, у кого меньше всего свободных туров, самый низкий в таблице, при котором "
                "остальные составляются в пары (R5)"),
    "why_bye_had": ("not {name}: had more byes already (R5)", "не {name}: уже был свободен чаще (R5)"),
    "why_bye_unpairable": ("not {name}: without {name} the others could not all be paired (R5, R7)",
                           "не {name}: без {name} остальных нельзя разбить на пары (R5, R7)"),
    "why_scheduled_bye": ("{name} has the bye by the schedule (R7.5, R7.6)",
                          "{name} свободен по расписанию (R7.5, R7.6)"),
    "why_absent": ("{name} is absent, as announced in Players (R5)",
                   "{name} пропускает тур, как указано в списке (R5)"),
}


def system_lang() -> Lang:
    """The system locale's language: Russian when the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set starts
    with `ru`, else English. The language of whatever has no workbook to take it from (`new`, `demo`, an OpenGotha
    import, an error before a workbook is read)."""
    locale = next((os.environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(v)), "")
    return Lang.RU if locale.casefold().startswith("ru") else Lang.EN


def text(code: str, lang: Lang, **params: Any) -> str:
    """The text of a message code in the language, numbers written as people write them."""
    english, russian = MESSAGES[code]
    shown = {k: number_text(v) if isinstance(v, Fraction) else v for k, v in params.items()}
    return (russian if lang == Lang.RU else english).format(**shown)


def message(error: ForsxlError, lang: Lang) -> str:
    """One line naming the cell, the problem and the rule: `Round-3!H7: "B+x" is not a result (R11)`."""
    where = f"{error.source}: " if error.source else ""
    guess = error.params.get("guess")
    hint = text("did_you_mean", lang, guess=guess) if guess else ""
    return f"{where}{text(error.code, lang, **error.params)}{hint} ({error.rule})"
