"""Ending an asking with a suggestion ("This answers my question"), what editors see of it, the
"players also say" phrasings written in the admin, and triaging a new question with the existing
answers that match it."""

import pytest
from django.test import Client
from django.urls import reverse

from faq.models import Entry, Phrasing, SuggestionAnswer
from pagecache.httpcache import content_version
from rulebooks.models import Clause
from tests.faq.conftest import make_entry

pytestmark = pytest.mark.usefixtures("faq")


def answered(client, **data):
    fields = {"game": "finstere-flure", "question": "Mag het monster een steen duwen?", "nonce": "", "website": ""}
    return client.post("/nl/faq/answered/", {**fields, **data})


def test_a_suggestion_ends_the_asking_and_is_counted(client):
    response = answered(client, answered="clause:ff-monster-schuift-steen")
    assert response.status_code == 303
    assert response.headers["Location"] == "/nl/finstere-flure/ff-monster-schuift-steen/"
    row = SuggestionAnswer.objects.get()
    assert (row.game_id, row.language, row.clause.anchor, row.entry) == ("finstere-flure", "nl", "ff-monster-schuift-steen", None)
    assert row.question == "Mag het monster een steen duwen?"
    assert not Entry.objects.filter(origin=Entry.VISITOR).exists()  # no question was filed


def test_a_ruling_chosen_leads_to_the_ruling(client):
    response = answered(client, answered="faq:finstere-flure:monster-duwt-steen-tegen-de-muur")
    assert response.headers["Location"] == "/nl/finstere-flure/faq/monster-duwt-steen-tegen-de-muur/"
    assert SuggestionAnswer.objects.get().entry.slug == "monster-duwt-steen-tegen-de-muur"


def test_counting_an_answer_changes_no_public_page(client):
    before = content_version()
    answered(client, answered="clause:ff-monster-schuift-steen")
    assert content_version() == before  # the stored pages and the search index stay valid


@pytest.mark.parametrize(
    "data",
    [
        {"answered": "clause:ff-bestaat-niet"},
        {"answered": "faq:finstere-flure:bestaat-niet"},
        {"answered": "faq:monster-duwt-steen-tegen-de-muur"},  # no game in it
        {"answered": "clause:ff-monster-schuift-steen", "game": "monopoly"},
        {"answered": "\x00:\x00"},
        {"answered": ""},
    ],
)
def test_an_unknown_answer_is_refused_and_nothing_is_counted(client, data):
    response = answered(client, **data)
    assert response.status_code == 400
    assert "Nothing was changed" in response.content.decode() or "Er is niets veranderd" in response.content.decode()
    assert not SuggestionAnswer.objects.exists()


def test_an_unpublished_entry_is_not_an_answer(client):
    make_entry(game="finstere-flure", slug="nog-geheim", published=False, status=Entry.RECEIVED)
    assert answered(client, answered="faq:finstere-flure:nog-geheim").status_code == 400


def test_a_bots_choice_is_not_counted(client):
    assert answered(client, answered="clause:ff-monster-schuift-steen", website="http://spam").status_code == 303
    assert not SuggestionAnswer.objects.exists()


def test_the_choice_needs_the_ask_forms_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert answered(client, answered="clause:ff-monster-schuift-steen").status_code == 403
    assert client.get("/nl/faq/answered/").status_code == 405
    assert not SuggestionAnswer.objects.exists()


def test_the_admin_counts_suggestions_against_questions_sent(client, editor):
    answered(client, answered="clause:ff-monster-schuift-steen")
    answered(client, answered="faq:finstere-flure:monster-duwt-steen-tegen-de-muur")
    make_entry(game="finstere-flure", slug="echte-vraag", origin=Entry.VISITOR, published=False, status=Entry.RECEIVED)
    client.force_login(editor)
    html = client.get(reverse("admin:faq_suggestionanswer_changelist")).content.decode()
    # 2 answered by a suggestion, 1 question sent: 67 % in every period.
    assert html.count("<td>2</td><td>1</td><td>67 %</td>") == 3
    listing = client.get(reverse("admin:faq_entry_changelist"), {"game__slug__exact": "finstere-flure"}).content.decode()
    assert "monster-duwt-steen-tegen-de-muur" in listing or "Het monster duwt een steenblok" in listing


def test_an_editor_gives_an_entry_phrasings_in_the_admin(client, editor):
    entry = Entry.objects.get(game_id="finstere-flure", slug="monster-duwt-steen-tegen-de-muur")
    client.force_login(editor)
    url = reverse("admin:faq_entry_change", args=[entry.pk])
    form = client.get(url).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "clauses"}
    data.update(
        clauses=[c.pk for c in entry.clauses.all()], question=entry.question, answer=entry.answer, change_reason="",
        **management(entry), **{"phrasings-0-language": "nl", "phrasings-0-text": "zoefzoef tegen de wand"},
    )  # fmt: skip
    data.pop("position_url", None)
    response = client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else response
    assert entry.phrasings.get(origin=Phrasing.ADMIN).text == "zoefzoef tegen de wand"
    html = client.get("/nl/search/", {"q": "zoefzoef"}).content.decode()
    assert "/nl/finstere-flure/faq/monster-duwt-steen-tegen-de-muur/" in html


def management(entry):
    """The inline formsets' management fields of the entry's change form."""
    data = {}
    for prefix, count in (("translations", entry.translations.count()), ("phrasings", 0), ("changes", entry.changes.count())):
        data.update({f"{prefix}-TOTAL_FORMS": str(count + (1 if prefix == "phrasings" else 0)), f"{prefix}-INITIAL_FORMS": str(count)})
    for i, t in enumerate(entry.translations.order_by("pk")):
        data.update({f"translations-{i}-id": t.pk, f"translations-{i}-entry": entry.pk, f"translations-{i}-language": t.language,
                     f"translations-{i}-question": t.question, f"translations-{i}-answer": t.answer})  # fmt: skip
    for i, c in enumerate(entry.changes.all()):
        data.update({f"changes-{i}-id": c.pk, f"changes-{i}-entry": entry.pk})
    return data


def test_triage_shows_the_existing_answers_and_answers_with_a_link(client, editor):
    question = make_entry(
        game="finstere-flure", slug="", question="Mag het monster een steenblok wegduwen als er een figuur achter staat?",
        answer="", published=False, status=Entry.RECEIVED, origin=Entry.VISITOR,
    )  # fmt: skip
    client.force_login(editor)
    url = reverse("admin:faq_entry_change", args=[question.pk])
    html = client.get(url).content.decode()
    assert 'name="_answer_with" value="clause:ff-monster-schuift-steen"' in html
    assert 'value="faq:finstere-flure:monster-duwt-steen-tegen-de-muur"' in html
    form = client.get(url).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k not in ("clauses", "position_url")}
    data.update(question=question.question, answer="", change_reason="", _answer_with="clause:ff-monster-schuift-steen",
                **management(question))  # fmt: skip
    data["phrasings-TOTAL_FORMS"] = "0"
    response = client.post(url, data)
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/{question.pk}/change/")
    question.refresh_from_db()
    assert question.answer == "Dit staat in [[ff-monster-schuift-steen]]."
    assert list(question.clauses.values_list("anchor", flat=True)) == ["ff-monster-schuift-steen"]
    assert not question.published  # the editor still reviews and publishes


def test_an_answered_entry_shows_no_triage(client, editor):
    entry = Entry.objects.get(game_id="finstere-flure", slug="monster-duwt-steen-tegen-de-muur")
    client.force_login(editor)
    html = client.get(reverse("admin:faq_entry_change", args=[entry.pk])).content.decode()
    assert 'name="_answer_with"' not in html


def test_a_clause_phrasing_is_written_in_the_phrasings_admin(client, editor):
    clause = Clause.objects.get(anchor="ff-bloedplas-glijden")
    client.force_login(editor)
    response = client.post(
        reverse("admin:faq_phrasing_add"), {"clause": clause.pk, "entry": "", "language": "de", "text": "  Rutschpartie  "}
    )
    assert response.status_code == 302
    phrasing = Phrasing.objects.get(origin=Phrasing.ADMIN)
    assert (phrasing.text, phrasing.game_id, phrasing.origin) == ("Rutschpartie", "finstere-flure", Phrasing.ADMIN)
    assert "/de/finstere-flure/ff-bloedplas-glijden/" in client.get("/de/search/", {"q": "rutschpartie"}).content.decode()
    both = client.post(reverse("admin:faq_phrasing_add"), {"clause": clause.pk, "entry": 1, "language": "de", "text": "x"})
    assert both.status_code == 200 and Phrasing.objects.filter(origin=Phrasing.ADMIN).count() == 1  # a clause or an entry, not both


def test_after_asking_the_way_back_is_to_the_position_the_clause_and_the_game(client):
    response = client.post("/nl/faq/ask/", {
        "game": "finstere-flure", "clause": "ff-steen-schuiven", "question": "Mag een figuur twee stenen tegelijk duwen?",
        "position": "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven", "nonce": "", "website": "",
    })  # fmt: skip
    assert response.status_code == 302
    html = client.get(response.headers["Location"]).content.decode()
    assert 'href="/nl/finstere-flure/sim/?scenario=ff-steen-schuiven">Terug naar de stand<' in html
    assert 'href="/nl/finstere-flure/ff-steen-schuiven/">Terug naar §5.2.5<' in html
    assert 'href="/nl/finstere-flure/"' in html and "Terug naar de spelregels van Finstere Flure" in html


def test_the_home_page_has_one_search_box_and_it_suggests(client):
    html = client.get("/nl/").content.decode()
    assert html.count('type="search"') == 1 and 'hx-get="/nl/search/suggest/"' in html
    other = client.get("/nl/finstere-flure/").content.decode()
    assert other.count('type="search"') == 1 and 'name="in" value="finstere-flure"' in other
