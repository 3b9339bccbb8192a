"""Answers to "why?" in words: the lines `forsxl explain` prints and the player cards show (R6, R7, R2).

The engine (`forsxl.engine.explain`) gives values and reason codes; this wording puts them in the tournament's
language with numbers written as on the results page.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import cast

from forsxl.engine.config import StepKind, Tiebreak
from forsxl.engine.explain import Comparison, RoundWhy
from forsxl.engine.handicap import GameHandicap
from forsxl.engine.model import Tournament
from forsxl.engine.pairing.methods import METHODS
from forsxl.engine.pairing.reasons import Reason
from forsxl.engine.standings import Standing
from forsxl.engine.values import Lang
from forsxl.i18n import N_, ntr, points_said, tr
from forsxl.messages import text, tiebreak_labels
from forsxl.publish.html import format_decimal, format_points, handicap_words


def value_text(criterion: Tiebreak, value: Fraction, lang: Lang) -> str:
    """A criterion's value as the standings show it; lots as the drawn number, start numbers positive."""
    if criterion == Tiebreak.LOT:
        return str(int(-value) + 1)
    if criterion == Tiebreak.START_NUMBER:
        return str(int(-value))
    return format_points(value, lang)


def criterion_names(criterion: Tiebreak, lang: Lang) -> tuple[str, str]:
    """(Heading, meaning) of a ranking criterion; its Config name for one the page has no words for yet."""
    return tiebreak_labels(lang).get(criterion, (criterion.value, criterion.value))


CRITERIA = {
    "rematch": N_("rematch"), "score": N_("score"), "floats": N_("floats"), "seeding": N_("seeding"),
    "colour": N_("colour"), "opengotha": N_("opengotha"),
}
"""The soft criteria of R7.4 by their stable names (engine/pairing/weighted.py), as a pair's cost names them."""

STEP_KINDS = {StepKind.HALF: N_("half-stone"), StepKind.STONE: N_("stone"), StepKind.EVEN: N_("even"),
              StepKind.RANK: N_("rank")}
"""A group's handicap steps (R2.2) as explain names them."""


def reason_text(reason: Reason, lang: Lang) -> str:
    """The sentence of a reason; a pair's cost (R7.4) as its criteria, named in `lang`, and their values."""
    params = dict(reason.params)
    if "cost" in params:
        cost = cast(tuple[tuple[str, int], ...], params["cost"])
        params["cost"] = ", ".join(f"{tr(lang, CRITERIA[name])} {value}" for name, value in cost)
    return text(reason.code, lang, **params)


def comparison_lines(c: Comparison, lang: Lang, final: Sequence[Standing] = ()) -> list[str]:
    """The comparison step by step (R6): each equal criterion, then the one that decides, or the shared place.

    `final` is the table with playoff and superfinal places (R7.7, R7.8); a line says so when they differ.
    """
    upper, lower = c.upper.player, c.lower.player
    lines = [text("explain_above", lang, upper=upper.name, upper_place=c.upper.place, lower=lower.name,
                  lower_place=c.lower.place)]
    for n, step in enumerate(c.steps, start=1):
        long_name = criterion_names(step.criterion, lang)[1]
        a, b = (value_text(step.criterion, v, lang) for v in (step.upper, step.lower))
        code = "explain_decides" if step.decides else "explain_step"
        lines.append("  " + text(code, lang, n=n, criterion=long_name, upper=a, lower=b))
    if c.decided_by is None:
        lines.append("  " + text("explain_tied", lang, place=c.upper.place))
    places = {s.player.id: s.place for s in final}
    if final and (places.get(upper.id), places.get(lower.id)) != (c.upper.place, c.lower.place):
        lines.append(text("explain_playoff", lang, upper=upper.name, lower=lower.name,
                          upper_final=places.get(upper.id, ""), lower_final=places.get(lower.id, "")))
    return lines


def _adjustment(r: GameHandicap, lang: Lang) -> str:
    """What the group's factor and reduction make of the difference (R2.1): ` × 1/2 = 115`, ` less 1 stone = 15`;
    nothing where they change nothing."""
    said = tr(lang, " × {factor}", factor=format_decimal(r.factor, lang)) if r.factor != 1 else ""
    if r.reduction:
        said += ntr(lang, " less {count} stone", " less {count} stones", r.reduction)
    return f"{said} = {format_decimal(r.adjusted, lang)}" if said else ""


def round_lines(t: Tournament, why: RoundWhy, lang: Lang) -> list[str]:
    """Each board with its facts and reasons, then byes and absences (R7, R2, R5)."""
    lines = [text("explain_round", lang, round=why.number, method=why.method, rule=METHODS[why.method].rule)]
    for pair in why.pairs:
        lines.append(text(
            "explain_board", lang, board=pair.board, upper=t.player(pair.upper).name,
            lower=t.player(pair.lower).name, upper_position=pair.upper_position or "–",
            lower_position=pair.lower_position or "–", upper_points=points_said(pair.upper_points, lang),
            lower_points=points_said(pair.lower_points, lang),
            gap=format_points(abs(pair.upper_points - pair.lower_points), lang), group=pair.group,
        ))
        h, r = pair.handicap, pair.handicap.rules
        lines.append("  " + text(
            "explain_handicap", lang, difference=format_decimal(r.difference, lang), adjustment=_adjustment(r, lang),
            steps=ntr(lang, "{count} step", "{count} steps", r.computed), kind=tr(lang, STEP_KINDS[r.kind]),
            handicap=handicap_words(h.stones, h.komi, lang),
        ))
        if h.steps != r.computed:
            lines.append("  " + text("explain_handicap_differs", lang,
                                     steps=ntr(lang, "{count} step", "{count} steps", h.steps),
                                     computed=ntr(lang, "{count} step", "{count} steps", r.computed)))
        lines += ["  - " + reason_text(r, lang) for r in pair.reasons]
    lines += [reason_text(r, lang) if r.code in ("why_bye", "why_bye_gotha", "why_scheduled_bye", "why_absent")
              else "  - " + reason_text(r, lang) for r in why.sitouts]
    return lines
