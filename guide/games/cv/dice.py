"""Phase 1, the roll (V-DICE-1, V-DICE-2) and the cards that bend it: 11 Zoo trip (two more
dice), 46 Bicycle instead of a car (a third reroll), 53 Psychotherapy (Failure dice rolled
in one roll), 35 Illusionist and 45 Trip around the world (one symbol changed)."""

from __future__ import annotations

from typing import Any

from guide.core.dice import DiceLike
from guide.core.errors import RuleError

from .library import Library
from .model import CvState, Player, Turn, active, active_effect, active_number, own_turn
from .pool import Source, count, failures, misfortunes_owed, sources
from .protocol import emits

Event = dict[str, Any]


def dice_for(p: Player, turn: Turn, lib: Library) -> int:
    """V-DICE-1: four dice, one more per die an active card gives, the Zoo trip's two;
    never more than seven."""
    extra = sum(c["dice"] for c in active(p).values())
    return min(lib.most_dice, lib.start_dice + extra + turn["more_dice"])


def rerolls_for(p: Player, lib: Library) -> int:
    """V-DICE-2: two rerolls; the largest an active card allows (46: three)."""
    best = lib.rerolls
    for c in active(p).values():
        sp = lib.special_by_id(c["number"]) if c["number"] is not None else None
        if sp is not None and sp.rerolls is not None:
            best = max(best, sp.rerolls)
    return best


def tally(turn: Turn, p: Player, lib: Library) -> dict[str, int]:
    """V-FAIL-1 and V-HAPPY-1 as they stand: Failures (dice and tokens) and the cards they
    cost; unused Happiness and the free cards it buys."""
    happy = count(turn, p, "happiness", unused=True)
    return {"failures": failures(turn, p), "owed": misfortunes_owed(turn, p, lib),
            "happiness": happy, "free": happy // lib.triple}


def _draw(dice: DiceLike, lib: Library, n: int, faces: list[str] | None, what: str) -> list[str]:
    if faces is None:
        return [lib.die_symbol(dice.d(6)) for _ in range(n)]
    if len(faces) != n:
        raise RuleError(f"{what}: {n} faces expected, {len(faces)} typed")
    return list(faces)


@emits
def roll(state: CvState, lib: Library, dice: DiceLike, name: str, n: int | None = None,
         faces: list[str] | None = None) -> list[Event]:
    """V-DICE-1: the first roll of the turn; `faces` are the table's own dice (their count
    is the number of dice)."""
    turn, p = own_turn(state, name)
    if turn["rolled"]:
        raise RuleError(f"{p['name']} has rolled this turn: reroll {p['name']} POS... or end")
    if faces is not None:
        n = len(faces)
    if n is None:
        n = dice_for(p, turn, lib)
    if not lib.start_dice <= n <= lib.most_dice:
        raise RuleError(f"a roll is {lib.start_dice} to {lib.most_dice} dice, not {n} (V-DICE-1)")
    got = _draw(dice, lib, n, faces, "roll")
    turn["dice"], turn["used"], turn["rolled"] = got, [False] * n, True
    turn["rolls_left"], turn["more_dice"] = rerolls_for(p, lib), 0
    frozen = [i + 1 for i, s in enumerate(got) if s == "failure"]
    return [{"kind": "rolled", "player": p["name"], "faces": got, "frozen": frozen,
             "rolls_left": turn["rolls_left"], "table": faces is not None, **tally(turn, p, lib)}]


@emits
def reroll(state: CvState, lib: Library, dice: DiceLike, name: str, positions: list[int],
           faces: list[str] | None = None) -> list[Event]:
    """V-DICE-2: reroll the dice at `positions` (1-based; they keep their places). A Failure
    die is frozen unless 53 Psychotherapy is active and not used yet this turn; a refused
    reroll uses no roll. Zoo trip dice waiting join this roll after the positions."""
    turn, p = own_turn(state, name)
    if not turn["rolled"]:
        raise RuleError(f"{p['name']} has not rolled yet: roll {p['name']}")
    if turn["taken"]:
        raise RuleError("cards are taken: the rolls are over (V-TURN-1)")
    if turn["rolls_left"] <= 0:
        raise RuleError(f"{p['name']} has no reroll left (V-DICE-2)")
    if not positions and not turn["more_dice"]:
        raise RuleError("reroll which dice? give their places, 1 to " + str(len(turn["dice"])))
    if len(set(positions)) != len(positions):
        raise RuleError("a die is named twice")
    for pos in positions:
        if not 1 <= pos <= len(turn["dice"]):
            raise RuleError(f"no die at place {pos} (1 to {len(turn['dice'])})")
        if turn["used"][pos - 1]:
            raise RuleError(f"the die at place {pos} is used")
    failed = [pos for pos in positions if turn["dice"][pos - 1] == "failure"]
    psycho = False
    if failed:
        if active_effect(p, lib, "reroll_failure") is None or turn["psycho"]:
            raise RuleError(f"the Failure at place {failed[0]} is frozen (V-DICE-2)")
        psycho = True
    more = min(turn["more_dice"], lib.most_dice - len(turn["dice"]))
    got = _draw(dice, lib, len(positions) + more, faces, "reroll")
    before = [turn["dice"][pos - 1] for pos in positions]
    for pos, sym in zip(positions, got, strict=False):
        turn["dice"][pos - 1] = sym
    added = got[len(positions):]
    turn["dice"].extend(added)
    turn["used"].extend([False] * len(added))
    turn["more_dice"] = 0
    turn["rolls_left"] -= 1
    turn["psycho"] = turn["psycho"] or psycho
    frozen = [i + 1 for i, s in enumerate(turn["dice"]) if s == "failure"]
    return [{"kind": "rerolled", "player": p["name"], "positions": positions, "before": before,
             "after": got[: len(positions)], "added": added, "faces": list(turn["dice"]), "frozen": frozen,
             "rolls_left": turn["rolls_left"], "psychotherapy": psycho, **tally(turn, p, lib)}]


@emits
def change(state: CvState, lib: Library, name: str, number: int, target: str, to: str) -> list[Event]:
    """35 Illusionist / 45 Trip around the world, once a turn while active: one die (`3`) or
    token (`t1`) shows another symbol. 35: never into Failure or Happiness; 45: a Failure
    into a plain symbol."""
    turn, p = own_turn(state, name)
    card = active_number(p, number)
    sp = lib.special_by_id(number)
    if sp is None or sp.change is None:
        raise RuleError(f"card {number} changes no symbol (35 Illusionist, 45 Trip around the world)")
    if card is None:
        raise RuleError(f"{p['name']} has no active {number} {sp.en}")
    if number in turn["changed"]:
        raise RuleError(f"{sp.en} has changed a symbol this turn")
    if to not in lib.plain:
        raise RuleError(f"{sp.en} changes into Health, Relationships, Knowledge or Money only")
    src = _target(turn, p, target)
    if sp.change["from"] == "failure" and src["symbol"] != "failure":
        raise RuleError(f"{sp.en} changes a Failure, not {lib.symbol_en(src['symbol'])}")
    was = src["symbol"]
    if src["kind"] == "die":
        turn["dice"][src["index"] - 1] = to
    else:
        p["tokens"][src["index"]]["symbol"] = to
    turn["changed"].append(number)
    return [{"kind": "changed", "player": p["name"], "card": sp.en, "number": number, "target": target,
             "was": was, "now": to, **tally(turn, p, lib)}]


def _target(turn: Turn, p: Player, target: str) -> Source:
    t = target.strip().lower()
    if t.startswith("t") and t[1:].isdigit():
        i = int(t[1:]) - 1
        if not 0 <= i < len(p["tokens"]) or p["tokens"][i]["used"]:
            raise RuleError(f"no unused token {target} ({len(p['tokens'])} tokens)")
        return {"kind": "token", "index": i, "symbol": p["tokens"][i]["symbol"]}
    if t.isdigit():
        for s in sources(turn, p):
            if s["kind"] == "die" and s["index"] == int(t):
                return s
    raise RuleError(f"no unused die or token {target!r} (a die's place, or t1, t2... for tokens)")
