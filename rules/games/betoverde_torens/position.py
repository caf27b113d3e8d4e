"""Hand-written JSON positions of De Betoverde Torens: the declared format (:data:`FORMAT`, whose
``reference()`` the API page shows), the conversion of its data into the game's state with the rules
that tie fields together, and the writer. ``read(write(s)) == s``."""

from __future__ import annotations

from typing import Any

from rules.core.engine import PositionError
from rules.core.positions import as_int, one_of, sub
from rules.core.schema import Bool, Choice, Counts, Int, ListOf, MapOf, Obj, Tuple, need, only_keys, opt

from .cards import BASIC_SPELLS, BY_CODE, CODES, FULL_DECK, INDEX, SPELLS
from .flow import all_inside, drawer, limit, qualifies
from .state import COLOURS, RING, TABLE, VARIANTS, Flasks, Pending, Space, State

PHASES = ("spells", "deal", "play", "roll", "choose", "draw", "pass-tower", "offer", "ask", "return", "over")
DICE_CARDS = tuple(k for k in CODES if BY_CODE[k].dice)
SPACE_KEYS = tuple(str(i) for i in range(1, RING + 1))

WIZARDS = ListOf(Choice(COLOURS), 0, 6, noun="wizards (bt-maximaal-zes-tovenaars)")
TOWER = Obj({"tower": need(Int(1, 9), "the tower's number"), "wizards": opt(WIZARDS, "standing on it", default=list)})
SPACE = Obj({
    "wizards": opt(WIZARDS, "standing on the ground (imprisoned when a tower stands here)", default=list),
    "towers": opt(ListOf(TOWER), "bottom first; wizards on a tower are imprisoned unless it is the top one",
                  default=list),
})  # fmt: skip
FLASKS = Obj({k: opt(Int(0, 6), default=0) for k in ("empty", "filled", "spent")})


CARDS = Counts({code: FULL_DECK[INDEX[code]] for code in CODES}, "number of cards")
CARD = Obj({
    "card": need(Choice(DICE_CARDS), "the dice card being played"),
    "roll": opt(Int(0, 6), "0 before the roll (phase roll)", default=0),
    "rolls_left": opt(Int(0, max(BY_CODE[k].dice for k in DICE_CARDS) - 1), "rerolls left", default=0),
})  # fmt: skip
TURN = Obj({
    "player": opt(Choice(COLOURS), "whose turn it is", default_doc="the first player"),
    "actions": opt(Int(0, 2), "cards played this turn (at most 1 solo)", default=0),
    "spell_used": opt(Bool(), default=False),
    "passing": opt(Bool(), "drawing after the pass option (phase draw)", default=False),
    "asked": opt(Bool(), "teams: the teammate was asked", default=False),
    "action_spell": opt(Bool(), "master wizards", default=False),
    "turn_over": opt(Bool(), "master wizards", default=False),
    "offer": opt(Choice(COLOURS), "phase offer: who is asked", default_doc="the player"),
    "window": opt(Choice(("", "before", "after")), "phase offer: before or after the action", default=""),
    "last_move": opt(Tuple(Int(0, RING), Int(0, RING), Bool(), shown="[from, to, into the Raventoren]"),
                     "master wizards, a spell offered after the action", default=lambda: [0, 0, False]),
    "card": opt(CARD, "a dice card in play (phases roll and choose)", null_is_absent=True),
})  # fmt: skip
FORMAT = Obj({
    "game": opt(Choice(("betoverde-torens",))),
    "version": opt(Choice((1,))),
    "variant": opt(Choice(VARIANTS), default_doc="`base` with 2-6 players, `solo` with one"),
    "players": need(ListOf(Choice(COLOURS), 1, 6, unique="a colour is listed twice", noun="colours"),
                    "in seating order; the first is the start player"),
    "wizards_each": opt(Int(1, 18), default_doc="as the setup table says (bt-tovenaars-en-flesjes)"),
    "spaces": opt(MapOf(SPACE_KEYS, SPACE, "the spaces `1`-`16`"), "only spaces with something on them",
                  default_doc="towers 1-9 on spaces 2-10, no wizards (bt-opbouw)"),
    "raven": opt(Obj({"at": need(Int(1, RING), "its space"),
                      "inside": opt(MapOf(COLOURS, Int(0, 18), "a player's colour"), "wizards inside", default=dict)}),
                 "the Raventoren", default=lambda: {"at": 1, "inside": {}}),
    "flasks": opt(MapOf(COLOURS, FLASKS, "a player's colour"), default_doc="all empty", default=dict),
    "spells": opt(ListOf(Choice(SPELLS), unique="a spell is listed twice"), "the open spells",
                  default_doc="the basic spells in the base game, none solo"),
    "hands": opt(MapOf(COLOURS, ListOf(Choice(CODES), noun="cards"), "a player's colour"),
                  "at most 3 cards each, 4 while giving one back to the teammate", default=dict),
    "deck": opt(CARDS,
                default_doc="the 90 cards minus hands, discard pile and the card in play"),
    "discard": opt(CARDS, default=lambda: dict.fromkeys(CODES, 0)),
    "discarded": opt(Int(0), "cards discarded in all", default_doc="the cards on the discard pile"),
    "phase": opt(Choice(PHASES), default="play"),
    "turn": opt(TURN, null_is_absent=True, default=lambda: TURN.decode({})),
    "ending": opt(Bool(), "the end was rung (bt-einde-spel)", default=False),
    "stalled": opt(Bool(), "every wizard is inside (phase over)", default=False),
    "teams": opt(Bool(), "4 or 6 players in teams (bt-teams-vormen)", default=False),
    "master": opt(Bool(), "the master wizards", default=False),
    "spell_count": opt(Int(0, 8), "master wizards: spells being chosen (phase spells)", default=0),
})  # fmt: skip


def default_spells(variant: str) -> tuple[str, ...]:
    return BASIC_SPELLS if variant == "base" else ()


def flasks_each(variant: str, players: int) -> int:
    return 0 if variant == "solo" else TABLE[players][1]


def _seated(colours: list[str], field: str, players: tuple[str, ...]) -> tuple[str, ...]:
    """Wizards of the seated players only, sorted."""
    for i, colour in enumerate(colours):
        one_of(colour, sub(field, i), players)
    return tuple(sorted(colours))


def read(position: Any) -> State:
    p = FORMAT.decode(position)
    players = tuple(p["players"])
    n = len(players)
    variant = one_of(p["variant"] or ("base" if n > 1 else "solo"), "variant", VARIANTS)
    if (variant == "base") != (n > 1):
        raise PositionError("variant", "the solo variants have one player, the base game 2 to 6")
    wizards_each = as_int(TABLE[n][0] if p["wizards_each"] is None else p["wizards_each"], "wizards_each", 1, 18 // n)
    if p["teams"] and n not in (4, 6):
        raise PositionError("teams", "teams play with 4 or 6 players (bt-teams-vormen)")
    if p["master"] and variant != "base":
        raise PositionError("master", "the master wizards play with 2 to 6 players")
    spaces, raven_at, inside = _ring(p, players, wizards_each)
    flasks = _flasks(p["flasks"], players, flasks_each(variant, n))
    spells = _spells(p["spells"], variant)
    hands, used = _hands(p, players)
    turn = p["turn"]
    phase = p["phase"]
    pending = _pending(turn["card"], phase, used)
    player, offer, window, last_move = _turn(turn, players, phase, variant, p["master"], p["teams"])
    if (p["spell_count"] > 0) != (phase == "spells" and p["master"]):
        raise PositionError(
            "spell_count", "1-8 while the master wizards' spells are being chosen (phase spells), else 0"
        )
    deck, discard = _deck(p, used)
    state = State(
        players=players,
        variant=variant,
        wizards_each=wizards_each,
        spaces=spaces,
        raven_at=raven_at,
        raven=tuple(sorted(inside.items())),
        flasks=flasks,
        spells=spells,
        hands=hands,
        deck=deck,
        discard=discard,
        discarded=as_int(sum(discard) if p["discarded"] is None else p["discarded"], "discarded", sum(discard)),
        phase=phase,
        turn=players.index(player),
        actions=turn["actions"],
        spell_used=turn["spell_used"],
        passing=turn["passing"],
        pending=pending,
        ending=p["ending"],
        stalled=p["stalled"],
        teams=p["teams"],
        master=p["master"],
        spell_count=p["spell_count"],
        window=window,
        offer=offer,
        action_spell=turn["action_spell"],
        turn_over=turn["turn_over"],
        last_move=last_move,
        asked=turn["asked"],
    )
    _check_phase(state)
    return state


def _ring(
    p: dict[str, Any], players: tuple[str, ...], wizards_each: int
) -> tuple[tuple[Space, ...], int, dict[str, int]]:
    """The spaces, the Raventoren's space and the wizards inside it: every tower 1-9 stands somewhere
    once, and every player has all wizards on the ring or inside."""
    start_layout: dict[str, Any] = {
        str(t + 1): {"towers": [{"tower": t, "wizards": []}], "wizards": []} for t in range(1, 10)
    }
    spaces = [Space() for _ in range(RING)]
    seen_towers: set[int] = set()
    counted = dict.fromkeys(players, 0)
    for key, sp in (start_layout if p["spaces"] is None else p["spaces"]).items():
        field = sub("spaces", key)
        ground = _seated(sp["wizards"], sub(field, "wizards"), players)
        towers = []
        for i, t in enumerate(sp["towers"]):
            tfield = sub(sub(field, "towers"), i)
            if t["tower"] in seen_towers:
                raise PositionError(sub(tfield, "tower"), f"tower {t['tower']} appears twice")
            seen_towers.add(t["tower"])
            towers.append((t["tower"], _seated(t["wizards"], sub(tfield, "wizards"), players)))
        for level in [ground, *(w for _t, w in towers)]:
            for colour in level:
                counted[colour] += 1
        spaces[int(key) - 1] = Space(ground, tuple(towers))
    if len(seen_towers) != 9:
        missing = sorted(set(range(1, 10)) - seen_towers)
        raise PositionError("spaces", f"every tower 1-9 must stand somewhere; missing: {missing}")
    raven_at = p["raven"]["at"]
    if spaces[raven_at - 1].top:
        raise PositionError("raven.at", "no wizard can stand on the Raventoren's space: wizards there are inside it")
    only_keys(p["raven"]["inside"], "raven.inside", players)
    inside = {}
    for colour, count in p["raven"]["inside"].items():
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
    return tuple(spaces), raven_at, inside


def _flasks(given: dict[str, Any], players: tuple[str, ...], total: int) -> tuple[Flasks, ...]:
    only_keys(given, "flasks", players)
    flasks = []
    for colour in players:
        f = given.get(colour, {"empty": total, "filled": 0, "spent": 0})
        fl = Flasks(f["empty"], f["filled"], f["spent"])
        if fl.total != total:
            raise PositionError(sub("flasks", colour), f"empty + filled + spent must be {total}, not {fl.total}")
        flasks.append(fl)
    return tuple(flasks)


def _spells(given: list[str] | None, variant: str) -> tuple[str, ...]:
    listed = list(default_spells(variant)) if given is None else given
    if variant == "solo" and listed:
        raise PositionError("spells", "the simple solo game has no spells (bt-solo-opstelling)")
    return tuple(s for s in SPELLS if s in listed)


def _hands(p: dict[str, Any], players: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], list[int]]:
    """The hands, sorted, and the cards they hold per code."""
    only_keys(p["hands"], "hands", players)
    giving_back = p["turn"]["player"] or players[0]
    hands = []
    used = [0] * len(CODES)
    for colour in players:
        hand = p["hands"].get(colour, [])
        exchanging = p["phase"] == "return" and colour == giving_back
        if len(hand) > (4 if exchanging else 3):
            raise PositionError(
                sub("hands", colour), "a hand holds at most 3 cards (4 while giving one back to the teammate)"
            )
        for code in hand:
            used[INDEX[code]] += 1
        hands.append(tuple(sorted(hand, key=INDEX.__getitem__)))
    return tuple(hands), used


def _pending(card: dict[str, Any] | None, phase: str, used: list[int]) -> Pending | None:
    """The dice card in play (phases roll and choose); counted in ``used``."""
    pending = None
    if card is not None:
        code = card["card"]
        pending = Pending(
            code, card["roll"], as_int(card["rolls_left"], "turn.card.rolls_left", 0, BY_CODE[code].dice - 1)
        )
        used[INDEX[code]] += 1
    if (pending is not None) != (phase in ("roll", "choose")):
        raise PositionError("turn.card", "a dice card is being played exactly in the phases roll and choose")
    if pending is not None and (pending.roll == 0) != (phase == "roll"):
        raise PositionError("turn.card.roll", "0 (not rolled) in phase roll, 1-6 in phase choose")
    return pending


def _turn(
    turn: dict[str, Any], players: tuple[str, ...], phase: str, variant: str, master: bool, teams: bool
) -> tuple[str, int, str, tuple[int, int, bool]]:
    """(player, offer index, window, last move) of the turn object, checked against the phase."""
    player = one_of(turn["player"] or players[0], "turn.player", players)
    as_int(turn["actions"], "turn.actions", 0, 1 if variant != "base" else 2)
    if turn["passing"] and phase != "draw":
        raise PositionError("turn.passing", "only while drawing after the pass option (phase draw)")
    offer_colour = one_of(turn["offer"] or player, "turn.offer", players)
    window = turn["window"]
    if (phase == "offer") != bool(window) or (phase == "offer" and not master):
        raise PositionError("turn.window", "before or after exactly in phase offer, which only the master wizards have")
    if phase != "offer" and offer_colour != player:
        raise PositionError("turn.offer", "only in phase offer")
    if phase in ("ask", "return") and not teams:
        raise PositionError("phase", "only teams exchange cards (bt-teams-kaart-vragen)")
    last_move = (turn["last_move"][0], turn["last_move"][1], turn["last_move"][2])
    if last_move[0] and not (master and phase == "offer" and window == "after"):
        raise PositionError("turn.last_move", "only while a spell is offered after the action (master wizards)")
    return player, players.index(offer_colour) if phase == "offer" else 0, window, last_move


def _deck(p: dict[str, Any], used: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(deck, discard pile) per code: with the hands and the card in play, the whole deck."""
    discard = [p["discard"][code] for code in CODES]
    deck = []
    for i, code in enumerate(CODES):
        if p["deck"] is not None:
            deck.append(p["deck"][code])
            if deck[i] + discard[i] + used[i] != FULL_DECK[i]:
                raise PositionError(
                    sub("deck", code),
                    f"deck, discard pile, hands and the card in play must hold {FULL_DECK[i]} cards {code}",
                )
        else:
            deck.append(FULL_DECK[i] - discard[i] - used[i])
            if deck[i] < 0:
                raise PositionError(sub("discard", code), f"there are only {FULL_DECK[i]} cards {code}")
    return tuple(deck), tuple(discard)


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
    return FORMAT.encode(
        {
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
    )
