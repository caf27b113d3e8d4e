"""Words a player's question is full of that say nothing about which rule it is about.

They are ignored when a question is searched (and not indexed): articles, pronouns, prepositions,
conjunctions, the auxiliary and modal verbs of a question ("mag", "darf man", "can I") and its
framing ("wat gebeurt er als", "was passiert wenn", "what happens if"). Words that carry a rule
are kept even when they are common: numbers other than one ("twee", "zwei", "two"), "eerste" /
"erste" / "first", "laatste" / "letzte" / "last", words of place that a rule turns on ("onder",
"unter", "under", "tussen", "neben") and the verbs of play ("spelen", "spielen", "play"). Lists
are of *folded* words (lowercase, no accents, ß -> ss; :func:`rulebooks.textsearch.fold`).
"""

from __future__ import annotations

_NL = """
de het een en of maar want dus dan als toen omdat doordat zodat terwijl hoewel tenzij
in op aan van voor met te tot bij naar uit om over door tegen zonder
na vanaf sinds tijdens via per
dat die dit deze wat wie waar wanneer hoe waarom welke welk waarmee waarop waarin
is zijn ben bent was waren wordt worden werd werden geworden gewordt geweest wezen
heb hebt heeft hebben had hadden gehad
kan kun kunt kunnen kon konden gekund mag mogen mocht mochten moet moeten moest moesten
zal zult zullen zou zouden wil wilt willen wou wilde
doe doet doen deed gedaan ga gaat gaan ging gingen gegaan
ik je jij u hij zij ze we wij jullie men mij me hem haar hun hen ons onze jouw jou uw mijn zijn
iemand iets niemand niets elk elke ieder iedere alle alles
er hier daar nog al ook wel niet geen zo toch even eigenlijk gewoon nu nou dan weer
eens echt heel erg zeer vaak soms altijd nooit misschien precies
gebeurt gebeuren gebeurde gebeurd vraag vragen klopt kloppen regel regels spel
iemands zich zelf
hoeveel veel vele zoveel krijg krijgt krijgen kreeg gekregen mn m zn z ff nix niks iets hoor joh
ok oke okee hallo hoi hey graag alsjeblieft aub bedankt dank jongens mensen ding dingen zo'n zon
werkt werken werkte betekent betekenen bedoeld precies eigenlijk zeker ten ter
"""

_DE = """
der die das den dem des ein eine einen einem einer eines und oder aber denn sondern dann
als wenn wann ob weil dass dass damit obwohl sobald solange
in im an am auf aus bei beim mit nach von vom zu zum zur fur uber vor
durch um gegen ohne seit bis wahrend ab per
was wer wen wem wessen wie wo woher wohin warum wieso weshalb welche welcher welches welchen welchem
ist sind bin bist war waren wird werden wurde wurden geworden sein gewesen
hat habe hast haben hatte hatten gehabt
kann kannst konnen konnte konnten darf darfst durfen durfte durften muss musst mussen musste mussten
soll sollst sollen sollte sollten will willst wollen wollte mag mogen mochte
tut tun tat getan geht gehen ging gegangen
ich du er sie es wir ihr man mich dich sich mir dir ihm ihn uns euch mein meine meinen meinem meiner
dein deine deinen sein seine seinen seinem seiner ihre ihren ihrem ihrer unser unsere euer eure
jemand etwas niemand nichts jeder jede jedes jeden alle alles
hier dort da noch schon auch nur nicht kein keine keinen keiner doch mal jetzt nun eigentlich
einfach genau ja nein sehr oft immer nie vielleicht wieder
passiert passieren passierte geschieht geschehen frage fragen stimmt stimmen regel regeln spiel
selbst
viel viele vielen vieles wieviel wieviele kriege kriegt kriegen krieg bekomme bekommt bekommen
bekam ok okay hallo hey bitte danke leute ding dinge zeug nen ne n mal halt eben denn eigentlich
funktioniert funktionieren klappt bedeutet bedeuten gemeint genau sicher
"""

_EN = """
a an the and or but so then if when whether because while though although unless than
in on at to for with from by about as into onto over of off out up down through
against without during via per
what who whom whose which where when why how
is are am was were be been being do does did doing done
have has had having
can could may might must shall should will would
i you he she it we they me him her us them my your his its our their mine yours
this that these those someone something anyone anything nobody nothing every each all
there here still just also not no yes very really actually even ever always never again
happen happens happened happening question rule rules game allowed
many much get gets got getting ok okay hey hi please pls thanks thank guys thing things stuff
work works working mean means meant exactly sure kind sort
'"""

STOPWORDS: dict[str, frozenset[str]] = {
    "nl": frozenset(_NL.split()),
    "de": frozenset(_DE.split()),
    "en": frozenset(_EN.replace("'", "").split()),
}


def is_stopword(word: str, lang: str) -> bool:
    """Whether a folded ``word`` is ignored in ``lang`` (unknown languages ignore nothing)."""
    return word in STOPWORDS.get(lang, frozenset())
