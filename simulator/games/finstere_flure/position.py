"""JSON positions: ``position_of(state)`` and the validating ``state_from_position(position)``.

See the package docstring for the schema. Every problem is reported as
``PositionError(dotted.field, reason)``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from simulator.core.engine import PositionError

from .board import EXIT, HEIGHT, START, WIDTH, components, fmt, grid_position, is_edge, on_board, pool_shape
from .state import (
    CARD,
    CARD_KINDS,
    CARDS_PER_CHAPTER,
    COLOURS,
    ENDINGS,
    FULL_DECK,
    HIT_CARDS,
    MAX_HIT_STEPS,
    MONSTER,
    OUT,
    OVER,
    PHASES,
    PLAYERS,
    POOL,
    SAVED,
    SETUP,
    Figure,
    MonsterTurn,
    Placement,
    State,
    figure_ids,
    front_values,
    sort_cards,
    split_figure_id,
)

GAME = "finstere-flure"
VERSION = 1

_KEYS = (
    "game", "version", "players", "phase", "chapter", "round", "monster", "stones", "blood", "figures",
    "saved", "deck", "discard", "turn", "monster_turn", "placement", "ending",
)
_REQUIRED = ("game", "players", "phase", "monster", "figures")


def _reading_order(squares) -> list[list[int]]:
    return [[x, y] for x, y in sorted(squares, key=lambda s: (s[1], s[0]))]


def position_of(state: State) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for f in state.figures:
        if f.at in (SAVED, OUT):
            figures[f.id] = f.at
        else:
            figures[f.id] = {
                "at": list(f.at) if f.on_board else POOL,
                "showing": f.showing,
                "moved": f.moved,
            }
    turn = None
    if state.turns is not None:
        turn = {
            "player": state.player_to_move(),
            "turns_taken": {p: n for p, n in zip(state.players, state.turns, strict=True)},
        }
    monster_turn = None
    if state.monster_turn is not None:
        mt = state.monster_turn
        monster_turn = {"card": mt.card, "steps": mt.steps, "caught": mt.caught}
    placement = None
    if state.placement is not None:
        pl = state.placement
        placement = {"player": state.placer(), "stones": pl.stones, "pool4": pl.pool4, "pool2": pl.pool2}
    return {
        "game": GAME,
        "version": VERSION,
        "players": list(state.players),
        "phase": state.phase,
        "chapter": state.chapter,
        "round": state.round,
        "monster": {"at": list(state.monster), "facing": state.facing},
        "stones": _reading_order(state.stones),
        "blood": _reading_order(state.blood),
        "figures": figures,
        "saved": list(state.saved),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "turn": turn,
        "monster_turn": monster_turn,
        "placement": placement,
        "ending": state.ending,
    }


# -- validation helpers ---------------------------------------------------------------------------


def _int(value, field: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be an integer, not {value!r}")
    if lo is not None and value < lo:
        raise PositionError(field, f"must be at least {lo}, not {value}")
    if hi is not None and value > hi:
        raise PositionError(field, f"must be at most {hi}, not {value}")
    return value


def _list(value, field: str) -> list:
    if not isinstance(value, list | tuple):
        raise PositionError(field, f"must be a list, not {type(value).__name__}")
    return list(value)


def _dict(value, field: str, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
    if not isinstance(value, dict):
        raise PositionError(field, f"must be an object, not {type(value).__name__}")
    for key in value:
        if key not in allowed:
            raise PositionError(f"{field}.{key}" if field else str(key),
                                f"unknown key; expected one of {', '.join(allowed)}")
    for key in required:
        if key not in value:
            raise PositionError(f"{field}.{key}" if field else key, "missing")
    return value


def _square(value, field: str) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise PositionError(field, f"must be a square [x, y], not {value!r}")
    x = _int(value[0], f"{field}.0")
    y = _int(value[1], f"{field}.1")
    sq = (x, y)
    if not grid_position(sq):
        raise PositionError(field, f"square {fmt(sq)} is outside the {WIDTH} x {HEIGHT} grid "
                                   f"(x 0-{WIDTH - 1}, y 0-{HEIGHT - 1})")
    if not on_board(sq):
        raise PositionError(field, f"square {fmt(sq)} is not on the board (cut corner)")
    return sq


def _squares(value, field: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i, item in enumerate(_list(value, field)):
        sq = _square(item, f"{field}.{i}")
        if sq in out:
            raise PositionError(f"{field}.{i}", f"square {fmt(sq)} is listed twice")
        out.append(sq)
    return out


def _card(value, field: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value not in CARD_KINDS:
        raise PositionError(field, f"unknown monster card {value!r}; the cards are 5, 7, 7, 8, 8, 10, X, XX")
    return value


# -- state_from_position ----------------------------------------------------------------------------


def state_from_position(position: Any) -> State:
    pos = _dict(position, "", _KEYS)
    for key in _REQUIRED:
        if key not in pos:
            raise PositionError(key, "missing")
    if pos["game"] != GAME:
        raise PositionError("game", f"must be {GAME!r}, not {pos['game']!r}")
    if pos.get("version", VERSION) != VERSION:
        raise PositionError("version", f"only version {VERSION} is known, not {pos.get('version')!r}")

    # players
    raw_players = _list(pos["players"], "players")
    if not 2 <= len(raw_players) <= 7:
        raise PositionError("players", f"Finstere Flure is played by 2 to 7 players, not {len(raw_players)}")
    players: list[str] = []
    for i, p in enumerate(raw_players):
        if p not in COLOURS:
            raise PositionError(f"players.{i}", f"unknown colour {p!r}; the colours are {', '.join(COLOURS)}")
        if p in players:
            raise PositionError(f"players.{i}", f"colour {p!r} is listed twice")
        players.append(p)
    players_t = tuple(players)
    n_fig = len(front_values(len(players_t)))

    phase = pos["phase"]
    if phase not in PHASES:
        raise PositionError("phase", f"unknown phase {phase!r}; expected one of {', '.join(PHASES)}")
    chapter = _int(pos.get("chapter", 1), "chapter", 1, 2)

    # monster
    m = _dict(pos["monster"], "monster", ("at", "facing"), ("at", "facing"))
    monster = _square(m["at"], "monster.at")
    facing = m["facing"]
    if facing not in ("U", "D", "L", "R"):
        raise PositionError("monster.facing", f"must be one of U, D, L, R, not {facing!r}")

    # stones and blood
    stones = _squares(pos.get("stones", []), "stones")
    if len(stones) > 11:
        raise PositionError("stones", f"there are only 11 stone blocks, not {len(stones)}")
    for i, sq in enumerate(stones):
        if sq == monster:
            raise PositionError(f"stones.{i}", f"the monster stands on {fmt(sq)}")
        if sq in (START, EXIT):
            raise PositionError(f"stones.{i}", f"a stone on the {'start' if sq == START else 'exit'} square "
                                               f"{fmt(sq)} is removed at once (ff-steen-op-start-of-doel)")
    blood = _squares(pos.get("blood", []), "blood")
    for i, sq in enumerate(blood):
        if is_edge(sq):
            raise PositionError(f"blood.{i}", f"square {fmt(sq)} touches the outer wall; blood pools never do "
                                              "(ff-dmaufbau-bloedplassen)")
    shapes = []
    for group in components(set(blood)):
        shape = pool_shape(group)
        if shape is None:
            raise PositionError("blood", f"the blood squares around {fmt(min(group))} do not form a 1 x 4 or 2 x 2 "
                                         "pool (pools may not touch each other)")
        if shape in shapes:
            raise PositionError("blood", f"there is only one {'1 x 4' if shape == 'pool4' else '2 x 2'} blood pool")
        shapes.append(shape)
    if monster in blood:
        raise PositionError("monster.at", f"the monster never stops on blood {fmt(monster)}; it slides on "
                                          "(ff-monster-glijdt)")

    # figures
    ids = figure_ids(players_t)
    raw_figs = pos["figures"]
    if not isinstance(raw_figs, dict):
        raise PositionError("figures", f"must be an object, not {type(raw_figs).__name__}")
    for key in raw_figs:
        if key not in ids:
            colour = key.rstrip("0123456789") if isinstance(key, str) else key
            if colour in players_t:
                values = ", ".join(str(v) for v in front_values(len(players_t)))
                raise PositionError(f"figures.{key}", f"with {len(players_t)} players each player has the figures "
                                                      f"{values} only (ff-figuren)")
            raise PositionError(f"figures.{key}", "unknown figure; figure ids are <colour><front value> of the "
                                                  "players, e.g. red1")
    figures: list[Figure] = []
    occupied: dict[tuple[int, int], str] = {}
    stone_set = set(stones)
    for fid in ids:
        field = f"figures.{fid}"
        if fid not in raw_figs:
            raise PositionError(field, "missing")
        colour, front = split_figure_id(fid)
        raw = raw_figs[fid]
        if raw in (SAVED, OUT):
            if raw == OUT and chapter == 1:
                raise PositionError(field, "no figure is lost in chapter 1; caught figures go back to the pool "
                                           "(ff-gepakt-hoofdstuk-1)")
            figures.append(Figure(fid, colour, front, front, raw, False))
            continue
        if raw == POOL:
            raw = {"at": POOL, "showing": front}
        f = _dict(raw, field, ("at", "showing", "moved"), ("at", "showing"))
        showing = _int(f["showing"], f"{field}.showing")
        if showing not in (front, 7 - front):
            raise PositionError(f"{field}.showing", f"figure {fid} shows {front} (coloured side) or {7 - front} "
                                                    f"(black side), not {showing}")
        moved = f.get("moved", False)
        if not isinstance(moved, bool):
            raise PositionError(f"{field}.moved", f"must be true or false, not {moved!r}")
        if f["at"] == POOL:
            at: Any = POOL
        else:
            if isinstance(f["at"], str):
                raise PositionError(f"{field}.at", f"must be a square [x, y] or \"pool\", not {f['at']!r} "
                                                   "(saved and out figures are written as the plain string)")
            at = _square(f["at"], f"{field}.at")
            if at == monster:
                raise PositionError(f"{field}.at", f"the monster stands on {fmt(at)}")
            if at in stone_set:
                raise PositionError(f"{field}.at", f"a stone lies on {fmt(at)}")
            if at in occupied:
                raise PositionError(f"{field}.at", f"{occupied[at]} already stands on {fmt(at)}")
            occupied[at] = fid
        figures.append(Figure(fid, colour, front, showing, at, moved))

    # saved
    saved: list[str] = []
    for i, fid in enumerate(_list(pos.get("saved", []), "saved")):
        if fid not in ids:
            raise PositionError(f"saved.{i}", f"unknown figure {fid!r}")
        if fid in saved:
            raise PositionError(f"saved.{i}", f"{fid} is listed twice")
        if raw_figs[fid] != SAVED:
            raise PositionError(f"saved.{i}", f"figure {fid} is listed as saved but figures.{fid} is not \"saved\"")
        saved.append(fid)
    for f in figures:
        if f.at == SAVED and f.id not in saved:
            raise PositionError("saved", f"figure {f.id} is saved but missing from the list (it gives the order in "
                                         "which figures were saved, ff-einde-gelijke-stand)")

    # cards
    discard = [_card(c, f"discard.{i}") for i, c in enumerate(_list(pos.get("discard", []), "discard"))]
    if "deck" in pos:
        deck = [_card(c, f"deck.{i}") for i, c in enumerate(_list(pos["deck"], "deck"))]
    else:
        rest = Counter(FULL_DECK) - Counter(discard)
        deck = list(rest.elements())
    if Counter(deck) + Counter(discard) != Counter(FULL_DECK):
        raise PositionError("deck", "deck and discard together must be the eight cards 5, 7, 7, 8, 8, 10, X, XX")
    if len(discard) > CARDS_PER_CHAPTER:
        raise PositionError("discard", f"at most {CARDS_PER_CHAPTER} cards are turned over per chapter "
                                       "(ff-hoofdstuk-1-einde)")
    if chapter == 1 and discard and discard[0] in HIT_CARDS:
        raise PositionError("discard.0", "the first card of the game is never X or XX (ff-eerste-kaart)")
    if phase in (PLAYERS, CARD, SETUP) and len(discard) >= CARDS_PER_CHAPTER:
        raise PositionError("discard", f"after {CARDS_PER_CHAPTER} cards the chapter is over "
                                       "(ff-hoofdstuk-1-einde, ff-einde-kaarten-op)")
    if phase == MONSTER and not discard:
        raise PositionError("discard", "the monster walks the last card of the discard pile; it is empty")

    # round
    offset = 0 if chapter == 1 else CARDS_PER_CHAPTER
    expected = offset + len(discard) + (0 if phase == MONSTER else 1)
    if phase == SETUP:
        expected = 1
    if "round" in pos:
        rnd = _int(pos["round"], "round", 1)
        ok = (expected - 1 <= rnd <= expected) if phase == OVER else rnd == expected
        if not ok:
            raise PositionError("round", f"one card is turned over per round: with chapter {chapter}, "
                                         f"{len(discard)} card(s) in the discard pile and phase {phase!r} the round "
                                         f"is {expected}, not {rnd}")
    else:
        rnd = expected

    if phase != PLAYERS:
        for f in figures:
            if f.moved:
                raise PositionError(f"figures.{f.id}.moved", "can only be true during the players' part of a round "
                                                             "(phase 'players')")

    # phase-specific parts
    for key, needed in (("turn", PLAYERS), ("monster_turn", MONSTER), ("placement", SETUP), ("ending", OVER)):
        value = pos.get(key)
        if phase == needed and value is None and key == "ending":
            raise PositionError(key, f"required when phase is {needed!r}")
        if phase != needed and value is not None:
            raise PositionError(key, f"must be null unless phase is {needed!r}")

    state_kwargs: dict[str, Any] = {}
    if phase == SETUP:
        if chapter != 1 or discard or saved:
            raise PositionError("phase", "the board is built before the first round of chapter 1")
        for f in figures:
            if f.at != POOL or f.showing != f.front:
                raise PositionError(f"figures.{f.id}", "while the board is built all figures wait in the pool, "
                                                       "coloured side up (ff-startvoorraad)")
        default_pl = {"stones": 11 - len(stones), "pool4": 0 if "pool4" in shapes else 1,
                      "pool2": 0 if "pool2" in shapes else 1}
        pl = _dict(pos.get("placement") or default_pl, "placement", ("player", "stones", "pool4", "pool2"),
                   ("stones", "pool4", "pool2"))
        placement = Placement(
            stones=_int(pl["stones"], "placement.stones", 0, 11),
            pool4=_int(pl["pool4"], "placement.pool4", 0, 1),
            pool2=_int(pl["pool2"], "placement.pool2", 0, 1),
        )
        if placement.remaining == 0:
            raise PositionError("placement", "nothing left to place; the game would have started")
        if len(stones) != 11 - placement.stones:
            raise PositionError("stones", f"placement.stones says {placement.stones} stones are still to place, "
                                          f"so {11 - placement.stones} lie on the board, not {len(stones)}")
        for kind in ("pool4", "pool2"):
            if (getattr(placement, kind) == 0) != (kind in shapes):
                raise PositionError("blood", f"placement.{kind} does not match the blood pools on the board")
        placer = players_t[placement.placed % len(players_t)]
        if pl.get("player", placer) != placer:
            raise PositionError("placement.player", f"objects are placed in turn from the start player: "
                                                    f"it is {placer}'s turn, not {pl.get('player')!r}")
        state_kwargs["placement"] = placement
    elif phase == MONSTER:
        mt = _dict(pos.get("monster_turn") or {"card": discard[-1], "steps": 0}, "monster_turn",
                   ("card", "steps", "caught"), ("card", "steps"))
        card = _card(mt["card"], "monster_turn.card")
        if card != discard[-1]:
            raise PositionError("monster_turn.card", f"the monster walks the card turned over last "
                                                     f"({discard[-1]}), not {card}")
        limit = MAX_HIT_STEPS if card in HIT_CARDS else int(card)
        steps = _int(mt["steps"], "monster_turn.steps", 0, limit - 1)
        caught = _int(mt.get("caught", 0), "monster_turn.caught", 0, len(ids))
        if card in HIT_CARDS and caught >= HIT_CARDS[card]:
            raise PositionError("monster_turn.caught", f"with card {card} the monster stops after "
                                                       f"{HIT_CARDS[card]} catch(es) (ff-monster-treffers)")
        state_kwargs["monster_turn"] = MonsterTurn(card=card, steps=steps, caught=caught)
    elif phase == OVER:
        ending = pos["ending"]
        if ending not in ENDINGS:
            raise PositionError("ending", f"must be one of {', '.join(ENDINGS)}, not {ending!r}")
        state_kwargs["ending"] = ending

    state = State(
        players=players_t,
        phase=phase,
        chapter=chapter,
        round=rnd,
        monster=monster,
        facing=facing,
        stones=frozenset(stones),
        blood=frozenset(blood),
        figures=tuple(figures),
        saved=tuple(saved),
        deck=sort_cards(deck),
        discard=tuple(discard),
        **state_kwargs,
    )

    if phase == PLAYERS:
        t = _dict(pos.get("turn") or {}, "turn", ("player", "turns_taken"))
        raw_taken = t.get("turns_taken")
        taken: list[int] = []
        for p in players_t:
            moved_count = sum(1 for f in figures if f.owner == p and f.moved)
            if raw_taken is None:
                taken.append(moved_count)
                continue
            tt = _dict(raw_taken, "turn.turns_taken", players_t, players_t)
            n = _int(tt[p], f"turn.turns_taken.{p}", 0, n_fig)
            saved_here = sum(1 for fid in saved if split_figure_id(fid)[0] == p)
            if not moved_count <= n <= moved_count + saved_here:
                raise PositionError(f"turn.turns_taken.{p}", f"{p} has {moved_count} moved figure(s) on the board or "
                                                             f"in the pool and {saved_here} saved, so cannot have "
                                                             f"taken {n} turns this round")
            if state.first_round and n > 2:
                raise PositionError(f"turn.turns_taken.{p}", "in the first round each player takes two turns "
                                                             "(ff-eerste-ronde)")
            taken.append(n)
        state = replace(state, turns=tuple(taken))
        mover = state.player_to_move()
        if mover is None:
            raise PositionError("turn", "no figure is left to move this round; the players' part is over "
                                        "(the phase would be 'card')")
        if t.get("player", mover) != mover:
            raise PositionError("turn.player", f"it is {mover}'s turn (round robin from the start player, "
                                               f"ff-beurtvolgorde), not {t.get('player')!r}")

    if phase != OVER:
        if state.end_rung() and phase != PLAYERS:
            raise PositionError("saved", "the end has been rung (ff-einde-ingeluid): the game ends when the "
                                         "players' part of this round is over, so the phase must be 'players' or "
                                         "'over'")
        if chapter == 2 and not state.figures_in_play():
            raise PositionError("figures", "in chapter 2 the game is over when no figure is on the board or in "
                                           "the pool (ff-einde-bord-leeg)")
    else:
        if state.ending == "ff-einde-kampioenschap" and not state.end_rung():
            raise PositionError("ending", "ff-einde-kampioenschap needs a player who saved all figures but one")
        if state.ending == "ff-einde-bord-leeg" and (chapter != 2 or state.figures_in_play()):
            raise PositionError("ending", "ff-einde-bord-leeg needs chapter 2 and no figure on the board or in the "
                                          "pool")
        if state.ending == "ff-einde-kaarten-op" and (chapter != 2 or len(discard) != CARDS_PER_CHAPTER):
            raise PositionError("ending", "ff-einde-kaarten-op needs chapter 2 with 7 cards turned over")
    return state
