"""Issue 41: a step the rules skip says so. With Master wizards, who can pay for or use no open spell
is passed over in the asking (the note on bt-meester-volgorde); the passing-over is an event citing
that clause, in every language."""

from rules.games.betoverde_torens import ENGINE

from .support import pos_of, spaces


def master(flasks: dict[str, int], asking: bool = True):
    """Red, blue and yellow play Master wizards with Move a Tower open; red is asked first, before
    his first action (or, ``asking=False``, he plays his first card now). ``flasks`` gives each player's
    filled potions (of 5)."""
    turn = {"player": "red", "window": "before", "offer": "red"} if asking else {"player": "red"}
    return ENGINE.state_from_position(
        {
            "players": ["red", "blue", "yellow"],
            "master": True,
            "spells": ["tower-fwd"],
            "spaces": spaces(s12={"wizards": ["red"]}, s14={"wizards": ["blue"]}, s15={"wizards": ["yellow"]}),
            "raven": {"at": 1, "inside": {"red": 3, "blue": 3, "yellow": 3}},
            "flasks": {c: {"empty": 5 - n, "filled": n} for c, n in flasks.items()},
            "hands": {c: ["w1", "t1", "x1"] for c in ("red", "blue", "yellow")},
            "phase": "offer" if asking else "play",
            "turn": turn,
        }
    )


def test_bt_meester_volgorde_who_cannot_pay_is_passed_over_and_the_event_says_so():
    """bt-meester-volgorde: "Wil hij niet, dan wordt met de klok mee rondgevraagd of iemand anders dat
    wil"; its note: "Wie geen enkele open spreuk kan betalen [...] slaat de site bij het rondvragen
    over." Blue has no filled potion: after red declines, yellow is asked, and an event citing the
    clause names blue as passed over."""
    s, events = ENGINE.apply(master({"red": 1, "blue": 0, "yellow": 1}), "decline")
    assert pos_of(s)["turn"]["offer"] == "yellow"
    skipped = [e for e in events if e.key == "spell.skipped"]
    assert [(e.clause, list(e.data["colours"])) for e in skipped] == [("bt-meester-volgorde", ["blue"])]
    text = {lang: ENGINE.describe(skipped[0], lang) for lang in ("nl", "de", "en")}
    assert "overgeslagen" in text["nl"] and "nicht gefragt" in text["de"] and "passed over" in text["en"]


def test_bt_meester_volgorde_nobody_can_pay_nobody_is_asked_and_the_event_says_so():
    """bt-meester-volgorde (its note): when nobody can pay for an open spell, nobody is asked: the
    action goes on at once (red plays his card), and the asking that did not happen is an event."""
    s = master({"red": 1, "blue": 0, "yellow": 0})
    s, events = ENGINE.apply(s, "decline")  # red declines; blue and yellow cannot pay
    assert pos_of(s)["phase"] == "play"
    assert [(e.clause, list(e.data["colours"])) for e in events if e.key == "spell.skipped"] == [
        ("bt-meester-volgorde", ["blue", "yellow"])
    ]
    s = master({"red": 0, "blue": 0, "yellow": 0}, asking=False)
    s, events = ENGINE.apply(s, "play:t1:tower:1")  # after the action: nobody is asked
    assert any(e.key == "spell.skipped.all" and e.clause == "bt-meester-volgorde" for e in events)
    assert pos_of(s)["phase"] != "offer"


def test_bt_meester_volgorde_nobody_passed_over_no_event():
    """bt-meester-volgorde: when the next player in the asking can pay, nobody is passed over and
    no passing-over event is told."""
    _s, events = ENGINE.apply(master({"red": 1, "blue": 1, "yellow": 1}), "decline")
    assert not [e for e in events if e.key.startswith("spell.skipped")]
