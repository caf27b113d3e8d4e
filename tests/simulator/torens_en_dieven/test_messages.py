"""The sentences: Dutch events and refusals, setup labels in nl/de/en."""

from rules.core.engine import RuleError
from rules.games.torens_en_dieven import ENGINE

from .support import play, position


def test_the_theft_sentences_of_the_worked_example_td_dieven_stelen_tegel():
    _state, events = play(position(), "draw:thief5")
    texts = [ENGINE.describe(e) for e in events]
    assert texts[0] == "Rood trekt een landtegel met diefsymbool 5."
    assert "De torens zonder wachter groeien: (2, 0) (nu 2). In de voorraad blijven 18 torendelen." in texts
    assert any(t.startswith("Op geen enkele toren staat een wachter: de dieven stelen de tegel van Rood.") for t in texts)


def test_scoring_sentences_td_punten_diefsymbool_use_singular_and_plural():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "green"}]
    _state, events = play(position(towers=towers, stolen=4), "draw:thief3")
    texts = [ENGINE.describe(e) for e in events]
    assert "Groen krijgt voor 1 wachter × 3 = 3 punten." in texts
    assert "Groen krijgt daarbovenop voor 1 wachter × 4 (de gestolen tegel) = 4 punten." in texts


def test_a_refusal_td_torenbereik_is_rendered_in_dutch():
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [-1, 0, "tower"]]
    state = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 1}, {"at": [-1, 0], "pieces": 1}],
                     phase="guard", placed=[-1, 0])
    try:
        ENGINE.apply(state, "guard:2,0")
    except RuleError as exc:
        assert exc.reason == "De tegel op (-1, 0) ligt niet binnen het bereik van de toren op (2, 0) (1 hoog)."
    else:
        raise AssertionError("not refused")


def test_setup_labels_in_three_languages():
    for option in ENGINE.setup_options():
        labels = {ENGINE.label(option.label, lang) for lang in ("nl", "de", "en")}
        assert len(labels) == 3
