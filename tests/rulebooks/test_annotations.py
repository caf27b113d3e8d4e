"""rulebooks.annotations: the rulebook pages ask it for the rulings under each clause, from
whatever provider another app registered (the FAQ does, in its AppConfig.ready); none by default."""

import pytest

from rulebooks import annotations


class FakeRulings:
    def __init__(self):
        self.calls = []

    def rulings_by_clause(self, game):
        self.calls.append(("game", game))
        return {1: ["ruling"]}

    def rulings_for_clause(self, clause):
        self.calls.append(("clause", clause))
        return ["ruling"]


@pytest.fixture
def registered():
    """Run a test with another provider, putting the app's one back afterwards."""
    providers = []

    def register(provider):
        providers.append(annotations.register_clause_rulings(provider))
        return provider

    yield register
    if providers:
        annotations.register_clause_rulings(providers[0])


def test_without_a_provider_no_clause_has_rulings(registered):
    registered(annotations.NoRulings())
    assert annotations.rulings_by_clause("any game") == {}
    assert annotations.rulings_for_clause("any clause") == []


def test_the_registered_provider_answers_and_replaces_the_previous_one(registered):
    first = registered(FakeRulings())
    second = registered(FakeRulings())
    assert annotations.rulings_by_clause("game") == {1: ["ruling"]}
    assert annotations.rulings_for_clause("clause") == ["ruling"]
    assert first.calls == [] and second.calls == [("game", "game"), ("clause", "clause")]
    assert annotations.register_clause_rulings(second) is second  # registering returns the previous one
