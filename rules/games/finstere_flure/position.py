"""JSON positions: ``position_of(state)`` and the validating ``state_from_position(position)``.

See the package docstring for the schema. Every problem is reported as
``PositionError(dotted.field, reason)``; the checks run in the order of the parts below (players,
phase and chapter, monster, objects, figures, saved, cards, round, phase parts, turn, consistency),
so a position with several problems reports the first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from rules.core.engine import PositionError
from rules.core.positions import as_int, as_list, as_object, sub

from .board import EXIT, HEIGHT, START, WIDTH, Square, components, fmt, grid_position, is_edge, on_board, pool_shape
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
)  # fmt: skip
_REQUIRED = ("game", "players", "phase", "monster", "figures")
_PHASE_PARTS = (("turn", PLAYERS), ("monster_turn", MONSTER), ("placement", SETUP), ("ending", OVER))


def _reading_order(squares: Iterable[Square]) -> list[list[int]]:
    return [[x, y] for x, y in sorted(squares, key=lambda s: (s[1], s[0]))]


def position_of(state: State) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for f in state.figures:
        if f.at in (SAVED, OUT):
            figures[f.id] = f.at
        else:
            figures[f.id] = {
                "at": list(f.at) if isinstance(f.at, tuple) else POOL,
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


# -- reading values ---------------------------------------------------------------------------------


def _square(value: Any, field: str) -> Square:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise PositionError(field, f"must be a square [x, y], not {value!r}")
    sq = (as_int(value[0], sub(field, 0)), as_int(value[1], sub(field, 1)))
    if not grid_position(sq):
        raise PositionError(
            field, f"square {fmt(sq)} is outside the {WIDTH} x {HEIGHT} grid (x 0-{WIDTH - 1}, y 0-{HEIGHT - 1})"
        )
    if not on_board(sq):
        raise PositionError(field, f"square {fmt(sq)} is not on the board (cut corner)")
    return sq


def _squares(value: Any, field: str) -> list[Square]:
    out: list[Square] = []
    for i, item in enumerate(as_list(value, field)):
        sq = _square(item, sub(field, i))
        if sq in out:
            raise PositionError(sub(field, i), f"square {fmt(sq)} is listed twice")
        out.append(sq)
    return out


def _card(value: Any, field: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value not in CARD_KINDS:
        raise PositionError(field, f"unknown monster card {value!r}; the cards are 5, 7, 7, 8, 8, 10, X, XX")
    return str(value)


# -- the parts of a position ------------------------------------------------------------------------


def _top(position: Any) -> dict[str, Any]:
    """The position object: known keys only, the required ones present, this game and version."""
    if not isinstance(position, dict):
        raise PositionError("", f"must be an object, not {type(position).__name__}")
    pos = as_object(position, "", _KEYS, _REQUIRED)
    if pos["game"] != GAME:
        raise PositionError("game", f"must be {GAME!r}, not {pos['game']!r}")
    if pos.get("version", VERSION) != VERSION:
        raise PositionError("version", f"only version {VERSION} is known, not {pos.get('version')!r}")
    return pos


def _players(pos: dict[str, Any]) -> tuple[str, ...]:
    raw_players = as_list(pos["players"], "players")
    if not 2 <= len(raw_players) <= 7:
        raise PositionError("players", f"Finstere Flure is played by 2 to 7 players, not {len(raw_players)}")
    players: list[str] = []
    for i, p in enumerate(raw_players):
        if p not in COLOURS:
            raise PositionError(sub("players", i), f"unknown colour {p!r}; the colours are {', '.join(COLOURS)}")
        if p in players:
            raise PositionError(sub("players", i), f"colour {p!r} is listed twice")
        players.append(p)
    return tuple(players)


def _phase(pos: dict[str, Any]) -> str:
    phase = pos["phase"]
    if phase not in PHASES:
        raise PositionError("phase", f"unknown phase {phase!r}; expected one of {', '.join(PHASES)}")
    return str(phase)


def _monster(pos: dict[str, Any]) -> tuple[Square, str]:
    m = as_object(pos["monster"], "monster", ("at", "facing"), ("at", "facing"))
    monster = _square(m["at"], "monster.at")
    facing = m["facing"]
    if facing not in ("U", "D", "L", "R"):
        raise PositionError("monster.facing", f"must be one of U, D, L, R, not {facing!r}")
    return monster, str(facing)


@dataclass(frozen=True)
class _Objects:
    stones: list[Square]
    blood: list[Square]
    shapes: list[str]  # the blood pools on the board: "pool4", "pool2"


def _objects(pos: dict[str, Any], monster: Square) -> _Objects:
    """Stones and blood pools (ff-steenblokken, ff-bloedplassen)."""
    stones = _squares(pos.get("stones", []), "stones")
    if len(stones) > 11:
        raise PositionError("stones", f"there are only 11 stone blocks, not {len(stones)}")
    for i, sq in enumerate(stones):
        if sq == monster:
            raise PositionError(sub("stones", i), f"the monster stands on {fmt(sq)}")
        if sq in (START, EXIT):
            where = "start" if sq == START else "exit"
            raise PositionError(
                sub("stones", i), f"a stone on the {where} square {fmt(sq)} is removed at once (ff-steen-op-start-of-doel)"
            )
    blood = _squares(pos.get("blood", []), "blood")
    for i, sq in enumerate(blood):
        if is_edge(sq):
            raise PositionError(
                sub("blood", i), f"square {fmt(sq)} touches the outer wall; blood pools never do (ff-dmaufbau-bloedplassen)"
            )
    shapes: list[str] = []
    for group in components(set(blood)):
        shape = pool_shape(group)
        if shape is None:
            raise PositionError(
                "blood",
                f"the blood squares around {fmt(min(group))} do not form a 1 x 4 or 2 x 2 pool "
                "(pools may not touch each other)",
            )
        if shape in shapes:
            raise PositionError("blood", f"there is only one {'1 x 4' if shape == 'pool4' else '2 x 2'} blood pool")
        shapes.append(shape)
    if monster in blood:
        raise PositionError(
            "monster.at", f"the monster never stops on blood {fmt(monster)}; it slides on (ff-monster-glijdt)"
        )
    return _Objects(stones, blood, shapes)


def _figure_keys(raw_figs: Any, players: tuple[str, ...]) -> dict[str, Any]:
    """The figures object has only figure ids of the players (ff-figuren); missing ones are reported
    figure by figure in ``_figures``."""
    if not isinstance(raw_figs, dict):
        raise PositionError("figures", f"must be an object, not {type(raw_figs).__name__}")
    ids = figure_ids(players)
    for key in raw_figs:
        if key not in ids:
            colour = key.rstrip("0123456789") if isinstance(key, str) else key
            if colour in players:
                values = ", ".join(str(v) for v in front_values(len(players)))
                raise PositionError(
                    sub("figures", key), f"with {len(players)} players each player has the figures {values} only (ff-figuren)"
                )
            raise PositionError(
                sub("figures", key), "unknown figure; figure ids are <colour><front value> of the players, e.g. red1"
            )
    return raw_figs


def _figures(
    raw_figs: dict[str, Any], players: tuple[str, ...], chapter: int, monster: Square, stones: list[Square]
) -> list[Figure]:
    figures: list[Figure] = []
    occupied: dict[Square, str] = {}
    stone_set = set(stones)
    for fid in figure_ids(players):
        field = sub("figures", fid)
        if fid not in raw_figs:
            raise PositionError(field, "missing")
        colour, front = split_figure_id(fid)
        raw = raw_figs[fid]
        if raw in (SAVED, OUT):
            if raw == OUT and chapter == 1:
                raise PositionError(
                    field, "no figure is lost in chapter 1; caught figures go back to the pool (ff-gepakt-hoofdstuk-1)"
                )
            figures.append(Figure(fid, colour, front, front, raw, False))
            continue
        if raw == POOL:
            raw = {"at": POOL, "showing": front}
        f = as_object(raw, field, ("at", "showing", "moved"), ("at", "showing"))
        showing = as_int(f["showing"], sub(field, "showing"))
        if showing not in (front, 7 - front):
            raise PositionError(
                sub(field, "showing"),
                f"figure {fid} shows {front} (coloured side) or {7 - front} (black side), not {showing}",
            )
        moved = f.get("moved", False)
        if not isinstance(moved, bool):
            raise PositionError(sub(field, "moved"), f"must be true or false, not {moved!r}")
        at: Square | str
        if f["at"] == POOL:
            at = POOL
        else:
            if isinstance(f["at"], str):
                raise PositionError(
                    sub(field, "at"),
                    f"must be a square [x, y] or \"pool\", not {f['at']!r} "
                    "(saved and out figures are written as the plain string)",
                )
            at = _square(f["at"], sub(field, "at"))
            if at == monster:
                raise PositionError(sub(field, "at"), f"the monster stands on {fmt(at)}")
            if at in stone_set:
                raise PositionError(sub(field, "at"), f"a stone lies on {fmt(at)}")
            if at in occupied:
                raise PositionError(sub(field, "at"), f"{occupied[at]} already stands on {fmt(at)}")
            occupied[at] = fid
        figures.append(Figure(fid, colour, front, showing, at, moved))
    return figures


def _saved(pos: dict[str, Any], raw_figs: dict[str, Any], players: tuple[str, ...], figures: list[Figure]) -> list[str]:
    """The saved figures in the order they were saved (ff-einde-gelijke-stand)."""
    ids = figure_ids(players)
    saved: list[str] = []
    for i, fid in enumerate(as_list(pos.get("saved", []), "saved")):
        if fid not in ids:
            raise PositionError(sub("saved", i), f"unknown figure {fid!r}")
        if fid in saved:
            raise PositionError(sub("saved", i), f"{fid} is listed twice")
        if raw_figs[fid] != SAVED:
            raise PositionError(sub("saved", i), f"figure {fid} is listed as saved but figures.{fid} is not \"saved\"")
        saved.append(fid)
    for f in figures:
        if f.at == SAVED and f.id not in saved:
            raise PositionError(
                "saved",
                f"figure {f.id} is saved but missing from the list (it gives the order in which figures were saved, "
                "ff-einde-gelijke-stand)",
            )
    return saved


def _cards(pos: dict[str, Any], chapter: int, phase: str) -> tuple[list[str], list[str]]:
    """(deck, discard): together the eight monster cards (ff-monsterkaarten)."""
    discard = [_card(c, sub("discard", i)) for i, c in enumerate(as_list(pos.get("discard", []), "discard"))]
    if "deck" in pos:
        deck = [_card(c, sub("deck", i)) for i, c in enumerate(as_list(pos["deck"], "deck"))]
    else:
        deck = list((Counter(FULL_DECK) - Counter(discard)).elements())
    if Counter(deck) + Counter(discard) != Counter(FULL_DECK):
        raise PositionError("deck", "deck and discard together must be the eight cards 5, 7, 7, 8, 8, 10, X, XX")
    if len(discard) > CARDS_PER_CHAPTER:
        raise PositionError(
            "discard", f"at most {CARDS_PER_CHAPTER} cards are turned over per chapter (ff-hoofdstuk-1-einde)"
        )
    if chapter == 1 and discard and discard[0] in HIT_CARDS:
        raise PositionError("discard.0", "the first card of the game is never X or XX (ff-eerste-kaart)")
    if phase in (PLAYERS, CARD, SETUP) and len(discard) >= CARDS_PER_CHAPTER:
        raise PositionError(
            "discard", f"after {CARDS_PER_CHAPTER} cards the chapter is over (ff-hoofdstuk-1-einde, ff-einde-kaarten-op)"
        )
    if phase == MONSTER and not discard:
        raise PositionError("discard", "the monster walks the last card of the discard pile; it is empty")
    return deck, discard


def _round(pos: dict[str, Any], chapter: int, phase: str, discard: list[str]) -> int:
    """One card is turned over per round (ff-ronde); the round counts the whole game."""
    offset = 0 if chapter == 1 else CARDS_PER_CHAPTER
    expected = offset + len(discard) + (0 if phase == MONSTER else 1)
    if phase == SETUP:
        expected = 1
    if "round" not in pos:
        return expected
    rnd = as_int(pos["round"], "round", 1)
    ok = (expected - 1 <= rnd <= expected) if phase == OVER else rnd == expected
    if not ok:
        raise PositionError(
            "round",
            f"one card is turned over per round: with chapter {chapter}, {len(discard)} card(s) in the discard pile "
            f"and phase {phase!r} the round is {expected}, not {rnd}",
        )
    return rnd


def _phase_parts_present(pos: dict[str, Any], phase: str, figures: list[Figure]) -> None:
    """``moved`` only in phase players; each phase part given only in its phase (``ending`` required)."""
    if phase != PLAYERS:
        for f in figures:
            if f.moved:
                raise PositionError(
                    f"figures.{f.id}.moved", "can only be true during the players' part of a round (phase 'players')"
                )
    for key, needed in _PHASE_PARTS:
        value = pos.get(key)
        if phase == needed and value is None and key == "ending":
            raise PositionError(key, f"required when phase is {needed!r}")
        if phase != needed and value is not None:
            raise PositionError(key, f"must be null unless phase is {needed!r}")


def _placement(
    pos: dict[str, Any], players: tuple[str, ...], objects: _Objects, figures: list[Figure], chapter: int,
    discard: list[str], saved: list[str],
) -> Placement:  # fmt: skip
    """Phase setup: what is still to place with dmaufbau, and who places next (ff-dmaufbau-plaatsen)."""
    if chapter != 1 or discard or saved:
        raise PositionError("phase", "the board is built before the first round of chapter 1")
    for f in figures:
        if f.at != POOL or f.showing != f.front:
            raise PositionError(
                f"figures.{f.id}", "while the board is built all figures wait in the pool, coloured side up (ff-startvoorraad)"
            )
    stones, shapes = objects.stones, objects.shapes
    default_pl = {
        "stones": 11 - len(stones),
        "pool4": 0 if "pool4" in shapes else 1,
        "pool2": 0 if "pool2" in shapes else 1,
    }
    pl = as_object(
        pos.get("placement") or default_pl, "placement", ("player", "stones", "pool4", "pool2"), ("stones", "pool4", "pool2")
    )
    placement = Placement(
        stones=as_int(pl["stones"], "placement.stones", 0, 11),
        pool4=as_int(pl["pool4"], "placement.pool4", 0, 1),
        pool2=as_int(pl["pool2"], "placement.pool2", 0, 1),
    )
    if placement.remaining == 0:
        raise PositionError("placement", "nothing left to place; the game would have started")
    if len(stones) != 11 - placement.stones:
        raise PositionError(
            "stones",
            f"placement.stones says {placement.stones} stones are still to place, so {11 - placement.stones} lie on "
            f"the board, not {len(stones)}",
        )
    for kind in ("pool4", "pool2"):
        if (getattr(placement, kind) == 0) != (kind in shapes):
            raise PositionError("blood", f"placement.{kind} does not match the blood pools on the board")
    placer = players[placement.placed % len(players)]
    if pl.get("player", placer) != placer:
        raise PositionError(
            "placement.player",
            f"objects are placed in turn from the start player: it is {placer}'s turn, not {pl.get('player')!r}",
        )
    return placement


def _monster_turn(pos: dict[str, Any], discard: list[str], figure_count: int) -> MonsterTurn:
    """Phase monster: the card it walks (the last one turned over), steps taken, figures caught."""
    mt = as_object(
        pos.get("monster_turn") or {"card": discard[-1], "steps": 0}, "monster_turn", ("card", "steps", "caught"),
        ("card", "steps"),
    )  # fmt: skip
    card = _card(mt["card"], "monster_turn.card")
    if card != discard[-1]:
        raise PositionError("monster_turn.card", f"the monster walks the card turned over last ({discard[-1]}), not {card}")
    limit = MAX_HIT_STEPS if card in HIT_CARDS else int(card)
    steps = as_int(mt["steps"], "monster_turn.steps", 0, limit - 1)
    caught = as_int(mt.get("caught", 0), "monster_turn.caught", 0, figure_count)
    if card in HIT_CARDS and caught >= HIT_CARDS[card]:
        raise PositionError(
            "monster_turn.caught", f"with card {card} the monster stops after {HIT_CARDS[card]} catch(es) (ff-monster-treffers)"
        )
    return MonsterTurn(card=card, steps=steps, caught=caught)


def _ending(pos: dict[str, Any]) -> str:
    ending = pos["ending"]
    if ending not in ENDINGS:
        raise PositionError("ending", f"must be one of {', '.join(ENDINGS)}, not {ending!r}")
    return str(ending)


def _turn(pos: dict[str, Any], state: State) -> State:
    """Phase players: the turns taken this round and who is to move (ff-beurtvolgorde, ff-eerste-ronde)."""
    players = state.players
    t = as_object(pos.get("turn") or {}, "turn", ("player", "turns_taken"))
    raw_taken = t.get("turns_taken")
    taken: list[int] = []
    for p in players:
        moved_count = sum(1 for f in state.figures if f.owner == p and f.moved)
        if raw_taken is None:
            taken.append(moved_count)
            continue
        tt = as_object(raw_taken, "turn.turns_taken", players, players)
        n = as_int(tt[p], f"turn.turns_taken.{p}", 0, state.figures_per_player)
        saved_here = state.saved_count(p)
        if not moved_count <= n <= moved_count + saved_here:
            raise PositionError(
                f"turn.turns_taken.{p}",
                f"{p} has {moved_count} moved figure(s) on the board or in the pool and {saved_here} saved, so cannot "
                f"have taken {n} turns this round",
            )
        if state.first_round and n > 2:
            raise PositionError(f"turn.turns_taken.{p}", "in the first round each player takes two turns (ff-eerste-ronde)")
        taken.append(n)
    state = replace(state, turns=tuple(taken))
    mover = state.player_to_move()
    if mover is None:
        raise PositionError(
            "turn", "no figure is left to move this round; the players' part is over (the phase would be 'card')"
        )
    if t.get("player", mover) != mover:
        raise PositionError(
            "turn.player",
            f"it is {mover}'s turn (round robin from the start player, ff-beurtvolgorde), not {t.get('player')!r}",
        )
    return state


def _check_consistency(state: State) -> None:
    """The end rung, an empty board in chapter 2 and the ending must agree with the phase."""
    if state.phase != OVER:
        if state.end_rung() and state.phase != PLAYERS:
            raise PositionError(
                "saved",
                "the end has been rung (ff-einde-ingeluid): the game ends when the players' part of this round is "
                "over, so the phase must be 'players' or 'over'",
            )
        if state.chapter == 2 and not state.figures_in_play():
            raise PositionError(
                "figures",
                "in chapter 2 the game is over when no figure is on the board or in the pool (ff-einde-bord-leeg)",
            )
        return
    if state.ending == "ff-einde-kampioenschap" and not state.end_rung():
        raise PositionError("ending", "ff-einde-kampioenschap needs a player who saved all figures but one")
    if state.ending == "ff-einde-bord-leeg" and (state.chapter != 2 or state.figures_in_play()):
        raise PositionError("ending", "ff-einde-bord-leeg needs chapter 2 and no figure on the board or in the pool")
    if state.ending == "ff-einde-kaarten-op" and (state.chapter != 2 or len(state.discard) != CARDS_PER_CHAPTER):
        raise PositionError("ending", "ff-einde-kaarten-op needs chapter 2 with 7 cards turned over")


# -- state_from_position ----------------------------------------------------------------------------


def state_from_position(position: Any) -> State:
    pos = _top(position)
    players = _players(pos)
    phase = _phase(pos)
    chapter = as_int(pos.get("chapter", 1), "chapter", 1, 2)
    monster, facing = _monster(pos)
    objects = _objects(pos, monster)
    raw_figs = _figure_keys(pos["figures"], players)
    figures = _figures(raw_figs, players, chapter, monster, objects.stones)
    saved = _saved(pos, raw_figs, players, figures)
    deck, discard = _cards(pos, chapter, phase)
    rnd = _round(pos, chapter, phase, discard)
    _phase_parts_present(pos, phase, figures)
    state = State(
        players=players,
        phase=phase,
        chapter=chapter,
        round=rnd,
        monster=monster,
        facing=facing,
        stones=frozenset(objects.stones),
        blood=frozenset(objects.blood),
        figures=tuple(figures),
        saved=tuple(saved),
        deck=sort_cards(deck),
        discard=tuple(discard),
    )
    if phase == SETUP:
        state = replace(state, placement=_placement(pos, players, objects, figures, chapter, discard, saved))
    elif phase == MONSTER:
        state = replace(state, monster_turn=_monster_turn(pos, discard, len(figures)))
    elif phase == OVER:
        state = replace(state, ending=_ending(pos))
    elif phase == PLAYERS:
        state = _turn(pos, state)
    _check_consistency(state)
    return state
