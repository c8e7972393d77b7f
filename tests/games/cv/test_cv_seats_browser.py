"""CV's seat and TV pages in a real browser (issue 30, "each player's dice in hand"): Ann
opens her seat on her phone, chooses her secret goal, taps two dice and Reroll, and the
reroll runs at the table (a script's `seats take`, the REPL's at once); she ends her turn
with a move button; Bob's page and the TV never show her goal; the TV shows the track, every
CV and the decks and fits 1280x720; the pages speak Ukrainian with `--lang uk`."""

from __future__ import annotations

import json
import os
import time
import urllib.request

import pytest
from browser import TVS, chromium, cut_off, drawn, open_page, shot, wait_drawn_after  # noqa: F401
from installed import Playing

pytestmark = pytest.mark.browser

PHONE = {"width": 420, "height": 900}
SETUP = ["players Ann Bob", "track youth=20 maturity=20 old_age=20", 'hand Ann "Zoo trip"',
         "roll Ann --faces money,failure,health,knowledge", "view", "seats --no-qr"]


def start(tmp, *args: str, lines: list[str] = SETUP, names: tuple[str, ...] = ("Ann", "Bob")) -> Playing:
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp / "data"))
    play = Playing(env, "--game", "cv", "--campaign", str(tmp / "c.sqlite"), "--seed", "3", *args)
    play.send(*lines)
    play.tv = play.read_until(r"(http://\S+/\?token=\S+)").group(1)         # the TV's link
    play.links = {name: play.read_until(rf"^{name}: (http://\S+)").group(1) for name in names}
    return play


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    play = start(tmp_path_factory.mktemp("cv-seats"))
    yield play
    play.close()


def state(link: str) -> dict:
    with urllib.request.urlopen(link + "/state.json", timeout=5) as r:
        return json.loads(r.read())


def published(link: str, done) -> dict:
    for _ in range(200):
        now = state(link)
        if done(now):
            return now
        time.sleep(0.05)
    raise AssertionError(f"never published: {state(link)}")


def test_ann_chooses_her_goal_taps_two_dice_rerolls_and_ends_her_turn(table, chromium):  # noqa: F811
    ann = open_page(chromium, table.links["Ann"], PHONE)
    assert ann.get_by_text("Your turn!").is_visible()
    dice = ann.locator(".cv-die")
    assert dice.count() == 4
    assert dice.nth(1).get_attribute("data-frozen") == "yes" and dice.nth(1).is_disabled()   # V-DICE-2
    reroll = ann.locator("#reroll")
    assert reroll.is_disabled()                                     # no die chosen yet
    # her secret goal, from her own page
    before = drawn(ann)
    ann.locator("summary", has_text="Choose the goal card").click()   # a fold of the eight
    ann.locator(".kit-move", has_text="80 Healthy body").click()
    ann.get_by_text("Done.").wait_for()                            # the table has it
    table.send("seats take Ann")                                    # a script's way to run it
    table.read_until(r"^\(from Ann's seat\)")
    table.read_until(r"^Ann has chosen a secret goal")
    wait_drawn_after(ann, before)
    ann.locator("[data-goal='80']").wait_for()
    assert "Health + Knowledge" in ann.locator("[data-goal='80']").inner_text()
    # two dice tapped, then Reroll
    dice.nth(0).click()
    dice.nth(2).click()
    assert dice.nth(0).get_attribute("aria-pressed") == "true"
    assert reroll.inner_text().startswith("Reroll 1, 3")
    shot(ann, "cv-seat-ann-chosen-420x900")
    before = drawn(ann)
    reroll.click()
    ann.get_by_text("Done.").wait_for()
    table.send("seats take Ann")
    table.read_until(r"^\(from Ann's seat\)")
    table.read_until(r"^Ann rerolls 1, 3: ")
    wait_drawn_after(ann, before)
    now = published(table.links["Ann"], lambda s: s["view"]["you"]["rolls_left"] == 1)
    assert now["view"]["you"]["dice"][1]["id"] == "failure"            # the frozen one stayed
    ann.locator(".kit-counter", has_text="reroll left").get_by_text("1", exact=True).wait_for()
    assert "1 reroll left" in ann.locator("#reroll").inner_text()           # ngettext
    assert ann.locator(".cv-die").nth(1).get_attribute("data-frozen") == "yes"
    assert cut_off(ann, whole=False) == []
    shot(ann, "cv-seat-ann-420x900")
    # a move button: the end of her turn
    before = drawn(ann)
    ann.locator(".kit-move", has_text="End the turn").click()
    ann.get_by_text("Done.").wait_for()
    table.send("seats take Ann")
    table.read_until(r"^\(from Ann's seat\)")
    table.read_until(r"^Round 1: Bob's turn")
    wait_drawn_after(ann, before)
    ann.get_by_text("Waiting for Bob").wait_for()
    assert ann.locator(".cv-die").count() == 0
    assert "Healthy body" in ann.inner_text("body")                  # still hers to see


def test_bobs_page_and_the_tv_never_show_anns_goal_and_the_tv_fits(table, chromium):  # noqa: F811
    published(table.links["Ann"], lambda s: s["view"]["you"]["goal"] is not None)
    bob = open_page(chromium, table.links["Bob"], PHONE)
    bob.locator("#page h1").wait_for()
    assert bob.locator("[data-goal]").count() == 0
    assert cut_off(bob, whole=False) == []
    shot(bob, "cv-seat-bob-420x900")
    for size in TVS:
        tv = open_page(chromium, table.tv, size)
        text = tv.inner_text("body")
        assert "Healthy body" not in text and "Здоровому" not in text
        for shown in ("The track", "Youth", "Maturity", "Old age", "The CVs", "Ann", "Bob", "Bicycle"):
            assert shown in text, shown
        assert tv.locator("[data-place]").count() == 5 and tv.locator("[data-player]").count() == 2
        assert cut_off(tv, whole=True) == []
        shot(tv, f"cv-tv-{size['width']}x{size['height']}")


FOUR = ["players Оля Богдан Кирило Дмитро", "track youth=26 maturity=20 old_age=17", "public 76 79 80",
        "roll Оля --faces money,money,health,knowledge,relationships",
        'take Оля "Вживана машина" --type Майно --cost 2money --points 2',
        'take Оля "Плавання" --type health --also knowledge --cost health', "end",
        "roll Богдан --faces knowledge,knowledge,relationships,failure,failure",
        'take Богдан "Університет" --type knowledge --cost 2knowledge --gives knowledge', "end",
        "roll Кирило --faces money,money,money,happiness", 'take Кирило "Кав\'ярня" --type job --cost 3money'
        ' --gives money', "view", "seats --no-qr"]


def test_the_pages_speak_ukrainian_and_the_tv_of_four_fits(tmp_path, chromium):  # noqa: F811
    play = start(tmp_path, "--lang", "uk", lines=FOUR, names=("Оля", "Богдан", "Кирило", "Дмитро"))
    try:
        seat = open_page(chromium, play.links["Кирило"], PHONE)
        text = seat.inner_text("body")
        for word in ("Ваш хід!", "Ваші кістки", "Ваше CV", "Доріжка", "Молодість", "Закінчити хід",
                     "взято цього ходу"):
            assert word.casefold() in text.casefold(), word
        assert "Your" not in text and "Кав'ярня" in text                 # taken, beside the CV
        assert cut_off(seat, whole=False) == []
        shot(seat, "cv-seat-uk-420x900")
        tv = open_page(chromium, play.tv, {"width": 1280, "height": 720})
        text = tv.inner_text("body")
        for word in ("Доріжка", "Молодість", "Оля", "Дмитро", "Вживана машина", "Університет",
                     "Плавання", "Спільні цілі"):
            assert word in text, word
        assert tv.locator("[data-player]").count() == 4
        assert cut_off(tv, whole=True) == []
        shot(tv, "cv-tv-uk-1280x720")
    finally:
        play.close()


def test_at_the_prompt_a_seats_reroll_runs_at_once(tmp_path):
    """seat_policy "apply" at the real REPL: the reroll Ann's page sends (the move of the
    dice she chose) runs without anyone's Enter, from her seat, its story above the prompt."""
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "cv", "--campaign",
                                           str(tmp_path / "r.sqlite"), "--seed", "3"],
                          env=env, encoding="utf-8", timeout=30, dimensions=(40, 150))
    try:
        for line in ("players Ann Bob", "roll Ann --faces money,failure,health,knowledge", "view"):
            child.expect(r"cv( \([^)]*\))?>")
            child.sendline(line)
        child.expect(r"cv \(round 1: Ann\)>")
        child.sendline("seats --no-qr")
        child.expect(r"Ann: (http://\S+)")
        ann = child.match.group(1).strip()
        child.expect(r"cv \(round 1: Ann\)>")
        page = state(ann)
        move = page["view"]["you"]["reroll"]["1 3"]
        body = json.dumps({"move": move, "version": page["version"]}).encode()
        request = urllib.request.Request(ann + "/move", data=body, method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "Origin": ann.split("/seat/")[0]})
        with urllib.request.urlopen(request, timeout=5) as r:
            assert json.loads(r.read()) == {"said": "sent"}
        child.expect(r"\(from Ann's seat\)")
        child.expect(r"Ann rerolls 1, 3: ")
        published(ann, lambda s: s["view"]["you"]["rolls_left"] == 1)
    finally:
        child.close(force=True)
