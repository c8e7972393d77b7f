"""Taverne de la Licorne, Kaivo and CV played whole in the pseudo-language of test_pseudo
(every message of the game's and the core's .pot with its letters accented): at the prompt
(help, status, the toolbar, errors, Tab's descriptions, log, undo), on the TV page and on
each seat's page. A plain English word the table did not type (nor a name of the box, nor
a command word) is a line the code sends without its catalogue (issue 25)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_evenings import TAVERNE_EVENING as FRENCH_EVENING
from test_pseudo import PSEUDO, _choices, _words, plain_words, speak_pseudo  # noqa: F401

from guide.core import i18n, settings
from guide.core.line import split
from guide.core.players import seats as seats_of
from guide.core.repl.completer import described
from guide.core.repl.run import attempt, open_table
from guide.core.result import text
from guide.core.seats import Desk

pytestmark = pytest.mark.usefixtures("speak_pseudo")

# keys of a view or a seat's feed that the pages read as data and never show
_DATA = {"kind", "key", "id", "icon", "game", "lang", "policy", "schema"}


def shown(value: Any, skip: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Every string of a view's or a feed's part the page shows (not the keys, nor the
    values of keys the page reads as data: `_DATA`, `skip`)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in _DATA | skip for s in shown(v, skip)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in shown(v, skip)]
    return []


def _moves(payload: dict) -> list[str]:
    """A seat's buttons and the kit's own words."""
    return [*payload["words"].values(), *(part for m in payload["moves"] for part in (
        m["label"], *m.get("group", ()), m.get("detail") or ""))]


def play(path: Path, game: str, script: str, tv: Any, seat: Any = None,
         box: Any = lambda t: [], pages: tuple = ()) -> list[tuple[str, str]]:
    """The script played in the pseudo-language; for each line that showed a plain word not
    the table's own: (the line, those words). Checked after each line: its output (errors
    too), the prompt, the toolbar, the TV page, Tab's descriptions of the commands and of the
    last command's options, and the seat pages of `pages`. `! line`: played, not checked."""
    t = open_table(path, [], 1, game_id=game)
    t.lang = PSEUDO
    i18n.use(PSEUDO)
    typed = _words(script)
    params = [p for c in t.registry.commands.values() for p in c.click_command.params]
    commands = {game, *t.registry.commands} | {
        w for p in params for o in [*p.opts, *_choices(p)] for w in re.findall(r"[a-z]+", str(o))}
    commands |= {w for c in [*t.registry.commands, *t.registry.aliases] for w in c.split()}
    commands |= _words(t.game.title) | {PSEUDO}          # `lang`'s choices name it
    bad: list[tuple[str, str]] = []
    told: list[dict] = []
    script = f"greeting\n{script}"
    try:
        for line in [ln.strip() for ln in script.strip().splitlines() if ln.strip()]:
            skip_line, line = line.startswith("!"), line.lstrip("! ")
            outcome = settings.greeting(t.game) if line == "greeting" else attempt(t, line)
            told += t.story
            if skip_line:
                continue
            bar = t.game.toolbar(t) or ""
            said = [outcome if isinstance(outcome, str) else text(outcome), t.game.prompt(t),
                    bar if isinstance(bar, str) else "".join(f[1] for f in bar),
                    *tv(t.game.view(t))]
            said += [d for _w, d in described(t, [])]
            try:
                said += [d for _w, d in described(t, split(line))]
            except ValueError:
                pass
            for name in pages:
                if name in seats_of(t):
                    said += seat(Desk.payload_of(t, name))
            allowed = (typed | commands | _words(dict(t.state)) | _words(told) | _words(box(t)))
            left = {w: s for s in re.sub(r"`[^`]*`", "", "\n".join(said)).splitlines()
                    for w in plain_words(s, allowed)}
            if left:
                bad.append((line, "; ".join(f"{w} ({s.strip()[:70]})"
                                           for w, s in sorted(left.items()))))
    finally:
        t.close()
    return bad


def report(bad: list[tuple[str, str]]) -> str:
    return "\n".join(f"{line}: {words_}" for line, words_ in bad)


# The French evening's lines (test_evenings), then a refusal, a name nobody has, and redo
TAVERNE_EVENING = "\n".join(FRENCH_EVENING.strip().splitlines()[:-2] + [
    "bogus", "attack Nobody --on Marie --weapon 2", "undo", "redo", "log"]) + "\n"


def _taverne_tv(view: dict) -> list[str]:
    return shown(view["said"])


def _taverne_seat(payload: dict) -> list[str]:
    you = payload["view"].get("you", {})
    return [*shown(payload["view"]["said"]), *shown(you.get("hand", [])),
            *shown(you.get("quarrels", []), {"attacker", "range"}), *_moves(payload)]


def _taverne_box(t) -> list[str]:
    from guide.games.taverne.commands import box_of

    box = box_of(t)
    return [*(w.get("name") or "" for w in box.weapons), *box.taverns.items(),
            *(c.name for c in box.characters.values()), *box.example_names.values(),
            *(s.name for s in box.specialties.values())]


def test_a_taverne_evening_sends_every_word_through_its_catalogue(tmp_path):
    bad = play(tmp_path / "t.sqlite", "taverne", TAVERNE_EVENING, _taverne_tv, _taverne_seat,
               _taverne_box, pages=("Marie", "Pierre"))
    assert not bad, report(bad)


KAIVO_EVENING = """
help
players Ann Ben Cid
round Ann=10 Ben=20 Cid=5 --caller Ann
scores
join Dee
drop 1
leave Dee
scores
deal --bots 2
status
draw
glimpse
discard
status
take
putback
peek 9
kaivo
log
undo
bogus
help swapwith
scores
"""


TAVERNE_MORE = """
player Marie --loot 3
player Pierre --loot 3 --character gobelin
player Cecile --loot 3
chrono start --minutes 30
start
status
call
buy Marie specialty --times 2
buy Pierre specialty
buy Cecile pint
buy Cecile specialty
asset Marie Nothing
call
dodges Marie 1
dodges Pierre
call
attack Marie --on Pierre --weapon 3 --trick "Dirty Trick"
attack Pierre --on Cecile --weapon 2 --trick "Dirty Trick"
attack Cecile --on Marie --weapon 9
attack Cecile --on Marie --weapon 1
spell Marie
spell Pierre --no-formula
call
dodge Marie --against Cecile 1
call
call
call
call
trick Pierre
trick Cecile
call
leave Cecile
back Cecile
mistake Pierre
energy Cecile -40
score
status
call
call
call
call
call
call
call
player Cecile --loot 2
chrono time
score
log
undo
"""


def test_a_taverne_evening_of_specialties_and_the_chrono_speaks_the_tables_language(tmp_path):
    bad = play(tmp_path / "t.sqlite", "taverne", TAVERNE_MORE, _taverne_tv, _taverne_seat,
               _taverne_box, pages=("Marie", "Cecile"))
    assert not bad, report(bad)


TAVERNE_AUCTION = """
player Marie --loot 2
player Pierre --loot 2
player Cecile --loot 2
start --variant auction --variant long-range
status
bid Marie 20
bid Pierre 25
bid Cecile 15
character Cecile Ghoul --loot 2
character Marie Ghoul --loot 2
character Marie gobelin --loot 1
character Pierre homme --loot 3
call
status
"""


def test_a_taverne_auction_speaks_the_tables_language(tmp_path):
    bad = play(tmp_path / "t.sqlite", "taverne", TAVERNE_AUCTION, _taverne_tv, _taverne_seat,
               _taverne_box, pages=("Marie", "Pierre"))
    assert not bad, report(bad)


def _kaivo_tv(view: dict) -> list[str]:
    return [view["title"], *shown(view.get("said", {})), *view.get("news", [])]


def _kaivo_seat(payload: dict) -> list[str]:
    v = payload["view"]
    return [*shown(v.get("words", {})), *shown(v.get("you", {})), *v.get("news", []),
            *shown(v.get("last_round") or []), (v.get("table") or {}).get("held") or "",
            *_moves(payload)]


def test_a_kaivo_evening_sends_every_word_through_its_catalogue(tmp_path):
    bad = play(tmp_path / "k.sqlite", "kaivo", KAIVO_EVENING, _kaivo_tv)
    assert not bad, report(bad)


KAIVO_FRIENDS = """
deal --friends Ann,Ben --bots 1
status
draw --as Ann
discard --as Ann
take --as Ben
swap 2 --as Ben
leave Ben
join Cid
status
scores
log
"""


def test_a_kaivo_evening_of_friends_speaks_on_every_seat(tmp_path):
    bad = play(tmp_path / "k.sqlite", "kaivo", KAIVO_FRIENDS, _kaivo_tv, _kaivo_seat,
               pages=("Ann", "Ben", "Cid"))
    assert not bad, report(bad)


CV_EVENING = """
help
players Ann Bob
track youth=20 maturity=20 old_age=3
hand Ann "Zoo trip"
roll Ann --faces money,money,health,failure
reroll Ann 3 --faces happiness
take Ann Jogging --type health --cost money --gives health
status
track
end
roll Bob --faces failure,failure,failure,money
lose Bob property
status
end
play Ann "Zoo trip"
roll Ann
reroll Ann
take Ann "Used car" --type gold
roll Bob --dice x
roll
bogus
lose Ann health
help take
undo
redo
log
"""


def _cv_box(t) -> list[str]:
    """The box's names, in English where the table speaks no language of the box (cv.md)."""
    lib = t.library
    if lib is None:
        return []
    named = [*lib.symbols.values(), *lib.types.values(), *lib.decks, *lib.box_decks,
             *lib.specials, *lib.box.values()]
    return [x.en for x in named] + [s.text["en"] for s in lib.specials if "en" in s.text]


_CV_DATA = {"slots", "decks", "symbols"}


def _cv_tv(view: dict) -> list[str]:
    return shown(view, _CV_DATA)


def _cv_seat(payload: dict) -> list[str]:
    return [*shown(payload["view"], _CV_DATA), *_moves(payload)]


def test_a_cv_evening_sends_every_word_through_its_catalogue(tmp_path):
    bad = play(tmp_path / "cv.sqlite", "cv", CV_EVENING, _cv_tv, _cv_seat, _cv_box,
               pages=("Ann", "Bob"))
    assert not bad, report(bad)


CV_MORE = """
players Ann Bob
goal Bob 79
roll Ann --faces money,money,money,money
take Ann 45 --type relationships --cost 2money
take Ann 36 --type knowledge --cost 2money
end
roll Bob --faces money,health,health,health
take Bob Shop --type job --cost money --gives money
end
roll Ann --faces failure,money,health,knowledge
change Ann 45 1 money
borrow Ann Bob money
status
end
track youth=7 maturity=20 old_age=20
public 76
double Ann health
cv Ann health=4 relationships=3 knowledge=5 property_cards=5 property=19
cv Bob property_cards=3 property=5
score
"""


def test_a_cv_evening_of_goals_cards_and_the_score_speaks_the_tables_language(tmp_path):
    bad = play(tmp_path / "cv.sqlite", "cv", CV_MORE, _cv_tv, _cv_seat, _cv_box,
               pages=("Ann", "Bob"))
    assert not bad, report(bad)


KAIVO_POWERS = """
deal --friends Ann,Ben --bots 1 --clock
draw --as Ann
glimpse --as Ann
discard --as Ann
peek 2 --as Ann
draw --as Ben
discard --as Ben
spy Ann 1 --as Ben
draw --as Ann
discard --as Ann
swapwith 1 Ben 1 --as Ann
draw --as Ben
discard --as Ben
mindread Ann 2 --as Ben
take --as Ann
putback --as Ann
draw --as Ann
skip --as Ann
status
leave Ben
scores
"""


def _powers_on_top(items, dice):
    """The deck laid so that the evening meets every power (K-POW-1): low rows for Ann and
    Ben, high ones for the bot (it does not call), then 10, 11, 12, 12 and 13 to draw."""
    from guide.games.kaivo import deck

    values = deck.load().values
    items = list(items)
    low = [i for i in items if values[i] < 5][:8]
    high = [i for i in items if 6 <= values[i] <= 9][:5]
    powers: list[int] = []
    for v in (13, 12, 12, 11, 10):
        powers.append(next(i for i in items if values[i] == v and i not in powers))
    return [i for i in items if i not in low + high + powers] + powers + high + low


def test_a_kaivo_evening_of_powers_and_the_clock_speaks_the_tables_language(tmp_path,
                                                                             monkeypatch):
    from guide.games.kaivo import table

    monkeypatch.setattr(table, "shuffle", _powers_on_top)
    bad = play(tmp_path / "k.sqlite", "kaivo", KAIVO_POWERS, _kaivo_tv, _kaivo_seat,
               pages=("Ann", "Ben"))
    assert not bad, report(bad)


def test_click_names_its_types_in_the_tables_language(tmp_path):
    """A core line: click's "integer" in a refusal is said in the table's language."""
    bad = play(tmp_path / "cv.sqlite", "cv", "players Ann Bob\nroll Bob --dice x", _cv_tv,
               box=_cv_box)
    assert not bad, report(bad)


def test_an_unmarked_line_on_a_page_or_at_the_prompt_is_caught(tmp_path,
                                                                monkeypatch):
    """The check can fail: a seat's page, the TV and the toolbar that forget their
    catalogue show through, one game each."""
    from guide.games.cv import screen as cv_screen
    from guide.games.kaivo import tv_words
    from guide.games.taverne import seats as taverne_seats

    real_page, real_said = taverne_seats.page, tv_words.said

    def page(*args):
        out = real_page(*args)
        out["said"]["trick"] = "nothing suffered"
        return out

    monkeypatch.setattr(taverne_seats, "page", page)
    bad = play(tmp_path / "t.sqlite", "taverne", "player Marie --loot 2\nplayer Pierre --loot 2",
               _taverne_tv, _taverne_seat, _taverne_box, pages=("Marie",))
    assert any("suffered" in w for _line, w in bad), bad
    monkeypatch.setattr(tv_words, "said", lambda v: {**real_said(v), "pile": "Round over."})
    bad = play(tmp_path / "k.sqlite", "kaivo", "deal --bots 2", _kaivo_tv)
    assert any("over" in w for _line, w in bad), bad
    monkeypatch.setattr(cv_screen, "toolbar", lambda t: "dice left")
    bad = play(tmp_path / "cv.sqlite", "cv", "players Ann Bob", _cv_tv)
    assert any("left" in w for _line, w in bad), bad
