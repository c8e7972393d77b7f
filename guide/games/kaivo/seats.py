"""Kaivo's seats (guide.core.seats): friends at the table, each on their own phone.

Every person at a dealt table has a seat, and so has a friend waiting to join (K-JOIN-1: they
take a bot's seat at the next deal); bots have none. A seat's page shows its own row as that
seat knows it (the outer peek, its peeks, what it drew, what a Swap gave it), the opponents'
rows as it knows them, the card in play if it may see it, the pile, the deck, the scores and
the round's public news; on its turn, its moves as buttons (the glimpse is one tap), and
between rounds the deal. Every value comes through `knowledge.view(table, seat)`: nothing
here reads a card of the state itself. A seat's move is a line of the same commands
(`draw --as Ann`), run at once (seat_policy "apply"), then the bots play as after a command
typed at the terminal.
"""

from __future__ import annotations

import shlex
from typing import Any

from guide.core.i18n import domain

from . import match
from .deck import Rules
from .knowledge import SeatView, view
from .model import KaivoState
from .render import POWER_NAMES, score_line
from .screen import news, row, showing
from .table import Action, legal

_, ngettext, pgettext = domain("kaivo").functions()


def seats(state: KaivoState) -> list[str]:
    """The persons at a dealt table, then the friends waiting to join."""
    if state["mode"] != "play":
        return []
    return [p["name"] for p in state["players"] if not p["bot"]] + list(state["joining"])


def _index(state: KaivoState, seat: str) -> int | None:
    """The seat's place at the table, if it is a person's (None for a friend still waiting)."""
    for i, p in enumerate(state["players"]):
        if p["name"] == seat and not p["bot"]:
            return i
    return None


def _held(v: SeatView, me: int | None) -> tuple[str | None, str | None]:
    """The card in play as this seat may know it: (its own, another's), in words."""
    if v["held"] is None:
        return None, None
    how = _("taken from the discard") if v["held_from"] == "discard" else _("drawn from the deck")
    if v["turn"] == me:
        return f"{v['held']} ({how})", None
    caught = "" if v["held_from"] == "discard" else _(", you caught the glimpse")
    return None, _("{who} holds {card} ({how}{caught})").format(who=v["names"][v["turn"]], card=v["held"],
                                                                how=how, caught=caught)


def seat_view(state: KaivoState, seat: str, title: str, at: float, hints: bool) -> dict[str, Any]:
    """What the seat's page shows: the public table and that seat's own knowledge, a card
    it saw only for the box's seconds (K-DEAL-1: `showing` at `at`)."""
    me = _index(state, seat)
    players = state["players"]
    out: dict[str, Any] = {"title": title, "round": state["round"],
                           "dealer": players[state["dealer"]]["name"] if players else None,
                           "winners": list(state["winners"])}
    you: dict[str, Any] = {"name": seat}
    if me is None:
        you["joins"] = _joins(state, seat)
    else:
        you["score"] = players[me]["score"]
        you["leaving"] = players[me]["leaving"]
    out["you"] = you
    t = state["table"]
    if t is not None:
        v = view(t, me, showing(state, me, at, hints))
        if me is not None:
            you["row"] = row(v, me)
            you["cards"] = list(v["hands"][me])
            you["holding"], other = _held(v, me)
        else:
            other = None
        out["table"] = {
            "phase": "over" if t["phase"] == "over" else "in play",
            "turn": v["names"][v["turn"]], "discard_top": v["discard"][-1] if v["discard"] else None,
            "deck_left": v["deck_left"], "held": other,
            "rows": {name: row(v, s) for s, name in enumerate(v["names"]) if s != me},
        }
    out["scores"] = {p["name"] + (" (bot)" if p["bot"] else ""): p["score"] for p in players}
    out["news"] = news(state, seat)
    if state["last"]:
        out["last_round"] = [score_line(line) for line in state["last"]]
    return out


def _joins(state: KaivoState, seat: str) -> str:
    """K-JOIN-1 for a friend waiting: whose seat they take at the next deal."""
    waiting = state["joining"]
    bots = [p["name"] for p in state["players"] if p["bot"]]
    i = waiting.index(seat) if seat in waiting else -1
    bot = bots[i] if 0 <= i < len(bots) else _("a bot")
    return _("You take {bot}'s seat at the next deal, with the average of the other seats'"
             " scores.").format(bot=bot)


def seat_moves(state: KaivoState, seat: str, rules: Rules) -> list[tuple[str, str]]:
    """The seat's moves now: every legal move on its turn; between rounds, the deal (for the
    dealer, or the first person after a bot dealer)."""
    me = _index(state, seat)
    t = state["table"]
    if me is None or t is None or state["winners"]:
        return []
    who = " --as " + shlex.quote(seat)
    if t["phase"] == "over":
        return [(_("Deal round {round}").format(round=state["round"]), "deal")] if _deals(state) == me else []
    if match.acting(state) != me:
        return []
    v = view(t, me, set())                 # the labels name no remembered value
    return [(_label(v, rules, m), _line(t["names"], m) + who) for m in legal(t, rules)]


def _deals(state: KaivoState) -> int | None:
    """The person who deals the next round from their seat: the dealer, or after a bot
    dealer the first person in seat order from it."""
    n = len(state["players"])
    for k in range(n):
        i = (state["dealer"] + k) % n
        if not state["players"][i]["bot"]:
            return i
    return None


def _line(names: list[str], move: Action) -> str:
    """A rules move as the command line (positions 1..4, players by name)."""
    kind, *args = move
    if kind in ("spy", "mindread"):
        return f"{kind} {shlex.quote(names[args[0]])} {args[1] + 1}"
    if kind == "swapwith":
        return f"swapwith {args[0] + 1} {shlex.quote(names[args[1]])} {args[2] + 1}"
    return " ".join([kind] + [str(a + 1) for a in args])


def _label(v: SeatView, rules: Rules, move: Action) -> str:
    """A move as its button says it."""
    kind, *args = move
    names = v["names"]
    if kind == "draw":
        return _("Draw from the deck")
    if kind == "take":
        return _("Take the discard ({card})").format(card=v["discard"][-1])
    if kind == "kaivo":
        return _("Call KAIVO!")
    if kind == "swap":
        verb = _("Keep it at position {pos}") if v["phase"] == "drawn" else _("Put it at position {pos}")
        return verb.format(pos=args[0] + 1)
    if kind == "discard":
        power = rules.powers.get(v["held"]) if v["held"] is not None else None
        return _("Discard it and use {power}").format(power=_(POWER_NAMES[power])) if power \
            else _("Discard it")
    if kind == "glimpse":
        return _("Let the table glimpse it")
    if kind == "putback":
        return _("Put it back")
    if kind == "peek":
        return _("Peek at your position {pos}").format(pos=args[0] + 1)
    if kind in ("spy", "mindread"):
        verb = _("Spy on {who}'s position {pos}") if kind == "spy" else _("Mind Read {who}'s position {pos}")
        return verb.format(who=names[args[0]], pos=args[1] + 1)
    if kind == "swapwith":
        return _("Swap your {pos} for {who}'s {their}").format(pos=args[0] + 1, who=names[args[1]],
                                                                their=args[2] + 1)
    if kind == "skip":
        power = v["power"] or ""
        return _("Skip the {power} power").format(power=_(POWER_NAMES[power]) if power in POWER_NAMES
                                                 else _("power"))
    return kind
