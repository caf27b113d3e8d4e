"""The asker is told once, by e-mail through a real SMTP server, when the question is answered and
published (or marked a duplicate of a ruling), in the language it was asked in, with the ruling's
and the position's links; then the address is gone. Unanswered, the address is erased after
FAQ_ASKER_EMAIL_DAYS."""

import datetime as dt
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from faq import notify
from faq.models import Entry
from tests.mailserver import body, free_port

from .conftest import make_entry

POSITION = "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven"


def ask(client, lang="de", email="anna@example.org", position=POSITION):
    response = client.post(f"/{lang}/faq/ask/", {
        "game": "finstere-flure", "question": "Darf das Monster zwei Steine auf einmal schieben?", "email": email,
        "name": "Anna", "position": position, "nonce": "", "website": "",
    })  # fmt: skip
    assert response.status_code == 302
    return Entry.objects.get(origin=Entry.VISITOR, asker_email=email)


def answer(entry, text="Nein, nur einen Stein: [[ff-steen-schuiven]]."):
    entry.answer, entry.status = text, Entry.ANSWERED
    entry.save()


def publish(client, editor, entry, capture):
    client.force_login(editor)
    with capture(execute=True):  # the e-mail goes once the change is committed
        response = client.post(reverse("admin:faq_entry_changelist"), {"action": "publish", "_selected_action": [entry.pk]})
    assert response.status_code == 302


def test_publishing_tells_the_asker_once_in_their_language_through_smtp(
    client, faq, editor, smtp_server, django_capture_on_commit_callbacks
):
    entry = ask(client, lang="de")
    assert entry.asker_language == "de"
    answer(entry)
    assert smtp_server.messages == []  # answered, not yet published: nobody is told
    publish(client, editor, entry, django_capture_on_commit_callbacks)
    [message] = smtp_server.wait_for(1)
    assert smtp_server.recipients == [["anna@example.org"]]
    assert message["Subject"] == "Deine Frage zu Finstere Flure wurde beantwortet"
    assert message["Content-Language"] == "de"
    text = body(message)
    assert f"https://rules.example.org/de/finstere-flure/faq/{entry.slug}/" in text.split()
    assert "https://rules.example.org/de/finstere-flure/sim/?scenario=ff-steen-schuiven" in text.split()
    assert "Darf das Monster zwei Steine auf einmal schieben?" in text
    entry.refresh_from_db()
    assert entry.asker_email == "" and entry.notified_at is not None
    # Saving or publishing it again sends nothing more.
    publish(client, editor, entry, django_capture_on_commit_callbacks)
    call_command("notifyaskers")
    assert len(smtp_server.wait_for(2, timeout=0.5)) == 1
    assert client.get(f"/de/finstere-flure/faq/{entry.slug}/").status_code == 200  # the link works


def test_a_mail_server_that_is_down_keeps_the_address_for_notifyaskers(
    client, faq, editor, settings, smtp_server, django_capture_on_commit_callbacks, capsys
):
    entry = ask(client, lang="en")
    answer(entry)
    real_port, settings.EMAIL_PORT = settings.EMAIL_PORT, free_port()  # nothing listens there
    publish(client, editor, entry, django_capture_on_commit_callbacks)
    entry.refresh_from_db()
    assert (entry.asker_email, entry.notified_at) == ("anna@example.org", None)
    settings.EMAIL_PORT = real_port
    call_command("notifyaskers")
    assert "1 told by e-mail, 0 e-mail(s) not sent" in capsys.readouterr().out
    [message] = smtp_server.wait_for(1)
    assert message["Subject"] == "Your question about Fearsome Floors has been answered"
    assert f"https://rules.example.org/en/finstere-flure/faq/{entry.slug}/" in body(message)
    entry.refresh_from_db()
    assert entry.asker_email == ""


def test_marking_a_duplicate_answers_with_the_ruling_and_tells_the_asker(
    client, faq, editor, smtp_server, django_capture_on_commit_callbacks
):
    entry = ask(client, lang="nl", position="")
    Entry.objects.filter(pk=entry.pk).update(question="Mag het monster een steenblok tegen de muur duwen als er een figuur achter staat?")
    ruling = Entry.objects.get(game_id="finstere-flure", slug="monster-duwt-steen-tegen-de-muur")
    client.force_login(editor)
    duplicate_url = reverse("admin:faq_entry_duplicate", args=[entry.pk])
    change_page = client.get(reverse("admin:faq_entry_change", args=[entry.pk])).content.decode()
    assert f'formaction="{duplicate_url}"' in change_page and f'value="faq:finstere-flure:{ruling.slug}"' in change_page
    queue = client.get(reverse("admin:faq_entry_queue")).content.decode()
    assert f'action="{duplicate_url}"' in queue and '<span class="queue__language">Nederlands</span>' in queue
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(duplicate_url, {"of": f"faq:finstere-flure:{ruling.slug}", "next": "queue"})
    assert response.status_code == 302 and response.headers["Location"] == reverse("admin:faq_entry_queue")
    entry.refresh_from_db()
    assert (entry.duplicate_of, entry.status, entry.published) == (ruling, Entry.ANSWERED, False)
    assert f"/finstere-flure/faq/{ruling.slug}/" in entry.answer
    [message] = smtp_server.wait_for(1)
    assert message["Subject"] == "Je vraag over Finstere Flure was al beantwoord"
    text = body(message)
    assert f"https://rules.example.org/nl/finstere-flure/faq/{ruling.slug}/" in text.split()
    if ruling.position_url:
        assert "https://rules.example.org/nl/finstere-flure/sim/" in text
    assert entry.asker_email == ""
    track = client.get(f"/nl/faq/question/{entry.token}/").content.decode()
    assert f'href="/nl/finstere-flure/faq/{ruling.slug}/"' in track and "al beantwoord" in track
    assert client.get(f"/nl/finstere-flure/faq/{entry.slug}/").status_code == 404  # the ruling is the public answer


@pytest.mark.parametrize(
    "of",
    ["faq:finstere-flure:bestaat-niet", "faq:betoverde-torens:raventoren-op-torens", "clause:ff-steen-schuiven", ""],
)
def test_a_duplicate_of_anything_but_a_published_ruling_of_the_game_is_refused(client, faq, editor, smtp_server, of):
    entry = ask(client)
    client.force_login(editor)
    response = client.post(reverse("admin:faq_entry_duplicate", args=[entry.pk]), {"of": of}, follow=True)
    assert "Niet als dubbele vraag gemarkeerd" in response.content.decode() or "Not marked" in response.content.decode()
    entry.refresh_from_db()
    assert entry.duplicate_of is None and entry.status == Entry.RECEIVED and entry.asker_email
    assert smtp_server.messages == []


def test_an_unanswered_askers_address_is_erased_after_the_documented_days(client, faq, settings, capsys):
    settings.FAQ_ASKER_EMAIL_DAYS = 30
    now = timezone.now()
    old = make_entry(game="finstere-flure", slug="oud", question="Een oude vraag zonder antwoord?", answer="", published=False,
                     status=Entry.RECEIVED, origin=Entry.VISITOR, asker_email="oud@example.org",
                     created_at=now - dt.timedelta(days=31))  # fmt: skip
    recent = make_entry(game="finstere-flure", slug="recent", question="Een recente vraag zonder antwoord?", answer="",
                        published=False, status=Entry.RECEIVED, origin=Entry.VISITOR, asker_email="nieuw@example.org",
                        created_at=now - dt.timedelta(days=29))  # fmt: skip
    call_command("notifyaskers")
    assert "1 address(es) erased after 30 days" in capsys.readouterr().out
    old.refresh_from_db(), recent.refresh_from_db()
    assert (old.asker_email, recent.asker_email) == ("", "nieuw@example.org")
    # Asking a question sweeps too.
    Entry.objects.filter(pk=recent.pk).update(created_at=now - dt.timedelta(days=31))
    ask(client, email="derde@example.org")
    recent.refresh_from_db()
    assert recent.asker_email == ""


def test_the_ask_form_says_what_happens_to_the_address(client, faq, settings):
    settings.FAQ_ASKER_EMAIL_DAYS = 45
    html = client.get("/en/faq/ask/", {"game": "finstere-flure"}).content.decode()
    hint = re.search(r'<p class="ask__hint" id="ask-email-hint">(.*?)</p>', html, re.S).group(1)
    assert "one e-mail" in hint and "erase the address" in hint and "45 days" in hint
    assert 'aria-describedby="ask-email-hint"' in html


def test_without_an_address_or_a_published_answer_nobody_is_told(faq, smtp_server):
    quiet = make_entry(game="finstere-flure", slug="stil", origin=Entry.VISITOR, asker_email="")
    waiting = make_entry(game="finstere-flure", slug="wacht", origin=Entry.VISITOR, asker_email="w@example.org",
                         published=False, status=Entry.ANSWERED)  # fmt: skip
    assert notify.notify(quiet, "https://x.example") == notify.NOT_DUE
    assert notify.notify(waiting, "https://x.example") == notify.NOT_DUE
    assert smtp_server.messages == []


def test_the_queue_shows_the_closest_rulings_and_the_closest_clauses(client, faq, editor):
    """A question with many close rulings still shows the clauses that may answer it: the queue
    lists the best few of each kind (rulings first), never only rulings."""
    from faq.admin import QUEUE_MATCHES, queue_item

    entry = ask(client, lang="nl", email="")
    Entry.objects.filter(pk=entry.pk).update(question="Mag het monster twee steenblokken tegelijk voor zich uit schuiven?")
    entry.refresh_from_db()
    kinds = [match["hit"].is_faq for match in queue_item(entry)["matches"]]
    assert kinds.count(True) == QUEUE_MATCHES and 1 <= kinds.count(False) <= QUEUE_MATCHES
    assert kinds == sorted(kinds, reverse=True)  # the rulings first
    urls = [match["url"] for match in queue_item(entry)["matches"]]
    assert "/nl/finstere-flure/ff-monster-schuift-steen/" in urls
