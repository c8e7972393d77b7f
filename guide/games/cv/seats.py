"""CV's seats (guide.core.seats): one page per player, on that player's phone.

A seat sees what the TV shows (screen.view) and its own part of the table: the dice of its
turn (frozen Failures marked, V-DICE-2), its tokens and this turn's extra symbols, its CV
stacks with the active card on top (V-TURN-2), the two-coloured cards waiting for a stack
(V-TWO-1) and the cards taken this turn waiting for phase 4 (V-TURN-1), its hand
(V-EVENT-1), the track with what each card costs and whether it can pay it, and its secret
life goal (V-SET-1, V-SCORE-4), which no other page, the TV, `guide state` or the story
ever holds.

Its moves are data (guide.core.moves): a command of docs/cv.md and its values by parameter
name, the line built from the command's declaration (Registry.move), each legal as it
stands (tried on a copy of the state with the same rules the command runs): roll,
reroll any set of the dice it may reroll (the page taps the dice, then sends the move of
that set), take a track card (a two-coloured one into either of its stacks; Health,
Relationships, Knowledge on top or under a card), play an event, lose a card to Failure
(V-FAIL-1), end the turn, social help's free card or passing (V-HELP-1), and choosing its
secret goal. CV has no game master: a seat's move runs at once (seat_policy "apply").

The secret goal is chosen from the seat by a code (`goal Ann 3f9a0c12b4d1`), never by its
number: the line is what the journal keeps and what `undo`, `redo` and `log` say at the
table's one screen, which every player reads. The code is the core's sealed code
(guide.core.sealed: an HMAC of the player and the goal) under a key kept in the state
(`seal_key`, made with the players; never in `guide state`, the TV view or a page), so
nobody can read the goal from it; `goal` finds the goal among the player's codes
(score.set_goal), and tells only that a goal was chosen.

Taking a card needs the card: its name, type, cost. Without a card file the companion knows
only the deck each track card came from (track.py), so a take is typed at the keyboard;
`track.track_cards` is the one place the track's own cards come from, and `take_move` the one
place a take is made.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from guide.core import sealed
from guide.core.errors import RuleError
from guide.core.i18n import domain, speaking
from guide.core.names import fold
from guide.core.seats import Move
from guide.core.state import copied

from . import dice, phase, pool, screen, take, track
from .dice import dice_for, tally
from .library import Library
from .model import Card, CvState, CvTable, Player, Token, Turn, active, active_effect, pending, turn_player
from .render import Renderer

_, ngettext, pgettext = domain("cv").functions()


# --- the secret goal's code ---------------------------------------------------------------
def _goals_box(state: CvState) -> sealed.Sealed:
    """The seats' goal codes as the core seals a choice (guide.core.sealed): under the
    state's `seal_key`; a campaign without one has no codes."""
    return sealed.sealed(state.get("seal_key") or "")


def goal_code(state: CvState, name: str, goal: int) -> str | None:
    """The code a seat sends for its secret goal; None in a campaign without a key."""
    return sealed.code(_goals_box(state), name, goal)


def goal_of_code(state: CvState, lib: Library, name: str, code: str) -> int | None:
    """The goal a code stands for, for that player (compared in constant time), or None."""
    goals = [s.ids[0] for s in lib.specials if s.goal is not None]
    return sealed.opened(_goals_box(state), name, code, goals)


# --- who sits -------------------------------------------------------------------------------
def _player(state: CvState, seat: str) -> Player | None:
    return next((p for p in state["players"] if p["name"] == seat), None)


# --- the track's cards ----------------------------------------------------------------------
def take_move(t: CvTable, seat: str, offer: track.Offer, label: str, group: tuple[str, ...] = (),
              detail: str = "", *, type_: str | None = None, under: str | None = None,
              happiness: bool = False, social: bool = False, waiting: tuple[str, ...] = ()) -> Move:
    """The move that takes the track card `offer` for `seat` (V-TURN-1): the typed form of
    docs/cv.md, with what the card says, at its track place (`slot`); a card dealt from the
    table's card file is taken by its place, `take NAME --track N`, at the cost it prints
    (docs/cv.md, "The table's own cards"). `type_` chooses a two-coloured card's stack
    (V-TWO-1), `under` the card of a Health, Relationships or Knowledge stack it goes under
    (V-TURN-2), `waiting` the stack of each waiting two-coloured card (V-TWO-1)."""
    card = offer.card
    assert card is not None
    ways: dict[str, Any] = {"under": under, "happiness": happiness, "social": social, "waiting": waiting}
    if card.get("number") is not None:
        return t.registry.move("take", label, group, detail, name=seat, place=offer.place,
                               type_=type_, **ways)
    kind = type_ or card["type"]
    return t.registry.move(
        "take", label, group, detail, name=seat, card=card["name"], type_=kind,
        also=next((x for x in card["types"] if x != kind), None), cost=",".join(card["cost"]),
        gives=",".join(card["gives"]) or None, upkeep=",".join(card["upkeep"]) or None,
        points=card["points"], die=card["dice"] or None, slot=offer.place, **ways)


# --- what a seat sees -----------------------------------------------------------------------
def seat_view(t: CvTable, seat: str) -> dict[str, Any]:
    """The TV's view and this seat's own part (`you`): every number from the rules."""
    view = screen.view(t)
    p = _player(t.state, seat)
    if p is None:
        return view
    lang = t.language
    with speaking(lang):
        moves = seat_moves(t, seat)
        view["you"] = _you(t, p, moves, lang)
    return view


def _you(t: CvTable, p: Player, moves: list[Move], lang: str) -> dict[str, Any]:
    s, lib = t.state, t.library
    turn = s["turn"]
    mine = turn is not None and turn_player(s) is p and not s["over"]
    goal = lib.special_by_id(p["goal"])
    you: dict[str, Any] = {
        "name": p["name"], "turn": mine,
        "goal": None if goal is None else {"id": p["goal"], "name": goal.name(lang),
                                           "text": goal.text.get(lang, goal.text["en"])},
        "stacks": [{"type": x, "name": lib.types[x].name(lang),
                    "cards": [lib.shown(c, lang) for c in reversed(p["cv"][x])]}
                   for x in lib.stacks],
        "waiting": screen.waiting(lib, p, lang),
        "hand": [{"name": lib.shown(c, lang), "gives": _gives(lib, c, lang)} for c in p["hand"]],
        "tokens": _tokens(lib, p["tokens"], lang),
        "dice": [], "extra": [], "taken": [], "rolled": False, "rolls_left": 0, "tally": None,
        "reroll": {}, "track": [], "help": _helps(s, p),
    }
    if mine and turn is not None:
        you.update(_your_turn(t, p, turn, lang))
        # the page taps dice, then sends the reroll move of that set: the sets by their places
        you["reroll"] = {" ".join(map(str, dict(m.values)["positions"])): i
                         for i, m in enumerate(moves) if m.command == "reroll"}
    cards = {o.place: o.card for o in track.track_cards(s["track"])}
    you["track"] = [{**entry, "afford": _affordable(t, p, cards.get(entry["place"])) if mine else None}
                    for entry in screen._places(t, lang)]
    return you


def _gives(lib: Library, card: Card, lang: str) -> str:
    """What a card in the hand gives, in words; "" if nothing is known."""
    return Renderer(lib, lang).symbols(card["gives"]) if card["gives"] else ""


def _tokens(lib: Library, tokens: list[Token], lang: str) -> list[dict[str, Any]]:
    return [{**screen.symbol(lib, k["symbol"], lang), "card": _token_card(lib, k["card"], lang),
             "used": k["used"]} for k in tokens]


def _token_card(lib: Library, name: str, lang: str) -> str:
    """The card a token comes from, in the table's language: a token keeps the card's
    name as recorded (the card file's English one), so a card of the file or a special card
    of the seed is named as every other screen names it; a card the table typed stays."""
    printed = lib.box_card(name)
    if printed is not None:
        return printed.name(lang)
    special = lib.special(name)
    return special[1].name(lang) if special is not None else name


def _helps(s: CvState, p: Player) -> bool:
    """Is the player the one whose social help is due now (V-HELP-1)?"""
    tr = s["track"]
    return bool(tr and tr["help"] and fold(tr["help"][0]) == fold(p["name"]))


def _your_turn(t: CvTable, p: Player, turn: Turn, lang: str) -> dict[str, Any]:
    """A seat's own part of its turn: the dice (a Failure frozen but with 53 Psychotherapy,
    V-DICE-2), this turn's symbols, the cards taken, the rolls left, and what the roll pays."""
    lib = t.library
    psycho = active_effect(p, lib, "reroll_failure") is not None and not turn["psycho"]
    n = turn["rolls_left"]
    out: dict[str, Any] = {
        "dice": [{**screen.symbol(lib, d, lang), "place": i + 1, "used": u,
                  "frozen": d == "failure" and not psycho}
                 for i, (d, u) in enumerate(zip(turn["dice"], turn["used"], strict=True))],
        "extra": _tokens(lib, turn["extra"], lang),
        "taken": [{"name": lib.shown(w["card"], lang),
                   "type": lib.types[w["card"]["type"]].name(lang)} for w in pending(turn)],
        "rolled": turn["rolled"], "rolls_left": n,
        "rerolls_said": ngettext("{n} reroll left", "{n} rerolls left", n).format(n=n),
        "rerolls_label": ngettext("reroll left", "rerolls left", n),
        "taken_count": turn["taken"],
    }
    if turn["rolled"]:
        out["tally"] = got = tally(turn, p, lib)
        # counted in words here: the page's "{n} {label}" read "1 карт(и) через Невдачу"
        out["owed_said"] = ngettext("{n} card owed to Failure", "{n} cards owed to Failure",
                                    got["owed"]).format(n=got["owed"])
        out["free_said"] = ngettext("{n} card free", "{n} cards free", got["free"]).format(n=got["free"])
    return out


def _affordable(t: CvTable, p: Player, card: Card | None) -> str | None:
    """Can the player pay this card now: "pay" (with its cost), "happiness" (only free for
    three Happiness, V-HAPPY-1), or None (an unknown card too)."""
    turn = t.state["turn"]
    if turn is None or not turn["rolled"] or card is None:
        return None
    if pool.pays(turn, p, list(card["cost"]), t.library):
        return "pay"
    return "happiness" if pool.pays(turn, p, [], t.library, happiness=True) else None


# --- the moves ------------------------------------------------------------------------------
def seat_moves(t: CvTable, seat: str) -> list[Move]:
    s = t.state
    p = _player(s, seat)
    if p is None or s["over"]:
        return []
    with speaking(t.language):
        moves = _goal_moves(t, p)
        if s["turn"] is None:
            return moves
        if s["track"] is not None and s["track"]["help"]:
            if _helps(s, p):
                moves += _take_moves(t, p, social=True)
                moves.append(t.registry.move("pass", _("No social help"), (_("Social help"),),
                                             name=p["name"]))
            return _event_moves(t, p) + moves
        if turn_player(s) is not p:
            return _event_moves(t, p) + moves
        return _turn_moves(t, p) + moves


def _turn_moves(t: CvTable, p: Player) -> list[Move]:
    turn = t.state["turn"]
    assert turn is not None
    if not turn["rolled"]:
        n = dice_for(p, turn, t.library)
        return [t.registry.move("roll", _("Roll the dice"), (_("Dice"),),
                                ngettext("{n} die", "{n} dice", n).format(n=n), name=p["name"]),
                *_take_moves(t, p), *_event_moves(t, p)]
    out = _reroll_moves(t, p) + _take_moves(t, p) + _event_moves(t, p)
    out += _change_moves(t, p) + _borrow_moves(t, p) + _lose_moves(t, p)
    if _legal(t, phase.end, p["name"]):
        out.append(t.registry.move("end", _("End the turn"), (_("Turn"),),
                                   _("upkeep, record the cards taken, tidy the track"), name=p["name"]))
    return out


def _reroll_moves(t: CvTable, p: Player) -> list[Move]:
    """V-DICE-2: a move for each set of dice the player may reroll now (_reroll_sets)."""
    turn = t.state["turn"]
    assert turn is not None
    left = ngettext("{n} reroll left", "{n} rerolls left", turn["rolls_left"]).format(n=turn["rolls_left"])
    return [t.registry.move("reroll", _("Reroll {places}").format(places=", ".join(map(str, chosen)) or "+"),
                            (_("Reroll"),), left, name=p["name"], positions=chosen)
            for chosen in _reroll_sets(t, p)]


def _lose_moves(t: CvTable, p: Player) -> list[Move]:
    """V-FAIL-1: while three Failures are owed, each active card the player may lose."""
    turn, lib, lang = t.state["turn"], t.library, t.language
    assert turn is not None
    if not pool.misfortunes_owed(turn, p, lib):
        return []
    return [t.registry.move("lose", _("Lose {card}").format(card=lib.shown(card, lang)),
                            (_("Failure"),),
                            _("{type}: the active card goes to the box (V-FAIL-1)").format(
                                type=lib.types[x].name(lang)), name=p["name"], type_=x)
            for x, card in active(p).items()]


def _event_moves(t: CvTable, p: Player) -> list[Move]:
    """V-EVENT-1: each event in the hand, at any moment: played for what it gives, or, where
    the turn under way cannot use it (another player's turn, say), with `--anyway`, the
    button saying what is lost before it is sent."""
    lib, lang = t.library, t.language
    out: list[Move] = []
    for card in p["hand"]:
        shown = lib.shown(card, lang)
        play = {"name": p["name"], "card": card["name"]}
        try:
            phase.play(copied(t.state), lib, p["name"], card["name"])
        except phase.EventLost as e:
            if _legal(t, phase.play, p["name"], card["name"], anyway=True):
                out.append(t.registry.move("play", _("Play {card} (lost)").format(card=shown),
                                           (_("Events"),), e.said, anyway=True, **play))
        except RuleError:
            pass
        else:
            out.append(t.registry.move("play", _("Play {card}").format(card=shown), (_("Events"),),
                                       _gives(lib, card, lang), **play))
    return out


def _targets(turn: Turn, p: Player) -> list[tuple[str, str]]:
    """What a card may change (`change`'s TARGET, and the symbol it shows): each unused die
    by its place (`3`), each unused token by its place among the player's (`t1`)."""
    dice = [(str(i + 1), d) for i, (d, u) in enumerate(zip(turn["dice"], turn["used"], strict=True))
            if not u]
    return dice + [(f"t{i + 1}", k["symbol"]) for i, k in enumerate(p["tokens"]) if not k["used"]]


def _change_moves(t: CvTable, p: Player) -> list[Move]:
    """The active cards that change a symbol, each once a turn: 35 Illusionist and 45 Trip
    around the world change a die or token (`change NAME CARD 3 money`, `t1` a token), each
    tried with the rules on a copy, but for what dice.change refuses before it changes
    anything (a card used this turn; 45 on a symbol that is not a Failure)."""
    turn, lib, lang = t.state["turn"], t.library, t.language
    assert turn is not None
    out: list[Move] = []
    for c in active(p).values():
        sp = lib.special_by_id(c["number"])
        if sp is None or sp.change is None or c["number"] in turn["changed"]:   # once a turn
            continue
        group = (sp.name(lang), _("Change a symbol"))
        for target, was in _targets(turn, p):
            if sp.change["from"] == "failure" and was != "failure":     # 45: a Failure only
                continue
            where = (_("die {n}").format(n=target) if target.isdigit()
                     else _("token {n}").format(n=target[1:]))
            out += [t.registry.move("change", _("{place}: {was} into {now}").format(
                                        place=where, was=lib.symbols[was].name(lang),
                                        now=lib.symbols[to].name(lang)),
                                    group, sp.text.get(lang, sp.text["en"]),
                                    name=p["name"], card=c["number"], target=target, symbol=to)
                    for to in lib.plain
                    if to != was and _legal(t, dice.change, p["name"], c["number"], target, to)]
    return out


def _borrow_moves(t: CvTable, p: Player) -> list[Move]:
    """36 Friend from work, once a turn: a symbol of a neighbour's active Job
    (`borrow NAME OTHER money`), each tried with the rules on a copy."""
    s, lib, lang = t.state, t.library, t.language
    turn = s["turn"]
    if turn is None or turn["borrowed"] or active_effect(p, lib, "borrow") is None:
        return []
    r = Renderer(lib, lang)
    jobs = [(o, job) for o in s["players"] if o is not p and (job := active(o).get("job")) is not None]
    return [t.registry.move("borrow", _("{symbol} of {other}'s {card}").format(
                                symbol=r.symbol(sym), other=o["name"], card=lib.shown(job, lang)),
                            (_("Friend from work"),), name=p["name"], neighbour=o["name"], symbol=sym)
            for o, job in jobs for sym in dict.fromkeys(x for x in job["gives"] if x in lib.symbols)
            if _legal(t, phase.borrow, p["name"], o["name"], sym)]


def _take_moves(t: CvTable, p: Player, social: bool = False) -> list[Move]:
    """Each known track card this seat may take now, tried with the rules on a copy: paying
    its cost, or free for three Happiness; a two-coloured card into either stack; a Health,
    Relationships or Knowledge card on top or under a card of its stack."""
    lib, lang = t.library, t.language
    out: list[Move] = []
    for offer in track.track_cards(t.state["track"]):
        card = offer.card
        if card is None:
            continue
        shown = lib.shown(card, lang)
        group = (_("Take"), _("{place}. {card}").format(place=offer.place, card=shown))
        ways = [happy for happy in ((False,) if social else (False, True))
                if _may_pay(t, p, card, happy, social)]
        cost = Renderer(lib, lang).symbols(card["cost"], "_nothing")
        for kind in (card["types"] or [card["type"]]) if ways else []:
            where = lib.types[kind].name(lang)
            for under in [None, *_unders(lib, p, kind)]:
                label = (_("Into {stack}").format(stack=where) if under is None else
                         _("Into {stack}, under {card}").format(stack=where, card=under))
                for happy in ways:
                    detail = (_("free as social help") if social else
                              _("free for three Happiness") if happy else
                              _("pays {cost}").format(cost=cost))
                    for waiting in _waiting_choices(t, p, take.from_card(lib, card, kind), happiness=happy,
                                                    social=social, under=under, slot=offer.place):
                        said = "".join("; " + _("{card} into {stack}").format(
                            card=c, stack=lib.types[w].name(lang)) for c, w in waiting)
                        out.append(take_move(t, p["name"], offer, label + said, group, detail,
                                             type_=kind, under=under, happiness=happy, social=social,
                                             waiting=tuple(w for _c, w in waiting)))
    return out


def _unders(lib: Library, p: Player, kind: str) -> list[str]:
    """The cards of the player's stack a card of this type may go under (V-TURN-2: Health,
    Relationships, Knowledge), top first."""
    return [c["name"] for c in reversed(p["cv"].get(kind, []))] if kind in lib.slip_under else []


def _waiting_choices(t: CvTable, p: Player, typed: take.Typed, **kw: Any) -> list[list[tuple[str, str]]]:
    """The legal ways to take this card: [[]] when no choice comes with it, else one per
    stack its owner may choose for each waiting two-coloured card (V-TWO-1), as (card,
    type) pairs; [] when the take is not legal."""
    try:
        take.take(copied(t.state), t.library, p["name"], typed, **kw)
        return [[]]
    except take.WaitingChoice as e:
        due = e.cards
    except RuleError:
        return []
    return [[(c, w) for (c, _k), w in zip(due, stacks, strict=True)]
            for stacks in product(*(kinds for _c, kinds in due))
            if _legal(t, take.take, p["name"], typed, waiting=list(stacks), **kw)]


def _goal_moves(t: CvTable, p: Player) -> list[Move]:
    """V-SET-1: the player tells the companion the life goal dealt to them, from their seat
    (the line holds a code, never the goal); offered until one is chosen."""
    if p["goal"] is not None:
        return []
    goals = [sp for sp in t.library.specials                     # a public one is no one's
             if sp.goal is not None and sp.ids[0] not in t.state["public"]]
    codes = [goal_code(t.state, p["name"], sp.ids[0]) for sp in goals]
    if None in codes:           # a campaign without the seats' key
        return []
    lang = t.language
    return [t.registry.move("goal", f"{sp.ids[0]} {sp.name(lang)}",
                            (_("Your secret goal"), _("Choose the goal card you were dealt:")),
                            sp.text.get(lang, sp.text["en"]), name=p["name"], goal=code)
            for sp, code in zip(goals, codes, strict=True)]


def _reroll_sets(t: CvTable, p: Player) -> list[tuple[int, ...]]:
    """V-DICE-2: every set of dice the player may reroll now (unused dice; a Failure only
    with 53 Psychotherapy, once a turn); none once a card is taken or no roll is left."""
    turn = t.state["turn"]
    if turn is None or not turn["rolled"] or turn["taken"] or turn["rolls_left"] <= 0:
        return []
    psycho = active_effect(p, t.library, "reroll_failure") is not None and not turn["psycho"]
    free = [i + 1 for i, (d, u) in enumerate(zip(turn["dice"], turn["used"], strict=True))
            if not u and (d != "failure" or psycho)]
    sets = [c for n in range(1, len(free) + 1) for c in combinations(free, n)]
    return ([()] if turn["more_dice"] else []) + sets


def _may_pay(t: CvTable, p: Player, card: Card, happy: bool, social: bool) -> bool:
    """False when take.take would surely refuse the card whatever its stack (so the listing
    need not try it on a copy): a seat's own take (not social help) after two cards, before
    the roll when it costs anything, or that its unused dice and tokens cannot pay (its cost,
    or three Happiness: V-HAPPY-1). take.take refuses each of these before it changes
    anything, and reads the same cost (make_card keeps the track card's cost as a set of
    symbols or refuses the card), so this only spares the copies of moves it refuses."""
    if social:
        return True
    turn = t.state["turn"]
    if turn is None or turn["taken"] >= 2:
        return False
    if not turn["rolled"]:
        return not (happy or card["cost"])
    return pool.pays(turn, p, list(card["cost"]), t.library, happiness=happy)


def _legal(t: CvTable, fn: Any, *args: Any, **kw: Any) -> bool:
    """Does the rule accept this move now? Tried on a copy of the state (the rule itself,
    without the copy of its events that `protocol.emits` makes: they are not read here)."""
    try:
        getattr(fn, "__wrapped__", fn)(copied(t.state), t.library, *args, **kw)
    except RuleError:
        return False
    return True
