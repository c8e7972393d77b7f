"""Events -> the Pillar's lines, with the arithmetic shown. Sealed choices never reach an
event, so nothing here can leak them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Event = dict[str, Any]


def values(vs: Sequence[object]) -> str:
    """[5, 6] -> '5 and 6'; [2, 5, 6] -> '2, 5 and 6'."""
    s = [str(v) for v in vs]
    return s[0] if len(s) == 1 else ", ".join(s[:-1]) + " and " + s[-1] if s else "nothing"


def names(ns: list[str]) -> str:
    return values(ns) if ns else "nobody"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _quarrel(e: Event) -> str:
    a, d, w = e["attacker"], e["target"], e["weapon"]
    dodge = f"{d} dodges {values(e['dodged'])}" if e["dodged"] else f"{d} does not dodge"
    loot = f"{e['winner']} +{e['loot']} Loot"
    if e["loot_rule"] == "P":
        loot += f" (large Weapon: {e['loser']}'s Prestige {e['prestige']})"
    if e["loot_lost"]:
        loot += f" ({e['loot_lost']} lost: 9 Loot is the most)"
    if e["guessed"]:
        return f"{dodge}; {a}'s {w} is dodged: {loot}"
    text = f"{dodge}; {a}'s {w} hits: {d} -{e['energy']} Energy, {loot}"
    return text + (f"; {d} is Stunned" if e["stunned"] else "")


def _total(e: Event) -> str:
    head = f"{e['who']} in all ({e['attacks']} attacks): " if e["attacks"] > 1 else \
        f"{e['who']}: "
    parts = []
    if e["energy"]:
        parts.append(f"-{abs(e['energy'])} Energy")
    if e["loot"]:
        parts.append(f"+{e['loot']} Loot")
    return head + (", ".join(parts) + ", " if parts else "") + f"{e['energy_left']} Energy left"


def _call(e: Event) -> str:
    words = f' "{e["words"]}"' if e.get("words") else ""
    return f"Turn {e['turn']}, call {e['call']}:{words} (Pillar: {e['pillar']})"


def _bought(e: Event) -> str:
    if e["what"] == "weapon":
        top = e["pile_top"]
        named = f" ({e['weapon_name']})" if e.get("weapon_name") else ""
        return (f"{e['who']} buys Weapon {e['weapon']}{named} (1 Loot, {e['loot']} left; pile top:"
                f" {top if top is not None else 'empty'})")
    if e["what"] == "pint":
        return (f"{e['who']} buys a Pint (1 Loot, {e['loot']} left): {e['pints']} Pints,"
                f" Prestige {e['prestige']}")
    return (f"{e['who']} draws a Specialty from the {e['tavern']} pile (1 Loot,"
            f" {e['loot']} left; {e['specialties']} in hand)")


def _meter(e: Event) -> str:
    unit = {"energy": "Energy", "loot": "Loot", "pint": "Pints", "mistake": "Pints"}[e["kind"]]
    now = e["pints"] if unit == "Pints" else e[e["kind"]]
    lost = f" ({abs(e['lost'])} beyond the limit)" if e["lost"] else ""
    head = f"{e['who']} makes a mistake (T-MIS-1): " if e["kind"] == "mistake" else \
        f"{e['who']} "
    text = f"{head}{signed(e['change'])} {unit}{lost}: {now}"
    if unit == "Pints" and e["prestige"] != e["prestige_before"]:
        text += f", Prestige {e['prestige']}"
    if e["kind"] == "energy":
        if e["stunned"] and not e["was_stunned"]:
            text += "; Stunned"
        elif e["was_stunned"] and not e["stunned"]:
            text += "; no longer Stunned"
    return text


def _sealed(e: Event) -> str:
    if e["what"] == "attack":
        return f"{e['who']}'s Attack is placed face down"
    if e["what"] == "bid":
        return f"{e['who']}'s bid is sealed"
    return f"{e['who']} has divided their Dodges against {e['against']} (sealed)"


def _placements(e: Event) -> str:
    rows = [f"{a['attacker']} -> {a['target']} ({a['range']}"
            + (", a Dirty Trick" if a["trick"] else "") + (", void" if a["void"] else "") + ")"
            for a in e["attacks"]]
    return "Attacks placed: " + ("; ".join(rows) if rows else "none")


def _bids(e: Event) -> str:
    text = "Bids: " + ", ".join(f"{n} {e['bids'][n]}" for n in e["order"])
    text += ". Choosing order: " + ", ".join(e["order"])
    for tie in e["ties"]:
        text += f"; tie {names(tie)}: rock-paper-scissors"
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
    "started": lambda e: (f"The brawl starts: {names(e['players'])}; {e['pillar']} is the"
                          " Pillar" + (" (beginner game)" if e["beginner"] else "")
                          + (f"; variants: {', '.join(e['variants'])}" if e["variants"]
                             else "")),
    "auction_open": lambda e: "Auction Characters: every player bids an initial Energy"
                              " (`bid NAME ENERGY`), sealed",
    "seated": lambda e: (f"{e['who']} sits down (seat {e['seat']})"
                         + (f" as {e['character']}" if e["character"] else "")
                         + (f", Initial Loot {e['loot']}" if e["loot"]
                            else ", Initial Loot not given yet")),
    "arrival": lambda e: (f"{e['who']} " + ("comes back" if e["returning"] else "arrives")
                          + (f" as {e['character']}" if e["character"] else "")
                          + f"; enters at turn {e['turn']}, call 1 (T-NEW-1)"),
    "entered": lambda e: (f"{e['who']} enters: Initial Loot {e['initial_loot']} + bonus"
                          f" {e['bonus']} (highest Prestige) = {e['loot']} Loot"),
    "welcome_loot": lambda e: f"New arrival: +1 Loot for {names(e['who'])} (T-NEW-1)",
    "back": lambda e: f"Back at the table: {names(e['who'])}",
    "back_next_turn": lambda e: f"{e['who']} comes back at turn {e['turn']}, call 1",
    "left": lambda e: (f"{e['who']} leaves the table (T-LEAVE-1)"
                       + ("; void: " + ", ".join(f"{v['attacker']} -> {v['target']}"
                                                 for v in e["void"]) if e["void"] else "")),
    "pillar": lambda e: f"The Pillar passes from {e['from']} to {e['to']}",
    "militia": lambda e: (f"{e['who']} calls the Militia!"
                          + (f" (first: discards the Dirty Trick {e['discarded']})"
                             if e["discarded"] else "")),
    "militia_reminder": lambda e: (f"{names(e['who'])} at 5 Prestige: call the Militia"
                                   " (`militia NAME`) or risk a mistake (T-MIS-1)"),
    "dodges_set": lambda e: (f"{e['who']} sets aside {values(e['values'])} as Dodges"
                             f" ({len(e['dodges'])} of at most {e['prestige']})"
                             if e["values"] else f"{e['who']} sets aside no more Dodges"),
    "quarrel_void": lambda e: (f"{e['attacker']}'s Attack on {e['target']} is void"
                               " (T-LEAVE-1)"),
    "under_pile": lambda e: (f"{e['who']}: {values(e['weapons'])} under the Weapon pile"
                             f" (top: {e['pile_top']})"),
    "stunned": lambda e: f"Stunned: {names(e['who'])}",
    "shown_door": lambda e: (f"{e['who']} is shown the door"
                             + (f"; {e['character']} goes to the KO pile" if e["character"]
                                else "")
                             + (f" (credited to {names(e['credited'])})" if e["credited"]
                                else "")),
    "false_alarm": lambda e: "False alarm: nobody at 5 Prestige is standing; the brawl goes on",
    "militia_wins": lambda e: (f"The Militia arrives: {names(e['winners'])} "
                               + ("wins" if len(e["winners"]) == 1 else "share the win")
                               + (" (most Loot: " + ", ".join(f"{n} {e['loot'][n]}"
                                                              for n in e["standing"]) + ")"
                                  if len(e["standing"]) > 1 else "")),
    "trick_discarded": lambda e: f"{e['attacker']}'s Dirty Trick {e['trick']} is discarded",
    "trick_served": lambda e: (f"{e['who']} suffers {e['kept']}"
                               + (f" (keeps one of {names(e['choices'])}:"
                                  f" `trick {e['who']} NAME`)" if len(e["choices"]) > 1
                                  else "")),
    "trick_kept": lambda e: (f"{e['who']} keeps {e['kept']}" if e["kept"]
                             else f"{e['who']} is rid of {names(e['discarded'])}"),
    "pocket": lambda e: f"Pocket a Loot: +1 for {names(e['who'])}",
    "pint_lost_at_five": lambda e: (f"{e['who']} is at 5 Prestige and nobody called the"
                                    f" Militia: -1 Pint ({e['pints']}, Prestige"
                                    f" {e['prestige']}) (T-END-1)"),
    "lone_survivor": lambda e: (f"{e['winners'][0]} is the last one standing and wins"
                                " (T-END-1)" if e["winners"]
                                else "Nobody is left standing: the brawl ends, no winner"),
    "too_many_assets": lambda e: (f"{e['who']} has {len(e['assets'])} Assets in play and"
                                  f" {e['prestige']} Prestige: discard one"
                                  f" (`asset {e['who']} CARD --discard`)"),
    "asset": lambda e: {"play": f"{e['who']} puts the Asset {e['card']} into play",
                        "back": f"{e['who']} takes the Asset {e['card']} back into hand",
                        "discard": f"{e['who']} discards the Asset {e['card']}"}[e["how"]],
    "spell": lambda e: (f"{e['who']} casts " + (e["card"] or "a Spell")
                        + f" ({e['cast']} of {e['prestige']} this turn)"),
    "chosen": lambda e: f"{e['who']} takes {e['character']} (Initial Loot {e['loot']})",
    "auction_closed": lambda e: "The Auction is over",
    "powers": lambda e: "; ".join(f"{p['who']} ({p['character']}): {p['text']}"
                                  for p in e["powers"]),
    "note": lambda e: str(e["text"]),
    "all_in": lambda e: ("Every Attack is placed: `call` reveals them" if e["call"] == 4
                         else "Every quarrel is answered: `call` settles them all together"),
}


def render(event: Event) -> str | None:
    fn = RENDER.get(event.get("kind", ""))
    return fn(event) if fn else None
