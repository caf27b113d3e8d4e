"""The editors' workflow in the Django admin (staff only).

Triage incoming questions (filters on game, status, published and origin), write the answer in
Markdown and see it rendered ("save and continue editing" refreshes the preview), attach
clauses, a scenario or a position, publish or unpublish, and mark an entry changed with a
reason (kept in its public history). The queue (``queue/``) lists the questions still to answer
with the closest existing rulings, the position's board and the language asked in, and marks a
question a duplicate of a ruling; the asker is told by e-mail once a question is answered and
published or marked a duplicate (:mod:`faq.notify`). Visitors' typed words become phrasings only
one asking at a time, with the permission ``faq.approve_typed_phrasing``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Count, Q, QuerySet, Sum
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from rulebooks.models import Clause
from rulebooks.rendering import LANG_PLACEHOLDER

from . import notify, ratelimit, triage
from .forms import EntryAdminForm
from .models import (
    APPROVE_PERMISSION,
    PHRASING_MAX,
    Change,
    Entry,
    EntryTranslation,
    Phrasing,
    RefusedCount,
    SuggestionAnswer,
)
from .positions import localize_position_url, preview_image_url

if TYPE_CHECKING:
    from django.forms.models import BaseInlineFormSet
    from django_stubs_ext import StrOrPromise

    # django-stubs makes the admin's classes generic; Django's own take no type parameters.
    _EntryAdmin = admin.ModelAdmin[Entry]
    _PhrasingAdmin = admin.ModelAdmin[Phrasing]
    _SuggestionAnswerAdmin = admin.ModelAdmin[SuggestionAnswer]
    _ChangeInline = admin.TabularInline[Change, Entry]
    _TranslationInline = admin.StackedInline[EntryTranslation, Entry]
    _PhrasingInline = admin.TabularInline[Phrasing, Entry]
else:
    _EntryAdmin = _PhrasingAdmin = _SuggestionAnswerAdmin = admin.ModelAdmin
    _ChangeInline = _PhrasingInline = admin.TabularInline
    _TranslationInline = admin.StackedInline

# Clauses cited by "answer with this", kept on the request from save_model to save_related.
CITED_BY_LINK_ATTR = "_cited_by_link"


class EntryAdminKeepsRetiredForm(EntryAdminForm):
    """The clauses of a retired game (hidden from the site, kept in the database) stay choices, so
    saving one of its entries in the admin does not drop the citations the page could not show."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clauses = self.fields.get("clauses")
        if isinstance(clauses, forms.ModelMultipleChoiceField):
            clauses.queryset = Clause.all_objects.select_related("game").order_by("game__order", "position")


CHANGE_FIELDS = ("created_at", "reason", "editor")


class ChangeInline(_ChangeInline):
    model = Change
    extra = 0
    can_delete = False
    fields = CHANGE_FIELDS
    readonly_fields = CHANGE_FIELDS

    def has_add_permission(self, request: HttpRequest, obj: Entry | None = None) -> bool:
        return False


class TranslationInline(_TranslationInline):
    """The entry's question and answer in the site's other languages (not the rulebook's own)."""

    model = EntryTranslation
    extra = 0
    fields = ["language", "question", "answer"]


class PhrasingInline(_PhrasingInline):
    """"Players also say" for this entry, written here (the content file's own are listed above
    the answer, read-only: ``loadrules`` keeps them in sync with the file)."""

    model = Phrasing
    fk_name = "entry"
    extra = 1
    fields = ["language", "text"]
    verbose_name = _("“players also say” phrasing")
    verbose_name_plural = _("Players also say (searched with this entry)")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Phrasing]:
        return super().get_queryset(request).filter(origin=Phrasing.ADMIN)


@admin.register(Entry)
class EntryAdmin(_EntryAdmin):
    form = EntryAdminKeepsRetiredForm
    list_display = [
        "short_question", "game", "asker_language", "status", "published", "origin", "is_verified",
        "answered_by_suggestion", "asked_date", "created_at",
    ]  # fmt: skip
    list_display_links = ["short_question"]
    list_filter = ["game", "status", "published", "origin", "edited_in_admin"]
    search_fields = ["question", "answer", "slug", "asker_name", "asker_email"]
    date_hierarchy = "created_at"
    ordering = ["-created_at"]
    filter_horizontal = ["clauses"]
    inlines = [TranslationInline, PhrasingInline, ChangeInline]
    actions = ["publish", "unpublish", "restore_repository_version"]
    readonly_fields = [
        "existing_answers", "file_phrasings", "preview", "is_verified", "origin", "source_path", "edited_in_admin", "asker_name", "asker_email",
        "asker_language", "notified_at", "duplicate_of", "position_board", "tracking_link", "created_at", "answered_at", "changed_at", "published_at", "updated_at",
    ]  # fmt: skip
    fieldsets = [
        (None, {"fields": ["game", "slug", "question", "asker_language", "position_board", "status", "published", "duplicate_of", "existing_answers"]}),
        (
            _("Answer"),
            {"fields": ["answer", "preview", "clauses", "scenario", "is_verified", "position_url", "file_phrasings"]},
        ),
        (_("Mark as changed"), {"fields": ["change_reason"]}),
        (_("Asked by"), {"fields": ["asker_name", "asker_email", "notified_at", "tracking_link"]}),
        (
            _("Origin and dates"),
            {
                "fields": [
                    "origin", "provenance", "source_path", "edited_in_admin", "asked_at", "created_at",
                    "answered_at", "changed_at", "published_at", "updated_at",
                ]  # fmt: skip
            },
        ),
    ]

    def get_urls(self) -> list[URLPattern]:
        queue = self.admin_site.admin_view(self.queue_view)
        duplicate = self.admin_site.admin_view(self.duplicate_view)
        return [
            path("queue/", queue, name="faq_entry_queue"),
            path("<int:pk>/duplicate/", duplicate, name="faq_entry_duplicate"),
            *super().get_urls(),
        ]

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        waiting = Entry.objects.filter(status__in=QUEUE_STATUSES, published=False, duplicate_of=None).count()
        return super().changelist_view(request, {**(extra_context or {}), "queue_count": waiting})

    def queue_view(self, request: HttpRequest) -> HttpResponse:
        """The editors' queue: questions still to answer, oldest first, each with its game, the
        language it was asked in, the position's board, and the closest existing rulings and
        clauses (the site's search), with "mark as duplicate of this" for a ruling of its game."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        notify.erase_expired()
        waiting = (
            Entry.objects.filter(status__in=QUEUE_STATUSES, published=False, duplicate_of=None)
            .select_related("game")
            .order_by("created_at", "pk")
        )
        total = waiting.count()
        items = [queue_item(entry) for entry in waiting[:QUEUE_PAGE]]
        context = {
            **self.admin_site.each_context(request),
            "title": _("Questions to answer"),
            "opts": self.model._meta,
            "items": items,
            "total": total,
            "shown": len(items),
            "can_change": self.has_change_permission(request),
        }
        return TemplateResponse(request, "admin/faq/entry/queue.html", context)

    def duplicate_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """"Mark as duplicate of …": answer a question with the published ruling that already
        answers it; its asker is told by e-mail with the ruling's link."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        entry = Entry.objects.filter(pk=pk).select_related("game").first()
        if entry is None:
            raise Http404
        if not self.has_change_permission(request, entry):
            raise PermissionDenied
        kind, _sep, ref = str(request.POST.get("of", ""))[:200].partition(":")
        game_slug, _sep, slug = ref.partition(":")
        ruling = Entry.objects.published().filter(game_id=game_slug, slug=slug).first() if kind == "faq" else None
        problem = triage.mark_duplicate(entry, ruling) if ruling is not None else gettext("not a published ruling")
        if problem:
            self.message_user(request, _("Not marked as a duplicate: %(why)s.") % {"why": problem}, messages.ERROR)
        else:
            self.message_user(
                request, _("Marked as a duplicate of “%(ruling)s”.") % {"ruling": ruling}, messages.SUCCESS
            )
            tell_asker_once_committed(self, request, entry)
        back = str(request.POST.get("next", ""))
        if back != "queue":
            return HttpResponseRedirect(reverse("admin:faq_entry_change", args=[entry.pk]))
        return HttpResponseRedirect(reverse("admin:faq_entry_queue"))

    def get_queryset(self, request: HttpRequest) -> QuerySet[Entry]:
        queryset = super().get_queryset(request).select_related("game")
        return queryset.annotate(suggestion_count=Count("suggestion_answers", distinct=True))

    @admin.display(description=_("answered a question as a suggestion"), ordering="suggestion_count")
    def answered_by_suggestion(self, obj: Entry) -> int | str:
        return getattr(obj, "suggestion_count", 0) or "—"

    @admin.display(description=_("existing answers that match"))
    def existing_answers(self, obj: Entry) -> StrOrPromise:
        """For a question still to answer: the rulings and clauses the search finds for it, each
        with "answer with this" (links it in the answer, cites its clauses, keeps editing)."""
        if not obj.pk or obj.status in Entry.ANSWERED_STATUSES:
            return "—"
        hits = triage.matches(obj.question, obj.game, triage.question_language(obj))
        if not hits:
            return _("The search finds no ruling or clause for this question.")
        rows = []
        for hit in hits:
            target = f"faq:{hit.url_args[0]}:{hit.url_args[1]}" if hit.is_faq else f"clause:{hit.url_args[1]}"
            url = (
                reverse("faq:entry", args=hit.url_args) if hit.is_faq else reverse("rulebooks:clause", args=hit.url_args)
            )
            label = _("Ruling") if hit.is_faq else f"§{hit.number}"
            duplicate = ""
            if hit.is_faq and hit.url_args[0] == obj.game_id:
                duplicate = format_html(
                    ' <button type="submit" class="button" formaction="{}" formnovalidate name="of" value="{}">{}</button>',
                    reverse("admin:faq_entry_duplicate", args=[obj.pk]), target, _("Mark as duplicate of this"),
                )  # fmt: skip
            rows.append(
                format_html(
                    '<li><a href="{}" target="_blank" rel="noopener">{} {}</a> <small>{}</small> '
                    '<button type="submit" class="button" name="_answer_with" value="{}">{}</button>{}</li>',
                    url, label, hit.title_html, hit.game.title, target, _("Answer with this"), duplicate,
                )  # fmt: skip
            )
        return format_html('<ol class="triage-matches">{}</ol>', mark_safe("".join(rows)))

    @admin.display(description=_("position"))
    def position_board(self, obj: Entry) -> StrOrPromise:
        return position_board(obj)

    @admin.display(description=_("players also say (content file)"))
    def file_phrasings(self, obj: Entry) -> str:
        rows = list(obj.phrasings.filter(origin=Phrasing.FILE)) if obj.pk else []
        if not rows:
            return "—"
        return format_html_join_lines(f"{p.language}: {p.text}" for p in rows)

    def response_change(self, request: HttpRequest, obj: Entry) -> HttpResponse:
        if "_answer_with" in request.POST:  # keep editing the answer just linked
            post = request.POST.copy()
            post["_continue"] = "1"
            # django-stubs types request.POST as read-only; the admin reads "_continue" from it.
            request.POST = post  # type: ignore[assignment]
        return super().response_change(request, obj)

    @admin.display(description=_("question"), ordering="question")
    def short_question(self, obj: Entry) -> str:
        return str(obj)

    @admin.display(description=_("asked"), ordering="asked_at")
    def asked_date(self, obj: Entry) -> date | str:
        return obj.asked_at.date() if obj.asked_at else "—"

    @admin.display(description=_("checked by the rules engine"), boolean=True)
    def is_verified(self, obj: Entry) -> bool:
        return obj.verified

    @admin.display(description=_("preview"))
    def preview(self, obj: Entry) -> StrOrPromise:
        if not obj.pk or not obj.answer_html:
            return _("Save the entry (“Save and continue editing”) to see the answer rendered here.")
        html = obj.answer_html.replace(LANG_PLACEHOLDER, f"/{get_language()}/")
        # answer_html was sanitised by faq.rendering when the entry was saved.
        return format_html('<div class="faq-preview" lang="{}">{}</div>', obj.game.language, mark_safe(html))

    @admin.display(description=_("tracking link"))
    def tracking_link(self, obj: Entry) -> str:
        if not obj.token:
            return "—"
        url = reverse("faq:track", args=[obj.token])
        return format_html('<a href="{}">{}</a>', url, url)

    def save_related(
        self, request: HttpRequest, form: EntryAdminForm, formsets: list[BaseInlineFormSet[Any, Entry, Any]], change: bool
    ) -> None:
        super().save_related(request, form, formsets, change)
        cited = getattr(request, CITED_BY_LINK_ATTR, [])
        if cited:
            form.instance.clauses.add(*cited)

    def save_formset(
        self, request: HttpRequest, form: EntryAdminForm, formset: BaseInlineFormSet[Any, Entry, Any], change: bool
    ) -> None:
        super().save_formset(request, form, formset, change)
        entry = form.instance
        if formset.model is EntryTranslation and formset.has_changed() and entry.origin == Entry.REPOSITORY:
            # A translation changed here: from now on the files no longer overwrite this entry.
            Entry.objects.filter(pk=entry.pk).update(edited_in_admin=True)

    def _answer_with(self, request: HttpRequest, obj: Entry) -> list[Clause]:
        """"Answer with this": the link added to the answer, and the clauses it cites."""
        kind, _sep, ref = str(request.POST.get("_answer_with", ""))[:200].partition(":")
        lang = obj.game.language
        if kind == "clause":
            clause = Clause.objects.filter(anchor=ref).first()
            if clause is None:
                return []
            obj.answer = (obj.answer.rstrip() + "\n\n" + triage.CLAUSE_ANSWER.get(lang, triage.CLAUSE_ANSWER["en"]).format(ref=ref)).strip()
            return [clause]
        game_slug, _sep, slug = ref.partition(":")
        entry = Entry.objects.published().filter(game_id=game_slug, slug=slug).first()
        if entry is None:
            return []
        obj.answer = (obj.answer.rstrip() + "\n\n" + triage.ruling_link(entry, lang)).strip()
        return list(entry.clauses.all())

    def save_model(self, request: HttpRequest, obj: Entry, form: EntryAdminForm, change: bool) -> None:
        cited = self._answer_with(request, obj) if "_answer_with" in request.POST else []
        if change and form.has_changed() and obj.origin == Entry.REPOSITORY:
            obj.edited_in_admin = True
        changed_at = timezone.now() if form.records_change else None
        if changed_at is not None:
            obj.changed_at = changed_at
        super().save_model(request, obj, form, change)
        tell_asker_once_committed(self, request, obj)
        setattr(request, CITED_BY_LINK_ATTR, cited)  # added after the form's own clauses are saved (save_related)
        if changed_at is not None:
            editor = None if isinstance(request.user, AnonymousUser) else request.user
            Change.objects.create(
                entry=obj, reason=form.cleaned_data["change_reason"], editor=editor, created_at=changed_at
            )

    @admin.action(description=_("Publish the selected entries"), permissions=["change"])
    def publish(self, request: HttpRequest, queryset: QuerySet[Entry]) -> None:
        done, skipped = 0, 0
        for entry in queryset:
            if not entry.answer.strip():
                skipped += 1
                continue
            if entry.status not in Entry.ANSWERED_STATUSES:
                entry.status = Entry.ANSWERED
            entry.published = True
            if entry.origin == Entry.REPOSITORY:
                entry.edited_in_admin = True
            entry.save()
            tell_asker_once_committed(self, request, entry)
            done += 1
        self.message_user(
            request, ngettext("%(n)d entry published.", "%(n)d entries published.", done) % {"n": done}, messages.SUCCESS
        )
        if skipped:
            self.message_user(
                request,
                ngettext(
                    "%(n)d entry has no answer yet and was not published.",
                    "%(n)d entries have no answer yet and were not published.",
                    skipped,
                )
                % {"n": skipped},
                messages.WARNING,
            )

    @admin.action(description=_("Unpublish the selected entries"), permissions=["change"])
    def unpublish(self, request: HttpRequest, queryset: QuerySet[Entry]) -> None:
        done = 0
        for entry in queryset.filter(published=True):
            entry.published = False
            if entry.origin == Entry.REPOSITORY:
                entry.edited_in_admin = True
            entry.save()
            done += 1
        self.message_user(
            request,
            ngettext("%(n)d entry unpublished.", "%(n)d entries unpublished.", done) % {"n": done},
            messages.SUCCESS,
        )

    @admin.action(description=_("Restore the repository version"), permissions=["change"])
    def restore_repository_version(self, request: HttpRequest, queryset: QuerySet[Entry]) -> None:
        from rulebooks.loader import read_content

        from .sync import sync_curated

        keys = {(e.game_id, e.slug) for e in queryset.filter(origin=Entry.REPOSITORY)}
        if not keys:
            self.message_user(request, _("None of the selected entries comes from the repository."), messages.WARNING)
            return
        content = read_content(check_seeds=False)
        if content.problems:
            self.message_user(
                request, _("The repository content has problems; run checkrules. Nothing was restored."), messages.ERROR
            )
            return
        match = reduce(or_, [Q(game_id=game, slug=slug) for game, slug in keys])
        Entry.objects.filter(match, origin=Entry.REPOSITORY).update(edited_in_admin=False, content_hash="")
        report = sync_curated(content, only=keys)
        restored = report.created + report.updated
        self.message_user(
            request,
            ngettext("%(n)d entry restored from its file.", "%(n)d entries restored from their files.", restored)
            % {"n": restored},
            messages.SUCCESS,
        )



QUEUE_STATUSES = (Entry.RECEIVED, Entry.REVIEW)
QUEUE_PAGE = 30
QUEUE_MATCHES = 3  # of each kind: the closest rulings, then the closest clauses


def site_url(request: HttpRequest) -> str:
    """Where the links in e-mails start: SITE_URL, else the address this request came to."""
    return settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")


def tell_asker_once_committed(model_admin: admin.ModelAdmin[Any], request: HttpRequest, entry: Entry) -> None:
    """Once the editor's change is committed: the asker's one e-mail if it is now due, and a
    message saying so (or that it will be tried again)."""
    if not notify.is_due(entry):
        return
    base = site_url(request)

    def send() -> None:
        outcome = notify.notify(entry, base)
        if outcome == notify.SENT:
            model_admin.message_user(
                request, _("The asker was told by e-mail; their address is erased."), messages.SUCCESS
            )
        elif outcome == notify.FAILED:
            model_admin.message_user(
                request,
                _("The e-mail to the asker could not be sent; “manage.py notifyaskers” tries again."),
                messages.WARNING,
            )

    transaction.on_commit(send)


def position_board(entry: Entry) -> StrOrPromise:
    """The position a question was asked about: its board (the link-preview image) and link."""
    lang = get_language() or entry.game.language
    link = localize_position_url(entry.position_url, lang)
    if not link:
        return "—"
    image = preview_image_url(entry.position_url, lang)
    picture = (
        format_html('<img src="{}" alt="" width="240" height="126" loading="lazy" style="display:block">', image)
        if image
        else ""
    )
    return format_html(
        '<a class="queue-board" href="{}" target="_blank" rel="noopener">{}{}</a>', link, picture, _("Open the position")
    )


def queue_item(entry: Entry) -> dict[str, Any]:
    """One question of the queue and the closest existing rulings and clauses."""
    lang = triage.question_language(entry)
    hits = triage.matches(entry.question, entry.game, lang)
    # A ruling may answer it already, a clause may be the answer: the best few of each kind, so
    # good rulings never push every clause out of the list.
    hits = [h for h in hits if h.is_faq][:QUEUE_MATCHES] + [h for h in hits if not h.is_faq][:QUEUE_MATCHES]
    matches = []
    for hit in hits:
        same_game = hit.url_args[0] == entry.game_id
        matches.append({
            "hit": hit,
            "url": reverse("faq:entry", args=hit.url_args) if hit.is_faq else reverse("rulebooks:clause", args=hit.url_args),
            "duplicate": f"faq:{hit.url_args[0]}:{hit.url_args[1]}" if hit.is_faq and same_game else "",
        })  # fmt: skip
    return {
        "entry": entry,
        "language": dict(settings.LANGUAGES).get(lang, lang),
        "board": position_board(entry),
        "matches": matches,
    }


def format_html_join_lines(lines: Iterable[str]) -> str:
    return format_html("<ul>{}</ul>", mark_safe("".join(format_html("<li>{}</li>", line) for line in lines)))


@admin.register(Phrasing)
class PhrasingAdmin(_PhrasingAdmin):
    """Every "players also say" phrasing: those of the content files (read-only here) and the
    admin's. Add one to a clause here (a clause has no admin page of its own), or to an FAQ entry
    on the entry's page."""

    list_display = ["text", "language", "target", "game", "origin", "created_at"]
    list_filter = ["game", "language", "origin"]
    search_fields = ["text", "clause__anchor", "clause__title", "entry__question"]
    raw_id_fields = ["clause", "entry"]
    fields = ["clause", "entry", "language", "text"]

    @admin.display(description=_("clause or FAQ entry"))
    def target(self, obj: Phrasing) -> Clause | Entry | None:
        return obj.clause or obj.entry

    def has_change_permission(self, request: HttpRequest, obj: Phrasing | None = None) -> bool:
        if obj is not None and obj.origin == Phrasing.FILE:
            return False  # loadrules keeps these in line with phrasings.toml
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Phrasing | None = None) -> bool:
        if obj is not None and obj.origin == Phrasing.FILE:
            return False
        return super().has_delete_permission(request, obj)


@admin.register(SuggestionAnswer)
class SuggestionAnswerAdmin(_SuggestionAnswerAdmin):
    """Askings that ended with "This answers my question" under a suggestion, beside the
    questions that were sent: how often the suggestions answered instead of an editor, and the
    clicks that were not counted. The words typed become a public "players also say" only one
    asking at a time, on its page, by an editor with the permission to approve them."""

    list_display = ["created_at", "game", "language", "chosen", "question_typed", "review"]
    list_filter = ["review", "game", "language", "created_at"]
    search_fields = ["question", "entry__question", "clause__title"]
    date_hierarchy = "created_at"
    actions = None  # no bulk action: words are approved one by one
    readonly_fields = ["created_at", "game", "language", "question", "entry", "clause", "review"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: SuggestionAnswer | None = None) -> bool:
        return False

    @admin.display(description=_("answer chosen"))
    def chosen(self, obj: SuggestionAnswer) -> Entry | Clause | str:
        return obj.entry or obj.clause or "—"

    @admin.display(description=_("question typed"))
    def question_typed(self, obj: SuggestionAnswer) -> str:
        text = " ".join(obj.question.split())
        return text if len(text) <= 90 else text[:89] + "…"

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        limit, window = ratelimit.rate("faq-answered")
        extra_context = {
            **(extra_context or {}), "deflection": deflection_figures(),
            "answer_rate_count": limit, "answer_rate_minutes": max(1, window // 60),
        }  # fmt: skip
        return super().changelist_view(request, extra_context)

    def get_urls(self) -> list[URLPattern]:
        review = self.admin_site.admin_view(self.review_words)
        return [path("<int:pk>/words/", review, name="faq_suggestionanswer_words"), *super().get_urls()]

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        row = self.get_object(request, object_id)
        can_approve = request.user.has_perm(f"faq.{APPROVE_PERMISSION}")
        words = " ".join(row.question.split())[:PHRASING_MAX] if row is not None else ""
        extra_context = {**(extra_context or {}), "can_approve": can_approve, "words": words, "row": row}
        return super().change_view(request, object_id, form_url, extra_context)

    def review_words(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Approve the words typed as a "players also say" phrasing of the answer chosen (as
        typed, or as the editor shortened them), or mark them "not a phrasing". One asking per
        request; only with the permission ``faq.approve_typed_phrasing``."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not request.user.has_perm(f"faq.{APPROVE_PERMISSION}"):
            raise PermissionDenied
        row = SuggestionAnswer.objects.filter(pk=pk).select_related("entry", "clause").first()
        if row is None:
            raise Http404
        back = reverse("admin:faq_suggestionanswer_change", args=[row.pk])
        if request.POST.get("decision") == "reject":
            row.review = SuggestionAnswer.REJECTED
            row.save(update_fields=["review"])
            self.message_user(request, _("The words stay private: marked “not a phrasing”."), messages.SUCCESS)
            return HttpResponseRedirect(back)
        problem = approve_words(row, str(request.POST.get("text", ""))[: PHRASING_MAX * 4])
        if problem:
            self.message_user(request, problem, messages.ERROR)
        else:
            self.message_user(request, _("Approved: players who say it this way now find this answer."), messages.SUCCESS)
        return HttpResponseRedirect(back)


def approve_words(row: SuggestionAnswer, text: str) -> str:
    """Make ``text`` (the words of ``row``, possibly shortened) a public phrasing of the answer
    chosen; "" when done, else why not (nothing changed)."""
    target: dict[str, Entry | Clause] = {"entry": row.entry} if row.entry else {"clause": row.clause} if row.clause else {}
    if not target:
        return str(_("The answer chosen no longer exists: there is nothing to attach the words to."))
    phrasing = Phrasing(language=row.language, text=text, origin=Phrasing.ADMIN, **target)
    try:
        phrasing.full_clean(exclude=["game"])
    except ValidationError as error:
        return " ".join(error.messages)
    if Phrasing.objects.filter(language=row.language, text=phrasing.text, **target).exists():
        return str(_("This answer already has that phrasing."))
    with transaction.atomic():
        phrasing.save()
        row.review = SuggestionAnswer.APPROVED
        row.save(update_fields=["review"])
    return ""


def deflection_figures(days: Iterable[int | None] = (7, 30, None)) -> list[dict[str, int | None]]:
    """Per period: askings a suggestion answered, questions sent, the share answered, and the
    clicks not counted (the same browser or asking again; over an address's limit)."""
    now = timezone.now()
    rows = []
    for span in days:
        answered = SuggestionAnswer.objects.all()
        asked = Entry.objects.filter(origin=Entry.VISITOR)
        refused = RefusedCount.objects.all()
        if span is not None:
            since = now - timedelta(days=span)
            answered, asked = answered.filter(created_at__gte=since), asked.filter(created_at__gte=since)
            refused = refused.filter(day__gt=timezone.localdate(now) - timedelta(days=span))
        a, q = answered.count(), asked.count()
        by_reason = dict(refused.values("reason").annotate(total=Sum("count")).values_list("reason", "total"))
        rows.append({
            "days": span, "answered": a, "asked": q, "share": round(100 * a / (a + q)) if a + q else None,
            "repeats": by_reason.get(RefusedCount.REPEAT, 0), "over_limit": by_reason.get(RefusedCount.LIMIT, 0),
        })  # fmt: skip
    return rows
