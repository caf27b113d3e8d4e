"""JSON positions of Der dunkle Turm, written by hand to describe a disputed situation. The format is
declared in :data:`FORMAT` (its ``reference()`` is served on the API page); the reader converts its
data into the table and checks the rules that tie fields together."""

from __future__ import annotations

from typing import Any

from rules.core.engine import PositionError
from rules.core.positions import one_of, sub
from rules.core.schema import Bool, Choice, Counts, Either, Int, ListOf, MapOf, Nullable, Obj, Str, need, only_keys, opt

from . import board
from .board import ALL_FIELDS, BRIDGES, CARD_KINDS, FULL_DECK, PLACES, SIDE_FIELDS, TEAMS, companion_ids
from .state import Beast, Companion, Float, State, Table, Task, freeze

LYING_FIELDS = board.MAGIC_PLACES + board.BEAST_REACH["12"] + board.BEAST_REACH["18"]  # where beasts fight
TASK_KEYS: dict[str, tuple[str, ...]] = {
    "draw": (), "step": ("steps",), "tower": ("field",), "beast": ("lair",), "fight": ("companion", "lair", "magic"),
    "owl": (), "exile": ("owl",), "bolt": (), "spell": (), "float": (), "event": ("companion",),
    "duel": ("companion", "round"), "wizard": ("companion", "round", "roll"), "choice": ("companion",),
    "rescue": ("team",),
}
ALL_IDS = tuple(cid for team in TEAMS for cid in companion_ids(team))
WHERE = Choice((*PLACES, *ALL_FIELDS), numbers=True, write_numbers=True,
               message="must be camp, exile, out, tower, a field 1-20 or a side field 6a-15c")
TIMER = opt(Int(0, 2), null_is_absent=True)
COMPANION = Either(WHERE, Obj({
    "at": need(WHERE),
    "lying": opt(Int(0, 1), "beside a field after a lost beast fight: team turns left", null_is_absent=True),
    "charred": opt(Bool(), default=False),
    "cooled": opt(Int(0, 1), "charred: team turns cooled", default=0),
    "fresh": opt(Bool(), "charred this team turn: not armed yet", default=False),
    "spell": opt(Bool(), "carries a spell card", default=False),
    "shield": opt(Int(0, 2), "team turns of the shield left", null_is_absent=True),
    "marked": opt(Int(0, 2), "team turns of the mark left", null_is_absent=True),
}))  # fmt: skip
TASK = Obj({
    "task": need(Choice(tuple(TASK_KEYS)), "what is pending; the other keys as the task needs them"),
    "steps": opt(Int(1, 4), "step"),
    "field": opt(Choice(board.RIFT_FIELDS, numbers=True, write_numbers=True), "tower"),
    "lair": opt(Choice(board.BEASTS, numbers=True, write_numbers=True), "beast, fight"),
    "companion": opt(Str(), "fight, event, duel, wizard, choice"),
    "round": opt(Int(1, 2), "duel, wizard"),
    "roll": opt(Int(1, 11), "wizard"),
    "magic": opt(Bool(), "fight: at a magic place"),
    "owl": opt(Bool(), "exile: the owl's card"),
    "team": opt(Choice(TEAMS), "rescue"),
})  # fmt: skip
BEAST = Either(Choice(("asleep",)), Obj({
    "awake": opt(Bool(), default=True),
    "quiet": opt(Int(0, 2), default=0),
    "attacked": opt(Bool(), default=False),
}))  # fmt: skip
CARDS = Counts({k: FULL_DECK[k] for k in CARD_KINDS}, "number of cards")
TIMERS = (
    "Team-turn timers (`lying`, `shield`, `marked`, a float's `turns`) count that team's turns still to *begin*; "
    "the effect ends at the end of the turn in which the count is 0. `fresh` marks a companion charred during "
    "the current turn of its own team (that turn does not count for cooling)."
)
FORMAT = Obj({
    "game": opt(Choice(("der-dunkle-turm",))),
    "version": opt(Choice((1,))),
    "teams": need(ListOf(Choice(TEAMS), 2, 4, unique="a team may appear only once", noun="teams (dt-teams)")),
    "start": opt(Nullable(Choice(TEAMS), null=""), "null before the lot has chosen", default_doc="the first team"),
    "turn": opt(Choice(TEAMS), default_doc="the start team"),
    "round": opt(Int(1), default=1),
    "drawn": opt(Bool(), "the team on turn has drawn its card", default_doc="true when a card task is pending"),
    "bridges": opt(Choice(("down", "up")), default="down"),
    "companions": need(MapOf(ALL_IDS, COMPANION, "every companion id of the teams (`red1`-`red3` ...)"),
                       "a place alone, or an object with `at`"),
    "rifts": opt(MapOf(board.RIFT_FIELDS, Int(1, board.RIFT_ROUNDS), "a rift field"), "open rifts: rounds left",
                 default=dict),
    "floats": opt(MapOf(board.RIFT_FIELDS, Obj({"team": need(Choice(TEAMS)), "turns": need(Int(0, 2))}),
                        "a rift field"), default=dict),
    "collections": opt(MapOf(TEAMS, Int(0, 3), "a team"), "float cards collected", default=dict),
    "wizard": opt(Int(0, board.WIZARD_ROUNDS), "rounds the wizard stays charred", default=0),
    "beasts": opt(MapOf(board.BEASTS, BEAST, "a lair"), "`asleep` or an object", default=dict),
    "attacks": opt(Int(0), default=0),
    "field_event_used": opt(Bool(), default=False),
    "pending": opt(ListOf(TASK), "the tasks still to carry out, first first", default=list),
    "deck": opt(CARDS, default_doc="the cards not discarded or in play"),
    "discard": opt(CARDS, default=lambda: dict.fromkeys(CARD_KINDS, 0)),
    "winner": opt(Choice(TEAMS), null_is_absent=True),
    "over": opt(Bool(), default=False),
}, doc=TIMERS)  # fmt: skip


def _companion(raw: Any, field: str) -> Companion:
    if not isinstance(raw, dict):
        return Companion(at=raw)
    at, lying, charred, cooled, fresh = raw["at"], raw["lying"], raw["charred"], raw["cooled"], raw["fresh"]
    if lying is not None and not at.isdigit():
        raise PositionError(sub(field, "lying"), "only a companion at a field 1-20 can lie beside it")
    if not charred and (cooled or fresh):
        raise PositionError(sub(field, "cooled" if cooled else "fresh"), "only for a charred companion")
    spell, shield, marked = raw["spell"], raw["shield"], raw["marked"]
    if at == board.OUT and (charred or spell or shield is not None or marked is not None):
        raise PositionError(field, "a burst companion carries nothing")
    return Companion(at, lying, charred, cooled, not fresh, spell, shield, marked)


def _companion_json(c: Companion) -> Any:
    out: dict[str, Any] = {"at": c.at}
    if c.lying is not None:
        out["lying"] = c.lying
    if c.charred:
        out["charred"] = True
        if c.cooled:
            out["cooled"] = c.cooled
        if not c.armed:
            out["fresh"] = True
    if c.spell:
        out["spell"] = True
    if c.shield is not None:
        out["shield"] = c.shield
    if c.marked is not None:
        out["marked"] = c.marked
    return out if len(out) > 1 else out["at"]


def _task(raw: dict[str, Any], field: str, teams: tuple[str, ...], turn: str, comps: dict[str, Companion]) -> Task:
    """A pending task: the keys its kind has, and the companion, lair or team it names fits the table."""
    kind = raw["task"]
    given = {k: v for k, v in raw.items() if v is not None}
    only_keys(given, field, ("task",) + TASK_KEYS[kind])
    for key in TASK_KEYS[kind]:
        if key not in given and key not in ("magic", "owl"):
            raise PositionError(sub(field, key), "missing")
    cid = one_of(raw["companion"], sub(field, "companion"), tuple(comps)) if "companion" in given else ""
    magic = bool(raw["magic"] or raw["owl"])
    if cid:
        _task_companion(kind, comps[cid], cid, sub(field, "companion"), turn, magic)
    n = 0
    if kind == "step":
        n = raw["steps"]
    elif kind == "tower":
        n = int(raw["field"])
    elif kind in ("beast", "fight"):
        n = int(raw["lair"])
        if kind == "fight":
            at = comps[cid].at
            fights = board.BEAST_OF_PLACE.get(at) == str(n) if magic else at in board.BEAST_REACH[str(n)]
            if not fights:
                raise PositionError(sub(field, "lair"), f"the beast of {n} does not fight at field {at} "
                                    "(dt-knochentier-wecken, dt-knochentier-turmattacke)")
    elif kind == "wizard":
        n = raw["roll"]
    team = one_of(raw["team"], sub(field, "team"), teams) if kind == "rescue" else ""
    if team:
        alive = [c for cid, c in comps.items() if board.team_of(cid) == team and c.at != board.OUT]
        if not alive or any(c.at != board.EXILE for c in alive):
            raise PositionError(sub(field, "team"), "the owl helps only a team whose companions are all in the exile "
                                "(dt-eule-alle-gefangen)")
    return Task(kind, comp=cid, n=n, round=raw["round"] or 0, magic=magic, team=team)


def _task_companion(kind: str, c: Companion, cid: str, field: str, turn: str, magic: bool) -> None:
    if kind in ("duel", "wizard", "choice") and c.at != board.TOWER:
        raise PositionError(field, "must be at the tower during a duel")
    if kind in ("fight", "event") and (c.lying is not None or not c.at[0].isdigit()):
        raise PositionError(field, "must stand on a field")
    magic = kind == "event" or (kind == "fight" and magic)
    if (kind in ("duel", "wizard", "choice") or magic) and board.team_of(cid) != turn:
        raise PositionError(field, "must be a companion of the team on turn (dt-duell-fordern, dt-magische-orte)")
    if kind == "choice" and not c.charred:
        raise PositionError(field, "the choice follows a lost first duel round that charred the companion "
                            "(dt-erste-runde-verloren)")
    if magic and c.at not in board.MAGIC_PLACES:
        raise PositionError(field, "a field event happens only on 4, 12 or 18 (dt-magische-orte)")


def _task_json(task: Task) -> dict[str, Any]:
    out: dict[str, Any] = {"task": task.kind}
    if task.kind == "step":
        out["steps"] = task.n
    elif task.kind == "tower":
        out["field"] = task.n
    elif task.kind in ("beast", "fight"):
        out["lair"] = task.n
    if task.comp:
        out["companion"] = task.comp
    if task.round:
        out["round"] = task.round
    if task.kind == "wizard":
        out["roll"] = task.n
    if task.kind == "fight":
        out["magic"] = task.magic
    if task.kind == "exile" and task.magic:
        out["owl"] = True
    if task.team:
        out["team"] = task.team
    return out


def read_position(position: Any) -> State:
    p = FORMAT.decode(position)
    teams = tuple(p["teams"])
    start = teams[0] if p["start"] is None else p["start"]
    if start:
        one_of(start, "start", teams)
    turn = one_of(p["turn"] or start or teams[0], "turn", teams)
    if not start and turn != teams[0]:
        raise PositionError("turn", "no team is on turn before the lot has chosen the start team")
    up = p["bridges"] == "up"
    comps = _companions(p["companions"], teams, turn, up)
    rifts = dict(p["rifts"])
    if len(rifts) > 3:
        raise PositionError("rifts", "at most three rifts are open (dt-schutzsiegel)")
    floats = {key: Float(key, one_of(f["team"], sub(sub("floats", key), "team"), teams), f["turns"])
              for key, f in p["floats"].items()}
    only_keys(p["collections"], "collections", teams)
    collections = {t: p["collections"].get(t, 0) for t in teams}
    beasts = {lair: _beast(p["beasts"].get(lair, "asleep"), sub("beasts", lair)) for lair in board.BEASTS}
    pending = [_task(raw, sub("pending", i), teams, turn, comps) for i, raw in enumerate(p["pending"])]
    drawn, over, winner = _progress(p, pending, comps, start)
    deck, discard = _cards(p, comps, pending, floats, collections)
    t = Table(teams, start, turn, p["round"], drawn, up, comps, rifts, floats, collections, p["wizard"], beasts,
              p["attacks"], p["field_event_used"], pending, deck, discard, winner, over)
    _check_end(t)
    return freeze(t)


def _companions(raw: dict[str, Any], teams: tuple[str, ...], turn: str, up: bool) -> dict[str, Companion]:
    """Every companion of every team, where the bridges and the other companions let it stand."""
    only_keys(raw, "companions", [c for t in teams for c in companion_ids(t)])
    comps: dict[str, Companion] = {}
    seen: dict[str, str] = {}
    for team in teams:
        for cid in companion_ids(team):
            field = sub("companions", cid)
            if cid not in raw:
                raise PositionError(field, "missing: every companion of every team is listed")
            c = _companion(raw[cid], field)
            where = sub(field, "at")
            if c.at in BRIDGES and up and c.lying is None:
                raise PositionError(where, "the bridges are raised: nobody stands on field 6 or 15")
            if c.at in SIDE_FIELDS and not up:
                raise PositionError(where, "side fields exist only while the bridges are raised")
            if c.lying is not None and c.at not in LYING_FIELDS:
                raise PositionError(sub(field, "lying"), "one lies beside a field only after losing a beast fight: "
                                    "on 4, 10-14 or 16-20 (dt-neben-dem-feld)")
            for timer in ("lying", "shield", "marked"):
                if getattr(c, timer) == 0 and team != turn:
                    raise PositionError(sub(field, timer), "a team-turn timer reaches 0 only in its own team's turn "
                                        "(dt-fristen)")
            if c.at[0].isdigit() and c.lying is None:
                if c.at in seen:
                    raise PositionError(where, f"field {c.at} is already taken by {seen[c.at]} (dt-freie-felder)")
                seen[c.at] = cid
            comps[cid] = c
    return comps


def _beast(raw: Any, field: str) -> Beast:
    if raw == "asleep":
        return Beast()
    if not raw["awake"] and (raw["quiet"] or raw["attacked"]):
        raise PositionError(field, "a sleeping beast counts nothing")
    return Beast(raw["awake"], raw["quiet"], raw["attacked"])


def _progress(
    p: dict[str, Any], pending: list[Task], comps: dict[str, Companion], start: str
) -> tuple[bool, bool, str]:
    """(drawn, over, winner): what the pending tasks and the companions at the tower say of the turn."""
    card_tasks = any(t.kind not in ("draw", "rescue") for t in pending)
    drawn = card_tasks if p["drawn"] is None else p["drawn"]
    if card_tasks and not drawn:
        raise PositionError("drawn", "a card is being carried out: the team on turn has drawn (dt-ablauf-teamzug)")
    at_tower = [cid for cid, c in comps.items() if c.at == board.TOWER]
    duel_comps = {t.comp for t in pending if t.kind in ("duel", "wizard", "choice")}
    over = p["over"]
    if set(at_tower) - duel_comps and not over:
        raise PositionError("companions", "a companion stands at the tower only during its duel (dt-duell-fordern)")
    if drawn and not pending and not over:
        raise PositionError("drawn", "a turn that has drawn its card has something pending; else it is over")
    if not start and (pending or drawn):
        raise PositionError("start", "the lot must choose the start team first")
    winner = p["winner"] or ""
    if winner:
        one_of(winner, "winner", p["teams"])
        if not over:
            raise PositionError("winner", "only a finished game has a winner")
    if over and pending:
        raise PositionError("pending", "nothing is pending in a finished game")
    return drawn, over, winner


def _cards(
    p: dict[str, Any], comps: dict[str, Companion], pending: list[Task], floats: dict[str, Float],
    collections: dict[str, int],
) -> tuple[dict[str, int], dict[str, int]]:  # fmt: skip
    """(deck, discard pile): with the cards in play, the whole deck."""
    in_play = {k: 0 for k in CARD_KINDS}
    in_play["spell"] = sum(1 for c in comps.values() if c.spell) + sum(1 for t in pending if t.kind == "spell")
    in_play["float"] = len(floats) + sum(collections.values()) + sum(1 for t in pending if t.kind == "float")
    discard = dict(p["discard"])
    given = p["deck"] is not None
    deck = dict(p["deck"]) if given else {k: FULL_DECK[k] - discard[k] - in_play[k] for k in CARD_KINDS}
    for k in CARD_KINDS:
        if deck[k] + discard[k] + in_play[k] != FULL_DECK[k]:
            raise PositionError(sub("deck", k) if given else sub("discard", k),
                                f"the deck, the discard and the cards in play must hold {FULL_DECK[k]} '{k}' card(s)")
    return deck, discard


def _check_end(t: Table) -> None:
    """A team whose companions are all in the exile is being rescued; the end agrees with the teams out."""
    alive = [team for team in t.teams if not t.eliminated(team)]
    rescued = {task.team for task in t.pending if task.kind == "rescue"}
    for team in alive:
        if not t.over and team not in rescued and all(t.comps[cid].at == board.EXILE for cid in t.alive(team)):
            raise PositionError("pending", f"every companion of {team} is in the exile: the owl helps at once, "
                                f"so a rescue task for {team} is pending (dt-eule-alle-gefangen)")
    if t.over and not t.winner and alive:
        raise PositionError("over", "a game ends without a winner only when every team is out (dt-spielende)")
    if not t.over and not alive:
        raise PositionError("over", "every team is out: the game is over (dt-spielende)")
    if not t.over and t.eliminated(t.turn):
        raise PositionError("turn", "a team that is out has no turns (dt-zerplatzen)")


def write_position(s: State) -> dict[str, Any]:
    return FORMAT.encode({
        "game": "der-dunkle-turm",
        "version": 1,
        "teams": list(s.teams),
        "start": s.start or None,
        "turn": s.turn,
        "round": s.round,
        "drawn": s.drawn,
        "bridges": "up" if s.bridges_up else "down",
        "companions": {cid: _companion_json(c) for cid, c in s.companions},
        "rifts": {f: n for f, n in s.rifts},
        "floats": {f.field: {"team": f.team, "turns": f.turns} for f in s.floats},
        "collections": dict(s.collections),
        "wizard": s.wizard,
        "beasts": {
            lair: ({"awake": True, "quiet": b.quiet, "attacked": b.attacked} if b.awake else "asleep")
            for lair, b in zip(board.BEASTS, s.beasts, strict=True)
        },
        "attacks": s.attacks,
        "field_event_used": s.event_used,
        "pending": [_task_json(t) for t in s.pending],
        "deck": {k: n for k, n in zip(CARD_KINDS, s.deck, strict=True) if n},
        "discard": {k: n for k, n in zip(CARD_KINDS, s.discard, strict=True) if n},
        "winner": s.winner or None,
        "over": s.over,
    })


__all__ = ["read_position", "write_position"]
