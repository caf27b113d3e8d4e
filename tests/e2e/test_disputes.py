"""The six disputes of the phone reviews (tests/e2e/disputes.py), settled on a 390x844 phone from
the home page with every tap counted (issue 34): the three of the 2026-12-01 review (Finstere
Flure's stone against the wall, De Betoverde Torens' tower onto a tower holding wizards, Der dunkle
Turm's rising drawbridges) within the issue's floor of 10 taps each, and the three of 2026-12-03
(Torens & Dieven's guard over a gap, the BT win condition, Der dunkle Turm's occupied fields).

Each ends with the verdict in the first screen: the decisive event (its words) with its clause, in
the viewport and not clipped by a box that scrolls, and every clause of the answer cited beside
the board; its ruling prints on one A4 page, titled by that event. The counts are printed (pytest
-s); bench/bench_dispute_taps.py prints them too."""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e.disputes import DISPUTES, Taps

pytestmark = pytest.mark.browser

# The part of an element that the screen shows: in the viewport and inside every ancestor that
# clips (a box that scrolls or hides its overflow). 0 when none of it shows.
SHOWN = """e => {
  let b = e.getBoundingClientRect(), top = Math.max(b.top, 0), bottom = Math.min(b.bottom, innerHeight);
  let left = Math.max(b.left, 0), right = Math.min(b.right, innerWidth);
  for (let a = e.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (/(auto|scroll|hidden|clip)/.test(s.overflowY + s.overflowX)) {
      const r = a.getBoundingClientRect();
      top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom); left = Math.max(left, r.left); right = Math.min(right, r.right);
    }
  }
  const h = Math.max(0, bottom - top), w = Math.max(0, right - left);
  return b.height * b.width ? (h * w) / (b.height * b.width) : 0;
}"""


def verdict_in_first_screen(page, dispute) -> None:
    verdict = page.locator(".sim__now .verdict")
    expect(verdict).to_contain_text(dispute.verdict)
    assert verdict.evaluate(SHOWN) > 0.99, "the verdict is not wholly in the first screen"
    cite = verdict.locator("a.cite")
    expect(cite).to_have_count(1)
    assert cite.evaluate(SHOWN) > 0.99, "the verdict's clause is not in the first screen"
    now = page.locator(".sim__now")
    for clause in dispute.clauses:
        expect(now.locator(f'a.cite[href$="/{clause}/"]').first).to_be_attached()


@pytest.mark.parametrize("dispute", [d for d in DISPUTES if not d.also], ids=lambda d: d.name.split(":")[0] + "-" + d.play.__name__)
def test_a_dispute_is_settled_from_the_home_page_with_the_verdict_in_the_first_screen(phone, site, dispute):
    taps = Taps(phone, site)
    dispute.play(taps)
    verdict_in_first_screen(phone, dispute)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    print(f"\ndispute {dispute.name}: {taps.count} taps")
    if dispute.floor is not None:
        assert taps.count <= dispute.floor
    # Its ruling printed: the decisive event as the title, on one A4 page (reviews-ux §7: 2-3 pages).
    phone.goto(phone.url.replace("/sim/?", "/sim/print/?"))
    expect(phone.locator("h1")).to_contain_text(dispute.verdict)
    pages = PdfReader(io.BytesIO(phone.pdf(format="A4"))).pages
    assert len(pages) == 1, [len(p.extract_text() or "") for p in pages]
