"""SVG view-model of Torens & Dieven: the open tile grid (the view box pans to the tiles in play),
tower heights, guards by colour and letter, the reach of the towers that matter this step, the free
spots where the drawn tile may go (tap to place), and beside the board the scores, followers, the
supply of tower pieces, the stolen tile and the stacks.

Tap targets (moving by tapping, ``taps.py``, and the position editor, ``editor.py``): every tile and
every open square next to the grid carries ``sq:X,Y``, every tower (or empty tower site)
``tower:X,Y``, every guard ``guard:X,Y``. The open squares are drawn in every phase (invisible
unless they are links), so the view box always has a ring of one square around the tiles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Engine, Event
from rules.core.view import BoardView, LegendRow, Shape

from . import rules
from .explain import explain
from .labels import action_group, action_label, capital, colour, kind_name, lang_of, square
from .state import DRAW, GROW, GUARD, PLACE, State, Tower, in_reach, reach_squares, thief_value
from .taps import tap

LETTER = {"red": "R", "green": "G", "blue": "B", "yellow": "Y", "black": "Z"}
MARGIN = 0.25

# Every text the board writes, per language (nl is the rulebook's; ``None`` reads as nl). Squares are
# written as the board shows them ("(3, -1)"); {colour}/{owner}/{who} are colour names in the language.
BOARD: dict[str, dict[str, str]] = {
    "nl": {
        "tile": "{kind} op {at}",
        "tower.empty": "Lege torenbouwplaats op {at}: geen toren.",
        "tower": "Toren op {at}, {pieces} hoog (bereik {pieces}){guard}.",
        "tower.guard": ", wachter van {owner}",
        "tower.unguarded": ", geen wachter",
        "gap.reach": "Lege plek {at} binnen bereik",
        "start": "start",
        "open": "Lege plek {at}",
        "free": "Leg de tegel aan op {at}",
        "free.reach": " (binnen bereik van {towers})",
        "free.tower": "de toren op {at}",
        "guard": "Wachter van {owner} op de toren op {at}",
        "note": "{score} punten · {followers} meeples in voorraad · {guards} {guard_word}",
        "guard.one": "wachter",
        "guard.many": "wachters",
        "note.turn": " · aan de beurt",
        "pieces": "Torendelen",
        "pieces.note": "in de algemene voorraad (van de 20)",
        "stolen": "Gestolen tegel",
        "stolen.value": "waarde {value}",
        "stolen.none": "geen",
        "stacks": "Stapels",
        "stacks.note": "{land} landtegels ({thief} met diefsymbool), {tower} torentegels",
        "stacks.river": ", {river} riviertegels",
        "desc.player": "{colour}: {note}.",
        "desc.pieces": "Torendelen in de voorraad: {supply}.",
        "desc.stolen": "Gestolen tegel: {stolen}.",
        "desc.stacks": "Stapels: {stacks}.",
        "label": "Speelveld van Torens & Dieven, {tiles} tegels",
        "status.draw": "{who} trekt {what}.",
        "status.draw.tower": "de bovenste torentegel",
        "status.draw.river": "een riviertegel",
        "status.draw.land": "een landtegel",
        "status.grow": "{who} kiest welke torens een van de {supply} laatste torendelen krijgen.",
        "status.place": "{who} legt {kind} aan.",
        "status.guard": "{who} mag een wachter zetten op een toren binnen bereik, of niet.",
        "status.over": "Het spel is afgelopen. Winnaar: {winners}.",
        "and": "en",
    },
    "de": {
        "tile": "{kind} auf {at}",
        "tower.empty": "Leerer Turmbauplatz auf {at}: kein Turm.",
        "tower": "Turm auf {at}, {pieces} hoch (Reichweite {pieces}){guard}.",
        "tower.guard": ", Wächter von {owner}",
        "tower.unguarded": ", kein Wächter",
        "gap.reach": "Leeres Feld {at} in Reichweite",
        "start": "Start",
        "open": "Leeres Feld {at}",
        "free": "Karte auf {at} anlegen",
        "free.reach": " (in Reichweite {towers})",
        "free.tower": "des Turms auf {at}",
        "guard": "Wächter von {owner} auf dem Turm auf {at}",
        "note": "{score} {point_word} · {followers} Meeples im Vorrat · {guards} {guard_word}",
        "point.one": "Punkt",
        "point.many": "Punkte",
        "guard.one": "Wächter",
        "guard.many": "Wächter",
        "note.turn": " · an der Reihe",
        "pieces": "Turmteile",
        "pieces.note": "im allgemeinen Vorrat (von 20)",
        "stolen": "Gestohlene Karte",
        "stolen.value": "Wert {value}",
        "stolen.none": "keine",
        "stacks": "Stapel",
        "stacks.note": "{land} Landschaftskarten ({thief} mit Diebessymbol), {tower} Turmkarten",
        "stacks.river": ", {river} Flusskarten",
        "desc.player": "{colour}: {note}.",
        "desc.pieces": "Turmteile im Vorrat: {supply}.",
        "desc.stolen": "Gestohlene Karte: {stolen}.",
        "desc.stacks": "Stapel: {stacks}.",
        "label": "Auslage von Türme & Diebe, {tiles} {tile_word}",
        "tile.one": "Karte",
        "tile.many": "Karten",
        "status.draw": "{who} zieht {what}.",
        "status.draw.tower": "die oberste Turmkarte",
        "status.draw.river": "eine Flusskarte",
        "status.draw.land": "eine Landschaftskarte",
        "status.grow": "{who} wählt, welche Türme eines der {supply} letzten Turmteile bekommen.",
        "status.place": "{who} legt {kind} an.",
        "status.guard": "{who} darf einen Wächter auf einen Turm in Reichweite setzen, oder keinen.",
        "status.over": "Das Spiel ist zu Ende. {winner_word}: {winners}.",
        "winner.one": "Sieger",
        "winner.many": "Sieger",
        "and": "und",
    },
    "en": {
        "tile": "{kind} on {at}",
        "tower.empty": "Empty tower site on {at}: no tower.",
        "tower": "Tower on {at}, {pieces} high (reach {pieces}){guard}.",
        "tower.guard": ", guard of {owner}",
        "tower.unguarded": ", no guard",
        "gap.reach": "Empty space {at} within reach",
        "start": "start",
        "open": "Empty space {at}",
        "free": "Place the tile on {at}",
        "free.reach": " (within reach of {towers})",
        "free.tower": "the tower on {at}",
        "guard": "Guard of {owner} on the tower on {at}",
        "note": "{score} {point_word} · {followers} meeples in supply · {guards} {guard_word}",
        "point.one": "point",
        "point.many": "points",
        "guard.one": "guard",
        "guard.many": "guards",
        "note.turn": " · their turn",
        "pieces": "Tower pieces",
        "pieces.note": "in the general supply (of 20)",
        "stolen": "Stolen tile",
        "stolen.value": "value {value}",
        "stolen.none": "none",
        "stacks": "Stacks",
        "stacks.note": "{land} land tiles ({thief} with thief symbol), {tower} tower tiles",
        "stacks.river": ", {river} river tiles",
        "desc.player": "{colour}: {note}.",
        "desc.pieces": "Tower pieces in the supply: {supply}.",
        "desc.stolen": "Stolen tile: {stolen}.",
        "desc.stacks": "Stacks: {stacks}.",
        "label": "Playing area of Towers & Thieves, {tiles} {tile_word}",
        "tile.one": "tile",
        "tile.many": "tiles",
        "status.draw": "{who} draws {what}.",
        "status.draw.tower": "the top tower tile",
        "status.draw.river": "a river tile",
        "status.draw.land": "a land tile",
        "status.grow": "{who} chooses which towers get one of the {supply} last tower pieces.",
        "status.place": "{who} places {kind}.",
        "status.guard": "{who} may place a guard on a tower within reach, or none.",
        "status.over": "The game is over. {winner_word}: {winners}.",
        "winner.one": "Winner",
        "winner.many": "Winners",
        "and": "and",
    },
}


def _text(lang: str | None, key: str, **data: Any) -> str:
    return BOARD[lang_of(lang)][key].format(**data)


def _word(lang: str | None, key: str, n: int) -> str:
    """``key.one`` or ``key.many`` by ``n`` (a language without the key keeps the many form)."""
    words = BOARD[lang_of(lang)]
    return words[f"{key}.one"] if n == 1 and f"{key}.one" in words else words.get(f"{key}.many", "")


def _tile_title(x: int, y: int, kind: str, lang: str | None = None) -> str:
    return _text(lang, "tile", kind=capital(kind_name(kind, lang)), at=square((x, y)))


def _tower_text(tower: Tower, lang: str | None = None) -> str:
    at = square(tower.at)
    if tower.pieces == 0:
        return _text(lang, "tower.empty", at=at)
    guard = _text(lang, "tower.guard", owner=colour(tower.guard, lang)) if tower.guard else _text(lang, "tower.unguarded")
    return _text(lang, "tower", at=at, pieces=tower.pieces, guard=guard)


def board_view(
    engine: Engine[Any],
    state: Any,
    *,
    previous: Any | None = None,
    events: Sequence[Event] = (),
    seat: str | None = None,
    lang: str | None = None,
) -> BoardView:
    st: State = state
    shapes: list[Shape] = []
    description: list[str] = []
    # The open squares next to the grid are always drawn (tap targets of the position editor); only
    # in phase place do they show (the spots where the drawn tile may go).
    frontier = list(st.frontier)
    squares = [(x, y) for x, y, _k in st.tiles] + frontier
    last = {tuple(e.data["at"]) for e in events if e.key in ("place", "place.thief") and "at" in e.data}

    # Reach: in phase guard, of every tower that may take a guard; in phase grow, the towers that may grow.
    reach: set[tuple[int, int]] = set()
    tappable: dict[tuple[int, int], str] = {}
    if st.phase == GUARD:
        for action in rules.guard_options(st):
            tx, ty = (int(v) for v in action[6:].split(","))
            tower = st.tower_at((tx, ty))
            if tower is not None:
                reach.update(reach_squares(tower))
                tappable[(tx, ty)] = action
    squares += list(reach)
    min_x = min(x for x, _y in squares) - MARGIN
    min_y = min(y for _x, y in squares) - MARGIN
    width = max(x for x, _y in squares) + 1 + MARGIN - min_x
    height = max(y for _x, y in squares) + 1 + MARGIN - min_y

    occupied = st.occupied
    for x, y in sorted(reach - occupied):
        shapes.append(Shape.make("rect", css="td-reach td-gap", title=_text(lang, "gap.reach", at=square((x, y))),
                                 x=x + 0.04, y=y + 0.04, width=0.92, height=0.92))
    for x, y, kind in st.tiles:
        css = f"td-tile td-k-{kind}" + (" td-last" if (x, y) in last else "") + (" td-reach" if (x, y) in reach else "")
        if st.placed == (x, y):
            css += " td-placed"
        title = _tile_title(x, y, kind, lang)
        shapes.append(Shape.make("rect", css=css, title=title, target=f"sq:{x},{y}",
                                 x=x + 0.03, y=y + 0.03, width=0.94, height=0.94, rx=0.06))
        if kind in ("river", "rivertower", "source"):
            shapes.append(Shape.make("rect", css="td-water", x=x + 0.03, y=y + 0.42, width=0.94, height=0.16))
        value = thief_value(kind)
        if value:
            shapes.append(Shape.make("circle", css="td-thief", cx=x + 0.27, cy=y + 0.27, r=0.19))
            shapes.append(Shape.make("text", css="td-thief-label", text=str(value), x=x + 0.27, y=y + 0.34, text_anchor="middle"))
        if kind in ("start", "source"):
            shapes.append(Shape.make("text", css="td-tile-label", text=_text(lang, "start"), x=x + 0.5, y=y + 0.85, text_anchor="middle"))
        description.append(title + ".")
    for x, y in frontier:
        if st.phase != PLACE:
            shapes.append(Shape.make("rect", css="td-open", title=_text(lang, "open", at=square((x, y))), target=f"sq:{x},{y}",
                                     x=x + 0.1, y=y + 0.1, width=0.8, height=0.8, rx=0.08))
            continue
        action = f"place:{x},{y}"
        covering = [t for t in st.towers if in_reach(t, (x, y))]
        css, title = "td-free", _text(lang, "free", at=square((x, y)))
        if covering:
            css += " td-free-reach"
            title += _text(lang, "free.reach", towers=", ".join(_text(lang, "free.tower", at=square(t.at)) for t in covering))
        shapes.append(Shape.make("rect", css=css, title=title, action=action, target=f"sq:{x},{y}",
                                 x=x + 0.1, y=y + 0.1, width=0.8, height=0.8, rx=0.08))

    growing = {t.at for t in rules.growing(st)} if st.phase == GROW else set()
    for tower in st.towers:
        x, y = tower.at
        text = _tower_text(tower, lang)
        description.append(text)
        css = "td-tower" + (" td-tower-empty" if tower.pieces == 0 else "") + (" td-grows" if tower.at in growing else "")
        shapes.append(Shape.make("g-start", css="td-tower-group"))
        shapes.append(Shape.make("rect", css=css, title=text, action=tappable.get(tower.at, ""), target=f"tower:{x},{y}",
                                 x=x + 0.34, y=y + 0.2, width=0.32, height=0.6, rx=0.04))
        shapes.append(Shape.make("text", css="td-height", text=str(tower.pieces), x=x + 0.5, y=y + 0.6, text_anchor="middle"))
        shapes.append(Shape.make("g-end"))
        if tower.guard:
            gtext = _text(lang, "guard", owner=colour(tower.guard, lang), at=square((x, y)))
            shapes.append(Shape.make("circle", css=f"td-guard td-guard-{tower.guard}", title=gtext, target=f"guard:{x},{y}",
                                     seat=tower.guard, cx=x + 0.76, cy=y + 0.26, r=0.2))
            shapes.append(Shape.make("text", css="td-guard-label", text=LETTER[tower.guard], seat=tower.guard,
                                     x=x + 0.76, y=y + 0.33, text_anchor="middle"))

    legend: list[LegendRow] = []
    for i, player in enumerate(st.players):
        guards = sum(1 for t in st.towers if t.guard == player)
        note = _text(lang, "note", score=st.scores[i], point_word=_word(lang, "point", st.scores[i]),
                     followers=st.followers[i], guards=guards, guard_word=_word(lang, "guard", guards))
        if i == st.turn and st.phase != "over":
            note += _text(lang, "note.turn")
        name = colour(player, lang)
        legend.append(LegendRow(f"td-guard-{player}", name, (LETTER[player],), note, seat=player))
        description.append(_text(lang, "desc.player", colour=name, note=note))
    legend.append(LegendRow("td-piece", _text(lang, "pieces"), (str(st.supply),), _text(lang, "pieces.note")))
    stolen = _text(lang, "stolen.value", value=st.stolen) if st.stolen else _text(lang, "stolen.none")
    legend.append(LegendRow("td-stolen", _text(lang, "stolen"), (str(st.stolen),) if st.stolen else (), stolen))
    stacks = _text(lang, "stacks.note", land=sum(st.stack), thief=sum(st.stack[1:]), tower=st.tower_stack)
    if sum(st.river_stack):
        stacks += _text(lang, "stacks.river", river=sum(st.river_stack))
    legend.append(LegendRow("td-stack", _text(lang, "stacks"), (), stacks))
    description += [_text(lang, "desc.pieces", supply=st.supply), _text(lang, "desc.stolen", stolen=stolen),
                    _text(lang, "desc.stacks", stacks=stacks)]
    return BoardView(
        width=width,
        height=height,
        min_x=min_x,
        min_y=min_y,
        cell=0.8,  # an open spot beside the tiles
        shapes=shapes,
        legend=legend,
        label=_text(lang, "label", tiles=len(st.tiles), tile_word=_word(lang, "tile", len(st.tiles))),
        description=description,
        status=status_line(engine, st, lang),
    )


def status_line(engine: Engine[Any], st: State, lang: str | None = None) -> str:
    who = colour(st.player, lang)
    if st.phase == DRAW:
        source = rules.draw_source(st)
        what = _text(lang, "status.draw." + (source if source in ("tower", "river") else "land"))
        return _text(lang, "status.draw", who=who, what=what)
    if st.phase == GROW:
        return _text(lang, "status.grow", who=who, supply=st.supply)
    if st.phase == PLACE:
        return _text(lang, "status.place", who=who, kind=kind_name(st.drawn, lang))
    if st.phase == GUARD:
        return _text(lang, "status.guard", who=who)
    result = engine.result(st)
    names = [colour(w, lang) for w in (result.winners if result else ())]
    winners = f" {_text(lang, 'and')} ".join(names)
    return _text(lang, "status.over", winners=winners, winner_word=_word(lang, "winner", len(names)))


class TorensEnDievenView:
    """The view-model object the registry hands to the pages (``GAME.view``)."""

    board_view = staticmethod(board_view)
    action_label = staticmethod(action_label)
    action_group = staticmethod(action_group)
    tap = staticmethod(tap)
    explain = staticmethod(explain)


VIEW = TorensEnDievenView()
