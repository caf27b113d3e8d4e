"""Moving wizards and towers, the Raventoren, flasks: the clauses of 'Tovenaars verplaatsen' and
'Torens verplaatsen'."""


from rules.games.betoverde_torens import ENGINE

from .support import clauses, keys, play, pos_of, refused, spaces, state


def test_bt_vast_getal_exact_steps_counting_every_space():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["w3"], "blue": []})
    after, events = play(s, "play:w3:wizard:11")
    assert pos_of(after)["spaces"]["14"]["wizards"] == ["red"]  # 11 + 3, the blue wizard on 12 counts as a step
    assert "bt-tovenaar-landen" in clauses(events)


def test_bt_tovenaar_landen_on_the_top_tower():
    s = state(
        spaces(s12={"wizards": ["red"]}),
        hands={"red": ["w3"], "blue": []},
        wizards_each=1,
        **{"raven": {"at": 1, "inside": {"blue": 1}}},
    )
    after, _ = play(s, "play:w3:wizard:12")
    assert "towers" not in pos_of(after)["spaces"].get("15", {})
    s2 = state(
        spaces(s9={"towers": [{"tower": 8}, {"tower": 9}]}, s10={}, s7={"towers": [{"tower": 6, "wizards": ["red"]}]}),
        hands={"red": ["w2"], "blue": []},
        raven={"at": 1, "inside": {"blue": 1}},
    )
    after, _ = play(s2, "play:w2:wizard:7")
    assert pos_of(after)["spaces"]["9"]["towers"][1] == {"tower": 9, "wizards": ["red"]}


def test_bt_eigen_tovenaar_only_own_visible_wizards():
    s = state(
        spaces(s11={"wizards": ["blue"]}, s12={"wizards": ["red"], "towers": [{"tower": 1}]}, s2={}),
        hands={"red": ["w1"], "blue": []},
    )
    assert refused(s, "play:w1:wizard:11") == "bt-eigen-tovenaar"  # blue's wizard
    assert refused(s, "play:w1:wizard:12") == "bt-eigen-tovenaar"  # imprisoned under tower 1
    assert ENGINE.legal_actions(s)[0] == "play:w1:none"  # bt-kaart-zonder-effect


def test_bt_maximaal_zes_tovenaars_the_move_does_not_happen():
    six = {"wizards": ["blue"] * 6}
    s = state(
        spaces(s12=six, s11={"wizards": ["red"]}),
        wizards_each=6,
        hands={"red": ["w1", "t1"], "blue": []},
        raven={"at": 1, "inside": {"red": 5}},
    )
    assert refused(s, "play:w1:wizard:11") == "bt-maximaal-zes-tovenaars"
    assert "play:w1:none" in ENGINE.legal_actions(s)
    after, events = play(s, "play:w1:none")
    assert "bt-kaart-zonder-effect" in clauses(events)
    assert pos_of(after)["discard"] == {"w1": 1} and pos_of(after)["turn"]["actions"] == 1


def test_bt_maximaal_zes_prisoners_do_not_count():
    s = state(
        spaces(
            s5={"towers": [{"tower": 4}]} | {"wizards": ["blue"] * 6}, s4={"towers": [{"tower": 3, "wizards": ["red"]}]}
        ),
        wizards_each=6,
        hands={"red": ["w1"], "blue": []},
        raven={"at": 1, "inside": {"red": 5}},
    )
    after, _ = play(s, "play:w1:wizard:4")
    assert pos_of(after)["spaces"]["5"]["towers"][0]["wizards"] == ["red"]


def test_bt_tovenaar_in_raventoren_goes_in_and_the_turn_ends_at_once():
    s = state(
        spaces(s16={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        wizards_each=2,
        hands={"red": ["w1", "t1", "x1"], "blue": []},
        raven={"at": 1, "inside": {"blue": 1, "red": 1}},
    )
    after, events = play(s, "play:w1:wizard:16")
    assert keys(events)[:3] == ["card.number", "wizard.raven", "raven.moves"]
    assert "turn.raven-ends" in keys(events)
    pos = pos_of(after)
    assert pos["raven"]["inside"] == {"red": 2, "blue": 1}
    assert pos["phase"] == "draw" and pos["turn"]["player"] == "red"  # refill at once; no second card


def test_bt_raventoren_verplaatsen_first_free_raven_space_or_shield_tower():
    # spaces 2-4 shield towers with wizards; 5 is an empty raven space -> the Raventoren goes to 5
    lay = spaces(s16={"wizards": ["red"]}, s2={"towers": [{"tower": 1, "wizards": ["blue"]}]})
    s = state(lay, wizards_each=2, hands={"red": ["w1"], "blue": []}, raven={"at": 1, "inside": {"red": 1, "blue": 1}})
    after, events = play(s, "play:w1:wizard:16")
    assert pos_of(after)["raven"]["at"] == 4  # tower 3 (shield, no wizard) on space 4 comes first
    assert [e.data for e in events if e.key == "raven.moves"] == [{"from": 1, "to": 4, "tower": 3}]


def test_bt_raventoren_verplaatsen_skips_towers_without_shield_and_occupied_places():
    lay = {
        "16": {"wizards": ["red"]},
        "2": {"towers": [{"tower": 2}]},
        "3": {"towers": [{"tower": 1, "wizards": ["blue"]}]},
        "5": {"wizards": ["blue"]},
        "7": {
            "towers": [{"tower": 4}, {"tower": 5}, {"tower": 3}, {"tower": 6}, {"tower": 7}, {"tower": 9}, {"tower": 8}]
        },
    }
    s = state(lay, wizards_each=2, hands={"red": ["w1"], "blue": []}, raven={"at": 1, "inside": {"red": 1}})
    after, _ = play(s, "play:w1:wizard:16")
    # 2: no shield; 3: a wizard on it; 5: a wizard; 7: top tower 8 has no shield; 9: empty raven space
    assert pos_of(after)["raven"]["at"] == 9


def test_bt_raventoren_verplaatsen_stays_when_there_is_no_free_place():
    lay = {
        "16": {"wizards": ["red"]},
        "5": {"wizards": ["blue"]},
        "9": {"wizards": ["blue"]},
        "13": {"wizards": ["blue"]},
        "2": {"towers": [{"tower": t} for t in (2, 4, 6, 8, 1, 3, 5, 7, 9)][::-1][::-1], "wizards": []},
    }
    lay["2"]["towers"] = [{"tower": t} for t in (1, 3, 5, 7, 9, 2, 4, 6, 8)]
    s = state(lay, wizards_each=4, hands={"red": ["w1"], "blue": []}, raven={"at": 1, "inside": {"red": 3, "blue": 1}})
    after, events = play(s, "play:w1:wizard:16")
    assert "raven.stays" in keys(events) and pos_of(after)["raven"]["at"] == 1


def test_bt_toren_kiezen_any_tower_never_the_raventoren():
    s = state(hands={"red": ["t1"], "blue": []}, spaces=spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}))
    assert {a for a in ENGINE.legal_actions(s) if a.startswith("play:t1")} == {
        f"play:t1:tower:{t}" for t in range(1, 10)
    }
    assert refused(s, "play:t1:tower:0") == "bt-toren-kiezen"


def test_bt_toren_uit_stapel_and_bt_tovenaars_reizen_mee():
    lay = spaces(s3={"towers": [{"tower": 2, "wizards": ["red"]}, {"tower": 1, "wizards": ["blue"]}]})
    del lay["2"]
    s = state(lay, hands={"red": ["t2"], "blue": []})
    after, events = play(s, "play:t2:tower:2")  # the lower tower: tower 1 rides along
    pos = pos_of(after)
    assert pos["spaces"]["5"]["towers"][-2:] == [{"tower": 2, "wizards": ["red"]}, {"tower": 1, "wizards": ["blue"]}]
    assert "3" not in pos["spaces"]
    assert {"bt-toren-uit-stapel", "bt-tovenaars-reizen-mee"} <= clauses(events)


def test_bt_toren_landen_on_a_field_or_on_top_of_another_tower():
    s = state(hands={"red": ["t3"], "blue": []}, raven={"at": 1, "inside": {"red": 1, "blue": 1}})
    after, _ = play(s, "play:t3:tower:9")  # space 10 -> 13: an empty field
    assert pos_of(after)["spaces"]["13"] == {"towers": [{"tower": 9}]}
    after, _ = play(s, "play:t3:tower:1")  # space 2 -> 5 on tower 4
    assert [t["tower"] for t in pos_of(after)["spaces"]["5"]["towers"]] == [4, 1]


def test_bt_niet_op_raventoren_but_passing_it_is_fine():
    s = state(
        hands={"red": ["t2", "t5"], "blue": []},
        raven={"at": 12, "inside": {}},
        spaces=spaces(s14={"wizards": ["red"]}, s15={"wizards": ["blue"]}),
    )
    assert refused(s, "play:t2:tower:9") == "bt-niet-op-raventoren"  # 10 + 2 = 12
    after, _ = play(s, "play:t5:tower:9")  # 10 + 5 = 15, passing the Raventoren
    assert pos_of(after)["spaces"]["15"]["towers"] == [{"tower": 9}]


def test_bt_raventoren_reist_mee_when_its_stack_moves():
    lay = spaces(s3={"towers": [{"tower": 2}, {"tower": 1}]})
    del lay["2"]
    s = state(
        {**lay, "12": {"wizards": ["blue"]}}, hands={"red": ["t1"], "blue": []}, raven={"at": 3, "inside": {"red": 1}}
    )
    after, events = play(s, "play:t1:tower:2")
    assert pos_of(after)["raven"] == {"at": 4, "inside": {"red": 1}}
    assert "bt-raventoren-reist-mee" in clauses(events)


def test_bt_toren_over_tovenaar_imprisons_any_colour_and_bt_fles_vullen_once():
    lay = spaces(s11={"wizards": ["blue", "red"]})
    s = state(lay, hands={"red": ["t1"], "blue": []}, wizards_each=1)
    after, events = play(s, "play:t1:tower:9")
    pos = pos_of(after)
    assert pos["spaces"]["11"] == {"wizards": ["blue", "red"], "towers": [{"tower": 9}]}
    assert pos["flasks"]["red"] == {"empty": 5, "filled": 1, "spent": 0}  # one flask, however many wizards
    assert keys(events).count("flask.fill") == 1


def test_bt_fles_vullen_never_more_than_you_have():
    lay = spaces(s11={"wizards": ["blue"]})
    s = state(
        lay,
        hands={"red": ["t1"], "blue": []},
        wizards_each=1,
        raven={"at": 1, "inside": {"red": 1}},
        flasks={"red": {"filled": 4, "spent": 2}},
    )
    after, events = play(s, "play:t1:tower:9")
    assert "flask.none" in keys(events)
    assert pos_of(after)["flasks"]["red"] == {"empty": 0, "filled": 4, "spent": 2}


def test_bt_tovenaars_bevrijd_when_the_tower_above_moves_away():
    lay = spaces(s10={"wizards": ["blue"], "towers": [{"tower": 9}]})
    s = state(lay, hands={"red": ["t1"], "blue": []}, wizards_each=1, raven={"at": 1, "inside": {"red": 1}})
    after, events = play(s, "play:t1:tower:9")
    assert pos_of(after)["spaces"]["10"] == {"wizards": ["blue"]}
    assert "bt-tovenaars-bevrijd" in clauses(events)
