"""The words of Der dunkle Turm outside its sentences (:data:`WORDS`, read from the catalogues'
``WORDS`` in ``messages_de`` / ``messages_nl`` / ``messages_en``: the board's texts, the labels of
actions, taps and the position editor) and the small functions that name a team, a field, a place
or a card with them. German is the rulebook's language (``lang=None``); an unknown language falls
back to it. Every term follows the game's glossary (rulebooks/content/der-dunkle-turm/glossary.toml).
"""

from __future__ import annotations

from rules.core.messages import Words

from .board import SIDE_FIELDS

WORDS = Words.for_package(__name__, source="de")


def team(t: str, lang: str | None) -> str:
    return WORDS.table("team", lang).get(t, t)


def team_letter(t: str, lang: str | None) -> str:
    return WORDS.table("team_letter", lang).get(t, t[:1].upper())


def companion(cid: str, lang: str | None) -> str:
    name = cid.rstrip("0123456789")
    return f"{team(name, lang)} {cid[len(name):]}"


def field(f: str, lang: str | None) -> str:
    places = WORDS.table("place", lang)
    if f in places:
        return places[f]
    return WORDS.text("field", "side" if f in SIDE_FIELDS else "field", lang, f=f)


def dest(where: str, lang: str | None) -> str:
    """Where a move ends, after "bis" / "naar" / "to": a field, ``zum Turm``, ``the camp``."""
    return WORDS.table("dest", lang).get(where) or field(where, lang)


def card(kind: str, lang: str | None) -> str:
    words = WORDS.table("card", lang)
    if kind.startswith("step"):
        return words["step"].format(n=kind[4:])
    if kind.startswith("attack"):
        return words["attack"].format(n=kind[6:])
    return words.get(kind, kind)


def group(verb: str, lang: str | None) -> str:
    return WORDS.table("group", lang).get(verb, "")


def at(where: str, lang: str | None) -> str:
    """Where a companion is: ``im Lager``, ``auf Feld 7``, ``on side field 6b``, ``in exile``."""
    table = WORDS.table("at", lang)
    return table.get(where) or table["field"].format(f=field(where, lang))


def rounds(n: int, lang: str | None) -> str:
    """The word for ``n`` table rounds (``Tischrunden``, ``tafelronde``, ``table rounds``)."""
    return WORDS.word("count", "rounds.one" if n == 1 else "rounds.many", lang)


def turns(n: int, lang: str | None) -> str:
    """The word for ``n`` team turns (``Teamzüge``, ``beurten``, ``team turn``)."""
    return WORDS.word("count", "turns.one" if n == 1 else "turns.many", lang)


def cap(text: str) -> str:
    """``text`` with a capital first letter (a title that starts with a field: ``Veld 7``)."""
    return text[:1].upper() + text[1:]
