"""Words visitors typed become public "players also say" only one asking at a time, approved by
an editor with the dedicated permission; markup, links and texts over 200 characters are refused
(in the admin and in the content files). The old bulk action is gone (review D2)."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from faq.models import Phrasing, SuggestionAnswer
from rulebooks.models import Clause
from rulebooks.phrasings import PhrasingsError, read_phrasings

pytestmark = pytest.mark.usefixtures("faq")


def staff(*permissions):
    user = get_user_model().objects.create_user(f"staff{len(permissions)}", password="a-long-staff-password", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=permissions))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def typed():
    return SuggestionAnswer.objects.create(
        game_id="finstere-flure", language="nl", question="kwartelbeest door de wand",
        clause=Clause.objects.get(anchor="ff-monster-door-muur"),
    )  # fmt: skip


def words_url(row):
    return reverse("admin:faq_suggestionanswer_words", args=[row.pk])


def test_an_editor_with_the_permission_approves_one_asking_and_the_search_finds_it(typed):
    client = staff("view_suggestionanswer", "approve_typed_phrasing")
    page = client.get(reverse("admin:faq_suggestionanswer_change", args=[typed.pk])).content.decode()
    assert f'action="{words_url(typed)}"' in page and 'value="kwartelbeest door de wand"' in page
    assert client.post(words_url(typed), {"decision": "approve", "text": "kwartelbeest door de wand"}).status_code == 302
    phrasing = Phrasing.objects.get(origin=Phrasing.ADMIN)
    assert (phrasing.text, phrasing.language, phrasing.clause.anchor) == ("kwartelbeest door de wand", "nl", "ff-monster-door-muur")
    typed.refresh_from_db()
    assert typed.review == SuggestionAnswer.APPROVED
    assert "/nl/finstere-flure/ff-monster-door-muur/" in client.get("/nl/search/", {"q": "kwartelbeest"}).content.decode()


def test_without_the_permission_nothing_becomes_public(typed):
    viewer = staff("view_suggestionanswer")
    page = viewer.get(reverse("admin:faq_suggestionanswer_change", args=[typed.pk])).content.decode()
    assert words_url(typed) not in page
    assert viewer.post(words_url(typed), {"decision": "approve", "text": "kwartelbeest"}).status_code == 403
    # Adding phrasings (faq.add_phrasing) is not approving visitors' words either.
    writer = staff("view_suggestionanswer", "add_phrasing")
    assert writer.post(words_url(typed), {"decision": "approve", "text": "kwartelbeest"}).status_code == 403
    assert not Phrasing.objects.filter(origin=Phrasing.ADMIN).exists()


def test_the_bulk_action_is_gone(typed, editor):
    client = Client()
    client.force_login(editor)
    url = reverse("admin:faq_suggestionanswer_changelist")
    assert 'name="action"' not in client.get(url).content.decode()
    client.post(url, {"action": "add_as_phrasing", "_selected_action": [typed.pk]})
    assert not Phrasing.objects.filter(origin=Phrasing.ADMIN).exists()


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script> monster",
        "monster [klik](https://spam.example)",
        "**vet** monster",
        "zie www.spam-shop.nl voor regels",
        "mail me op spam@example.org",
        "koop goedkoop op monsters.com",
        "monster " * 30,
    ],
)
def test_markup_links_and_long_texts_are_refused(typed, editor, text):
    client = Client()
    client.force_login(editor)
    response = client.post(words_url(typed), {"decision": "approve", "text": text}, follow=True)
    assert response.status_code == 200
    assert not Phrasing.objects.filter(origin=Phrasing.ADMIN).exists()
    typed.refresh_from_db()
    assert typed.review == SuggestionAnswer.TO_REVIEW
    # The phrasings' own admin refuses them too.
    clause = Clause.objects.get(anchor="ff-bloedplas-glijden")
    client.post(reverse("admin:faq_phrasing_add"), {"clause": clause.pk, "entry": "", "language": "nl", "text": text})
    assert not Phrasing.objects.filter(origin=Phrasing.ADMIN).exists()


def test_an_editor_can_shorten_the_words_or_keep_them_private(typed, editor):
    client = Client()
    client.force_login(editor)
    client.post(words_url(typed), {"decision": "reject"})
    typed.refresh_from_db()
    assert typed.review == SuggestionAnswer.REJECTED and not Phrasing.objects.filter(origin=Phrasing.ADMIN).exists()
    client.post(words_url(typed), {"decision": "approve", "text": "  kwartelbeest  "})
    assert Phrasing.objects.get(origin=Phrasing.ADMIN).text == "kwartelbeest"
    assert client.get(words_url(typed)).status_code == 405


def test_a_content_file_with_a_link_in_a_phrasing_is_refused(tmp_path: Path):
    path = tmp_path / "phrasings.toml"
    path.write_text('[clause.ff-monster-door-muur]\nnl = ["monster door muur https://spam.example"]\n', encoding="utf-8")
    with pytest.raises(PhrasingsError, match="link"):
        read_phrasings(path)
