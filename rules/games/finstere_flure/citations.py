"""What the verdicts of Finstere Flure cite (issue 41): for every kind of refusal (its message key,
the engine's and the "why not?" answers' alike) the clauses whose text or interpretation note
forbids what it refuses, and the verdicts that rest on the site's own reading of an open rule (the
clause whose interpretation note holds that reading). A refusal cites one of its kind's sources
(tests/simulator/test_refusal_sources.py checks every refusal met in scenarios and random play).
"""

from __future__ import annotations

from collections.abc import Mapping


def _(*clauses: str) -> frozenset[str]:
    return frozenset(clauses)


_ENDINGS = _("ff-einde-kampioenschap", "ff-einde-bord-leeg", "ff-einde-kaarten-op", "ff-ronde")
_PLACING = _("ff-dmaufbau-plaatsen")

SOURCES: Mapping[str, frozenset[str]] = {
    "core.not-text": _("ff-ronde"),
    "refuse.game-over": _ENDINGS,  # the clause the game ended by
    # the round: the board set up first, then the players, then the monster
    "refuse.setup-first": _PLACING,
    "refuse.players-first": _("ff-ronde"),
    "refuse.card-expected": _("ff-monster-kaart-trekken"),
    "refuse.card-unknown": _("ff-monster-kaart-trekken"),
    "refuse.card-gone": _("ff-monster-kaart-trekken"),
    "refuse.first-card": _("ff-eerste-kaart"),
    "refuse.monster-only": _("ff-ronde"),
    # whose figure moves
    "refuse.move-syntax": _("ff-een-figuur-per-beurt"),
    "refuse.unknown-figure": _("ff-een-figuur-per-beurt"),
    "refuse.saved": _("ff-uitgang-verlaten"),
    "refuse.out": _("ff-gepakt-hoofdstuk-2"),
    "refuse.moved": _("ff-eens-per-ronde"),
    "refuse.first-round": _("ff-eerste-ronde"),
    "refuse.not-your-turn": _("ff-beurtvolgorde"),
    # the path of a figure
    "refuse.too-far": _("ff-stappen-waarde"),
    "refuse.bad-letter": _("ff-orthogonaal"),
    "refuse.wall": _("ff-orthogonaal"),
    "refuse.wall.exit": _("ff-orthogonaal"),
    "refuse.after-exit": _("ff-uitgang-verlaten"),
    "refuse.exit-elsewhere": _("ff-uitgang-verlaten"),
    "refuse.end-occupied": _("ff-vrij-eindveld"),
    "refuse.enter-on-board": _("ff-bord-betreden"),
    "refuse.enter-monster": _("ff-bord-betreden"),
    "refuse.enter-first": _("ff-bord-betreden"),
    "refuse.monster": _("ff-niet-over-monster"),
    "refuse.stone-wall": _("ff-steen-schuiven"),
    "refuse.stone-blocked": _("ff-steen-schuiven"),
    "refuse.blood-wall": _("ff-bloedplas-geblokkeerd"),
    "refuse.slide-stone": _("ff-bloedplas-geblokkeerd"),
    "refuse.slide-monster": _("ff-bloedplas-geblokkeerd"),
    # dmaufbau: placing the objects
    "refuse.place-syntax": _PLACING,
    "refuse.place-unknown": _PLACING,
    "refuse.place.none-left.stone": _PLACING,
    "refuse.place.none-left.pool4": _PLACING,
    "refuse.place.none-left.pool2": _PLACING,
    "refuse.place.off-board": _PLACING,
    "refuse.place.occupied": _PLACING,
    "refuse.place.free-zone": _("ff-dmaufbau-vrije-zone"),
    "refuse.place.near-start": _("ff-dmaufbau-bloedplassen"),
    "refuse.place.edge": _("ff-dmaufbau-bloedplassen"),
    "refuse.place.touching": _("ff-dmaufbau-bloedplassen"),
    # "why not?" (view.explain)
    "why.card": _("ff-monster-kaart-trekken"),
    "why.monster-turn": _("ff-ronde"),
    "why.monster-not-moved": _("ff-ronde"),
    "why.figure-first": _("ff-een-figuur-per-beurt"),
    "why.one-figure": _("ff-een-figuur-per-beurt"),
    "why.sliding": _("ff-bloedplas-glijden"),
    "why.enter-first": _("ff-bord-betreden"),
    "why.cannot-end": _("ff-vrij-eindveld"),
    "why.not-adjacent": _("ff-orthogonaal"),
    "why.setup-kind": _PLACING,
    "why.setup-first": _PLACING,
}

READINGS: Mapping[str, str] = {
    # no step through the outer wall: the site reads the exit as the only way off the board
    "refuse.wall": "ff-orthogonaal",
    "refuse.wall.exit": "ff-orthogonaal",
    "refuse.monster": "ff-niet-over-monster",  # the monster's square is closed to figures
    "refuse.blood-wall": "ff-bloedplas-geblokkeerd",
    "refuse.slide-stone": "ff-bloedplas-geblokkeerd",
    "refuse.slide-monster": "ff-bloedplas-geblokkeerd",
    "refuse.first-round": "ff-eerste-ronde",
    "refuse.first-card": "ff-eerste-kaart",  # the very first card of the game only
    "refuse.enter-monster": "ff-bord-betreden",
    "refuse.after-exit": "ff-uitgang-verlaten",
    "move.saved.lapsed-one": "ff-uitgang-verlaten",
    "move.saved.lapsed": "ff-uitgang-verlaten",
    # dmaufbau: how steps are counted, what "touch" means
    "refuse.place.free-zone": "ff-dmaufbau-vrije-zone",
    "refuse.place.near-start": "ff-dmaufbau-bloedplassen",
    "refuse.place.edge": "ff-dmaufbau-bloedplassen",
    "refuse.place.touching": "ff-dmaufbau-bloedplassen",
    # the monster
    "monster.look.confused": "ff-monster-verward",
    "monster.crush": "ff-monster-verplettert",
    "monster.crumble": "ff-monster-verplettert",
    "monster.figure-stays": "ff-bloedplas-geblokkeerd",
    # chapters and endings
    "chapter.1.end": "ff-hoofdstuk-1-einde",
    "chapter.2.start": "ff-hoofdstuk-2",
    "end.rung": "ff-einde-ingeluid",
    "end.championship": "ff-einde-kampioenschap",
    "end.board-empty": "ff-einde-bord-leeg",
}
