"""Result slips and the wall list of a round, for the printer (`forsxl print`, issue 20).

As OpenGotha and pairgoth print them (four slips to an A4 page): per board the tournament, round and date, the
board, Black and White with their start numbers and ranks, the handicap and komi, and a result line to tick and
sign; then everyone alphabetically with board, colour, opponent and stones, on a page of its own for the wall.
A thin adapter like html.py: engine values become plain strings for the Jinja template.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Player, PlayerId, Round, Tournament
from forsxl.engine.ratings import rank_of_rating
from forsxl.engine.scoring import draws_allowed
from forsxl.i18n import N_, format_date, labels
from forsxl.publish.html import environment, handicap_words, page_labels
from forsxl.publish.qr import Qr
from forsxl.publish.site import WallRow, site_qr, wall_rows
from forsxl.publish.site_labels import site_labels

TEMPLATE = "slips.html.j2"
SLIPS_PER_PAGE = 4
"""As OpenGotha prints result sheets: four to an A4 page, cut apart."""

SLIP_LABELS: dict[str, str] = {
    "slips": N_("Result slips"),
    "black_won": N_("Black won"),
    "white_won": N_("White won"),
    "jigo": N_("Jigo"),
    "signature": N_("Signature"),
    "wall": N_("Wall list"),  # a sheet's name in the slips workbook (book/slips.py): short, and no `:` in it
}


@dataclass(frozen=True)
class SlipSide:
    name: str
    number: str
    rank: str


@dataclass(frozen=True)
class Slip:
    """One board's result slip: who plays which colour, with what handicap, and the boxes to tick."""

    board: str
    black: SlipSide
    white: SlipSide
    handicap: str
    """The stones and komi as players say them: `2 stones and 8 points of komi to Black` (R2.3)."""
    draw: bool
    """A draw can stand here (R4: an even game with whole komi, or renju): a Jigo box too."""


@dataclass(frozen=True)
class SlipsView:
    lang: str
    L: Mapping[str, str]
    S: Mapping[str, str]
    P: Mapping[str, str]
    title: str
    round: str
    date: str
    place: str
    pages: tuple[tuple[Slip, ...], ...]
    """The slips, SLIPS_PER_PAGE to a page."""
    wall: tuple[WallRow, ...]
    qr: Qr | None
    """The QR code of the site's address (`publish.url`), in each slip's header and above the wall list."""


def _side(t: Tournament, pid: PlayerId) -> SlipSide:
    p = t.player(pid)
    return SlipSide(p.name, str(p.id), rank_of_rating(p.rating, t.config.ratings.scale).label(t.config.lang))


def _slip(t: Tournament, game: Game) -> Slip:
    return Slip(game.stage or str(game.board), _side(t, game.black), _side(t, game.white),
                handicap_words(game.stones, game.komi, t.config.lang), draws_allowed(game, t.config.scoring))


def forfeited(t: Tournament, rnd: Round) -> list[tuple[Game, Player]]:
    """The games of a scheduled round (R7.5, R7.6) that a player who left before it will not play (R5: a forfeit
    loss once the round is under way), each with that player."""
    gone = [(g, t.player(pid)) for g in rnd.games for pid in (g.black, g.white)]
    return [(g, p) for g, p in gone if p.has_left(rnd.number)]


def slips_view(t: Tournament, number: int) -> SlipsView:
    """Round `number`'s slips by board, but for games a player who left will not play, and its wall list (R2
    handicaps as the round sheet has them)."""
    rnd = next((r for r in t.rounds if r.number == number), None)
    if rnd is None:
        raise ForsxlError("R7", "explain_no_round", round=number)
    lang = t.config.lang
    unplayed = {g.board for g, _ in forfeited(t, rnd)}
    slips = [_slip(t, g) for g in sorted(rnd.games, key=lambda g: g.board) if g.board not in unplayed]
    pages = tuple(tuple(slips[i:i + SLIPS_PER_PAGE]) for i in range(0, len(slips), SLIPS_PER_PAGE))
    shown_date, _ = format_date(t.config.date, lang)
    words, site = page_labels(lang), site_labels(lang)
    wall = tuple(replace(row, href="") for row in wall_rows(t, number, site))  # no cards beside it
    return SlipsView(lang.value, words, site, labels(lang, SLIP_LABELS), t.config.name or words["results"],
                     str(number), shown_date, t.config.place, pages, wall, site_qr(t.config))


def render_slips(t: Tournament, number: int) -> str:
    """The slips and the wall list of round `number` as one self-contained HTML page for A4 (`forsxl print`)."""
    return environment().get_template(TEMPLATE).render(view=slips_view(t, number))
