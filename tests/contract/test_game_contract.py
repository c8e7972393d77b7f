"""The contract every game passes, run for each installed game (guide.core.games) and Tally:

- every command has a help example (`Example: ...` in its help), and random lines built
  from those examples, from the seats' moves and from the commands' declarations (each
  parameter given a value its type offers) keep undo and redo exact: undo gives back
  the state before, redo the state after, and the campaign file holds what memory holds (a
  fresh table on the same file rebuilds it), with a FLOOR of lines that changed the game (a
  run in which every line was refused proves nothing and fails);
- a refused line changes nothing: not the state, not the file, not the view;
- every seat move, as data (guide.core.moves), is read back by its command to the values it
  declares;
- under the undo policy "refuse past a hidden draw" (docs/architecture.md), a refused undo changes
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
from gamelist import game_ids, game_of, scenes

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.game import REFUSE_HIDDEN, UNDO_POLICIES, Game
from guide.core.line import build, join, split
from guide.core.moves import Move
from guide.core.params import TableType, arrange
from guide.core.players import keyboard
from guide.core.players import seats as seats_of
from guide.core.reference import registry_of
from guide.core.registry import Registry, parse
from guide.core.registry import split as registry_split
from guide.core.seats import Desk, seated
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
# Names people give that a line must carry whole (issue 41): quotes, both apostrophes, a
# leading dash, a name that reads like an option. Swapped into the examples beside their
# own names, so that every game's random campaigns seat players named so and play their
# seats' buttons.
ODD_NAMES = ['Zed "the" Rock', "O'Brien", "Zoë’s", '"Quo', "-Mo", 'Zed" --roll "20']


def varied(pool: list[str], rng: random.Random, count: int = 3,
           registry: Registry | None = None) -> list[str]:
    """The examples, and each with its names swapped for other names of the examples (so
    that `player Marie` has a Pierre and a Jacques beside it to start a brawl with) or for
    one of ODD_NAMES, the line built again by the core's builder (guide.core.line): the
    words quoted as they need and, with the game's `registry`, a name that starts with `-`
    after the `--` that ends the options."""
    names = sorted({name for line in pool for name in NAME.findall(" ".join(line.split()[1:]))})
    names += ODD_NAMES if names else []
    out = list(pool)
    for line in pool:
        head, _, rest = line.partition(" ")
        for _ in range(count if names and NAME.search(rest) else 0):
            words = [NAME.sub(lambda m: rng.choice(names), w) for w in split(line)]
            out.append(_rebuilt(words, registry))
    return out


def _rebuilt(words: list[str], registry: Registry | None) -> str:
    """A line of these words: the options first and a `--` before the positional words when
    one of them starts with `-` (as guide.core.params.arrange reads them), else as they are."""
    try:
        cmd, args = registry.lookup(words) if registry is not None else (None, words)
    except CommandError:
        cmd = None
    if cmd is None or not any(w.startswith("-") and w in ODD_NAMES for w in args):
        return join(words)
    head = words[:len(words) - len(args)]
    try:
        return join([*head, *arrange(cmd.click_command, args)])
    except Exception:  # noqa: BLE001 - a multi-word option needs the table: leave it as it is
        return join(words)


class Run:
    """A table of the game on a campaign file, and what the contract reads of it."""

    def __init__(self, game: Game, folder: Path, seed: int):
        self.game, self.path, self.seed = game, folder / "c.sqlite", seed
        self.library = settings.load(game, [])
        self.table = self.open()
        self.built = False      # did the table build the line lines_for gave last (a move, a declaration)?

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
    seat has any; `run.built` says which); then DECLARED lines built from the commands'
    declarations (declared_line). Every seat move offered on the way is read back through
    its command to the values it declares (read_back)."""
    t = run.table
    for _ in range(LINES):
        moves = []
        if seated(t):
            for seat in seats_of(t):
                for move in run.game.seat_moves(t, seat):
                    read_back(t, move)
                    moves.append(move.line)
        run.built = bool(moves) and rng.random() < 0.5
        yield rng.choice(moves) if run.built else rng.choice(pool)
    run.built = True
    declared = random.Random(run.seed)
    for _ in range(DECLARED):
        line = declared_line(t, declared)
        if line is not None:
            yield line


DECLARED = 60            # lines built from the commands' declarations, after the LINES


def read_back(t: Table, move: Move) -> None:
    """A seat move as data (guide.core.moves) says what its line does: the line, read by its
    command as a typed one is, gives each value the move declares (a name as the state
    writes it, a number, a flag)."""
    if not move.command:
        return
    cmd, args = t.registry.lookup(split(move.line))
    assert cmd.name == move.command, f"{move.line!r} runs {cmd.name}, not {move.command}"
    params = parse(cmd, args, t)
    for name, value in move.values:
        got = params[name]
        if isinstance(got, tuple) and isinstance(value, str):
            got = " ".join(map(str, got))
        elif isinstance(got, tuple):
            got, value = tuple(map(str, got)), tuple(map(str, value))
        else:
            got, value = str(got), str(value)
        assert got == value, f"{move.line!r}: {name} reads {got!r}, the move declares {value!r}"


def declared_line(t: Table, rng: random.Random) -> str | None:
    """A line of a random command, each of its parameters given a value its type offers (a
    name the table knows, a choice, a number in range, a flag), built from the command's
    declaration (Registry.move); None when a required parameter has nothing to offer."""
    name = rng.choice(sorted(set(t.registry.commands) - LEFT_OUT))
    values: dict[str, object] = {}
    for param in t.registry.commands[name].click_command.params:
        offered = _offered(param, t, name)
        if offered and (param.required or rng.random() < 0.4):
            chosen = rng.choice(offered)        # a repeated option takes its values as a list
            values[str(param.name)] = [chosen] if getattr(param, "multiple", False) else chosen
        elif param.required:
            return None
    return t.registry.move(name, name, **values).line


def _offered(param: click.Parameter, t: Table, command: str) -> list[object]:
    kind = param.type
    if isinstance(param, click.Option) and param.is_flag:
        return [True]
    if isinstance(kind, TableType):
        try:
            return list(kind.choices(t, [command]))[:20]
        except Exception:  # noqa: BLE001 - a type that needs more words typed offers nothing here
            return []
    if isinstance(kind, click.Choice):
        return list(kind.choices)
    if isinstance(kind, click.IntRange):
        low = kind.min if kind.min is not None else 0
        return list(range(low, (kind.max if kind.max is not None else low + 6) + 1))[:20]
    if kind is click.INT:
        return [0, 1, 2, 3, 5]
    return []


# What a refusal says when the line itself was not read as it was meant: its words split
# wrongly, a name cut or taken for an option (issue 41: `Zed "the" Rock` could not end a
# Cave turn from the phone). A seat's button, or a line built from a declaration, never
# gets one of these.
UNREAD = ("cannot read the line", "No such option", "no such option", "unexpected extra argument",
          "Got unexpected", "requires an argument", "named")


def unread(e: CommandError) -> bool:
    return any(word in str(e) for word in UNREAD)


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
    pool = varied(pool, rng, registry=registry_of(game))
    run = Run(game, folder, seed)
    t = run.table
    stopped = t.now()           # a refusal is compared at one moment: no clock runs on a view
    monkeypatch.setattr(t, "now", lambda: stopped)
    changed = kinds = 0
    told: dict[str, dict] = {}
    try:
        for line in lines_for(run, rng, pool):
            before = run.snapshot()
            try:
                t.execute(line)
            except CommandError as e:
                assert run.snapshot() == before, f"refused {line!r} changed something"
                assert not (run.built and unread(e)), f"a line the table built, {line!r}: {e}"
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
        # the undo policies (docs/architecture.md): only a game that refuses past a hidden
        # draw may refuse here, in one line, and the refusal changes nothing
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
    the game master's terminal, `log --gm` too): never the TV view, another seat, `log`,
    the terminal's `log --gm` (the terminal is no other seat's) or completion."""
    from guide.core.repl.completer import candidates

    t = run.table
    seats = run.seats()
    who = seats[0] if seats else "gm"
    t.registry = t.registry.merged(SECRETS)        # a game may have a `roll` of its own
    shown = "\n".join(t.execute(build(["contract-secret", who])).lines)
    # the terminal shows a private roll to the game master and the keyboard's own seat only
    assert (str(SECRET) in shown) == (who in ("gm", keyboard(t)))
    others = [Desk.payload_of(t, seat) for seat in seats[1:]]
    offered = [candidates(t, []), *(candidates(t, [name]) for name in ("roll", "log", "help"))]
    everyone = json.dumps([shown_view(t), public_state(t), others, offered],
                          default=str)
    assert str(SECRET) not in everyone + "\n".join(t.execute("log 5").lines)
    # `log --gm` at the same terminal: the game master's secrets and the keyboard seat's only
    assert (str(SECRET) in "\n".join(t.execute("log 5 --gm").lines)) == (who in ("gm", keyboard(t)))
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


SEAT_STEPS = 40          # seats' moves played a game
SEAT_FLOOR = 5           # of them, at least this many must be played


@pytest.mark.parametrize("game_id", the_games())
def test_seats_named_with_quotes_apostrophes_and_dashes_play_every_button(game_id, folder):
    """Issue 41: a name with a quote broke a Cave player's phone buttons (`Zed "the" Rock`
    could not end a turn; `Zed" --roll "20` turned a button into a fixed roll). Seated with
    such names, every button of every seat reads back as the game means it (its words name
    the seat whole, and the game's own parameters take them), and buttons chosen at random
    are played from their seats, none refused."""
    # its table seated with names its rules take (ODD_NAMES, in one word where its rules
    # want one), from its documented command forms, and what moves play on (its scenes)
    given = scenes(game_id)
    names, start, advance = given.SEATED_NAMES, given.seated, given.ADVANCE
    run = Run(game_of(game_id), folder, sum(map(ord, game_id)))
    t, rng = run.table, random.Random(game_id)
    played = 0
    try:
        for line in start(names):
            t.execute(line)
        assert set(names) <= set(run.seats()), run.seats()
        for _ in range(SEAT_STEPS):
            offered = [(seat, move.line) for seat in run.seats()
                       for move in run.game.seat_moves(t, seat)]
            for seat, line in offered:
                words = registry_split(line)
                cmd, args = t.registry.lookup(words)
                parse(cmd, args, t)                     # read as the game means it, or raises
                assert seat in words or not any(part in line for part in seat.split()), \
                    f"{seat!r}'s button {line!r} cuts the name: {words}"
            if advance and (not offered or rng.random() < 0.2):
                try:
                    t.execute(advance)
                except CommandError:    # not yet: a seat still to move
                    pass
                continue
            if not offered:
                break
            seat, line = rng.choice(offered)
            before = run.state()
            t.execute(line, seat=seat)                  # a seat's button is never refused
            played += run.state() != before
    finally:
        t.close()
    assert played >= SEAT_FLOOR, f"only {played} of the seats' moves changed the {game_id} game"
