"""Issue 40 in a real browser on a phone: "What would a good player do?" answers in place (htmx),
shows the strong player's move on a board with the reasons and their clauses, and plays nothing
until the move is chosen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIM = "/en/betoverde-torens/sim/"


def test_asking_a_good_player_on_a_phone_answers_in_place_and_plays_nothing(phone, site, settings):
    settings.SIMULATOR_AUTOPLAY_MS = 20  # the cards are dealt by themselves (chance), then red chooses
    phone.goto(f"{site}{SIM}?new=1&players=2&seat2=strong&seed=4")
    ask = phone.locator(".advice__ask a")
    expect(ask).to_be_visible(timeout=30_000)
    box = ask.bounding_box()
    assert box is not None and box["height"] >= 24 and box["width"] >= 24
    before = phone.url
    ask.click()
    answer = phone.locator("#advice .advice__move")
    expect(answer).to_contain_text("A good player would play:")
    assert phone.url == before  # answered in place: the address and the position are the same
    expect(phone.locator("#advice .advice__why a.cite").first).to_be_visible()
    expect(phone.locator("#advice .advice__board svg")).to_be_visible()
    phone.locator("#advice").screenshot(path="/tmp/advice-phone.png")
    phone.locator("#advice .advice__play a.button").first.click()
    expect(phone).not_to_have_url(before)  # now it is played: a new branch of the log
    expect(phone.locator("#advice .advice__move")).to_have_count(0)
