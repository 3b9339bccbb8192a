"""The Russian Go Federation's list of players, as its API gives it (`GET /api/v3.0/players`, FORMATS §4.2):
`{"data": {"players": [{"id", "firstName", "lastName", "firstNameLat", "lastNameLat", "townName", "rating",
"ratingDrift", "lastGame"}]}}`, ratings on the RFG's own scale (R0)."""

from __future__ import annotations

import json
from typing import Any

from forsxl.engine.config import Scale
from forsxl.formats import Entry, Parsed
from forsxl.i18n import Later

_TEXT = ("firstName", "lastName")
"""The fields a player cannot go without, besides `id` and `rating`; the others may be empty or null."""


def parse_rfg(text: str, source: str = "RFG") -> Parsed:
    """Players of the RFG's list: the name as `lastName firstName` (Players' order), the Latin one beside it, the
    town, the rating on the rfg scale and the last game's day. Text that is no such JSON is one problem saying
    where it stops reading; a player without an id, a name or a whole rating is a problem naming the player's
    number in the list."""
    parsed = Parsed()
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        parsed.bad_line(source, error.lineno, text.splitlines()[error.lineno - 1] if text.strip() else "",
                        Later("not JSON: it cannot be read on from column {column}", column=error.colno))
        return parsed
    players = document.get("data", {}).get("players") if isinstance(document, dict) else None
    if not isinstance(players, list):
        where = '{"data": {"players": [...]}}'
        parsed.bad_line(source, 1, text[:60], Later("no list of players at {path}", path=where))
        return parsed
    for number, player in enumerate(players, start=1):
        _player(parsed, source, number, player)
    return parsed


def _player(parsed: Parsed, source: str, number: int, player: Any) -> None:
    shown = json.dumps(player, ensure_ascii=False)
    if not isinstance(player, dict):
        parsed.bad_item(source, number, shown, Later("not a player's record"))
        return
    rating, pid = player.get("rating"), player.get("id")
    if not isinstance(pid, int) or isinstance(pid, bool):
        parsed.bad_item(source, number, shown, Later("no id"))
        return
    if any(not isinstance(player.get(f), str) or not player[f].strip() for f in _TEXT):
        parsed.bad_item(source, number, shown, Later("no firstName or lastName"))
        return
    if not isinstance(rating, int) or isinstance(rating, bool):
        parsed.bad_item(source, number, shown, Later("rating {value!r} is not a whole number", value=rating))
        return
    parsed.add(source, shown, Entry(
        name=_joined(player, "lastName", "firstName"), latin=_latin(player), rating=rating, scale=Scale.RFG,
        city=_text(player, "townName"), country="RU", rfg_id=str(pid), last_game=_text(player, "lastGame"),
        line=number,
    ), item=number)


def _text(player: dict[str, Any], field: str) -> str:
    value = player.get(field)
    return " ".join(value.split()) if isinstance(value, str) else ""


def _joined(player: dict[str, Any], surname: str, first: str) -> str:
    return " ".join(filter(None, (_text(player, surname), _text(player, first))))


def _latin(player: dict[str, Any]) -> str:
    """`lastNameLat firstNameLat`, a surname of several words joined by `_` (as the EGD writes it, so that the first
    word stays the surname); empty without a Latin surname."""
    surname = _text(player, "lastNameLat").replace(" ", "_")
    return " ".join(filter(None, (surname, _text(player, "firstNameLat")))) if surname else ""
