"""The position editor of Der dunkle Turm (``rules.core.editor``): set up a table by tapping the
board, in the reader's language (nl, de, en).

Tools (the palette): a companion of a team (taken from the camp), "move" (tap a companion, then where
it goes), "empty" (a companion back to the camp, a rift or a floating field removed, a beast asleep),
marks on a companion (charred, protection spell, shield, thunderbolt mark, lying beside the field,
with their timers), a rift with its table rounds, a floating field of a team with its team turns, the
drawbridges up or down, a beast awake or asleep. Fields: start team, team on turn, table round, the
stage of the turn (the card being carried out, a duel, a field event), the wizard, tower attacks so
far, the field event of this turn, the beasts' quiet rounds, the collections and the deck.

Board targets (the same ids the board shapes carry): ``f:<field>`` (``f:7``, ``f:6b``), ``camp``,
``exile``, ``out`` (burst companions), ``tower``, ``c:<companion>``, ``rift:<field>``, ``sf:<field>``
(a floating field), ``beast:12`` / ``beast:18``.

The editor refuses what the rules forbid with a reason in the reader's language; the engine's
``state_from_position`` judges every result (``apply_edit``), so nothing it would refuse gets through.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.editor import YES_NO, EditError, Field, FormEditor, PaletteItem, SeatField, Tool, numbers, read_format
from rules.core.engine import Engine

from . import board, words
from .board import (
    ALL_FIELDS,
    BEASTS,
    BRIDGES,
    CAMP,
    CARD_KINDS,
    EXILE,
    FULL_DECK,
    MAGIC_PLACES,
    OUT,
    RIFT_FIELDS,
    SIDE_FIELDS,
    TOWER,
    companion_ids,
    team_of,
)
from .position import FORMAT
from .words import WORDS

PLACES = (CAMP, EXILE, OUT, TOWER)
LYING_FIELDS = MAGIC_PLACES + board.BEAST_REACH["12"] + board.BEAST_REACH["18"]  # dt-neben-dem-feld
MARK_TOOLS = ("charred", "charred1", "charred-now", "spell", "shield:2", "shield:1", "shield:0", "mark:2",
              "mark:1", "mark:0", "lying:1", "lying:0")
DUEL_TASKS = ("duel", "wizard", "choice")
CARD_TASKS = {"step", "tower", "exile", "bolt", "spell", "float"}
# The stage of the turn (the ``phase`` field) of a task being carried out (the owl's: none of them).
STAGES = {"draw": "again", "step": "step{steps}", "tower": "attack{field}", "exile": "exile", "bolt": "bolt",
          "spell": "spell", "float": "float", "duel": "duel{round}", "choice": "choice", "event": "event:{companion}"}

# ---------------------------------------------------------------------------------------------------
# words (the catalogues' WORDS: timer, refusal, palette and editor)


def turns(n: int, lang: str | None) -> str:
    """A team-turn timer in words: the turns of its team still to begin (dt-fristen)."""
    return WORDS.text("timer", ("turns.0", "turns.1", "turns.n")[min(n, 2)], lang, n=n)


def rounds(n: int, lang: str | None) -> str:
    """A table-round timer in words: the ends of table rounds still to come, this one included."""
    return WORDS.word("timer", f"rounds.{n}", lang)


def refuse(lang: str | None, key: str, **data: Any) -> EditError:
    return EditError(WORDS.text("refusal", key, lang, **data))


# ---------------------------------------------------------------------------------------------------
# the position as plain data


def _comp(raw: Any) -> dict[str, Any]:
    return dict(raw) if isinstance(raw, dict) else {"at": raw}


class Table:
    """A position being edited, read by the position format (``position.FORMAT``) and written back
    through it: companions as dicts with ``at`` a string."""

    def __init__(self, position: Mapping[str, Any]):
        p = read_format(FORMAT, position)
        self.p = p
        self.teams: list[str] = list(p["teams"])
        self.comps: dict[str, dict[str, Any]] = {cid: _comp(raw) for cid, raw in p["companions"].items()}
        self.rifts: dict[str, int] = dict(p["rifts"])
        self.floats: dict[str, dict[str, Any]] = {k: dict(v) for k, v in p["floats"].items()}
        self.pending: list[dict[str, Any]] = [dict(t) for t in p["pending"]]
        self.start: str | None = self.teams[0] if p["start"] is None else p["start"] or None
        self.turn: str = p["turn"] or self.start or self.teams[0]
        self.collections: dict[str, int] = {t: p["collections"].get(t, 0) for t in self.teams}
        self.deck: dict[str, int] | None = None if p["deck"] is None else dict(p["deck"])
        self.discard: dict[str, int] = dict(p["discard"])

    # -- reading --
    def standing(self) -> dict[str, str]:
        return {c["at"]: cid for cid, c in self.comps.items() if c.get("lying") is None and c["at"][0].isdigit()}

    def alive(self, team: str) -> list[str]:
        return [cid for cid in companion_ids(team) if self.comps[cid]["at"] != OUT]

    def at_tower(self) -> list[str]:
        return [cid for cid, c in self.comps.items() if c["at"] == TOWER]

    def drawn(self) -> bool:
        if self.p["drawn"] is not None:
            return bool(self.p["drawn"])
        return any(t["task"] not in ("draw", "rescue") for t in self.pending)

    def in_play(self, kind: str) -> int:
        if kind == "spell":
            return sum(1 for c in self.comps.values() if c.get("spell")) + sum(1 for t in self.pending if t["task"] == "spell")
        if kind == "float":
            return len(self.floats) + sum(self.collections.values()) + sum(1 for t in self.pending if t["task"] == "float")
        return 0

    def decks(self) -> dict[str, int]:
        if self.deck is not None:
            return dict(self.deck)
        return {k: FULL_DECK[k] - self.discard[k] - self.in_play(k) for k in CARD_KINDS}

    # -- writing --
    def position(self) -> dict[str, Any]:
        p = self.p
        p["teams"] = self.teams
        p["start"] = self.start
        p["turn"] = self.turn
        p["companions"] = {cid: {k: v for k, v in c.items() if v is not None and v is not False}
                           for cid, c in self.comps.items()}
        p["rifts"] = dict(self.rifts)
        p["floats"] = {k: dict(v) for k, v in self.floats.items()}
        p["pending"] = [dict(t) for t in self.pending]
        p["collections"] = dict(self.collections)
        p["discard"] = dict(self.discard)
        p["deck"] = None if self.deck is None else dict(self.deck)
        return FORMAT.encode(p)


def _rescue_tasks(t: Table) -> list[dict[str, Any]]:
    """dt-eule-alle-gefangen: the owl comes at once for each team whose companions are all in the exile."""
    out = []
    for team in t.teams:
        alive = t.alive(team)
        if alive and all(t.comps[cid]["at"] == EXILE for cid in alive):
            out.append({"task": "rescue", "team": team})
    return out


def _task_fits(t: Table, task: dict[str, Any]) -> bool:
    """Whether a pending task still fits the companions after an edit (the engine's own checks)."""
    cid = task.get("companion")
    if cid is None:
        return True
    c = t.comps.get(cid)
    if c is None:
        return False
    kind = task["task"]
    if kind in DUEL_TASKS:
        return c["at"] == TOWER and (kind != "choice" or bool(c.get("charred")))  # its team: check()
    standing = c.get("lying") is None and c["at"][0].isdigit()
    if not standing:
        return False
    magic = kind == "event" or task.get("magic") is True
    if magic:
        return team_of(cid) == t.turn and c["at"] in MAGIC_PLACES and (
            kind == "event" or board.BEAST_OF_PLACE.get(c["at"]) == str(task.get("lair")))
    return c["at"] in board.BEAST_REACH.get(str(task.get("lair")), ())


def tidy(t: Table, lang: str | None) -> None:
    """After an edit: pending tasks that no longer fit go, a companion at the tower is in its duel, the
    owl's rescues follow the exile, the turn has drawn exactly when a card is being carried out, and the
    deck and the discard hold what is not in play."""
    rest = [task for task in t.pending if task["task"] != "rescue" and _task_fits(t, task)]
    if not t.p.get("over"):
        for cid in t.at_tower():
            if not any(task.get("companion") == cid and task["task"] in DUEL_TASKS for task in rest):
                # dt-duell-fordern: whoever reaches the tower challenges the wizard at once, in its team's turn
                t.turn = team_of(cid)
                rest = [{"task": "duel", "companion": cid, "round": 1}]
    rescues = [] if t.p.get("over") else _rescue_tasks(t)
    if t.start is None:
        if rescues or t.at_tower():
            raise refuse(lang, "lot-first")
        rest = []
    t.pending = rescues + rest
    if any(task["task"] not in ("draw", "rescue") for task in t.pending):
        t.p["drawn"] = True
    elif not any(task["task"] == "draw" for task in t.pending):
        t.p["drawn"] = False
    _count_cards(t, lang)


def _count_cards(t: Table, lang: str | None) -> None:
    """The deck and the discard pile hold the spell and floating-field cards that are not in play."""
    for kind, key in (("spell", "spell-cards"), ("float", "float-cards")):
        room = FULL_DECK[kind] - t.in_play(kind)  # cards of this kind in the deck and the discard
        if room < 0:
            raise refuse(lang, key)
        if t.deck is None:
            t.discard[kind] = min(t.discard[kind], room)
            continue
        extra = t.deck[kind] + t.discard[kind] - room
        if extra < 0:
            t.deck[kind] -= extra
        else:
            take = min(t.deck[kind], extra)
            t.deck[kind] -= take
            t.discard[kind] -= extra - take


def check(t: Table, lang: str | None) -> None:
    """The editor's own refusals of a whole position (the engine judges the rest)."""
    alive = [team for team in t.teams if t.alive(team)]
    if not alive:
        raise refuse(lang, "all-out")
    if t.start is None and t.turn != t.teams[0]:
        raise refuse(lang, "lot-first")
    if not t.p.get("over") and t.turn not in alive:
        raise refuse(lang, "turn-out", team=words.team(t.turn, lang))
    for cid, c in t.comps.items():
        for timer in ("lying", "shield", "marked"):
            if c.get(timer) == 0 and team_of(cid) != t.turn:
                raise refuse(lang, "timer-zero", comp=words.companion(cid, lang), team=words.team(team_of(cid), lang))
    towers = t.at_tower()
    if len(towers) > 1:
        raise refuse(lang, "tower-one")
    if towers and team_of(towers[0]) != t.turn and not t.p.get("over"):
        raise refuse(lang, "duel-team")


# ---------------------------------------------------------------------------------------------------
# the form


def _word(key: str, lang: str, **data: Any) -> str:
    return WORDS.table("editor", lang)[key].format(**data)


def _palette(lang: str, key: str, **data: Any) -> str:
    return WORDS.table("palette", lang)[key].format(**data)


def _teams(t: Table, lang: str) -> tuple[tuple[str, str], ...]:
    return tuple((team, words.team(team, lang)) for team in t.teams)


def _set_start(t: Table, value: str, lang: str) -> None:
    t.start = None if value == "-" else value
    if t.start is None:  # drawing lots: the first team, nothing done yet
        t.turn, t.pending = t.teams[0], []
        t.p["drawn"] = False


def _set_number(key: str) -> Callable[[Table, str, str], None]:
    return lambda t, value, lang: t.p.update({key: int(value)})


def _beast_field(lair: str) -> Field[Table]:
    def choices(t: Table, lang: str) -> list[tuple[str, str]]:
        out = [("asleep", _word("asleep", lang)), ("awake-attacked", _word("awake-attacked", lang))]
        return out + [(f"awake-{n}", _word("awake-n", lang, n=n)) for n in range(3)]

    def set_beast(t: Table, value: str, lang: str) -> None:
        beasts = dict(t.p.get("beasts") or {})
        if value == "asleep":
            beasts[lair] = "asleep"
        else:
            attacked = value == "awake-attacked"
            beasts[lair] = {"awake": True, "quiet": 0 if attacked else int(value[-1]), "attacked": attacked}
        t.p["beasts"] = beasts

    return Field(f"beast.{lair}", lambda t, lang: _word("beast", lang, lair=lair), choices,
                 get=lambda t: _beast_value((t.p.get("beasts") or {}).get(lair)), set=set_beast)


def _deck_field(kind: str) -> Field[Table]:
    """The cards of ``kind`` in the deck; the discard pile is what is not in play (settle)."""
    return Field(f"deck.{kind}", lambda t, lang: _word("deck", lang, card=words.card(kind, lang)),
                 lambda t, lang: numbers(0, max(FULL_DECK[kind] - t.in_play(kind), t.decks()[kind])),
                 get=lambda t: t.decks()[kind])


def _wizard_choices(t: Table, lang: str) -> tuple[tuple[str, str], ...]:
    return tuple((str(n), _word("wizard.0", lang) if n == 0 else _word("wizard.n", lang, r=rounds(n, lang)))
                 for n in range(board.WIZARD_ROUNDS + 1))


FORM: tuple[Field[Table] | SeatField[Table], ...] = (
    Field("start", "start", lambda t, lang: (("-", _word("lot", lang)), *_teams(t, lang)),
          get=lambda t: t.start or "-", set=_set_start),
    Field("turn", "turn", _teams, get=lambda t: t.turn, set=lambda t, value, lang: setattr(t, "turn", value)),
    Field("round", "round", lambda t, lang: numbers(1, max(30, int(t.p.get("round", 1)))),
          get=lambda t: int(t.p.get("round", 1)), set=_set_number("round")),
    Field("phase", "phase", lambda t, lang: _phases(t, lang), get=lambda t: _phase_of(t),
          set=lambda t, value, lang: _set_phase(t, value, lang)),
    Field("wizard", "wizard", _wizard_choices, get=lambda t: int(t.p.get("wizard", 0)), set=_set_number("wizard")),
    Field("attacks", "attacks", lambda t, lang: numbers(0, max(24, int(t.p.get("attacks", 0)))),
          get=lambda t: int(t.p.get("attacks", 0)), set=_set_number("attacks")),
    Field("field_event", "field_event", YES_NO, get=lambda t: bool(t.p.get("field_event_used")),
          set=lambda t, value, lang: t.p.update(field_event_used=value == "yes")),
    *(_beast_field(lair) for lair in BEASTS),
    SeatField("collection.{seat}", "collection", range(FULL_DECK["float"] + 1),
              get=lambda t, i: t.collections[t.teams[i]],
              set=lambda t, i, value, lang: t.collections.update({t.teams[i]: int(value)})),
    *(_deck_field(kind) for kind in CARD_KINDS),
)


# ---------------------------------------------------------------------------------------------------
# the palette: what each tool does at a target


def _beast(t: Table, target: str, awake: bool, lang: str | None) -> None:
    kind, _, arg = target.partition(":")
    lair = arg if kind == "beast" else arg if kind == "f" and arg in BEASTS else ""
    if not lair:
        raise refuse(lang, "beast")
    beasts = dict(t.p.get("beasts") or {})
    if not awake:
        beasts[lair] = "asleep"
    elif not isinstance(beasts.get(lair), dict):
        beasts[lair] = {"awake": True, "quiet": 0, "attacked": False}
    t.p["beasts"] = beasts


def _destination(t: Table, target: str, lang: str | None) -> str:
    """Where a companion goes when ``target`` is tapped: a field, or a place."""
    kind, _, arg = target.partition(":")
    if target in PLACES:
        return target
    if kind == "c":
        return str(t.comps[arg]["at"])
    if kind in ("f", "rift", "sf"):
        return arg
    raise refuse(lang, "target")


def _put(t: Table, cid: str, dest: str, lang: str | None) -> None:
    c = t.comps[cid]
    if dest[0].isdigit():
        if dest in SIDE_FIELDS and t.p.get("bridges") != "up":
            raise refuse(lang, "side-down")
        if dest in BRIDGES and t.p.get("bridges") == "up":
            raise refuse(lang, "bridge-up")
        other = t.standing().get(dest)
        if other is not None and other != cid:
            raise refuse(lang, "occupied", field=words.field(dest, lang), comp=words.companion(other, lang))
    if dest == TOWER and any(other != cid for other in t.at_tower()):
        raise refuse(lang, "tower-one")
    new = {"at": dest}
    if dest != OUT:
        new |= {k: c[k] for k in ("charred", "cooled", "fresh", "spell", "shield", "marked") if k in c}
    if c.get("at") == TOWER and dest != TOWER:
        t.pending = [task for task in t.pending if task.get("companion") != cid]
    t.comps[cid] = new


def _companion_at(t: Table, target: str, lang: str | None) -> str:
    kind, _, arg = target.partition(":")
    if kind == "c":
        return arg
    if kind == "f" and arg in t.standing():
        return t.standing()[arg]
    raise refuse(lang, "companion")


def _field_of(t: Table, target: str, lang: str | None) -> str:
    kind, _, arg = target.partition(":")
    if kind in ("f", "rift", "sf"):
        return arg
    if kind == "c" and t.comps[arg]["at"][0].isdigit():
        return str(t.comps[arg]["at"])
    raise refuse(lang, "target")


def _to_camp(t: Table, cid: str) -> None:
    if t.comps[cid]["at"] == TOWER:
        t.pending = [task for task in t.pending if task.get("companion") != cid]
    t.comps[cid] = {"at": CAMP}


def _char(t: Table, cid: str, name: str) -> None:
    """Charred (cooling down for a round, or just now), or, tapped again with the same mark, not."""
    c = t.comps[cid]
    want = {"charred": True, "cooled": 1 if name == "charred1" else 0, "fresh": name == "charred-now"}
    have = {"charred": bool(c.get("charred")), "cooled": int(c.get("cooled", 0)), "fresh": bool(c.get("fresh"))}
    for k in ("charred", "cooled", "fresh"):
        c.pop(k, None)
    if want != have:
        c.update({k: v for k, v in want.items() if v})


def _timer(t: Table, cid: str, key: str, n: int, lang: str) -> None:
    """A shield, a thunderbolt mark or lying beside the field with its turns left (dt-fristen); tapped
    again with the same, taken off."""
    c = t.comps[cid]
    if n == 0 and team_of(cid) != t.turn:
        raise refuse(lang, "timer-zero", comp=words.companion(cid, lang), team=words.team(team_of(cid), lang))
    if key == "lying":
        if c["at"] not in LYING_FIELDS:
            raise refuse(lang, "lying-field")
        if c.get("lying") is not None and c["lying"] != n:
            c["lying"] = n
            return
        if c.get("lying") is not None:  # stands up again on its field
            other = t.standing().get(c["at"])
            if other is not None:
                raise refuse(lang, "occupied", field=words.field(c["at"], lang), comp=words.companion(other, lang))
    c[key] = None if c.get(key) == n else n


def _rift(t: Table, f: str, n: int, lang: str | None) -> None:
    if f not in RIFT_FIELDS:
        raise refuse(lang, "rift-field", field=words.field(f, lang))
    if f in t.rifts:
        if t.rifts[f] == n:
            del t.rifts[f]
        else:
            t.rifts[f] = n
        return
    if len(t.rifts) >= 3:
        raise refuse(lang, "rift-four")
    t.rifts[f] = n


def _float(t: Table, f: str, team: str, n: int, lang: str | None) -> None:
    if f not in RIFT_FIELDS:
        raise refuse(lang, "float-field")
    if t.floats.get(f) == {"team": team, "turns": n}:
        del t.floats[f]
        return
    if n == 0 and team != t.turn:
        raise refuse(lang, "timer-zero", comp=words.card("float", lang), team=words.team(team, lang))
    t.floats[f] = {"team": team, "turns": n}


def _bridges(t: Table, target: str, up: bool, lang: str | None) -> None:
    kind, _, arg = target.partition(":")
    spot = arg if kind == "f" else str(t.comps[arg]["at"]) if kind == "c" else ""
    if spot not in BRIDGES and spot not in SIDE_FIELDS:
        raise refuse(lang, "bridges-target")
    if (t.p.get("bridges") == "up") == up:
        return
    busy = BRIDGES if up else SIDE_FIELDS
    for f, cid in sorted(t.standing().items()):
        if f in busy:
            raise refuse(lang, "bridges-busy", comp=words.companion(cid, lang), field=words.field(f, lang))
    t.p["bridges"] = "up" if up else "down"


def _team_tool(team: str) -> Tool[Table, str]:
    """A companion of the team out of the camp onto the target."""

    def put(t: Table, target: str, lang: str) -> None:
        cid = next((c for c in companion_ids(team) if t.comps[c]["at"] == CAMP), None)
        if cid is None:
            raise refuse(lang, "no-camp", team=words.team(team, lang))
        dest = _destination(t, target, lang)
        if dest == CAMP:
            raise refuse(lang, "to-camp")
        _put(t, cid, dest, lang)

    return Tool(f"team:{team}", lambda t, lang: _palette(lang, "team", team=words.team(team, lang)), put,
                f"dt-team-{team}", lambda lang: words.team(team, lang)[:1], "g.comp")


def _mark_tool(mark: str) -> Tool[Table, str]:
    """A mark on the companion tapped (not on one that is out)."""
    name, _, left = mark.partition(":")
    glyph = {"charred": "✶", "charred1": "✶", "charred-now": "✶", "spell": "◎", "shield": "▮", "mark": "⚡",
             "lying": "_"}[name]

    def put(t: Table, target: str, lang: str) -> None:
        cid = _companion_at(t, target, lang)
        if t.comps[cid]["at"] == OUT:
            raise refuse(lang, "out-marks")
        if name.startswith("charred"):
            _char(t, cid, name)
        elif name == "spell":
            t.comps[cid]["spell"] = not t.comps[cid].get("spell")
        else:
            _timer(t, cid, "marked" if name == "mark" else name, int(left), lang)

    return Tool(mark, lambda t, lang: _palette(lang, name, t=turns(int(left), lang)) if left else _palette(lang, name),
                put, f"dt-chip-{name}", glyph + left, "g.marks")


def _rift_tool(n: int) -> Tool[Table, str]:
    return Tool(f"rift:{n}", lambda t, lang: _palette(lang, "rift", r=rounds(n, lang)),
                lambda t, target, lang: _rift(t, _field_of(t, target, lang), n, lang), "dt-chip-rift", str(n), "g.board")


def _float_tool(team: str, n: int) -> Tool[Table, str]:
    return Tool(f"float:{team}:{n}", lambda t, lang: _palette(lang, "float", team=words.team(team, lang), t=turns(n, lang)),
                lambda t, target, lang: _float(t, _field_of(t, target, lang), team, n, lang),
                f"dt-chip-float dt-team-{team}", str(n), "g.board")


def _board_tool(key: str, glyph: str) -> Tool[Table, str]:
    """The drawbridges up or down, a beast awake or asleep."""
    switch, on = (_bridges, key == "bridges-up") if key.startswith("bridges") else (_beast, key == "beast-awake")
    return Tool(key, key, lambda t, target, lang: switch(t, target, on, lang), f"dt-chip-{key}", glyph, "g.board")


BOARD_TOOLS = tuple(_board_tool(key, glyph) for key, glyph in
                    (("bridges-up", "↑"), ("bridges-down", "↓"), ("beast-awake", "!"), ("beast-asleep", "z")))


# ---------------------------------------------------------------------------------------------------
# the editor


class DunkleTurmEditor(FormEditor[Table, str]):
    form = FORM
    seat_word = "team"
    words = WORDS
    tool_table = "palette"
    engine_refusals = (("pending", "no legal action", "no-effect"),)

    def decode(self, engine: Engine[Any], position: Mapping[str, Any]) -> Table:
        return Table(position)

    def encode(self, engine: Engine[Any], t: Table) -> dict[str, Any]:
        return t.position()

    def refuse(self, key: str, lang: str, **data: Any) -> EditError:
        return refuse(lang, key, **data)

    def seats(self, t: Table) -> list[str]:
        return t.teams

    def seat_name(self, seat: str, lang: str) -> str:
        return words.team(seat, lang)

    def declared_tools(self, t: Table) -> tuple[Tool[Table, str], ...]:
        moves = (Tool[Table, str]("move", "move", css="dt-chip-move", glyph="↔", group="g.comp"),
                 Tool[Table, str]("empty", "empty", css="dt-chip-empty", glyph="×", group="g.comp"))
        return (*(_team_tool(team) for team in t.teams), *moves, *(_mark_tool(mark) for mark in MARK_TOOLS),
                *(_rift_tool(n) for n in (3, 2, 1)), *(_float_tool(team, n) for team in t.teams for n in (2, 1, 0)),
                *BOARD_TOOLS)

    def settle(
        self, engine: Engine[Any], t: Table, values: Mapping[str, str], changed: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        tidy(t, lang)
        deck_changes = {k[5:]: int(v) for k, v in changed.items() if k.startswith("deck.")}
        if deck_changes:
            deck = t.decks()
            for kind, n in deck_changes.items():
                deck[kind] = n
                t.discard[kind] = max(0, FULL_DECK[kind] - t.in_play(kind) - n)
            t.deck = deck
        return self.finish(engine, t, lang)

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        """Everyone in the camp, nothing on the board, the full deck; the same teams and start team."""
        t = Table(position)
        teams, start = t.teams, t.start
        return {
            "teams": teams,
            "start": start,
            "turn": start or teams[0],
            "companions": {cid: CAMP for team in teams for cid in companion_ids(team)},
        }

    def held_target(self, held: str) -> str:
        """The board target of the companion a "move" picked up (the page marks it)."""
        return "c:" + held

    def held_item(self, table: Table, tool: str, lang: str) -> PaletteItem | None:
        cid = tool[5:]
        if cid not in table.comps:
            return None
        p = WORDS.table("palette", lang)
        return PaletteItem(tool, p["drop"].format(comp=words.companion(cid, lang)), f"dt-team-{team_of(cid)}", cid[-1],
                           p["g.comp"])

    def target(self, t: Table, target: str, lang: str) -> str:
        kind, _, arg = target.partition(":")
        target_ok = (
            (kind == "c" and arg in t.comps) or (kind == "f" and arg in ALL_FIELDS) or (target in PLACES)
            or (kind == "rift" and arg in t.rifts) or (kind == "sf" and arg in t.floats)
            or (kind == "beast" and arg in BEASTS)
        )
        if not target_ok:
            raise refuse(lang, "target")
        return target

    def pick_up(self, t: Table, target: str, lang: str) -> str:
        kind, _, arg = target.partition(":")
        if kind != "c":
            raise refuse(lang, "pick-first")
        return arg

    def drop(self, t: Table, held: str, target: str, lang: str) -> Table:
        if held not in t.comps:
            raise refuse(lang, "tool")
        if target != "c:" + held:
            _put(t, held, _destination(t, target, lang), lang)
        return t

    def after_tap(self, engine: Engine[Any], t: Table, lang: str) -> dict[str, Any]:
        t.p["over"], t.p["winner"] = False, None  # a position being set up is a game that goes on
        return self.finish(engine, t, lang)

    def finish(self, engine: Engine[Any], t: Table, lang: str) -> dict[str, Any]:
        tidy(t, lang)
        check(t, lang)
        return self.judge(engine, t.position(), lang)

    def empty(self, t: Table, target: str, lang: str) -> Table:
        """A companion (or everyone on a field or at a place) back to the camp; else the floating
        field or the rift there removed; a beast asleep."""
        kind, _, arg = target.partition(":")
        if kind == "c":
            _to_camp(t, arg)
            return t
        if kind == "beast":
            t.p["beasts"] = dict(t.p.get("beasts") or {}) | {arg: "asleep"}
            return t
        spot = arg if kind == "f" else target
        here = [] if kind in ("rift", "sf") or spot == CAMP else [cid for cid, c in t.comps.items() if c["at"] == spot]
        for cid in here:
            _to_camp(t, cid)
        if here:
            return t
        if kind in ("f", "sf") and arg in t.floats:
            del t.floats[arg]
        elif kind in ("f", "rift") and arg in t.rifts:
            del t.rifts[arg]
        else:
            raise refuse(lang, "nothing")
        return t


def _phases(t: Table, lang: str | None) -> list[tuple[str, str]]:
    f = WORDS.table("editor", lang)
    current = _phase_of(t)
    out = [("ready", f["ready"])]
    if t.start is not None:
        out.append(("again", f["again"]))
        out += [(f"step{n}", f["step"].format(n=n)) for n in range(1, 5)]
        out += [(f"attack{n}", f["attack"].format(n=n)) for n in RIFT_FIELDS]
        out += [(k, f[k]) for k in ("exile", "bolt", "spell", "float")]
        for cid in t.at_tower():
            comp = words.companion(cid, lang)
            out += [("duel1", f["duel1"].format(comp=comp)), ("duel2", f["duel2"].format(comp=comp)),
                    ("choice", f["choice"].format(comp=comp))]
        for cid in companion_ids(t.turn):
            c = t.comps[cid]
            if c["at"] in MAGIC_PLACES and c.get("lying") is None:
                out.append((f"event:{cid}", f["event"].format(comp=words.companion(cid, lang))))
    if current not in {value for value, _label in out}:
        out.append((current, f["over" if current == "over" else "keep"]))
    return out


def _set_phase(t: Table, phase: str, lang: str | None) -> None:
    if phase in ("keep", "over"):
        return
    t.p["over"], t.p["winner"] = False, None
    rescues = _rescue_tasks(t)
    task = _duel_task(t, phase, lang) if phase in ("duel1", "duel2", "choice") else _task_of(phase)
    if phase.startswith("event:"):
        t.p["field_event_used"] = True
    towers = t.at_tower()
    if towers and (task is None or task["task"] not in DUEL_TASKS):
        raise refuse(lang, "tower-duel", comp=words.companion(towers[0], lang))
    t.pending = rescues + ([task] if task else [])
    t.p["drawn"] = task is not None
    card = phase if task is not None and task["task"] in CARD_TASKS else ""
    if card and card not in ("spell", "float"):
        # step, attack, exile and thunderbolt cards go to the discard as they are turned up
        deck = t.decks()
        if t.discard[card] == 0 and deck[card] > 0:
            deck[card] -= 1
            t.discard[card] += 1
            if t.deck is not None:
                t.deck = deck


def _task_of(phase: str) -> dict[str, Any] | None:
    """The task of a stage of the turn (``ready``: none)."""
    if phase == "again":
        return {"task": "draw"}
    if phase.startswith("step"):
        return {"task": "step", "steps": int(phase[4:])}
    if phase.startswith("attack"):
        return {"task": "tower", "field": int(phase[6:])}
    if phase in ("exile", "bolt", "spell", "float"):
        return {"task": phase}
    if phase.startswith("event:"):
        return {"task": "event", "companion": phase[6:]}
    return None


def _duel_task(t: Table, phase: str, lang: str | None) -> dict[str, Any]:
    """The duel of the companion at the tower (dt-duell-fordern), in its team's turn."""
    towers = t.at_tower()
    if not towers:
        raise refuse(lang, "duel-none")
    cid = towers[0]
    if phase == "choice" and not t.comps[cid].get("charred"):
        raise refuse(lang, "choice-charred")
    t.turn = team_of(cid)
    return {"task": "choice", "companion": cid} if phase == "choice" else {
        "task": "duel", "companion": cid, "round": int(phase[-1])}


def _beast_value(raw: Any) -> str:
    if not isinstance(raw, dict) or not raw.get("awake", True):
        return "asleep"
    if raw.get("attacked"):
        return "awake-attacked"
    return f"awake-{int(raw.get('quiet', 0))}"


def _phase_of(t: Table) -> str:
    """The stage of the turn as a choice of the ``phase`` field ("keep" when it is none of them)."""
    if t.p.get("over"):
        return "over"
    rest = [task for task in t.pending if task["task"] != "rescue"]
    if not rest:
        return "ready" if not t.drawn() or t.start is None else "keep"
    task = rest[0]
    if len(rest) > 1 or task.get("owl") or task["task"] not in STAGES:
        return "keep"
    return STAGES[task["task"]].format(**task)


EDITOR = DunkleTurmEditor()

__all__ = ["EDITOR", "DunkleTurmEditor"]
