"""The words of the results site beyond the one page's (`html.LABELS`), as msgids (`site_labels` gives them in
the workbook's language)."""

from __future__ import annotations

from forsxl.engine.values import Lang
from forsxl.i18n import N_, labels

SITE_LABELS: dict[str, str] = {
    "chart_leaders": N_("Points by round: the leaders"),
    "chart_handicaps": N_("Handicaps: games by stones"),
    "chart_start": N_("Start points against place in the standings"),
    "charts": N_("Charts"),
    "round": N_("Round"),
    "points": N_("Points"),
    "stones": N_("Stones"),
    "games": N_("Games"),
    "place": N_("Place"),
    "start": N_("Start points"),
    "black": N_("Black"),
    "white": N_("White"),
    "b": N_("Black"),
    "w": N_("White"),
    "bye": N_("bye"),
    "absent": N_("absent"),
    "unpaired": N_("unpaired"),
    "regulation": N_("Regulation"),
    "settings": N_("Settings, for referees"),
    "set_here": N_("Set in this tournament's Config sheet"),
    "set_by_preset": N_("Set by the preset"),
    "defaults": N_("Defaults"),
    "yes": N_("yes"),
    "no": N_("no"),
    "by_board": N_("By board"),
    "by_name": N_("Alphabetically (for the wall)"),
    "projector": N_("Projector"),
    "opponent": N_("Opponent"),
    "colour": N_("Colour"),
    "result": N_("Result"),
    "total": N_("Total"),
    "board": N_("Board"),
    "handicap": N_("Handicap"),
    "komi": N_("Komi"),
    "tiebreaks": N_("Ranking criteria"),
    "criterion": N_("Criterion"),
    "value": N_("Value"),
    "why_above": N_("Why the player above ranks higher"),
    "key": N_("Key"),
    "meaning": N_("Meaning"),
    "rule": N_("Rule"),
    "origin": N_("Where from"),
    "preset": N_("Preset"),
    "no_preset": N_("no preset: forsxl's defaults"),
    "sort_hint": N_("Click a column heading to sort."),
    "name": N_("Name"),
    "number": N_("No"),
    "rating": N_("Rating"),
    "rank": N_("Rank"),
    "club": N_("Club"),
    "team": N_("Team"),
    "player": N_("Player"),
    "why_leader": N_("Why the leader is first"),
    "online": N_("Results online"),
    "card": N_("Card"),
}


def site_labels(lang: Lang) -> dict[str, str]:
    """Every word of `SITE_LABELS` in `lang`."""
    return labels(lang, SITE_LABELS)
