"""Events as the lines a player reads. `render(event, seat)` is for one seat's screen: an
event private to other seats renders as nothing (None)."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]

POWER_NAMES = {"peek": "Peek", "spy": "Spy", "swap": "Swap", "mindread": "Mind Read"}


def score_line(line: dict[str, Any]) -> str:
    """One player's K-SCORE-1/2 arithmetic, e.g.
    'Ben called with 7, not the lowest (Ann 5): 7 + 10 = 17; 30 + 17 = 47'."""
    name, total, before, added = line["name"], line["total"], line["before"], line["added"]
    if line["caller"]:
        if line["lowest"]:
            how = "tied for the lowest" if line["tied"] else "the lowest"
            head = f"{name} called with {total}, {how}: adds 0"
        else:
            who, low = line["beaten_by"]
            head = (f"{name} called with {total}, not the lowest ({who} {low}): "
                    f"{total} + {line['penalty']} = {added}")
    else:
        head = f"{name} {total}"
    text = f"{head}; {before} + {added} = {before + added}"
    if line["dropped"]:
        text += f", exactly {before + added}: drops to {line['after']}"
    return text


YOU = "You"


def _does(who: str, verb: str) -> str:
    """'Aino draws', 'You draw'."""
    if who != YOU:
        return f"{who} {verb}"
    return f"{who} " + {"spies": "spy", "lets": "let"}.get(verb, verb[:-1])


def _their(who: str) -> str:
    return "your" if who == YOU else "their"


def _whose(name: str) -> str:
    return "your" if name == YOU else f"{name}'s"


def _pos(e: Event, key: str = "pos") -> int:
    return int(e[key]) + 1


def render(e: Event, seat: str | None = None) -> str | None:
    if "private" in e and (seat is None or seat != e["private"]):
        return None
    kind = e["kind"]
    if kind == "match":
        return f"New match: {', '.join(e['players'])}; {e['dealer']} deals."
    if kind == "scored":
        return "\n".join([f"Round {e['round']}:"] + ["  " + score_line(x) for x in e["lines"]])
    if kind == "match_over":
        names = e["winners"]
        who = names[0] + " wins" if len(names) == 1 else " and ".join(names) + " share the win"
        return f"The match is over: {who} with {e['score']}."
    if kind == "joined":
        return f"{_does(e['name'], 'joins')} with {e['score']} (the average of {e['seats']} seats)."
    if kind == "join_dropped":
        return f"{e['name']} will not join after all."
    if kind == "join_waits":
        return f"{_does(e['name'], 'takes')} {e['bot']}'s seat at the next round."
    if kind == "took_seat":
        return f"{_does(e['name'], 'takes')} {e['bot']}'s seat with {e['score']} (the table's average)."
    if kind == "left":
        return f"{_does(e['name'], 'leaves')} with {e['score']}."
    if kind == "leaving":
        return f"{_does(e['name'], 'leaves')}: safe moves until the round ends, then a bot takes the seat."
    if kind == "bot_seat":
        return f"{e['bot']} (a bot) takes {_whose(e['name'])} seat."
    if kind == "dropped":
        return f"Round {e['round']} is taken back; the rounds after it are scored again."
    if kind == "dealt":
        return (f"{_does(e['dealer'], 'deals')}; {_does(e['first'], 'starts')}. "
                f"Discard pile: {e['discard']}, deck: {e['deck']}.")
    if kind == "outer":
        cards = ", ".join(f"position {p + 1} is {v}" for p, v in e["cards"])
        return f"You peek at your outer cards: {cards}. Remember them."
    if kind == "refilled":
        return f"The deck is empty: the discard pile but its top is shuffled in ({e['deck']} cards)."
    if kind == "drew":
        return f"{_does(e['who'], 'draws')} from the deck."
    if kind == "held":
        return f"You drew {e['value']}."
    if kind == "took":
        return f"{_does(e['who'], 'takes')} the discard, {e['value']}."
    if kind == "put_back":
        return f"{_does(e['who'], 'puts')} the card back."
    if kind == "swapped":
        new = f" {e['value']}" if "value" in e else " the card"
        return (f"{_does(e['who'], 'puts')}{new} at position {_pos(e)}; "
                f"{e['out']} goes to the discard pile.")
    if kind == "discarded":
        extra = f", a {POWER_NAMES[e['power']]} to use" if "power" in e else ""
        return f"{_does(e['who'], 'discards')} {e['value']}{extra}."
    if kind == "peeked":
        return f"{_does(e['who'], 'peeks')} at {_their(e['who'])} position {_pos(e)}."
    if kind == "spied":
        return f"{_does(e['who'], 'spies')} on {_whose(e['whom'])} position {_pos(e)}."
    if kind == "swapped_power":
        return (f"{_does(e['who'], 'swaps')} {_their(e['who'])} position {_pos(e)} with "
                f"{_whose(e['whom'])} position {_pos(e, 'tpos')}.")
    if kind == "saw":
        return f"You see {e['value']} at position {_pos(e)}."
    if kind == "mind_read":
        return f"{_does(e['who'], 'reads')} {_whose(e['whom'])} position {_pos(e)}: {e['value']}, face up."
    if kind == "skipped":
        return f"{_does(e['who'], 'skips')} the {POWER_NAMES.get(e['power'], e['power'])} power."
    if kind == "glimpse":
        return f"{_does(e['who'], 'lets')} the table glimpse the drawn card."
    if kind == "caught":
        return f"You catch a glimpse of {e['who']}'s card: {e['value']}."
    if kind == "clock_ran_out":
        whose = _whose(e["who"]).capitalize() if e["who"] == YOU else _whose(e["who"])
        return f"{whose} {e['limit']} seconds ran out: the safe move is played (no penalty)."
    if kind == "called":
        return f"{_does(e['who'], 'calls')} KAIVO!"
    if kind == "revealed":
        return "\n".join(f"  {name}: {' '.join(str(v) for v in vals)} = {e['totals'][name]}"
                         for name, vals in e["hands"].items())
    return None
