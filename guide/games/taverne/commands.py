"""The command forms of docs/taverne.md, the Pillar typing for the players. Each command
asks the pure rules what happens and tells their events; sealed choices stay in the state."""

from __future__ import annotations

import textwrap

import click

from guide.core import sealed as seal
from guide.core.errors import GuideError, RuleError
from guide.core.i18n import domain
from guide.core.line import build
from guide.core.names import Unknown, resolve
from guide.core.registry import parse, split
from guide.core.result import Result

from . import adjust, arrivals, cards, chrono, placements, seats, turn, variants
from .box import Box, Character
from .model import VARIANTS, Event, State, TaverneTable, active_names, find, seated
from .params import ANY_VALUE, ATTACKER, CHARACTER, IN_HAND, PLAYER, TARGET, Purchase
from .registry import commands
from .toolbar import HEADERS, line, status_notes, status_rows

_, ngettext, pgettext = domain("taverne").functions()


def box_of(t: TaverneTable) -> Box:
    return t.library if isinstance(t.library, Box) else Box()


# T-UNDO-1: the events that reveal what was sealed, and what each shows (the core's undo then
# refuses to go back past the command, as Kaivo's past a card drawn: Settings.undo_policy)
REVEALS = {"placements": lambda: _("the sealed Attacks (T-UNDO-1: a card placed is a card played)"),
           "quarrel": lambda: _("the sealed Weapons and Dodges (T-UNDO-1: a card placed is a"
                                " card played)"),
           "bids": lambda: _("the sealed Energy bids (T-UNDO-1: a bid made is a bid played)")}
REVEALS["quarrel_void"] = REVEALS["quarrel"]    # call 5 with only void Attacks shows their Weapons


def tell(t: TaverneTable, events: list[Event]) -> None:
    revealed = next((REVEALS[e["kind"]] for e in events if e["kind"] in REVEALS), None)
    if revealed is not None:
        t.drew_hidden(revealed(), revealed=True)
    if not t.state.get("seal_key"):      # the brawl's key for the seats' codes, made once
        t.state["seal_key"] = seal.new_key()
    calls = box_of(t).calls
    for e in events:
        data = dict(e)
        kind = data.pop("kind")
        if kind == "call":
            data["words"] = calls.get(data["call"], "")
        if kind == "bought" and data["what"] == "weapon":
            data["weapon_name"] = next((w["name"] for w in box_of(t).weapons
                                        if w["value"] == data["weapon"]), None)
        t.tell(kind, **data)
        if kind == "call" and (powers := _powers(t.state, box_of(t), data["call"])):
            t.tell("powers", call=data["call"], powers=powers)


def known_character(box: Box, typed: str) -> Character:
    """The Character typed, the way people say it (the core's resolver: `Gobelin` is
    Gobelin Teigneux, `witch` the Sorcière Pustuleuse of the example), among the box's;
    an unknown one is refused with the list (a table's own go in its box file)."""
    names = [c.name for c in box.characters.values()] + list(box.example_names) + \
        [c.fr for c in box.characters.values() if c.fr]
    try:
        found = resolve(typed, names, pgettext("what", "Character"))
    except Unknown:
        raise RuleError(_("{typed!r} is not a Character of the box; its Characters: {names}"
                          " (a table's own cards: `guide new box --game taverne DIR`, then"
                          " `--box DIR`)").format(
            typed=typed, names=", ".join(box.shown(c.name) for c in box.characters.values()))) from None
    except GuideError as e:
        raise RuleError(str(e)) from None
    return box.character(found) or Character(found)


def by_card(card: str | None, events: list[Event]) -> list[Event]:
    """T-EXC-1: a card's exception to a basic rule, its name on every public line of the
    command (undoable like any command, and in the log); a sealed choice says nothing."""
    card = card.strip() if card else None
    if card is None:
        return events
    return [e if e["kind"] in ("sealed", "all_in") else {**e, "by_card": card} for e in events]


def _powers(state: State, box: Box, call: int) -> list[dict[str, str]]:
    """The Characters' powers, and the texts of the Assets in play and Dirty Tricks
    suffered, that the table typed for this call (T-CNT-4: the table applies them; the
    companion shows the text; all are face up)."""
    out = []
    for n in active_names(state):
        p = state["players"][n]
        c = box.character(p["character"]) if p["character"] else None
        if c and c.power and call in c.calls:
            out.append({"who": n, "character": c.name, "text": c.power})
        for name in p["assets"] + ([p["trick"]] if p["trick"] else []):
            s = box.specialties.get(name.casefold())
            if s and s.text and call in s.calls:
                out.append({"who": n, "character": s.name, "text": s.text})
    return out


@commands.command("player", family="setup")
@click.argument("name")
@click.option("--loot", type=int, default=None, help="The Character's Initial Loot (1 to 3).")
@click.option("--character", type=CHARACTER, default=None, help="The Character kept.")
@click.option("--after", type=PLAYER, default=None, help="Sit to the left of this player.")
@click.option("--tavern", default=None, help="Tavern of origin (Double Tavern).")
def player(t: TaverneTable, name: str, loot: int | None, character: str | None,
           after: str | None, tavern: str | None) -> None:
    """Seat a player, or a new arrival who enters at the next call 1 with the bonus.
    Example: player Marie --loot 2; player Pierre --loot 1 --character gobelin; player Jacques --loot 3"""
    box = box_of(t)
    known = known_character(box, character) if character else None
    if known:
        character = known.name
    state: State = t.state
    if character is None and state["beginner"] and state["phase"] == "brawl":
        character = arrivals.draw_character(state, box.beginner_pool(), t.dice)
        known = box.character(character)
    if loot is None and known is not None:
        loot = known.initial_loot
    home = tavern or (known.tavern if known else None) or box.home
    tell(t, arrivals.seat(state, name, loot, character, home, after))
    if known and known.power:
        t.tell("note", text=f"{known.name}: {known.power}")


@commands.command("start", family="setup")
@click.option("--variant", "variant", multiple=True, type=click.Choice(VARIANTS),
              help="double-tavern, long-range or auction (repeat for several).")
@click.option("--beginner", is_flag=True, help="The five beginner Characters, no Specialties.")
def start(t: TaverneTable, variant: tuple[str, ...], beginner: bool) -> None:
    """Start the brawl: turn 1, call 1; the first player seated is the Pillar.
    Example: start --variant long-range"""
    state: State = t.state
    events: list[Event] = []
    beginner = beginner or state["beginner"]
    if beginner and state["phase"] == "setup":
        # Beginner Game: "each player draws his Character at random"; its Initial Loot is
        # the card's (the box's, else asked now, after the draw), never one typed before
        box = box_of(t)
        for n in seated(state):
            p = state["players"][n]
            if p["character"] is None:
                drawn = arrivals.draw_character(state, box.beginner_pool(), t.dice)
                p["character"] = drawn
                known = box.character(drawn)
                p["initial_loot"] = known.initial_loot if known else None
                p["loot"] = p["initial_loot"] or 0
                events.append({"kind": "drawn", "who": n, "character": p["character"],
                               "loot": p["initial_loot"]})
        state["beginner"] = True
        missing = [n for n in seated(state) if state["players"][n]["initial_loot"] is None]
        if missing:
            state["variants"] = sorted(set(state["variants"]) | set(variant))
            tell(t, events + [{"kind": "ask_loot", "who": missing}])
            return
    tell(t, events + turn.start(state, sorted(set(variant) | set(state["variants"])),
                                beginner))
    chrono.started(state, t.now())          # T-CHRONO-2: the round clock runs from `start`


@commands.command("call", family="calls")
def call(t: TaverneTable) -> None:
    """Finish the current call and announce the next (4 reveals the Attacks, 5 settles
    every quarrel, 6 shows the Stunned the door, 7 the Militia, 8 the Dirty Tricks, 9 the
    Loot and the next turn).

    Example: call"""
    events = turn.call(t.state)
    box = box_of(t)
    for e in events:        # named cards discarded go under their pile (T-BOX-1)
        if e["kind"] == "trick_discarded":
            cards.discard(t.state, box, e["trick"])
        elif e["kind"] == "shown_door":
            cards.drop_hand(t.state, box, e["who"])
    tell(t, events)


@commands.command("buy", family="placements")
@click.argument("name", type=PLAYER)
@click.argument("what", type=Purchase())
@click.option("--times", type=click.IntRange(1, 11), default=1, help="How many (1 Loot each).")
@click.option("--card", default=None, help="The card whose exception allows it (logged).")
def buy(t: TaverneTable, name: str, what: str, times: int, card: str | None) -> None:
    """Call 2: spend 1 Loot for the top Weapon of the pile, a Pint or a Specialty; at
    another call with the card that allows it. Example: buy Pierre pint; buy Pierre pint --card 'our card'"""
    events = placements.buy(t.state, name, what, times, card)
    tell(t, by_card(card, events))
    box = box_of(t)
    for e in events:        # T-BOX-1: the top card of the Tavern's pile, its owner's eyes only
        if e["kind"] == "bought" and e["what"] == "specialty":
            drawn = cards.draw(t.state, box, e["who"], e["tavern"], t.dice)
            if drawn is not None:
                known = box.specialties.get(drawn.casefold())
                t.tell_private(e["who"], "specialty_card", who=e["who"], card=drawn,
                               card_kind=known.kind if known else None,
                               text=known.text if known else None)


@commands.command("militia", family="placements")
@click.argument("name", type=PLAYER)
@click.option("--keep-trick", is_flag=True, help="The first caller keeps their Dirty Trick.")
def militia(t: TaverneTable, name: str, keep_trick: bool) -> None:
    """Call 2, at 5 Prestige: call the Militia. Example: militia Marie"""
    tell(t, placements.militia(t.state, name, keep_trick))


@commands.command("dodges", family="placements")
@click.argument("name", type=PLAYER)
@click.argument("values", nargs=-1, type=IN_HAND)
@click.option("--card", default=None, help="The card whose exception allows it (logged).")
def dodges(t: TaverneTable, name: str, values: tuple[int, ...], card: str | None) -> None:
    """Call 3: set Weapons from hand aside as Dodges (none: no more); beyond the Prestige with
    the card that allows it. Example: dodges Pierre 2 4"""
    tell(t, by_card(card, placements.set_dodges(t.state, name, list(values), card)))


@commands.command("attack", family="placements")
@click.argument("name", type=PLAYER)
@click.option("--on", "on", type=TARGET, required=True, help="The target.")
@click.option("--weapon", type=IN_HAND, required=True, help="The Weapon's value.")
@click.option("--trick", default=None, help="A Dirty Trick attached (sealed).")
@click.option("--card", default=None, help="The card whose exception allows it (logged).")
def attack(t: TaverneTable, name: str, on: str, weapon: int, trick: str | None,
           card: str | None) -> None:
    """Call 4: the player's one Attack, sealed until call 5. Example: attack Pierre --on Marie --weapon 3"""
    who = find(t.state, name)["name"]
    if trick is not None and cards.hand(t.state, who):
        trick = cards.trick_card(t.state, box_of(t), who, trick)
    tell(t, by_card(card, placements.attack(t.state, name, on, weapon, trick, card)))


@commands.command("dodge", family="placements")
@click.argument("defender", type=PLAYER)
@click.option("--against", type=ATTACKER, required=True, help="The attacker.")
@click.argument("values", nargs=-1, type=ANY_VALUE)
@click.option("--card", default=None, help="The card whose exception allows it (logged).")
def dodge(t: TaverneTable, defender: str, against: str, values: tuple[int, ...],
          card: str | None) -> None:
    """Call 5: the values the defender names against one Attack (at most 3; none: no Dodge),
    sealed until `call`. Example: dodge Marie --against Pierre 5 6"""
    tell(t, by_card(card, placements.dodge(t.state, defender, against, list(values), card)))


@commands.command("sealed", family="placements")
@click.argument("name", type=PLAYER)
@click.argument("code")
def sealed(t: TaverneTable, name: str, code: str) -> None:
    """A sealed choice sent from the player's own seat (an Attack, a Dodge division, a bid),
    named by its code so that the journal, `undo` and `seats` never show it.
    Example: sealed Marie 3f9a0c12b4d1"""
    choice = seats.opened(t.state, name, code, box_of(t))     # then placed as typed
    cmd = commands.commands[choice.command]
    cmd.function(t, **parse(cmd, split(choice.line)[1:], t))


@commands.command("mistake", family="counters")
@click.argument("name", type=PLAYER)
def mistake(t: TaverneTable, name: str) -> None:
    """A mistake noticed by an opponent: one Pint lost (T-MIS-1). Example: mistake Pierre"""
    tell(t, adjust.mistake(t.state, name))


def _meter(meter: str) -> None:
    @commands.command(meter, family="counters")
    @click.argument("name", type=PLAYER)
    @click.argument("n", type=int)
    @click.option("--card", default=None, help="The card whose effect it is (logged).")
    def adjust_meter(t: TaverneTable, name: str, n: int, card: str | None) -> None:
        tell(t, by_card(card, adjust.adjust(t.state, name, meter, n)))
    unit = {"energy": "Energy", "loot": "Loot", "pint": "Pints"}[meter]
    adjust_meter.__doc__ = (f"A card's effect on {unit} (signed), clamped at the limits."
                            f" Example: {meter} Marie -2")
    commands.commands[meter].click_command.help = adjust_meter.__doc__


for _m in ("energy", "loot", "pint"):
    _meter(_m)


@commands.command("leave", family="counters")
@click.argument("name", type=PLAYER)
def leave(t: TaverneTable, name: str) -> None:
    """The player leaves the table; nothing affects them while away. Example: leave Cécile"""
    tell(t, arrivals.leave(t.state, name))


@commands.command("back", family="counters")
@click.argument("name", type=PLAYER)
def back(t: TaverneTable, name: str) -> None:
    """The player comes back at the start of a turn. Example: back Cécile"""
    tell(t, arrivals.back(t.state, name))


@commands.command("asset", family="counters")
@click.argument("name", type=PLAYER)
@click.argument("card")
@click.option("--back", is_flag=True, help="Take it back into hand (call 2).")
@click.option("--discard", is_flag=True, help="Discard it (a card's effect).")
def asset(t: TaverneTable, name: str, card: str, back: bool, discard: bool) -> None:
    """Put an Asset from hand into play in call 2 (at most Prestige in play).
    Example: asset Jacques 'Lucky Mug'"""
    events = adjust.asset(t.state, name, card, back, discard)
    box, who = box_of(t), events[0]["who"]
    if events[0]["how"] == "play":
        named = cards.play(t.state, box, who, card, "asset")
        if named is not None:
            t.state["players"][who]["assets"][-1] = named
            events[0]["card"] = card = named
    elif events[0]["how"] == "back" and box.specialties.get(events[0]["card"].casefold()):
        t.state.setdefault("hands", {}).setdefault(who, []).append(
            box.specialties[events[0]["card"].casefold()].name)
    else:
        cards.discard(t.state, box, events[0]["card"])
    tell(t, events)
    _card_text(t, card)


@commands.command("spell", family="counters")
@click.argument("name", type=PLAYER)
@click.argument("card", required=False)
@click.option("--on", "on", type=PLAYER, default=None,
              help="Its target: any player in the brawl, in range or not.")
@click.option("--no-formula", is_flag=True,
              help="Cast without the magic formula: a Mistake, the card discarded (T-MIS-1).")
def spell(t: TaverneTable, name: str, card: str | None, on: str | None,
          no_formula: bool) -> None:
    """Cast a Spell (at most Prestige a turn, none while Stunned); its target may be out of
    range (T-EXC-1). Example: spell Jacques; spell Jacques Hex --on Marie"""
    events = adjust.spell(t.state, name, card, on, no_formula)
    box, who = box_of(t), events[0]["who"]
    named = cards.play(t.state, box, who, card, "spell")
    if named is not None:
        events[0]["card"] = card = named
        cards.discard(t.state, box, named)      # "discarded immediately after its effect"
    tell(t, events)
    if card and not no_formula:
        _card_text(t, card)


def _card_text(t: TaverneTable, card: str) -> None:
    """The text the table typed for this Specialty, if any (never invented)."""
    known = box_of(t).specialties.get(card.casefold())
    if known and known.text:
        t.tell("note", text=f"{known.name} ({known.kind}): {known.text}")


@commands.command("trick", family="counters")
@click.argument("name", type=PLAYER)
@click.argument("card", required=False)
def trick(t: TaverneTable, name: str, card: str | None) -> None:
    """The Dirty Trick kept among those served this turn; no card: rid of it (a card's
    effect). Example: trick Marie Hangover"""
    events = adjust.trick(t.state, name, card)
    for e in events:
        for gone in e.get("discarded", ()):
            cards.discard(t.state, box_of(t), gone)
    tell(t, events)


@commands.command("bid", family="setup")
@click.argument("name", type=PLAYER)
@click.argument("energy", type=int)
def bid(t: TaverneTable, name: str, energy: int) -> None:
    """Auction Characters: a sealed initial Energy bid. Example: bid Marie 24"""
    tell(t, variants.bid(t.state, name, energy))


@commands.command("character", family="setup")
@click.argument("name", type=PLAYER)
@click.argument("character", type=CHARACTER)
@click.option("--loot", type=int, default=None, help="Its Initial Loot (1 to 3).")
@click.option("--tavern", default=None, help="Its Tavern of origin.")
def character(t: TaverneTable, name: str, character: str, loot: int | None,
              tavern: str | None) -> None:
    """Auction Characters: the Character taken after the bids. Example: character Marie Ghoul --loot 2"""
    known = known_character(box_of(t), character)
    character = known.name
    loot = loot if loot is not None else known.initial_loot
    if loot is None:
        raise RuleError(_("give {character}'s Initial Loot (1 to 3): `{line}`").format(
            character=character, line=build(["character", name, character], [("--loot", "N")])))
    tell(t, variants.choose(t.state, name, character, loot, tavern))


@commands.command("chrono", family="setup")
@click.argument("what", type=click.Choice(["start", "time", "next"]))
@click.option("--minutes", type=int, default=30, help="A round's minutes: 30 or 45.")
def chrono_command(t: TaverneTable, what: str, minutes: int) -> None:
    """The Chrono Tournament (T-CHRONO-2): `start` three rounds (the clock runs from the
    brawl's start), `time` the round's time is up (the clock types it), `next` the next
    round. Example: chrono start --minutes 45"""
    rules = {"start": lambda: chrono.begin(t.state, minutes, t.now()),
             "time": lambda: chrono.time_up(t.state), "next": lambda: chrono.next_round(t.state)}
    tell(t, rules[what]())


@commands.command("score", family="info")
def score(t: TaverneTable) -> Result:
    """The chrono tournament's points of this round (T-CHRONO-1), and the rounds' totals.

    Example: score"""
    rows = [[r["name"], r["prestige"], r["loot"], r["ko"], r["points"]]
            for r in chrono.points(t.state)]
    record = chrono.clock(t.state)
    notes = []
    if record is not None and record["rounds"]:
        totals = chrono.totals_of(record)
        notes.append(ngettext("After {count} round: {totals}", "After {count} rounds: {totals}",
                              len(record["rounds"])).format(
            count=len(record["rounds"]),
            totals=", ".join(f"{n} {v}" for n, v in sorted(totals.items(),
                                                          key=lambda kv: -kv[1]))))
    return Result(title=_("Chrono points (10 per Prestige, 1 per Loot, 1 per Character KO)"),
                  headers=[_("Player"), _("Prestige"), _("Loot"), _("KO"), _("Points")], rows=rows,
                  notes=notes)


@commands.command("status", family="info")
def status(t: TaverneTable) -> Result:
    """Every Counter, and what the call is waiting for.

    Example: status"""
    state: State = t.state
    head = textwrap.wrap(line(state, box_of(t).calls), 80,
                         subsequent_indent="  ")
    notes = [w for note in status_notes(state, box_of(t).shown)
             for w in textwrap.wrap(note, 80, subsequent_indent="  ")]
    return Result(lines=head, headers=[_(h) for h in HEADERS], rows=status_rows(state), notes=notes)
