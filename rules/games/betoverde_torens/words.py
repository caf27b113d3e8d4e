"""The words of De Betoverde Torens outside its sentences (colours, wizards, spells, the labels of
the actions and of tapping, the board's texts, the position editor), read from the catalogues
``messages_<lang>.py`` (their ``WORDS``); the rulebook's Dutch is the source."""

from __future__ import annotations

from rules.core.messages import Words

WORDS = Words.for_package(__name__, source="nl")
