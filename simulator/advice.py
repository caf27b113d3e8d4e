""""What would a good player do?" on the simulator page.

On a step where a person is to act (a seat the computer does not play), the page carries a link,
``&advice=1`` on the step's own address (htmx swaps just the answer into ``#advice``). The answer
asks the game's strongest computer player (:func:`rules.core.advice.advise`, from the acting seat's
view only), and shows its move (with the same seat's next moves before chance comes between: the
second card, the guard after the tile) on a picture of the board after them, the reasons the game
gives for them with their clauses, what they do (their events) and a link that plays them. Nothing changes
by itself: the position stays where it was until the person follows that link.

The computer's dice are those of the log's seed and the step (``playing.rng_for``), so the same
address always gives the same advice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString

from rules.core.advice import advisable, advise
from rules.core.registry import GameSpec

from .addressing import Address, advice_query
from .playing import rng_for
from .scene import Cited, Clauses, Links, draw_board, events_cited


@dataclass(frozen=True)
class AdviceAnswer:
    labels: list[str]  # the move and the same seat's next moves before chance, in words
    play_url: str  # plays them (a branch of the log: "what if?")
    reasons: list[Cited]
    events: list[Cited]
    svg: SafeString  # the board after the move


def advice_url(spec: GameSpec, address: Address, step_url: str) -> str | None:
    """The address of the advice at this step, or None when no person is to act here."""
    frame = address.frame
    if frame.refused is not None or not advisable(spec, frame.state, frozenset(address.timeline.log.bots or {})):
        return None
    return f"{step_url}&{advice_query()}"


def advice_answer(
    spec: GameSpec, address: Address, play_url: Any, clauses: Clauses, index: int, lang: str
) -> AdviceAnswer | None:
    """The strongest player's move at the step and why (None when no person is to act)."""
    if advice_url(spec, address, "") is None:
        return None
    state = address.frame.state
    advice = advise(spec, state, rng_for(address.timeline.log.seed, index))
    if advice is None:
        return None
    engine, view = spec.engine, spec.view
    board = view.board_view(engine, advice.after, previous=state, events=list(advice.events), lang=lang)
    picture = draw_board(board, lambda shape: (None, "", ""), Links(), lang)
    steps = zip(advice.actions, advice.states, advice.states[1:], strict=False)
    return AdviceAnswer(
        labels=[view.action_label(engine, before, action, after=after, lang=lang) for action, before, after in steps],
        play_url=play_url(*advice.actions),
        reasons=[clauses.cited(engine.label(r.key, lang, **r.data), r.clause) for r in advice.reasons],
        events=events_cited(engine, advice.events, clauses, lang),
        svg=picture.svg,
    )
