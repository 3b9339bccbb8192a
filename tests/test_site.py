"""The results site (forsxl.publish.site), `forsxl publish -o DIR`, `--watch` and `forsxl explain` (issue 10)."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
from test_publish import FORMULA, SCRIPT, STRONGER_WINS, parse, round_robin, rows, tournament
from typer.testing import CliRunner
from workbooks import run

from forsxl.app.publish import watch_book
from forsxl.app.watch import watch_file
from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.config import config_keys
from forsxl.engine.errors import ForsxlError
from forsxl.engine.explain import compare, comparisons_above
from forsxl.engine.model import Tournament
from forsxl.engine.report import make_report
from forsxl.engine.standings import standings
from forsxl.engine.teams import team_standings
from forsxl.engine.values import Lang
from forsxl.messages import message
from forsxl.publish.site import _alphabetical, page_file, render_site, tick_step, write_site
from forsxl.publish.why import comparison_lines

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "club.xlsx"


def site(t: Tournament) -> dict[str, str]:
    report = make_report(t)
    comparisons = comparisons_above(report.table, t.config.tiebreaks)
    return render_site(t, report, comparisons, {"rounds": "Config!B6", "preset": "Config!B5"})


def text_of(page: str) -> str:
    return unescape(re.sub(r"\s+", " ", " ".join(parse(page).text)))


@pytest.mark.parametrize("lang", list(Lang))
def test_every_page_parses_closed_and_self_contained(lang: Lang) -> None:
    files = site(tournament(lang))
    assert set(files) == {"index.html", "round-1.html", "round-2.html", "regulation.html",
                          *(f"player-{i}.html" for i in range(1, 6))}
    for name, page in files.items():
        checker = parse(page)
        assert checker.errors == [] and checker.stack == [], name
        assert checker.tags.count("script") == 1, name  # the one inline script, no src
        assert not re.search(r"<script[^>]*src|https?://|@import|url\(", page, re.I), name
        # every link stays on the site: another page, an anchor, or the projector mode of a page
        for url in checker.urls:
            target = url.split("#")[0].split("?")[0]
            assert url.startswith(("#", "data:")) or target in files, (name, url)
        assert f'<html lang="{lang.value}">' in page


def test_hostile_names_are_escaped_on_every_page() -> None:
    for name, page in site(tournament(Lang.EN)).items():
        # the only script element is ours; the name's tag never appears raw, in text or in attributes
        assert page.lower().count("<script") == 1, name
        assert "alert(1)</script>" not in page, name
        assert "<title><script" not in page
    cards = site(tournament(Lang.EN))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in cards["player-2.html"]
    assert "=cmd|&#39; /C calc&#39;!A0" in cards["player-3.html"]
    assert SCRIPT in text_of(cards["player-2.html"]) and FORMULA in text_of(cards["player-3.html"])


def test_every_player_and_every_game_is_present() -> None:
    t = tournament(Lang.EN)
    files = site(t)
    index = files["index.html"]
    assert [row[2] for row in rows(index, "standings")] == [s.player.name for s in standings(t)]
    for p in t.players:
        assert f'href="player-{p.id}.html"' in index
        card = text_of(files[f"player-{p.id}.html"])
        assert p.name in card
    for rnd in t.rounds:
        page = files[f"round-{rnd.number}.html"]
        boards = rows(page, "pairings")
        wall = rows(page, "sortable wall-list")
        for g in rnd.games:
            black, white = t.player(g.black).name, t.player(g.white).name
            assert any(row[1].startswith(black) and row[2].startswith(white) for row in boards), (rnd.number, g)
            # the wall list has both players of the game, each with the board and the other as opponent
            assert [black, str(g.board), "Black", white] in [[r[0].rsplit(" ", 1)[0], r[1], r[2], r[3]] for r in wall]
            assert [white, str(g.board), "White", black] in [[r[0].rsplit(" ", 1)[0], r[1], r[2], r[3]] for r in wall]
        names = [r[0].rsplit(" ", 1)[0] for r in wall]
        assert names == sorted(names, key=_alphabetical)
        assert len(wall) == len(rnd.players())


def test_player_card_games_points_and_tiebreaks() -> None:
    t = tournament(Lang.EN)
    table = standings(t)
    ann = next(s for s in table if s.player.name == "Ann")
    card = site(t)["player-1.html"]
    games = rows(card, "sortable games")
    assert [g[0] for g in games] == ["1", "2"]
    assert games[0][2:4] == ["White○", f"{SCRIPT} 2"]  # the colour in words, and as a stone for a phone
    assert games[-1][-1] == "243" == str(ann.points)  # the running total ends at the standings' points
    criteria = rows(card, "tiebreaks")
    assert [c[0].split(" — ")[0] for c in criteria] == ["Points", "Wins", "SOS", "Rating"]
    runner_up = table[1].player.name
    assert f"Ann (place 1) is above {runner_up} (place 2)" in text_of(card)  # the leader against the runner-up
    assert "Why the leader is first" in card


def test_crosstable_and_regulation_pages() -> None:
    t = round_robin(Lang.EN, STRONGER_WINS)
    files = site(t)
    assert "crosstable.html" in files and '<table class="crosstable">' in files["crosstable.html"]
    assert 'href="crosstable.html"' in files["index.html"]
    regulation = files["regulation.html"]
    tables = regulation.split('<table class="sortable settings">')[1:]
    by_key = {row[0]: row for table in tables for row in rows('<table class="x">' + table, "x")}
    assert len(by_key) == len(config_keys())
    assert by_key["rounds"][1:] == ["3", "number of rounds", "R7", "Config!B6"]
    assert by_key["pairing.method"][1] == "round_robin"
    assert by_key["superfinal"][1] == "no"
    assert regulation.index("Set in this tournament") < regulation.index("Defaults")


def test_russian_site() -> None:
    files = site(tournament(Lang.RU))
    index, card = files["index.html"], files["player-1.html"]
    for word in ("Итоги", "Тур 1", "Положение", "Проектор", "Графики", "Очки по турам"):
        assert word in index, word
    assert "Соперник" in card and "Чёрные" in files["round-1.html"] and "Участники по алфавиту" in files["round-1.html"]
    assert ">0,5<" in card  # komi in the Russian way
    for word in ("Standings", "Regulation", "Opponent"):
        assert word not in index + card, word


def test_charts_are_inline_svg_with_every_leader() -> None:
    t = tournament(Lang.EN)
    index = site(t)["index.html"]
    assert index.count("<svg") == 3
    leaders = re.search(r'id="chart-leaders".*?</figure>', index, re.S)
    assert leaders is not None
    assert leaders.group(0).count("<polyline") == len(t.players)  # 5 players, up to 6 leaders drawn
    handicaps = re.search(r'id="chart-handicaps".*?</figure>', index, re.S)
    assert handicaps is not None
    assert handicaps.group(0).count("<rect") == 3  # games with 0, 2 and 3 stones
    assert re.findall(r"<title>(\d): (\d)</title>", handicaps.group(0)) == [("0", "1"), ("2", "2"), ("3", "1")]


@pytest.mark.parametrize(("span", "count", "step"), [(68, 5, 20), (19, 10, 2), (3, 10, 1), (1000, 5, 200),
                                                    (Fraction(1, 2), 5, 1), (137, 5, 50), (10, 5, 2)])
def test_chart_ticks_step_by_1_2_or_5_times_a_power_of_ten(span: int, count: int, step: int) -> None:
    """Issue 20: ticks were 196, 210, 224 (a step of 14); now the least round step giving at most `count` steps."""
    assert tick_step(Fraction(span), count) == step


def test_charts_y_axis_runs_from_a_round_tick_to_a_round_tick() -> None:
    index = site(load(EXAMPLE).tournament)["index.html"]
    leaders = re.search(r'id="chart-leaders".*?</figure>', index, re.S)
    assert leaders is not None
    assert re.findall(r'class="tick-y"[^>]*>([^<]+)<', leaders.group(0)) == ["180", "200", "220", "240", "260"]
    assert re.findall(r'class="tick-x"[^>]*>([^<]+)<', leaders.group(0)) == ["0", "1", "2", "3"]


def test_page_file() -> None:
    assert page_file("p12") == "player-12.html"
    assert page_file("round-3") == "round-3.html"
    assert page_file("standings") == "index.html"


def test_deterministic() -> None:
    assert site(tournament(Lang.EN)) == site(tournament(Lang.EN))


def test_write_site_leaves_no_temporary_files(tmp_path: Path) -> None:
    t = round_robin(Lang.EN, STRONGER_WINS)
    written = write_site(t, make_report(t), {}, tmp_path / "out")
    assert written[0].name == "index.html"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(p.name for p in written)


def test_a_site_is_never_left_half_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: `publish` onto a full disk left half a site, the index new and the rounds old. Every page is written
    into a temporary folder first: a full disk part way leaves the old site whole and no temporary behind; once all
    are written the site is moved in, a new one as the folder itself, and a folder's own files stay."""
    t = round_robin(Lang.EN, STRONGER_WINS)
    out = tmp_path / "out"
    old = {path.name: path.read_bytes() for path in write_site(t, make_report(t), {}, out)}
    (out / "logo.png").write_bytes(b"the club's")
    played = round_robin(Lang.EN, {(4, 1), (4, 2), (4, 3), (3, 1), (3, 2), (2, 1)})  # the weakest wins
    real = Path.write_text
    count = 0

    def full(path: Path, *args: object, **kwargs: object) -> int:
        nonlocal count
        count += 1
        if count > 3:
            raise OSError(28, "No space left on device")
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", full)
    with pytest.raises(ForsxlError) as refused:
        write_site(played, make_report(played), {}, out)
    assert message(refused.value, Lang.EN) == f"{out} could not be written (No space left on device); it is as it was"
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.name != "logo.png"} == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    new = write_site(played, make_report(played), {}, out)
    assert {p.name: p.read_bytes() for p in new} != old and (out / "logo.png").read_bytes() == b"the club's"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_publish_command_writes_a_site_or_a_page(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copy(EXAMPLE, book)
    assert ": записано" in run("publish", str(book), "-o", str(tmp_path / "site"))
    assert (tmp_path / "site" / "index.html").is_file() and (tmp_path / "site" / "round-3.html").is_file()
    assert len(list((tmp_path / "site").glob("player-*.html"))) == 20
    run("publish", str(book), "-o", str(tmp_path / "one.html"))
    assert "<script" not in (tmp_path / "one.html").read_text(encoding="utf-8")


def test_watch_republishes_after_a_change_and_survives_a_bad_save(tmp_path: Path) -> None:
    book = tmp_path / "book.xlsx"
    book.write_text("v1")
    calls: list[str] = []
    reports: list[str] = []

    def republish() -> None:
        content = book.read_text()
        calls.append(content)
        if content == "broken":
            raise ValueError("half saved")

    edits = iter([None, "broken", None, None, "v2", None, None])

    def sleep(_: float) -> None:  # one poll per "second": the test edits the file between polls
        edit = next(edits, None)
        if edit is not None:
            book.write_text(edit)

    watch_file(book, republish, reports.append, sleep=sleep, polls=8)
    assert calls == ["v1", "broken", "v2"]  # once at the start, then once per settled change
    assert reports == ["half saved"]


def test_watch_says_what_it_watches_and_that_ctrl_c_stopped_it(tmp_path: Path) -> None:
    book = tmp_path / "book.xlsx"
    book.write_text("v1")
    said: list[str] = []

    def republish() -> None:
        raise KeyboardInterrupt

    watch_book(book, republish, said.append, 0, Lang.EN)
    assert said == [f"watching {book} (Ctrl-C stops)", "stopped"]
    said.clear()
    watch_book(book, republish, said.append, 0, Lang.RU)
    assert said == [f"слежу за {book} (Ctrl-C — стоп)", "остановлено"]


def test_explain_command(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copy(EXAMPLE, book)
    out = run("explain", str(book), "--round", "3")
    assert out.startswith("Тур 3, жеребьёвка — соседи по таблице (R7.1):\n") and out.count("Доска ") == 10
    handicaps = [line.strip() for line in out.splitlines() if line.strip().startswith("фора")]
    assert len(handicaps) == 10 and all(re.fullmatch(  # words in full (issue 40): no formula, no «ступ.», «камн.»
        r"фора \(R2\): разница \d+ → \d+ ступен(ь|и|ей) \((по полкамня|по камню|без форы)\); в партии: (на равных, "
        r"коми белым 6,5|\d+ кам(ень|ня|ней)( \(первый ход чёрных, без коми\)| и 8 очков коми чёрным)?)", line)
        for line in handicaps), handicaps
    out = run("explain", str(book), "--player", "Дмитриев")
    assert "выше, чем Дмитриев Иван" in out and "это решает" in out
    out = run("explain", str(book), "--player", "Дмитриев", "--than", "1")
    assert out.splitlines()[0].startswith("Алексеев Артём (место 1) выше, чем Дмитриев Иван")
    failed = CliRunner().invoke(app, ["explain", str(book), "--player", "Nobody"])
    assert failed.exit_code == 1 and "Nobody" in failed.output
    failed = CliRunner().invoke(app, ["explain", str(book)])  # nothing asked: what to give (issue 30)
    assert (failed.exit_code, failed.output) == (1, "укажите, что объяснить: --player ИМЯ (почему у участника его "
                                                    "место) или --round НОМЕР (почему составлена каждая пара тура)\n")


@pytest.mark.parametrize(("lang", "above", "decides"), [(Lang.EN, "is above", "this decides"),
                                                        (Lang.RU, "выше, чем", "это решает")])
def test_r6_comparison_in_words(lang: Lang, above: str, decides: str) -> None:
    t = tournament(lang)
    table = standings(t)
    upper, lower = table[0], table[1]
    lines = comparison_lines(compare(table, lower.player.id, upper.player.id, t.config.tiebreaks), lang)
    assert lines[0].startswith(f"{upper.player.name} (") and above in lines[0] and lower.player.name in lines[0]
    assert decides in lines[-1] and lines[-1].strip().startswith(f"{len(lines) - 1}.")
    assert all(decides not in line for line in lines[1:-1])


def test_r9_team_standings_page() -> None:
    t = tournament(Lang.EN)
    teams = {1: "North", 4: "North", 2: "South <b>", 3: "South <b>"}
    t = replace(t, players=tuple(replace(p, team=teams.get(int(p.id), "")) for p in t.players))
    files = site(t)
    assert "teams.html" in files and 'href="teams.html"' in files["index.html"]
    page = files["teams.html"]
    assert parse(page).errors == []
    assert [row[1] for row in rows(page, "teams")] == [team.team for team in team_standings(standings(t))]
    assert sorted(row[1] for row in rows(page, "teams")) == ["North", "South <b>"]
    assert "South &lt;b&gt;" in page and 'href="player-1.html"' in page


def test_the_wall_list_reads_by_the_first_letter_with_yo_as_ye() -> None:
    names = ["=Ёжиков", "Ёлкин", "Абрамов", "@Борисов", "Евдокимов", "-Яковлев"]
    assert sorted(names, key=_alphabetical) == ["Абрамов", "@Борисов", "Евдокимов", "=Ёжиков", "Ёлкин", "-Яковлев"]
