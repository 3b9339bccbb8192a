"""The HTML report of `forsxl simulate`: the tables and inline SVG charts, one self-contained file (R10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from forsxl import __version__
from forsxl.engine.config import Lang
from forsxl.engine.simulate import Summary
from forsxl.i18n import N_, fixed, labels, ntr, tr
from forsxl.publish.html import environment

TEMPLATE = "simulation.html.j2"
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
"""One colour per variant, in the order given."""

LABELS: dict[str, str] = {
    "title": N_("Simulation"),
    "settings": N_("Settings"),
    "win": N_("Chance to win"),
    "places": N_("Expected place by rating order (dashed: the rating order itself)"),
    "bias": N_("Giver's points per game above an even game, by group and handicap steps"),
    "tau": N_("Kendall tau-b between final places and true strength"),
    "legend": N_("Variants"),
}


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    colour: str
    tip: str


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    anchor: str = "middle"


@dataclass(frozen=True)
class Line:
    points: str
    colour: str
    dashed: bool = False


@dataclass(frozen=True)
class Chart:
    """An SVG chart as shapes in its own coordinates: bars, polylines, axis lines and labels."""

    title: str
    width: int
    height: int
    bars: tuple[Bar, ...] = ()
    lines: tuple[Line, ...] = ()
    texts: tuple[Text, ...] = ()


WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 720, 260, 150, 40, 14


def _axis(low: float, high: float, left: float = LEFT) -> tuple[Line, ...]:
    """The y axis line and the x axis at zero, for a vertical scale from `low` to `high`."""
    y = _scale(0.0, low, high)
    return (Line(f"{left},{TOP} {left},{HEIGHT - BOTTOM}", "#888"), Line(f"{left},{y:.1f} {WIDTH},{y:.1f}", "#888"))


def _scale(value: float, low: float, high: float) -> float:
    """A value's y coordinate between the chart's top (high) and its bottom (low)."""
    span = (high - low) or 1.0
    return TOP + (high - value) / span * (HEIGHT - TOP - BOTTOM)


def win_chart(summaries: Sequence[Summary], title: str, lang: Lang, shown: int = 12) -> Chart:
    """Horizontal bars: each of the likeliest winners' chance to win, a bar per variant."""
    first = summaries[0].players
    order = sorted(range(len(first)), key=lambda i: (first[i].expected_place, i))[:shown]
    row = 12 * len(summaries) + 6
    height = TOP + row * len(order) + 20
    bars, texts = [], []
    for k, i in enumerate(order):
        y = TOP + k * row
        texts.append(Text(LEFT - 6, y + row / 2 + 3, first[i].player.name, "end"))
        for v, s in enumerate(summaries):
            chance = s.players[i].wins
            percent = f"{fixed(100 * chance, 1, lang)}%"
            bars.append(Bar(LEFT, y + v * 12, (WIDTH - LEFT - 50) * chance, 10, COLOURS[v % len(COLOURS)],
                            f"{s.label}: {percent}"))
            texts.append(Text(LEFT + (WIDTH - LEFT - 50) * chance + 4, y + v * 12 + 9, percent, "start"))
    return Chart(title, WIDTH, height, tuple(bars), (Line(f"{LEFT},{TOP} {LEFT},{height - 20}", "#888"),),
                 tuple(texts))


def place_chart(summaries: Sequence[Summary], title: str) -> Chart:
    """Lines: the expected place of each player in rating order, a line per variant, the rating order dashed."""
    players = summaries[0].players
    n = len(players)
    order = sorted(range(n), key=lambda i: (-players[i].player.rating, players[i].player.id))
    step = (WIDTH - LEFT - 10) / max(1, n - 1)

    def point(k: int, place: float) -> str:
        return f"{LEFT + k * step:.1f},{_scale(place, n, 1):.1f}"

    lines = [_axis(n, 1)[0], Line(" ".join(point(k, k + 1) for k in range(n)), "#888", dashed=True)]
    lines += [Line(" ".join(point(k, s.players[i].expected_place) for k, i in enumerate(order)),
                   COLOURS[v % len(COLOURS)]) for v, s in enumerate(summaries)]
    texts = [Text(LEFT - 6, _scale(1, n, 1) + 4, "1", "end"), Text(LEFT - 6, _scale(n, n, 1) + 4, str(n), "end")]
    return Chart(title, WIDTH, HEIGHT, (), tuple(lines), tuple(texts))


def bias_chart(summaries: Sequence[Summary], title: str, lang: Lang) -> Chart:
    """Vertical bars around zero: the giver's bias per (group, steps), a bar per variant."""
    keys = sorted({(f.group, f.steps) for s in summaries for f in s.fairness})
    values = {(v, f.group, f.steps): f.giver_bias for v, s in enumerate(summaries) for f in s.fairness}
    high = max([0.5, *values.values()])
    low = min([-0.5, *values.values()])
    slot = (WIDTH - LEFT) / max(1, len(keys))
    width = max(2.0, (slot - 4) / len(summaries))
    bars, texts = [], []
    zero = _scale(0.0, low, high)
    for k, (group, steps) in enumerate(keys):
        x = LEFT + k * slot + 2
        texts.append(Text(x + slot / 2 - 2, HEIGHT - BOTTOM + 14, f"{group}·{steps}"))
        for v, s in enumerate(summaries):
            if (v, group, steps) not in values:
                continue
            value = values[(v, group, steps)]
            y = _scale(value, low, high)
            bars.append(Bar(x + v * width, min(y, zero), width, abs(zero - y), COLOURS[v % len(COLOURS)],
                            tr(lang, "{variant}, group {group}, {steps}: {bias}", variant=s.label, group=group,
                               steps=ntr(lang, "{count} step", "{count} steps", steps),
                               bias=fixed(value, 2, lang, sign=True))))
    texts += [Text(LEFT - 6, _scale(high, low, high) + 4, fixed(high, 1, lang, sign=True), "end"),
              Text(LEFT - 6, _scale(low, low, high) + 4, fixed(low, 1, lang, sign=True), "end"),
              Text(LEFT - 6, zero + 4, "0", "end")]
    return Chart(title, WIDTH, HEIGHT, tuple(bars), _axis(low, high), tuple(texts))


def tau_chart(summaries: Sequence[Summary], title: str, lang: Lang) -> Chart:
    """Horizontal bars: Kendall tau-b per variant, on a 0..1 scale."""
    bars, texts = [], []
    for v, s in enumerate(summaries):
        y = TOP + v * 22
        tau = max(0.0, s.quality.tau)
        bars.append(Bar(LEFT, y, (WIDTH - LEFT - 50) * tau, 16, COLOURS[v % len(COLOURS)],
                        f"{s.label}: {fixed(tau, 3, lang)}"))
        texts += [Text(LEFT - 6, y + 12, s.label, "end"), Text(LEFT + (WIDTH - LEFT - 50) * tau + 4, y + 12,
                                                              fixed(s.quality.tau, 3, lang), "start")]
    height = TOP + 22 * len(summaries) + 10
    return Chart(title, WIDTH, height, tuple(bars), (Line(f"{LEFT},{TOP} {LEFT},{height - 10}", "#888"),),
                 tuple(texts))


def render_simulation(
    name: str, lang: Lang, settings: Sequence[tuple[str, object]],
    tables: Sequence[tuple[str, Sequence[str], Sequence[Sequence[object]]]], summaries: Sequence[Summary],
) -> str:
    """The report page: settings, a legend, the charts, then every table; the same for the same input."""
    words = labels(lang, LABELS)
    charts = [win_chart(summaries, words["win"], lang), place_chart(summaries, words["places"]),
              bias_chart(summaries, words["bias"], lang), tau_chart(summaries, words["tau"], lang)]
    legend = [(s.label, COLOURS[v % len(COLOURS)]) for v, s in enumerate(summaries)]
    return environment().get_template(TEMPLATE).render(
        name=name, lang=lang.value, labels=words, settings=settings, tables=tables, charts=charts, legend=legend,
        version=__version__,
    )
