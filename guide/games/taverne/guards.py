"""Checks shared by the commands: the call a command belongs to, and who may act."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import domain

from .model import Player, State, active, away, find

CALL_OF = {"buy": 2, "militia": 2, "asset": 2, "dodges": 3, "attack": 4, "dodge": 5}
_, ngettext, pgettext = domain("taverne").functions()


def in_brawl(state: State) -> None:
    if state["phase"] == "setup":
        raise RuleError(_("the brawl has not started: seat players with `player`, then `start`"))
    if state["phase"] == "auction":
        raise RuleError(_("the Auction is on: every player bids with `bid NAME ENERGY`, then `call`"))
    if state["phase"] == "over":
        who = _(" and ").join(state["winners"])
        raise RuleError(_("the brawl is over: {who} won").format(who=who) if who
                        else _("the brawl is over: nobody won"))


def at_call(state: State, command: str) -> None:
    in_brawl(state)
    want = CALL_OF[command]
    if state["call"] != want:
        raise RuleError(_("{command} is for call {want}; this is call {call}").format(
            command=command, want=want, call=state['call']))


def acting(state: State, name: str) -> Player:
    """A player who is in the brawl right now (present, not eliminated, entered), once the
    brawl is on."""
    in_brawl(state)
    p = find(state, name)
    if p["entering"]:
        raise RuleError(_("{player} enters the brawl at the next call 1 (T-NEW-1)").format(player=p['name']))
    if p["eliminated"]:
        raise RuleError(_("{player} was shown the door; they may come back with a new Character"
                          " (T-NEW-1)").format(
            player=p['name']))
    if away(state, p["name"]):
        raise RuleError(_("{player} is away: nothing affects them (T-LEAVE-1)").format(player=p['name']))
    return p


def aimed_at(state: State, name: str) -> Player:
    """The player an Attack or a Spell aims at, who must be in the brawl right now: nothing
    affects one away, shown the door or not yet entered (T-WPN-2, T-LEAVE-1)."""
    p = find(state, name)
    if not active(state, p["name"]):
        raise RuleError(_("{victim} is not in the brawl (away, shown the door or not yet entered): nothing"
                          " affects them (T-WPN-2, T-LEAVE-1)").format(victim=p["name"]))
    return p
