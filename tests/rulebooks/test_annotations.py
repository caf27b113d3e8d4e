"""rulebooks.annotations: the rulebook pages ask it for the rulings under each clause, from the
providers registered for the ``clause_rulings`` hook (the FAQ registers faq.queries in
faq.site_hooks); none without a provider."""

from pagecache import hooks
from rulebooks import annotations


class FakeRulings:
    def __init__(self, found):
        self.found = found
        self.calls = []

    def rulings_by_clause(self, game):
        self.calls.append(("game", game))
        return {1: [self.found]}

    def rulings_for_clause(self, clause):
        self.calls.append(("clause", clause))
        return [self.found]


def test_without_a_provider_no_clause_has_rulings():
    with hooks.emptied("clause_rulings"):
        assert annotations.rulings_by_clause("any game") == {}
        assert annotations.rulings_for_clause("any clause") == []


def test_every_registered_provider_answers_in_order():
    first, second = FakeRulings("a"), FakeRulings("b")
    with hooks.emptied("clause_rulings"), hooks.register_temporarily("clause_rulings", first):
        with hooks.register_temporarily("clause_rulings", second):
            assert annotations.rulings_by_clause("game") == {1: ["a", "b"]}
            assert annotations.rulings_for_clause("clause") == ["a", "b"]
        assert annotations.rulings_for_clause("clause") == ["a"]  # the second is gone after its block
    assert first.calls == [("game", "game"), ("clause", "clause"), ("clause", "clause")]
    assert second.calls == [("game", "game"), ("clause", "clause")]
