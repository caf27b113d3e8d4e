"""JSON positions: ``position_of(state)`` and the validating ``state_from_position(position)``.

The format is declared in :data:`FORMAT` (its ``reference()`` is served on the API page). Every
problem is reported as ``PositionError(dotted.field, reason)``: the format's kinds, ranges and keys
first, then the rules that tie fields together, in the order of the parts below (players, monster,
objects, figures, saved, cards, round, phase parts, turn, consistency), so a position with several
problems reports the first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from rules.core.engine import PositionError
from rules.core.positions import as_int, sub
from rules.core.schema import Bool, Check, Choice, Either, Int, ListOf, MapOf, Obj, Tuple, need, only_keys, opt

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

_PHASE_PARTS = (("turn", PLAYERS), ("monster_turn", MONSTER), ("placement", SETUP), ("ending", OVER))
ALL_IDS = tuple(f"{c}{v}" for c in COLOURS for v in front_values(2))  # every colour, up to 4 figures


def _on_board(value: list[int], field: str) -> Square:
    sq = (value[0], value[1])
    if not grid_position(sq):
        raise PositionError(
            field, f"square {fmt(sq)} is outside the {WIDTH} x {HEIGHT} grid (x 0-{WIDTH - 1}, y 0-{HEIGHT - 1})"
        )
    if not on_board(sq):
        raise PositionError(field, f"square {fmt(sq)} is not on the board (cut corner)")
    return sq


SQUARE = Check(Tuple(Int(), Int(), shown="a square [x, y]"), _on_board,
               f"a square [x, y] on the board (x 0-{WIDTH - 1}, y 0-{HEIGHT - 1}, the corners cut)")
MONSTER_CARD = Choice(CARD_KINDS, numbers=True, message="must be a monster card: 5, 7, 8, 10, X or XX")
FIGURE = Either(
    Choice((SAVED, OUT, POOL)),
    Obj({
        "at": need(Either(Choice((POOL,), message='must be a square [x, y] or "pool" (saved and out figures are '
                                 "written as the plain string)"), SQUARE, pick=lambda v: isinstance(v, list | tuple))),
        "showing": need(Int(1, 6), "the front value (coloured side) or 7 minus it (black side)"),
        "moved": opt(Bool(), "moved this round (phase players)", default=False),
    }),
)  # fmt: skip
FORMAT = Obj({
    "game": need(Choice((GAME,))),
    "version": opt(Choice((VERSION,)), default=VERSION),
    "players": need(ListOf(Choice(COLOURS), 2, 7, unique="a colour is listed twice", noun="players"),
                    "in turn order from the start player"),
    "phase": need(Choice(PHASES)),
    "chapter": opt(Int(1, 2), default=1),
    "round": opt(Int(1), "one card is turned over per round", default_doc="from chapter, discard pile and phase"),
    "monster": need(Obj({"at": need(SQUARE), "facing": need(Choice(("U", "D", "L", "R")))})),
    "stones": opt(ListOf(SQUARE, 0, 11, noun="stone blocks"), default=list),
    "blood": opt(ListOf(SQUARE), "the squares of the blood pools (1 x 4, 2 x 2)", default=list),
    "figures": need(MapOf(ALL_IDS, FIGURE, "every figure id of the players (`red1` ...)",
                          unknown="unknown figure; figure ids are <colour><front value> of the players, e.g. red1"),
                    '`"saved"`, `"out"`, `"pool"` or an object'),
    "saved": opt(ListOf(Choice(ALL_IDS, message="unknown figure")), "in the order they were saved", default=list),
    "deck": opt(ListOf(MONSTER_CARD), default_doc="the eight cards minus the discard pile"),
    "discard": opt(ListOf(MONSTER_CARD), "the cards turned over this chapter, first first", default=list),
    "turn": opt(Obj({"player": opt(Choice(COLOURS)),
                     "turns_taken": opt(MapOf(COLOURS, Int(0), "a player's colour"))}),
                "phase players", null_is_absent=True),
    "monster_turn": opt(Obj({"card": need(MONSTER_CARD), "steps": need(Int(0)), "caught": opt(Int(0), default=0)}),
                        "phase monster", null_is_absent=True),
    "placement": opt(Obj({"player": opt(Choice(COLOURS)), "stones": need(Int(0, 11)), "pool4": need(Int(0, 1)),
                          "pool2": need(Int(0, 1))}), "phase setup: still to place", null_is_absent=True),
    "ending": opt(Choice(ENDINGS), "phase over", null_is_absent=True),
}, doc="`turn`, `monster_turn`, `placement` and `ending` are null outside their phase; in their phase the "
        "first three may be left out (derived), `ending` is required.", root="")  # fmt: skip


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
    return FORMAT.encode({
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
    })


# -- the parts of a position ------------------------------------------------------------------------


def _squares(squares: list[Square], field: str) -> list[Square]:
    for i, sq in enumerate(squares):
        if sq in squares[:i]:
            raise PositionError(sub(field, i), f"square {fmt(sq)} is listed twice")
    return squares


def _players(pos: dict[str, Any]) -> tuple[str, ...]:
    """The players, and the figures of exactly these players (ff-figuren)."""
    players = tuple(pos["players"])
    ids = figure_ids(players)
    for key in pos["figures"]:
        if key not in ids:
            colour = key.rstrip("0123456789")
            if colour in players:
                values = ", ".join(str(v) for v in front_values(len(players)))
                raise PositionError(
                    sub("figures", key), f"with {len(players)} players each player has the figures {values} only (ff-figuren)"
                )
            raise PositionError(
                sub("figures", key), "unknown figure; figure ids are <colour><front value> of the players, e.g. red1"
            )
    return players


@dataclass(frozen=True)
class _Objects:
    stones: list[Square]
    blood: list[Square]
    shapes: list[str]  # the blood pools on the board: "pool4", "pool2"


def _objects(pos: dict[str, Any], monster: Square) -> _Objects:
    """Stones and blood pools (ff-steenblokken, ff-bloedplassen)."""
    stones = _squares(pos["stones"], "stones")
    for i, sq in enumerate(stones):
        if sq == monster:
            raise PositionError(sub("stones", i), f"the monster stands on {fmt(sq)}")
        if sq in (START, EXIT):
            where = "start" if sq == START else "exit"
            raise PositionError(
                sub("stones", i), f"a stone on the {where} square {fmt(sq)} is removed at once (ff-steen-op-start-of-doel)"
            )
    blood = _squares(pos["blood"], "blood")
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
            raw = {"at": POOL, "showing": front, "moved": False}
        showing, moved = raw["showing"], raw["moved"]
        if showing not in (front, 7 - front):
            raise PositionError(
                sub(field, "showing"),
                f"figure {fid} shows {front} (coloured side) or {7 - front} (black side), not {showing}",
            )
        at: Square | str = raw["at"]
        if isinstance(at, tuple):
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
    for i, fid in enumerate(pos["saved"]):
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
    discard: list[str] = pos["discard"]
    if pos["deck"] is not None:
        deck: list[str] = pos["deck"]
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
    rnd: int | None = pos["round"]
    if rnd is None:
        return expected
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
        value = pos[key]
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
    pl = pos["placement"] or default_pl
    placement = Placement(stones=pl["stones"], pool4=pl["pool4"], pool2=pl["pool2"])
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
    if (pl.get("player") or placer) != placer:
        raise PositionError(
            "placement.player",
            f"objects are placed in turn from the start player: it is {placer}'s turn, not {pl.get('player')!r}",
        )
    return placement


def _monster_turn(pos: dict[str, Any], discard: list[str], figure_count: int) -> MonsterTurn:
    """Phase monster: the card it walks (the last one turned over), steps taken, figures caught."""
    mt = pos["monster_turn"] or {"card": discard[-1], "steps": 0, "caught": 0}
    card = mt["card"]
    if card != discard[-1]:
        raise PositionError("monster_turn.card", f"the monster walks the card turned over last ({discard[-1]}), not {card}")
    limit = MAX_HIT_STEPS if card in HIT_CARDS else int(card)
    steps = as_int(mt["steps"], "monster_turn.steps", 0, limit - 1)
    caught = as_int(mt["caught"], "monster_turn.caught", 0, figure_count)
    if card in HIT_CARDS and caught >= HIT_CARDS[card]:
        raise PositionError(
            "monster_turn.caught", f"with card {card} the monster stops after {HIT_CARDS[card]} catch(es) (ff-monster-treffers)"
        )
    return MonsterTurn(card=card, steps=steps, caught=caught)


def _turn(pos: dict[str, Any], state: State) -> State:
    """Phase players: the turns taken this round and who is to move (ff-beurtvolgorde, ff-eerste-ronde)."""
    players = state.players
    t = pos["turn"] or {"player": None, "turns_taken": None}
    raw_taken = t["turns_taken"]
    taken: list[int] = []
    for p in players:
        moved_count = sum(1 for f in state.figures if f.owner == p and f.moved)
        if raw_taken is None:
            taken.append(moved_count)
            continue
        only_keys(raw_taken, "turn.turns_taken", players)
        if p not in raw_taken:
            raise PositionError(f"turn.turns_taken.{p}", "missing")
        n = as_int(raw_taken[p], f"turn.turns_taken.{p}", 0, state.figures_per_player)
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
    if (t["player"] or mover) != mover:
        raise PositionError(
            "turn.player",
            f"it is {mover}'s turn (round robin from the start player, ff-beurtvolgorde), not {t['player']!r}",
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
    pos = FORMAT.decode(position)
    players = _players(pos)
    phase, chapter = pos["phase"], pos["chapter"]
    monster, facing = pos["monster"]["at"], pos["monster"]["facing"]
    objects = _objects(pos, monster)
    raw_figs = pos["figures"]
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
        state = replace(state, ending=pos["ending"])
    elif phase == PLAYERS:
        state = _turn(pos, state)
    _check_consistency(state)
    return state
