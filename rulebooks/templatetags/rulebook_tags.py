"""Template helpers for rulebook pages."""

import re

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, get_language_info

from rulebooks.fragments import FRAGMENTS
from rulebooks.rendering import LANG_PLACEHOLDER

register = template.Library()


@register.filter
def localize_links(html: str) -> SafeString:
    """Put the current language prefix into links rendered by rulebooks.rendering."""
    return mark_safe(str(html).replace(LANG_PLACEHOLDER, f"/{get_language()}/"))


@register.filter
def is_player_count(text: str) -> bool:
    """Whether a rulebook's "players" line is only a number or range ("2–7"), to which the page
    adds the word "players"; a line with words of its own ("2–4 Teams") is shown as it is."""
    return bool(re.fullmatch(r"[0-9\s–-]+", text or ""))


@register.filter
def language_name(code: str) -> str:
    """The name of a content language, in the visitor's UI language."""
    try:
        name: str = get_language_info(code)["name_translated"]
        return name
    except KeyError:
        return code


class HeadingNode(template.Node):
    def __init__(
        self,
        level: FilterExpression,
        css_class: FilterExpression | None,
        anchor: FilterExpression | None,
        nodelist: NodeList,
    ) -> None:
        self.level, self.css_class, self.anchor, self.nodelist = level, css_class, anchor, nodelist

    def render(self, context: template.Context) -> SafeString:
        level = max(1, min(6, int(self.level.resolve(context))))
        css = self.css_class.resolve(context) if self.css_class else ""
        anchor = self.anchor.resolve(context) if self.anchor else ""
        inner = self.nodelist.render(context)
        if anchor:
            return format_html('<h{} class="{}" id="{}">{}</h{}>', level, css, anchor, mark_safe(inner), level)
        return format_html('<h{} class="{}">{}</h{}>', level, css, mark_safe(inner), level)


@register.tag
def heading(parser: Parser, token: Token) -> HeadingNode:
    """``{% heading level "css-class" [anchor] %}...{% endheading %}``: an <hN> of computed level."""
    bits = token.split_contents()[1:]
    if not 1 <= len(bits) <= 3:
        raise template.TemplateSyntaxError("heading takes a level, an optional class and an optional id")
    nodelist = parser.parse(("endheading",))
    parser.delete_first_token()
    level, *options = [parser.compile_filter(b) for b in bits]
    css_class = options[0] if options else None
    anchor = options[1] if len(options) > 1 else None
    return HeadingNode(level, css_class, anchor, nodelist)


class StoredNode(template.Node):
    def __init__(self, game: FilterExpression, names: list[FilterExpression], nodelist: NodeList) -> None:
        self.game, self.names, self.nodelist = game, names, nodelist

    def render(self, context: template.Context) -> str:
        game = self.game.resolve(context)
        names = tuple(str(name.resolve(context)) for name in self.names)
        key = FRAGMENTS.key(game, (self.origin_name, *names)) if game else None
        if key is None:
            return self.nodelist.render(context)
        kept = FRAGMENTS.lookup(key)
        if isinstance(kept, str):
            return kept
        html = mark_safe(self.nodelist.render(context))
        FRAGMENTS.put(key, html)
        return html

    @property
    def origin_name(self) -> str:
        if not self.origin:
            return ""
        return f"{self.origin.template_name!s}:{self.token.lineno if self.token else 0}"


@register.tag
def stored(parser: Parser, token: Token) -> StoredNode:
    """``{% stored game_slug "name" [more names] %}...{% endstored %}``: the block's HTML kept per
    game content version and language under its template, line and names (rulebooks.fragments).
    Everything the block shows must be named (the names) or be the same for every reader of
    that language; the lazy values it uses are then not even computed when it is kept."""
    bits = token.split_contents()[1:]
    if not bits:
        raise template.TemplateSyntaxError("stored takes a game's slug and names")
    nodelist = parser.parse(("endstored",))
    parser.delete_first_token()
    return StoredNode(parser.compile_filter(bits[0]), [parser.compile_filter(b) for b in bits[1:]], nodelist)
