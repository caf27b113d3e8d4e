"""The engine protocol every game implements (modelled on OpenSpiel's State and boardgame.io's
reducer): pure transitions on immutable states, chance as explicit actions, events citing clauses.

No Django here. A game package ``rules/games/<slug_with_underscores>/`` exports one
:class:`rules.core.registry.GameSpec` as ``GAME``; its ``engine`` subclasses :class:`Engine`.

Vocabulary
----------
- **State**: an immutable value (frozen dataclass / tuples). ``apply`` never mutates its input.
- **Action**: a short string, e.g. ``"move:r1:U,U,L"`` or ``"card:7"``. Strings keep URLs, logs and
  scenario files readable; each engine parses and validates its own action strings.
- **Actor**: who acts at a state (:meth:`Engine.current_actor`): a seat (``"red"``), :data:`CHANCE`
  (a card is drawn, a die rolled: the legal actions are the outcomes of ``chance_outcomes``), an
  automatic actor that the rules drive (Finstere Flure's ``"monster"``; declared in
  :attr:`GameInfo.automatic_actors`, its action is :meth:`Engine.automatic_action`) or
  :data:`TERMINAL` when the game is over.
- **Chance**: a driver samples an outcome with a seeded generator (:mod:`rules.core.bots`) or a
  scenario/dispute forces one; either way it is an ordinary action in the log, so replay is exact.
- **Event**: what happened: the clause that makes it happen, a message ``key`` and its ``data``. The
  game's :class:`~rules.core.messages.Messages` renders the sentence in a language. An event may
  be visible to some seats only (``visible_to``; hidden information). The game marks the events a
  dispute turns on (a capture, a fall, points, the end rung in) as ``decisive``.
- **RuleError**: an action the rules forbid, with the forbidding clause and a message key (code
  ``illegal-action``); a string whose first word is none of :attr:`Engine.action_words` is
  :class:`NotAnAction` (code ``not-an-action``, no clause). Both, like every refusal, are kinds of
  :class:`rules.core.problems.Problem`.
- **Position**: a JSON-able dict describing a state completely, writable by hand;
  ``state_from_position`` validates it and names the exact problem (:class:`PositionError`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Literal, TypeVar

from .messages import Messages
from .problems import Code, Problem

CHANCE = "chance"
TERMINAL = ""

S = TypeVar("S")


@dataclass(frozen=True)
class Event:
    """Something that happened in a transition, citing the clause that causes it."""

    clause: str  # clause id, e.g. "ff-monster-kijkt"
    key: str  # message key in the game's catalogues, e.g. "monster.step"
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    visible_to: frozenset[str] | None = None  # None: every seat sees it
    # False for the stand-in of a hidden fact ("Blue draws a card", shown to the seats that may not
    # see the card): the full-information table view shows the fact itself instead.
    table: bool = True
    # What a dispute about the step is settled by (a capture, a fall, an imprisonment, points, the
    # end rung in): the page, the link preview, the print view and the rooms lead with the first
    # decisive event of a move or turn (:func:`decisive_event`). Routine events and the mere
    # consequences of a decisive one (the flask filled for an imprisonment) are not decisive.
    decisive: bool = field(default=False, compare=False)

    def visible(self, seat: str | None) -> bool:
        """Whether ``seat`` sees this event (``None`` is the full-information table view)."""
        if seat is None:
            return self.table
        return self.visible_to is None or seat in self.visible_to

    def as_dict(self, text: str) -> dict[str, Any]:
        out: dict[str, Any] = {"clause": self.clause, "key": self.key, "text": text, "data": dict(self.data)}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        if self.decisive:
            out["decisive"] = True
        return out


def decisive_event(events: Sequence[Event]) -> Event | None:
    """The event a move or turn is told by: the first thing of consequence it caused (its first
    decisive event: Red 1 falling into the lava as the bridges rise), else None."""
    return next((event for event in events if event.decisive), None)


class EngineError(Problem):
    """Base class of the problems an engine raises: a rule's refusal, a position it cannot read."""

    def __init__(self, reason: str = "", field: str = "", **kwargs: Any):
        super().__init__(field, reason, **kwargs)


class RuleError(EngineError):
    """An action that the rules forbid, citing the forbidding clause (code ``illegal-action``).

    Game code raises ``RuleError(clause, key, **data)``; :meth:`Engine.apply` adds the action and
    the reason rendered in the rulebook's language. ``reason`` can be rendered in another language
    from ``key`` and ``data`` (:meth:`Engine.reason`).
    """

    code = Code.ILLEGAL_ACTION

    def __init__(self, clause: str, key: str, /, **data: Any):
        super().__init__(key, key=key, data=data, clause=clause)
        self.clause: str = clause
        self.action = ""
        self.messages: Messages | None = None  # the game's catalogues (set by Engine.apply)
        self.args = (f"{key} ({clause})",)

    def with_action(self, action: str, reason: str) -> RuleError:
        self.action, self.reason = action, reason
        self.args = (f"illegal action {action!r}: {reason} ({self.clause})",)
        return self

    def reason_in(self, lang: str | None) -> str:
        """The refusal's sentence in ``lang`` from the game's catalogues (else ``reason``)."""
        if self.messages is None or not self.messages.has(self.key):
            return self.reason
        return self.messages.render(self.key, self.data, lang)

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.action, "reason": self.reason, "clause": self.clause}


class NotAnAction(RuleError):
    """A string that is no action of the game at all: its first word is none of the game's
    :attr:`Engine.action_words` (code ``not-an-action``, no clause: no rule is involved)."""

    code = Code.NOT_AN_ACTION

    def __init__(self, action: str, messages: Messages | None = None):
        super().__init__("", "core.not-an-action", action=action[:60])
        self.clause = ""
        self.messages = messages  # the game's catalogues say it in every language (key core.not-an-action)
        english = messages.render(self.key, self.data, "en") if messages is not None and messages.has(self.key) else None
        self.reason = english or f"'{self.data['action']}' is not an action of this game"

    def with_action(self, action: str, reason: str) -> RuleError:
        self.action = action
        self.args = (self.reason,)
        return self

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.action, "reason": self.reason, "clause": None, "code": self.code}


class PositionError(EngineError):
    """A hand-written position or setup that is invalid (code ``bad-position``); ``field`` is a
    dotted path into it."""

    code = Code.BAD_POSITION

    def __init__(self, field: str, reason: str):
        super().__init__(reason, field)

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "reason": self.reason}


@dataclass(frozen=True)
class SetupProblem:
    """How a position breaks the game's own setup rules (pieces per player, cards in the game ...):
    ``clause`` is the setup rule, ``reason`` says what is wrong (English, for checkrules)."""

    clause: str
    reason: str


@dataclass(frozen=True)
class Outcome:
    """One possible result of a chance node, with its probability."""

    action: str
    probability: float


@dataclass(frozen=True)
class GameInfo:
    """What a driver must know about a game without knowing the game."""

    slug: str  # the game slug, e.g. "finstere-flure"
    language: str  # the rulebook's language: the source catalogue of event sentences
    min_seats: int
    max_seats: int
    information: Literal["perfect", "imperfect"] = "perfect"
    automatic_actors: tuple[str, ...] = ()  # rules-driven actors, e.g. ("monster",)
    teams: bool = False
    chance: bool = True  # whether the game has chance nodes (a seed is worth asking for)


@dataclass(frozen=True)
class Result:
    """How a finished game ended. ``key``/``data`` render the sentence; ``clause`` is the ending."""

    winners: tuple[str, ...]
    clause: str
    key: str
    data: Mapping[str, Any] = field(default_factory=dict)
    scores: Mapping[str, float] = field(default_factory=dict)
    tiebreak: str | None = None  # the clause that broke a tie, if one was broken
    draw: bool = False

    def as_dict(self, text: str) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "clause": self.clause,
            "text": text,
            "key": self.key,
            "data": dict(self.data),
            "scores": dict(self.scores),
            "tiebreak": self.tiebreak,
            "draw": self.draw,
        }


@dataclass(frozen=True)
class SetupOption:
    """One option of a new game. ``label`` is a message key in the game's catalogues."""

    name: str
    kind: Literal["int", "bool", "choice"]
    default: int | bool | str
    label: str
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()  # for kind "choice"; each labelled by "<label>.<choice>"
    clause: str | None = None  # the rulebook clause behind the option

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default}
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.choices:
            out["choices"] = list(self.choices)
        if self.clause:
            out["clause"] = self.clause
        return out


class Engine(ABC, Generic[S]):
    """Base class of every game engine. Subclasses set ``info`` and ``messages`` and implement the
    abstract methods; ``transition`` raises :class:`RuleError`, ``apply`` wraps it."""

    info: GameInfo
    messages: Messages
    # Clauses of routine events (looking around, drawing a card ...): a step's caption cites the
    # first event whose clause is not routine.
    routine_clauses: frozenset[str] = frozenset()
    # The first words of the game's actions (before the first ":"; ``"move"`` for ``"move:red1:U"``):
    # ``apply`` refuses any other string as :class:`NotAnAction` without asking the rules. Empty:
    # every string goes to ``transition``.
    action_words: frozenset[str] = frozenset()
    # Where each kind of refusal comes from: a refusal's message key -> the clauses whose text (or
    # interpretation note) forbids what it refuses. A refusal cites one of them
    # (tests/simulator/test_refusal_sources.py); declared per game in its ``refusals.py``.
    refusal_sources: Mapping[str, frozenset[str]] = MappingProxyType({})
    # Verdicts that rest on the site's own reading of an open rule: the message key of an event, a
    # refusal or a result -> the clause whose interpretation note holds the reading. Every surface
    # marks such a verdict as the site's reading, linked to the note (:meth:`reading`).
    readings: Mapping[str, str] = MappingProxyType({})

    @property
    def slug(self) -> str:
        return self.info.slug

    @property
    def language(self) -> str:
        return self.info.language

    # -- setup and positions ---------------------------------------------------------------------

    def setup_options(self) -> tuple[SetupOption, ...]:
        """The options of a new game; validated by :func:`rules.core.setup.validate_setup`."""
        return ()

    @abstractmethod
    def initial_state(self, setup: Mapping[str, Any]) -> S:
        """Start state from a *validated* setup (every option present)."""

    @abstractmethod
    def state_from_position(self, position: Any) -> S:
        """Validate a JSON position and build its state. Raises PositionError(field, reason)."""

    @abstractmethod
    def position_of(self, state: S) -> dict[str, Any]:
        """The JSON position of a state; ``state_from_position(position_of(s)) == s``."""

    def setup_problems(self, state: S) -> list[SetupProblem]:
        """Where ``state`` breaks the game's own setup rules: what no game set up by the rulebook can
        reach (six wizards each where the table gives five). ``state_from_position`` accepts such a
        position (a dispute may ask "what if"); the site's own scenarios may not start from one, and
        checkrules says so. Default: the position reader already enforces every setup rule."""
        return []

    # -- who acts, what is legal -------------------------------------------------------------------

    @abstractmethod
    def seats(self, state: S) -> tuple[str, ...]:
        """The seats (players or teams) of this game, in seating order."""

    @abstractmethod
    def current_actor(self, state: S) -> str:
        """A seat, CHANCE, one of ``info.automatic_actors``, or TERMINAL."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[str]:
        """At least one action per distinct successor state (``apply`` may accept aliases, e.g.
        another path to the same square); the chance outcomes at a chance node; [] when over."""

    def chance_outcomes(self, state: S) -> list[Outcome]:
        """The outcomes of a chance node, [] when chance does not act."""
        return []

    def automatic_action(self, state: S) -> str:
        """The action of an automatic actor: by default its only legal action."""
        actions = self.legal_actions(state)
        if len(actions) != 1:
            raise EngineError(f"automatic actor {self.current_actor(state)!r} has {len(actions)} actions")
        return actions[0]

    @abstractmethod
    def transition(self, state: S, action: str) -> tuple[S, list[Event]]:
        """The pure transition; raises RuleError(clause, key, **data). Called by ``apply``."""

    def apply(self, state: S, action: str) -> tuple[S, list[Event]]:
        """Pure transition. Raises RuleError (with action and reason) and leaves nothing changed."""
        if not isinstance(action, str):
            error = RuleError(self.refusal_clause, "core.not-text")
            reason = self.messages.render(error.key) if self.messages.has(error.key) else "an action is a string"
            error.messages = self.messages
            raise error.with_action(repr(action), reason)
        if not self.is_action(action):
            raise NotAnAction(action, self.messages).with_action(action, "")
        try:
            return self.transition(state, action)
        except RuleError as exc:
            exc.messages = self.messages
            raise exc.with_action(action, self.messages.render(exc.key, exc.data)) from None

    def is_action(self, action: str) -> bool:
        """Whether ``action`` starts with a word of the game's grammar (:attr:`action_words`)."""
        return not self.action_words or action.partition(":")[0] in self.action_words

    @property
    def refusal_clause(self) -> str:
        """The clause cited when an action is not even a string (override per game)."""
        return ""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """None while the game runs."""

    def is_over(self, state: S) -> bool:
        return self.current_actor(state) == TERMINAL

    # -- hidden information --------------------------------------------------------------------------

    def observation(self, state: S, seat: str) -> dict[str, Any]:
        """What ``seat`` may see. Perfect information: the whole position."""
        if self.info.information == "perfect":
            return self.position_of(state)
        raise NotImplementedError(f"{self.slug} has hidden information and must define observation()")

    # -- testing support ---------------------------------------------------------------------------

    @abstractmethod
    def random_action(self, state: S, rng: random.Random) -> str:
        """A random *well-formed* action string, legal or not (for the contract suite's fuzzing)."""

    # -- sentences -------------------------------------------------------------------------------

    def describe(self, event: Event, lang: str | None = None) -> str:
        return self.messages.render(event.key, event.data, lang)

    def reason(self, error: RuleError, lang: str | None = None) -> str:
        """A refusal's sentence in ``lang`` (a refusal without a catalogue key: its English reason)."""
        if not self.messages.has(error.key):
            return error.reason
        return self.messages.render(error.key, error.data, lang)  # (a RuleError not from apply, too)

    def describe_result(self, result: Result, lang: str | None = None) -> str:
        return self.messages.render(result.key, result.data, lang)

    def reading(self, key: str) -> str | None:
        """The clause whose interpretation note the verdict of message ``key`` rests on (an event's,
        a refusal's or a result's), or None when the rulebook's text decides it."""
        return self.readings.get(key)

    def label(self, key: str, lang: str | None = None, **data: Any) -> str:
        return self.messages.render(key, data, lang)


def attempt(engine: Engine[S], state: S, action: str) -> tuple[S, list[Event]] | RuleError:
    """``action`` tried at ``state``: (the state after, its events), or the rules' refusal (a
    :class:`RuleError` citing the clause; :class:`NotAnAction` for a string that is no action).

    The one "would the engine accept this here?" of the library and the site (the taps' refusals,
    scenario checks, a room's move link, the topics of a position): one set of exceptions, so a
    refusal is a refusal everywhere. Nothing changes: :meth:`Engine.apply` is pure."""
    try:
        return engine.apply(state, action)
    except RuleError as exc:
        return exc
