"""Cross-file checks: unique ids site-wide, references, demos, coverage and FAQ files."""

import re
import textwrap
from pathlib import Path

from rulebooks.contentset import load_content

GLOSSARY = '[[term]]\nid = "regel"\nnl = ["regel"]\nde = ["Regel"]\nen = ["rule"]\n'


def write_game(
    root: Path,
    slug: str,
    prefix: str,
    body: str,
    coverage: str | None = None,
    faqs=None,
    glossary: str | None = GLOSSARY,
    translations=("de", "en"),
):
    """A game folder; by default with faithful de and en translations of the rulebook and its
    FAQ files (every rulebook exists in the three languages)."""
    folder = root / "rulebooks" / "content" / slug
    folder.mkdir(parents=True)
    front = textwrap.dedent(
        f"""\
        +++
        slug = "{slug}"
        prefix = "{prefix}"
        title = "T {slug}"
        language = "nl"
        edition = "e"
        source = "s"
        description = "d"
        +++
        """
    )
    (folder / "rulebook.md").write_text(front + textwrap.dedent(body), encoding="utf-8")
    if coverage is None:
        coverage = f'seed_file = "seed.txt"\n\n[[fact]]\nseed = "De regel."\nclauses = ["{prefix}-regel"]\n'
    (folder / "coverage.toml").write_text(coverage, encoding="utf-8")
    if glossary is not None:
        (folder / "glossary.toml").write_text(glossary, encoding="utf-8")
    for name, text in (faqs or {}).items():
        (folder / "faq").mkdir(exist_ok=True)
        (folder / "faq" / name).write_text(textwrap.dedent(text), encoding="utf-8")
    for lang in translations:
        (folder / f"rulebook.{lang}.md").write_text(translated(textwrap.dedent(body), lang), encoding="utf-8")
        for name, text in (faqs or {}).items():
            (folder / "faq" / lang).mkdir(parents=True, exist_ok=True)
            (folder / "faq" / lang / name).write_text(translated_faq(textwrap.dedent(text), lang), encoding="utf-8")
    return folder


def _words(text: str, lang: str) -> str:
    """The toy books' only glossary term, in ``lang`` outside ids and references."""
    if lang != "en":
        return text
    parts = re.split(r"(\{[^{}]*\}|\[\[[^\[\]]*\]\])", text)
    return "".join(p if p.startswith(("{", "[[")) else re.sub("[Rr]egel", "rule", p) for p in parts)


def translated(body_text: str, lang: str) -> str:
    return f'+++\nlanguage = "{lang}"\ntitle = "T"\ndescription = "d"\n+++\n' + _words(body_text, lang)


def translated_faq(text: str, lang: str) -> str:
    question = re.search(r"^question = .*$", text, re.M)
    answer = text.split("+++", 2)[2] if text.count("+++") >= 2 else ""
    return f"+++\n{_words(question.group(0), lang) if question else ''}\n+++\n{_words(answer, lang)}"


BODY = """
# Start {#%(p)s-start}

## Regel {#%(p)s-regel .rule}

De regel, zie [[%(ref)s]].
%(demo)s
"""


def body(prefix, ref=None, demo=""):
    return BODY % {"p": prefix, "ref": ref or f"{prefix}-regel", "demo": demo}


def load(root: Path, scenarios=None, seeds=None):
    lookup = (lambda slug: set(scenarios.get(slug, ()))) if scenarios else None
    return load_content(root / "rulebooks" / "content", lookup, seeds, display_root=root)


def texts(content):
    return [str(p) for p in content.problems]


def test_valid_content_has_no_problems_and_counts_per_game(tmp_path):
    write_game(tmp_path, "aa-game", "aa", body("aa", demo="\n/// demo | aa-voorbeeld\n///\n"))
    write_game(tmp_path, "bb-game", "bb", body("bb", ref="aa-regel"))
    content = load(tmp_path, scenarios={"aa-game": {"aa-voorbeeld"}})
    assert texts(content) == []
    assert content.summary()["aa-game"] == {
        "clauses": 1,
        "rule_clauses": 1,
        "rule_clauses_with_demo": 1,
        "scenarios": 1,
        "faq_entries": 0,
        "faq_verified": 0,
        "languages": {
            "nl": {"role": "source", "clauses": 1, "faq_entries": 0},
            "de": {"role": "translation", "clauses": 1, "faq_entries": 0, "problems": [], "ok": True},
            "en": {"role": "translation", "clauses": 1, "faq_entries": 0, "problems": [], "ok": True},
        },
    }
    assert content.summary()["bb-game"]["rule_clauses_with_demo"] == 0


def test_duplicate_ids_across_books_name_both_places(tmp_path):
    write_game(tmp_path, "aa-game", "aa", body("aa"))
    write_game(tmp_path, "bb-game", "bb", body("bb") + "\n## Dubbel {#bb-regel .rule}\n\nNog eens.\n")
    found = texts(load(tmp_path))
    assert any(
        "rulebooks/content/bb-game/rulebook.md:18: duplicate id 'bb-regel' (first defined at "
        "rulebooks/content/bb-game/rulebook.md:13)" == f
        for f in found
    ), found


def test_unknown_cross_reference_and_unknown_demo_scenario_fail_with_file_and_line(tmp_path):
    write_game(tmp_path, "aa-game", "aa", body("aa", ref="aa-bestaat-niet", demo="\n/// demo | aa-nergens\n///\n"))
    found = texts(load(tmp_path))
    assert "rulebooks/content/aa-game/rulebook.md:15: [[aa-bestaat-niet]] in clause 'aa-regel' refers to an unknown clause" in found
    assert any(
        f.startswith("rulebooks/content/aa-game/rulebook.md:17: demo of clause 'aa-regel' refers to unknown scenario 'aa-nergens'")
        and "rules/games/aa_game/scenarios/aa-nergens.toml" in f
        for f in found
    ), found


def test_coverage_quotes_must_exist_in_the_seed_and_name_real_clauses(tmp_path):
    coverage = (
        'seed_file = "seed.txt"\n\n'
        '[[fact]]\nseed = "De   regel."\nclauses = ["aa-regel"]\n\n'
        '[[fact]]\nseed = "Iets wat er niet staat"\nclauses = ["aa-regel"]\n\n'
        '[[fact]]\nseed = "De regel."\nclauses = ["aa-spook", "aa-start"]\n'
    )
    write_game(tmp_path, "aa-game", "aa", body("aa"), coverage=coverage)
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "seed.txt").write_text("Intro.\nDe regel. Meer tekst.\n", encoding="utf-8")
    found = texts(load(tmp_path, seeds=seeds))
    cov = "rulebooks/content/aa-game/coverage.toml"
    assert f"{cov}:7: seed quote not found in seed.txt: 'Iets wat er niet staat'" in found
    assert f"{cov}:11: fact refers to unknown clause 'aa-spook'" in found
    assert f"{cov}:11: fact refers to 'aa-start', which is a section, not a clause" in found
    assert not any(f.startswith(f"{cov}:3:") for f in found)


def test_rule_clause_missing_from_coverage_without_a_note_is_reported(tmp_path):
    extra = "\n## Verzonnen {#aa-verzonnen .rule}\n\nStaat niet in de bron.\n"
    write_game(tmp_path, "aa-game", "aa", body("aa") + extra)
    found = texts(load(tmp_path))
    assert any("rule clause 'aa-verzonnen' is neither in coverage.toml nor explained" in f for f in found)
    noted = extra + "\n/// interpretation\nAfgeleid uit de uitgave.\n///\n"
    write_game(tmp_path / "b", "aa-game", "aa", body("aa") + noted)
    assert texts(load(tmp_path / "b")) == []


def test_faq_entries_are_validated_and_counted(tmp_path):
    good = """\
        +++
        question = "Mag dat?"
        clauses = ["aa-regel"]
        asked = 2024-01-02
        +++

        Ja, zie [[aa-regel]].
        """
    bad = """\
        +++
        question = ""
        clauses = ["aa-onbekend"]
        scenario = "aa-geen"
        asked = "gisteren"
        +++
        """
    write_game(tmp_path, "aa-game", "aa", body("aa"), faqs={"mag-dat.md": good, "Slecht_Bestand.md": good, "kapot.md": bad})
    content = load(tmp_path)
    found = texts(content)
    faq = "rulebooks/content/aa-game/faq"
    assert f"{faq}/Slecht_Bestand.md:1: FAQ file name 'Slecht_Bestand' must be lowercase words joined by hyphens" in found
    assert f"{faq}/kapot.md:1: FAQ entry needs a 'question'" in found
    assert f"{faq}/kapot.md:1: FAQ entry cites unknown clause 'aa-onbekend'" in found
    assert f"{faq}/kapot.md:1: FAQ entry refers to unknown scenario 'aa-geen'" in found
    assert f"{faq}/kapot.md:1: 'asked' must be a TOML date like 2024-05-01" in found
    assert any(f.startswith(f"{faq}/kapot.md:") and "no answer text" in f for f in found)
    assert [f.slug for f in content.games["aa-game"].faqs] == ["mag-dat"]
    assert content.summary()["aa-game"]["faq_entries"] == 1


def test_folder_and_front_matter_slug_must_agree_and_prefixes_be_unique(tmp_path):
    folder = write_game(tmp_path, "aa-game", "aa", body("aa"))
    text = (folder / "rulebook.md").read_text().replace('slug = "aa-game"', 'slug = "iets-anders"')
    (folder / "rulebook.md").write_text(text)
    write_game(tmp_path, "cc-game", "aa", body("aa").replace("aa-", "aa-c"))
    found = texts(load(tmp_path))
    assert any("front matter slug 'iets-anders' differs from folder name 'aa-game'" in f for f in found)
    assert any("id prefix 'aa' is already used by 'aa-game'" in f for f in found)


def test_a_game_without_a_glossary_or_with_a_malformed_one_is_a_problem(tmp_path):
    write_game(tmp_path, "aa-game", "aa", body("aa"), glossary=None)
    write_game(tmp_path, "bb-game", "bb", body("bb"), glossary=GLOSSARY.replace('de = ["Regel"]\n', ""))
    problems = texts(load(tmp_path))
    assert "rulebooks/content/aa-game/glossary.toml:0: glossary is missing: the game's terms in nl, de and en" in problems
    assert any(
        p.startswith("rulebooks/content/bb-game/glossary.toml:1: term 1 (regel): 'de' must be a non-empty list")
        for p in problems
    ), problems
