"""FAQ pages: per game, per entry, the site-wide index; asking a question and following it."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from rulebooks.lookups import get_game_or_404
from rulebooks.models import Clause, Game, looks_like_slug

from . import ratelimit
from .forms import AskForm
from .models import Entry, new_token, unique_slug
from .positions import MAX_POSITION_URL, localize_position_url, parse_position_url

SESSION_KEY = "faq_last_question"
TOKEN_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@require_safe
def index(request):
    games = list(Game.objects.all())
    published = Entry.objects.published().select_related("game")
    counts: dict[str, int] = {}
    for entry in published.only("game_id"):
        counts[entry.game_id] = counts.get(entry.game_id, 0) + 1
    recent = list(published.by_feed_date()[:10])
    return render(
        request,
        "faq/index.html",
        {"games": [(game, counts.get(game.slug, 0)) for game in games], "recent": recent},
    )


@require_safe
def game_faq(request, game):
    game = get_game_or_404(game)
    entries = list(game.faq_entries.published().select_related("game").by_feed_date())
    return render(request, "faq/game_faq.html", {"game": game, "entries": entries})


@require_safe
def entry_detail(request, game, slug):
    game_obj = get_game_or_404(game)
    entry = (
        Entry.objects.published().filter(game=game_obj, slug=slug).select_related("game").first()
    )
    if entry is None:
        raise Http404(
            _("There is no published question “%(slug)s” about %(game)s.") % {"slug": slug[:80], "game": game_obj.title}
        )
    return render(
        request,
        "faq/entry.html",
        {
            "game": game_obj,
            "entry": entry,
            "clauses": list(entry.clauses.order_by("position")),
            "changes": list(entry.changes.all()),
            "position_link": localize_position_url(entry.position_url, request.LANGUAGE_CODE),
        },
    )


def _prefill(params) -> dict:
    """Initial values of the ask form from GET parameters (all optional; checked on submit)."""
    initial = {}
    for key in ("game", "clause", "position"):
        value = params.get(key, "")
        if isinstance(value, str) and value:
            initial[key] = value[: MAX_POSITION_URL + 1]  # longer is invalid anyway
    return initial


@require_http_methods(["GET", "HEAD", "POST"])
def ask(request):
    """The question form: GET shows it (prefilled), POST stores the question."""
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
        return render(
            request, "faq/ask.html", {"game": game, "clause": clause, "position_url": position, "ask_form": None}
        )

    form = AskForm(request.POST)
    if form.is_bot:
        # Bots get the same confirmation, but nothing is stored or counted against real visitors.
        request.session[SESSION_KEY] = new_token()
        return redirect("faq:thanks")
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
    if ratelimit.is_limited(request):
        minutes = max(1, ratelimit.retry_after() // 60)
        response = render(
            request, "faq/ratelimited.html", {"minutes": minutes, "question": form.cleaned_data["question"]}, status=429
        )
        response["Retry-After"] = str(ratelimit.retry_after())
        return response
    ratelimit.record(request)
    data = form.cleaned_data
    game = data["game"]
    entry = Entry(
        game=game,
        question=data["question"],
        asker_name=data["name"],
        asker_email=data["email"],
        position_url=data.get("position") or "",
        origin=Entry.VISITOR,
        status=Entry.RECEIVED,
        published=False,
        token=new_token(),
    )
    entry.asked_at = entry.created_at
    entry.slug = unique_slug(game.slug, entry.question)
    entry.save()
    if data.get("clause_obj") is not None:
        entry.clauses.add(data["clause_obj"])
    request.session[SESSION_KEY] = entry.token
    return redirect("faq:thanks")


@require_safe
@never_cache
def thanks(request):
    """Confirmation after a question: the private link to follow it."""
    token = request.session.get(SESSION_KEY, "")
    return render(request, "faq/thanks.html", {"token": token if isinstance(token, str) else ""})


@require_safe
@never_cache
def track(request, token):
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
            "game": entry.game,
            "clauses": list(entry.clauses.order_by("position")),
            "position_link": localize_position_url(entry.position_url, request.LANGUAGE_CODE),
        },
    )
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
