"""SVG view-model of Der dunkle Turm: camp, path, lava, bridges up or down, side fields, rifts with
their remaining table rounds, floating fields, beasts awake or asleep, the exile, companions
(charred, protected, shielded, marked, lying beside a field), the tower with the wizard's state,
and a legend with the deck, the collections and the timers. Works from the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.core.engine import CHANCE, TERMINAL, Engine, Event
from simulator.core.view import BoardView, LegendRow, Shape

from . import board
from .board import CAMP, EXILE, OUT, SIDE_FIELDS, TOWER, team_of
from .messages_de import card_name, companion_name, field_name, team_name
from .state import State

XY: dict[str, tuple[float, float]] = {str(n): (float(n), 7.0) for n in range(1, 6)}
XY |= {str(n): (float(n - 1), 1.0) for n in range(7, 15)}
XY |= {str(n): (float(30 - n), 7.0) for n in range(16, 21)}
XY |= {"6": (5.5, 4.0), "15": (14.0, 4.0)}
XY |= {"6a": (4.2, 5.4), "6b": (4.2, 4.0), "6c": (4.2, 2.6), "15a": (15.4, 2.6), "15b": (15.4, 4.0), "15c": (15.4, 5.4)}
CAMP_XY = (0.0, 7.0)
TOWER_XY = (8.0, 7.0)
EXILE_XY = (0.5, 2.0)
ACTION_VERBS = ("move", "bolt", "free", "advance", "spell", "rescue")
STATUS = {
    "tower": "Der Turm wehrt sich.",
    "beast": "Ein Knochentier greift an.",
    "owl": "Die Eule kommt.",
    CHANCE: "Der Zufall ist dran: eine Karte wird gezogen oder gewürfelt.",
}


def _companion_title(cid: str, c: Any) -> str:
    bits = [companion_name(cid)]
    if c.lying is not None:
        bits.append("liegt neben dem Feld")
    if c.charred:
        bits.append("verkohlt")
    if c.spell:
        bits.append("mit Schutzzauber")
    if c.shield is not None:
        bits.append("mit Schild")
    if c.marked is not None:
        bits.append("vom Donnerblitz markiert")
    return ", ".join(bits)


class DunkleTurmView:
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
        shapes: list[Shape] = [
            Shape.make("rect", css="dt-lava", title="Lavastrom", x=3.6, y=2.2, width=12.4, height=3.6, rx=0.4),
            Shape.make("rect", css="dt-camp", title="Lager", x=-0.45, y=6.45, width=0.9, height=1.1, rx=0.2),
            Shape.make("text", css="dt-label", text="Lager", x=0, y=8.0, text_anchor="middle"),
            Shape.make("rect", css="dt-tower" + (" dt-wizard-charred" if s.wizard else ""),
                       title="Turm: Zauberer " + (f"verkohlt ({s.wizard} Tischrunden)" if s.wizard else "unversehrt"),
                       x=7.1, y=5.9, width=1.8, height=1.7, rx=0.15),
            Shape.make("text", css="dt-label", text="Turm" + (f" ✶{s.wizard}" if s.wizard else ""), x=8, y=8.0,
                       text_anchor="middle"),
            Shape.make("rect", css="dt-exile", title="Exil", x=-0.45, y=0.4, width=2.0, height=2.0, rx=0.2),
            Shape.make("text", css="dt-label", text="Exil", x=0.55, y=0.25, text_anchor="middle"),
        ]
        rifts = dict(s.rifts)
        floats = {f.field: f for f in s.floats}
        route = [CAMP_XY] + [XY[f] for f in board.path(s.bridges_up)] + [TOWER_XY]
        shapes.append(Shape.make("polyline", css="dt-route", points=" ".join(f"{x:g},{y:g}" for x, y in route)))
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
            title = field_name(f) + (" (Zugbrücke, angehoben)" if f in ("6", "15") and s.bridges_up else "")
            action = f"float:{f}" if f"float:{f}" in legal else ""
            shapes.append(Shape.make("rect", css=css, title=title, action=action, x=x - 0.42, y=y - 0.42,
                                     width=0.84, height=0.84, rx=0.1))
            shapes.append(Shape.make("text", css="dt-num", text=f, x=x, y=y - 0.5, text_anchor="middle"))
            if f in rifts:
                shapes.append(Shape.make("path", css="dt-rift", title=f"Riss auf {field_name(f)}, noch {rifts[f]} Tischrunden",
                                         d=f"M{x - 0.3:g} {y - 0.3:g} L{x:g} {y:g} L{x - 0.1:g} {y + 0.1:g} L{x + 0.3:g} {y + 0.35:g}"))
                shapes.append(Shape.make("text", css="dt-timer", text=str(rifts[f]), x=x + 0.3, y=y - 0.2, text_anchor="middle"))
            if f in floats:
                fl = floats[f]
                shapes.append(Shape.make("rect", css=f"dt-float dt-team-{fl.team}",
                                         title=f"Schwebefeld von Team {team_name(fl.team)}, noch {fl.turns} Teamzüge",
                                         x=x - 0.38, y=y + 0.22, width=0.76, height=0.16, rx=0.05))
        for lair, beast in zip(board.BEASTS, s.beasts, strict=True):
            x, y = XY[lair]
            state_text = "wach" if beast.awake else "schläft"
            shapes.append(Shape.make("circle", css="dt-beast" + (" dt-beast-awake" if beast.awake else ""),
                                     title=f"Knochentier von Feld {lair} ({state_text})",
                                     cx=x + 0.45, cy=y + (0.55 if lair == "12" else -0.55), r=0.2))
        crowd: dict[str, int] = {}
        for cid, c in s.companions:
            if c.at == OUT:
                continue
            if c.at in (CAMP, EXILE, TOWER):
                base = {CAMP: CAMP_XY, EXILE: EXILE_XY, TOWER: TOWER_XY}[c.at]
                k = crowd.get(c.at, 0)
                crowd[c.at] = k + 1
                cols = 2 if c.at == CAMP else 4
                x = base[0] - 0.3 + 0.33 * (k % cols) + (0.0 if c.at == CAMP else -0.2)
                y = base[1] - 0.3 + 0.33 * (k // cols)
                r = 0.15
            else:
                x, y = XY[c.at]
                r = 0.3
                if c.lying is not None:
                    x, y, r = x + 0.35, y + 0.45, 0.18
            css = f"dt-comp dt-team-{team_of(cid)}"
            if c.charred:
                css += " dt-charred"
            if c.lying is not None:
                css += " dt-lying"
            action = next((a for a in legal if a.split(":", 1)[0] in ACTION_VERBS and a.endswith(":" + cid)), "")
            shapes.append(Shape.make("circle", css=css, title=_companion_title(cid, c), action=action, cx=x, cy=y, r=r))
            if c.spell:
                shapes.append(Shape.make("circle", css="dt-spell", cx=x, cy=y, r=r + 0.06))
            if c.shield is not None:
                shapes.append(Shape.make("rect", css="dt-shield", x=x - r - 0.08, y=y - 0.08, width=0.14, height=0.16))
            if c.marked is not None:
                shapes.append(Shape.make("text", css="dt-mark", text="⚡", x=x + r, y=y - r, text_anchor="middle"))
            if r >= 0.18:
                shapes.append(Shape.make("text", css="dt-comp-label", text=cid[-1], x=x, y=y,
                                         text_anchor="middle", dominant_baseline="central"))
        return BoardView(
            width=17.2, height=9.0, min_x=-0.8, min_y=-0.4, shapes=shapes,
            label="Der dunkle Turm: der Weg vom Lager zum Turm",
            description=self.describe(engine, s),
            status=self.status(engine, s),
            legend=self.legend(s),
        )

    def describe(self, engine: Engine[Any], s: State) -> list[str]:
        lines = [f"Tischrunde {s.round}; die Zugbrücken sind {'angehoben' if s.bridges_up else 'abgesenkt'}."]
        for cid, c in s.companions:
            where = {"camp": "im Lager", "exile": "im Exil", "out": "ausgeschieden", "tower": "am Turm"}.get(
                c.at, f"auf {field_name(c.at)}")
            lines.append(f"{_companion_title(cid, c)}: {where}.")
        for f, n in s.rifts:
            lines.append(f"Riss auf {field_name(f)}: noch {n} Tischrunden.")
        for fl in s.floats:
            lines.append(f"Schwebefeld auf {field_name(fl.field)} (Team {team_name(fl.team)}): noch {fl.turns} Teamzüge.")
        for lair, b in zip(board.BEASTS, s.beasts, strict=True):
            lines.append(f"Knochentier von Feld {lair}: " + (f"wach, {b.quiet} ruhige Tischrunden" if b.awake else "schläft") + ".")
        lines.append("Der Zauberer ist " + (f"verkohlt (noch {s.wizard} Tischrunden)." if s.wizard else "unversehrt."))
        return lines

    def status(self, engine: Engine[Any], s: State) -> str:
        actor = engine.current_actor(s)
        if actor == TERMINAL:
            result = engine.result(s)
            return engine.describe_result(result) if result else ""
        if actor in s.teams:
            return f"Team {team_name(actor)} ist am Zug."
        return STATUS.get(actor, "")

    def legend(self, s: State) -> list[LegendRow]:
        rows = []
        for team, n in s.collections:
            mine = [c for cid, c in s.companions if team_of(cid) == team]
            counts = [f"{label}: {sum(c.at == at for c in mine)}" for at, label in
                      (("camp", "Lager"), ("exile", "Exil"), ("out", "ausgeschieden"))]
            if n:
                counts.append(f"Schwebefelder in der Sammlung: {n}")
            rows.append(LegendRow(f"dt-team-{team}", f"Team {team_name(team)}", (), "; ".join(counts)))
        rows.append(LegendRow("dt-deck", "Stapel", (str(sum(s.deck)),), f"Ablage: {sum(s.discard)}; Turmattacken: {s.attacks}"))
        return rows

    def action_label(
        self, engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
    ) -> str:
        verb, _, arg = action.partition(":")
        if verb == "card":
            return card_name(arg)
        if verb == "d12":
            return "Zauberstab" if arg == "12" else f"Würfel {arg}"
        if verb == "start":
            return f"Team {team_name(arg)} beginnt"
        if verb == "float":
            return f"Schwebefeld auf {field_name(arg)}"
        labels = {"move": "ziehen", "bolt": "Donnerblitz auf", "free": "befreien", "advance": "einen Schritt",
                  "spell": "Schutzzauber für", "rescue": "Eule befreit"}
        if verb in labels:
            return f"{companion_name(arg)} {labels[verb]}" if verb in ("move", "free", "advance") else f"{labels[verb]} {companion_name(arg)}"
        return {"draw": "Karte ziehen", "keep": "Schwebefeld behalten", "tower": "Turmattacke ausführen",
                "owl": "Die Eule hilft", "fight-on": "verkohlt weiterkämpfen", "retreat": "zurückziehen"}.get(
            action, "Knochentier greift an" if verb == "beast" else action)

    def action_group(self, engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
        verb = action.split(":", 1)[0]
        return {"card": "Karte", "d12": "Würfel", "float": "Schwebefeld", "move": "Gefährte ziehen",
                "bolt": "Donnerblitz", "free": "Aus dem Exil", "advance": "Aus dem Exil", "spell": "Schutzzauber",
                "rescue": "Eule", "fight-on": "Duell", "retreat": "Duell"}.get(verb, "")


VIEW = DunkleTurmView()
