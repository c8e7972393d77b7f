"""Phases 2 and 4: a card taken from the track onto the CV (V-TURN-1, V-TURN-2, V-TWO-1,
V-HAPPY-1), social help's free card (V-HELP-1), and what the special cards ask of it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from guide.core.errors import RuleError
from guide.core.i18n import current as current_lang
from guide.core.i18n import domain
from guide.core.names import fold

from . import pool
from . import track as track_rules
from .library import Library, Special, resolved
from .model import (
    CHOICE,
    Card,
    Choice,
    CvState,
    Pending,
    Player,
    Track,
    Turn,
    current,
    find_card,
    new_card,
    own_turn,
    pending,
    player,
)
from .protocol import Event, emits

_, ngettext, pgettext = domain("cv").functions()


@dataclass
class Typed:
    """What the table reads off a card it takes."""

    name: str
    type: str
    also: str | None = None              # V-TWO-1: the other colour of a two-coloured card
    cost: list[str] | None = None
    gives: list[str] = field(default_factory=list)
    upkeep: list[str] = field(default_factory=list)
    points: int | None = None
    dice: int = 0
    number: int | None = None            # a card of the table's card file (box.yaml)


def from_card(lib: Library, card: Card, chosen: str | None = None) -> Typed:
    """What the card file says of a card (as the track holds it), as if typed; `chosen`:
    the stack a two-coloured card goes into (V-TWO-1), else its first colour."""
    kinds = card["types"] or [card["type"]]
    if chosen is not None and chosen not in kinds:
        raise RuleError(_("{card} is a {types} card").format(
            card=lib.shown(card), types=" / ".join(lib.types[t].here for t in kinds)))
    first = chosen or kinds[0]
    also = next((t for t in kinds if t != first), None)
    return Typed(card["name"], first, also, list(card["cost"]), list(card["gives"]), list(card["upkeep"]),
                 card["points"], card["dice"], card["number"])


def on_track(state: CvState, lib: Library, word: str | None, place: int | None) -> tuple[Card, int]:
    """The dealt card a player takes, and its place (1..5): the card at `place`, or the
    one named `word` (its number, or its name as people type it, in either language,
    through guide.core.names.resolve); both: they must agree. A card that is not on the
    track is refused."""
    here = track_rules.on_track(state["track"])
    if place is not None:
        at = dict(here).get(place)
        if at is None:
            raise RuleError(_("no card at place {slot} of the track (cards at {places})").format(
                slot=place, places=", ".join(str(i) for i, _ in here) or "-"))
        if word is not None and on_track(state, lib, word, None)[1] != place:
            raise RuleError(_("place {slot} of the track holds {card}, not {word!r}").format(
                slot=place, card=lib.shown(at), word=word))
        return at, place
    if word is None:
        raise RuleError(_("which card? name it, or its place: take NAME CARD, take NAME --track N"
                          " (the track: {places})").format(
            places=", ".join(f"{i} {lib.shown(c)}" for i, c in here) or "-"))
    found = _named_on_track(lib, here, word)
    if found is None:
        raise _not_on_track(lib, here, word)
    return found


def _named_on_track(lib: Library, here: list[tuple[int, Card]], word: str) -> tuple[Card, int] | None:
    """The track card `word` names by its number, or by a name (guide.core.names.resolve);
    None: none there."""
    w = fold(word).lstrip("#")
    if w.isascii() and w.isdigit():      # "²" and "①" are digits int() refuses
        return next(((c, i) for i, c in here if c["number"] == int(w)), None)
    names: dict[str, int] = {}
    for i, c in here:     # every name a person may type for it: the file's, its aliases, the seed's
        printed = lib.box.get(c["number"]) if c["number"] is not None else None
        for name in printed.names if printed is not None else (c["name"],):
            names.setdefault(name, i)
    found = resolved(word, list(names), pgettext("what", "card"))
    return None if found is None else (dict(here)[names[found]], names[found])


def _not_on_track(lib: Library, here: list[tuple[int, Card]], word: str) -> RuleError:
    """Why `word` is not on the track: the Bicycle is laid out at the start (V-SET-1), a
    card of the card file is elsewhere, or no such card; with the track's cards."""
    listed = ", ".join(f"{i} {lib.shown(c)}" for i, c in here) or "-"
    known = lib.box_card(word)
    seed = lib.special(word)
    sp = known.special if known else seed[1] if seed else None
    if sp is not None and sp.effect == "bicycle":
        return RuleError(_("{card} is a Childhood card, laid out at the start: it is not on the"
                           " track").format(card=sp.here))
    if known is not None:
        said = _("{number} {card} is not on the track (the track: {cards})").format(
            number=known.number, card=known.here, cards=listed)
    else:
        said = _("no card {word!r} on the track (the track: {cards})").format(word=word, cards=listed)
    # a number is a card's number; the list above numbers places, so "take Ann 2" read from
    # it means place 2: say the option that takes a place
    w = fold(word).lstrip("#")
    if w.isascii() and w.isdigit() and int(w) in dict(here):
        said = _("{refused}; the card at place {slot} is taken with --track {slot}").format(
            refused=said, slot=int(w))
    return RuleError(said)


def _dealt_place(state: CvState, lib: Library, typed: Typed, slot: int | None) -> int:
    """With a dealt track, the place of the card taken: the card typed (by its number, else
    its name) must be on the track, at `slot` if one is given."""
    word = typed.name if typed.number is None else str(typed.number)
    at = [i for i, c in track_rules.on_track(state["track"]) if (slot is None or i == slot)
          and (c["number"] == typed.number if typed.number is not None else fold(c["name"]) == fold(word))]
    return at[0] if at else on_track(state, lib, word, slot)[1]


def missing_cost(card: str) -> str:
    """A card is never taken free by a cost left out."""
    return _("{card}: its cost is missing: --cost SYMBOLS (--cost none for a card that costs"
             " nothing)").format(card=card)


def make_card(lib: Library, typed: Typed) -> tuple[Card, Special | None]:
    """The card as recorded: a special card of the seed keeps its number, its name, its type,
    cost and tokens as the seed gives them (a typed value that contradicts the seed is refused)."""
    found = lib.special(typed.name)
    sp = found[1] if found else None
    _check_typed(lib, typed, sp)
    number = typed.number if typed.number is not None else found[0] if found else None
    return new_card(_recorded_name(lib, typed, sp), typed.type, number=number, cost=_seed_cost(typed, sp),
                    gives=_seed_gives(typed, sp), upkeep=list(typed.upkeep), points=typed.points,
                    dice=typed.dice, types=[typed.type, typed.also] if typed.also else []), sp


def _check_typed(lib: Library, typed: Typed, sp: Special | None) -> None:
    """What is refused of a typed card: no name, a life goal, what contradicts the seed's
    special card `sp`, two colours that are not two stacks (V-TWO-1), points on a card that
    is not Property (V-SCORE-3)."""
    t = typed.type
    if not typed.name.strip():
        raise RuleError(_("a card needs a name"))
    if t == "goal":
        raise RuleError(_("life goals are not recorded in the CV: goal NAME G"))
    if sp is not None:
        _check_seed_card(lib, sp, t)
    if typed.also is not None:
        if typed.also == t or t not in lib.stacks or typed.also not in lib.stacks:
            raise RuleError(_("a two-coloured card has two different CV types (V-TWO-1)"))
    if typed.points is not None and "property" not in (t, typed.also):
        raise RuleError(_("points are printed on Property cards (V-SCORE-3)"))


def _check_seed_card(lib: Library, sp: Special, t: str) -> None:
    """A special card of the seed taken as type `t`: never the Bicycle, its own type, an
    event when it is played from the hand."""
    if sp.effect == "bicycle":          # V-SET-1: dealt in the Childhood draft, never on the track
        raise RuleError(_("{card} is a Childhood card, laid out at the start: it is not on the"
                          " track").format(card=sp.here))
    if sp.type is not None and sp.type != t:
        raise RuleError(_("{card} is a {type} card (the seed)").format(
            card=sp.here, type=lib.types[sp.type].here))
    if sp.hand and t != "event":
        raise RuleError(_("{card} is played from the hand: --type event").format(card=sp.here))


def _recorded_name(lib: Library, typed: Typed, sp: Special | None) -> str:
    """The card file's English name, else the seed's, else the name as typed."""
    if typed.number in lib.box:
        return lib.box[typed.number].en
    if sp is not None:
        return sp.en
    return typed.name.strip()


def _seed_cost(typed: Typed, sp: Special | None) -> list[str]:
    """The cost typed, or the one the seed gives its special card (a different one typed is
    refused)."""
    if sp is None or sp.cost is None:
        return list(typed.cost or [])
    if typed.cost is not None and Counter(typed.cost) != Counter(sp.cost):
        raise RuleError(_("{card} costs {value} (the seed)").format(
            card=sp.here, value=', '.join(sp.cost) or 'no symbols'))
    return list(sp.cost)


def _seed_gives(typed: Typed, sp: Special | None) -> list[str]:
    """The tokens typed, with what the seed's special card gives: its symbols when none were
    typed, each of its tokens at least as often, its choice token (43)."""
    gives = list(typed.gives)
    if sp is None:
        return gives
    if sp.symbols and not gives:
        gives = list(sp.symbols)
    for sym, n in Counter(sp.tokens).items():
        gives += [sym] * max(0, n - gives.count(sym))
    if sp.choice_token and CHOICE not in gives:
        gives.append(CHOICE)
    return gives


def known(state: CvState, name: str, exact: bool = True) -> Card | None:
    """A card the table has typed before, by its name (any case); not `exact`: also a
    unique beginning or word (guide.core.names.resolve), for a take that types no more."""
    cards = [k["card"] for k in state.get("known", [])]
    same = next((c for c in cards if fold(c["name"]) == fold(name)), None)
    if same is not None or exact or not cards:
        return same
    names = [c["name"] for c in cards]
    found = resolved(name, names, pgettext("what", "card"))
    return None if found is None else cards[names.index(found)]


def known_cost(state: CvState, name: str) -> bool:
    """Was the cost of the known card `name` typed (not only taken free)?"""
    return any(k["costed"] for k in state.get("known", []) if fold(k["card"]["name"]) == fold(name))


def _remember(state: CvState, card: Card, deck: str | None, costed: bool) -> None:
    """The campaign keeps every card the table typed (its newest typing), so undo takes it
    back with the take: the cards a partial card file is written from."""
    kept = state.setdefault("known", [])
    mine: Any = {k: (list(v) if isinstance(v, list) else v) for k, v in card.items()}
    for k in kept:
        if fold(k["card"]["name"]) == fold(card["name"]):
            if not costed and k["costed"]:          # taken free now: the typed cost stays
                mine["cost"] = list(k["card"]["cost"])
            k.update({"card": mine, "deck": deck or k["deck"], "costed": costed or k["costed"]})
            return
    kept.append({"card": mine, "deck": deck, "costed": costed})


def _has_job(p: Player, taken: list[Pending]) -> bool:
    """A Job in the CV, waiting for its colour, or taken this turn (V-TURN-1)."""
    return (bool(p["cv"]["job"]) or any("job" in c["types"] for c in p["waiting"])
            or any("job" in (w["card"]["type"], *w["card"]["types"]) for w in taken))


def _check_needs(p: Player, card: Card, sp: Special | None, taken: list[Pending]) -> None:
    if p["no_more_jobs"] and "job" in (card["type"], *card["types"]):
        raise RuleError(_("{player} took Early retirement: no more Job cards (41)").format(player=p['name']))
    if sp is None:
        return
    if sp.needs == "has_job" and not _has_job(p, taken):
        raise RuleError(_("{card} needs at least one Job card in the CV").format(card=sp.here))
    if sp.needs == "no_job" and _has_job(p, taken):
        raise RuleError(_("{card} is taken only with no Job card in the CV").format(card=sp.here))


class WaitingChoice(RuleError):
    """V-TWO-1: the take brings the choice of a waiting two-coloured card's stack and does
    not name it: asked at the terminal, `--waiting T` in a script (`cards`: each card's
    name and its two types, in the order they wait)."""

    def __init__(self, said: str, cards: list[tuple[str, list[str]]]):
        super().__init__(said)
        self.cards = cards


def waiting_due(p: Player, card: Card, stack: list[Card] | None, taken: list[Pending]) -> list[Card]:
    """V-TWO-1: the two-coloured cards waiting for a stack (none of either colour yet) whose
    choice this card brings: it goes into a stack of one of their colours. A card whose
    stack a take earlier this turn already chose is not asked again."""
    if stack is None or card["type"] == "event":
        return []
    chosen = Counter(c["card"] for w in taken for c in w.get("choices", []))
    due: list[Card] = []
    for c in p["waiting"]:
        if chosen[c["name"]]:
            chosen[c["name"]] -= 1
        elif card["type"] in c["types"]:
            due.append(c)
    return due


def _choose(lib: Library, p: Player, due: list[Card], waiting: list[str] | None) -> list[Choice]:
    """V-TWO-1: the owner's choice for each card `due`, from `--waiting T` (one type for
    them all, or one each in the order they wait); refused when missing or not a colour of
    the card."""
    lang = current_lang()
    if not due:
        if waiting:
            raise RuleError(_("--waiting: no two-coloured card of {player}'s waits for this card's"
                              " stack (V-TWO-1)").format(player=p["name"]))
        return []
    if not waiting:
        said = "; ".join(_("{card} ({types})").format(
            card=c["name"], types=" / ".join(lib.types[t].name(lang) for t in c["types"])) for c in due)
        how = ("--waiting " + "|".join(due[0]["types"]) if len(due) == 1 else
               _("--waiting TYPE for each, in this order"))
        raise WaitingChoice(_("{player}'s {cards} waits for a stack: {player} chooses it now"
                              " (V-TWO-1): {how}").format(player=p["name"], cards=said, how=how),
                            [(c["name"], list(c["types"])) for c in due])
    if len(waiting) not in (1, len(due)):
        raise RuleError(_("--waiting: one type for every waiting card, or one for each of"
                          " {count} (V-TWO-1)").format(count=len(due)))
    out: list[Choice] = []
    for i, c in enumerate(due):
        t = waiting[0] if len(waiting) == 1 else waiting[i]
        if t not in c["types"]:
            raise RuleError(_("--waiting: {card} is {types}, not {type} (V-TWO-1)").format(
                card=c["name"], types=" / ".join(lib.types[x].name(lang) for x in c["types"]),
                type=lib.types[t].name(lang) if t in lib.types else t))
        out.append({"card": c["name"], "type": t})
    return out


@emits
def take(state: CvState, lib: Library, who: str, typed: Typed, *, happiness: bool = False,
         social: bool = False, under: str | None = None, slot: int | None = None,
         waiting: list[str] | None = None, remember: bool = False) -> list[Event]:
    """Take one card: paid with its symbol cost from unused dice and tokens, or with three
    Happiness (V-HAPPY-1), or free as social help (V-HELP-1); one or two a turn
    (V-TURN-1; a Happiness card counts toward the two). Then record it (V-TURN-2).
    `remember`: the card was typed by the table, and the campaign keeps it (known)."""
    track = state["track"]
    turn, p = social_taker(state, who, happiness) if social else _turn_taker(state, who)
    card, sp = make_card(lib, typed)
    if track_rules.dealt(track):        # the card file's track: the card named, from its place
        slot = _dealt_place(state, lib, typed, slot)
    taken = [] if turn is None else pending(turn)       # social help: outside the turn's two
    _check_needs(p, card, sp, taken)
    paid = [] if turn is None else _payment(turn, p, card, happiness, lib)
    stack, _at = _place(p, card, under, lib, taken=taken)
    costed = typed.cost is not None or (sp is not None and sp.cost is not None)
    if not (social or happiness or costed):
        raise RuleError(missing_cost(card["name"]))
    choices = _choose(lib, p, waiting_due(p, card, stack, taken), waiting)
    deck = _leave_track(track, lib, slot)
    if turn is not None:
        pool.spend(turn, p, paid)
        turn["taken"] += 1
    joined = _lay(p, card, under, lib, turn, choices)
    if sp is not None and sp.effect == "no_more_jobs":
        p["no_more_jobs"] = True
    if remember:            # typed by the table: the campaign knows it from now on
        _remember(state, card, deck, costed)
    events: list[Event] = [{
        "kind": "took", "player": p["name"], "card": card["name"], "number": card["number"],
        "type": card["type"], "also": typed.also, "cost": card["cost"], "gives": card["gives"],
        "paid": [s["symbol"] for s in paid], "happiness": happiness, "social": social, "deck": deck,
        "under": under, "waiting": stack is None and card["type"] != "event", "joined": joined,
        "choices": [dict(c) for c in choices],
    }]
    if social:
        events += _help_given(state, lib)
    return events


def social_taker(state: CvState, who: str, happiness: bool = False) -> tuple[None, Player]:
    """V-HELP-1: the player social help is due to now, who takes free (no turn of theirs)
    or passes; refused for anyone else."""
    track = state["track"]
    if track is None or not track["help"]:
        raise RuleError(_("no social help is due (V-HELP-1)"))
    p = player(state, who)
    if fold(track["help"][0]) != fold(p["name"]):
        raise RuleError(_("social help goes to {track} now (V-HELP-1)").format(track=track['help'][0]))
    if happiness:
        raise RuleError(_("social help is free: no --happiness"))
    return None, p


def _turn_taker(state: CvState, who: str) -> tuple[Turn, Player]:
    """The player whose turn it is, who has taken fewer than two cards (V-TURN-1)."""
    turn, p = own_turn(state, who)
    if turn["taken"] >= 2:
        raise RuleError(_("{player} has taken two cards this turn: two at most (V-TURN-1)").format(
            player=p["name"]))
    return turn, p


def _payment(turn: Turn, p: Player, card: Card, happiness: bool, lib: Library) -> list[pool.Source]:
    """What pays for the card, once rolled: three Happiness (V-HAPPY-1), else its cost from
    the unused dice and tokens (pool.allocate)."""
    if (happiness or card["cost"]) and not turn["rolled"]:
        raise RuleError(_("{player} has not rolled yet: roll {player}").format(player=p['name']))
    return pool.happiness_free(turn, p, lib) if happiness else pool.allocate(turn, p, card["cost"], lib)


def _leave_track(track: Track | None, lib: Library, slot: int | None) -> str | None:
    """The card leaves the track from place `slot` (track.take_slot): the deck it came
    from; None when the track is not kept (then no place is named)."""
    if track is None:
        if slot is not None:
            raise RuleError(_("the track is not kept: track youth=N maturity=N old_age=N"))
        return None
    return track_rules.take_slot(track, lib, slot)


def _lay(p: Player, card: Card, under: str | None, lib: Library, turn: Turn | None,
         choices: list[Choice]) -> list[str]:
    """Where the card taken goes now: an event into the hand and social help's card into the
    CV at once (the names of the waiting cards that joined its stack); any other beside the
    CV until phase 4, after phase 3's misfortune (V-TURN-1)."""
    if turn is None or card["type"] == "event":
        return _record(p, card, *_place(p, card, under, lib), choices=choices)
    pending(turn).append({"card": card, "under": under, "choices": choices})
    return []


def _help_given(state: CvState, lib: Library) -> list[Event]:
    """V-HELP-1: the player helped leaves the queue; the last one resumes the turn."""
    track = state["track"]
    assert track is not None
    track["help"].pop(0)
    if track["help"]:
        return []
    from .phase import resume
    return resume(state, lib)


def _place(p: Player, card: Card, under: str | None, lib: Library,
           strict: bool = True, taken: list[Pending] | None = None) -> tuple[list[Card] | None, int | None]:
    """V-TURN-2, V-TWO-1: the stack a card goes into (None: the hand, or waiting for its
    colour) and the place under a card (None: on top). `strict`: a card to go under that is
    not in the stack nor among the cards `taken` this turn is refused; at phase 4 (it was
    lost to Failure) the card goes on top."""
    if card["type"] == "event" or (card["types"] and not p["cv"][card["type"]] and
                                   not p["cv"][card["types"][1]]):
        if under is not None and strict:
            raise RuleError(_("--under is for a card going into a stack"))
        return None, None
    stack = p["cv"][card["type"]]
    if under is None:
        return stack, None
    if card["type"] not in lib.slip_under:
        raise RuleError(_("a {type} card always goes on top (V-TURN-2)").format(
            type=lib.types[card['type']].here))
    at = find_card(stack, under, lib)
    if at is None and taken and find_card([w["card"] for w in taken if w["card"]["type"] == card["type"]],
                                          under, lib) is not None:
        return stack, len(stack)    # under a card taken this turn: it is recorded first
    if at is None and strict:
        raise RuleError(_("no {under!r} in {player}'s {type} stack").format(
            under=under, player=p['name'], type=lib.types[card['type']].here))
    return stack, at


def record_pending(state: CvState, lib: Library) -> None:
    """V-TURN-1 phase 4: the cards taken this turn go into the CV (V-TURN-2, V-TWO-1), after
    the misfortune of phase 3 took its card from those already recorded."""
    turn, p = current(state)
    for w in pending(turn):
        _record(p, w["card"], *_place(p, w["card"], w["under"], lib, strict=False),
                choices=w.get("choices"))
    turn["pending"] = []


def _record(p: Player, card: Card, stack: list[Card] | None, at: int | None,
            choices: list[Choice] | None = None) -> list[str]:
    """V-TURN-2: into the hand (events), the stack (on top, or under a card), or waiting for
    its colour (V-TWO-1). The waiting cards whose stack its owner chose with this card go
    there first (`choices`; a card taken before the choice was asked, in a campaign saved
    then, has none: the cards waiting for its type join its stack)."""
    if card["type"] == "event":
        p["hand"].append(card)
        return []
    if stack is None:
        p["waiting"].append(card)
        return []
    if choices is None:
        choices = [{"card": c["name"], "type": card["type"]}
                   for c in p["waiting"] if card["type"] in c["types"]]
    joined: list[str] = []
    for choice in choices:
        c = next((c for c in p["waiting"] if c["name"] == choice["card"]
                  and choice["type"] in c["types"]), None)
        if c is None:
            continue
        p["waiting"].remove(c)          # into its stack: this card's, or its other colour's
        c["type"] = choice["type"]
        p["cv"][choice["type"]].append(c)
        if choice["type"] == card["type"]:
            joined.append(c["name"])
    stack.insert(len(stack) if at is None else at, card)
    return joined
