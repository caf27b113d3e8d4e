"""The Finstere Flure engine object (see the package docstring for actions and positions)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from simulator.core.engine import Event, IllegalAction, Outcome, PositionError

from . import flow, moves, placement, position
from .board import DEFAULT_BLOOD, DEFAULT_STONES, EXIT, fmt
from .monster import monster_step
from .state import (
    CARD,
    CARD_KINDS,
    COLOUR_NL,
    COLOURS,
    HIT_CARDS,
    MONSTER,
    OUT,
    OVER,
    PLAYERS,
    POOL,
    SAVED,
    SETUP,
    Placement,
    State,
    figure_ids,
    figure_name,
    initial_figures,
)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class FinstereFlureEngine:
    slug = "finstere-flure"
    language = "nl"

    # -- setup ---------------------------------------------------------------------------------------

    def setup_schema(self) -> dict[str, Any]:
        return {
            "players": {"min": 2, "max": 7, "default": 4},
            "dmaufbau": {"type": "bool", "default": False, "clause": "ff-dmaufbau-plaatsen"},
            "seed": {"type": "int", "optional": True, "note": "ignored by the engine; for drivers"},
        }

    def initial_state(self, setup: dict[str, Any]) -> State:
        if not isinstance(setup, dict):
            raise PositionError("setup", "must be an object")
        for key in setup:
            if key not in ("players", "dmaufbau", "seed"):
                raise PositionError(str(key), "unknown setup option; expected players, dmaufbau, seed")
        n = setup.get("players", 4)
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 7:
            raise PositionError("players", f"must be an integer from 2 to 7, not {n!r}")
        dm = setup.get("dmaufbau", False)
        if not isinstance(dm, bool):
            raise PositionError("dmaufbau", f"must be true or false, not {dm!r}")
        seed = setup.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise PositionError("seed", f"must be an integer, not {seed!r}")
        players = COLOURS[:n]
        base = State(
            players=players,
            phase=SETUP if dm else PLAYERS,
            chapter=1,
            round=1,
            monster=EXIT,  # ff-monster-beginpositie
            facing="R",
            stones=frozenset() if dm else DEFAULT_STONES,  # ff-standaardopstelling
            blood=frozenset() if dm else DEFAULT_BLOOD,
            figures=initial_figures(players),  # ff-startvoorraad
            turns=None if dm else (0,) * n,
            placement=Placement() if dm else None,
        )
        return base

    def state_from_position(self, pos: dict[str, Any]) -> State:
        return position.state_from_position(pos)

    def position_of(self, state: State) -> dict[str, Any]:
        return position.position_of(state)

    # -- who acts, what is legal ----------------------------------------------------------------------

    def current_actor(self, state: State) -> str:
        if state.phase == SETUP:
            return state.placer() or ""
        if state.phase == PLAYERS:
            return state.player_to_move() or ""
        if state.phase == CARD:
            return "chance"
        if state.phase == MONSTER:
            return "monster"
        return ""

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> dict[str, Any] | None:
        return flow.result(state)

    def chance_outcomes(self, state: State) -> list[Outcome]:
        if state.phase != CARD:
            return []
        return [Outcome(f"card:{c}", p) for c, p in flow.card_outcomes(state).items()]

    def legal_actions(self, state: State) -> list[str]:
        if state.phase == SETUP:
            return placement.legal_placements(state)
        if state.phase == PLAYERS:
            mover = state.player_to_move()
            out: list[str] = []
            for fig in state.figures:
                if fig.owner == mover and fig.in_play and not fig.moved:
                    out += moves.enumerate_moves(state, fig)
            return out
        if state.phase == CARD:
            return [o.action for o in self.chance_outcomes(state)]
        if state.phase == MONSTER:
            return ["monster"]
        return []

    # -- transitions ----------------------------------------------------------------------------------

    def apply(self, state: State, action: str) -> tuple[State, list[Event]]:
        if not isinstance(action, str):
            raise IllegalAction(repr(action), "Een actie is een tekst.", "ff-ronde")
        if state.phase == OVER:
            raise IllegalAction(action, "Het spel is afgelopen.", state.ending)
        if state.phase == SETUP:
            if not action.startswith("place:"):
                raise IllegalAction(action, "Eerst bouwen de spelers om beurten het bord op (place:...).",
                                    "ff-dmaufbau-plaatsen")
            try:
                return placement.apply_placement(state, action)
            except placement.PlacementError as e:
                raise IllegalAction(action, e.reason, e.clause) from None
        if state.phase == PLAYERS:
            return self._apply_move(state, action)
        if state.phase == CARD:
            return self._apply_card(state, action)
        return self._apply_monster(state, action)

    def _apply_move(self, state: State, action: str) -> tuple[State, list[Event]]:
        parts = action.split(":")
        if len(parts) != 3 or parts[0] != "move":
            if parts[0] in ("card", "monster"):
                raise IllegalAction(action, "Eerst verplaatsen de spelers hun figuren; daarna loopt het monster.",
                                    "ff-ronde")
            raise IllegalAction(action, "Verwacht move:<figuur>:<pad>, bijvoorbeeld move:red1:EUL.",
                                "ff-een-figuur-per-beurt")
        fid, path = parts[1], parts[2]
        if fid not in figure_ids(state.players):
            raise IllegalAction(action, f"Onbekende figuur {fid!r}.", "ff-een-figuur-per-beurt")
        fig = state.figure(fid)
        name = figure_name(fid)
        mover = state.player_to_move()
        if fig.at == SAVED:
            raise IllegalAction(action, f"{_cap(name)} is al gered en doet niet meer mee.", "ff-uitgang-verlaten")
        if fig.at == OUT:
            raise IllegalAction(action, f"{_cap(name)} is in hoofdstuk 2 gepakt en voorgoed verloren.",
                                "ff-gepakt-hoofdstuk-2")
        if fig.moved:
            raise IllegalAction(action, f"{_cap(name)} heeft deze ronde al gelopen.", "ff-eens-per-ronde")
        if fig.owner != mover:
            owner_index = state.players.index(fig.owner)
            if state.first_round and state.turns[owner_index] >= 2:
                raise IllegalAction(action, f"{_cap(COLOUR_NL[fig.owner])} heeft in de eerste ronde al twee "
                                            "figuren verplaatst.", "ff-eerste-ronde")
            raise IllegalAction(action, f"{_cap(COLOUR_NL[mover])} is aan de beurt, niet "
                                        f"{COLOUR_NL[fig.owner]}.", "ff-beurtvolgorde")
        raw: list = []
        try:
            end, stones = moves.simulate(state, fig, path, raw)
        except moves.MoveError as e:
            raise IllegalAction(action, _cap(e.reason), e.clause) from None
        origin = "de startvoorraad" if fig.at == POOL else fmt(fig.at)
        events: list[Event] = []
        if not path:
            events.append(Event("ff-eens-per-ronde",
                                f"{_cap(name)} blijft {'in' if fig.at == POOL else 'op'} {origin} staan (0 stappen); "
                                "ook dat telt als haar beurt.",
                                {"figure": fid, "steps": 0}))
        else:
            dest = "buiten" if end == SAVED else fmt(end)
            steps = "stap" if len(path) == 1 else "stappen"
            events.append(Event("ff-stappen-waarde",
                                f"{_cap(name)} loopt {len(path)} {steps} (van de {fig.showing}) van {origin} "
                                f"naar {dest}.", {"figure": fid, "path": path, "steps": len(path)}))
        events += [Event(c, _cap(t), d) for c, t, d in raw]
        turns = list(state.turns)
        turns[state.players.index(mover)] += 1
        was_rung = state.end_rung()
        if end == SAVED:
            lapsed = fig.showing - len(path)
            text = f"{_cap(name)} stapt door de uitgang naar buiten en is gered."
            if lapsed == 1:
                text += " Het overige punt vervalt."
            elif lapsed:
                text += f" De overige {lapsed} punten vervallen."
            events.append(Event("ff-uitgang-verlaten", text, {"figure": fid, "lapsed": lapsed}))
            new_fig = replace(fig, at=SAVED, showing=fig.front, moved=False)
            new = replace(state, stones=stones, saved=state.saved + (fid,), turns=tuple(turns))
        else:
            flipped = 7 - fig.showing
            events.append(Event("ff-omdraaien", f"{_cap(name)} wordt omgedraaid en toont nu {flipped}.",
                                {"figure": fid, "showing": flipped}))
            new_fig = replace(fig, at=end, showing=flipped, moved=True)
            new = replace(state, stones=stones, turns=tuple(turns))
        new = new.with_figure(new_fig)
        if not was_rung and new.end_rung():
            n = new.saved_count(mover)
            events.append(Event("ff-einde-ingeluid",
                                f"{_cap(COLOUR_NL[mover])} heeft {n} figuren gered: het einde van het spel is "
                                "ingeluid; deze ronde wordt nog uitgespeeld.", {"player": mover, "saved": n}))
        new = flow.after_player_turn(new, events)
        if new.phase == PLAYERS:
            nxt = new.player_to_move()
            events.append(Event("ff-beurtvolgorde", f"{_cap(COLOUR_NL[nxt])} is aan de beurt.", {"player": nxt}))
        return new, events

    def _apply_card(self, state: State, action: str) -> tuple[State, list[Event]]:
        if not action.startswith("card:"):
            raise IllegalAction(action, "Nu wordt er een monsterkaart omgedraaid (card:...).", "ff-monster-kaart-trekken")
        card = action[len("card:"):]
        if card not in CARD_KINDS:
            raise IllegalAction(action, f"Onbekende monsterkaart {card!r}.", "ff-monster-kaart-trekken")
        if card not in state.deck:
            raise IllegalAction(action, f"Kaart {card} ligt niet meer in de stapel.", "ff-monster-kaart-trekken")
        if flow.first_card(state) and card in HIT_CARDS:
            raise IllegalAction(action, "De eerste monsterkaart van het spel is nooit X of XX.", "ff-eerste-kaart")
        events: list[Event] = []
        return flow.draw_card(state, card, events), events

    def _apply_monster(self, state: State, action: str) -> tuple[State, list[Event]]:
        if action != "monster":
            raise IllegalAction(action, "Het monster is aan de beurt; de enige actie is 'monster' (één stap).",
                                "ff-monster-kijkt")
        new, events, turn_over = monster_step(state)
        ended = flow.check_board_empty(new, events)
        if ended is not None:
            return ended, events
        if turn_over:
            new = flow.end_monster_turn(new, events)
        return new, events
