"""The regulation in prose (issue 30): every rule of the effective Config worded once, with this tournament's numbers,
in the workbook's language, as clubs publish a regulation (положение, [003]): who plays, start points, groups, the
handicap and how it is compensated, the scoring, the pairing, byes and absences, the ranking, a playoff or stages,
prizes. `forsxl regulation` prints it before the tournament; the site's regulation page shows it above the Config
table, which stays for referees.

Each clause reads the Config and the engine's own tables (the schemes' points, the bye's), never a second copy of
a rule: a formula such as `20+N` is read off the scheme's points for one step and more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from forsxl.engine.attendance import absent_points, bye_points, late_points
from forsxl.engine.config import (
    Basis,
    Border,
    Config,
    Descend,
    PairingMethod,
    Scale,
    ShiftOrder,
    StartMethod,
    StepKind,
    Tiebreak,
    TopStart,
    UnplayedLoss,
)
from forsxl.engine.groups import group_rules
from forsxl.engine.model import Points, Tournament
from forsxl.engine.pairing.methods import SCHEDULED
from forsxl.engine.scoring import Split, scheme_rule
from forsxl.engine.start_points import CATEGORIES
from forsxl.engine.values import Lang
from forsxl.i18n import N_, format_date, ntr, number, tr
from forsxl.messages import METHOD_NAMES, tiebreak_labels
from forsxl.publish.html import environment

TITLES = {
    "general": N_("The tournament"), "start": N_("Start points"), "groups": N_("Groups"),
    "handicap": N_("Handicap"), "scoring": N_("Points for a game"), "pairing": N_("Pairing"),
    "absence": N_("Byes, late entrants, absences"), "ranking": N_("Places"), "playoff": N_("Playoff"),
    "stages": N_("Stages"), "prizes": N_("Prizes"),
}
"""The clauses' titles, in the order they are printed."""
SEEDING = {"fold": N_("the first against the last"), "slip": N_("the top half against the bottom half in order"),
           "random": N_("the top half against the bottom half by lot")}
"""How a score group is paired inside (R7.4), in words."""


@dataclass(frozen=True)
class Clause:
    """A numbered clause of the regulation: its title and its paragraphs."""

    title: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Regulation:
    """The regulation of a tournament: its title, when and where, and its clauses in order."""

    lang: str
    title: str
    when: str
    """The date as the pages write it, and the place: `28 ноября 2026 · Москва`."""
    clauses: tuple[Clause, ...]


TEMPLATE = "regulation.html.j2"
HEADING = N_("Regulation of the tournament")


def render_regulation(reg: Regulation, lang: Lang) -> str:
    """The regulation as a document of its own, to print before the tournament (`forsxl regulation`)."""
    return environment().get_template(TEMPLATE).render(reg=reg, heading=tr(lang, HEADING))


def regulation(t: Tournament, group_sizes: tuple[int, ...] = ()) -> Regulation:
    """The regulation of `t` by its effective Config, in its language (issue 30); `group_sizes` are the groups'
    fixed sizes (book: configured, or counted from the declared groups, R3)."""
    config, lang = t.config, t.config.lang
    words: dict[str, Callable[[Tournament, tuple[int, ...]], list[str]]] = {
        "general": _general, "start": _start, "groups": _groups, "handicap": _handicap, "scoring": _scoring,
        "pairing": _pairing, "absence": _absence, "ranking": _ranking, "playoff": _playoff, "stages": _stages,
        "prizes": _prizes,
    }
    clauses = tuple(Clause(tr(lang, TITLES[kind]), tuple(said)) for kind, clause in words.items()
                    if (said := clause(t, group_sizes)))
    when = " · ".join(x for x in (format_date(config.date, lang)[0], config.place) if x)
    return Regulation(lang.value, config.name or tr(lang, "Regulation"), when, clauses)


def _n(value: Fraction | int, lang: Lang) -> str:
    return number(Fraction(value), lang)


def _points(value: Fraction, lang: Lang) -> str:
    """Points with their noun as the language agrees it with the number: `1 point`, `15 очков`, `0,5 очка`."""
    if value.denominator == 1:
        return ntr(lang, "{count} point", "{count} points", int(value))
    return tr(lang, "{number} points", number=_n(value, lang))  # Russian: a fraction takes the genitive singular


def _general(t: Tournament, _: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    said = []
    if config.pairing.method[0] not in SCHEDULED and not config.stages.plan:
        said.append(ntr(lang, "The tournament is played in {count} round.", "The tournament is played in {count} "
                               "rounds.", config.rounds))
    if t.players:
        said.append(ntr(lang, "{count} player is registered.", "{count} players are registered.", len(t.players)))
    scale = N_("Ratings are on the EGF's scale, 100 points a rank (2100 is 1d, 2000 is 1k).") \
        if config.ratings.scale == Scale.EGF else N_("Ratings are on the RFG's scale (2100 is 1d, 2025 is 1k).")
    said.append(tr(lang, scale))
    if any(p.team for p in t.players):
        said.append(tr(lang, "Players may play in teams of {size}: team-mates never meet, and a team ranks by its "
                             "members' points together.", size=config.teams.size))
    return said


def _start(t: Tournament, sizes: tuple[int, ...]) -> list[str]:
    rules, lang = t.config.start, t.config.lang
    said = []
    if rules.method == StartMethod.LINEAR:
        text = tr(lang, "Start points are one per {per} rating points", per=rules.per)
        if rules.lower_below is not None:
            text += tr(lang, ", below {rating} one per {per}", rating=rules.lower_below, per=rules.lower_per)
        if rules.min is not None:
            text += tr(lang, ", and at least {min}", min=rules.min)
        said.append(text + ".")
        if sizes and rules.top == TopStart.EQUAL:
            said.append(ntr(lang, "The {top} highest rated all start with the points of the lowest of them plus "
                                  "{count}.", "The {top} highest rated all start with the points of the lowest "
                                  "of them plus {count}.", rules.top_bonus, top=sizes[0]))
        if sizes and rules.per2 is not None:
            said.append(tr(lang, "Below the top group a player loses a point per {per} rating points below its "
                                 "lowest.", per=rules.per2))
        if len(sizes) > 1 and rules.per3 is not None:
            said.append(tr(lang, "Below the middle group, a point per {per} rating points below its lowest.",
                           per=rules.per3))
    elif rules.method == StartMethod.TABLE:
        bands = ", ".join(tr(lang, "from {rating}: {points}", rating=r, points=p) for r, p in rules.table_bands())
        said.append(tr(lang, "Start points by rating: {bands}; below: 0.", bands=bands))
    elif rules.method == StartMethod.RANK:
        said.append(_rank_start(t.config, lang))
    elif rules.method == StartMethod.GROUP:
        points = ", ".join(tr(lang, "group {group}: {points}", group=g, points=p)
                           for g, p in enumerate(rules.group_points, start=1))
        said.append(tr(lang, "Start points by the group each player is declared in: {points}.", points=points))
    elif rules.method == StartMethod.CATEGORY:
        points = ", ".join(f"{c} {p}" for c, p in zip(CATEGORIES, rules.category_points, strict=False))
        said.append(tr(lang, "Start points by sport category: {points}.", points=points))
    else:
        said.append(tr(lang, "Everyone starts from 0 points."))
    said.append(tr(lang, "Start points a referee types in the Start column of Players replace these."))
    return said


def _rank_start(config: Config, lang: Lang) -> str:
    """Start points by rank (R1.4), the McMahon score's."""
    rules = config.start
    text = ntr(lang, "Start points by rank: {count} a rank", "Start points by rank: {count} a rank",
               rules.points_per_rank) if rules.ranks_per_point == 1 else tr(
        lang, "Start points by rank: {points} per {ranks} ranks", points=rules.points_per_rank,
        ranks=rules.ranks_per_point)
    text += tr(lang, ", counted up from 30k as 0") if not rules.offset else tr(
        lang, ", counted up from 30k as {offset}", offset=rules.offset)
    if rules.bar is not None:
        text += tr(lang, "; everyone above {rank} counts as {rank}", rank=rules.bar.label(lang))
    if rules.floor is not None:
        text += tr(lang, "; everyone below {rank} counts as {rank}", rank=rules.floor.label(lang))
    return text + tr(lang, "; the MMS column of Players adds to them.")


def _groups(t: Tournament, sizes: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    if not sizes:
        return []
    counts = ", ".join(ntr(lang, "group {group}: {count} player", "group {group}: {count} players", n, group=g)
                       for g, n in enumerate(sizes, start=1))
    if config.groups.declared:
        said = [tr(lang, "Players play in the groups they were declared in; the groups' sizes are fixed at the start "
                         "({counts}, the rest in group {last}) and kept in every round.", counts=counts,
                   last=len(sizes) + 1)]
    else:
        said = [tr(lang, "Before each round the players are ordered by {criteria} and cut into groups top-down: "
                         "{counts}, the rest in group {last}.", criteria=_criteria(config.groups.order, lang),
                   counts=counts, last=len(sizes) + 1) if config.groups.order else
                tr(lang, "Before each round the players are cut into groups down the standings: {counts}, the rest in "
                         "group {last}.", counts=counts, last=len(sizes) + 1)]
    border = N_("A pair from two groups plays by the rules of the lower one.") \
        if config.groups.border == Border.LOWER else N_("A pair from two groups plays by the rules of the upper one.")
    said.append(tr(lang, border))
    return said


def _handicap(t: Tournament, sizes: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    rules, komi = config.handicap, config.komi
    kinds = [group_rules(g, config.groups) for g in range(1, len(sizes) + 2)]  # the sized groups and the rest
    if all(k.steps == StepKind.EVEN for k in kinds):
        return [tr(lang, "Every game is even, komi {komi} to White; Black goes to the one who has had it less.",
                   komi=_n(komi.even, lang)) if komi.even else
                tr(lang, "Every game is even; Black goes to the one who has had it less.")]
    said = [_basis(config, lang)]
    for rules_of in kinds:
        where = tr(lang, "In the top group") if len(kinds) > 1 and rules_of.number == 1 else tr(
            lang, "In group {group}", group=rules_of.number) if len(kinds) > 1 else tr(lang, "In every game")
        text = _steps(rules_of.steps, config, lang)
        if rules_of.factor != 1:
            text = tr(lang, "the difference multiplied by {factor}; {rest}", factor=_n(rules_of.factor, lang),
                      rest=text)
        if rules_of.reduction:
            text = ntr(lang, "{count} stone of 100 points off the difference; {rest}", "{count} stones of 100 points "
                       "off the difference; {rest}", rules_of.reduction, rest=text)
        said.append(f"{where}: {text}")
    said.append(tr(lang, "At most {steps} steps. The stronger plays White and gives the handicap; a tie on the board "
                         "goes to White in a handicap game. An even game has komi {komi} to White, Black going to "
                         "the one who has had it less.", steps=rules.max_steps, komi=_n(komi.even, lang)))
    if rules.correction:
        said.append(tr(lang, "When the taker has won more than two games more than the giver, the handicap drops a "
                             "step for each win beyond those two."))
    if any(k.steps == StepKind.EVEN for k in kinds):
        descend = N_("A player who drops from a group playing even gives and takes handicap in the group below.") \
            if rules.descend == Descend.HANDICAP else N_("A player who drops from a group playing even plays even "
                                                          "in the group below.")
        said.append(tr(lang, descend))
    return said


def _basis(config: Config, lang: Lang) -> str:
    """What the handicap's difference is of (R2.1)."""
    rules = config.handicap
    basis = {
        Basis.RATING: N_("The handicap comes from the difference of the two players' start ratings"),
        Basis.RANK: N_("The handicap comes from the difference of the two players' ranks, 100 points a rank"),
        Basis.POINTS: N_("The handicap comes from the difference of the two players' current points"),
        Basis.BLEND: N_("The handicap comes from a blend of the difference of the two players' ratings and of their "
                        "current points"),
        Basis.MMS: N_("The handicap comes from the difference of the two players' current McMahon scores, 100 "
                      "points a point"),
    }
    text = tr(lang, basis[rules.basis])
    if rules.basis in (Basis.POINTS, Basis.BLEND):
        text += tr(lang, " ({points} rating points a point)", points=rules.points_scale)
    if rules.factor != 1:
        text += tr(lang, ", multiplied by {factor}", factor=_n(rules.factor, lang))
    if rules.reduction:
        text += ntr(lang, ", less {count} stone of 100 points", ", less {count} stones of 100 points", rules.reduction)
    if rules.even_above is not None:
        text += tr(lang, "; ranks above {rank} count as {rank}, so such players play even", rank=rules.even_above.label(
            lang))
    return text + "."


def _steps(kind: StepKind, config: Config, lang: Lang) -> str:
    """How a difference becomes stones and komi for a group's kind of steps (R2.2, R2.3)."""
    rules, komi = config.handicap, config.komi
    if kind == StepKind.EVEN:
        return tr(lang, "even games.")
    if kind == StepKind.HALF:
        return tr(lang, "a step of half a stone for each {points} points of difference, rounded to the nearest: 1 "
                        "step is 1 stone (Black moves first, no komi), 2 steps 1 stone and {half} points of komi to "
                        "Black, 3 steps 2 stones, 4 steps 2 stones and {half} to Black, and so on.",
                  points=rules.step_points, half=_n(rules.half_komi, lang))
    if kind == StepKind.RANK:
        return tr(lang, "a stone for each rank of difference, komi {komi} to White.", komi=_n(komi.handicap, lang))
    return tr(lang, "below {even} points of difference an even game; from {even} to 99, 1 stone (Black moves first, no "
                    "komi); 100-199, 2 stones; 200-299, 3 stones, and so on, a step being a stone{komi}.",
              even=rules.even_below, komi=tr(lang, ", komi {komi} to White", komi=_n(komi.handicap, lang))
              if komi.handicap else "")


def _formula(points: Callable[[int], Points], top: int, lang: Lang) -> str:
    """A side's points for N steps, 1 to `top`, as a formula where it is one (`20+N`, `10-2N`, `5`), else value by
    value (`3 (N=1), 4 (N=2-4), 5 (N=5-9)`)."""
    values = [points(n) for n in range(1, top + 1)]
    step = values[1] - values[0] if len(values) > 1 else Fraction(0)
    if all(v == values[0] + step * i for i, v in enumerate(values)):
        base = values[0] - step
        if not step:
            return number(base, lang)
        slope = "N" if abs(step) == 1 else f"{number(abs(step), lang)}N"
        return f"{number(base, lang)}{'+' if step > 0 else '−'}{slope}"
    runs: list[list[int]] = []
    for n, v in enumerate(values, start=1):
        if runs and values[runs[-1][0] - 1] == v:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{number(values[r[0] - 1], lang)} (N={r[0]}{f'–{r[-1]}' if len(r) > 1 else ''})"
                     for r in runs)


def _scoring(t: Tournament, _: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    scheme, rules = scheme_rule(config.scoring), config.scoring
    said = [tr(lang, "An even game: {win} to the winner, {loss} to the loser.", win=_points(scheme.win, lang),
               loss=_points(scheme.loss, lang))]
    top = min(config.handicap.max_steps, scheme.max_steps or config.handicap.max_steps)
    even: Split = (scheme.win, scheme.loss)
    if top and (scheme.giver_wins(1) != even or scheme.taker_wins(1) != even):
        def side(split: Callable[[Points | int], Split], index: int) -> Callable[[int], Points]:
            return lambda n: split(n)[index]

        said.append(tr(lang, "A game with a handicap of N steps: when the giver wins, {giver} points to the giver "
                             "and {taker} to the taker; when the taker wins, {taker_won} to the taker and {giver_lost} "
                             "to the giver.", giver=_formula(side(scheme.giver_wins, 0), top, lang),
                       taker=_formula(side(scheme.giver_wins, 1), top, lang),
                       taker_won=_formula(side(scheme.taker_wins, 0), top, lang),
                       giver_lost=_formula(side(scheme.taker_wins, 1), top, lang)))
        if scheme.max_steps is not None:
            said.append(tr(lang, "A handicap of more than {steps} steps scores as {steps}.", steps=scheme.max_steps))
    if scheme.draws or rules.any_draw:
        said.append(tr(lang, "A draw gives each {draw}.", draw=_n(scheme.draw, lang)))
    elif config.komi.even.denominator == 1:
        said.append(tr(lang, "A draw in an even game gives each {draw}.", draw=_n(scheme.draw, lang)))
    win = scheme.win if rules.forfeit_win is None else rules.forfeit_win
    said.append(tr(lang, "A game not played: {win} to the one who came, {loss} to the one who did not; {loss} each "
                         "when neither came.", win=_n(win, lang), loss=_n(rules.forfeit_loss, lang)))
    return said


def _pairing(t: Tournament, _: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    pairing = config.pairing
    said = []
    first = 1
    for i, method in enumerate(pairing.method):
        last = pairing.until[i] if i < len(pairing.until) else None
        text = _method(method, config, lang)
        if len(pairing.method) > 1:
            span = tr(lang, "From round {first}", first=first) if not last else tr(
                lang, "Round {first}", first=first) if last == first else tr(
                lang, "Rounds {first}-{last}", first=first, last=last)
            text = f"{span}: {text[0].lower()}{text[1:]}"
        said.append(text)
        first = (last or first) + 1
    if not pairing.allow_rematch:
        said.append(tr(lang, "Two players meet only once."))
    if any(p.team for p in t.players):
        said.append(tr(lang, "Team-mates never meet."))
    said.append(tr(lang, "Two players never meet when one of them is named in the other's Avoid column of Players."))
    if pairing.avoid_same_club:
        said.append(tr(lang, "Players of one club are kept apart where the pairing allows."))
    return said


def _method(method: PairingMethod, config: Config, lang: Lang) -> str:
    """One pairing method in words, with this tournament's numbers (R7)."""
    name = tr(lang, METHOD_NAMES[method])
    if method == PairingMethod.NEIGHBOURS:
        return tr(lang, "Pairs are made top-down in the standings: the highest player still unpaired meets the "
                        "nearest one below whom they may meet; when the rest could not be paired, the pair made last "
                        "is broken.")
    if method == PairingMethod.SHIFT:
        shift = tr(lang, "the number of rounds still to play, this one included") if config.pairing.shift is None \
            else str(config.pairing.shift)
        order = tr(lang, "in the standings") if config.pairing.shift_order == ShiftOrder.RANKING else tr(
            lang, "in the start list")
        return tr(lang, "Shift: player i {order} meets player i+s, s being {shift}.", order=order, shift=shift)
    if method == PairingMethod.RATING_SHIFT:
        return tr(lang, "Rating shift: top-down, each player meets the one whose rating is nearest their own less "
                        "{points}.", points=config.pairing.shift_rating)
    if method in (PairingMethod.MCMAHON, PairingMethod.SWISS):
        score = tr(lang, "McMahon score") if method == PairingMethod.MCMAHON else tr(lang, "points")
        swiss = config.swiss
        name = name[0].upper() + name[1:]
        return tr(lang, "{name}: players of equal {score} meet, by the pairing of the whole round that keeps scores "
                        "closest; inside a group of equal score, {first} in the first rounds, {seeding} from round "
                        "{from_round}; then floats and colours are balanced.", name=name, score=score,
                  first=tr(lang, SEEDING[swiss.first_round.value]), seeding=tr(lang, SEEDING[swiss.seeding.value]),
                  from_round=swiss.seeding_from)
    if method == PairingMethod.ROUND_ROBIN:
        return ntr(lang, "Round robin: everyone meets everyone, {count} time; the schedule is fixed before the first "
                         "round.", "Round robin: everyone meets everyone, {count} times; the schedule is fixed "
                         "before the first round.", config.round_robin.cycles)
    return ntr(lang, "Serp: each plays {count} game against the players nearest in rating; the schedule is fixed "
                     "before the first round.", "Serp: each plays {count} games against the players nearest in "
                     "rating; the schedule is fixed before the first round.", config.serp.games)


def _absence(t: Tournament, _: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    rules, scoring = config.attendance, config.scoring
    scheduled = config.pairing.method[0] in SCHEDULED
    bye = _points(bye_points(rules, scoring), lang)
    said = [tr(lang, "With an odd number of players, one sits out the round, by the schedule; a round without a game "
                     "gives {points}.", points=bye) if scheduled else
            tr(lang, "With an odd number of players, the lowest in the standings who has not sat out yet sits out the "
                     "round and gets {points}.", points=bye)]
    late = _points(late_points(rules, scoring), lang)
    said.append(tr(lang, "A late entrant gets {points} for each round missed before their first game, at once.",
                   points=late) if rules.late_at_once else tr(
        lang, "A late entrant gets {points} for each round missed before their first game, once they play.",
        points=late))
    said.append(tr(lang, "A round missed later, as announced in the Absent column, gives {points}.",
                   points=_points(absent_points(rules, scoring), lang)))
    if rules.round_down:
        said.append(tr(lang, "The points of rounds without a game are added up and rounded down to whole points."))
    if rules.exclude_after is not None:
        said.append(tr(lang, "A player who loses more than {share} of the rounds by forfeit is excluded for good.",
                       share=_n(rules.exclude_after, lang)))
    if scheduled:
        said.append(tr(lang, "A player who leaves loses every game still to play by forfeit."))
    return said


def _criteria(tiebreaks: Sequence[Tiebreak], lang: Lang) -> str:
    """Criteria in order, by their long names: `points, then games won, then ...`."""
    names = tiebreak_labels(lang)
    return tr(lang, ", then ").join(names[c][1] for c in tiebreaks)


def _ranking(t: Tournament, _: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    said = [tr(lang, "Places go by {criteria}.", criteria=_criteria(config.tiebreaks, lang))]
    if Tiebreak.LOT not in config.tiebreaks:
        said.append(tr(lang, "Players equal on every criterion share the place."))
    said.append(tr(lang, "In the criteria that count opponents, a round without a game counts as a draw against "
                         "oneself.") if config.unplayed_loss == UnplayedLoss.DRAW else
                tr(lang, "In the criteria that count opponents, a round lost without a game counts as a loss."))
    if config.superfinal:
        said.append(tr(lang, "If several share first place on every criterion, the two with the highest rating play "
                             "a match to two wins for first place."))
    return said


def _playoff(t: Tournament, _: tuple[int, ...]) -> list[str]:
    rules, lang = t.config.playoff, t.config.lang
    if not rules.size:
        return []
    said = [tr(lang, "After round {round}, the best {size} by the standings play a knockout for the first places: "
                     "even games, the higher seed White.", round=rules.after_round, size=rules.size)]
    if rules.third_place:
        said.append(tr(lang, "The losers of the semi-finals play for third place."))
    said.append(tr(lang, "Everyone else, and the quarter-final losers, play on in the main tournament.")
                if rules.losers_return else tr(lang, "Everyone else plays on in the main tournament."))
    return said


def _stages(t: Tournament, _: tuple[int, ...]) -> list[str]:
    plan, lang = t.config.stages.plan, t.config.lang
    return [tr(lang, "Stage {stage}: {sections}.", stage=n, sections=tr(lang, "; beside it ").join(
        f"{s.name} ({s.text})" for s in stage)) for n, stage in enumerate(plan.stages, start=1)]


def _prizes(t: Tournament, _: tuple[int, ...]) -> list[str]:
    config, lang = t.config, t.config.lang
    said = [f"{spec.name}: {spec.text}." for spec in config.prizes.lists.specs] if config.prizes.lists else []
    said += [tr(lang, "Rank norms: {bands}.", bands=", ".join(str(b) for b in config.norms.bands))] \
        if config.norms.bands else []
    return said
