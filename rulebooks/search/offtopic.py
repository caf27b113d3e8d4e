"""Words of the questions players ask about the game rather than its rules: what it costs and where
to buy it, how long a game lasts and from what age, apps and videos, strategy and tips, other
editions and languages, the artwork, spare parts and the table around it. No rulebook
answers these, whatever other words a question shares with a clause; the verdict
(:mod:`.verdict`) weighs the share of a question's weight such words make up. Folded words
(:func:`rulebooks.textsearch.fold`), matched by their Snowball stem in each language. No Django.
"""

from __future__ import annotations

import functools

from .analysis import stem

_NL = """
prijs prijzen kopen koop gekocht winkel webshop euro geld bestellen bijbestellen nabestellen goedkoop
speelduur minuut minuten uur uren potje potjes leeftijd kinderen kleuters peuters
app apps telefoon mobiel tablet video filmpje youtube website downloaden uitlegvideo
strategie strategieen tactiek tip tips truc trucs beginner beginners
frans engels spaans italiaans vertaling taal talen
illustraties illustrator tekeningen kunstwerk
hoesjes sleeves lamineren beschadigd gescheurd kapot reserveonderdelen onderdelen vervanging batterij batterijen
gewicht weegt zwaar opbergen opruimen
snoep chips pizza bier drinken hond kat huisdier muziek
valsspelen vals huisregels
"""

_DE = """
preis preise kaufen kauf gekauft laden geschaft onlineshop euro geld bestellen nachkaufen billig teuer
spieldauer minute minuten stunde stunden partie partien alter jahren kinder kleinkinder
app apps handy telefon tablet video erklarvideo youtube webseite herunterladen
strategie strategien taktik tipp tipps trick tricks anfanger
franzosisch englisch spanisch italienisch ubersetzung sprache sprachen
illustrationen illustrator zeichnungen grafik grafiken
hullen laminieren beschadigt zerrissen kaputt ersatzteile ersatz batterie batterien
gewicht wiegt schwer aufbewahren aufraumen
sussigkeiten chips pizza bier trinken hund katze haustier musik
schummeln mogeln hausregeln
"""

_EN = """
price prices buy bought purchase shop euro euros dollar dollars money cheap expensive
playtime minute minutes hour hours age ages kids children toddlers
app apps phone mobile tablet video videos youtube website download tutorial
strategy strategies tactic tactics tip tips trick tricks beginner beginners
french english spanish italian translation language languages
artwork artist illustration illustrations illustrator graphics
sleeves sleeve laminate damaged torn replacement spare batteries battery
weight weigh weighs heavy storage tidy
snacks candy chips pizza beer drink dog cat pet music
cheat cheating cheats houserules
"""

WORDS = {"nl": frozenset(_NL.split()), "de": frozenset(_DE.split()), "en": frozenset(_EN.split())}


@functools.cache
def _stems(lang: str) -> frozenset[str]:
    return frozenset(stem(word, lang) for word in WORDS.get(lang, ()))


def is_offtopic(folded: str, lang: str) -> bool:
    """Whether a folded question word is about the game rather than its rules (in ``lang``)."""
    return folded in WORDS.get(lang, frozenset()) or stem(folded, lang) in _stems(lang)
