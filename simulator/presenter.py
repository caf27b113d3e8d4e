"""Template contexts for boards: the simulator page, clause mini-boards and FAQ proofs.

The views and the ``{% scenario_board %}`` tag both build their contexts here (template tags
never import views). Everything game-specific comes from the game's ``GameSpec``: the engine
(events, reasons and results rendered in the reader's language through its catalogues) and the
view-model (board, action labels and groups).
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import markdown
from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules.core.chance import seeded_draw
from rules.core.engine import CHANCE, PositionError, decisive_event
from rules.core.registry import GameSpec, all_games
from rules.core.replay import ReplayError, advance
from rules.core.scenario_files import scenario_paths
from rules.core.scenario_texts import scenario_in
from rules.core.scenarios import Scenario, ScenarioError, load_scenario
from rules.core.setup import validate_setup
from rules.core.tapping import PickError
from rules.core.timeline import branch_encoder
from rules.core.view import Box

from .addressing import Address, log_query, looking_query, new_game_query, parse_zoom, query_for, then_edit_query
from .advice import advice_answer, advice_url
from .editing import position_json
from .markup import clause_cite
from .playing import AutoMove, TapView, automatic_run, computer_move, tap_context
from .scene import (
    Cited,
    ClauseRef,
    Clauses,
    Happened,
    Links,
    Scene,
    about_target,
    action_groups,
    actor_word,
    board_decider,
    clauses_for,
    draw_board,
    explain_tap,
    refusal_cited,
    result_of,
    turn_start,
)

MAX_ACTION_BUTTONS = 400
LOG_WINDOW = 20  # the step log lists this many steps before and after the current one


def ui_language() -> str:
    return (get_language() or "nl").split("-")[0]


def clause_index(game: Any, lang: str | None = None) -> dict[str, ClauseRef]:
    """The game's clauses by id, titled in the reader's language (for citations)."""
    return clauses_for(game, lang or ui_language()).refs


def shown_scenario(
    scenario: Scenario | None, lang: str, source_lang: str
) -> tuple[Scenario | None, str, Callable[[str | None], str | None]]:
    """(the scenario as ``lang`` readers see it, the language of its texts, a function from a frame's
    source caption to the shown one). Without texts in ``lang`` the scenario shows its own."""
    if scenario is None:
        return None, source_lang, lambda caption: caption
    shown = scenario_in(scenario, lang)
    if shown is scenario:
        return scenario, source_lang, lambda caption: caption
    mapping = {scenario.intro: shown.intro}
    mapping.update((a.caption, b.caption) for a, b in zip(scenario.steps, shown.steps, strict=True))
    return shown, lang, lambda caption: mapping.get(caption, caption) if caption is not None else None


def start_context(game: Any, spec: GameSpec) -> dict[str, Any]:
    """The simulator's start page: new-game options (labels from the engine), examples."""
    engine, lang = spec.engine, ui_language()
    scenarios = []
    for scenario_id in scenario_paths(game.slug):
        try:
            scenarios.append(scenario_in(load_scenario(game.slug, scenario_id), lang))
        except ScenarioError:
            continue  # checkrules reports broken scenarios; the page lists the good ones
    options = []
    for option in engine.setup_options():
        options.append(
            {
                **option.as_dict(),
                "label": engine.label(option.label, lang),
                "choices": [(c, engine.label(f"{option.label}.{c}", lang)) for c in option.choices],
            }
        )
    players = [("person", _("A person"))] + [(name, bot_label(name)) for name in spec.bots]
    seats = [{"name": f"seat{i}", "number": i} for i in range(1, engine.info.max_seats + 1)]
    seat_option, seat_counts = seats_by_option(engine)
    return {
        "game": game,
        "options": options,
        "ask_seed": engine.info.chance,
        "scenarios": scenarios,
        "error": None,
        "seats": seats,
        "players": players,
        "teams": engine.info.teams,
        "editor": spec.editor is not None,
        "pasted": "",
        # The option that sets the number of seats and the seats each of its values gives: the form
        # shows only as many seat rows as there are seats (static/js/site.js).
        "seat_option": seat_option,
        "seat_counts": json.dumps(seat_counts),
        "default_seats": seat_counts.get(str(next((o["default"] for o in options if o["name"] == seat_option), "")), len(seats)),
    }


def seats_by_option(engine: Any) -> tuple[str, dict[str, int]]:
    """The setup option that sets the number of seats, and the number of seats of each of its
    values ("", {} when no option does)."""
    default = validate_setup(engine, {})
    for option in engine.setup_options():
        if option.kind != "int" or option.min is None or option.max is None or option.max - option.min > 20:
            continue
        counts: dict[str, int] = {}
        for value in range(option.min, option.max + 1):
            try:
                counts[str(value)] = len(engine.seats(engine.initial_state(validate_setup(engine, {**default, option.name: value}))))
            except PositionError:
                continue
        if len(set(counts.values())) > 1:
            return option.name, counts
    return "", {}


def bot_label(name: str) -> str:
    labels = {
        "random": _("Computer (plays at random)"),
        "sensible": _("Computer (strong)"),  # the strong player's earlier name (Finstere Flure)
        "beginner": _("Computer (beginner)"),
        "strong": _("Computer (strong)"),
    }
    return labels.get(name, _("Computer (%(name)s)") % {"name": name})


def run_events(engine: Any, timeline: Any, step: int) -> list[Any]:
    """The events the board draws for ``step``: its own, and when it is a step of an automatic
    actor's turn (the monster), those of the whole run so far (the chance draw that started it and
    every step since), so the board shows the whole turn's trail."""
    frames = timeline.frames
    frame = frames[step]
    if frame.refused is not None or step == 0:
        return list(frame.events)

    def acted_by_rules(index: int) -> bool:
        actor = engine.current_actor(frames[index - 1].state)
        return actor == CHANCE or actor in engine.info.automatic_actors

    if not acted_by_rules(step) or engine.current_actor(frames[step - 1].state) == CHANCE:
        return list(frame.events)
    first = step
    while first > 1 and frames[first - 1].refused is None and acted_by_rules(first - 1):
        first -= 1
    return [e for f in frames[first : step + 1] for e in f.events]


def caption_clause_of(engine: Any, frame: Any, scenario: Any, clauses: Clauses) -> ClauseRef | None:
    """The clause a step's caption cites: the refusal's; else the clauses the scenario step is about;
    else an event citing one of the scenario's clauses; else the first event that is not routine
    (looking around); else the first event; else the scenario's main clause."""
    if frame.refused is not None:
        return clauses.get(frame.refused.clause)
    for cid in frame.clauses:
        if clauses.get(cid):
            return clauses.get(cid)
    cited = [e.clause for e in frame.events]
    if scenario is not None:
        for cid in cited:
            if cid in scenario.clauses and clauses.get(cid):
                return clauses.get(cid)
    for cid in cited:
        if cid not in engine.routine_clauses and clauses.get(cid):
            return clauses.get(cid)
    if cited:
        return clauses.get(cited[0])
    if scenario is not None and frame.index == 0:
        return clauses.get(scenario.clauses[0])
    return None


class SimulatorLinks(Links):
    """The simulator page: a move opens its branched log ("what if?"), a tap in progress the same
    step with a longer ``&pick=``; every answer replaces ``#sim`` and changes the address."""

    hx_target = "sim"
    push = True
    board_links = True

    def __init__(self, sim_url: str, timeline: Any, step: int):
        self.sim_url, self.timeline, self.at = sim_url, timeline, step
        self._branch = branch_encoder(timeline.log_until(step))
        self._branches: dict[tuple[str, ...], str] = {}

    def step(self, step: int) -> str:
        return f"{self.sim_url}?{query_for(self.timeline, step)}"

    def play(self, *actions: str) -> str:
        """The URL of "play these actions here" (a board piece and its move share one)."""
        if actions not in self._branches:
            self._branches[actions] = f"{self.sim_url}?{log_query(self._branch(*actions))}"
        return self._branches[actions]

    def pick(self, pick: Sequence[str], zoom: Box | None = None) -> str:
        query, base = looking_query(pick, zoom), self.step(self.at)
        return f"{base}&{query}" if query else base

    def why(self, pick: Sequence[str], target: str) -> str:
        return f"{self.step(self.at)}&{looking_query(pick, why=target)}"


class DemoLinks(SimulatorLinks):
    """A mini-board under a clause or an FAQ answer: its step controls replace the mini-board;
    its pieces are no links."""

    push = False
    board_links = False
    hx_swap = "innerHTML"  # the mini-board fills its demo container (as its step controls do)

    def __init__(self, sim_url: str, timeline: Any, step: int, demo_id: str):
        super().__init__(sim_url, timeline, step)
        self.hx_target = demo_id


class StepTexts:
    """A step's label, refusal and event texts in one language, made once per timeline and
    language (kept in the timeline's memo: the step log and "what happened" share them)."""

    def __init__(self, spec: GameSpec, timeline: Any, clauses: Clauses, lang: str):
        self.engine, self.view, self.timeline, self.clauses, self.lang = spec.engine, spec.view, timeline, clauses, lang

    def of(self, f: Any) -> tuple[str, str, tuple[str, ...]]:
        """(the action's label, the refusal's reason or "", the events' sentences) of frame ``f``."""
        key = ("log-row", self.lang, f.index)
        texts: tuple[str, str, tuple[str, ...]] | None = self.timeline.memo.get(key)
        if texts is None:
            engine, lang = self.engine, self.lang
            before = self.timeline.frames[f.index - 1].state
            texts = (
                self.view.action_label(engine, before, f.action, after=None if f.refused else f.state, lang=lang),
                engine.reason(f.refused, lang) if f.refused else "",
                tuple(engine.describe(e, lang) for e in f.events),
            )
            self.timeline.memo[key] = texts
        return texts

    def events(self, f: Any) -> list[Cited]:
        reading = self.engine.reading
        return [
            self.clauses.cited(text, e.clause, reading(e.key), e.decisive)
            for e, text in zip(f.events, self.of(f)[2], strict=True)
        ]

    def refusal(self, f: Any) -> Cited | None:
        if not f.refused:
            return None
        return self.clauses.cited(self.of(f)[1], f.refused.clause, self.engine.reading(f.refused.key))


def board_context(
    game: Any,
    spec: GameSpec,
    address: Address,
    sim_url: str,
    pick: tuple[str, ...] = (),
    *,
    playable_board: bool = True,
    zoom: str | None = None,
    why: str = "",
    demo_id: str = "",
    advice: bool = False,
) -> dict[str, Any]:
    """The scene of a timeline's step and the page around it. ``playable_board``: the board's pieces
    are links (the simulator page); False for mini-boards under clauses and FAQ answers, which only
    step through their example (and get no step log, moves or computer's move: those are not built
    for them). ``advice``: answer "what would a good player do?" (simulator.advice)."""
    lang = ui_language()
    timeline, step, frame = address.timeline, address.step, address.frame
    clauses = clauses_for(game, lang)
    links = SimulatorLinks(sim_url, timeline, step) if playable_board else DemoLinks(sim_url, timeline, step, demo_id)
    if (pick or zoom or why) and not playable_board:
        raise PickError("this board cannot be tapped")
    texts = StepTexts(spec, timeline, clauses, lang)
    # A scenario's sentences in the reader's language where they are translated (scenario_texts),
    # else in the rulebook's; an event's always in the reader's.
    scenario, scenario_lang, shown_caption = shown_scenario(timeline.scenario, lang, game.language)
    caption = step_caption(frame, shown_caption, scenario_lang, lang)
    scene, index, position = _step_scene(
        spec, address, links, clauses, texts, caption, pick, zoom=zoom, why=why, playable_board=playable_board,
        sim_url=sim_url, lang=lang,
    )
    urls = scene.urls
    return {
        "game": game,
        "scene": scene,
        "stylesheet": spec.stylesheet_path,
        "timeline": timeline,
        "scenario": scenario,
        "scenario_lang": scenario_lang,
        "step": step,
        "last": timeline.last,
        "frame": frame,
        "demo_id": demo_id,
        "start_caption": shown_caption(timeline.frames[0].caption) or "",
        **step_log(address, texts, shown_caption, links, playable_board),
        "urls": urls,
        "position_json": position_json(position) if position is not None else "",
        "advice_url": advice_url(spec, address, links.step(step) or "") if playable_board else None,
        "advice": advice_answer(spec, address, links.play, clauses, index, lang) if advice and playable_board else None,
        "advice_asked": advice and playable_board,
    }


def _step_scene(
    spec: GameSpec,
    address: Address,
    links: SimulatorLinks,
    clauses: Clauses,
    texts: StepTexts,
    caption: tuple[str | None, str],
    pick: tuple[str, ...],
    *,
    zoom: str | None,
    why: str,
    playable_board: bool,
    sim_url: str,
    lang: str,
) -> tuple[Scene, int, dict[str, Any] | None]:
    """The scene of the step ``address`` points at: its board and what can be tapped on it, its caption,
    what happened, the result, the offers and actions; with the step's index in the actions and the
    position (None for a mini-board)."""
    engine, view, timeline, step, frame = spec.engine, spec.view, address.timeline, address.step, address.frame
    state = frame.state
    over = engine.is_over(state)
    legal = [] if over or not playable_board else engine.legal_actions(state)
    previous = timeline.frames[step - 1].state if step > 0 and frame.refused is None else None
    board = view.board_view(engine, state, previous=previous, events=run_events(engine, timeline, step), lang=lang)
    index = len(timeline.actions_until(step))
    moving = playable_board and not over and frame.refused is None
    about = about_target(spec, state, turn_events(engine, address))
    auto, taps, drawn = interactive_board(
        spec, address, board, links, legal, pick, zoom, index=index, moving=moving, lang=lang, about=about
    )
    offers = playable_board and auto is None and not over
    position = engine.position_of(state) if playable_board else None
    urls = page_urls(spec, address, links, sim_url, position, again=over and playable_board, playable=playable_board)
    scene = Scene(
        lang=lang,
        engine=engine,
        state=state,
        board=board,
        drawn=drawn,
        links=links,
        caption=caption[0] if caption[0] is not None else event_caption(engine, frame, lang),
        caption_lang=caption[1],
        caption_cite=clause_cite(caption_clause_of(engine, frame, timeline.scenario, clauses)),
        caption_is_event=caption[0] is None,
        refused=refusal_cited(engine, frame.refused, clauses, lang),
        happened=what_happened(engine, address, texts, links),
        result=result_of(engine, state, clauses, lang),
        why=why_answer(spec, state, board, pick, why, clauses, lang) if why else None,
        taps=taps,
        auto=auto,
        seeded=seeded_offer(spec, state, links, log_seed=timeline.log.seed, index=index, lang=lang) if offers else None,
        run=automatic_offer(spec, state, links, index) if offers and frame.refused is None else None,
        chance_decides=auto is not None and auto.who == "chance",
        action_groups=action_groups(view, engine, state, legal, links.play, lang, MAX_ACTION_BUTTONS),
        actions_count=len(legal),
        actions_truncated=len(legal) > MAX_ACTION_BUTTONS,
        urls=urls,
    )
    return scene, index, position


def interactive_board(
    spec: GameSpec,
    address: Address,
    board: Any,
    links: SimulatorLinks,
    legal: Sequence[str],
    pick: tuple[str, ...],
    zoom: str | None,
    *,
    index: int,
    moving: bool,
    lang: str,
    about: str = "",
) -> tuple[AutoMove | None, TapView | None, Any]:
    """(the move that plays itself, the taps, the drawn board). ``moving``: the step may be played
    on (the simulator's latest state of a running game). What plays itself comes first: in a game
    against the computer nothing is offered to tap while it moves."""
    state = address.frame.state
    auto = auto_move(spec, address, links, index, lang) if moving else None
    taps = None
    if moving and auto is None:
        then = rules_turn_after(spec, state, index)
        taps = tap_context(spec, state, pick, board.targets, lang, links.pick, lambda a: links.play(*then(a)))
    elif pick:
        raise PickError("nothing can be tapped here")
    drawn = draw_board(
        board,
        board_decider(spec, state, taps, set(legal) if auto is None else set(), links, lang, about),
        links,
        lang,
        zoom=parse_zoom(zoom, board),
        zoom_url=(lambda area: links.pick(pick, area)) if links.board_links else None,
        ask_url=links.why(pick, "") if taps is not None else None,
    )
    return auto, taps, drawn


def rules_turn_after(spec: GameSpec, state: Any, index: int) -> Callable[[str], tuple[str, ...]]:
    """At a chance node whose outcome hands the turn to an automatic actor (a monster card, the
    tower's defence): the outcome and that actor's whole turn, played as one tap (the dispute is
    about what the card makes happen; every step stays in "what happened" with its own address).
    Elsewhere: the action alone."""
    engine = spec.engine
    if engine.current_actor(state) != CHANCE or not engine.info.automatic_actors:
        return lambda action: (action,)

    def actions(outcome: str) -> tuple[str, ...]:
        try:
            after = advance(engine, state, outcome, index).after
        except ReplayError:  # not an outcome here: the page refuses it as it is
            return (outcome,)
        run = automatic_run(spec, after, index + 1)
        return (outcome, *run.actions) if run is not None else (outcome,)

    return actions


def step_caption(
    frame: Any, shown_caption: Callable[[str | None], str | None], scenario_lang: str, lang: str
) -> tuple[str | None, str]:
    """(the scenario's sentence for the step as shown, or None; the language it is in)."""
    caption = shown_caption(frame.caption)
    return caption, scenario_lang if caption is not None else lang


def event_caption(engine: Any, frame: Any, lang: str) -> str:
    """A step's caption without a scenario sentence (a mini-board's caption): its decisive event (what
    the page's verdict leads with), else its first event that is not routine, else its first event,
    else nothing."""
    chosen = decisive_event(frame.events)
    chosen = chosen or next((e for e in frame.events if e.clause not in engine.routine_clauses), None)
    chosen = chosen or (frame.events[0] if frame.events else None)
    return str(engine.describe(chosen, lang)) if chosen else ""


def auto_move(spec: GameSpec, address: Address, links: SimulatorLinks, index: int, lang: str) -> AutoMove | None:
    """The move that plays itself at the step: a computer's seat (and chance and automatic actors
    in a game against the computer); None when a person is to act."""
    timeline, state = address.timeline, address.frame.state
    move = computer_move(spec, state, timeline.log.bots or {}, timeline.log.seed, index)
    if move is None:
        return None
    move.url = links.play(*move.actions)
    move.label = spec.view.action_label(spec.engine, state, move.actions[0], lang=lang)
    move.live, move.delay_ms = address.step == timeline.last, settings.SIMULATOR_AUTOPLAY_MS
    return move


def why_answer(
    spec: GameSpec, state: Any, board: Any, pick: Sequence[str], why: str, clauses: Clauses, lang: str
) -> Any:
    """Why the board target ``why`` cannot be tapped now (PickError when it is no target)."""
    if why not in board.targets:
        raise PickError(f"'{why[:40]}' is not a target of this board", "why")
    return explain_tap(spec, state, pick, why, clauses, lang)


def turn_frames(engine: Any, address: Address) -> list[Any]:
    """The frames of the move or turn the step belongs to, up to the step (none at the start)."""
    timeline, step, frame = address.timeline, address.step, address.frame
    if step == 0:
        return []
    first = step if frame.refused is not None else turn_start(engine, lambda i: timeline.frames[i - 1].state, step)
    return list(timeline.frames[first : step + 1])


def turn_events(engine: Any, address: Address) -> list[Any]:
    return [e for f in turn_frames(engine, address) for e in f.events]


def what_happened(engine: Any, address: Address, texts: StepTexts, links: SimulatorLinks) -> list[Happened]:
    """Every action of the move or turn the step belongs to, with its events."""
    timeline = address.timeline
    seats = timeline.log.bots or {}
    happened = []
    for f in turn_frames(engine, address):
        before = timeline.frames[f.index - 1].state
        happened.append(
            Happened(
                index=f.index,
                who=actor_word(engine, engine.current_actor(before), seats),
                label=texts.of(f)[0],
                events=texts.events(f),
                refused=texts.refusal(f),
                current=f.index == address.step,
                url=links.step(f.index),
            )
        )
    return happened


def seeded_offer(
    spec: GameSpec, state: Any, links: SimulatorLinks, *, log_seed: int | None, index: int, lang: str
) -> dict[str, str] | None:
    """At a chance node: the outcome the log's seed draws, as a link (else None)."""
    engine = spec.engine
    if not engine.chance_outcomes(state):
        return None
    outcome = seeded_draw(engine, state, log_seed or 0, index)
    then = rules_turn_after(spec, state, index)
    return {"label": spec.view.action_label(engine, state, outcome, lang=lang), "url": links.play(*then(outcome))}


def automatic_offer(spec: GameSpec, state: Any, links: SimulatorLinks, index: int) -> dict[str, Any] | None:
    """An automatic actor's turn of more than one action, as one link ("all at once")."""
    if spec.engine.current_actor(state) not in spec.engine.info.automatic_actors:
        return None
    whole = automatic_run(spec, state, index)
    if whole is None or len(whole.actions) <= 1:
        return None
    return {"url": links.play(*whole.actions), "count": len(whole.actions)}


def page_urls(
    spec: GameSpec,
    address: Address,
    links: SimulatorLinks,
    sim_url: str,
    position: Any,
    *,
    again: bool,
    playable: bool,
) -> dict[str, str | None]:
    """The page's links: step controls, the editor, a new game, the same game again, printing."""
    timeline, step = address.timeline, address.step
    return {
        "first": links.step(0),
        "prev": links.step(step - 1) if step > 0 else None,
        "next": links.step(step + 1) if step < timeline.last else None,
        "last": links.step(timeline.last),
        "self": links.step(step),
        # The editor's address holds the position as a token: made when it is asked for, so a page
        # encodes its position once (the JSON box).
        "edit": f"{sim_url}?{then_edit_query(timeline, step)}" if spec.editor is not None and position is not None else None,
        "new": sim_url,
        "again": again_url(spec.engine, sim_url, timeline.log) if again else None,
        "print": f"{sim_url}print/?{query_for(timeline, step)}" if playable else None,
    }


def step_log(
    address: Address,
    texts: StepTexts,
    shown_caption: Callable[[str | None], str | None],
    links: SimulatorLinks,
    playable_board: bool,
) -> dict[str, Any]:
    """The step log around the step (none under a mini-board): its rows and its paging links."""
    last = address.timeline.last
    window = log_window(last, address.step) if playable_board else range(0)
    return {
        "log_rows": log_rows(address, window, texts, shown_caption, links),
        "log_window": {
            "first": window.start,
            "earlier_url": links.step(max(0, window.start - 1 - LOG_WINDOW)) if window.start > 0 else None,
            "later_url": links.step(min(last, window.stop + LOG_WINDOW)) if window.stop <= last else None,
        },
    }


def log_rows(
    address: Address,
    window: range,
    texts: StepTexts,
    shown_caption: Callable[[str | None], str | None],
    links: SimulatorLinks,
) -> list[dict[str, Any]]:
    """The step log's rows of the steps in ``window``."""
    rows = []
    for f in address.timeline.frames[max(1, window.start) : window.stop]:
        assert f.action is not None
        rows.append(
            {
                "index": f.index,
                "label": texts.of(f)[0],
                "caption": shown_caption(f.caption),
                "refused": texts.refusal(f),
                "events": texts.events(f),
                "url": links.step(f.index),
                "current": f.index == address.step,
            }
        )
    return rows


def again_url(engine: Any, sim_url: str, log: Any) -> str | None:
    """A new game with the same setup and the same computer seats (after a game that started from a
    setup); None for a position or a scenario."""
    if log.setup is None:
        return None
    return f"{sim_url}?{new_game_query(engine, log.setup, log.bots)}"


def log_window(last: int, step: int) -> range:
    """The steps the step log lists around ``step`` (of 0..``last``). Its "earlier" and "later"
    links open the step just beyond a whole window further, so every step stays reachable."""
    return range(max(0, step - LOG_WINDOW), min(last, step + LOG_WINDOW) + 1)


API_DOC = Path(__file__).resolve().parent.parent / "docs" / "API.md"


@lru_cache(maxsize=1)
def _api_doc_html() -> str:
    return str(markdown.markdown(API_DOC.read_text(encoding="utf-8"), extensions=["fenced_code", "tables", "toc"]))


def api_docs_context() -> dict[str, Any]:
    """The API reference, and per game its package docstring (actions) and the reference of its
    declared position format (``GameSpec.position_format``), rendered from the declaration."""
    references = []
    for spec in all_games():
        package = sys.modules.get(type(spec.engine).__module__.rpartition(".")[0])
        doc = inspect.getdoc(package) if package is not None else None
        fmt = spec.position_format
        position_html = markdown.markdown(fmt.reference()) if fmt is not None else ""
        references.append({"slug": spec.slug, "doc": doc or "", "position_html": position_html})
    return {"api_html": _api_doc_html(), "references": references}
