"""A step taken to the group chat and to paper: what a step says in one sentence, the link preview
(Open Graph and Twitter card tags, the board as a 1200×630 PNG: :mod:`simulator.preview`) and the
printable ruling (board, what happened, every cited clause in full, the FAQ rulings on them, a QR
code back to the address).

Everything is built from the same scene as the page (:func:`simulator.presenter.board_context`),
in the reader's language. Nothing here is a view (:mod:`simulator.share_views` has them; the
``{% share_meta %}`` tag in :mod:`simulator.templatetags.sharing_tags` writes the tags).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import segno
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from rulebooks.annotations import rulings_by_clause
from rulebooks.localize import localize_clauses
from rulebooks.models import Clause
from rules.core.codec import Log, encode
from rules.core.registry import GameSpec
from rules.core.timeline import TimelineError

from .addressing import Address, BadAddress, query_for
from .presenter import board_context, caption_clause_of, ui_language
from .scene import ClauseRef, clauses_for

DESCRIPTION_CHARS = 300


@dataclass
class StepStory:
    """What one step of a timeline says, in the reader's language."""

    game_title: str
    heading: str  # the scenario's title (or "Simulator") and "Step n of m"
    caption: str  # what happened: the decisive event of the move or turn (else the scenario's sentence or the step's main event)
    clause: ClauseRef | None
    context: dict[str, Any] = field(default_factory=dict)  # the board context it was told from
    caption_lang: str = ""  # the language of ``caption`` (a scenario's sentence may be in the rulebook's)
    decided: bool = False  # ``caption`` is the decisive event of the move or turn (or the refusal)

    @property
    def title(self) -> str:
        """The headline of a preview: the decisive event where there is one, else the step."""
        return self.caption.rstrip() if self.decided and self.caption else self.heading

    @property
    def cite(self) -> str:
        return f"§{self.clause.number} {self.clause.title}" if self.clause else ""

    def sentence(self) -> str:
        """One sentence for a link preview: the step, what happened and its clause."""
        text = self.heading
        if self.caption:
            text += f": {self.caption.rstrip()}"
        if self.clause:
            text += f" ({self.cite})"
        return text if len(text) <= DESCRIPTION_CHARS else text[: DESCRIPTION_CHARS - 1].rstrip() + "…"


def step_story(game: Any, spec: GameSpec, address: Address) -> StepStory:
    """The step at ``address`` told in the reader's language (its board context included)."""
    sim_url = reverse("simulator:page", args=[game.slug])
    return story_of(game, spec, board_context(game, spec, address, sim_url, playable_board=False))


def story_of(game: Any, spec: GameSpec, context: dict[str, Any]) -> StepStory:
    """The story of the step a board context (:func:`simulator.presenter.board_context`) shows."""
    lang = ui_language()
    timeline, step, scene = context["timeline"], context["step"], context["scene"]
    clause = caption_clause_of(spec.engine, timeline.frames[step], timeline.scenario, clauses_for(game, lang))
    step_text = _("Step %(step)s of %(last)s") % {"step": step, "last": timeline.last}
    scenario = context.get("scenario")
    name = scenario.title if scenario is not None else _("Simulator")
    caption, caption_lang, decided = scene.caption, scene.caption_lang or lang, False
    if scene.refused is not None:
        caption, decided = f"{_('Not allowed:')} {caption}", True
    elif (verdict := scene.headline) is not None:
        # The decisive event of the move or turn, as the page leads with it.
        caption, clause, caption_lang, decided = verdict.text, verdict.clause, lang, True
    return StepStory(game.title, f"{name} · {step_text}", caption, clause, context, caption_lang, decided)


def default_log(spec: GameSpec) -> Log:
    """The game with its default setup: the board of a game's own card."""
    engine = spec.engine
    setup = {o.name: o.default for o in engine.setup_options()}
    return Log(setup=setup)


def game_address(spec: GameSpec) -> Address:
    """Step 0 of a new game with the default setup (the picture of a rulebook's link)."""
    from .timelines import log_timeline

    try:
        timeline = log_timeline(spec.engine, encode(default_log(spec)))
    except TimelineError as exc:  # pragma: no cover - every registered game starts with its defaults
        raise BadAddress(exc.field, exc.reason) from None
    return Address(timeline, 0)


def preview_url(game_slug: str, address: Address | None = None) -> str:
    """The path of the preview image of a step (None: the game's own card)."""
    url = reverse("simulator:preview", args=[game_slug])
    return f"{url}?{query_for(address.timeline, address.step)}" if address is not None else url


def print_url(game_slug: str, address: Address) -> str:
    return f"{reverse('simulator:print', args=[game_slug])}?{query_for(address.timeline, address.step)}"


def page_url(game_slug: str, address: Address) -> str:
    return f"{reverse('simulator:page', args=[game_slug])}?{query_for(address.timeline, address.step)}"


# --- The printable ruling -------------------------------------------------------------------------


def cited_anchors(story: StepStory) -> list[str]:
    """Every clause the step cites, in the order the page shows them: the caption's, the refusal's,
    the events of the move or turn, the result's."""
    scene = story.context["scene"]
    found: list[str] = []

    def add(ref: ClauseRef | None) -> None:
        if ref is not None and ref.anchor not in found:
            found.append(ref.anchor)

    add(story.clause)
    if scene.refused is not None:
        add(scene.refused.clause)
    for happened in scene.happened:
        if happened.refused is not None:
            add(happened.refused.clause)
        for event in happened.events:
            add(event.clause)
    if scene.result is not None:
        add(scene.result.clause)
    return found


MAX_RULINGS = 2  # FAQ rulings printed with a ruling (the FAQ lists them all)


def ruling_anchors(story: StepStory) -> tuple[list[str], list[str]]:
    """(the clauses a printed ruling quotes in full, the others it names): in full the ruling's own
    (its headline's, the refusal's, the result's) and those of the step just taken; the earlier
    steps of the move or turn only by number and title, so that a typical ruling is one A4 page."""
    scene = story.context["scene"]
    full: list[str] = []
    for ref in (story.clause, scene.refused.clause if scene.refused else None, scene.result.clause if scene.result else None):
        if ref is not None and ref.anchor not in full:
            full.append(ref.anchor)
    now = scene.happened_now
    for cited in ([now.refused] if now is not None and now.refused else []) + (now.events if now is not None else []):
        if cited.clause is not None and cited.clause.anchor not in full:
            full.append(cited.clause.anchor)
    return full, [a for a in cited_anchors(story) if a not in full]


def ruling_context(game: Any, spec: GameSpec, address: Address, absolute: str) -> dict[str, Any]:
    """The print view of a step: the story, the clauses of the ruling in full (in the reader's
    language, with the original of a translation) and the others by number and title, the published
    FAQ rulings on the quoted ones, and the QR code of the step's address (``absolute``)."""
    story = step_story(game, spec, address)
    full, also = ruling_anchors(story)
    rows = {c.anchor: c for c in Clause.objects.filter(game=game, anchor__in=full + also).select_related("section")}
    clauses = [rows[a] for a in full if a in rows]
    named = [rows[a] for a in also if a in rows]
    for clause in clauses + named:
        clause.game = game
    localize_clauses(clauses + named)
    by_clause = rulings_by_clause(game)
    rulings: list[Any] = []
    for clause in clauses:
        for entry in by_clause.get(clause.pk, []):
            if entry not in rulings:
                rulings.append(entry)
    return {
        **story.context,
        "story": story,
        "cited_clauses": clauses,
        "also_cited": named,
        "rulings": rulings[:MAX_RULINGS],
        "more_rulings": len(rulings) - MAX_RULINGS if len(rulings) > MAX_RULINGS else 0,
        "address_url": absolute,
        "qr_svg": qr_svg(absolute),
    }


def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as inline SVG (segno; dark modules on white, a quiet zone of 2)."""
    qr = segno.make(url, error="m", micro=False)
    svg = qr.svg_inline(scale=3, border=2, dark="#000", light="#fff", omitsize=True)
    return mark_safe(svg.replace("<svg ", f'<svg role="img" aria-label="{_("QR code of this address")}" class="qr" ', 1))
