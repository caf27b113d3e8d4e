"""Folding and query cleaning (rulebooks.textsearch), under the search's analysis."""

from rulebooks.textsearch import MAX_QUERY_CHARS, clean_query, fold, fold_with_map


def test_folding_drops_accents_case_and_punctuation():
    assert fold("Zugbrücken") == "zugbrucken"
    assert fold("Straße") == "strasse"
    assert fold("Één café") == "een cafe"
    assert fold("Die „Zugbrücke“ hebt sich!") == "die  zugbrucke  hebt sich "


def test_folding_maps_back_to_the_original_characters():
    text = "Die Straße"
    folded, positions = fold_with_map(text)
    start = folded.index("strasse")
    # "ss" both come from "ß": a highlight of the folded word covers the original word exactly.
    assert text[positions[start] : positions[start + len("strasse") - 1] + 1] == "Straße"


def test_query_cleaning_caps_length_and_strips_control_characters():
    text, truncated = clean_query("ra\x00ven\x1btoren\u200b  " + "x" * 20_000)
    assert len(text) <= MAX_QUERY_CHARS and truncated
    assert "\x00" not in text and "\x1b" not in text and "\u200b" not in text
    assert clean_query("   ") == ("", False)
