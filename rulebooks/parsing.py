"""Parse a rulebook Markdown source into sections and clauses (no Django, no rendering).

The format is described in docs/CONTENT.md. Parsing is line based so every problem can name
the file and line; clause bodies are rendered to HTML later by :mod:`rulebooks.rendering`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

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
    parts: list[tuple] = field(default_factory=list)
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
    meta: dict
    nodes: list[Node]  # every heading, document order
    roots: list[Node]

    @property
    def slug(self) -> str:
        return self.meta.get("slug", "")

    @property
    def clauses(self) -> list[Node]:
        return [n for n in self.nodes if n.is_clause]

    @property
    def sections(self) -> list[Node]:
        return [n for n in self.nodes if not n.is_clause]


def split_front_matter(text: str, path: str, problems: list[Problem]) -> tuple[dict, int]:
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


def read_front_matter_file(path: Path, shown: str) -> tuple[dict, str, int, list[Problem]]:
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

    def replace(match: re.Match) -> str:
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
    for key in required_meta:
        if not isinstance(meta.get(key), str) or not meta.get(key, "").strip():
            problems.append(Problem(path, 1, f"front matter is missing the text field '{key}'"))
    if meta.get("language") and meta["language"] not in CONTENT_LANGUAGES:
        problems.append(Problem(path, 1, f"front matter 'language' must be one of {', '.join(CONTENT_LANGUAGES)}"))
    prefix = meta.get("prefix", "")

    lines = text.split("\n")
    nodes: list[Node] = []
    roots: list[Node] = []
    stack: list[Node] = []  # open headings by level
    current_clause: Node | None = None
    in_fence = False
    block: dict | None = None  # open /// block
    md_buffer: list[str] = []
    md_start = 0

    def flush_md():
        nonlocal md_buffer
        if current_clause is not None and any(s.strip() for s in md_buffer):
            current_clause.parts.append(("md", "\n".join(md_buffer), md_start))
        md_buffer = []

    for index in range(start, len(lines)):
        lineno = index + 1
        line = lines[index]
        stripped = line.strip()

        if block is not None:
            if stripped == BLOCK_CLOSE:
                body = "\n".join(block["lines"]).strip()
                if block["type"] == "interpretation":
                    if not body:
                        problems.append(Problem(path, block["line"], "interpretation note is empty"))
                    elif current_clause is not None:
                        current_clause.parts.append(("note", Note(body, block["line"])))
                elif block["type"] == "demo" and current_clause is not None:
                    current_clause.demos.append(Demo(block["arg"], body, block["line"]))
                block = None
                md_start = lineno + 1
            else:
                block["lines"].append(line)
            continue

        if FENCE_RE.match(stripped):
            in_fence = not in_fence
        if not in_fence:
            hm = HEADING_RE.match(line)
            if hm:
                flush_md()
                level = len(hm.group(1))
                title, ident, classes, former, error = parse_heading_attrs(hm.group(2))
                if error:
                    problems.append(Problem(path, lineno, error))
                if level > MAX_DEPTH:
                    problems.append(Problem(path, lineno, f"headings deeper than {'#' * MAX_DEPTH} are not allowed"))
                if not title:
                    problems.append(Problem(path, lineno, "heading has no title"))
                kinds = [c for c in classes if c in KINDS]
                unknown = [c for c in classes if c not in KINDS]
                for c in unknown:
                    problems.append(Problem(path, lineno, f"unknown class '.{c}' (a clause kind is .rule or .info)"))
                if len(kinds) > 1:
                    problems.append(Problem(path, lineno, "a clause has exactly one kind, .rule or .info"))
                if ident is None:
                    ident = f"missing-id-line-{lineno}"
                elif not ID_RE.match(ident):
                    problems.append(
                        Problem(path, lineno, f"id '{ident}' must be lowercase letters, digits and hyphens")
                    )
                elif prefix and not ident.startswith(prefix + "-"):
                    problems.append(Problem(path, lineno, f"id '{ident}' must start with '{prefix}-'"))
                for old in former:
                    if not ID_RE.match(old):
                        problems.append(
                            Problem(path, lineno, f"former id '{old}' must be lowercase letters, digits and hyphens")
                        )
                    elif old == ident:
                        problems.append(Problem(path, lineno, f"'{ident}' cannot be renamed from itself"))
                node = Node(
                    id=ident,
                    title=title,
                    level=level,
                    line=lineno,
                    kind=kinds[0] if kinds else None,
                    renamed_from=[old for old in dict.fromkeys(former) if ID_RE.match(old) and old != ident],
                )
                # Find the parent: the nearest open heading with a smaller level.
                while stack and stack[-1].level >= level:
                    stack.pop()
                parent = stack[-1] if stack else None
                expected = (parent.level + 1) if parent else 1
                if level > expected:
                    problems.append(
                        Problem(path, lineno, f"heading level {level} skips a level (expected at most {expected})")
                    )
                if parent is not None and parent.is_clause:
                    problems.append(
                        Problem(
                            path,
                            lineno,
                            f"'{ident}' is nested under clause '{parent.id}': a clause cannot have children",
                        )
                    )
                node.parent = parent
                if parent is None:
                    roots.append(node)
                else:
                    parent.children.append(node)
                stack.append(node)
                nodes.append(node)
                current_clause = node if node.is_clause else None
                md_start = lineno + 1
                continue

            bm = BLOCK_OPEN_RE.match(stripped) if stripped.startswith("///") else None
            if stripped.startswith("///") and stripped != BLOCK_CLOSE:
                if not bm:
                    problems.append(Problem(path, lineno, f"malformed block opener '{stripped}'"))
                    continue
                flush_md()
                kind, arg = bm.group(1), (bm.group(2) or "").strip()
                if current_clause is None:
                    problems.append(Problem(path, lineno, f"'/// {kind}' block outside a clause"))
                if kind == "interpretation":
                    if arg:
                        problems.append(Problem(path, lineno, "'/// interpretation' takes no argument"))
                elif kind == "demo":
                    if not arg:
                        problems.append(
                            Problem(path, lineno, "demo block needs a scenario id: '/// demo | <scenario-id>'")
                        )
                    elif not SCENARIO_ID_RE.match(arg):
                        problems.append(Problem(path, lineno, f"demo scenario id '{arg}' is not a valid id"))
                else:
                    problems.append(Problem(path, lineno, f"unknown block '/// {kind}' (known: interpretation, demo)"))
                block = {"type": kind, "arg": arg, "line": lineno, "lines": []}
                continue
            if stripped == BLOCK_CLOSE:
                problems.append(Problem(path, lineno, "'///' closes a block that was never opened"))
                continue

        if current_clause is None:
            if stripped:
                where = f"section '{stack[-1].id}'" if stack else "the first heading"
                problems.append(
                    Problem(
                        path, lineno, f"text outside any clause (under {where}): every sentence belongs to a clause"
                    )
                )
            continue
        if not md_buffer:
            if not stripped:
                continue  # leading blank lines belong to nobody
            md_start = lineno
        md_buffer.append(line)

    flush_md()
    if block is not None:
        problems.append(Problem(path, block["line"], f"'/// {block['type']}' block is never closed with '///'"))
    if in_fence:
        problems.append(Problem(path, len(lines), "code fence is never closed"))

    for node in nodes:
        if node.is_clause and not node.body_markdown():
            problems.append(Problem(path, node.line, f"clause '{node.id}' has no text"))
        if not node.is_clause and not node.children:
            problems.append(Problem(path, node.line, f"section '{node.id}' contains no clause"))

    number_nodes(roots)
    return Book(path=path, meta=meta, nodes=nodes, roots=roots), problems


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
