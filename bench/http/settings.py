"""Settings for ``bench/bench_http.py``: the site's own settings, with one extra URL (the bare view).

Everything comes from ``rulesite.settings`` (same middleware, same environment variables); only
the URLconf differs. No ``__init__.py`` in this folder on purpose: it stays a namespace package,
so ``import http`` from a script in ``bench/`` still finds the standard library's ``http``.
"""

from rulesite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.http.urls"
