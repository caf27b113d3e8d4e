"""Issue 27, on paper: rulebooks print with their contents, § numbers, no navigation and sensible
page breaks, and a step's ruling fits one A4 page for a typical dispute. Checked by printing to PDF
in Chromium (Playwright's page.pdf) and reading the PDF back (pypdf): its pages and their text."""

import io
import math
import re

import pytest
from django.utils.translation import gettext, override
from pypdf import PdfReader

from rulebooks.models import Clause, Game
from rules.core.registry import all_games, get_game
from rules.core.scenario_files import scenario_paths
from simulator import sharing
from simulator.addressing import Address
from simulator.timelines import scenario_timeline
from tests.site_games import SITE_GAMES
from tests.toygames.site import add_every_game_to_site

pytestmark = pytest.mark.browser

A4_MM = (210, 297)
CHARS_PER_PAGE = 1000  # printed 11 pt text with headings and notes: about 1,300 characters a page


def pdf_pages(page, url):
    page.goto(url)
    reader = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=False)))
    for p in reader.pages:
        box = p.mediabox
        size_mm = (round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72))
        assert size_mm == A4_MM
    return [p.extract_text() or "" for p in reader.pages]


def tr(lang, text):
    with override(lang):
        return gettext(text)


@pytest.mark.parametrize("slug", SITE_GAMES)  # every content folder (tests/site_games.py)
def test_a_rulebook_prints_with_contents_numbers_and_no_navigation(page, site, slug):
    game = Game.objects.get(slug=slug)
    lang = game.language
    pages = pdf_pages(page, f"{site}/{lang}/{slug}/")
    text = "\n".join(pages)
    # The contents come first, on pages of their own (their entries carry numbers, not "§").
    assert tr(lang, "Contents") in pages[0]
    first_rules = next(i for i, t in enumerate(pages) if "§" in t)
    assert first_rules >= 1 and game.title in pages[first_rules]
    # Every clause with its § number.
    for clause in Clause.objects.filter(game=game):
        assert f"§{clause.number}" in text.replace("\n", " ").replace("§ ", "§"), clause.number
    # No navigation, search, language switch, demo buttons or offline control.
    for words in ("Search the rules", "Skip to content", "Keep this game offline", "Open the simulator",
                  "Questions and rulings (FAQ)"):
        assert tr(lang, words) not in text, words
    assert "▶" not in text and "¶" not in text
    # Sensible breaks: no page is nearly empty (no clause forced onto a page of its own) and the
    # whole is about as long as its text.
    body = pages[first_rules:-1]
    assert all(len(t) > 400 for t in body), [len(t) for t in body]
    assert len(pages) <= math.ceil(len(text) / CHARS_PER_PAGE) + 2


def typical_dispute(slug):
    """A typical dispute: one move and the few rules it touches. The last step (where the rule has
    happened) of the first demo under the game's rules whose ruling cites at most three clauses."""
    spec = get_game(slug)
    game = Game.objects.get(slug=slug)
    with override("en"):
        for clause in Clause.objects.filter(game_id=slug).exclude(demos=[]).order_by("position"):
            scenario = clause.demos[0]["scenario"]
            timeline = scenario_timeline(spec.engine, scenario)
            story = sharing.step_story(game, spec, Address(timeline, timeline.last))
            if 1 <= len(sharing.cited_anchors(story)) <= 3:
                return scenario, timeline.last
    raise AssertionError(f"{slug} has no demo citing one to three clauses")


@pytest.mark.parametrize("slug", [spec.slug for spec in all_games()])
def test_a_typical_ruling_prints_on_one_a4_page(page, site, slug):
    """Every registered game: the page holds the board, what happened, the cited clauses in full,
    the FAQ rulings and the QR code with its address."""
    add_every_game_to_site()
    scenario, step = typical_dispute(slug)
    assert scenario in scenario_paths(slug)
    pages = pdf_pages(page, f"{site}/en/{slug}/sim/print/?scenario={scenario}&step={step}")
    assert len(pages) == 1, [len(t) for t in pages]
    text = pages[0]
    assert "Ruling" in text and "What happened" in text and "The rules cited, in full" in text
    assert re.search(r"sim/\?scenario=\S*", text.replace("\n", "")), "the address under the QR code"
    assert "Back to the board" not in text
