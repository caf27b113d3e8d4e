"""JSON positions of Der dunkle Turm, written by hand to describe a disputed situation (the schema is
in the package docstring). Every field is validated with a dotted path (PositionError)."""

from __future__ import annotations

from typing import Any

from rules.core.engine import PositionError
from rules.core.inputs import is_digits
from rules.core.positions import as_bool, as_int, as_list, as_object, one_of, sub

from . import board
from .board import ALL_FIELDS, BRIDGES, CARD_KINDS, FULL_DECK, PLACES, SIDE_FIELDS, TEAMS, companion_ids
from .state import Beast, Companion, Float, State, Table, Task, freeze

TOP = (
    "game", "version", "teams", "start", "turn", "round", "drawn", "bridges", "companions", "rifts", "floats",
    "collections", "wizard", "beasts", "attacks", "field_event_used", "pending", "deck", "discard", "winner", "over",
)
LYING_FIELDS = board.MAGIC_PLACES + board.BEAST_REACH["12"] + board.BEAST_REACH["18"]  # where beasts fight
COMP_KEYS = ("at", "lying", "charred", "cooled", "fresh", "spell", "shield", "marked")
TASK_KEYS: dict[str, tuple[str, ...]] = {
    "draw": (), "step": ("steps",), "tower": ("field",), "beast": ("lair",), "fight": ("companion", "lair", "magic"),
    "owl": (), "exile": ("owl",), "bolt": (), "spell": (), "float": (), "event": ("companion",),
    "duel": ("companion", "round"), "wizard": ("companion", "round", "roll"), "choice": ("companion",),
    "rescue": ("team",),
}


def _where(value: Any, field: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or (value not in PLACES and value not in ALL_FIELDS):
        raise PositionError(field, f"must be camp, exile, out, tower, a field 1-20 or a side field 6a-15c, not {value!r:.40}")
    return value


def _shown(at: str) -> Any:
    return int(at) if is_digits(at) else at


def _companion(raw: Any, field: str) -> Companion:
    if not isinstance(raw, dict):
        return Companion(at=_where(raw, field))
    obj = as_object(raw, field, COMP_KEYS, ("at",))
    at = _where(obj["at"], sub(field, "at"))
    lying = as_int(obj["lying"], sub(field, "lying"), 0, 1) if obj.get("lying") is not None else None
    if lying is not None and not is_digits(at):
        raise PositionError(sub(field, "lying"), "only a companion at a field 1-20 can lie beside it")
    charred = as_bool(obj.get("charred", False), sub(field, "charred"))
    cooled = as_int(obj.get("cooled", 0), sub(field, "cooled"), 0, 1)
    fresh = as_bool(obj.get("fresh", False), sub(field, "fresh"))
    if not charred and (cooled or fresh):
        raise PositionError(sub(field, "cooled" if cooled else "fresh"), "only for a charred companion")
    spell = as_bool(obj.get("spell", False), sub(field, "spell"))
    shield = as_int(obj["shield"], sub(field, "shield"), 0, 2) if obj.get("shield") is not None else None
    marked = as_int(obj["marked"], sub(field, "marked"), 0, 2) if obj.get("marked") is not None else None
    if at == board.OUT and (charred or spell or shield is not None or marked is not None):
        raise PositionError(field, "a burst companion carries nothing")
    return Companion(at, lying, charred, cooled, not fresh, spell, shield, marked)


def _companion_json(c: Companion) -> Any:
    out: dict[str, Any] = {"at": _shown(c.at)}
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


def _counts(raw: Any, field: str) -> dict[str, int]:
    obj = as_object(raw, field, CARD_KINDS)
    return {k: as_int(obj.get(k, 0), sub(field, k), 0, FULL_DECK[k]) for k in CARD_KINDS}


def _task(raw: Any, field: str, teams: tuple[str, ...], turn: str, comps: dict[str, Companion]) -> Task:
    if not isinstance(raw, dict):
        raise PositionError(field, "must be an object with a 'task' key")
    kind = one_of(raw.get("task"), sub(field, "task"), tuple(TASK_KEYS))
    obj = as_object(raw, field, ("task",) + TASK_KEYS[kind], ("task",) + tuple(k for k in TASK_KEYS[kind] if k not in ("magic", "owl")))
    cid = ""
    if "companion" in obj:
        cid = one_of(obj["companion"], sub(field, "companion"), tuple(comps))
        c = comps[cid]
        if kind in ("duel", "wizard", "choice") and c.at != board.TOWER:
            raise PositionError(sub(field, "companion"), "must be at the tower during a duel")
        if kind in ("fight", "event") and (c.lying is not None or not c.at[0].isdigit()):
            raise PositionError(sub(field, "companion"), "must stand on a field")
        magic = kind == "event" or (kind == "fight" and obj.get("magic") is True)
        if (kind in ("duel", "wizard", "choice") or magic) and board.team_of(cid) != turn:
            raise PositionError(sub(field, "companion"), "must be a companion of the team on turn (dt-duell-fordern, "
                                "dt-magische-orte)")
        if kind == "choice" and not c.charred:
            raise PositionError(sub(field, "companion"), "the choice follows a lost first duel round that charred "
                                "the companion (dt-erste-runde-verloren)")
        if magic and c.at not in board.MAGIC_PLACES:
            raise PositionError(sub(field, "companion"), "a field event happens only on 4, 12 or 18 (dt-magische-orte)")
    n = 0
    if kind == "step":
        n = as_int(obj["steps"], sub(field, "steps"), 1, 4)
    elif kind == "tower":
        n = int(one_of(str(obj["field"]), sub(field, "field"), board.RIFT_FIELDS))
    elif kind in ("beast", "fight"):
        n = int(one_of(str(obj["lair"]), sub(field, "lair"), board.BEASTS))
        if kind == "fight":
            at = comps[cid].at
            fights = board.BEAST_OF_PLACE.get(at) == str(n) if obj.get("magic") is True else at in board.BEAST_REACH[str(n)]
            if not fights:
                raise PositionError(sub(field, "lair"), f"the beast of {n} does not fight at field {at} "
                                    "(dt-knochentier-wecken, dt-knochentier-turmattacke)")
    elif kind == "wizard":
        n = as_int(obj["roll"], sub(field, "roll"), 1, 11)
    rnd = as_int(obj["round"], sub(field, "round"), 1, 2) if "round" in obj else 0
    magic = as_bool(obj.get("magic", obj.get("owl", False)), sub(field, "magic" if kind == "fight" else "owl"))
    team = one_of(obj["team"], sub(field, "team"), teams) if kind == "rescue" else ""
    if team:
        alive = [c for cid, c in comps.items() if board.team_of(cid) == team and c.at != board.OUT]
        if not alive or any(c.at != board.EXILE for c in alive):
            raise PositionError(sub(field, "team"), "the owl helps only a team whose companions are all in the exile "
                                "(dt-eule-alle-gefangen)")
    return Task(kind, comp=cid, n=n, round=rnd, magic=magic, team=team)


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
    pos = as_object(position, "", TOP, ("teams", "companions"))
    if "game" in pos and pos["game"] != "der-dunkle-turm":
        raise PositionError("game", "must be der-dunkle-turm")
    if "version" in pos:
        one_of(pos["version"], "version", (1,))
    raw_teams = as_list(pos["teams"], "teams")
    if not 2 <= len(raw_teams) <= 4:
        raise PositionError("teams", "two to four teams (dt-teams)")
    for i, team in enumerate(raw_teams):
        one_of(team, sub("teams", i), TEAMS)
    teams = tuple(raw_teams)
    if len(set(teams)) != len(teams):
        raise PositionError("teams", "a team may appear only once")
    start = pos.get("start", teams[0])
    if start is not None:
        one_of(start, "start", teams)
    start = start or ""
    turn = one_of(pos.get("turn", start or teams[0]), "turn", teams)
    if not start and turn != teams[0]:
        raise PositionError("turn", "no team is on turn before the lot has chosen the start team")
    rnd = as_int(pos.get("round", 1), "round", 1)
    bridges = one_of(pos.get("bridges", "down"), "bridges", ("down", "up"))
    up = bridges == "up"

    raw_comps = as_object(pos["companions"], "companions", [c for t in teams for c in companion_ids(t)])
    comps: dict[str, Companion] = {}
    seen: dict[str, str] = {}
    for team in teams:
        for cid in companion_ids(team):
            if cid not in raw_comps:
                raise PositionError(sub("companions", cid), "missing: every companion of every team is listed")
            c = _companion(raw_comps[cid], sub("companions", cid))
            where = sub(sub("companions", cid), "at")
            if c.at in BRIDGES and up and c.lying is None:
                raise PositionError(where, "the bridges are raised: nobody stands on field 6 or 15")
            if c.at in SIDE_FIELDS and not up:
                raise PositionError(where, "side fields exist only while the bridges are raised")
            if c.lying is not None and c.at not in LYING_FIELDS:
                raise PositionError(sub(sub("companions", cid), "lying"),
                                    "one lies beside a field only after losing a beast fight: on 4, 10-14 or 16-20 "
                                    "(dt-neben-dem-feld)")
            for timer in ("lying", "shield", "marked"):
                if getattr(c, timer) == 0 and team != turn:
                    raise PositionError(sub(sub("companions", cid), timer),
                                        "a team-turn timer reaches 0 only in its own team's turn (dt-fristen)")
            if c.at[0].isdigit() and c.lying is None:
                if c.at in seen:
                    raise PositionError(where, f"field {c.at} is already taken by {seen[c.at]} (dt-freie-felder)")
                seen[c.at] = cid
            comps[cid] = c

    rifts: dict[str, int] = {}
    for key, value in as_object(pos.get("rifts", {}), "rifts", board.RIFT_FIELDS).items():
        rifts[key] = as_int(value, sub("rifts", key), 1, board.RIFT_ROUNDS)
    if len(rifts) > 3:
        raise PositionError("rifts", "at most three rifts are open (dt-schutzsiegel)")
    floats: dict[str, Float] = {}
    for key, value in as_object(pos.get("floats", {}), "floats", board.RIFT_FIELDS).items():
        f = as_object(value, sub("floats", key), ("team", "turns"), ("team", "turns"))
        floats[key] = Float(key, one_of(f["team"], sub(sub("floats", key), "team"), teams),
                            as_int(f["turns"], sub(sub("floats", key), "turns"), 0, 2))
    collections = {t: 0 for t in teams}
    for key, value in as_object(pos.get("collections", {}), "collections", teams).items():
        collections[key] = as_int(value, sub("collections", key), 0, 3)
    wizard = as_int(pos.get("wizard", 0), "wizard", 0, board.WIZARD_ROUNDS)
    beasts: dict[str, Beast] = {}
    raw_beasts = as_object(pos.get("beasts", {}), "beasts", board.BEASTS)
    for lair in board.BEASTS:
        raw = raw_beasts.get(lair, "asleep")
        if raw == "asleep":
            beasts[lair] = Beast()
            continue
        b = as_object(raw, sub("beasts", lair), ("awake", "quiet", "attacked"))
        awake = as_bool(b.get("awake", True), sub(sub("beasts", lair), "awake"))
        quiet = as_int(b.get("quiet", 0), sub(sub("beasts", lair), "quiet"), 0, 2)
        attacked = as_bool(b.get("attacked", False), sub(sub("beasts", lair), "attacked"))
        if not awake and (quiet or attacked):
            raise PositionError(sub("beasts", lair), "a sleeping beast counts nothing")
        beasts[lair] = Beast(awake, quiet, attacked)
    attacks = as_int(pos.get("attacks", 0), "attacks", 0)
    event_used = as_bool(pos.get("field_event_used", False), "field_event_used")
    pending = [_task(raw, sub("pending", i), teams, turn, comps) for i, raw in enumerate(as_list(pos.get("pending", []), "pending"))]
    card_tasks = any(t.kind not in ("draw", "rescue") for t in pending)
    drawn = as_bool(pos.get("drawn", card_tasks), "drawn")
    if card_tasks and not drawn:
        raise PositionError("drawn", "a card is being carried out: the team on turn has drawn (dt-ablauf-teamzug)")
    at_tower = [cid for cid, c in comps.items() if c.at == board.TOWER]
    duel_comps = {t.comp for t in pending if t.kind in ("duel", "wizard", "choice")}
    over = as_bool(pos.get("over", False), "over")
    if set(at_tower) - duel_comps and not over:
        raise PositionError("companions", "a companion stands at the tower only during its duel (dt-duell-fordern)")
    if drawn and not pending and not over:
        raise PositionError("drawn", "a turn that has drawn its card has something pending; else it is over")
    if not start and (pending or drawn):
        raise PositionError("start", "the lot must choose the start team first")

    winner = pos.get("winner")
    if winner is not None:
        one_of(winner, "winner", teams)
        if not over:
            raise PositionError("winner", "only a finished game has a winner")
    winner = winner or ""
    if over and pending:
        raise PositionError("pending", "nothing is pending in a finished game")

    in_play = {k: 0 for k in CARD_KINDS}
    in_play["spell"] = sum(1 for c in comps.values() if c.spell) + sum(1 for t in pending if t.kind == "spell")
    in_play["float"] = len(floats) + sum(collections.values()) + sum(1 for t in pending if t.kind == "float")
    discard = _counts(pos.get("discard", {}), "discard")
    if "deck" in pos:
        deck = _counts(pos["deck"], "deck")
    else:
        deck = {k: FULL_DECK[k] - discard[k] - in_play[k] for k in CARD_KINDS}
    for k in CARD_KINDS:
        if deck[k] + discard[k] + in_play[k] != FULL_DECK[k]:
            raise PositionError(sub("deck", k) if "deck" in pos else sub("discard", k),
                                f"the deck, the discard and the cards in play must hold {FULL_DECK[k]} '{k}' card(s)")
    t = Table(teams, start, turn, rnd, drawn, up, comps, rifts, floats, collections, wizard, beasts, attacks,
              event_used, pending, deck, discard, winner, over)
    alive = [team for team in teams if not t.eliminated(team)]
    rescued = {task.team for task in pending if task.kind == "rescue"}
    for team in alive:
        if not over and team not in rescued and all(t.comps[cid].at == board.EXILE for cid in t.alive(team)):
            raise PositionError("pending", f"every companion of {team} is in the exile: the owl helps at once, "
                                f"so a rescue task for {team} is pending (dt-eule-alle-gefangen)")
    if over and not winner and alive:
        raise PositionError("over", "a game ends without a winner only when every team is out (dt-spielende)")
    if not over and not alive:
        raise PositionError("over", "every team is out: the game is over (dt-spielende)")
    if not over and t.eliminated(turn):
        raise PositionError("turn", "a team that is out has no turns (dt-zerplatzen)")
    return freeze(t)


def write_position(s: State) -> dict[str, Any]:
    return {
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
    }


__all__ = ["read_position", "write_position"]
