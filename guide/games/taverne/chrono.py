"""The Chrono Tournament (T-CHRONO-1, T-CHRONO-2): three rounds of 30 (or 45) minutes on the
core's clock (Game.clock); each turn started is finished; each round's
points, and the sum of the three that names the Champion."""

from __future__ import annotations

from collections import Counter
from typing import Any

from guide.core import turns
from guide.core.errors import RuleError
from guide.core.i18n import domain

from . import counters
from .model import Event, State, new_player, new_state, seated

ROUNDS = 3
MINUTES = (30, 45)          # "Each round is played in 30 minutes (or 45 minutes, by choice)"
_, ngettext, pgettext = domain("taverne").functions()


def points(state: State) -> list[dict[str, int | str]]:
    """10 per Prestige point, 1 per Loot, 1 per Character this player put in the KO pile.
    A player shown the door and not back has lost Pints and Loot: 0 for both."""
    rows: list[dict[str, int | str]] = []
    for n in seated(state):
        p = state["players"][n]
        out = p["eliminated"] or p["entering"]
        pres = 0 if out else counters.prestige(p)
        loot = 0 if out else p["loot"]
        rows.append({"name": n, "prestige": pres, "loot": loot, "ko": len(p["ko"]),
                     "points": 10 * pres + loot + len(p["ko"])})
    return rows


def clock(state: State) -> dict[str, Any] | None:
    """The tournament's record in the state, or None (no tournament)."""
    found = state.get("chrono")             # absent from brawls saved before the clock
    return found if isinstance(found, dict) else None


def _on(state: State) -> dict[str, Any]:
    """The tournament's record, or a refusal saying how to start one."""
    record = clock(state)
    if record is None:
        raise RuleError(_("no Chrono Tournament: `chrono start --minutes 30`"))
    return record


def begin(state: State, minutes: int, now: float) -> list[Event]:
    """`chrono start --minutes M`: a tournament of three rounds; the round clock runs from
    `start` (at once if the brawl is on)."""
    if minutes not in MINUTES:
        raise RuleError(_("a Chrono round is 30 or 45 minutes"))
    on = clock(state)
    if on is not None:
        raise RuleError(_("the Chrono Tournament is already on (round {round})").format(
            round=on["round"]))
    if state["phase"] == "over":
        raise RuleError(_("the brawl is over"))
    started = state["phase"] in ("brawl", "auction")
    state["chrono"] = {"minutes": minutes, "round": 1, "ends_at": now + 60 * minutes if started else None,
                       "last_turn": None, "rounds": []}
    return [{"kind": "chrono_on", "minutes": minutes, "rounds": ROUNDS, "running": started}]


def started(state: State, now: float) -> None:
    """`start` of a round: its clock begins (`now`: the table's clock, Table.now)."""
    record = clock(state)
    if record is not None and record["ends_at"] is None and state["phase"] != "setup":
        record["ends_at"] = now + 60 * record["minutes"]


def seconds_left(state: State, now: float) -> float | None:
    """Game.clock: seconds until the round's time is up; None once it is (or no clock)."""
    record = clock(state)
    if record is None or record["ends_at"] is None or record["last_turn"] is not None \
            or state["phase"] != "brawl":
        return None
    return float(record["ends_at"] - now)


def time_up(state: State) -> list[Event]:
    """`chrono time` (run by the clock, or typed from the Pillar's watch): the round's time
    is up; "each turn started must be finished": this turn is the round's last."""
    record = _on(state)
    if state["phase"] != "brawl":
        raise RuleError(_("the round's brawl is not on"))
    if record["last_turn"] is not None:
        raise RuleError(_("time is already up: turn {turn} is the round's last").format(
            turn=record["last_turn"]))
    record["last_turn"] = state["turn"]
    return [{"kind": "time_up", "round": record["round"], "turn": state["turn"]}]


def close_round(state: State) -> list[Event]:
    """The round ends (its last turn finished, or the brawl won): every player's points
    (T-CHRONO-1) are added up; after the third, the most points is the Champion."""
    record = clock(state)
    if record is None or len(record["rounds"]) >= record["round"]:
        return []
    rows = points(state)
    record["rounds"].append({str(r["name"]): int(r["points"]) for r in rows})
    state["phase"] = "over"
    totals = totals_of(record)
    events: list[Event] = [{"kind": "round_scored", "round": record["round"],
                            "points": {str(r["name"]): r["points"] for r in rows},
                            "totals": totals}]
    if record["round"] >= ROUNDS:
        best = max(totals.values(), default=0)
        events.append({"kind": "champion", "who": [n for n, v in totals.items() if v == best],
                       "points": best})
    return events


def totals_of(record: dict[str, Any]) -> dict[str, int]:
    """Each player's points summed over the rounds played."""
    totals: Counter[str] = Counter()
    for r in record["rounds"]:
        totals.update(r)
    return dict(totals)


def next_round(state: State) -> list[Event]:
    """`chrono next`: the next round, a new brawl of the same seated players (their Counters
    new, every Character back in the box); `start` begins it and its clock."""
    record = _on(state)
    if len(record["rounds"]) < record["round"] and record["last_turn"] is not None:
        raise RuleError(_("round {round} is not over yet: its last turn, {turn}, ends at call"
                          " 9").format(round=record["round"], turn=record["last_turn"]))
    if len(record["rounds"]) < record["round"]:
        raise RuleError(_("round {round} is not over yet: its time is not up (`chrono time` when"
                          " it is)").format(round=record["round"]))
    if record["round"] >= ROUNDS:
        raise RuleError(_("the tournament's three rounds are played"))
    seating = seated(state)
    players = {n: new_player(n, None, None, None, 0) for n in seating}
    # a new brawl's state, keeping the brawl's key, the tournament and the Specialties' piles
    state.update({**new_state(), "seal_key": state.get("seal_key", ""), "turns": turns.new(seating),
                  "players": players})
    record.update({"round": record["round"] + 1, "ends_at": None, "last_turn": None})
    return [{"kind": "next_round", "round": record["round"], "players": seating}]


def clock_line(state: State, now: float) -> str:
    """The round clock for the Pillar's toolbar: the minutes left (rounded up), or that the
    turn under way is the round's last; "" with no tournament or between rounds."""
    record = clock(state)
    if record is None or state["phase"] != "brawl":
        return ""
    if record["last_turn"] is not None:
        return _("round {round}: last turn").format(round=record["round"])
    left = seconds_left(state, now)
    if left is None:
        return ""
    minutes = max(0, -int(-left // 60))
    return ngettext("round {round}: {minutes} min left", "round {round}: {minutes} min left",
                    minutes).format(round=record["round"], minutes=minutes)


def tv(state: State) -> dict[str, Any] | None:
    """The round clock for the TV (views.tv): the round, the moment its time is up (the
    table's clock, seconds since the epoch: the page counts down with its own, the state
    alone deciding what is sent) and whether the turn under way is the round's last; None
    with no tournament or between rounds."""
    record = clock(state)
    if record is None or state["phase"] != "brawl":
        return None
    return {"round": record["round"], "rounds": ROUNDS, "ends_at": record["ends_at"],
            "last_turn": record["last_turn"] is not None}
