"""Issue 41, the review of 2026-12-03 (D1) and N15: a refusal of De Betoverde Torens cites the rule
that forbids the move, and a verdict on the site's own reading says it is one. (A draw is never
skipped here: deck, discard pile and hands always hold all 90 cards, bt-hand-aanvullen reshuffles.)"""

from rules.games.betoverde_torens import ENGINE
from tests.simulator.refusals import refusal

from .support import keys, play, spaces, state

REVIEW_D1 = {  # 2 players, towers on 2-10, red 1 filled flask (the review's position)
    "players": ["red", "blue"],
    "spaces": {**{str(t + 1): {"towers": [{"tower": t}]} for t in range(1, 10)},
               "11": {"wizards": ["red"] * 5}, "12": {"wizards": ["blue"] * 5}},
    "flasks": {"red": {"filled": 1, "empty": 5}},
    "hands": {"red": ["w1", "t1", "t2"], "blue": ["t3", "t4", "w5"]},
}
TEAMS = ["red", "blue", "green", "yellow"]  # red and green against blue and yellow (bt-teams-vormen)


def sentences(error) -> dict[str, str]:
    return {lang: ENGINE.reason(error, lang) for lang in ("nl", "de", "en")}


def test_bt_spreuk_tovenaar_an_unpayable_spell_cites_its_own_cost_not_bt_flesjes_uit_spel():
    error = refusal(ENGINE, ENGINE.state_from_position(REVIEW_D1), "spell:wizard-fwd:11")
    assert (error.clause, error.key) == ("bt-spreuk-tovenaar", "refuse.spell-cost")  # "Kosten: 2 flesjes"
    said = sentences(error)
    assert "2 gevulde flesjes" in said["nl"] and "je hebt er 1" in said["nl"]
    assert "2 gefüllte" in said["de"] and "2 filled potions" in said["en"]
    assert ENGINE.reading(error.key) is None  # the rulebook's own cost line decides it


def test_bt_teams_doorspelen_the_teammates_flasks_do_not_pay_a_spell():
    where = spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}, s13={"wizards": ["green"]}, s14={"wizards": ["yellow"]})
    hands = {colour: [f"w{n}", f"t{n}", f"x{n}"] for n, colour in enumerate(TEAMS, start=1)}
    flasks = {"red": {"empty": 4, "filled": 1}, "green": {"empty": 2, "filled": 3}}
    s = state(where, players=TEAMS, teams=True, hands=hands, flasks=flasks)
    error = refusal(ENGINE, s, "spell:wizard-fwd:11")
    # only the note on bt-teams-doorspelen says so: spells are paid with the flasks in front of you
    assert (error.clause, error.key) == ("bt-teams-doorspelen", "refuse.spell-cost.mate")
    assert "teamgenoot groen" in sentences(error)["nl"].lower() and "teammate green" in sentences(error)["en"].lower()
    assert ENGINE.reading(error.key) == "bt-teams-doorspelen"


def test_bt_flesjes_uit_spel_spent_flasks_do_not_pay_again():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), flasks={"red": {"empty": 4, "filled": 0, "spent": 2}})
    error = refusal(ENGINE, s, "spell:tower-fwd:1")
    assert (error.clause, error.key) == ("bt-flesjes-uit-spel", "refuse.spell-cost.spent")


def test_bt_einde_spel_the_all_inside_verdict_is_marked_as_the_sites_reading():
    """N15: everyone inside and no one done is the site's reading of an open rule, and says so."""
    assert ENGINE.reading("end.stalled") == ENGINE.reading("result.stalled") == "bt-einde-spel"
    assert ENGINE.reading("end.rung") is None  # the rule text decides that one


def test_bt_twee_acties_a_card_not_in_the_hand_is_refused_before_anything_about_its_die():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["w1", "t1", "x1"], "blue": []})
    error = refusal(ENGINE, s, "play:w2d:wizard:11")  # a die card red does not hold
    assert (error.clause, error.key) == ("bt-twee-acties", "refuse.not-in-hand")


def test_bt_dobbelsteen_gooien_a_roll_or_a_choice_without_a_die_card_says_so_in_words():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}))
    for action, clause in (("move:wizard:3", "bt-dobbelsteen-gooien"), ("reroll", "bt-dobbelsteen-herwerpen"),
                           ("roll:4", "bt-dobbelsteen-gooien"), ("draw:w1", "bt-hand-aanvullen")):
        error = refusal(ENGINE, s, action)
        assert error.clause == clause, action
        assert all(action not in text for text in sentences(error).values()), action  # said in words


def test_bt_einde_spel_a_last_wizard_in_with_flasks_still_empty_says_the_game_goes_on():
    """N15: "Voldoet een speler pas aan één van de twee, dan gaat het spel gewoon door" is said."""
    where = spaces(s16={"wizards": ["blue"]}, s12={"wizards": ["red"]})
    s = state(where, turn={"player": "blue"}, flasks={"blue": {"empty": 4, "filled": 2}},
              hands={"red": ["w1", "t1", "x1"], "blue": ["w1", "t2", "x2"]})
    s, events = play(s, "play:w1:wizard:16")
    said = [(e.clause, e.data["filled"], e.data["total"]) for e in events if e.key == "end.not-yet"]
    assert said == [("bt-einde-spel", 2, 6)] and not ENGINE.is_over(s)
    assert "end.rung" not in keys(events)
