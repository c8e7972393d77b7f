"""Tab completion: command names, then what each argument of the command takes (Kaverit,
cards, ladders, techniques, ...), rebuilt from the table's state at every keystroke."""

from __future__ import annotations

import shlex

from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document

from guide.commands.registry import ALIASES, REGISTRY
from guide.data.tables import abilities, house_rules, ladders


def context(text: str) -> tuple[list[str], str]:
    """The complete words before the cursor and the word being typed (pure, testable)."""
    try:
        words = shlex.split(text)
        open_quote = False
    except ValueError:
        words = shlex.split(text + '"') if text.count('"') % 2 else shlex.split(text + "'")
        open_quote = True
    if text and not open_quote and text[-1].isspace():
        return words, ""
    if not words:
        return [], ""
    return words[:-1], words[-1]


def candidates(table, words: list[str]) -> list[str]:
    """What may come next after `words` (the first word is the command)."""
    if not words:
        return sorted({n.split()[0] for n in REGISTRY} | set(ALIASES))
    name = ALIASES.get(words[0].casefold(), words[0].casefold())
    if len(words) > 1 and f"{name} {words[1].casefold()}" in REGISTRY:
        name = f"{name} {words[1].casefold()}"
        words = [name] + words[2:]
    elif len(words) == 1 and any(n.startswith(name + " ") for n in REGISTRY):
        return [n.split()[1] for n in REGISTRY if n.startswith(name + " ")]
    cmd = REGISTRY.get(name)
    if cmd is None:
        return []
    if words[-1].startswith("--"):
        kind = cmd.options.get(words[-1])
        if kind is not None:
            return values(table, kind, words)
    positional = [w for i, w in enumerate(words[1:], 1)
                  if not w.startswith("--") and not (i > 1 and words[i - 1] in cmd.options)]
    index = len(positional)
    opts = [p.opts[0] for p in cmd.click_command.params if p.opts and p.opts[0].startswith("--")]
    kinds = cmd.complete
    kind = kinds[index] if index < len(kinds) else (kinds[-1] if kinds and kinds[-1] in
                                                    ("foecard", "spend", "tweak") else None)
    return (values(table, kind, words) if kind else []) + opts


def values(table, kind: str, words: list[str]) -> list[str]:
    s = table.state
    cards = table.library.cards.values()
    conf = s["confrontation"]
    if kind == "kaveri":
        return [k["name"] for k in s["kaverit"]]
    if kind == "actor":
        return [k["name"] for k in s["kaverit"]] + [b["name"] for b in s["buddies"]] + (
            [x["name"] for x in conf["stand"]] if conf else [])
    if kind == "ladder":
        return [lad.name for lad in ladders().values()]
    if kind == "ability":
        return list(abilities())
    if kind == "technique":
        return _techniques(table, words[1] if len(words) > 1 else "")
    if kind == "fighter":
        return values(table, "target", words) + values(table, "foe", words)
    if kind in ("foe", "target"):
        if not conf:
            return []
        if kind == "foe":
            return [f["name"] for f in conf["foes"] if f["hp"] > 0]
        return [k["name"] for k in s["kaverit"] if k["hp"] > 0] + [
            b["name"] for b in s["buddies"]] + [x["name"] for x in conf["stand"]]
    if kind == "foetechnique":
        if conf and len(words) > 1:
            for f in conf["foes"]:
                if f["name"].casefold() == words[1].casefold():
                    return [t.name for t in table.card(f["card"]).techniques]
        return []
    if kind == "foecard":
        return [c.name for c in cards if c.type in ("foe", "power-foe")]
    if kind == "double":
        return [c.name for c in cards if c.back is not None]
    if kind in ("item", "companion", "buddy", "setting"):
        return [c.name for c in cards if c.type == kind]
    if kind == "token":
        return [c.name for c in cards if c.token]
    if kind == "card":
        return [c.name for c in cards]
    if kind == "held":
        for k in s["kaverit"]:
            if len(words) > 1 and k["name"].casefold() == words[1].casefold():
                return [i["card"] for i in k["items"]]
        return []
    if kind == "adventure":
        return list(table.library.adventures)
    if kind == "house":
        return list(house_rules())
    if kind == "type":
        return ["foe", "power-foe", "buddy", "companion", "item", "setting"]
    if kind == "command":
        return sorted(REGISTRY)
    if kind == "spend":
        return ["e=", "h=", "hp=", "new="] + [f"{lad.name}=" for lad in ladders().values()]
    if kind == "tweak":
        return ["hp=", "emotion=", "heart=", "expense=", "usage=", "shield=", "heel=", "reset"]
    if kind == "wp":
        return ["all-foes", "effect"]
    if kind == "boost":
        return ["e", "h", "hp"]
    if kind == "yesno":
        return ["yes", "no"]
    if kind == "player":
        game = s.get("strategy")
        return [p["name"] for p in game["players"]] if game else []
    if kind == "shop":
        a = table.adventure()
        return [shop.name for shop in a.shops] if a else []
    if kind == "npc":
        return list(s["npcs"])
    return []


def _techniques(table, actor: str) -> list[str]:
    s = table.state
    for k in s["kaverit"]:
        if k["name"].casefold() == actor.casefold():
            return list(k["ladders"]) + list(k["custom"])
    for b in s["buddies"]:
        if b["name"].casefold() == actor.casefold():
            return [t.name for t in table.card(b["name"]).techniques]
    return [lad.name for lad in ladders().values()]


def quote(value: str) -> str:
    return f'"{value}"' if any(ch in value for ch in " '\"") else value


class TableCompleter(Completer):
    def __init__(self, table):
        self.table = table

    def get_completions(self, document: Document, complete_event):
        words, word = context(document.text_before_cursor)
        try:
            found = candidates(self.table, words)
        except Exception:  # noqa: BLE001 - completion must never break typing
            return
        typed = word.casefold()
        for value in dict.fromkeys(found):
            if value.casefold().startswith(typed):
                yield Completion(quote(value), start_position=-_raw_length(document, word),
                                 display=value)


def _raw_length(document: Document, word: str) -> int:
    """How many characters of the line the word being typed takes, quotes included."""
    text = document.text_before_cursor
    if not word:
        return 0
    for quote_char in ('"', "'"):
        start = text.rfind(quote_char)
        if start != -1 and text.count(quote_char) % 2 == 1:
            return len(text) - start
    return len(word)
