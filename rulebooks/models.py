"""Rulebook content as loaded from rulebooks/content/ by ``manage.py loadrules``.

The Markdown files in the repository are the source of truth; these tables are a rendered,
searchable copy that the loader replaces on every load.

A game retired on purpose (``rulebooks/content/retired.toml``) keeps its rows, hidden: ``objects``
(what pages use) leaves retired games and their sections and clauses out, ``all_objects`` (the
default manager: loader, admin, export) has everything.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeVar

from django.db import models
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from .localize import Original

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def looks_like_slug(value: object) -> bool:
    """Whether a visitor-supplied value can be a game slug or clause id at all. Checked before
    any lookup: PostgreSQL refuses strings with NUL bytes, and nothing else could match anyway."""
    return isinstance(value, str) and len(value) <= 100 and bool(SLUG_RE.match(value))


class ShownInLanguage:
    """``text_language``: the language of the text on this object, for the templates' ``lang``
    attributes. The rulebook's own language unless :mod:`rulebooks.localize` put a translation
    on it."""

    @property
    def source_language(self) -> str:
        """The language of the row's own text (its rulebook's); each model says where it is."""
        raise NotImplementedError

    @property
    def text_language(self) -> str:
        shown: str | None = self.__dict__.get("_text_language")
        return shown or self.source_language

    @text_language.setter
    def text_language(self, value: str) -> None:
        self.__dict__["_text_language"] = value

    @property
    def localized(self) -> bool:
        return "_text_language" in self.__dict__


_M = TypeVar("_M", bound=models.Model)


class VisibleGameManager(models.Manager["Game"]):
    def get_queryset(self) -> models.QuerySet[Game]:
        return super().get_queryset().filter(retired=False)


class OfVisibleGameManager(models.Manager[_M]):
    def get_queryset(self) -> models.QuerySet[_M]:
        return super().get_queryset().filter(game__retired=False)


class Game(ShownInLanguage, models.Model):
    slug = models.SlugField(primary_key=True, max_length=60)
    prefix = models.CharField(max_length=10, unique=True)
    title = models.CharField(max_length=200)
    language = models.CharField(max_length=5)
    edition = models.CharField(max_length=300)
    source = models.CharField(max_length=300)
    description = models.CharField(max_length=500)
    players = models.CharField(max_length=60, blank=True)
    order = models.PositiveIntegerField(default=0)
    source_path = models.CharField(max_length=300)
    retired = models.BooleanField(
        _("retired"), default=False, help_text=_("Taken off the site on purpose; its FAQ entries are kept.")
    )
    # The front matter of rulebook.<lang>.md: {lang: {"title", "description", "edition", "source"}}.
    translations = models.JSONField(default=dict, blank=True)
    # The glossary's terms as search synonyms: [{"id": term, "nl": [forms and players' words], ...}].
    search_terms = models.JSONField(default=list, blank=True)

    all_objects = models.Manager["Game"]()
    objects = VisibleGameManager()

    # Set by rulebooks.localize on a game shown in another language: its own title.
    original_title: str

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return self.title

    @property
    def source_language(self) -> str:
        return self.language


class Section(ShownInLanguage, models.Model):
    anchor = models.CharField(max_length=100, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sections")
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="subsections")
    number = models.CharField(max_length=20)
    title = models.CharField(max_length=300)
    level = models.PositiveSmallIntegerField()
    position = models.PositiveIntegerField()
    former_ids = models.JSONField(default=list, blank=True)  # renamed_from: ids this section had before
    titles = models.JSONField(default=dict, blank=True)  # {lang: title} of the translations

    all_objects = models.Manager["Section"]()
    objects = OfVisibleGameManager["Section"]()

    class Meta:
        ordering = ["game", "position"]

    def __str__(self) -> str:
        return f"§{self.number} {self.title}"

    @property
    def source_language(self) -> str:
        return self.game.language


class Clause(ShownInLanguage, models.Model):
    KIND_RULE = "rule"
    KIND_INFO = "info"
    KIND_CHOICES = [(KIND_RULE, _("rule")), (KIND_INFO, _("information"))]

    anchor = models.CharField(max_length=100, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="clauses")
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="clauses")
    number = models.CharField(max_length=20)
    title = models.CharField(max_length=300)
    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    level = models.PositiveSmallIntegerField()
    position = models.PositiveIntegerField()
    body_markdown = models.TextField()
    body_html = models.TextField()
    notes_html = models.JSONField(default=list, blank=True)
    demos = models.JSONField(default=list, blank=True)
    body_text = models.TextField()
    source_path = models.CharField(max_length=300)
    source_line = models.PositiveIntegerField()
    former_ids = models.JSONField(default=list, blank=True)  # renamed_from: ids this clause had before

    all_objects = models.Manager["Clause"]()
    objects = OfVisibleGameManager["Clause"]()

    # Set by rulebooks.localize on a translated clause: its source text.
    original: Original
    # Set by the rulebook and clause pages: the published FAQ rulings citing the clause
    # (rulebooks.annotations; rulebooks does not know the FAQ's model).
    faq_rulings: list[Any]

    class Meta:
        ordering = ["game", "position"]
        verbose_name = _("clause")
        verbose_name_plural = _("clauses")

    def __str__(self) -> str:
        return f"§{self.number} {self.title}"

    @property
    def source_language(self) -> str:
        return self.game.language


class ClauseTranslation(models.Model):
    """A clause in a language other than its rulebook's (``rulebook.<lang>.md``), rendered and
    folded for search like the clause itself. The source text stays on :class:`Clause`."""

    clause = models.ForeignKey(Clause, on_delete=models.CASCADE, related_name="translations")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="clause_translations")
    language = models.CharField(max_length=5)
    title = models.CharField(max_length=300)
    body_html = models.TextField()
    notes_html = models.JSONField(default=list, blank=True)
    demos = models.JSONField(default=list, blank=True)  # the clause's demos with their captions in this language
    body_text = models.TextField()

    all_objects = models.Manager["ClauseTranslation"]()
    objects = OfVisibleGameManager["ClauseTranslation"]()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["clause", "language"], name="clause_translation_unique")]
        indexes = [models.Index(fields=["language", "game"])]

    def __str__(self) -> str:
        return f"{self.language}: {self.title}"
