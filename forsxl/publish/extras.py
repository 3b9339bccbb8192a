"""Page sections beside the standings: prize lists and rank norms (R6), stages (R7), as plain-string tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from forsxl.engine.model import PlayerId, Tournament
from forsxl.engine.prizes import Award
from forsxl.engine.report import Report
from forsxl.engine.stages import StageTable
from forsxl.i18n import N_, labels, number, tr

WORDS: dict[str, str] = {
    "prizes": N_("Prizes"),
    "norms": N_("Rank norms"),
    "place": N_("Place"),
    "name": N_("Name"),
    "rating": N_("Rating"),
    "shared": N_("shared"),
    "nobody": N_("Nobody qualifies."),
    "norm": N_("Norm (share of the points at stake)"),
    "norms_note": N_("Share of the points at stake in the games played over the board; +1, +2: ranks up."),
    "stages": N_("Stages"),
    "stage": N_("Stage {stage}, {name}: rounds {first}–{last}"),
    "start": N_("Start"),
    "points": N_("Points"),
}


@dataclass(frozen=True)
class ExtraRow:
    place: str
    name: str
    anchor: str
    cells: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class ExtraTable:
    title: str
    note: str
    headings: tuple[str, ...]
    """Headings after Place and Name."""
    rows: tuple[ExtraRow, ...]
    empty: str = ""


@dataclass(frozen=True)
class ExtraSection:
    anchor: str
    title: str
    tables: tuple[ExtraTable, ...]


def anchor(pid: PlayerId) -> str:
    """The id of a player's row on the page, the target of every link to them."""
    return f"p{pid}"


def prize_section(t: Tournament, awards: Sequence[Award]) -> tuple[ExtraSection, ...]:
    """Every prize list with its winners; tied winners share the places shown (R6)."""
    lang = t.config.lang
    words = labels(lang, WORDS)
    tables = tuple(
        ExtraTable(
            award.spec.name, award.spec.text, award.spec.criteria,
            tuple(ExtraRow(w.place, w.player.name, anchor(w.player.id), tuple(number(v, lang) for v in w.values),
                           words["shared"] if w.shared else "") for w in award.winners),
            words["nobody"],
        )
        for award in awards
    )
    return (ExtraSection("prizes", words["prizes"], tables),) if tables else ()


def norm_section(t: Tournament, report: Report) -> tuple[ExtraSection, ...]:
    """Who met which rank norm, in the final table's order (R6)."""
    words = labels(t.config.lang, WORDS)
    results = report.norms
    rows = tuple(ExtraRow(s.place, s.player.name, anchor(s.player.id), (str(s.player.rating),
                                                                        results[s.player.id].label()))
                 for s in report.table if s.player.id in results)
    if not rows:
        return ()
    norms = ExtraTable("", words["norms_note"], (words["rating"], words["norm"]), rows)
    return (ExtraSection("norms", words["norms"], (norms,)),)


def stage_section(t: Tournament, stages: Sequence[StageTable]) -> tuple[ExtraSection, ...]:
    """Every started stage's sections, each with its own standings (R7)."""
    if not t.config.stages.plan:
        return ()
    lang = t.config.lang
    words = labels(lang, WORDS)
    tables = tuple(
        ExtraTable(
            tr(lang, WORDS["stage"], stage=tb.stage, name=tb.section.name, first=tb.first, last=tb.last),
            tb.section.text, (words["start"], words["points"]),
            tuple(ExtraRow(s.place, s.player.name, anchor(s.player.id),
                           (number(s.start, lang), number(s.points, lang))) for s in tb.rows),
        )
        for tb in stages
    )
    return (ExtraSection("stages", words["stages"], tables),)


def extra_sections(t: Tournament, report: Report) -> tuple[ExtraSection, ...]:
    """The sections the page shows after the standings, each only when Config asks for it."""
    return stage_section(t, report.stages) + prize_section(t, report.awards) + norm_section(t, report)
