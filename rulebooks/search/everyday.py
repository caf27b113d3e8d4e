"""Everyday words of the table that no game's glossary lists, because they are no game's terms:
looking and seeing, behind and back, how far, falling asleep and waking, cost, start and end,
winning and losing, a tie, diagonal and straight, jumping, shuffling, stealing, empty and full,
stopping and staying.
Players ask with them ("kijkt het monster achterom", "wann schläft es ein", "how far does a tower
reach"); the rulebooks say the same in other words. They are synonyms for every game, in the
same way as the glossaries' terms (:mod:`.synonyms`), and a word of one language typed on a page
in another finds the page's words too. No Django.
"""

from __future__ import annotations

from .synonyms import SynonymGroup


def _group(name: str, nl: str, de: str, en: str) -> SynonymGroup:
    """A group from "|"-separated forms per language (a form may be several words)."""
    return SynonymGroup(
        f"everyday:{name}",
        {lang: tuple(f.strip() for f in forms.split("|")) for lang, forms in (("nl", nl), ("de", de), ("en", en))},
    )


EVERYDAY: tuple[SynonymGroup, ...] = (
    _group("look", "kijken|kijkt|zien|ziet|rondkijken|blik|zicht", "schauen|sehen|gucken|blicken|umschauen|Blick|Sicht", "look|looks|see|sees|sight|view|vision|glance"),
    _group("behind", "achter|achterom|achteruit|terug", "hinter|hinten|zurück|rückwärts", "behind|back|backwards|backward"),
    _group("far", "ver|bereik|reiken|afstand", "weit|Reichweite|reichen|Entfernung", "far|reach|range|distance"),
    _group("asleep", "inslapen|slapen|in slaap vallen|in slaap", "einschlafen|schlafen|schläft ein", "sleep|asleep|fall asleep|doze off"),
    _group("awake", "wakker|wekken|ontwaken|wakker worden", "wach|wecken|aufwachen|erwachen", "wake|awake|awaken|wake up"),
    _group("cost", "kosten|kost|betalen", "kosten|kostet|bezahlen|zahlen", "cost|costs|pay"),
    _group("start", "begin|beginnen|start|starten|aanvang", "Anfang|Beginn|beginnen|Start|starten|anfangen", "start|begin|beginning|outset"),
    _group("end", "einde|eind|afloop|afgelopen|eindigen|voorbij", "Ende|enden|beenden|vorbei|Schluss", "end|ending|finish|over"),
    _group("win", "winnen|winnaar|overwinning|wint|gewonnen", "gewinnen|Sieger|Sieg|gewinnt|gewonnen", "win|winner|victory|wins|won"),
    _group("lose", "verliezen|verliezer|verloren|verliest", "verlieren|Verlierer|verloren|verliert", "lose|loser|lost|loses"),
    _group("tie", "gelijkspel|gelijkstand|gelijke stand|gelijk", "Gleichstand|unentschieden|Patt", "tie|tied|tie breaker|even"),
    _group("diagonal", "schuin|diagonaal", "schräg|diagonal", "diagonal|diagonally|slanted"),
    _group("straight", "recht|rechtdoor|orthogonaal", "gerade|geradeaus|waagerecht|senkrecht", "straight|orthogonal|orthogonally"),
    _group("jump", "springen|springt|overspringen|hoppen", "springen|springt|überspringen|hüpfen", "jump|jumps|leap|hop"),
    _group("shuffle", "schudden|mengen", "mischen|gemischt", "shuffle|reshuffle|shuffled"),
    _group("steal", "stelen|jatten|pikken|gestolen", "stehlen|klauen|gestohlen|mopsen", "steal|stolen|nick|swipe"),
    _group("empty", "leeg|opgebruikt|uitgeput", "leer|aufgebraucht|erschöpft", "empty|used up|run out|gone"),
    _group("full", "vol|gevuld|vullen", "voll|gefüllt|füllen", "full|filled|fill"),
    _group("catch", "pakken|vangen|opeten|eten", "fangen|fressen|schnappen|erwischen", "catch|eat|grab|capture"),
    _group("stay", "blijven|blijft|stoppen|stopt|stilstaan|halt", "bleiben|bleibt|stehen bleiben|anhalten|stoppen|halt", "stay|stays|stop|remain|halt"),
    _group("beside", "naast|ernaast", "neben|daneben", "beside|next to|alongside"),
)
