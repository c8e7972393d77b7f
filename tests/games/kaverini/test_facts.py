"""The Amsterdam box as it reaches children: every quote of the lottery is a true, checkable
fact with a source (R-QL-1, rulebook 5.2), the pronunciation guide stresses the right
syllable, and the XP and foes pace an evening from level 1 to about level 5 (R-CONF-7,
R-SHEET-2, R-CONF-4). Plain YAML reading, and the real `guide` command line."""

from __future__ import annotations

import difflib
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[3]
BOOKLET = ROOT / "adventures" / "kaverini" / "amsterdam.yaml"
CARDS = sorted((ROOT / "cards" / "kaverini" / "amsterdam").glob("*.yaml"))


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """The campaigns the tests play live in the test's own folder."""
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))


def booklet() -> dict:
    return yaml.safe_load(BOOKLET.read_text(encoding="utf-8"))["adventure"]


def cards() -> list[dict]:
    return [c for path in CARDS for c in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]]


def words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.casefold())


def runs_of(text: str, n: int) -> set[tuple[str, ...]]:
    """Every run of n words in a row (normalized)."""
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


# --- the quote lottery (R-QL-1) --------------------------------------------------------

def test_r_ql_1_quotes_1_to_100_each_with_a_source():
    a = booklet()
    assert sorted(a["quotes"]) == list(range(1, 101))
    assert all(isinstance(q, str) and q.strip() for q in a["quotes"].values())
    assert sorted(int(k) for k in a["sources"]) == list(range(1, 101))
    assert all(isinstance(s, str) and len(s.strip()) >= 8 for s in a["sources"].values())


def test_no_quote_repeats_another():
    quotes = booklet()["quotes"]
    for i, j in itertools.combinations(sorted(quotes), 2):
        ratio = difflib.SequenceMatcher(None, words(quotes[i]), words(quotes[j])).ratio()
        assert ratio < 0.6, (i, j, ratio)
        assert not runs_of(quotes[i], 7) & runs_of(quotes[j], 7), (i, j)


def test_no_quote_restates_a_card_the_guide_or_the_story_word_for_word():
    a = booklet()
    others = {c["name"]: " ".join([c.get("text", ""), c.get("bond", "")]
                                  + [e.get("text", "") for e in c.get("effects", [])])
              for c in cards()}
    others |= {f"pronunciation {p['word']}": f"{p['word']} means {p.get('means', '')}"
               for p in a["pronunciation"]}
    others |= {s["name"]: s.get("text", "") for s in a["scenes"]}
    others["intro"] = a["intro"]
    for n, quote in a["quotes"].items():
        for name, text in others.items():
            assert not runs_of(quote, 6) & runs_of(text, 6), (n, name)


STORY_MARKERS = ("my cousin", "nobody else believes", "blood-red", "grandpuppy", "great-great",
                 "some say", "they say", "today they are silent", "strange, no", "someone is stealing",
                 "went missing", "forget their manners", "bells are gone", "keep an eye on the gulls",
                 "very strict", "only in amsterdam")


def test_every_quote_is_a_fact_not_a_story_hint():
    """A lottery roll is read as a fact (5.2); the plot lives in the scenes and NPC lines."""
    characters = [c["name"].casefold() for c in cards()
                  if c["type"] in ("foe", "power-foe", "buddy", "companion")]
    for n, quote in booklet()["quotes"].items():
        q = quote.casefold()
        assert not [m for m in STORY_MARKERS if m in q], n
        assert not [c for c in characters if c in q], n
        assert "kaveri" not in q, n


# Claims the issue found false or dubious: none may come back, in a quote or on a card.
WRONG_CLAIMS = ("imperial crown of maximilian", "crown of maximilian", "no single word",
                "more bicycles in amsterdam than people", "more bicycles than people; this one",
                "880,000", "every child in amsterdam learns", "the amsterdam water level",
                "holding it by the tail", "hundreds of little lamps", "hollander",
                "as it was planned in 1613", "settlers to america")


def test_the_claims_found_wrong_are_gone_from_quotes_and_cards():
    texts = list(booklet()["quotes"].values()) + [c.get("text", "") for c in cards()]
    for text in texts:
        t = text.casefold()
        assert not [w for w in WRONG_CLAIMS if w in t], text


def test_king_s_day_moves_when_the_27th_is_a_sunday():
    assert "26th when the 27th is a Sunday" in booklet()["quotes"][80]


# --- the pronunciation guide -----------------------------------------------------------

STRESS = {"Hallo": "LOH", "Dank je wel": "VEL", "Alsjeblieft": "BLEEFT", "Doei": "DOOY",
          "Amsterdam": "DAHM", "Gezellig": "ZEL", "Lekker": "LEK"}


def syllables(say: str) -> list[str]:
    phonetic = say.split(" (")[0]
    return [s for s in re.split(r"[-\s]+", phonetic) if s]


def test_pronunciation_stresses_one_syllable_each_and_the_right_one():
    guide = {p["word"]: p["say"] for p in booklet()["pronunciation"]}
    for word, say in guide.items():
        stressed = [s for s in syllables(say) if s.isupper()]
        assert len(stressed) == 1, (word, say)
    for word, syllable in STRESS.items():
        assert [s for s in syllables(guide[word]) if s.isupper()] == [syllable], word
    assert syllables(guide["Doei"]) == ["DOOY"]                      # one syllable
    assert syllables(guide["Amsterdam"])[-1] == "DAHM"              # Dutch: last syllable
    assert syllables(guide["Dank je wel"]) == ["dahnk", "yuh", "VEL"]


# --- the box is valid ------------------------------------------------------------------

def guide(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "guide", *args], input=input, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_whole_box_passes_guide_check():
    r = guide("check", "cards/kaverini", "adventures/kaverini")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("ok:")


# --- pacing: XP (R-CONF-7, R-SHEET-2) and the odds of each scene (R-CONF-4) -------------

def arrival_levels() -> list[int]:
    """The level of a Kaveri who starts at level 1 (1 XP) and stands at the end of every
    foe of every scene: level = XP (R-SHEET-2), XP per foe to each standing Kaveri."""
    a = booklet()
    xp, levels = 1, []
    for scene in a["scenes"]:
        levels.append(xp)
        xp += sum(a["xp"].get(foe, 0) for foe in scene["foes"])
    return levels + [xp]


def test_r_conf_7_an_evening_takes_a_party_from_level_1_to_level_5():
    assert arrival_levels() == [1, 2, 3, 4, 4, 5]
    assert set(booklet()["xp"]) >= {f for s in booklet()["scenes"] for f in s["foes"]}


def test_r_conf_4_each_scene_is_winnable_on_arrival_and_the_last_is_the_hardest():
    """The balance report of the whole evening (odds --adventure: the scenes in order, the
    party carrying its sheets, XP and spending between scenes): no scene too easy (above
    95%) or too hard (below 40%), the final scene the hardest."""
    r = guide("odds", "--adventure", "amsterdam", "--size", "3", "--seed", "1", "--json")
    assert r.returncode == 0, r.stderr
    scenes = json.loads(r.stdout)["scenes"]
    wins = [s["win"] for s in scenes]
    assert all(40 <= w <= 95 for w in wins), wins
    assert wins[-1] == min(wins), wins
    assert [s["level"] for s in scenes][0] == 1
