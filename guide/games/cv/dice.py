"""Phase 1, the roll (V-DICE-1, V-DICE-2) and the cards that bend it: 11 Zoo trip (two more
dice), 46 Bicycle instead of a car (a third reroll), 53 Psychotherapy (Failure dice rolled
in one roll), 35 Illusionist and 45 Trip around the world (one symbol changed)."""

from __future__ import annotations

from guide.core.dice import DiceLike
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .library import Library
from .model import CvState, Player, Turn, active, active_effect, own_turn
from .pool import Source, count, failures, misfortunes_owed, sources
from .protocol import Event, emits

_, ngettext, pgettext = domain("cv").functions()


def dice_for(p: Player, turn: Turn, lib: Library) -> int:
    """V-DICE-1: four dice, one more per die an active card gives, the Zoo trip's two;
    never more than seven."""
    extra = sum(c["dice"] for c in active(p).values())
    return min(lib.most_dice, lib.start_dice + extra + turn["more_dice"])


def rerolls_for(p: Player, lib: Library) -> int:
    """V-DICE-2: two rerolls; the largest an active card allows (46: three)."""
    specials = [lib.special_by_id(c["number"]) for c in active(p).values()]
    return max([lib.rerolls, *(sp.rerolls for sp in specials if sp is not None and sp.rerolls is not None)])


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
        raise RuleError(_("{what}: {n} faces expected, {count} typed").format(
            what=what, n=n, count=len(faces)))
    return list(faces)


@emits
def roll(state: CvState, lib: Library, dice: DiceLike, name: str, n: int | None = None,
         faces: list[str] | None = None) -> list[Event]:
    """V-DICE-1: the first roll of the turn; `faces` are the table's own dice (their count
    is the number of dice)."""
    turn, p = own_turn(state, name)
    if turn["rolled"]:
        raise RuleError(_("{player} has rolled this turn: reroll {player} POS... or end").format(
            player=p['name']))
    if faces is not None:
        n = len(faces)
    if n is None:
        n = dice_for(p, turn, lib)
    if not lib.start_dice <= n <= lib.most_dice:
        raise RuleError(_("a roll is {start_dice} to {most_dice} dice, not {n} (V-DICE-1)").format(
            start_dice=lib.start_dice, most_dice=lib.most_dice, n=n))
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
        raise RuleError(_("{player} has not rolled yet: roll {player}").format(player=p['name']))
    if turn["taken"]:
        raise RuleError(_("cards are taken: the rolls are over (V-TURN-1)"))
    if turn["rolls_left"] <= 0:
        raise RuleError(_("{player} has no reroll left (V-DICE-2)").format(player=p['name']))
    if not positions and not turn["more_dice"]:
        raise RuleError(_("reroll which dice? give their places, 1 to {most}").format(most=len(turn["dice"])))
    if len(set(positions)) != len(positions):
        raise RuleError(_("a die is named twice"))
    for pos in positions:
        if not 1 <= pos <= len(turn["dice"]):
            raise RuleError(_("no die at place {pos} (1 to {count})").format(
                pos=pos, count=len(turn['dice'])))
        if turn["used"][pos - 1]:
            raise RuleError(_("the die at place {pos} is used").format(pos=pos))
    failed = [pos for pos in positions if turn["dice"][pos - 1] == "failure"]
    if failed and (active_effect(p, lib, "reroll_failure") is None or turn["psycho"]):
        raise RuleError(_("the Failure at place {failed} is frozen (V-DICE-2)").format(failed=failed[0]))
    psycho = bool(failed)           # 53 Psychotherapy rerolls this roll's Failures
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
    token (`t1`) shows another symbol. 35: never into Failure or Happiness, and never a
    Failure (V-DICE-2); 45: a Failure into a plain symbol."""
    turn, p = own_turn(state, name)
    card = next((c for c in active(p).values() if c["number"] == number), None)   # the card, if active
    sp = lib.special_by_id(number)
    if sp is None or sp.change is None:
        raise RuleError(_("card {number} changes no symbol (35 Illusionist, 45 Trip around the"
                          " world)").format(
            number=number))
    if card is None:
        raise RuleError(_("{player} has no active {number} {card}").format(
            player=p['name'], number=number, card=sp.here))
    if number in turn["changed"]:
        raise RuleError(_("{card} has changed a symbol this turn").format(card=sp.here))
    if to not in lib.plain:
        raise RuleError(_("{card} changes into Health, Relationships, Knowledge or Money only").format(
            card=sp.here))
    src = _target(turn, p, target)
    if sp.change["from"] == "failure" and src["symbol"] != "failure":
        raise RuleError(_("{card} changes a Failure, not {value}").format(
            card=sp.here, value=lib.symbols[src['symbol']].here))
    if sp.change["from"] == "not_failure" and src["symbol"] == "failure":
        # V-DICE-2: a Failure is frozen; 35 never changes one (45 is the card that does)
        raise RuleError(_("{card} never changes a Failure (V-DICE-2: it is frozen; 45 Trip"
                          " around the world turns one)").format(card=sp.here))
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
    if t.startswith("t") and t[1:].isascii() and t[1:].isdigit():
        i = int(t[1:]) - 1
        if not 0 <= i < len(p["tokens"]) or p["tokens"][i]["used"]:
            raise RuleError(_("no unused token {target} ({count} tokens)").format(
                target=target, count=len(p['tokens'])))
        return {"kind": "token", "index": i, "symbol": p["tokens"][i]["symbol"]}
    if t.isascii() and t.isdigit():      # "²" and "①" are digits int() refuses
        for s in sources(turn, p):
            if s["kind"] == "die" and s["index"] == int(t):
                return s
    raise RuleError(_("no unused die or token {target!r} (a die's place, or t1, t2... for tokens)").format(
        target=target))
