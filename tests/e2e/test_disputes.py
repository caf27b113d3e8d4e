"""The three disputes of the phone review (issue 24), settled on a 390x844 phone by tapping, with
the taps counted: Finstere Flure's monster pushing a stone (set up from an empty board in the
editor), De Betoverde Torens' tower onto wizards and Der dunkle Turm's companion on a rising
bridge (from the rulebook's examples). Each ends with the answer, every event citing its clause,
in the first screen beside the board. The counts are printed (pytest -s) for the closing note.

Tapping a move goes through the board as a player would: a piece (first enlarging a crowded area
where the board asks for it), then its destination, or a choice beside the board."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rules.core.registry import get_game

pytestmark = pytest.mark.browser


class Taps:
    """Taps on the phone, counted; every answer waited for."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def on(self, locator, taps: int = 1) -> None:
        locator.first.click()
        self.count += taps
        self.page.wait_for_load_state()
        self.page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")

    def select(self, name: str, value: str) -> None:
        """A choice in a list: one tap opens it, one chooses."""
        self.page.locator(f'select[name="{name}"]').select_option(value)
        self.count += 2

    def target(self, target: str) -> None:
        """Tap a target: on the board (enlarging its area first when it is crowded) or beside it."""
        page = self.page
        link = page.locator(f'svg.board-svg a.board-action[data-target="{target}"], .tap-choice[data-target="{target}"]')
        if not link.count():
            index = page.evaluate(
                """t => { const piece = document.querySelector(`svg.board-svg [data-target="${t}"]`);
                     if (!piece) return -1;
                     const b = piece.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
                     return Array.from(document.querySelectorAll('svg.board-svg a.board-zoom')).findIndex(z => {
                       const r = z.getBoundingClientRect(); return x > r.left && x < r.right && y > r.top && y < r.bottom; }); }""",
                target,
            )
            assert index >= 0, f"{target} can be tapped neither directly nor by enlarging its area"
            self.on(page.locator("svg.board-svg a.board-zoom").nth(index))
        self.on(page.locator(f'svg.board-svg a.board-action[data-target="{target}"], .tap-choice[data-target="{target}"]'))


def tap_path(slug: str, state, action: str, lang: str = "nl") -> list[str]:
    """The targets a player taps for ``action`` (the view-model's own tap options, searched)."""
    view, engine = get_game(slug).view, get_game(slug).engine

    def search(pick: tuple[str, ...]) -> list[str] | None:
        options = view.tap(engine, state, pick, lang=lang)
        if options.confirm == action and pick:
            return [*pick, "OK"]
        for t in options.taps:
            if t.plays == action:
                return [*pick, t.target]
        if len(pick) >= 4:
            return None
        for t in options.taps:
            if t.plays is None:
                found = search((*pick, t.target))
                if found:
                    return found
        return None

    path = search(())
    assert path, f"{action} cannot be tapped"
    return path


def answer_in_first_screen(page, clauses: list[str]) -> None:
    """What happened names every clause of the answer, beside the board, in the first screen."""
    now = page.locator(".sim__now")
    for clause in clauses:
        expect(now.locator(f'a.cite[href$="/{clause}/"]').first).to_be_attached()
    for part in (".sim__board", ".sim__now"):
        assert page.evaluate(
            f"(() => {{ const b = document.querySelector({part!r}).getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }})()"
        ), f"{part} is not in the first screen"


def test_finstere_flure_the_monster_pushes_a_stone_set_up_by_tapping(phone, site):
    taps = Taps(phone)
    phone.goto(f"{site}/nl/finstere-flure/sim/")
    taps.on(phone.get_by_role("button", name="Opzetten vanaf een leeg bord"))
    taps.on(phone.locator('a.palette-item[data-tool="stone"]'))
    taps.target("sq:14,5")
    taps.on(phone.locator('a.palette-item[data-tool="monster:R"]'))
    taps.target("sq:12,5")
    taps.select("f.phase", "card")
    taps.on(phone.get_by_role("button", name="Toepassen"))
    expect(phone.locator(".edit-error")).to_have_count(0)
    taps.on(phone.get_by_role("link", name="Klaar: speel vanaf deze stand"))
    taps.target("card:7")
    taps.on(phone.locator(".auto-run a"))  # "play all 7 steps at once"
    # The push, the crumbling against the wall and the walk through the wall: all in what happened.
    answer_in_first_screen(phone, ["ff-monster-schuift-steen", "ff-steen-verpulvert", "ff-monster-door-muur"])
    print(f"\ndispute finstere-flure (monster pushes a stone): {taps.count} taps")
    assert taps.count <= 12


def test_betoverde_torens_a_tower_onto_wizards_from_the_example(phone, site):
    from rules.core.scenarios import load_scenario
    from rules.core.timeline import from_scenario

    engine = get_game("betoverde-torens").engine
    start = from_scenario(engine, load_scenario("betoverde-torens", "bt-toren-over-tovenaar")).frames[0].state
    taps = Taps(phone)
    phone.goto(f"{site}/nl/betoverde-torens/sim/")
    taps.on(phone.get_by_role("link", name="Tovenaars opsluiten"))
    for target in tap_path("betoverde-torens", start, "play:t2:tower:9"):
        if target == "OK":
            taps.on(phone.locator(".tap-ok"))
        else:
            taps.target(target)
    expect(phone).to_have_url(re.compile(r"\?log=1\."))
    answer_in_first_screen(phone, ["bt-toren-over-tovenaar", "bt-fles-vullen"])
    print(f"\ndispute betoverde-torens (a tower onto wizards): {taps.count} taps")
    assert taps.count <= 8


def test_der_dunkle_turm_a_companion_on_a_rising_bridge_from_the_example(phone, site):
    taps = Taps(phone)
    phone.goto(f"{site}/de/der-dunkle-turm/sim/")
    taps.on(phone.get_by_role("link", name="Der Turm wehrt sich: Brücken heben, Riss öffnen"))
    taps.target("do:card:attack9")  # the card drawn: chance, chosen at the table
    taps.on(phone.locator("svg.board-svg a.tap-next, .tap-choice").first)  # the tower defends itself
    answer_in_first_screen(phone, ["dt-zugbruecken-heben", "dt-fallen"])
    expect(phone.locator(".sim__now")).to_contain_text("Lava")
    print(f"\ndispute der-dunkle-turm (a companion on a rising bridge): {taps.count} taps")
    assert taps.count <= 6
