"""The symbols a player holds in a turn (V-DICE-3): the dice, the tokens of active cards and
this turn's extra symbols; each die or token is used once. Failures and Happiness are counted
here (V-FAIL-1, V-HAPPY-1)."""

from __future__ import annotations

from typing import TypedDict

from guide.core.errors import RuleError
from guide.core.i18n import domain

from .library import Library
from .model import CHOICE, Player, Token, Turn

_, ngettext, pgettext = domain("cv").functions()


class Source(TypedDict):
    kind: str       # "die", "token" or "extra"
    index: int      # 1-based die place, or index in the token list
    symbol: str     # what it shows (CHOICE for a 43 token)


def sources(turn: Turn, p: Player, unused: bool = True) -> list[Source]:
    """The dice (by their places, 1-based), then the tokens and this turn's symbols (by
    their index), each with the symbol it shows; `unused`: only those not used yet."""
    dice: list[Source] = [{"kind": "die", "index": i + 1, "symbol": sym}
                          for i, sym in enumerate(turn["dice"]) if not (unused and turn["used"][i])]
    return dice + [{"kind": kind, "index": i, "symbol": t["symbol"]}
                   for kind, tokens in (("token", p["tokens"]), ("extra", turn["extra"]))
                   for i, t in enumerate(tokens) if not (unused and t["used"])]


def count(turn: Turn, p: Player, symbol: str, unused: bool) -> int:
    return sum(1 for s in sources(turn, p, unused) if s["symbol"] == symbol)


def failures(turn: Turn, p: Player) -> int:
    """V-FAIL-1: every Failure on the dice and tokens, used or not."""
    return count(turn, p, "failure", unused=False)


def misfortunes_owed(turn: Turn, p: Player, lib: Library) -> int:
    """V-FAIL-1: cards still to lose this turn (every three Failures cost one)."""
    return max(0, failures(turn, p) // lib.triple - turn["lost"] - turn["insured"])


def allocate(turn: Turn, p: Player, cost: list[str], lib: Library) -> list[Source]:
    """The dice and tokens that pay `cost`: exact symbols first (dice, then tokens), then
    choice tokens for plain symbols; RuleError naming what is missing."""
    free = sources(turn, p)
    chosen: list[Source] = []
    missing: list[str] = []
    for sym in sorted(cost, key=lambda s: s in lib.plain):
        pick = next((s for s in free if s["symbol"] == sym), None)
        if pick is None and sym in lib.plain:
            pick = next((s for s in free if s["symbol"] == CHOICE), None)
        if pick is None:
            missing.append(sym)
            continue
        free.remove(pick)
        chosen.append({"kind": pick["kind"], "index": pick["index"], "symbol": sym})
    if missing:
        names = ", ".join(lib.symbols[m].here for m in missing)
        raise RuleError(_("{player} lacks {names} (unused dice and tokens)").format(
            player=p['name'], names=names))
    return chosen


def pays(turn: Turn, p: Player, cost: list[str], lib: Library, happiness: bool = False) -> bool:
    """Can the player's unused dice and tokens pay `cost` now (`happiness`: three Happiness
    instead, V-HAPPY-1)? What `allocate` or `happiness_free` would refuse, as a yes or no."""
    try:
        if happiness:
            happiness_free(turn, p, lib)
        else:
            allocate(turn, p, cost, lib)
    except RuleError:
        return False
    return True


def spend(turn: Turn, p: Player, chosen: list[Source]) -> None:
    for s in chosen:
        if s["kind"] == "die":
            turn["used"][s["index"] - 1] = True
        else:
            tokens: list[Token] = p["tokens"] if s["kind"] == "token" else turn["extra"]
            tokens[s["index"]]["used"] = True


def happiness_free(turn: Turn, p: Player, lib: Library) -> list[Source]:
    """V-HAPPY-1: three unused Happiness symbols that let a card be taken without its cost."""
    found = [s for s in sources(turn, p) if s["symbol"] == "happiness"][: lib.triple]
    if len(found) < lib.triple:
        raise RuleError(_("{player} has {count} unused Happiness; {triple} take a card free"
                          " (V-HAPPY-1)").format(
            player=p['name'], count=len(found), triple=lib.triple))
    return found
