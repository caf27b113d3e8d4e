"""The words of Torens & Dieven outside its sentences (colours, tile kinds, the board's texts, the
labels of the actions, tapping, the position editor and its refusals), read from the catalogues
``messages_<lang>.py`` (their ``WORDS``); the rulebook's Dutch is the source."""

from __future__ import annotations

from rules.core.messages import Words

WORDS = Words.for_package(__name__, source="nl")
