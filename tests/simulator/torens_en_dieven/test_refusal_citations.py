"""Issue 41, the review of 2026-12-03 (D2, D4): a guard step the rules skip says so, with the rule that
forbids a guard; a guard tried after it is refused under that rule, in words; the last tile's turn
is played out, its guard step included."""

from rules.core.engine import CHANCE
from rules.games.torens_en_dieven import ENGINE
from tests.rulebook_ids import rulebook_path
from tests.simulator.refusals import refusal

from .support import play

REVIEW_D2 = {  # red lays a plain tile on (0, 1) next to towers on (1, 0) (2 high) and (3, 0) (1 high)
    "players": ["red", "blue"], "phase": "place", "turn": "red", "drawn": "land",
    "tiles": [[0, 0, "start"], [1, 0, "tower"], [2, 0], [3, 0, "tower"]],
    "towers": [{"at": [1, 0], "pieces": 2}, {"at": [3, 0], "pieces": 1}],
    "stack": {"land": 5}, "followers": {"red": 6},
}  # fmt: skip


def sentences(error) -> dict[str, str]:
    return {lang: ENGINE.reason(error, lang) for lang in ("nl", "de", "en")}


def test_td_torenbereik_no_tower_in_reach_the_guard_step_is_skipped_and_says_so():
    state, events = play(ENGINE.state_from_position(REVIEW_D2), "place:0,1")
    skipped = [e for e in events if e.key.startswith("guard.skipped")]
    assert [(e.clause, e.key, e.data["placed"]) for e in skipped] == [("td-torenbereik", "guard.skipped.no-reach", [0, 1])]
    assert [e.key for e in events] == ["place", "guard.skipped.no-reach", "turn.next"]  # before the next turn
    assert ENGINE.describe(skipped[0], "nl") == (
        "Geen enkele toren bereikt de tegel op (0, 1): Rood kan geen wachter zetten, dus valt die keuze weg."
    )
    assert ENGINE.current_actor(state) == CHANCE


def test_td_torenbereik_a_guard_tried_after_the_skipped_step_is_refused_under_the_reach_rule_in_words():
    state, _ = play(ENGINE.state_from_position(REVIEW_D2), "place:0,1")
    for action in ("guard:1,0", "pass"):
        error = refusal(ENGINE, state, action)
        assert (error.clause, error.key) == ("td-torenbereik", "refuse.guard-skipped.no-reach"), action
        said = sentences(error)
        assert all(action not in text for text in said.values())  # the action is read as no tile name
        assert "(0, 1)" in said["nl"] and "Nu trekt Blauw een tegel" in said["nl"]


def test_td_wachter_zetten_no_meeple_left_skips_the_guard_step_and_a_guard_then_cites_it():
    position = dict(REVIEW_D2, followers={"red": 0})
    state, events = play(ENGINE.state_from_position(position), "place:4,0")  # in reach of the tower on (3, 0)
    assert [(e.clause, e.key) for e in events if e.key.startswith("guard.skipped")] == [
        ("td-wachter-zetten", "guard.skipped.no-meeple")
    ]
    for action in ("guard:3,0", "pass"):
        assert refusal(ENGINE, state, action).clause == "td-wachter-zetten", action


def test_td_drie_acties_a_second_guard_after_the_turn_is_over_cites_the_turn():
    state, _ = play(ENGINE.state_from_position(REVIEW_D2), "place:4,0", "guard:3,0")
    error = refusal(ENGINE, state, "guard:3,0")
    assert (error.clause, error.key) == ("td-drie-acties", "refuse.turn-over")


def test_td_landtegels_schudden_a_tile_not_in_the_stack_and_a_tower_tile_out_of_turn():
    state = ENGINE.state_from_position({**REVIEW_D2, "phase": "draw", "drawn": None})
    assert refusal(ENGINE, state, "draw:thief5").clause == "td-landtegels-schudden"
    assert refusal(ENGINE, state, "draw:tower").clause == "td-torentegel-trekken"  # only after a theft
    assert refusal(ENGINE, state, "place:0,1").clause == "td-landtegel-leggen"  # a tile is drawn first


def test_td_landtegel_leggen_the_last_tiles_turn_is_played_out_with_its_guard_step():
    """D4: the note says the game ends with the turn of the last tile, guard step included."""
    state = ENGINE.state_from_position({**REVIEW_D2, "stack": {"land": 0}})
    state, _ = play(state, "place:4,0")
    assert not ENGINE.is_over(state) and "guard:3,0" in ENGINE.legal_actions(state)
    state, events = play(state, "guard:3,0")
    assert ENGINE.is_over(state) and ENGINE.position_of(state)["scores"]["red"] == 5  # the guard counts
    note = rulebook_path("torens-en-dieven").read_text(encoding="utf-8")
    assert "eindigt het spel zodra de laatste tegel is aangelegd" not in note
    assert "eindigt het spel met de beurt waarin de laatste tegel is" in note
