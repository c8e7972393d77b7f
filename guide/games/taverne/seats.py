"""Each player's own seat (guide.core.seats): what their phone shows and the moves it offers.

A seat offers every choice its player makes (docs/taverne.md, Seats): call 2's Loot spent
(a Weapon, a Pint, a Specialty), Assets into play and back into hand, the Militia at 5
Prestige; Spells at any call (with the formula, or without it: the Mistake); Weapons set
aside as Dodges in call 3 (public); the sealed Attack of call 4 (with a Dirty Trick or not);
the Dodge division of call 5, one Attack at a time (the page asks how many against whom,
then the values on a 1-9 pad, and sends the one move that is that division, found by its
key); the Dirty Trick kept among those served; leaving the table and coming back; the
sealed bid of Auction Characters. Each is a move as data (guide.core.moves.Move): the
command it runs and that command's values by parameter name, its line written from the
command's declaration in Taverne's registry (registry.py). Every public move is tried on a
copy of the state first (its command's rule, `RULES`): a seat is only offered what the rules
accept now.

A sealed choice's line names it by a code (`sealed Marie 3f9a0c12b4d1`), not by its values:
the line is what the journal keeps and what `undo`, `redo` and `seats` show on the Pillar's
screen, and the Pillar is a player. The code is the core's (guide.core.sealed: an HMAC of
the choice under a key kept in the state, never in `guide state`, the TV page or a seat's
page, with the turn and the call, so a code is good for its call only); `sealed` finds the
choice among the seat's current ones and runs its command.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from guide.core import sealed, turns
from guide.core.errors import GuideError, RuleError
from guide.core.i18n import NP_, domain
from guide.core.moves import Move
from guide.core.state import copied

from . import adjust, arrivals, cards, counters, placements, turn, variants
from .box import Box
from .model import UNNAMED_ASSET, UNNAMED_TRICK, Event, Player, State, active, away, find, free_specialties
from .quarrels import attacks_on, must_attack
from .registry import commands
from .render import card_name
from .render import values as spoken
from .seating import clockwise_from, reaching, targets
from .views import waiting

RANGES = (NP_("range", "melee"), NP_("range", "ranged"))   # how a target is reached, in words
GENERIC_TRICK = UNNAMED_TRICK   # the card the player holds; its name is the table's (call 8)
_, ngettext, pgettext = domain("taverne").functions()

# The rule each public move's command asks, by the command's values (tried on a copy)
RULES: dict[str, Callable[..., list[Event]]] = {
    "call": turn.call,
    "buy": placements.buy,
    "militia": placements.militia,
    "asset": adjust.asset,
    "spell": adjust.spell,
    "trick": adjust.trick,
    "leave": arrivals.leave,
    "back": arrivals.back,
    "character": variants.choose,
}


def moves(state: State, seat: str, box: Box) -> list[Move]:
    """The seat's moves now, each legal as it is, written by Taverne's registry: public
    ones as the very lines the Pillar would type, sealed ones by their code (as typed when
    the brawl has no key yet: a campaign from before seats until its next command)."""
    p = state["players"].get(seat)
    if p is None:
        return []
    offers = _spend(state, p, box) + _dodges_set_aside(state, p)
    offers += [sealed_offer(state, seat, c) for c in sealed_choices(state, seat, box)]
    return offers + _auction_choice(state, p, box) + _next_call(state, seat) + _any_call(state, p, box)


def sealed_offer(state: State, seat: str, choice: Move) -> Move:
    """A sealed choice as the seat sends it: `sealed SEAT CODE` (its command as typed while
    the brawl has no key)."""
    said = code(state, seat, choice)
    return choice if said is None else commands.move(
        "sealed", choice.label, choice.group, choice.detail, choice.key, name=seat, code=said)


def _legal(state: State, offers: Sequence[Move]) -> list[Move]:
    """The offers whose command's rule accepts them now (tried on a copy: nothing changes)."""
    return [o for o in offers if _ok(RULES[o.command], state, **dict(o.values))]


def _ok(rule: Callable[..., list[Event]], state: State, *args: Any, **values: Any) -> bool:
    """Whether the rules accept this move now (tried on a copy: nothing changes)."""
    try:
        rule(copied(state), *args, **values)
    except GuideError:
        return False
    return True


def _next_call(state: State, seat: str) -> list[Move]:
    """The Pillar announces the next call (`call`, T-CALL-1) from their seat too, once the
    call waits for nobody (a table of bots, or a Pillar at their phone)."""
    if state["phase"] != "brawl" or turns.current(state["turns"]) != seat or waiting(state)[1]:
        return []
    return _legal(state, [commands.move("call", _("Next call"), (_("The table"),))])


def _auction_choice(state: State, p: Player, box: Box) -> list[Move]:
    """Auction Characters, after the reveal (T-VAR-AU-2, T-VAR-AU-3): the player's own choice
    of a Character laid out, when it is their turn to choose (the lowest bid first); its
    Initial Loot from the box's card, else the three a card may print, to read off it."""
    if state["phase"] != "auction" or not state["auction_revealed"] or \
            p["initial_loot"] is not None:
        return []
    name = p["name"]
    head = _("Choose your Character")
    out: list[Move] = []
    gone = arrivals.taken(state, but=name)
    for c in sorted(box.characters.values(), key=lambda c: c.name.casefold()):
        if c.name.casefold() in gone:
            continue
        loots = [c.initial_loot] if c.initial_loot is not None else [1, 2, 3]
        if not _ok(RULES["character"], state, name, c.name, loots[0]):
            continue                      # a lower bid chooses first: nothing yet
        out += [commands.move("character", _("{character}, Initial Loot {loot}").format(
                                  character=box.shown(c.name), loot=loot),
                              (head, box.shown(c.name)), c.power or "", name=name,
                              character=c.name, loot=None if c.initial_loot is not None else loot)
                for loot in loots]
    return out


def _in(state: State, p: Player, call: int | None = None) -> bool:
    return (state["phase"] == "brawl" and active(state, p["name"]) and not p["entering"]
            and (call is None or state["call"] == call))


def _spend(state: State, p: Player, box: Box) -> list[Move]:
    """Call 2 (T-CALL-2): 1 Loot for the top Weapon of the pile, a Pint, a Specialty; the
    Militia at 5 Prestige; Assets into play and back into hand (T-SPELL-1)."""
    if not _in(state, p, 2):
        return []
    return _legal(state, _purchases(p) + _militia(state, p)) + \
        _assets_into_play(state, p, box) + _legal(state, _assets_back(p))


def _purchases(p: Player) -> list[Move]:
    """What 1 Loot buys in call 2: the top Weapon of the pile, a Pint, a Specialty."""
    name, pile, pints = p["name"], p["pile"], p["pints"]
    spend = (_("Spend your Loot ({loot} left)").format(loot=p["loot"]),)
    weapon = [commands.move("buy", _("Weapon {weapon} from your pile").format(weapon=pile[0]), spend,
                            _("1 Loot; then {next} on top").format(next=pile[1]) if pile[1:]
                            else _("1 Loot; your pile is then empty"), name=name, what="weapon")
              ] if pile else []
    before, after = counters.prestige(p), counters.LADDER.get(pints + 1)
    prestige = _("1 Loot; Prestige stays {prestige}").format(prestige=before) if after == before \
        else _("1 Loot; Prestige {before} to {after}").format(before=before, after=after)
    return weapon + [
        commands.move("buy", _("A Pint: {before} to {after} Pints").format(before=pints, after=pints + 1),
                      spend, prestige, name=name, what="pint"),
        commands.move("buy", _("A Specialty from the {tavern} pile").format(tavern=p["tavern"] or "?"),
                      spend, _("1 Loot; drawn into your hand"), name=name, what="specialty")]


def _militia(state: State, p: Player) -> list[Move]:
    """The Militia called at 5 Prestige (T-CALL-7); the first caller may keep their Dirty
    Trick, or see it discarded."""
    name, trick = p["name"], p["trick"]
    head = (_("The Militia"),)
    first = not state["militia"] and trick
    return [commands.move("militia", _("Call the Militia!"), head,
                          _("you are first: your Dirty Trick {trick} is discarded").format(trick=trick)
                          if first else _("you are at 5 Prestige"), name=name)] + \
        ([commands.move("militia", _("Call the Militia, keep the Dirty Trick {trick}").format(trick=trick),
                        head, name=name, keep_trick=True)] if first else [])


def _card_label(card: str | None, generic: str | None, unnamed: str, named: str) -> str:
    """A button naming a card, or the table's unnamed card (`generic`) in words of its own."""
    return unnamed if card == generic else named.format(card=card)


def _assets_into_play(state: State, p: Player, box: Box) -> list[Move]:
    """Assets from hand into play in call 2, while the Prestige allows (T-SPELL-1)."""
    name = p["name"]
    count = _("{count} of at most {most} in play").format(count=len(p["assets"]) + 1,
                                                          most=counters.prestige(p))
    offered = _offered(state, p, box, "asset", UNNAMED_ASSET,
                       lambda c: _ok(RULES["asset"], state, name, c))
    return [commands.move("asset", _card_label(card, UNNAMED_ASSET, _("Put an Asset into play"),
                                               _("Put {card} into play")),
                          (_("Assets"), _("Into play")), count, name=name, card=card)
            for card in offered if card == UNNAMED_ASSET or card not in p["assets"]]


def _assets_back(p: Player) -> list[Move]:
    """Assets in play taken back into hand in call 2, if not used this turn."""
    return [commands.move("asset", _card_label(card, UNNAMED_ASSET, _("Take an Asset back into hand"),
                                               _("Take {card} back into hand")), (_("Assets"),),
                          _("if it has not been used this turn"), name=p["name"], card=card, back=True)
            for card in dict.fromkeys(p["assets"])]


def _offered(state: State, p: Player, box: Box, kind: str, generic: str | None,
             allowed: Callable[[str | None], bool]) -> list[Any]:
    """The Specialties of `kind` ("asset" or "spell") the player may play now: the named
    cards in their hand (T-BOX-1: drawn from their Tavern's pile, each tried), and for the
    Specialties they hold that the box does not name, the box's names of that kind or
    `generic` (the command's unnamed card; one trial: the same rule for any of them)."""
    out: list[str | None] = [c for c in cards.held(state, box, p["name"], kind) if allowed(c)]
    if cards.unnamed(state, p["name"]) > 0:
        others: list[str | None] = [s.name for s in box.specialties.values()
                                    if s.kind == kind] or [generic]
        if allowed(others[0]):
            out += [c for c in others if c not in out]
    return out


def _any_call(state: State, p: Player, box: Box) -> list[Move]:
    """At any call: Spells (T-SPELL-1, with the formula or, a Mistake, without it), an
    Asset discarded when the Prestige no longer holds them all, the Dirty Trick kept among
    those served (T-CALL-8); leaving the table and coming back (T-LEAVE-1)."""
    if state["phase"] != "brawl":
        return []
    playing = _in(state, p)
    offers = _discards(p) + _kept(state, p) if playing else []
    return (_spells(state, p, box) if playing else []) + _legal(state, offers + _table(state, p))


def _spells(state: State, p: Player, box: Box) -> list[Move]:
    """Spells at any call, each with the Tavern's formula shouted (T-SPELL-1), then one
    without it (a Mistake, T-MIS-1); at most Prestige a turn, none in the beginner game."""
    name = p["name"]
    if state["beginner"] or free_specialties(state, p) < 1:
        return []
    head = (_("Cast a Spell"),)
    formula = box.taverns.get(p["tavern"] or "") or next((f for f in box.taverns.values() if f), None)
    count = _("{count} of at most {most} this turn").format(count=p["spells"] + 1,
                                                            most=counters.prestige(p))
    out = [commands.move("spell", _("Shout \u201c{formula}\u201d and cast {spell}").format(
                             formula=formula, spell=card or _("a Spell")) if formula
                         else _("Cast {spell} with its formula").format(spell=card or _("a Spell")),
                         head, count, name=name, card=card)
           for card in _offered(state, p, box, "spell", None,
                                lambda c: _ok(RULES["spell"], state, name, c))]
    return out + [commands.move("spell", _("A Spell cast without the formula"), head,
                                _("a Mistake: no effect, the card discarded, -1 Pint (T-MIS-1)"),
                                name=name, no_formula=True)] if out else []


def _discards(p: Player) -> list[Move]:
    """An Asset discarded when the Prestige no longer holds them all in play."""
    if len(p["assets"]) <= counters.prestige(p):
        return []
    return [commands.move("asset",
                          _card_label(card, UNNAMED_ASSET, _("Discard an Asset"), _("Discard {card}")),
                          (_("Too many Assets in play: discard one"),), name=p["name"], card=card,
                          discard=True)
            for card in dict.fromkeys(p["assets"])]


def _kept(state: State, p: Player) -> list[Move]:
    """The Dirty Trick kept among those served this turn, each but the one suffered (T-CALL-8):
    none when the one served is the one suffered."""
    served = state["served"].get(p["name"], [])
    return [commands.move("trick",
                          _card_label(card, UNNAMED_TRICK, _("Keep a Dirty Trick"), _("Keep {card}")),
                          (_("Dirty Tricks served to you: you suffer one"),), name=p["name"], card=card)
            for card in dict.fromkeys(served) if card != p["trick"]]


def _table(state: State, p: Player) -> list[Move]:
    """Leaving the table, or coming back to it (T-LEAVE-1)."""
    head = (_("The table"),)
    if active(state, p["name"]):
        return [commands.move("leave", _("Leave the table"), head,
                              _("nothing affects you while away; come back at a turn's start"),
                              name=p["name"])]
    return [commands.move("back", _("Come back to the table"), head,
                          _("now") if state["call"] == 1 else _("at the next call 1"), name=p["name"])]


def _dodges_set_aside(state: State, p: Player) -> list[Move]:
    """Call 3 (T-CALL-3): one Weapon from hand at a time, while the Prestige allows and a
    Weapon stays in hand; or no (more) Dodges. Public: plain lines."""
    if not _in(state, p, 3):
        return []
    name, cap = p["name"], counters.prestige(p)
    head = (_("Prepare your dodges"),)
    out: list[Move] = []
    if len(p["dodges"]) < cap and len(p["hand"]) > 1:
        out += [commands.move("dodges", _("Set aside Weapon {weapon} as a Dodge ({count} of at most {most})"
                                          ).format(weapon=v, count=len(p["dodges"]) + 1, most=cap),
                              head, name=name, values=(v,))
                for v in p["hand"]]
    if name not in state["ready"]:                  # not yet acted in this call
        out.append(commands.move("dodges", _("No Dodges"), head, name=name))
    return out


def sealed_choices(state: State, seat: str, box: Box | None = None) -> list[Move]:
    """The sealed choices open to the seat's player now, each as the command that places it
    (`attack`, `dodge`, `bid`): an Attack (call 4), a Dodge division against each Attack not
    yet answered (call 5), a bid (Auction Characters)."""
    p = state["players"].get(seat)
    if p is None:
        return []
    if state["phase"] == "auction":
        if state["auction_revealed"] or p["bid"] is not None:
            return []
        return [commands.move("bid", _("Bid {energy} Energy").format(energy=e),
                              (_("Your initial Energy (sealed)"),), name=seat, energy=e)
                for e in range(1, counters.MAX_ENERGY + 1)]   # T-VAR-AU-1: 1 to 30
    if state["phase"] != "brawl" or not active(state, p["name"]) or p["entering"]:
        return []
    if state["call"] == 4 and seat in must_attack(state):
        return _attacks(state, p, box or Box())
    if state["call"] == 5 and state["revealed"] == 4:
        return _divisions(state, p)
    return []


def _tricks(state: State, p: Player, box: Box) -> list[str]:
    """The Dirty Tricks the player may attach (T-CALL-4): each named Dirty Trick card in
    their hand (T-BOX-1), and the generic one while they hold Specialties the box does not
    name; none in the beginner game or with no free Specialty."""
    if state["beginner"] or free_specialties(state, p) < 1:
        return []
    named = cards.held(state, box, p["name"], "dirty trick")
    return named + ([GENERIC_TRICK] if cards.unnamed(state, p["name"]) > 0 else [])


def _attacks(state: State, p: Player, box: Box) -> list[Move]:
    """T-CALL-4, T-WPN-2: every target in range with every Weapon in hand that may reach it
    (odd ones only at range), each with a Dirty Trick attached too when the player holds
    one (not in the beginner game). Grouped: Attack > the target > the Weapon."""
    tricks = _tricks(state, p, box)
    out: list[Move] = []
    for target, how in targets(state, p["name"]).items():
        group = (_("Your Attack (sealed)"), _("{target} ({range})").format(
            target=target, range=pgettext("range", how)))
        detail = _("odd Weapons only at range") if how == "ranged" else ""
        for w in reaching(p["hand"], how):
            label = _("Attack {target} ({range}) with Weapon {weapon}").format(
                target=target, range=pgettext("range", how), weapon=w)
            for trick in (None, *tricks):
                out.append(commands.move("attack", label + ("" if trick is None else _card_label(
                                             trick, GENERIC_TRICK, _(" + a Dirty Trick"),
                                             _(" + the Dirty Trick {card}"))), group, detail,
                                         name=p["name"], on=target, weapon=w, trick=trick))
    return out


def _divisions(state: State, p: Player) -> list[Move]:
    """T-CALL-5, one Attack at a time (the Pillar's advantage order): no Dodge, or 1 to 3
    different values within the Dodges not yet committed, among the values the Weapon can
    be: those in the attacker's hand, odd ones only at range (the rulebook's own reasoning:
    "it can only be an odd-valued Weapon since it is a ranged attack, either the 3 or the
    5"). A value the Weapon cannot be is legal but never guesses; the Pillar can type it.
    The page does not list these as buttons: it asks how many, then the values (a pad), and
    sends the move whose key is that division."""
    if not p["dodges"]:
        return []
    left = dodges_left(state, p)
    out: list[Move] = []
    for q in open_attacks(state, p):
        a = state["players"][q["attacker"]]
        can_be = can_be_values(state, q)
        head = _("Against {attacker} ({range}): ").format(attacker=a["name"],
                                                          range=pgettext("range", q["range"]))
        group = (_("Settle your quarrels (sealed)"), head.rstrip(": "))
        for k in range(min(placements.MAX_DODGES_PER_ATTACK, left, len(can_be)) + 1):
            for vs in combinations(can_be, k):
                label = head + (_("dodge {values}").format(values=spoken(vs)) if vs else _("no Dodge"))
                key = json.dumps({"dodge": a["name"], "values": sorted(vs)}, ensure_ascii=False)
                out.append(commands.move("dodge", label, group, "", key, defender=p["name"],
                                         against=a["name"], values=vs))
    return out


def open_attacks(state: State, p: Player) -> list[Any]:
    """The Attacks on the player not yet answered, in the Pillar's advantage order."""
    order = clockwise_from(state, turns.current(state["turns"]))
    mine = [q for q in attacks_on(state, p["name"]) if q["dodges"] is None]
    return sorted(mine, key=lambda q: order.index(q["attacker"]) if q["attacker"] in order else 99)


def dodges_left(state: State, p: Player) -> int:
    """The Dodges set aside not yet committed against an Attack (the player's own)."""
    return len(p["dodges"]) - sum(len(q["dodges"] or []) for q in attacks_on(state, p["name"]))


def can_be_values(state: State, q: Any) -> list[int]:
    """The values an Attack's Weapon can be, as its target reads the attacker's public
    Counter: the attacker's hand (the sealed Weapon stays there), odd ones at range."""
    return reaching(state["players"][q["attacker"]]["hand"], q["range"])


def code(state: State, seat: str, choice: Move) -> str | None:
    """The choice's code (guide.core.sealed.code) under the brawl's key, of the turn, the
    call and the choice's command and values: a code read on the screen says nothing, and
    is good for this call only. None while the brawl has no key."""
    return sealed.code(sealed.sealed(state.get("seal_key") or ""), seat,
                       [state["turn"], state["call"], choice.command, choice.values])


def opened(state: State, name: str, given: str, box: Box | None = None) -> Move:
    """`sealed NAME CODE`: the seat's choice whose code this is (guide.core.sealed.opened),
    to place as `attack`, `dodge` or `bid` places it; refused, saying nothing of any
    choice, if none has it now."""
    seat = find(state, name)["name"]
    choices = sealed_choices(state, seat, box)
    said = [[state["turn"], state["call"], c.command, c.values] for c in choices]
    found = sealed.opened(sealed.sealed(state.get("seal_key") or ""), seat, given, said)
    if found is None:
        raise RuleError(_("that choice is not open to {player} now; choose again on the seat's page").format(
            player=seat))
    return choices[said.index(found)]



# --- what the seat's page shows (TaverneGame.seat_view adds it to the seat's own view) ------------
def page(state: State, seat: str, box: Box, tv_words: dict[str, Any]) -> dict[str, Any]:
    """The seat page's own part: the player's Counter, hand, pile, Specialties, Trick,
    targets, the Attacks on them to divide their Dodges among, and every sentence the page
    shows, in the table's language (`tv_words`: the TV's words, public). Only the seat's
    own secrets and public facts: it goes to that seat alone."""
    p = state["players"].get(seat)
    if p is None:
        return {"said": {}}
    cap = counters.prestige(p)
    mine = next((q for q in state["quarrels"] if q["attacker"] == seat), None)
    what, who = waiting(state)
    due = (_in(state, p, 2) and cap == 5 and seat not in state["militia"])
    trick = p["trick"]
    said = {
        "title": f"{seat} · Taverne de la Licorne",
        "who": " · ".join(x for x in [box.shown(p["character"] or ""), p["tavern"] or ""] if x),
        "call": tv_words.get("call", ""), "turn": tv_words.get("turn", ""),
        "now": _now(state, p, seat in who, what, due),
        "due": due,
        "counter": [[_("Prestige"), cap, ngettext("{count} Pint", "{count} Pints", p["pints"]).format(
                        count=p["pints"])],
                    [_("Energy"), p["energy"], _("Stunned") if counters.stunned(p) else "/ 30"],
                    [_("Loot"), p["loot"], "/ 9"]],
        "energy": _("Energy"),
        "h": _headings(state),
        "pile": _pile(p),
        "dodges": spoken(p["dodges"]) if p["dodges"] else _("none"),
        "specialties": _specialties(p) + (
            _("; 1 placed as your Dirty Trick") if free_specialties(state, p)
            < sum(p["specialties"].values()) else ""),
        "held": _held(state, seat, box),
        "assets": (_("Assets in play: {cards} ({count} of at most {most})").format(
                      cards=", ".join(map(card_name, p["assets"])), count=len(p["assets"]), most=cap)
                   if p["assets"] else _("no Asset in play (at most {most})").format(most=cap)),
        "spells": _("Spells cast this turn: {count} of at most {most}").format(
                      count=p["spells"], most=cap),
        "trick": _("Dirty Trick: {card}").format(card=trick) if trick else pgettext("trick", "none"),
        "targets": _targets(state, seat, p),
        "attack": _attack(mine),
        "left": ngettext("{count} Dodge left to divide", "{count} Dodges left to divide",
                         dodges_left(state, p)).format(count=dodges_left(state, p)),
        "how_many": _("How many Dodges?"), "none": _("No Dodge"),
        "count": [ngettext("{count} Dodge", "{count} Dodges", k).format(count=k) for k in range(4)],
        "tap": _("Tap the values you name"),
        "militia": tv_words.get("militia", ""),
        "quarrel_lines": tv_words.get("quarrels", []),
        "seats": [{"name": n, **w} for n, w in zip(turns.seated(state["turns"]), tv_words.get("seats", []),
                                                     strict=False)],   # the TV's, in seat order
    }
    return {"hand": _hand(state, p, box, mine), "quarrels": _quarrels(state, seat, p),
            "dodges_left": dodges_left(state, p), "said": said}


def _hand(state: State, p: Any, box: Box, mine: Any) -> list[dict[str, Any]]:
    """The Weapons in the seat's hand, its sealed Attack's marked (until call 5 shows it)."""
    weapon_names = {w["value"]: box.shown(w["name"]) for w in box.weapons if w.get("value")}
    sealed_weapon = mine["weapon"] if mine and state["revealed"] < 5 else None
    return [{"value": v, "name": weapon_names.get(v), "attack": v == sealed_weapon,
             "sub": (_("your Attack") if v == sealed_weapon else
                     _("small") if v <= 5 else _("large"))} for v in p["hand"]]


def _quarrels(state: State, seat: str, p: Any) -> list[dict[str, Any]]:
    """At call 5, the Attacks on the seat to divide its Dodges among (T-DODGE)."""
    if not (state["phase"] == "brawl" and state["call"] == 5 and state["revealed"] == 4
            and active(state, p["name"])):
        return []
    return [{"attacker": q["attacker"], "range": q["range"], "can_be": can_be_values(state, q),
             "answered": q["dodges"] is not None, "values": q["dodges"],
             "title": _("{attacker} attacks you ({range})").format(
                 attacker=q["attacker"], range=pgettext("range", q["range"])),
             "sub": _("the Weapon can be {values} (their hand)").format(
                 values=spoken(can_be_values(state, q))),
             "done": (_("your Dodges: {values}").format(values=spoken(q["dodges"]))
                      if q["dodges"] else _("no Dodge")) if q["dodges"] is not None else ""}
            for q in attacks_on(state, seat)]


def _headings(state: State) -> dict[str, str]:
    """The headings of the seat's page."""
    return {"hand": _("Your Weapons in hand"), "pile": _("Your Weapon pile"),
            "dodges": _("Set aside as Dodges"), "specialties": _("Specialties"),
            "trick": _("Dirty Trick suffered"), "targets": _("Targets in range"),
            "attack": _("Your Attack (only you see it)") if state["revealed"] < 4
            else _("Your Attack (face down until call 5 is settled)") if state["revealed"] < 5
            else _("Your Attack this turn"), "quarrels": _("Settle your quarrels"),
            "table": _("The table"), "moves": _("What you may do"), "said": _("Quarrels")}


def _pile(p: Any) -> str:
    """The seat's Weapon pile: its top, and under it what only the seat knows."""
    if len(p["pile"]) > 1:
        return _("{top} on top; {rest} under it (only you know them)").format(
            top=p["pile"][0], rest=spoken(p["pile"][1:]))
    return _("{top} on top, the last one").format(top=p["pile"][0]) if p["pile"] else _("empty")


def _targets(state: State, seat: str, p: Any) -> list[str]:
    return [_("{target} ({range})").format(target=t, range=pgettext("range", r))
            + (_(": odd Weapons only") if r == "ranged" else "")
            for t, r in (targets(state, seat).items() if active(state, p["name"]) else [])]


def _attack(mine: Any) -> str:
    """The seat's own Attack this turn (its target, Weapon and Trick), or nothing."""
    if not mine:
        return ""
    return (_("{target}, Weapon {weapon}").format(target=mine["target"], weapon=mine["weapon"])
            + (_(" + a Dirty Trick") if mine["trick"] else ""))


def _held(state: State, seat: str, box: Box) -> str:
    """The named Specialties in the seat's hand, each with its kind (T-BOX-1: drawn from
    the Tavern's pile, only their owner knows them); empty when the box names none."""
    named = cards.hand(state, seat)
    if not named:
        return ""
    said = [f"{c} ({pgettext('kind', known.kind)})" if (known := box.specialties.get(c.casefold()))
            else c for c in named]
    return _("In your hand: {cards}").format(cards=", ".join(said))


def _specialties(p: Player) -> str:
    held = {t: k for t, k in p["specialties"].items() if k}
    total = sum(held.values())
    if not total:
        return _("no Specialty in hand")
    where = ", ".join(f"{t} {k}" for t, k in held.items())
    return ngettext("{count} Specialty in hand ({where})", "{count} Specialties in hand ({where})",
                    total).format(count=total, where=where)


def _now(state: State, p: Player, waited: bool, what: str, due: bool) -> str:
    """What is asked of the player now, in a line."""
    if state["phase"] == "over":
        return ""
    if p["eliminated"]:
        return _("You were shown the door: the Pillar seats you again with a new Character")
    if p["entering"]:
        return _("You enter the brawl at the next call 1")
    if away(state, p["name"]):
        return _("You are away: nothing affects you") if not p["returning"] \
            else _("You are back at the next call 1")
    if due:
        return _("You are at 5 Prestige: call the Militia!")
    if waited:
        return {"to bid": _("Your bid: your initial Energy, sealed"),
                "to set Dodges": _("Your Dodges: set Weapons aside, or none"),
                "to attack": _("Your Attack: a target and a Weapon, sealed"),
                "to dodge": _("Your Dodges: how many against whom, then the values"),
                }.get(what, "")
    if state["phase"] == "brawl" and state["call"] == 2:
        return _("Spend your Loot, or wait for the next call")
    return ""
