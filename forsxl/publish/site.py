"""The results site: a folder of small self-contained pages (issue 10), `forsxl publish BOOK -o DIR`.

index.html (standings with round cells and charts), crosstable.html (round robin, Serp), round-N.html (pairings
by board and alphabetically for the wall), player-N.html (one card per player), teams.html, playoff.html and
regulation.html (the preset and every key set over it). Every page carries its stylesheet and a small inline
script (sortable tables, the projector mode `?projector`); nothing is fetched from elsewhere.

Like `html.py`, a thin adapter: engine values become plain strings and numbers for the template.
"""

from __future__ import annotations

import itertools
import re
import secrets
import shutil
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any

from forsxl.engine.config import Config, config_keys, get_key
from forsxl.engine.errors import ForsxlError
from forsxl.engine.explain import Comparison
from forsxl.engine.groups import group_sizes
from forsxl.engine.model import Color, Game, PlayerId, Tournament
from forsxl.engine.report import Report
from forsxl.engine.results import result_text
from forsxl.engine.standings import Standing
from forsxl.engine.values import Lang
from forsxl.i18n import tr
from forsxl.messages import origin_text
from forsxl.publish.html import (
    OUTCOME_CLASS,
    PageView,
    environment,
    format_decimal,
    format_points,
    handicap_short,
    page_view,
)
from forsxl.publish.qr import Qr, card_address, qr_code
from forsxl.publish.regulation import Regulation, regulation
from forsxl.publish.site_labels import site_labels
from forsxl.publish.why import comparison_lines, criterion_names, value_text

TEMPLATE = "site.html.j2"
LEADERS = 6
"""Players drawn in the points-by-round chart."""


@dataclass(frozen=True)
class Link:
    file: str
    label: str


@dataclass(frozen=True)
class WallRow:
    """One line of the alphabetical pairing list: find your name, read your board and colour."""

    name: str
    number: str
    board: str
    colour: str
    opponent: str
    handicap: str
    href: str
    card_qr: Qr | None = None
    """The QR code of the player's card, where Config asks for one (`publish.card_qr`)."""


@dataclass(frozen=True)
class CardGame:
    round: str
    board: str
    colour: str
    stone: str
    """The colour as a stone, ● or ○, for a phone's narrow column; empty for a round without a game."""
    opponent: str
    opponent_number: str
    opponent_place: str
    href: str
    stones: str
    komi: str
    result: str
    outcome: str
    points: str
    total: str


@dataclass(frozen=True)
class Card:
    """A player's card: who, where, every round, and the tie-break values with the comparison to the one above."""

    name: str
    number: str
    place: str
    rating: str
    rank: str
    club: str
    team: str
    start: str
    points: str
    games: tuple[CardGame, ...]
    tiebreaks: tuple[tuple[str, str, str], ...]
    why: tuple[str, ...]


@dataclass(frozen=True)
class Chart:
    """An inline SVG chart, geometry computed here: lines, bars or dots, ticks on both axes."""

    id: str
    title: str
    x_label: str
    y_label: str
    width: int = 640
    height: int = 300
    lines: tuple[tuple[str, str, str], ...] = ()
    """(SVG points, CSS class, legend label)."""
    bars: tuple[tuple[float, float, float, float, str], ...] = ()
    """(x, y, width, height, tooltip)."""
    dots: tuple[tuple[float, float, str], ...] = ()
    x_ticks: tuple[tuple[float, str], ...] = ()
    y_ticks: tuple[tuple[float, str], ...] = ()


@dataclass(frozen=True)
class Setting:
    key: str
    value: str
    doc: str
    rule: str
    origin: str


@dataclass(frozen=True)
class SiteView:
    kind: str
    file: str
    heading: str
    page: PageView
    links: tuple[Link, ...]
    S: Mapping[str, str]
    wall: tuple[WallRow, ...] = ()
    card: Card | None = None
    charts: tuple[Chart, ...] = ()
    settings: tuple[tuple[str, tuple[Setting, ...]], ...] = ()
    preset: str = ""
    preset_note: str = ""
    """What the preset runs, in a line (its `description`)."""
    regulation: Regulation | None = None
    """The regulation in prose, above the Config table (issue 30)."""
    qr: Qr | None = None
    """The QR code of the site's address (`publish.url`): on the projector page and the wall list."""


def page_file(anchor: str) -> str:
    """The file an anchor of the one-page view lives in on the site: `p12` is player-12.html, and so on."""
    if anchor.startswith("p") and anchor[1:].isdigit():
        return f"player-{anchor[1:]}.html"
    if anchor.startswith("round-"):
        return f"{anchor}.html"
    return {"standings": "index.html"}.get(anchor, f"{anchor}.html")


# --- charts ---

_LEFT, _RIGHT, _TOP, _BOTTOM = 56.0, 16.0, 12.0, 36.0
"""The plot area's margins in the 640×300 viewBox: the y ticks (four digits) and the y label fit on the left."""


def _scale(lo: Fraction, hi: Fraction, start: float, end: float) -> Any:
    span = (hi - lo) or Fraction(1)
    return lambda v: round(start + float((Fraction(v) - lo) / span) * (end - start), 1)


def tick_step(span: Fraction, count: int) -> Fraction:
    """The step between ticks: the least of 1, 2, 5, 10, 20, 50, ... that gives at most about `count` steps over
    `span`, so that the ticks are round numbers."""
    factors: tuple[Fraction, ...] = (Fraction(2), Fraction(5, 2), Fraction(2))  # 1 -> 2 -> 5 -> 10 -> 20 ...
    step = Fraction(1)
    for factor in itertools.cycle(factors):
        if step * count >= span:
            return step
        step *= factor
    raise AssertionError("unreachable")


def _ticks(lo: Fraction, hi: Fraction, step: Fraction) -> list[Fraction]:
    """The multiples of `step` from `lo` to `hi`."""
    first = -(-lo // step) * step
    return [first + i * step for i in range(int((hi - first) // step) + 1)]


def _axes(chart: dict[str, Any], x_lo: Fraction, x_hi: Fraction, y_lo: Fraction, y_hi: Fraction,
          lang: Lang) -> tuple[Any, Any]:
    """The scales of a chart, and its ticks: round numbers on both axes; the y axis runs from a tick to a tick."""
    w, h = 640, 300
    y_step = tick_step(y_hi - y_lo, 5)
    y_lo, y_hi = (y_lo // y_step) * y_step, -(-y_hi // y_step) * y_step
    if y_hi == y_lo:
        y_hi += y_step
    x = _scale(x_lo, x_hi, _LEFT, w - _RIGHT)
    y = _scale(y_lo, y_hi, h - _BOTTOM, _TOP)
    chart["x_ticks"] = tuple((x(v), format_points(v, lang)) for v in _ticks(x_lo, x_hi, tick_step(x_hi - x_lo, 10)))
    chart["y_ticks"] = tuple((y(v), format_points(v, lang)) for v in _ticks(y_lo, y_hi, y_step))
    return x, y


def leaders_chart(table: Sequence[Standing], S: Mapping[str, str], lang: Lang) -> Chart | None:
    """Points after each round of the leaders: start points at round 0, then the running total."""
    leaders = table[:LEADERS]
    rounds = sorted({c.round for s in leaders for c in s.cells if c.points is not None})
    if not rounds:
        return None
    series = []
    for s in leaders:
        total, path = s.start, [(Fraction(0), s.start)]
        for cell in sorted(s.cells, key=lambda c: c.round):
            if cell.points is None:  # a game still to play scores nothing yet: no flat step to it (issue 40)
                continue
            total += cell.points
            path.append((Fraction(cell.round), total))
        series.append((s, path))
    values = [v for _, path in series for _, v in path]
    chart: dict[str, Any] = {}
    x, y = _axes(chart, Fraction(0), Fraction(rounds[-1]), min(values), max(values), lang)
    chart["lines"] = tuple(
        (" ".join(f"{x(r)},{y(v)}" for r, v in path), f"s{i}", f"{s.place}. {s.player.name}")
        for i, (s, path) in enumerate(series, start=1))
    return Chart("leaders", S["chart_leaders"], S["round"], S["points"], **chart)


def handicap_chart(t: Tournament, S: Mapping[str, str], lang: Lang) -> Chart | None:
    """How many games were played with each number of handicap stones (0: even)."""
    counts = Counter(g.stones for r in t.rounds for g in r.games if not g.stage)
    if not counts:
        return None
    top = max(counts)
    chart: dict[str, Any] = {}
    x, y = _axes(chart, Fraction(0), Fraction(top + 1), Fraction(0), Fraction(max(counts.values())), lang)
    width = (x(1) - x(0)) * 0.8
    chart["x_ticks"] = tuple((x(Fraction(2 * k + 1, 2)), str(k)) for k in range(top + 1))
    chart["bars"] = tuple(
        (x(k) + width / 8, y(n), width, round(y(0) - y(n), 1), f"{k}: {n}") for k, n in sorted(counts.items()))
    return Chart("handicaps", S["chart_handicaps"], S["stones"], S["games"], **chart)


def start_chart(table: Sequence[Standing], S: Mapping[str, str], lang: Lang) -> Chart | None:
    """Each player's start points against their place in the standings: who climbed above their start."""
    if len(table) < 2:
        return None
    starts = [s.start for s in table]
    chart: dict[str, Any] = {}
    x, y = _axes(chart, Fraction(1), Fraction(len(table)), min(starts), max(starts), lang)
    chart["dots"] = tuple(
        (x(i), y(s.start), f"{s.place}. {s.player.name}: {format_points(s.start, lang)}")
        for i, s in enumerate(table, start=1))
    return Chart("start", S["chart_start"], S["place"], S["start"], **chart)


# --- pages ---


def site_qr(config: Config) -> Qr | None:
    """The QR code of the site's address, when Config names it (`publish.url`, issue 46)."""
    return qr_code(config.publish.url) if config.publish.url else None


def wall_rows(t: Tournament, number: int, S: Mapping[str, str]) -> tuple[WallRow, ...]:
    """Everyone of round `number` by name: board, colour, opponent and handicap, a half step's komi with its stones
    (R2.3); byes and absences too; beside each name the QR code of their card where Config asks for it
    (`publish.card_qr`, with the site's `publish.url`)."""
    rnd = next(r for r in t.rounds if r.number == number)
    site = t.config.publish.url if t.config.publish.card_qr else ""

    def row(pid: PlayerId, board: str, colour: str, opponent: str, handicap: str) -> WallRow:
        card = page_file(f"p{pid}")
        return WallRow(t.player(pid).name, str(pid), board, colour, opponent, handicap, card,
                       qr_code(card_address(site, card)) if site else None)

    rows = [row(pid, g.stage or str(g.board), colour, t.player(g.opponent_of(pid)).name,
                handicap_short(g.stones, g.komi, t.config.lang))
            for g in rnd.games for pid, colour in ((g.black, S["black"]), (g.white, S["white"]))]
    rows += [row(pid, "", S[kind.value], "", "") for pid, kind in rnd.sitouts]
    return tuple(sorted(rows, key=lambda row: (_alphabetical(row.name), int(row.number))))


def _alphabetical(name: str) -> str:
    """A name as a wall list is read: by its first letter, not a leading `=` or `@`, and ё with е."""
    return re.sub(r"^\W+", "", name).casefold().replace("ё", "е")


def _card(
    t: Tournament, table: Sequence[Standing], s: Standing, why: Comparison | None, S: Mapping[str, str]
) -> Card:
    lang = t.config.lang
    place = {x.player.id: x.place for x in table}
    games: dict[tuple[int, PlayerId], Game] = {
        (r.number, pid): g for r in t.rounds for g in r.games for pid in (g.black, g.white)}
    rows, total = [], s.start
    for cell in sorted(s.cells, key=lambda c: c.round):
        total += cell.points or 0
        game = games.get((cell.round, s.player.id))
        opponent = t.player(cell.opponent) if cell.opponent is not None else None
        outcome = "pending" if cell.outcome is None else OUTCOME_CLASS[cell.outcome]
        rows.append(CardGame(
            str(cell.round), (game.stage or str(game.board)) if game else "",
            S[cell.color.value] if cell.color else S[cell.sitout.value] if cell.sitout else "",
            {Color.BLACK: "●", Color.WHITE: "○"}.get(cell.color, "") if cell.color else "",
            opponent.name if opponent else "", str(opponent.id) if opponent else "",
            place.get(opponent.id, "") if opponent else "", page_file(f"p{opponent.id}") if opponent else "",
            str(cell.stones) if opponent else "", format_decimal(game.komi, lang) if game else "",
            result_text(game.result, lang) if game and game.result else "",
            outcome + (" forfeit" if cell.forfeit else ""),
            format_points(cell.points, lang) if cell.points is not None else "", format_points(total, lang),
        ))
    p = s.player
    return Card(
        p.name, str(p.id), s.place, str(p.rating), p.rank_by(t.config.ratings).label(lang),
        p.club, p.team, format_points(s.start, lang), format_points(s.points, lang), tuple(rows),
        tuple((*criterion_names(c, lang), value_text(c, s.values[c], lang)) for c in t.config.tiebreaks),
        tuple(comparison_lines(why, lang) if why is not None else ()),
    )


def _value_text(value: Any, lang: Lang) -> str:
    """A Config value in words: lists joined, fractions as decimals, empty as a dash."""
    if value is None or value == "" or value == ():
        return "—"
    if isinstance(value, tuple):
        return ", ".join(_value_text(v, lang) for v in value)
    if isinstance(value, bool):
        return site_labels(lang)["yes" if value else "no"]
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Fraction):
        return format_decimal(value, lang)
    return str(value)


def _settings(config: Config, origins: Mapping[str, str], S: Mapping[str, str]) -> tuple[
        tuple[str, tuple[Setting, ...]], ...]:
    """The regulation (R12): keys set in the workbook, keys the preset set, then every default."""
    lang = config.lang
    came = {info.key: origins.get(info.key, "default") for info in config_keys()}
    rows = [Setting(info.key, _value_text(get_key(config, info.key), lang), tr(lang, info.doc), info.rule,
                    origin_text(came[info.key], lang)) for info in config_keys()]
    preset = [r for r in rows if came[r.key].startswith("preset ")]
    own = [r for r in rows if came[r.key] != "default" and r not in preset]
    rest = [r for r in rows if came[r.key] == "default"]
    return tuple((title, tuple(group)) for title, group in (
        (S["set_here"], own), (S["set_by_preset"], preset), (S["defaults"], rest)) if group)


def site_pages(t: Tournament, report: Report, comparisons: Mapping[PlayerId, Comparison],
               origins: Mapping[str, str] | None = None, preset_note: str = "") -> list[SiteView]:
    """Every page of the site as a view, index first (issue 10): the report's, each player's card with
    `comparisons`, their comparison with the player just above (R6)."""
    page, table = page_view(t, report), report.table
    lang = t.config.lang
    S = site_labels(lang)
    L = page.labels
    links = [Link("index.html", L["standings"])]
    if page.crosstable:
        links.append(Link("crosstable.html", L["crosstable"]))
    if page.playoff:
        links.append(Link("playoff.html", L["playoff"]))
    if page.teams:
        links.append(Link("teams.html", L["teams"]))
    links += [Link(f"round-{r.number}.html", f"{L['round']} {r.number}") for r in page.rounds]
    links.append(Link("regulation.html", S["regulation"]))
    nav, qr = tuple(links), site_qr(t.config)
    charts = tuple(c for c in (leaders_chart(table, S, lang), handicap_chart(t, S, lang),
                               start_chart(table, S, lang)) if c is not None)
    views = [SiteView("index", "index.html", L["standings"], page, nav, S, charts=charts, qr=qr)]
    for kind, present in (("crosstable", page.crosstable), ("playoff", page.playoff), ("teams", page.teams)):
        if present:
            views.append(SiteView(kind, f"{kind}.html", L[kind], page, nav, S, qr=qr))
    for rnd in page.rounds:
        views.append(SiteView("round", f"round-{rnd.number}.html", f"{L['round']} {rnd.number}",
                              _only_round(page, rnd.number), nav, S, wall=wall_rows(t, int(rnd.number), S), qr=qr))
    for s in table:
        views.append(SiteView("player", page_file(f"p{s.player.id}"), s.player.name, page, nav, S,
                              card=_card(t, table, s, comparisons.get(s.player.id), S), qr=qr))
    views.append(SiteView("regulation", "regulation.html", S["regulation"], page, nav, S,
                          settings=_settings(t.config, origins or {}, S), preset=t.config.preset,
                          preset_note=preset_note, regulation=regulation(t, group_sizes(t)), qr=qr))
    return views


def _only_round(page: PageView, number: str) -> PageView:
    """The page view with one round, for that round's page."""
    return replace(page, rounds=tuple(r for r in page.rounds if r.number == number))


def render_site(t: Tournament, report: Report, comparisons: Mapping[PlayerId, Comparison],
                origins: Mapping[str, str] | None = None, preset_note: str = "") -> dict[str, str]:
    """Every file of the site by name: UTF-8 HTML, the same for the same input."""
    template = environment().get_template(TEMPLATE)
    return {view.file: template.render(page=view.page, site=view, href=page_file, card=page_file)
            for view in site_pages(t, report, comparisons, origins, preset_note)}


def write_site(t: Tournament, report: Report, comparisons: Mapping[PlayerId, Comparison], directory: Path,
               origins: Mapping[str, str] | None = None, preset_note: str = "") -> list[Path]:
    """Write the site into `directory` (created when missing); the files written, index first.

    Every page is written first into a temporary folder beside `directory`, and only once all are written is the
    site moved in: a new one as that folder renamed whole, over an old one page by page, each a rename that takes no
    room. A full disk or a refused write leaves the old site as it was, never half a new one (issue 39), and a
    browser reloading during `--watch` never reads half a page. Files of the folder's that are no page of the site
    stay where they are.
    """
    pages = render_site(t, report, comparisons, origins, preset_note)
    fresh = directory.with_name(f".{directory.name}.{secrets.token_hex(4)}.tmp")
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        fresh.mkdir()
        for name, text in pages.items():
            (fresh / name).write_text(text, encoding="utf-8")
        if directory.exists():
            for name in pages:
                (fresh / name).replace(directory / name)
            fresh.rmdir()
        else:
            fresh.rename(directory)
    except OSError as error:
        shutil.rmtree(fresh, ignore_errors=True)
        raise ForsxlError("", "write_failed", path=directory, why=error.strerror or type(error).__name__) from None
    return [directory / name for name in pages]


def check_folder(target: Path) -> None:
    """Raise, naming it, unless the folder a file is to be written into exists (it is never guessed and created)."""
    if not target.parent.is_dir():
        raise ForsxlError("", "output_folder_missing", path=target, folder=target.parent)


def write_whole(target: Path, text: str) -> None:
    """Write UTF-8 text to a temporary file beside `target`, then rename it over `target`.

    A missing folder, a full disk or a refused write is a ForsxlError naming the file; `target` is then as it was,
    and no temporary is left behind."""
    check_folder(target)
    partial = target.with_name(f".{target.name}.tmp")
    try:
        partial.write_text(text, encoding="utf-8")
        partial.replace(target)
    except OSError as error:
        with suppress(OSError):
            partial.unlink(missing_ok=True)
        raise ForsxlError("", "write_failed", path=target, why=error.strerror or type(error).__name__) from None
