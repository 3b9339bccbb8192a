"""forsxl beside OpenGotha's own engine over a folder of OpenGotha files: pairing, places, speed, colour (FORMATS §6,
R6, R7.4). The figures of bench/README.md "forsxl beside OpenGotha's engine" come from it.

    python bench/gotha.py prepare CORPUS STATES       # each file as it stood before its last round was paired
    python bench/gotha.py ask STATES ANSWERS pair --opengotha CMD   # OpenGotha's pairing of each state
    python bench/gotha.py pairings STATES ANSWERS     # forsxl's pairing of that round beside OpenGotha's
    python bench/gotha.py ask STATES ANSWERS cost --differing --opengotha CMD  # its costs of both where they differ
    python bench/gotha.py ask CORPUS ANSWERS standings --opengotha CMD      # OpenGotha's places in each file
    python bench/gotha.py standings CORPUS ANSWERS    # forsxl's places in each finished file beside OpenGotha's
    python bench/gotha.py field OUT.xml               # 1000 players under OpenGotha's McMahon, rounds 1-3 played
    python bench/gotha.py speed FILE --opengotha CMD  # round 4 by both, timed in turn; colour balance after it

Nothing of OpenGotha is in forsxl: ANSWERS holds what OpenGotha 3.51 said, one text file per tournament, and CMD is a
command that runs it (`{file}`, `{round}` and `{forsxl}`, forsxl's pairing of the state, are replaced) and prints
its answer as below; both are the user's. `ask` runs CMD on each file of a folder into `<file>.<answer>.txt`,
leaving those already there.
- `<state>.pair.txt`: a line `players N` (optionally `ms M`, its pairing's own time, and `bye KEY`, the bye it
  chose as its Pair button does; lines before it are OpenGotha's own chatter), then one game a line: White's key,
  Black's key, handicap, tab-separated;
- `<state>.cost.txt`, optional: lines `pair<TAB>key<TAB>key<TAB>cost` for forsxl's games and
  `opengotha X other Y difference Z`, OpenGotha's cost of its own pairing and of forsxl's (Z `bye` where their byes
  differ), which `pairings` writes as `<state>.forsxl.txt` (White's and Black's keys, then `bye KEY`);
- `<name>.standings.txt`: `round N`, then one player a line: place, key, the criteria's values.
A key is OpenGotha's: the name and first name upper-cased without spaces (a Turkish OpenGotha writes `İ` for i).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from benchlib import SEED, field, fmt, machine, simulated, table
from defusedxml.ElementTree import fromstring  # type: ignore[import-untyped]

from forsxl.app.exchange import import_file
from forsxl.book.config import build_config
from forsxl.book.read import load
from forsxl.engine.config import ColourPriority, Weights
from forsxl.engine.model import Player, PlayerId, Sitout, Tournament
from forsxl.engine.pairing import weighted
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round
from forsxl.formats.opengotha import parse_opengotha, write_opengotha


class Paired(NamedTuple):
    file: str
    method: str
    games: int
    same: int
    equal_cost: bool
    seconds: float
    bye: str
    """OpenGotha's bye, empty without one."""
    same_bye: bool


class Placed(NamedTuple):
    file: str
    players: int
    wrong: list[str]


def truncated(data: bytes) -> tuple[bytes, int] | None:
    """The file without its last round's games and bye, each player participating in that round who played in it or
    had its bye: the state its referee asked OpenGotha to pair, the bye left for the engine to choose."""
    root = fromstring(data)
    last = max((int(g.get("roundNumber", "0")) for g in root.iter("Game")), default=0)
    if last < 1:
        return None
    playing = set()
    for parent, tag, key in (("Games", "Game", ""), ("ByePlayers", "ByePlayer", "player")):
        holder = root.find(parent)
        for e in list(holder if holder is not None else ()):
            if e.tag == tag and int(e.get("roundNumber", "0")) == last:
                playing |= {e.get(k, "").upper() for k in ((key,) if key else ("whitePlayer", "blackPlayer"))}
                holder.remove(e)
    for p in root.iter("Player"):
        flags = list(p.get("participating", "1" * 20).ljust(20, "1"))
        flags[last - 1] = "1" if (p.get("name", "") + p.get("firstName", "")).replace(" ", "").upper() in playing \
            else "0"
        p.set("participating", "".join(flags))
    root.attrib.pop("saveDT", None)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8"), last


def prepare(corpus: Path, states: Path) -> None:
    states.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    for xml in sorted(corpus.glob("*.xml")):
        state = truncated(xml.read_bytes())
        if state is not None and hashlib.sha256(state[0]).hexdigest() not in seen:
            seen.add(hashlib.sha256(state[0]).hexdigest())
            (states / f"{xml.stem}.last.xml").write_bytes(state[0])
    print(f"{len(seen)} distinct states in {states}")


def ask(folder: Path, answers: Path, what: str, command: str, differing: bool) -> None:
    """OpenGotha's `what` of each file in `folder`, as `command` prints it, into `<file>.<what>.txt`; with
    `differing`, only of the states whose pairing `pairings` found other than OpenGotha's."""
    answers.mkdir(parents=True, exist_ok=True)
    rows = json.loads((answers / "pairings.json").read_text("utf-8")) if differing else []
    only = {r["file"] for r in rows if r["same"] < r["games"] or not r["same_bye"]}
    for xml in sorted(folder.glob("*.xml")):
        out = answers / f"{xml.stem}.{what}.txt"
        if out.exists() or (differing and xml.name not in only):
            continue
        argv = [a.replace("{file}", str(xml)).replace("{forsxl}", str(answers / f"{xml.stem}.forsxl.txt"))
                for a in shlex.split(command)]
        done = subprocess.run(argv, capture_output=True, text=True)
        out.write_text(done.stdout, "utf-8")


def tournament(xml: Path, work: Path) -> tuple[Tournament, dict[str, str]]:
    """The file imported as a user would (`forsxl import`), and each player's OpenGotha key by name."""
    book = work / f"{xml.stem}.xlsx"
    book.unlink(missing_ok=True)
    import_file(book, xml)
    keys = {p.full_name: p.key for p in parse_opengotha(xml.read_bytes()).players}
    return load(book).tournament, keys


def answer(path: Path, head: str) -> tuple[str, list[list[str]]] | None:
    """The head line and the lines after it, tab-separated; None where there is no such head."""
    lines = path.read_text("utf-8").replace("İ", "I").splitlines() if path.exists() else []
    at = next((i for i, line in enumerate(lines) if line.startswith(head)), None)
    return None if at is None else (lines[at], [line.split("\t") for line in lines[at + 1:]])


def pairings(states: Path, answers: Path) -> None:
    """Games forsxl pairs as OpenGotha does, and with a cost file, whole rounds OpenGotha's cost function values as
    its own (an equal-cost choice)."""
    rows: list[Paired] = []
    work = Path(tempfile.mkdtemp())
    for xml in sorted(states.glob("*.xml")):
        theirs = answer(answers / f"{xml.stem}.pair.txt", "players")
        if theirs is None:
            continue
        t, keys = tournament(xml, work)
        key = {p.id: keys.get(p.name, p.name) for p in t.players}
        start = time.perf_counter()
        rnd = pair_round(t, len(t.rounds) + 1)
        took = time.perf_counter() - start
        mine = {frozenset((key[g.white], key[g.black])) for g in rnd.games}
        bye = next((key[pid] for pid, kind in rnd.sitouts if kind == Sitout.BYE), "")
        (answers / f"{xml.stem}.forsxl.txt").write_text(
            "".join(f"{key[g.white]}\t{key[g.black]}\n" for g in rnd.games) + (f"bye {bye}\n" if bye else ""),
            "utf-8")
        same = len(mine & {frozenset(g[:2]) for g in theirs[1]})
        head = theirs[0].split()
        their_bye = head[head.index("bye") + 1] if "bye" in head else ""
        rows.append(Paired(xml.name, str(t.config.pairing.method[0]), len(theirs[1]), same,
                           equal_cost(answers / f"{xml.stem}.cost.txt", mine), took, their_bye, bye == their_bye))
    (answers / "pairings.json").write_text(json.dumps([r._asdict() for r in rows], indent=1), "utf-8")
    lines: list[list[object]] = []
    for name, part in (("all", rows), *((m, [r for r in rows if r.method == m]) for m in ("mcmahon", "swiss"))):
        games, same = sum(r.games for r in part), sum(r.same for r in part)
        priced = same + sum(r.games - r.same for r in part if r.equal_cost)
        byes = [r for r in part if r.bye]
        lines.append([name, len(part), sum(r.same == r.games and r.same_bye for r in part), games,
                      f"{same:,} ({same / max(games, 1):.1%})", f"{priced:,} ({priced / max(games, 1):.1%})",
                      f"{sum(r.same_bye for r in byes)} of {len(byes)}"])
    print(table(("states", "files", "every game the same", "games", "the same game", "same or equal cost",
                 "the same bye"), lines))


def equal_cost(path: Path, mine: set[frozenset[str]]) -> bool:
    """Whether OpenGotha's cost function values forsxl's pairing `mine` as its own (a cost file of these pairs)."""
    lines = [line.split("\t") for line in path.read_text("utf-8").replace("İ", "I").splitlines()] \
        if path.exists() else []
    priced = {frozenset(line[1:3]) for line in lines if line[0] == "pair"}
    return priced == mine and any(line[0].startswith("opengotha") and line[0].endswith("difference 0")
                                  for line in lines)


def places(xml: Path, work: Path, known: set[str]) -> dict[str, int]:
    """forsxl's place of each player OpenGotha lists, tied players sharing the first one's place."""
    t, keys = tournament(xml, work)
    shown = [s for s in standings(t) if keys.get(s.player.name) in known]
    found: dict[str, int] = {}
    for i, s in enumerate(shown):
        tied = i > 0 and shown[i - 1].place == s.place
        found[keys[s.player.name]] = found[keys[shown[i - 1].player.name]] if tied else i + 1
    return found


def finished(data: bytes) -> bool:
    games = list(fromstring(data).iter("Game"))
    return bool(games) and all(g.get("result", "RESULT_UNKNOWN") != "RESULT_UNKNOWN" for g in games)


def compare_standings(corpus: Path, answers: Path) -> None:
    rows: list[Placed] = []
    work = Path(tempfile.mkdtemp())
    for xml in sorted(corpus.glob("*.xml")):
        theirs = answer(answers / f"{xml.stem}.standings.txt", "round")
        if theirs is None or not finished(xml.read_bytes()):
            continue
        placed = places(xml, work, {line[1] for line in theirs[1]})
        wrong = [line[1] for line in theirs[1] if placed.get(line[1]) != int(line[0])]
        rows.append(Placed(xml.name, len(theirs[1]), wrong))
    (answers / "standings.json").write_text(json.dumps([r._asdict() for r in rows], indent=1), "utf-8")
    players = sum(r.players for r in rows)
    right = players - sum(len(r.wrong) for r in rows)
    whole = sum(not r.wrong for r in rows)
    print(f"{len(rows)} finished files: every player placed as OpenGotha in {whole} ({whole / max(len(rows), 1):.0%}),"
          f" {right:,} of {players:,} places ({right / max(players, 1):.0%})")


BENCH = [("preset", "mcmahon"), ("rounds", 5), ("tiebreaks", "mms, sosm, sososm"), ("swiss.weights", "opengotha"),
         ("swiss.colour", "before_seeding"), ("swiss.seat", "ranking_name"), ("swiss.first_seat", "ranking_rating"),
         ("swiss.first_round", "random"), ("swiss.seeding", "slip"), ("swiss.seeding_from", 3),
         ("swiss.drawn_down", "middle"), ("swiss.drawn_up", "middle"), ("swiss.compensate", "yes"),
         ("swiss.club_gap", 3), ("swiss.country_gap", 1), ("swiss.geo_bar", "yes"), ("swiss.geo_rank", "1d"),
         ("pairing.allow_rematch", "yes"), ("name", "Bench"), ("date", "2026-12-01")]
"""OpenGotha's McMahon defaults (PEERS §1.4) over the `mcmahon` preset (bar 1d, floor 20k)."""


SWISS_BENCH = [("preset", "swiss"), ("rounds", 5), ("tiebreaks", "nbw, sosw, sososw"), ("swiss.weights", "opengotha"),
               ("swiss.colour", "before_seeding"), ("swiss.seat", "ranking_rating"),
               ("swiss.first_seat", "ranking_rating"), ("swiss.first_round", "slip"), ("swiss.seeding", "slip"),
               ("swiss.drawn_down", "middle"), ("swiss.drawn_up", "middle"), ("swiss.compensate", "yes"),
               ("pairing.allow_rematch", "yes"), ("name", "Bench"), ("date", "2026-12-01")]
"""OpenGotha's Swiss defaults (PEERS §1.4) over the `swiss` preset."""


def make_field(out: Path, players: int, played: int = 3, seed: int = SEED, swiss: bool = False) -> None:
    """benchlib's seeded field (60 clubs, one country) under OpenGotha's McMahon (or Swiss), rounds 1 to `played`
    paired with its weights and played with the R10 probability, as an OpenGotha file."""
    config, _, errors = build_config([(k, v, None) for k, v in (SWISS_BENCH if swiss else BENCH)])
    assert not errors, errors
    t = Tournament(config, tuple(Player(PlayerId(i + 1), r["name"], r["rating"], club=r["club"][-4:], country="FR")
                                 for i, r in enumerate(field(players, seed))))
    rng = random.Random(seed)
    for number in range(1, played + 1):
        rnd = pair_round(t, number)
        results = simulated(t.config, {p.id: p.rating for p in t.players}, rnd.games, rng)
        rnd = replace(rnd, games=tuple(g.with_result(results[g.board]) for g in rnd.games))
        t = replace(t, rounds=(*t.rounds, rnd))
    out.write_text(write_opengotha(t), "utf-8")


def imbalanced(t: Tournament, games: Sequence[tuple[PlayerId, PlayerId, int]]) -> int:
    """Players two or more games off White/Black balance in even games after the round (OpenGotha's "unbalanced
    W/B" report)."""
    balance: Counter[PlayerId] = Counter()
    for white, black, stones in [(g.white, g.black, g.stones) for r in t.rounds for g in r.games] + list(games):
        if stones == 0:
            balance[white] += 1
            balance[black] -= 1
    return sum(abs(b) >= 2 for b in balance.values())


def speed(xml: Path, command: str, repeat: int) -> None:
    """Round `len(rounds) + 1` paired by OpenGotha's whole run (JVM start included), by forsxl's engine alone and by
    a whole `forsxl pair`, in turn; then the colour balance after OpenGotha's pairing and forsxl's with each weights."""
    work = Path(tempfile.mkdtemp())
    start = time.perf_counter()
    t, keys = tournament(xml, work)
    imported = time.perf_counter() - start
    number = len(t.rounds) + 1
    book = work / f"{xml.stem}.xlsx"
    argv = [a.replace("{file}", str(xml)).replace("{round}", str(number)) for a in shlex.split(command)]
    times: dict[str, list[float]] = {"OpenGotha, whole run": [], "OpenGotha, its pairing alone": [],
                                     "forsxl engine: pair_round": [], "forsxl pair, whole run": []}
    out = ""
    for _ in range(repeat):
        start = time.perf_counter()
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
        times["OpenGotha, whole run"].append(time.perf_counter() - start)
        head = next(line for line in out.splitlines() if line.startswith("players")).split()
        if "ms" in head:
            times["OpenGotha, its pairing alone"].append(int(head[head.index("ms") + 1]) / 1000)
        start = time.perf_counter()
        pair_round(t, number)
        times["forsxl engine: pair_round"].append(time.perf_counter() - start)
        copy = work / "pair.xlsx"
        shutil.copyfile(book, copy)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "forsxl", "pair", str(copy)], capture_output=True, check=True)
        times["forsxl pair, whole run"].append(time.perf_counter() - start)
    print(f"{xml.name}: {len(t.players)} players, round {number}; import {fmt(imported)}; median of {repeat}:")
    print(table(("run", "median", "min", "max"),
                [[name, *(fmt(f(v)) for f in (statistics.median, min, max))] for name, v in times.items() if v]))
    pid = {keys.get(p.name, p.name): p.id for p in t.players}
    lines = out.replace("İ", "I").split("\nplayers", 1)[1].splitlines()[1:]
    theirs = [(pid[w], pid[b], int(h)) for w, b, h in (line.split("\t") for line in lines)]
    rows: list[list[object]] = [["OpenGotha", imbalanced(t, theirs), len(theirs)]]
    for weights in (Weights.OPENGOTHA, Weights.FORSXL):
        for colour in ColourPriority:
            config = replace(t.config, swiss=replace(t.config.swiss, weights=weights, colour=colour))
            mine = [(g.white, g.black, g.stones) for g in pair_round(replace(t, config=config), number).games]
            same = len({frozenset(g[:2]) for g in mine} & {frozenset(g[:2]) for g in theirs})
            rows.append([f"forsxl, weights {weights.value}, colour {colour.value}", imbalanced(t, mine), same])
    print(table(("pairing", "colour-imbalanced players", "games as OpenGotha's"), rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, first, second in (("prepare", "corpus", "states"), ("pairings", "states", "answers"),
                                ("standings", "corpus", "answers")):
        sub = commands.add_parser(name)
        sub.add_argument(first, type=Path)
        sub.add_argument(second, type=Path)
        if name == "pairings":
            sub.add_argument("--gabow-limit", type=int, help="pair fields up to this size with OpenGotha's matching "
                             f"algorithm (forsxl: {weighted.GABOW_LIMIT}), to measure what the limit changes")
    sub = commands.add_parser("ask")
    sub.add_argument("folder", type=Path)
    sub.add_argument("answers", type=Path)
    sub.add_argument("what", choices=("pair", "cost", "standings"))
    sub.add_argument("--opengotha", required=True, help="the command that answers for OpenGotha: {file}, {forsxl}")
    sub.add_argument("--differing", action="store_true", help="only the states forsxl pairs otherwise")
    sub = commands.add_parser("field")
    sub.add_argument("out", type=Path)
    sub.add_argument("--players", type=int, default=1000)
    sub.add_argument("--played", type=int, default=3, help="rounds paired and played before the state")
    sub.add_argument("--seed", type=int, default=SEED)
    sub.add_argument("--swiss", action="store_true", help="OpenGotha's Swiss defaults, not its McMahon's")
    sub = commands.add_parser("speed")
    sub.add_argument("file", type=Path)
    sub.add_argument("--opengotha", required=True, help="the command that pairs with OpenGotha: {file}, {round}")
    sub.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(machine())
    if args.command == "prepare":
        prepare(args.corpus, args.states)
    elif args.command == "ask":
        ask(args.folder, args.answers, args.what, args.opengotha, args.differing)
    elif args.command == "pairings":
        if args.gabow_limit is not None:
            weighted.GABOW_LIMIT = args.gabow_limit  # type: ignore[misc]
        pairings(args.states, args.answers)
    elif args.command == "standings":
        compare_standings(args.corpus, args.answers)
    elif args.command == "field":
        make_field(args.out, args.players, args.played, args.seed, args.swiss)
    else:
        speed(args.file, args.opengotha, args.repeat)


if __name__ == "__main__":
    main()
