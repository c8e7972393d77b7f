"""What players place in calls 2 to 5: Loot spent, the Militia called, Dodges set aside,
sealed Attacks and sealed Dodge divisions (T-CALL-2..5, T-WPN-1..2)."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import domain

from . import counters
from .adjust import reached_five
from .guards import acting, aimed_at, at_call
from .model import Event, State, find, free_specialties, new_quarrel
from .quarrels import attacks_on, must_attack, must_dodge
from .seating import targets

MAX_DODGES_PER_ATTACK = 3      # T-CALL-5
_, ngettext, pgettext = domain("taverne").functions()


def buy(state: State, name: str, what: str, times: int = 1,
        card: str | None = None) -> list[Event]:
    """T-CALL-2: 1 Loot each for the top Weapon of one's pile, a Pint, or a Specialty; at
    another call only by a card's exception (`card`: "certain Characters or Specialties
    allow Loot to be spent outside the 2nd call", T-EXC-1)."""
    if card is None:
        at_call(state, "buy")
    p = acting(state, name)               # `--times` is 1 to 11 (the command's IntRange)
    if p["loot"] < times:
        raise RuleError(ngettext("{player} has {loot} Loot; {times} needed (T-CALL-2)",
                                 "{player} has {loot} Loot; {times} needed (T-CALL-2)", p["loot"]).format(
            player=p['name'], loot=p['loot'], times=times))
    if what == "weapon" and len(p["pile"]) < times:
        raise RuleError(_("{player}'s Weapon pile holds {count} (T-WPN-1)").format(
            player=p['name'], count=len(p['pile'])))
    if what == "pint" and p["pints"] + times > counters.MAX_PINTS:
        raise RuleError(_("{player} has {pints} Pints; 11 is the most (T-CNT-1)").format(
            player=p['name'], pints=p['pints']))
    if what == "specialty" and state["beginner"]:
        raise RuleError(_("the beginner game uses no Specialties"))
    tavern = p["tavern"] or "?"
    events: list[Event] = []
    for _time in range(times):
        p["loot"] -= 1
        if what == "weapon":
            weapon = p["pile"].pop(0)
            p["hand"] = sorted(p["hand"] + [weapon])
            events.append({"kind": "bought", "who": p["name"], "what": "weapon",
                           "weapon": weapon, "loot": p["loot"],
                           "pile_top": p["pile"][0] if p["pile"] else None})
        elif what == "pint":
            ev = counters.add_pints(p, 1)
            events.append({**ev, "kind": "bought", "what": "pint", "loot": p["loot"]})
            events += reached_five(state, p, ev)
        else:                           # "specialty" (the Purchase type allows no other)
            p["specialties"][tavern] = p["specialties"].get(tavern, 0) + 1
            events.append({"kind": "bought", "who": p["name"], "what": "specialty",
                           "tavern": tavern, "loot": p["loot"],
                           "specialties": sum(p["specialties"].values())})
    return events


def militia(state: State, name: str, keep_trick: bool = False) -> list[Event]:
    """T-CALL-2: a player at 5 Prestige calls the Militia; the first caller of the turn may
    discard the Dirty Trick they suffer."""
    at_call(state, "militia")
    p = acting(state, name)
    if counters.prestige(p) != 5:
        raise RuleError(_("{player} has {value} Prestige; the Militia is called at 5 (T-CALL-2)").format(
            player=p['name'], value=counters.prestige(p)))
    if p["name"] in state["militia"]:
        raise RuleError(_("{player} has already called the Militia this turn").format(player=p['name']))
    first = not state["militia"]
    state["militia"].append(p["name"])
    discarded = None
    if first and p["trick"] and not keep_trick:
        discarded, p["trick"] = p["trick"], None
    return [{"kind": "militia", "who": p["name"], "first": first, "discarded": discarded}]


def set_dodges(state: State, name: str, values: list[int],
               card: str | None = None) -> list[Event]:
    """T-CALL-3: Weapons from hand set aside as Dodges, at most the Prestige; never the last
    Weapon in hand (every player attacks in call 4). No values: no (more) Dodges."""
    at_call(state, "dodges")
    p = acting(state, name)
    if len(set(values)) != len(values):
        raise RuleError(_("each Weapon is set aside once: the values must differ"))
    missing = [v for v in values if v not in p["hand"]]
    if missing:
        raise RuleError(_("{player} has no Weapon {missing} in hand (hand: {value}) (T-WPN-1)").format(
            player=p['name'], missing=missing[0], value=_list(p['hand'])))
    cap = counters.prestige(p)
    if card is None and len(p["dodges"]) + len(values) > cap:   # a card's extra Dodges: T-EXC-1
        raise RuleError(ngettext("{player} has {cap} Prestige: at most {cap} Dodge ({count} already set"
                                 " aside) (T-CALL-3)",
                                 "{player} has {cap} Prestige: at most {cap} Dodges ({count} already"
                                 " set aside) (T-CALL-3)", cap).format(
            player=p['name'], cap=cap, count=len(p['dodges'])))
    if values and len(values) >= len(p["hand"]):
        raise RuleError(_("{player} must keep a Weapon in hand to attack in call 4 (T-CALL-3)").format(
            player=p['name']))
    for v in values:
        p["hand"].remove(v)
    p["dodges"] = sorted(p["dodges"] + values)
    p["dodge_cap"] = max(p["dodge_cap"], cap, len(p["dodges"]))
    if p["name"] not in state["ready"]:
        state["ready"].append(p["name"])
    return [{"kind": "dodges_set", "who": p["name"], "values": sorted(values),
             "dodges": list(p["dodges"]), "prestige": cap}]


def attack(state: State, name: str, target: str, weapon: int,
           trick: str | None = None, card: str | None = None) -> list[Event]:
    """T-CALL-4: exactly one Attack, sealed until call 5: a Weapon from hand on a target in
    range (T-WPN-2), odd at range; a Dirty Trick may be attached, sealed too."""
    at_call(state, "attack")
    p = acting(state, name)
    if any(q["attacker"] == p["name"] for q in state["quarrels"]):
        raise RuleError(_("{player} has already attacked this turn: a card placed is a card played"
                          " (T-CALL-4); `undo` if it was mistyped").format(
            player=p['name']))
    if weapon not in p["hand"]:
        raise RuleError(_("{player} has no Weapon {weapon} in hand (hand: {value}) (T-WPN-1)").format(
            player=p['name'], weapon=weapon, value=_list(p['hand'])))
    victim = aimed_at(state, target)
    if victim["name"] == p["name"]:
        raise RuleError(_("{player} cannot attack themselves").format(player=p['name']))
    reach = targets(state, p["name"])
    if card is not None and victim["name"] not in reach:
        # T-EXC-1: out of range, "they cannot be attacked, except with Specialties"
        reach = {**reach, victim["name"]: "ranged"}
    if victim["name"] not in reach:
        can = ", ".join(_("{target} ({range})").format(target=n, range=pgettext("range", r))
                        for n, r in reach.items()) or _("nobody")
        raise RuleError(_("{victim} is out of {player}'s range; in range: {can} (T-WPN-2)").format(
            victim=victim['name'], player=p['name'], can=can))
    how = reach[victim["name"]]
    if how == "ranged" and weapon % 2 == 0:
        raise RuleError(_("an even Weapon ({weapon}) cannot be used at range; {victim} is a ranged target of"
                          " {player} (T-WPN-2)").format(
            weapon=weapon, victim=victim['name'], player=p['name']))
    if trick is not None:
        if state["beginner"]:
            raise RuleError(_("the beginner game uses no Specialties, so no Dirty Tricks"))
        if free_specialties(state, p) < 1:
            raise RuleError(_("{player} holds no Specialty to play as a Dirty Trick").format(
                player=p['name']))
    state["quarrels"].append(new_quarrel(p["name"], victim["name"], weapon, how, trick))
    state["ready"].append(p["name"])
    return [{"kind": "sealed", "who": p["name"], "what": "attack"}, *_all_in(state)]


def dodge(state: State, defender: str, attacker: str, values: list[int],
          card: str | None = None) -> list[Event]:
    """T-CALL-5: the defender names as many different values 1..9 as the Dodges they commit
    against one Attack, at most 3, within the Dodges set aside; sealed until `call`. Each
    value is 1 to 9: the command's type (params.ANY_VALUE) and the seats' moves say so."""
    at_call(state, "dodge")
    d = acting(state, defender)
    a = find(state, attacker)
    q = next((q for q in attacks_on(state, d["name"]) if q["attacker"] == a["name"]), None)
    if q is None:
        raise RuleError(_("{a} is not attacking {d} this turn").format(a=a['name'], d=d['name']))
    if q["dodges"] is not None:
        raise RuleError(_("{d} has already announced the Dodges against {a}").format(
            d=d['name'], a=a['name']))
    if len(set(values)) != len(values):
        raise RuleError(_("the values named against one Attack must differ (T-CALL-5)"))
    if card is None and len(values) > MAX_DODGES_PER_ATTACK:
        raise RuleError(_("at most {MAX_DODGES_PER_ATTACK} Dodges against one Attack (T-CALL-5)").format(
            MAX_DODGES_PER_ATTACK=MAX_DODGES_PER_ATTACK))
    used = sum(len(x["dodges"] or []) for x in attacks_on(state, d["name"]))
    if card is None and used + len(values) > len(d["dodges"]):
        raise RuleError(_("{d} has {count} Dodges, {used} already committed (T-CALL-5)").format(
            d=d['name'], count=len(d['dodges']), used=used))
    q["dodges"] = list(values)
    return [{"kind": "sealed", "who": d["name"], "what": "dodge", "against": a["name"]},
            *_all_in(state)]


def _all_in(state: State) -> list[Event]:
    """Everyone has chosen (the last Attack of call 4 placed, the last Attack of call 5
    answered): the Pillar's `call` reveals them all together."""
    waiting = must_attack(state) if state["call"] == 4 else list(must_dodge(state))
    return [] if waiting else [{"kind": "all_in", "call": state["call"]}]


def _list(values: list[int]) -> str:
    return " ".join(map(str, values)) or "empty"
