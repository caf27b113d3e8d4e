"""Issue 12: everything the engine and the board write follows the reader's language (nl, de, en),
with the terms of rulebooks/content/betoverde-torens/glossary.toml. The Dutch board is the one the
game has always drawn (``lang=None`` is the rulebook's Dutch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebooks.glossary import glossary_path, inconsistencies, read_glossary
from rules.core.scenarios import load_scenario, replay
from rules.games.betoverde_torens import ENGINE, GAME

from .support import new_game

VIEW = GAME.view
LANGS = ("nl", "de", "en")
ROOT = Path(__file__).resolve().parents[3]
TERMS = {t.id: t for t in read_glossary(glossary_path(ROOT / "rulebooks" / "content", "betoverde-torens"))}
SCENARIOS = sorted(p.stem for p in (ROOT / "rules" / "games" / "betoverde_torens" / "scenarios").glob("*.toml"))
assert SCENARIOS, "no scenario files: the path above is wrong"

# Terms every board names (spaces, towers, the Raventoren, flasks, cards and piles, hands).
ON_EVERY_BOARD = ("game", "wizard", "tower", "raven-tower", "space", "flask", "card", "draw-pile", "discard-pile")
# Terms whose words differ between the languages: none of another language's forms may show.
DISTINCT = (
    "game",
    "wizard",
    "tower",
    "raven-tower",
    "space",
    "raven-space",
    "flask",
    "filled",
    "spell",
    "card",
    "draw-pile",
    "discard-pile",
    "imprisoned",
    "turn",
    "teammate",
)


def frames(scenario_id: str) -> list[Any]:
    return replay(ENGINE, load_scenario("betoverde-torens", scenario_id))


def board_text(state: Any, lang: str | None, seat: str | None = None) -> str:
    """Every text of the board at ``state``: SVG label, shapes' titles and texts, description, legend,
    status, the labels and groups of the legal actions and the tap prompts."""
    view = VIEW.board_view(ENGINE, state, seat=seat, lang=lang)
    parts = [view.label, view.status, *view.description]
    parts += [f"{row.label}: {row.note}" for row in view.legend]
    parts += [shape.title for shape in view.shapes] + [shape.text for shape in view.shapes]
    legal = ENGINE.legal_actions(state)
    parts += [VIEW.action_label(ENGINE, state, a, lang=lang) for a in legal[:60]]
    parts += [VIEW.action_group(ENGINE, state, a, lang=lang) for a in legal[:60]]
    options = VIEW.tap(ENGINE, state, (), lang=lang)
    parts += [tap.label for tap in options.taps] + [options.status]
    return "\n".join(p for p in parts if p)


def foreign_forms(term_id: str, lang: str) -> list[str]:
    """The forms of ``term_id`` in the other languages that no form of ``lang`` contains or is part of."""
    term = TERMS[term_id]
    own = [f.casefold() for f in term.forms[lang]]
    return [
        form
        for other in LANGS
        if other != lang
        for form in term.forms[other]
        if not any(form.casefold() in o or o in form.casefold() for o in own)
    ]


# Positions from the game's scenarios: the start (bt-opbouw), open spells and a freed wizard
# (bt-spreuk-bevrijden), a dice card in play after a roll (bt-dobbelsteen-herwerpen), the team
# variant (bt-teams-kaart-vragen), imprisoned wizards (bt-fles-vullen) and a finished game (bt-laatste-ronde).
POSITIONS = [
    ("bt-opbouw", 0),
    ("bt-spreuk-bevrijden", 3),
    ("bt-dobbelsteen-herwerpen", 2),
    ("bt-teams-kaart-vragen", 1),
    ("bt-fles-vullen", 1),
    ("bt-laatste-ronde", -1),
]


@pytest.mark.parametrize(("scenario", "step"), POSITIONS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_board_speaks_the_readers_language_with_the_glossary_terms(scenario, step, lang):
    state = frames(scenario)[step].state
    text = board_text(state, lang)
    expected = list(ON_EVERY_BOARD) + (["spell"] if ENGINE.position_of(state)["spells"] else [])
    missing = [t for t in expected if not TERMS[t].appears_in(text, lang)]
    assert not missing, f"{lang}: no word for {missing}"
    folded = text.casefold()
    foreign = sorted({form for t in DISTINCT for form in foreign_forms(t, lang) if form.casefold() in folded})
    assert not foreign, f"{lang} board of {scenario} holds other languages' words: {foreign}"


@pytest.mark.parametrize(("scenario", "step"), POSITIONS)
def test_the_dutch_board_is_the_source_board(scenario, step):
    state = frames(scenario)[step].state
    assert board_text(state, "nl") == board_text(state, None)
    assert VIEW.board_view(ENGINE, state, lang="nl") == VIEW.board_view(ENGINE, state)


def test_a_hidden_hand_is_hidden_in_every_language():
    s = new_game(2)
    while ENGINE.current_actor(s) == "chance":  # deal the starting cards
        s, _ = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
    notes = {lang: VIEW.board_view(ENGINE, s, seat="red", lang=lang).legend[1].note for lang in LANGS}
    assert notes["nl"].endswith("hand: 3 kaarten (verborgen)")
    assert notes["de"].endswith("Hand: 3 Karten (verdeckt)")
    assert notes["en"].endswith("hand: 3 cards (hidden)")


def test_bt_laatste_ronde_the_status_of_a_finished_game_states_the_result_in_each_language():
    """bt-laatste-ronde / bt-winnaar: the round is finished and the one player who met both
    conditions wins; the board's status line says so in the reader's language."""
    state = frames("bt-laatste-ronde")[-1].state
    status = {lang: VIEW.board_view(ENGINE, state, lang=lang).status for lang in LANGS}
    assert status == {
        "nl": "Het spel is afgelopen. Rood wint.",
        "de": "Das Spiel ist vorbei. Rot gewinnt.",
        "en": "The game is over. Red wins.",
    }


def test_bt_fles_vullen_a_tower_over_wizards_fills_a_flask_in_each_language():
    """bt-toren-over-tovenaar, bt-fles-vullen: the tower imprisons the wizards under it and its mover
    fills one flask."""
    events = frames("bt-fles-vullen")[1].events
    by_key = {e.key: e for e in events}
    imprisons, fill = by_key["tower.imprisons"], by_key["flask.fill"]
    assert (imprisons.clause, fill.clause) == ("bt-toren-over-tovenaar", "bt-fles-vullen")
    assert [ENGINE.describe(imprisons, lang) for lang in LANGS] == [
        "De toren zet zich over de tovenaars van blauw op veld 12: ze zijn opgesloten.",
        "Der Turm wird über die Magier von Blau auf Feld 12 gestülpt: Sie sind eingesperrt.",
        "The tower comes down over the wizards of Blue on space 12: they are trapped.",
    ]
    assert [ENGINE.describe(fill, lang) for lang in LANGS] == [
        "Rood vult een flesje (6 van 6 gevuld).",
        "Rot füllt eine Zaubertrankflasche (6 von 6 gefüllt).",
        "Red fills a potion (6 of 6 filled).",
    ]


def test_bt_niet_op_raventoren_the_refusal_in_each_language():
    """bt-niet-op-raventoren: a tower may never end on the Raven Tower's space."""
    refused = frames("bt-niet-op-raventoren")[1].refused
    assert refused is not None and refused.clause == "bt-niet-op-raventoren"
    assert [ENGINE.reason(refused, lang) for lang in LANGS] == [
        "Toren 9 zou eindigen op veld 13, waar de Raventoren staat: dat mag niet.",
        "Turm 9 würde auf Feld 13 enden, wo die Rabenburg steht: Das ist nicht erlaubt.",
        "Tower 9 would end on space 13, where Ravenskeep stands: that is not allowed.",
    ]


def test_bt_meerdere_winnaars_the_result_in_each_language():
    """bt-meerdere-winnaars: of the players who meet both conditions, the one with the most filled
    flasks still held wins."""
    result = ENGINE.result(frames("bt-meerdere-winnaars")[-1].state)
    assert result is not None and result.key == "result.most"
    assert [ENGINE.describe_result(result, lang) for lang in LANGS] == [
        "Blauw wint: van de spelers die aan beide voorwaarden voldoen, heeft 5 gevulde flesjes nog in bezit.",
        "Blau gewinnt: Von den Spielern, die beide Bedingungen erfüllen, besitzt er noch 5 gefüllte Zaubertrankflaschen.",
        "Blue wins: of the players who meet both conditions, this player still holds 5 filled potions.",
    ]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_sentence_of_every_scenario_renders_the_glossary_terms(scenario):
    """Every event, refusal and result of the scenarios, as rendered (the names of cards, colours and
    spells filled in), uses in German and English the glossary's words for the Dutch terms."""
    sentences: list[tuple[str, dict[str, str]]] = []
    replayed = frames(scenario)
    for frame in replayed:
        for event in frame.events:
            sentences.append((event.key, {lang: ENGINE.describe(event, lang) for lang in LANGS}))
        if frame.refused is not None:
            sentences.append((frame.refused.key, {lang: ENGINE.reason(frame.refused, lang) for lang in LANGS}))
    result = ENGINE.result(replayed[-1].state) if not ENGINE.legal_actions(replayed[-1].state) else None
    if result is not None:
        sentences.append((result.key, {lang: ENGINE.describe_result(result, lang) for lang in LANGS}))
    terms = list(TERMS.values())
    wrong = [
        f"{lang} {key}: '{term.id}' in {texts[lang]!r}"
        for key, texts in sentences
        for lang in ("de", "en")
        for term in inconsistencies(terms, "nl", texts["nl"], lang, texts[lang])
    ]
    assert not wrong, "\n".join(wrong)
    for key, texts in sentences:
        assert len(set(texts.values())) == 3 or key.startswith("setup."), (key, texts)
