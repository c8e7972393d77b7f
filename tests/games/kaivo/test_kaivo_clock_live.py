"""K-CLOCK-1 on the kit's timer, end to end (issue 28): a seat whose player taps nothing has
the safe move played for it after the turn's seconds, by the table itself (no command comes),
and the seat's page shows it. The box gives the turn 2 seconds; the test waits on the result
(the page's news), never on a length of time. A seat's clock runs once its page is open."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

from installed import Playing
from test_kaivo_game import env  # noqa: F401 - Kaivo's entry point on the path


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


def short_clock(tmp_path: Path) -> Path:
    box = tmp_path / "box"
    box.mkdir()
    bundled = Path(__file__).resolve().parents[3] / "cards" / "kaivo" / "deck.yaml"
    deck = bundled.read_text(encoding="utf-8")
    assert "clock: {turn: 20, target: 10}" in deck
    (box / "deck.yaml").write_text(deck.replace("clock: {turn: 20, target: 10}",
                                                "clock: {turn: 2, target: 2}"), encoding="utf-8")
    return box


def test_k_clock_1_an_untapped_seat_has_the_safe_move_played_and_its_page_shows_it(env, tmp_path):  # noqa: F811
    play = Playing(env, "--game", "kaivo", "--campaign", str(tmp_path / "k.sqlite"), "--seed", "4",
                   "--box", str(short_clock(tmp_path)))
    try:
        play.send("deal --friends Ann,Ben --bots 1 --clock", "view", "seats")
        play.read_until(r"Round 1; Ann to play")
        play.read_until(r"The players' view is at")
        ann = play.read_until(r"^Ann: (http://\S+)").group(1)
        ben = play.read_until(r"^Ben: (http://\S+)").group(1)
        # Ann's page is open (her clock runs only from then: K-CLOCK-1, a player who cannot
        # act yet has no turn run out), and nobody taps and no line is typed: the table's own
        # clock plays Ann's safe move
        get(ann + "/state.json")
        play.read_until(r"^Ann's 2 seconds ran out: the safe move is played \(no penalty\)\.")
        play.read_until(r"^Ann draws from the deck\.")
        discarded = play.read_until(r"^Ann discards (\d+)").group(1)
        deadline = time.monotonic() + 120         # a bound for a stuck table, not a wait
        while True:
            mine = get(ann + "/state.json")
            if "You discard " + discarded in " ".join(mine["view"]["news"]):
                break
            assert time.monotonic() < deadline, mine["view"]["news"]
            time.sleep(0.1)
        news = mine["view"]["news"]
        assert "Your 2 seconds ran out: the safe move is played (no penalty)." in news
        assert "You draw from the deck." in news
        theirs = get(ben + "/state.json")["view"]["news"]
        assert "Ann's 2 seconds ran out: the safe move is played (no penalty)." in theirs
        # K-CLOCK-1's safe move never calls, and the turn went on to Ben
        assert not any("calls" in line for line in news[:news.index("You draw from the deck.")])
    finally:
        play.close()
