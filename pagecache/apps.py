from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class PagecacheConfig(AppConfig):
    name = "pagecache"
    verbose_name = "Page cache"

    def ready(self) -> None:
        # Every installed app's site_hooks module registers what it adds to the lower apps
        # (pagecache.hooks), as the admin discovers each app's admin.py.
        autodiscover_modules("site_hooks")
