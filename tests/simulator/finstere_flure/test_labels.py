"""Plain-word labels of every kind of action in nl, de and en (view.action_label, action_group and
the tap labels): the words a player uses at the table, never engine codes such as "ELLL"."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from rules.core.bots import play, random_bots
from rules.core.setup import validate_setup
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION, sketch
from rules.games.finstere_flure.view import action_group, action_label, tap

from .support import rulebook_clauses

MONSTER_AWAY = (10, 0)
LANGS = ("nl", "de", "en")
def state(**kw):
    kw.setdefault("monster", MONSTER_AWAY)
    return ENGINE.state_from_position(sketch(**kw))


def labels(st, action):
    return tuple(action_label(ENGINE, st, action, lang=lang) for lang in LANGS)


def test_a_walk_in_plain_words_with_where_it_ends_ff_stappen_waarde():
    assert "ff-stappen-waarde" in rulebook_clauses()
    st = state(figures={"red4": ((8, 8), 4)})
    assert labels(st, "move:red4:UUL") == (
        "Rood 4: 2 omhoog, 1 naar links, tot (7, 6)",
        "Rot 4: 2 nach oben, 1 nach links, bis (7, 6)",
        "Red 4: 2 up, 1 left, to (7, 6)",
    )
    assert labels(st, "move:red4:DRU") == (
        "Rood 4: 1 omlaag, 1 naar rechts, 1 omhoog, tot (9, 8)",
        "Rot 4: 1 nach unten, 1 nach rechts, 1 nach oben, bis (9, 8)",
        "Red 4: 1 down, 1 right, 1 up, to (9, 8)",
    )


def test_entering_from_the_start_pool_ff_bord_betreden():
    assert "ff-bord-betreden" in rulebook_clauses()
    st = state()
    assert labels(st, "move:red3:ELL") == (
        "Rood 3: het bord op, 2 naar links, tot (13, 10)",
        "Rot 3: aufs Spielfeld, 2 nach links, bis (13, 10)",
        "Red 3: onto the board, 2 left, to (13, 10)",
    )


def test_leaving_through_the_exit_ff_uitgang_verlaten():
    assert "ff-uitgang-verlaten" in rulebook_clauses()
    st = state(figures={"red3": ((2, 0), 3)})
    assert labels(st, "move:red3:LLO") == (
        "Rood 3: 2 naar links, door de uitgang naar buiten",
        "Rot 3: 2 nach links, durch den Ausgang hinaus",
        "Red 3: 2 left, out through the exit",
    )


def test_staying_zero_steps_on_the_board_and_in_the_pool_ff_eens_per_ronde():
    assert "ff-eens-per-ronde" in rulebook_clauses()
    st = state(figures={"red2": ((5, 5), 2)})
    assert labels(st, "move:red2:") == (
        "Rood 2 blijft staan op (5, 5) (0 stappen)",
        "Rot 2 bleibt auf (5, 5) stehen (0 Schritte)",
        "Red 2 stays on (5, 5) (0 steps)",
    )
    assert labels(st, "move:red1:") == (
        "Rood 1 blijft in de startvoorraad (0 stappen)",
        "Rot 1 bleibt im Startvorrat (0 Schritte)",
        "Red 1 stays in the start pool (0 steps)",
    )


def test_pushing_jumping_and_sliding_are_named_ff_steen_schuiven_ff_bloedplas_glijden():
    assert {"ff-steen-schuiven", "ff-bloedplas-glijden", "ff-over-figuren-springen"} <= rulebook_clauses()
    st = state(figures={"red2": ((3, 8), 2), "yellow1": (3, 7)}, blood=[(4, 8), (5, 8), (6, 8), (7, 8)], stones=[(12, 2)])
    assert labels(st, "move:red2:R") == (
        "Rood 2: 1 naar rechts, tot (8, 8); glijdt over bloed",
        "Rot 2: 1 nach rechts, bis (8, 8); rutscht über Blut",
        "Red 2: 1 right, to (8, 8); slides over blood",
    )
    pushing = state(figures={"red2": ((5, 5), 2)}, stones=[(5, 6)])
    assert labels(pushing, "move:red2:D")[2] == "Red 2: 1 down, to (5, 6); pushes a stone"
    assert labels(st, "move:red2:UU")[0] == "Rood 2: 2 omhoog, tot (3, 6); springt over een figuur"


def test_a_refused_path_is_still_in_words():
    st = state(figures={"red2": ((5, 5), 2)})
    assert labels(st, "move:red2:UUUU")[0] == "Rood 2: 4 omhoog"  # too far: no end square
    assert labels(st, "move:red2:Z")[2] == "Red 2: unknown step"


def test_monster_cards_ff_monster_getalkaart_ff_monster_treffers():
    assert {"ff-monster-getalkaart", "ff-monster-treffers"} <= rulebook_clauses()
    st = ENGINE.state_from_position(sketch(phase="card"))
    assert labels(st, "card:7") == ("Monsterkaart 7 (7 stappen)", "Monsterkarte 7 (7 Schritte)", "Monster card 7 (7 steps)")
    assert labels(st, "card:X") == ("Monsterkaart X (1 treffer)", "Monsterkarte X (1 Treffer)", "Monster card X (1 hit)")
    assert labels(st, "card:XX") == (
        "Monsterkaart XX (2 treffers)", "Monsterkarte XX (2 Treffer)", "Monster card XX (2 hits)")
    assert {action_group(ENGINE, st, "card:7", lang=lang) for lang in LANGS} == {
        "Monsterkaart", "Monsterkarte", "Monster card"}


def test_the_monster_step_ff_monster_kijkt():
    assert "ff-monster-kijkt" in rulebook_clauses()
    st = ENGINE.state_from_position(WORKED_EXAMPLE_POSITION)
    assert labels(st, "monster") == (
        "Het monster zet een stap", "Das Monster macht einen Schritt", "The monster takes a step")


def test_placements_with_coordinates_ff_dmaufbau_plaatsen():
    assert "ff-dmaufbau-plaatsen" in rulebook_clauses()
    st = ENGINE.initial_state(validate_setup(ENGINE, {"players": 2, "dmaufbau": True}))
    assert labels(st, "place:stone:7,5") == ("Steenblok op (7, 5)", "Steinblock auf (7, 5)", "Stone on (7, 5)")
    assert labels(st, "place:pool2:7,5") == (
        "Bloedplas 2×2 op (7, 5) tot (8, 6)", "Blutlache 2×2 auf (7, 5) bis (8, 6)", "Blood pool 2×2 on (7, 5) to (8, 6)")
    assert labels(st, "place:pool4:6,5,h") == (
        "Bloedplas 1×4 liggend op (6, 5) tot (9, 5)",
        "Blutlache 1×4 waagerecht auf (6, 5) bis (9, 5)",
        "Blood pool 1×4 horizontal on (6, 5) to (9, 5)",
    )
    assert labels(st, "place:pool4:6,5,v")[0] == "Bloedplas 1×4 staand op (6, 5) tot (6, 8)"
    assert action_group(ENGINE, st, "place:stone:7,5", lang="de") == "Aufbau"


def test_moves_are_grouped_under_the_figure_with_its_face_value():
    st = state(figures={"red1": ((5, 5), 6)})  # the review's case: red 1 showing 6
    assert [action_group(ENGINE, st, "move:red1:U", lang=lang) for lang in LANGS] == [
        "Rood 1 (toont 6)", "Rot 1 (zeigt 6)", "Red 1 (showing 6)"]


@cache
def sampled_states() -> tuple:
    out = []
    for seed, (players, dm) in enumerate([(2, True), (4, False), (7, False)]):
        rng = random.Random(7 + seed)
        st = ENGINE.initial_state(validate_setup(ENGINE, {"players": players, "dmaufbau": dm}))
        run = play(ENGINE, st, random_bots(ENGINE, st), rng)
        states = [st]
        for action in run.actions:
            st, _ = ENGINE.apply(st, action)
            states.append(st)
        out += states[:: max(1, len(states) // 20)]
    return tuple(out)


def _no_codes(text: str) -> bool:
    return not re.search(r"\b(move|card|place|pool4|pool2|stone|obj|fig|sq):\S", text) and not re.search(
        r"\b(red|yellow|green|blue|purple|white|orange)\d", text) and not re.search(r"\b[EUDLRO]{2,}\b", text)


def test_the_code_check_catches_codes():
    assert not _no_codes("Rood 4 naar (12, 10) via ELLL")
    assert not _no_codes("move:red4:ELLL") and not _no_codes("red4")
    assert _no_codes("Rood 4: het bord op, 3 naar links, tot (12, 10)")


@pytest.mark.parametrize("lang", LANGS)
def test_no_label_of_any_legal_action_or_tap_carries_an_engine_code(lang):
    kinds = set()
    for st in sampled_states():
        for action in ENGINE.legal_actions(st):
            kinds.add(action.split(":")[0])
            text = action_label(ENGINE, st, action, lang=lang)
            assert text and _no_codes(text), (action, text)
            assert _no_codes(action_group(ENGINE, st, action, lang=lang))
        options = tap(ENGINE, st, (), lang=lang)
        assert _no_codes(options.status)
        for t in options.taps:
            assert _no_codes(t.label), t
            if t.plays is None:
                deeper = tap(ENGINE, st, (t.target,), lang=lang)
                assert _no_codes(deeper.status)
                assert all(_no_codes(u.label) for u in deeper.taps)
    assert kinds == {"place", "move", "card", "monster"}


def test_labels_differ_per_language():
    st = state(figures={"red4": ((8, 8), 4)})
    for action in ENGINE.legal_actions(st):
        nl, de, en = labels(st, action)
        assert len({nl, de, en}) == 3, action
