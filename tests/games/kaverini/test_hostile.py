"""Hostile input: broken or malicious data files, absurd dice, over-long lines. Each gives a
clear FILE:LINE:COLUMN message or a clear refusal, in bounded time and memory."""

import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, alias_bomb, guide
from guide.games.kaverini.data.loader import load

HOSTILE = ROOT / "tests" / "data" / "hostile"

# file -> (line, column, what the message says)
EXPECTED = {
    "01-syntax-indent.yaml": (4, 4, "YAML syntax error"),
    "02-syntax-unclosed-flow.yaml": (2, 1, "YAML syntax error"),
    "03-syntax-tab.yaml": (2, 1, "YAML syntax error"),
    "04-unknown-type.yaml": (3, 11, "unknown 'monster'; expected one of: foe"),
    "05-foe-without-hp.yaml": (2, 5, "missing required key 'hp'"),
    "06-schmerz-lots.yaml": (6, 28, "'lots' is not valid; expected a number, Lv, or N+Lv"),
    "07-hp-text.yaml": (4, 9, "hp must be a whole number, not 'three'"),
    "08-hp-negative.yaml": (4, 9, "hp must be at least 1, not -4"),
    "09-unknown-key.yaml": (4, 5, "unknown key 'descripton'"),
    "10-wrong-top.yaml": (1, 1, "a data file holds 'cards:' or 'adventure:'"),
    "11-top-list.yaml": (1, 1, "expected a mapping with 'cards:' or 'adventure:'"),
    "12-cards-not-list.yaml": (2, 3, "cards must be a list"),
    "13-duplicate-key.yaml": (4, 5, "duplicate key 'type' (first at line 3)"),
    "14-python-object.yaml": (2, 5, "tag !!python/object:os.system is not allowed"),
    "15-python-apply.yaml": (2, 11, "tag !!python/object/apply:subprocess.call is not allowed"),
    "16-python-name.yaml": (4, 11, "tag !!python/name:os.system is not allowed"),
    "17-binary-junk.yaml": (1, 5, "not UTF-8 text"),
    "18-latin1.yaml": (2, 14, "not UTF-8 text (byte 0xe9)"),
    "19-empty.yaml": (1, 1, "empty file"),
    "20-only-comment.yaml": (1, 1, "empty file"),
    "21-missing-quote-57.yaml": (6, 3, "missing 57"),
    "22-quote-not-text.yaml": (106, 10, "quotes 100 must be text, not a list"),
    "23-adventure-bad-id.yaml": (2, 7, "expected lower-case letters, digits and dashes"),
    "24-flag-lowercase.yaml": (4, 13, "'nl' is not valid; expected a country code"),
    "25-bad-ability.yaml": (5, 17, "unknown 'Brave'"),
    "26-bad-emotion.yaml": (6, 40, "unknown 'Joy'"),
    "27-move-die-gap.yaml": (5, 5, "the d6 faces must each pick exactly one technique"),
    "28-usage-on-setting.yaml": (4, 5, "usage is not used on a setting card"),
    "29-merge-key.yaml": (3, 5, "merge keys (<<) are not supported"),
    "30-deep-nesting.yaml": (1, 1007, "exceeded maximum nesting depth"),
    "31-huge-number.yaml": (4, 9, "hp must be at most 100000"),
    "32-null-name.yaml": (2, 10, "name must be text"),
    "33-effect-counters-missing.yaml": (4, 5, "needs counter: +E, -E, +H, -H or HP"),
    "34-scene-unknown-foe.yaml": (7, 24, "unknown foe card 'Nobody At All'"),
    "35-anchor-loop.yaml": (1, 8, "an alias inside its own anchor"),
    # issue 14, items 8-10
    "36-int-4400-digits.yaml": (4, 9, "a number of 4,400 characters; at most 100 are read"),
    "37-int-tag-superscript.yaml": (4, 9, "'²' is not a valid whole number"),
    "38-emotion-list.yaml": (6, 43, "emotion: a list is not allowed here; expected one of: Sadness"),
    "39-osc52-name.yaml": (2, 5, "name 'Clipboard\\x1b]52;c;cm0gLXJmIH4=\\x07 Thief': a name"
                                 " must not hold control or invisible characters (U+001B)"),
    "40-blank-name.yaml": (2, 5, "name '   ': a name must not be blank"),
    "41-rlo-name.yaml": (2, 5, "(U+202E RIGHT-TO-LEFT OVERRIDE)"),
    "42-look-alike.yaml": (5, 5, "card 'H\u0430rbour Gull' looks like 'Harbour Gull' (at"),
    "43-bool-maybe.yaml": (4, 12, "'maybe' is not a valid true or false"),
    "44-zero-width-technique.yaml": (2, 5, "name 'Po\\u200bke': a name must not hold control"),
}


def test_the_corpus_is_all_here():
    assert sorted(p.name for p in HOSTILE.iterdir()) == sorted(EXPECTED)
    assert len(EXPECTED) >= 30


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_hostile_file_gets_a_positioned_message(name):
    line, column, message = EXPECTED[name]
    start = time.perf_counter()
    _, problems = load([HOSTILE / name])
    assert time.perf_counter() - start < 5
    shown = [str(p) for p in problems]
    assert any(s.startswith(f"{HOSTILE / name}:{line}:{column}: ") and message in s
               for s in shown), shown


def test_nothing_was_run(tmp_path):
    load([HOSTILE])
    assert not Path("/tmp/pwned").exists()


def test_check_the_whole_corpus_exits_1_without_traceback():
    r = guide("check", str(HOSTILE))
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert len(r.stdout.splitlines()) >= len(EXPECTED)


def _limited(script: str, megabytes: int = 400) -> subprocess.CompletedProcess:
    """Run a check in a child with its memory capped: exhausting memory fails the test."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))
    return subprocess.run([sys.executable, "-c", script], preexec_fn=cap, capture_output=True,
                          text=True, timeout=60)


def test_alias_bomb_in_bounded_time_and_memory(tmp_path):
    lines = alias_bomb()
    lines.append("cards: [{name: x, type: setting, text: ok, effects: [{do: heal, text: *j}]}]")
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\n")
    r = _limited(f"from guide.games.kaverini.data.loader import load; from pathlib import Path;"
                 f" print(*load([Path({str(bomb)!r})])[1], sep='\\n')")
    assert r.returncode == 0, r.stderr[-500:]
    assert f"{bomb}:10:4: cards[1].effects[1].text must be text, not a list" in r.stdout


def test_over_long_command_line_is_refused(play):
    assert "line too long" in play.fails("roll " + "1+" * 100_000 + "1")


def test_absurd_dice_in_the_table(play):
    assert "too many dice" in play.fails("roll 99999999999d6")
    assert "die too large" in play.fails("roll 1d99999999999")
    assert "too long" in play.fails("roll " + "1d6+" * 60 + "1")


def test_garbage_lines_in_a_script(tmp_path):
    script = "\x00\x01\n\udcff\n" .encode("utf-8", "surrogateescape") + b"\xff\xfe\n" + \
        b"roll 1d1\n" + b"kaveri '\n"
    r = subprocess.run([sys.executable, "-m", "guide", "play", "--campaign",
                        str(tmp_path / "c.sqlite")], input=script, capture_output=True,
                       timeout=60, env={"GUIDE_DATA_DIR": str(tmp_path), "PATH": "/usr/bin",
                                        "PYTHONIOENCODING": "utf-8:strict"})
    assert r.returncode == 1
    assert b"Traceback" not in r.stderr and b"1d1 (1) = 1" in r.stdout
    assert all(line.startswith(b"error: ") for line in r.stderr.splitlines())
