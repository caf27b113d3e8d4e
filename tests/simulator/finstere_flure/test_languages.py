"""Issue 12: the engine's sentences and the board's texts follow the reader's language (nl, de, en),
with the terms of the game's glossary (rulebooks/content/finstere-flure/glossary.toml). The board of
real positions (from the game's scenarios) holds its language's words and none of the other
languages' distinctive words; events, refusals and results are rendered in each language."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from rulebooks.glossary import LANGUAGES, glossary_path, read_glossary
from rules.core.scenarios import load_scenario, replay
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.view import board_view, tap

from .support import rulebook_clauses

CONTENT = Path(__file__).resolve().parents[3] / "rulebooks" / "content"
TERMS = {term.id: term for term in read_glossary(glossary_path(CONTENT, "finstere-flure"))}

# Terms every board shows (squares, walls, the start pool in the legend, the card or the deck, the
# chapter and round in its title); stones and blood are checked where the position has them.
BOARD_TERMS = ("square", "start-square", "exit-square", "exit", "outer-wall", "start-pool", "card", "chapter", "round")
# Small words of each language that the other two never write (whole words).
FUNCTION_WORDS = {
    "nl": {"het", "een", "naar", "op", "van", "en", "toont", "wordt", "staat"},
    "de": {"der", "die", "das", "und", "auf", "nach", "ist", "zeigt", "im"},
    "en": {"the", "and", "of", "on", "showing", "to"},
}


@cache
def frames(scenario: str) -> tuple:
    return tuple(replay(ENGINE, load_scenario("finstere-flure", scenario)))


def frame(scenario: str, index: int):
    """(state, previous state, events) of a scenario's frame."""
    shown = frames(scenario)
    f = shown[index]
    return f.state, shown[index - 1].state if index else None, f.events


def board_texts(scenario: str, index: int, lang: str | None) -> list[str]:
    """Every text the board writes: title, description, status, legend, shape titles and texts."""
    state, previous, events = frame(scenario, index)
    view = board_view(ENGINE, state, previous=previous, events=events, lang=lang)
    out = [view.label, view.status, *view.description]
    for row in view.legend:
        out += [row.label, row.note, *row.chips]
    for shape in view.shapes:
        out += [shape.title, shape.text]
    return [t for t in out if t]


def words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W\d_]+", text)}


def foreign_forms(term_id: str, lang: str) -> list[str]:
    """The other languages' forms of a term that this language's text can never contain."""
    term = TERMS[term_id]
    own = [f.casefold() for f in term.forms[lang]]
    return [
        f
        for other in LANGUAGES
        if other != lang
        for f in term.forms[other]
        if not any(f.casefold() in o or o in f.casefold() for o in own)
    ]


POSITIONS = [
    # (scenario, frame, the clause whose situation it shows, terms beyond BOARD_TERMS)
    ("ff-monster-door-muur", 1, "ff-monster-door-muur", ("stone-block", "monster", "caught")),
    ("ff-bloedplas-glijden", 1, "ff-bloedplas-glijden", ("blood-pool", "blood")),
    ("ff-monster-treffers", 1, "ff-monster-treffers", ("monster-card", "caught")),
    ("ff-dmaufbau-plaatsen", 2, "ff-dmaufbau-plaatsen", ("stone-block", "build-up")),
    ("ff-einde-gelijke-stand", 1, "ff-einde-gelijke-stand", ("saved",)),
]


@pytest.mark.parametrize("scenario, index, clause, extra", POSITIONS, ids=[p[0] for p in POSITIONS])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_of_real_positions_speaks_the_readers_language(scenario, index, clause, extra, lang):
    """The board of positions of the game's scenarios (each showing the clause in its id) holds the
    glossary's words in the reader's language and none of the other languages' words."""
    assert clause in rulebook_clauses()
    texts = board_texts(scenario, index, lang)
    joined = "\n".join(texts)
    for term_id in (*BOARD_TERMS, *extra):
        term = TERMS[term_id]
        assert term.appears_in(joined, lang), f"{scenario} {lang}: no {term.forms[lang]} for '{term_id}'"
        for form in foreign_forms(term_id, lang):
            assert form.casefold() not in joined.casefold(), f"{scenario} {lang}: '{form}' ({term_id})"
    found = words(joined)
    for other, small in FUNCTION_WORDS.items():
        if other != lang:
            assert not found & small, f"{scenario} {lang}: {other} words {sorted(found & small)}"


@pytest.mark.parametrize("scenario, index", [(p[0], p[1]) for p in POSITIONS])
def test_without_a_language_the_board_is_dutch_the_rulebooks_language(scenario, index):
    state, previous, events = frame(scenario, index)
    assert board_view(ENGINE, state, previous=previous, events=events) == board_view(
        ENGINE, state, previous=previous, events=events, lang="nl"
    )
    texts = {lang: board_texts(scenario, index, lang) for lang in LANGUAGES}
    assert texts["nl"][0].startswith("Speelbord Finstere Flure, hoofdstuk")
    assert texts["de"][0].startswith("Spielplan Finstere Flure, Kapitel")
    assert texts["en"][0].startswith("Finstere Flure board, chapter")


def test_the_monster_turn_status_and_card_in_three_languages_ff_monster_getalkaart():
    """ff-monster-door-muur, step 1: the monster walks card 5 and has caught a figure."""
    assert "ff-monster-getalkaart" in rulebook_clauses()
    state, previous, events = frame("ff-monster-door-muur", 1)
    status = {lang: board_view(ENGINE, state, previous=previous, events=events, lang=lang).status for lang in LANGUAGES}
    assert status == {
        "nl": "Het monster loopt. Monsterkaart 5: 3 van 5 stappen gezet, nog 2; 1 figuur gepakt.",
        "de": "Das Monster läuft. Monsterkarte 5: 3 von 5 Schritten gemacht, noch 2; 1 Figur gefangen.",
        "en": "The monster walks. Monster card 5: 3 of 5 steps taken, 2 left; 1 figure caught.",
    }


def test_the_caught_figure_is_marked_in_three_languages_ff_monster_pakt():
    assert "ff-monster-pakt" in rulebook_clauses()
    texts = {lang: board_texts("ff-monster-door-muur", 1, lang) for lang in LANGUAGES}
    assert "Hier is geel 1 gepakt op (0, 5)." in texts["nl"]
    assert "Hier wurde Gelb 1 auf (0, 5) gefangen." in texts["de"]
    assert "Here Yellow 1 was caught on (0, 5)." in texts["en"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tap_prompts_follow_the_language(lang):
    state, _previous, _events = frame("ff-monster-door-muur", 1)
    options = tap(ENGINE, state, (), lang=lang)
    assert TERMS["monster"].appears_in(options.status, lang)
    assert TERMS["card"].appears_in(options.status, lang)
    found = words(options.status + " " + " ".join(t.label for t in options.taps))
    for other, small in FUNCTION_WORDS.items():
        if other != lang:
            assert not found & small, (lang, sorted(found & small))


# -- the engine's sentences -------------------------------------------------------------------------


def event(scenario: str, index: int, key: str):
    found = [e for e in frames(scenario)[index].events if e.key == key]
    assert len(found) == 1, [e.key for e in frames(scenario)[index].events]
    return found[0]


def rendered(e) -> dict[str, str]:
    return {lang: ENGINE.describe(e, lang) for lang in LANGUAGES}


def test_the_monster_walks_through_the_outer_wall_ff_monster_door_muur():
    """ff-monster-door-muur: the monster leaves through the outer wall and comes back in opposite."""
    assert "ff-monster-door-muur" in rulebook_clauses()
    assert rendered(event("ff-monster-door-muur", 1, "monster.wall")) == {
        "nl": "Stap 3: het monster loopt op (15, 5) door de buitenmuur en komt aan de overkant op (0, 5) weer "
        "binnen, nog steeds naar rechts kijkend.",
        "de": "Schritt 3: Das Monster geht auf (15, 5) durch die Außenmauer und kommt auf der anderen Seite auf "
        "(0, 5) wieder herein, weiter nach rechts schauend.",
        "en": "Step 3: the monster walks through the outer wall at (15, 5) and comes back in on the opposite side "
        "at (0, 5), still looking right.",
    }


def test_a_figure_is_flipped_after_its_turn_ff_omdraaien():
    assert "ff-omdraaien" in rulebook_clauses()
    data = {"figure": "red1", "showing": 4}
    assert {lang: ENGINE.messages.render("move.flip", data, lang) for lang in LANGUAGES} == {
        "nl": "Rood 1 wordt omgedraaid en toont nu 4.",
        "de": "Rot 1 wird umgedreht und zeigt jetzt 4.",
        "en": "Red 1 is flipped and now shows 4.",
    }


def test_a_step_against_the_outer_wall_is_refused_ff_orthogonaal():
    """ff-orthogonaal: figures walk straight; the outer wall stops them (a refusal)."""
    assert "ff-orthogonaal" in rulebook_clauses()
    refused = frames("ff-orthogonaal")[3].refused
    assert refused is not None and refused.key == "refuse.wall"
    assert {lang: ENGINE.reason(refused, lang) for lang in LANGUAGES} == {
        "nl": "Van (0, 5) kan niet naar links gestapt worden: daar is de buitenmuur.",
        "de": "Von (0, 5) kann man nicht nach links gehen: Dort ist die Außenmauer.",
        "en": "Stepping left from (0, 5) is impossible: the outer wall is there.",
    }


def test_a_stone_block_against_the_wall_cannot_be_pushed_ff_steen_schuiven():
    assert "ff-steen-schuiven" in rulebook_clauses()
    refused = frames("ff-steen-schuiven")[2].refused
    assert refused is not None
    reasons = {lang: ENGINE.reason(refused, lang) for lang in LANGUAGES}
    assert reasons["de"] == "Der Steinblock auf (15, 5) liegt an der Außenmauer und kann nicht geschoben werden."
    assert reasons["en"] == "The stone block on (15, 5) lies against the outer wall and cannot be pushed."


def test_the_tie_is_broken_by_who_got_there_first_ff_einde_gelijke_stand():
    """ff-einde-gelijke-stand: equal numbers saved, the player who reached it first wins (a result)."""
    assert "ff-einde-gelijke-stand" in rulebook_clauses()
    result = ENGINE.result(frames("ff-einde-gelijke-stand")[-1].state)
    assert result is not None and result.key == "result.tiebreak"
    assert {lang: ENGINE.describe_result(result, lang) for lang in LANGUAGES} == {
        "nl": "Geel wint met 2 geredde figuren; rood redde er evenveel, maar geel bereikte dat aantal het eerst.",
        "de": "Gelb gewinnt mit 2 geretteten Figuren; Rot hat ebenso viele gerettet, aber Gelb hatte diese Zahl "
        "zuerst erreicht.",
        "en": "Yellow wins with 2 saved figures; Red saved as many, but Yellow reached that number first.",
    }


def test_a_tie_of_several_players_agrees_in_german_and_english_ff_einde_gelijke_stand():
    data = {"winner": "red", "saved": 3, "others": ["yellow", "blue"]}
    assert ENGINE.messages.render("result.tiebreak", data, "de").startswith(
        "Rot gewinnt mit 3 geretteten Figuren; Gelb und Blau haben ebenso viele gerettet")
    assert ENGINE.messages.render("result.tiebreak", data, "en").startswith(
        "Red wins with 3 saved figures; Yellow and Blue saved as many")


@cache
def scenario_events() -> tuple:
    folder = Path(__file__).resolve().parents[3] / "rules" / "games" / "finstere_flure" / "scenarios"
    out = []
    for path in sorted(folder.glob("*.toml")):
        for f in frames(path.stem):
            out += f.events
            if f.refused is not None:
                out.append(f.refused)
    return tuple(out)


@pytest.mark.parametrize("lang", ("de", "en"))
def test_every_sentence_of_every_scenario_is_in_the_readers_language(lang):
    """Every event and refusal of every scenario, rendered in German and English, holds none of the
    other two languages' small words (so no sentence falls back to Dutch)."""
    keys = set()
    for item in scenario_events():
        text = ENGINE.reason(item, lang) if hasattr(item, "with_action") else ENGINE.describe(item, lang)
        found = words(text)
        for other, small in FUNCTION_WORDS.items():
            if other != lang:
                assert not found & small, (item.key, text, sorted(found & small))
        keys.add(item.key)
    assert len(keys) > 60
