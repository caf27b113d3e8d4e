"""Disputes from the second content review: the spells' refusals come before their "no effect"
outcomes, and the teammate's wizards and flasks are used under the clause that allows it. Each test
names the clause it checks and asserts what the rulebook's sentence says."""

from rules.games.betoverde_torens import ENGINE

from .support import clauses, keys, play, pos_of, refused, spaces


def three_players(**extra):
    """Red, blue and yellow with four wizards each (the table of bt-tovenaars-en-flesjes); red may
    cast Free a Wizard (bt-spreuk-bevrijden) once his card is played."""
    pos = {
        "players": ["red", "blue", "yellow"],
        "master": True,
        "spells": ["free"],
        "flasks": {c: {"empty": 1, "filled": 4} for c in ("red", "blue", "yellow")},
        "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"], "yellow": ["w1", "t1", "x1"]},
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


# Tower 9 stands on space 12 with six wizards on top (blue 4, yellow 2); under it a yellow wizard.
SIX_ON_TOP = spaces(
    s10=None,
    s12={"wizards": ["yellow"], "towers": [{"tower": 9, "wizards": ["blue"] * 4 + ["yellow"] * 2}]},
    s14={"wizards": ["red"]},
)


def test_bt_spreuk_bevrijden_not_on_a_tower_with_six_wizards_even_with_none_of_yours_under_it():
    """bt-spreuk-bevrijden: "Staan er bovenop de stapel al 6 tovenaars, dan kun je de spreuk op die
    toren niet gebruiken." Red has no wizard under tower 9: the spell is still not usable there, so it
    is neither offered nor cast as a paid dud."""
    s = three_players(spaces=SIX_ON_TOP, raven={"at": 1, "inside": {"red": 3, "blue": 0, "yellow": 1}})
    s, _ = play(s, "play:t1:tower:1")  # then red is asked first (after-window)
    assert pos_of(s)["phase"] == "offer"
    assert "spell:free:9" not in ENGINE.legal_actions(s)
    assert refused(s, "spell:free:9") == "bt-spreuk-bevrijden"
    assert pos_of(s)["flasks"]["red"] == {"empty": 1, "filled": 4, "spent": 0}  # nothing paid


def test_bt_spreuk_bevrijden_six_wizards_refused_also_when_yours_is_under_it():
    """bt-spreuk-bevrijden: the same tower with a red wizard under it is refused just the same."""
    six = spaces(
        s10=None,
        s12={"wizards": ["red"], "towers": [{"tower": 9, "wizards": ["blue"] * 4 + ["yellow"] * 2}]},
        s14={"wizards": ["red"]},
        s15={"wizards": ["yellow"]},
    )
    s = three_players(spaces=six, raven={"at": 1, "inside": {"red": 2, "blue": 0, "yellow": 1}})
    s, _ = play(s, "play:t1:tower:1")
    assert "spell:free:9" not in ENGINE.legal_actions(s)
    assert refused(s, "spell:free:9") == "bt-spreuk-bevrijden"


def test_bt_spreuk_bevrijden_five_wizards_on_top_and_none_of_yours_under_it_is_a_paid_dud():
    """bt-spreuk-bevrijden: "Zit er geen tovenaar van jou onder, dan heb je pech: de flesjes zijn toch
    betaald." With five wizards on top the spell may be used; without a red wizard under the tower it
    does nothing but the two flasks are spent."""
    five = spaces(
        s10=None,
        s12={"wizards": ["yellow"], "towers": [{"tower": 9, "wizards": ["blue"] * 4 + ["yellow"]}]},
        s14={"wizards": ["red"]},
        s15={"wizards": ["yellow"]},
    )
    s = three_players(spaces=five, raven={"at": 1, "inside": {"red": 3, "blue": 0, "yellow": 1}})
    s, _ = play(s, "play:t1:tower:1")
    assert "spell:free:9" in ENGINE.legal_actions(s)
    s, events = play(s, "spell:free:9")
    assert "spell.free-none" in keys(events)
    assert pos_of(s)["flasks"]["red"]["spent"] == 2


def test_bt_spreuk_bevrijden_raventoren_on_top_of_a_full_stack_takes_your_wizard_in():
    """bt-spreuk-bevrijden: "of in de Raventoren als die bovenop de stapel staat": with the
    Raventoren on top nobody stands on the stack, so the six-wizard limit does not stop the spell."""
    s = three_players(
        spaces=spaces(s10=None, s12={"wizards": ["red"], "towers": [{"tower": 9}]}, s14={"wizards": ["blue"]},
                      s15={"wizards": ["yellow"]}),
        raven={"at": 12, "inside": {"red": 3, "blue": 3, "yellow": 3}},
    )
    s, _ = play(s, "play:t1:tower:1")
    s, events = play(s, "spell:free:9")
    assert "spell.free-raven" in keys(events)
    assert pos_of(s)["raven"]["inside"]["red"] == 4


# -- Teams: bt-teams-doorspelen --------------------------------------------------------------------


def four_in_teams(**extra):
    pos = {
        "players": ["red", "blue", "yellow", "green"],
        "teams": True,
        "spaces": spaces(s11={"wizards": ["yellow"]}, s12={"wizards": ["blue"]}, s15={"wizards": ["green"]}),
        "raven": {"at": 1, "inside": {"red": 4, "blue": 3, "yellow": 3, "green": 3}},
        "hands": {
            "red": ["w1", "t2", "x1"],
            "blue": ["w2", "t2", "x2"],
            "yellow": ["w3", "t3", "x3"],
            "green": ["w4", "t4", "x4"],
        },
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


def test_bt_teams_doorspelen_moving_the_teammates_wizard_cites_the_team_clause():
    """bt-teams-doorspelen: "Zitten al je eigen tovenaars in de Raventoren, dan verplaats je
    voortaan tovenaars van je teamgenoot." Red (all inside) moves yellow's wizard, and the event that
    says so cites the team clause, not only the landing."""
    s, events = play(four_in_teams(), "play:w1:wizard:11")
    assert pos_of(s)["spaces"]["12"]["wizards"] == ["blue", "yellow"]
    team = [e for e in events if e.clause == "bt-teams-doorspelen"]
    assert [e.key for e in team] == ["team.mate-wizard"]
    assert dict(team[0].data) == {"colour": "red", "mate": "yellow"}


def test_bt_teams_doorspelen_filling_the_teammates_flask_cites_the_team_clause():
    """bt-teams-doorspelen: "Zijn al je eigen flesjes gevuld, dan vul je voortaan flesjes van je
    teamgenoot." The event that fills yellow's flask for red comes with one citing the team clause."""
    s = four_in_teams(flasks={"red": {"empty": 0, "filled": 5}})
    s, events = play(s, "play:t2:tower:9")  # tower 9: 10 -> 12 traps blue
    assert pos_of(s)["flasks"]["yellow"]["filled"] == 1
    assert [e.key for e in events if e.clause == "bt-teams-doorspelen"] == ["team.mate-flask"]
    assert keys(events).index("team.mate-flask") < keys(events).index("flask.fill")


def test_bt_teams_doorspelen_own_wizards_and_flasks_cite_no_team_clause():
    """bt-teams-doorspelen applies only once your own wizards are all inside or your own flasks all
    filled: moving your own wizard and filling your own flask cite no team rule."""
    s = four_in_teams(
        spaces=spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}, s13={"wizards": ["yellow"]},
                      s15={"wizards": ["green"]}),
        raven={"at": 1, "inside": {"red": 3, "blue": 3, "yellow": 3, "green": 3}},
    )
    s, events = play(s, "play:w1:wizard:11", "play:t2:tower:9")
    assert "bt-teams-doorspelen" not in clauses(events)
    assert pos_of(s)["flasks"]["red"]["filled"] == 1


def test_bt_teams_doorspelen_a_spell_moving_the_teammates_wizard_cites_the_team_clause():
    """bt-teams-doorspelen with bt-spreuk-tovenaar: Move a Wizard moves one of the caster's wizards;
    with all of his own inside, that is the teammate's, under the team clause."""
    s = four_in_teams(flasks={"red": {"empty": 3, "filled": 2}})
    s, events = play(s, "spell:wizard-fwd:11")
    assert pos_of(s)["spaces"]["12"]["wizards"] == ["blue", "yellow"]
    assert "team.mate-wizard" in keys(events)


# -- The last round and the table view -------------------------------------------------------------


def three_ending(**extra):
    pos = {
        "players": ["red", "blue", "yellow"],
        "spaces": spaces(s12={"wizards": ["blue"]}, s13={"wizards": ["yellow"]}),
        "raven": {"at": 1, "inside": {"red": 4, "blue": 3, "yellow": 3}},
        "flasks": {"red": {"filled": 5}},
        "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"], "yellow": ["w1", "t1", "x1"]},
        "ending": True,
        "turn": {"player": "blue"},
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


def test_bt_laatste_ronde_the_player_right_of_the_start_player_plays_the_last_turn():
    """bt-laatste-ronde: "De laatste beurt is die van de speler rechts van de startspeler": with the
    end rung, yellow's turn (the last seat) is announced as the round's last, citing the clause."""
    s, _ = play(three_ending(), "play:t1:tower:1", "play:w1:wizard:12", "draw:w2")
    s, events = play(s, "draw:w3")
    last = [e for e in events if e.clause == "bt-laatste-ronde"]
    assert [(e.key, dict(e.data)) for e in last] == [("turn.last", {"colour": "yellow"})]
    assert ENGINE.current_actor(s) == "yellow"


def test_bt_laatste_ronde_no_last_turn_before_the_end_is_rung():
    s, _ = play(three_ending(ending=False, flasks={}), "play:t1:tower:1", "play:w1:wizard:12", "draw:w2")
    _, events = play(s, "draw:w3")
    assert "turn.last" not in keys(events)


def test_bt_hand_aanvullen_the_table_view_shows_the_card_drawn_once():
    """bt-hand-aanvullen: a drawn card is hidden from the other seats, who are told "Blauw trekt een
    kaart"; the full-information table view (the simulator's step) shows only the card itself."""
    from rules.core.scenarios import load_scenario, replay

    s, _ = play(three_ending(), "play:t1:tower:1", "play:w1:wizard:12")
    _, events = play(s, "draw:w2")
    stand_in = next(e for e in events if e.key == "card.drawn-hidden")
    assert stand_in.visible("red") and stand_in.visible("yellow") and not stand_in.visible("blue")
    assert not stand_in.visible(None)
    frames = replay(ENGINE, load_scenario("betoverde-torens", "bt-laatste-ronde"))
    drawn = [e.key for f in frames for e in f.events if e.key.startswith("card.drawn")]
    assert drawn == ["card.drawn", "card.drawn"]  # two draws, each shown once
