"""Keeps the public pages' content version (rulesite.httpcache) true: every committed change to a
rulebook or FAQ row replaces it, so stored pages, ETags and caches in front stop serving the old
text (caches in front within their max-age).

Model saves, deletes and many-to-many changes arrive here as signals; bulk writes that send no
signal (``QuerySet.update()``, ``bulk_update``) happen in ``loadrules`` and ``importfaq``, which
bump the version themselves when they finish. A model that says ``affects_pages = False`` is not
watched (no page shows it).
"""

from django.apps import apps
from django.db.models.signals import m2m_changed, post_delete, post_save

from rulesite.httpcache import bump

WATCHED_APPS = ("rulebooks", "faq")


def _changed(sender, **kwargs) -> None:
    if kwargs.get("raw"):
        return  # fixture loading
    bump()


def connect() -> None:
    for label in WATCHED_APPS:
        for model in apps.get_app_config(label).get_models():
            if not getattr(model, "affects_pages", True):
                continue  # rows no public page shows (faq.SuggestionAnswer)
            uid = f"sitewide.content_version.{model._meta.label}"
            post_save.connect(_changed, sender=model, dispatch_uid=uid + ".save")
            post_delete.connect(_changed, sender=model, dispatch_uid=uid + ".delete")
            for m2m in model._meta.local_many_to_many:
                m2m_changed.connect(_changed, sender=m2m.remote_field.through, dispatch_uid=f"{uid}.{m2m.name}")
