"""Moving (C-TURN-1..3), tile contents and events (C-EV-1..3), challenge rolls (C-TURN-3)."""

from __future__ import annotations

from guide.core.dice import DiceLike
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .board import Event, entry_turns, neighbour, on_board, sides_at
from .box import Box
from .flow import acting, close_turn, draw
from .state import EXIT, OPPOSITE, CaveState, Character, Placed, key, others_here, round_of

_, ngettext, pgettext = domain("cave").functions()


def check_move(state: CaveState, box: Box, name: str, side: str) -> Character:
    """Every refusal of `move`, before anything changes (C-TURN-1, C-TURN-3, C-EV-1)."""
    ch = acting(state, name)
    who = ch["name"]
    if side not in OPPOSITE:
        raise RuleError(_("move up, down, left or right, not {side}").format(side=side))
    free_to_go(state, ch)
    x, y = ch["x"], ch["y"]
    if side not in sides_at(state, box, x, y):
        raise RuleError(_("{who}'s tile has no opening {side}").format(who=who, side=side))
    nx, ny = neighbour(x, y, side)
    if not on_board(box, nx, ny):
        raise RuleError(_("{side} of {who} is the edge of the board").format(side=side, who=who))
    challenge = ch["challenge"]
    if challenge and not challenge["crossed"] and side != challenge["back"]:
        raise RuleError(_("the challenge blocks the way: roll {who} (d{challenge_die} at or under {value}),"
                          " or go back {back}").format(
            who=who, challenge_die=box.challenge_die, value=need(box, ch), back=challenge['back']))
    there = sides_at(state, box, nx, ny)                 # () for an empty square
    if there and OPPOSITE[side] not in there:
        raise RuleError(_("{who} cannot go {side}: the tile on {x},{y} has no opening {back}").format(
            who=who, side=side, x=nx, y=ny, back=OPPOSITE[side]))      # both must open (C-TURN-1)
    if not there and not state["tiles"]["draw"] and not state["tiles"]["discard"]:
        raise RuleError(_("no cave tile is left to place"))
    return ch


def free_to_go(state: CaveState, ch: Character) -> None:
    """The refusals of a move and of a challenge roll alike: the turn's movement is spent, or
    the character is stuck (C-TURN-1, C-TURN-3, C-EV-1)."""
    who = ch["name"]
    if state["moved"]:
        raise RuleError(_("{who} has had this turn's movement: end {who}").format(who=who))
    if ch["stuck"]:
        raise RuleError(_("{who} is stuck (mental strength 1) until another character comes to the"
                          " tile").format(who=who))


def next_tile(state: CaveState, box: Box, dice: DiceLike, side: str) -> tuple[str, list[int], list[Event]]:
    """The shape of the tile a move onto an empty square places and the orientations that let
    the mover in (C-TURN-2), so a terminal can ask; an empty draw pile is refilled first."""
    events: list[Event] = []
    tile_id = draw(state["tiles"], dice, "tiles", events)
    state["tiles"]["draw"].insert(0, tile_id)
    shape = state["pieces"][tile_id]["shape"]
    return shape, list(entry_turns(box, shape, side)), events


def move(state: CaveState, box: Box, dice: DiceLike, name: str, side: str,
         turn: int | None = None) -> list[Event]:
    """`move NAME SIDE [--turn N]`: one square; onto an empty square the next cave tile is placed,
    turned `turn` degrees (default: the first angle that lets the mover in)."""
    ch = check_move(state, box, name, side)
    events: list[Event] = []
    nx, ny = neighbour(ch["x"], ch["y"], side)
    board, there = state["board"], key(nx, ny)
    placed = there not in board
    if placed:
        tile_id = draw(state["tiles"], dice, "tiles", events)
        shape = state["pieces"][tile_id]["shape"]
        fits = box.entries[shape, side]
        if turn is None:
            turn = fits[0]
        elif turn not in fits:
            state["tiles"]["draw"].insert(0, tile_id)
            raise RuleError(_("a {shape} tile turned {turn} does not let {ch} in: --turn {value}").format(
                shape=shape, turn=turn, ch=ch['name'], value=' or '.join(map(str, fits))))
        board[there] = Placed(id=tile_id, turn=turn)
        events.append({"kind": "placed", "x": nx, "y": ny, "shape": shape, "turn": turn,
                       "content": state["pieces"][tile_id]["content"],
                       "openings": list(box.rotations[shape, turn])})
    came_from = board.get(key(ch["x"], ch["y"]))
    ch["x"], ch["y"], ch["challenge"] = nx, ny, None
    state["moved"] = True
    events.append({"kind": "moved", "who": ch["name"], "side": side, "x": nx, "y": ny})
    landed = board[there]["id"]
    tile = state["pieces"][landed]
    if tile["content"] == EXIT:                                      # C-TURN-3: every entry
        ch["state"], ch["cause"], ch["ended"] = "out", "exit", round_of(state)
        events.append({"kind": "exited", "who": ch["name"], "round": round_of(state)})
        return events + close_turn(state, box, ch, "C-TURN-3")
    if came_from is None or came_from["id"] != landed:                # C-EV-1: the rescue
        for stuck in state["characters"]:
            if stuck["stuck"]:                  # anyone waiting at all: then who is here
                for other in others_here(state, ch):
                    if other["stuck"]:
                        other["stuck"] = False
                        events.append({"kind": "saved", "who": other["name"], "by": ch["name"]})
                break
    if placed:
        events += act(state, box, dice, ch, landed, side)
    elif tile["content"] == "challenge" and box.challenge_every_entry:   # C-TURN-3: every entry
        events += block(box, ch, side)
    return events


def act(state: CaveState, box: Box, dice: DiceLike, ch: Character, tile_id: str, side: str) -> list[Event]:
    """C-TURN-3: a placed tile's content acts once, when it is placed."""
    tile = state["pieces"][tile_id]
    events: list[Event] = []
    if tile["content"] == "food" and tile["eaten"]:        # back after a reshuffle: once per game
        events.append({"kind": "food_taken", "who": ch["name"]})
    elif tile["content"] == "food" and state["food"]:
        tile["eaten"] = True
        value = state["food"].pop(0)
        ch["food"].append(value)
        events.append({"kind": "food", "who": ch["name"], "value": value})
    elif tile["content"] == "challenge":
        events += block(box, ch, side)
    elif tile["content"] == "event":
        card = draw(state["events"], dice, "events", events)
        if card is not None:
            events += event_card(state, ch, card)
    return events


def block(box: Box, ch: Character, side: str) -> list[Event]:
    """C-TURN-3: a challenge holds the character, who came in moving toward `side`. The move
    spent this turn's movement, so the roll comes next turn, after the end of this one has
    spent 1 Energy (C-TURN-6): `need` is the number that roll needs."""
    ch["challenge"] = {"back": OPPOSITE[side], "crossed": False}
    return [{"kind": "challenge", "who": ch["name"], "need": need(box, ch) - 1,
             "energy": ch["energy"] - 1, "back": OPPOSITE[side]}]


def event_card(state: CaveState, ch: Character, card: str) -> list[Event]:
    """C-EV-1 paranoia: mental -1, stuck at 1; C-EV-2 fire and C-EV-3 item: kept."""
    events: list[Event] = [{"kind": "event", "who": ch["name"], "card": card}]
    if card == "paranoia":
        before = ch["mental"]
        ch["mental"] = max(1, before - 1)
        state["events"]["discard"].append(card)
        events.append({"kind": "mental", "who": ch["name"], "mental": ch["mental"],
                       "change": ch["mental"] - before})
        if ch["mental"] == 1:
            ch["stuck"] = True
            events.append({"kind": "stuck", "who": ch["name"]})
    elif card == "fire":
        ch["fire"] += 1
    else:
        ch["items"] += 1
    return events


def need(box: Box, ch: Character) -> int:
    """C-TURN-3, C-EV-3: a challenge roll succeeds at or under Energy + 2 per item held."""
    return ch["energy"] + box.item_bonus * ch["items"]


def roll(state: CaveState, box: Box, dice: DiceLike, name: str) -> list[Event]:
    """`roll NAME`: cross a challenge (C-TURN-3); a failure spends the turn's movement."""
    ch = acting(state, name)
    who = ch["name"]
    if ch["challenge"] is None:
        raise RuleError(_("{who} is not held by a challenge").format(who=who))
    if ch["challenge"]["crossed"]:
        raise RuleError(_("{who} has crossed the challenge: move on").format(who=who))
    free_to_go(state, ch)
    target = need(box, ch)
    face = dice.d(box.challenge_die)
    crossed = face <= target
    if crossed:
        ch["challenge"]["crossed"] = True
    else:
        state["moved"] = True
    return [{"kind": "rolled", "who": who, "face": face, "need": target, "crossed": crossed}]
