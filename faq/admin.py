"""The editors' workflow in the Django admin (staff only).

Triage incoming questions (filters on game, status, published and origin), write the answer in
Markdown and see it rendered ("save and continue editing" refreshes the preview), attach
clauses, a scenario or a position, publish or unpublish, and mark an entry changed with a
reason (kept in its public history).
"""

from functools import reduce
from operator import or_

from django.contrib import admin, messages
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _

from rulebooks.models import Clause
from rulebooks.rendering import LANG_PLACEHOLDER

from .forms import EntryAdminForm
from .models import Change, Entry, EntryTranslation


class EntryAdminKeepsRetiredForm(EntryAdminForm):
    """The clauses of a retired game (hidden from the site, kept in the database) stay choices, so
    saving one of its entries in the admin does not drop the citations the page could not show."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "clauses" in self.fields:
            self.fields["clauses"].queryset = Clause.all_objects.select_related("game").order_by("game__order", "position")


class ChangeInline(admin.TabularInline):
    model = Change
    extra = 0
    can_delete = False
    fields = ["created_at", "reason", "editor"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


class TranslationInline(admin.StackedInline):
    """The entry's question and answer in the site's other languages (not the rulebook's own)."""

    model = EntryTranslation
    extra = 0
    fields = ["language", "question", "answer"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    form = EntryAdminKeepsRetiredForm
    list_display = ["short_question", "game", "status", "published", "origin", "is_verified", "asked_date", "created_at"]
    list_display_links = ["short_question"]
    list_filter = ["game", "status", "published", "origin", "edited_in_admin"]
    search_fields = ["question", "answer", "slug", "asker_name", "asker_email"]
    date_hierarchy = "created_at"
    ordering = ["-created_at"]
    filter_horizontal = ["clauses"]
    inlines = [TranslationInline, ChangeInline]
    actions = ["publish", "unpublish", "restore_repository_version"]
    readonly_fields = [
        "preview", "is_verified", "origin", "source_path", "edited_in_admin", "asker_name", "asker_email",
        "tracking_link", "created_at", "answered_at", "changed_at", "published_at", "updated_at",
    ]  # fmt: skip
    fieldsets = [
        (None, {"fields": ["game", "slug", "question", "status", "published"]}),
        (_("Answer"), {"fields": ["answer", "preview", "clauses", "scenario", "is_verified", "position_url"]}),
        (_("Mark as changed"), {"fields": ["change_reason"]}),
        (_("Asked by"), {"fields": ["asker_name", "asker_email", "tracking_link"]}),
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

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game")

    @admin.display(description=_("question"), ordering="question")
    def short_question(self, obj):
        return str(obj)

    @admin.display(description=_("asked"), ordering="asked_at")
    def asked_date(self, obj):
        return obj.asked_at.date() if obj.asked_at else "—"

    @admin.display(description=_("checked by the rules engine"), boolean=True)
    def is_verified(self, obj):
        return obj.verified

    @admin.display(description=_("preview"))
    def preview(self, obj):
        if not obj.pk or not obj.answer_html:
            return _("Save the entry (“Save and continue editing”) to see the answer rendered here.")
        html = obj.answer_html.replace(LANG_PLACEHOLDER, f"/{get_language()}/")
        # answer_html was sanitised by faq.rendering when the entry was saved.
        return format_html('<div class="faq-preview" lang="{}">{}</div>', obj.game.language, mark_safe(html))

    @admin.display(description=_("tracking link"))
    def tracking_link(self, obj):
        if not obj.token:
            return "—"
        url = reverse("faq:track", args=[obj.token])
        return format_html('<a href="{}">{}</a>', url, url)

    def save_formset(self, request, form, formset, change):
        super().save_formset(request, form, formset, change)
        entry = form.instance
        if formset.model is EntryTranslation and formset.has_changed() and entry.origin == Entry.REPOSITORY:
            # A translation changed here: from now on the files no longer overwrite this entry.
            Entry.objects.filter(pk=entry.pk).update(edited_in_admin=True)

    def save_model(self, request, obj, form, change):
        if change and form.has_changed() and obj.origin == Entry.REPOSITORY:
            obj.edited_in_admin = True
        if form.records_change:
            obj.changed_at = timezone.now()
        super().save_model(request, obj, form, change)
        if form.records_change:
            Change.objects.create(
                entry=obj, reason=form.cleaned_data["change_reason"], editor=request.user, created_at=obj.changed_at
            )

    @admin.action(description=_("Publish the selected entries"), permissions=["change"])
    def publish(self, request, queryset):
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
    def unpublish(self, request, queryset):
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
    def restore_repository_version(self, request, queryset):
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

