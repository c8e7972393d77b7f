"""Confrontations at the table: confront, use, foe, next, runaway, end, status, stand, token,
play (an item), flip's effect on the field. The rules live in guide.games.kaverini.rules.confrontation."""

from __future__ import annotations

import textwrap

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result, Styled
from guide.games.kaverini import params
from guide.games.kaverini import state as records
from guide.games.kaverini.commands import reminders
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.confrontation import Fight, extra_hp
from guide.games.kaverini.rules.effects import (
    apply_declared,
    effective_emotion,
    effective_heart,
)
from guide.games.kaverini.rules.field import Declared, take_schmerz
from guide.games.kaverini.rules.fighters import (
    BUDDY,
    FOE,
    KAVERI,
    Fighter,
    psychic_present,
)
from guide.games.kaverini.rules.strategy import StrategyFight
from guide.games.kaverini.state import Sheet

_, ngettext, pgettext = domain("kaverini").functions()


def arena(t) -> dict | None:
    """The state the running fight works on: the campaign's confrontation, or the Strategy
    Game's battle."""
    if t.state["confrontation"]:
        return t.state
    game = t.state.get("strategy")
    if game and game["arena"] and game["arena"]["confrontation"]:
        return game["arena"]
    return None


def fight(t, state: dict | None = None, quiet: bool = False) -> Fight:
    """The engine on the running field (or `state`); what it does is told to the table's
    story as it happens, unless `quiet` (a look that changes nothing)."""
    state = state if state is not None else (arena(t) or t.state)
    tell = None if quiet else t.tell
    if "versus" in state:
        return StrategyFight(state, t.card, t.dice, t.house, tell=tell)
    a = t.adventure()
    return Fight(state, t.card, t.dice, t.house, xp_for=a.xp_for if a else (lambda name: 0),
                 tell=tell)


def running(t) -> Fight:
    if arena(t) is None:
        raise CommandError(_("no confrontation is running (confront FOE... to start one)"))
    return fight(t)


def secrets_open(t) -> bool:
    """R-CONF-3: a Psychic Kaveri in the running field (or, outside one, in the party) opens
    the foes' secrets to every player. The one place this is decided."""
    return psychic_present((arena(t) or t.state)["kaverit"])


def report(t, f: Fight, bad_ending: str = "") -> Result:
    """What the engine did is already in the story (words.py says it); then whose turn."""
    r = Result()
    if bad_ending and any(e["kind"] == "lost" for e in f.events):
        r.add("", bad_ending.strip())
    if arena(t) is not None:
        r.add(Styled(turn_line(t), "turn"))
    return r


def card_names(t, words: tuple[str, ...]) -> list[str]:
    """Card names from words, quoted or not: `Big Bully "Dumb Turkey"` or `Big Bully Dumb Turkey`
    (the longest run of words that names a card wins)."""
    names, i = [], 0
    while i < len(words):
        for j in range(len(words), i, -1):
            candidate = " ".join(words[i:j])
            if t.library.card(candidate) or j == i + 1:
                names.append(candidate)
                i = j
                break
    return names


def turn_line(t) -> str:
    """Round, phase and whose turn: for the prompt, the toolbar and after each step."""
    field = arena(t)
    assert field is not None
    c = field["confrontation"]
    waiting = [x.name for x in fight(t, quiet=True).waiting()]
    who = ", ".join(waiting) if waiting else "nobody (next)"
    return f"[round {c['round']}, {c['phase']}: {who}]"


@command("confront", "confrontation")
@click.argument("cards", nargs=-1, type=params.cards("foe", "power-foe"))
@click.option("--scene", "scene_number", type=int, default=None,
              help="Scene N of the adventure: its foes and setting, the XP it lists.")
@click.option("--setting", "settings", multiple=True, type=params.cards("setting"),
              help="A setting card in play (repeatable).")
@click.option("--order", default=None, help="The Kaverit's order, e.g. 'Ann,Bob' (R-CONF-1).")
@click.option("--companion", "companions", multiple=True, type=params.cards("companion"),
              help="With four or more companions, the (at most three) who join (R-CONF-9).")
@click.option("--lv", type=int, default=None, help="Lv for the foes' extra HP (R-CONF-4).")
@click.option("--practice", is_flag=True, help="A practice bout: no XP (R-CONF-13).")
def confront(t, cards, settings, order, companions, lv, practice, scene_number):
    """"Get ready to feel!": a confrontation with these foe cards, or those of a scene
    (R-CONF-1, R-CONF-4).

    Example: confront --scene 2"""
    if arena(t) is not None:
        raise CommandError(_("a confrontation is already running (end to stop it)"))
    if scene_number is not None:
        from guide.games.kaverini.commands.scenes import enter, scene_of

        chosen_scene = scene_of(t, scene_number)
        cards = tuple(cards) or chosen_scene.foes
        if not settings and chosen_scene.setting:
            settings = (chosen_scene.setting,)
        enter(t, scene_number)
    if not cards:
        raise CommandError(_("confront which foes? name foe cards, or --scene N"))
    foes = [t.card(name, "foe", "power-foe") for name in card_names(t, cards)]
    setting_cards = [t.card(name, "setting") for name in settings]
    names = [k["name"] for k in t.state["kaverit"]]
    chosen = names
    if order:
        chosen = [t.kaveri(n.strip())["name"] for n in order.split(",") if n.strip()]
        if sorted(chosen) != sorted(names):
            raise CommandError("--order must name every Kaveri once: " + ", ".join(names))
    party = t.state["companions"]
    if companions:
        joined = [t.card(n, "companion").name for n in companions]
        missing = [n for n in joined if n not in party]
        if missing or len(joined) > 3:
            raise CommandError(_("--companion: at most three companions of the party (R-CONF-9)"))
        if len(party) < 4:
            raise CommandError(_("with fewer than four companions all of them join (R-CONF-9): {value};"
                                 " --companion chooses from four").format(
                value=', '.join(party) or 'none'))
    elif len(party) >= 4:
        raise CommandError(_("four or more companions: choose three with --companion (R-CONF-9)"))
    else:
        joined = list(party)
    f = fight(t, t.state)
    f.start(foes, chosen, setting_cards, joined, lv if lv is not None else t.lv(), practice)
    if secrets_open(t):
        t.tell("psychic")
    reminders.at_start(t)
    return report(t, f)


@command("use", "confrontation")
@click.argument("name", type=params.ACTOR)
@click.argument("technique", nargs=-1, required=True, type=params.TECHNIQUE)
@click.option("--on", default=None, type=params.FIGHTER,
              help="The target foe (optional when one stands).")
@click.option("--roll", default=None, type=params.Faces(metavar="N[,M]"),
              help="The table's d20 face, and M the Comic d10 (R-DICE-3).")
@click.option("--world-point", "world_point", type=click.Choice(["all-foes", "effect"]),
              default=None, help="Spend a world point (R-WP-2, R-WP-3).")
@click.option("--split", multiple=True, type=params.SPLIT, help="Lagom: N Schmerz to FOE.")
@click.option("--matches", type=click.Choice(["yes", "no"]), default=None,
              help="The GM's answer: does a free-text Shield/Heel apply (R-DMG-7)?")
@click.option("--boost", type=click.Choice(["e", "h", "hp"], case_sensitive=False),
              default=None, help="After Nervousness: where the 2 x Lv goes.")
@click.option("--lv", type=int, default=None,
              help="Lv for a buddy's card technique: a Kaveri's level (R-SHEET-4).")
def use(t, name, technique, on, roll, world_point, split, matches, boost, lv):
    """A technique of a Kaveri, a buddy, or a companion taking a stand (R-DMG, R-FX).

    Example: use Ann Cheer --on Gull"""
    f = running(t)
    f.choose_lv(lv)
    bad = _bad_ending(t)
    d20 = d10 = None
    if roll:
        d20, d10 = roll[0], (roll[1] if len(roll) > 1 else None)
        if d10 is not None and not 1 <= d10 <= 10:
            raise CommandError(_("a d10 shows 1 to 10, not {d10}").format(d10=d10))
    f.use(name, " ".join(technique), [on] if on else None, d20, d10, world_point, _parts(split),
          None if matches is None else matches == "yes", boost)
    reminders.after_moves(t)
    return report(t, f, bad)


@command("foe", "confrontation")
@click.argument("name", type=params.FOE)
@click.argument("technique", nargs=-1, type=params.FOE_TECHNIQUE)
@click.option("--on", default=None, type=params.TARGET,
              help="The target: a Kaveri, buddy or standing companion.")
@click.option("--roll", type=int, default=None, help="The table's face of the foe's move die.")
@click.option("--split", multiple=True, type=params.SPLIT, help="Lagom: N Schmerz to NAME.")
@click.option("--lv", type=int, default=None,
              help="Lv for the technique: the level of a Kaveri present (R-SHEET-4).")
def foe(t, name, technique, on, roll, split, lv):
    """A foe's technique (phase 4); a foe with a die icon rolls for its move (R-CONF-3).

    Example: foe Gull Loud Squawk --on Ann"""
    f = running(t)
    f.choose_lv(lv)
    bad = _bad_ending(t)
    f.foe_use(name, " ".join(technique) or None, on, roll, _parts(split))
    reminders.after_moves(t)
    return report(t, f, bad)


@command("next", "confrontation")
@click.option("--dice", "faces", default=None, type=params.FACES,
              help="The table's own faces for what the new round draws (a fluid setting).")
def next_(t, faces):
    """End the current phase or turn and move on (those who did not act pass).

    Example: next"""
    f = running(t)
    bad = _bad_ending(t)
    if faces:
        t.dice.give(faces)
    f.next()
    return report(t, f, bad)


@command("runaway", "confrontation")
@click.option("--roll", type=int, default=None, help="The percentile result, 1..100.")
def runaway(t, roll):
    """Try to run away: 25% per cowering Kaveri, the Kaverit's whole round (R-CONF-6).

    Example: runaway --roll 23"""
    f = running(t)
    f.runaway(roll)
    return report(t, f)


@command("end", "confrontation")
def end(t):
    """End the confrontation early (no XP).

    Example: end"""
    f = running(t)
    f.end()
    return report(t, f)


@command("schmerz", "confrontation")
@click.argument("name", type=params.FIGHTER)
@click.argument("amount", type=click.IntRange(1, 100000))
def schmerz(t, name, amount):
    """Deal Schmerz by hand to any fighter (a card's free text, the GM's call), or outside a
    confrontation to a Kaveri or buddy (2.9); the taker's H and abilities apply (R-DMG-8).

    Example: schmerz Gull 2"""
    if arena(t) is None:
        _schmerz_outside(t, name, amount)
        return Result()
    f = running(t)
    bad = _bad_ending(t)
    f.schmerz(name, amount)
    reminders.after_moves(t)
    return report(t, f, bad)


def _schmerz_outside(t, name: str, amount: int) -> None:
    """2.9: the GM's Schmerz for a misdeed, through R-DMG-8 (no field: no effects running)."""
    for b in t.state["buddies"]:
        if b["name"].casefold() == name.casefold():
            taker = Fighter(BUDDY, b, t.card(b.get("card", b["name"])))
            break
    else:
        taker = Fighter(KAVERI, t.kaveri(name), None)
    lost = take_schmerz(taker, amount, taker.base_heart + taker.counters["H"])
    if taker.kind == BUDDY:
        taker.data.pop("counters", None)
    t.tell("schmerz", target=taker.name, lost=lost, hp=taker.hp, max_hp=taker.max_hp)


@command("stand", "confrontation")
@click.argument("shares", nargs=-1, required=True, type=params.SHARES)
def stand(t, shares):
    """Divide the HP of the companions taking a stand: stand NAME=HP ... (R-CONF-10).

    Example: stand Joop=20 Anouk=25"""
    f = running(t)
    f.shares(dict(shares))
    return report(t, f)


@command("token", "confrontation")
@click.argument("card", nargs=-1, required=True, type=params.cards(token=True))
@click.option("--for", "holder", default=None, type=params.KAVERI,
              help="The Kaveri who gets an item token.")
def token(t, card, holder):
    """Create a token (4.7): a foe token joins the foes, a buddy token the party, an item
    token goes to a Kaveri.

    Example: token Drowned Bell Spirit"""
    c = t.card(" ".join(card))
    if c.type in ("foe", "power-foe"):
        conf = t.state["confrontation"]
        if not conf:
            raise CommandError(_("a foe token fights in a confrontation; none is running"))
        entry = records.foe(c, records.numbered(c.name, sum(1 for x in conf["foes"] if x["card"] == c.name)),
                            extra_hp(len(t.state["kaverit"]), t.lv()))        # R-CONF-14
        conf["foes"].append(entry)
        t.tell("token", card=c.name, side="foes", name=entry["name"], hp=entry["max_hp"])
    elif c.type == "buddy":
        if any(b["name"].startswith(c.name) for b in t.state["buddies"]):
            raise CommandError(_("{name} is already fighting; one token of a buddy at a time").format(
                name=c.name))
        t.state["buddies"].append(records.buddy(c))
        t.tell("token", card=c.name, side="party", name=c.name, hp=c.hp)
    elif c.type == "item":
        if not holder:
            raise CommandError(_("an item token goes to a Kaveri: --for NAME"))
        k = t.kaveri(holder)
        k["items"].append(records.held_item(c.name, c.usage))
        t.tell("token", card=c.name, side="item", name=k["name"])
    else:
        raise CommandError(_("{name} is a {type}; tokens here are foes, buddies or items").format(
            name=c.name, type=c.type))
    return Result()


@command("play", "confrontation")
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
@click.option("--on", default=None, type=params.FIGHTER,
              help="A target, when the item's effect needs one.")
def play(t, name, card, on):
    """Play an item (before the Kaveri's technique in a round); one use goes (R-CONF-12).

    Example: play Ann Stroopwafel"""
    from guide.games.kaverini.commands.party import held_item as in_hand

    field = arena(t)
    k = _kaveri_in(t, field, name)
    entry = in_hand(k, " ".join(card))
    item = t.card(entry["card"])
    conf = field["confrontation"] if field else None
    if entry["uses"] is None:
        raise CommandError(_("{name} has no Usage: it is not played, it acts by its static effect while held"
                             " (R-CONF-12)").format(
            name=item.name))
    if conf:
        if k["hp"] == 0:
            raise CommandError(_("{k} is cowering and cannot play items (R-CONF-5)").format(k=k['name']))
        turn = fight(t, quiet=True).turn()
        if k["name"] in conf["acted"] or conf["phase"] != "kaverit" or turn is None \
                or turn.name != k["name"]:
            raise CommandError(_("items are played in the Kaverit phase, on the Kaveri's own turn"
                               " before the technique (R-CONF-2)"))
    t.tell("item_played", kaveri=k["name"], item=item.name)
    if conf:
        f = fight(t)
        holder = next(x for x in f.fighters() if x.kind == KAVERI and x.name == k["name"])
        for effect in item.effects:
            if on:
                targets = [x for x in f.fighters() if x.name.casefold() == on.casefold()]
            else:
                targets = f.declared_targets(Declared(item.name, effect, holder, holder,
                                                      holder.owner))
            apply_declared(f.say, f, item.name, effect, targets, f.lv_of(holder))
    else:
        _play_outside(t, k, item)
    if not item.effects and item.text:
        t.tell("gm_item", item=item.name, text=item.text)
    entry["uses"] -= 1
    if entry["uses"] <= 0:
        k["items"].remove(entry)
        t.tell("used_up", kaveri=k["name"], item=item.name)
    return Result()


def _kaveri_in(t, field: dict | None, name: str) -> Sheet:
    """A Kaveri of the running fight (the Strategy Game's are copies), else of the party."""
    if field is not None and field is not t.state:
        for k in field["kaverit"]:
            if k["name"].casefold() == name.casefold():
                return k
    return t.kaveri(name)


def _play_outside(t, k: Sheet, item) -> None:
    """An item played outside a confrontation: the same effects (effects.apply_declared) on
    the Kaverit, those that need no field (heal, counters, E and H)."""
    party = t.state["kaverit"]
    chosen = {"self": [k], "bonded": [k], "kaverit": party, "party": party, "all": party}
    for effect in item.effects:
        targets = [Fighter(KAVERI, sheet, None) for sheet in chosen.get(effect.target, [])]
        apply_declared(t.tell, None, item.name, effect, targets, t.lv())


@command("status", "confrontation", aliases=("field",))
@click.option("--players", is_flag=True, help="The players' view: foes' secrets hidden"
                                               " unless a Psychic Kaveri is present.")
def status(t, players):
    """The whole field: every fighter's HP, E, H, effects; the GM's view unless --players.

    Example: status --players"""
    field = arena(t)
    if field is None:
        raise CommandError(_("no confrontation is running"))
    c = field["confrontation"]
    f = fight(t, quiet=True)
    psychic = secrets_open(t)
    secret = not players or psychic
    r = Result([turn_line(t)], headers=["fighter", "side", "HP", "E", "H", "effects"])
    for x in f.fighters():
        effects = ", ".join(e.get("why", e["kind"]) for e in c["effects"] if e["on"] == x.name)
        hp = f"{x.hp}/{x.max_hp}" + (" cowering" if x.hp == 0 and f.cowers(x) else "")
        if x.hp == 0 and not f.cowers(x):
            hp = "neutralized"
        side = f.side_of(x) if f.variant == "strategy" else x.kind
        r.rows.append([x.name, side, hp, effective_emotion(f, x),
                       effective_heart(f, x) if (secret or x.kind != FOE) else "?",
                       textwrap.shorten(effects, 24, placeholder="…")])
        if secret and x.kind == FOE:
            r.notes += _secrets(x)
    if c["settings"]:
        r.notes.append("Settings: " + ", ".join(c["settings"]))
    if c["companions"]:
        r.notes.append("Companions: " + ", ".join(c["companions"]))
    if players and psychic:
        r.notes.append("A Psychic Kaveri is present: secrets shown (R-CONF-3).")
    return r


def _secrets(x: Fighter) -> list[str]:
    """A foe's secret side (R-CONF-3), wrapped to 80 columns below the table."""
    card = x.card
    if card is None:
        return []
    moves = "; ".join((f"{'/'.join(map(str, m.roll))}: " if m.roll else "") + f"{m.name} {m.schmerz}"
                      for m in card.techniques)
    guard = ", ".join(f"{what} {value}" for what, value in (("Shield", card.shield),
                                                            ("Heel", card.heel)) if value)
    return textwrap.wrap(f"{x.name}: {guard + '; ' if guard else ''}moves {moves}", 79,
                         subsequent_indent="    ")


def _parts(split: tuple[tuple[str, int], ...]) -> dict[str, int] | None:
    """--split NAME=N ... as {NAME: N} (Lagom, R-ABIL-1)."""
    return dict(split) if split else None


def _bad_ending(t) -> str:
    a = t.adventure()
    return a.bad_ending if a else ""


def on_flip(t, original, shown: str) -> None:
    """A flipped card is its new side everywhere (5.6): a foe that becomes a buddy leaves the
    foes and joins the party; a buddy that becomes a foe (flipped back, say) leaves the party
    and, in a running confrontation, joins the foes with R-CONF-14's extra HP."""
    c = t.state["confrontation"]
    now = t.card(shown)
    hidden = original.back.name if shown == original.name else original.name
    if c and now.type == "buddy":
        for foe_entry in list(c["foes"]):
            if foe_entry["card"] == hidden:
                c["foes"].remove(foe_entry)
                t.state["buddies"].append(records.buddy(now))
                t.tell("turncoat", foe=foe_entry["name"], buddy=now.name, hp=now.hp)
    if now.is_foe:
        for b in list(t.state["buddies"]):
            if b.get("card", b["name"]) == hidden:
                t.state["buddies"].remove(b)
                joins = None
                if c:
                    joins = records.foe(now, records.numbered(now.name, sum(
                        1 for x in c["foes"] if x["card"] == now.name)),
                        extra_hp(len(t.state["kaverit"]), t.lv()))
                    c["foes"].append(joins)
                t.tell("turned_back", buddy=b["name"], foe=joins["name"] if joins else None,
                       card=now.name, hp=joins["max_hp"] if joins else None)
