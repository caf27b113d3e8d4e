"""Admin logins are throttled (django-axes): after five wrong passwords for a username from one
address, that username is locked out there, even with the right password, until the cool-off ends
or an administrator lifts the lockout (in the admin or with a command)."""

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.usefixtures("faq")
PASSWORD = "a-long-editor-password"


def log_in(client, username="editor", password=PASSWORD):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password, "next": "/admin/"})


def fail_five_times(client):
    for _ in range(5):
        response = log_in(client, password="wrong-password")
        assert response.status_code in (200, 429)


def test_five_wrong_passwords_lock_the_username_out_from_that_address(editor):
    client = Client(REMOTE_ADDR="198.51.100.7")
    assert log_in(client, password="wrong-password").status_code == 200  # the form again, with an error
    fail_five_times(client)
    response = log_in(client)  # the right password no longer helps
    assert response.status_code == 429
    assert "admin/locked_out.html" in [template.name for template in response.templates]
    assert "/admin/login/" not in response.get("Location", "")
    assert client.get("/admin/").status_code == 302  # still logged out
    # Other addresses and other accounts are not locked out.
    assert log_in(Client(REMOTE_ADDR="198.51.100.8")).status_code == 302


def test_an_administrator_can_see_and_lift_the_lockout(editor):
    client = Client(REMOTE_ADDR="198.51.100.7")
    fail_five_times(client)
    assert log_in(client).status_code == 429
    admin = Client(REMOTE_ADDR="203.0.113.1")
    admin.force_login(editor)
    listing = admin.get("/admin/axes/accessattempt/")
    assert listing.status_code == 200 and "198.51.100.7" in listing.content.decode()
    call_command("axes_reset_username", "editor")
    response = log_in(client)
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_a_successful_login_resets_the_count(editor):
    client = Client(REMOTE_ADDR="198.51.100.9")
    for _ in range(4):
        log_in(client, password="wrong-password")
    assert log_in(client).status_code == 302
    client.logout()
    for _ in range(4):
        log_in(client, password="wrong-password")
    assert log_in(client).status_code == 302
