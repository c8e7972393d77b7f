"""Kaverini's events in the Tour Guide's words: one renderer per event kind.

The rules and commands tell events as data ({"kind": ..., fields...}); this is the one place
that turns them into the lines the GM reads (the table after each command, `log`, `recap`).
An event of a kind not here is left to the core's renderer; an event stored by an older
guide with its own "text" is shown as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from guide.core.i18n import N_, NP_, domain
from guide.core.result import Styled
from guide.games.kaverini.rules.schmerz import compute

_, ngettext, pgettext = domain("kaverini").functions()

Event = dict[str, Any]
Renderer = Callable[[Event], str]


def listed(names: list[str]) -> str:
    """Names as a sentence says them: "Ann", "Ann and Bob", "Ann, Bob and Cy" ("" for none)."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _soaked(e: Event) -> str:
    """R-DMG-5: what HP counters absorbed before the HP fell, and how many are left."""
    if not e.get("absorbed"):
        return ""
    return _(" (HP counters absorb {absorbed}, {counters_left} left)").format(**e)


def _taken(e: Event) -> str:
    """Schmerz taken: what reached the HP, plus what HP counters absorbed first."""
    return str(e["lost"] + e.get("absorbed", 0))


def _sum_taken(e: Event) -> str:
    """Schmerz taken as its R-DMG-8 sum gives it, even past 0 HP (as a hit and the GM's
    `schmerz` say it); an event of an older guide without the sum: what reached the HP."""
    if "given" not in e:
        return _taken(e)
    return str(compute(e["given"], 0, Fraction(e["mult"]), e["heart"]).amount)


# --- confrontations --------------------------------------------------------------------

def _confront(e: Event) -> str:
    foes = ", ".join(_("{name} ({max_hp} HP)").format(**f) for f in e["foes"])
    bonus = (ngettext(" (each foe +{bonus} HP for {kaverit} Kaveri, R-CONF-4)",
                      " (each foe +{bonus} HP for {kaverit} Kaverit, R-CONF-4)",
                      e["kaverit"]).format(**e) if e["bonus"] else "")
    practice = " " + _("A practice bout: no XP (R-CONF-13).") if e.get("practice") else ""
    return _("Get ready to feel! {foes} against {order}{bonus}.").format(
        foes=foes, order=", ".join(e["order"]), bonus=bonus) + practice


def _battle(e: Event) -> str:
    return _("Get ready to feel! {players}").format(players="; ".join(
        _("{name} (+{bonus} E): {characters}").format(
            name=p["name"], bonus=p["bonus"], characters=", ".join(p["characters"]))
        for p in e["players"]))


def _use(e: Event) -> str:
    if e.get("ladder"):
        return _("{actor} uses {technique} ({ladder} {level}).").format(**e)
    return _one_stop(_("{actor} uses {technique}.").format(**e)) + \
        (f" ({e['text']})" if e.get("text") else "")


def _worked(steps: str) -> str:
    """A sum as a hit shows it (R-DMG-2..4, R-DMG-8), in brackets after a space; "" where
    nothing changed the number ("(8 = 8)": a foe's 7+Lv move, its Lv already added)."""
    return f" ({steps})" if " " in steps.partition(" = ")[0] else ""


def _hit(e: Event) -> str:
    steps = compute(e["base"], e["emotion"], Fraction(e["mult"]), e["heart"]).steps
    notes = [n for n, on in ((_("Heel x2"), e["heel"]), (_("Shield x1/2"), e["shield"])) if on]
    if e.get("lagom_of"):
        notes.insert(0, _("Lagom: a share of {total}, base and E").format(total=e["lagom_of"]))
    if notes:
        steps += "; " + ", ".join(notes)
    return _("{technique} deals {amount} Schmerz to {target}{steps}: {target}"
             " {hp}/{max_hp} HP{soaked}.").format(
        technique=e["technique"], amount=e["amount"], target=e["target"],
        steps=f" ({steps})" if notes else _worked(steps), hp=e["hp"], max_hp=e["max_hp"],
        soaked=_soaked(e))


def _glad(e: Event) -> str:
    """Gladness's Lv Schmerz with its R-DMG-8 steps, as every hit shows its sum: "Gull is
    glad and takes 1 Schmerz (Lv 2 - 1 H = 1)"."""
    steps = _taker_steps(e, e.get("given", 0)) or str(e["lv"])
    return _("{target} is glad and takes {taken} Schmerz (Lv {steps}): {hp}/{max_hp}"
             " HP{soaked}.").format(target=e["target"], taken=_sum_taken(e), steps=steps,
                                    hp=e["hp"], max_hp=e["max_hp"], soaked=_soaked(e))


def _taker_steps(e: Event, given: int) -> str:
    """R-DMG-8's arithmetic on the taker's side (its Sensitive or Insensitive, its H) for
    Schmerz that is not a technique, as a hit shows R-DMG-2..4: "2 - 3 H = 1"; "" when
    nothing changed it, or for an event of an older guide that did not keep it."""
    if "given" not in e or (e["mult"] == "1" and not e["heart"]):
        return ""
    return compute(given, 0, Fraction(e["mult"]), e["heart"]).steps


def _chutzpah(e: Event) -> str:
    """A Chutzpah return with its sum: "Bob takes 1 Schmerz back (half of 4, rounded up:
    2 - 3 H = 1) (R-ABIL-1)." (R-ABIL-1, R-DMG-8); what it takes is the whole sum, even
    past 0 HP, as a hit says it."""
    soaked = _soaked(e)
    if "dealt" not in e:                           # an event of an older guide
        return _("{target}'s Chutzpah: {actor} takes {amount} Schmerz back{soaked}"
                 " (R-ABIL-1).").format(target=e["target"], actor=e["actor"],
                                        amount=e["amount"] + e.get("absorbed", 0),
                                        soaked=soaked)
    taken = _sum_taken(e)
    steps = _taker_steps(e, e["given"])
    half = (_("half of {dealt}, rounded up: {steps}").format(dealt=e["dealt"], steps=steps)
            if steps else _("half of {dealt}, rounded up").format(dealt=e["dealt"]))
    return _("{target}'s Chutzpah: {actor} takes {amount} Schmerz back ({half}){soaked}"
             " (R-ABIL-1).").format(target=e["target"], actor=e["actor"], amount=taken,
                                    half=half, soaked=soaked)


def _anger(e: Event) -> str:
    """Anger's Lv Schmerz to its user, with its sum when H (or Sensitive, Insensitive) changed
    it: "loses 2 HP (Lv 3 - 1 H = 2)" (R-FX-4, R-DMG-8)."""
    steps = _taker_steps(e, e["amount"])
    if not steps:
        return _("{actor} resounds with anger: E +{amount} until the end of the next"
                 " turn, and loses {lost} HP ({hp}/{max_hp}){soaked}.").format(
                     soaked=_soaked(e), **e)
    return _("{actor} resounds with anger: E +{amount} until the end of the next turn, and"
             " takes {taken} Schmerz (Lv {steps}): {hp}/{max_hp} HP{soaked}.").format(
                 actor=e["actor"], amount=e["amount"], taken=_sum_taken(e), steps=steps,
                 hp=e["hp"], max_hp=e["max_hp"], soaked=_soaked(e))


def _schmerz(e: Event) -> str:
    """The GM's Schmerz by hand, with R-DMG-8's arithmetic as a hit shows R-DMG-2..4: the
    taker's Sensitive/Insensitive and H, then what HP counters absorbed, and the HP before
    and after ("Carla takes 4 Schmerz (11 x 1/2 - 2 H = 4): Carla 20 → 16/20 HP."); what
    it takes is the whole sum, as a hit deals it, even past 0 HP."""
    if "given" not in e:                           # an event of an older guide
        return _("{target} takes {taken} Schmerz: {hp}/{max_hp} HP{soaked}.").format(
            taken=_taken(e), soaked=_soaked(e), **e)
    hit = compute(e["given"], 0, Fraction(e["mult"]), e["heart"])
    return _("{target} takes {taken} Schmerz{steps}: {target} {before} → {hp}/{max_hp}"
             " HP{soaked}.").format(
        target=e["target"], taken=hit.amount, steps=_worked(hit.steps), before=e["hp"] + e["lost"],
        hp=e["hp"], max_hp=e["max_hp"], soaked=_soaked(e))


_WHY = {"world point": N_("a world point forces it"), "level 10": N_("level 10 always triggers"),
        "passionate": N_("Passionate: first use of the ladder")}


def _why(e: Event) -> str:
    why = _WHY.get(e["why"])
    return _(why) if why else _("d20: {face}, needs {need}+").format(**e)


def _special(e: Event) -> str:
    """The Emotion Table's line speaks to the Kaveri who used the technique ("Your foe is
    immobilized by your sadness!"); a foe's effect is told from the table's side."""
    if e.get("foe"):
        return _("{actor}'s {ladder} effect triggers ({why}).").format(
            actor=e["actor"], ladder=e["ladder"], why=_why(e))
    return f"{e['says']} ({_why(e)})"


def _quote(e: Event) -> str:
    """The lottery's two d10 as the table typed them (a 0 stays 0, R-DICE-2), the quote."""
    tens, ones = e.get("shown") or (e["tens"], e["ones"])
    return (_("d10 tens {tens}, ones {ones}: quote {quote}").format(
        tens=tens, ones=ones, quote=e["quote"]) + "\n"
        + _("{npc} says: {text}").format(npc=e["npc"] or _("A friendly character"),
                                         text=e["text"]))


def _runaway(e: Event) -> str:
    dice = e.get("shown") or [face for __, face in e.get("dice") or []]   # as the table typed
    shown = (_("tens {tens}, ones {ones} = {roll}").format(tens=dice[0], ones=dice[1],
                                                          roll=e["roll"])
             if len(dice) == 2 else str(e["roll"]))
    if e["escaped"]:
        return _("Run away! ({shown}, needed {chance} or less) The Kaverit escape; every"
                 " cowering Kaveri is back at 1 HP. No XP.").format(shown=shown, chance=e["chance"])
    return _("The run-away fails ({shown}, needed {chance} or less): the foes get a free"
             " shot.").format(shown=shown, chance=e["chance"])


def _card_effect(e: Event) -> str:
    do, who = e["do"], e["target"]
    if do == "heal":
        # a foe's own card heals it: the name said once
        return (_("{who} heals {healed} HP (its own card).") if e["source"] == who else
                _("{source}: {who} heals {healed} HP.")).format(who=who, **e)
    if do == "schmerz":
        return _("{source}: {who} takes {taken} Schmerz{soaked}.").format(
            source=e["source"], who=who, taken=_taken(e), soaked=_soaked(e))
    if do == "counters":
        return ngettext("{source}: {amount} {counter} counter on {who}.",
                        "{source}: {amount} {counter} counters on {who}.",
                        e["amount"]).format(who=who, **e)
    if do in ("emotion", "heart"):
        return _("{source}: {who} {stat} {amount:+d} (as counters).").format(who=who, **e)
    return _("{source}: {who} skips its next turn.").format(who=who, **e)


def _leave(e: Event) -> str:
    """R-CONF-8, rulebook 6.2; R-CONF-13: a practice bout loses nobody for good."""
    if e.get("practice"):
        return (_("{name} is out of HP and leaves the practice bout; a practice bout loses"
                  " nothing: back with the party at 1 HP when it ends (R-CONF-13).")
                if e["who"] == "buddy" else
                _("{name} runs for their life from the practice bout; a practice bout loses"
                  " nothing: still with the party when it ends (R-CONF-13).")).format(
                      name=e["name"])
    return (_("{name} is out of HP and leaves the party for good (R-CONF-8).")
            if e["who"] == "buddy" else
            _("{name} runs for their life: gone for the rest of the adventure"
              " (rulebook 6.2).")).format(name=e["name"])


def _victory(e: Event) -> str:
    if e.get("strategy"):
        return (_("{winner} wins the Strategy Game!").format(**e) if e["winner"] else
                _("Every character is neutralized: nobody wins."))
    if e.get("decisive"):           # a scene won by its booklet's decisive foes (won_when)
        return ngettext("{names} is neutralized, and the scene with it: the Kaverit win!",
                        "{names} are neutralized, and the scene with them: the Kaverit win!",
                        len(e["decisive"])).format(names=listed(e["decisive"]))
    return _("Every foe is neutralized: the Kaverit win!")


def _level(e: Event) -> str:
    """R-LVL-1: one line for the levels reached at once, each level's points and the sum
    ("Ann reaches level 4: 2 + 3 + 4 = 9 points to spend")."""
    gained = e.get("gained")
    if not gained:                              # an event of an older guide
        return _("{kaveri} reaches level {level}!").format(**e)
    total = e.get("total", sum(g for g in gained if isinstance(g, int)))
    sums = f"{' + '.join(map(str, gained))} = {total}" if len(gained) > 1 else str(total)
    banked = _(" ({points} banked in all)").format(**e) if e["points"] != total else ""
    return ngettext("{kaveri} reaches level {level}: {sums} point to spend{banked}.",
                    "{kaveri} reaches level {level}: {sums} points to spend{banked}.",
                    total).format(kaveri=e["kaveri"], level=e["level"], sums=sums, banked=banked)


def _stand(e: Event) -> str:
    who = ", ".join(_("{name} ({max_hp} HP)").format(**s) for s in e["stand"])
    return ngettext("Every Kaveri cowers: {who} takes a stand, using any emotion ladder at"
                    " level {lv} (R-CONF-10).",
                    "Every Kaveri cowers: {who} take a stand, using any emotion ladder at"
                    " level {lv} (R-CONF-10).", len(e["stand"])).format(who=who, lv=e["lv"])


def _f(message: str) -> Renderer:
    """A renderer of one message whose {fields} are the event's own."""
    return lambda e: _one_stop(_(message).format(**e))


def _either(field: str, yes: str, no: str) -> Renderer:
    """A renderer of one of two messages (`yes` when the event's `field` is true), whose
    {fields} are the event's own."""
    return lambda e: (_(yes) if e.get(field) else _(no)).format(**e)


# the card's text, which ends a sentence, said inside the brackets without its full stop
_FLIP_DUE = _either("met", N_("GM: {card}'s flip condition is met ({condition}): {line}"),
                    N_("GM: {card} was not neutralized as its flip condition says"
                       " ({condition}); it does not flip."))


def _flip(e: Event) -> str:
    """A card turned over (5.6); a buddy side that has not joined the party yet (the flip
    was made outside a confrontation) says the line that brings it in."""
    said = _one_stop(_("{card} flips: it is now {shown} ({type}).").format(**e))
    if not e.get("line"):
        return said
    return said + " " + _("To type: {lines}").format(lines=e["line"])


def _one_stop(line: str) -> str:
    """A sentence's full stop after a name that ends one already is dropped: "uses Ring
    Ring!", not "Ring Ring!."."""
    return re.sub(r"([!?])\.(?=\s|$)", r"\1", line)


# How a confrontation ended, as the engine records it (rules/outcomes.py `end`)
_ENDED = {"won": NP_("ended", "won"), "ran away": NP_("ended", "ran away"),
          "lost": NP_("ended", "lost"), "ended early": NP_("ended", "ended early")}


def _ended(result: str) -> str:
    return pgettext("ended", _ENDED[result]) if result in _ENDED else result


# Why a fighter skips its turn, by the ladder that made it (any other reason as it was told)
_SKIPS = {"Sadness": N_("immobilized by sadness"), "Nervousness": N_("paralyzed by nervousness")}


def _skips(e: Event) -> str:
    why = _(_SKIPS[e["why"]]) if e["why"] in _SKIPS else e["why"]
    return _("{name} skips this turn ({why}, R-FX-4).").format(name=e["name"], why=why)


CONFRONTATION: dict[str, Renderer] = {
    "confront": _confront,
    "battle": _battle,
    "psychic": lambda e: _("A Psychic Kaveri is present: the foes' secrets are open to all"
                           " (R-CONF-3)."),
    "use": _use,
    "move_named": _f(N_("{actor}'s d{die} picks {technique} at the table.")),
    "move_picked": _f(N_("guide picks for {actor} (no die on its card; at random, as odds"
                         " plays): d{die} {face} -> {technique}.")),
    "target_picked": _f(N_("guide picks {actor}'s target at random: d{die} {face} -> {target}.")),
    "move_rolled": _f(N_("{actor} rolls its d{die}: {face} -> {technique}.")),
    "wp_spent": lambda e: (_("{actor} spends a world point: the technique hits every foe"
                             " (R-WP-2).") if e["how"] == "all-foes" else
                           _("{actor} spends a world point: the technique forces its effect"
                             " (R-WP-3).")).format(**e),
    "intimidated": _f(N_("{target} intimidates {actor}: {technique} has no effect at all.")),
    "loved": _f(N_("{target} is protected by love: {technique} does nothing.")),
    "no_schmerz": _f(N_("{technique} deals no Schmerz to {target}.")),
    "confidence": _f(N_("{target}'s Confidence: {technique} does nothing at all (R-ABIL-1).")),
    "hit": _hit,
    "chutzpah": _chutzpah,
    "ask_match": _f(N_("GM: does {defence!r} apply to {actor}'s techniques? Not applied for"
                       " now; answer once with --matches yes|no on a use by {actor}: it holds"
                       " for this confrontation (R-DMG-7).")),
    "offer": _f(N_("GM: {card} creates {token} tokens (card text): {line}")),
    "flip_due": lambda e: _FLIP_DUE({**e, "condition": e["condition"].rstrip(".")}),
    "die_unused": _either("technique", N_(
        "(The table's d{sides} {face} was not needed: {technique} is not an Emotion Table"
        " technique and has no special effect to roll for, R-FX-6, R-DICE-3.)"), N_(
        "(The table's d{sides} {face} was not needed: no d{sides} is drawn for this turn's"
        " effect, R-DICE-3.)")),
    "no_effect": _f(N_("d20: {face} (needs {need}+): no special effect.")),
    "nullified": lambda e: _("{ladder} triggered on {actor}'s previous turn too: the effect is"
                             " nullified ({why}; R-FX-2).").format(
                                 ladder=e["ladder"], actor=e["actor"], why=_why(e)),
    "special": _special,
    "comic": lambda e: _("Comic d10: {face} ({effect})").format(
        face=e["face"], effect=e["effect"].capitalize()),
    "no_target": lambda e: (_("{effect}: no target left to immobilize.")
                            if e["effect"] == "sadness" else
                            _("{effect}: no new target to make glad.")).format(
                                effect=e["effect"].capitalize()),
    "sadness": _f(N_("{target} is immobilized by sadness and skips its next turn.")),
    "innocence": _f(N_("{actor}'s innocence strengthens the heart: H +{amount} until the end of"
                       " {actor}'s next turn.")),
    "cheer": _f(N_("{target} lets gladness into the heart: Lv Schmerz after the foes'"
                   " techniques every round.")),
    "hopelessness": _f(N_("{actor}: H -{amount} and E +{amount} until the end of {actor}'s"
                          " next turn.")),
    "happy": _f(N_("{actor}'s happiness heals {healed} HP ({hp}/{max_hp}).")),
    "love": _f(N_("{actor} is protected by the power of love: foes' techniques do nothing to"
                  " {actor} until the end of {actor}'s next turn.")),
    "anger": _anger,
    "frustration": lambda e: ngettext(
        "{actor}'s frustration keeps on growing: +1 E on {actor}'s next turn.",
        "{actor}'s frustration keeps on growing: +1, +2, ... E on each of the next {turns}"
        " turns.", e["turns"]).format(**e),
    "intimidate": _f(N_("{actor} intimidates: the next foe technique aimed at {actor} has no"
                        " effect.")),
    "nervousness": lambda e: (_(
        "{actor} is paralyzed by nervousness: skips the next turn, then adds {amount} to E, H"
        " or HP until the confrontation ends (the GM's choice: foe ... --boost e, h or hp on"
        " that turn, or next --boost if it passes; HP if not said).")
        if e.get("command") == "foe" else _(
        "{actor} is paralyzed by nervousness: skips the next turn, then adds {amount} to E, H"
        " or HP until the confrontation ends (the player's choice: use ... --boost e, h or hp"
        " on that turn, or next --boost if it passes; HP if not said).") if e.get("chooses")
        else _(
        "{actor} is paralyzed by nervousness: skips the next turn, then adds {amount} to E, H"
        " or HP until the confrontation ends.")).format(**e),
    "nerves_over": lambda e: _("{actor} gets over the nerves: {stat} +{amount} until the"
                               " confrontation ends.").format(
                                   actor=e["actor"], stat=e["stat"].upper(), amount=e["amount"]),
    "card_effect": _card_effect,
    "card_note": lambda e: f"  ({e['text']})",
    "gm": _f(N_("GM ({phase}): {card}: {text}")),
    "glad": _glad,
    "round": _f(N_("Round {round}.")),
    "pass": _f(N_("{name} passes.")),
    "adventure_done": lambda e: _("The last scene is won: {title} is done ({kaverit} saw it"
                                  " through).").format(
                                      title=e["title"], kaverit=", ".join(e["kaverit"]) or _("nobody")),
    "replay": lambda e: (_("A replay (rulebook 7.2): done already by {done_by}; its"
                           " confrontations give their XP again, a practice bout none.")
                         if e["done_by"] else
                         _("A replay (rulebook 7.2): done already; its confrontations give their"
                           " XP again, a practice bout none.")).format(
                             done_by=", ".join(e["done_by"])),
    "skips": _skips,
    "setting": _f(N_("The setting is now {setting}.")),
    "runaway": _runaway,
    "schmerz": _schmerz,
    # "end": an event of campaigns recorded before `end` told one "over" event alone
    "end": lambda e: _("The confrontation is over ({why}); no more XP.").format(
        why=_ended(e["why"])),
    "over": lambda e: (_("The confrontation ends early; no more XP.") if e["result"] == "ended early"
                       else _("The confrontation ends ({result}).").format(
                           result=_ended(e["result"]))),
    "cower": _f(N_("{name} is at 0 HP and cowers (R-CONF-5).")),
    "leave": _leave,
    "neutralized": _either("player", N_("{name} ({player}) is neutralized!"),
                           N_("{name} is neutralized!")),
    "xp": _f(N_("{kaveri} gains {amount} XP ({xp} XP).")),
    "level": _level,
    "victory": _victory,
    "stand": _stand,
    "shares": lambda e: _("HP shares: {shares}").format(
        shares=", ".join(f"{s['name']} {s['max_hp']}" for s in e["stand"])),
    "lost": _either("practice", N_("Every Kaveri cowers: the practice bout is lost, and nothing"
                                   " with it; the cowering Kaverit end it at 1 HP (R-CONF-13)."),
                    N_("Every Kaveri cowers and no companion can take a stand: the game is"
                       " lost. The Kaverit keep their sheets but lose all items and money;"
                       " they are back at full HP when the next adventure starts.")),
    "token": lambda e: (_("{name} gets a {card} token.") if e["side"] == "item" else
                        _("A {card} token joins the foes as {name} ({hp} HP).")
                        if e["side"] == "foes" else
                        _("A {card} token joins the party ({hp} HP).")).format(**e),
    "item_played": _f(N_("{kaveri} plays {item}.")),
    "gm_item": _f(N_("GM: {text}")),
    "item_idle": _f(N_("{item} changes nothing now (a heal at full HP, say); its use is"
                       " spent, and undo takes the play back.")),
    "used_up": _f(N_("{item} is used up.")),
    "turned_back": _either("foe", N_("{buddy} is {card} again and leaves the party; it joins the"
                                     " foes as {foe} ({hp} HP, R-CONF-14)."),
                           N_("{buddy} is {card} again and leaves the party.")),
    "turncoat": _f(N_("{foe} leaves the foes and joins the party as {buddy} ({hp} HP).")),
}


# --- the party, the adventure, the settings, the Strategy Game's setup -----------------

def _bought(b: dict[str, Any]) -> str:
    if "stat" in b:
        stat = _("max HP") if b["stat"] == "max HP" else b["stat"]     # E, H: the symbols
        return f"{stat} +{b['amount']}"
    if "new" in b:
        return _("new ladder {new} (1 point)").format(**b)
    return ngettext("{ladder} {from_} -> {to} ({cost} point)",
                    "{ladder} {from_} -> {to} ({cost} points)", b["cost"]).format(
                        ladder=b["ladder"], from_=b["from"], to=b["to"], cost=b["cost"])


def _item_bought(e: Event) -> str:
    paid = (_("a world point (it costs {price} {currency})").format(**e) if e["world_point"]
            else f"{e['price']} {e['currency']}")
    return _("{kaveri} buys {item} at {shop} for {paid}.").format(paid=paid, **e)


def _strategy_new(e: Event) -> str:
    return ngettext(
        "Strategy Game: {players} (in turn order), {budget} points and {money} K each, settings"
        " {settings}{fluid}, Power Foes {power_foes}, {pool} pool, {kaverit} Kaveri each.",
        "Strategy Game: {players} (in turn order), {budget} points and {money} K each, settings"
        " {settings}{fluid}, Power Foes {power_foes}, {pool} pool, {kaverit} Kaverit each.",
        e["kaverit"]).format(
            players=", ".join(e["players"]), budget=e["budget"], money=e["money"],
            settings=e["settings"], fluid=_(" (fluid)") if e["fluid"] else "",
            power_foes=_("allowed") if e["power_foes"] else _("not allowed"), pool=e["pool"],
            kaverit=e["kaverit"])


def _tweak(e: Event) -> str:
    if not e["stats"]:
        return _("{card} is back to its printed stats.").format(**e)
    return _("{card} for this campaign: {stats}").format(
        card=e["card"], stats=", ".join(f"{k}={v}" for k, v in e["stats"].items()))


def _adventure(e: Event) -> str:
    began = _("The adventure begins: {title}.").format(**e)
    rested = e.get("rested")
    if not rested:
        return began
    return began + " " + ngettext("{names} is back at full HP.", "{names} are back at full HP.",
                                  len(rested)).format(names=", ".join(rested))


def _after_win(e: Event) -> str:
    """A won scene's reminder, in the booklet's words (its `after_win`), then what to type."""
    said = _("GM: scene {scene} is won; the booklet says: {text}").format(
        scene=e["scene"], text=e["text"])
    if not e["lines"]:
        return said
    return said + " " + _("To type: {lines}").format(lines="; ".join(e["lines"]))


def _scene(e: Event) -> str:
    numbered = e["name"].startswith(f"{e['scene']}.")     # "2. The harbour": said as it is
    return (_("Scene {name}.") if numbered else _("Scene {scene}: {name}.")).format(**e)


_BONDED = _either("bonded", N_("{item} is bonded to {kaveri}."),
                  N_("{item} is unbonded from {kaveri}."))
TABLE: dict[str, Renderer] = {
    "kaveri": lambda e: _("{kaveri} is ready: level 1, 20 HP, {ability}, techniques"
                          " {techniques}.").format(kaveri=e["kaveri"], ability=e["ability"],
                                                   techniques=", ".join(e["techniques"])),
    "points": lambda e:                  # told by older guides; now part of "level"
               ngettext("{kaveri} has {points} point to spend (spend {kaveri} ...).",
                        "{kaveri} has {points} points to spend (spend {kaveri} ...).",
                        e["points"]).format(**e),
    "spend": lambda e: ngettext("{kaveri} spends points: {bought}. {points} point left.",
                                "{kaveri} spends points: {bought}. {points} points left.",
                                e["points"]).format(
                                    kaveri=e["kaveri"], points=e["points"],
                                    bought="; ".join(map(_bought, e["bought"]))),
    "wp": lambda e: (ngettext("{kaveri} gets {count} world point ({now} now).",
                              "{kaveri} gets {count} world points ({now} now).", abs(e["amount"]))
                     if e["amount"] >= 0 else
                     ngettext("{kaveri} gives back {count} world point ({now} now).",
                              "{kaveri} gives back {count} world points ({now} now).",
                              abs(e["amount"]))).format(count=abs(e["amount"]), **e),
    "money": lambda e: _("{kaveri} now has {money}.").format(
        kaveri=e["kaveri"], money=f"{e['money']} {e['currency']}".rstrip()),
    "heal": _f(N_("{name} heals {healed} HP ({hp}/{max_hp}).")),
    "exchange": lambda e: _("Exchanged {old} to {currency} at {rate:g}: {kaverit}").format(
        old=e["old"], currency=e["currency"], rate=e["rate"], kaverit=", ".join(
            f"{k['name']} {k['money']} {e['currency']}" for k in e["kaverit"])),
    "item_given": lambda e: (ngettext("{kaveri} gets {item} ({uses} use).",
                                      "{kaveri} gets {item} ({uses} uses).", e["uses"])
                             if e["uses"] else _("{kaveri} gets {item}.")).format(**e),
    "item_dropped": _f(N_("{kaveri} no longer has {item}.")),
    "item_bonded": _BONDED,
    "item_bought": _item_bought,
    "bargain": _f(N_("A bargain at {shop}: a world point may be spent there again.")),
    "companion": _either("joins", N_("{card} joins the party as a companion."),
                         N_("{card} leaves the party.")),
    "buddy": _either("joins", N_("{card} joins the party as a buddy ({hp} HP)."),
                     N_("{card} leaves the party.")),
    "adventure": _adventure,
    "scene": _scene,
    "after_win": _after_win,
    "quote": _quote,
    "house": _f(N_("House rule {rule} is now {value}.")),
    "tweak": _tweak,
    "flip": _flip,
    "strategy_new": _strategy_new,
    "strategy_kaveri": _either("designed", N_("{kaveri}, designed for this game (not in the"
                                              " party), fights for {player}."),
                               N_("{kaveri} fights for {player}.")),
    "strategy_buy": _f(N_("{player} buys {card} for {expense} ({points_left} left).")),
    "strategy_wp": lambda e: ngettext("{player} buys {count} world point ({points_left} points"
                                      " left).",
                                      "{player} buys {count} world points ({points_left} points"
                                      " left).", e["count"]).format(**e),
    "strategy_setting": _f(N_("{player} adds {setting} to the setting pool.")),
    "strategy_bond": _BONDED,
}


RENDERERS: dict[str, Renderer] = {**CONFRONTATION, **TABLE}

# The kinds of event meant for the game master alone (card text to apply by hand, questions,
# reminders): `log` leaves them out unless `log --gm`, and the players' view never shows them.
GM_ONLY = frozenset({"gm", "gm_item", "card_note", "ask_match", "remind", "flip_due", "offer",
                     "after_win"})


def secret_item(event: Event) -> bool:
    """Rulebook 4.3: an item with Usage is kept secret from the other players, so the
    players' log and the read-aloud recap never name who got one, nor who lost one (until
    it is played, which the table sees)."""
    return (event["kind"] in ("item_given", "item_bought", "item_dropped")
            and event.get("uses") is not None)


LOW = 0.25           # at or under a quarter of its HP, a fighter's line is shown as low
# The colour of a kind's every line: "Get ready to feel!" and a lost game alert, a win is
# good, a scene or an adventure heads what follows, the GM's lines are notes
_STYLES = {**dict.fromkeys(("confront", "battle", "lost", "stand"), "alert"),
           **dict.fromkeys(("victory", "level"), "good"),
           **dict.fromkeys(("scene", "adventure"), "turn"),
           **dict.fromkeys(GM_ONLY, "note")}


def style_of(event: Event) -> str:
    """The colour a line is shown in (guide.core.result.STYLES): its kind's (_STYLES), else
    low for a fighter left at low HP."""
    kind = event["kind"]
    if kind in _STYLES:
        return _STYLES[kind]
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
