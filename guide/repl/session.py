"""The interactive REPL on prompt_toolkit: a prompt that shows where the table is, tab
completion, history in the user's data folder, and a bottom toolbar with the party."""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import ThreadedCompleter, WordCompleter
from prompt_toolkit.history import FileHistory

from guide import __version__
from guide.commands.confront import arena, turn_line
from guide.commands.registry import CommandError
from guide.logs import data_dir
from guide.repl.completer import TableCompleter
from guide.repl.run import run_line
from guide.rules.leveling import level
from guide.table import Table


def prompt_text(table: Table) -> str:
    s = table.state
    parts = [s["adventure"]["id"]] if s["adventure"] and s["adventure"]["id"] else []
    field = arena(table)
    if field is not None:
        c = field["confrontation"]
        parts.append(("strategy, " if field is not s else "") + f"round {c['round']}: {c['phase']}")
    return f"guide ({', '.join(parts)})> " if parts else "guide> "


def toolbar(table: Table) -> str:
    """The party at a glance; in a fight, whose turn and every fighter's HP."""
    s = table.state
    field = arena(table)
    if field is not None and field is not s:           # the Strategy Game's battle
        sides = []
        for k, name in enumerate(field["versus"]["players"]):
            fighters = field["kaverit"] + field["buddies"] + field["confrontation"]["foes"]
            sides.append(f"{name}: " + " ".join(f"{f['name']} {f['hp']}/{f['max_hp']}"
                                                for f in fighters if f.get("owner") == k))
        return f" {turn_line(table)}  " + "  | ".join(sides)
    party = "  ".join(f"{k['name']} L{level(k['xp'])} {k['hp']}/{k['max_hp']}HP WP{k['world_points']}"
                      for k in s["kaverit"]) or "no Kaverit yet (kaveri NAME ...)"
    if field is None:
        return " " + party
    c = s["confrontation"]
    foes = "  ".join(f"{f['name']} {f['hp']}/{f['max_hp']}" for f in c["foes"] if f["hp"] > 0)
    extra = "  ".join(f"{b['name']} {b['hp']}/{b['max_hp']}" for b in s["buddies"] + c["stand"])
    return f" {turn_line(table)}  {party}  {extra}  | foes: {foes}"


def run_repl(table: Table) -> int:
    completer = ThreadedCompleter(TableCompleter(table))
    session: PromptSession = PromptSession(
        history=FileHistory(str(data_dir() / "history")), complete_while_typing=False)

    def ask(question: str, choices: list[str]) -> str:
        completer = WordCompleter(choices, ignore_case=True, sentence=True) if choices else None
        while True:
            try:
                answer = session.prompt(f"  {question}: ", completer=completer,
                                        bottom_toolbar=None).strip()
            except (EOFError, KeyboardInterrupt):
                raise CommandError("cancelled; nothing changed") from None
            if answer or not choices:
                return answer

    table.ask = ask
    print(f"guide {__version__}: the Tour Guide's companion. Type help, or Tab to complete;"
          " Ctrl-D leaves.")
    while True:
        try:
            # completer and toolbar are given each time: a question asked by a command
            # (kaveri's prompts) uses the same session with its own
            line = session.prompt(prompt_text(table), completer=completer,
                                  bottom_toolbar=lambda: toolbar(table))
        except KeyboardInterrupt:
            continue                      # Ctrl-C clears the line
        except EOFError:
            break                         # Ctrl-D leaves
        if not line.strip() or line.strip().startswith("#"):
            continue
        try:
            _, text = run_line(table, line)
        except SystemExit:
            break
        if text:
            print(text)
    return 0
