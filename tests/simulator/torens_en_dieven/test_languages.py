"""Issue 12: the board and the engine's sentences of Torens & Dieven follow the reader's language
(nl, de, en) with the terms of the game's glossary (rulebooks/content/torens-en-dieven/glossary.toml):
a German page shows Turm, Wächter and Landschaftskarte, an English one tower, guard and land tile, and
neither shows the other languages' words."""

from pathlib import Path

import pytest

from rulebooks.glossary import LANGUAGES, glossary_path, inconsistencies, read_glossary
from rules.core.scenarios import load_scenario, replay
from rules.games.torens_en_dieven import ENGINE, GAME
from tests.simulator.refusals import refusal

from .support import play, position

CONTENT = Path(__file__).resolve().parents[3] / "rulebooks" / "content"
TERMS = read_glossary(glossary_path(CONTENT, "torens-en-dieven"))

# Words only one language uses for the game's main terms (tower, guard, tile, supply, reach).
DISTINCTIVE = {
    "nl": ("toren", "wachter", "tegel", "voorraad", "bereik"),
    "de": ("Turm", "Wächter", "Karte", "Vorrat", "Reichweite"),
    "en": ("tower", "guard", "tile", "supply", "reach"),
}

# Positions from the game's scenarios: (scenario, step) and a reason to look at it.
POSITIONS = [
    ("td-voorbeeld-rood", 0),  # draw step: the river, a tower without guard (td-diefsymbool-afhandelen)
    ("td-voorbeeld-rood", 2),  # place step after a theft: free spots, the stolen tile (td-dieven-stelen-tegel)
    ("td-wachter-zetten", 1),  # guard step: reach and tappable towers (td-wachter-zetten)
    ("td-bereik-gaten", 0),  # guard step with gaps in the playing area (td-bereik-gaten)
    ("td-voorraad-beperkt", 1),  # grow step: the supply is short (td-voorraad-beperkt)
    ("td-rivier-schudden", 3),  # placing a river tile, the river stack (td-rivier-schudden)
    ("td-eindtelling", 2),  # the game is over: the winner in the status line (td-eindtelling-wachters)
]


def board_text(view) -> str:
    parts = [view.label, view.status, *view.description]
    for row in view.legend:
        parts += [row.label, row.note]
    for shape in view.shapes:
        parts += [shape.title, shape.text]
    return "\n".join(p for p in parts if p)


def frame_state(scenario_id: str, step: int):
    frames = replay(ENGINE, load_scenario("torens-en-dieven", scenario_id))
    return frames[min(step, len(frames) - 1)].state


def boards(lang):
    for scenario_id, step in POSITIONS:
        state = frame_state(scenario_id, step)
        yield scenario_id, board_text(GAME.view.board_view(ENGINE, state, lang=lang))


def has_word(text: str, word: str) -> bool:
    return word.casefold() in text.casefold()


def test_the_glossary_has_the_games_terms_in_three_languages():
    ids = {t.id for t in TERMS}
    assert {"tower", "tower-piece", "tower-site", "guard", "thief-symbol", "tile", "supply", "reach"} <= ids
    assert all(set(t.forms) == set(LANGUAGES) for t in TERMS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_is_written_in_the_readers_language_and_only_in_it(lang):
    for (scenario_id, nl), (_, text) in zip(boards("nl"), boards(lang), strict=True):
        assert has_word(nl, "toren") and has_word(nl, "wachter") and has_word(nl, "tegel")  # on every board
        for source_word, word in zip(DISTINCTIVE["nl"], DISTINCTIVE[lang], strict=True):
            if has_word(nl, source_word):
                assert has_word(text, word), f"{scenario_id} ({lang}): no '{word}' in\n{text}"
        for other, words in DISTINCTIVE.items():
            if other == lang:
                continue
            stray = [w for w in words if has_word(text, w)]
            assert not stray, f"{scenario_id} ({lang}): {other} words {stray} in\n{text}"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_board_renders_every_glossary_term_of_the_dutch_board(lang):
    for (scenario_id, nl), (_, text) in zip(boards("nl"), boards(lang), strict=True):
        wrong = inconsistencies(TERMS, "nl", nl, lang, text)
        assert not wrong, f"{scenario_id} ({lang}): {[t.id for t in wrong]} missing in\n{text}"


def test_none_means_the_rulebooks_dutch_on_the_board():
    state = frame_state("td-wachter-zetten", 2)
    assert GAME.view.board_view(ENGINE, state) == GAME.view.board_view(ENGINE, state, lang="nl")


def test_td_wachter_zetten_the_board_in_the_guard_step_in_three_languages():
    """td-wachter-zetten / td-torenbereik: the tower in reach, its guard status and the status line."""
    state = position(phase="guard", placed=[1, 0])
    status = {lang: GAME.view.board_view(ENGINE, state, lang=lang).status for lang in LANGUAGES}
    assert status == {
        "nl": "Rood mag een wachter zetten op een toren binnen bereik, of niet.",
        "de": "Rot darf einen Wächter auf einen Turm in Reichweite setzen, oder keinen.",
        "en": "Red may place a guard on a tower within reach, or none.",
    }
    titles = {lang: {s.title for s in GAME.view.board_view(ENGINE, state, lang=lang).shapes} for lang in LANGUAGES}
    assert "Toren op (2, 0), 1 hoog (bereik 1), geen wachter." in titles["nl"]
    assert "Turm auf (2, 0), 1 hoch (Reichweite 1), kein Wächter." in titles["de"]
    assert "Tower on (2, 0), 1 high (reach 1), no guard." in titles["en"]


def test_td_wachter_zetten_an_event_in_three_languages():
    """td-wachter-zetten: a guard goes on a tower in reach instead of a meeple on the tile."""
    state = position(phase="guard", placed=[1, 0])
    _, events = play(state, "guard:2,0")
    event = next(e for e in events if e.key == "guard")
    assert ENGINE.describe(event, "nl") == (
        "Rood zet een wachter op de toren op (2, 0) (1 hoog) in plaats van een meeple op de tegel.")
    assert ENGINE.describe(event, "de") == (
        "Rot setzt einen Wächter auf den Turm auf (2, 0) (1 hoch) statt eines Meeples auf die Karte.")
    assert ENGINE.describe(event, "en") == (
        "Red places a guard on the tower on (2, 0) (1 high) instead of a meeple on the tile.")


def test_td_dieven_stelen_tegel_the_theft_in_three_languages():
    """td-dieven-stelen-tegel: no tower has a guard, so the thieves steal the tile."""
    frames = replay(ENGINE, load_scenario("torens-en-dieven", "td-voorbeeld-rood"))
    theft = next(e for f in frames for e in f.events if e.key == "theft")
    assert theft.clause == "td-dieven-stelen-tegel"
    assert ENGINE.describe(theft, "nl").startswith("Op geen enkele toren staat een wachter: de dieven stelen")
    assert ENGINE.describe(theft, "de") == (
        "Auf keinem Turm steht ein Wächter: Die Diebe stehlen die Karte von Rot. "
        "Sie wird offen neben die Wertungstafel gelegt (Wert 4).")
    assert ENGINE.describe(theft, "en") == (
        "No tower has a guard: the thieves steal Red's tile. It goes face up next to the scoreboard (value 4).")


def test_td_torenbereik_a_refusal_in_three_languages():
    """td-torenbereik: a guard only goes on a tower whose reach covers the tile just placed."""
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0], [3, 0], [4, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 1}, {"at": [4, 0], "pieces": 1}]
    state = position(tiles=tiles, towers=towers, phase="guard", placed=[3, 0])
    error = refusal(ENGINE, state, "guard:1,0")
    assert error.clause == "td-torenbereik"
    assert ENGINE.reason(error, "nl") == "De tegel op (3, 0) ligt niet binnen het bereik van de toren op (1, 0) (1 hoog)."
    assert ENGINE.reason(error, "de") == "Die Karte auf (3, 0) liegt nicht in Reichweite des Turms auf (1, 0) (1 hoch)."
    assert ENGINE.reason(error, "en") == "The tile on (3, 0) is not within reach of the tower on (1, 0) (1 high)."


def test_td_eindtelling_wachters_the_result_in_three_languages():
    """td-eindtelling-wachters: the most points from this expansion wins; a tie shares the victory."""
    state = position(phase="over", stack={}, scores={"red": 7, "green": 2})
    result = ENGINE.result(state)
    assert ENGINE.describe_result(result, "nl") == "Rood wint met 7 punten uit deze uitbreiding."
    assert ENGINE.describe_result(result, "de") == "Rot gewinnt mit 7 Punkten aus dieser Erweiterung."
    assert ENGINE.describe_result(result, "en") == "Red wins with 7 points from this expansion."
    shared = ENGINE.result(position(phase="over", stack={}, scores={"red": 5, "green": 5}))
    assert ENGINE.describe_result(shared, "de") == "Rot und Grün teilen sich den Sieg mit je 5 Punkten aus dieser Erweiterung."
    assert ENGINE.describe_result(shared, "en") == "Red and Green share the victory with 5 points each from this expansion."
    over = {lang: GAME.view.board_view(ENGINE, state, lang=lang).status for lang in LANGUAGES}
    assert over == {"nl": "Het spel is afgelopen. Winnaar: Rood.", "de": "Das Spiel ist zu Ende. Sieger: Rot.",
                    "en": "The game is over. Winner: Red."}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_event_of_the_scenarios_reads_in_the_language_without_dutch_words(lang):
    """Every event every scenario shows, rendered in de and en, has none of the Dutch words."""
    for scenario_id in ("td-voorbeeld-rood", "td-eindtelling", "td-wachter-verdrijven", "td-voorraad-beperkt"):
        for frame in replay(ENGINE, load_scenario("torens-en-dieven", scenario_id)):
            for event in frame.events:
                text = ENGINE.describe(event, lang)
                stray = [w for w in DISTINCTIVE["nl"] if has_word(text, w)]
                assert not stray, f"{scenario_id} {event.key} ({lang}): {stray} in {text!r}"
