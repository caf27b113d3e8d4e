"""The Markdown pipeline: ids, kinds, numbering, blocks, notes and errors with file and line."""

import textwrap

from rulebooks.parsing import parse_book
from rulebooks.rendering import render_markdown

FRONT = textwrap.dedent(
    """\
    +++
    slug = "demo-game"
    prefix = "dg"
    title = "Demo"
    language = "nl"
    edition = "1"
    source = "test"
    description = "A test book"
    +++
    """
)


def parse(body: str):
    return parse_book(FRONT + textwrap.dedent(body), "book.md")


def messages(problems):
    return [f"{p.line}: {p.message}" for p in problems]


def test_sections_and_clauses_are_numbered_hierarchically():
    book, problems = parse(
        """
        # Start {#dg-start}

        ## Eerste {#dg-eerste .rule}

        Tekst een.

        ## Groep {#dg-groep}

        ### Diep {#dg-diep .info}

        Tekst twee.

        ### Dieper {#dg-dieper .rule}

        Tekst drie.

        # Einde {#dg-einde}

        ## Laatste {#dg-laatste .rule}

        Tekst vier.
        """
    )
    assert problems == []
    numbers = {n.id: n.number for n in book.nodes}
    assert numbers == {
        "dg-start": "1",
        "dg-eerste": "1.1",
        "dg-groep": "1.2",
        "dg-diep": "1.2.1",
        "dg-dieper": "1.2.2",
        "dg-einde": "2",
        "dg-laatste": "2.1",
    }
    kinds = {c.id: c.kind for c in book.clauses}
    assert kinds == {"dg-eerste": "rule", "dg-diep": "info", "dg-dieper": "rule", "dg-laatste": "rule"}
    assert [s.id for s in book.nodes[4].path()] == ["dg-start", "dg-groep"]


def test_heading_without_id_is_reported_with_its_line():
    _, problems = parse("# Start\n\n## Regel {#dg-regel .rule}\n\nTekst.\n")
    # The front matter takes lines 1-9, so '# Start' is line 10.
    assert messages(problems) == ["10: heading has no attribute list: write it as 'Title {#some-id}'"]


def test_id_must_carry_the_books_prefix_and_a_kind_must_be_known():
    _, problems = parse("# Start {#xx-start}\n\n## Regel {#dg-regel .regel}\n\nTekst.\n")
    found = messages(problems)
    assert any("must start with 'dg-'" in m for m in found)
    assert any("unknown class '.regel'" in m for m in found)


def test_clause_cannot_have_children_and_levels_cannot_skip():
    _, problems = parse(
        """
        # Start {#dg-start}

        ## Regel {#dg-regel .rule}

        Tekst.

        ### Kind {#dg-kind .rule}

        Tekst.

        # Sprong {#dg-sprong}

        ### Te diep {#dg-te-diep .rule}

        Tekst.
        """
    )
    found = messages(problems)
    assert any("'dg-kind' is nested under clause 'dg-regel'" in m for m in found)
    assert any("skips a level" in m for m in found)


def test_text_outside_a_clause_and_empty_sections_are_errors():
    _, problems = parse(
        """
        # Start {#dg-start}

        Losse tekst zonder clausule.

        ## Regel {#dg-regel .rule}

        Tekst.

        # Leeg {#dg-leeg}
        """
    )
    found = messages(problems)
    assert any(m.startswith("13: text outside any clause") for m in found)
    assert any("section 'dg-leeg' contains no clause" in m for m in found)


def test_interpretation_notes_and_demo_blocks_are_attached_to_their_clause():
    book, problems = parse(
        """
        # Start {#dg-start}

        ## Regel {#dg-regel .rule}

        De regel zelf.

        /// interpretation
        De bron zegt het niet; wij kiezen **dit**.
        ///

        /// demo | dg-regel-voorbeeld
        ///
        """
    )
    assert problems == []
    clause = book.clauses[0]
    assert clause.body_markdown() == "De regel zelf."
    assert [n.markdown for n in clause.notes] == ["De bron zegt het niet; wij kiezen **dit**."]
    assert [(d.scenario, d.line) for d in clause.demos] == [("dg-regel-voorbeeld", 21)]


def test_malformed_blocks_name_their_line():
    _, problems = parse(
        """
        # Start {#dg-start}

        ## Regel {#dg-regel .rule}

        Tekst.

        /// demo
        ///

        /// spoiler
        ///

        /// interpretation
        nooit gesloten
        """
    )
    found = messages(problems)
    assert "17: demo block needs a scenario id: '/// demo | <scenario-id>'" in found
    assert "20: unknown block '/// spoiler' (known: interpretation, demo)" in found
    assert "23: '/// interpretation' block is never closed with '///'" in found


def test_front_matter_is_required_and_checked():
    _, problems = parse_book("# Start {#dg-start}\n", "x.md")
    assert messages(problems)[0] == "1: file must start with a '+++' TOML front matter block"
    _, problems = parse_book("+++\ntitle = 'x'\n+++\n", "x.md")
    assert any("missing the text field 'slug'" in m for m in messages(problems))
    _, problems = parse_book("+++\ntitle = \n+++\n", "x.md")
    assert any("invalid TOML front matter" in m for m in messages(problems))


def test_headings_inside_code_fences_are_text():
    book, problems = parse(
        """
        # Start {#dg-start}

        ## Regel {#dg-regel .rule}

        ```
        # geen kop
        ```
        """
    )
    assert problems == []
    assert len(book.nodes) == 2
    assert "# geen kop" in book.clauses[0].body_markdown()


def test_cross_references_render_with_number_and_title():
    book, _ = parse(
        """
        # Start {#dg-start}

        ## Doel {#dg-doel .rule}

        Zie [[dg-einde]] & meer.

        ## Einde <het> {#dg-einde .rule}

        Klaar.
        """
    )
    index = {n.id: ("demo-game", n) for n in book.nodes}
    html = render_markdown(book.clauses[0].body_markdown(), index)
    assert '<a class="xref" href="/__LANG__/demo-game/#dg-einde">§1.2 Einde &lt;het&gt;</a>' in html
    broken = render_markdown("Zie [[dg-onbekend]].", index)
    assert 'class="xref-broken"' in broken
