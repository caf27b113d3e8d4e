"""Named hooks: how a higher app adds to what a lower one shows or asks, without the lower one
naming it (Wagtail's ``wagtail.hooks`` is the model).

The lower layer declares a hook name below and reads it (``get_hooks(name)`` in Python, ``{% hook_output
name arg %}`` in a template, :mod:`pagecache.templatetags.hook_tags`); a higher app registers its
function for it in its ``site_hooks`` module (found in every installed app by
``PagecacheConfig.ready``, as the admin finds each app's ``admin.py``). With no app
registered a hook gives nothing, so a page of a lower layer renders with only the lower apps installed.
Names are declared here once: registering or reading an undeclared name raises, so a typo fails
instead of silently doing nothing. Functions run in ``order`` (then in registration order).

The page hooks (the site frame's ``head_*``, ``header_search`` and ``under_header``; ``*_extras``,
``*_actions``, ``*_links``, ``question_attrs``) are called with the template ``context`` and the
arguments the template passes, and return HTML (``""`` for nothing; :func:`render_fragment` renders
one of the app's templates as ``{% include %}`` would).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, overload

from django.template.context import Context
from django.utils.safestring import SafeString

# name -> who reads it and what a registered function is (docs/ARCHITECTURE.md lists who registers).
HOOKS: dict[str, str] = {
    "head_meta": "rulebooks/base.html: the head's meta tags after the description (link previews); no args",
    "head_links": "rulebooks/base.html: the head's links after the icons (the web app manifest); no args",
    "head_styles": "rulebooks/base.html: stylesheets between the site's and the print one (boards); no args",
    "head_scripts": "rulebooks/base.html: scripts after the site's (offline); no args",
    "header_search": "rulebooks/base.html: the header's search form (block site_search, which a page may replace); no args",
    "under_header": "rulebooks/base.html: between the header and the page (the offline banner); no args",
    "game_resolver": "pagecache.httpcache: fn(path) -> the game slug a public page belongs to, or None",
    "clause_rulings": "rulebooks.annotations: an object with rulings_by_clause(game), rulings_for_clause(clause)",
    "triage_matchers": "faq.triage: fn(question, game, language) -> search hits for the editor",
    "clause_extras": "rulebooks/_clause_body.html: what follows a clause's text (demos, rulings); arg: clause",
    "clause_page_extras": "rulebooks/clause.html: the end of a clause's own page (ask a question); arg: clause",
    "rulebook_actions": "rulebooks/rulebook.html: buttons in the rulebook's tools row; arg: game",
    "rulebook_extras": "rulebooks/rulebook.html: blocks under the tools row (keep offline); arg: game",
    "game_card_links": "rulebooks/home.html: links of a game's card, joined by ' · '; arg: game",
    "home_search": "rulebooks/home.html: the home page's search form; no args",
    "position_extras": "simulator/page.html: under a position (ask about it); args: game, position URL",
    "page_actions": "simulator/start.html, faq/entry.html, faq/game_faq.html: a game's actions (play online); arg: game",
    "faq_game_links": "faq/index.html: links after a game in the FAQ's list, each led by ' · '; arg: game",
    "question_attrs": "faq/_ask_form.html: attributes of the question field (typeahead); no args",
    "ask_form_links": "faq/_ask_form.html: links under the question field (search first); arg: game",
}

T = TypeVar("T")

_registered: dict[str, list[tuple[int, int, Any]]] = {name: [] for name in HOOKS}
_count = 0


def _declared(name: str) -> list[tuple[int, int, Any]]:
    if name not in _registered:
        raise LookupError(f"no hook named {name!r} (declared: {', '.join(sorted(HOOKS))})")
    return _registered[name]


@overload
def register(name: str, fn: T, *, order: int = 0) -> T: ...
@overload
def register(name: str, fn: None = None, *, order: int = 0) -> Callable[[T], T]: ...


def register(name: str, fn: T | None = None, *, order: int = 0) -> T | Callable[[T], T]:
    """Register ``fn`` for the hook ``name``; without ``fn``, a decorator that does it."""
    if fn is None:
        return lambda f: register(name, f, order=order)
    global _count
    _count += 1
    entries = _declared(name)
    entries.append((order, _count, fn))
    entries.sort(key=lambda entry: entry[:2])
    return fn


def get_hooks(name: str) -> list[Any]:
    """What is registered for ``name``, in order."""
    return [fn for _, _, fn in _declared(name)]


@contextmanager
def register_temporarily(name: str, fn: Any, *, order: int = 0) -> Iterator[Any]:
    """For tests: ``fn`` is registered for ``name`` inside the block only."""
    register(name, fn, order=order)
    try:
        yield fn
    finally:
        _registered[name] = [entry for entry in _registered[name] if entry[2] is not fn]


@contextmanager
def emptied(*names: str) -> Iterator[None]:
    """For tests: the hooks ``names`` (all of them if none named) have nothing registered inside
    the block, as if only the lowest apps were installed; what was registered comes back after."""
    saved = {name: list(_declared(name)) for name in names or HOOKS}
    for name in saved:
        _registered[name] = []
    try:
        yield
    finally:
        _registered.update(saved)


def render_fragment(context: Context, template_name: str, **values: Any) -> SafeString:
    """``template_name`` rendered in ``context`` with ``values`` added, as ``{% include template_name
    with ... %}`` renders it (same engine, request and context processors' values)."""
    template = context.template.engine.get_template(template_name)  # type: ignore[union-attr]
    with context.push(**values):
        rendered: SafeString = template.render(context)
    return rendered

