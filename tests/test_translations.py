"""UI strings: every message of the nl and de catalogues is translated and compiled."""

import gettext
import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def _unquote(chunk: str) -> str:
    return "".join(re.findall(r'"(.*)"', chunk)).encode().decode("unicode_escape").encode("latin-1").decode("utf-8")


def po_entries(path: Path):
    """(msgid, msgstr, is_translated) for each entry of a .po file, header excluded."""
    text = path.read_text(encoding="utf-8")
    entries = []
    for block in text.split("\n\n"):
        if "#, fuzzy" in block and 'msgid ""\nmsgstr ""' not in block:
            entries.append(("fuzzy", "", False))
            continue
        m = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if not m:
            continue
        msgid = _unquote(m.group(1))
        if not msgid:
            continue
        strs = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', block, re.M)
        translated = bool(strs) and all(_unquote(s) for s in strs)
        plural = "msgid_plural" in block
        context = re.search(r'^msgctxt ((?:".*"\n?)+)', block, re.M)
        key = f"{_unquote(context.group(1))}\x04{msgid}" if context else msgid  # how gettext keys a context
        entries.append((key, None if plural else _unquote(strs[0]) if strs else "", translated))
    return entries


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_catalogue_is_complete_and_compiled(lang):
    po = LOCALE / lang / "LC_MESSAGES" / "django.po"
    entries = po_entries(po)
    assert entries, "empty catalogue"
    untranslated = [msgid for msgid, _, ok in entries if not ok]
    assert untranslated == []
    with open(LOCALE / lang / "LC_MESSAGES" / "django.mo", "rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    stale = [msgid for msgid, msgstr, _ in entries if msgstr is not None and catalogue.gettext(msgid) != msgstr]
    assert stale == [], "django.mo is older than django.po: run compilemessages"
