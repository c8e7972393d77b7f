"""Shabbat mode (rulebook 7.3): `guide print` writes the box on paper as one self-contained
page (sheets, cards with their backs, scenes, shops, pronunciation, the quote lottery of
R-QL-1 as a numbered table, E/H/HP counters of R-SHEET-3), every text escaped; `--pdf` prints
it through headless Chromium, and refuses clearly without one."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html import unescape

import pytest

from conftest import ROOT, Play, guide, write_box
from guide.games.kaverini.data.loader import bundled_library
from guide.games.kaverini.paper import page
from guide.games.kaverini.shabbat import chromium

HOSTILE = """cards:
  - name: Sneaky <script>alert(1)</script> Gull
    type: foe
    hp: 3
    text: "Steals </div><h1>chips</h1> & \\"runs\\" <img src=x onerror=alert(2)>"
    techniques:
      - {name: "Peck <b>", schmerz: 1, text: "a <i>peck</i>"}
"""


def amsterdam_page(sheets: list[dict] | None = None) -> str:
    lib = bundled_library()
    return page(lib, lib.adventures["amsterdam"], sheets or [])


def test_the_page_holds_every_card_with_a_back_and_the_quote_lottery_numbered_1_to_100():
    html = amsterdam_page()
    lib = bundled_library()
    fronts = [unescape(n) for n in
              re.findall(r'<div class="card"><div class="name">([^<]*)</div>', html)]
    assert sorted(fronts) == sorted(c.name for c in lib.cards.values()) and len(fronts) == 34
    assert html.count('<div class="card back">') + html.count('<div class="card back side">') == 34
    assert "Musketeer of the Night Watch" in html          # the back of a double-sided card
    numbers = [int(n) for n in re.findall(r"<tr><td>(\d+)</td><td>", html)]
    assert [n for n in numbers if n <= 100][-100:] == list(range(1, 101))
    assert "Schiphol website: history" in html              # sources beside the quotes
    for part in ("Kaveri sheets", "Scenes", "Shops", "Pronunciation guide", "The quote lottery",
                 "Counters to cut out", "Albert Cuyp Market stalls", "ahl-shuh-BLEEFT"):
        assert part in html, part
    assert html.count('<div class="counter">+E</div>') == 18
    assert html.count('<div class="counter">HP</div>') == 30


def test_the_page_is_self_contained_with_print_rules():
    html = amsterdam_page()
    assert "@page { margin: 10mm; }" in html and "@media print" in html
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", html)
    assert "<script" not in html and "<link" not in html


def test_r_conf_2_the_confrontation_reference_is_printed_for_a_table_without_screens():
    html = unescape(amsterdam_page())
    text = re.sub(r"<[^>]+>", " ", html)
    flat = " ".join(text.split())
    assert "A round, phase by phase (R-CONF-2)" in flat
    assert "The buddies' techniques." in flat and "The companions' round effects." in flat
    assert "1 19+ 2 17+ 3 15+" in flat and "9 3+ 10 always" in flat      # R-FX-1
    assert "1 Sadness 2 Innocence" in flat and "10 Nervousness" in flat    # the Comic d10
    assert "3 +3 +6 +9 +12" in flat                                       # R-CONF-4, Lv 3
    assert "at or under 25 per cowering Kaveri" in flat                    # R-CONF-6
    assert "1 -> 2 2" in flat and "9 -> 10 10" in flat                     # R-LVL-2
    assert "once a visit" in flat                                          # R-WP-4


def test_the_first_page_holds_the_cover_and_the_reference():
    """No mostly blank first page: the reference follows the cover without a page break."""
    html = amsterdam_page()
    cover = html.index('<section class="first">')
    assert html.index('<section class="reference">') == html.index("</section>", cover) + 11
    assert "section.first + section.reference { break-before: auto; }" in html


def test_paper_is_a4_by_default_and_letter_on_request(tmp_path):
    for extra, size in (((), "A4"), (("--paper", "letter"), "letter"),
                        (("--paper", "LETTER"), "letter")):
        out = tmp_path / "box.html"
        r = guide("print", "--to", str(out), *extra)
        assert r.returncode == 0, r.stderr
        assert f"@page {{ size: {size}; }}" in out.read_text(encoding="utf-8")
    r = guide("print", "--to", str(tmp_path / "x.html"), "--paper", "a5")
    assert r.returncode != 0 and "'a5' is not one of" in r.stderr
    assert not (tmp_path / "x.html").exists()


def test_each_kaveri_sheet_of_the_campaign_is_printed(tmp_path):
    p = Play(tmp_path / "c.sqlite")
    p.do("adventure amsterdam",
         "kaveri Ann --ability Passionate --technique Cheer --technique Love --technique Sadness",
         "xp Ann 2")
    html = amsterdam_page([p.raw["kaverit"][0]])
    assert "<h3>Ann</h3>" in html and "Level 3 (3 XP)" in html
    assert "<td>Cheer</td><td>1</td><td>" in html and "Passionate" in html


def test_every_text_of_a_card_is_escaped(tmp_path):
    box = write_box(tmp_path / "box", "hostile.yaml", HOSTILE)
    r = guide("print", "--box", str(box), "--to", str(tmp_path / "p.html"))
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in html and "<img src=x" not in html and "<h1>chips" not in html
    assert "Sneaky &lt;script&gt;alert(1)&lt;/script&gt; Gull" in html
    assert "&lt;/div&gt;&lt;h1&gt;chips&lt;/h1&gt; &amp; &quot;runs&quot;" in html
    assert "Peck &lt;b&gt;" in html


def test_print_refuses_an_unknown_adventure_and_writes_nothing(tmp_path):
    r = guide("print", "--adventure", "paris", "--to", str(tmp_path / "p.html"))
    assert r.returncode == 1
    assert r.stderr.strip() == "error: --adventure: no adventure 'paris'; known: amsterdam"
    assert not (tmp_path / "p.html").exists()


def test_pdf_without_chromium_is_refused_and_writes_nothing(tmp_path):
    bare = tmp_path / "bin"
    bare.mkdir()
    os.symlink(shutil.which("python3") or "/usr/bin/python3", bare / "python3")
    env = {"PATH": str(bare), "PYTHONPATH": str(ROOT)}
    r = guide("print", "--to", str(tmp_path / "p.html"), "--pdf", env=env)
    assert r.returncode == 1
    assert r.stderr.startswith("error: --pdf needs headless Chromium, and none is installed")
    assert not (tmp_path / "p.html").exists()


needs_chromium = pytest.mark.skipif(chromium() is None, reason="headless Chromium is not installed")


@needs_chromium
def test_chromium_renders_the_page_and_prints_a_pdf_with_pages(tmp_path):
    campaign = tmp_path / "c.sqlite"
    Play(campaign).do("kaveri Bob --ability Focused --technique Anger --technique Happy"
                      " --technique Innocence").strip()
    html = tmp_path / "box.html"
    r = guide("print", "--campaign", str(campaign), "--to", str(html), "--pdf", timeout=180)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"Written: {html}, {tmp_path / 'box.pdf'}"
    pdf = (tmp_path / "box.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-")
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert pages >= 12            # cover, sheets, scenes, shops, lottery, 6 x 2 card pages
    assert re.search(rb"/MediaBox\s*\[0 0 59[45]\.?\d* 84[12]\.?\d*\]", pdf)     # A4
    shot = tmp_path / "box.png"
    done = subprocess.run([str(chromium()), "--headless", "--no-sandbox", "--disable-gpu",
                           f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={shot}",
                           "--window-size=800,1200", html.as_uri()],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    png = shot.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (800, 1200)
    assert len(png) > 20_000       # a page of text, not a blank screen
    assert "<h3>Bob</h3>" in html.read_text(encoding="utf-8")


@needs_chromium
def test_chromium_prints_letter_when_asked(tmp_path):
    html = tmp_path / "box.html"
    r = guide("print", "--to", str(html), "--pdf", "--paper", "letter", timeout=180)
    assert r.returncode == 0, r.stderr
    pdf = (tmp_path / "box.pdf").read_bytes()
    assert re.search(rb"/MediaBox\s*\[0 0 612 792\]", pdf)



def test_a_page_named_pdf_is_refused_and_nothing_is_written(tmp_path):
    # --to x.pdf wrote the HTML page into x.pdf; with --pdf Chromium then printed x.pdf onto
    # itself ('Written: x.pdf, x.pdf', a one-page PDF of the wrong thing)
    for extra in ((), ("--pdf",)):
        r = guide("print", "--to", str(tmp_path / "box.PDF"), *extra)
        assert r.returncode == 1
        assert r.stderr.strip() == (f"error: --to: {tmp_path / 'box.PDF'} would hold the HTML"
                                    f" page, not a PDF; name the page {tmp_path / 'box.html'}"
                                    f" (with --pdf, {tmp_path / 'box.pdf'} is printed beside it);"
                                    " nothing was written")
        assert not list(tmp_path.iterdir())
