"""The contract every game passes, run for each installed game (guide.core.games) and Tally:

- every command has a help example (`Example: ...` in its help), and random lines built
  from those examples and from the seats' moves keep undo and redo exact: undo gives back
  the state before, redo the state after, and the campaign file holds what memory holds (a
  fresh table on the same file rebuilds it), with a FLOOR of lines that changed the game (a
  run in which every line was refused proves nothing and fails);
- a refused line changes nothing: not the state, not the file, not the view;
- under the undo policy "refuse past a hidden draw" (decisions.md), a refused undo changes
  nothing and says why in one line;
- every event kind the game tells is said by its renderer, in every language it offers;
- `guide state` (Game.view of STATE), the TV view as the core sends it (view.shown_view) and
  each seat's page (Desk.payload_of) are JSON with an integer `schema` and the game's id as
  `game`;
- the prompt and every line of the toolbar fit 80 columns.

Game-specific rule properties stay in each game's own tests."""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from gamelist import game_ids, game_of

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.game import REFUSE_HIDDEN, UNDO_POLICIES, Game
from guide.core.players import seats as seats_of
from guide.core.reference import registry_of
from guide.core.registry import Registry
from guide.core.seats import Desk, as_moves, seated
from guide.core.store import Store
from guide.core.story import MARKS
from guide.core.table import Table
from guide.core.view import shown_view
from guide.core.viewers import public_state

SHM = Path("/dev/shm")
LINES = 200              # random lines a game
FLOOR = 5                # of them, at least this many must change the game
WIDTH = 80
# Lines the run leaves out: they leave the table (quit), serve pages (view), write files
# outside the campaign (export), or simulate for seconds (odds); undo and redo are the
# run's own; `seats qr` only draws a link's QR code (`seats`, which lists the links, stays:
# taking it in shifted the seeded lines so that Taverne's run changed its game 3 times of
# 200, below the floor, where it changes it 7 times without it).
LEFT_OUT = {"quit", "view", "export", "odds", "undo", "redo", "seats qr"}
EXAMPLE = re.compile(r"Examples?:\s*(.+?)(?:\n\s*\n|$)", re.S)


the_games = game_ids           # the one list of games (gamelist.py)


def examples(game: Game) -> dict[str, list[str]]:
    """Each command's examples from its help: `Example: LINE` (several joined by `; `)."""
    out: dict[str, list[str]] = {}
    for name, cmd in registry_of(game).commands.items():
        found = EXAMPLE.findall(cmd.function.__doc__ or "")
        out[name] = [" ".join(part.split()) for text in found for part in text.split("; ")]
    return out


NAME = re.compile(r"(?<![-\w])[A-Z][a-zé]+(?![-\w])")


def varied(pool: list[str], rng: random.Random, count: int = 3) -> list[str]:
    """The examples, and each with its names swapped for other names of the examples (so
    that `player Marie` has a Pierre and a Jacques beside it to start a brawl with)."""
    names = sorted({name for line in pool for name in NAME.findall(" ".join(line.split()[1:]))})
    out = list(pool)
    for line in pool:
        head, _, rest = line.partition(" ")
        for _ in range(count if names and NAME.search(rest) else 0):
            out.append(f"{head} " + NAME.sub(lambda m: rng.choice(names), rest))
    return out


class Run:
    """A table of the game on a campaign file, and what the contract reads of it."""

    def __init__(self, game: Game, folder: Path, seed: int):
        self.game, self.path, self.seed = game, folder / "c.sqlite", seed
        self.library = settings.load(game, [])
        self.table = self.open()

    def open(self, read_only: bool = False) -> Table:
        store = Store(self.path, read_only=read_only, game=self.game.id,
                      state_version=self.game.settings.state_version)
        return (self.game.settings.table_class or Table)(self.game, store, self.library, Dice(self.seed))

    def snapshot(self) -> tuple[str, tuple, str]:
        """The state, the journal in the file (its last command, how many are active, how
        many in all: a seat's link issued on the way is not the journal's), the TV view and
        the seats' pages."""
        t = self.table
        pages = {seat: Desk.payload_of(t, seat) for seat in self.seats()}
        return (json.dumps(t.state, sort_keys=True), t.store.journal(),
                json.dumps([shown_view(t), pages], sort_keys=True, default=str))

    def seats(self) -> list[str]:
        return seats_of(self.table) if seated(self.table) else []

    def state(self) -> str:
        return json.dumps(self.table.state, sort_keys=True)


def lines_for(run: Run, rng: random.Random, pool: list[str]) -> Iterator[str]:
    """Random lines: a help example, or one of a seat's moves now (half the time, when a
    seat has any)."""
    t = run.table
    for _ in range(LINES):
        moves = []
        if seated(t):
            for seat in seats_of(t):
                moves += [move.line for move in as_moves(run.game.seat_moves(t, seat))]
        yield rng.choice(moves) if moves and rng.random() < 0.5 else rng.choice(pool)


@pytest.fixture
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(dir=SHM if SHM.is_dir() else None) as name:
        yield Path(name)


@pytest.mark.parametrize("game_id", the_games())
def test_every_command_has_a_help_example(game_id):
    missing = [name for name, found in examples(game_of(game_id)).items() if not found]
    assert missing == []


@pytest.mark.parametrize("game_id", the_games())
def test_random_lines_keep_undo_and_redo_exact_and_a_refusal_changes_nothing(
        game_id, folder, monkeypatch):
    monkeypatch.chdir(folder)
    game = game_of(game_id)
    assert game.settings.undo_policy in UNDO_POLICIES
    pool = [line for name, found in examples(game).items() if name not in LEFT_OUT
            for line in found]
    seed = sum(map(ord, game_id))
    rng = random.Random(seed)
    pool = varied(pool, rng)
    run = Run(game, folder, seed)
    t = run.table
    changed = kinds = 0
    told: dict[str, dict] = {}
    try:
        for line in lines_for(run, rng, pool):
            before = run.snapshot()
            try:
                t.execute(line)
            except CommandError:
                assert run.snapshot() == before, f"refused {line!r} changed something"
                continue
            except SystemExit:
                continue
            for event in t.story:
                told.setdefault(event["kind"], event)
            fits(t)
            after = run.state()
            if after == before[0]:
                continue
            changed += 1
            if rng.random() < 0.3:
                undo_and_redo(run, line, before[0], after)
        assert changed >= FLOOR, f"only {changed} of {LINES} lines changed the {game_id} game"
        print(f"{game_id}: {changed} of {LINES} lines changed the game, {len(told)} kinds told")
        reopened = run.open(read_only=True)            # what the file holds is what memory holds
        try:
            assert json.dumps(reopened.state, sort_keys=True) == run.state()
        finally:
            reopened.close()
        kinds = len(told)
        said(run, told)
        shapes(run)
        private(run)
    finally:
        t.close()
    assert kinds > 1


def undo_and_redo(run: Run, line: str, before: str, after: str) -> None:
    t = run.table
    try:
        t.execute("undo")
    except CommandError as e:
        # decisions.md: only a game that refuses past a hidden draw may refuse here, in
        # one line, and the refusal changes nothing
        assert run.game.settings.undo_policy == REFUSE_HIDDEN, f"undo of {line!r} refused: {e}"
        assert "\n" not in str(e) and run.state() == after
        return
    assert run.state() == before, f"undo of {line!r} is not exact"
    t.execute("redo")
    assert run.state() == after, f"redo of {line!r} is not exact"


def said(run: Run, told: dict[str, dict]) -> None:
    """Every kind of event told is in the game's registry of events (Game.events) and is
    said in words, in every language of the game (an event private to another seat may be
    silent, as may the core's own marks)."""
    t = run.table
    for lang in run.game.settings.languages:
        t.lang = lang
        for kind, event in told.items():
            if kind in MARKS:
                continue
            assert kind in run.game.events, f"{kind} is told but not in {run.game.id}'s events"
            words = run.game.events.render(event, t)
            assert words is None or isinstance(words, str)
            assert words or "to" in event or "private" in event, f"{kind} is not said ({lang})"
    t.lang = run.game.settings.languages[0]


SECRET = 987654          # a face no view of any game shows by chance
SECRETS = Registry()


@SECRETS.command("contract-secret", "contract")
@click.argument("who")
def _secret(t, who: str) -> None:
    """A die only WHO sees, as the core's `roll --for WHO` tells it. Example: none"""
    t.dice.give([SECRET])
    face = t.dice.d(999999)
    t.tell_private(who, "roll", breakdown=f"1d999999 ({face}) = {face}", total=face)


def private(run: Run) -> None:
    """A private roll (the core's `roll --for`) reaches only its seat's page (or, for "gm",
    the game master's terminal): never the TV view, another seat, `log` or completion."""
    from guide.core.repl.completer import candidates

    t = run.table
    seats = run.seats()
    who = seats[0] if seats else "gm"
    t.registry = t.registry.merged(SECRETS)        # a game may have a `roll` of its own
    shown = "\n".join(t.execute(f"contract-secret {who}").lines)
    assert (str(SECRET) in shown) == (who == "gm")
    others = [Desk.payload_of(t, seat) for seat in seats[1:]]
    offered = [candidates(t, []), *(candidates(t, [name]) for name in ("roll", "log", "help"))]
    everyone = json.dumps([shown_view(t), public_state(t), others, offered],
                          default=str)
    assert str(SECRET) not in everyone + "\n".join(t.execute("log 5").lines)
    assert str(SECRET) in "\n".join(t.execute("log 5 --gm").lines)
    if seats:
        assert any(str(SECRET) in line for line in Desk.payload_of(t, who)["private"])


def shapes(run: Run) -> None:
    t, game = run.table, run.game
    state = json.loads(json.dumps(public_state(t)))
    assert isinstance(state.get("schema"), int) and state["game"] == game.id
    view = json.loads(json.dumps(shown_view(t)))
    assert isinstance(view.get("schema"), int) and view["game"] == game.id
    for seat in seats_of(t) if seated(t) else []:
        page = json.loads(json.dumps(Desk.payload_of(t, seat)))
        assert isinstance(page.get("schema"), int) and page["game"] == game.id
        assert page["seat"] == seat


def fits(t: Table) -> None:
    prompt = t.game.prompt(t)
    assert len(prompt) <= WIDTH, prompt
    bar = t.game.toolbar(t)
    text = bar if isinstance(bar, str) or bar is None else "".join(part for _, part in bar)
    for row in (text or "").split("\n"):
        assert len(row) <= WIDTH, row


@pytest.mark.parametrize("game_id", the_games())
def test_every_rule_reads_as_plain_words_on_the_terminal(game_id):
    """`rules ID` shows a rule's words without the rules page's Markdown bold (`**Reading:**`
    read as `Reading:`), in every game with a rules page."""
    from guide.core.reference import shown

    page = settings.rules_page(game_of(game_id))
    if page is None:
        pytest.skip("no rules page")
    for rule in page.rules():
        assert not any("**" in str(line) for line in shown(rule)), rule.id
