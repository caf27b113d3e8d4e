"""Folding, stemming, scoring and snippets of the search (Dutch and German word forms)."""

from rulebooks.textsearch import MAX_QUERY_CHARS, fold, highlight, index_text, parse_query, score_document, snippet


def score(query, title="", body=""):
    return score_document(parse_query(query), index_text(title), index_text(body))


def test_folding_drops_accents_case_and_punctuation():
    assert fold("Zugbrücken") == "zugbrucken"
    assert fold("Straße") == "strasse"
    assert fold("Één café") == "een cafe"
    assert index_text("Die „Zugbrücke“ hebt sich!") == " die zugbrucke hebt sich "


def test_prefix_and_stem_matching_of_german_and_dutch_word_forms():
    assert score("zugbrücke", body="Die Zugbrücken heben sich") > 0
    assert score("ZUGBRUCKE", body="Die Zugbrücken heben sich") > 0
    assert score("raventoren", title="De Raventoren verhuist") > 0
    assert score("torens", body="Een toren mag over een tovenaar") > 0
    assert score("brücke", body="Die Zugbrücke senkt sich") > 0  # inside a compound
    assert score("monster", body="De figuren lopen") == 0


def test_every_term_must_match_and_title_hits_rank_higher():
    assert score("toren monster", body="toren") == 0
    in_title = score("bloedplas", title="Bloedplas", body="Je glijdt door.")
    in_body = score("bloedplas", title="Glijden", body="Op een bloedplas glijd je door.")
    assert in_title > in_body > 0
    exact = score("toren", body="de toren staat")
    prefix_only = score("toren", body="de torenbouwplaats")
    assert exact > prefix_only > 0


def test_query_cleaning_caps_length_and_strips_control_characters():
    q = parse_query("ra\x00ven\x1btoren\u200b  " + "x" * 20_000)
    assert len(q.text) <= MAX_QUERY_CHARS
    assert q.truncated
    assert "\x00" not in q.text and "\x1b" not in q.text
    assert parse_query("   ").empty
    assert parse_query("!!! ???").empty
    many = parse_query(" ".join(f"woord{i}" for i in range(20)))
    assert many.dropped_terms and len(many.terms) == 8


def test_snippet_is_escaped_and_highlights_matches_around_the_first_hit():
    text = "Begin. " + "vulling " * 60 + "Het <monster> draait naar de Zugbrücken toe. " + "einde " * 40
    html = snippet(text, parse_query("zugbrucke"))
    assert "<mark>Zugbrücken</mark>" in html
    assert "&lt;monster&gt;" in html
    assert html.startswith("… ") and html.endswith(" …")
    assert "<monster>" not in html


def test_highlight_marks_every_matching_word_only():
    html = highlight("Toren en torens, geen turen.", parse_query("toren"))
    assert html == "<mark>Toren</mark> en <mark>torens</mark>, geen turen."


def test_a_one_letter_term_matches_only_that_letter_as_a_word():
    # As a prefix, "e" would match "een", "elke", "eerst": nearly every clause (expensive, useless).
    assert score("e", body="Een speler zet eerst een toren") == 0
    assert score("é", body="Een speler zet eerst een toren") == 0
    assert score("e", body="de variant e van het spel") > 0
    assert score("3", body="gooi 3 of meer") > 0 and score("3", body="gooi 36") == 0
    assert score("to", body="De tovenaar") > 0  # two letters are a prefix again
    assert highlight("een e en elke", parse_query("e")) == "een <mark>e</mark> en elke"
