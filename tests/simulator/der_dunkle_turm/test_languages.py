"""Issue 12: everything the engine and the board write follows the reader's language (nl, de, en) with
the game's glossary (rulebooks/content/der-dunkle-turm/glossary.toml): the boards of real positions
from the game's scenarios, an event, a refusal and a result in each language. German is the
rulebook's language; its texts are the source the others are checked against."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import pytest

from rulebooks.glossary import LANGUAGES, Term, inconsistencies, read_glossary
from rules.core.bots import next_action, random_bots
from rules.core.scenarios import load_scenario, replay
from rules.core.view import BoardView
from rules.games.der_dunkle_turm import ENGINE, GAME, words
from tests.simulator.refusals import refusal

from .support import play, pos

VIEW = GAME.view
ROOT = Path(__file__).resolve().parents[3]
TERMS = read_glossary(ROOT / "rulebooks" / "content" / "der-dunkle-turm" / "glossary.toml")
TITLE = "Der dunkle Turm"  # the game's name stays German in every language


def frame(scenario: str, step: int):
    return replay(ENGINE, load_scenario("der-dunkle-turm", scenario), check=False)[step].state


# Real positions from the demos under the rulebook's clauses, each showing different board features.
POSITIONS = {
    # bridges raised, a charred companion back in the camp, a protected one on side field 15b, a fresh
    # rift on 9 and a companion in the exile
    "dt-turmattacke after the attack": ("dt-turmattacke", 2),
    # an awake bone beast and a companion with a shield
    "dt-magische-orte after the won fight": ("dt-magische-orte", 3),
    # a floating field over a rift
    "dt-schwebefeld-sofort after laying it": ("dt-schwebefeld-sofort", 2),
    # the charred wizard
    "dt-zauberer-verkohlt at the start": ("dt-zauberer-verkohlt", 0),
    # a companion lying beside the field
    "dt-neben-dem-feld after the lost fight": ("dt-neben-dem-feld", 3),
    # a companion marked by a thunderbolt
    "dt-zweiter-treffer at the start": ("dt-zweiter-treffer", 0),
}


def texts(view: BoardView) -> list[str]:
    """Every text of a board: SVG title and description, status, shape titles and tags, legend."""
    out = [view.label, view.status, *view.description]
    for shape in view.shapes:
        out += [shape.title, shape.text]
    for row in view.legend:
        out += [row.label, row.note, *row.chips]
    return [t.replace(TITLE, "") for t in out if t]


@functools.cache
def distinctive(lang: str) -> re.Pattern[str]:
    """The glossary forms of the other languages that cannot occur in a text in ``lang``: forms of
    four letters or more that are no part of any form of ``lang`` ("Exil", "lava", "Stapel" and
    "Schild" are shared, so not distinctive; short words such as "die" are words of other languages),
    and the other languages' names of the teams."""
    mine = [form.casefold() for term in TERMS for form in term.forms[lang]]
    forms = {form for term in TERMS for other in LANGUAGES if other != lang for form in term.forms[other]
             if len(form) >= 4 and not any(form.casefold() in m for m in mine)}
    forms |= {name for other in LANGUAGES if other != lang for name in words.WORDS.table("team", other).values()}  # Rot, Rood, Red
    return re.compile("|".join(rf"\b{re.escape(form)}\b" for form in sorted(forms, key=len, reverse=True)), re.I)


def foreign_words(text: str, lang: str) -> list[str]:
    """The distinctive words of other languages in ``text`` (a text in ``lang``)."""
    return distinctive(lang).findall(text)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_real_board_speaks_the_readers_language(name):
    """Each board text in nl and en renders every glossary term its German text uses, and no board
    text holds a distinctive word of another language."""
    state = frame(*POSITIONS[name])
    board = {lang: "\n".join(texts(VIEW.board_view(ENGINE, state, lang=lang))) for lang in LANGUAGES}
    for lang in ("nl", "en"):
        missing = inconsistencies(TERMS, "de", board["de"], lang, board[lang])
        assert not missing, (lang, [t.id for t in missing])
    for lang in LANGUAGES:
        assert foreign_words(board[lang], lang) == [], lang


def test_the_board_of_the_tower_attack_in_three_languages():
    """dt-turmattacke, dt-zugbruecken-heben, dt-riss-oeffnen, dt-verkohlt: the raised bridges, the
    charred companion, the rift and the exile in each language's words."""
    state = frame("dt-turmattacke", 2)
    views = {lang: VIEW.board_view(ENGINE, state, lang=lang) for lang in LANGUAGES}
    assert views["de"].description[:2] == ["Tischrunde 1; die Zugbrücken sind angehoben.", "Rot 1, verkohlt: im Lager."]
    assert views["nl"].description[:2] == ["Tafelronde 1; de ophaalbruggen zijn opgehaald.", "Rood 1, verkoold: in het kamp."]
    assert views["en"].description[:2] == ["Table round 1; the drawbridges are raised.", "Red 1, charred: in the camp."]
    assert "Blauw 1: in het exil." in views["nl"].description
    assert "Blue 1: in exile." in views["en"].description
    assert "Scheur op veld 9: nog 3 tafelrondes." in views["nl"].description
    assert "Rift on field 9: 3 more table rounds." in views["en"].description
    titles = {lang: {s.title for s in views[lang].shapes if s.title} for lang in LANGUAGES}
    assert {"Feld 6 (Zugbrücke, angehoben)", "Seitenfeld 15b", "Lavastrom", "Lager"} <= titles["de"]
    assert {"Veld 6 (ophaalbrug, opgehaald)", "Zijveld 15b", "Lavastroom", "Kamp"} <= titles["nl"]
    assert {"Field 6 (drawbridge, raised)", "Side field 15b", "Lava stream", "Camp"} <= titles["en"]
    assert views["nl"].label == "Der dunkle Turm: het pad van het kamp naar de toren"
    assert views["en"].label == "Der dunkle Turm: the path from the camp to the tower"


def test_status_and_legend_in_three_languages():
    """dt-ablauf-teamzug: the team on turn; the legend counts the camp, the exile, the burst
    companions, the collection (dt-schwebefeld-behalten), the deck and the discard pile."""
    state = pos({"red1": "exile"}, collections={"red": 1}, pending=[{"task": "step", "steps": 2}])
    got = {}
    for lang in LANGUAGES:
        view = VIEW.board_view(ENGINE, state, lang=lang)
        got[lang] = (view.status, [(r.label, r.note) for r in view.legend][0], view.legend[-1].label)
    assert got["de"] == ("Team Rot ist am Zug.",
                         ("Team Rot", "Lager: 2; Exil: 1; ausgeschieden: 0; Schwebefelder in der Sammlung: 1"), "Stapel")
    assert got["nl"] == ("Team Rood is aan de beurt.",
                         ("Team Rood", "Kamp: 2; Exil: 1; uitgeschakeld: 0; Zweefvelden in de verzameling: 1"), "Stapel")
    assert got["en"] == ("It is team Red's turn.",
                         ("Team Red", "Camp: 2; Exile: 1; out of the game: 0; Floating fields in the collection: 1"), "Deck")


def test_the_german_board_is_the_rulebooks_language():
    """lang=None is German, the rulebook's language, exactly as lang="de"."""
    state = frame("dt-magische-orte", 3)
    assert VIEW.board_view(ENGINE, state) == VIEW.board_view(ENGINE, state, lang="de")


def sentences(events, lang):
    return [ENGINE.describe(e, lang) for e in events]


def test_the_tower_attack_events_in_three_languages():
    """dt-zugbruecken-heben: Red 1 on the bridge falls into the lava and comes back charred;
    dt-fallen: the protected Blue 2 stands on side field 15b; dt-riss-oeffnen: a rift opens under
    Blue 1, who falls into the exile (dt-riss-exil)."""
    frames = replay(ENGINE, load_scenario("der-dunkle-turm", "dt-turmattacke"), check=False)
    events = frames[2].events
    assert sentences(events, "de")[:3] == [
        "Der Turm wehrt sich: Die Attacke zielt auf Feld 9.",
        "Die Zugbrücken heben sich; die sechs Seitenfelder erscheinen.",
        "Rot 1 stürzt mit der Brücke 6 in die Lava und kommt verkohlt ins Lager zurück.",
    ]
    assert sentences(events, "nl")[:3] == [
        "De toren verweert zich: de aanval treft veld 9.",
        "De ophaalbruggen gaan omhoog; de zes zijvelden verschijnen.",
        "Rood 1 stort met brug 6 in de lava en keert verkoold terug naar het kamp.",
    ]
    assert sentences(events, "en")[:3] == [
        "The tower strikes back: the attack targets field 9.",
        "The drawbridges rise; the six side fields appear.",
        "Red 1 falls with bridge 6 into the lava and returns charred to the camp.",
    ]
    assert "De beschermspreuk behoedt Blauw 2 voor de val: hij staat nu op zijveld 15b." in sentences(events, "nl")
    assert "The protection spell saves Blue 2 from the fall: it now stands on side field 15b." in sentences(events, "en")
    assert "De scheur gaat open onder Blauw 1: hij valt in het exil." in sentences(events, "nl")
    assert "The rift opens under Blue 1, who falls into exile." in sentences(events, "en")


def test_a_step_in_three_languages_counts_its_steps():
    """dt-schrittkarte, dt-freie-felder: one step or several, in each language's plural."""
    _state, events = play(pos({"red1": 5}, pending=[{"task": "step", "steps": 3}]), "move:red1")
    assert sentences(events[:1], "de") == ["Rot 1 zieht 3 Schritte vor und steht jetzt auf Feld 8."]
    assert sentences(events[:1], "nl") == ["Rood 1 loopt 3 stappen vooruit en staat nu op veld 8."]
    assert sentences(events[:1], "en") == ["Red 1 moves 3 steps forward and now stands on field 8."]
    _state, events = play(pos({"red1": 5}, pending=[{"task": "step", "steps": 1}]), "move:red1")
    assert sentences(events[:1], "de") == ["Rot 1 zieht 1 Schritt vor und steht jetzt auf Feld 6."]
    assert sentences(events[:1], "nl") == ["Rood 1 loopt 1 stap vooruit en staat nu op veld 6."]
    assert sentences(events[:1], "en") == ["Red 1 moves 1 step forward and now stands on field 6."]


def test_a_refusal_in_three_languages():
    """dt-freie-gefaehrten: only a free companion of the own team moves; one in the exile is not free."""
    error = refusal(ENGINE, pos({"red1": "exile"}, pending=[{"task": "step", "steps": 2}]), "move:red1")
    assert error.clause == "dt-freie-gefaehrten"
    assert ENGINE.reason(error, "de") == "Rot 1 ist im Exil und nicht frei: nur Gefährten im Lager oder auf einem Feld des Weges ziehen."
    assert ENGINE.reason(error, "nl") == "Rood 1 is in het exil en niet vrij: alleen metgezellen in het kamp of op een veld van het pad gaan vooruit."
    assert ENGINE.reason(error, "en") == "Red 1 is in exile and not free: only companions in the camp or on a field of the path move."


def test_a_thunderbolt_refusal_in_three_languages():
    """dt-donnerblitz: only an opponent standing on a field of the path can be chosen."""
    state = pos({"blue1": "camp", "blue2": 9}, pending=[{"task": "bolt"}])
    error = refusal(ENGINE, state, "bolt:blue1")
    assert error.clause == "dt-donnerblitz"
    got = {lang: ENGINE.reason(error, lang) for lang in LANGUAGES}
    assert got["nl"] == "Blauw 1 is in het kamp: de donderbliksem treft alleen een metgezel die op een veld van het pad staat."
    assert got["en"] == "Blue 1 is in the camp: the thunderbolt hits only a companion standing on a field of the path."


def test_the_result_of_a_won_duel_in_three_languages():
    """dt-zauberer-zweimal, dt-spielende: the team whose companion defeats the wizard for good wins."""
    frames = replay(ENGINE, load_scenario("der-dunkle-turm", "dt-duell-sieg"), check=False)
    result = ENGINE.result(frames[-1].state)
    assert result is not None and result.clause == "dt-spielende"
    assert [ENGINE.describe_result(result, lang) for lang in LANGUAGES] == [
        "Team Rood heeft de tovenaar definitief verslagen en wint.",
        "Team Rot hat den Zauberer endgültig besiegt und gewinnt.",
        "Team Red has defeated the wizard for good and wins.",
    ]
    assert VIEW.board_view(ENGINE, frames[-1].state, lang="en").status == "Team Red has defeated the wizard for good and wins."


def test_nobody_wins_when_every_team_is_out_in_three_languages():
    """dt-zerplatzen: a charred companion that loses the first duel round again bursts, its team is out;
    dt-spielende: when every team is out, nobody wins and the tower has defended itself."""
    state = pos({"red1": "out", "red2": "out", "red3": {"at": 20, "charred": True}, "blue1": "out", "blue2": "out",
                 "blue3": "out"}, pending=[{"task": "step", "steps": 1}])
    state, events = play(state, "move:red3", "d12:5", "d12:9")
    assert [e.key for e in events][-3:] == ["duel.burst", "team.out", "tower.wins"]
    assert sentences(events[-3:], "nl") == [
        "Rood 3 verliest verkoold nog een keer en spat uiteen.",
        "Alle metgezellen van team Rood zijn uiteengespat: het team is uitgeschakeld.",
        "Alle teams zijn uitgeschakeld: de toren heeft zich met succes verweerd.",
    ]
    assert sentences(events[-3:], "en") == [
        "Red 3 loses again while charred and bursts.",
        "All companions of team Red have burst: the team is out of the game.",
        "Every team is out of the game: the tower has defended itself successfully.",
    ]
    result = ENGINE.result(state)
    assert result is not None and result.key == "result.none"
    assert ENGINE.describe_result(result, "nl") == "Niemand wint: de toren heeft zich met succes verweerd."
    assert ENGINE.describe_result(result, "en") == "Nobody wins: the tower has defended itself successfully."


def test_the_sentences_of_random_games_hold_no_word_of_another_language():
    """Every event sentence of a few seeded random games, in each language, uses no distinctive word
    of another language (names of teams and companions included)."""
    rng = random.Random(12)
    seen: set[str] = set()
    for _ in range(8):
        state = ENGINE.initial_state({"teams": rng.randint(2, 4)})
        bots = random_bots(ENGINE, state)
        for _step in range(2500):
            action = next_action(ENGINE, state, bots, rng)
            if action is None:
                break
            state, events = ENGINE.apply(state, action)
            for event in events:
                seen.add(event.key)
                for lang in LANGUAGES:
                    text = ENGINE.describe(event, lang)
                    assert foreign_words(text, lang) == [], (lang, text)
    assert len(seen) > 50


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_glossary_words_are_the_boards_words(lang: str):
    """The action labels, groups and board texts write each term with the glossary's forms: the
    words the board writes for the pieces and places are forms of their terms."""
    by_id: dict[str, Term] = {t.id: t for t in TERMS}
    state = frame("dt-turmattacke", 2)
    board = "\n".join(texts(VIEW.board_view(ENGINE, state, lang=lang)))
    for term in ("camp", "tower", "exile", "rift", "side-field", "drawbridge", "lava", "charred", "wizard",
                 "bone-beast", "table-round", "deck", "discard-pile", "path"):
        assert by_id[term].appears_in(board, lang), term
