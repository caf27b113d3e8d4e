"""FAQ pages: per game, per entry, the site-wide index; asking a question and following it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.paginator import Page
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from pagecache.httpcache import public
from rulebooks.fragments import FRAGMENTS
from rulebooks.localize import localize_clauses, localize_game
from rulebooks.lookups import get_game_or_404
from rulebooks.models import Clause, Game, looks_like_slug

from . import asking, counting, notify, ratelimit
from .forms import HONEYPOT, NOT_A_RULEBOOK, AskForm, clean_text
from .models import QUESTION_MAX, Change, Entry, SuggestionAnswer, localize_entries, new_token
from .pagination import MAX_PAGE_CHARS, paginate
from .positions import MAX_POSITION_URL, localize_position_url, parse_position_url

# The confirmation page finds the asker's tracking token in a signed cookie, not in a session:
# asking (and a bot's post) creates no session row.
CONFIRM_COOKIE = "faq_asked"
CONFIRM_SALT = "faq.views.confirm"
CONFIRM_MAX_AGE = 60 * 60
TOKEN_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (``request.htmx``)."""

    htmx: HtmxDetails


def _clauses_of(entry: Entry, game: Game) -> list[Clause]:
    """The clauses an entry cites, titled in the reader's language."""
    clauses = list(entry.clauses.order_by("position"))
    for clause in clauses:
        clause.game = game
    localize_clauses(clauses)
    return clauses


@require_safe
@public
def index(request: HttpRequest) -> HttpResponse:
    games = list(Game.objects.all())
    published = Entry.objects.published().select_related("game")
    counts: dict[str, int] = {}
    for entry in published.only("game_id"):
        counts[entry.game_id] = counts.get(entry.game_id, 0) + 1
    recent = localize_entries(published.by_feed_date()[:10])
    games = [localize_game(game) for game in games]
    return render(
        request,
        "faq/index.html",
        {"games": [(game, counts.get(game.slug, 0)) for game in games], "recent": recent},
    )


@require_safe
@public
def game_faq(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_game_or_404(game)

    def listed() -> tuple[Page[Entry], list[Entry]]:
        entries = game_obj.faq_entries.published().select_related("game").by_feed_date()
        page = paginate(entries, request.GET.get("page"), game_obj)
        return page, localize_entries(page)

    number = request.GET.get("page", "1")
    if isinstance(number, str) and number.isascii() and number.isdigit() and len(number) <= MAX_PAGE_CHARS:
        page, entries = FRAGMENTS.get(game_obj.slug, ("faq-page", str(int(number))), listed)
    else:
        page, entries = listed()  # a 404 with the reason
    return render(request, "faq/game_faq.html", {"game": game_obj, "entries": entries, "page": page})


@dataclass
class EntryPage:
    """An FAQ entry's page in the reader's language (kept per content version: FRAGMENTS)."""

    entry: Entry
    clauses: list[Clause]
    changes: list[Change]
    position_link: str


def _entry_page(game: Game, slug: str) -> EntryPage | None:
    entry = Entry.objects.published().filter(game=game, slug=slug).select_related("game").first()
    if entry is None:
        return None
    return EntryPage(
        localize_entries([entry])[0],
        _clauses_of(entry, game),
        list(entry.changes.all()),
        localize_position_url(entry.position_url, translation.get_language()),
    )


@require_safe
@public
def entry_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    game_obj = get_game_or_404(game)
    page = FRAGMENTS.get(game_obj.slug, ("entry", slug), lambda: _entry_page(game_obj, slug))
    if page is None:
        raise Http404(
            _("There is no published question “%(slug)s” about %(game)s.") % {"slug": slug[:80], "game": game_obj.title}
        )
    return render(
        request,
        "faq/entry.html",
        {
            "game": game_obj,
            "entry": page.entry,
            "clauses": page.clauses,
            "changes": page.changes,
            "position_link": page.position_link,
        },
    )


def _prefill(params: Mapping[str, object]) -> dict[str, str]:
    """Initial values of the ask form from GET parameters (all optional; checked on submit)."""
    initial: dict[str, str] = {}
    for key in ("game", "clause", "position", "question"):
        value = params.get(key, "")
        if isinstance(value, str) and value:
            initial[key] = value[: max(MAX_POSITION_URL, QUESTION_MAX) + 1]  # longer is invalid anyway
    return initial


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache  # the form carries this visitor's CSRF token and a fresh nonce
@vary_on_headers("HX-Request")
def ask(request: HtmxHttpRequest) -> HttpResponse:
    """The question form: GET shows it (prefilled; for htmx just the form, loaded in place by
    the link on a public page), POST stores the question."""
    if request.method != "POST":
        initial = _prefill(request.GET)
        game = get_game_or_404(initial["game"]) if "game" in initial else None
        if game is None:
            return redirect("faq:index")
        anchor = initial.get("clause", "")
        clause = Clause.objects.filter(anchor=anchor, game=game).first() if looks_like_slug(anchor) else None
        position = initial.get("position", "")
        if position and (parse_position_url(position) or ("", ""))[1] != game.slug:
            position = ""
        # A question from "ask it as a new question" on the search page fills the form in.
        question = clean_text(initial.get("question", ""), multiline=True)[:QUESTION_MAX]
        context: dict[str, Any] = {
            "game": game, "clause": clause, "position_url": position, "ask_form": None, "question": question,
        }  # fmt: skip
        if request.htmx and not request.htmx.history_restore_request:
            return render(request, "faq/_ask_form.html", {**context, "autofocus": True})
        return render(request, "faq/ask.html", context)

    form = AskForm(request.POST)
    if form.is_bot:
        # Bots get the same confirmation, but nothing is stored or counted against real visitors.
        return _confirmation(new_token())
    if not form.is_valid():
        game_slug, anchor = str(request.POST.get("game", ""))[:60], str(request.POST.get("clause", ""))[:100]
        game = Game.objects.filter(slug=game_slug).first() if looks_like_slug(game_slug) else None
        clause = Clause.objects.filter(anchor=anchor, game=game).first() if game and looks_like_slug(anchor) else None
        position = form.cleaned_data.get("position", "") if "position" not in form.errors else ""
        return render(
            request,
            "faq/ask.html",
            {"game": game, "clause": clause, "position_url": position, "ask_form": form},
            status=400,
        )
    data = {**form.cleaned_data, "language": request.LANGUAGE_CODE}
    notify.erase_expired()  # the addresses kept too long go (manage.py notifyaskers does it too)
    token = asking.question_token(data["nonce"], data["game"].slug, data["question"])
    entry = asking.find_question(token)  # the same form sent again: the same entry and link
    if entry is None:
        if ratelimit.used_up(request):
            return _limited(request, data["question"])
        entry, created = asking.store_question(data, token)
        # Only the copy that stored the question counts: a simultaneous copy of the same form
        # found it stored and shows the same link.
        if created and ratelimit.consume(request) is None:
            entry.delete()  # over the limit after all: questions sent at the same moment
            return _limited(request, data["question"])
    return _confirmation(token)  # the entry's token


def _chosen(choice: str) -> tuple[str, Entry | Clause | None]:
    """The answer a "This answers my question" button names ("faq:<game>:<slug>" or
    "clause:<id>"): a published entry, or a clause, of a game on the site."""
    kind, _sep, ref = choice.partition(":")
    if kind == "faq":
        answer_game, _sep, slug = ref.partition(":")
        if looks_like_slug(answer_game) and looks_like_slug(slug):
            entry = Entry.objects.published().filter(game_id=answer_game, slug=slug).first()
            return f"faq:{answer_game}:{slug}", entry
    elif kind == "clause" and looks_like_slug(ref):
        return f"clause:{ref}", Clause.objects.filter(anchor=ref).first()
    return "", None


@require_POST
def answered(request: HttpRequest) -> HttpResponse:
    """"This answers my question" under a suggestion in the ask form: the asking ends without a
    question being filed; the choice (and the words typed, no name or address) is counted for the
    editors, once per person (faq.counting), under the game of the answer chosen, and the reader
    goes to the answer. The button submits the ask form itself, so the request carries its CSRF
    token, game, nonce and question."""
    game_slug = str(request.POST.get("game", ""))[:60]
    game = Game.objects.filter(slug=game_slug).first() if looks_like_slug(game_slug) else None
    key, target = _chosen(str(request.POST.get("answered", ""))[:200])
    if game is None or target is None:
        message = _("That answer does not exist (any more): choose another one.") if game else NOT_A_RULEBOOK
        return render(request, "400.html", {"message": message}, status=400)
    url = target.get_absolute_url() if isinstance(target, Entry) else reverse("rulebooks:clause", args=[target.game_id, target.anchor])
    response = HttpResponseRedirect(url)
    response.status_code = 303  # see the answer (a GET), not the form again
    if request.POST.get(HONEYPOT):
        return response  # a bot's click is not counted
    refused = counting.refusal(request, key, str(request.POST.get("nonce", ""))[:200])
    if refused is not None:
        counting.tally(refused)
    else:
        SuggestionAnswer.objects.create(
            game_id=target.game_id,  # an answer of another game counts for its own game
            language=request.LANGUAGE_CODE,
            question=clean_text(str(request.POST.get("question", ""))[: QUESTION_MAX * 2], multiline=True)[:QUESTION_MAX],
            entry=target if isinstance(target, Entry) else None,
            clause=target if isinstance(target, Clause) else None,
        )
    counting.remember(request, response, key)
    return response


def _limited(request: HttpRequest, question: str) -> HttpResponse:
    wait = ratelimit.retry_after()
    response = render(
        request, "faq/ratelimited.html", {"minutes": max(1, -(-wait // 60)), "question": question}, status=429
    )
    response["Retry-After"] = str(wait)
    return response


def _confirmation(token: str) -> HttpResponse:
    """Redirect to the confirmation page, which shows the tracking link from a signed cookie."""
    response = redirect("faq:thanks")
    response.set_signed_cookie(
        CONFIRM_COOKIE,
        token,
        salt=CONFIRM_SALT,
        max_age=CONFIRM_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response


@require_safe
@never_cache
def thanks(request: HttpRequest) -> HttpResponse:
    """Confirmation after a question: the private link to follow it."""
    token = request.get_signed_cookie(CONFIRM_COOKIE, default="", salt=CONFIRM_SALT, max_age=CONFIRM_MAX_AGE) or ""
    if not 20 <= len(token) <= 64 or not set(token) <= TOKEN_CHARS:
        token = ""
    # Back to where the question was asked: the position, the clause or the game's rules.
    entry = Entry.objects.filter(token=token).select_related("game").first() if token else None
    context: dict[str, Any] = {"token": token}
    if entry is not None:
        context.update(
            game=localize_game(entry.game),
            back_clause=entry.clauses.order_by("position").first(),
            position_link=localize_position_url(entry.position_url, request.LANGUAGE_CODE),
        )
    return render(request, "faq/thanks.html", context)


@require_safe
@never_cache
def track(request: HttpRequest, token: str) -> HttpResponse:
    """The asker's private page: the status of the question, and the entry once published."""
    if not 20 <= len(token) <= 64 or not set(token) <= TOKEN_CHARS:
        raise Http404(_("This tracking link is not valid."))
    entry = Entry.objects.filter(token=token).select_related("game").first()
    if entry is None:
        raise Http404(_("This tracking link is not valid."))
    response = render(
        request,
        "faq/track.html",
        {
            "entry": entry,
            "game": localize_game(entry.game),
            "clauses": _clauses_of(entry, entry.game),
            "position_link": localize_position_url(entry.position_url, request.LANGUAGE_CODE),
        },
    )
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
