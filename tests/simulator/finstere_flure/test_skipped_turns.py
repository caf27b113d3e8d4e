"""Issue 41: a step the rules skip says so. ff-beurtvolgorde: "Wie deze ronde geen figuur meer heeft
die nog moet lopen, wordt overgeslagen." Each player the round robin passes over is an event citing
that clause, in every language."""

from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.examples import sketch


def load(**kw):
    kw.setdefault("monster", (10, 0))
    return ENGINE.state_from_position(sketch(**kw))


def zero_steps(st):
    """The player to move makes a 0-step move with their first due figure."""
    actor = ENGINE.current_actor(st)
    fig = next(f for f in st.figures if f.owner == actor and f.in_play and not f.moved)
    return ENGINE.apply(st, f"move:{fig.id}:")


def skipped(events):
    return [(e.clause, e.data["player"]) for e in events if e.key == "turn.skipped"]


def test_ff_beurtvolgorde_who_has_no_figure_left_to_move_is_skipped_and_the_event_says_so():
    """ff-beurtvolgorde: red and green have two figures in play, yellow four. Once red and green have
    moved both, the round robin passes over them to yellow: every pass-over is told, before the
    "it is yellow's turn" event, and no event names a player who is not passed over."""
    st = load(players=("red", "yellow", "green"),
              figures={"red2": "saved", "red3": "saved", "green1": "saved", "green2": "saved"},
              saved=["red2", "green1", "red3", "green2"])
    told = []
    while st.phase == "players":
        st, events = zero_steps(st)
        told.append(skipped(events))
        if told[-1]:
            assert [e.key for e in events].index("turn.skipped") < [e.key for e in events].index("turn.next")
    assert told == [[], [], [], [], [], [("ff-beurtvolgorde", "red")],
                    [("ff-beurtvolgorde", "green"), ("ff-beurtvolgorde", "red")], []]


def test_ff_beurtvolgorde_start_player_without_figures_is_skipped_at_the_start_of_the_round():
    """ff-beurtvolgorde: "Elke ronde begint opnieuw bij de startspeler"; in chapter 2 red (the start
    player) has no figure left, so the new round begins with yellow and says that red is skipped."""
    st = load(players=("red", "yellow", "green"), chapter=2, phase="monster", facing="L",
              figures={"red1": "out", "red2": "out", "red3": "saved", "red4": "out", "yellow1": (5, 5)},
              saved=["red3"])
    events = []
    while st.phase == "monster":
        st, ev = ENGINE.apply(st, "monster")
        events += ev
    assert st.phase == "players" and ENGINE.current_actor(st) == "yellow"
    assert skipped(events) == [("ff-beurtvolgorde", "red")]
    event = next(e for e in events if e.key == "turn.skipped")
    assert "overgeslagen" in ENGINE.describe(event, "nl")
    assert "übersprungen" in ENGINE.describe(event, "de")
    assert "skipped" in ENGINE.describe(event, "en")
