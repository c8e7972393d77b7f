"""What the table adjudicates: mistakes (T-MIS-1), card effects on the Counter (T-CNT-4),
Assets and Spells within Prestige (T-SPELL-1), the Dirty Trick a player keeps (T-CALL-8)."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import fold

from . import counters
from .guards import acting, aimed_at, at_call
from .model import UNNAMED_TRICK, Event, Player, State, among, free_specialties, take_specialty
from .seating import targets

_, ngettext, pgettext = domain("taverne").functions()
# what a card's effect changes on the Counter, by command (`energy`, `loot`, `pint NAME N`)
METERS = {"energy": counters.add_energy, "loot": counters.add_loot, "pint": counters.add_pints}


def mistake(state: State, name: str) -> list[Event]:
    """T-MIS-1: a mistake noticed by an opponent costs one Pint (never below 1)."""
    p = acting(state, name)
    return [{**counters.add_pints(p, -1), "kind": "mistake"}] + asset_warning(p)


def adjust(state: State, name: str, meter: str, n: int) -> list[Event]:
    """`energy`, `loot`, `pint NAME N`: a card's effect, clamped at the limits (T-CNT-4)."""
    p = acting(state, name)
    ev = METERS[meter](p, n)
    return [{**ev, "kind": meter, "card": True}] + (
        asset_warning(p) + reached_five(state, p, ev) if meter == "pint" else [])


def reached_five(state: State, p: Player, ev: Event) -> list[Event]:
    """T-CALL-2: the moment a player reaches 5 Prestige in call 2 (a Pint bought, a card's
    Pint) and has not called the Militia, the companion reminds them (never calls for them)."""
    if (state["phase"] == "brawl" and state["call"] == 2 and ev["prestige"] == 5
            and ev["prestige_before"] < 5 and p["name"] not in state["militia"]):
        return [{"kind": "militia_reminder", "who": [p["name"]]}]
    return []


def asset_warning(p: Player) -> list[Event]:
    cap = counters.LADDER[p["pints"]]
    if len(p["assets"]) > cap:
        return [{"kind": "too_many_assets", "who": p["name"], "assets": list(p["assets"]),
                 "prestige": cap}]
    return []


def asset(state: State, name: str, card: str, back: bool = False,
          discard: bool = False) -> list[Event]:
    """Assets: put into play from hand in call 2, at most Prestige in play (T-SPELL-1); taken
    back into hand in call 2 (`back`); discarded by a card's effect at any call (`discard`)."""
    if back and discard:
        raise RuleError(_("asset: --back or --discard, not both"))
    how = "back" if back else "discard" if discard else "play"
    p = acting(state, name)
    card = card.strip()
    if not card:
        raise RuleError(_("name the Asset card"))
    if state["beginner"]:
        raise RuleError(_("the beginner game uses no Specialties"))
    in_play = next((a for a in p["assets"] if a.casefold() == card.casefold()), None)
    if how != "discard":                # a card's discard is at any call
        at_call(state, "asset")
    if how in ("discard", "back"):
        if in_play is None:
            raise RuleError(_("{player} has no Asset {card!r} in play").format(player=p['name'], card=card))
        p["assets"].remove(in_play)
        if how == "back":
            tavern = p["tavern"] or "?"
            p["specialties"][tavern] = p["specialties"].get(tavern, 0) + 1
        return [{"kind": "asset", "who": p["name"], "card": in_play, "how": how}]
    cap = counters.prestige(p)
    if len(p["assets"]) >= cap:
        raise RuleError(ngettext("{player} has {cap} Prestige: at most {cap} Asset in play (T-SPELL-1)",
                                 "{player} has {cap} Prestige: at most {cap} Assets in play (T-SPELL-1)",
                                 cap).format(player=p['name'], cap=cap))
    if free_specialties(state, p) < 1:
        raise RuleError(_("{player} holds no Specialty to put into play").format(player=p['name']))
    take_specialty(p)
    p["assets"].append(card)
    return [{"kind": "asset", "who": p["name"], "card": card, "how": "play",
             "assets": len(p["assets"]), "prestige": cap}]


def spell(state: State, name: str, card: str | None = None, on: str | None = None,
          no_formula: bool = False) -> list[Event]:
    """T-SPELL-1: at most Prestige Spells a turn, none while Stunned; the formula is the
    table's to hear. Cast without it (`--no-formula`, T-MIS-1): the effect does not apply,
    the card is discarded and the Mistake costs one Pint; it is not a Spell cast this turn
    **(companion's reading)**."""
    p = acting(state, name)
    if state["beginner"]:
        raise RuleError(_("the beginner game uses no Specialties, so no Spells"))
    if no_formula:
        _free_specialty(state, p)
        take_specialty(p)
        return [{"kind": "spell_mistake", "who": p["name"], "card": card},
                {**counters.add_pints(p, -1), "kind": "mistake"}] + asset_warning(p)
    if counters.stunned(p):
        raise RuleError(_("{player} is Stunned: no Spell until Energy is 1 or more (T-CNT-2)").format(
            player=p['name']))
    cap = counters.prestige(p)
    if p["spells"] >= cap:
        raise RuleError(ngettext("{player} has {cap} Prestige: {cap} Spell this turn already (T-SPELL-1)",
                                 "{player} has {cap} Prestige: {cap} Spells this turn already (T-SPELL-1)",
                                 cap).format(player=p['name'], cap=cap))
    _free_specialty(state, p)
    target = None
    if on is not None:
        # T-EXC-1, T-WPN-2: out of range players "cannot be attacked, except with
        # Specialties (in particular Spells)": a Spell's target is anyone in the brawl
        target = aimed_at(state, on)
    take_specialty(p)
    p["spells"] += 1
    far = target is not None and target["name"] != p["name"] and \
        target["name"] not in targets(state, p["name"])
    return [{"kind": "spell", "who": p["name"], "card": card, "cast": p["spells"],
             "prestige": cap, "on": target["name"] if target else None, "far": far}]


def _free_specialty(state: State, p: Player) -> None:
    """A Spell (with its formula or without) needs a Specialty in hand that is not already
    placed as the Attack's sealed Dirty Trick (T-CALL-4, Basic Rules: "a card that is placed
    is a card that is played")."""
    if sum(p["specialties"].values()) < 1:
        raise RuleError(_("{player} holds no Specialty to cast").format(player=p['name']))
    if free_specialties(state, p) < 1:
        raise RuleError(_("{player}'s only Specialty is placed face down as a Dirty Trick:"
                          " a card that is placed is a card that is played (T-CALL-4)").format(
            player=p['name']))


def trick(state: State, name: str, card: str | None) -> list[Event]:
    """The Dirty Trick a player suffers: the one they keep among those served this turn
    (T-CALL-8), or a card's effect (None: discarded)."""
    p = acting(state, name)
    if card is None:
        return _discard_trick(p)
    choices = state["served"].get(p["name"], [])
    # the named Dirty Trick served this turn that `card` names (None: none, or none named)
    chosen = among(card, [c for c in choices if c != UNNAMED_TRICK], pgettext("what", "Dirty Trick"))
    if chosen is None and UNNAMED_TRICK in choices + [p["trick"]] and \
            fold(card) != fold(UNNAMED_TRICK):
        return _name_trick(state, p, choices, card.strip())
    if chosen is None:
        offered = ", ".join(pgettext("what", "Dirty Trick") if c == UNNAMED_TRICK else c
                            for c in choices) or _("none this turn")
        raise RuleError(_("{player} keeps one of the Dirty Tricks served this turn ({offered})").format(
            player=p['name'], offered=offered))
    p["trick"] = chosen
    return [{"kind": "trick_kept", "who": p["name"], "kept": chosen,
             "discarded": [c for c in choices if c != chosen]}]


def _discard_trick(p: Player) -> list[Event]:
    """The Dirty Trick a player suffers is discarded (a card's effect)."""
    if p["trick"] is None:
        raise RuleError(_("{player} suffers no Dirty Trick").format(player=p['name']))
    old, p["trick"] = p["trick"], None
    return [{"kind": "trick_kept", "who": p["name"], "kept": None, "discarded": [old]}]


def _name_trick(state: State, p: Player, choices: list[str], name: str) -> list[Event]:
    """A Dirty Trick sent from a seat is served as "Dirty Trick"; face up once served
    (T-CALL-8), its card is named now (`trick Bob Itch`), and leaves the attacker's hand."""
    if UNNAMED_TRICK in choices:
        choices[choices.index(UNNAMED_TRICK)] = name
    p["trick"] = name
    for q in state["quarrels"]:       # the attacker's card, now named, leaves their hand
        if q["target"] == p["name"] and q["trick"] == UNNAMED_TRICK:
            q["trick"] = name
            held = state.get("hands", {}).get(q["attacker"], [])
            found = next((c for c in held if fold(c) == fold(name)), None)
            if found is not None:
                held.remove(found)
                p["trick"] = found
                if name in choices:
                    choices[choices.index(name)] = found
            break
    return [{"kind": "trick_named", "who": p["name"], "trick": p["trick"], "kept": p["trick"]}]
