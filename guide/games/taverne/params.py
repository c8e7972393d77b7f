"""What the arguments of Taverne's commands are (guide.core.params): each type completes
from the table's state and converts a typed name to the name as seated (the core's one
resolver). Targets and attackers complete only: a name out of range is the rules' to
refuse, with the rule (T-WPN-2)."""

from __future__ import annotations

from typing import Any

import click

from guide.core.errors import RuleError
from guide.core.i18n import NP_, domain
from guide.core.names import fold
from guide.core.params import Named, TableType
from guide.core.players import named

from .box import Box
from .model import State, TaverneTable, new_state, seated
from .seating import targets

_, ngettext, pgettext = domain("taverne").functions()


def _state(t: TaverneTable | None) -> State:
    return t.state if t is not None else new_state()


def _first(t: TaverneTable | None, words: list[str]) -> str | None:
    """The player the command names first (words[1]), as seated."""
    if len(words) < 2:
        return None
    return next((n for n in seated(_state(t)) if fold(n) == fold(str(words[1]))), None)


def _targets(t: TaverneTable | None, words: list[str]) -> list[str]:
    who = _first(t, words)
    return list(targets(_state(t), who)) if who else []


def _attackers(t: TaverneTable | None, words: list[str]) -> list[str]:
    """Who attacks the player named first: nothing before the placements are revealed (who
    attacks whom is sealed until call 4 is finished, T-CALL-4)."""
    who, state = _first(t, words), _state(t)
    if state["revealed"] < 4:
        return []
    return [q["attacker"] for q in state["quarrels"] if q["target"] == who and not q["void"]]


def _characters(t: TaverneTable | None, words: list[str]) -> list[str]:
    library = getattr(t, "library", None)
    if not isinstance(library, Box):
        return []
    return sorted({n for c in library.characters.values() for n in (library.shown(c.name), c.name)})


class Weapon(TableType):
    """A Weapon's value, 1 to 9; completes to the hand of the player named first (`hand`),
    or to every value (a Dodge names any value)."""

    name = "V"

    def __init__(self, hand: bool):
        self.hand = hand

    def choices(self, table: TaverneTable | None, words: list[str]) -> list[str]:
        if not self.hand:
            return [str(v) for v in range(1, 10)]
        who = _first(table, words)
        return [str(v) for v in _state(table)["players"][who]["hand"]] if who else []

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            v = int(value)
        except (TypeError, ValueError):
            self.fail(_("{value!r} is not a Weapon value (1 to 9)").format(value=value), param, ctx)
        if not 1 <= v <= 9:
            self.fail(_("{value} is not a Weapon value (1 to 9)").format(value=v), param, ctx)
        return v


PLAYER = named(lambda: pgettext("what", "player"))
TARGET = Named(lambda: pgettext("what", "target"), _targets, convert=False)
ATTACKER = Named(lambda: pgettext("what", "attacker"), _attackers, convert=False)
CHARACTER = Named(lambda: pgettext("what", "Character"), _characters, convert=False)
IN_HAND = Weapon(hand=True)
ANY_VALUE = Weapon(hand=False)


class Purchase(click.Choice):
    """What `buy` buys: weapon, pint or specialty, or the same word in the table's language
    (a French table types `chope` or `pinte` for a Pint: the catalogue's context "bought",
    its words separated by '|'). Another word is refused by the rule's own line, in the
    table's language, with the words to type (not click's list of English choices)."""

    WORDS = ("weapon", "pint", "specialty")
    SAID = (NP_("bought", "weapon"), NP_("bought", "pint"), NP_("bought", "specialty"))   # WORDS

    def __init__(self) -> None:
        super().__init__(list(self.WORDS))

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            said = {fold(s): w for w in self.WORDS for s in pgettext("bought", w).split("|")}
            value = said.get(fold(value), value)
            if value not in self.WORDS:
                raise RuleError(_("buy a weapon, a pint or a specialty, not {what!r}").format(
                    what=value))
        return super().convert(value, param, ctx)

