"""Position links attached to a question: same-site simulator paths only (no Django models).

A question asked from the simulator carries the URL of the position on the board. The site
stores it and shows it as a link, so it must never be able to point anywhere else: only a
relative path ``/<lang>/<game>/sim/...`` with plain URL characters is accepted.
"""

from __future__ import annotations

import re

from rules.core.languages import LANGUAGES

MAX_POSITION_URL = 2000  # simulator logs in the query string can be long
# Path and query characters of RFC 3986 without quotes, backslash, '#', spaces or controls.
_POSITION_RE = re.compile("^/(" + "|".join(LANGUAGES) + r")/([a-z0-9]+(?:-[a-z0-9]+)*)/sim/[A-Za-z0-9._~!$&()*+,;=:@/?%-]*$")


def parse_position_url(value: str) -> tuple[str, str] | None:
    """(language, game slug) of a valid position path, or None."""
    if not isinstance(value, str) or not value or len(value) > MAX_POSITION_URL:
        return None
    match = _POSITION_RE.match(value)
    if match is None or "//" in value or "/../" in value or "/./" in value:
        return None
    return match.group(1), match.group(2)


def localize_position_url(value: str, language: str) -> str:
    """The same position in another UI language (the path keeps everything after the prefix)."""
    parsed = parse_position_url(value)
    if parsed is None or language not in LANGUAGES:
        return ""
    return f"/{language}/" + value[len(parsed[0]) + 2 :]


def preview_image_url(value: str, language: str) -> str:
    """The board image (the link preview, ``/<lang>/<game>/sim/preview.png?…``) of a position
    link, in ``language``; "" when the link is not a plain simulator address."""
    local = localize_position_url(value, language)
    head, sep, query = local.partition("/sim/")
    if not local or query and not query.startswith("?"):
        return ""
    return f"{head}/sim/preview.png{query}"
