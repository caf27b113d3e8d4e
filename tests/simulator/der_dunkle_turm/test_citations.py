"""The engine's events name the rule applied (second content review): a move over a lowered
drawbridge cites dt-zugbruecken, passing over an open rift cites dt-riss-exil, and drawing while a
floating field from the collection could be laid cites dt-schwebefeld-spaeter. Each test quotes the
clause's sentence it checks."""

from __future__ import annotations

from .support import clauses, keys, play, pos, where


def test_dt_zugbruecken_a_lowered_bridge_counts_as_an_ordinary_field_and_a_step():
    """dt-zugbruecken: "Abgesenkt sind die Zugbrücken 6 und 15 gewöhnliche Felder: Man kann auf ihnen
    stehen, sie zählen als Schritte"."""
    s = pos({"red1": 5})
    s, events = play(s, "card:step1", "move:red1")
    assert where(s, "red1") == 6
    bridge = [e for e in events if e.clause == "dt-zugbruecken"]
    assert [e.key for e in bridge] == ["bridge.field"] and list(bridge[0].data["fields"]) == [6]


def test_dt_zugbruecken_no_bridge_event_for_a_move_that_misses_the_bridges():
    s = pos({"red1": 2})
    s, events = play(s, "card:step2", "move:red1")
    assert where(s, "red1") == 4
    assert "dt-zugbruecken" not in clauses(events)


def test_dt_riss_exil_passing_over_an_open_rift_does_no_harm():
    """dt-riss-exil: "Über einen Riss hinwegzuziehen schadet nicht; ein Riss zählt als freies Feld."
    Red 1 walks from 7 over the rift on 8 to 9 and stays on the path; the event says why."""
    s = pos({"red1": 7}, rifts={"8": 2})
    s, events = play(s, "card:step2", "move:red1")
    assert where(s, "red1") == 9
    passed = [e for e in events if e.key == "rift.pass"]
    assert len(passed) == 1 and passed[0].clause == "dt-riss-exil" and list(passed[0].data["fields"]) == [8]
    assert "rift.fall" not in keys(events)


def test_dt_riss_exil_landing_on_the_rift_is_no_passing():
    """dt-riss-exil: "Wer auf einem offenen Riss landet ... fällt ... ins Exil": landing is not passing."""
    s = pos({"red1": 7}, rifts={"8": 2})
    s, events = play(s, "card:step1", "move:red1")
    assert where(s, "red1") == "exile"
    assert "rift.pass" not in keys(events) and "rift.fall" in keys(events)


def test_dt_schwebefeld_spaeter_drawing_first_with_a_floating_field_in_the_collection_is_said():
    """dt-schwebefeld-spaeter: the team may lay a floating field "vor dem Ziehen"; drawing instead is
    the team's choice, and the event cites the clause that offered it."""
    s = pos({"red1": 7}, rifts={"9": 2}, collections={"red": 1})
    s, events = play(s, "draw")
    assert [(e.clause, e.key) for e in events] == [("dt-schwebefeld-spaeter", "float.draw-first")]
    s, events = play(s, "card:step1", "move:red1")
    assert "float.draw-first" not in keys(events)  # said once, at the choice only
