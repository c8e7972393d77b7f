"""Events as the lines a player reads. `render(event, seat)` is for one seat's screen: an
event private to other seats renders as nothing (None)."""

from __future__ import annotations

from collections.abc import Callable
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
TO = "to"       # an event's key (screen.news): the seat whose page it is told on, said as You


def _is_you(e: Event, name: str) -> bool:
    """Is `name` the player the line is for: the seat of the page it is told on (`TO`), else
    the terminal's own player, named You? On another seat's page You is a third person."""
    return name == e.get(TO, YOU)


def _name(e: Event, name: str) -> str:
    """A player's name in a line, the one it is for said as You."""
    return YOU if _is_you(e, name) else name


def _say(e: Event, you: str, other: str, key: str = "who", **fields: Any) -> str:
    """The line for the screen of the player who acts (the event's `key`): "You draw"; or
    for everyone else: "Aino draws"."""
    who = e[key]
    return (you if _is_you(e, who) else other).format(who=who, **fields)


# The kinds said one way on the screen of the player who acts ("You draw from the deck.")
# and another on everyone else's ("Aino draws from the deck."): the event's `name` (a seat
# joining or leaving) or `who` (a move) is who acts, and its other values fill the sentence;
# a third way, where the other way has a possessive, for the terminal's You on another
# seat's page (whose: no "You's").
SAID_BY = {
    "joined": (N_("You join with {score} (the average of {seats} seats)."),
               N_("{who} joins with {score} (the average of {seats} seats).")),
    "stays": (N_("You stay at the table."), N_("{who} stays at the table.")),
    "join_waits": (N_("You take {bot}'s seat at the next round."),
                   N_("{who} takes {bot}'s seat at the next round.")),
    "took_seat": (N_("You take {bot}'s seat with {score} (the table's average)."),
                  N_("{who} takes {bot}'s seat with {score} (the table's average).")),
    "left": (N_("You leave with {score}."), N_("{who} leaves with {score}.")),
    "leaving": (N_("You leave: safe moves until the round ends, then a bot takes the seat."),
                N_("{who} leaves: safe moves until the round ends, then a bot takes the seat.")),
    "bot_seat": (N_("{bot} (a bot) takes your seat."), N_("{bot} (a bot) takes {who}'s seat."),
                 N_("{bot} (a bot) takes the seat of {who}.")),
    "drew": (N_("You draw from the deck."), N_("{who} draws from the deck.")),
    "took": (N_("You take the discard, {value}."), N_("{who} takes the discard, {value}.")),
    "put_back": (N_("You put the card back."), N_("{who} puts the card back.")),
    "glimpse": (N_("You let the table glimpse the drawn card."),
                N_("{who} lets the table glimpse the drawn card.")),
    "clock_ran_out": (N_("Your {limit} seconds ran out: the safe move is played (no penalty)."),
                      N_("{who}'s {limit} seconds ran out: the safe move is played (no penalty)."),
                      N_("The {limit} seconds of {who} ran out: the safe move is played (no penalty).")),
    "called": (N_("You call KAIVO!"), N_("{who} calls KAIVO!")),
}


def whose(name: str, theirs: str, of_you: str) -> str:
    """A sentence with a possessive of a player's name ("Spy on {who}'s position {pos}"),
    already translated; for the terminal's own player, named You, as a friend's page or the
    terminal's prompt names them, `of_you`, which says it without the 's ("Spy on position
    {pos} of {who}"): "You's" is no English."""
    return of_you if name == YOU else theirs


def whose_turn(name: str) -> str:
    """Whose turn it is, when a move comes out of turn: "your turn" for the terminal's own
    You (a refusal is read at the terminal), else the player's."""
    return _("it is your turn") if name == YOU else _("it is {name}'s turn").format(name=name)


def _said_by(you: str, other: str, of_you: str | None = None) -> Callable[[Event], str]:
    """The words of a kind of SAID_BY."""

    def said(e: Event) -> str:
        key = "name" if "name" in e else "who"
        theirs = whose(e[key], _(other), _(of_you or other))
        return _say(e, _(you), theirs, key, **{k: v for k, v in e.items() if k != "who"})

    return said


def _whose_position(e: Event, name: str, pos: int) -> str:
    if _is_you(e, name):
        return _("your position {pos}").format(pos=pos)
    return whose(name, _("{name}'s position {pos}"), _("position {pos} of {name}")).format(
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


def _match(e: Event) -> str:
    return _("New match: {players}; {dealer} deals.").format(players=", ".join(e["players"]),
                                                               dealer=_name(e, e["dealer"]))


def _scored(e: Event) -> str:
    return "\n".join([_("Round {round}:").format(round=e["round"])]
                     + ["  " + score_line(x) for x in e["lines"]])


def _match_over(e: Event) -> str:
    names = e["winners"]
    if len(names) == 1 and _is_you(e, names[0]):
        return _("The match is over: You win with {score}!").format(score=e["score"])
    if len(names) == 1:
        return _("The match is over: {who} wins with {score}.").format(who=names[0], score=e["score"])
    return _("The match is over: {who} share the win with {score}.").format(
        who=_(" and ").join(_name(e, n) for n in names), score=e["score"])


def _join_dropped(e: Event) -> str:
    return _("{who} will not join after all.").format(who=_name(e, e["name"]))


def _dropped(e: Event) -> str:
    return _("Round {round} is taken back; the rounds after it are scored"
             " again.").format(round=e["round"])


def _dealt(e: Event) -> str:
    deals = _say(e, _("You deal"), _("{who} deals"), "dealer")
    starts = _say(e, _("You start"), _("{who} starts"), "first")
    return _("{deals}; {starts}. Discard pile: {discard}, deck: {deck}.").format(
        deals=deals, starts=starts, discard=e["discard"], deck=e["deck"])


def _outer(e: Event) -> str:
    cards = ", ".join(_("position {pos} is {value}").format(pos=p + 1, value=v) for p, v in e["cards"])
    return _("You peek at your outer cards: {cards}. Remember them.").format(cards=cards)


def _refilled(e: Event) -> str:
    return _("The deck is empty: the discard pile but its top is shuffled in ({deck} cards).").format(
        deck=e["deck"])


def _held(e: Event) -> str:
    if e.get("power") in POWER_NAMES:         # K-POW-1: a power card with its name beside
        return _("You drew {value} ({power}).").format(value=e["value"], power=_power(e))
    return _("You drew {value}.").format(value=e["value"])


def _swapped(e: Event) -> str:
    if "value" in e:
        return _say(e, _("You put {value} at position {pos}; {out} goes to the discard pile."),
                    _("{who} puts {value} at position {pos}; {out} goes to the discard pile."),
                    value=e["value"], pos=_pos(e), out=e["out"])
    return _say(e, _("You put the card at position {pos}; {out} goes to the discard pile."),
                _("{who} puts the card at position {pos}; {out} goes to the discard pile."),
                pos=_pos(e), out=e["out"])


def _discarded(e: Event) -> str:
    if "power" in e:
        return _say(e, _("You discard {value}, a {power} to use."),
                    _("{who} discards {value}, a {power} to use."), value=e["value"], power=_power(e))
    return _say(e, _("You discard {value}."), _("{who} discards {value}."), value=e["value"])


def _peeked(e: Event) -> str:
    return _say(e, _("You peek at your position {pos}."),
                _("{who} peeks at their position {pos}."), pos=_pos(e))


def _spied(e: Event) -> str:
    return _say(e, _("You spy on {position}."), _("{who} spies on {position}."),
                position=_whose_position(e, e["whom"], _pos(e)))


def _swapped_power(e: Event) -> str:
    return _say(e, _("You swap your position {pos} with {position}."),
                _("{who} swaps their position {pos} with {position}."), pos=_pos(e),
                position=_whose_position(e, e["whom"], _pos(e, "tpos")))


def _saw(e: Event) -> str:
    return _("You see {value} at position {pos}.").format(value=e["value"], pos=_pos(e))


def _mind_read(e: Event) -> str:
    return _say(e, _("You read {position}: {value}, face up."),
                _("{who} reads {position}: {value}, face up."),
                position=_whose_position(e, e["whom"], _pos(e)), value=e["value"])


def _skipped(e: Event) -> str:
    return _say(e, _("You skip the {power} power."), _("{who} skips the {power} power."),
                power=_power(e))


def _caught(e: Event) -> str:
    return _("You catch a glimpse of {who}'s card: {value}.").format(who=e["who"], value=e["value"])


def _revealed(e: Event) -> str:
    return "\n".join(f"  {name}: {' '.join(str(v) for v in vals)} = {e['totals'][name]}"
                     for name, vals in e["hands"].items())

# Each kind of event Kaivo tells, and the function that says it.
RENDER: dict[str, Callable[[Event], str]] = {
    **{kind: _said_by(*said) for kind, said in SAID_BY.items()},
    "match": _match,
    "scored": _scored,
    "match_over": _match_over,
    "join_dropped": _join_dropped,
    "dropped": _dropped,
    "dealt": _dealt,
    "outer": _outer,
    "refilled": _refilled,
    "held": _held,
    "swapped": _swapped,
    "discarded": _discarded,
    "peeked": _peeked,
    "spied": _spied,
    "swapped_power": _swapped_power,
    "saw": _saw,
    "mind_read": _mind_read,
    "skipped": _skipped,
    "caught": _caught,
    "revealed": _revealed,
}


def render(e: Event, seat: str | None = None) -> str | None:
    """The line of an event for `seat`'s screen (None: the game master's): an event private
    to another seat says nothing."""
    if "private" in e and (seat is None or seat != e["private"]):
        return None
    fn = RENDER.get(e["kind"])
    return None if fn is None else fn(e)
