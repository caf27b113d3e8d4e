"""Asking a question: the form, the confirmation, the private tracking page, and every guard
(CSRF, length limits, honeypot, rate limit, odd input)."""

import re

import pytest
from django.test import Client

from faq.models import Entry

from .conftest import make_entry

pytestmark = pytest.mark.usefixtures("faq")
QUESTION = "Mag ik de Raventoren verplaatsen als er een tovenaar onder staat?"


@pytest.fixture(autouse=True)
def mid_window(monkeypatch):
    """The rate limit counts in fixed windows: keep the tests inside one (at its 100th second)."""
    from faq import ratelimit

    monkeypatch.setattr(ratelimit, "_clock", lambda: 600 * 3_000_000 + 100.0)


def ask(client, **fields):
    data = {"question": QUESTION, "game": "betoverde-torens", "clause": "bt-raventoren-verplaatsen"}
    data.update(fields)
    data = {k: v for k, v in data.items() if v is not None}
    return client.post("/nl/faq/ask/", data)


def visitor_entries():
    return Entry.objects.filter(origin=Entry.VISITOR)


@pytest.mark.parametrize("url", ["/nl/betoverde-torens/bt-einde-spel/", "/nl/betoverde-torens/faq/", "/de/betoverde-torens/faq/winregel-beide-voorwaarden/"])
def test_clause_faq_and_entry_pages_link_to_the_form_and_carry_no_csrf_token(client, url):
    """The pages stay cacheable (issue 13): the form, with its per-visitor CSRF token, is one
    click (or one htmx request) away on the ask page, prefilled with the game and clause."""
    response = client.get(url)
    html = response.content.decode()
    assert "csrfmiddlewaretoken" not in html and 'class="ask__form"' not in html
    assert "csrftoken" not in response.cookies
    match = re.search(r'<a class="ask__open" href="([^"]+)" hx-get="([^"]+)"', html)
    assert match and match.group(1) == match.group(2)
    link = match.group(1).replace("&amp;", "&")
    expected = "/faq/ask/?game=betoverde-torens" + ("&clause=bt-einde-spel" if "bt-einde-spel" in url else "")
    assert link == url[:3] + expected

    form_page = client.get(link)
    form_html = form_page.content.decode()
    assert 'class="ask__form" method="post"' in form_html
    assert 'name="csrfmiddlewaretoken"' in form_html
    assert 'name="game" value="betoverde-torens"' in form_html
    assert 'maxlength="2000"' in form_html and 'tabindex="-1"' in form_html and 'aria-hidden="true"' in form_html
    if "bt-einde-spel" in url:
        assert 'name="clause" value="bt-einde-spel"' in form_html
    assert "no-store" in form_page["Cache-Control"] and "private" in form_page["Cache-Control"]


def test_htmx_loads_just_the_form_in_place_with_the_focus_in_the_question(client):
    response = client.get("/nl/faq/ask/?game=betoverde-torens&clause=bt-einde-spel", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="ask"') and "<html" not in html
    assert 'name="csrfmiddlewaretoken"' in html and "autofocus" in html
    assert 'name="clause" value="bt-einde-spel"' in html
    assert "HX-Request" in response["Vary"] and "no-store" in response["Cache-Control"]


def test_a_question_is_stored_unpublished_and_the_visitor_gets_a_private_link(client):
    response = ask(client, name="Anna", email="anna@example.org")
    assert response.status_code == 302 and response["Location"] == "/nl/faq/thanks/"
    entry = visitor_entries().get()
    assert entry.question == QUESTION and entry.status == Entry.RECEIVED and not entry.published
    assert entry.asker_name == "Anna" and entry.asker_email == "anna@example.org"
    assert list(entry.clauses.values_list("anchor", flat=True)) == ["bt-raventoren-verplaatsen"]
    assert len(entry.token) >= 32 and entry.asked_at is not None
    thanks = client.get("/nl/faq/thanks/")
    html = thanks.content.decode()
    assert f"/nl/faq/question/{entry.token}/" in html
    assert "no-cache" in thanks["Cache-Control"] or "no-store" in thanks["Cache-Control"]
    track = client.get(f"/nl/faq/question/{entry.token}/")
    assert track.status_code == 200
    body = track.content.decode()
    assert QUESTION in body and "ontvangen" in body
    assert "anna@example.org" not in body
    assert track["Referrer-Policy"] == "no-referrer" and "noindex" in track["X-Robots-Tag"]
    # Not public until an editor publishes it.
    assert client.get(f"/nl/betoverde-torens/faq/{entry.slug}/").status_code == 404
    assert QUESTION not in Client().get("/nl/betoverde-torens/faq/").content.decode()


def test_the_tracking_page_links_the_entry_once_published(client):
    ask(client)
    entry = visitor_entries().get()
    entry.answer = "Ja, de Raventoren reist mee."
    entry.status = Entry.ANSWERED
    entry.published = True
    entry.save()
    html = client.get(f"/en/faq/question/{entry.token}/").content.decode()
    assert f'href="/en/betoverde-torens/faq/{entry.slug}/"' in html
    assert "answered" in html


@pytest.mark.parametrize("token", ["x" * 32, "short", "a" * 65, "%E2%98%83" * 8, "../../admin" + "a" * 20])
def test_a_wrong_tracking_link_is_404(client, token):
    ask(client)
    response = client.get(f"/nl/faq/question/{token}/")
    assert response.status_code == 404


def test_another_visitor_without_the_link_sees_nothing(client):
    ask(client)
    other = Client()
    assert "/faq/question/" not in other.get("/nl/faq/thanks/").content.decode()
    entry = visitor_entries().get()
    assert entry.token not in other.get("/nl/betoverde-torens/faq/").content.decode()


def test_csrf_is_required():
    strict = Client(enforce_csrf_checks=True)
    response = ask(strict)
    assert response.status_code == 403
    assert not visitor_entries().exists()


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"question": ""}, "Typ je vraag."),
        ({"question": "   \n\t  "}, "Typ je vraag."),
        ({"question": "te kort"}, "minstens 10 tekens"),
        ({"question": "\x00\x01\x02 kort \x1b"}, "tekens"),
        ({"question": "x" * 2001}, "2000"),
        ({"name": "n" * 101}, "100"),
        ({"email": "geen-adres"}, "e-mailadres"),
        ({"email": "a@" + "b" * 200 + ".nl"}, "200"),
        ({"game": "monopoly"}, "spelregels van deze site"),
        ({"game": None}, "spelregels van deze site"),
        ({"clause": "ff-monster"}, "hoort niet bij deze spelregels"),
        ({"position": "https://evil.example/nl/betoverde-torens/sim/"}, "simulatorlink"),
        ({"position": "/nl/finstere-flure/sim/?step=1"}, "simulatorlink"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message_and_nothing_stored(client, fields, message):
    response = ask(client, **fields)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert 'class="ask__form"' in html or "Stel je vraag" in html
    assert not visitor_entries().exists()


def test_refused_input_is_shown_back_escaped(client):
    response = ask(client, question="<script>alert(1)</script>", email="<b>x</b>")
    html = response.content.decode()
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b>x</b>" not in html


def test_script_tags_are_stored_as_text_and_escaped_on_the_tracking_page(client):
    ask(client, question='<script>alert("x")</script> mag dat? <a href="javascript:alert(1)">klik</a>', name="<b>Bob</b>")
    entry = visitor_entries().get()
    assert entry.question.startswith("<script>")  # stored as typed ...
    html = client.get(f"/nl/faq/question/{entry.token}/").content.decode()
    assert '<script>alert("x")' not in html and 'href="javascript:' not in html  # ... shown escaped
    assert "&lt;script&gt;" in html


def test_control_characters_are_dropped_and_whitespace_tidied(client):
    ask(client, question="  Mag\x07 ik\u200b twee\x1b keer \t  gooien?\r\n\r\n\r\n\r\nEcht?  ", name=" An\x07na ")
    entry = visitor_entries().get()
    assert entry.question == "Mag ik twee keer gooien?\n\nEcht?"
    assert entry.asker_name == "Anna"


def test_the_honeypot_discards_bots_silently_with_the_same_confirmation(client):
    response = ask(client, website="https://spam.example")
    assert response.status_code == 302 and response["Location"] == "/nl/faq/thanks/"
    assert not visitor_entries().exists()
    html = client.get("/nl/faq/thanks/").content.decode()
    assert "/nl/faq/question/" in html  # looks the same ...
    token = re.search(r"/nl/faq/question/([^/]+)/", html).group(1)
    assert client.get(f"/nl/faq/question/{token}/").status_code == 404  # ... but leads nowhere


def test_the_rate_limit_answers_429_with_a_clear_message(client, settings):
    settings.FAQ_QUESTION_RATE = (3, 600)
    for n in range(3):
        assert ask(client, question=f"Vraag nummer {n} over de Raventoren?").status_code == 302
    response = ask(client, question="Nog een vraag over de Raventoren, de vierde?")
    assert response.status_code == 429
    assert response["Retry-After"] == "500"  # until the current ten-minute window ends (see mid_window)
    html = response.content.decode()
    assert "Te veel vragen" in html and "9 minuten" in html
    assert "Nog een vraag over de Raventoren, de vierde?" in html  # shown back to copy
    assert visitor_entries().count() == 3
    # Another client address is not limited.
    assert Client(REMOTE_ADDR="10.1.2.3").post(
        "/nl/faq/ask/", {"question": QUESTION, "game": "betoverde-torens"}
    ).status_code == 302


def test_invalid_submissions_do_not_use_up_the_allowance(client, settings):
    settings.FAQ_QUESTION_RATE = (1, 600)
    for _ in range(3):
        assert ask(client, question="kort").status_code == 400
    assert ask(client).status_code == 302


def test_the_ask_page_prefills_from_the_simulator_and_ignores_foreign_positions(client):
    html = client.get("/de/faq/ask/", {"game": "betoverde-torens", "position": "/nl/betoverde-torens/sim/?step=2"}).content.decode()
    assert 'name="position" value="/nl/betoverde-torens/sim/?step=2"' in html
    html = client.get("/de/faq/ask/", {"game": "betoverde-torens", "position": "https://evil.example/"}).content.decode()
    assert 'name="position"' not in html and 'href="https://evil.example/' not in html
    assert client.get("/nl/faq/ask/", {"game": "monopoly"}).status_code == 404
    assert client.get("/nl/faq/ask/").status_code == 302


def test_a_question_from_the_simulator_keeps_its_position_link(client):
    ask(client, clause="", position="/nl/betoverde-torens/sim/?scenario=x&step=2")
    entry = visitor_entries().get()
    assert entry.position_url == "/nl/betoverde-torens/sim/?scenario=x&step=2"
    entry.answer, entry.status, entry.published = "Zo zit het.", Entry.ANSWERED, True
    entry.save()
    html = client.get(f"/de/betoverde-torens/faq/{entry.slug}/").content.decode()
    assert 'href="/de/betoverde-torens/sim/?scenario=x&amp;step=2"' in html


def test_slugs_of_questions_are_unique_per_game(client):
    make_entry(slug="mag-ik-de-raventoren-verplaatsen-als-er-een-tovenaar-onder", question="Oud")
    ask(client)
    assert visitor_entries().get().slug.endswith("-2")


@pytest.mark.parametrize(
    "data",
    [
        {"question": ["een", "twee"], "game": "betoverde-torens"},
        {"question": QUESTION, "game": ["betoverde-torens", "finstere-flure"]},
        {"question": QUESTION, "game": "\x00"},
        {"question": QUESTION, "game": "betoverde-torens", "clause": "x" * 5000},
    ],
)
def test_odd_posts_never_cause_a_server_error(client, data):
    response = client.post("/nl/faq/ask/", data)
    assert response.status_code in (302, 400)


def nonce_of(html):
    return re.search(r'name="nonce" value="([^"]+)"', html).group(1)


def confirmed_token(client):
    html = client.get("/nl/faq/thanks/").content.decode()
    match = re.search(r"/nl/faq/question/([A-Za-z0-9_-]+)/", html)
    return match.group(1) if match else None


def test_every_ask_form_carries_a_fresh_nonce(client):
    first = nonce_of(client.get("/nl/faq/ask/?game=betoverde-torens&clause=bt-einde-spel").content.decode())
    second = nonce_of(client.get("/nl/faq/ask/?game=betoverde-torens&clause=bt-einde-spel").content.decode())
    assert len(first) >= 20 and first != second


def test_the_same_form_sent_twice_is_one_question_with_one_tracking_link(client):
    nonce = nonce_of(client.get("/nl/faq/ask/?game=betoverde-torens").content.decode())
    assert ask(client, nonce=nonce).status_code == 302
    first = confirmed_token(client)
    other_browser = Client()  # the second click's response may carry the only cookie the browser keeps
    assert ask(other_browser, nonce=nonce).status_code == 302
    entry = visitor_entries().get()
    assert first == confirmed_token(other_browser) == entry.token


def test_sending_the_same_form_again_does_not_use_up_the_allowance(client, settings):
    settings.FAQ_QUESTION_RATE = (1, 600)
    nonce = nonce_of(client.get("/nl/faq/ask/?game=betoverde-torens").content.decode())
    assert [ask(client, nonce=nonce).status_code for _ in range(3)] == [302, 302, 302]
    assert visitor_entries().count() == 1
    assert ask(client, question="Een tweede, andere vraag over de Raventoren?").status_code == 429


def test_a_new_form_or_a_form_without_nonce_is_a_new_question(client):
    ask(client, nonce="a" * 24)
    ask(client, nonce="b" * 24)
    ask(client)
    ask(client)
    ask(client, nonce="not a nonce!")
    assert visitor_entries().count() == 5
    assert len(set(visitor_entries().values_list("token", flat=True))) == 5


def test_asking_reading_and_bots_create_no_session_rows(client):
    from django.contrib.sessions.models import Session

    for _ in range(5):
        assert ask(Client(), website="https://spam.example").status_code == 302
    assert ask(client).status_code == 302
    assert confirmed_token(client) == visitor_entries().get().token
    for url in ["/nl/", "/nl/betoverde-torens/", "/nl/betoverde-torens/bt-einde-spel/", "/nl/faq/",
                "/nl/faq/ask/?game=betoverde-torens", "/nl/search/?q=toren", "/nl/finstere-flure/sim/"]:
        assert client.get(url).status_code == 200, url
    assert Session.objects.count() == 0


def test_a_forged_confirmation_cookie_shows_no_link(client):
    client.cookies["faq_asked"] = "A" * 32
    html = client.get("/nl/faq/thanks/").content.decode()
    assert "/nl/faq/question/" not in html


def test_the_default_cache_is_shared_by_worker_processes():
    from django.core.cache import caches
    from django.core.cache.backends.db import DatabaseCache

    from rulesite.settings import cache_settings

    assert cache_settings({})["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert cache_settings({"DJANGO_CACHE_DIR": "/srv/cache"})["BACKEND"] == "pagecache.filecache.AtomicAddFileBasedCache"
    assert cache_settings({"REDIS_URL": "redis://localhost:6379/0"})["BACKEND"].endswith("RedisCache")
    cache = caches["default"]
    assert isinstance(cache, DatabaseCache)  # what the tests (and the site by default) use
    cache.set("shared", 1)  # its table exists in the test database: test database creation made it
    assert cache.get("shared") == 1


def test_the_allowance_is_renewed_in_the_next_window(rf, settings):
    from faq import ratelimit

    settings.FAQ_QUESTION_RATE = (2, 600)
    request = rf.post("/nl/faq/ask/", REMOTE_ADDR="192.0.2.9")
    start = 600 * 3000 + 590.0  # ten seconds before a window ends
    assert ratelimit.consume(request, now=start) and ratelimit.consume(request, now=start)
    assert ratelimit.consume(request, now=start + 5) is None
    assert ratelimit.retry_after(now=start + 5) == 5
    assert ratelimit.consume(request, now=start + 10) is not None


def test_behind_a_proxy_the_limit_counts_the_address_the_proxy_saw(rf, settings):
    """DJANGO_TRUST_X_FORWARDED_FOR (gunicorn behind nginx): the last X-Forwarded-For address is the
    visitor as nginx saw it; the earlier ones are whatever the visitor sent, and do not count."""
    from faq import ratelimit

    behind = {"REMOTE_ADDR": "127.0.0.1"}
    anna = rf.post("/nl/faq/ask/", HTTP_X_FORWARDED_FOR="203.0.113.7", **behind)
    bert = rf.post("/nl/faq/ask/", HTTP_X_FORWARDED_FOR="198.51.100.4", **behind)
    forged = rf.post("/nl/faq/ask/", HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.7", **behind)
    settings.TRUST_X_FORWARDED_FOR = False
    assert ratelimit.client_address(anna) == ratelimit.client_address(bert) == "127.0.0.1"
    settings.TRUST_X_FORWARDED_FOR = True
    assert ratelimit.client_address(anna) == "203.0.113.7" and ratelimit.client_address(bert) == "198.51.100.4"
    assert ratelimit.client_key(forged, "ask") == ratelimit.client_key(anna, "ask")
    assert ratelimit.client_address(rf.post("/nl/faq/ask/", **behind)) == "127.0.0.1"
