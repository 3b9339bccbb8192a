"""The regulation in prose (issue 30): each rule of the effective Config worded once with this tournament's numbers,
in the workbook's language, as clubs publish a regulation; `forsxl regulation` prints it before the tournament, and
the site's regulation page shows it above the Config table."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from test_cli import RUSSIAN, new_book, ok, refused
from test_languages import english_in, english_words, page_text

from forsxl.book.config import build_config, presets
from forsxl.engine.model import Tournament
from forsxl.engine.values import Lang
from forsxl.publish import pdf
from forsxl.publish.regulation import _formula, regulation


def _text(preset: str, lang: str = "ru", *keys: tuple[str, object]) -> dict[str, list[str]]:
    """The regulation of a preset with no players yet: its clauses' paragraphs by title."""
    config, _, errors = build_config([("preset", preset, None), ("lang", lang, None),
                                      *((k, v, None) for k, v in keys)])
    assert errors == []
    reg = regulation(Tournament(config, ()), config.groups.sizes)
    return {c.title: list(c.paragraphs) for c in reg.clauses}


def test_r12_the_club_regulation_words_each_rule_with_its_numbers() -> None:
    """[000]'s club Fors as a Russian club publishes it: start points, the two groups' handicap, the points."""
    said = _text("fors-club", "ru", ("rounds", 4))
    assert list(said) == ["Турнир", "Стартовые очки", "Группы", "Фора", "Очки за партию", "Жеребьёвка",
                          "Свободный тур, опоздавшие, пропуски", "Места"]
    assert said["Турнир"][0] == "Турнир проводится в 4 тура."
    assert said["Стартовые очки"][:2] == [
        "Стартовые очки — одно очко за каждые 10 пунктов рейтинга, ниже 1000 — за каждые 20.",
        "8 сильнейших по рейтингу получают равные стартовые очки: как у последнего из них плюс 1."]
    assert said["Группы"][0] == ("Перед каждым туром участники делятся на группы сверху вниз по турнирной таблице: "
                                 "группа 1 — 8 участников, остальные — в группе 2.")
    top, rest = said["Фора"][1:3]
    assert top.startswith("В верхней группе: ступень в полкамня на каждые 50 пунктов разницы, с округлением до "
                          "ближайшей: 1 ступень — фора 1 (первый ход чёрных без коми), 2 ступени — фора 1 и 8 очков "
                          "коми чёрным")
    assert rest.startswith("В группе 2: при разнице меньше 25 пунктов — на равных; от 25 до 99 — фора 1")
    assert said["Очки за партию"][:2] == [
        "Партия на равных: победителю 20 очков, проигравшему 10 очков.",
        "Партия с форой в N ступеней: победа дающего фору — дающему 20+N, получающему 10−N; победа получающего "
        "фору — получающему 20, дающему 10."]
    assert "он получает 15 очков." in said["Свободный тур, опоздавшие, пропуски"][0]
    assert said["Места"][0] == ("Места определяются по критериям: очки, затем число побед, затем КС (сумма очков "
                                "соперников), затем сумма побед соперников, затем рейтинг.")
    assert not any(re.search(r"\(R\d", p) for ps in said.values() for p in ps)  # players read no rule ids


@pytest.mark.parametrize(("preset", "clause", "expected"), [
    pytest.param("fors-simple", "Points for a game", "when the giver wins, 3 (N=1), 4 (N=2–4), 5 (N=5–9) points to "
                 "the giver and 0 to the taker; when the taker wins, 1 to the taker and 0 to the giver",
                 id="[002] 3-5"),
    pytest.param("fors-2009", "Points for a game", "when the taker wins, 20−N to the taker and 10+N to the giver",
                 id="[002] symmetric"),
    pytest.param("fors-2004", "Handicap", "In group 2: the difference multiplied by 0.5; below 25 points",
                 id="[002] half the difference"),
    pytest.param("mcmahon", "Start points", "Start points by rank: 1 a rank, counted up from 30k as 0; everyone above "
                 "1d counts as 1d; everyone below 20k counts as 20k", id="McMahon bar and floor"),
    pytest.param("renju-weekly", "Handicap", "Every game is even; Black goes to the one who has had it less.",
                 id="[000] renju: no komi"),
    pytest.param("serp", "Pairing", "Serp: each plays 10 games against the players nearest in rating", id="[004]"),
    pytest.param("fors-m", "Pairing", "Rounds 1-3: shift: player i in the start list meets player i+s", id="[002] m"),
    pytest.param("fors-2009", "Playoff", "After round 3, the best 8 by the standings play a knockout", id="playoff"),
])
def test_r12_every_preset_has_its_rules_worded(preset: str, clause: str, expected: str) -> None:
    assert any(expected in paragraph for paragraph in _text(preset, "en")[clause])


@pytest.mark.parametrize("preset", list(presets()))
def test_a_russian_regulation_has_no_english_word(preset: str) -> None:
    vocabulary = english_words()
    lines = [p for ps in _text(preset, "ru", ("prizes.lists", "Кю: wins, рейтинг<2000, 3 места, один раз"))
             .values() for p in ps]
    assert [line for line in lines if english_in(line, vocabulary)] == []


def test_a_points_formula_is_read_off_the_scheme() -> None:
    assert _formula(lambda n: Fraction(20 + n), 9, Lang.EN) == "20+N"
    assert _formula(lambda n: Fraction(10 - 2 * n), 9, Lang.RU) == "10−2N"
    assert _formula(lambda n: Fraction(5), 9, Lang.EN) == "5"
    assert _formula(lambda n: Fraction(3 if n <= 3 else 4), 9, Lang.EN) == "3 (N=1–3), 4 (N=4–9)"


def test_regulation_command_writes_the_document_before_the_tournament(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`forsxl regulation` on a workbook with its players and no round yet; its file named in its language."""
    path = new_book(tmp_path, RUSSIAN, "--lang", "ru")
    monkeypatch.chdir(tmp_path)
    assert ok("regulation", path).stdout == f"{tmp_path / 'club-положение.html'}: положение, 8 пунктов\n"
    text = list(page_text((tmp_path / "club-положение.html").read_text("utf-8")))
    assert text[:3] == ["Положение о турнире · club", "Положение о турнире", "club"]
    assert "Заявлено 7 участников." in text and "Стартовые очки" in text
    refused(tmp_path / "x.doc", ["regulation", path, "-o", tmp_path / "x.doc"],
            f"{tmp_path / 'x.doc'}: положение записывается в .pdf или .html")


def test_the_site_s_regulation_page_is_prose_then_the_settings(book: Path, tmp_path: Path) -> None:
    path = book
    ok("publish", path, "-o", tmp_path / "site")
    page = (tmp_path / "site" / "regulation.html").read_text("utf-8")
    prose, settings = page.split("<h2>Settings, for referees</h2>")
    assert '<ol class="clauses">' in prose and "20 players are registered." in prose and "<table" not in prose
    assert "<code>handicap.max_steps</code>" in settings


@pytest.mark.browser
def test_regulation_pdf_is_printed_by_chromium(tmp_path: Path) -> None:
    if pdf.find_browser() is None:
        pytest.skip("no Chromium or Chrome on PATH (apt-get install chromium)")
    from pypdf import PdfReader

    path = new_book(tmp_path, RUSSIAN, "--lang", "ru")
    out = tmp_path / "polozhenie.pdf"
    assert ok("regulation", path, "-o", out).stdout == f"{out}: положение, 8 пунктов\n"
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    assert "ПОЛОЖЕНИЕ О ТУРНИРЕ" in text and "Стартовые очки" in text and "Жеребьёвка" in text
