"""What a simulator position attached to a question is about: the clauses its last move cited
(every event of the move or turn that led to it, and a refusal shown there) and the clauses the
engine cites for what can happen next (the events of each legal move, tried on a copy). The
suggestions under the ask form rank those clauses, and the rulings citing them, higher."""

from __future__ import annotations

import functools
from urllib.parse import parse_qsl, urlsplit

from faq.positions import parse_position_url
from rules.core import registry
from rules.core.engine import TERMINAL, RuleError, attempt
from simulator.addressing import BadAddress, resolve

MAX_TRIED_MOVES = 40  # legal moves tried for their clauses (a crowded position has hundreds)
LAST_FRAMES = 6  # frames back from the position whose events count (a monster's whole turn)


@functools.lru_cache(maxsize=256)
def clauses_of_position(position: str) -> frozenset[str]:
    parsed = parse_position_url(position)
    if parsed is None:
        return frozenset()
    _lang, slug = parsed
    engine = registry.get_engine(slug)
    if engine is None:
        return frozenset()
    params = dict(parse_qsl(urlsplit(position).query))
    try:
        address = resolve(engine, params)
    except (BadAddress, ValueError):
        return frozenset()
    clauses: set[str] = set()
    frames = address.timeline.frames[: address.step + 1]
    for frame in frames[-LAST_FRAMES:]:
        clauses.update(event.clause for event in frame.events if event.clause)
        if frame.refused is not None and frame.refused.clause:
            clauses.add(frame.refused.clause)
    state = frames[-1].state
    actions = engine.legal_actions(state)[:MAX_TRIED_MOVES] if engine.current_actor(state) != TERMINAL else []
    for action in actions:
        outcome = attempt(engine, state, action)
        if not isinstance(outcome, RuleError):
            clauses.update(event.clause for event in outcome[1] if event.clause)
    return frozenset(clauses)
