"""Labels and groups of every kind of action in nl, de and en, in plain words with squares as the
board shows them ("(3, -1)"), never engine codes; the editor's palette and fields likewise."""

import random
import re

import pytest

from rules.core.bots import play, random_bots
from rules.core.setup import random_setup
from rules.games.torens_en_dieven import EDITOR, ENGINE, GAME

from .support import position

LANGS = ("nl", "de", "en")
CODE = re.compile(r"\w:\S|thief\d|rivertower|[a-z]_[a-z]")


def label(action, lang, state=None):
    return GAME.view.action_label(ENGINE, state or position(), action, lang=lang)


def group(action, lang):
    return GAME.view.action_group(ENGINE, position(), action, lang=lang)


# Each kind of action, with its label in nl, de and en (written out by hand).
LABELS = {
    "draw:land": ("Een gewone landtegel", "Eine gewöhnliche Landschaftskarte", "A plain land tile"),
    "draw:thief5": ("Een landtegel met diefsymbool 5", "Eine Landschaftskarte mit Diebessymbol 5",
                    "A land tile with thief symbol 5"),
    "draw:tower": ("Een torentegel", "Eine Turmkarte", "A tower tile"),  # td-torentegel-trekken
    "draw:river": ("Een riviertegel", "Eine Flusskarte", "A river tile"),  # td-rivier-schudden
    "draw:rivertower": ("De riviertegel met de torenbouwplaats", "Die Flusskarte mit dem Turmbauplatz",
                        "The river tile with the tower site"),
    "place:3,-1": ("Aanleggen op (3, -1)", "Anlegen auf (3, -1)", "Place on (3, -1)"),  # td-landtegel-leggen
    "guard:2,0": ("Wachter op de toren op (2, 0)", "Wächter auf den Turm auf (2, 0)",
                  "Guard on the tower on (2, 0)"),  # td-wachter-zetten
    "pass": ("Geen wachter zetten", "Keinen Wächter einsetzen", "No guard"),
    "grow:2,0": ("Torendeel op (2, 0)", "Turmteil auf (2, 0)", "Tower piece onto (2, 0)"),  # td-voorraad-beperkt
    "grow:0,-1;3,1": ("Torendeel op (0, -1) en (3, 1)", "Turmteil auf (0, -1) und (3, 1)",
                      "Tower piece onto (0, -1) and (3, 1)"),
    "grow:0,-1;3,1;1,2": ("Torendeel op (0, -1), (3, 1) en (1, 2)", "Turmteil auf (0, -1), (3, 1) und (1, 2)",
                          "Tower piece onto (0, -1), (3, 1) and (1, 2)"),
}

GROUPS = {
    "draw:land": ("Tegel trekken", "Karte ziehen", "Draw a tile"),
    "place:0,1": ("Tegel aanleggen", "Karte anlegen", "Place the tile"),
    "guard:2,0": ("Wachter zetten", "Wächter einsetzen", "Place a guard"),
    "pass": ("Wachter zetten", "Wächter einsetzen", "Place a guard"),
    "grow:2,0": ("Welke torens groeien", "Welche Türme wachsen", "Which towers grow"),
}


@pytest.mark.parametrize("action", sorted(LABELS))
def test_each_kind_of_action_has_a_label_in_three_languages(action):
    assert tuple(label(action, lang) for lang in LANGS) == LABELS[action]


@pytest.mark.parametrize("action", sorted(GROUPS))
def test_each_kind_of_action_has_a_group_in_three_languages(action):
    assert tuple(group(action, lang) for lang in LANGS) == GROUPS[action]


def test_without_a_language_labels_are_in_the_rulebooks_dutch():
    assert label("place:3,-1", None) == "Aanleggen op (3, -1)"
    assert group("pass", None) == "Wachter zetten"
    assert label("pass", "fr") == "Geen wachter zetten"  # an unknown language falls back to Dutch


def test_labels_of_every_legal_action_in_random_games_carry_no_engine_codes():
    seen_kinds = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = ENGINE.initial_state(random_setup(ENGINE, rng))
        game = play(ENGINE, state, random_bots(ENGINE, state), rng)
        for action in game.actions:
            for legal in ENGINE.legal_actions(state):
                seen_kinds.add(legal.partition(":")[0])
                texts = [label(legal, lang, state) for lang in LANGS] + [
                    GAME.view.action_group(ENGINE, state, legal, lang=lang) for lang in LANGS]
                for text in texts:
                    assert text and not CODE.search(text), (legal, text)
                assert len(set(texts[:3])) == 3, texts  # three languages, three labels
            state, _ = ENGINE.apply(state, action)
    assert {"draw", "place", "guard", "pass"} <= seen_kinds


def test_palette_and_field_labels_in_three_languages_carry_no_engine_codes():
    pos = ENGINE.position_of(position(phase="guard", placed=[1, 0]))
    for lang in LANGS:
        items = EDITOR.palette(ENGINE, pos, "drop:sq:1,0", lang)
        fields = EDITOR.fields(ENGINE, pos, lang)
        texts = [i.label for i in items] + [i.group for i in items] + [f.label for f in fields]
        texts += [choice for f in fields for _v, choice in f.choices]
        for text in texts:
            assert text and not CODE.search(text), text
    en = {i.id: i.label for i in EDITOR.palette(ENGINE, pos, "move", "en")}
    de = {i.id: i.label for i in EDITOR.palette(ENGINE, pos, "move", "de")}
    nl = {i.id: i.label for i in EDITOR.palette(ENGINE, pos, "move", "nl")}
    assert (nl["tile:tower"], de["tile:tower"], en["tile:tower"]) == ("Torentegel", "Turmkarte", "Tower tile")
    assert (nl["height:+1"], de["height:+1"], en["height:+1"]) == ("Toren 1 hoger", "Turm 1 höher", "Tower 1 higher")
    assert (nl["guard:green"], de["guard:green"], en["guard:green"]) == (
        "Wachter van Groen", "Wächter von Grün", "Guard of Green")
    assert (nl["empty"], de["empty"], en["empty"]) == ("Weghalen", "Entfernen", "Remove")
    phase = {lang: {f.name: dict(f.choices) for f in EDITOR.fields(ENGINE, pos, lang)}["phase"] for lang in LANGS}
    assert (phase["nl"]["guard"], phase["de"]["guard"], phase["en"]["guard"]) == (
        "Wachter zetten of niet", "Wächter einsetzen oder nicht", "Place a guard or not")
