"""Players who sit down, are shown the door, come back, leave and return (T-NEW-1,
T-CALL-6, T-LEAVE-1), and the Characters they draw."""

from __future__ import annotations

from guide.core import turns
from guide.core.dice import DiceLike, pick
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import fold

from . import counters
from .model import Event, Player, State, active, active_names, away, find, new_player, seated
from .seating import move_seat, take_pillar

SETS = 5                # Components: "45 Weapon cards, in 5 sets of 9"; 5 Counters
MAX_SEATS = 2 * SETS    # two boxes' Weapon sets (Double Tavern)
_, ngettext, pgettext = domain("taverne").functions()


def taken(state: State, but: str | None = None) -> set[str]:
    """Characters no one may draw: in play (by anyone but `but`), or in the KO pile
    (T-NEW-1)."""
    used = {p["character"] for p in state["players"].values()
            if p["character"] and not p["eliminated"] and p["name"] != but}
    return {c.casefold() for c in used | set(state["ko_pile"])}


def draw_character(state: State, pool: list[str], dice: DiceLike) -> str:
    """A Character drawn at random from `pool` among those not taken (the beginner game:
    each player draws his Character at random)."""
    free = [c for c in pool if c.casefold() not in taken(state)]
    if not free:
        raise RuleError(_("no Character left to draw: every one is in play or in the KO pile"))
    return pick(free, dice)


def seat(state: State, name: str, loot: int | None, character: str | None,
         tavern: str | None, after: str | None) -> list[Event]:
    """`player`: seat a player (before `start`), or a new arrival / a return after
    elimination, who enters at the next call 1 (T-NEW-1)."""
    name, existing = _seat_name(state, name)
    _check_seat(state, name, loot, character)
    mid_game = state["phase"] == "brawl"
    drawn = state["beginner"] and character is not None
    if existing is not None and mid_game and existing["entering"] and \
            existing["initial_loot"] is None and loot is not None:
        return _drawn_loot(state, existing, loot)
    if loot is None and mid_game and not drawn:
        raise RuleError(_("give {name}'s Initial Loot: `player {name} --loot N` (1 to 3)").format(name=name))
    if existing is not None and state["phase"] == "setup":
        return _correct(state, existing, loot, character, tavern, after)
    if existing is not None:
        return _come_back(state, existing, loot, character, tavern, after)
    return _sit_down(state, name, loot, character, tavern, after)


def _seat_name(state: State, name: str) -> tuple[str, Player | None]:
    """The name typed, checked (one word, not an option), and the player it already names:
    `player` again corrects that player, the name as the table types it (Cecile, CÉCILE)."""
    name = name.strip()
    if not name or any(ch.isspace() for ch in name) or name.startswith("-"):
        raise RuleError(_("a player's name is one word, not starting with '-'"))
    existing = next((p for k, p in state["players"].items() if fold(k) == fold(name)), None)
    if existing is not None:
        name = existing["name"]
    return name, existing


def _check_seat(state: State, name: str, loot: int | None, character: str | None) -> None:
    """Refused whoever sits: the brawl is over, an Initial Loot out of 1..3 (T-CNT-3), a
    Character in play or in the KO pile (T-NEW-1)."""
    if state["phase"] == "over":
        raise RuleError(_("the brawl is over"))
    if loot is not None and not 1 <= loot <= 3:
        raise RuleError(_("a Character's Initial Loot is 1 to 3 (T-CNT-3)"))
    if character and character.casefold() in taken(state, but=name):
        where = _("in the KO pile") if character.casefold() in {
            c.casefold() for c in state["ko_pile"]} else _("already in play")
        raise RuleError(_("{character} is {where} (T-NEW-1)").format(character=character, where=where))


def _drawn_loot(state: State, existing: Player, loot: int) -> list[Event]:
    """The beginner game: the Initial Loot of the Character drawn, asked after the draw; in
    call 1 the arrival enters now (T-NEW-1)."""
    existing["initial_loot"] = loot
    return [{"kind": "initial_loot", "who": existing["name"],
             "character": existing["character"], "loot": loot}] + _enter_now(state)


def _correct(state: State, existing: Player, loot: int | None, character: str | None,
             tavern: str | None, after: str | None) -> list[Event]:
    """Before the brawl, `player` again corrects what was given (what is not given stays).
    The Initial Loot of a Character already named (the beginner game's draw asks it, T-CNT-3)
    given for the first time, and nothing else, is said as given, not as a correction."""
    first_loot = (existing["initial_loot"] is None and loot is not None and existing["character"]
                  and character in (None, existing["character"])
                  and tavern in (None, existing["tavern"]) and after is None)
    existing.update({"initial_loot": loot if loot is not None else existing["initial_loot"],
                     "character": character or existing["character"],
                     "tavern": tavern or existing["tavern"]})
    existing["loot"] = existing["initial_loot"] or 0
    _move_seat(state, existing["name"], after)
    if first_loot:
        return [{"kind": "initial_loot", "who": existing["name"],
                 "character": existing["character"], "loot": loot}]
    return [{"kind": "seated", "who": existing["name"], "character": existing["character"],
             "loot": existing["initial_loot"],
             "seat": seated(state).index(existing["name"]) + 1, "corrected": True}]


def _come_back(state: State, existing: Player, loot: int | None, character: str | None,
               tavern: str | None, after: str | None) -> list[Event]:
    """T-NEW-1: a player shown the door returns, with a new Character, at the next call 1."""
    if not (existing["eliminated"] and state["phase"] == "brawl"):
        raise RuleError(_("{existing} is already seated").format(existing=existing['name']))
    if existing["entering"]:
        raise RuleError(_("{existing} already enters at the next call 1").format(
            existing=existing['name']))
    existing.update({"character": character, "tavern": tavern, "initial_loot": loot,
                     "entering": True})
    _move_seat(state, existing["name"], after)
    return [_arrival(state, existing["name"], character, loot, True)] + _enter_now(state)


def _sit_down(state: State, name: str, loot: int | None, character: str | None,
              tavern: str | None, after: str | None) -> list[Event]:
    """A new player: seated before the brawl, or a new arrival who enters at the next call 1
    (T-NEW-1); at most a box's Weapon sets, two boxes' with Double Tavern (T-VAR-DT-3)."""
    mid_game = state["phase"] == "brawl"
    count = len(seated(state))
    if count >= MAX_SEATS:
        raise RuleError(_("at most {MAX_SEATS} players (two boxes' Weapon sets)").format(MAX_SEATS=MAX_SEATS))
    if mid_game and count >= SETS and "double-tavern" not in state["variants"]:
        raise RuleError(too_many(count + 1))
    p = new_player(name, loot, character, tavern, state["turn"] + (1 if mid_game else 0))
    state["players"][name] = p
    turns.join(state["turns"], name)
    _move_seat(state, name, after)
    if mid_game:                    # out of the turn order until they enter (T-NEW-1)
        p["entering"] = True
        turns.leave(state["turns"], name)
        return [_arrival(state, name, character, loot, False)] + _enter_now(state)
    return [{"kind": "seated", "who": name, "character": character, "loot": loot,
             "seat": seated(state).index(name) + 1}]


def too_many(count: int) -> str:
    """T-VAR-DT-3: a box holds 5 Weapon sets and 5 Counters; 6 players or more need a
    second box (Double Tavern)."""
    return _("{count} players need two boxes' Weapon sets: a box has {sets}; play Double"
             " Tavern (`start --variant double-tavern`, T-VAR-DT-3)").format(count=count,
                                                                         sets=SETS)


def _arrival(state: State, name: str, character: str | None, loot: int | None,
             returning: bool) -> Event:
    """T-NEW-1: registered in call 1 ("Start of turn!"), a player enters this very turn,
    "as early as the following turn" after being shown the door; otherwise at the next
    call 1. A beginner's Character drawn without its Initial Loot in the box waits for it."""
    now = state["call"] == 1 and loot is not None
    return {"kind": "arrival", "who": name, "character": character, "loot": loot,
            "returning": returning, "turn": state["turn"] + (0 if now else 1),
            "ask_loot": loot is None}


def _enter_now(state: State) -> list[Event]:
    """In call 1, the arrivals whose Initial Loot is known enter at once (T-NEW-1)."""
    if state["phase"] != "brawl" or state["call"] != 1:
        return []
    events = enter_arrivals(state)
    take_pillar(state)
    return events


def _move_seat(state: State, name: str, after: str | None) -> None:
    """`player NAME --after OTHER`: to the left of that seated player (T-WPN-2)."""
    if after is None:
        return
    other = find(state, after)["name"]
    if other == name:
        raise RuleError(_("a player cannot sit after themselves"))
    move_seat(state, name, other)


def _fresh(state: State, p: Player, loot: int) -> None:
    """An arrival enters (T-NEW-1): new Counters (a new player's), and in the turn order from
    now on; who they are, their Characters put in the KO pile and their bid stay."""
    if p["name"] not in turns.playing(state["turns"]):   # not the Pillar shown the door
        turns.back(state["turns"], p["name"])
    fresh = new_player(p["name"], min(counters.MAX_LOOT, loot), p["character"], p["tavern"],
                       p["joined_turn"])
    p.update({**fresh, "initial_loot": p["initial_loot"], "ko": p["ko"], "bid": p["bid"]})


def enter_arrivals(state: State) -> list[Event]:
    """T-NEW-1 at call 1: each arrival starts with the Initial Loot plus the highest Prestige
    at the table; every player already there gains 1 Loot (1 in all)."""
    coming = [n for n in seated(state) if state["players"][n]["entering"]
              and state["players"][n]["initial_loot"] is not None]
    if not coming:
        return []
    paid = bool(state["arrivals"])          # already paid this call 1: 1 in all (T-NEW-1)
    there = [n for n in active_names(state) if n not in state["arrivals"]]
    bonus = max((counters.prestige(state["players"][n]) for n in there), default=0)
    events: list[Event] = []
    for n in coming:
        p = state["players"][n]
        _fresh(state, p, (p["initial_loot"] or 0) + bonus)
        events.append({"kind": "entered", "who": n, "character": p["character"],
                       "initial_loot": p["initial_loot"], "bonus": bonus, "loot": p["loot"],
                       "lost": (p["initial_loot"] or 0) + bonus - p["loot"]})
    state["arrivals"] = state["arrivals"] + coming
    if paid:
        return events
    lost = [n for n in there if counters.add_loot(state["players"][n], 1)["lost"]]
    events.append({"kind": "welcome_loot", "who": there, "lost": lost,
                   "loot": {n: state["players"][n]["loot"] for n in there}})
    return events


def show_the_door(state: State) -> list[Event]:
    """Finishing call 6 (T-CALL-6): the still Stunned are eliminated: their Character to the
    KO pile, Specialties, Assets and Dirty Trick discarded, Pints and Loot lost. The
    Character is credited to the attackers whose hits stunned it (T-CHRONO-1). Out of the
    turn order, but for the Pillar, who keeps it until the turn ends (T-CALL-9)."""
    events: list[Event] = []
    for n in seated(state):
        p = state["players"][n]
        # T-LEAVE-1: Stunned when call 6 opens, a player is shown the door, away or not
        if p["eliminated"] or p["entering"] or not counters.stunned(p):
            continue
        ko = p["character"] or n
        if p["character"]:
            state["ko_pile"].append(p["character"])
        credited = list(p["stunned_by"] or [])
        for a in credited:
            state["players"][a]["ko"].append(ko)
        p.update({"eliminated": True, "returning": False, "pints": 1,
                  "loot": 0, "specialties": {}, "assets": [], "trick": None, "dodges": [],
                  "stunned_by": None})
        if n in turns.playing(state["turns"]) and n != turns.current(state["turns"]):
            turns.leave(state["turns"], n)
        events.append({"kind": "shown_door", "who": n, "character": p["character"],
                       "credited": credited})
    return events


def leave(state: State, name: str) -> list[Event]:
    """T-LEAVE-1: away, nothing affects them; quarrels not yet settled with them are void. A
    Pillar who leaves passes the Pillar on (guide.core.turns.leave)."""
    p = find(state, name)
    if not active(state, p["name"]):
        raise RuleError(_("{player} is not in the brawl right now").format(player=p['name']))
    if state["phase"] == "brawl" and state["call"] in (5, 6) and counters.stunned(p):
        raise RuleError(_("{player} is Stunned: shown the door at call 6, away or not"
                          " (T-LEAVE-1)").format(player=p['name']))
    old = turns.current(state["turns"])
    new = turns.leave(state["turns"], p["name"])
    void = []
    if state["revealed"] < 5:
        for q in state["quarrels"]:
            if p["name"] in (q["attacker"], q["target"]) and not q["void"]:
                q["void"] = True
                void.append({"attacker": q["attacker"], "target": q["target"]})
    if state["revealed"] < 4:       # T-CALL-4: whom an Attack aims at is sealed until then;
        void = []                   # its placement shows void at the reveal
    events: list[Event] = [{"kind": "left", "who": p["name"], "void": void}]
    if new not in (old, None):
        events.append({"kind": "pillar", "from": old, "to": new})
    return events


def back(state: State, name: str) -> list[Event]:
    """T-LEAVE-1: back as if nothing had happened, at the start of a turn (now in call 1 or
    before the brawl; otherwise at the next call 1, when the turn begins: turn.begin_turn)."""
    p = find(state, name)
    if not away(state, p["name"]):
        raise RuleError(_("{player} is not away").format(player=p['name']))
    if p["returning"]:
        raise RuleError(_("{player} is already back at the next call 1").format(player=p['name']))
    if state["phase"] != "brawl" or state["call"] == 1:
        turns.back(state["turns"], p["name"])
        take_pillar(state)
        return [{"kind": "back", "who": [p["name"]]}]
    p["returning"] = True
    return [{"kind": "back_next_turn", "who": p["name"], "turn": state["turn"] + 1}]
