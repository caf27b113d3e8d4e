"""The position editor of Der dunkle Turm (``rules.games.der_dunkle_turm.editor``): what each tool
does, each refusal with its reason in nl, de and en (citing the rule behind it), the fields of the
turn, and a hypothesis run of random taps that never crashes and never yields a position the engine
refuses (``state_from_position`` judges every result through ``apply_edit``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.bots import next_action, random_bots
from rules.core.editor import EditError, apply_edit, apply_fields, judged
from rules.core.tapping import TARGET_RE
from rules.games.der_dunkle_turm import EDITOR, ENGINE, GAME
from rules.games.der_dunkle_turm.board import DECK_SIZE, FULL_DECK

from .support import pos

LANGS = ("nl", "de", "en")


def position(companions: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A canonical two-team position (red on turn), as the editor page holds it."""
    return ENGINE.position_of(pos(companions, **extra))


def edit(p: dict[str, Any], target: str, tool: str, lang: str = "en") -> dict[str, Any]:
    return apply_edit(ENGINE, EDITOR, p, target, tool, lang).position


def reasons(p: dict[str, Any], target: str, tool: str) -> dict[str, str]:
    """The refusal of this tap in each language (the editor's own rule, not the engine's)."""
    out = {}
    for lang in LANGS:
        with pytest.raises(EditError) as err:
            apply_edit(ENGINE, EDITOR, p, target, tool, lang)
        assert not err.value.engine, err.value.reason
        out[lang] = err.value.reason
    return out


def field_reasons(p: dict[str, Any], **values: str) -> dict[str, str]:
    out = {}
    for lang in LANGS:
        with pytest.raises(EditError) as err:
            set_fields(p, lang, **values)
        assert not err.value.engine, err.value.reason
        out[lang] = err.value.reason
    return out


def set_fields(p: dict[str, Any], lang: str = "en", **values: str) -> dict[str, Any]:
    """Submit the whole fields form (as the page does) with some values changed."""
    form = {f.name: f.value for f in EDITOR.fields(ENGINE, p, lang)}
    form.update({k.replace("__", "."): v for k, v in values.items()})
    return apply_fields(ENGINE, EDITOR, p, form, lang)


def comp(p: dict[str, Any], cid: str) -> dict[str, Any]:
    raw = p["companions"][cid]
    return raw if isinstance(raw, dict) else {"at": raw}


# -- blank --------------------------------------------------------------------------------------------


def test_blank_keeps_the_teams_and_empties_the_board():
    """dt-aufbau: everyone in the camp, bridges down, no rifts, beasts asleep, the full deck."""
    busy = position({"red1": 9, "blue2": "exile", "blue1": "out"}, teams=["red", "blue"], rifts={"9": 2},
                    bridges="up", start="blue", turn="red", wizard=3)
    blank = judged(ENGINE, EDITOR.blank(ENGINE, busy))
    assert blank["teams"] == ["red", "blue"] and blank["start"] == "blue"
    assert set(blank["companions"].values()) == {"camp"}
    assert blank["rifts"] == {} and blank["floats"] == {} and blank["bridges"] == "down" and blank["wizard"] == 0
    assert blank["beasts"] == {"12": "asleep", "18": "asleep"} and blank["pending"] == []
    assert sum(blank["deck"].values()) == DECK_SIZE


def test_blank_of_a_game_before_the_lot_and_of_four_teams():
    fresh = ENGINE.position_of(ENGINE.initial_state({"teams": 4}))
    blank = judged(ENGINE, EDITOR.blank(ENGINE, fresh))
    assert blank["start"] is None and blank["turn"] == "red" and len(blank["companions"]) == 12


# -- placing companions ---------------------------------------------------------------------------------


def test_a_team_tool_takes_a_companion_from_the_camp():
    p = edit(position(), "f:7", "team:blue")
    assert p["companions"]["blue1"] == 7
    p = edit(p, "f:8", "team:blue")
    assert p["companions"]["blue2"] == 8


def test_two_on_one_field_is_refused():
    """dt-freie-felder: at most one figure stands on a field."""
    p = position({"red1": 7})
    got = reasons(p, "f:7", "team:blue")
    assert got == {
        "nl": "Op veld 7 staat al Rood 1: op elk veld staat hoogstens één figuur.",
        "de": "Auf Feld 7 steht schon Rot 1: Auf jedem Feld steht höchstens eine Figur.",
        "en": "Red 1 already stands on field 7: at most one figure stands on a field.",
    }
    assert reasons(p, "c:red1", "team:blue") == got  # tapping the piece on the field is the same tap


def test_a_lying_companion_leaves_its_field_free():
    """dt-neben-dem-feld: the field counts as free while someone lies beside it."""
    p = edit(position({"red1": {"at": 12, "lying": 1}}), "f:12", "team:blue")
    assert p["companions"]["blue1"] == 12


def test_no_companion_left_in_the_camp():
    p = position({"blue1": 3, "blue2": 4, "blue3": "exile"})
    got = reasons(p, "f:9", "team:blue")
    assert "Blauw" in got["nl"] and "Blau" in got["de"] and "Blue" in got["en"]
    assert "kamp" in got["nl"] and "Lager" in got["de"] and "camp" in got["en"]


def test_side_fields_only_while_the_bridges_are_raised():
    """dt-seitenfelder: the six side fields exist only while the drawbridges are raised."""
    got = reasons(position(), "f:6b", "team:red")
    assert "omhoog" in got["nl"] and "angehoben" in got["de"] and "raised" in got["en"]
    assert edit(position(bridges="up"), "f:6b", "team:red")["companions"]["red1"] == "6b"


def test_nobody_on_a_raised_bridge():
    """dt-zugbruecken-heben: whoever stands on 6 or 15 falls when the bridges rise."""
    got = reasons(position(bridges="up"), "f:6", "team:red")
    assert "6 en 15" in got["nl"] and "6 und 15" in got["de"] and "6 or 15" in got["en"]


def test_moving_a_companion_keeps_its_marks():
    p = position({"red1": {"at": 3, "spell": True, "charred": True}})
    picked = apply_edit(ENGINE, EDITOR, p, "c:red1", "move", "en")
    assert picked.tool == "drop:red1" and picked.position == p
    dropped = apply_edit(ENGINE, EDITOR, p, "f:9", "drop:red1", "en")
    assert dropped.tool == "move"
    assert comp(dropped.position, "red1") == {"at": 9, "charred": True, "spell": True}
    again = apply_edit(ENGINE, EDITOR, p, "c:red1", "drop:red1", "en")  # tapping it again puts it down
    assert again.position == p and again.tool == "move"


def test_move_needs_a_companion_first():
    got = reasons(position(), "f:3", "move")
    assert got["en"] == "First tap the companion you want to move."


def test_the_tower_starts_a_duel_of_that_team():
    """dt-duell-fordern: whoever reaches the tower challenges the wizard at once, in its own turn."""
    p = edit(position(), "tower", "team:blue")
    assert p["companions"]["blue1"] == "tower" and p["turn"] == "blue"
    assert p["pending"] == [{"task": "duel", "companion": "blue1", "round": 1}] and p["drawn"] is True
    assert ENGINE.current_actor(ENGINE.state_from_position(p)) == "chance"
    got = reasons(p, "tower", "team:red")
    assert "één" in got["nl"] and "nur ein" in got["de"] and "Only one" in got["en"]
    back = edit(p, "c:blue1", "empty")
    assert back["pending"] == [] and back["drawn"] is False


def test_a_team_all_in_the_exile_calls_the_owl():
    """dt-eule-alle-gefangen: the owl comes at once, the captured team chooses whom it frees."""
    p = position({"blue1": "exile", "blue2": "exile"})
    p = edit(p, "exile", "team:blue")
    assert p["pending"][0] == {"task": "rescue", "team": "blue"}
    assert ENGINE.current_actor(ENGINE.state_from_position(p)) == "blue"
    freed = edit(p, "c:blue3", "empty")
    assert freed["pending"] == []


def test_burst_companions_carry_nothing_and_one_team_must_stay():
    """dt-zerplatzen: a burst companion is out for good and carries nothing; a team of burst companions
    is out (its turns are skipped), and a game without any team left is over."""
    p = edit(position({"red1": {"at": 5, "spell": True, "charred": True}}), "out", "drop:red1")
    assert p["companions"]["red1"] == "out" and p["deck"]["spell"] == FULL_DECK["spell"]
    got = reasons(p, "c:red1", "spell")
    assert got["de"] == "Ein zerplatzter Gefährte trägt nichts mehr."
    everyone = position({f"{t}{i}": "out" for t in ("blue",) for i in (1, 2, 3)} | {"red1": "out", "red2": "out"})
    got = reasons(everyone, "out", "team:red")
    assert "Minstens één team" in got["nl"] and "Mindestens ein Team" in got["de"] and "At least one team" in got["en"]


def test_the_team_on_turn_cannot_be_out():
    p = position({"red1": "out", "red2": "out"}, turn="blue")
    p2 = edit(p, "out", "team:red")  # red is out now, blue is on turn: fine
    assert p2["companions"]["red3"] == "out"
    got = field_reasons(p2, turn="red")
    assert "Rood" in got["nl"] and "uitgeschakeld" in got["nl"] and "ausgeschieden" in got["de"] and "is out" in got["en"]


# -- marks --------------------------------------------------------------------------------------------


def test_marks_toggle_on_a_companion():
    p = position({"red1": 3})
    p = edit(p, "c:red1", "charred")
    assert comp(p, "red1") == {"at": 3, "charred": True}
    p = edit(p, "c:red1", "charred1")
    assert comp(p, "red1") == {"at": 3, "charred": True, "cooled": 1}
    p = edit(p, "c:red1", "charred1")
    assert comp(p, "red1") == {"at": 3}
    p = edit(p, "f:3", "shield:2")  # a tap on the field under it reaches the companion
    assert comp(p, "red1") == {"at": 3, "shield": 2}
    p = edit(p, "c:red1", "shield:1")
    assert comp(p, "red1")["shield"] == 1
    p = edit(p, "c:red1", "mark:0")
    assert comp(p, "red1")["marked"] == 0
    assert reasons(p, "camp", "shield:1")["en"] == "Tap a companion."


def test_a_protection_spell_comes_from_the_deck_and_there_are_three():
    """dt-kartenstapel: three protection spells; dt-schutzzauber: one per companion at most."""
    p = edit(position({"red1": 3}), "c:red1", "spell")
    assert comp(p, "red1")["spell"] is True and p["deck"]["spell"] == 2
    p = edit(edit(p, "c:red2", "spell"), "c:red3", "spell")
    assert p["deck"].get("spell", 0) == 0
    got = reasons(p, "c:blue1", "spell")
    assert got == {"nl": "Alle drie beschermspreuken zijn al in het spel.",
                   "de": "Alle drei Schutzzauber sind schon im Spiel.",
                   "en": "All three protection spells are in play already."}
    p = edit(p, "c:red1", "spell")  # taken off again: back into the deck
    assert "spell" not in comp(p, "red1") and p["deck"]["spell"] == 1


def test_lying_only_where_a_beast_fights():
    """dt-neben-dem-feld: one lies beside a field only after losing to a bone beast, on 4, 10-14, 16-20."""
    got = reasons(position({"red1": 7}), "c:red1", "lying:1")
    assert "4, 10 tot 14 of 16 tot 20" in got["nl"] and "4, 10 bis 14 oder 16 bis 20" in got["de"]
    assert "4, 10 to 14 or 16 to 20" in got["en"]
    p = edit(position({"red1": 11}), "c:red1", "lying:1")
    assert comp(p, "red1") == {"at": 11, "lying": 1}


def test_standing_up_again_needs_a_free_field():
    p = edit(position({"red1": {"at": 11, "lying": 1}}), "f:11", "team:blue")
    assert "veld 11" in reasons(p, "c:red1", "lying:1")["nl"]


def test_a_timer_at_zero_only_in_its_own_teams_turn():
    """dt-fristen: team-turn timers count the turns still to begin; 0 only while that team is on turn."""
    p = position({"blue1": 9})
    got = reasons(p, "c:blue1", "shield:0")
    assert got == {
        "nl": "Blauw 1: een termijn van 0 bestaat alleen in de beurt van het eigen team (team Blauw).",
        "de": "Blau 1: Eine Frist von 0 gibt es nur im Zug des eigenen Teams (Team Blau).",
        "en": "Blue 1: a timer at 0 exists only in its own team's turn (team Blue).",
    }
    assert comp(edit(position({"red1": 9}), "c:red1", "shield:0"), "red1")["shield"] == 0


# -- rifts, floating fields, bridges, beasts --------------------------------------------------------


@pytest.mark.parametrize("field", ["1", "2", "3", "4", "5"])
def test_never_a_rift_on_fields_1_to_5(field):
    """dt-riss-oeffnen: on fields 1 to 5 a rift never opens."""
    got = reasons(position(), f"f:{field}", "rift:3")
    assert got["de"].startswith(f"Auf Feld {field} öffnet sich nie ein Riss")
    assert got["nl"].startswith(f"Op veld {field} gaat nooit een scheur open")
    assert got["en"].startswith(f"A rift never opens on field {field}")


@pytest.mark.parametrize("field", ["6", "12", "15", "18"])
def test_never_a_rift_on_bridges_or_lairs(field):
    """dt-riss-oeffnen (interpretation): nor on the bridges, the side fields and the magic places 12 and 18."""
    reasons(position(), f"f:{field}", "rift:2")


def test_a_rift_with_its_table_rounds_and_the_protection_seal():
    """dt-riss-schliessen: a rift counts the table-round ends still to come; dt-schutzsiegel: never
    more than three rifts open."""
    p = edit(position(), "f:9", "rift:3")
    assert p["rifts"] == {"9": 3}
    p = edit(p, "rift:9", "rift:1")
    assert p["rifts"] == {"9": 1}
    p = edit(p, "rift:9", "rift:1")  # the same tool again removes it
    assert p["rifts"] == {}
    p = edit(edit(edit(p, "f:7", "rift:2"), "f:8", "rift:2"), "f:9", "rift:2")
    got = reasons(p, "f:10", "rift:2")
    assert got == {"nl": "Er zijn al drie scheuren open: het beschermzegel laat geen vierde toe.",
                   "de": "Es sind schon drei Risse offen: Das Schutzsiegel lässt keinen vierten zu.",
                   "en": "Three rifts are open already: the protection seal allows no fourth."}
    assert edit(p, "f:9", "rift:3")["rifts"]["9"] == 3  # changing one that is open is fine


def test_a_companion_may_stand_over_a_rift():
    """dt-schutzzauber-wirkung: a protected companion stays standing when a rift opens below it."""
    p = edit(position({"blue1": 9}), "c:blue1", "rift:2")
    assert p["rifts"] == {"9": 2} and p["companions"]["blue1"] == 9


def test_floating_fields_lie_over_rift_fields_and_there_are_three():
    """dt-schwebefeld-sofort: over a rift; dt-kartenstapel: three floating fields in the game."""
    got = reasons(position(), "f:4", "float:red:2")
    assert "scheurveld" in got["nl"] and "Rissfeld" in got["de"] and "rift field" in got["en"]
    p = edit(edit(position(), "f:9", "rift:2"), "rift:9", "float:red:2")
    assert p["floats"] == {"9": {"team": "red", "turns": 2}} and p["deck"]["float"] == 2
    p = edit(p, "sf:9", "empty")
    assert p["floats"] == {} and p["rifts"] == {"9": 2} and p["deck"]["float"] == 3
    full = position(collections={"red": 2, "blue": 1})
    assert "Schwebefelder" in reasons(full, "f:9", "float:blue:1")["de"]


def test_a_floating_field_stays_when_its_rift_closed():
    """dt-schwebefeld-verschwinden: it lies its two team rounds even when the rift closes earlier."""
    p = edit(position(), "f:13", "float:blue:1")
    assert p["floats"] == {"13": {"team": "blue", "turns": 1}} and p["rifts"] == {}
    got = reasons(p, "f:14", "float:blue:0")
    assert "Zweefveld" in got["nl"] and "Schwebefeld" in got["de"] and "Floating field" in got["en"]


def test_bridges_up_and_down():
    """dt-zugbruecken: both bridges move together; dt-zugbruecken-heben/-senken: whoever stands on a
    bridge or a side field falls, so the editor asks to move them first."""
    p = edit(position(), "f:15", "bridges-up")
    assert p["bridges"] == "up"
    assert reasons(position(), "f:3", "bridges-up")["en"] == "Tap a drawbridge (field 6 or 15)."
    got = reasons(position({"blue2": 6}), "c:blue2", "bridges-up")
    assert "Blauw 2" in got["nl"] and "Blau 2" in got["de"] and "Blue 2" in got["en"]
    up = edit(edit(position(), "f:6", "bridges-up"), "f:15b", "team:red")
    got = reasons(up, "f:6", "bridges-down")
    assert "zijveld 15b" in got["nl"] and "Seitenfeld 15b" in got["de"] and "side field 15b" in got["en"]


def test_beasts_awake_and_asleep():
    p = edit(position(), "beast:18", "beast-awake")
    assert p["beasts"]["18"] == {"awake": True, "quiet": 0, "attacked": False}
    assert edit(p, "beast:18", "beast-asleep")["beasts"]["18"] == "asleep"
    assert edit(p, "beast:18", "empty")["beasts"]["18"] == "asleep"
    assert reasons(p, "f:3", "beast-awake")["nl"] == "Tik op een botbeest."


def test_empty_removes_what_lies_on_a_field():
    p = position({"red1": 9}, rifts={"9": 1})
    p = edit(p, "f:9", "empty")
    assert p["companions"]["red1"] == "camp" and p["rifts"] == {"9": 1}
    p = edit(p, "f:9", "empty")
    assert p["rifts"] == {}
    assert reasons(p, "f:9", "empty")["de"] == "Hier gibt es nichts zu entfernen."
    assert reasons(p, "camp", "empty")["en"] == "There is nothing to remove here."


def test_unknown_tools_and_targets_are_refused():
    p = position()
    assert reasons(p, "f:99", "team:red")["en"] == "That is not a target on this board."
    assert reasons(p, "c:purple1", "empty")["de"] == "Das ist kein Ziel auf diesem Plan."
    assert reasons(p, "rift:9", "empty")["en"] == "That is not a target on this board."  # no rift there
    assert reasons(p, "f:3", "hammer")["nl"] == "Dat gereedschap bestaat hier niet."
    assert reasons(p, "f:3", "team:purple")["nl"] == "Dat gereedschap bestaat hier niet."


# -- the palette and the fields --------------------------------------------------------------------


def test_the_palette():
    p = position(teams=["red", "green", "yellow"])
    for lang in LANGS:
        items = EDITOR.palette(ENGINE, p, "", lang)
        ids = [item.id for item in items]
        assert all(TARGET_RE.match(i) for i in ids) and len(ids) == len(set(ids))
        assert {"team:red", "team:green", "team:yellow", "move", "empty", "spell", "rift:3", "float:green:2",
                "bridges-up", "beast-asleep"} <= set(ids)
        assert "team:blue" not in ids and all(item.label and item.group for item in items)
    moving = EDITOR.palette(ENGINE, p, "drop:green2", "de")
    assert any(item.id == "drop:green2" and "Grün 2" in item.label for item in moving)
    labels = {item.id: item.label for item in EDITOR.palette(ENGINE, p, "", "en")}
    assert labels["rift:3"] == "Rift (this and two more table rounds)"
    assert labels["shield:0"] == "Shield (ends with this team turn)"


def test_the_fields_show_the_position():
    p = position({"red1": "tower"}, turn="red", pending=[{"task": "duel", "companion": "red1", "round": 2}],
                 wizard=2, beasts={"12": {"awake": True, "quiet": 1}}, collections={"blue": 1})
    fields = {f.name: f for f in EDITOR.fields(ENGINE, p, "de")}
    assert fields["turn"].value == "red" and fields["phase"].value == "duel2"
    assert ("duel2", "Duell, zweite Runde: Rot 1 würfelt") in fields["phase"].choices
    assert fields["wizard"].value == "2" and fields["beast.12"].value == "awake-1" and fields["beast.18"].value == "asleep"
    assert fields["collection.blue"].value == "1" and fields["deck.float"].value == "2"
    for f in fields.values():
        assert f.value in {c for c, _label in f.choices}, f.name


def test_the_stage_of_the_turn_puts_the_card_in_play():
    """dt-ablauf-teamzug: the drawn card is carried out at once; step, attack, exile and thunderbolt
    cards go to the discard as they are turned up (dt-neu-mischen)."""
    p = set_fields(position(), phase="step2")
    assert p["pending"] == [{"task": "step", "steps": 2}] and p["drawn"] is True
    assert p["deck"]["step2"] == 5 and p["discard"]["step2"] == 1
    p = set_fields(position(), phase="attack13")
    assert p["pending"] == [{"task": "tower", "field": 13}] and "attack13" not in p["deck"]
    assert ENGINE.current_actor(ENGINE.state_from_position(p)) == "tower"
    p = set_fields(position(), phase="spell")
    assert p["pending"] == [{"task": "spell"}] and p["deck"]["spell"] == 2
    p = set_fields(p, phase="ready")
    assert p["pending"] == [] and p["drawn"] is False and p["deck"]["spell"] == 3
    p = set_fields(position(), phase="again")
    assert p["pending"] == [{"task": "draw"}] and p["drawn"] is True


def test_a_card_that_could_do_nothing_is_refused():
    """dt-donnerblitz: without a target the thunderbolt lapses at once, so no position waits for it."""
    got = field_reasons(position(), phase="bolt")
    assert got["de"].startswith("Diese Karte könnte hier nichts bewirken")
    assert set_fields(position({"blue1": 4}), phase="bolt")["pending"] == [{"task": "bolt"}]


def test_duel_stages_need_the_companion_at_the_tower():
    """dt-erste-runde-verloren: the choice follows a first round lost unprotected, which charred it."""
    p = edit(position(), "tower", "team:red")
    fields = {f.name: f for f in EDITOR.fields(ENGINE, p, "en")}
    assert {"duel1", "duel2", "choice"} <= {c for c, _label in fields["phase"].choices}
    got = field_reasons(p, phase="choice")
    assert "verkoold" in got["nl"] and "verkohlt" in got["de"] and "charred" in got["en"]
    charred = edit(p, "c:red1", "charred")
    p2 = set_fields(charred, phase="choice")
    assert p2["pending"] == [{"task": "choice", "companion": "red1"}]
    assert set(ENGINE.legal_actions(ENGINE.state_from_position(p2))) == {"fight-on", "retreat"}
    got = field_reasons(p, phase="step1")
    assert "Rot 1" in got["de"] and "Turm" in got["de"]
    got = field_reasons(p, turn="blue")
    assert "Duell" in got["de"] and "duel" in got["en"]


def test_a_field_event_stage():
    """dt-magische-orte: the field event after landing on 4, 12 or 18 (the one of the turn)."""
    p = position({"red2": 18})
    choices = {c for f in EDITOR.fields(ENGINE, p, "nl") if f.name == "phase" for c, _label in f.choices}
    assert "event:red2" in choices and "event:red1" not in choices
    p = set_fields(p, phase="event:red2")
    assert p["pending"] == [{"task": "event", "companion": "red2"}] and p["field_event_used"] is True


def test_the_deck_counts():
    """dt-kartenstapel: what is not in the deck nor in play lies on the discard."""
    p = set_fields(position(), deck__step1="2", deck__bolt="0")
    assert p["deck"]["step1"] == 2 and p["discard"]["step1"] == 4
    assert "bolt" not in p["deck"] and p["discard"]["bolt"] == 4


def test_turn_round_and_the_rest():
    p = set_fields(position(), turn="blue", round="4", wizard="3", attacks="5", field_event="yes",
                   beast__12="awake-attacked", collection__red="2")
    assert (p["turn"], p["round"], p["wizard"], p["attacks"], p["field_event_used"]) == ("blue", 4, 3, 5, True)
    assert p["beasts"]["12"] == {"awake": True, "quiet": 0, "attacked": True}
    assert p["collections"]["red"] == 2 and p["deck"]["float"] == 1


def test_before_the_lot():
    """dt-aufbau: the lot chooses the start team; before it nobody is on turn."""
    fresh = ENGINE.position_of(ENGINE.initial_state({"teams": 2}))
    got = field_reasons(fresh, turn="blue")
    assert got["en"] == "Before the lot nobody is on turn: choose the start team first."
    assert reasons(fresh, "tower", "team:red")["de"] == "Vor dem Los ist noch niemand am Zug: Lege zuerst das Startteam fest."
    started = set_fields(fresh, start="blue", turn="blue")
    assert started["start"] == "blue" and started["turn"] == "blue"
    assert set_fields(started, start="-")["start"] is None


def test_unchanged_fields_keep_the_position():
    p = position({"red1": 3, "blue1": {"at": 9, "shield": 1}}, rifts={"9": 2}, pending=[{"task": "step", "steps": 3}])
    assert set_fields(p) == p


# -- random taps (hypothesis) -----------------------------------------------------------------------


def bot_positions() -> list[dict[str, Any]]:
    rng = random.Random(5)
    out = []
    for teams in (2, 3, 4, 2):
        state = ENGINE.initial_state({"teams": teams})
        bots = random_bots(ENGINE, state)
        for i in range(600):
            if i % 50 == 7:
                out.append(ENGINE.position_of(state))
            action = next_action(ENGINE, state, bots, rng)
            if action is None:
                break
            state, _ = ENGINE.apply(state, action)
        out.append(ENGINE.position_of(state))
    return out


STARTS = bot_positions()
OFF_BOARD = ["do:draw", "zz", "f:0", "f:21", "c:purple1", "rift:4", "sf:3", "beast:4", "camp:1", "out"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=st.sampled_from(range(len(STARTS))),
    blank=st.booleans(),
    steps=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(LANGS),
                             st.integers(0, 10_000)), min_size=1, max_size=14),
)
def test_random_taps_raise_nothing_but_edit_errors(start, blank, steps):
    p = STARTS[start]
    if blank:
        p = judged(ENGINE, EDITOR.blank(ENGINE, p))
    tool = ""
    for tool_pick, target_pick, lang, field_pick in steps:
        shapes = GAME.view.board_view(ENGINE, ENGINE.state_from_position(p), lang=lang).shapes
        targets = sorted({sh.target for sh in shapes if sh.target}) + OFF_BOARD
        tools = [item.id for item in EDITOR.palette(ENGINE, p, tool, lang)] + ["hammer", "drop:red1", "rift:9"]
        if not tool or tool_pick % 3:
            tool = tools[tool_pick % len(tools)]
        try:
            result = apply_edit(ENGINE, EDITOR, p, targets[target_pick % len(targets)], tool, lang)
        except EditError as exc:
            assert exc.reason
        else:
            p = result.position
            ENGINE.state_from_position(p)
            if result.tool is not None:
                tool = result.tool
        if field_pick % 4 == 0:
            fields = EDITOR.fields(ENGINE, p, lang)
            f = fields[field_pick % len(fields)]
            form = {g.name: g.value for g in fields} | {f.name: f.choices[field_pick % len(f.choices)][0]}
            try:
                p = apply_fields(ENGINE, EDITOR, p, form, lang)
            except EditError as exc:
                assert exc.reason
            else:
                ENGINE.state_from_position(p)


@pytest.mark.django_db
def test_the_editor_page_places_and_refuses(client, rulebooks):
    from simulator.editing import edit_token

    sim = "/de/der-dunkle-turm/sim/"
    p = position({"red1": 7})
    page = client.get(sim, {"edit": edit_token(p), "tool": "team:blue"})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-target="f:7"' in html and 'data-target="c:red1"' in html and "Gefährte von Team Blau" in html
    refused = client.get(sim, {"edit": edit_token(p), "tool": "team:blue", "at": "f:7"})
    assert refused.status_code == 422 and "Auf Feld 7 steht schon Rot 1" in refused.content.decode()
    placed = client.get(sim, {"edit": edit_token(p), "tool": "team:blue", "at": "f:8"})
    assert placed.status_code == 302
