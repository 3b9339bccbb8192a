"""The text of every error and warning by its key, in the workbook's language (STYLE 11, issue 20)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from forsxl.engine.config import Basis, PairingMethod, Tiebreak
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Source
from forsxl.engine.values import Lang
from forsxl.i18n import N_, Later, tr, translations, worded

MESSAGES: dict[str, str] = {
    # key: the English msgid; its Russian is in forsxl/locale/ru/LC_MESSAGES/forsxl.po
    "file_missing": N_("no such workbook: {path}"),
    "file_exists": N_("{path} already exists; pick another name"),
    "file_not_xlsx": N_("{path} is not an .xlsx workbook ({why})"),
    "file_too_big": N_("{path} is too large to be a tournament workbook ({size} MB unpacked)"),
    "file_locked": N_("{path} is open in {app}; close it there and run again"),
    # the forsxl menu in LibreOffice Calc (issue 28)
    "calc_no_unopkg": N_("LibreOffice's unopkg was not found: install LibreOffice, or give unopkg's path with "
                         "--unopkg, or build the extension with forsxl calc build and add it in Tools › Extension "
                         "Manager"),
    "calc_root": N_("as root, LibreOffice installs extensions only for every user: run forsxl calc install as "
                    "yourself, or with --shared"),
    "calc_unopkg_failed": N_("LibreOffice's unopkg refused the extension: {why} (is LibreOffice running with "
                             "this profile? close it and run again)"),
    # reliability and hostile files (issue 9)
    "file_macros": N_("{path} is a workbook with macros; forsxl does not open those: save it as .xlsx "
                      "(Excel Workbook) and run again"),
    "file_part_too_big": N_("{path} is refused: its part {part} unpacks to {size} MB, far more than a tournament"),
    "file_unsafe_xml": N_("{path} is refused: its part {part} declares XML entities (a DTD), never found in a "
                          "workbook"),
    # what a check passes, every command reads; what a command refuses, check names (issue 31)
    "file_xml_encoding": N_("{path} is refused: its part {part} is written in the encoding {encoding}, and forsxl "
                            "reads and writes a workbook in UTF-8, as Excel and LibreOffice save it: open the workbook "
                            "in Excel or LibreOffice and save it again"),
    "file_part_name": N_("{path} is refused: it holds a file named {part}, which is no part of a workbook (it leads "
                         "out of the workbook's folders, or has a backslash): open the workbook in Excel or "
                         "LibreOffice and save it again"),
    "file_part_twice": N_("{path} is refused: it holds two parts named {part}, and which of them is the workbook's "
                          "cannot be told: open the workbook in Excel or LibreOffice and save it again"),
    "cell_damaged": N_("{path} is damaged here: {why}; open the workbook in Excel or LibreOffice, look at this cell "
                       "and save it again"),
    "sheet_chart": N_("a chart sheet has a name forsxl keeps for a table of the tournament: rename the chart sheet"),
    "sheet_no_part": N_("{path} is refused: its list of sheets links this sheet to {link}, which it does not have: "
                        "open the workbook in Excel or LibreOffice and save it again"),
    "sheet_name_bad": N_("{path} is refused: it has a sheet named {name!r}, and a sheet's name is never empty nor "
                         "holds any of [ ] : * ? / \\: open the workbook in Excel or LibreOffice and save it again"),
    "sheet_name_twice": N_("{path} is refused: two of its sheets have this name, and a workbook gives each sheet a "
                           "name of its own: open the workbook in Excel or LibreOffice and save it again"),
    "sheet_part_twice": N_("{path} is refused: its list of sheets links this sheet to the part of the sheet {other}, "
                           "and writing one would write over the other: open the workbook in Excel or LibreOffice "
                           "and save it again"),
    "sheet_too_big": N_("the sheet reaches row {rows}, column {columns}; forsxl reads at most {max_rows} rows and "
                        "{max_columns} columns: clear the cells beyond the table"),
    "file_part_too_many": N_("{path} is refused: with its part {part} the XML passes {limit} elements, far more than "
                             "a tournament"),
    "file_sheets_too_many": N_("{path} is refused: it has more than {limit} sheets, far more than a tournament"),
    "cells_too_many": N_("here the sheets pass {limit} cells (each sheet counted up to its farthest cell, merged cells "
                         "one by one), far more than a tournament: clear or unmerge the cells beyond the tables"),
    "file_busy": N_("{path} is being written by another forsxl command; run again when it has finished"),
    "file_changed": N_("{path} was changed by another program since forsxl read it; nothing written: run again"),
    "file_read_only": N_("{path} is read-only; nothing written (make it writable to let forsxl save it)"),
    "save_failed": N_("{path} could not be saved ({why}); the workbook is as it was"),
    "write_failed": N_("{path} could not be written ({why}); it is as it was"),
    "output_folder_missing": N_("there is no folder {folder} to write {path} into; create it first"),
    "ods_read": N_("{path} read; forsxl writes .xlsx only: a command that saves writes {xlsx}"),
    "ods_target_exists": N_("{xlsx} already exists beside {path}; run forsxl on {xlsx}, or move it away"),
    "player_renamed": N_("warning: {old!r} is now {new!r} in Players (No {no}); read as the same player, and renamed "
                         "here by the next command that saves the workbook"),
    "result_changed": N_("warning: the result changed after round {later} was paired (Standings had {old}, now {new}); "
                         "boards paired on the old result: {boards}"),
    "result_changed_rounds": N_("warning: the result changed after rounds {later} were paired (Standings had {old}, "
                                "now {new}); boards paired on the old result: {boards}"),
    "sheet_missing": N_("sheet {sheet} is missing"),
    "header_missing": N_("column {column} is missing in row 1"),
    "formula_cell": N_("a formula where a value was expected: {value}"),
    "no_players": N_("no players yet"),
    "name_missing": N_("the player has no name"),
    "name_duplicate": N_("{name!r} is already on row {row}"),
    "rating_bad": N_("rating {value!r} is not a number"),
    "rating_range": N_("rating {value} is not between {low} and {high}"),
    "rank_bad": N_("rank {value!r} is not a rank like 5k or 2d, nor a sport category ({known})"),
    "category_no_rank": N_("{name}: the sport category {category} says no rank, and neither rating nor rank is typed: "
                           "type the player's rank (such as 3k) under Rank or the rating under Rating, or the rank of "
                           "every {category} in Config ratings.categories ({category}: 3k)"),
    "category_rank": N_("{name} plays as {rank} (rating {rating}): the rank Config ratings.categories gives the sport "
                        "category {category}, as neither rating nor rank is typed"),
    "category_unknown": N_("{name}: {category!r} is neither a rank (5k, 2d) nor a sport category ({known}), and no "
                           "rating is typed: type the player's rank (such as 3k) under Rank or the rating under "
                           "Rating"),
    "rating_missing": N_("{name!r} has neither rating nor rank"),
    "number_bad": N_("{value!r} is not a whole number"),
    "points_bad": N_("{value!r} is not a number"),
    "number_huge": N_("{value!r} is beyond any number a tournament uses (at most {limit} either way)"),
    "players_too_many": N_("more than {limit} players: forsxl reads at most {limit}"),
    "no_duplicate": N_("start number {value} is already used on row {row}"),
    "avoid_unknown": N_("Avoid: {name!r} is no other player's name"),
    "absent_bad": N_("{value!r} is not a list of rounds like 1, 3-4"),
    "absent_range": N_("{value!r}: rounds go from 1 to {last}, and a range upwards, like 3-4"),
    "points_range": N_("{value} points is not between {low} and {high}"),
    "group_bad": N_("group {value!r} is not 1, 2 or 3"),
    "did_you_mean": N_("; did you mean {guess!r}?"),
    "config_unknown_key": N_("unknown key {key!r}"),
    "config_unknown_key_known": N_("unknown key {key!r}; known keys: {known}"),
    "config_bad_value": N_("{key}: {value!r} is not {expected}"),
    "config_positive": N_("{key} must be positive"),
    "config_range": N_("{key} must be between {low} and {high}"),
    "config_empty": N_("{key} needs at least one value"),
    "config_duplicate": N_("{key} is given twice"),
    "config_repeated": N_("{key} lists a value twice"),
    "config_band_bad": N_("{key}: {value!r} is not a band like 2400:5 (lowest rating:points)"),
    "config_prize_bad": N_("prizes.lists: {part!r} does not fit; a list is `name: criterion, filters, N places, once`, "
                           "lists apart by `;`, filters like rating<2100, rank>=5k, club=A|B; criteria: {criteria}"),
    "config_norm_bad": N_("norms.bands: {part!r} is not a band like `20k-1k: 70%/90%` (start ranks: shares for one, "
                          "two ranks up, growing)"),
    "config_stage_bad": N_("stages.plan: {part!r} does not fit; a section is `name: method, N rounds, entrants, order, "
                           "carry`, methods fors (needs N rounds), serp, round_robin, knockout; entrants all, top K, "
                           "top half, rest; stages apart by `;`, a stage's `rest` section after its `top` section by "
                           "`|`"),
    "config_stage_playoff": N_("stages.plan and playoff.size do not go together: play the final as a knockout stage"),
    "stage_section_small": N_("section {section} would have {count} player(s); a section needs at least 2"),
    "stage_top_too_big": N_("section {section}: top {top} of {count} players of the previous stage"),
    "stage_over": N_("stage {stage} ends with round {round}: run forsxl stage BOOK --next to start the next stage"),
    "stage_not_over": N_("stage {stage} is not over (it ends with round {round}; round {missing} is not finished or "
                         "not paired): finish it before starting the next"),
    "stage_none_left": N_("stage {stages} is the last in stages.plan; there is no next stage"),
    "stages_use_stage": N_("this tournament has stages (stages.plan): start each with forsxl stage BOOK --next, pair "
                           "its rounds with forsxl pair"),
    "config_below": N_("{key} is below {other}"),
    "config_count": N_("{key} needs exactly {count} values"),
    "config_needs_linear": N_("{key} works only with start.method linear"),
    "config_needs_sizes": N_("{key} needs at least {count} groups.sizes (top group first)"),
    "start_group_missing": N_("{name!r} has no group in Players, and start.method group needs one"),
    "start_group_points": N_("{name!r} is in group {group}, which has no start points in start.group_points "
                             "({points})"),
    "start_category_missing": N_("{name!r} has no category; type б/р if they have none"),
    "start_category_bad": N_("category {value!r} of {name!r} is not one of {known}"),
    "config_pairing_until": N_("pairing.until needs {count} increasing round number(s): the last round of each "
                               "pairing.method but the last one"),
    "config_pairing_shift": N_("pairing.shift {shift} is smaller than the {rounds} rounds: the shift in round 1 must "
                               "be at least the number of rounds (empty: the rounds still to play)"),
    "config_scheme_steps": N_("scheme {scheme} compensates at most {cap} handicap steps: set handicap.max_steps to "
                              "{cap}"),
    "config_per_step": N_("scoring.per_step works only with the schemes that count steps one by one (fors30, "
                          "fors30-symmetric, fors-asymmetric, nsk1977, serp): {scheme} does not"),
    "tune_not_fors": N_("forsxl tune searches a Fors regulation, where a handicap step is paid in points; this "
                        "workbook scores {scheme}: start from a Fors preset (forsxl presets)"),
    "tune_declared": N_("forsxl tune changes the groups and start points, which a team tournament's declared groups "
                        "fix (groups.declared); it cannot tune this one"),
    "tune_few_players": N_("{count} players are too few to tune a regulation for; forsxl tune needs 4 or more"),
    "tune_apply_paired": N_("--apply types a regulation in before round 1 is paired, and round {rounds} is paired "
                            "already: write the keys with -o and set them with forsxl config --set if the tournament "
                            "is to change its regulation now"),
    "tune_nothing_plays": N_("no regulation forsxl tune searches plays with this workbook's other Config keys; "
                             "forsxl check names what is wrong with them"),
    "tune_apply_ods": N_("--apply types keys into the workbook, and {path} is an .ods, which forsxl saves as a new "
                         ".xlsx: write the keys with -o, then forsxl config --set on the .xlsx"),
    "simulate_variant_unknown": N_("--compare {name!r} is neither a preset nor a file; presets: {known}"),
    "config_file_bad": N_("{path} is not a Config file: write one key: value per line, as a preset"),
    "preset_unknown": N_("unknown preset {name!r}; presets: {known}"),
    "round_sheet_name": N_("round {expected} has no sheet, yet this one follows: number the round sheets 1, 2, 3, ..."),
    "round_sheet_twice": N_("a second sheet of round {round}: keep one"),
    "round_sheet_near": N_("the sheet looks like a round sheet but is not named like one, so its results would be "
                           "lost: rename it {name}, or so that it names no round"),
    "board_bad": N_("{value!r} is not a board number, bye or absent"),
    "player_unknown": N_("{name!r} is not in Players"),
    "player_twice": N_("{name!r} is in this round twice"),
    "result_bad": N_("{value!r} is not a result; use B+, W+, =, B+F, W+F, 0-0 or 1-1"),
    "result_look_alike": N_("{value!r}: is that a Latin B (Black) or a Cyrillic letter? Type B+ for Black, W+ for "
                            "White"),
    "result_latin_b": N_("{value!r}: among results in Russian letters a Latin B reads as Б (White); type Ч+ for "
                         "Black, Б+ for White"),
    "result_mixed_letters": N_("{value!r} mixes Latin and Cyrillic letters; use B+, W+, =, B+F, W+F, 0-0 or 1-1"),
    "draw_not_allowed": N_("a draw is impossible here: the komi is {komi}"),
    "draw_handicap": N_("a draw cannot stand in a handicap game (komi {komi}); type who won"),
    "handicap_range": N_("handicap {value} is not between {low} and {high} stones"),
    "komi_range": N_("komi {value} is not between {low} and {high}"),
    "board_duplicate": N_("board {board} is already on row {row}"),
    # a row that names its players is a game whatever its Board cell holds, or is named (issue 39)
    "board_empty": N_("warning: the Board cell of this game is empty; read as board {board}, the first the round "
                      "does not use, and written here by the next command that saves the workbook"),
    "sitout_two_players": N_("{word!r} names one player without a game, in Black, yet this row also names {white!r} "
                             "as White: clear White, or type the board number of their game"),
    "handicap_bad": N_("handicap {stones} with komi {komi} fits no handicap step of group {group}"),
    "round_has_results": N_("round {round} has results and cannot be paired again"),
    "round_already_paired": N_("round {round} is already paired; use --round {round} --force to pair it again"),
    "round_out_of_order": N_("round {round} cannot be paired now; the next round is {expected}"),
    "print_format": N_("{path}: slips are written as .pdf, .html or .xlsx"),
    "regulation_format": N_("{path}: the regulation is written as .pdf or .html"),
    "pdf_needs_browser": N_("{path}: a PDF is printed by Chromium or Google Chrome, and neither is installed; write "
                            "{html} instead and print it from a browser"),
    "pdf_failed": N_("{path}: the browser could not print the PDF ({why}); write {html} and print it from a browser"),
    "board_missing": N_("round {round} has no board {board}"),
    "board_has_result": N_("board {board} has a result ({result}); its handicap stays as it was played"),
    "board_needs_recompute": N_("--board goes with --recompute: forsxl pair BOOK --round N --board K --recompute"),
    "board_option_bad": N_("--board {value!r} is neither a board number nor a cell of a board's row, like Round-2!C5"),
    "cell_no_sheet": N_("{cell}: there is no sheet {sheet!r} in the workbook"),
    "cell_no_board": N_("{cell} is not in the row of a board on a round sheet"),
    "cell_no_player": N_("{cell} is not in a player's row (Players, Standings or a round sheet)"),
    "stronger_holds_black": N_("warning: board {board}: {black} plays Black and takes {stones} stone(s), yet is the "
                               "stronger {basis}: {black_basis} against White's {white_basis} ({white}); the stronger "
                               "gives the handicap as White: swap the colours, or forsxl pair --round {round} --board "
                               "{board} --recompute"),
    "result_both_win": N_("round {round}, board {board}: {result} is a win for both (OpenGotha's both win): "
                          "{black} scores {black_points} and {white} {white_points}, each a won game in the standings "
                          "and the tie-breaks, but for neither in OpenGotha's direct confrontation (sdc, dc)"),
    "result_both_lose": N_("round {round}, board {board}: {result} is a loss for both, by forfeit (OpenGotha's both "
                           "lose): {black} scores {black_points} and {white} {white_points}; they have met (R7), "
                           "forsxl's tie-breaks count the round as a forfeit (R6), OpenGotha's as a game"),
    "round_unplayed": N_("round {round} has no results yet; type them before pairing round {next}, or pair round "
                         "{round} again with --round {round} --force"),
    "round_incomplete": N_("round {round}, board {board} has no result yet; type it before pairing the next round"),
    "config_playoff_size": N_("playoff.size {value}: a playoff has 4 or 8 players (0: none)"),
    "config_playoff_rounds": N_("a playoff of {size} needs {stages} rounds after round {after}, but there are {rounds} "
                                "rounds: lower playoff.after_round or raise rounds"),
    "config_playoff_scheduled": N_("a playoff needs rounds paired one by one; pairing.method {method} fixes them all"),
    "playoff_too_big": N_("a playoff of {size} needs {size} players; only {count} play round {round}"),
    "playoff_not_decisive": N_("round {round}, {stage}: a playoff game needs a winner, not {result}; "
                               "type B+ or W+ (or a forfeit)"),
    "superfinal_decided": N_("the superfinal is decided: every round and every match game is paired"),
    "all_rounds_paired": N_("all {rounds} rounds are paired (Config: rounds)"),
    "schedule_rounds": N_("Config rounds is {rounds}, but the schedule of {players} players has {scheduled} rounds: "
                          "type {scheduled} as rounds"),
    "team_lift": N_("group {group} has an odd number of players; the organizer may lift one group up: {names} (R9)"),
    "team_lifted": N_("{name} ({rating}) is lifted from group {below} into group {group} (R9)"),
    "team_lift_order": N_("{name} ({rating}) is typed into group {group}, one group up, but the regulation lifts by "
                          "rating: the strongest individual of group {below}, {first} ({first_rating})"),
    "team_only_top": N_("{name} is rated {rating}: from 1800 only group 1 may be declared"),
    "team_only_bottom": N_("{name} is rated {rating}: up to 1000 only group 3 may be declared"),
    "team_beyond_border": N_("{name} (rating {rating}) is more than 300 beyond group {group}'s border "
                             "(team members: {low}..{high})"),
    "team_size": N_("team {team} has {count} players; a team has {size}"),
    "team_groups": N_("team {team} must declare one player in each of groups 1..{size}"),
    "team_order": N_("team {team}: {lower} is rated above {upper}, who is declared in a higher group"),
    "team_individual_above": N_("{name} plays alone and may not be declared above a team member of group {group} "
                                "rated {rating}"),
    "pairing_player_stuck": N_("{player} has already met, or may not meet, every other present player"),
    # issue 5: tournaments fixed in advance (R7.5, R7.6, R8)
    "use_schedule": N_("pairing.method {method} writes every round at once: run forsxl schedule"),
    "not_scheduled": N_("pairing.method {method} pairs round by round: run forsxl pair (schedule needs round_robin "
                        "or serp)"),
    "schedule_too_long": N_("a round robin of {count} players takes {rounds} rounds; a tournament has at most {limit}"),
    "schedule_has_results": N_("round {round} already has results; the schedule cannot be written again"),
    "serp_games": N_("serp.games {games} needs between 1 and {count} - 1 players' worth of opponents ({count} "
                     "players)"),
    "serp_subgroups": N_("{count} players cannot be cut into subgroups of {size} (serp.subgroup_size)"),
    "serp_sickle_odd": N_("serp.layout sickle needs an even serp.games, not {games}; use compact"),
    "serp_no_layout": N_("no layout of {games} games each within {games} places was found for {count} players"),
    "serp_teammates": N_("{first} and {second} are team-mates and would meet in this layout; use serp.layout compact"),
    "late_entry_refused": N_("{name} comes late, to round {round}: {passed} of the {rounds} rounds have passed, and "
                             "a late entrant is admitted only until {limit} have (attendance.late_until); delete the "
                             "row in Players, or clear attendance.late_until to admit them all the same"),
    "late_entry_scheduled": N_("{name} is in no round of the schedule: a round robin admits no late entrant "
                               "(attendance.late_until); delete the row in Players, or, while no result is typed, "
                               "write the schedule again with forsxl schedule"),
    "unscheduled": N_("warning: {name} is in no round of the schedule and plays no game: while no result is typed, "
                      "write the schedule again with forsxl schedule"),
    "too_few_players": N_("{count} players: the tournament is not held with fewer than 4"),
    "swiss_by_size": N_("{count} players: R8 makes this a Swiss of {rounds} rounds, paired round by round with "
                        "forsxl pair, not scheduled in advance"),
    "renju_swiss": N_("note: with {count} players the renju weekly is a Swiss of {rounds} rounds, paired round by "
                      "round with forsxl pair; tie-breaks {tiebreaks}"),
    "slip_left": N_("no slip for board {board}: {name} left after round {left}, a forfeit loss"),
    "withdrawal_forfeits": N_("note: {name} left after round {left}: in rounds {rounds} their games without a result "
                              "count as forfeit losses and a bye as nothing"),
    "pairing_impossible": N_("round {round}: the {count} present players cannot all be paired without breaking: "
                             "{rules}"),
    "field_needs_rustworkx": N_("{players} players to pair in one field: without rustworkx installed forsxl pairs "
                                "at most {limit} (pip install rustworkx)"),
    # the web page (issue 42)
    "web_download_failed": N_("{url} could not be downloaded: {why}; nothing written"),
    "web_pin_mismatch": N_("{url} is not the file forsxl pins: its sha256 is {digest}, not {pinned}; nothing "
                           "written"),
    "web_folder_not_site": N_("{path} is not a folder the page was built into before, nor an empty one: build it "
                              "into a new folder"),
    "web_no_site": N_("{path} holds no page built by forsxl web build"),
    "web_port_busy": N_("cannot serve on port {port} ({why}): another program has it; pick another with --port"),
    # import and export (FORMATS; issue 8)
    "import_too_big": N_("{path} is {size} MB; files over {limit} MB are refused unread"),
    "import_too_many": N_("{path}: its {count} players would make {total} in Players, and forsxl reads at most "
                          "{limit}; nothing written"),
    "import_line_bad": N_("{text!r}: {why}"),
    "import_format_unknown": N_("cannot tell the format of {path}; name it with --format ({known})"),
    "csv_encoding_unknown": N_("{path}: its text reads in none of the encodings tried ({tried}); save it as CSV UTF-8 "
                               "and import it again"),
    "csv_encoding_tie": N_("{path}: its text reads as well in {tied}, and differently, so which it is cannot be told; "
                           "save it as CSV UTF-8 and import it again"),
    # rating lists from the federations (issue 43)
    "download_url_bad": N_("{url} is not a web address (http:// or https://)"),
    "download_offline": N_("cannot reach {host} ({why}): check the connection to the internet, or download the list "
                           "in a browser and give it with --file"),
    "download_timeout": N_("{host} did not answer within {seconds} seconds: try again later, or download the list in "
                           "a browser and give it with --file"),
    "download_status": N_("{host} answered {status}: {line}"),
    "download_too_big": N_("{host} sends {size} MB, more than the {limit} MB a list of players can be; nothing kept"),
    "date_bad": N_("--date {value!r} is not a date written as 2026-11-28"),
    "ratings_date_future": N_("--date {value}: no list is of a day to come"),
    "ratings_not_cached": N_("no {label} list of {date} or before is kept in {folder} (lists kept: {dates}); the "
                             "federation publishes today's list alone: run without --date to download it, or give a "
                             "list you have with --file"),
    "ratings_not_list": N_("{where} is not the {label} list; it begins: {line}"),
    "ratings_answer_not_list": N_("{where} answered {status}, but not with the {label} list; it begins: {line}"),
    "ratings_add_missing": N_("--add {name!r}: not in the {label} list (by name in either script, or by id)"),
    "ratings_add_namesakes": N_("--add {name!r}: the {label} list has namesakes ({who}); give the id instead"),
    "ratings_no_sheet": N_("there is no sheet «{sheet}» yet: run forsxl ratings BOOK --source rfg (or egd, ffg, aga) "
                           "first, then tick the ratings to take"),
    "ratings_ticked_twice": N_("{name} is ticked already at {cell}: tick one rating for a player"),
    "ratings_options": N_("{option} goes without --apply: forsxl ratings BOOK --source rfg|egd|ffg|aga, or forsxl "
                          "ratings BOOK --apply"),
    "ratings_source_missing": N_("which list? forsxl ratings BOOK --source rfg|egd|ffg|aga (or --apply, to write the "
                                 "ticked ratings into Players)"),
    "ratings_force_alone": N_("--force goes with --apply: forsxl ratings BOOK --apply --force"),
    "import_gotha_existing": N_("an OpenGotha file brings a whole tournament: import it into a new workbook, "
                                "not into {path}"),
    "gotha_bad": N_("not a readable OpenGotha file: {what} {value!r}"),
    "gotha_result": N_("{where}: OpenGotha's {value} has no forsxl record; the Result cell is left empty: type the "
                       "referee's decision (B+, W+, =, B+F, W+F, 0-0 or 1-1)"),
    "gotha_draw": N_("{where}: a draw with komi {komi} and {stones} stones, as OpenGotha recorded it, stands as a "
                     "referee's decision (Config scoring.any_draw: yes)"),
    "gotha_twice": N_("{where}: {name} already plays at another table of this round; this game is left out and the "
                      "opponent unpaired: correct the round sheet if this game is the one played"),
    "gotha_self": N_("{where}: {name} plays against themselves; the game is left out"),
    "gotha_unknown": N_("{where}: {key} is none of the file's players; left out, as OpenGotha leaves it out"),
    "gotha_bye_played": N_("{where}: {name} has a game and the bye; the bye is left out"),
    "gotha_rating": N_("{name}: rating {value} is beyond OpenGotha's {low} to {high}; read as {read}, as OpenGotha "
                       "reads it"),
    "gotha_rank": N_("{name}: rank {value} read as {read}, as OpenGotha reads it"),
    "gotha_spaces": N_("{name}: the file writes the name with spaces around it or doubled inside; its Name cell "
                       "keeps them as written, since OpenGotha's lots read them (retyped without them, the name "
                       "draws other lots)"),
    "gotha_correction": N_("{name}: smmsCorrection {value} is beyond what a workbook holds; read as {read}"),
    "gotha_criteria": N_("OpenGotha's placement criteria {names} have no forsxl counterpart and are left out of "
                         "tiebreaks"),
    "gotha_setting": N_("OpenGotha's {what} {value} has no forsxl counterpart and is not carried over"),
    "export_field_empty": N_("warning: {format}: Config {key} is empty, so the file leaves {tag} empty; write it there "
                             "for the rating list"),
    "export_place_country": N_("warning: {format}: Config place {place!r} names no country, so the file writes {tag}; "
                               "write it as 'FR, Paris' for the rating list"),
    "export_country": N_("warning: {format}: no two-letter country (FR, RU) in Players Country of {names}; the file "
                         "writes {written} for them"),
    "export_first_name": N_("warning: OpenGotha opens no player without a first name, and Players Name of {names} is "
                            "one word; the file writes the first name {written}, which forsxl reads back as none"),
    "export_gotha_method": N_("warning: OpenGotha pairs and ranks by McMahon score or Swiss points: the file holds the "
                              "players, games and handicaps, not the pairing by {method} or its points"),
    "export_over_book": N_("the export would overwrite the workbook {path}; pick another -o"),
    # forsxl history and undo (issue 31)
    "undo_nothing": N_("{path}: no earlier version is kept to put back (forsxl keeps one each time it saves the "
                       "workbook)"),
    "undo_oldest": N_("{path} is the oldest version kept already (version {number}); forsxl history {path} lists "
                      "them"),
    "undo_no_such": N_("{path} has no version {number}: versions 1 to {count} are kept (forsxl history {path})"),
    "undo_same": N_("{path} is the same as version {number} already; nothing to put back"),
    # versions read and checked before they are put back, their folder's faults named as its own (issue 39)
    "version_not_file": N_("{path} is {what}, and a version is a workbook's own file"),
    "version_unreadable": N_("{path} cannot be read ({why})"),
    "undo_damaged": N_("{path}: version {number} is damaged and is not put back (forsxl history {path} says why); "
                       "forsxl undo {path} --to {sound} puts back the next sound one"),
    "undo_damaged_last": N_("{path}: version {number} is damaged and is not put back (forsxl history {path} says "
                            "why), and no sound version is kept before it"),
    "undo_none_sound": N_("{path}: the {count} versions undo goes back along are all damaged; forsxl history {path} "
                          "says why"),
    "versions_unreadable": N_("the versions of {path} in {folder} cannot be read ({why}): make {folder} a folder you "
                              "can read, or move it away"),
    "versions_unwritable": N_("warning: the versions of {path} in {folder} cannot be written ({why}): the workbook is "
                              "saved without a new version, and {backup} keeps the one it replaced; make {folder} a "
                              "folder you can write, or move it away"),
    "publish_over_book": N_("the results would overwrite the workbook {path}; give -o a page (FILE.html) or a folder "
                            "for the site"),
    "publish_not_folder": N_("{path} is a file, not a folder: a site is written into a folder; for one page give -o "
                             "FILE.html"),
    # the site sent to the club's host, and its QR codes (issue 46)
    "publish_keep_ods": N_("{path} is an .ods workbook, which forsxl saves as a new .xlsx: type the address into "
                           "its Config sheet"),
    "publish_no_address": N_("no address for a QR code: give --url, or the site's address in Config's publish.url"),
    "upload_scheme": N_("{target}: forsxl publishes to sftp://, ftp://, ftps://, webdav://, webdavs://, s3:// and "
                        "git+ssh://, git+https:// or git+file:// addresses (docs/publish.md)"),
    "upload_password": N_("{target}: a password in the address would be kept in the workbook; keep it in ~/.netrc or "
                          "in the system's keyring (forsxl login), as docs/publish.md shows"),
    "upload_page": N_("{target}: a site is sent, not one page ({path}): give -o a folder, or no -o"),
    "upload_needs": N_("{target}: needs the Python package {package}, which is not installed: pipx inject forsxl "
                       "{package}, or pip install \"forsxl[publish]\""),
    "upload_netrc": N_("{target}: ~/.netrc cannot be read ({why})"),
    "keyring_failed": N_("{target}: the system's keyring did not keep the password ({why})"),
    "upload_no_host": N_("{target}: not sent: no host {host} found (no network, or a typo in the address)"),
    "upload_timeout": N_("{target}: not sent: the host did not answer within {seconds} s"),
    "upload_connect": N_("{target}: not sent: no connection ({why})"),
    "upload_login": N_("{target}: not sent: the user name or password was refused ({why})"),
    "upload_full": N_("{target}: not sent: the host's disk is full ({why})"),
    "upload_failed": N_("{target}: not sent ({why})"),
    "upload_refused": N_("{target}: not sent: the host did not take {file} ({why})"),
    "upload_host_key": N_("{target}: not sent: the SSH key of {host} is not known here; connect once with ssh {host} "
                          "and accept it"),
    "upload_certificate": N_("{target}: not sent: the host's certificate cannot be trusted ({why})"),
    "upload_no_git": N_("{target}: not sent: git is not installed"),
    "upload_s3_keys": N_("{target}: not sent: no AWS keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or "
                         "AWS_PROFILE (docs/publish.md)"),
    "simulate_over_book": N_("the simulation report would overwrite the workbook {path}; pick another -o"),
    # merging two copies of a workbook (issue 13)
    "merge_copies": N_("merge needs two copies, or BASE and two copies; {count} workbooks given"),
    "merge_copy_bad": N_("{path} cannot be merged until these problems in it are fixed:"),
    "merge_cell": N_("typed differently: {a_file} has {a!r}, {b_file} has {b!r}"),
    "merge_deleted": N_("the row is deleted in {gone} and changed in {kept}: {row}"),
    "merge_paired": N_("paired differently: only {a_file} has {a}; only {b_file} has {b}"),
    "merge_stopped": N_("{count} conflict(s), nothing written: settle them all with --prefer a or --prefer b, or one "
                        "by one with --resolve CONFLICTS.xlsx"),
    "merge_resolve_written": N_("{path}: the conflicts are listed there; type a or b in its last column and run the "
                                "same command again"),
    "merge_take_bad": N_("{value!r} is neither a nor b"),
    "choice_bad": N_("{what} {value!r} is not one of {known}"),
    # answers to "why?" (issue 10): forsxl explain and the player cards
    "explain_no_player": N_("no player {name!r} in Players"),
    "explain_ambiguous": N_("{name!r} matches several players: {names}; type more of the name"),
    "explain_no_round": N_("round {round} is not paired"),
    "explain_same": N_("that is the same player"),
    "explain_above": N_("{upper} (place {upper_place}) is above {lower} (place {lower_place}); criteria in order "
                        "(R6):"),
    "explain_step": N_("{n}. {criterion}: {upper} and {lower}, equal"),
    "explain_decides": N_("{n}. {criterion}: {upper} against {lower}: this decides"),
    "explain_tied": N_("equal on every criterion: they share place {place}, listed in start-number order"),
    "explain_playoff": N_("final places come from the playoff or superfinal (R7.7, R7.8): {upper} is placed "
                          "{upper_final}, {lower} {lower_final}"),
    "explain_round": N_("Round {round}, paired by {method} ({rule}):"),
    "explain_what": N_("say what to explain: --player NAME (why the player ranks where they do) or --round N (why "
                       "each pair of the round was formed)"),
    "explain_board": N_("Board {board}: {upper} (ranked {upper_position}, {upper_points}) – {lower} (ranked "
                        "{lower_position}, {lower_points}), gap {gap}, group {group}"),
    "explain_handicap": N_("handicap (R2): difference {difference}{adjustment} → {steps} ({kind}); the game: "
                           "{handicap}"),
    "explain_handicap_differs": N_("the game has {steps}, not {computed}: the result correction (R2.4), a descent "
                                   "from an even group (R2.6) or a referee's edit"),
    "why_neighbours": N_("{upper} was the highest unpaired player; {lower} the nearest allowed below (R7.1)"),
    "why_shift_planned": N_("shift {shift}: {upper} meets the planned partner {lower}, position {position} in the "
                            "{order} order (R7.2)"),
    "why_shift_displaced": N_("shift {shift}: {upper}'s planned partner {planned} (position {position} in the {order} "
                              "order) already plays {by}, so {upper} takes the nearest allowed: {lower} (R7.2)"),
    "why_shift_moved": N_("shift {shift}: {upper}'s planned partner was {planned} (position {position} in the {order} "
                          "order); the nearest allowed to it is {lower} (R7.2)"),
    "why_rating_shift": N_("{upper} (rating {rating}) looks for rating {rating} − shift = {target}; {lower} "
                           "({found}) is the closest allowed (R7.3)"),
    "why_scheduled": N_("fixed before the first round: {method} (R7.5, R7.6)"),
    "why_weighted": N_("{upper} ({su}) and {lower} ({sl}): part of the best pairing of the whole round by score "
                       "gap, then floats, seeding and colour; this pair costs {cost} (R7.4)"),
    "why_weighted_other": N_("not {name} (a pair costing {cost}): {name} plays {by}, and the round costs less that "
                             "way (R7.4)"),
    "why_method": N_("paired by {method}"),
    "why_stage": N_("playoff or superfinal game {stage} (R7.7, R7.8)"),
    "why_taken": N_("not {name}: already paired with {by} higher up"),
    "why_rematch": N_("not {name}: they met in round {round} (R7: no rematches)"),
    "why_avoided": N_("not {name}: kept apart by the Avoid column (R7)"),
    "why_teammates": N_("not {name}: team-mates in {team} (R9)"),
    "why_same_club": N_("not {name}: the same club, {club} (pairing.avoid_same_club)"),
    "why_rest_unpairable": N_("not {name}: that pair would leave someone below without a legal opponent, so it was "
                              "broken (R7.1)"),
    "why_bye": N_("{name} has the bye: of those with the fewest byes, the lowest-ranked with whom the rest can be "
                  "paired (R5)"),
    "why_bye_gotha": N_("{name} has the bye, as OpenGotha gives it: of those with whom the rest can be paired, the "
                        "least rank + 2 × McMahon score + 1000 × byes, here {rank} + 2 × {score} + 1000 × {byes} = "
                        "{weight} (OpenGotha's ranks: 1d 0, 1k -1, 30k -30); of equal weights, the last OpenGotha "
                        "lists (R5)"),
    "why_bye_gotha_more": N_("not {name}: {rank} + 2 × {score} + 1000 × {byes} = {weight} (R5)"),
    "why_bye_gotha_listed": N_("not {name}: the same weight, but OpenGotha lists {name} before {bye} (R5)"),
    "why_bye_had": N_("not {name}: had more byes already (R5)"),
    "why_bye_unpairable": N_("not {name}: without {name} the others could not all be paired (R5, R7)"),
    "why_scheduled_bye": N_("{name} has the bye by the schedule (R7.5, R7.6)"),
    "why_absent": N_("{name} is absent, as announced in Players (R5)"),
    "why_unpaired": N_("{name} was there and not paired: the round scores nothing (R5)"),
}


BASIS_NAMES: dict[Basis, str] = {
    Basis.RATING: N_("by rating"), Basis.RANK: N_("by rank"), Basis.POINTS: N_("by points"),
    Basis.BLEND: N_("by rating and points"), Basis.MMS: N_("by McMahon score"),
}
"""What a handicap is computed from (`handicap.basis`, R2.1), in words."""


def _in_words(value: Any, lang: Lang) -> Any:
    """A pairing method (its record's words, R7) or a handicap basis (`BASIS_NAMES`) in words; any other value as
    it is."""
    if isinstance(value, PairingMethod):
        # the registry brings the pairing code and its compiled solver: loaded when a message names a method, not
        # by every import of the messages (forsxl.api starts without them, tests/test_api.py)
        from forsxl.engine.pairing.methods import METHODS

        return worded(METHODS[value].named, lang)
    return tr(lang, BASIS_NAMES[value]) if isinstance(value, Basis) else value


def text(code: str, lang: Lang, **params: Any) -> str:
    """The text of a message code in the language (its msgid through the catalogue), numbers written as the
    language writes them, a pairing method or handicap basis in words."""
    return tr(lang, MESSAGES[code], **{k: _in_words(v, lang) for k, v in params.items()})


TIEBREAK_LABELS: dict[Tiebreak, tuple[str, str]] = {
    Tiebreak.POINTS: (N_("Points"), N_("points")),
    Tiebreak.GAME_POINTS: (N_("GP"), N_("game points: points from games, without start points")),
    Tiebreak.WINS: (N_("Wins"), N_("games won")),
    Tiebreak.SOS: (N_("SOS"), N_("sum of opponents' points")),
    Tiebreak.SOS_GAMES: (N_("SOSG"), N_("sum of opponents' game points")),
    Tiebreak.SOS_WINS: (N_("SOSW"), N_("sum of opponents' wins")),
    Tiebreak.WINS_NOT_TAKING: (N_("WNH"), N_("wins in even games and when giving handicap")),
    Tiebreak.HANDICAP_GIVEN: (N_("HG"), N_("handicap steps given as White minus steps taken as Black")),
    Tiebreak.DIRECT: (N_("Dir"), N_("direct encounter: wins in even games among the tied players")),
    Tiebreak.RATING: (N_("Rating"), N_("rating")),
    Tiebreak.START_NUMBER: (N_("No"), N_("start number")),
    Tiebreak.LOT: (N_("Lot"), N_("drawing of lots")),
    Tiebreak.BERGER: (N_("SB"), N_("Sonneborn-Berger: opponents' scores weighted by the result against them")),
    Tiebreak.PROGRESS: (N_("Prog"), N_("progress: the sum of the running score after each round")),
    Tiebreak.BUCHHOLZ: (N_("Buch"), N_("Buchholz: sum of opponents' scores")),
    Tiebreak.MMS: (N_("MMS"), N_("McMahon score: start score plus wins")),
    Tiebreak.SOSOS: (N_("SOSOS"), N_("sum of opponents' SOS")),
    Tiebreak.SODOS: (N_("SODOS"), N_("sum of defeated opponents' scores (half for a draw)")),
    Tiebreak.SOS_MINUS_1: (N_("SOS-1"), N_("SOS without the lowest opponent's score")),
    Tiebreak.SOS_MINUS_2: (N_("SOS-2"), N_("SOS without the two lowest opponents' scores")),
    Tiebreak.CUSS: (N_("CUSS"), N_("cumulative score: the sum of the score after each round, start included")),
    Tiebreak.NBW: (N_("NBW"), N_("OpenGotha: number of wins, and what a round without a game scored")),
    Tiebreak.SOSW: (N_("SOSW"), N_("OpenGotha: sum of opponents' NBW, 0 for a round without a game")),
    Tiebreak.SOSW_MINUS_1: (N_("SOSW-1"), N_("OpenGotha: SOSW without the lowest round")),
    Tiebreak.SOSW_MINUS_2: (N_("SOSW-2"), N_("OpenGotha: SOSW without the two lowest rounds")),
    Tiebreak.SODOSW: (N_("SODOSW"), N_("OpenGotha: sum of defeated opponents' NBW")),
    Tiebreak.SOSOSW: (N_("SOSOSW"), N_("OpenGotha: sum of opponents' SOSW")),
    Tiebreak.CUSSW: (N_("CUSSW"), N_("OpenGotha: the sum of NBW after each round")),
    Tiebreak.SOSM: (N_("SOSM"), N_("OpenGotha: sum of opponents' McMahon scores, corrected by the handicap; a round "
                       "without a game counts the start score")),
    Tiebreak.SOSM_MINUS_1: (N_("SOSM-1"), N_("OpenGotha: SOSM without the lowest round")),
    Tiebreak.SOSM_MINUS_2: (N_("SOSM-2"), N_("OpenGotha: SOSM without the two lowest rounds")),
    Tiebreak.SODOSM: (N_("SODOSM"), N_("OpenGotha: sum of defeated opponents' SOSM terms")),
    Tiebreak.SOSOSM: (N_("SOSOSM"), N_("OpenGotha: sum of opponents' SOSM")),
    Tiebreak.RANK: (N_("Rank"), N_("rank")),
    Tiebreak.EXT: (N_("EXT"), N_("OpenGotha: exploits attempted, opponents' NBW weighted by stones beyond the ranks")),
    Tiebreak.EXR: (N_("EXR"), N_("OpenGotha: exploits achieved, EXT over the games won")),
    Tiebreak.SDC: (N_("SDC"), N_("OpenGotha: wins among the tied players, when every two of them met")),
    Tiebreak.CAT: (N_("CAT"), N_("OpenGotha: the category by rank, the strongest first")),
    Tiebreak.CPS: (N_("CPS"), N_("OpenGotha: cup score, doubled each round before the round's win is added, so that a "
                                 "win outweighs all later ones")),
    Tiebreak.DC: (N_("DC"), N_("OpenGotha: direct confrontation, who beat whom among the tied players, the later "
                               "criteria where the games do not decide")),
}
"""Tie-breaks as column headings (short) and in the legend under the standings (long)."""


def tiebreak_labels(lang: Lang) -> dict[Tiebreak, tuple[str, str]]:
    """Each tie-break's heading and legend (`TIEBREAK_LABELS`) in `lang`."""
    gettext = translations(lang).gettext
    return {c: (gettext(short), gettext(long)) for c, (short, long) in TIEBREAK_LABELS.items()}


def tiebreak_columns(tiebreaks: Sequence[Tiebreak]) -> list[Tiebreak]:
    """The tie-breaks a standings table shows after Points: all but points, rating and start number, which are
    columns of their own already."""
    return [c for c in tiebreaks if c not in (Tiebreak.POINTS, Tiebreak.RATING, Tiebreak.START_NUMBER)]


def tiebreak_heading(tiebreak: Tiebreak, lang: Lang) -> str:
    """A tie-break's column heading in Standings and the CSV export: its Config name in English, as before and as
    other programs read it, its short name in another language (`SOS`, `Победы`)."""
    return tiebreak.value if lang == Lang.EN else tiebreak_labels(lang).get(tiebreak, (tiebreak.value,))[0]


ROUND_CELLS = N_("Round cells: the opponent's No, the result (+\u00a0win, -\u2060\u00a0loss, =\u00a0jigo, "
                 "?\u00a0not played yet), then the colour (b\u00a0black, w\u00a0white) and handicap stones; "
                 "!\u00a0instead of / marks a game not played (forfeit); 0 instead of a number is a round without a "
                 "game (bye or absence).")
"""The legend of the round cells (`12+/w2`; in Russian `12+/б2`), wherever they are: Standings, the CSV, the page."""


def round_cells_legend(lang: Lang) -> str:
    """ROUND_CELLS in `lang` as a cell or a CSV field holds it: plain spaces, no word joiner (a page's typography)."""
    return tr(lang, ROUND_CELLS).replace("\u00a0", " ").replace("\u2060", "")


ORIGINS = {"default": N_("default"), "command line": N_("command line")}


def origin_text(origin: str, lang: Lang) -> str:
    """Where a Config value came from (book/config.build_config's origins: a cell, `preset NAME`, `command line`,
    `default`), in `lang`, for `forsxl config` and the regulation page."""
    preset = origin.removeprefix("preset ")
    if preset != origin:
        return tr(lang, "preset {name}", name=preset)
    return tr(lang, ORIGINS[origin]) if origin in ORIGINS else origin


def message(error: ForsxlError, lang: Lang) -> str:
    """One line naming the cell, the problem and the rule: `Round-3!H7: "B+x" is not a result (R11)`; a problem
    with no rule to cite (a file, a merge conflict) ends with the problem."""
    source = error.source
    if source and isinstance(source.sheet, Later):  # `players.csv, line 3`
        source = Source(source.sheet.said(lang), source.cell)
    where = f"{source}: " if source else ""
    if error.params.get("about"):  # what the cell is: a board and its players (a merge conflict)
        where += f"{error.params['about']}: "
    guess = error.params.get("guess")
    hint = text("did_you_mean", lang, guess=guess) if guess else ""
    rule = f" ({error.rule})" if error.rule else ""  # a file, a merge, a command line: no rule to cite
    return f"{where}{text(error.code, lang, **error.params)}{hint}{rule}"
