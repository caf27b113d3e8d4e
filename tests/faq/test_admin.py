"""The editors' workflow in the admin: staff only, answer with preview, publish, mark changed."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from faq.models import Change, Entry
from faq.sync import sync_curated
from rulebooks.loader import read_content
from rulebooks.models import Clause, ClauseTranslation

from .conftest import make_entry

pytestmark = pytest.mark.usefixtures("faq")


@pytest.fixture
def staff(editor):
    client = Client()
    client.force_login(editor)
    return client


@pytest.fixture
def question(db):
    entry = make_entry(question="Mag een tovenaar twee keer bewegen in één beurt?", answer="", published=False,
                       status=Entry.RECEIVED, origin=Entry.VISITOR, token="q" * 32, asker_email="vraag@example.org",
                       clauses=["bt-einde-spel"])
    return entry


def form_data(entry, **changes):
    data = {
        "game": entry.game_id,
        "slug": entry.slug,
        "question": entry.question,
        "answer": entry.answer,
        "clauses": [str(pk) for pk in entry.clauses.values_list("pk", flat=True)],
        "scenario": entry.scenario,
        "position_url": entry.position_url,
        "status": entry.status,
        "provenance": entry.provenance,
        "asked_at_0": "",
        "asked_at_1": "",
        "change_reason": "",
        "changes-TOTAL_FORMS": "0",
        "changes-INITIAL_FORMS": str(entry.changes.count()),
        "changes-MIN_NUM_FORMS": "0",
        "changes-MAX_NUM_FORMS": "1000",
        # The translations inline, left as it is (its rows are not in the form).
        "translations-TOTAL_FORMS": "0",
        "translations-INITIAL_FORMS": "0",
        "translations-MIN_NUM_FORMS": "0",
        "translations-MAX_NUM_FORMS": "1000",
        # The "players also say" inline, left empty.
        "phrasings-TOTAL_FORMS": "0",
        "phrasings-INITIAL_FORMS": "0",
        "phrasings-MIN_NUM_FORMS": "0",
        "phrasings-MAX_NUM_FORMS": "1000",
    }
    if entry.published:
        data["published"] = "on"
    data.update(changes)
    if data.get("published") is False:
        del data["published"]
    return data


def change_url(entry):
    return f"/admin/faq/entry/{entry.pk}/change/"


def test_anonymous_visitors_and_non_staff_cannot_use_the_admin(question, db):
    for url in ["/admin/faq/entry/", change_url(question)]:
        response = Client().get(url)
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    user = get_user_model().objects.create_user("speler", password="a-long-player-password")
    client = Client()
    client.force_login(user)
    assert client.get("/admin/faq/entry/").status_code == 302


def test_the_list_filters_and_searches_incoming_questions(staff, question):
    html = staff.get("/admin/faq/entry/", {"status__exact": "received"}).content.decode()
    assert "twee keer bewegen" in html and "Begint de laatste ronde" not in html
    html = staff.get("/admin/faq/entry/", {"q": "vraag@example.org"}).content.decode()
    assert "twee keer bewegen" in html
    for filter_ in ["game__slug__exact=betoverde-torens", "published__exact=1", "origin__exact=repository"]:
        assert staff.get("/admin/faq/entry/?" + filter_).status_code == 200


def test_an_editor_answers_previews_and_publishes(staff, question, client):
    response = staff.post(change_url(question), form_data(
        question, answer="Nee, **één** figuur per beurt. Zie [[bt-einde-spel]] en <script>alert(1)</script>",
        status=Entry.ANSWERED, _continue="1"))
    assert response.status_code == 302, response.content.decode()
    html = staff.get(change_url(question)).content.decode()
    assert "<strong>één</strong>" in html and "§8.1" in html  # the preview
    assert "<script>alert(1)" not in html.split('class="faq-preview"')[1][:500]
    question.refresh_from_db()
    assert question.status == Entry.ANSWERED and question.answered_at and not question.published
    assert client.get(f"/nl/betoverde-torens/faq/{question.slug}/").status_code == 404
    response = staff.post(change_url(question), form_data(question, published="on"))
    assert response.status_code == 302
    question.refresh_from_db()
    assert question.published and question.published_at
    assert client.get(f"/nl/betoverde-torens/faq/{question.slug}/").status_code == 200


def test_publishing_needs_an_answer_and_an_answered_status(staff, question):
    response = staff.post(change_url(question), form_data(question, published="on"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Write an answer before publishing." in html or "Schrijf een antwoord" in html
    question.refresh_from_db()
    assert not question.published


def test_marking_changed_requires_a_reason_and_writes_the_history(staff, editor):
    entry = Entry.objects.get(slug="raventoren-op-torens")
    response = staff.post(change_url(entry), form_data(entry, status=Entry.CHANGED, answer=entry.answer + "\n\nAanvulling."))
    assert response.status_code == 200 and not Change.objects.exists()
    response = staff.post(change_url(entry), form_data(entry, status=Entry.CHANGED, answer=entry.answer + "\n\nAanvulling.",
                                                       change_reason="Aanvulling over vastlopen."))
    assert response.status_code == 302
    entry.refresh_from_db()
    change = Change.objects.get()
    assert change.entry == entry and change.editor == editor and change.reason == "Aanvulling over vastlopen."
    assert entry.status == Entry.CHANGED and entry.changed_at == change.created_at
    assert entry.edited_in_admin  # the repository file no longer overwrites it
    # A reason without marking changed is refused rather than silently dropped.
    response = staff.post(change_url(entry), form_data(entry, status=Entry.ANSWERED, change_reason="Zomaar."))
    assert response.status_code == 200 and Change.objects.count() == 1


def test_a_question_never_answered_cannot_be_marked_changed(staff, question):
    response = staff.post(change_url(question), form_data(question, status=Entry.CHANGED, change_reason="?"))
    assert response.status_code == 200
    question.refresh_from_db()
    assert question.status == Entry.RECEIVED


def test_clauses_of_another_game_unknown_scenarios_and_foreign_positions_are_refused(staff, question):
    foreign = Clause.objects.filter(game_id="finstere-flure").first()
    for changes in [
        {"clauses": [str(foreign.pk)]},
        {"scenario": "bestaat-niet"},
        {"position_url": "https://evil.example/nl/betoverde-torens/sim/"},
        {"position_url": "/nl/finstere-flure/sim/"},
        {"slug": "feed"},
    ]:
        response = staff.post(change_url(question), form_data(question, **changes))
        assert response.status_code == 200, changes
        assert "errorlist" in response.content.decode()


def test_publish_and_unpublish_actions(staff, question, client):
    answered = make_entry(slug="klaar", question="Klaar om te publiceren?", answer="Ja.", published=False,
                          status=Entry.REVIEW)
    response = staff.post("/admin/faq/entry/", {"action": "publish", "_selected_action": [question.pk, answered.pk]})
    assert response.status_code == 302
    answered.refresh_from_db()
    question.refresh_from_db()
    assert answered.published and answered.status == Entry.ANSWERED
    assert not question.published  # no answer yet
    assert client.get("/nl/betoverde-torens/faq/klaar/").status_code == 200
    seed = Entry.objects.get(slug="winregel-beide-voorwaarden")
    staff.post("/admin/faq/entry/", {"action": "unpublish", "_selected_action": [answered.pk, seed.pk]})
    seed.refresh_from_db()
    assert not seed.published and seed.edited_in_admin
    assert client.get("/nl/betoverde-torens/faq/klaar/").status_code == 404


def test_restore_the_repository_version(staff):
    seed = Entry.objects.get(slug="flessen-hergebruiken")
    staff.post(change_url(seed), form_data(seed, answer="Door de redactie ingekort."))
    seed.refresh_from_db()
    assert seed.edited_in_admin and seed.answer == "Door de redactie ingekort."
    staff.post("/admin/faq/entry/", {"action": "restore_repository_version", "_selected_action": [seed.pk]})
    seed.refresh_from_db()
    assert not seed.edited_in_admin and seed.answer.startswith("Nee. Flesjes")


def test_the_add_form_creates_an_editor_entry(staff, client):
    clause = Clause.objects.get(anchor="bt-einde-spel")
    response = staff.post("/admin/faq/entry/add/", {
        "game": "betoverde-torens", "slug": "nieuw-van-de-redactie", "question": "Een vraag van de redactie zelf?",
        "answer": "Een antwoord.", "clauses": [str(clause.pk)], "scenario": "", "position_url": "",
        "status": Entry.ANSWERED, "published": "on", "provenance": "", "asked_at_0": "", "asked_at_1": "",
        "change_reason": "", "changes-TOTAL_FORMS": "0", "changes-INITIAL_FORMS": "0",
        "changes-MIN_NUM_FORMS": "0", "changes-MAX_NUM_FORMS": "1000",
        "translations-TOTAL_FORMS": "0", "translations-INITIAL_FORMS": "0",
        "translations-MIN_NUM_FORMS": "0", "translations-MAX_NUM_FORMS": "1000",
        "phrasings-TOTAL_FORMS": "0", "phrasings-INITIAL_FORMS": "0",
        "phrasings-MIN_NUM_FORMS": "0", "phrasings-MAX_NUM_FORMS": "1000",
    })
    assert response.status_code == 302, response.content.decode()[:3000]
    entry = Entry.objects.get(slug="nieuw-van-de-redactie")
    assert entry.origin == Entry.EDITOR and entry.published
    assert "nieuw-van-de-redactie" in client.get("/nl/betoverde-torens/bt-einde-spel/").content.decode()


def test_an_editor_adds_a_translation_that_readers_and_search_see(staff, client):
    entry = make_entry(question="Mag een tovenaar op de Raventoren landen?", answer="Ja, zie [[bt-einde-spel]].",
                       clauses=["bt-einde-spel"])
    data = form_data(entry, **{
        "translations-TOTAL_FORMS": "1",
        "translations-0-language": "de",
        "translations-0-question": "Darf ein Magier auf der Rabenburg landen?",
        "translations-0-answer": "Ja, siehe [[bt-einde-spel]].",
    })
    response = staff.post(f"/admin/faq/entry/{entry.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    row = entry.translations.get(language="de")
    # Rendered with the clause's German title, and searchable in German only.
    german_title = ClauseTranslation.objects.get(clause__anchor="bt-einde-spel", language="de").title
    assert german_title in row.answer_html
    page = client.get(f"/de/betoverde-torens/faq/{entry.slug}/").content.decode()
    assert "Darf ein Magier auf der Rabenburg landen?" in page
    assert entry.slug in client.get("/de/search/", {"q": "Magier landen"}).content.decode()
    assert entry.slug not in client.get("/en/search/", {"q": "Magier landen"}).content.decode()


def test_the_rulebooks_own_language_is_refused_as_a_translation(staff):
    entry = make_entry()
    data = form_data(entry, **{
        "translations-TOTAL_FORMS": "1",
        "translations-0-language": "nl",
        "translations-0-question": "Nog eens in het Nederlands?",
        "translations-0-answer": "Ja.",
    })
    response = staff.post(f"/admin/faq/entry/{entry.pk}/change/", data)
    assert response.status_code == 200
    assert "This is the rulebook" in response.content.decode() or "eigen taal van het regelboek" in response.content.decode()
    assert not entry.translations.exists()


def test_changing_a_curated_entrys_translation_keeps_it_from_being_overwritten(staff):
    entry = Entry.objects.get(game_id="betoverde-torens", slug="zes-tovenaars")
    row = entry.translations.get(language="en")
    data = form_data(entry, **{
        "translations-TOTAL_FORMS": "1",
        "translations-INITIAL_FORMS": "1",
        "translations-0-id": str(row.pk),
        "translations-0-entry": str(entry.pk),
        "translations-0-language": "en",
        "translations-0-question": row.question,
        "translations-0-answer": row.answer + " (Checked by the editors.)",
    })
    response = staff.post(f"/admin/faq/entry/{entry.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    entry.refresh_from_db()
    assert entry.edited_in_admin
    sync_curated(read_content(check_seeds=False))
    assert entry.translations.get(language="en").answer.endswith("(Checked by the editors.)")
