"""The layering of the project's packages, read from the source with ``ast`` (nothing is imported).

:data:`LAYERS`, bottom up: the rules library (``rules``: engine core and games, no Django), the page
cache, the rulebooks, the simulator's web layer, the FAQ, the online rooms, the site-wide pages
(search, offline, errors, the content commands) and the project package (settings, URLs,
ASGI/WSGI). A package imports only packages below it, wherever the import stands (module level,
inside a function, under ``TYPE_CHECKING``, ``import_module``), so there is no cycle between apps.
``rules`` imports no Django at all. No app imports another app's views (API and ``*_views``
modules count as views), and no template tag imports a views module at all: what several apps
share lives in a non-view module (e.g. ``rulebooks.lookups``).

Each rule is a test of its own and names every offending ``file:line``; the last tests run the
checker on small made-up files to show that each rule does fail on a bad import.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Bottom up: each package may import the ones before it, never the ones after it.
LAYERS = ("rules", "pagecache", "rulebooks", "simulator", "faq", "rooms", "sitewide", "rulesite")
APPS = LAYERS
# What the rules library must not import besides the packages above it.
LIBRARY_FORBIDDEN = ("django", "channels", "django_htmx", "template_partials")
IMPORT_FUNCTIONS = {"import_module", "__import__"}


@dataclass(frozen=True)
class ImportStatement:
    path: str  # relative to the project root, with forward slashes
    line: int
    targets: tuple[str, ...]  # absolute dotted names this statement may import

    @property
    def app(self) -> str:
        return self.path.split("/")[0]

    def where(self) -> str:
        return f"{self.path}:{self.line}"


def project_files() -> Iterator[tuple[str, str]]:
    """(path relative to the root, source) of every .py file of the project's apps, migrations
    left out."""
    for app in APPS:
        for file in sorted((ROOT / app).rglob("*.py")):
            rel = file.relative_to(ROOT)
            if "migrations" in rel.parts or "__pycache__" in rel.parts:
                continue
            yield rel.as_posix(), file.read_text(encoding="utf-8")


def module_of(path: str) -> tuple[str, str]:
    """(module, package) of a file: ``faq/views.py`` -> (faq.views, faq)."""
    parts = path.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
        return ".".join(parts), ".".join(parts)
    return ".".join(parts), ".".join(parts[:-1])


def _absolute(name: str | None, level: int, package: str) -> str:
    if level == 0:
        return name or ""
    base = package.split(".")
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, name] if name else base)


def import_statements(path: str, source: str) -> Iterator[ImportStatement]:
    """Every import of a file, wherever it is (module level, inside functions, under
    ``TYPE_CHECKING``), relative ones made absolute; ``from a import b`` may import the module
    ``a.b``, so both ``a`` and ``a.b`` are targets. ``import_module("...")`` with a literal name
    counts too."""
    _, package = module_of(path)
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.Import):
            targets = tuple(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, package)
            targets = (base, *(f"{base}.{alias.name}" for alias in node.names if alias.name != "*"))
        elif (
            isinstance(node, ast.Call)
            and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) in IMPORT_FUNCTIONS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            name = node.args[0].value
            level = len(name) - len(name.lstrip("."))
            targets = (_absolute(name.lstrip(".") or None, level, package),)
        else:
            continue
        yield ImportStatement(path, node.lineno, targets)


def is_views_module(name: str) -> bool:
    return name in ("views", "api") or name.endswith("_views")


def is_project_views(target: str) -> bool:
    """A views module of one of the project's apps (``views``, ``api``, ``*_views``), or something in it."""
    parts = target.split(".")
    return parts[0] in APPS and any(is_views_module(part) for part in parts[1:])


def other_apps_views(statement: ImportStatement) -> str | None:
    if statement.app == "rulesite":
        return None  # the project's URL conf and routing are where the apps' views are wired in
    for target in statement.targets:
        if is_project_views(target) and target.split(".")[0] != statement.app:
            return f"{statement.where()}: {statement.app} imports another app's views ({target})"
    return None


def views_in_templatetags(statement: ImportStatement) -> str | None:
    if "templatetags" not in statement.path.split("/")[:-1]:
        return None
    for target in statement.targets:
        if is_project_views(target):
            return f"{statement.where()}: a template tag module imports a views module ({target})"
    return None


def upward_import(statement: ImportStatement) -> str | None:
    """An import of a package at or above the importer's layer (its own package excepted)."""
    level = LAYERS.index(statement.app)
    for target in statement.targets:
        top = target.split(".")[0]
        if top in LAYERS and top != statement.app and LAYERS.index(top) > level:
            return f"{statement.where()}: {statement.app} must not import {top}, a layer above it ({target})"
    return None


def django_in_library(statement: ImportStatement) -> str | None:
    if statement.app != "rules":
        return None
    for target in statement.targets:
        if target.split(".")[0] in LIBRARY_FORBIDDEN:
            return f"{statement.where()}: the rules library must not import {target.split('.')[0]} ({target})"
    return None


Rule = Callable[[Any], "str | None"]


def violations(rule: Rule, items: Iterable[Any]) -> list[str]:
    """What ``rule`` says of each parsed import statement or template reference."""
    return [message for item in items if (message := rule(item))]


@pytest.fixture(scope="module")
def statements():
    """Every import statement of the project's apps, each file parsed once for all the rules."""
    found = list(project_files())
    assert {path.split("/")[0] for path, _ in found} == set(LAYERS)
    return [statement for path, source in found for statement in import_statements(path, source)]


def test_no_app_imports_another_apps_views(statements):
    found = violations(other_apps_views, statements)
    assert not found, "\n".join(found)


def test_no_template_tag_imports_a_views_module(statements):
    found = violations(views_in_templatetags, statements)
    assert not found, "\n".join(found)


def test_every_import_goes_down_the_layers(statements):
    found = violations(upward_import, statements)
    assert not found, "\n".join(found)


def test_the_rules_library_imports_no_django(statements):
    found = violations(django_in_library, statements)
    assert not found, "\n".join(found)


def test_every_package_with_python_code_has_a_layer():
    """A new app gets its place in LAYERS (else nothing above would be checked against it)."""
    skip = {"tests", "bench", "tools", "docs", "locale", "static", "templates", "staticfiles", "node_modules"}
    packages = {
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in skip and not path.parent.name.startswith(".")
    }
    assert packages == set(LAYERS)


# Templates: each app keeps its own in <app>/templates/<app>/ (admin overrides in
# <app>/templates/admin/<app>/); the site frame is the lowest web app's (rulebooks/base.html), so that
# every page may extend it; the project's templates/ holds the error pages and the lock-out page, and
# belongs to the top layer. A template loads tag libraries, includes and extends templates and names
# URLs of its own layer or below, never of a higher app, with no exception (what a higher app adds to
# a lower page or to the frame comes through pagecache.hooks).

PROJECT_TEMPLATES = "templates"
TEMPLATE_TAG = re.compile(r"{%\s*(load|include|extends|url)\s+(.*?)\s*%}", re.S)


@dataclass(frozen=True)
class TemplateReference:
    path: str  # relative to the project root
    line: int
    kind: str  # load, include, extends or url
    name: str  # the tag library, the template or the URL name

    @property
    def app(self) -> str:
        """The app owning the template (the project's templates/ belong to ``rulesite``)."""
        top = self.path.split("/")[0]
        return "rulesite" if top == PROJECT_TEMPLATES else top

    def where(self) -> str:
        return f"{self.path}:{self.line}"


def template_files() -> Iterator[tuple[str, str]]:
    """(path relative to the root, source) of every template of the project and its apps."""
    for folder in [ROOT / PROJECT_TEMPLATES, *(ROOT / app / "templates" for app in APPS)]:
        for file in sorted(folder.rglob("*")):
            if file.is_file():
                yield file.relative_to(ROOT).as_posix(), file.read_text(encoding="utf-8")


def template_references(path: str, source: str) -> Iterator[TemplateReference]:
    """Every ``{% load %}`` (each library), ``{% include %}``, ``{% extends %}`` and ``{% url %}``
    with a literal name (a variable names nothing that can be checked here)."""
    for found in TEMPLATE_TAG.finditer(source):
        kind, args = found.group(1), found.group(2).split()
        line = source.count("\n", 0, found.start()) + 1
        if kind == "load":
            for library in args[args.index("from") + 1 :] if "from" in args else args:
                yield TemplateReference(path, line, kind, library)
        elif args and args[0][0] in "'\"":
            yield TemplateReference(path, line, kind, args[0].strip("'\"").split("#")[0])


def _url_namespaces() -> dict[str, str]:
    """URL namespace -> the app whose urls.py declares it (``app_name = "..."``)."""
    found = {}
    for app in APPS:
        urls = ROOT / app / "urls.py"
        declared = re.search(r"^app_name = [\"'](\w+)[\"']", urls.read_text(encoding="utf-8"), re.M) if urls.is_file() else None
        if declared:
            found[declared.group(1)] = app
    return found


URL_NAMESPACES = _url_namespaces()


def provider(reference: TemplateReference) -> str | None:
    """The project app that provides what ``reference`` names (None: Django or a third party)."""
    if reference.kind == "load":
        owners = [app for app in APPS if (ROOT / app / "templatetags" / f"{reference.name}.py").is_file()]
        return owners[0] if owners else None
    if reference.kind == "url":
        namespace, _, _name = reference.name.rpartition(":")
        return URL_NAMESPACES.get(namespace.split(":")[0]) if namespace else "rulesite"
    if (ROOT / PROJECT_TEMPLATES / reference.name).is_file():
        return "rulesite"
    owners = [app for app in APPS if (ROOT / app / "templates" / reference.name).is_file()]
    return owners[0] if owners else None


def upward_template_reference(reference: TemplateReference) -> str | None:
    """A template naming a library, template or URL of a higher app."""
    owner = provider(reference)
    if owner is None or reference.app == "rulesite":
        return None
    if LAYERS.index(owner) > LAYERS.index(reference.app):
        return (
            f"{reference.where()}: a {reference.app} template must not {reference.kind} {reference.name!r} "
            f"of {owner}, a layer above it (let {owner} add it through a hook: pagecache.hooks)"
        )
    return None


def misplaced_template(path: str) -> str | None:
    """A template outside its app's folder: ``<app>/templates/<app>/...`` (or ``admin/<app>/`` for an
    admin override); the project's ``templates/`` holds no app's folder."""
    parts = path.split("/")
    if parts[0] == PROJECT_TEMPLATES:
        return f"{path}: belongs in {parts[1]}/templates/{parts[1]}/" if parts[1] in APPS else None
    app, folder = parts[0], parts[2]
    if folder == app or (folder == "admin" and parts[3] == app):
        return None
    return f"{path}: an app's templates live in {app}/templates/{app}/ (admin overrides in {app}/templates/admin/{app}/)"


@pytest.fixture(scope="module")
def templates():
    found = list(template_files())
    assert found, "no templates found"
    return found


@pytest.fixture(scope="module")
def references(templates):
    """Every reference of every template, each file parsed once for all the rules."""
    return [reference for path, source in templates for reference in template_references(path, source)]


def test_every_template_names_only_its_layer_and_below(references):
    found = violations(upward_template_reference, references)
    assert not found, "\n".join(found)


def test_every_app_keeps_its_templates_in_its_own_folder(templates):
    found = [message for path, _ in templates if (message := misplaced_template(path))]
    assert not found, "\n".join(found)


def test_no_two_apps_define_a_tag_library_of_the_same_name():
    """Django would load one of them silently: each app owns its tag libraries by a name of its own."""
    libraries = [file.stem for app in APPS for file in (ROOT / app).glob("templatetags/*.py") if file.stem != "__init__"]
    assert len(libraries) == len(set(libraries)), sorted(libraries)


# The checker itself: each rule fails on a bad import and lets the good ones through.

BAD = [
    (other_apps_views, "faq/views.py", "from rulebooks.views import get_game_or_404\n"),
    (other_apps_views, "faq/feeds.py", "import rulebooks.views\n"),
    (other_apps_views, "sitewide/search.py", "from faq import views\n"),
    (other_apps_views, "sitewide/errors.py", "def f():\n    from simulator.views import board_context\n"),
    (other_apps_views, "faq/x.py", "import importlib\nimportlib.import_module('rulebooks.views')\n"),
    (views_in_templatetags, "simulator/templatetags/simulator_tags.py", "from simulator.views import board_context\n"),
    (views_in_templatetags, "simulator/templatetags/simulator_tags.py", "from ..views import board_context\n"),
    (views_in_templatetags, "rulebooks/templatetags/rulebook_tags.py", "from rulebooks import views\n"),
    (views_in_templatetags, "faq/templatetags/faq_tags.py", "import rulebooks.views as v\n"),
    (other_apps_views, "rooms/presenter.py", "from simulator.api import apply\n"),
    (other_apps_views, "faq/x.py", "from sitewide.offline_views import manifest\n"),
    (upward_import, "rulebooks/views.py", "from faq.queries import rulings_by_clause\n"),
    (upward_import, "rules/core/engine.py", "def f():\n    from simulator import scene\n"),
    (upward_import, "rulebooks/loader.py", "from simulator.scene import BoardScene\n"),
    (upward_import, "pagecache/httpcache.py", "from rulebooks.models import Game\n"),
    (upward_import, "simulator/api.py", "from faq.models import Entry\n"),
    (upward_import, "sitewide/errors.py", "from rulesite import urls\n"),
    (django_in_library, "rules/games/x/view.py", "from django.utils.translation import gettext\n"),
    (django_in_library, "rules/core/y.py", "def f():\n    import django\n"),
    (upward_import, "rulebooks/loader.py", "def f():\n    import faq.sync\n"),
    (upward_import, "rulebooks/models.py", "from sitewide import search\n"),
    (upward_import, "faq/views.py", "from sitewide.search import run_search\n"),
]

GOOD = [
    (other_apps_views, "faq/views.py", "from rulebooks.lookups import get_game_or_404\n"),
    (other_apps_views, "simulator/urls.py", "from . import views\n"),
    (other_apps_views, "faq/feeds.py", "from django.contrib.syndication.views import Feed\n"),
    (other_apps_views, "rulesite/urls.py", "from sitewide.site_views import favicon\n"),
    (upward_import, "rooms/presenter.py", "from simulator.scene import BoardScene\nfrom rules.core import engine\n"),
    (upward_import, "rulesite/urls.py", "from simulator import api\n"),
    (django_in_library, "rules/core/engine.py", "from dataclasses import dataclass\nfrom rules.core import codec\n"),
    (views_in_templatetags, "rulebooks/templatetags/rulebook_tags.py", "from rulebooks.rendering import X\n"),
    (views_in_templatetags, "simulator/views.py", "from simulator.views import board_context\n"),
    (upward_import, "faq/views.py", "from rulebooks.models import Clause\n"),
    (upward_import, "sitewide/search.py", "from faq.models import Entry\nfrom rulebooks.models import Game\n"),
    (upward_import, "rulebooks/search_faq.py", "from rulebooks.faq_like import x\n"),
]


@pytest.mark.parametrize(("rule", "path", "source"), BAD)
def test_each_rule_fails_on_a_bad_import_naming_file_and_line(rule, path, source):
    found = violations(rule, import_statements(path, source))
    last_line = source.rstrip("\n").count("\n") + 1  # each made-up file ends with its bad import
    assert len(found) == 1, found
    assert found[0].startswith(f"{path}:{last_line}: ")


@pytest.mark.parametrize(("rule", "path", "source"), GOOD)
def test_each_rule_lets_allowed_imports_through(rule, path, source):
    assert violations(rule, import_statements(path, source)) == []


BAD_TEMPLATES = [
    ("rulebooks/templates/rulebooks/rulebook.html", "{% extends \"rulebooks/base.html\" %}{% load i18n simulator_tags %}\n"),
    ("rulebooks/templates/rulebooks/base.html", "{% load i18n hook_tags %}\n<link rel=\"manifest\" href=\"{% url 'sitewide:webmanifest' %}\">\n"),
    ("rulebooks/templates/rulebooks/base.html", "{% load static i18n django_htmx site_description sharing_tags %}\n"),
    ("rulebooks/templates/rulebooks/home.html", "{% extends \"404.html\" %}\n"),
    ("rulebooks/templates/rulebooks/home.html", "{% load i18n %}\n<p>\n{% load has_simulator from simulator_tags %}\n"),
    ("rulebooks/templates/rulebooks/clause.html", "{% load i18n %}\n{% include \"faq/_ask_link.html\" with clause=clause %}\n"),
    ("simulator/templates/simulator/start.html", "{% include 'rooms/_online_link.html' %}\n"),
    ("rulebooks/templates/rulebooks/_clause_body.html", "<a href=\"{% url 'simulator:page' clause.game_id %}\">\n"),
    ("faq/templates/faq/index.html", "<p>\n<a href=\"{% url 'rooms:lobby' game.slug %}\">\n"),
    ("faq/templates/faq/_ask_form.html", "<a href=\"{% url 'sitewide:search' %}\">\n"),
    ("rulebooks/templates/rulebooks/x.html", "{% url 'site-answers' %}\n"),
    ("simulator/templates/simulator/x.html", "{% extends \"faq/game_faq.html\" %}\n"),
    ("pagecache/templates/pagecache/x.html", "{% load rulebook_tags %}\n"),
]

GOOD_TEMPLATES = [
    ("rulebooks/templates/rulebooks/rulebook.html", "{% extends \"rulebooks/base.html\" %}{% load i18n static rulebook_tags hook_tags %}"),
    ("faq/templates/faq/index.html", "{% extends \"rulebooks/base.html\" %}{% load hook_tags %}"),
    ("faq/templates/faq/entry.html", "{% load simulator_tags %}{% include \"rulebooks/_toc.html\" %}{% url 'rulebooks:home' %}"),
    ("rooms/templates/rooms/room.html", "{% include 'simulator/_scene_now.html' %}{% url 'rooms:lobby' game.slug %}"),
    ("templates/404.html", "{% url 'sitewide:search' %}{% load sharing_tags %}"),
    ("faq/templates/admin/faq/entry/queue.html", "{% extends 'admin/change_list.html' %}{% url 'admin:index' %}"),
    ("rulebooks/templates/rulebooks/x.html", "{% include template_name %}{% url view_name %}"),
    ("faq/templates/faq/index.html", "{% include \"faq/game_faq.html#entry_item\" with level=3 %}"),
]


@pytest.mark.parametrize(("path", "source"), BAD_TEMPLATES)
def test_the_template_rule_fails_on_a_reference_up_the_layers_naming_file_and_line(path, source):
    found = violations(upward_template_reference, template_references(path, source))
    last_line = source.rstrip("\n").count("\n") + 1  # each made-up template ends with its bad reference
    assert len(found) == 1, found
    assert found[0].startswith(f"{path}:{last_line}: ")


@pytest.mark.parametrize(("path", "source"), GOOD_TEMPLATES)
def test_the_template_rule_lets_references_down_the_layers_through(path, source):
    assert violations(upward_template_reference, template_references(path, source)) == []


@pytest.mark.parametrize(
    ("path", "misplaced"),
    [
        ("templates/rulebooks/home.html", True),
        ("faq/templates/rulebooks/home.html", True),
        ("faq/templates/admin/rooms/x.html", True),
        ("rulebooks/templates/rulebooks/base.html", False),
        ("templates/base.html", False),
        ("templates/admin/locked_out.html", False),
        ("faq/templates/admin/faq/entry/queue.html", False),
        ("sitewide/templates/sitewide/sw.js", False),
    ],
)
def test_the_folder_rule_finds_a_template_outside_its_app(path, misplaced):
    assert bool(misplaced_template(path)) is misplaced
