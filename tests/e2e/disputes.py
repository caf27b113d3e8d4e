"""Six disputes of the phone reviews, settled on a 390x844 phone from the home page, every tap
counted: the three of the 2026-12-01 review (Finstere Flure's monster pushing a stone against the
wall, De Betoverde Torens' tower moved onto a tower holding wizards, Der dunkle Turm's companions on
rising bridges) and the three of the 2026-12-03 review (Torens & Dieven's guard over a gap, De
Betoverde Torens' win condition, Der dunkle Turm's occupied fields); ``shared/reviews-ux.md``.

Each dispute is played as a newcomer plays it: from ``/nl/``, through the game's simulator, setting
up the position (an example, or the editor) and playing the move on the board. A tap is a click; a
``<select>`` costs two (open, choose). Where the page asks for it, a crowded area of the board is
enlarged first (one tap more). The browser test (tests/e2e/test_disputes.py) and the benchmark
(bench/bench_dispute_taps.py) both play them from here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"

# Where a target is drawn and whether an area that enlarges it lies over it.
ZOOM_OVER = """t => { const piece = document.querySelector(`svg.board-svg [data-target="${t}"]`);
  if (!piece) return -1;
  const b = piece.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
  return Array.from(document.querySelectorAll('svg.board-svg a.board-zoom')).findIndex(z => {
    const r = z.getBoundingClientRect(); return x > r.left && x < r.right && y > r.top && y < r.bottom; }); }"""


class Taps:
    """Taps on the phone, counted; every answer waited for."""

    def __init__(self, page: Any, site: str):
        self.page, self.site, self.count = page, site, 0

    def settle(self) -> None:
        self.page.wait_for_load_state()
        self.page.wait_for_function(SETTLED)

    def on(self, locator: Any, taps: int = 1) -> None:
        locator.first.click()
        self.count += taps
        self.settle()

    def link(self, name: str | re.Pattern[str]) -> None:
        """A link or button by its accessible name."""
        page = self.page
        found = page.get_by_role("link", name=name)
        if not found.count():
            found = page.get_by_role("button", name=name)
        self.on(found)

    def home(self) -> None:
        self.page.goto(f"{self.site}/nl/")

    def simulator(self, slug: str) -> None:
        """The game card's simulator link on the home page."""
        self.on(self.page.locator(f'a[href$="/nl/{slug}/sim/"]'))

    def tool(self, tool: str) -> None:
        self.on(self.page.locator(f'a.palette-item[data-tool="{tool}"]'))

    def target(self, target: str, named: str = "") -> None:
        """Tap a target: on the board (enlarging its area first when the page asks for it) or beside it.
        ``named``: words of the name of the area that enlarges it, where the page does not say which
        targets an area holds."""
        page = self.page
        here = f'svg.board-svg a.board-action[data-target="{target}"], a.tap-choice[data-target="{target}"]'
        if not page.locator(here).count():
            # An area drawn over the target that plays or picks it at once, or one that enlarges it.
            direct = page.locator(f'svg.board-svg a.board-zoom[data-target="{target}"]')
            if direct.count():
                self.on(direct)
                return
            index = page.evaluate(ZOOM_OVER, target)
            if index < 0 and named:
                labels = page.locator("svg.board-svg a.board-zoom").evaluate_all("z => z.map(a => a.getAttribute('aria-label'))")
                index = next((i for i, label in enumerate(labels) if named in (label or "")), -1)
            assert index >= 0, f"{target} can be tapped neither directly nor by enlarging its area"
            self.on(page.locator("svg.board-svg a.board-zoom").nth(index))
        self.on(page.locator(here))

    def choose(self, name: str, value: str) -> None:
        """A field of the editor: one tap on a choice shown as buttons, two for a list (open, choose);
        "Apply" is tapped only where the page shows it."""
        page = self.page
        radio = page.locator(f'input[type="radio"][name="{name}"][value="{value}"]')
        if radio.count():
            label = page.locator(f'label:has(input[type="radio"][name="{name}"][value="{value}"])')
            self.on(label if label.count() else radio)
            return
        page.locator(f'select[name="{name}"]').select_option(value)
        self.count += 2
        self.settle()

    def apply(self) -> None:
        button = self.page.locator(".edit-fields button[type=submit]")
        if button.count() and button.first.is_visible():
            self.on(button)

    def chance(self, target: str) -> None:
        """Choose a chance outcome: beside the board, or in the disclosure that lists them."""
        page = self.page
        shown = page.locator(f'a.tap-choice[data-target="{target}"], svg.board-svg a.board-action[data-target="{target}"]')
        if not shown.first.is_visible() if shown.count() else True:
            summary = page.locator("details.chance-choose > summary")
            if summary.count():
                self.on(summary)
        self.target(target)


@dataclass(frozen=True)
class Dispute:
    """A dispute: how it is played, and what its answer cites (the clauses the verdict names)."""

    name: str
    game: str
    play: Callable[[Taps], None]
    clauses: tuple[str, ...]  # every clause the answer cites
    verdict: str  # words of the decisive event's sentence (Dutch)
    floor: int | None = None  # the most taps, where it sets one
    also: bool = False  # another way to the same dispute, counted for comparison only


def ff_monster_pushes_a_stone(t: Taps) -> None:
    """The monster (card 7) walks right into a stone that it pushes against the outer wall, then
    through the wall; Red 1 stands on the bottom wall row. Set up from the standard layout (a stone
    on (13, 5)): the monster moved to (12, 5), facing right; Red 1 placed on (6, 10)."""
    t.home()
    t.simulator("finstere-flure")
    t.link("Deze beginstand aanpassen door te tikken")
    if not t.page.locator('a.palette-item[data-tool="move"].is-current').count():
        t.tool("move")
    t.target("monster")
    t.target("sq:12,5")
    t.tool("fig:red1:1")
    t.target("sq:6,10")
    t.choose("f.phase", "card")
    t.apply()
    t.link("Klaar: speel vanaf deze stand")
    t.chance("card:7")
    run = t.page.locator(".auto-run a")
    if run.count():
        t.on(run)  # "play all 7 steps at once"


def bt_tower_onto_wizards(t: Taps) -> None:
    """Red moves tower 1 one space, onto tower 2, on which blue and red wizards stand: they are
    imprisoned, and Red fills a flask. Set up from the game's start as the simulator offers it
    (towers 1..9 on spaces 2..10, tower 1 carrying a blue and two red wizards, tower 2 two blue and
    a red), with a tower card 1 in Red's hand."""
    t.home()
    t.simulator("betoverde-torens")
    t.link("Deze beginstand aanpassen door te tikken")
    t.choose("f.hand_red_1", "t1")
    t.choose("f.phase", "play")  # the start cards are dealt: Red plays
    t.apply()
    t.link("Klaar: speel vanaf deze stand")
    play_by_tapping(t, "betoverde-torens", "play:t1:tower:1")


def bt_tower_onto_wizards_from_an_empty_board(t: Taps) -> None:
    """The same dispute set up on an empty board: a blue and a red wizard placed on tower 2."""
    t.home()
    t.simulator("betoverde-torens")
    t.link("Opzetten vanaf een leeg bord")
    t.tool("wiz:blue")
    t.target("tw:2", named="Toren 2 ")
    t.tool("wiz:red")
    t.target("tw:2", named="Toren 2 ")
    t.choose("f.hand_red_1", "t1")
    t.apply()
    t.link("Klaar: speel vanaf deze stand")
    play_by_tapping(t, "betoverde-torens", "play:t1:tower:1")


def game_spec(slug: str) -> Any:
    from rules.core.registry import get_game

    spec = get_game(slug)
    assert spec is not None, slug
    return spec


def tap_path(slug: str, state: Any, action: str, lang: str = "nl") -> list[str]:
    """The fewest targets a player taps for ``action`` (the view-model's own tap options, searched
    breadth first), "OK" for the confirmation."""
    spec = game_spec(slug)
    view: Any = spec.view
    engine = spec.engine
    paths: list[tuple[str, ...]] = [()]
    while paths:
        pick = paths.pop(0)
        options = view.tap(engine, state, pick, lang=lang)
        if options.confirm == action and pick:
            return [*pick, "OK"]
        for tap in options.taps:
            if tap.plays == action:
                return [*pick, tap.target]
        if len(pick) < 4:
            paths += [(*pick, tap.target) for tap in options.taps if tap.plays is None]
    raise AssertionError(f"{action} cannot be tapped")


def page_state(t: Taps, slug: str) -> Any:
    """The state of the position the page shows (its own JSON, under "This position as JSON")."""
    import json

    raw = t.page.locator("#position-json-text").text_content()
    return game_spec(slug).engine.state_from_position(json.loads(raw))


def play_by_tapping(t: Taps, slug: str, action: str) -> None:
    """Play ``action`` on the board as a player taps it (a piece, a place, OK)."""
    for target in tap_path(slug, page_state(t, slug), action):
        if target == "OK":
            t.on(t.page.locator(".tap-ok"))
        else:
            t.target(target)


def ddt_bridges_rise(t: Taps) -> None:
    """The drawbridges are down; Red 1 stands on bridge 6, Blue 2 with a protection spell on bridge
    15 (the simulator's example "The tower defends itself"). Red draws a tower attack: the tower
    defends itself, the bridges rise, Red 1 falls into the lava and Blue 2 is saved onto the side
    field 15b. Played on from the example's start: the card is chosen, the tower answers."""
    t.home()
    t.simulator("der-dunkle-turm")
    t.link(re.compile("^De toren verweert zich"))
    t.chance("do:card:attack9")
    tower = t.page.locator('a.tap-choice[data-target="do:tower"]')
    if tower.count():  # the tower defends itself (one tap more where the card does not play it on)
        t.on(tower)


def ddt_bridges_rise_from_an_empty_board(t: Taps) -> None:
    """The same dispute set up on an empty board: Red 1 on bridge 6, Blue 1 on bridge 15 with a
    protection spell; the lot, then the card."""
    t.home()
    t.simulator("der-dunkle-turm")
    t.link("Opzetten vanaf een leeg bord")
    if not t.page.locator('a.palette-item[data-tool="team:red"].is-current').count():
        t.tool("team:red")
    t.target("f:6")
    t.tool("team:blue")
    t.target("f:15")
    t.tool("spell")
    t.target("c:blue1", named="Blauw 1")
    t.link("Klaar: speel vanaf deze stand")
    t.chance("do:start:red")
    t.chance("do:card:attack9")
    tower = t.page.locator('a.tap-choice[data-target="do:tower"]')
    if tower.count():
        t.on(tower)


def td_guard_over_a_gap(t: Taps) -> None:
    """Red lays a land tile two places right of a 2-high tower, with a gap between them; Green's
    guard stands on the tower. Red puts a guard on it: the gap counts, the tile is in reach, Green's
    guard goes back and Green scores 2 points. Set up on an empty board: the tower tile at (1, 0),
    land tiles at (1, 1), (2, 1), (3, 1); Red has drawn a land tile (the editor's fields: the river
    tiles are still in the stack, reviews-ux N18) and lays it at (3, 0)."""
    t.home()
    t.simulator("torens-en-dieven")
    t.link("Opzetten vanaf een leeg bord")
    t.tool("tile:tower")
    t.target("sq:1,0")
    t.tool("height:2")
    t.target("tower:1,0")
    t.tool("guard:green")
    t.target("tower:1,0")
    t.tool("tile:land")
    for square in ("sq:1,1", "sq:2,1", "sq:3,1"):
        t.target(square)
    t.choose("f.phase", "place")
    t.choose("f.drawn", "land")
    t.apply()
    t.link("Klaar: speel vanaf deze stand")
    t.target("sq:3,0")
    t.target("tower:1,0")


def bt_win_condition(t: Taps) -> None:
    """Red brings the last wizard into the Raven tower with every flask filled: the end is rung in,
    the round is finished (both conditions of the win rule). Set up on an empty board: Red's six
    flasks filled, one red wizard on space 16 (the Raven tower on space 1), a wizard card 1 in
    Red's hand."""
    t.home()
    t.simulator("betoverde-torens")
    t.link("Opzetten vanaf een leeg bord")
    t.tool("wiz:red")
    t.target("sp:16")
    fill_flasks(t, "red", 6)
    t.choose("f.hand_red_1", "w1")
    t.apply()
    t.link("Klaar: speel vanaf deze stand")
    play_by_tapping(t, "betoverde-torens", "play:w1:wizard:16")


def fill_flasks(t: Taps, seat: str, n: int) -> None:
    """``n`` of a seat's flasks filled: with the count control where the editor has one, else a tap
    on each flask (enlarging the row of flasks first where the page asks)."""
    count = t.page.locator(f'[name="f.filled_{seat}"]')
    if count.count():
        t.choose(f"f.filled_{seat}", str(n))
        t.apply()
        return
    t.tool("flask:filled")
    for k in range(1, n + 1):
        t.target(f"fl:{seat}:{k}", named=f"Flesje {k} van")


def ddt_occupied_fields(t: Taps) -> None:
    """Red 1 on field 1, fields 2 and 3 occupied (Blue 1, Blue 2), Red draws "Steps 2": occupied
    fields do not count, Red 1 lands on field 5 (not 3). Set up on an empty board."""
    t.home()
    t.simulator("der-dunkle-turm")
    t.link("Opzetten vanaf een leeg bord")
    if not t.page.locator('a.palette-item[data-tool="team:red"].is-current').count():
        t.tool("team:red")
    t.target("f:1")
    t.tool("team:blue")
    t.target("f:2")
    t.target("f:3")
    t.link("Klaar: speel vanaf deze stand")
    t.chance("do:start:red")
    t.chance("do:card:step2")
    play_by_tapping(t, "der-dunkle-turm", "move:red1")


DISPUTES: tuple[Dispute, ...] = (
    Dispute(
        "FF: the monster pushes a stone against the wall",
        "finstere-flure",
        ff_monster_pushes_a_stone,
        ("ff-monster-schuift-steen", "ff-steen-verpulvert", "ff-monster-door-muur"),
        "verpulverd",
        floor=10,
    ),
    Dispute(
        "BT: a tower onto a tower holding wizards",
        "betoverde-torens",
        bt_tower_onto_wizards,
        ("bt-toren-over-tovenaar", "bt-fles-vullen"),
        "opgesloten",
        floor=10,
    ),
    Dispute(
        "DdT: companions on the drawbridges when they rise",
        "der-dunkle-turm",
        ddt_bridges_rise,
        ("dt-zugbruecken-heben", "dt-fallen"),
        "lava",
        floor=10,
    ),
    Dispute(
        "T&D: a guard on a tower over a gap",
        "torens-en-dieven",
        td_guard_over_a_gap,
        ("td-bereik-gaten", "td-wachter-verdrijven", "td-verdrijven-punten"),
        "wachter van Groen",
    ),
    Dispute(
        "BT: the last wizard in with every flask filled",
        "betoverde-torens",
        bt_win_condition,
        ("bt-einde-spel",),
        "ingeluid",
    ),
    Dispute(
        "DdT: occupied fields do not count",
        "der-dunkle-turm",
        ddt_occupied_fields,
        ("dt-freie-felder",),
        "veld 2 en veld 3",
    ),
    Dispute(
        "BT: a tower onto a tower holding wizards (empty board)",
        "betoverde-torens",
        bt_tower_onto_wizards_from_an_empty_board,
        ("bt-toren-over-tovenaar", "bt-fles-vullen"),
        "opgesloten",
        also=True,
    ),
    Dispute(
        "DdT: companions on the rising drawbridges (empty board)",
        "der-dunkle-turm",
        ddt_bridges_rise_from_an_empty_board,
        ("dt-zugbruecken-heben", "dt-fallen"),
        "lava",
        also=True,
    ),
)
