"""The site's languages, declared once: every page, catalogue, rulebook and glossary has these.

The settings (``LANGUAGES``), the rulebooks' parser and glossary, the FAQ's position links, the
API's ``lang`` parameter and every game's catalogues derive their language lists from this tuple.
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("nl", "de", "en")
