"""The words of the results site beyond the one page's (`html.LABELS`), by `Config.lang`."""

from __future__ import annotations

SITE_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "chart_leaders": "Points by round: the leaders", "chart_handicaps": "Handicaps: games by stones",
        "chart_start": "Start points against final place", "charts": "Charts", "round": "Round",
        "points": "Points", "stones": "Stones", "games": "Games", "place": "Place", "start": "Start points",
        "black": "Black", "white": "White", "b": "Black", "w": "White", "bye": "bye", "absent": "absent",
        "regulation": "Regulation", "set_here": "Set in this tournament's Config sheet",
        "set_by_preset": "Set by the preset", "defaults": "Defaults", "yes": "yes", "no": "no",
        "by_board": "By board", "by_name": "Alphabetically (for the wall)", "projector": "Projector",
        "opponent": "Opponent", "colour": "Colour", "result": "Result", "total": "Total", "board": "Board",
        "handicap": "Stones", "komi": "Komi", "tiebreaks": "Ranking criteria", "criterion": "Criterion",
        "value": "Value", "why_above": "Why the player above ranks higher", "key": "Key", "meaning": "Meaning",
        "rule": "Rule", "origin": "Where from", "preset": "Preset", "no_preset": "no preset: forsxl's defaults",
        "sort_hint": "Click a column heading to sort.", "name": "Name", "number": "No", "rating": "Rating",
        "rank": "Rank", "club": "Club", "team": "Team", "player": "Player", "why_leader": "Why the leader is first",
    },
    "ru": {
        "chart_leaders": "Очки по турам: лидеры", "chart_handicaps": "Форы: партии по числу камней",
        "chart_start": "Стартовые очки и итоговое место", "charts": "Графики", "round": "Тур",
        "points": "Очки", "stones": "Камни", "games": "Партии", "place": "Место", "start": "Стартовые очки",
        "black": "Чёрные", "white": "Белые", "b": "Чёрные", "w": "Белые", "bye": "свободен", "absent": "пропуск",
        "regulation": "Регламент", "set_here": "Задано в настройках этого турнира",
        "set_by_preset": "Задано пресетом", "defaults": "По умолчанию", "yes": "да", "no": "нет",
        "by_board": "По доскам", "by_name": "По алфавиту (для стены)", "projector": "Проектор",
        "opponent": "Соперник", "colour": "Цвет", "result": "Результат", "total": "Всего", "board": "Доска",
        "handicap": "Камни", "komi": "Коми", "tiebreaks": "Критерии мест", "criterion": "Критерий",
        "value": "Значение", "why_above": "Почему игрок выше стоит выше", "key": "Ключ", "meaning": "Смысл",
        "rule": "Правило", "origin": "Откуда", "preset": "Пресет", "no_preset": "без пресета: значения forsxl",
        "sort_hint": "Нажмите на заголовок столбца, чтобы отсортировать.", "name": "Имя", "number": "№",
        "rating": "Рейтинг", "rank": "Ранг", "club": "Клуб", "team": "Команда", "player": "Участник",
        "why_leader": "Почему лидер первый",
    },
}
