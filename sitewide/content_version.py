"""Keeps the public pages' content versions (pagecache.httpcache) true: every committed change to a
rulebook or FAQ row replaces the version of its game's pages (and of the pages that show several
games), so stored pages, fragments, ETags and caches in front stop serving the old text (caches in
front within their max-age). A change to a row no game owns replaces every page's version.

Model saves, deletes and many-to-many changes arrive here as signals; bulk writes that send no
signal (``QuerySet.update()``, ``bulk_update``) happen in ``loadrules`` and ``importfaq``, which
bump every version themselves when they finish. A model that says ``affects_pages = False`` is not
watched (no page shows it).

Which game a page belongs to comes from its address (``/<lang>/<game>/...``): :func:`game_of_path`,
registered for the ``game_resolver`` hook (:mod:`sitewide.site_hooks`), knows the games (read again when the site-wide version changes:
``loadrules`` adds games).
"""

import threading
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db.models import Model
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_save

from pagecache import httpcache
from pagecache.httpcache import bump

WATCHED_APPS = ("rulebooks", "faq")
_OLD_GAME = "_content_version_old_game"


def game_of(instance: Model) -> str | None:
    """The game a row belongs to (its slug), or None when no one game owns it."""
    if instance._meta.label == "rulebooks.Game":
        return str(instance.pk)  # a game's primary key is its slug
    game = getattr(instance, "game_id", None)
    if game:
        return str(game)
    for field in instance._meta.concrete_fields:  # a row of a row of a game (faq.Change -> Entry)
        if field.is_relation and field.many_to_one and isinstance(field.related_model, type):
            if hasattr(field.related_model, "game_id") or field.related_model._meta.label == "rulebooks.Game":
                try:
                    parent = getattr(instance, field.name)
                except Exception:  # noqa: BLE001 - the parent is gone (a cascade): no one game
                    return None
                if parent is not None:
                    return game_of(parent)
    return None


def _remember_old_game(sender: type[Model], instance: Model, raw: bool = False, **kwargs: Any) -> None:
    """A row moved to another game changes the old game's pages too (an FAQ entry whose game an
    editor changed)."""
    if raw or instance.pk is None:
        return
    old = sender._default_manager.filter(pk=instance.pk).values_list("game_id", flat=True).first()
    if old and old != getattr(instance, "game_id", old):
        setattr(instance, _OLD_GAME, old)


def _changed(sender: type[Model], instance: Model | None = None, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return  # fixture loading
    game = game_of(instance) if instance is not None else None
    bump(game)
    old = getattr(instance, _OLD_GAME, None)
    if old and old != game:
        bump(old)


def connect() -> None:
    for label in WATCHED_APPS:
        for model in apps.get_app_config(label).get_models():
            if not getattr(model, "affects_pages", True):
                continue  # rows no public page shows (faq.SuggestionAnswer)
            uid = f"sitewide.content_version.{model._meta.label}"
            if any(f.name == "game" for f in model._meta.concrete_fields) and model._meta.label != "rulebooks.Game":
                pre_save.connect(_remember_old_game, sender=model, dispatch_uid=uid + ".pre_save")
            post_save.connect(_changed, sender=model, dispatch_uid=uid + ".save")
            post_delete.connect(_changed, sender=model, dispatch_uid=uid + ".delete")
            for m2m in model._meta.local_many_to_many:
                m2m_changed.connect(_changed, sender=m2m.remote_field.through, dispatch_uid=f"{uid}.{m2m.name}")


class _Games:
    """The games' slugs, read again when the site-wide token changes."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.site: str | None = None
        self.slugs: frozenset[str] = frozenset()

    def get(self) -> frozenset[str]:
        site = httpcache.VERSION.token(httpcache.SITE)
        if site is None:
            return frozenset()
        if site != self.site:
            from rulebooks.models import Game

            try:
                slugs = frozenset(Game.all_objects.values_list("slug", flat=True))
            except Exception:  # noqa: BLE001 - no tables yet (before migrate): no game pages
                return frozenset()
            with self.lock:
                self.site, self.slugs = site, slugs
        return self.slugs


GAMES = _Games()
_LANGUAGES = frozenset(code for code, _name in settings.LANGUAGES)


def game_of_path(path: str) -> str | None:
    """The game whose page ``path`` is (``/<lang>/<game>/...``), or None."""
    parts = path.split("/", 3)
    if len(parts) < 3 or parts[1] not in _LANGUAGES or not parts[2]:
        return None
    return parts[2] if parts[2] in GAMES.get() else None
