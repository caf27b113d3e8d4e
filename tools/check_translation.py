"""Check one translation of one rulebook: ``python tools/check_translation.py <game-slug> <lang>``.

Prints the problems ``manage.py checkrules`` reports for that game's ``lang`` files (rulebook,
FAQ entries, scenario texts), or "ok". For translators working on one language at a time."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
os.environ.setdefault("DJANGO_DEBUG", "1")

import django  # noqa: E402

django.setup()

from rulebooks.loader import read_content  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__)
        return 2
    slug, lang = argv[1], argv[2]
    content = read_content(check_seeds=False, check_scenarios=False)
    game = content.games.get(slug)
    if game is None or lang not in game.translations:
        print(f"no game '{slug}' with a translation into '{lang}'")
        return 2
    problems = game.translations[lang].problems
    for problem in problems:
        print(problem)
    if any("glossary_exceptions" in str(p) for p in problems):
        print(
            "\nglossary_exceptions: in rulebook.<lang>.md front matter a table "
            '{ "clause-id" = ["term-id"] }; in a FAQ translation\'s front matter a list ["term-id"]; '
            'in scenario_texts/<lang>.toml a list glossary_exceptions = ["term-id"] in the scenario\'s table. '
            "Use it only where the source word does not mean the glossary's term (a false alarm)."
        )
    print(f"{len(problems)} problem(s)" if problems else "ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
