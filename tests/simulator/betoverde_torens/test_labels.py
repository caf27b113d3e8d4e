"""Labels and groups of every kind of action in nl, de and en: plain words, no engine codes. The
expected sentences are written out by hand from the rule each move follows."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.games.betoverde_torens import ENGINE, GAME

from .support import new_game, play, spaces, state
from .test_taps import RICH, SETUPS, reached_states, rich_states, tap

VIEW = GAME.view
LANGS = ("nl", "de", "en")

# Engine codes: an action ("play:w3", "spell:swap"), a card code, a spell code, a target id.
CODES = re.compile(
    r"\w:\w|\b(?:w[1-5]|t[1-5]|x[1-4]|x\d-\d|xd|[wt][23]d)\b|wizard-fwd|wizard-back|tower-fwd|tower-back"
    r"|pass-tower|give:|\bnone\b|\breroll\b"
)


def labels(s: Any, action: str) -> tuple[str, ...]:
    return tuple(VIEW.action_label(ENGINE, s, action, lang=lang) for lang in LANGS)


def red_on_11(*hand: str, **extra: Any) -> Any:
    extra.setdefault("raven", {"at": 1, "inside": {"blue": 1}})
    return state(spaces(s11={"wizards": ["red"]}), hands={"red": list(hand), "blue": []}, **extra)


SPELLS_OPEN = {"flasks": {"red": {"empty": 4, "filled": 2}}}


@pytest.mark.parametrize(
    ("make", "action", "expected"),
    [
        (  # bt-vast-getal: exactly 3 spaces clockwise
            lambda: red_on_11("w3"),
            "play:w3:wizard:11",
            (
                "Tovenaarkaart 3: rode tovenaar van veld 11 naar veld 14",
                "Magierkarte 3: roter Magier von Feld 11 auf Feld 14",
                "Wizard card 3: red wizard from space 11 to space 14",
            ),
        ),
        (  # bt-tovenaar-in-raventoren
            lambda: red_on_11("w2", raven={"at": 13, "inside": {"blue": 1}}),
            "play:w2:wizard:11",
            (
                "Tovenaarkaart 2: rode tovenaar van veld 11 de Raventoren in",
                "Magierkarte 2: roter Magier von Feld 11 in die Rabenburg",
                "Wizard card 2: red wizard from space 11 into Ravenskeep",
            ),
        ),
        (  # bt-toren-uit-stapel, bt-tovenaars-reizen-mee: what is above goes along
            lambda: state(
                spaces(s2={"towers": [{"tower": 1, "wizards": ["blue"]}, {"tower": 2, "wizards": ["red"]}]}, s3=None),
                hands={"red": ["t2"], "blue": []},
            ),
            "play:t2:tower:1",
            (
                "Torenkaart 2: toren 1 van veld 2 naar veld 4 (met 1 toren erop en 2 tovenaars)",
                "Turmkarte 2: Turm 1 von Feld 2 auf Feld 4 (mit 1 Turm darauf und 2 Magiern)",
                "Tower card 2: tower 1 from space 2 to space 4 (with 1 tower on top and 2 wizards)",
            ),
        ),
        (  # bt-keuze-eerst-zeggen: the number that belongs to the choice
            lambda: red_on_11("x5-1"),
            "play:x5-1:tower:9",
            (
                "Tovenaar-of-torenkaart 5/1 (toren 5, tovenaar 1): toren 9 van veld 10 naar veld 15",
                "Magier-oder-Turm-Karte 5/1 (Turm 5, Magier 1): Turm 9 von Feld 10 auf Feld 15",
                "Wizard-or-tower card 5/1 (tower 5, wizard 1): tower 9 from space 10 to space 15",
            ),
        ),
        (  # bt-dobbelsteen-gooien
            lambda: red_on_11("xd"),
            "play:xd",
            (
                "Tovenaar-of-torenkaart met 1 dobbelsteen: gooien",
                "Magier-oder-Turm-Karte mit 1 Würfel: würfeln",
                "Wizard-or-tower card with 1 die: roll the die",
            ),
        ),
        (  # bt-kaart-zonder-effect
            lambda: state(
                spaces(s11={"wizards": ["red"]}, s14={"wizards": ["blue"] * 6}),
                wizards_each=6,
                hands={"red": ["w3"], "blue": []},
                raven={"at": 1, "inside": {"red": 5}},
            ),
            "play:w3:none",
            (
                "Tovenaarkaart 3: niets te verplaatsen",
                "Magierkarte 3: nichts zu versetzen",
                "Wizard card 3: nothing can be moved",
            ),
        ),
        (
            lambda: play(red_on_11("w3d"), "play:w3d", "roll:4")[0],
            "move:wizard:11",
            (
                "Worp 4: rode tovenaar van veld 11 naar veld 15",
                "Wurf 4: roter Magier von Feld 11 auf Feld 15",
                "Roll 4: red wizard from space 11 to space 15",
            ),
        ),
        (  # bt-dobbelsteen-herwerpen
            lambda: play(red_on_11("w3d"), "play:w3d", "roll:1")[0],
            "reroll",
            ("Opnieuw gooien (de 1 vervalt)", "Noch einmal würfeln (die 1 verfällt)", "Roll again (the 1 is lost)"),
        ),
        (  # bt-maximaal-zes-tovenaars: 11 + 3 = 14 is full
            lambda: play(
                state(
                    spaces(s11={"wizards": ["red"]}, s14={"wizards": ["blue"] * 6}),
                    wizards_each=6,
                    hands={"red": ["w2d"], "blue": []},
                    raven={"at": 1, "inside": {"red": 5}},
                ),
                "play:w2d",
                "roll:3",
            )[0],
            "none",
            ("Worp 3: niets te verplaatsen", "Wurf 3: nichts zu versetzen", "Roll 3: nothing can be moved"),
        ),
        (
            lambda: play(red_on_11("w3d"), "play:w3d")[0],
            "roll:5",
            ("De dobbelsteen toont 5", "Der Würfel zeigt 5", "The die shows 5"),
        ),
        (  # bt-startkaarten: red draws first
            lambda: new_game(2),
            "draw:w3",
            ("Rood trekt een tovenaarkaart 3", "Rot zieht eine Magierkarte 3", "Red draws a wizard card 3"),
        ),
        (  # bt-solo-met-flesjes: three random spells
            lambda: new_game(1, solo_flasks=True),
            "spells:wizard-fwd+swap+free",
            (
                "Open spreuken: Verplaats een Tovenaar (vooruit), Wissel twee torens om, Bevrijd een Tovenaar",
                "Offene Zaubersprüche: Versetze einen Magier (vorwärts), Tausche zwei Türme, Befreie einen Magier",
                "Open spells: Move a Wizard (forward), Swap Two Towers, Free a Wizard",
            ),
        ),
        (
            lambda: red_on_11("w1", "w2", "w3"),
            "pass",
            (
                "Kaarten wisselen: hand afleggen en drie nieuwe kaarten trekken",
                "Karten tauschen: alle Handkarten ablegen und drei neue ziehen",
                "Swap cards: discard your hand and draw three new cards",
            ),
        ),
        (  # bt-kaarten-wisselen: one tower 1 step
            lambda: red_on_11("w1", "w2", "w3", phase="pass-tower"),
            "pass-tower:1",
            (
                "Na het wisselen: toren 1 van veld 2 naar veld 3",
                "Nach dem Tauschen: Turm 1 von Feld 2 auf Feld 3",
                "After swapping: tower 1 from space 2 to space 3",
            ),
        ),
        (
            lambda: red_on_11("w1", "w2", "w3", phase="pass-tower"),
            "pass-tower:none",
            (
                "Na het wisselen geen toren verplaatsen",
                "Nach dem Tauschen keinen Turm versetzen",
                "After swapping, move no tower",
            ),
        ),
        (lambda: red_on_11(), "end", ("Beurt beëindigen", "Zug beenden", "End the turn")),
        (  # bt-spreuk-tovenaar: 1 step for 2 flasks
            lambda: red_on_11("w1", **SPELLS_OPEN),
            "spell:wizard-fwd:11",
            (
                "Spreuk Verplaats een Tovenaar (vooruit) (2 flesjes): rode tovenaar van veld 11 naar veld 12",
                "Zauberspruch Versetze einen Magier (vorwärts) (2 Zaubertrankflaschen): roter Magier von Feld 11 auf Feld 12",
                "Spell Move a Wizard (forward) (2 potions): red wizard from space 11 to space 12",
            ),
        ),
        (
            lambda: red_on_11("w1", spells=["wizard-back"], **SPELLS_OPEN),
            "spell:wizard-back:11",
            (
                "Spreuk Verplaats een Tovenaar (achteruit) (2 flesjes): rode tovenaar van veld 11 naar veld 10",
                "Zauberspruch Versetze einen Magier (rückwärts) (2 Zaubertrankflaschen): roter Magier von Feld 11 auf Feld 10",
                "Spell Move a Wizard (backward) (2 potions): red wizard from space 11 to space 10",
            ),
        ),
        (  # bt-spreuk-toren: 2 steps for 1 flask
            lambda: red_on_11("w1", **SPELLS_OPEN),
            "spell:tower-fwd:1",
            (
                "Spreuk Verplaats een Toren (vooruit) (1 flesje): toren 1 van veld 2 naar veld 4",
                "Zauberspruch Versetze einen Turm (vorwärts) (1 Zaubertrankflasche): Turm 1 von Feld 2 auf Feld 4",
                "Spell Move a Tower (forward) (1 potion): tower 1 from space 2 to space 4",
            ),
        ),
        (
            lambda: red_on_11("w1", spells=["swap"], **SPELLS_OPEN),
            "spell:swap:1,2",
            (
                "Spreuk Wissel twee torens om (2 flesjes): toren 1 (veld 2) en toren 2 (veld 3) wisselen",
                "Zauberspruch Tausche zwei Türme (2 Zaubertrankflaschen): Turm 1 (Feld 2) und Turm 2 (Feld 3) tauschen",
                "Spell Swap Two Towers (2 potions): swap tower 1 (space 2) and tower 2 (space 3)",
            ),
        ),
        (  # bt-raventoren-verplaatsen: tower 1 on space 2 has a raven shield and nobody on it
            lambda: red_on_11("w1", spells=["raven"], **SPELLS_OPEN),
            "spell:raven:cw",
            (
                "Spreuk Verplaats de Raventoren (2 flesjes): met de klok mee, naar toren 1 op veld 2",
                "Zauberspruch Versetze die Rabenburg (2 Zaubertrankflaschen): im Uhrzeigersinn, auf Turm 1 auf Feld 2",
                "Spell Move Ravenskeep (2 potions): clockwise, onto tower 1 on space 2",
            ),
        ),
        (  # counter-clockwise: spaces 16, 15, 14 have no raven emblem, 13 is an empty raven space
            lambda: red_on_11("w1", spells=["raven"], **SPELLS_OPEN),
            "spell:raven:ccw",
            (
                "Spreuk Verplaats de Raventoren (2 flesjes): tegen de klok in, naar veld 13",
                "Zauberspruch Versetze die Rabenburg (2 Zaubertrankflaschen): gegen den Uhrzeigersinn, auf Feld 13",
                "Spell Move Ravenskeep (2 potions): counter-clockwise, to space 13",
            ),
        ),
        (  # bt-spreuk-bevrijden
            lambda: state(
                spaces(s2={"wizards": ["red"], "towers": [{"tower": 1}]}),
                spells=["free"],
                hands={"red": ["w1"], "blue": []},
                raven={"at": 1, "inside": {"blue": 1}},
                **SPELLS_OPEN,
            ),
            "spell:free:1",
            (
                "Spreuk Bevrijd een Tovenaar (2 flesjes): toren 1 op veld 2 optillen: een rode tovenaar eronder komt vrij",
                "Zauberspruch Befreie einen Magier (2 Zaubertrankflaschen): Turm 1 auf Feld 2 anheben: ein roter Magier darunter kommt frei",
                "Spell Free a Wizard (2 potions): lift tower 1 on space 2: a red wizard under it is freed",
            ),
        ),
        (  # nobody of yours under it: the flasks are paid all the same
            lambda: red_on_11("w1", spells=["free"], **SPELLS_OPEN),
            "spell:free:1",
            (
                "Spreuk Bevrijd een Tovenaar (2 flesjes): toren 1 op veld 2 optillen (er zit geen rode tovenaar onder)",
                "Zauberspruch Befreie einen Magier (2 Zaubertrankflaschen): Turm 1 auf Feld 2 anheben (darunter ist kein roter Magier)",
                "Spell Free a Wizard (2 potions): lift tower 1 on space 2 (no red wizard under it)",
            ),
        ),
    ],
)
def test_labels_of_each_kind_of_action(make, action, expected):
    s = make()
    assert action in ENGINE.legal_actions(s)
    assert labels(s, action) == expected
    assert VIEW.action_label(ENGINE, s, action) == expected[0]  # None: the rulebook's Dutch


def team_state(**extra: Any) -> Any:
    return state(
        spaces(s11={"wizards": ["red"]}),
        players=["red", "blue", "yellow", "green"],
        teams=True,
        hands={"red": ["w1"], "blue": [], "yellow": ["t3"], "green": []},
        raven={"at": 1, "inside": {"blue": 1, "yellow": 1, "green": 1}},
        **extra,
    )


def test_labels_of_the_team_exchange():
    # bt-teams-kaart-vragen
    s = team_state()
    assert labels(s, "ask") == (
        "Teamgenoot om een kaart vragen",
        "Den Teampartner um eine Karte bitten",
        "Ask your teammate for a card",
    )
    s, _ = play(s, "ask")
    assert labels(s, "give:t3") == (
        "Torenkaart 3 aan de teamgenoot geven",
        "Turmkarte 3 dem Teampartner geben",
        "Give the tower card 3 to your teammate",
    )
    assert labels(s, "give:none") == ("Geen kaart geven", "Keine Karte geben", "Give no card")
    s, _ = play(s, "give:t3")
    assert labels(s, "return:w1") == (
        "Tovenaarkaart 1 teruggeven",
        "Magierkarte 1 zurückgeben",
        "Give back the wizard card 1",
    )


def test_label_of_declining_a_spell():
    # bt-meester-volgorde
    s = state(
        spaces(s11={"wizards": ["red"]}),
        master=True,
        spells=["tower-fwd"],
        phase="offer",
        turn={"player": "red", "offer": "red", "window": "before"},
        flasks={"red": {"empty": 5, "filled": 1}},
        hands={"red": ["w1"], "blue": []},
        raven={"at": 1, "inside": {"blue": 1}},
    )
    assert labels(s, "decline") == ("Geen spreuk uitspreken", "Keinen Zauberspruch sprechen", "Cast no spell")


def test_groups():
    s = red_on_11("w3", "x5-1", **SPELLS_OPEN)
    group = {lang: VIEW.action_group(ENGINE, s, "play:x5-1:tower:9", lang=lang) for lang in LANGS}
    assert group == {
        "nl": "Tovenaar-of-torenkaart 5/1 (toren 5, tovenaar 1)",
        "de": "Magier-oder-Turm-Karte 5/1 (Turm 5, Magier 1)",
        "en": "Wizard-or-tower card 5/1 (tower 5, wizard 1)",
    }
    assert [VIEW.action_group(ENGINE, s, "spell:tower-fwd:1", lang=lang) for lang in LANGS] == [
        "Toverspreuken",
        "Zaubersprüche",
        "Spells",
    ]
    assert [VIEW.action_group(ENGINE, s, "pass", lang=lang) for lang in LANGS] == [
        "Kaarten wisselen",
        "Karten tauschen",
        "Swap cards",
    ]


def all_states() -> list[Any]:
    out = []
    for setup in SETUPS:
        out += reached_states(setup, seed=4, limit=30)
    for setup in RICH:
        out += rich_states(setup, seed=3, limit=30)
    return out


def test_no_engine_code_in_any_label_group_or_tap_of_random_games():
    kinds = set()
    for s in all_states():
        for action in ENGINE.legal_actions(s):
            kinds.add(action.split(":")[0])
            found = labels(s, action)
            groups = tuple(VIEW.action_group(ENGINE, s, action, lang=lang) for lang in LANGS)
            for text in found + groups:
                assert text and not CODES.search(text), (action, text)
            assert found[0] != found[2] and found[1] != found[2], found  # really translated
        for lang in LANGS:
            options = tap(s, lang=lang)
            for t in options.taps:
                assert not CODES.search(t.label), t.label
            for t in options.taps[:3]:
                if t.plays is None:
                    deeper = tap(s, t.target, lang=lang)
                    assert deeper.status and not CODES.search(deeper.status)
                    assert all(not CODES.search(d.label) for d in deeper.taps)
    assert kinds >= {"play", "move", "roll", "draw", "spells", "pass", "pass-tower", "spell", "end"}


def test_an_unknown_action_still_gets_a_label():
    s = red_on_11("w3")
    for action in ("play:zz:wizard:3", "play:w3:tower:99", "spell:swap:1", "bogus", "move:wizard:11"):
        assert VIEW.action_label(ENGINE, s, action, lang="en").startswith("Unknown action")
