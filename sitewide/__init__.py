"""What spans the rulebooks and the FAQ: the site search over clauses and published FAQ entries,
and the content commands (``checkrules``, ``loadrules``) that check and load both.

The layers, bottom up: ``rulebooks`` (imports neither of the others), ``faq`` (builds on
``rulebooks``), ``sitewide`` (builds on both). Nothing below imports what is above it.
"""
