"""Kaverini's events in the Tour Guide's words: one renderer per event kind.

The rules and commands tell events as data ({"kind": ..., fields...}); this is the one place
that turns them into the lines the GM reads (the table after each command, `log`, `recap`).
An event of a kind not here is left to the core's renderer; an event stored by an older
guide with its own "text" is shown as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from guide.core.result import Styled
from guide.games.kaverini.rules.schmerz import compute

Event = dict[str, Any]
Renderer = Callable[[Event], str]


def _dice(e: Event) -> str:
    return ", ".join(f"d{s}: {f}" for s, f in e.get("dice", []))


def _hp(e: Event, name: str = "") -> str:
    return f"{name + ' ' if name else ''}{e['hp']}/{e['max_hp']} HP"


def _soaked(e: Event) -> str:
    """R-DMG-5: what HP counters absorbed before the HP fell, and how many are left."""
    if not e.get("absorbed"):
        return ""
    return f" (HP counters absorb {e['absorbed']}, {e['counters_left']} left)"


def _taken(e: Event) -> str:
    """Schmerz taken: what reached the HP, plus what HP counters absorbed first."""
    return str(e["lost"] + e.get("absorbed", 0))


# --- confrontations --------------------------------------------------------------------

def _confront(e: Event) -> str:
    foes = ", ".join(f"{f['name']} ({f['max_hp']} HP)" for f in e["foes"])
    bonus = (f" (each foe +{e['bonus']} HP for {e['kaverit']} Kaverit, R-CONF-4)"
             if e["bonus"] else "")
    practice = " A practice bout: no XP (R-CONF-13)." if e.get("practice") else ""
    return f"Get ready to feel! {foes} against {', '.join(e['order'])}{bonus}{practice}"


def _battle(e: Event) -> str:
    return "Get ready to feel! " + "; ".join(
        f"{p['name']} (+{p['bonus']} E): " + ", ".join(p["characters"]) for p in e["players"])


def _use(e: Event) -> str:
    if e.get("ladder"):
        return f"{e['actor']} uses {e['technique']} ({e['ladder']} {e['level']})."
    return f"{e['actor']} uses {e['technique']}." + (f" ({e['text']})" if e.get("text") else "")


def _hit(e: Event) -> str:
    steps = compute(e["base"], e["emotion"], Fraction(e["mult"]), e["heart"]).steps
    notes = [n for n, on in (("Heel x2", e["heel"]), ("Shield x1/2", e["shield"])) if on]
    return (f"{e['technique']} deals {e['amount']} Schmerz to {e['target']} ({steps}"
            f"{'; ' + ', '.join(notes) if notes else ''}): {e['target']} {e['hp']}/{e['max_hp']} HP"
            f"{_soaked(e)}.")


_WHY = {"world point": "a world point forces it", "level 10": "level 10 always triggers",
        "passionate": "Passionate: first use of the ladder"}


def _why(e: Event) -> str:
    return _WHY.get(e["why"]) or f"d20: {e['face']}, needs {e['need']}+"


def _runaway(e: Event) -> str:
    dice = e.get("dice")
    shown = (f"tens {dice[0][1]}, ones {dice[1][1]} = {e['roll']}" if dice and len(dice) == 2
             else str(e["roll"]))
    if e["escaped"]:
        return (f"Run away! ({shown}, needed {e['chance']} or less) The Kaverit escape; every"
                " cowering Kaveri is back at 1 HP. No XP.")
    return f"The run-away fails ({shown}, needed {e['chance']} or less): the foes get a free shot."


def _card_effect(e: Event) -> str:
    do, who = e["do"], e["target"]
    if do == "heal":
        return f"{e['source']}: {who} heals {e['healed']} HP."
    if do == "schmerz":
        return f"{e['source']}: {who} takes {_taken(e)} Schmerz{_soaked(e)}."
    if do == "counters":
        return f"{e['source']}: {e['amount']} {e['counter']} counter(s) on {who}."
    if do in ("emotion", "heart"):
        return f"{e['source']}: {who} {e['stat']} {e['amount']:+d} (as counters)."
    return f"{e['source']}: {who} skips its next turn."


def _victory(e: Event) -> str:
    if e.get("strategy"):
        return (f"{e['winner']} wins the Strategy Game!" if e["winner"] else
                "Every character is neutralized: nobody wins.")
    return "Every foe is neutralized: the Kaverit win!"


def _level(e: Event) -> str:
    """R-LVL-1: one line for the levels reached at once, each level's points and the sum
    ("Ann reaches level 4: 2 + 3 + 4 = 9 points to spend")."""
    gained = e.get("gained")
    if not gained:                              # an event of an older guide
        return f"{e['kaveri']} reaches level {e['level']}!"
    total = e.get("total", sum(g for g in gained if isinstance(g, int)))
    sums = f"{' + '.join(map(str, gained))} = {total}" if len(gained) > 1 else str(total)
    banked = f" ({e['points']} banked in all)" if e["points"] != total else ""
    return f"{e['kaveri']} reaches level {e['level']}: {sums} points to spend{banked}."


def _stand(e: Event) -> str:
    verb = "takes" if len(e["stand"]) == 1 else "take"
    return ("Every Kaveri cowers: " + ", ".join(f"{s['name']} ({s['max_hp']} HP)" for s in e["stand"])
            + f" {verb} a stand, using any emotion ladder at level {e['lv']} (R-CONF-10).")


CONFRONTATION: dict[str, Renderer] = {
    "confront": _confront,
    "battle": _battle,
    "psychic": lambda e: "A Psychic Kaveri is present: the foes' secrets are open to all (R-CONF-3).",
    "use": _use,
    "move_named": lambda e: f"{e['actor']}'s d{e['die']} picks {e['technique']} at the table.",
    "move_picked": lambda e: f"guide picks for {e['actor']} (no die on its card; at random, as"
                             f" odds plays): d{e['die']} {e['face']} -> {e['technique']}.",
    "target_picked": lambda e: f"guide picks {e['actor']}'s target at random:"
                               f" d{e['die']} {e['face']} -> {e['target']}.",
    "move_rolled": lambda e: f"{e['actor']} rolls its d{e['die']}: {e['face']} -> {e['technique']}.",
    "wp_spent": lambda e: f"{e['actor']} spends a world point: the technique " + (
        "hits every foe (R-WP-2)." if e["how"] == "all-foes" else "forces its effect (R-WP-3)."),
    "intimidated": lambda e: f"{e['target']} intimidates {e['actor']}: {e['technique']} has no"
                             " effect at all.",
    "loved": lambda e: f"{e['target']} is protected by love: {e['technique']} does nothing.",
    "no_schmerz": lambda e: f"{e['technique']} deals no Schmerz to {e['target']}.",
    "confidence": lambda e: f"{e['target']}'s Confidence: {e['technique']} does nothing at all"
                            " (R-ABIL-1).",
    "hit": _hit,
    "chutzpah": lambda e: f"{e['target']}'s Chutzpah: {e['actor']} takes"
                          f" {e['amount'] + e.get('absorbed', 0)} Schmerz back{_soaked(e)}"
                          " (R-ABIL-1).",
    "ask_match": lambda e: f"GM: does {e['defence']!r} apply to {e['actor']}'s techniques?"
                           " Not applied for now; answer once with --matches yes|no on a"
                           f" use by {e['actor']}: it holds for this confrontation (R-DMG-7).",
    "offer": lambda e: f"GM: {e['card']} creates {e['token']} tokens (card text): {e['line']}",
    "flip_due": lambda e: (f"GM: {e['card']}'s flip condition is met ({e['condition']}):"
                           f" {e['line']}" if e["met"] else
                           f"GM: {e['card']} was not neutralized as its flip condition says"
                           f" ({e['condition']}); it does not flip."),
    "die_unused": lambda e: f"(The table's d{e['sides']} {e['face']} was not needed: no"
                            f" d{e['sides']} is drawn for this turn's effect, R-DICE-3.)",
    "no_effect": lambda e: f"d20: {e['face']} (needs {e['need']}+): no special effect.",
    "nullified": lambda e: f"{e['ladder']} triggered on {e['actor']}'s previous turn too: the"
                           f" effect is nullified ({_why(e)}; R-FX-2).",
    "special": lambda e: f"{e['says']} ({_why(e)})",
    "comic": lambda e: f"Comic d10: {e['face']} ({e['effect'].capitalize()})",
    "no_target": lambda e: f"{e['effect'].capitalize()}: no " + (
        "target left to immobilize." if e["effect"] == "sadness" else "new target to make glad."),
    "sadness": lambda e: f"{e['target']} is immobilized by sadness and skips its next turn.",
    "innocence": lambda e: f"{e['actor']}'s innocence strengthens the heart: H +{e['amount']}"
                           f" until the end of {e['actor']}'s next turn.",
    "cheer": lambda e: f"{e['target']} lets gladness into the heart: Lv Schmerz after the foes'"
                       " techniques every round.",
    "hopelessness": lambda e: f"{e['actor']}: H -{e['amount']} and E +{e['amount']} until the"
                              f" end of {e['actor']}'s next turn.",
    "happy": lambda e: f"{e['actor']}'s happiness heals {e['healed']} HP ({e['hp']}/{e['max_hp']}).",
    "love": lambda e: f"{e['actor']} is protected by the power of love: foes' techniques do"
                      f" nothing to {e['actor']} until the end of {e['actor']}'s next turn.",
    "anger": lambda e: f"{e['actor']} resounds with anger: E +{e['amount']} until the end of the"
                       f" next turn, and loses {e['lost']} HP ({e['hp']}/{e['max_hp']})"
                       f"{_soaked(e)}.",
    "frustration": lambda e: f"{e['actor']}'s frustration keeps on growing: +1, +2, ... E on"
                             f" each of the next {e['turns']} turn(s).",
    "intimidate": lambda e: f"{e['actor']} intimidates: the next foe technique aimed at"
                            f" {e['actor']} has no effect.",
    "nervousness": lambda e: f"{e['actor']} is paralyzed by nervousness: skips the next turn,"
                             f" then adds {e['amount']} to E, H or HP until the confrontation ends.",
    "nerves_over": lambda e: f"{e['actor']} gets over the nerves: {e['stat'].upper()}"
                             f" +{e['amount']} until the confrontation ends.",
    "card_effect": _card_effect,
    "card_note": lambda e: f"  ({e['text']})",
    "gm": lambda e: f"GM ({e['phase']}): {e['card']}: {e['text']}",
    "glad": lambda e: f"{e['target']} is glad and takes {_taken(e)} Schmerz (Lv {e['lv']}):"
                      f" {e['hp']}/{e['max_hp']} HP{_soaked(e)}.",
    "round": lambda e: f"Round {e['round']}.",
    "pass": lambda e: f"{e['name']} passes.",
    "adventure_done": lambda e: f"The last scene is won: {e['title']} is done"
                                f" ({', '.join(e['kaverit']) or 'nobody'} saw it through).",
    "replay": lambda e: "A replay (rulebook 7.2): done already"
                        + (f" by {', '.join(e['done_by'])}" if e["done_by"] else "")
                        + "; its confrontations give their XP again, a practice bout none.",
    "skips": lambda e: f"{e['name']} skips this turn ("
                       + ("immobilized by sadness" if e["why"] == "Sadness" else
                          "paralyzed by nervousness" if e["why"] == "Nervousness" else e["why"])
                       + ", R-FX-4).",
    "setting": lambda e: f"The setting is now {e['setting']}.",
    "runaway": _runaway,
    "schmerz": lambda e: f"{e['target']} takes {_taken(e)} Schmerz: {e['hp']}/{e['max_hp']} HP"
                         f"{_soaked(e)}.",
    "end": lambda e: f"The confrontation is over ({e['why']}); no more XP.",
    "over": lambda e: f"The confrontation ends ({e['result']}).",
    "cower": lambda e: f"{e['name']} is at 0 HP and cowers (R-CONF-5).",
    "leave": lambda e: (f"{e['name']} is out of HP and leaves the party for good (R-CONF-8)."
                        if e["who"] == "buddy" else
                        f"{e['name']} runs for their life: gone for the rest of the adventure"
                        " (rulebook 6.2)."),
    "neutralized": lambda e: f"{e['name']}" + (f" ({e['player']})" if e.get("player") else "")
                             + " is neutralized!",
    "xp": lambda e: f"{e['kaveri']} gains {e['amount']} XP ({e['xp']} XP).",
    "level": _level,
    "victory": _victory,
    "stand": _stand,
    "shares": lambda e: "HP shares: " + ", ".join(f"{s['name']} {s['max_hp']}" for s in e["stand"]),
    "lost": lambda e: ("Every Kaveri cowers: the practice bout is lost, and nothing with it;"
                       " the cowering Kaverit end it at 1 HP (R-CONF-13)." if e.get("practice") else
                       "Every Kaveri cowers and no companion can take a stand: the game is lost."
                       " The Kaverit keep their sheets but lose all items and money; they are"
                       " back at full HP when the next adventure starts."),
    "token": lambda e: (f"{e['name']} gets a {e['card']} token." if e["side"] == "item" else
                        f"A {e['card']} token joins the foes as {e['name']} ({e['hp']} HP)."
                        if e["side"] == "foes" else
                        f"A {e['card']} token joins the party ({e['hp']} HP)."),
    "item_played": lambda e: f"{e['kaveri']} plays {e['item']}.",
    "gm_item": lambda e: f"GM: {e['text']}",
    "used_up": lambda e: f"{e['item']} is used up.",
    "turned_back": lambda e: f"{e['buddy']} is {e['card']} again and leaves the party" + (
        f"; it joins the foes as {e['foe']} ({e['hp']} HP, R-CONF-14)." if e["foe"] else "."),
    "turncoat": lambda e: f"{e['foe']} leaves the foes and joins the party as {e['buddy']}"
                          f" ({e['hp']} HP).",
}


# --- the party, the adventure, the settings, the Strategy Game's setup -----------------

def _bought(b: dict[str, Any]) -> str:
    if "stat" in b:
        return f"{b['stat']} +{b['amount']}"
    if "new" in b:
        return f"new ladder {b['new']} (1 point)"
    return f"{b['ladder']} {b['from']} -> {b['to']} ({b['cost']} points)"


def _money(amount: int, currency: str) -> str:
    return f"{amount} {currency}".rstrip()


def _item_bought(e: Event) -> str:
    paid = (f"a world point (it costs {e['price']} {e['currency']})" if e["world_point"]
            else f"{e['price']} {e['currency']}")
    return f"{e['kaveri']} buys {e['item']} at {e['shop']} for {paid}."


def _strategy_new(e: Event) -> str:
    return (f"Strategy Game: {', '.join(e['players'])} (in turn order), {e['budget']} points and"
            f" {e['money']} K each, settings {e['settings']}{' (fluid)' if e['fluid'] else ''},"
            f" Power Foes {'allowed' if e['power_foes'] else 'not allowed'}, {e['pool']} pool,"
            f" {e['kaverit']} Kaveri(t) each.")


def _tweak(e: Event) -> str:
    if not e["stats"]:
        return f"{e['card']} is back to its printed stats."
    return f"{e['card']} for this campaign: " + ", ".join(f"{k}={v}" for k, v in e["stats"].items())


TABLE: dict[str, Renderer] = {
    "kaveri": lambda e: f"{e['kaveri']} is ready: level 1, 20 HP, {e['ability']}, techniques"
                        f" {', '.join(e['techniques'])}.",
    "points": lambda e:                  # told by older guides; now part of "level"
               f"{e['kaveri']} has {e['points']} point(s) to spend (spend {e['kaveri']} ...).",
    "spend": lambda e: f"{e['kaveri']} spends points: {'; '.join(map(_bought, e['bought']))}."
                       f" {e['points']} point(s) left.",
    "wp": lambda e: f"{e['kaveri']} {'gets' if e['amount'] >= 0 else 'gives back'}"
                    f" {abs(e['amount'])} world point(s) ({e['now']} now).",
    "money": lambda e: f"{e['kaveri']} now has {_money(e['money'], e['currency'])}.",
    "heal": lambda e: f"{e['name']} heals {e['healed']} HP ({e['hp']}/{e['max_hp']}).",
    "exchange": lambda e: f"Exchanged {e['old']} to {e['currency']} at {e['rate']:g}: " + ", ".join(
        f"{k['name']} {k['money']} {e['currency']}" for k in e["kaverit"]),
    "item_given": lambda e: f"{e['kaveri']} gets {e['item']}" + (
        f" ({e['uses']} use(s))." if e["uses"] else "."),
    "item_dropped": lambda e: f"{e['kaveri']} no longer has {e['item']}.",
    "item_bonded": lambda e: f"{e['item']} is {'bonded to' if e['bonded'] else 'unbonded from'}"
                             f" {e['kaveri']}.",
    "item_bought": _item_bought,
    "bargain": lambda e: f"A bargain at {e['shop']}: a world point may be spent there again.",
    "companion": lambda e: f"{e['card']} " + ("joins the party as a companion." if e["joins"]
                                             else "leaves the party."),
    "buddy": lambda e: f"{e['card']} " + (f"joins the party as a buddy ({e['hp']} HP)."
                                         if e["joins"] else "leaves the party."),
    "adventure": lambda e: f"The adventure begins: {e['title']}." + (
        f" {', '.join(e['rested'])} {'is' if len(e['rested']) == 1 else 'are'} back at full HP."
        if e.get("rested") else ""),
    "scene": lambda e: "Scene " + (e["name"] if e["name"].startswith(f"{e['scene']}.")
                                   else f"{e['scene']}: {e['name']}") + ".",
    "quote": lambda e: f"d10 tens {e['tens']}, ones {e['ones']}: quote {e['quote']}\n"
                       f"{e['npc'] or 'A friendly character'} says: {e['text']}",
    "house": lambda e: f"House rule {e['rule']} is now {e['value']}.",
    "tweak": _tweak,
    "flip": lambda e: f"{e['card']} flips: it is now {e['shown']} ({e['type']}).",
    "strategy_new": _strategy_new,
    "strategy_kaveri": lambda e: f"{e['kaveri']}" + (
        ", designed for this game (not in the party)," if e.get("designed") else "")
        + f" fights for {e['player']}.",
    "strategy_buy": lambda e: f"{e['player']} buys {e['card']} for {e['expense']}"
                              f" ({e['points_left']} left).",
    "strategy_wp": lambda e: f"{e['player']} buys {e['count']} world point(s)"
                             f" ({e['points_left']} points left).",
    "strategy_setting": lambda e: f"{e['player']} adds {e['setting']} to the setting pool.",
    "strategy_bond": lambda e: f"{e['item']} is {'bonded to' if e['bonded'] else 'unbonded from'}"
                               f" {e['kaveri']}.",
}

RENDERERS: dict[str, Renderer] = {**CONFRONTATION, **TABLE}

# The kinds of event meant for the game master alone (card text to apply by hand, questions,
# reminders): `log` leaves them out unless `log --gm`, and the players' view never shows them.
GM_ONLY = frozenset({"gm", "gm_item", "card_note", "ask_match", "remind", "flip_due", "offer"})


def secret_item(event: Event) -> bool:
    """Rulebook 4.3: an item with Usage is kept secret from the other players, so the
    players' log and the read-aloud recap never name who got one."""
    return event["kind"] in ("item_given", "item_bought") and event.get("uses") is not None


LOW = 0.25           # at or under a quarter of its HP, a fighter's line is shown as low
_ALERT = frozenset({"confront", "battle", "lost", "stand"})
_GOOD = frozenset({"victory", "level"})
_HEADING = frozenset({"scene", "adventure"})


def style_of(event: Event) -> str:
    """The colour a line is shown in (guide.core.result.STYLES): "Get ready to feel!" and a
    lost game alert, a fighter left at low HP is low, a win is good, the GM's lines are notes."""
    kind = event["kind"]
    if kind in _ALERT:
        return "alert"
    if kind in _GOOD:
        return "good"
    if kind in _HEADING:
        return "turn"
    if kind in GM_ONLY:
        return "note"
    hp, most = event.get("hp"), event.get("max_hp")
    if isinstance(hp, int) and isinstance(most, int) and most > 0 and kind != "heal" \
            and hp <= LOW * most:
        return "low"
    return ""


def render(event: Event) -> str | None:
    """The line for one event, or None when it is not Kaverini's (the core's, say)."""
    renderer = RENDERERS.get(event["kind"])
    if renderer is not None:
        try:
            line = renderer(event)
        except (KeyError, TypeError, ValueError):
            pass                         # an event stored by an older guide, with its words
        else:
            style = style_of(event)
            return Styled(line, style) if style else line
    text = event.get("text")
    return text if isinstance(text, str) else None
