"""The Положение (issue 30, 40): the tournament's regulation in the workbook's language, as a Russian club prints it
([000]; real положения): when and where, the chief referee, who plays and how to register, the system (start
points, groups, the handicap and its points, pairing, byes and late entrants, places, a playoff or stages), the
Регламент (time control with byo-yomi, the schedule, protests) and the prizes. `forsxl regulation` prints it before
the tournament; the site's page of the same name shows it above the Config table, which stays for referees.

Every band, step and score it states is the engine's own computation for this Config, never a second copy of a
rule: the handicap table walks every difference through `handicap_bands` (`adjusted_difference`, `handicap_steps`,
`stones_and_komi`) and gives each band the points `game_points` scores; a formula such as `20+N` is read off the
scheme's points; a pairing method's sentence lives on its `Method` record. What only the club knows (the date, the
place, the referee, the time control, the schedule, registration, prizes, protests) comes from Config keys, and a
key left empty is printed as a visible blank naming the key to fill.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from forsxl.engine.attendance import absent_points, bye_points, late_points
from forsxl.engine.config import (
    Basis,
    Border,
    Config,
    Descend,
    PairingMethod,
    Scale,
    StartMethod,
    StepKind,
    Tiebreak,
    TopStart,
    UnplayedLoss,
    get_key,
)
from forsxl.engine.groups import GroupRules, group_rules
from forsxl.engine.handicap import Band, handicap_bands
from forsxl.engine.model import Game, PlayerId, Points, Result, Tournament
from forsxl.engine.pairing.methods import METHODS, SCHEDULED
from forsxl.engine.scoring import Split, game_points, scheme_rule
from forsxl.engine.values import CATEGORIES, Lang
from forsxl.i18n import N_, format_date, ntr, number, points_said, tr, worded
from forsxl.messages import tiebreak_labels
from forsxl.publish.html import environment, handicap_words

TITLES = {
    "general": N_("General"), "players": N_("Participants and registration"), "start": N_("Start points"),
    "groups": N_("Groups"), "handicap": N_("Handicap"), "scoring": N_("Points for a game"), "pairing": N_("Pairing"),
    "absence": N_("Byes, late entrants, absences"), "ranking": N_("Places"), "playoff": N_("Playoff"),
    "stages": N_("Stages"), "conduct": N_("Conduct of play"), "prizes": N_("Prizes"),
}
"""The clauses' titles, in the order they are printed: the system first, then the Регламент, its details ([000]:
«в регламент включаются ... время на обдумывание ходов включая бёёми ... расписание туров ... порядок и сроки подачи
протестов»), then the prizes."""


@dataclass(frozen=True)
class Blank:
    """Where the referee has not filled a Config key: the gap, worded (`the chief referee: to be filled in Config
    referee`), printed so that it shows."""

    text: str


@dataclass(frozen=True)
class Table:
    """A table of a clause: its caption, headers and rows of text."""

    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Line = tuple[str | Blank, ...]
"""A paragraph with a blank in it: its text around the blanks."""
Paragraph = str | Line | Table


@dataclass(frozen=True)
class Clause:
    """A numbered clause of the Положение: its title and its paragraphs (text, text with blanks, tables)."""

    title: str
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True)
class Regulation:
    """The Положение of a tournament: its title, when and where, and its clauses in order."""

    lang: str
    title: str
    when: Line
    """The date as the pages write it, and the place (`28 ноября 2026 · Москва`), a blank for either not set."""
    clauses: tuple[Clause, ...]


TEMPLATE = "regulation.html.j2"
HEADING = N_("Regulation of the tournament")


def render_regulation(reg: Regulation, lang: Lang) -> str:
    """The Положение as a document of its own, to print before the tournament (`forsxl regulation`)."""
    return environment().get_template(TEMPLATE).render(reg=reg, heading=tr(lang, HEADING))


def regulation(t: Tournament, group_sizes: tuple[int, ...] = ()) -> Regulation:
    """The Положение of `t` by its effective Config, in its language (issues 30, 40); `group_sizes` are the groups'
    fixed sizes (book: configured, or counted from the declared groups, R3)."""
    config, lang = t.config, t.config.lang
    words: dict[str, Callable[[Tournament, tuple[int, ...]], list[Paragraph]]] = {
        "general": _general, "players": _players, "start": _start, "groups": _groups, "handicap": _handicap,
        "scoring": _scoring, "pairing": _pairing, "absence": _absence, "ranking": _ranking, "playoff": _playoff,
        "stages": _stages, "conduct": _conduct, "prizes": _prizes,
    }
    clauses = tuple(Clause(tr(lang, TITLES[kind]), tuple(said)) for kind, clause in words.items()
                    if (said := clause(t, group_sizes)))
    when = (_given(config, "date", format_date(config.date, lang)[0]), " · ", _given(config, "place"))
    return Regulation(lang.value, config.name or tr(lang, "Regulation"), when, clauses)


GAPS = {"date": N_("the date"), "place": N_("the place"), "referee": N_("the chief referee"),
        "registration": N_("how and until when players register"), "time.main": N_("the main time"),
        "time.byoyomi": N_("the byo-yomi"), "timetable": N_("the rounds' times and breaks"),
        "protests": N_("how and until when a protest is lodged, who decides it"), "awards": N_("what the prizes are")}
"""What each Config key only the club can fill holds, for its blank while it is empty."""


def _given(config: Config, key: str, shown: str = "") -> str | Blank:
    """Config `key` as the Положение prints it (`shown`, else its text), or the blank where it is empty."""
    value = get_key(config, key)
    if value is None or value == "":
        return Blank(tr(config.lang, "{what}: to be filled in Config {key}", what=tr(config.lang, GAPS[key]), key=key))
    return shown or str(value).rstrip(".")  # the sentence ends it: `Петров В. И.` is not `Петров В. И..`


def filled(lang: Lang, message: str, **params: Any) -> Paragraph:
    """The msgid `message` in `lang` with its params, a Blank kept a Blank: a plain text where there is none."""
    blanks = {name: value for name, value in params.items() if isinstance(value, Blank)}
    if not blanks:
        return tr(lang, message, **params)
    marks = {name: f"\0{name}\0" for name in blanks}
    marked = tr(lang, message, **{**params, **marks})
    return tuple(blanks[part] if i % 2 else part for i, part in enumerate(marked.split("\0")) if part or i % 2)


def _n(value: Fraction | int, lang: Lang) -> str:
    return number(Fraction(value), lang)


def _general(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    said: list[Paragraph] = []
    if config.pairing.method[0] not in SCHEDULED and not config.stages.plan:
        said.append(ntr(lang, "The tournament is played in {count} round.", "The tournament is played in {count} "
                               "rounds.", config.rounds))
    day, place, referee = (_given(config, "date", format_date(config.date, lang)[0]), _given(config, "place"),
                           _given(config, "referee"))
    said.append(filled(lang, "Date: {date}. Place: {place}.", date=day, place=place))
    said.append(filled(lang, "Chief referee: {referee}.", referee=referee))
    return said


def _players(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    registration = _given(config, "registration")
    said: list[Paragraph] = [filled(lang, "Registration: {registration}.", registration=registration)]
    if t.players:
        said.append(ntr(lang, "{count} player is registered.", "{count} players are registered.", len(t.players)))
    scale = N_("Ratings are on the EGF's scale, 100 points a rank (2100 is 1d, 2000 is 1k).") \
        if config.ratings.scale == Scale.EGF else N_("Ratings are on the RFG's scale (2100 is 1d, 2025 is 1k).")
    said.append(tr(lang, scale))
    ranks = [f"{c} — {r.label(lang)}" for c, r in zip(CATEGORIES, config.ratings.categories.ranks, strict=True) if r]
    if ranks:
        said.append(tr(lang, "A player with a sport category and neither rating nor rank plays at the category's "
                             "rank: {ranks}.", ranks=", ".join(ranks)))
    if any(p.team for p in t.players):
        said.append(tr(lang, "Players may play in teams of {size}: team-mates never meet, and a team ranks by its "
                             "members' points together.", size=config.teams.size))
    return said


def _start(t: Tournament, sizes: tuple[int, ...]) -> list[Paragraph]:
    rules, lang = t.config.start, t.config.lang
    said: list[Paragraph] = []
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
    said.append(tr(lang, "Start points the referee sets for a player replace these."))
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
    return text + tr(lang, "; a correction the referee sets for a player adds to them.")


def _groups(t: Tournament, sizes: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    if not sizes:
        return []
    counts = ", ".join(ntr(lang, "group {group}: {count} player", "group {group}: {count} players", n, group=g)
                       for g, n in enumerate(sizes, start=1))
    said: list[Paragraph]
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


def _kinds(config: Config, sizes: tuple[int, ...]) -> list[tuple[list[int], GroupRules]]:
    """The groups (the sized ones and the rest) by the rules they play, groups of the same rules together."""
    kinds: list[tuple[list[int], GroupRules]] = []
    for group in range(1, len(sizes) + 2):
        rules = group_rules(group, config.groups)
        same = next((numbers for numbers, other in kinds if (other.steps, other.factor, other.reduction) == (
            rules.steps, rules.factor, rules.reduction)), None)
        if same is None:
            kinds.append(([group], rules))
        else:
            same.append(group)
    return kinds


def _handicap(t: Tournament, sizes: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    rules, komi = config.handicap, config.komi
    kinds = _kinds(config, sizes)
    if all(k.steps == StepKind.EVEN for _, k in kinds):
        return [tr(lang, "Every game is even, komi {komi} to White; Black goes to the one who has had it less.",
                   komi=_n(komi.even, lang)) if komi.even else
                tr(lang, "Every game is even; Black goes to the one who has had it less.")]
    said: list[Paragraph] = [_basis(config, lang)]
    for numbers, group in kinds:
        said.append(handicap_table(group, _where(numbers, len(sizes) + 1, lang), config))
    said.append(tr(lang, "The stronger plays White and gives the handicap; a tie on the board goes to White in a "
                         "handicap game. An even game has komi {komi} to White, Black going to the one who has had it "
                         "less.", komi=_n(komi.even, lang)))
    if rules.correction:
        said.append(tr(lang, "When the taker has won more than two games more than the giver, the handicap drops a "
                             "step for each win beyond those two."))
    if any(k.steps == StepKind.EVEN for _, k in kinds):
        descend = N_("A player who drops from a group playing even gives and takes handicap in the group below.") \
            if rules.descend == Descend.HANDICAP else N_("A player who drops from a group playing even plays even "
                                                          "in the group below.")
        said.append(tr(lang, descend))
    return said


def _where(numbers: list[int], groups: int, lang: Lang) -> str:
    """Which groups a table is for: `In every game`, `In the top group`, `In groups 2 and 3`."""
    if groups == 1:
        return tr(lang, "In every game")
    if numbers == [1]:
        return tr(lang, "In the top group")
    return ntr(lang, "In group {groups}", "In groups {groups}", len(numbers),
               groups=tr(lang, " and ").join(map(str, numbers)))


UNITS = {Basis.RATING: N_("Rating difference"), Basis.BLEND: N_("Difference"), Basis.RANK: N_("Difference in ranks"),
         Basis.MMS: N_("Difference in McMahon points"), Basis.POINTS: N_("Difference in points")}
"""The heading of a table's differences, by what they are of (R2.1)."""


def handicap_table(group: GroupRules, where: str, config: Config) -> Table:
    """The handicap of a pair of `group` for every difference (R2.1-R2.3), band by band as `handicap_bands` walks
    them, and what a game of each band scores (R4) when the giver wins and when the taker wins."""
    lang, scheme = config.lang, scheme_rule(config.scoring)
    scored = any(scheme.giver_wins(n) != scheme.giver_wins(0) or scheme.taker_wins(n) != scheme.taker_wins(0)
                 for n in range(1, config.handicap.max_steps + 1))
    headers = [tr(lang, UNITS[config.handicap.basis]), tr(lang, "Handicap"), tr(lang, "Steps")]
    if scored:
        headers += [tr(lang, "Giver wins: giver / taker"), tr(lang, "Taker wins: taker / giver")]
    rows = []
    for band in handicap_bands(group, config):
        row = [_band(band, lang), handicap_words(band.stones, band.komi, lang), str(band.steps)]
        if scored:
            row += [_split(band.steps, Result.WHITE_WINS, config), _split(band.steps, Result.BLACK_WINS, config)]
        rows.append(tuple(row))
    caption = where + (tr(lang, ", the difference multiplied by {factor}", factor=_n(group.factor, lang))
                       if group.factor != 1 else "")
    if group.reduction:
        caption += ntr(lang, ", less {count} stone of 100 points", ", less {count} stones of 100 points",
                       group.reduction)
    return Table(caption, tuple(headers), tuple(rows))


def _band(band: Band, lang: Lang) -> str:
    """The differences of a band: `25–100`, `0`, `801 and more`."""
    if band.high is None:
        return tr(lang, "{low} and more", low=band.low)
    return str(band.low) if band.high == band.low else f"{band.low}–{band.high}"


def _split(steps: int, result: Result, config: Config) -> str:
    """What a game of `steps` with White giving scores for `result` (`game_points`, R4): the winner's points, then
    the loser's."""
    black, white = game_points(Game(1, PlayerId(1), PlayerId(2), steps, Fraction(0), steps, 1), result,
                               config.scoring)
    winner, loser = (white, black) if result == Result.WHITE_WINS else (black, white)
    return f"{_n(winner, config.lang)} / {_n(loser, config.lang)}"


def _basis(config: Config, lang: Lang) -> str:
    """What the handicap's difference is of (R2.1)."""
    rules = config.handicap
    basis = {
        Basis.RATING: N_("The handicap comes from the difference of the two players' start ratings"),
        Basis.RANK: N_("The handicap comes from the difference of the two players' ranks"),
        Basis.POINTS: N_("The handicap comes from the difference of the two players' current points"),
        Basis.BLEND: N_("The handicap comes from a blend of the difference of the two players' ratings and of their "
                        "current points"),
        Basis.MMS: N_("The handicap comes from the difference of the two players' current McMahon scores"),
    }
    text = tr(lang, basis[rules.basis])
    if rules.basis == Basis.BLEND:
        text += tr(lang, " ({points} rating points a point)", points=rules.points_scale)
    if rules.factor != 1:
        text += tr(lang, ", multiplied by {factor}", factor=_n(rules.factor, lang))
    if rules.reduction:
        text += ntr(lang, ", less {count} stone of 100 points", ", less {count} stones of 100 points", rules.reduction)
    if rules.even_above is not None:
        text += tr(lang, "; ranks above {rank} count as {rank}, so such players play even", rank=rules.even_above.label(
            lang))
    return text + ":"


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


def _scoring(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    scheme, rules = scheme_rule(config.scoring), config.scoring
    said: list[Paragraph] = [tr(lang, "An even game: {win} to the winner, {loss} to the loser.",
                                win=points_said(scheme.win, lang), loss=points_said(scheme.loss, lang))]
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


def _pairing(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    pairing = config.pairing
    said: list[Paragraph] = []
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
    if any(p.avoid for p in t.players):
        said.append(tr(lang, "Players the referee has kept apart at their request never meet."))
    if pairing.avoid_same_club:
        said.append(tr(lang, "Players of one club are kept apart where the pairing allows."))
    return said


def _method(method: PairingMethod, config: Config, lang: Lang) -> str:
    """One pairing method in words, with this tournament's numbers (R7): its name, and its record's sentence."""
    name = worded(METHODS[method].named, lang)
    said = METHODS[method].said
    text = f"{name[0].upper()}{name[1:]}"
    return f"{text}: {worded(said(config), lang)}." if said is not None else f"{text}."


def _absence(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    rules, scoring = config.attendance, config.scoring
    scheduled = config.pairing.method[0] in SCHEDULED
    bye = points_said(bye_points(rules, scoring), lang)
    said: list[Paragraph] = [
        tr(lang, "With an odd number of players, one sits out the round, by the schedule; a round without a game "
                 "gives {points}.", points=bye) if scheduled else
        tr(lang, "With an odd number of players, the lowest in the standings who has not sat out yet sits out the "
                 "round and gets {points}.", points=bye)]
    late = points_said(late_points(rules, scoring), lang)
    said.append(tr(lang, "A late entrant gets {points} for each round missed before their first game, at once.",
                   points=late) if rules.late_at_once else tr(
        lang, "A late entrant gets {points} for each round missed before their first game, once they play.",
        points=late))
    if rules.late_until is not None:
        limit = int(rules.late_until * config.rounds)
        said.append(ntr(lang, "A late entrant is admitted only until {count} round of the {rounds} has passed, and not "
                              "to a round robin.", "A late entrant is admitted only until {count} rounds of the "
                              "{rounds} have passed, and not to a round robin.", limit, rounds=config.rounds))
    said.append(tr(lang, "A round missed later, announced to the referee in advance, gives {points}.",
                   points=points_said(absent_points(rules, scoring), lang)))
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


def _ranking(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    said: list[Paragraph] = [tr(lang, "Places go by {criteria}.", criteria=_criteria(config.tiebreaks, lang))]
    if Tiebreak.LOT not in config.tiebreaks:
        said.append(tr(lang, "Players equal on every criterion share the place."))
    said.append(tr(lang, "In the criteria that count opponents, a round without a game counts as a draw against "
                         "the player themself.") if config.unplayed_loss == UnplayedLoss.DRAW else
                tr(lang, "In the criteria that count opponents, a round lost without a game counts as a loss."))
    if config.superfinal:
        said.append(tr(lang, "If several share first place on every criterion, the two with the highest rating play "
                             "a match to two wins for first place."))
    return said


def _playoff(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    rules, lang = t.config.playoff, t.config.lang
    if not rules.size:
        return []
    said: list[Paragraph] = [
        tr(lang, "After round {round}, the best {size} by the standings play a knockout for the first places: even "
                 "games, the higher seed White.", round=rules.after_round, size=rules.size)]
    if rules.third_place:
        said.append(tr(lang, "The losers of the semi-finals play for third place."))
    said.append(tr(lang, "Everyone else, and the quarter-final losers, play on in the main tournament.")
                if rules.losers_return else tr(lang, "Everyone else plays on in the main tournament."))
    return said


def _stages(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    plan, lang = t.config.stages.plan, t.config.lang
    return [tr(lang, "Stage {stage}: {sections}.", stage=n, sections=tr(lang, "; beside it ").join(
        f"{s.name} ({s.text})" for s in stage)) for n, stage in enumerate(plan.stages, start=1)]


def _conduct(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    """The Регламент's details ([000]): time control with byo-yomi, the schedule of the rounds, protests."""
    config, lang = t.config, t.config.lang
    minutes = ntr(lang, "{count} minute", "{count} minutes", config.time.main) if config.time.main else ""
    main, byoyomi = _given(config, "time.main", minutes), _given(config, "time.byoyomi")
    timetable, protests = _given(config, "timetable"), _given(config, "protests")
    return [filled(lang, "Time control: {main} of main time for each player, then {byoyomi}.", main=main,
                   byoyomi=byoyomi),
            filled(lang, "Schedule: {timetable}.", timetable=timetable),
            filled(lang, "Protests: {protests}.", protests=protests)]


def _prizes(t: Tournament, _: tuple[int, ...]) -> list[Paragraph]:
    config, lang = t.config, t.config.lang
    awards = _given(config, "awards")
    said: list[Paragraph] = [filled(lang, "Prizes: {awards}.", awards=awards)]
    said += [f"{spec.name}: {spec.text}." for spec in config.prizes.lists.specs] if config.prizes.lists else []
    said += [tr(lang, "Rank norms: {bands}.", bands=", ".join(str(b) for b in config.norms.bands))] \
        if config.norms.bands else []
    return said
