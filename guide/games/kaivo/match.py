"""A match dealt by the companion (K-DEAL-1 .. K-JOIN-1): people and bots at one table.

`start_play` seats one person and 1..3 bots, or friends (each at their own seat) and bots
filling the empty seats (the last seat deals, so the first person plays first), and deals
round 1; `act_as` plays a person's move and then every bot's turn (and the safe moves of a
player who left) until a person is to act or the round is called; a called round is scored
at once (K-SCORE-1..3); `next_round` deals the next one after seating those who joined
(K-JOIN-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from guide.core.dice import DiceLike
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import fold

from .bots import Bots, choose
from .deck import Rules
from .knowledge import view
from .model import KaivoState, Player, Table, begin_match, new_player
from .render import YOU, whose_turn
from .sheet import apply_round, not_won, round_half_up, seat_of
from .table import Action, Event, act, deal, play_safe, played, to_act, totals

MAX_BOT_STEPS = 10_000   # a guard: bots always call by their max_turns
_, ngettext, pgettext = domain("kaivo").functions()


def _bot_name(bots: Bots, taken: list[str]) -> str:
    used = {n[:1].upper() for n in taken}
    for name in bots.names:
        if name[:1].upper() not in used and name not in taken:
            return name
    return next(n for n in bots.names if n not in taken)


def start_play(rules: Rules, bots: Bots, state: KaivoState, dice: DiceLike, n_bots: int | None,
               level: str, clock: bool = False, people: Sequence[str] | None = None) -> list[Event]:
    """`deal --bots N [--level L] [--clock]`: a new match, you ("You") in seat 1; with `people`
    (`deal --friends A,B`), those friends in seats 1.. and N bots after them (by default
    as many as fill the table)."""
    if level not in bots.levels:
        raise RuleError(_("a bot is {value}, not {level}").format(value=', '.join(bots.levels), level=level))
    if people is None:
        if n_bots is None or not 1 <= n_bots <= rules.max_players - 1:
            raise RuleError(_("play against 1 to {value} bots, not {n_bots}").format(
                value=rules.max_players - 1, n_bots=n_bots))
        names = [YOU]
    else:
        names = list(people)
        for name in names:
            check_name(name)
        if len({n.lower() for n in names}) != len(names):
            raise RuleError(_("two friends share a name"))
        room = rules.max_players - len(names)
        if room < 0:
            raise RuleError(_("Kaivo is for {min_players} to {max_players} players").format(
                min_players=rules.min_players, max_players=rules.max_players))
        n_bots = room if n_bots is None else n_bots
        if not 0 <= n_bots <= room or len(names) + n_bots < rules.min_players:
            least = max(rules.min_players - len(names), 0)
            raise RuleError(_("with {count} friend(s), {least} to {room} bots, not {n_bots}").format(
                count=len(names), least=least, room=room, n_bots=n_bots))
    players = [new_player(n) for n in names]
    for _bot in range(n_bots):
        name = _bot_name(bots, names)
        names.append(name)
        players.append(new_player(name, bot=True, level=level))
    dealer = len(players) - 1
    begin_match(state, "play", players, dealer=dealer, clock=clock)
    return [{"kind": "match", "players": names, "dealer": names[dealer]}] + _deal(rules, bots, state, dice)


def check_name(name: str) -> None:
    """A person's name at a dealt table: a word for the commands, and not the terminal's
    own "You"."""
    if not name or "=" in name or name.startswith("-") or "," in name:
        raise RuleError(_("'{name}' cannot be a player's name").format(name=name))
    if name.lower() == YOU.lower():
        raise RuleError(_("'{name}' is the terminal's own player; give a friend their name").format(
            name=name))


def _deal(rules: Rules, bots: Bots, state: KaivoState, dice: DiceLike) -> list[Event]:
    names = [p["name"] for p in state["players"]]
    t, events = deal(rules, names, state["dealer"], dice, [p["score"] for p in state["players"]])
    state["table"] = t
    return events + run_bots(rules, bots, state, dice)


def _to_bot(bots: Bots, state: KaivoState, p: Player) -> Event:
    """K-JOIN-1: a seat left goes to a bot (normal, the companion's choice), score kept;
    the event that says so."""
    name = p["name"]
    p.update({"name": _bot_name(bots, [q["name"] for q in state["players"]]), "bot": True,
              "level": "normal", "leaving": False})
    gone(state, name)
    return {"kind": "bot_seat", "name": name, "bot": p["name"]}


def _table(state: KaivoState) -> Table:
    t = state["table"]
    if state["mode"] != "play" or t is None:
        raise RuleError(_("no round dealt: deal --bots N"))
    return t


def acting(state: KaivoState) -> int | None:
    """The seat a person plays from now, or None (a bot's turn, or no round in play)."""
    t = state["table"]
    if t is None or t["phase"] == "over":
        return None
    seat = to_act(t)
    p = state["players"][seat]
    return None if p["bot"] or p["leaving"] else seat


def act_as(rules: Rules, bots: Bots, state: KaivoState, dice: DiceLike, seat: int,
           action: Action) -> list[Event]:
    """A person's move; then the bots play until a person is to act again."""
    t = _table(state)
    if t["phase"] == "over":
        raise RuleError(_("the round is over: deal for the next one") if not state["winners"]
                        else _("the match is over"))
    if to_act(t) != seat:
        raise RuleError(whose_turn(t["names"][to_act(t)]))
    events = act(t, rules, dice, action)
    return events + run_bots(rules, bots, state, dice)


def run_bots(rules: Rules, bots: Bots, state: KaivoState, dice: DiceLike) -> list[Event]:
    """Bots' turns and the safe moves of players who left, until a person acts or the call."""
    t = _table(state)
    events: list[Event] = []
    for _step in range(MAX_BOT_STEPS):
        if t["phase"] == "over":
            return events + _finish(rules, bots, state)
        seat = to_act(t)
        p = state["players"][seat]
        if p["leaving"]:
            events += play_safe(t, rules, dice)
        elif p["bot"]:
            level = bots.levels[p["level"] or "normal"]
            events += act(t, rules, dice, choose(view(t, seat), rules, level, dice))
        else:
            return events
    raise RuleError(_("the bots could not finish the round"))


def _finish(rules: Rules, bots: Bots, state: KaivoState) -> list[Event]:
    """K-CALL-1 then K-SCORE-1..3; a player who left becomes a bot (K-JOIN-1)."""
    t = _table(state)
    assert t["caller"] is not None
    events = apply_round(rules, state, totals(t), t["caller"])
    for p in state["players"]:
        if p["leaving"]:
            events.append(_to_bot(bots, state, p))
    return events


def next_round(rules: Rules, bots: Bots, state: KaivoState, dice: DiceLike) -> list[Event]:
    """`deal` between rounds: those waiting take bots' seats, then the next deal."""
    t = _table(state)
    if t["phase"] != "over":
        raise RuleError(_("a round is in play"))
    not_won(state)
    events = seat_joiners(state)
    return events + _deal(rules, bots, state, dice)


def seat_joiners(state: KaivoState) -> list[Event]:
    """K-JOIN-1: each joiner takes a bot's seat (the first in seat order) with the average of
    the scores of the seats present before the join, rounded half up; K-SCORE-2 does not
    apply to it. No replaced bot counts: with two joiners, the second's average holds
    neither bot's score (nor the first joiner's, an average with that bot's in it)."""
    events: list[Event] = []
    players = state["players"]
    replaced = [i for i, p in enumerate(players) if p["bot"]][: len(state["joining"])]
    staying = [p["score"] for i, p in enumerate(players) if i not in replaced] or \
        [p["score"] for p in players]           # every seat a bot replaced: all of them
    score = round_half_up(sum(staying), len(staying))
    for name, seat in zip(state["joining"], replaced, strict=True):
        bot = players[seat]["name"]
        players[seat] = new_player(name, score=score)
        events.append({"kind": "took_seat", "name": name, "bot": bot, "score": score})
    back = [fold(n) for n in state["joining"]]
    state["left"] = [n for n in state.get("left", []) if fold(n) not in back]
    state["joining"] = []
    return events


def join(state: KaivoState, name: str) -> list[Event]:
    """`join NAME` in a dealt match: waits for the next round and a bot's seat."""
    _table(state)
    if state["winners"]:
        raise RuleError(_("the match is over"))
    for p in state["players"]:
        if p["name"].lower() == name.lower() and p["leaving"]:
            # the companion's choice: one who left in the round and comes back before its
            # end keeps the seat (the safe moves stop; K-JOIN-1 gives the seat to a bot only
            # at the round's end), You at the terminal too
            p["leaving"] = False
            return [{"kind": "stays", "name": p["name"]}]
    check_name(name)
    taken = [p["name"].lower() for p in state["players"]] + [n.lower() for n in state["joining"]]
    if name.lower() in taken:
        raise RuleError(_("{name} is at the table already").format(name=name))
    free = [p for p in state["players"] if p["bot"]]
    if len(free) <= len(state["joining"]):
        raise RuleError(_("no bot's seat is free"))
    state["joining"].append(name)
    return [{"kind": "join_waits", "name": name, "bot": free[len(state["joining"]) - 1]["name"]}]


def leave(bots: Bots, state: KaivoState, name: str) -> list[Event]:
    """`leave NAME`: played safe to the round's end, then a bot (K-JOIN-1)."""
    t = _table(state)
    seat = seat_of(state, name)
    p = state["players"][seat]
    if p["bot"]:
        raise RuleError(_("{player} is a bot").format(player=p['name']))
    if p["leaving"]:
        raise RuleError(_("{player} is leaving already").format(player=p['name']))
    if t["phase"] == "over":
        return [_to_bot(bots, state, p)]
    p["leaving"] = True
    events: list[Event] = [{"kind": "leaving", "name": p["name"]}]
    if all(q["leaving"] for q in state["players"]):
        # the companion's choice: safe moves never call, so with nobody left to end the
        # round, the leavers' seats go to bots at once (and the bots end it)
        events += [_to_bot(bots, state, q) for q in state["players"]]
    return events


def gone(state: KaivoState, name: str) -> None:
    """K-JOIN-1: `name` left the dealt match (their seat went to a bot): kept until they
    take a seat again, so that the table can name the way back (`join NAME`)."""
    kept = [n for n in state.get("left", []) if fold(n) != fold(name)]
    # You (the terminal's own player) comes back only in a new match: `join You` is refused
    state["left"] = kept if fold(name) == fold(YOU) else [*kept, name]


def away(state: KaivoState, name: str) -> tuple[str, bool] | None:
    """K-JOIN-1: the player `name` names (as typed, any case) if they left the dealt match
    and are not back, and whether they are still leaving (played safe to the round's end,
    their seat still theirs); None for anyone else."""
    if state["mode"] != "play":
        return None
    for p in state["players"]:
        if p["leaving"] and not p["bot"] and fold(p["name"]) == fold(name):
            return p["name"], True
    if any(fold(n) == fold(name) for n in state["joining"]):
        return None                     # on their way back already
    found = [n for n in state.get("left", []) if fold(n) == fold(name)]
    return (found[0], False) if found else None


def play_match(rules: Rules, bots: Bots, state: KaivoState, dice: DiceLike, levels: Sequence[str],
               names: Sequence[str]) -> tuple[list[list[int]], list[int]]:
    """A whole match of bots, headless (the bench): what each seat added, round by round,
    and each round's length in turns."""
    players = [new_player(n, bot=True, level=lv) for n, lv in zip(names, levels, strict=True)]
    begin_match(state, "play", players, dealer=len(names) - 1)
    added: list[list[int]] = [[] for _ in names]
    lengths: list[int] = []
    while not state["winners"]:
        for e in _deal(rules, bots, state, dice):
            if e["kind"] == "scored":
                for seat, line in enumerate(e["lines"]):
                    added[seat].append(line["added"])
        table = state["table"]
        assert table is not None
        lengths.append(played(table))
    return added, lengths
