"""Kaverini's seat and TV pages in a real browser, used as a person uses them (issue 24):
Ann opens her seat on her phone, taps a technique and its target, sees it reach the Tour
Guide's prompt, and sees her page change when the table moves on; Bob's phone sleeps and
catches up; both pages and the TV are screenshotted at phone and TV sizes and nothing is cut
off; no page shows another's secret (R-CONF-3, R-CONF-12)."""

from __future__ import annotations

import json
import os
import time
import urllib.request

import pytest
from browser import PHONE, TVS, chromium, cut_off, drawn, open_page, shot, wait_drawn_after  # noqa: F401
from installed import Playing

pytestmark = pytest.mark.browser

PARTY = ["kaveri Ann --ability Passionate --technique Cheer --technique Love --technique Sadness",
         "kaveri Bob --ability Lagom --technique Anger --technique Happy --technique Innocence",
         "adventure amsterdam", "item Ann Stroopwafel", "item Ann Orange Scarf", "wp Ann 1",
         "confront Gull 'Bike Bell Bandit' --setting Vondelpark"]


def foe_secrets() -> list[str]:
    """What the foes of this fight keep to themselves without a Psychic Kaveri (R-CONF-3):
    their moves (a name of the Emotion Table is every Kaveri's too) and their Shield and Heel,
    as a page would say them."""
    from guide.games.kaverini.data.loader import bundled_library
    from guide.games.kaverini.data.tables import ladders

    public = {name for lad in ladders().values() for name in lad.techniques}
    out = ["Heel x2", "Shield x1/2"]
    for name in ("Rogue Herring Gull", "Bike Bell Bandit"):
        card = bundled_library().card(name)
        out += [t.name for t in card.techniques if t.name not in public]
        out += [f"Shield {card.shield}", f"Heel {card.heel}"]
    return out


SECRETS = ["Stroopwafel", *foe_secrets()]           # Ann's Stroopwafel has a Usage (R-CONF-12)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A table in a subprocess, as the Tour Guide runs it, its view and seats served."""
    tmp = tmp_path_factory.mktemp("kaverini-seats")
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp / "data"))
    play = Playing(env, "--campaign", str(tmp / "c.sqlite"), "--seed", "3")
    play.send(*PARTY, "view", "seats --no-qr")
    play.tv = play.read_until(r"The players' view is at (http://\S+)").group(1)
    play.links = {name: play.read_until(rf"^{name}: (http://\S+)").group(1) for name in ("Ann", "Bob")}
    yield play
    play.close()


def state(link: str) -> dict:
    with urllib.request.urlopen(link + "/state.json", timeout=5) as r:
        return json.loads(r.read())


def published(link: str, done) -> None:
    """Until the table (another process) has published a page that is `done`."""
    for _ in range(200):
        if done(state(link)):
            return
        time.sleep(0.05)
    raise AssertionError(f"never published: {state(link)}")


def test_ann_taps_a_technique_and_its_target_and_it_reaches_the_prompt(table, chromium):  # noqa: F811
    ann = open_page(chromium, table.links["Ann"])
    assert ann.get_by_text("Your turn!").is_visible()
    # her moves are grouped by what they do: a technique, then its target; an item; a world point
    groups = ann.locator(".kit-group h3").all_inner_texts()
    assert [g.casefold() for g in groups] == ["technique", "item", "world point"]
    cheer = ann.locator("section[data-group=Technique] details", has_text="Cheer: Grin")
    assert not cheer.locator("button", has_text="Rogue Herring Gull").is_visible()   # folded
    cheer.locator("summary").click()
    target = cheer.locator("button", has_text="Rogue Herring Gull")
    assert "1 Schmerz, effect 100%" in target.inner_text()    # Passionate, first use
    before = drawn(ann)
    target.click()
    ann.get_by_text("Sent: the game master runs it.").wait_for()
    table.send("seats moves")                                         # what waits at the prompt
    table.read_until(r'^Ann: use Ann Cheer --on "Rogue Herring Gull"$')
    table.send("seats take Ann")                                      # the Tour Guide's Enter
    table.read_until(r"^\(from Ann's seat\)")
    wait_drawn_after(ann, before)
    ann.get_by_text("Bob's turn · round 1").wait_for()                # the table moved on
    assert ann.locator(".kit-move").count() == 0
    gull = ann.locator(".kit-meter", has_text="Rogue Herring Gull")
    assert "5 / 6 HP" in gull.inner_text()
    effect = "Rogue Herring Gull: glad: takes Lv Schmerz every round (Cheer)"   # R-FX-4
    assert ann.get_by_text(effect).is_visible()                       # on the table
    for name, size in (("kaverini-seat-ann-390x844", PHONE),):
        ann.set_viewport_size(size)
        assert cut_off(ann, whole=False) == []
        shot(ann, name)
    assert not any(s in ann.inner_text("body") for s in SECRETS[1:])   # her own Stroopwafel: hers


def test_bobs_phone_sleeps_and_catches_up(table, chromium):  # noqa: F811
    bob = open_page(chromium, table.links["Bob"])
    bob.get_by_text("Your turn!").wait_for()
    bob.context.set_offline(True)                                     # the phone sleeps
    bob.wait_for_function("document.body.classList.contains('kit-away')")
    table.send("next", "roll 1d1")                                    # the table moves on
    table.read_until(r"^1d1 \(1\) = 1$")
    published(table.links["Bob"], lambda s: not s["your_turn"])
    assert bob.get_by_text("Your turn!").is_visible()                 # still asleep: the old page
    bob.context.set_offline(False)                                    # it wakes: online again
    bob.get_by_text("Your turn!").wait_for(state="detached")
    assert bob.locator(".kit-move").count() == 0
    assert not bob.evaluate("document.body.classList.contains('kit-away')")
    text = bob.inner_text("body")
    assert not any(s in text for s in SECRETS), "Bob's page shows a secret"
    assert cut_off(bob, whole=False) == []
    shot(bob, "kaverini-seat-bob-390x844")


@pytest.mark.parametrize("size", TVS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_tv_shows_the_fight_the_setting_the_effects_and_the_story_and_fits(table, chromium, size):  # noqa: F811
    tv = open_page(chromium, table.tv, size)
    text = tv.inner_text("body")
    for shown in ("Rogue Herring Gull", "Bike Bell Bandit", "Vondelpark", "Last roll", "The story",
                  "Each round, every Kaveri heals 1 HP", "Ann", "Bob"):
        assert shown in text
    assert not any(s in text for s in SECRETS), "the TV shows a secret"
    assert cut_off(tv, whole=True) == []
    shot(tv, f"kaverini-tv-{size['width']}x{size['height']}")
