"""The simulator page and the clause mini-boards: one view, several renderings.

``/<lang>/<game>/sim/?scenario=<id>&step=N`` or ``?log=<token>&step=N`` renders the full page;
an htmx request renders only the part it targets (the mini-board under a clause, or the
simulator's board area). Every state is a URL; every control is a real link.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from rulebooks.models import Clause, Game, looks_like_slug
from simulator.core import codec
from simulator.core.registry import get_engine, get_view_model
from simulator.core.scenario_files import scenario_paths
from simulator.core.scenarios import ScenarioError, load_scenario

from .addressing import Address, BadAddress, new_game_log, pasted_position_log, query_for, resolve, seeded_outcome

MAX_ACTION_BUTTONS = 400


def game_and_engine(slug: str):
    game = Game.objects.filter(slug=slug).first() if looks_like_slug(slug) else None
    if game is None:
        raise Http404(_("There is no rulebook called “%(slug)s”.") % {"slug": slug[:80]})
    engine = get_engine(slug)
    if engine is None:
        raise Http404(_("%(game)s has no simulator yet.") % {"game": game.title})
    return game, engine


@require_safe
@vary_on_headers("HX-Request", "HX-Target")
def simulator_page(request, game):
    game, engine = game_and_engine(game)
    sim_url = reverse("simulator:page", args=[game.slug])
    params = request.GET
    try:
        if "new" in params:
            log = new_game_log(engine, params)
            return redirect(f"{sim_url}?log={codec.encode(log)}&step=0")
        if "position" in params:
            log = pasted_position_log(engine, params.get("position", ""))
            return redirect(f"{sim_url}?log={codec.encode(log)}&step=0")
        if not params.get("scenario") and not params.get("log"):
            return render(request, "simulator/start.html", start_context(game, engine))
        address = resolve(engine, params)
    except BadAddress as exc:
        context = start_context(game, engine)
        context["error"] = exc
        return render(request, "simulator/start.html", context, status=400)

    context = board_context(game, engine, address, sim_url)
    template = "simulator/page.html"
    if request.htmx and not request.htmx.history_restore_request:
        target = request.htmx.target or ""
        if target.startswith("demo-"):
            context["demo_id"] = target
            template += "#miniboard"
        elif target == "sim":
            template += "#sim"
    return render(request, template, context)


SETUP_LABELS = {
    "players": gettext_lazy("Number of players"),
    "seed": gettext_lazy("Seed for chance (cards, dice)"),
    "dmaufbau": gettext_lazy("Players place the stones and blood pools (dmaufbau)"),
}


def start_context(game, engine) -> dict:
    scenarios = []
    for scenario_id in scenario_paths(game.slug):
        try:
            scenarios.append(load_scenario(game.slug, scenario_id))
        except ScenarioError:
            continue  # checkrules reports broken scenarios; the page lists the good ones
    schema = {
        name: {**spec, "label": SETUP_LABELS.get(name, spec.get("label", name))}
        for name, spec in engine.setup_schema().items()
    }
    return {"game": game, "schema": schema, "scenarios": scenarios, "error": None}


def clause_index(game) -> dict[str, Clause]:
    return {c.anchor: c for c in Clause.objects.filter(game=game).only("anchor", "number", "title", "game_id")}


def board_context(game, engine, address: Address, sim_url: str) -> dict:
    timeline, step = address.timeline, address.step
    frame = address.frame
    view = get_view_model(game.slug)
    clauses = clause_index(game)
    state = frame.state

    def link(s: int) -> str:
        return f"{sim_url}?{query_for(timeline, s)}"

    def cite(clause_id):
        return clauses.get(clause_id)

    # The clause a frame's caption cites: the refusal, the first event, or the scenario's clause.
    if frame.refused is not None:
        caption_clause = cite(frame.refused.clause)
    elif frame.events:
        caption_clause = cite(frame.events[0].clause)
    elif timeline.scenario is not None:
        caption_clause = cite(timeline.scenario.clauses[0])
    else:
        caption_clause = None

    previous = timeline.frames[step - 1].state if step > 0 and frame.refused is None else None
    board = view.board_view(engine, state, previous, frame.action) if view else None
    log_rows = []
    for f in timeline.frames[1:]:
        log_rows.append(
            {
                "index": f.index,
                "label": (
                    view.action_label(
                        engine, timeline.frames[f.index - 1].state, f.action, None if f.refused else f.state
                    )
                    if view
                    else f.action
                ),
                "caption": f.caption,
                "refused": f.refused,
                "refused_clause": cite(f.refused.clause) if f.refused else None,
                "events": [{"text": e.text, "clause": cite(e.clause), "clause_id": e.clause} for e in f.events],
                "url": link(f.index),
                "current": f.index == step,
            }
        )

    actions = []
    seeded = None
    if not engine.is_over(state):
        legal = engine.legal_actions(state)
        for action in legal[:MAX_ACTION_BUTTONS]:
            branch = timeline.branch(step, action)
            actions.append(
                {
                    "action": action,
                    "label": view.action_label(engine, state, action) if view else action,
                    "url": f"{sim_url}?log={codec.encode(branch)}",
                }
            )
        outcome = seeded_outcome(engine, timeline, step)
        if outcome is not None:
            seeded = {
                "label": view.action_label(engine, state, outcome) if view else outcome,
                "url": f"{sim_url}?log={codec.encode(timeline.branch(step, outcome))}",
            }

    result = engine.result(state) if engine.is_over(state) else None
    return {
        "game": game,
        "timeline": timeline,
        "scenario": timeline.scenario,
        "step": step,
        "last": timeline.last,
        "frame": frame,
        "caption": frame.caption,
        "caption_clause": caption_clause,
        "events": [{"text": e.text, "clause": cite(e.clause), "clause_id": e.clause} for e in frame.events],
        "refused": frame.refused,
        "board": board,
        "log_rows": log_rows,
        "actions": actions,
        "actions_truncated": len(actions) >= MAX_ACTION_BUTTONS,
        "seeded": seeded,
        "actor": engine.current_actor(state),
        "result": result,
        "result_clause": cite(result.get("clause")) if result else None,
        "urls": {
            "first": link(0),
            "prev": link(step - 1) if step > 0 else None,
            "next": link(step + 1) if step < timeline.last else None,
            "last": link(timeline.last),
            "self": link(step),
        },
        "position_json": engine.position_of(state),
    }
