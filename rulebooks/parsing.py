"""Parse a rulebook Markdown source into sections and clauses (no Django, no rendering).

The format is described in docs/CONTENT.md. Parsing is line based so every problem can name
the file and line; clause bodies are rendered to HTML later by :mod:`rulebooks.rendering`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from rules.core.languages import LANGUAGES

ID_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$")
SCENARIO_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
ATTR_LIST_RE = re.compile(r"^(.*?)\s*\{:?\s*([^{}]*?)\s*\}$")
BLOCK_OPEN_RE = re.compile(r"^///\s*([A-Za-z0-9_-]+)\s*(?:\|\s*(.*?))?\s*$")
BLOCK_CLOSE = "///"
FENCE_RE = re.compile(r"^(```|~~~)")
CROSS_REF_RE = re.compile(r"\[\[([^\[\]]*)\]\]")

KINDS = ("rule", "info")
MAX_DEPTH = 4
REQUIRED_META = ("slug", "prefix", "title", "language", "edition", "source", "description")
CONTENT_LANGUAGES = LANGUAGES
RENAMED_FROM = "renamed_from"  # heading attribute: the former id(s) of a renamed section or clause


@dataclass(frozen=True)
class Problem:
    """One content problem, reported as ``path:line: message``."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass
class Note:
    """An interpretation note inside a clause."""

    markdown: str
    line: int


@dataclass
class Demo:
    """A ``/// demo | scenario-id`` block inside a clause."""

    scenario: str
    caption: str
    line: int


@dataclass
class Node:
    """A heading: a section (kind is None) or a clause (kind is 'rule' or 'info')."""

    id: str
    title: str
    level: int
    line: int
    kind: str | None = None
    number: str = ""
    # Former ids (``renamed_from=old-id`` in the attribute list): rows stored under them are
    # renamed in place by the loader, and citations of them follow.
    renamed_from: list[str] = field(default_factory=list)
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    # Clause body, in document order: ("md", text, line) and ("note", Note) parts.
    parts: list[tuple[Any, ...]] = field(default_factory=list)
    demos: list[Demo] = field(default_factory=list)

    @property
    def is_clause(self) -> bool:
        return self.kind is not None

    @property
    def notes(self) -> list[Note]:
        return [p[1] for p in self.parts if p[0] == "note"]

    def body_markdown(self) -> str:
        return "\n".join(p[1] for p in self.parts if p[0] == "md").strip()

    def path(self) -> list[Node]:
        """Ancestors from the top-level section down to (excluding) this node."""
        out = []
        node = self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return list(reversed(out))


@dataclass
class Book:
    """A parsed rulebook file."""

    path: str
    meta: dict[str, Any]
    nodes: list[Node]  # every heading, document order
    roots: list[Node]

    @property
    def slug(self) -> str:
        return cast(str, self.meta.get("slug", ""))

    @property
    def clauses(self) -> list[Node]:
        return [n for n in self.nodes if n.is_clause]

    @property
    def sections(self) -> list[Node]:
        return [n for n in self.nodes if not n.is_clause]


def split_front_matter(text: str, path: str, problems: list[Problem]) -> tuple[dict[str, Any], int]:
    """Return (front matter dict, index of the first body line)."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "+++":
        problems.append(Problem(path, 1, "file must start with a '+++' TOML front matter block"))
        return {}, 0
    for i in range(1, len(lines)):
        if lines[i].strip() == "+++":
            raw = "\n".join(lines[1:i])
            try:
                meta = tomllib.loads(raw)
            except tomllib.TOMLDecodeError as exc:
                problems.append(Problem(path, 1, f"invalid TOML front matter: {exc}"))
                meta = {}
            return meta, i + 1
    problems.append(Problem(path, 1, "front matter block is not closed with '+++'"))
    return {}, len(lines)


def read_front_matter_file(path: Path, shown: str) -> tuple[dict[str, Any], str, int, list[Problem]]:
    """A file of TOML front matter and a Markdown body (a FAQ entry): (front matter, body, index of
    the body's first line, problems)."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    problems: list[Problem] = []
    meta, start = split_front_matter(text, shown, problems)
    return meta, "\n".join(text.split("\n")[start:]).strip(), start, problems


def resolve_refs(markdown_text: str, aliases: dict[str, str]) -> str:
    """``[[former-id]]`` -> ``[[current-id]]`` (a curated answer may still cite a renamed clause)."""
    if not aliases:
        return markdown_text

    def replace(match: re.Match[str]) -> str:
        ref = match.group(1).strip()
        return f"[[{aliases[ref]}]]" if ref in aliases else match.group(0)

    return CROSS_REF_RE.sub(replace, markdown_text)


def parse_heading_attrs(raw: str) -> tuple[str, str | None, list[str], list[str], str | None]:
    """Split ``Title {#id .kind renamed_from=old-id}`` into (title, id, classes, former ids, error).

    ``renamed_from`` takes one id or several separated by commas, and may be repeated."""
    m = ATTR_LIST_RE.match(raw)
    if not m:
        return raw, None, [], [], "heading has no attribute list: write it as 'Title {#some-id}'"
    title, attrs = m.group(1).strip(), m.group(2).split()
    ident = None
    classes: list[str] = []
    former: list[str] = []
    for token in attrs:
        if token.startswith("#"):
            if ident is not None:
                return title, ident, classes, former, "heading has more than one id"
            ident = token[1:]
        elif token.startswith("."):
            classes.append(token[1:])
        elif token.startswith(RENAMED_FROM + "="):
            values = [v.strip() for v in token.split("=", 1)[1].strip("\"'").split(",")]
            if not all(values):
                return title, ident, classes, former, f"'{RENAMED_FROM}=' needs an id, e.g. {RENAMED_FROM}=old-id"
            former.extend(values)
        else:
            return title, ident, classes, former, f"unsupported attribute '{token}' in heading"
    if ident is None:
        return title, None, classes, former, "heading has no id: add '{#some-id}'"
    return title, ident, classes, former, None


def parse_book(text: str, path: str, required_meta: tuple[str, ...] = REQUIRED_META) -> tuple[Book, list[Problem]]:
    """Parse one rulebook source. Problems are collected, never raised. A translation
    (:mod:`rulebooks.translations`) requires fewer front matter keys: the rest are the source's."""
    problems: list[Problem] = []
    meta, start = split_front_matter(text, path, problems)
    problems.extend(meta_problems(meta, path, required_meta))
    parser = BookParser(path, meta.get("prefix", ""), problems)
    lines = text.split("\n")
    for index in range(start, len(lines)):
        parser.read_line(index + 1, lines[index])
    parser.finish(len(lines))
    number_nodes(parser.roots)
    return Book(path=path, meta=meta, nodes=parser.nodes, roots=parser.roots), problems


def meta_problems(meta: dict[str, Any], path: str, required_meta: tuple[str, ...]) -> list[Problem]:
    """The front matter's missing text fields and an unknown language."""
    problems = []
    for key in required_meta:
        if not isinstance(meta.get(key), str) or not meta.get(key, "").strip():
            problems.append(Problem(path, 1, f"front matter is missing the text field '{key}'"))
    if meta.get("language") and meta["language"] not in CONTENT_LANGUAGES:
        problems.append(Problem(path, 1, f"front matter 'language' must be one of {', '.join(CONTENT_LANGUAGES)}"))
    return problems


@dataclass
class OpenBlock:
    """A ``/// kind | arg`` block being read: its kind, argument, first line and lines so far."""

    kind: str
    arg: str
    line: int
    lines: list[str] = field(default_factory=list)


class BookParser:
    """The line-by-line reading of a rulebook's body: headings become nodes, text the open clause's
    Markdown, ``///`` blocks its notes and demos. Problems go to ``problems``."""

    def __init__(self, path: str, prefix: str, problems: list[Problem]):
        self.path, self.prefix, self.problems = path, prefix, problems
        self.nodes: list[Node] = []
        self.roots: list[Node] = []
        self.stack: list[Node] = []  # open headings by level
        self.clause: Node | None = None  # the clause the text belongs to
        self.in_fence = False
        self.block: OpenBlock | None = None
        self.md_buffer: list[str] = []
        self.md_start = 0

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message))

    def flush_md(self) -> None:
        if self.clause is not None and any(s.strip() for s in self.md_buffer):
            self.clause.parts.append(("md", "\n".join(self.md_buffer), self.md_start))
        self.md_buffer = []

    def read_line(self, lineno: int, line: str) -> None:
        stripped = line.strip()
        if self.block is not None:
            if stripped == BLOCK_CLOSE:
                self.close_block(lineno)
            else:
                self.block.lines.append(line)
            return
        if FENCE_RE.match(stripped):
            self.in_fence = not self.in_fence
        if not self.in_fence:
            hm = HEADING_RE.match(line)
            if hm:
                self.flush_md()
                self.heading(lineno, len(hm.group(1)), hm.group(2))
                return
            if stripped.startswith("///") and stripped != BLOCK_CLOSE:
                self.open_block(lineno, stripped)
                return
            if stripped == BLOCK_CLOSE:
                self.problem(lineno, "'///' closes a block that was never opened")
                return
        self.text(lineno, line, stripped)

    def text(self, lineno: int, line: str, stripped: str) -> None:
        if self.clause is None:
            if stripped:
                where = f"section '{self.stack[-1].id}'" if self.stack else "the first heading"
                self.problem(lineno, f"text outside any clause (under {where}): every sentence belongs to a clause")
            return
        if not self.md_buffer:
            if not stripped:
                return  # leading blank lines belong to nobody
            self.md_start = lineno
        self.md_buffer.append(line)

    def heading(self, lineno: int, level: int, raw: str) -> None:
        title, ident, classes, former, error = parse_heading_attrs(raw)
        if error:
            self.problem(lineno, error)
        if level > MAX_DEPTH:
            self.problem(lineno, f"headings deeper than {'#' * MAX_DEPTH} are not allowed")
        if not title:
            self.problem(lineno, "heading has no title")
        kinds = [c for c in classes if c in KINDS]
        for c in classes:
            if c not in KINDS:
                self.problem(lineno, f"unknown class '.{c}' (a clause kind is .rule or .info)")
        if len(kinds) > 1:
            self.problem(lineno, "a clause has exactly one kind, .rule or .info")
        ident = self.checked_id(lineno, ident, former)
        node = Node(
            id=ident,
            title=title,
            level=level,
            line=lineno,
            kind=kinds[0] if kinds else None,
            renamed_from=[old for old in dict.fromkeys(former) if ID_RE.match(old) and old != ident],
        )
        self.place(node)
        self.clause = node if node.is_clause else None
        self.md_start = lineno + 1

    def checked_id(self, lineno: int, ident: str | None, former: list[str]) -> str:
        """The heading's id (a stand-in when it has none), its problems and its former ids' reported."""
        if ident is None:
            ident = f"missing-id-line-{lineno}"
        elif not ID_RE.match(ident):
            self.problem(lineno, f"id '{ident}' must be lowercase letters, digits and hyphens")
        elif self.prefix and not ident.startswith(self.prefix + "-"):
            self.problem(lineno, f"id '{ident}' must start with '{self.prefix}-'")
        for old in former:
            if not ID_RE.match(old):
                self.problem(lineno, f"former id '{old}' must be lowercase letters, digits and hyphens")
            elif old == ident:
                self.problem(lineno, f"'{ident}' cannot be renamed from itself")
        return ident

    def place(self, node: Node) -> None:
        """Hang ``node`` under its parent: the nearest open heading with a smaller level."""
        while self.stack and self.stack[-1].level >= node.level:
            self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        expected = (parent.level + 1) if parent else 1
        if node.level > expected:
            self.problem(node.line, f"heading level {node.level} skips a level (expected at most {expected})")
        if parent is not None and parent.is_clause:
            self.problem(
                node.line, f"'{node.id}' is nested under clause '{parent.id}': a clause cannot have children"
            )
        node.parent = parent
        if parent is None:
            self.roots.append(node)
        else:
            parent.children.append(node)
        self.stack.append(node)
        self.nodes.append(node)

    def open_block(self, lineno: int, stripped: str) -> None:
        bm = BLOCK_OPEN_RE.match(stripped)
        if not bm:
            self.problem(lineno, f"malformed block opener '{stripped}'")
            return
        self.flush_md()
        kind, arg = bm.group(1), (bm.group(2) or "").strip()
        if self.clause is None:
            self.problem(lineno, f"'/// {kind}' block outside a clause")
        if kind == "interpretation":
            if arg:
                self.problem(lineno, "'/// interpretation' takes no argument")
        elif kind == "demo":
            if not arg:
                self.problem(lineno, "demo block needs a scenario id: '/// demo | <scenario-id>'")
            elif not SCENARIO_ID_RE.match(arg):
                self.problem(lineno, f"demo scenario id '{arg}' is not a valid id")
        else:
            self.problem(lineno, f"unknown block '/// {kind}' (known: interpretation, demo)")
        self.block = OpenBlock(kind, arg, lineno)

    def close_block(self, lineno: int) -> None:
        block = self.block
        assert block is not None
        body = "\n".join(block.lines).strip()
        if block.kind == "interpretation":
            if not body:
                self.problem(block.line, "interpretation note is empty")
            elif self.clause is not None:
                self.clause.parts.append(("note", Note(body, block.line)))
        elif block.kind == "demo" and self.clause is not None:
            self.clause.demos.append(Demo(block.arg, body, block.line))
        self.block = None
        self.md_start = lineno + 1

    def finish(self, line_count: int) -> None:
        """The end of the file: the last text, blocks and fences left open, empty clauses and sections."""
        self.flush_md()
        if self.block is not None:
            self.problem(self.block.line, f"'/// {self.block.kind}' block is never closed with '///'")
        if self.in_fence:
            self.problem(line_count, "code fence is never closed")
        for node in self.nodes:
            if node.is_clause and not node.body_markdown():
                self.problem(node.line, f"clause '{node.id}' has no text")
            if not node.is_clause and not node.children:
                self.problem(node.line, f"section '{node.id}' contains no clause")


def number_nodes(roots: list[Node], prefix: str = "") -> None:
    """Give every node its hierarchical number (1, 1.2, 1.2.3 ...)."""
    for i, node in enumerate(roots, start=1):
        node.number = f"{prefix}{i}"
        number_nodes(node.children, node.number + ".")


def parse_file(
    path: Path, display_path: str | None = None, required_meta: tuple[str, ...] = REQUIRED_META
) -> tuple[Book, list[Problem]]:
    shown = display_path or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Book(shown, {}, [], []), [Problem(shown, 1, f"cannot read file: {exc}")]
    return parse_book(text.replace("\r\n", "\n"), shown, required_meta)


def cross_refs(markdown_text: str) -> list[str]:
    """The clause ids referenced with ``[[id]]`` in a Markdown text."""
    return [ref for ref, _ in cross_refs_with_lines(markdown_text)]


def cross_refs_with_lines(markdown_text: str, first_line: int = 1) -> list[tuple[str, int]]:
    """``[[id]]`` references with the line each stands on (``first_line`` = line of the text's start)."""
    return [
        (m.group(1).strip(), first_line + markdown_text.count("\n", 0, m.start()))
        for m in CROSS_REF_RE.finditer(markdown_text)
    ]
