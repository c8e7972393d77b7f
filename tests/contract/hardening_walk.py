"""Random command lines for any installed game, built the way a user types them: a command
of the game's registry, then words Tab offers at each place (guide.core.repl.completer) or
hostile words (the state diff's old marker `__delete__`, look-alike and non-Latin names,
numbers past every bound, KEY=VALUE, quotes). The walk knows no game; each game's scenes
give the lines that bring its table into play first (IN_PLAY, tests/games/<game>/scenes.py)."""

from __future__ import annotations

from collections.abc import Callable

import click

from guide.core.line import join
from guide.core.repl.completer import candidates
from guide.core.table import Table

HOSTILE = ["__delete__", "__delete__=1", "x=__delete__", "Ann", "ann", "Аnn", "Zoë", "名前",
           "Ωμέγα", "ℌ", "ﬁ", "İ", "ß", "🙂", "e\u0301", "0", "1", "2", "-1", "7", "1e3",
           "1e308", "999999999999999", "1000000000000000", "123456789012345678901",
           "nan", "inf", "1.5", "x=1", "a=999999999999999999999", "=", "'", '"', "--",
           "-", "--as", "--help", "all", "none", "reset", "1,2", "6,6,6", "1d6", "",
           "a b", " ", "%", "{}", "[1]", "ä" * 300]

# lines that leave the table or start something beside it (a server, a simulation, a file)
SKIP = {"quit", "view", "odds", "export"}

Draw = Callable[[list[str]], str]      # picks one of the words given


def command_names(table: Table) -> list[str]:
    return sorted(n for n in table.registry.commands if n.split()[0] not in SKIP
                  and n not in SKIP)


def random_line(table: Table, pick: Draw, count: Callable[[int], int]) -> str:
    """One command line: a command, a word for each of its arguments, then up to two of its
    options; each word is one Tab offers there (most of the time) or a hostile one."""
    name = pick(command_names(table))
    words = name.split()
    command = table.registry.commands[name].click_command

    def word() -> str:
        try:
            offered = sorted({w for w in candidates(table, words) if w and not
                              w.startswith("--")})
        except Exception:  # noqa: BLE001 - completion's own failures are not this walk's
            offered = []
        way = count(5)
        if way == 0:
            return "__delete__"
        return pick(offered) if offered and way > 1 else pick(HOSTILE)

    for param in command.params:
        if isinstance(param, click.Argument):
            for _ in range(param.nargs if param.nargs > 0 else count(3)):
                words.append(word())
    options = sorted(o.opts[0] for o in command.params if isinstance(o, click.Option))
    for _ in range(count(2) if options else 0):
        chosen = pick(options)
        option = next(o for o in command.params if isinstance(o, click.Option)
                      and o.opts[0] == chosen)
        words.append(option.opts[0])
        if not (option.is_flag or option.count):
            words.append(word())
    return " ".join([name, join(words[len(name.split()):])]).rstrip()
