"""The address grammar is one declared thing (issue 38, reviews-architecture.md §4): every query
parameter a page reads or writes is declared in ``simulator.addressing.PARAMS``, read by its parser
and written by its writer there, and no other module reads or writes it itself."""

import ast
import re
from pathlib import Path

import pytest
from django.http import QueryDict

from rules.core.problems import Code, Problem
from simulator.addressing import PARAMS, read, write

ROOT = Path(__file__).resolve().parents[2]
HOME = "simulator/addressing.py"
PACKAGES = ("rulebooks", "simulator", "faq", "rooms", "sitewide", "rulesite", "pagecache")

# A value of every declared parameter (a new parameter needs one here: the first test says so).
SAMPLES = {
    "scenario": "ff-standaardopstelling",
    "log": "1.eyJzIjp7fX0",
    "step": 7,
    "pick": ("sq:3", "sq:4"),
    "zoom": (1.5, -2.0, 10.25, 12.0),
    "why": "sq:3",
    "advice": True,
    "new": True,
    "position": '{"board": []}',
    "then": "blank",
    "edit": "1.eyJwIjp7fX0",
    "tool": "drop:wiz:blue",
    "at": "sq:5",
    "set": True,
    "play": "move a1 b2",
    "v": 12,
}

# A value the parser refuses, for every parameter that can have a bad one (400, naming it).
BAD = {
    "step": "-1",
    "pick": "a//b",
    "zoom": "1,2,3",
    "why": "<script>",
    "advice": "yes",
    "then": "play",
    "tool": "t" * 201,
    "at": "a" * 201,
    "v": "x",
    "play": "p" * 20_001,
}


def test_every_declared_parameter_has_a_sample():
    assert set(SAMPLES) == set(PARAMS)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_parameter_reads_back_what_its_writer_wrote(name):
    value = SAMPLES[name]
    assert read(QueryDict(write(**{name: value})), name) == value


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_an_absent_parameter_is_written_as_nothing(name):
    absent = read(QueryDict(""), name)
    assert write(**{name: absent}) == ""


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_value_is_a_400_naming_the_parameter(name):
    with pytest.raises(Problem) as caught:
        read(QueryDict(mutable=True) | {name: BAD[name]}, name)
    assert caught.value.field == name
    assert caught.value.status == 400
    assert caught.value.code in (Code.BAD_VALUE, Code.BAD_PICK)


# --- No other module reads or writes a declared parameter itself -----------------------------------

QUERIES = {"params", "query", "GET"}  # names that hold a query (request.GET, or passed on as params)


def _is_query(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "GET") or (isinstance(node, ast.Name) and node.id in QUERIES)


def _declared(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in PARAMS:
        return node.value
    return None


WRITTEN = re.compile(rf"[?&]({'|'.join(PARAMS)})=")


def grammar_violations(source: str) -> list[str]:
    """Reads (``request.GET.get("pick")``, ``params["log"]``, ``"new" in params``) and writes
    (``urlencode({"play": …})``, ``f"?log={…}"``) of declared parameters in ``source``."""
    tree = ast.parse(source)
    docstrings = {
        id(body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and (body := node.body) and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
            name = _declared(node.args[0]) if _is_query(node.func.value) else None
        elif isinstance(node, ast.Subscript) and _is_query(node.value):
            name = _declared(node.slice)
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)) and _is_query(node.comparators[0]):
            name = _declared(node.left)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "urlencode":
            keys = [key for arg in node.args if isinstance(arg, ast.Dict) for key in arg.keys]
            name = next((n for n in map(_declared, keys) if n), None)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            match = WRITTEN.search(node.value)
            name = match.group(1) if match else None
        if name:
            found.append(f"{node.lineno}: {name}")
    return found


MADE_UP = '''
"""A docstring may show ``?log=<token>&step=N``."""
from urllib.parse import urlencode

def view(request, params):
    a = request.GET.get("pick")
    b = params["log"]
    c = "new" in request.GET
    d = urlencode({"play": "x", "v": 3})
    e = f"/sim/?scenario={a}&step=0"
    return request.GET.get("page"), params.get("q")
'''


def test_the_check_finds_reads_and_writes_of_declared_parameters():
    assert sorted(grammar_violations(MADE_UP)) == ["10: scenario", "10: step", "6: pick", "7: log", "8: new", "9: play"]


# Other pages' parameters of the same name, and the API's URL template in its index (not a link).
ELSEWHERE = {
    "faq/templatetags/faq_ask.py": {"position"},  # the ask form's position: a simulator URL
    "sitewide/views.py": {"position"},  # the suggestions' position: the same simulator URL
    "simulator/api.py": {"step"},  # "scenario_step": ".../scenarios/{scenario}/?step={step}"
}


def test_no_module_but_the_grammar_reads_or_writes_a_declared_parameter():
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative != HOME and "/migrations/" not in relative:
                hits = grammar_violations(path.read_text(encoding="utf-8"))
                found += [f"{relative}:{hit}" for hit in hits if hit.split(": ")[1] not in ELSEWHERE.get(relative, set())]
    assert found == []


# --- On the pages: a bad value of a parameter the grammar now checks is a 400 naming it -------------


@pytest.mark.django_db
@pytest.mark.usefixtures("rulebooks")
@pytest.mark.parametrize(
    "query, field",
    [
        ({"new": "1", "then": "play"}, "then"),
        ({"scenario": "ff-ronde", "then": "x"}, "then"),
        ({"edit": "1.x", "tool": "t" * 201}, "tool"),
    ],
)
def test_the_simulator_page_names_a_bad_parameter(client, query, field):
    response = client.get("/nl/finstere-flure/sim/", query)
    assert response.status_code == 400
    assert f"<code>{field}</code>" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.usefixtures("rulebooks")
def test_old_links_keep_their_address(client):
    """The links the pages write are the ones they wrote before the grammar had one home."""
    response = client.get("/nl/finstere-flure/sim/", {"new": "1"})
    assert response.status_code == 302
    assert re.fullmatch(r"/nl/finstere-flure/sim/\?log=1\.[A-Za-z0-9_-]+&step=0", response["Location"])
    page = client.get(response["Location"]).content.decode()
    assert "&amp;then=edit" in page
