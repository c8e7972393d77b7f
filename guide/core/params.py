"""Parameter types that know the table: each carries its conversion, its completion and its
"did you mean" error together (a name among the table's, KEY=VALUE, the table's own dice
faces), so a command declares once what an argument is, and `help`, parsing and Tab agree.

A command's click context carries the table as `ctx.obj` (Registry.parse), so `convert`
can look names up in the state; `choices` feeds the completer from the same place.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import click

from guide.core.dice import DiceError, parse_faces
from guide.core.errors import GuideError
from guide.core.i18n import ENGLISH, _, ngettext, speaking
from guide.core.names import Unknown, What, fold, resolve, said

Names = Callable[[Any, list[str]], Iterable[str]]   # (table, words so far) -> names


class Refused(click.BadParameter):
    """A parameter's value refused in the rules' own words, without click's "Invalid value
    for 'POS':" (guide.core.registry.parse puts the command's name before it, for every
    game's commands: "swap: a position is 1 to 4, not abc")."""

    def format_message(self) -> str:
        return self.message


class NameRefused(Refused):
    """A typed name the table does not know, or that could be several: the one resolver's
    own line (`no Kaveri named 'Anuk' (known: Ann, Bob)`, with its "did you mean"), said
    as the engine says every refusal of a name."""


class TableType(click.ParamType):
    """A parameter type that completes from the table (and may convert with it)."""

    name = "value"
    multiword = False        # may its value run over several unquoted words? (Comic Wit)
    # the command that lists every choice with what a choice is (`shop`: the items and their
    # prices), which a refusal for the missing value names after a few of them
    listed_by: str | None = None

    def choices(self, table: Any, words: list[str]) -> Iterable[str]:
        """What Tab offers for this parameter, given the words typed so far."""
        return ()

    def describe(self, table: Any, choice: str) -> str:
        """A short description shown beside a choice while completing ("" for none)."""
        return ""


class Named(TableType):
    """One of the table's names (a player, a character, a card, ...), matched the way people
    type them (guide.core.names.resolve); converts to the name as written in the state.
    `what` is what they are, a callable that says it in the table's language of the moment
    (a game's `lambda: pgettext("what", "Kaveri")`, in its own domain); its English words
    are the placeholder help shows (KAVERI). `turn`: a line may leave it out on that
    player's own turn (`or_turn`)."""

    def __init__(self, what: What, names: Names, multiword: bool = False,
                 describe: Callable[[Any, str], str] | None = None, convert: bool = True,
                 turn: bool = False, listed_by: str | None = None):
        self.what = what
        self.turn = turn
        self.listed_by = listed_by
        with speaking(ENGLISH):
            self.name = said(what)
        self.names = names
        self.multiword = multiword
        self._describe = describe
        self._convert = convert

    def choices(self, table: Any, words: list[str]) -> Iterable[str]:
        return self.names(table, words)

    def describe(self, table: Any, choice: str) -> str:
        return self._describe(table, choice) if self._describe else ""

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        """The placeholder help shows: `[NAME]` where the line may leave it out (`or_turn`),
        as `usage: move [OPTIONS] [NAME] SIDE`; else click's own (NAME)."""
        if self.turn and isinstance(param, click.Argument):
            return f"[{(param.name or '').upper()}]"
        return None

    def or_turn(self) -> Named:
        """This type for a command's first argument that the table may leave out on the
        player's own turn: `move up` on Ann's turn is `move Ann up`, `end` is `end Ann`
        (guide.core.players.Player.turn; `arrange` puts the name in)."""
        out = copy.copy(self)
        out.turn = True
        return out

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        table = ctx.obj if ctx is not None else None
        if not self._convert or table is None or not isinstance(value, str):
            return value
        words = list(ctx.params.values()) if ctx is not None else []
        try:
            return resolve(value, list(self.names(table, [str(w) for w in words])), self.what)
        except GuideError as e:
            raise NameRefused(str(e), ctx, param) from None


class KeyValue(TableType):
    """KEY=VALUE, the value converted by `value` (int by default); the one parser of every
    KEY=VALUE argument. Converts to a (key, value) pair; a word of `bare` (like `reset`)
    stays a plain word. With `named` (what the keys are: "player"), the key is one of the
    table's names, matched by the one resolver (guide.core.names.resolve); like Named's
    `what`, a callable that says it in the table's language."""

    name = "KEY=VALUE"

    def __init__(self, keys: Names | Sequence[str] = (), value: Callable[[str], Any] = int,
                 metavar: str = "KEY=VALUE", bare: tuple[str, ...] = (), named: What | None = None):
        self.keys = keys
        self.value = value
        self.name = metavar
        self.bare = bare
        self.named = named

    def choices(self, table: Any, words: list[str]) -> Iterable[str]:
        keys = self.keys(table, words) if callable(self.keys) else self.keys
        return [f"{k}=" for k in keys] + list(self.bare)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        if str(value).casefold() in self.bare:
            return str(value).casefold()
        key, sep, text = str(value).partition("=")
        if not sep or not key.strip():
            self.fail(_("{value!r} is not of the form {form}").format(value=value, form=self.name),
                      param, ctx)
        table = ctx.obj if ctx is not None else None
        if self.named is not None and table is not None:
            keys = self.keys(table, []) if callable(self.keys) else self.keys
            try:
                key = resolve(key.strip(), list(keys), self.named)
            except GuideError as e:
                raise NameRefused(str(e), ctx, param) from None
        try:
            return key.strip(), self.value(text.strip())
        except ValueError:
            self.fail(_("{value!r}: the value after = is not valid").format(value=value), param, ctx)


class Faces(TableType):
    """The table's own dice faces, in order: `4,5` -> [4, 5] (R-DICE-3)."""

    name = "FACES"

    def __init__(self, count: int | None = None, metavar: str = "FACES"):
        self.count = count
        self.name = metavar

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, list):
            return value
        option = param.opts[0] if param is not None and param.opts else self.name
        try:
            faces = parse_faces(str(value), option)
        except DiceError as e:
            self.fail(str(e), param, ctx)
        if self.count is not None and len(faces) != self.count:
            self.fail(ngettext("{option} takes {count} face ({form}), not {given}",
                               "{option} takes {count} faces ({form}), not {given}", self.count).format(
                option=option, count=self.count, form=self.name, given=len(faces)), param, ctx)
        return faces


def param_at(command: click.Command, words: list[str]) -> click.Parameter | None:
    """The parameter the next word fills, after `words` (the command's own words), or None:
    the value of an option just named, else the positional argument at that place."""
    options = {opt: p for p in command.params if isinstance(p, click.Option)
               for opt in (*p.opts, *p.secondary_opts)}
    if words and words[-1] in options:
        option = options[words[-1]]
        return None if option.is_flag or option.count else option
    positional = _positional_words(command, words, options)
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    taken = 0
    for argument in arguments:
        if argument.nargs == -1 or positional < taken + argument.nargs:
            return argument
        taken += argument.nargs
    return None


def _positional_words(command: click.Command, words: list[str],
                      options: dict[str, click.Option]) -> int:
    count, skip = 0, 0
    for word in words:
        if skip:
            skip -= 1
        elif word in options:
            option = options[word]
            skip = 0 if option.is_flag or option.count else option.nargs
        elif not word.startswith("--") or _is_number(word):
            count += 1
    return count


def arrange(command: click.Command, args: list[str], table: Any = None) -> list[str]:
    """The arguments in an order click reads as people mean them: options and their values
    first, then `--`, then the positional words, so that a negative number (`roll 1d20 -2`,
    `add -1`) is a value, never taken for an option; a word after a multi-word option
    value (`--technique Comic Wit`) joins that value while it still names something."""
    options = {opt: p for p in command.params if isinstance(p, click.Option)
               for opt in (*p.opts, *p.secondary_opts)}
    front: list[str] = []
    positional: list[str] = []
    dangling: list[str] = []      # an option without its value last: click says it lacks one
    i = 0
    while i < len(args):
        word = args[i]
        name = word.split("=", 1)[0] if word.startswith("--") else word
        option = options.get(name)
        if option is not None:
            taken = _with_values(option, args, i, table)
            if taken is None:                     # `use Ann Love --world-point`: not "--"
                dangling = args[i:]               # taken for its value
                break
            words, i = taken
            front.extend(words)
            continue
        if word == "--":
            positional.extend(args[i + 1:])
            break
        if word.startswith("-") and len(word) > 1 and not _is_number(word):
            front.append(word)                     # an unknown option: click says so
        else:
            positional.append(word)
        i += 1
    if dangling:            # click refuses it while parsing, before the arguments count
        return [*front, *dangling]
    positional = _with_turn(command, positional, table)
    return [*front, "--", *positional] if positional else front


def _with_turn(command: click.Command, positional: list[str], table: Any) -> list[str]:
    """The positional words with the turn's player put first where the line left them out:
    the command's first argument is a Named that allows it (`Named.or_turn`), it is exactly
    one player's turn, and either no word was typed (`end`) or the first names nobody and is
    a value of the next argument (`move up`, `reroll 1 4`). `move Ann` is still missing its
    side, and `move Anx up` is still a misspelt name."""
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    if table is None or not arguments or arguments[0].nargs != 1:
        return positional
    kind = arguments[0].type
    if not isinstance(kind, Named) or not kind.turn:
        return positional
    if positional and not (len(arguments) > 1 and _names_nobody(kind, table, positional[0])
                           and _takes(arguments[1], positional[0])):
        return positional
    turn = [p.name for p in table.game.players(table) if p.turn]
    return [turn[0], *positional] if len(turn) == 1 else positional


def _names_nobody(kind: Named, table: Any, word: str) -> bool:
    """Whether a word names none of the table's names (a word that could be several does)."""
    try:
        resolve(word, list(kind.names(table, [])), kind.what)
    except Unknown:
        return True
    except GuideError:
        return False
    return False


def _takes(argument: click.Argument, word: str) -> bool:
    """Whether the argument's type reads the word as a value (a side, a number)."""
    try:
        argument.type.convert(word, argument, None)
    except click.BadParameter:
        return False
    return True


def _with_values(option: click.Option, args: list[str], i: int, table: Any
                 ) -> tuple[list[str], int] | None:
    """The option at `args[i]` with the values it takes, and where the words after them start;
    None when too few words are left for its values. A multi-word name value
    (`--technique Comic Wit`) takes the next words while they still name something."""
    takes = 0 if option.is_flag or option.count or "=" in args[i] else option.nargs
    if len(args) - i - 1 < takes:
        return None
    words = list(args[i:i + 1 + takes])
    i += 1 + takes
    if takes and isinstance(option.type, TableType) and option.type.multiword:
        while i < len(args) and not args[i].startswith("-") and \
                _names_more(option.type, table, words[-1], args[i]):
            words[-1] = f"{words[-1]} {args[i]}"
            i += 1
    return words, i


def _names_more(kind: TableType, table: Any, value: str, word: str) -> bool:
    longer = fold(f"{value} {word}")
    return any(fold(name).startswith(longer) for name in kind.choices(table, []))


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True
