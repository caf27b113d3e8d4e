"""Message templates are parsed once and filled without string.Formatter: the same sentences."""

import pytest

from rules.core import messages
from rules.core.messages import Catalogue, Messages, _Fill
from rules.core.registry import all_games

CATALOGUE = Catalogue(
    "nl",
    {
        "plain": "{figure} loopt {steps} {steps:plural/stap/stappen} naar {to:sq}.",
        "braces": "{{letterlijk}} {x} }}{{",
        "repr": "onbekend {what!r}, {what!s} en {what!a}",
        "attribute": "{figure.upper} and {items[0]}",  # not compiled: string.Formatter fills it
        "numbered": "{0}",
        "nested": "{x:{y}}",
        "join": "{seats:join/ en }",
        "unknown": "{x:nope}",
    },
    {"sq": lambda value, args: f"({value[0]},{value[1]})"},
)


def vformat(key, data):
    text = _Fill(CATALOGUE).vformat(CATALOGUE.messages[key], (), dict(data))
    return text[:1].upper() + text[1:]


@pytest.mark.parametrize(
    "key, data",
    [
        ("plain", {"figure": "rood", "steps": 1, "to": (3, 4)}),
        ("plain", {"figure": "geel", "steps": 3, "to": (0, 0)}),
        ("braces", {"x": 5}),
        ("repr", {"what": "zwärt'"}),
        ("attribute", {"figure": "rood", "items": ["a"]}),
        ("join", {"seats": ["rood", "geel"]}),
    ],
)
def test_compiled_templates_say_what_string_formatter_says(key, data):
    assert Messages(CATALOGUE).render(key, data) == vformat(key, data)


def test_only_plain_fields_are_compiled_and_errors_stay_the_same():
    assert messages._compiled(CATALOGUE.messages["plain"]) is not None
    for key in ("attribute", "numbered", "nested"):
        assert messages._compiled(CATALOGUE.messages[key]) is None
    with pytest.raises(KeyError):
        Messages(CATALOGUE).render("plain", {"figure": "rood"})  # a missing value
    with pytest.raises(KeyError, match="unknown format 'nope'"):
        Messages(CATALOGUE).render("unknown", {"x": 1})


def test_every_catalogue_template_of_every_game_is_compiled():
    for spec in all_games():
        for lang, catalogue in spec.engine.messages.catalogues.items():
            for key, template in catalogue.messages.items():
                assert messages._compiled(template) is not None, (spec.slug, lang, key)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.slug)
def test_every_sentence_of_random_games_is_the_one_string_formatter_writes(spec):
    """Events, refusals and results of a few seeded random games, in every language."""
    import random

    from rules.core.bots import next_action, random_bots
    from rules.core.engine import EngineError, RuleError
    from rules.core.setup import random_setup

    engine = spec.engine

    def check(key, data):
        for lang, catalogue in engine.messages.catalogues.items():
            template = catalogue.messages.get(key, engine.messages.source.messages[key])
            if key not in catalogue.messages:
                catalogue = engine.messages.source
            expected = _Fill(catalogue).vformat(template, (), dict(data or {}))
            assert engine.messages.render(key, data, lang) == expected[:1].upper() + expected[1:], (key, lang)

    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.initial_state(random_setup(engine, rng))
        bots = random_bots(engine, state)
        for _ in range(60):
            try:
                engine.apply(state, engine.random_action(state, rng))
            except RuleError as exc:
                if engine.messages.has(exc.key):
                    check(exc.key, exc.data)
                    checked += 1
            except EngineError:
                pass
            action = next_action(engine, state, bots, rng)
            if action is None:
                break
            state, events = engine.apply(state, action)
            for event in events:
                check(event.key, event.data)
                checked += 1
        if engine.is_over(state):
            result = engine.result(state)
            check(result.key, result.data)
    assert checked
