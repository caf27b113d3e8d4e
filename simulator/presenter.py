"""Template contexts for boards: the simulator page, clause mini-boards and FAQ proofs.

The views and the ``{% scenario_board %}`` tag both build their contexts here (template tags
never import views). Everything game-specific comes from the game's ``GameSpec``: the engine
(events, reasons and results rendered in the reader's language through its catalogues) and the
view-model (board, action labels and groups).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import markdown
from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulebooks.localize import clause_titles
from rulebooks.models import Clause
from simulator.core.chance import seeded_draw
from simulator.core.engine import CHANCE
from simulator.core.registry import GameSpec, all_games
from simulator.core.scenario_files import scenario_paths
from simulator.core.scenario_texts import scenario_in
from simulator.core.scenarios import Scenario, ScenarioError, load_scenario
from simulator.core.timeline import branch_encoder

from .addressing import Address, query_for
from .editing import edit_url, position_json
from .markup import board_svg, clause_cite
from .playing import PickError, automatic_run, computer_move, format_pick, link_shapes, tap_context

MAX_ACTION_BUTTONS = 400
LOG_WINDOW = 20  # the step log lists this many steps before and after the current one


def ui_language() -> str:
    return (get_language() or "nl").split("-")[0]


def clause_index(game: Any) -> dict[str, Clause]:
    """The game's clauses by id, titled in the reader's language (for citations)."""
    clauses = {c.anchor: c for c in Clause.objects.filter(game=game).only("anchor", "number", "title", "game_id")}
    lang = ui_language()
    if lang != game.language:
        for anchor, title in clause_titles(lang, game=game).items():
            if anchor in clauses:
                clauses[anchor].title = title
                clauses[anchor].text_language = lang
    return clauses


def shown_scenario(scenario: Scenario | None, lang: str, source_lang: str):
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
    }


def bot_label(name: str) -> str:
    labels = {
        "random": _("Computer (plays at random)"),
        "sensible": _("Computer (sensible)"),
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


def caption_clause_of(engine: Any, frame: Any, scenario: Any, clauses: dict[str, Clause]) -> Clause | None:
    """The clause a step's caption cites: the refusal's; else the clauses the scenario step is about;
    else an event citing one of the scenario's clauses; else the first event that is not routine
    (looking around); else the first event; else the scenario's main clause."""
    if frame.refused is not None:
        return clauses.get(frame.refused.clause)
    for cid in frame.clauses:
        if cid in clauses:
            return clauses[cid]
    cited = [e.clause for e in frame.events]
    if scenario is not None:
        for cid in cited:
            if cid in scenario.clauses and cid in clauses:
                return clauses[cid]
    for cid in cited:
        if cid not in engine.routine_clauses and cid in clauses:
            return clauses[cid]
    if cited:
        return clauses.get(cited[0])
    if scenario is not None and frame.index == 0:
        return clauses.get(scenario.clauses[0])
    return None


def board_context(
    game: Any,
    spec: GameSpec,
    address: Address,
    sim_url: str,
    pick: tuple[str, ...] = (),
    *,
    playable_board: bool = True,
) -> dict[str, Any]:
    """The context of a board. ``playable_board``: the board's pieces are links (the simulator page);
    False for mini-boards under clauses and FAQ answers, which only step through their example (and
    show no step log, moves or computer's move: those are not built for them)."""
    engine, view, lang = spec.engine, spec.view, ui_language()
    timeline, step = address.timeline, address.step
    frame = address.frame
    clauses = clause_index(game)
    state = frame.state
    log = timeline.log
    branch_token = branch_encoder(timeline.log_until(step))
    branches: dict[tuple[str, ...], str] = {}

    def link(s: int) -> str:
        return f"{sim_url}?{query_for(timeline, s)}"

    def branch_url(*actions: str) -> str:
        """The URL of "play these actions here" (a board piece and its move share one)."""
        if actions not in branches:
            branches[actions] = f"{sim_url}?log={branch_token(*actions)}"
        return branches[actions]

    def pick_url(p: Sequence[str]) -> str:
        base = link(step)
        return f"{base}&{urlencode({'pick': format_pick(p)})}" if p else base

    cites: dict[str | None, Any] = {}

    def cite(clause_id: str | None) -> Any:
        """The citation link of a clause (made once per clause and page)."""
        if clause_id not in cites:
            cites[clause_id] = clause_cite(clauses.get(clause_id) if clause_id else None)
        return cites[clause_id]

    def events_of(events: list[Any], texts: Sequence[str] | None = None) -> list[dict[str, Any]]:
        if texts is None:
            texts = [engine.describe(e, lang) for e in events]
        return [
            {"text": text, "clause": clauses.get(e.clause), "clause_id": e.clause, "cite": cite(e.clause)}
            for e, text in zip(events, texts, strict=True)
        ]

    def row_texts(f: Any) -> tuple[str, str, tuple[str, ...]]:
        """A step log row's label, refusal and event texts: made once per timeline and language."""
        key = ("log-row", lang, f.index)
        texts = timeline.memo.get(key)
        if texts is None:
            before = timeline.frames[f.index - 1].state
            texts = (
                view.action_label(engine, before, f.action, after=None if f.refused else f.state, lang=lang),
                engine.reason(f.refused, lang) if f.refused else "",
                tuple(engine.describe(e, lang) for e in f.events),
            )
            timeline.memo[key] = texts
        return texts

    # The caption: the scenario's sentence, else the first event that is not routine, else nothing.
    caption_clause = caption_clause_of(engine, frame, timeline.scenario, clauses)
    # A scenario's sentences in the reader's language where they are translated (scenario_texts),
    # else in the rulebook's; an event's always in the reader's.
    scenario, scenario_lang, shown_caption = shown_scenario(timeline.scenario, lang, game.language)
    caption = shown_caption(frame.caption)
    caption_lang = scenario_lang if caption is not None else lang
    if caption is None:
        chosen = next((e for e in frame.events if e.clause not in engine.routine_clauses), None)
        chosen = chosen or (frame.events[0] if frame.events else None)
        caption = engine.describe(chosen, lang) if chosen else ""

    over = engine.is_over(state)
    legal = [] if over or not playable_board else engine.legal_actions(state)
    actor = engine.current_actor(state)
    seats = log.bots or {}
    computer_turn = actor in seats
    previous = timeline.frames[step - 1].state if step > 0 and frame.refused is None else None
    board = view.board_view(engine, state, previous=previous, events=run_events(engine, timeline, step), lang=lang)
    playable = set(legal)

    taps = None
    if pick and not playable_board:
        raise PickError("this board cannot be tapped")
    if playable_board and not over and not computer_turn and frame.refused is None:
        targets = {sh.target for sh in board.shapes if sh.target}
        taps = tap_context(spec, state, pick, targets, lang, pick_url, branch_url)
    elif pick:
        raise PickError("nothing can be tapped here")
    def decide(sh: Any) -> tuple[str | None, str, str]:
        if taps is not None and sh.target in taps.links:
            return taps.links[sh.target], taps.labels[sh.target], "tap-next"
        if playable_board and sh.action in playable and not (taps and taps.picking):
            return branch_url(sh.action), view.action_label(engine, state, sh.action, lang=lang), ""
        chosen = "tap-chosen" if taps is not None and sh.target and sh.target in taps.chosen else ""
        return None, "", chosen

    board_shapes = link_shapes(board.shapes, decide)
    board_interactive = any(b.href for b in board_shapes)

    window = log_window(timeline.last, step) if playable_board else range(0)
    log_rows = []
    for f in timeline.frames[max(1, window.start) : window.stop]:
        assert f.action is not None
        label, refused_reason, event_texts = row_texts(f)
        log_rows.append(
            {
                "index": f.index,
                "label": label,
                "caption": shown_caption(f.caption),
                "refused": f.refused,
                "refused_reason": refused_reason,
                "refused_clause": clauses.get(f.refused.clause) if f.refused else None,
                "refused_cite": cite(f.refused.clause if f.refused else None),
                "events": events_of(f.events, event_texts),
                "url": link(f.index),
                "current": f.index == step,
            }
        )

    groups: list[dict[str, Any]] = []
    for action in legal[:MAX_ACTION_BUTTONS]:
        item = {
            "action": action,
            "label": view.action_label(engine, state, action, lang=lang),
            "url": branch_url(action),
        }
        heading = view.action_group(engine, state, action, lang=lang)
        if not groups or groups[-1]["heading"] != heading:
            groups.append({"heading": heading, "actions": []})
        groups[-1]["actions"].append(item)

    index = len(timeline.actions_until(step))
    # What plays itself: the computer's seats (and chance and automatic actors in a game against
    # the computer) on the latest step; an automatic actor's whole turn at once.
    auto = None
    if playable_board and not over and frame.refused is None:
        move = computer_move(spec, state, seats, log.seed, index)
        if move is not None:
            auto = {
                "url": branch_url(*move.actions),
                "label": view.action_label(engine, state, move.actions[0], lang=lang),
                "who": move.who,
                "actor": move.actor,
                "live": step == timeline.last,
                "delay_ms": settings.SIMULATOR_AUTOPLAY_MS,
            }
    seeded = None
    if playable_board and auto is None and not over and engine.chance_outcomes(state):  # the page offers one or the other
        outcome = seeded_draw(engine, state, log.seed or 0, index)
        seeded = {"label": view.action_label(engine, state, outcome, lang=lang), "url": branch_url(outcome)}

    run = None
    if playable_board and not over and frame.refused is None and actor in engine.info.automatic_actors:
        whole = automatic_run(spec, state, index)
        if whole is not None and len(whole.actions) > 1:
            run = {"url": branch_url(*whole.actions), "count": len(whole.actions)}

    result = engine.result(state) if over else None
    position = engine.position_of(state) if playable_board else None
    return {
        "game": game,
        "stylesheet": spec.stylesheet_path,
        "timeline": timeline,
        "scenario": scenario,
        "scenario_lang": scenario_lang,
        "step": step,
        "last": timeline.last,
        "frame": frame,
        "start_caption": shown_caption(timeline.frames[0].caption) or "",
        "caption": caption,
        "caption_lang": caption_lang,
        "caption_clause": caption_clause,
        "caption_cite": clause_cite(caption_clause),
        "events": events_of(frame.events),
        "refused": frame.refused,
        "refused_reason": engine.reason(frame.refused, lang) if frame.refused else "",
        "refused_clause": clauses.get(frame.refused.clause) if frame.refused else None,
        "refused_cite": cite(frame.refused.clause if frame.refused else None),
        "board": board,
        "board_shapes": board_shapes,
        # A board with tappable pieces is a group of links, not a picture (role=img may not contain links).
        "board_interactive": board_interactive,
        # The drawn board (the page's links swap #sim; a mini-board's step controls swap itself).
        "board_svg": board_svg(board, board_shapes, board_interactive, lang, "sim" if playable_board else ""),
        "taps": taps,
        "log_rows": log_rows,
        "log_window": {
            "first": window.start,
            "earlier_url": link(max(0, window.start - 1 - LOG_WINDOW)) if window.start > 0 else None,
            "later_url": link(min(timeline.last, window.stop + LOG_WINDOW)) if window.stop <= timeline.last else None,
        },
        "action_groups": groups,
        "actions_count": len(legal),
        "actions_truncated": len(legal) > MAX_ACTION_BUTTONS,
        "seeded": seeded,
        "auto": auto,
        "automatic_run": run,
        "actor": actor,
        "computer_seats": seats,
        "result": result,
        "result_text": engine.describe_result(result, lang) if result else "",
        "result_clause": clauses.get(result.clause) if result else None,
        "result_cite": cite(result.clause if result else None),
        "urls": {
            "first": link(0),
            "prev": link(step - 1) if step > 0 else None,
            "next": link(step + 1) if step < timeline.last else None,
            "last": link(timeline.last),
            "self": link(step),
            "edit": edit_url(sim_url, position) if spec.editor is not None and position is not None else None,
        },
        "position_json": position_json(position) if position is not None else "",
    }


def log_window(last: int, step: int) -> range:
    """The steps the step log lists around ``step`` (of 0..``last``). Its "earlier" and "later"
    links open the step just beyond a whole window further, so every step stays reachable."""
    return range(max(0, step - LOG_WINDOW), min(last, step + LOG_WINDOW) + 1)


API_DOC = Path(__file__).resolve().parent.parent / "docs" / "API.md"


@lru_cache(maxsize=1)
def _api_doc_html() -> str:
    return markdown.markdown(API_DOC.read_text(encoding="utf-8"), extensions=["fenced_code", "tables", "toc"])


def api_docs_context() -> dict[str, Any]:
    references = []
    for spec in all_games():
        slug = spec.slug
        package = sys.modules.get(type(spec.engine).__module__.rpartition(".")[0])
        doc = inspect.getdoc(package) if package is not None else None
        references.append({"slug": slug, "doc": doc or ""})
    return {"api_html": _api_doc_html(), "references": references}
