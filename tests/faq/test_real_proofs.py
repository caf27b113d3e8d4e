"""The Finstere Flure FAQ entries are proven by real scenario replays, and show their board."""

import pytest
from django.core.management import call_command
from django.test import Client

from faq.models import Entry

BADGE = "checked by the rules engine"


@pytest.mark.django_db
def test_every_finstere_flure_entry_is_verified_by_its_replay_and_shows_its_board(rulebooks):
    call_command("loadrules", "--no-seeds")
    entries = list(Entry.objects.filter(game_id="finstere-flure", published=True))
    assert len(entries) >= 8
    client = Client()
    for entry in entries:
        assert entry.scenario, entry.slug
        assert entry.verified, entry.slug
        html = client.get(f"/en/finstere-flure/faq/{entry.slug}/").content.decode()
        assert BADGE in html
        assert f'id="demo-faq-{entry.slug}"' in html and "<svg" in html
