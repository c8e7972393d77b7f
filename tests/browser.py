"""Real headless Chromium for the tests of pages (Debian's package; .ci/run installs it):
the flags this closed machine needs, and a test that is skipped only off CI without it."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import datetime, timedelta
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--virtual-time-budget=600"]   # before a page opens its event stream (after 1 s)

needs_chromium = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                    reason="headless Chromium is not installed (.ci/run installs it)")



def dump_dom(url: str, profile: Path) -> str:
    """The page as headless Chromium has drawn it."""
    assert CHROMIUM, "CI must have Chromium (.ci/run installs Debian's chromium)"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                          capture_output=True, text=True, timeout=120).stdout


# --- a person at a page: Playwright driving the same Chromium (no browser download) ----------
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
PHONE = {"width": 390, "height": 844}
TVS = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium for a test module, driven by Playwright."""
    assert CHROMIUM or not os.environ.get("CI"), "CI must have Chromium (.ci/run installs it)"
    if CHROMIUM is None:
        pytest.skip("headless Chromium is not installed (.ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def open_page(browser, url: str, size: dict | None = None, clock: bool = False):
    """A new page (its own context: a phone of its own) at `url`, once the kit has drawn it.
    With `clock`, the page's timers run on a fake clock that stands still once the page is
    drawn: the test moves it (page.clock.run_for)."""
    context = browser.new_context(viewport=size or PHONE)
    page = context.new_page()
    if clock:           # stood still before the page loads: a slow machine moves nothing
        start = datetime.now()
        page.clock.install(time=start)            # then paused a little later than that
        page.clock.pause_at(start + timedelta(seconds=30))
    page.goto(url)
    page.wait_for_function("Number(document.body.dataset.drawn || 0) >= 1", polling=50)
    return page


def drawn(page) -> int:
    """How many times the kit has drawn the page (each new content from the table)."""
    return int(page.evaluate("Number(document.body.dataset.drawn || 0)"))


def wait_drawn_after(page, count: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.drawn || 0) > {count}")


def cut_off(page, whole: bool) -> list[str]:
    """What does not fit the screen: a page wider than the screen, and every visible element
    whose box leaves it at the sides (at the bottom too when `whole`: a TV cannot scroll)."""
    return page.evaluate("""whole => {
      const W = innerWidth, H = innerHeight, out = [];
      const wide = document.documentElement.scrollWidth;
      if (wide > W) out.push(`page ${wide}px wide`);
      for (const e of document.body.querySelectorAll("*")) {
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
        if (r.left < -1 || r.right > W + 1 || (whole && r.bottom > H + 1))
          out.push(`${e.tagName.toLowerCase()}.${e.className} "${(e.textContent || "").slice(0, 30)}" `
                   + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
      }
      return out;
    }""", whole)


def shot(page, name: str) -> Path:
    """A screenshot of the page as the screen shows it, kept in artifacts/ (CI keeps it)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 5_000
    return path
