"""Action labels and groups in plain words, in Dutch, German (the rulebook's language, also for
``lang=None``) and English: one example of every kind of action, and no engine code leaking into any
label of random play."""

from __future__ import annotations

import re

import pytest

from rules.games.der_dunkle_turm import ENGINE, GAME

from .support import pos
from .test_taps import STATES

VIEW = GAME.view
LANGS = ("nl", "de", "en")

# kind -> (state, action, (nl, de, en)), the label a player reads for it
CASES = {
    "lot (dt-aufbau)": (
        lambda: ENGINE.initial_state({"teams": 2}), "start:blue",
        ("Het lot: team Blauw begint", "Das Los: Team Blau beginnt", "The lot: team Blue starts")),
    "step card (dt-kartenstapel)": (
        lambda: pos(pending=[{"task": "draw"}], drawn=True), "card:step2",
        ("Kaart: Stappen 2", "Karte: Schritte 2", "Card: Steps 2")),
    "attack card (dt-turmattacke)": (
        lambda: pos(pending=[{"task": "draw"}], drawn=True), "card:attack13",
        ("Kaart: Torenaanval (scheur op veld 13)", "Karte: Turmattacke (Riss auf Feld 13)",
         "Card: Tower attack (rift on field 13)")),
    "spell card": (
        lambda: pos(pending=[{"task": "draw"}], drawn=True), "card:exile",
        ("Kaart: Uit het exil", "Karte: Aus dem Exil", "Card: Out of exile")),
    "draw after laying nothing (dt-schwebefeld-spaeter)": (
        lambda: pos(collections={"red": 1}, rifts={"9": 1}), "draw",
        ("Kaart trekken", "Karte ziehen", "Draw a card")),
    "lay a floating field (dt-schwebefeld-sofort)": (
        lambda: pos(rifts={"9": 2}, pending=[{"task": "float"}]), "float:9",
        ("Zweefveld over de scheur op veld 9 leggen", "Schwebefeld über den Riss auf Feld 9 legen",
         "Lay a floating field over the rift on field 9")),
    "keep it (dt-schwebefeld-behalten)": (
        lambda: pos(rifts={"9": 2}, pending=[{"task": "float"}]), "keep",
        ("Zweefveld in de verzameling leggen (de beurt eindigt)",
         "Schwebefeld in die Sammlung legen (der Teamzug endet)",
         "Keep the floating field in the collection (the turn ends)")),
    "step (dt-schrittkarte)": (
        lambda: pos({"red1": 5}, pending=[{"task": "step", "steps": 3}]), "move:red1",
        ("Rood 1: 3 stappen naar veld 8", "Rot 1: 3 Schritte bis Feld 8", "Red 1: 3 steps to field 8")),
    "step onto an open rift (dt-riss-exil)": (
        lambda: pos({"red1": 5}, rifts={"8": 1}, pending=[{"task": "step", "steps": 3}]), "move:red1",
        ("Rood 1: 3 stappen naar veld 8 (open scheur: naar het exil)",
         "Rot 1: 3 Schritte bis Feld 8 (offener Riss: ins Exil)",
         "Red 1: 3 steps to field 8 (open rift: into the exile)")),
    "free a prisoner (dt-aus-dem-exil)": (
        lambda: pos({"blue1": "exile"}, pending=[{"task": "exile"}]), "free:blue1",
        ("Blauw 1 uit het exil bevrijden (naar het kamp)", "Blau 1 aus dem Exil befreien (ins Lager)",
         "Free Blue 1 from the exile (to the camp)")),
    "nobody in the exile (dt-niemand-im-exil)": (
        lambda: pos({"red2": 19}, pending=[{"task": "exile"}]), "advance:red2",
        ("Rood 2: 1 stap naar veld 20 (niemand zit in het exil)", "Rot 2: 1 Schritt bis Feld 20 (niemand ist im Exil)",
         "Red 2: 1 step to field 20 (nobody is in the exile)")),
    "second thunderbolt (dt-donnerblitz-zweiter-treffer)": (
        lambda: pos({"blue1": {"at": 9, "marked": 1}}, pending=[{"task": "bolt"}]), "bolt:blue1",
        ("Donderbliksem op Blauw 1 (tweede treffer: naar het kamp)",
         "Donnerblitz auf Blau 1 (zweiter Treffer: ins Lager)", "Thunderbolt at Blue 1 (second hit: to the camp)")),
    "thunderbolt on a shield (dt-knochentier-schild)": (
        lambda: pos({"blue1": {"at": 9, "shield": 1}}, pending=[{"task": "bolt"}]), "bolt:blue1",
        ("Donderbliksem op Blauw 1 (het schild vangt hem op)", "Donnerblitz auf Blau 1 (der Schild fängt ihn ab)",
         "Thunderbolt at Blue 1 (the shield stops it)")),
    "protection spell (dt-schutzzauber)": (
        lambda: pos(pending=[{"task": "spell"}]), "spell:red3",
        ("Beschermspreuk voor Rood 3", "Schutzzauber für Rot 3", "Protection spell for Red 3")),
    "fight on (dt-erste-runde-verloren)": (
        lambda: pos({"red1": {"at": "tower", "charred": True}}, pending=[{"task": "choice", "companion": "red1"}]),
        "fight-on",
        ("Rood 1 vecht verkoold door (tweede duelronde)", "Rot 1 kämpft verkohlt weiter (zweite Duellrunde)",
         "Red 1 fights on charred (second duel round)")),
    "retreat (dt-erste-runde-verloren, dt-zweite-runde: 20 to 17 free, it lands on 17)": (
        lambda: pos({"red1": {"at": "tower", "charred": True}}, pending=[{"task": "choice", "companion": "red1"}]),
        "retreat",
        ("Rood 1 trekt zich vier velden terug van de toren naar veld 17",
         "Rot 1 zieht sich vier Felder vom Turm zurück bis Feld 17",
         "Red 1 retreats four fields from the tower to field 17")),
    "the owl frees (dt-eule-alle-gefangen)": (
        lambda: pos({"blue1": "exile", "blue2": "exile", "blue3": "exile"}, pending=[{"task": "rescue", "team": "blue"}]),
        "rescue:blue3",
        ("De uil bevrijdt Blauw 3 uit het exil (naar het kamp)", "Die Eule befreit Blau 3 aus dem Exil (ins Lager)",
         "The owl frees Blue 3 from the exile (to the camp)")),
    "tower attack (dt-turmattacke)": (
        lambda: pos(pending=[{"task": "tower", "field": 13}]), "tower",
        ("De toren verweert zich: torenaanval op veld 13", "Der Turm wehrt sich: Turmattacke auf Feld 13",
         "The tower strikes back: tower attack on field 13")),
    "a beast at a tower attack (dt-knochentier-turmattacke: the nearest to its lair)": (
        lambda: pos({"red1": 14, "blue1": 11}, pending=[{"task": "beast", "lair": 12}], beasts={"12": {"awake": True}}),
        "beast:12",
        ("Het botbeest van veld 12 valt Blauw 1 aan", "Das Knochentier von Feld 12 greift Blau 1 an",
         "The bone beast of field 12 attacks Blue 1")),
    "the owl at every second attack (dt-eule-attacke)": (
        lambda: pos(pending=[{"task": "owl"}]), "owl",
        ("De uil helpt team Rood", "Die Eule hilft Team Rot", "The owl helps team Red")),
    "field event roll (dt-feldereignis: 4-6 back)": (
        lambda: pos({"red1": 4}, pending=[{"task": "event", "companion": "red1"}], field_event_used=True), "d12:5",
        ("Dobbelsteen 5: veldgebeurtenis voor Rood 1, drie velden achteruit",
         "Würfel 5: Feldereignis für Rot 1, drei Felder rückwärts", "Die 5: field event for Red 1, three fields back")),
    "duel roll (dt-wuerfelduell)": (
        lambda: pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 2}]), "d12:8",
        ("Dobbelsteen 8: Rood 1 gooit in duelronde 2", "Würfel 8: Rot 1 würfelt in der 2. Duellrunde",
         "Die 8: Red 1 rolls in duel round 2")),
    "the wand (dt-zauberstab)": (
        lambda: pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 1}]), "d12:12",
        ("Toverstaf: Rood 1 wint de duelronde meteen", "Zauberstab: Rot 1 gewinnt die Duellrunde sofort",
         "Wand: Red 1 wins the duel round at once")),
    "the wizard's roll (dt-wuerfelduell: the higher number wins)": (
        lambda: pos({"red1": "tower"}, pending=[{"task": "wizard", "companion": "red1", "round": 1, "roll": 8}]), "d12:9",
        ("Dobbelsteen 9: de tovenaar gooit tegen 8, Rood 1 verliest de duelronde",
         "Würfel 9: Der Zauberer würfelt gegen 8, Rot 1 verliert die Duellrunde",
         "Die 9: the wizard rolls against 8, Red 1 loses the duel round")),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_every_kind_of_action_in_plain_words(kind):
    make, action, expected = CASES[kind]
    state = make()
    assert action in ENGINE.legal_actions(state)
    got = tuple(VIEW.action_label(ENGINE, state, action, lang=lang) for lang in LANGS)
    assert got == expected
    assert VIEW.action_label(ENGINE, state, action, lang=None) == expected[1]  # the rulebook's language


GROUPS = {
    "move:red1": ("Metgezel verzetten", "Gefährte ziehen", "Move a companion"),
    "card:step1": ("Kaart", "Karte", "Card"),
    "d12:3": ("Dobbelsteen", "Würfel", "Die"),
    "free:red1": ("Uit het exil", "Aus dem Exil", "Out of exile"),
    "advance:red1": ("Uit het exil", "Aus dem Exil", "Out of exile"),
    "retreat": ("Duel", "Duell", "Duel"),
    "tower": ("De toren verweert zich", "Der Turm wehrt sich", "The tower strikes back"),
}


@pytest.mark.parametrize("action", list(GROUPS))
def test_groups_in_plain_words(action):
    state = pos()
    assert tuple(VIEW.action_group(ENGINE, state, action, lang=lang) for lang in LANGS) == GROUPS[action]


CODE = re.compile(r"\w:\S|\b(?:red|blue|green|yellow)\d\b|\b(?:step|attack)\d|\bd12\b|fight-on|_")


def test_no_engine_code_leaks_into_labels_or_groups():
    seen = 0
    for state in STATES:
        for action in ENGINE.legal_actions(state):
            for lang in LANGS:
                label = VIEW.action_label(ENGINE, state, action, lang=lang)
                group = VIEW.action_group(ENGINE, state, action, lang=lang)
                assert label and not CODE.search(label), (action, lang, label)
                assert group and not CODE.search(group), (action, lang, group)
                seen += 1
    assert seen > 10_000


def test_tap_labels_name_the_piece_in_plain_words():
    state = pos({"red2": 3}, pending=[{"task": "step", "steps": 1}])
    taps = {t.target: t.label for t in VIEW.tap(ENGINE, state, (), lang="nl").taps}
    assert taps == {"c:red1": "Rood 1", "c:red2": "Rood 2", "c:red3": "Rood 3"}


@pytest.mark.parametrize("place", ["exile", "out"])
@pytest.mark.parametrize("verb", ["move", "advance", "bolt"])
def test_a_refused_action_on_a_companion_off_the_path_is_still_named(verb, place):
    """A scenario's step log names refused actions too (dt-riss-exil tries to move a companion in
    the exile): the label must not walk a path the companion is not on (that was a 500)."""
    state = pos({"red1": place}, pending=[{"task": "step", "steps": 2}])
    action = f"{verb}:red1"
    assert action not in ENGINE.legal_actions(state)
    labels = [VIEW.action_label(ENGINE, state, action, lang=lang) for lang in LANGS]
    assert all(label and not CODE.search(label) for label in labels), labels
    if verb != "bolt":
        assert "Exil" in labels[1] if place == "exile" else "zerplatzt" in labels[1]
