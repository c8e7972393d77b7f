"""The table: the campaign state, the cards, the dice and the store, and how one command
line travels through them (parse, run on a copy, store the changes in one transaction)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace

from guide.campaign.interrupts import held_interrupts
from guide.campaign.state import SCHEMA, diff
from guide.campaign.store import CampaignError, Store
from guide.commands.lookup import find_card, suggest
from guide.commands.registry import CommandError, lookup, parse, split
from guide.data.loader import Library
from guide.data.tables import house_rules
from guide.model import Adventure, Card
from guide.render import Result
from guide.rules.dice import Dice, DiceError
from guide.rules.leveling import RuleError, level

Ask = Callable[[str, list[str]], str]


class Table:
    def __init__(self, store: Store | None, library: Library, dice: Dice, ask: Ask | None = None):
        self.store = store
        self.library = library
        self.dice = dice
        self.ask = ask                     # asks the GM in a terminal; None in scripts
        self.state = store.load() if store else _empty()
        self.story: list[dict] = []        # events of the command being run
        self._attributed = 0
        self.saved = 0                     # grows with each write to the store (Ctrl-C's report)
        self.listeners: list[Callable[[Table], None]] = []   # told after each command

    # --- running a command ------------------------------------------------------------
    def execute(self, line: str) -> Result:
        args = split(line)
        if not args:
            return Result()
        cmd, rest = lookup(args)
        params = parse(cmd, rest)
        if not cmd.journal:
            try:
                result = cmd.function(self, **params)
            except CampaignError as e:
                raise CommandError(str(e)) from None
            self._tell_listeners()
            return result
        before, saved = self.state, self.saved
        try:
            self.state = copy.deepcopy(before)
            self.story, self._attributed = [], 0
            self.dice.drawn.clear()
            result = cmd.function(self, **params)
            changes = diff(before, self.state)
            if (changes or self.story) and self.store is not None:
                with held_interrupts() as held:
                    self._save(line.strip(), changes, before)
                if held.came:
                    result.notes.append("(Ctrl-C came while saving: the command was saved;"
                                        " undo takes it back)")
        except (CommandError, RuleError, DiceError) as e:
            self.state = before
            raise CommandError(str(e)) from None
        except BaseException:
            # Ctrl-C (or a bug) before the save: nothing was saved, the state goes back;
            # after it, the state in memory is the one saved.
            if self.saved == saved:
                self.state = before
            raise
        finally:
            self.dice.table_faces.clear()
        self._tell_listeners()
        return result

    def _save(self, line: str, changes: list, before: dict) -> None:
        """The store's write, with the state in memory following exactly what the file holds."""
        try:
            self.store.append(line, changes, self.story, self.state)
        except CampaignError as e:
            self.state = before
            raise CommandError(str(e)) from None
        except BaseException:
            self.state = before
            raise
        self.saved += 1

    def step(self, way: str):
        """undo or redo in the store, and the state reloaded, as one step Ctrl-C cannot cut."""
        assert self.store is not None
        with held_interrupts():
            entry = self.store.undo() if way == "undo" else self.store.redo()
            if entry is not None:
                self.saved += 1
                self.reload()
        return entry

    def _tell_listeners(self) -> None:
        """Followers such as the players' view; one that fails is logged, never the table's
        problem (the command is already saved)."""
        for listener in self.listeners:
            try:
                listener(self)
            except Exception as e:  # noqa: BLE001
                from guide.logs import log_exception

                log_exception(e)

    def tell(self, kind: str, text: str, **data) -> None:
        """Add an event to the evening's story, with the dice drawn for it."""
        dice = self.dice.drawn[self._attributed:]
        self._attributed = len(self.dice.drawn)
        event = {"kind": kind, "text": text, **data}
        if dice:
            event["dice"] = [[sides, face] for sides, face in dice]
        self.story.append(event)

    def reload(self) -> None:
        self.state = self.store.load()

    # --- looking things up ------------------------------------------------------------
    def card(self, name: str, *types: str) -> Card:
        """A card as it stands in this campaign: tweaks applied, flipped if flipped (5.6)."""
        card = find_card(self.library, name, ())
        if card.key in self.state["flipped"]:
            card = card.flipped()
        tweaks = self.state["tweaks"].get(card.key)
        if tweaks:
            card = replace(card, tweaked=tuple(f"{k}={v}" for k, v in tweaks.items()),
                           **{k: v for k, v in tweaks.items()})
        if types and card.type not in types:
            raise CommandError(f"{card.name!r} is a {card.type} card, not a {' or '.join(types)}")
        return card

    def kaveri(self, name: str) -> dict:
        for k in self.state["kaverit"]:
            if k["name"].casefold() == name.casefold():
                return k
        names = [k["name"] for k in self.state["kaverit"]]
        raise CommandError(f"no Kaveri named {name!r}{suggest(name, names)}"
                           + ("" if names else " (the party is empty: create one with kaveri)"))

    def adventure(self) -> Adventure | None:
        running = self.state["adventure"]
        return self.library.adventures.get(running["id"]) if running else None

    def currency(self) -> str:
        return self.state["adventure"]["currency"] if self.state["adventure"] else ""

    def house(self, rule: str) -> str:
        return self.state["house"].get(rule, house_rules()[rule]["default"])

    def lv(self) -> int:
        """R-SHEET-4: Lv for a card when the GM does not choose (house rule lv_default)."""
        levels = [level(k["xp"]) for k in self.state["kaverit"]] or [1]
        return min(levels) if self.house("lv_default") == "lowest" else max(levels)

    # --- the table-script JSON --------------------------------------------------------
    def public_state(self) -> dict:
        s = self.state
        return {
            "schema": SCHEMA,
            "adventure": ({"id": s["adventure"]["id"], "currency": s["adventure"]["currency"]}
                          if s["adventure"] else None),
            "kaverit": [_public_kaveri(k, s["confrontation"]) for k in s["kaverit"]],
            "companions": list(s["companions"]),
            "buddies": [{"name": b["name"], "hp": b["hp"], "max_hp": b["max_hp"]}
                        for b in s["buddies"]],
            "confrontation": _public_confrontation(s["confrontation"]),
            "quotes_told": list(s["quotes_told"]),
            "strategy": _public_strategy(s.get("strategy"), self.card),
        }


def _empty() -> dict:
    from guide.campaign.state import new_state

    return new_state()


def _public_kaveri(k: dict, confrontation: dict | None) -> dict:
    return {
        "name": k["name"], "level": level(k["xp"]), "xp": k["xp"], "hp": k["hp"],
        "max_hp": k["max_hp"], "emotion": k["emotion"], "heart": k["heart"],
        "ability": k["ability"], "points": k["points"], "ladders": dict(k["ladders"]),
        "custom": dict(k["custom"]), "world_points": k["world_points"], "money": k["money"],
        "items": [i["card"] for i in k["items"]],
        "cowering": bool(confrontation) and k["hp"] == 0,
    }


def _public_confrontation(c: dict | None) -> dict | None:
    if not c:
        return None
    return {
        "round": c["round"],
        "foes": [{"name": f["name"], "hp": f["hp"], "max_hp": f["max_hp"]}
                 for f in c["foes"]],
        "stand": [{"name": f["name"], "hp": f["hp"], "max_hp": f["max_hp"]}
                  for f in c.get("stand", [])],
    }


def _public_strategy(g: dict | None, card) -> dict | None:
    from guide.rules.strategy import characters

    if not g:
        return None
    versus = g["arena"]["versus"] if g["arena"] else None
    c = g["arena"]["confrontation"] if g["arena"] else None
    return {"round": c["round"] if c else (versus["round"] if versus else 0),
            "winner": versus["winner"] if versus else None,
            "players": [{"name": p["name"], "points_left": p["points_left"],
                         "world_points": versus["wp"][k] if versus else p["world_points"],
                         "characters": characters(g, k, card)}
                        for k, p in enumerate(g["players"])]}
