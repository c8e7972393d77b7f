"""CV's table commands (docs/cv.md): each parses what the table types, asks the pure rules,
and tells their events; a refused move is a one-line CommandError that changes nothing."""

from __future__ import annotations

from typing import Any

import click

from guide.core.errors import CommandError, RuleError
from guide.core.i18n import domain
from guide.core.names import fold
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.ruling import run

from . import dice, phase, score, screen, take, track
from .library import BoxCard
from .model import CvTable, new_card
from .params import COUNT, DECK, GOAL, HAND, NEW_PLAYER, PLAYER, SYMBOL, TRACK_CARD, TYPE
from .render import Renderer

NO_COST = ("none", "0", "-", "free", "немає", "нічого")   # `--cost none`: a card that costs nothing

commands = Registry(families=("setup", "turn", "score"))
command = commands.command
_, ngettext, pgettext = domain("cv").functions()


def symbols(t: CvTable, text: str | None, option: str) -> list[str] | None:
    if text is None:
        return None
    try:
        return t.library.symbol_list(text)
    except RuleError as e:
        raise CommandError(_("{option}: {e}").format(option=option, e=e)) from None


# --- setup -------------------------------------------------------------------------------
@command("players", "setup")
@click.argument("names", nargs=-1, required=True)
def players(t: CvTable, names: tuple[str, ...]) -> Result:
    """The 2 to 4 players in turn order, the Bicycle holder first (V-SET-1).
    Example: players Ann Bob Cy"""
    return run(t, phase.players, t.library, list(names))


@command("track", "setup")
@click.argument("sizes", nargs=-1, type=DECK)
def track_(t: CvTable, sizes: tuple[tuple[str, int], ...]) -> Result:
    """Keep the track: the decks' sizes, five Youth cards laid out (V-SET-1); alone, show it.

    With a card file, alone it shuffles the decks and deals the track.

    Example: track youth=25 maturity=25 old_age=20"""
    st = t.state
    if not sizes:
        if st["track"] is None and t.library.dealt():
            return run(t, track.deal, t.library, t.dice)
        if st["track"] is not None and track.dealt(st["track"]):
            return Result([Renderer(t.library, t.language).render(track.shown(st["track"])) or ""])
        return Result(screen.track_lines(t))
    if t.library.dealt():
        raise CommandError(_("the card file holds the decks: track alone shuffles and deals them"))
    counts = {t.library.find("deck", k): v for k, v in sizes}
    return run(t, track.setup, t.library, counts)


@command("hand", "setup")
@click.argument("name", type=PLAYER)
@click.argument("card")
@click.option("--gives", default=None, type=SYMBOL, metavar="SYMBOLS",
              help="What the card gives when played.")
def hand(t: CvTable, name: str, card: str, gives: str | None) -> Result:
    """A Childhood or Event card a player holds (V-EVENT-1). Example: hand Ann "Zoo trip" """
    return run(t, phase.note_hand, t.library, name, card, symbols(t, gives, "--gives") or [])


@command("lang", "setup")
@click.argument("code", type=click.Choice(["en", "uk"], case_sensitive=False))
def lang(t: CvTable, code: str) -> Result:
    """The language of the messages: en (with Ukrainian names beside) or uk. Example: lang uk"""
    t.state["lang"] = code.lower()
    t.tell("lang_set", lang=code.lower())
    return Result()


# --- the turn ----------------------------------------------------------------------------
@command("roll", "turn")
@click.argument("name", required=False, type=PLAYER.or_turn())
@click.option("--dice", "count", type=int, default=None, help="How many dice (4 to 7).")
@click.option("--faces", default=None, type=SYMBOL, metavar="F,F,...", help="The table's own dice, in order.")
def roll(t: CvTable, name: str | None, count: int | None, faces: str | None) -> Result:
    """The turn's first roll (V-DICE-1), by default of the player whose turn it is.

    Example: roll Ann --faces money,money,health,failure"""
    typed = symbols(t, faces, "--faces")
    if typed is not None and count is not None and count != len(typed):
        raise CommandError(_("--dice {count} but {count2} faces typed").format(
            count=count, count2=len(typed)))
    return run(t, dice.roll, t.library, t.dice, name or "", count, typed)


@command("reroll", "turn")
@click.argument("name", type=PLAYER.or_turn())
@click.argument("positions", nargs=-1, type=int)
@click.option("--faces", default=None, type=SYMBOL, metavar="F,F,...",
              help="The table's faces, in the order of POS.")
def reroll(t: CvTable, name: str, positions: tuple[int, ...], faces: str | None) -> Result:
    """Reroll the dice at places POS (V-DICE-2); a Failure is frozen. Without NAME, the
    dice of the player whose turn it is, as roll. Example: reroll Ann 1 4"""
    return run(t, dice.reroll, t.library, t.dice, name, list(positions), symbols(t, faces, "--faces"))


@command("change", "turn")
@click.argument("name", type=PLAYER)
@click.argument("card")
@click.argument("target")
@click.argument("symbol", type=SYMBOL)
def change(t: CvTable, name: str, card: str, target: str, symbol: str) -> Result:
    """35 Illusionist or 45 Trip around the world: a die (3) or token (t1) shows SYMBOL.
    Example: change Ann 45 3 money"""
    found = t.library.special(card)
    if found is None:
        raise CommandError(_("{card!r} changes no symbol (35 Illusionist, 45 Trip around the world)").format(
            card=card))
    return run(t, dice.change, t.library, name, found[0], target, t.library.find("symbol", symbol))


@command("borrow", "turn")
@click.argument("name", type=PLAYER)
@click.argument("neighbour", type=PLAYER)
@click.argument("symbol", type=SYMBOL)
def borrow(t: CvTable, name: str, neighbour: str, symbol: str) -> Result:
    """36 Friend from work: one symbol of a neighbour's active Job. Example: borrow Ann Bob money"""
    return run(t, phase.borrow, t.library, name, neighbour, t.library.find("symbol", symbol))


@command("take", "turn")
@click.argument("name", type=PLAYER)
@click.argument("card", required=False, type=TRACK_CARD)
@click.option("--track", "place", type=click.IntRange(1, 5), default=None,
              help="Take the card at this place of a dealt track (1..5).")
@click.option("--type", "type_", type=TYPE, default=None,
              help="The card's type (Health, Job, ... or Ukrainian); a two-coloured card's stack.")
@click.option("--also", type=TYPE, default=None, help="A two-coloured card's other type (V-TWO-1).")
@click.option("--cost", default=None, type=SYMBOL, metavar="SYMBOLS", help="Its symbol cost (none: no cost).")
@click.option("--gives", default=None, type=SYMBOL, metavar="SYMBOLS",
              help="Its tokens every turn (an event's symbols).")
@click.option("--upkeep", default=None, type=SYMBOL, metavar="SYMBOLS",
              help="A crossed-out symbol it costs every turn.")
@click.option("--points", type=int, default=None, help="A Property card's points.")
@click.option("--die", type=int, default=None, help="Dice it adds to the roll while active.")
@click.option("--under", default=None, metavar="CARD", help="Put it under this card of its stack.")
@click.option("--slot", type=int, default=None, help="Its place on the track (1..5).")
@click.option("--happiness", is_flag=True, help="Free for three Happiness (V-HAPPY-1).")
@click.option("--social", is_flag=True, help="Free, as social help (V-HELP-1).")
@click.option("--waiting", multiple=True, type=TYPE, metavar="T",
              help="The stack chosen for a two-coloured card waiting for one (V-TWO-1).")
def take_(t: CvTable, name: str, card: str | None, place: int | None, type_: str | None, also: str | None,
          cost: str | None, gives: str | None, upkeep: str | None, points: int | None, die: int | None,
          under: str | None, slot: int | None, happiness: bool, social: bool,
          waiting: tuple[str, ...]) -> Result:
    """Take a card from the track onto the CV (V-TURN-1, V-TURN-2).

    With a card file: by its name or number, or --track N; else typed with its type and cost.

    Example: take Ann "Used car" --type property --cost 3money --points 2"""
    if points is not None and points < 0 or die is not None and die < 0:
        raise CommandError(_("--points and --die are 0 or more"))
    lib, st = t.library, t.state
    chosen = t.library.find("type", type_) if type_ else None
    if place is not None and card is not None:
        raise CommandError(_("take NAME CARD or take NAME --track N, not both"))
    boxed = lib.box_card(card) if card is not None and chosen is None else None
    dealt = track.dealt(st["track"])
    printed = place is not None or dealt or boxed is not None     # a card of the card file
    if printed:
        typed, slot = _printed_card(t, card, place, slot, chosen, boxed, dealt)
        _as_printed(t, typed, {"--also": also, "--cost": cost, "--gives": gives, "--upkeep": upkeep,
                               "--points": points, "--die": die})
    else:
        typed = _typed_card(t, card, chosen, also=also, cost=cost, gives=gives, upkeep=upkeep,
                            points=points, die=die, free=happiness or social)
    chosen_stacks = [t.library.find("type", w) for w in waiting]
    moves = {"happiness": happiness, "social": social, "under": under, "slot": slot,
             "remember": not printed}      # typed: the campaign keeps it
    try:
        return run(t, take.take, t.library, name, typed, waiting=chosen_stacks, **moves)
    except take.WaitingChoice as e:
        if t.ask is None:
            raise
        chosen_stacks = [_ask_stack(t, name, card_name, kinds) for card_name, kinds in e.cards]
    return run(t, take.take, t.library, name, typed, waiting=chosen_stacks, **moves)


def _printed_card(t: CvTable, card: str | None, place: int | None, slot: int | None, chosen: str | None,
                  boxed: BoxCard | None, dealt: bool) -> tuple[take.Typed, int | None]:
    """A card of the card file, as it prints it, and its place: from the dealt track (by
    `card`, or at `place`), else the card file's card `boxed`; `chosen`: a two-coloured
    card's stack (V-TWO-1)."""
    lib, st = t.library, t.state
    if dealt:
        found, slot = take.on_track(st, lib, card, place if place is not None else slot)
    elif place is not None:
        raise CommandError(_("--track N needs a dealt track (a card file, then track)"))
    else:
        assert boxed is not None
        found = track.card_of(boxed)
    return take.from_card(lib, found, chosen), slot


def _typed_card(t: CvTable, card: str | None, chosen: str | None, *, also: str | None, cost: str | None,
                gives: str | None, upkeep: str | None, points: int | None, die: int | None,
                free: bool) -> take.Typed:
    """A card the table types (no card file): its type is needed, unless the campaign knows
    the card from an earlier typing (take.known). What was not typed now is taken from that
    typing: `take Ann "Old books"` finds its type, cost and the rest, its other colour
    (V-TWO-1) and its cost when it was typed (never a free take's). A card typed for the
    first time is typed over a blank card (model.new_card: no tokens, upkeep, points, dice)."""
    if card is None:
        raise CommandError(_("take NAME CARD --type T --cost SYMBOLS (or a card file:"
                             " guide new box --game cv DIR)"))
    base = take.known(t.state, card, exact=chosen is not None)    # a card typed before
    if base is None:
        if chosen is None:
            raise CommandError(_("--type T: the card's type (Health, Job, ...); a card typed before"
                                 " is found by its name, and a card file lists them all"))
        base = new_card(card, chosen)
    kind = chosen or base["type"]
    other = t.library.find("type", also) if also else None
    if other is None and kind in base["types"]:
        other = next((x for x in base["types"] if x != kind), None)
    known_cost = cost is None and take.known_cost(t.state, base["name"])     # never for a blank card
    paid = list(base["cost"]) if known_cost else cost_of(t, base["name"], cost, free=free)
    return take.Typed(base["name"], kind, other, paid,
                      symbols(t, gives, "--gives") or [] if gives is not None else list(base["gives"]),
                      symbols(t, upkeep, "--upkeep") or [] if upkeep is not None else list(base["upkeep"]),
                      points if points is not None else base["points"],
                      die if die is not None else base["dice"])


def _ask_stack(t: CvTable, who: str, card: str, kinds: list[str]) -> str:
    """V-TWO-1 at the terminal: the stack a waiting two-coloured card goes into, asked of
    its owner when a card of one of its colours comes; a wrong answer asks again."""
    assert t.ask is not None
    names = [t.library.types[k].name(t.language) for k in kinds]
    question = _("{player}'s {card} waits for a stack (V-TWO-1): {choices}").format(
        player=who, card=card, choices=" / ".join(names))
    said = question
    spoken = {fold(n): k for k in kinds for n in (k, *(t.library.types[k].name(x) for x in ("en", "uk")))}
    while True:
        answer = fold(t.ask(said, names + list(kinds)).strip())
        found = {k for n, k in spoken.items() if answer and n.startswith(answer)}
        if len(found) != 1 and answer:
            try:                       # any other name of the type (an alias, a short form)
                found = {t.library.find("type", answer)} & set(kinds)
            except CommandError:
                found = set()
        if len(found) == 1:
            return found.pop()
        said = "  ! " + _("{answer!r} is not one of them").format(answer=answer) + "\n" + question


def _as_printed(t: CvTable, typed: take.Typed, given: dict[str, Any]) -> None:
    """Values typed beside a card of the card file must be what it prints (a seat's move
    writes them all); one that is not is refused, never silently replaced."""
    printed: dict[str, Any] = {"--also": typed.also, "--cost": sorted(typed.cost or []),
                               "--gives": sorted(typed.gives), "--upkeep": sorted(typed.upkeep),
                               "--points": typed.points, "--die": typed.dice}

    def read(option: str, value: Any) -> Any:
        """A value typed beside the card, as the card file's would be written."""
        if option == "--also":
            return t.library.find("type", value)
        if option == "--cost":
            return sorted(cost_of(t, typed.name, value, free=True) or [])
        return sorted(symbols(t, value, option) or []) if option in ("--gives", "--upkeep") else value

    wrong = [option for option, value in given.items()
             if value is not None and read(option, value) != printed[option]]
    if wrong:
        raise CommandError(_("{options}: not what the card file prints for {card}").format(
            options=", ".join(wrong), card=t.library.card_name(typed.number, t.language) or typed.name))


def cost_of(t: CvTable, card: str, text: str | None, free: bool) -> list[str] | None:
    """The typed cost: `none` for a card that costs nothing; left out, asked at the
    terminal and refused in a script (a card is never free by silence). A card whose cost
    the seed gives (41, 57, 60) or one taken free needs none."""
    if text is None:
        found = t.library.special(card)
        if free or (found is not None and found[1].cost is not None):
            return None
        if t.ask is None:
            raise CommandError(take.missing_cost(card))
        text = t.ask(_("What does {card} cost? (symbols such as 2money,health; none if nothing)").format(
            card=card), [*t.library.symbols, "none"]).strip()
        if not text:
            raise CommandError(take.missing_cost(card))
    if fold(text) in NO_COST:
        return []
    return symbols(t, text, "--cost")


@command("lose", "turn")
@click.argument("name", type=PLAYER)
@click.argument("type_", metavar="TYPE", type=TYPE)
def lose(t: CvTable, name: str, type_: str) -> Result:
    """Three Failures: the active card of stack TYPE goes (V-FAIL-1). Example: lose Ann job"""
    return run(t, phase.lose, t.library, name, t.library.find("type", type_))


YES = ("yes", "y", "так", "т")


@command("play", "turn")
@click.argument("name", type=PLAYER)
@click.argument("card", type=HAND)
@click.option("--gives", default=None, type=SYMBOL, metavar="SYMBOLS",
              help="What it gives, if not typed before.")
@click.option("--anyway", is_flag=True,
              help="Play it though what it gives cannot be used in this turn and is lost.")
def play(t: CvTable, name: str, card: str, gives: str | None, anyway: bool) -> Result:
    """Play an event from the hand, at any moment, also in another player's turn
    (V-EVENT-1): what it gives counts in the turn under way; what cannot be used in it is
    lost, said before it is accepted. Example: play Ann "Life insurance" """
    given = symbols(t, gives, "--gives")
    try:
        return run(t, phase.play, t.library, name, card, given, anyway=anyway)
    except phase.EventLost as e:
        if t.ask is None:
            raise CommandError(_("{said}; to play it so: --anyway").format(said=e.said)) from None
        answer = t.ask(_("{said}. Play it anyway? (yes/no)").format(said=e.said),
                       [_("yes"), _("no")], _("no"))
        if fold(answer.strip()) not in YES + (fold(_("yes")),):   # the player's own choice, no error
            return Result([_("{card} stays in the hand; nothing changed").format(card=e.card)])
    return run(t, phase.play, t.library, name, card, given, anyway=True)


@command("end", "turn")
@click.argument("name", required=False, type=PLAYER.or_turn())
def end(t: CvTable, name: str | None) -> Result:
    """End the turn: upkeep, the track, the tokens, the next player (V-TURN-1). Example: end"""
    return run(t, phase.end, t.library, name or "")


@command("pass", "turn")
@click.argument("name", type=PLAYER)
def pass_(t: CvTable, name: str) -> Result:
    """Take no social help (V-HELP-1). Example: pass Bob"""
    return run(t, phase.pass_help, t.library, name)


@command("card", "turn")
@click.argument("name", type=PLAYER)
@click.argument("card")
@click.option("--gives", default=None, type=SYMBOL, metavar="SYMBOLS",
              help="Its tokens every turn (an event's symbols).")
@click.option("--points", type=click.IntRange(0, None), default=None, help="A Property card's points.")
@click.option("--upkeep", default=None, type=SYMBOL, metavar="SYMBOLS",
              help="A crossed-out symbol it costs every turn.")
@click.option("--die", type=click.IntRange(0, 3), default=None, help="Dice it adds to the roll while active.")
def card_(t: CvTable, name: str, card: str, gives: str | None, points: int | None, upkeep: str | None,
          die: int | None) -> Result:
    """What a card in a CV gives or is worth, as printed. Example: card Ann Bicycle --points 1"""
    return run(t, phase.amend, t.library, name, card, gives=symbols(t, gives, "--gives"), points=points,
               upkeep=symbols(t, upkeep, "--upkeep"), dice=die)


@command("status", "turn")
def status(t: CvTable) -> Result:
    """The players' CVs, tokens and hands, the dice and the track.

    Example: status"""
    return screen.status(t)


# --- the score sheet ---------------------------------------------------------------------
@command("cv", "score")
@click.argument("name", type=NEW_PLAYER)
@click.argument("counts", nargs=-1, type=COUNT)
def cv(t: CvTable, name: str, counts: tuple[tuple[str, int], ...]) -> Result:
    """A final CV typed as counts (V-SCORE). Example: cv Ann health=4 relationships=3
    knowledge=5 job=1 property_cards=5 property=19 tokens=3"""
    return run(t, score.set_counts, t.library, name, {k.casefold(): v for k, v in counts})


@command("goal", "score")
@click.argument("name", type=NEW_PLAYER)
@click.argument("goal", type=GOAL)
def goal(t: CvTable, name: str, goal: str) -> Result:
    """A player's secret life goal, 76..83 by number or name (V-SCORE-4). Example: goal Ann 80"""
    return run(t, score.set_goal, t.library, name, goal)


@command("public", "score")
@click.argument("goals", nargs=-1, required=True, type=GOAL)
def public(t: CvTable, goals: tuple[str, ...]) -> Result:
    """The public life goals, players - 1 of them (V-SET-1). Example: public 76 79"""
    return run(t, score.set_public, t.library, list(goals))


@command("double", "score")
@click.argument("name", type=NEW_PLAYER)
@click.argument("type_", metavar="TYPE", type=TYPE)
def double(t: CvTable, name: str, type_: str) -> Result:
    """An active 73/74/75 counts stack TYPE one card more (V-SCORE-2). Example: double Ann knowledge"""
    return run(t, score.set_double, t.library, name, t.library.find("type", type_))


@command("score", "score")
def score_(t: CvTable) -> Result:
    """Every player's points, line by line, and the winner (V-SCORE-1..6).

    Example: score"""
    s = t.state
    # V-END-1, V-SCORE-4: where the track tells the game's end, a score before it shows every
    # secret goal to the table for good (undo cannot take back what was read): the terminal
    # asks first (a script scores as it always has)
    under_way = s["track"] is not None and not s["over"]
    if t.ask is not None and under_way and any(p["goal"] for p in s["players"]):
        said = _("the game is not over (V-END-1), and score shows every secret goal to the table")
        answer = t.ask(_("{said}. Score now? (yes/no)").format(said=said), [_("yes"), _("no")], _("no"))
        if fold(answer.strip()) not in YES + (fold(_("yes")),):
            return Result([_("Nothing scored; the secret goals stay secret")])
    events, _totals = score.score(s, t.library)
    t.tell_all(events)
    return Result()
