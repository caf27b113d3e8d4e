"""Hand-written JSON positions: reading (every field validated, PositionError naming it) and
writing. ``read(position_of(s)) == s``. See the package docstring for the schema."""

from __future__ import annotations

from typing import Any

from rules.core.engine import PositionError
from rules.core.positions import as_bool, as_int, as_list, as_object, one_of, sub

from .cards import BASIC_SPELLS, BY_CODE, CODES, FULL_DECK, INDEX, SPELLS
from .flow import all_inside, drawer, limit, qualifies
from .state import COLOURS, RING, TABLE, VARIANTS, Flasks, Pending, Space, State

PHASES = ("spells", "deal", "play", "roll", "choose", "draw", "pass-tower", "offer", "ask", "return", "over")
TOP = (
    "game",
    "version",
    "variant",
    "players",
    "wizards_each",
    "spaces",
    "raven",
    "flasks",
    "spells",
    "hands",
    "deck",
    "discard",
    "discarded",
    "phase",
    "turn",
    "ending",
    "stalled",
    "teams",
    "master",
    "spell_count",
)
TURN = (
    "player",
    "actions",
    "spell_used",
    "card",
    "passing",
    "asked",
    "offer",
    "window",
    "action_spell",
    "turn_over",
    "last_move",
)


def default_spells(variant: str) -> tuple[str, ...]:
    return BASIC_SPELLS if variant == "base" else ()


def flasks_each(variant: str, players: int) -> int:
    return 0 if variant == "solo" else TABLE[players][1]


def _wizards(value: Any, field: str, players: tuple[str, ...]) -> tuple[str, ...]:
    items = as_list(value, field)
    for i, colour in enumerate(items):
        one_of(colour, sub(field, i), players)
    if len(items) > 6:
        raise PositionError(
            field, f"at most 6 wizards may stand together (bt-maximaal-zes-tovenaars), not {len(items)}"
        )
    return tuple(sorted(items))


def _counts(value: Any, field: str) -> list[int]:
    raw = as_object(value, field, CODES)
    out = [0] * len(CODES)
    for code, count in raw.items():
        out[INDEX[code]] = as_int(count, sub(field, code), 0, FULL_DECK[INDEX[code]])
    return out


def read(position: Any) -> State:
    pos = as_object(position, "", TOP, ("players",))
    if "game" in pos:
        one_of(pos["game"], "game", ("betoverde-torens",))
    if "version" in pos:
        one_of(pos["version"], "version", (1,))
    players_raw = as_list(pos["players"], "players")
    if not 1 <= len(players_raw) <= 6:
        raise PositionError("players", "must list 1 to 6 colours")
    for i, colour in enumerate(players_raw):
        one_of(colour, sub("players", i), COLOURS)
    players = tuple(players_raw)
    if len(set(players)) != len(players):
        raise PositionError("players", "a colour is listed twice")
    n = len(players)
    variant = one_of(pos.get("variant", "base" if n > 1 else "solo"), "variant", VARIANTS)
    if (variant == "base") != (n > 1):
        raise PositionError("variant", "the solo variants have one player, the base game 2 to 6")
    wizards_each = as_int(pos.get("wizards_each", TABLE[n][0]), "wizards_each", 1, 18 // n)
    teams = as_bool(pos.get("teams", False), "teams")
    if teams and n not in (4, 6):
        raise PositionError("teams", "teams play with 4 or 6 players (bt-teams-vormen)")
    master = as_bool(pos.get("master", False), "master")
    if master and variant != "base":
        raise PositionError("master", "the master wizards play with 2 to 6 players")

    # the ring
    start_layout = {str(t + 1): {"towers": [{"tower": t}]} for t in range(1, 10)}  # bt-opbouw, no wizards
    spaces_raw = as_object(pos.get("spaces", start_layout), "spaces", tuple(str(i) for i in range(1, RING + 1)))
    spaces = [Space() for _ in range(RING)]
    seen_towers: set[int] = set()
    counted = dict.fromkeys(players, 0)
    for key, value in spaces_raw.items():
        field = sub("spaces", key)
        sp = as_object(value, field, ("wizards", "towers"))
        ground = _wizards(sp.get("wizards", []), sub(field, "wizards"), players)
        towers = []
        for i, t in enumerate(as_list(sp.get("towers", []), sub(field, "towers"))):
            tfield = sub(sub(field, "towers"), i)
            t = as_object(t, tfield, ("tower", "wizards"), ("tower",))
            tid = as_int(t["tower"], sub(tfield, "tower"), 1, 9)
            if tid in seen_towers:
                raise PositionError(sub(tfield, "tower"), f"tower {tid} appears twice")
            seen_towers.add(tid)
            towers.append((tid, _wizards(t.get("wizards", []), sub(tfield, "wizards"), players)))
        space = Space(ground, tuple(towers))
        for level in [ground, *(w for _t, w in towers)]:
            for colour in level:
                counted[colour] += 1
        spaces[int(key) - 1] = space
    if len(seen_towers) != 9:
        missing = sorted(set(range(1, 10)) - seen_towers)
        raise PositionError("spaces", f"every tower 1-9 must stand somewhere; missing: {missing}")

    raven_raw = as_object(pos.get("raven", {"at": 1}), "raven", ("at", "inside"), ("at",))
    raven_at = as_int(raven_raw["at"], "raven.at", 1, RING)
    if spaces[raven_at - 1].top:
        raise PositionError("raven.at", "no wizard can stand on the Raventoren's space: wizards there are inside it")
    inside_raw = as_object(raven_raw.get("inside", {}), "raven.inside", players)
    inside = {}
    for colour, count in inside_raw.items():
        c = as_int(count, sub("raven.inside", colour), 0, wizards_each)
        if c:
            inside[colour] = c
        counted[colour] += c
    for colour in players:
        if counted[colour] != wizards_each:
            raise PositionError(
                "spaces",
                f"{colour} has {counted[colour]} wizards on the ring and in the Raventoren, not {wizards_each}",
            )

    total_flasks = flasks_each(variant, n)
    flasks_raw = as_object(pos.get("flasks", {}), "flasks", players)
    flasks = []
    for colour in players:
        field = sub("flasks", colour)
        f = as_object(flasks_raw.get(colour, {"empty": total_flasks}), field, ("empty", "filled", "spent"))
        fl = Flasks(*(as_int(f.get(k, 0), sub(field, k), 0, 6) for k in ("empty", "filled", "spent")))
        if fl.total != total_flasks:
            raise PositionError(field, f"empty + filled + spent must be {total_flasks}, not {fl.total}")
        flasks.append(fl)

    spells_raw = as_list(pos.get("spells", list(default_spells(variant))), "spells")
    for i, s in enumerate(spells_raw):
        one_of(s, sub("spells", i), SPELLS)
    if len(set(spells_raw)) != len(spells_raw):
        raise PositionError("spells", "a spell is listed twice")
    if variant == "solo" and spells_raw:
        raise PositionError("spells", "the simple solo game has no spells (bt-solo-opstelling)")
    spells = tuple(s for s in SPELLS if s in spells_raw)

    hands_raw = as_object(pos.get("hands", {}), "hands", players)
    hands = []
    used = [0] * len(CODES)
    for colour in players:
        field = sub("hands", colour)
        hand = as_list(hands_raw.get(colour, []), field)
        turn_given = pos.get("turn")
        giving_back = turn_given.get("player", players[0]) if isinstance(turn_given, dict) else players[0]
        exchanging = pos.get("phase") == "return" and colour == giving_back
        if len(hand) > (4 if exchanging else 3):
            raise PositionError(field, "a hand holds at most 3 cards (4 while giving one back to the teammate)")
        for i, code in enumerate(hand):
            one_of(code, sub(field, i), CODES)
            used[INDEX[code]] += 1
        hands.append(tuple(sorted(hand, key=INDEX.__getitem__)))

    phase = one_of(pos.get("phase", "play"), "phase", PHASES)
    turn_raw = as_object(pos.get("turn") or {}, "turn", TURN)
    player = one_of(turn_raw.get("player", players[0]), "turn.player", players)
    turn = players.index(player)
    n_limit = 1 if variant != "base" else 2
    actions = as_int(turn_raw.get("actions", 0), "turn.actions", 0, n_limit)
    spell_used = as_bool(turn_raw.get("spell_used", False), "turn.spell_used")
    passing = as_bool(turn_raw.get("passing", False), "turn.passing")
    pending = None
    if turn_raw.get("card") is not None:
        cd = as_object(turn_raw["card"], "turn.card", ("card", "roll", "rolls_left"), ("card",))
        code = one_of(cd["card"], "turn.card.card", [k for k in CODES if BY_CODE[k].dice])
        dice = BY_CODE[code].dice
        pending = Pending(
            code,
            as_int(cd.get("roll", 0), "turn.card.roll", 0, 6),
            as_int(cd.get("rolls_left", 0), "turn.card.rolls_left", 0, dice - 1),
        )
        used[INDEX[code]] += 1
    if (pending is not None) != (phase in ("roll", "choose")):
        raise PositionError("turn.card", "a dice card is being played exactly in the phases roll and choose")
    if pending is not None and (pending.roll == 0) != (phase == "roll"):
        raise PositionError("turn.card.roll", "0 (not rolled) in phase roll, 1-6 in phase choose")
    if passing and phase != "draw":
        raise PositionError("turn.passing", "only while drawing after the pass option (phase draw)")
    offer_colour = one_of(turn_raw.get("offer", player), "turn.offer", players)
    offer = players.index(offer_colour) if phase == "offer" else 0
    window = one_of(turn_raw.get("window", ""), "turn.window", ("", "before", "after"))
    if (phase == "offer") != bool(window) or (phase == "offer" and not master):
        raise PositionError("turn.window", "before or after exactly in phase offer, which only the master wizards have")
    if phase != "offer" and offer_colour != player:
        raise PositionError("turn.offer", "only in phase offer")
    if phase in ("ask", "return") and not teams:
        raise PositionError("phase", "only teams exchange cards (bt-teams-kaart-vragen)")
    last_raw = as_list(turn_raw.get("last_move", [0, 0, False]), "turn.last_move")
    if len(last_raw) != 3:
        raise PositionError("turn.last_move", "must be [from, to, into the Raventoren]")
    last_move = (
        as_int(last_raw[0], "turn.last_move.0", 0, RING),
        as_int(last_raw[1], "turn.last_move.1", 0, RING),
        as_bool(last_raw[2], "turn.last_move.2"),
    )
    if last_move[0] and not (master and phase == "offer" and window == "after"):
        raise PositionError("turn.last_move", "only while a spell is offered after the action (master wizards)")
    spell_count = as_int(pos.get("spell_count", 0), "spell_count", 0, 8)
    if (spell_count > 0) != (phase == "spells" and master):
        raise PositionError(
            "spell_count", "1-8 while the master wizards' spells are being chosen (phase spells), else 0"
        )

    discard = _counts(pos.get("discard", {}), "discard")
    if "deck" in pos:
        deck = _counts(pos["deck"], "deck")
        for i, code in enumerate(CODES):
            if deck[i] + discard[i] + used[i] != FULL_DECK[i]:
                raise PositionError(
                    sub("deck", code),
                    f"deck, discard pile, hands and the card in play must hold {FULL_DECK[i]} cards {code}",
                )
    else:
        deck = []
        for i, code in enumerate(CODES):
            left = FULL_DECK[i] - discard[i] - used[i]
            if left < 0:
                raise PositionError(sub("discard", code), f"there are only {FULL_DECK[i]} cards {code}")
            deck.append(left)
    discarded = as_int(pos.get("discarded", sum(discard)), "discarded", sum(discard))

    state = State(
        players=players,
        variant=variant,
        wizards_each=wizards_each,
        spaces=tuple(spaces),
        raven_at=raven_at,
        raven=tuple(sorted(inside.items())),
        flasks=tuple(flasks),
        spells=spells,
        hands=tuple(hands),
        deck=tuple(deck),
        discard=tuple(discard),
        discarded=discarded,
        phase=phase,
        turn=turn,
        actions=actions,
        spell_used=spell_used,
        passing=passing,
        pending=pending,
        ending=as_bool(pos.get("ending", False), "ending"),
        stalled=as_bool(pos.get("stalled", False), "stalled"),
        teams=teams,
        master=master,
        spell_count=spell_count,
        window=window,
        offer=offer,
        action_spell=as_bool(turn_raw.get("action_spell", False), "turn.action_spell"),
        turn_over=as_bool(turn_raw.get("turn_over", False), "turn.turn_over"),
        last_move=last_move,
        asked=as_bool(turn_raw.get("asked", False), "turn.asked"),
    )
    _check_phase(state)
    return state


def _check_phase(state: State) -> None:
    phase = state.phase
    if phase == "spells" and (state.variant != "solo-flasks" and not state.master or state.spells):
        raise PositionError(
            "phase",
            "phase spells is the random choice of the open spells (solo with flasks, master wizards), before any is open",
        )
    if phase in ("deal", "draw") and drawer(state) is None:
        raise PositionError(
            "phase", f"in phase {phase} someone must still draw a card (fewer than 3 in hand, cards left)"
        )
    if phase == "deal" and state.actions:
        raise PositionError("turn.actions", "no card is played while dealing")
    if (phase == "pass-tower" or state.passing) and state.actions:
        raise PositionError(
            "turn.actions", "the pass option replaces both actions: no card was played (bt-kaarten-wisselen)"
        )
    if phase in ("roll", "choose") and state.actions >= limit(state):
        raise PositionError("turn.actions", "no card play is left for the dice card")
    if state.stalled and phase != "over":
        raise PositionError("stalled", "only in phase over")
    if phase == "over":
        if not (state.stalled and all_inside(state)) and not (
            state.ending and any(qualifies(state, i) for i in range(len(state.players)))
        ):
            raise PositionError(
                "phase",
                "the game is over only when someone met both conditions (bt-einde-spel) or every wizard is inside",
            )
    elif state.ending and not any(qualifies(state, i) for i in range(len(state.players))):
        raise PositionError("ending", "the end is rung only when a player meets both conditions (bt-einde-spel)")


def write(state: State) -> dict[str, Any]:
    spaces: dict[str, Any] = {}
    for n, space in enumerate(state.spaces, start=1):
        if not space.ground and not space.towers:
            continue
        entry: dict[str, Any] = {}
        if space.ground:
            entry["wizards"] = list(space.ground)
        if space.towers:
            entry["towers"] = [{"tower": t, "wizards": list(w)} if w else {"tower": t} for t, w in space.towers]
        spaces[str(n)] = entry
    turn: dict[str, Any] = {"player": state.active, "actions": state.actions, "spell_used": state.spell_used}
    if state.passing:
        turn["passing"] = True
    if state.teams:
        turn["asked"] = state.asked
    if state.master:
        turn["action_spell"] = state.action_spell
        if state.turn_over:
            turn["turn_over"] = True
        if state.phase == "offer":
            turn["offer"] = state.players[state.offer]
            turn["window"] = state.window
        if state.last_move[0]:
            turn["last_move"] = list(state.last_move)
    if state.pending is not None:
        p = state.pending
        turn["card"] = {"card": p.card, "roll": p.roll, "rolls_left": p.rolls_left}
    return {
        "game": "betoverde-torens",
        "version": 1,
        "variant": state.variant,
        "players": list(state.players),
        "wizards_each": state.wizards_each,
        "spaces": spaces,
        "raven": {"at": state.raven_at, "inside": dict(state.raven)},
        "flasks": {
            c: {"empty": f.empty, "filled": f.filled, "spent": f.spent}
            for c, f in zip(state.players, state.flasks, strict=True)
        },
        "spells": list(state.spells),
        "hands": {c: list(h) for c, h in zip(state.players, state.hands, strict=True)},
        "deck": {code: k for code, k in zip(CODES, state.deck, strict=True) if k},
        "discard": {code: k for code, k in zip(CODES, state.discard, strict=True) if k},
        "discarded": state.discarded,
        "phase": state.phase,
        "turn": turn,
        "ending": state.ending,
        "stalled": state.stalled,
        **({"teams": True} if state.teams else {}),
        **({"master": True} if state.master else {}),
        **({"spell_count": state.spell_count} if state.spell_count else {}),
    }
