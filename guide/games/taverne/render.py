"""Events -> the Pillar's lines, with the arithmetic shown, through the taverne catalogue
(guide/locale/<lang>/LC_MESSAGES/taverne.po; French: --lang fr). Sealed choices never reach
an event, so nothing here can leak them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from guide.core.i18n import NP_, domain
from guide.core.line import build

from .model import UNNAMED_ASSET, UNNAMED_TRICK

Event = dict[str, Any]
_, ngettext, pgettext = domain("taverne").functions()

KINDS = (NP_("kind", "asset"), NP_("kind", "dirty trick"), NP_("kind", "spell"))

# The Pillar's nine calls as the box gives them (cards/taverne/licorne.yaml), so their words
# have their translation (context "call"); a box's own words are said as it gives them.
CALLS = (NP_("call", "Start of turn!"), NP_("call", "Spend your Loot!"),
         NP_("call", "Prepare your dodges!"), NP_("call", "To your cards! ... Ready? ... Attack!"),
         NP_("call", "Settle your quarrels!"), NP_("call", "Show the door!"),
         NP_("call", "The Militia arrives!"), NP_("call", "Serve your Dirty Tricks!"),
         NP_("call", "Pocket a Loot!"))


def call_words(words: str) -> str:
    """A call's words in the table's language."""
    return pgettext("call", words) if words in CALLS else words


def values(vs: Sequence[object]) -> str:
    """[5, 6] -> '5 and 6'; [2, 5, 6] -> '2, 5 and 6'."""
    s = [str(v) for v in vs]
    if not s:
        return _("nothing")
    if len(s) == 1:
        return s[0]
    return _("{some} and {last}").format(some=", ".join(s[:-1]), last=s[-1])


def card_name(card: str) -> str:
    """A Specialty by its card's name; one a seat played unnamed (a Dirty Trick, an Asset),
    in the table's words."""
    if card == UNNAMED_TRICK:
        return pgettext("what", "Dirty Trick")
    return pgettext("what", "Asset") if card == UNNAMED_ASSET else card


def names(ns: list[str]) -> str:
    return values(ns) if ns else _("nobody")


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _quarrel(e: Event) -> str:
    dodge = _("{target} dodges {values}").format(target=e["target"], values=values(e["dodged"])) \
        if e["dodged"] else _("{target} does not dodge").format(**e)
    loot = ngettext("{winner} +{loot} Loot", "{winner} +{loot} Loot", e["loot"]).format(**e)
    if e["loot_rule"] == "P":
        loot += _(" (large Weapon: {loser}'s Prestige {prestige})").format(**e)
    if e["loot_lost"]:
        loot += _(" ({lost} lost: 9 Loot is the most)").format(lost=e["loot_lost"])
    # the event's own values, with the sentence's parts and the Energy left
    said = {**e, "dodge": dodge, "loot": loot, "left": e["energy_left"]}
    if e["guessed"]:
        return _("{dodge}; {attacker}'s {weapon} is dodged: {loot}").format_map(said)
    hit = _("{dodge}; {attacker}'s {weapon} hits: {target} -{energy} Energy, {loot}") \
        if e["energy"] == e["weapon"] else \
        _("{dodge}; {attacker}'s {weapon} hits: {target} -{energy} Energy, to {left}, {loot}")
    return hit.format_map(said) + (_("; {target} is Stunned").format(**e) if e["stunned"] else "")


def _total(e: Event) -> str:
    head = ngettext("{who}, after {attacks} quarrel: ", "{who}, after {attacks} quarrels: ",
                    e["attacks"]).format(who=e["who"], attacks=e["attacks"]) if e["attacks"] > 1 else \
        _("{who}: ").format(who=e["who"])
    parts = []
    if e["energy"]:
        parts.append(_("-{energy} Energy").format(energy=abs(e["energy"])))
    if e["loot"]:
        parts.append(ngettext("+{loot} Loot", "+{loot} Loot", e["loot"]).format(loot=e["loot"]))
    return head + (", ".join(parts) + ", " if parts else "") + _("{energy} Energy left").format(
        energy=e["energy_left"])


def _chosen(e: Event) -> str:
    if e.get("instead"):            # a player who chose again (T-VAR-AU-3)
        return _("{who} takes {character} instead of {instead} (Initial Loot {loot})").format(**e)
    return _("{who} takes {character} (Initial Loot {loot})").format(**e)


def _dodges_set(e: Event) -> str:
    if not e["values"]:            # none at all this turn, or none beyond those set aside
        return (_("{who} sets aside no more Dodges") if e["dodges"] else
                _("{who} sets aside no Dodges")).format(who=e["who"])
    return ngettext("{who} sets aside {values} as a Dodge", "{who} sets aside {values} as Dodges",
                    len(e["values"])).format(who=e["who"], values=values(e["values"])) \
        + ngettext(" ({count} Dodge of at most {prestige})", " ({count} Dodges of at most {prestige})",
                   len(e["dodges"])).format(count=len(e["dodges"]), prestige=e["prestige"])


def _call(e: Event) -> str:
    words = _(' "{words}"').format(words=call_words(e["words"])) if e.get("words") else ""
    return _("Turn {turn}, call {call}:{words} (Pillar: {pillar})").format(
        turn=e["turn"], call=e["call"], words=words, pillar=e["pillar"])


def _bought(e: Event) -> str:
    if e["what"] == "weapon":
        top = e["pile_top"] if e["pile_top"] is not None else _("empty")
        named = f" ({e['weapon_name']})" if e.get("weapon_name") else ""
        return _("{who} buys Weapon {weapon}{named} (1 Loot, {loot} left; pile top: {top})").format(
            **e, named=named, top=top)
    if e["what"] == "pint":
        return ngettext("{who} buys a Pint (1 Loot, {loot} left): {pints} Pint, Prestige {prestige}",
                        "{who} buys a Pint (1 Loot, {loot} left): {pints} Pints, Prestige {prestige}",
                        e["pints"]).format(**e)
    held = ngettext("{count} Specialty in hand", "{count} Specialties in hand",
                    e["specialties"]).format(count=e["specialties"])
    if e.get("card"):
        return _("{who} draws {card} from the {tavern} pile (1 Loot, {loot} left; {held})").format(
            **e, held=held)
    return _("{who} draws a Specialty from the {tavern} pile (1 Loot, {loot} left; {held})").format(
        **e, held=held)


def _meter(e: Event) -> str:
    unit = {"energy": "Energy", "loot": "Loot", "pint": "Pints", "mistake": "Pints"}[e["kind"]]
    now = e["pints"] if unit == "Pints" else e[e["kind"]]
    # T-CNT-4: the limits beat the card; the line says what actually changed
    if e["lost"]:
        said = {"Energy": _("{done} Energy, to {now} ({change} asked, {lost} beyond the limit)"),
                "Loot": _("{done} Loot, to {now} ({change} asked, {lost} beyond the limit)"),
                "Pints": _("{done} Pints, to {now} ({change} asked, {lost} beyond the limit)")}
    else:
        said = {"Energy": _("{change} Energy: {now}"), "Loot": _("{change} Loot: {now}"),
                "Pints": _("{change} Pints: {now}")}
    shown = said[unit].format(done=signed(e["change"] - e["lost"]), now=now, change=signed(e["change"]),
                              lost=abs(e["lost"]))
    text = _("{who} makes a mistake (T-MIS-1): {change}").format(who=e["who"], change=shown) \
        if e["kind"] == "mistake" else pgettext("meter", "{who} {change}").format(who=e["who"], change=shown)
    if unit == "Pints" and e["prestige"] != e["prestige_before"]:
        text += _(", Prestige {prestige}").format(prestige=e["prestige"])
    if e["kind"] == "energy":
        if e["stunned"] and not e["was_stunned"]:
            text += _("; Stunned")
        elif e["was_stunned"] and not e["stunned"]:
            text += _("; no longer Stunned")
    return text


def _lost(e: Event) -> str:
    """T-CNT-3: the Loot a gain brings beyond 9 is lost, and said."""
    at_nine = [n for n in e["who"] if e["loot"].get(n) == 9 and n in e.get("lost", ())]
    return _("; lost at 9 Loot (the most): {who}").format(who=names(at_nine)) if at_nine else ""


def _sealed(e: Event) -> str:
    return (_("{who}'s Attack is placed face down") if e["what"] == "attack"
            else _("{who}'s bid is sealed") if e["what"] == "bid"
            else _("{who} has divided their Dodges against {against} (sealed)")).format(**e)


def _placements(e: Event) -> str:
    rows = [f"{a['attacker']} -> {a['target']} ({pgettext('range', a['range'])}"
            + (_(", a Dirty Trick") if a["trick"] else "") + (_(", void") if a["void"] else "") + ")"
            for a in e["attacks"]]
    return _("Attacks placed: {attacks}").format(
        attacks=pgettext("separator", "; ").join(rows) if rows else _("none"))


def _bids(e: Event) -> str:
    text = _("Bids: {bids}").format(bids=", ".join(f"{n} {e['bids'][n]}" for n in e["order"]))
    text += _(". Choosing order: {order}").format(order=", ".join(e["order"]))
    for tie in e["ties"]:
        text += _("; tie {names}: rock-paper-scissors").format(names=names(tie))
    return text


RENDER: dict[str, Callable[[Event], str]] = {
    "call": _call,
    "quarrel": _quarrel,
    "quarrels_total": _total,
    "bought": _bought,
    "energy": _meter, "loot": _meter, "pint": _meter, "mistake": _meter,
    "sealed": _sealed,
    "placements": _placements,
    "bids": _bids,
    "started": lambda e: (_("The brawl starts: {players}; {pillar} is the Pillar").format(
                              players=names(e["players"]), pillar=e["pillar"])
                          + (_(" (beginner game)") if e["beginner"] else "")
                          + (_("; variants: {variants}").format(variants=", ".join(e["variants"]))
                             if e["variants"] else "")),
    "auction_open": lambda e: _("Auction Characters: every player bids an initial Energy"
                                " (`bid NAME ENERGY`), sealed"),
    "seated": lambda e: ((_("Corrected: {who} (seat {seat})") if e.get("corrected")   # `player` again
                          else _("{who} sits down (seat {seat})")).format(**e)
                         + (_(" as {character}").format(**e) if e["character"] else "")
                         + (_(", Initial Loot {loot}").format(**e) if e["loot"]
                            else _(", Initial Loot not given yet"))),
    "arrival": lambda e: ((_("{who} comes back") if e["returning"] else _("{who} arrives")).format(**e)
                          + (_(" as {character}").format(**e) if e["character"] else "")
                          + _("; enters at turn {turn}, call 1 (T-NEW-1)").format(**e)
                          + (_("; give the Initial Loot on the card: `player {who} --loot N`")
                             .format(**e) if e.get("ask_loot") else "")),
    "entered": lambda e: ngettext("{who} enters: Initial Loot {initial} + bonus {bonus} (highest Prestige)"
                                  " = {loot} Loot",
                                  "{who} enters: Initial Loot {initial} + bonus {bonus} (highest Prestige)"
                                  " = {loot} Loot", e["loot"]).format(who=e["who"], initial=e["initial_loot"],
                                                    bonus=e["bonus"], loot=e["loot"])
                          + (_(" ({lost} lost: 9 Loot is the most)").format(lost=e["lost"])
                             if e.get("lost") else ""),
    "welcome_loot": lambda e: _("New arrival: +1 Loot for {who} (T-NEW-1)").format(
                                  who=names(e["who"])) + _lost(e),
    "back": lambda e: _("Back at the table: {who}").format(who=names(e["who"])),
    "back_next_turn": lambda e: _("{who} comes back at turn {turn}, call 1").format(**e),
    "left": lambda e: (_("{who} leaves the table (T-LEAVE-1)").format(**e)
                       + (_("; void: {attacks}").format(attacks=", ".join(
                           f"{v['attacker']} -> {v['target']}" for v in e["void"])) if e["void"] else "")),
    "pillar": lambda e: _("The Pillar passes from {old} to {new}").format(old=e["from"], new=e["to"]),
    "militia": lambda e: (_("{who} calls the Militia!").format(**e)
                          + ("" if not e["discarded"] else
                             _(" (first: discards their Dirty Trick)") if e["discarded"] == UNNAMED_TRICK
                             else _(" (first: discards the Dirty Trick {trick})").format(
                                 trick=card_name(e["discarded"])))),
    "militia_reminder": lambda e: _("{who} at 5 Prestige: call the Militia (`militia NAME`) or risk a"
                                    " mistake (T-MIS-1)").format(who=names(e["who"])),
    "dodges_set": _dodges_set,
    "quarrel_void": lambda e: _("{attacker}'s Attack on {target} is void (T-LEAVE-1)").format(**e),
    "under_pile": lambda e: _("{who}: {weapons} under the Weapon pile (top: {top})").format(
                              who=e["who"], weapons=values(e["weapons"]), top=e["pile_top"]),
    "stunned": lambda e: _("Stunned: {who}").format(who=names(e["who"])),
    "shown_door": lambda e: (_("{who} is shown the door").format(**e)
                             + (_("; {character} goes to the KO pile").format(**e) if e["character"] else "")
                             + (_(" (credited to {who})").format(who=names(e["credited"]))
                                if e["credited"] else "")),
    "false_alarm": lambda e: _("False alarm: nobody at 5 Prestige is standing; the brawl goes on"),
    "militia_wins": lambda e: ((_("The Militia arrives: {who} wins!") if len(e["winners"]) == 1
                                else _("The Militia arrives: {who} share the win!")).format(
                                   who=names(e["winners"]))
                               + (_(" (most Loot: {loot})").format(loot=", ".join(
                                   f"{n} {e['loot'][n]}" for n in e["standing"]))
                                  if len(e["standing"]) > 1 else "")),
    "trick_discarded": lambda e: (_("{attacker}'s Dirty Trick is discarded")   # not named yet
                                  if e["trick"] == UNNAMED_TRICK else
                                  _("{attacker}'s Dirty Trick {trick} is discarded")).format(
                                     attacker=e["attacker"], trick=card_name(e["trick"])),
    "trick_named": lambda e: _("{who}'s Dirty Trick: {trick}").format(who=e["who"],
                                                                     trick=card_name(e["trick"])),
    "trick_served": lambda e: ((_("{who} suffers a Dirty Trick (its owner names the card:"
                                  " `trick {who} CARD`)") if e["kept"] == UNNAMED_TRICK
                                else _("{who} suffers the Dirty Trick: {trick}")).format(
                                   who=e["who"], trick=e["kept"])
                               + (_(" (keeps one of {choices}: `trick {who} NAME`)").format(
                                   choices=names(e["choices"]), who=e["who"])
                                  if len(e["choices"]) > 1 else "")),
    "trick_kept": lambda e: (_("{who} keeps {trick}").format(who=e["who"], trick=card_name(e["kept"]))
                             if e["kept"]
                             else _("{who} is rid of {tricks}").format(
                                 who=e["who"], tricks=names([card_name(c) for c in e["discarded"]]))),
    "pocket": lambda e: _("Pocket a Loot: +1 for {who}").format(who=names(e["who"])) + _lost(e),
    "pint_lost_at_five": lambda e: _("{who} is at 5 Prestige and nobody called the Militia: -1 Pint"
                                     " ({pints}, Prestige {prestige}) (T-END-1)").format(**e),
    "lone_survivor": lambda e: (_("{who} is the last one standing: {who} wins! (T-END-1)").format(
                                    who=e["winners"][0]) if e["winners"]
                                else _("Nobody is left standing: the brawl ends, no winner")),
    "too_many_assets": lambda e: ngettext(
        "{who} has {count} Asset in play and {prestige} Prestige: discard one"
        " (`asset {who} CARD --discard`)",
        "{who} has {count} Assets in play and {prestige} Prestige: discard one"
        " (`asset {who} CARD --discard`)",
        len(e["assets"])).format(who=e["who"], count=len(e["assets"]), prestige=e["prestige"]),
    "asset": lambda e: ({"play": _("{who} puts an Asset into play"),
                         "back": _("{who} takes an Asset back into hand"),
                         "discard": _("{who} discards an Asset")} if e["card"] == UNNAMED_ASSET else
                        {"play": _("{who} puts the Asset {card} into play"),
                         "back": _("{who} takes the Asset {card} back into hand"),
                         "discard": _("{who} discards the Asset {card}")})[e["how"]].format(
                            who=e["who"], card=e["card"]),
    "spell": lambda e: (_("{who} casts {spell} ({cast} of {prestige} this turn)").format(
                            who=e["who"], spell=e["card"] or _("a Spell"), cast=e["cast"],
                            prestige=e["prestige"])
                        + ((_(" on {target}, out of range (a Specialty's exception,"
                              " T-EXC-1)") if e.get("far") else _(" on {target}")).format(
                               target=e["on"]) if e.get("on") else "")),
    "spell_mistake": lambda e: _("{who} casts {spell} without the magic formula: it does not"
                                 " apply and is discarded (T-MIS-1)").format(
                                     who=e["who"], spell=e["card"] or _("a Spell")),
    "chosen": _chosen,
    "auction_closed": lambda e: _("The Auction is over"),
    "drawn": lambda e: (_("{who} draws {character} (beginner game)").format(**e)
                        + (_(", Initial Loot {loot}").format(**e) if e["loot"] else "")),
    "ask_loot": lambda e: _("Initial Loot of the Characters drawn: {who}; give each from the"
                            " card ({lines}), then `start`").format(    # each player's own line
                                who=names(e["who"]), lines=", ".join(
                                    f"`{build(['player', n], [('--loot', 'N')])}`" for n in e["who"])),
    "initial_loot": lambda e: _("{who}'s {character}: Initial Loot {loot}").format(**e),
    "powers": lambda e: "; ".join(f"{p['who']} ({p['character']}): {p['text']}"
                                  for p in e["powers"]),
    "note": lambda e: str(e["text"]),
    "specialty_card": lambda e: (_("{who} draws {card}").format(**e)
                                 + (f" ({pgettext('kind', e['card_kind'])})"
                                    if e.get("card_kind") else "")
                                 + (f": {e['text']}" if e.get("text") else "")),
    "chrono_on": lambda e: (_("Chrono Tournament: {rounds} rounds of {minutes} minutes; each turn"
                              " started is finished") + (_("; the clock runs") if e["running"]
                                                          else _("; the clock runs from `start`"))
                            ).format(**e),
    "time_up": lambda e: _("Time is up for round {round}: turn {turn} is its last, finish it"
                           " (T-CHRONO-2)").format(**e),
    "round_scored": lambda e: (_("Round {round} is over: {points}").format(
                                   round=e["round"], points=", ".join(
                                       f"{n} {v}" for n, v in e["points"].items()))
                               + _("; totals: {totals}").format(totals=", ".join(
                                   f"{n} {v}" for n, v in e["totals"].items()))),
    "champion": lambda e: ngettext("Champion of the Tournament: {who} ({points} points)!",
                                   "Champions of the Tournament: {who} ({points} points)!",
                                   len(e["who"])).format(who=names(e["who"]), points=e["points"]),
    "next_round": lambda e: _("Round {round}: a new brawl for {who}; seat each with its"
                              " Character (`player NAME --loot N --character C`), then"
                              " `start`").format(round=e["round"], who=names(e["players"])),
    "all_in": lambda e: (_("Every Attack is placed: `call` reveals them") if e["call"] == 4
                         else _("Every quarrel is answered: `call` settles them all together")),
}


def render(event: Event) -> str | None:
    fn = RENDER.get(event.get("kind", ""))
    if fn is None:
        return None
    line = fn(event)
    if event.get("by_card"):        # T-EXC-1: the card whose exception it is, logged
        line += _(" (by the card {card}, T-EXC-1)").format(card=event["by_card"])
    return line


def page_words(v: dict[str, Any]) -> dict[str, Any]:
    """The TV page's sentences in the table's language, sent with its view (views.tv): the
    call in large letters, the turn, each seat's lines, each quarrel, who the call waits for."""
    w = v["waiting"]
    return {"call": _headline(v), "seats": [_seat_words(s) for s in v["seats"]],
            "quarrels": [_quarrel_words(a) for a in v["quarrels"]], "militia": _militia_words(v),
            "turn": _("Turn {turn}, call {call}; Pillar: {pillar}").format(**v) if v["turn"] else "",
            "waiting": _("{what}: {who}").format(what=pgettext("waiting", w["for"]),
                                                 who=", ".join(w["who"])) if w["who"] else "",
            "headings": {"quarrels": _("Quarrels"), "waiting": _("Waiting")},
            "chrono": _chrono_words(v.get("chrono"))}


def _headline(v: dict[str, Any]) -> str:
    """The call in large letters: the winners once the brawl is over, else the call under
    way (the Auction before the brawl)."""
    if v["over"]:
        return ngettext("{who} wins!", "{who} win!", len(v["winners"])).format(
            who=" & ".join(v["winners"])) if v["winners"] else _("No winner")
    return call_words(v["words"]) or (_("Auction!") if v["phase"] == "auction"
                                      else "Taverne de la Licorne")


def _seat_words(s: dict[str, Any]) -> dict[str, Any]:
    """A seat's Counter in lines (none once shown the door, T-CALL-6), and its state."""
    lines = [ngettext("Prestige {prestige} ({pints} Pint) · Loot {loot}",
                      "Prestige {prestige} ({pints} Pints) · Loot {loot}", s["pints"]).format(**s),
             _("Energy {energy}").format(**s) + (_(" STUNNED") if s["stunned"] else ""),
             _("Hand {hand} · Pile {pile} · Dodges {dodges}").format(
                 hand=s["hand_size"], pile="-" if s["pile_top"] is None else s["pile_top"],
                 dodges=" ".join(map(str, s["dodges"])) or "-")]
    if s["eliminated"]:         # T-CALL-6: out of the game, no Counter to show
        lines = []
    elif s["assets"] or s["trick"]:
        trick = _(" · Trick: {trick}").format(trick=card_name(s["trick"])) if s["trick"] else ""
        lines.append(", ".join(map(card_name, s["assets"])) + trick)
    state = _("shown the door") if s["eliminated"] else _("enters next turn") if s["entering"] \
        else _("away") if s["away"] else ""
    return {"lines": lines, "state": state}


def _quarrel_words(a: dict[str, Any]) -> str:
    """A quarrel: who attacks whom at what range, and how it stands (void, settled, answered)."""
    t = f"{a['attacker']} → {a['target']} ({pgettext('range', a['range'])})"
    if a["void"]:
        t += _(": void")
    elif a["settled"]:
        t += (ngettext(": {weapon} hits, -{energy} Energy, {winner} +{loot} Loot",
                       ": {weapon} hits, -{energy} Energy, {winner} +{loot} Loot", a["loot"]) if a["hit"]
              else ngettext(": {weapon} dodged, {winner} +{loot} Loot",
                            ": {weapon} dodged, {winner} +{loot} Loot", a["loot"])).format(
            **a, winner=a["loot_to"])
    elif a["answered"]:
        t += _(": dodges chosen")
    return t


def _militia_words(v: dict[str, Any]) -> str:
    """The Militia called, or a false alarm (nobody at 5 Prestige is standing)."""
    if v.get("false_alarm"):
        return _("False alarm! Nobody at 5 Prestige is standing: the brawl goes on")
    if v["militia"] and not v["over"]:
        return _("The Militia is called by {who}!").format(who=names(v["militia"]))
    return ""


def _chrono_words(c: dict[str, Any] | None) -> str:
    """T-CHRONO-2 on the TV: the round, and that the turn under way is its last once the
    time is up (the page adds the minutes and seconds left, counted down as it stands)."""
    if not c:
        return ""
    return (_("Chrono round {round} of {rounds}: last turn") if c["last_turn"]
            else _("Chrono round {round} of {rounds}")).format(**c)
