"""The search's ranking (rulebooks.search.index): BM25F over titles, phrasings and bodies, every
word counting (not all required), the reader's game first, corrections of typos, completion of the
word being typed. Small made-up rulebooks; no database."""

from rulebooks.search.index import Document, Index
from rulebooks.search.snippets import highlight, snippet
from rulebooks.search.synonyms import SynonymGroup


def clause(ref, title, body="", say="", game="ff", context=""):
    return Document(
        key=f"clause:{ref}",
        kind="clause",
        game=game,
        ref=ref,
        fields={"title": title, "body": body, "say": say, "context": context},
    )


def entry(ref, question, answer="", game="ff", cites=()):
    return Document(
        key=f"faq:{ref}", kind="faq", game=game, ref=ref, fields={"title": question, "body": answer}, cites=tuple(cites)
    )


FLURE = [
    clause("schuiven", "Steenblokken voor zich uit schuiven", "Het monster schuift een steenblok een veld op."),
    clause("pakken", "Een figuur pakken", "Komt het monster op het veld van een figuur, dan pakt het haar."),
    clause("bloed", "Glijden over een bloedplas", "Een figuur die op bloed stapt, glijdt door tot het einde."),
    clause("ronde", "De ronde", "Elke ronde begint de startspeler; daarna volgt de monsterbeurt."),
    clause("muur", "Door de buitenmuur lopen", "Het monster loopt door de muur en komt aan de overkant terug."),
    clause("lang", "Overzicht", " ".join(["Het spel kent figuren, stenen, bloed, een monster en muren."] * 8)),
]
TOWERS = [
    clause("toren-ronde", "De ronde van de torens", "Elke ronde begint de oudste speler.", game="bt"),
    clause("toren-muur", "Torens verplaatsen", "Een toren verplaatst zich over de muur van het bord.", game="bt"),
]
PUSH = SynonymGroup("push", {"nl": ("schuiven", "duwen"), "de": ("schieben",), "en": ("push",)})


def ranked(index, text, **kwargs):
    return [hit.document.ref for hit in index.search(text, **kwargs).hits]


def test_a_question_is_not_a_conjunction_of_keywords():
    index = Index("nl", FLURE)
    # "kat" is in no text: the other words still find the clause.
    assert ranked(index, "monster steenblok kat")[0] == "schuiven"


def test_a_title_match_ranks_above_a_body_match():
    index = Index("nl", FLURE)
    assert ranked(index, "figuur pakken")[0] == "pakken"
    # "bloed" is in the body of the long overview many times, in the title of one clause.
    assert ranked(index, "bloedplas")[0] == "bloed"


def test_stop_words_are_ignored_and_reported():
    index = Index("nl", FLURE)
    result = index.search("mag het monster over een bloedplas")
    assert "het" in result.parsed.ignored and "mag" in result.parsed.ignored
    assert [w.text for w in result.words if w.weight == 1.0] == ["monster", "bloedplas"]
    assert ranked(index, "de een het") == []  # nothing but stop words finds nothing


def test_synonyms_from_the_glossary_find_the_books_word():
    plain, with_synonyms = Index("nl", FLURE), Index("nl", FLURE, synonyms=[PUSH])
    assert "schuiven" not in ranked(plain, "duwt")
    assert ranked(with_synonyms, "duwt")[0] == "schuiven"


def test_phrasings_count_above_body_text():
    docs = [
        clause("a", "Eerste regel", body="Het monster kijkt om zich heen."),
        clause("b", "Tweede regel", body="Iets anders.", say="monster kijkt rond"),
    ]
    assert ranked(Index("nl", docs), "monster kijkt")[0] == "b"


def test_the_readers_game_ranks_first():
    index = Index("nl", FLURE + TOWERS)
    assert ranked(index, "wie begint de ronde", prefer_game="bt")[0] == "toren-ronde"
    assert ranked(index, "wie begint de ronde", prefer_game="ff")[0] == "ronde"
    # Filtering keeps only that game's documents.
    assert set(ranked(index, "ronde", games=["bt"])) == {"toren-ronde"}


def test_a_question_naming_a_game_prefers_it():
    index = Index("nl", FLURE + TOWERS, game_names={"ff": ["Finstere Flure"], "bt": ["De Betoverde Torens"]})
    result = index.search("betoverde torens wie begint de ronde")
    assert result.parsed.game == "bt" and result.parsed.named == ["betoverde", "torens"]
    assert result.hits[0].document.ref == "toren-ronde"


def test_a_misspelt_word_finds_its_term_and_says_so():
    index = Index("nl", FLURE)
    result = index.search("steenbolk")
    assert result.hits[0].document.ref == "schuiven"
    assert result.corrections == {"steenbolk": "steenblok"}
    swapped = index.search("mosnter")  # two letters swapped
    assert swapped.corrections == {"mosnter": "monster"} and swapped.total == index.search("monster").total


def test_the_word_being_typed_stands_for_the_words_it_begins():
    index = Index("nl", FLURE)
    typing = index.search("glijden bloedpl", partial=True)
    assert typing.hits[0].document.ref == "bloed"
    assert {a.why for a in typing.words[-1].alternatives} == {"prefix"}
    assert "bloedplas" in {a.word for a in typing.words[-1].alternatives}
    # With a space after it, it is a finished word: corrected, not completed.
    finished = index.search("glijden bloedpl ", partial=True)
    assert "prefix" not in {a.why for w in finished.words for a in w.alternatives}
    assert index.search("glijden bl", partial=True).hits[0].document.ref == "bloed"  # two letters are enough


def test_compound_parts_find_the_compound():
    index = Index("nl", FLURE)
    assert ranked(index, "blok")[0] == "schuiven"  # "blok" inside "steenblokken"
    assert ranked(index, "stenen blok")[0] == "schuiven"


def test_a_position_ranks_its_clauses_and_the_rulings_citing_them_higher():
    docs = [*FLURE, entry("e1", "Wat als het monster een figuur pakt?", cites=["pakken"]), entry("e2", "Wat als het monster door de muur loopt?", cites=["muur"])]
    index = Index("nl", docs)
    plain = ranked(index, "monster")
    preferred = ranked(index, "monster", prefer_clauses=["muur"])
    assert preferred.index("muur") < plain.index("muur")
    assert preferred.index("e2") < preferred.index("e1")


def test_the_count_covers_every_match_and_the_limit_keeps_the_best():
    index = Index("nl", FLURE)
    whole = index.search("monster", limit=50)
    cut = index.search("monster", limit=2)
    assert cut.total == whole.total == len(whole.hits) > 2
    assert [h.document.ref for h in cut.hits] == [h.document.ref for h in whole.hits[:2]]
    assert [h.score for h in whole.hits] == sorted((h.score for h in whole.hits), reverse=True)


def test_highlights_mark_the_matched_words_and_their_forms():
    index = Index("nl", FLURE, synonyms=[PUSH])
    result = index.search("duwen steen")
    text = "Het monster schuift een steenblok <b>door</b>."
    marked = highlight(text, index.marks(text, result.tokens))
    assert "<mark>schuift</mark>" in marked and "<mark>steenblok</mark>" in marked  # a synonym, a compound
    assert "&lt;b&gt;" in marked and "<mark>monster</mark>" not in marked  # escaped; unmatched words plain


def test_a_snippet_shows_the_place_where_the_words_meet():
    index = Index("nl", FLURE)
    text = "Begin. " + "Niets hier. " * 40 + "Het monster pakt de figuur. " + "Einde. " * 40
    shown = snippet(text, index.marks(text, index.search("monster pakt").tokens), width=80)
    assert shown.startswith("… ") and shown.endswith(" …") and "<mark>monster</mark>" in shown


def test_a_rebuild_reuses_the_texts_analysed_before():
    from rulebooks.search.index import AnalysisMemo

    memo = AnalysisMemo()
    old = entry("e1", "Mag het monster over bloed glijden?", "Ja.")
    first = Index("nl", [*FLURE, old], memo=memo)
    analysed = dict(memo.texts)
    # An FAQ entry changes (the rulebooks' words, which compounds split into, stay the same).
    second = Index("nl", [*FLURE, entry("e1", "Vliegt de kwartel over het bord?", "Ja.")], memo=memo)
    assert old.fields["title"] not in memo.texts  # the text no document has any more is forgotten
    kept = [t for t in analysed if t in memo.texts]
    assert len(kept) == len(analysed) - 1 and all(memo.texts[t] is analysed[t] for t in kept)  # not analysed again
    assert [h.document.ref for h in second.search("kwartel").hits] == ["e1"]
    assert first.search("kwartel").hits == []
    # A clause that changes changes the words compounds split into: everything is analysed anew.
    Index("nl", [clause("nieuw", "Een nieuwe regel", "De kwartel vliegt."), *FLURE[1:]], memo=memo)
    assert not any(memo.texts[t] is analysed[t] for t in kept if t in memo.texts)


def test_a_word_of_the_books_own_language_is_found_on_a_page_in_another():
    # The English page of a Dutch rulebook: "opsluiten" and "tovenaars" are the book's own words.
    trapping = Document(
        key="clause:opsluiten",
        kind="clause",
        game="bt",
        ref="opsluiten",
        fields={"title": "Trapping wizards", "body": "A tower that ends on wizards traps them."},
        foreign={"nl": ("Tovenaars opsluiten", "Een toren die op tovenaars eindigt, sluit ze op.")},
    )
    moving = clause("verplaatsen", "Moving towers", "A tower moves as many spaces as the card says.", game="bt")
    index = Index("en", [moving, trapping])
    assert ranked(index, "opsluiten") == ["opsluiten"]
    assert ranked(index, "tovenaars")[0] == "opsluiten"
    assert {a.why for w in index.search("opsluiten").words for a in w.alternatives} == {"foreign"}
    # A word the page's own texts know is not looked up in the other languages.
    assert "foreign" not in {a.why for w in index.search("tower").words for a in w.alternatives}


def test_a_synonym_of_several_words_is_matched_as_a_phrase():
    potion = SynonymGroup("potion", {"nl": ("flesje",), "de": ("Flasche",), "en": ("potion", "bottle", "magic potion")})
    docs = [
        clause("places", "Magic places", "Fields 4, 12 and 18 are magic places.", game="dt"),
        clause("spent", "Spent ones leave", "A magic potion you pay with leaves the game.", game="bt"),
    ]
    index = Index("en", docs, synonyms=[potion])
    assert ranked(index, "bottle") == ["spent"]  # not "magic places" through the word "magic"


def test_everyday_words_of_the_table_find_the_books_words():
    docs = [
        clause("kijkt", "Rondkijken voor elke stap", "Voor elke stap kijkt het monster naar rechts, links en vooruit, nooit achter zich."),
        clause("slaapt", "Inslapen", "Na drie rustige rondes valt het beest weer in slaap."),
        *FLURE,
    ]
    index = Index("nl", docs)
    assert ranked(index, "ziet het monster achterom")[0] == "kijkt"
    german = Index("de", [clause("schlaf", "Wieder einschlafen", "Nach drei ruhigen Runden schläft es wieder ein.", game="dt"), *TOWERS])
    assert ranked(german, "wann schläft das Knochentier ein")[0] == "schlaf"


def test_a_question_no_text_answers_is_said_to_have_no_ruling():
    index = Index("nl", FLURE)
    assert index.search("mag het monster over een bloedplas glijden").answered
    assert not index.search("wat kost de doos in de winkel").answered
    assert not index.search("de een het").answered  # nothing searched at all
    assert not index.search("qwertyzuiop").answered
