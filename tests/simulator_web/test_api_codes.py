"""One vocabulary of error codes (rules.core.problems.Code), listed once in docs/API.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules.core.problems import CODES, MEANINGS, Code, Problem
from tools import error_codes

DOC = Path(__file__).resolve().parents[2] / "docs" / "API.md"


def test_docs_api_lists_every_code_once_as_the_enum_says():
    doc = DOC.read_text(encoding="utf-8")
    assert error_codes.written(doc) == doc, "docs/API.md and rules.core.problems.Code differ: run tools/error_codes.py"
    listed = re.findall(r"^\| `([a-z-]+)` \|", doc, re.M)
    assert sorted(listed) == sorted(code.value for code in Code) and len(listed) == len(set(listed))


def test_the_table_is_rewritten_when_a_code_changes_its_meaning(monkeypatch):
    doc = DOC.read_text(encoding="utf-8")
    meaning = MEANINGS[Code.STALE]
    monkeypatch.setitem(MEANINGS, Code.STALE, type(meaning)(meaning.status, meaning.where, "changed"))
    assert error_codes.written(doc) != doc and "| `stale` | 409 | rooms | changed |" in error_codes.written(doc)


def test_the_api_codes_are_the_codes_used_by_the_api():
    assert {code for code, meaning in MEANINGS.items() if "api" in meaning.where} == set(CODES)
    assert Code.ILLEGAL_ACTION in CODES and Code.STALE not in CODES


def test_a_problem_sends_its_code_as_a_string_and_its_plain_data():
    problem = Problem("x", "too many", code=Code.RATE_LIMITED, data={"retry": 3, "who": object(), "seats": ("a", "b")})
    sent = json.loads(json.dumps(problem.as_dict()))
    assert sent["code"] == "rate-limited" and sent["data"] == {"retry": 3, "seats": ["a", "b"]}
