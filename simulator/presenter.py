"""Template contexts for boards: the simulator page, clause mini-boards and FAQ proofs.

The views and the ``{% scenario_board %}`` tag both build their contexts here (template tags
never import views). Everything game-specific comes from the game's ``GameSpec``: the engine
(events, reasons and results rendered in the reader's language through its catalogues) and the
view-model (board, action labels and groups).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language

from rulebooks.models import Clause
from simulator.core import codec
from simulator.core.chance import seeded_draw
from simulator.core.registry import GameSpec
from simulator.core.scenario_files import scenario_paths
from simulator.core.scenarios import ScenarioError, load_scenario

from .addressing import Address, query_for

MAX_ACTION_BUTTONS = 400


def ui_language() -> str:
    return (get_language() or "nl").split("-")[0]


def clause_index(game: Any) -> dict[str, Clause]:
    return {c.anchor: c for c in Clause.objects.filter(game=game).only("anchor", "number", "title", "game_id")}


def start_context(game: Any, spec: GameSpec) -> dict[str, Any]:
    """The simulator's start page: new-game options (labels from the engine), examples."""
    engine, lang = spec.engine, ui_language()
    scenarios = []
    for scenario_id in scenario_paths(game.slug):
        try:
            scenarios.append(load_scenario(game.slug, scenario_id))
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
    return {"game": game, "options": options, "ask_seed": engine.info.chance, "scenarios": scenarios, "error": None}


@dataclass(frozen=True)
class BoardShape:
    """A shape of the board and, if it stands for a legal action, the URL that plays it."""

    shape: Any
    href: str | None
    label: str = ""  # the action's label: the link's accessible name


def board_context(game: Any, spec: GameSpec, address: Address, sim_url: str) -> dict[str, Any]:
    engine, view, lang = spec.engine, spec.view, ui_language()
    timeline, step = address.timeline, address.step
    frame = address.frame
    clauses = clause_index(game)
    state = frame.state

    def link(s: int) -> str:
        return f"{sim_url}?{query_for(timeline, s)}"

    def branch_url(action: str) -> str:
        return f"{sim_url}?log={codec.encode(timeline.branch(step, action))}"

    def events_of(events: list[Any]) -> list[dict[str, Any]]:
        return [
            {"text": engine.describe(e, lang), "clause": clauses.get(e.clause), "clause_id": e.clause} for e in events
        ]

    # The caption: the scenario's sentence, else the first event, else nothing.
    caption = frame.caption
    if caption is None:
        caption = engine.describe(frame.events[0], lang) if frame.events else ""
    # The clause a frame's caption cites: the refusal, the first event, or the scenario's clause.
    if frame.refused is not None:
        caption_clause = clauses.get(frame.refused.clause)
    elif frame.events:
        caption_clause = clauses.get(frame.events[0].clause)
    elif timeline.scenario is not None:
        caption_clause = clauses.get(timeline.scenario.clauses[0])
    else:
        caption_clause = None

    over = engine.is_over(state)
    legal = [] if over else engine.legal_actions(state)
    previous = timeline.frames[step - 1].state if step > 0 and frame.refused is None else None
    board = view.board_view(engine, state, previous=previous, events=frame.events, lang=lang)
    playable = set(legal)
    board_shapes = [
        BoardShape(s, branch_url(s.action), view.action_label(engine, state, s.action, lang=lang))
        if s.action in playable
        else BoardShape(s, None)
        for s in board.shapes
    ]

    log_rows = []
    for f in timeline.frames[1:]:
        before = timeline.frames[f.index - 1].state
        assert f.action is not None
        log_rows.append(
            {
                "index": f.index,
                "label": view.action_label(engine, before, f.action, after=None if f.refused else f.state, lang=lang),
                "caption": f.caption,
                "refused": f.refused,
                "refused_reason": engine.reason(f.refused, lang) if f.refused else "",
                "refused_clause": clauses.get(f.refused.clause) if f.refused else None,
                "events": events_of(f.events),
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

    seeded = None
    if not over and engine.chance_outcomes(state):
        outcome = seeded_draw(engine, state, timeline.log.seed or 0, len(timeline.actions_until(step)))
        seeded = {"label": view.action_label(engine, state, outcome, lang=lang), "url": branch_url(outcome)}

    result = engine.result(state) if over else None
    actor = engine.current_actor(state)
    return {
        "game": game,
        "stylesheet": spec.stylesheet_path,
        "timeline": timeline,
        "scenario": timeline.scenario,
        "step": step,
        "last": timeline.last,
        "frame": frame,
        "start_caption": timeline.frames[0].caption or "",
        "caption": caption,
        "caption_clause": caption_clause,
        "events": events_of(frame.events),
        "refused": frame.refused,
        "refused_reason": engine.reason(frame.refused, lang) if frame.refused else "",
        "refused_clause": clauses.get(frame.refused.clause) if frame.refused else None,
        "board": board,
        "board_shapes": board_shapes,
        # A board with tappable pieces is a group of links, not a picture (role=img may not contain links).
        "board_interactive": any(b.href for b in board_shapes),
        "log_rows": log_rows,
        "action_groups": groups,
        "actions_count": len(legal),
        "actions_truncated": len(legal) > MAX_ACTION_BUTTONS,
        "seeded": seeded,
        "actor": actor,
        "result": result,
        "result_text": engine.describe_result(result, lang) if result else "",
        "result_clause": clauses.get(result.clause) if result else None,
        "urls": {
            "first": link(0),
            "prev": link(step - 1) if step > 0 else None,
            "next": link(step + 1) if step < timeline.last else None,
            "last": link(timeline.last),
            "self": link(step),
        },
        "position_json": json.dumps(engine.position_of(state), ensure_ascii=False, indent=2),
    }
