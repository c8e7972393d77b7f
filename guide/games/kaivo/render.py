"""Events as the lines a player reads. `render(event, seat)` is for one seat's screen: an
event private to other seats renders as nothing (None)."""

from __future__ import annotations

from typing import Any

from guide.core.i18n import N_, domain

Event = dict[str, Any]

POWER_NAMES = {"peek": N_("Peek"), "spy": N_("Spy"), "swap": N_("Swap"), "mindread": N_("Mind Read")}
_, ngettext, pgettext = domain("kaivo").functions()


def score_line(line: dict[str, Any]) -> str:
    """One player's K-SCORE-1/2 arithmetic, e.g.
    'Ben called with 7, not the lowest (Ann 5): 7 + 10 = 17; 30 + 17 = 47'."""
    name, total, before, added = line["name"], line["total"], line["before"], line["added"]
    if line["caller"]:
        if line["lowest"]:
            head = (_("{name} called with {total}, tied for the lowest: adds 0") if line["tied"]
                    else _("{name} called with {total}, the lowest: adds 0")).format(name=name, total=total)
        else:
            who, low = line["beaten_by"]
            head = _("{name} called with {total}, not the lowest ({who} {low}): {total} + {penalty} ="
                     " {added}").format(name=name, total=total, who=who, low=low, penalty=line["penalty"],
                                        added=added)
    else:
        head = f"{name} {total}"
    text = f"{head}; {before} + {added} = {before + added}"
    if line["dropped"]:
        text += _(", exactly {sum}: drops to {after}").format(sum=before + added, after=line["after"])
    return text


YOU = "You"


def _say(who: str, you: str, other: str, **fields: Any) -> str:
    """The line for the seat's own screen ("You draw") or for everyone else ("Aino draws")."""
    return (you if who == YOU else other).format(who=who, **fields)


def _whose_position(name: str, pos: int) -> str:
    return (_("your position {pos}") if name == YOU else _("{name}'s position {pos}")).format(
        name=name, pos=pos)


def _pos(e: Event, key: str = "pos") -> int:
    return int(e[key]) + 1


def card_called(value: int, powers: dict[int, str] | None) -> str:
    """A card by its number, a power card with its name beside ("13 Mind Read", K-POW-1):
    the card one holds, at the terminal, as the seat's page shows it."""
    power = (powers or {}).get(value)
    if power not in POWER_NAMES:
        return str(value)
    return _("{value} {power}").format(value=value, power=_(POWER_NAMES[power]))


def _power(e: Event) -> str:
    return _(POWER_NAMES[e["power"]]) if e["power"] in POWER_NAMES else str(e["power"])


def render(e: Event, seat: str | None = None) -> str | None:
    if "private" in e and (seat is None or seat != e["private"]):
        return None
    kind = e["kind"]
    who = e.get("who", "")
    if kind == "match":
        return _("New match: {players}; {dealer} deals.").format(players=", ".join(e["players"]),
                                                                   dealer=e["dealer"])
    if kind == "scored":
        return "\n".join([_("Round {round}:").format(round=e["round"])]
                         + ["  " + score_line(x) for x in e["lines"]])
    if kind == "match_over":
        names = e["winners"]
        if names == [YOU]:                   # the terminal's own player (or a seat's news)
            return _("The match is over: You win with {score}!").format(score=e["score"])
        if len(names) == 1:
            return _("The match is over: {who} wins with {score}.").format(who=names[0], score=e["score"])
        return _("The match is over: {who} share the win with {score}.").format(
            who=_(" and ").join(names), score=e["score"])
    if kind == "joined":
        return _say(e["name"], _("You join with {score} (the average of {seats} seats)."),
                    _("{who} joins with {score} (the average of {seats} seats)."), score=e["score"],
                    seats=e["seats"])
    if kind == "stays":
        return _say(e["name"], _("You stay at the table."), _("{who} stays at the table."))
    if kind == "join_dropped":
        return _("{who} will not join after all.").format(who=e["name"])
    if kind == "join_waits":
        return _say(e["name"], _("You take {bot}'s seat at the next round."),
                    _("{who} takes {bot}'s seat at the next round."), bot=e["bot"])
    if kind == "took_seat":
        return _say(e["name"], _("You take {bot}'s seat with {score} (the table's average)."),
                    _("{who} takes {bot}'s seat with {score} (the table's average)."), bot=e["bot"],
                    score=e["score"])
    if kind == "left":
        return _say(e["name"], _("You leave with {score}."), _("{who} leaves with {score}."),
                    score=e["score"])
    if kind == "leaving":
        return _say(e["name"], _("You leave: safe moves until the round ends, then a bot takes the seat."),
                    _("{who} leaves: safe moves until the round ends, then a bot takes the seat."))
    if kind == "bot_seat":
        return _say(e["name"], _("{bot} (a bot) takes your seat."), _("{bot} (a bot) takes {who}'s seat."),
                    bot=e["bot"])
    if kind == "dropped":
        return _("Round {round} is taken back; the rounds after it are scored"
                 " again.").format(round=e["round"])
    if kind == "dealt":
        deals = _say(e["dealer"], _("You deal"), _("{who} deals"))
        starts = _say(e["first"], _("You start"), _("{who} starts"))
        return _("{deals}; {starts}. Discard pile: {discard}, deck: {deck}.").format(
            deals=deals, starts=starts, discard=e["discard"], deck=e["deck"])
    if kind == "outer":
        cards = ", ".join(_("position {pos} is {value}").format(pos=p + 1, value=v) for p, v in e["cards"])
        return _("You peek at your outer cards: {cards}. Remember them.").format(cards=cards)
    if kind == "refilled":
        return _("The deck is empty: the discard pile but its top is shuffled in ({deck} cards).").format(
            deck=e["deck"])
    if kind == "drew":
        return _say(who, _("You draw from the deck."), _("{who} draws from the deck."))
    if kind == "held":
        if e.get("power") in POWER_NAMES:
            return _("You drew {value} ({power}).").format(value=e["value"], power=_power(e))
        return _("You drew {value}.").format(value=e["value"])
    if kind == "took":
        return _say(who, _("You take the discard, {value}."), _("{who} takes the discard, {value}."),
                    value=e["value"])
    if kind == "put_back":
        return _say(who, _("You put the card back."), _("{who} puts the card back."))
    if kind == "swapped":
        if "value" in e:
            return _say(who, _("You put {value} at position {pos}; {out} goes to the discard pile."),
                        _("{who} puts {value} at position {pos}; {out} goes to the discard pile."),
                        value=e["value"], pos=_pos(e), out=e["out"])
        return _say(who, _("You put the card at position {pos}; {out} goes to the discard pile."),
                    _("{who} puts the card at position {pos}; {out} goes to the discard pile."),
                    pos=_pos(e), out=e["out"])
    if kind == "discarded":
        if "power" in e:
            return _say(who, _("You discard {value}, a {power} to use."),
                        _("{who} discards {value}, a {power} to use."), value=e["value"], power=_power(e))
        return _say(who, _("You discard {value}."), _("{who} discards {value}."), value=e["value"])
    if kind == "peeked":
        return _say(who, _("You peek at your position {pos}."), _("{who} peeks at their position {pos}."),
                    pos=_pos(e))
    if kind == "spied":
        return _say(who, _("You spy on {position}."), _("{who} spies on {position}."),
                    position=_whose_position(e["whom"], _pos(e)))
    if kind == "swapped_power":
        return _say(who, _("You swap your position {pos} with {position}."),
                    _("{who} swaps their position {pos} with {position}."), pos=_pos(e),
                    position=_whose_position(e["whom"], _pos(e, "tpos")))
    if kind == "saw":
        return _("You see {value} at position {pos}.").format(value=e["value"], pos=_pos(e))
    if kind == "mind_read":
        return _say(who, _("You read {position}: {value}, face up."),
                    _("{who} reads {position}: {value}, face up."),
                    position=_whose_position(e["whom"], _pos(e)), value=e["value"])
    if kind == "skipped":
        return _say(who, _("You skip the {power} power."), _("{who} skips the {power} power."),
                    power=_power(e))
    if kind == "glimpse":
        return _say(who, _("You let the table glimpse the drawn card."),
                    _("{who} lets the table glimpse the drawn card."))
    if kind == "caught":
        return _("You catch a glimpse of {who}'s card: {value}.").format(who=who, value=e["value"])
    if kind == "clock_ran_out":
        return _say(who, _("Your {limit} seconds ran out: the safe move is played (no penalty)."),
                    _("{who}'s {limit} seconds ran out: the safe move is played (no penalty)."),
                    limit=e["limit"])
    if kind == "called":
        return _say(who, _("You call KAIVO!"), _("{who} calls KAIVO!"))
    if kind == "revealed":
        return "\n".join(f"  {name}: {' '.join(str(v) for v in vals)} = {e['totals'][name]}"
                         for name, vals in e["hands"].items())
    return None
