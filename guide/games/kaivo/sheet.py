"""Scoring a match (K-SCORE-1..3, K-JOIN-1) and the score sheet for a match played with
real cards: each round is entered as the hand totals and the caller.

The sheet keeps its entries (rounds, joins, leaves) and the scores are their replay, so any
round can be taken back (`drop_round`) and the rest re-scored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import resolve_or_refuse

from .deck import Rules
from .model import Entry, KaivoState, Player, begin_match, new_player
from .table import Event

_, ngettext, pgettext = domain("kaivo").functions()


def round_half_up(total: int, n: int) -> int:
    return (2 * total + n) // (2 * n)


def score_round(rules: Rules, players: list[Player], totals: list[int], caller: int) -> list[dict[str, Any]]:
    """K-SCORE-1 and K-SCORE-2 as data, one line a player (the scores are not changed here):
    everyone adds their total; the caller adds 0 if lowest or tied for lowest, else total + 10;
    a score landing exactly on 100 drops to 50."""
    low = min(totals)
    lines = []
    for i, (p, total) in enumerate(zip(players, totals, strict=True)):
        line: dict[str, Any] = {"name": p["name"], "total": total, "before": p["score"],
                                "caller": i == caller}
        if i == caller:
            line["lowest"] = total == low
            line["tied"] = total == low and totals.count(low) > 1
            added = 0 if total == low else total + rules.early_call
            if total != low:
                j = totals.index(low)
                line["beaten_by"] = [players[j]["name"], low]
                line["penalty"] = rules.early_call
        else:
            added = total
        line["added"] = added
        after = p["score"] + added
        line["dropped"] = after == rules.lands_on
        line["after"] = rules.drops_to if after == rules.lands_on else after
        lines.append(line)
    return lines


def winners(rules: Rules, players: list[Player]) -> list[str]:
    """K-SCORE-3: once a score is above 100, the lowest score wins (tied: shared)."""
    if not any(p["score"] > rules.ends_above for p in players):
        return []
    low = min(p["score"] for p in players)
    return [p["name"] for p in players if p["score"] == low]


def apply_round(rules: Rules, state: KaivoState, totals: list[int], caller: int) -> list[Event]:
    """Score a round on the match (sheet or dealt): K-SCORE-1..3, then the deal moves on."""
    players = state["players"]
    lines = score_round(rules, players, totals, caller)
    for p, line in zip(players, lines, strict=True):
        p["score"] = line["after"]
    state["last"] = lines
    events: list[Event] = [{"kind": "scored", "round": state["round"], "lines": lines}]
    state["round"] += 1
    state["dealer"] = (state["dealer"] + 1) % len(players)
    state["winners"] = winners(rules, players)
    if state["winners"]:
        events.append({"kind": "match_over", "winners": list(state["winners"]),
                       "score": min(p["score"] for p in players)})
    return events


def _names(names: list[str], rules: Rules) -> None:
    if not rules.min_players <= len(names) <= rules.max_players:
        raise RuleError(_("a match has {min_players} to {max_players} players").format(
            min_players=rules.min_players, max_players=rules.max_players))
    for n in names:
        if not n or "=" in n or n.startswith("-"):
            raise RuleError(_("'{n}' cannot be a player's name").format(n=n))
    if len({n.lower() for n in names}) != len(names):
        raise RuleError(_("two players share a name"))


def seat_of(state: KaivoState, name: str) -> int:
    """A player's seat by name as people type it (guide.core.names.resolve)."""
    names = [p["name"] for p in state["players"]]
    return names.index(resolve_or_refuse(name, names, pgettext("what", "player")))


def start(rules: Rules, state: KaivoState, names: list[str]) -> list[Event]:
    """`players NAME ...`: a new match on the score sheet; the first deals."""
    _names(names, rules)
    begin_match(state, "sheet", [new_player(n) for n in names], dealer=0)
    return [{"kind": "match", "players": list(names), "dealer": names[0]}]


def _sheet(state: KaivoState) -> None:
    if state["mode"] != "sheet":
        raise RuleError(_("no score sheet: start one with players NAME NAME"))


def _round(rules: Rules, state: KaivoState, entry: Entry) -> list[Event]:
    """A round entered as the hand totals and the caller, scored (K-SCORE-1..3)."""
    not_won(state)
    totals = _totals(rules, state["players"], entry["totals"])
    return apply_round(rules, state, totals, seat_of(state, entry["caller"]))


def _totals(rules: Rules, players: list[Player], typed: dict[str, int]) -> list[int]:
    """The hand totals typed by name (any case), one a player, seat by seat; refused: a
    name not at the table, a total out of the box's range, a player without one."""
    given = {k.lower(): (k, v) for k, v in typed.items()}
    names = {p["name"].lower() for p in players}
    for key, (name, v) in given.items():
        if key not in names:
            raise RuleError(_("no player named {name!r} at this table").format(name=name))
        if not rules.total_min <= v <= rules.total_max:
            raise RuleError(_("a hand total is {total_min} to {total_max}, not {v}").format(
                total_min=rules.total_min, total_max=rules.total_max, v=v))
    missing = [p["name"] for p in players if p["name"].lower() not in given]
    if missing:
        raise RuleError(_("no total for {value}").format(value=', '.join(missing)))
    return [given[p["name"].lower()][1] for p in players]


def not_won(state: KaivoState) -> None:
    """K-SCORE-3: once the match is won, no round is scored or dealt."""
    if state["winners"]:
        raise RuleError(_("the match is over: {value} won").format(
            value=pgettext("joined", " and ").join(state['winners'])))


def _not_over(state: KaivoState) -> None:
    if state["winners"]:
        raise RuleError(_("the match is over"))


def _join(rules: Rules, state: KaivoState, entry: Entry) -> list[Event]:
    """K-JOIN-1: a player joins with the average of the scores, rounded half up."""
    _not_over(state)
    players = state["players"]
    name = entry["name"]
    if len(players) >= rules.max_players:
        raise RuleError(_("the table is full ({max_players} players)").format(
            max_players=rules.max_players))
    if any(p["name"].lower() == name.lower() for p in players):
        raise RuleError(_("{name} is at the table already").format(name=name))
    _names([p["name"] for p in players] + [name], rules)
    score = round_half_up(sum(p["score"] for p in players), len(players))   # K-JOIN-1
    players.append(new_player(name, score=score))
    return [{"kind": "joined", "name": name, "score": score, "seats": len(players) - 1}]


def _leave(rules: Rules, state: KaivoState, entry: Entry) -> list[Event]:
    """A player leaves the match (the deal stays with the same player)."""
    _not_over(state)
    players = state["players"]
    i = seat_of(state, entry["name"])
    if len(players) <= rules.min_players:
        raise RuleError(_("a match needs {min_players} players").format(min_players=rules.min_players))
    left = players.pop(i)
    if i < state["dealer"]:
        state["dealer"] -= 1
    state["dealer"] %= len(players)
    return [{"kind": "left", "name": left["name"], "score": left["score"]}]


# the sheet's entries by kind (model.Entry), each a line of the sheet applied to the match
ENTRIES: dict[str, Callable[[Rules, KaivoState, Entry], list[Event]]] = {
    "round": _round, "join": _join, "leave": _leave}


def enter(rules: Rules, state: KaivoState, entry: Entry) -> list[Event]:
    """`round ...`, `join NAME`, `leave NAME` on the score sheet."""
    _sheet(state)
    events = ENTRIES[entry["kind"]](rules, state, entry)
    state["entries"].append(entry)
    return events


def round_entry(totals: dict[str, int], caller: str) -> Entry:
    return Entry(kind="round", totals=dict(totals), caller=caller)


def replay(rules: Rules, state: KaivoState, entries: list[Entry]) -> None:
    """The sheet from its opening seats and these entries (RuleError if one no longer fits)."""
    start(rules, state, state["start"])
    for entry in entries:
        ENTRIES[entry["kind"]](rules, state, entry)
    state["entries"] = list(entries)


def drop_round(rules: Rules, state: KaivoState, number: int) -> list[Event]:
    """Take back round `number` (1 = the first) and re-score every entry after it."""
    _sheet(state)
    rounds = [i for i, e in enumerate(state["entries"]) if e["kind"] == "round"]
    if not 1 <= number <= len(rounds):
        raise RuleError(_("there is no round {number} on the sheet").format(number=number))
    entries = [e for i, e in enumerate(state["entries"]) if i != rounds[number - 1]]
    trial = KaivoState(**{**state, "players": [], "entries": []})   # type: ignore[typeddict-item]
    try:
        replay(rules, trial, entries)
    except RuleError as e:
        raise RuleError(_("round {number} cannot go: without it, {e}").format(number=number, e=e)) from None
    state.update(trial)
    return [{"kind": "dropped", "round": number}]
