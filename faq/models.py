"""FAQ entries: curated rulings from the repository, questions visitors ask, and their history.

One table holds them all. A visitor's question is an entry with status "received" that is not
published; editors answer it in the admin and publish it. Curated entries (``faq/*.md`` in the
content folders) are created and kept in sync by :mod:`faq.sync`. Only published entries are
public.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulebooks.localize import reader_language
from rulebooks.models import Clause, Game, ShownInLanguage
from rulebooks.phrasings import MAX_CHARS as PHRASING_MAX_CHARS
from rulebooks.phrasings import phrasing_problem

from . import verification
from .positions import MAX_POSITION_URL, parse_position_url
from .rendering import render_answer

if TYPE_CHECKING:
    from django.contrib.auth.models import User

QUESTION_MIN, QUESTION_MAX = 10, 2000
NAME_MAX, EMAIL_MAX = 100, 200
REASON_MAX = 1000
RESERVED_SLUGS = {"feed"}


def validate_position_url(value: str) -> None:
    if value and parse_position_url(value) is None:
        raise ValidationError(
            _("A position link must be a path on this site like /nl/<game>/sim/…"), code="invalid_position"
        )


def new_token() -> str:
    return secrets.token_urlsafe(24)


class PublishedQuerySet(models.QuerySet["Entry"]):
    def published(self) -> PublishedQuerySet:
        """Public entries: published, of a game that is not retired."""
        return self.filter(published=True, game__retired=False)

    def written_by_people(self) -> PublishedQuerySet:
        """Leave out curated entries that only mirror their repository file (not edited in the
        admin): the loader rebuilds their citations from the files, so it need not protect them."""
        return self.exclude(origin=Entry.REPOSITORY, edited_in_admin=False)

    def by_feed_date(self) -> PublishedQuerySet:
        """Newest publication or change first."""
        return self.annotate(latest_date=Coalesce("changed_at", "published_at", "created_at")).order_by(
            "-latest_date", "-pk"
        )


class Entry(ShownInLanguage, models.Model):
    RECEIVED = "received"
    REVIEW = "review"
    ANSWERED = "answered"
    CHANGED = "changed"
    STATUS_CHOICES = [
        (RECEIVED, _("received")),
        (REVIEW, _("under review")),
        (ANSWERED, _("answered")),
        (CHANGED, _("changed")),
    ]
    ANSWERED_STATUSES = {ANSWERED, CHANGED}

    REPOSITORY = "repository"
    VISITOR = "visitor"
    EDITOR = "editor"
    ORIGIN_CHOICES = [
        (REPOSITORY, _("repository file")),
        (VISITOR, _("visitor question")),
        (EDITOR, _("written in the admin")),
    ]

    # PROTECT: the database itself refuses to delete a game that has entries (people's work).
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="faq_entries", verbose_name=_("game"))
    slug = models.SlugField(
        _("slug"), max_length=80, help_text=_("The last part of the entry's address; keep it once published.")
    )
    question = models.TextField(_("question"), max_length=QUESTION_MAX)
    answer = models.TextField(
        _("answer"), blank=True, help_text=_("Markdown. [[clause-id]] links a clause; raw HTML is cleaned.")
    )
    clauses = models.ManyToManyField(Clause, blank=True, related_name="faq_entries", verbose_name=_("clauses cited"))
    scenario = models.CharField(
        _("scenario"),
        max_length=100,
        blank=True,
        help_text=_("Id of a simulator scenario that proves the answer; its replay earns the badge."),
    )
    position_url = models.CharField(
        _("position link"),
        max_length=MAX_POSITION_URL,
        blank=True,
        validators=[validate_position_url],
        help_text=_("A simulator position on this site, e.g. /nl/finstere-flure/sim/?…"),
    )
    status = models.CharField(_("status"), max_length=10, choices=STATUS_CHOICES, default=RECEIVED)
    published = models.BooleanField(_("published"), default=False)
    origin = models.CharField(_("origin"), max_length=12, choices=ORIGIN_CHOICES, default=EDITOR)
    provenance = models.CharField(_("provenance"), max_length=300, blank=True)

    created_at = models.DateTimeField(_("created"), default=timezone.now)
    asked_at = models.DateTimeField(_("asked"), null=True, blank=True)
    answered_at = models.DateTimeField(_("answered"), null=True, blank=True)
    changed_at = models.DateTimeField(_("last changed"), null=True, blank=True)
    published_at = models.DateTimeField(_("first published"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    # Private: only the asker (through the tracking link) and editors see these.
    asker_name = models.CharField(_("name"), max_length=NAME_MAX, blank=True)
    asker_email = models.EmailField(
        _("email"),
        max_length=EMAIL_MAX,
        blank=True,
        help_text=_("Erased once the asker has been told (faq.notify), or after FAQ_ASKER_EMAIL_DAYS if never answered."),
    )
    asker_language = models.CharField(
        _("asker's language"), max_length=5, blank=True, help_text=_("The language the question was asked in.")
    )
    notified_at = models.DateTimeField(_("asker told"), null=True, blank=True)
    duplicate_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="duplicates",
        verbose_name=_("duplicate of"), help_text=_("The published ruling that already answers this question."),
    )  # fmt: skip
    token = models.CharField(_("tracking token"), max_length=64, unique=True, null=True, blank=True, editable=False)

    # Repository sync bookkeeping (see faq.sync).
    source_path = models.CharField(_("source file"), max_length=300, blank=True)
    content_hash = models.CharField(max_length=64, blank=True, editable=False)
    edited_in_admin = models.BooleanField(
        _("edited in the admin"),
        default=False,
        help_text=_(
            "Set when an editor changes a repository entry here: from then on its file no longer overwrites it."
        ),
    )

    # The rendered answer and its plain text (snippets, the search), refreshed on every save.
    answer_html = models.TextField(blank=True, editable=False)
    answer_text = models.TextField(blank=True, editable=False)

    objects = PublishedQuerySet.as_manager()

    # Set by localize_entries on an entry shown in another language: its own text.
    original_question: str
    original_answer_html: str
    original_language: str
    # Set by faq.feeds: the absolute address its answer's clause links start with.
    link_base: str

    class Meta:
        ordering = ["game", "-created_at"]
        verbose_name = _("FAQ entry")
        verbose_name_plural = _("FAQ entries")
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="faq_entry_unique_slug_per_game")]
        indexes = [models.Index(fields=["published", "game"])]

    def __str__(self) -> str:
        text = " ".join(self.question.split())
        return text if len(text) <= 80 else text[:79] + "…"

    def get_absolute_url(self) -> str:
        return reverse("faq:entry", args=[self.game_id, self.slug])

    @property
    def source_language(self) -> str:
        return self.game.language

    @property
    def verified(self) -> bool:
        """Checked by the rules engine: computed from the scenario replay, never stored."""
        return verification.is_verified(self.game_id, self.scenario)

    @property
    def feed_date(self) -> datetime:
        return self.changed_at or self.published_at or self.created_at

    def clean(self) -> None:
        super().clean()
        if self.slug in RESERVED_SLUGS:
            raise ValidationError({"slug": _("“%(slug)s” is reserved; choose another slug.") % {"slug": self.slug}})
        if self.position_url and self.game_id:
            parsed = parse_position_url(self.position_url)
            if parsed and parsed[1] != self.game_id:
                raise ValidationError({"position_url": _("The position belongs to another game.")})

    def render(self) -> None:
        """Refresh the rendered answer and its plain text from the answer."""
        self.answer_html, self.answer_text = render_answer(self.answer)

    def apply_dates(self, now: datetime | None = None) -> None:
        """Set the answered and first-published dates the first time they apply."""
        now = now or timezone.now()
        if self.status in self.ANSWERED_STATUSES and self.answered_at is None:
            self.answered_at = now
        if self.published and self.published_at is None:
            self.published_at = now

    def save(self, *args: Any, dates: bool = True, **kwargs: Any) -> None:
        self.render()
        if dates:
            self.apply_dates()
        if not self.slug:
            self.slug = unique_slug(self.game_id, self.question)
        super().save(*args, **kwargs)

    def record_change(
        self, reason: str, editor: User | None = None, now: datetime | None = None
    ) -> Change:
        """Mark the entry changed with a public reason (kept in the history)."""
        now = now or timezone.now()
        self.status = self.CHANGED
        self.changed_at = now
        self.save()
        return Change.objects.create(entry=self, reason=reason, editor=editor, created_at=now)


def unique_slug(game_slug: str, text: str, avoid: frozenset[str] | set[str] = frozenset()) -> str:
    """A slug from the first words of ``text``, unique within the game (and not in ``avoid``)."""
    base = slugify(text)
    if len(base) > 60:
        base = base[:61].rsplit("-", 1)[0][:60]
    base = base.strip("-") or "vraag"
    if base in RESERVED_SLUGS:
        base += "-1"
    slug, n = base, 2
    while slug in avoid or Entry.objects.filter(game_id=game_slug, slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


class EntryTranslation(models.Model):
    """An entry's question and answer in a language other than its rulebook's. Curated entries get
    theirs from ``faq/<lang>/<slug>.md``; editors add or change them in the admin."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="translations", verbose_name=_("FAQ entry"))
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="faq_translations", editable=False)
    language = models.CharField(
        _("language"), max_length=5, choices=[(code, code) for code, _name in settings.LANGUAGES]
    )
    question = models.TextField(_("question"), max_length=QUESTION_MAX)
    answer = models.TextField(_("answer"), help_text=_("Markdown, with the same [[clause-id]] links as the original."))

    answer_html = models.TextField(blank=True, editable=False)
    answer_text = models.TextField(blank=True, editable=False)

    class Meta:
        verbose_name = _("translation")
        verbose_name_plural = _("translations")
        constraints = [models.UniqueConstraint(fields=["entry", "language"], name="faq_translation_unique")]
        indexes = [models.Index(fields=["language", "game"])]

    def __str__(self) -> str:
        return f"{self.language}: {' '.join(self.question.split())[:70]}"

    def clean(self) -> None:
        super().clean()
        if self.entry_id and self.language == self.entry.game.language:
            raise ValidationError({"language": _("This is the rulebook's own language: write it in the entry itself.")})

    def render(self) -> None:
        """Refresh the rendered answer (clauses titled in this language) and its plain text."""
        self.answer_html, self.answer_text = render_answer(self.answer, self.language)

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.game_id = self.entry.game_id
        self.render()
        super().save(*args, **kwargs)


def localize_entries(entries: Iterable[Entry], lang: str | None = None) -> list[Entry]:
    """Put the ``lang`` question and answer on entries of rulebooks in other languages (one
    query); an entry without that translation keeps its own text (and says so by its ``lang``).
    The own text stays as ``original_question`` / ``original_answer_html``."""
    lang = lang or reader_language()
    shown = list(entries)
    languages = dict(Game.all_objects.values_list("slug", "language"))
    wanted = [e.pk for e in shown if not e.localized and languages.get(e.game_id) != lang]
    rows = {
        row.entry_id: row
        for row in EntryTranslation.objects.filter(entry_id__in=wanted, language=lang).only(
            "entry_id", "question", "answer_html", "answer_text"
        )
    }
    for entry in shown:
        row = rows.get(entry.pk)
        if row is None:
            if not entry.localized:
                entry.text_language = languages.get(entry.game_id, "")  # its own text, no query for the game
            continue
        entry.original_question, entry.original_answer_html = entry.question, entry.answer_html
        entry.original_language = languages.get(entry.game_id, "")
        entry.question, entry.answer_html, entry.answer_text = row.question, row.answer_html, row.answer_text
        entry.text_language = lang
    return shown


class Change(models.Model):
    """One "changed" edit of an entry: why, who, when. The reason and date are public."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="changes", verbose_name=_("FAQ entry"))
    reason = models.TextField(_("reason"), max_length=REASON_MAX)
    editor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("editor")
    )
    created_at = models.DateTimeField(_("date"), default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("change")
        verbose_name_plural = _("history of changes")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d}: {self.reason[:60]}"


def source_hash(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).hexdigest()


PHRASING_MAX = PHRASING_MAX_CHARS  # rulebooks.phrasings: markup, links and longer texts are refused
APPROVE_PERMISSION = "approve_typed_phrasing"


def phrasing_refusal(problem: str) -> str:
    """Why a phrasing is refused (``rulebooks.phrasings.phrasing_problem``), for the editor."""
    if problem == "markup":
        return gettext("Plain words only: no HTML, Markdown or other markup (< > [ ] { } * ` | \\ &…;).")
    if problem == "link":
        return gettext("No links, web or e-mail addresses: a phrasing is how a player asks, in words.")
    return gettext("At most %(max)d characters.") % {"max": PHRASING_MAX_CHARS}


class PhrasingQuerySet(models.QuerySet["Phrasing"]):
    def written_by_people(self) -> PhrasingQuerySet:
        """The admin's phrasings (``loadrules`` rebuilds the files' own)."""
        return self.filter(origin=Phrasing.ADMIN)

    def lost_with_their_game(self) -> PhrasingQuerySet:
        return self.written_by_people()


class SuggestionAnswerQuerySet(models.QuerySet["SuggestionAnswer"]):
    def written_by_people(self) -> SuggestionAnswerQuerySet:
        """None that a content change could lose: a deleted game, clause or entry leaves its
        records in place (set to none)."""
        return self.none()

    def lost_with_their_game(self) -> SuggestionAnswerQuerySet:
        return self.none()


class Phrasing(models.Model):
    """"Players also say": a way players put the question a clause or an FAQ entry answers, in one
    language. The search reads it with the clause or entry (weighted above the body text), so a
    player who writes "monster duwt steen" finds "Steenblokken voor zich uit schuiven". Phrasings
    come from the content files (``phrasings.toml`` of each game, kept in sync by ``loadrules``)
    or are written in the admin (origin "admin", never touched by ``loadrules``)."""

    FILE = "file"
    ADMIN = "admin"
    ORIGIN_CHOICES = [(FILE, _("content file")), (ADMIN, _("written in the admin"))]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="phrasings", editable=False)
    clause = models.ForeignKey(
        Clause, null=True, blank=True, on_delete=models.CASCADE, related_name="phrasings", verbose_name=_("clause")
    )
    entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="phrasings", verbose_name=_("FAQ entry")
    )
    language = models.CharField(
        _("language"), max_length=5, choices=[(code, code) for code, _name in settings.LANGUAGES]
    )
    text = models.CharField(
        _("players also say"),
        max_length=PHRASING_MAX,
        help_text=_("How a player would ask it, in their words, e.g. “monster duwt steen”."),
    )
    origin = models.CharField(_("origin"), max_length=8, choices=ORIGIN_CHOICES, default=ADMIN, editable=False)
    created_at = models.DateTimeField(_("created"), default=timezone.now, editable=False)

    objects = PhrasingQuerySet.as_manager()

    class Meta:
        ordering = ["language", "pk"]
        verbose_name = _("“players also say” phrasing")
        verbose_name_plural = _("“players also say” phrasings")
        permissions = [(APPROVE_PERMISSION, _("Can approve words visitors typed as “players also say”"))]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(clause__isnull=False, entry__isnull=True)
                | models.Q(clause__isnull=True, entry__isnull=False),
                name="faq_phrasing_clause_or_entry",
            ),
            models.UniqueConstraint(fields=["clause", "language", "text"], name="faq_phrasing_unique_clause"),
            models.UniqueConstraint(fields=["entry", "language", "text"], name="faq_phrasing_unique_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.language}: {self.text}"

    def clean(self) -> None:
        super().clean()
        self.text = " ".join((self.text or "").split())
        if (self.clause_id is None) == (self.entry_id is None):
            raise ValidationError(_("A phrasing belongs to either a clause or an FAQ entry."))
        if not self.text:
            raise ValidationError({"text": _("Write how a player would ask it.")})
        problem = phrasing_problem(self.text)
        if problem is not None:
            raise ValidationError({"text": phrasing_refusal(problem)})

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.text = " ".join((self.text or "").split())
        target = self.clause if self.clause_id else self.entry
        if target is not None:
            self.game_id = target.game_id
        super().save(*args, **kwargs)


class SuggestionAnswer(models.Model):
    """A visitor who was writing a question chose a suggested ruling or clause as the answer
    ("This answers my question") instead of sending the question: editors see how often the
    suggestions answered, which entries and clauses did, and in what words they were asked.
    No name, email or address is kept. Saving one does not change any public page."""

    affects_pages = False  # sitewide.content_version does not bump for these rows

    game = models.ForeignKey(
        Game, null=True, on_delete=models.SET_NULL, related_name="suggestion_answers", verbose_name=_("game")
    )
    language = models.CharField(_("language"), max_length=5)
    question = models.TextField(_("question typed"), max_length=QUESTION_MAX, blank=True)
    entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="suggestion_answers",
        verbose_name=_("FAQ entry chosen"),
    )  # fmt: skip
    clause = models.ForeignKey(
        Clause, null=True, blank=True, on_delete=models.SET_NULL, related_name="suggestion_answers",
        verbose_name=_("clause chosen"),
    )  # fmt: skip
    created_at = models.DateTimeField(_("date"), default=timezone.now)
    # The words typed become a public "players also say" only when an editor with the
    # approve permission approves them, one asking at a time (faq.admin).
    TO_REVIEW, APPROVED, REJECTED = "", "approved", "rejected"
    REVIEW_CHOICES = [(TO_REVIEW, _("to review")), (APPROVED, _("approved as a phrasing")), (REJECTED, _("not a phrasing"))]
    review = models.CharField(_("words typed"), max_length=8, choices=REVIEW_CHOICES, default=TO_REVIEW, blank=True)

    objects = SuggestionAnswerQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("question answered by a suggestion")
        verbose_name_plural = _("questions answered by a suggestion")
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        target = self.entry or self.clause
        return f"{self.created_at:%Y-%m-%d}: {target or '—'}"


class RefusedCount(models.Model):
    """Clicks on "This answers my question" that were not counted, per day and reason: the same
    browser or asking again (``repeat``), or an address over its limit (``limit``). One row per
    day and reason, so refusals cannot grow the database; the admin shows them beside the figures.
    Saving one does not change any public page."""

    affects_pages = False

    REPEAT = "repeat"
    LIMIT = "limit"
    REASON_CHOICES = [(REPEAT, _("the same browser or asking again")), (LIMIT, _("over the limit of its address"))]

    day = models.DateField(_("day"))
    reason = models.CharField(_("reason"), max_length=8, choices=REASON_CHOICES)
    count = models.PositiveIntegerField(_("clicks refused"), default=0)

    class Meta:
        verbose_name = _("refused count")
        verbose_name_plural = _("refused counts")
        constraints = [models.UniqueConstraint(fields=["day", "reason"], name="faq_refusedcount_unique_day_reason")]

    def __str__(self) -> str:
        return f"{self.day}: {self.reason} {self.count}"
