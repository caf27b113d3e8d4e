"""One board scene per (moment, viewer, language), drawn alike by every surface.

A :class:`Scene` is everything a surface shows of one board at one moment for one viewer in one
language: the drawn board (SVG, legend, description in words), the caption, what happened in the
move or turn just played (every event with its clause), a refusal, the game-over panel, the answer
to "why can't I tap that?", the next choice (targets to tap, OK and Cancel, the computer's or the
rules' own move, chance), the list of legal moves and the step controls. The simulator page, the
mini-boards under clauses and FAQ answers, the position editor and the online rooms all build a
scene and render it with the same template partials (``templates/simulator/_scene_*.html``) and the
same SVG writer (:func:`simulator.markup.board_svg`).

What a tap does differs per surface and is decided by one :class:`Links` object per surface: a
branched log URL on the simulator page, a move in a room, an edit in the position editor, nothing
on a mini-board. The surfaces' builders live beside their pages (:mod:`simulator.presenter`,
:mod:`simulator.editing`, :mod:`rooms.presenter`) and compose the helpers here.

Boards are drawn for a thumb (:mod:`simulator.drawing`): the whole board fits a phone's column and
every tap target on it is at least :data:`MIN_TAP_PX` CSS pixels (WCAG 2.2, 2.5.8); crowded small
targets (a wizard on a tower, companions in the camp) are reached by first tapping their area,
which shows it enlarged (``zoom``), and an area with one candidate acts at once. A target that is
not offered may be asked about ("why not?", answered by the view-model's ``explain`` with its
clause) where it is drawn at least that size (``data-why``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from pagecache.httpcache import content_version
from rulebooks.localize import clause_titles
from rulebooks.models import Clause
from rules.core.engine import CHANCE, TERMINAL, Engine, Event, RuleError, decisive_event
from rules.core.view import BoardView, Box

from .drawing import MIN_TAP_PX, PHONE_PX, DrawnBoard, draw_board
from .markup import board_legend, clause_cite, reading_mark
from .playing import AutoMove, TapView

__all__ = ["MIN_TAP_PX", "PHONE_PX", "DrawnBoard", "draw_board"]  # drawing, for the surfaces that import it here


# --- Clauses ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClauseRef:
    """A clause as a citation needs it (number and title in the reader's language)."""

    game_id: str
    anchor: str
    number: str
    title: str
    text_language: str


@dataclass(frozen=True)
class Cited:
    """A sentence and the clause it cites (``cite`` is the § link, or nothing; followed by the mark
    "the site's reading" when the verdict rests on an interpretation note: ``reading`` is that
    note's clause id); ``decisive``: an event the game marks as what a dispute turns on
    (``rules.core.engine.Event.decisive``)."""

    text: str
    clause: ClauseRef | None
    cite: SafeString
    clause_id: str = ""
    decisive: bool = False
    reading: str = ""


class Clauses:
    """A game's clauses by id in one language, and their § links (made once each)."""

    def __init__(self, refs: dict[str, ClauseRef]):
        self.refs = refs
        self._cites: dict[str | None, SafeString] = {}
        self._read: dict[tuple[str | None, str], SafeString] = {}

    def get(self, clause_id: str | None) -> ClauseRef | None:
        return self.refs.get(clause_id) if clause_id else None

    def cite(self, clause_id: str | None, reading: str | None = None) -> SafeString:
        """The § link of ``clause_id``; with ``reading``, the mark of the site's reading after it."""
        if reading and self.get(reading):
            key = (clause_id, reading)
            marked = self._read.get(key)
            if marked is None:
                marked = self._read[key] = SafeString(self.cite(clause_id).rstrip("\n") + " " + reading_mark(self.get(reading)))
            return marked
        hit = self._cites.get(clause_id)
        if hit is None:
            hit = self._cites[clause_id] = clause_cite(self.get(clause_id))
        return hit

    def cited(self, text: str, clause_id: str | None, reading: str | None = None, decisive: bool = False) -> Cited:
        shown = reading if reading and self.get(reading) else ""
        return Cited(text, self.get(clause_id), self.cite(clause_id, shown), clause_id or "", decisive, shown)


_clauses: dict[tuple[str, str], tuple[str, Clauses]] = {}


def clauses_for(game: Any, lang: str) -> Clauses:
    """The game's clauses titled in ``lang``, kept per process for the current content version (a
    room renders every seat's board after every move; ``loadrules`` changes the version)."""
    version = content_version(game.slug)
    key = (game.slug, lang)
    hit = _clauses.get(key)
    if version is not None and hit is not None and hit[0] == version:
        return hit[1]
    rows = Clause.objects.filter(game=game).only("anchor", "number", "title", "game_id")
    titles = clause_titles(lang, game=game) if lang != game.language else {}
    refs = {
        c.anchor: ClauseRef(
            c.game_id,
            c.anchor,
            c.number,
            titles.get(c.anchor) or c.title,
            lang if c.anchor in titles else game.language,
        )
        for c in rows
    }
    clauses = Clauses(refs)
    if version is not None:
        _clauses[key] = (version, clauses)
    return clauses


# --- Links: what a tap does on each surface -----------------------------------------------------


class Links:
    """What the links of a scene open. The base class links nothing (a picture of the board);
    surfaces subclass it. ``hx_target`` is the element a link's answer replaces ("" for none: the
    rooms send their links over a socket), ``push`` whether the address changes with it."""

    hx_target = ""
    hx_swap = "outerHTML"  # how the answer replaces it
    push = False
    board_links = False  # whether board shapes may be links at all

    def play(self, *actions: str) -> str:
        raise NotImplementedError

    def pick(self, pick: Sequence[str], zoom: Box | None = None) -> str:
        raise NotImplementedError

    def why(self, pick: Sequence[str], target: str) -> str:
        """The address answering "why can't ``target`` be tapped now?"."""
        raise NotImplementedError

    def step(self, step: int) -> str | None:
        return None

    def edit(self, target: str) -> str:
        raise NotImplementedError


def board_decider(
    spec: Any, state: Any, taps: TapView | None, playable: set[str], links: Links, lang: str, about: str = ""
) -> Callable[[Any], tuple[str | None, str, str]]:
    """What a board shape links to, for :func:`draw_board`: (href, label, state). A shape the
    taps name opens its tap; else a shape whose action is ``playable`` plays it (not while a tap is in
    progress); a shape already picked is marked "tap-chosen"; the piece or place the step's decisive
    event is about (``about``, a target) "board-about"."""

    def decide(sh: Any) -> tuple[str | None, str, str]:
        mark = " board-about" if about and sh.target == about else ""
        if taps is not None and sh.target in taps.links:
            return taps.links[sh.target], taps.labels[sh.target], "tap-next" + mark
        if sh.action in playable and not (taps and taps.picking):
            return links.play(sh.action), spec.view.action_label(spec.engine, state, sh.action, lang=lang), mark.strip()
        chosen = "tap-chosen" if taps is not None and sh.target and sh.target in taps.chosen else ""
        return None, "", (chosen + mark).strip()

    return decide


def about_target(spec: Any, state: Any, events: Iterable[Event]) -> str:
    """The board target of the piece or place the first decisive event of ``events`` is about (the
    view-model's ``about``, ``Capability.ABOUT``), "" for none."""
    lead = decisive_event(list(events))
    return str(spec.about(spec.engine, state, lead) or "") if spec.about is not None and lead is not None else ""


# --- Drawing the board: simulator.drawing (re-exported here for the surfaces) ------------------


# --- What happened --------------------------------------------------------------------------------


@dataclass
class Happened:
    """One action of the move or turn just played, with every event it caused."""

    index: int
    who: str  # "" for a seat's own move (its label names the piece); else chance, the rules, the computer
    label: str
    events: list[Cited]
    refused: Cited | None = None
    current: bool = False
    url: str | None = None


def headline_of(happened: Sequence[Happened]) -> Cited | None:
    """The first decisive event of ``happened`` (the move or turn up to the step shown), as
    :func:`rules.core.engine.decisive_event` chooses it."""
    return next((event for step in happened for event in step.events if event.decisive), None)


def actor_word(engine: Engine[Any], actor: str, computer_seats: Iterable[str] = ()) -> str:
    """Who moved, when it was not a person at the table: chance or the computer (an automatic
    actor's moves are named by their labels: "the monster takes a step")."""
    if actor == CHANCE:
        return _("Chance")
    if actor in set(computer_seats):
        return _("The computer")
    return ""


def turn_start(engine: Engine[Any], before: Callable[[int], Any], last: int, first: int = 1) -> int:
    """The first action index of the move or turn that action ``last`` belongs to (``before(i)``:
    the state action ``i`` was played in). An automatic actor's turn includes the chance draw that
    started it; a seat's turn is its run of actions with chance between them."""

    def actor(i: int) -> str:
        return engine.current_actor(before(i))

    kind = actor(last)
    rules = kind == CHANCE or kind in engine.info.automatic_actors
    start = last
    seat = None if rules else kind
    while start > first:
        prev = actor(start - 1)
        if rules:
            if prev == CHANCE or prev in engine.info.automatic_actors:
                start -= 1
                continue
            break
        if prev == CHANCE or prev == seat:
            start -= 1
            continue
        break
    if rules:
        return start
    # A seat's turn: chance that came before the seat's first action belongs to the turn before.
    while start < last and actor(start) == CHANCE:
        start += 1
    return start


# --- The scene ------------------------------------------------------------------------------------


@dataclass
class Scene:
    """Everything a surface shows of one board (see the module docstring)."""

    lang: str
    engine: Engine[Any]
    state: Any
    board: BoardView | None
    drawn: DrawnBoard | None
    links: Links
    caption: str = ""
    caption_lang: str = ""
    caption_cite: SafeString = SafeString("")
    caption_is_event: bool = False  # the caption repeats an event of "what happened" (no scenario's sentence)
    refused: Cited | None = None
    happened: list[Happened] = field(default_factory=list)
    happened_title: str = ""
    result: Cited | None = None
    why: Cited | None = None
    taps: TapView | None = None
    auto: AutoMove | None = None
    seeded: dict[str, str] | None = None
    run: dict[str, Any] | None = None
    chance_decides: bool = False
    action_groups: list[dict[str, Any]] = field(default_factory=list)
    actions_count: int = 0
    actions_truncated: bool = False
    urls: dict[str, str | None] = field(default_factory=dict)
    announce: str = ""  # who is to move now, when it is not the viewer (rooms)

    @property
    def svg(self) -> SafeString:
        return self.drawn.svg if self.drawn is not None else SafeString("\n")

    @property
    def legend(self) -> SafeString:
        return board_legend(self.board, self.lang)

    @property
    def status(self) -> str:
        return self.board.status if self.board is not None else ""

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def hx_target(self) -> str:
        return self.links.hx_target

    @property
    def headline(self) -> Cited | None:
        """What the step is told by, first on every surface (and in its link preview and print
        title): the first decisive event of the move or turn up to this step; None when none is
        decisive (the caption leads then). A refusal and a game's result have their own places."""
        return headline_of(self.happened)

    @property
    def happened_now(self) -> Happened | None:
        """The action just taken (the step shown), told right after the headline."""
        return self.happened[-1] if self.happened else None

    @property
    def happened_before(self) -> list[Happened]:
        """The earlier actions of the same move or turn (folded away under the step just taken)."""
        return self.happened[:-1]

    @property
    def next_choice(self) -> bool:
        """Whether anything is to be chosen or waited for now (the "next" part of the scene)."""
        t = self.taps
        return bool(
            self.auto or self.seeded or self.run or self.chance_decides or (self.status and not self.result)
            or (t and (t.off_board or t.confirm_url or t.cancel_url or t.status))
        )


def result_of(engine: Engine[Any], state: Any, clauses: Clauses, lang: str) -> Cited | None:
    if not engine.is_over(state):
        return None
    result = engine.result(state)
    if result is None:
        return Cited("", None, SafeString(""))
    return clauses.cited(engine.describe_result(result, lang), result.clause, engine.reading(result.key))


def events_cited(engine: Engine[Any], events: Iterable[Event], clauses: Clauses, lang: str) -> list[Cited]:
    return [clauses.cited(engine.describe(e, lang), e.clause, engine.reading(e.key), e.decisive) for e in events]


def refusal_cited(engine: Engine[Any], error: RuleError | None, clauses: Clauses, lang: str) -> Cited | None:
    if error is None:
        return None
    return clauses.cited(engine.reason(error, lang), error.clause, engine.reading(error.key))


def action_groups(
    view: Any, engine: Engine[Any], state: Any, legal: Sequence[str], url: Callable[[str], str], lang: str, limit: int
) -> list[dict[str, Any]]:
    groups: list[dict[str, Any]] = []
    for action in legal[:limit]:
        item = {"action": action, "label": view.action_label(engine, state, action, lang=lang), "url": url(action)}
        heading = view.action_group(engine, state, action, lang=lang)
        if not groups or groups[-1]["heading"] != heading:
            groups.append({"heading": heading, "actions": []})
        groups[-1]["actions"].append(item)
    return groups


def explain_tap(spec: Any, state: Any, pick: Sequence[str], target: str, clauses: Clauses, lang: str) -> Cited:
    """Why ``target`` cannot be tapped now: the view-model's answer (a RuleError citing the rule),
    else what the board is waiting for."""
    engine = spec.engine
    error = spec.explain(engine, state, tuple(pick), target, lang=lang) if spec.explain is not None else None
    if isinstance(error, RuleError):
        return clauses.cited(engine.reason(error, lang), error.clause, engine.reading(error.key))
    actor = engine.current_actor(state)
    if actor == TERMINAL:
        return Cited(_("The game is over: nothing can be played any more."), None, SafeString(""))
    if pick:
        return Cited(_("This cannot be tapped as the next part of this move."), None, SafeString(""))
    return Cited(_("Nothing can be played with this now."), None, SafeString(""))
