"""SVG view-model of Der dunkle Turm: camp, path, lava, bridges up or down, side fields, rifts with
their remaining table rounds, floating fields, beasts awake or asleep, the exile, companions
(charred, protected, shielded, marked, lying beside a field), the tower with the wizard's state,
and a legend with the deck, the collections and the timers. Works from the state. Every text (titles,
tags, description, status, legend, labels) is in the reader's language ``lang`` (nl, de, en; None:
German, the rulebook's), with the words of :mod:`.words`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from rules.core.engine import CHANCE, TERMINAL, Engine, Event
from rules.core.inputs import is_digits
from rules.core.tapping import PickError, TapOptions, taps_from_paths
from rules.core.view import BoardView, LegendRow, Shape

from . import board, words
from .attack import beast_target
from .board import CAMP, EXILE, MAGIC_PLACES, OUT, PLACES, SIDE_FIELDS, TOWER, team_of
from .explain import explain
from .moves import open_rift_below, walk
from .state import State, Table, Task, thaw
from .words import WORDS

# The route as a loop that fits a phone's column (fields a thumb wide on a 390 px phone): the near
# side of the lava below (fields 1-5 leftwards from the camp, 16-20 leftwards to the tower), the far
# side above (7-14 rightwards), the drawbridges 6 and 15 across the lava at its ends, the side fields
# around them; the camp and the tower under the near side, the exile and the burst companions below.
FAR, BRIDGE, NEAR = 0.9, 2.9, 4.9
XY: dict[str, tuple[float, float]] = {str(n): (6.0 - n, NEAR) for n in range(1, 6)}
XY |= {str(n): (n - 5.0, FAR) for n in range(7, 15)}
XY |= {str(n): (26.0 - n, NEAR) for n in range(16, 21)}
XY |= {"6": (1.0, BRIDGE), "15": (10.0, BRIDGE)}
XY |= {"6a": (-0.3, 3.9), "6b": (-0.3, BRIDGE), "6c": (-0.3, 1.9), "15a": (11.3, 1.9), "15b": (11.3, BRIDGE),
       "15c": (11.3, 3.9)}
CAMP_XY = (5.0, 5.55)  # where the route starts (the camp's top right, under field 1)
TOWER_XY = (6.0, 5.55)  # where it ends (the tower's top left, under field 20)
# the boxes of the places that hold any number of figures: x, y, width, height, columns, spacing,
# radius: a companion a thumb wide with its letters 12 px high on a 390 px phone (reviews-ux N16)
BOXES: dict[str, tuple[float, float, float, float, int, float, float]] = {
    CAMP: (0.5, 5.55, 5.0, 1.95, 6, 0.8, 0.38),
    TOWER: (5.6, 5.55, 5.0, 1.95, 6, 0.8, 0.38),
    EXILE: (0.5, 7.85, 5.0, 1.95, 6, 0.8, 0.38),
    OUT: (5.6, 7.85, 5.0, 1.95, 6, 0.8, 0.38),
}
ACTION_VERBS = ("move", "bolt", "free", "advance", "spell", "rescue")
STATUS = {"tower": "s.tower", "beast": "s.beast", "owl": "s.owl", CHANCE: "s.chance"}  # keys of the board's words


def _companion_title(cid: str, c: Any, lang: str | None = None) -> str:
    bits = [words.companion(cid, lang)]
    if c.lying is not None:
        bits.append(WORDS.text("board", "lying", lang))
    if c.charred:
        bits.append(WORDS.text("board", "charred", lang))
    if c.spell:
        bits.append(WORDS.text("board", "spell", lang))
    if c.shield is not None:
        bits.append(WORDS.text("board", "shield", lang))
    if c.marked is not None:
        bits.append(WORDS.text("board", "marked", lang))
    return ", ".join(bits)


# -- the board's shapes ---------------------------------------------------------------------------


def _box_shapes(s: State, lang: str | None) -> list[Shape]:
    """The lava, and the boxes of the places off the path (camp, exile, out, tower) with their tags."""
    shapes: list[Shape] = [
        Shape.make("rect", css="dt-lava", title=WORDS.word("board", "lava", lang), x=-0.9, y=2.2, width=12.8, height=1.3,
                   rx=0.4),
    ]
    for place, (bx, by, bw, bh, _cols, _gap, _r) in BOXES.items():
        css, title = f"dt-{place}", WORDS.text("board", "box." + place, lang)
        if place == TOWER:
            css += " dt-wizard-charred" if s.wizard else ""
            title = (WORDS.text("board", "tower.charred", lang, n=s.wizard, rounds=words.rounds(s.wizard, lang))
                     if s.wizard else WORDS.text("board", "tower.unhurt", lang))
        shapes.append(Shape.make("rect", css=css, title=title, target=place, x=bx, y=by, width=bw, height=bh,
                                 rx=0.2))
        text = WORDS.text("board", "tag." + place, lang) + (f" ✶{s.wizard}" if place == TOWER and s.wizard else "")
        shapes.append(Shape.make("text", css=f"dt-label dt-label-{place}", text=text, x=bx + 0.12, y=by + 0.3))
    return shapes


def _field_shapes(s: State, legal: Sequence[str], lang: str | None) -> list[Shape]:
    """The route, then every field on it (and both bridges) with its number, rift and floating field."""
    rifts = dict(s.rifts)
    floats = {f.field: f for f in s.floats}
    route = [CAMP_XY] + [XY[f] for f in board.path(s.bridges_up)] + [TOWER_XY]
    shapes = [Shape.make("polyline", css="dt-route", points=" ".join(f"{x:g},{y:g}" for x, y in route))]
    fields = [f for f in board.ALL_FIELDS if board.on_path(f, s.bridges_up) or f in ("6", "15")]
    for f in fields:
        x, y = XY[f]
        css = "dt-field"
        if f in ("6", "15"):
            css += " dt-bridge" + (" dt-bridge-up" if s.bridges_up else "")
        if f in SIDE_FIELDS:
            css += " dt-side" + (" dt-over-lava" if f in board.OVER_LAVA else "")
        if f in board.MAGIC_PLACES:
            css += " dt-magic"
        if f in rifts:
            css += " dt-rift-field"
        title = words.cap(words.field(f, lang))
        if f in ("6", "15") and s.bridges_up:
            title = WORDS.text("board", "bridge.up", lang, field=title)
        action = f"float:{f}" if f"float:{f}" in legal else ""
        shapes.append(Shape.make("rect", css=css, title=title, action=action, target="f:" + f, x=x - 0.42,
                                 y=y - 0.42, width=0.84, height=0.84, rx=0.1))
        shapes.append(Shape.make("text", css="dt-num", text=f, x=x, y=y - 0.5, text_anchor="middle"))
        if f in rifts:
            crack = ((-0.42, -0.38), (-0.04, -0.14), (-0.13, 0.03), (0.42, 0.42), (0.03, 0.08), (0.11, -0.08),
                     (-0.38, -0.42))
            shapes.append(Shape.make("polygon", css="dt-rift", target="rift:" + f,
                                     title=WORDS.text("board", "rift", lang, field=words.field(f, lang), n=rifts[f],
                                                      rounds=words.rounds(rifts[f], lang)),
                                     points=" ".join(f"{x + dx:g},{y + dy:g}" for dx, dy in crack)))
            shapes.append(Shape.make("text", css="dt-timer", text=str(rifts[f]), x=x + 0.3, y=y - 0.2, text_anchor="middle"))
        if f in floats:
            fl = floats[f]
            shapes.append(Shape.make("rect", css=f"dt-float dt-team-{fl.team}", target="sf:" + f,
                                     title=WORDS.text("board", "float", lang, team=words.team(fl.team, lang), n=fl.turns,
                                                      turns=words.turns(fl.turns, lang)),
                                     x=x - 0.4, y=y + 0.2, width=0.8, height=0.2, rx=0.05))
    return shapes


def _beast_shapes(s: State, lang: str | None) -> list[Shape]:
    """Each bone beast beside its lair, awake or asleep."""
    shapes: list[Shape] = []
    for lair, beast in zip(board.BEASTS, s.beasts, strict=True):
        x, y = XY[lair]
        state_text = WORDS.text("board", "awake" if beast.awake else "asleep", lang)
        # Above its lair, clear of the field's number, large enough for a thumb.
        by = y - 1.1
        shapes.append(Shape.make("circle", css="dt-beast" + (" dt-beast-awake" if beast.awake else ""),
                                 title=WORDS.text("board", "beast", lang, lair=lair, state=state_text), target="beast:" + lair,
                                 cx=x, cy=by, r=0.4))
    return shapes


def _companion_shapes(s: State, legal: Sequence[str], lang: str | None) -> list[Shape]:
    """Every companion on its field (or crowded into its box), with its spell, shield, mark and label."""
    shapes: list[Shape] = []
    crowd: dict[str, int] = {}
    for cid, c in s.companions:
        if c.at in BOXES:
            bx, by, _bw, _bh, cols, gap, r = BOXES[c.at]
            k = crowd.get(c.at, 0)
            crowd[c.at] = k + 1
            x = bx + 0.1 + gap / 2 + gap * (k % cols)
            y = by + 0.35 + gap / 2 + gap * (k // cols)
        else:
            x, y = XY[c.at]
            r = 0.41  # a companion on a field covers it (one figure per field)
            if c.lying is not None:
                x, y, r = x + 0.22, y + 0.22, 0.18
        css = f"dt-comp dt-team-{team_of(cid)}"
        if c.charred:
            css += " dt-charred"
        if c.lying is not None:
            css += " dt-lying"
        action = next((a for a in legal if a.split(":", 1)[0] in ACTION_VERBS and a.endswith(":" + cid)), "")
        # Its name says what and where it is (a screen reader meets the piece, not the description).
        title = WORDS.text("board", "d.companion", lang, title=_companion_title(cid, c, lang), where=words.at(c.at, lang))
        shapes.append(Shape.make("circle", css=css, title=title, action=action,
                                 target="c:" + cid, seat=team_of(cid), cx=x, cy=y, r=r))
        if c.spell:
            shapes.append(Shape.make("circle", css="dt-spell", cx=x, cy=y, r=r + 0.06))
        if c.shield is not None:
            shapes.append(Shape.make("rect", css="dt-shield", x=x - r - 0.08, y=y - 0.08, width=0.14, height=0.16))
        if c.marked is not None:
            shapes.append(Shape.make("text", css="dt-mark", text="⚡", x=x + r, y=y - r, text_anchor="middle"))
        # The team's letter and the companion's number: colour is never the only cue. A label of
        # three letters ("Gr1", "Ge1") is squeezed into its disc at its full height, not spilling
        # onto the next disc in the camp.
        label = words.team_letter(team_of(cid), lang) + cid[-1]
        fit: dict[str, Any] = {"textLength": 1.7 * r, "lengthAdjust": "spacingAndGlyphs"} if len(label) > 2 else {}
        shapes.append(Shape.make("text", css="dt-comp-label" + ("" if r >= 0.3 else " dt-small"),
                                 text=label, seat=team_of(cid),
                                 x=x, y=y, text_anchor="middle", dominant_baseline="central", **fit))
    return shapes


class DunkleTurmView:
    explain = staticmethod(explain)  # why a target is not offered (explain.py)

    @staticmethod
    def about(engine: Engine[Any], state: Any, event: Event) -> str:
        """The board target an event is about: the companion it concerns ("" for none)."""
        companion = event.data.get("companion")
        return f"c:{companion}" if isinstance(companion, str) and companion in dict(state.companions) else ""

    def board_view(
        self,
        engine: Engine[Any],
        state: Any,
        *,
        previous: Any | None = None,
        events: Sequence[Event] = (),
        seat: str | None = None,
        lang: str | None = None,
    ) -> BoardView:
        s: State = state
        legal = engine.legal_actions(s) if engine.current_actor(s) in s.teams else []
        shapes = _box_shapes(s, lang) + _field_shapes(s, legal, lang) + _beast_shapes(s, lang)
        shapes += _companion_shapes(s, legal, lang)
        return BoardView(
            width=12.64, height=10.5, min_x=-0.82, min_y=-0.6, shapes=shapes, cell=0.84,  # a field
            label=WORDS.text("board", "label", lang),
            description=self.describe(engine, s, lang),
            status=self.status(engine, s, lang),
            legend=self.legend(s, lang),
        )

    def describe(self, engine: Engine[Any], s: State, lang: str | None = None) -> list[str]:
        b = partial(WORDS.text, "board")
        lines = [b("d.round", lang, round=s.round, bridges=b("up" if s.bridges_up else "down", lang))]
        for cid, c in s.companions:
            lines.append(b("d.companion", lang, title=_companion_title(cid, c, lang), where=words.at(c.at, lang)))
        for f, n in s.rifts:
            lines.append(b("d.rift", lang, field=words.field(f, lang), n=n, rounds=words.rounds(n, lang)))
        for fl in s.floats:
            lines.append(b("d.float", lang, field=words.field(fl.field, lang), team=words.team(fl.team, lang),
                           n=fl.turns, turns=words.turns(fl.turns, lang)))
        for lair, beast in zip(board.BEASTS, s.beasts, strict=True):
            if beast.awake:
                lines.append(b("d.beast.awake", lang, lair=lair, n=beast.quiet, rounds=words.rounds(beast.quiet, lang)))
            else:
                lines.append(b("d.beast.asleep", lang, lair=lair))
        if s.wizard:
            lines.append(b("d.wizard.charred", lang, n=s.wizard, rounds=words.rounds(s.wizard, lang)))
        else:
            lines.append(b("d.wizard.unhurt", lang))
        return lines

    def status(self, engine: Engine[Any], s: State, lang: str | None = None) -> str:
        actor = engine.current_actor(s)
        if actor == TERMINAL:
            result = engine.result(s)
            return engine.describe_result(result, lang) if result else ""
        if actor in s.teams:
            return WORDS.text("board", "turn", lang, team=words.team(actor, lang))
        return WORDS.text("board", STATUS[actor], lang) if actor in STATUS else ""

    def legend(self, s: State, lang: str | None = None) -> list[LegendRow]:
        b = partial(WORDS.text, "board")
        rows = []
        for team, n in s.collections:
            mine = [c for cid, c in s.companions if team_of(cid) == team]
            counts = [f"{b('l.' + at, lang)}: {sum(c.at == at for c in mine)}" for at in (CAMP, EXILE, OUT)]
            if n:
                counts.append(b("l.floats", lang, n=n))
            rows.append(LegendRow(f"dt-team-{team}", b("l.team", lang, team=words.team(team, lang)), (), "; ".join(counts),
                                  seat=team))
        rows.append(LegendRow("dt-deck", b("l.deck", lang), (str(sum(s.deck)),),
                              b("l.discard", lang, discard=sum(s.discard), attacks=s.attacks)))
        return rows

    def action_label(
        self, engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
    ) -> str:
        return action_label(thaw(state), action, lang)

    def action_group(self, engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
        return words.group(action.split(":", 1)[0], lang)

    def tap(self, engine: Engine[Any], state: Any, pick: Sequence[str], *, lang: str | None = None) -> TapOptions:
        """Tapping moves: a companion, then where it goes (a step card, "Aus dem Exil", the owl's
        rescue); a companion alone for a thunderbolt or a protection spell; a rift for a floating
        field; everything else (drawing, keeping, the duel choice, the lot, cards, dice, the tower's
        and the beasts' attacks) as a row of buttons under the board."""
        s: State = state
        if engine.current_actor(s) == TERMINAL:
            if pick:
                raise PickError("the game is over")
            return TapOptions()
        t = thaw(s)
        legal = engine.legal_actions(s)
        paths = {a: tap_path(t, a) for a in legal}

        def label_of(target: str, action: str | None) -> str:
            if action is not None:
                return action_label(t, action, lang)
            return target_name(target, lang)

        options = taps_from_paths(legal, paths.get, pick, label_of)
        status = ""
        if len(pick) == 1 and pick[0].startswith("c:"):
            status = WORDS.text("label", "pick", lang, comp=words.companion(pick[0][2:], lang))
        return replace(options, status=status)


def target_name(target: str, lang: str | None) -> str:
    """A board target in words (a companion, a field, a place, a rift ...)."""
    kind, _, arg = target.partition(":")
    if kind == "c":
        return words.companion(arg, lang)
    if kind == "f":
        return words.field(arg, lang)
    if kind == "rift":
        return WORDS.text("board", "rift.on", lang, f=words.field(arg, lang))
    return words.field(kind, lang) if kind in PLACES else target


def place_target(where: str) -> str:
    """The board target of a place where a companion can be: ``f:7``, ``camp``, ``tower`` ..."""
    return where if where in PLACES else "f:" + where


def tap_path(t: Table, action: str) -> tuple[str, ...]:
    """The targets tapped for ``action`` (every legal action has one; see :meth:`DunkleTurmView.tap`)."""
    verb, _, arg = action.partition(":")
    if verb == "move":
        return ("c:" + arg, place_target(walk(t, arg, t.pending[0].n, True)[0]))
    if verb == "advance":
        return ("c:" + arg, place_target(walk(t, arg, 1, True)[0]))
    if verb in ("free", "rescue"):
        return ("c:" + arg, CAMP)
    if verb in ("bolt", "spell"):
        return ("c:" + arg,)
    if verb == "float":
        return ("rift:" + arg,)
    return ("do:" + action,)


def _die(n: int, lang: str | None) -> str:
    return WORDS.word("label", "wand", lang) if n == 12 else WORDS.text("label", "die", lang, n=n)


def action_label(t: Table, action: str, lang: str | None) -> str:
    """``action`` at the table ``t`` in plain words in ``lang`` (None: German, the rulebook's)."""
    verb, _, arg = action.partition(":")
    w = WORDS.table("label", lang)
    head = t.pending[0] if t.pending else None
    if verb in ("start", "card", "float", "draw", "keep"):
        return _turn_label(verb, arg, w, lang)
    if verb in ("move", "advance") and arg in t.comps:
        return _walk_label(t, verb, arg, head.n if verb == "move" and head is not None else 1, w, lang)
    if verb in ("free", "spell", "rescue") and arg in t.comps:
        return w[verb].format(comp=words.companion(arg, lang))
    if verb == "bolt" and arg in t.comps:
        return _bolt_label(t, arg, w, lang)
    if verb in ("fight-on", "retreat") and head is not None and head.comp:
        text = w[verb].format(comp=words.companion(head.comp, lang))
        if verb == "retreat":
            text += w["retreat.to"].format(dest=words.dest(walk(t, head.comp, 4, False)[0], lang))
        return text
    if verb == "tower" and head is not None:
        return w["tower"].format(field=words.field(str(head.n), lang))
    if verb == "beast" and arg in board.BEASTS:
        target = beast_target(t, arg)
        if target is None:
            return w["beast.nobody"].format(lair=arg)
        return w["beast"].format(lair=arg, comp=words.companion(target, lang))
    if verb == "owl":
        return w["owl"].format(team=words.team(t.turn, lang))
    if verb == "d12" and is_digits(arg, 2) and head is not None:
        return _roll_label(head, int(arg), w, lang)
    return action


def _turn_label(verb: str, arg: str, w: Mapping[str, str], lang: str | None) -> str:
    """The turn's own actions: the starting team, a card drawn, a floating field laid or kept."""
    if verb == "start":
        return w["start"].format(team=words.team(arg, lang))
    if verb == "card":
        return w["card"].format(card=words.card(arg, lang))
    if verb == "float":
        return w["float"].format(field=words.field(arg, lang))
    return w[verb]


def _walk_label(t: Table, verb: str, cid: str, n: int, w: Mapping[str, str], lang: str | None) -> str:
    """Companion ``cid`` walks ``n`` steps: where it ends, and whether a rift or a magic place waits there."""
    at = t.comps[cid].at
    if at in (EXILE, OUT):  # only a refused action (a scenario's step log shows it): no walk
        return w["move.off"].format(comp=words.companion(cid, lang), n=n,
                                    steps=w["steps1" if n == 1 else "steps"], place=words.field(at, lang))
    where = walk(t, cid, n, True)[0]
    text = w[verb].format(comp=words.companion(cid, lang), n=n, steps=w["steps1" if n == 1 else "steps"],
                          dest=words.dest(where, lang))
    if open_rift_below(t, where):
        text += w["rift"]
    elif verb == "move" and where in MAGIC_PLACES and not t.event_used:
        text += w["magic"]
    return text


def _bolt_label(t: Table, cid: str, w: Mapping[str, str], lang: str | None) -> str:
    """A thunderbolt at companion ``cid``, and what it does to it: nothing behind a shield or the spell,
    to the camp when marked, else three steps back."""
    c = t.comps[cid]
    text = w["bolt"].format(comp=words.companion(cid, lang))
    if c.shield is not None:
        return text + w["bolt.shield"]
    if c.spell:
        return text + w["bolt.spell"]
    if c.marked is not None:
        return text + w["bolt.camp"]
    if c.at in (EXILE, OUT):
        return text
    return text + w["bolt.back"].format(dest=words.dest(walk(t, cid, 3, False)[0], lang))


def _roll_label(head: Task, n: int, w: Mapping[str, str], lang: str | None) -> str:
    die = _die(n, lang)
    comp = words.companion(head.comp, lang) if head.comp else ""
    if head.kind == "fight":
        return w["fight.won" if n >= 7 else "fight.lost"].format(die=die, comp=comp)
    if head.kind == "event":
        what = "forward" if n <= 3 else "back" if n <= 6 else "exile" if n <= 9 else "bonus"
        return w["event." + what].format(die=die, comp=comp)
    if head.kind == "duel":
        if n == 12:
            return w["duel.wand"].format(comp=comp)
        return w["duel.roll"].format(die=die, comp=comp, round=head.round)
    if head.kind == "wizard":
        key = "wizard.tie" if n == head.n else "wizard.won" if head.n > n else "wizard.lost"
        return w[key].format(die=die, comp=comp, mine=head.n)
    return die


VIEW = DunkleTurmView()
